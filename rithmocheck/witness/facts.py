"""The book of an edition: its book.yaml, loaded and checked.

book.yaml says what rithmocheck reads of a printed book besides its
transcriptions (schema: rithmocheck/schema/book-1.json): the digits of each
side and where the book gives the six rules of the men, the readings its
tables may take, and its tables. A table's heading is not written here but
named: the passage whose heading it is, or a column of a passage (its
heading, and the line its words begin on), so that the transcription, which
proves each heading against the witness, is the one place a heading line is
recorded. Every problem is one line naming book.yaml, the YAML line and the
place (exit 2).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model.men import RULES, SIDES, Armies
from ..tables.family import REQUIRED
from ..tables.registry import FAMILIES, TableSpec
from .checked import load_checked
from .layout import Passage

SCHEMA = "book-1.json"


@dataclass(frozen=True)
class Heading:
    """Where a table's heading stands: a passage's heading, or a column's."""

    passage: str
    block: int | None = None
    column: int | None = None
    title: str = ""  # "passage" or "column"; "" the default (column when a column is named)
    yaml_line: int | None = None


@dataclass(frozen=True)
class TableFacts:
    """One table as book.yaml gives it, its heading not yet found."""

    id: str
    family: str
    heading: Heading
    kind: str
    universes: tuple[str, ...]
    params: tuple[tuple[str, Any, str], ...]
    arguments: tuple[tuple[str, Any], ...]
    yaml_line: int | None


@dataclass(frozen=True)
class BookFacts:
    path: Path
    armies: Armies
    quotes: tuple[str, ...]  # the words of each of the six rules, in the order of RULES
    tables: tuple[TableFacts, ...]
    rules_heading: Heading  # the heading the six rules of the men stand under

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(t.id for t in self.tables)


def load_book(path: Path, lines: int) -> BookFacts:
    """book.yaml, its shape (its schema, before anything reads it) and its
    sense checked (the rules' lines within the witness's `lines`)."""
    data = load_checked(path, SCHEMA)
    numbers = data["numbers"]
    digits = numbers["digits"]
    for side, parity in (("even", 0), ("odd", 1)):
        wrong = [d for d in digits[side] if d % 2 != parity]
        if wrong:
            raise InputError(path, digits[side].line, f"numbers.digits.{side}: {wrong[0]} is not {side}")
    for i, (rule, given) in enumerate(zip(RULES, numbers["rules"]), 1):
        if (given["shape"], given["order"]) != (rule.shape, rule.order):
            raise InputError(path, given.line, f"numbers.rules[{i}] must be the rule of {rule.shape} {rule.order} "
                                               f"(the six rules in order: round 1, round 2, triangle 1, "
                                               f"triangle 2, square 1, square 2)")
        if given["line"] > lines:
            raise InputError(path, given.line, f"numbers.rules[{i}]: line {given['line']} lies beyond the witness "
                                               f"({lines} lines)")
    armies = Armies(tuple(int(d) for d in digits["even"]), tuple(int(d) for d in digits["odd"]),
                    tuple(int(r["line"]) for r in numbers["rules"]))
    for side in SIDES:
        kings = sum(m.is_king for m in armies.army(side))
        if kings != 1:
            raise InputError(path, digits[side].line,
                             f"numbers.digits.{side}: the digits make {kings} kings (a king is the first-order "
                             "square that is a sum of consecutive squares; each side has one)")
    parameters = data.get("parameters") or {}
    tables, seen = [], set()
    for i, t in enumerate(data["tables"], 1):
        where = f"tables[{i}] ({t['id']})"
        if t["id"] in seen:
            raise InputError(path, t.line, f"{where}: the id is also that of an earlier table")
        seen.add(t["id"])
        cls = FAMILIES[t["family"]]
        given = list(t.get("params") or [])
        if set(given) != set(cls.PARAMS):
            raise InputError(path, t.line, f"{where}: a table of the family {t['family']} takes the parameters "
                                           f"{', '.join(cls.PARAMS) or 'none'}, not {', '.join(given) or 'none'}")
        params = []
        own: Any = t.get("defaults") or {}  # the table's own defaults, where its print argues for one
        for name in own:
            if name not in given:
                raise InputError(path, own.line, f"{where}.defaults: {name!r} is not one of the table's params")
        for name in given:
            if name not in parameters:
                raise InputError(path, t.line, f"{where}: no parameter {name!r} in parameters")
            p = parameters[name]
            at, said = (own, f"{where}.defaults.{name}") if name in own else (p, f"parameters.{name}: the default")
            if name not in own and "default" not in p:
                raise InputError(path, t.line, f"{where}: parameters.{name} has no default, so the table must "
                                               f"give its own (defaults: {{{name}: ...}})")
            default = own[name] if name in own else p["default"]
            problem = cls.PARAMS[name].problem(default)
            if problem:
                raise InputError(path, at.line, f"{said} must be {problem}, not {default!r}")
            params.append((str(name), _plain(default), " ".join(str(p["help"]).split())))
        arguments = []
        for name, default in cls.arguments().items():
            if name in t:
                value = _plain(t[name])
                arguments.append((name, tuple(value) if isinstance(value, list) else value))
            elif default is REQUIRED:  # (the schema asks for it; kept for a schema and a family out of step)
                raise InputError(path, t.line, f"{where}: missing field {name!r}")
            else:
                arguments.append((name, default))
        heading = _heading(t["heading"], path, where)
        tables.append(TableFacts(str(t["id"]), str(t["family"]), heading, str(t["kind"]),
                                 tuple(str(u) for u in t["universes"]), tuple(params), tuple(arguments), t.line))
    return BookFacts(path, armies, tuple(" ".join(str(r["quote"]).split()) for r in numbers["rules"]),
                     tuple(tables), _heading(numbers["heading"], path, "numbers"))


def _plain(value: Any) -> Any:
    """A value of the loader (which keeps each value's YAML line) as plain data."""
    return json.loads(json.dumps(value))


def _heading(h: Any, path: Path, where: str) -> Heading:
    heading = Heading(str(h["passage"]), _plain(h.get("block")), _plain(h.get("column")), str(h.get("title", "")),
                      h.line)
    if heading.column is None and (heading.block is not None or heading.title == "column"):
        raise InputError(path, h.line, f"{where}: heading names a block or a column's title without a column")
    return heading


def _words_begin(heading: str, first: int, last: int, witness: tuple[str, ...]) -> int | None:
    """The line, from first to last, on which the heading's words begin (they may run on)."""
    words = heading.split()
    found = [(w, n) for n in range(first, min(last, len(witness)) + 1) for w in witness[n - 1].split()]
    for i in range(len(found) - len(words) + 1):
        if [w for w, _ in found[i:i + len(words)]] == words:
            return found[i][1]
    return None


def resolve(book: BookFacts, h: Heading, where: str, passages: tuple[Passage, ...],
            witness: tuple[str, ...]) -> tuple[str, int]:
    """A heading named by reference: its text, and the witness line it begins on."""
    p = next((p for p in passages if p.passage == h.passage), None)
    if p is None:
        raise InputError(book.path, h.yaml_line, f"{where}: no passage {h.passage!r} among the transcriptions")
    if h.column is None:
        return p.heading, p.heading_lines[0]
    block = h.block or 1
    if block > len(p.blocks) or h.column > len(p.blocks[block - 1].columns):
        raise InputError(book.path, h.yaml_line, f"{where}: passage {p.passage} has no block {block} "
                                                 f"column {h.column}")
    col = p.blocks[block - 1].columns[h.column - 1]
    if col.heading is None or not col.cells:
        raise InputError(book.path, h.yaml_line, f"{where}: block {block} column {h.column} of passage "
                                                 f"{p.passage} has no heading")
    last = p.witness_line(col.cells[0])
    found = _words_begin(col.heading, p.heading_lines[0], last, witness)
    if found is None:
        raise InputError(book.path, h.yaml_line,
                         f"{where}: the heading {col.heading!r} of block {block} column {h.column} of "
                         f"passage {p.passage} is not printed between lines {p.heading_lines[0]} and {last}")
    return (p.heading if h.title == "passage" else col.heading), found


def table_specs(book: BookFacts, passages: tuple[Passage, ...], witness: tuple[str, ...]) -> tuple[TableSpec, ...]:
    """Every table of the book with its heading found in the transcriptions."""
    out = []
    for t in book.tables:
        title, line = resolve(book, t.heading, f"table {t.id}: heading", passages, witness)
        out.append(TableSpec(t.id, t.family, title, line, t.kind, t.universes, t.params, t.arguments))
    return tuple(out)
