"""Transcriptions of printed tables: their layout, and its proof of fidelity.

A transcription records a printed passage in its printed layout (see
docs/transcription-format.md): blocks of columns of cells, each cell at its
row. The witness flattened the layout into a run of tokens, row by row
across the columns; the proof of fidelity is that re-flattening the layout
gives back the run token for token, and that the run stands verbatim at its
witness lines. Re-flattening also tells the witness line each cell was read
from.

Words: a *witness line* is a line of the primary witness (witness.txt); a
*row* is the place of a cell within its printed column; a *YAML line* is a
line of the transcription file (named in error messages).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..errors import InputError, printable
from ..inputs import LDict, load_text, read_text
from ..words import Word, ordinal


class Role(Word):
    """What a printed cell is (docs/transcription-format.md)."""

    ENTRY = "entry"  # an entry of the table
    HEADING = "heading"  # a heading printed over a column
    LABEL = "label"  # words printed beside entries
    NOTHING = "nothing"  # the print's statement that a group yields nothing
    COUNT = "count"  # a stated count
    BLANK = "blank"  # a cell the print leaves empty
    GROUP = "group"  # a group head the entries below leave out
    HEAD = "head"  # a group head the entries below repeat
    FRAGMENT = "fragment"  # part of an entry wrapped onto the line before
    PROSE = "prose"  # words and numbers of the prose among the lists


ROLES = Role.values()
# The disagreements with the second witness that a recorded reading of a cell
# may explain (the cell-level kinds of rithmocheck.witness.collate.Kind).
READING_KINDS = ("column", "row", "split", "role", "blank", "number", "sign", "heading-block", "prose", "unmatched")
NUMBER_TOKEN = re.compile(r"^(\d+)\.?(?:\{powerof(\d)\})*\.?$", re.ASCII)
SIGN = re.compile(r"\{powerof(\d)\}", re.ASCII)
DIGITS = re.compile(r"\d+", re.ASCII)
WORD = re.compile(r"\S+")
MAX_NUMBER_DIGITS = 12  # no printed number of the book has more than 4 figures


def run_tokens(run: str, mode: str) -> tuple[str, ...]:
    """The tokens of a run: whitespace-separated words ("words"), or only the
    integers standing in the text ("numbers", for lists set in prose; cossick
    sign markers are not numbers)."""
    if mode == "numbers":
        return tuple(DIGITS.findall(SIGN.sub(" ", run)))
    return tuple(run.split())


def token_columns(text: str, mode: str) -> list[tuple[str, int]]:
    """The tokens of a line of text (as run_tokens) with the column each begins at."""
    if mode == "numbers":
        signs = [m.span() for m in SIGN.finditer(text)]
        return [(m.group(), m.start()) for m in DIGITS.finditer(text)
                if not any(a <= m.start() < b for a, b in signs)]
    return [(m.group(), m.start()) for m in WORD.finditer(text)]


@dataclass(frozen=True)
class Scope:
    """Part of a table a stated count covers: a column of a block of the
    count's passage, optionally only its rows first..last."""

    block: int
    column: int
    first: int = 1
    last: int | None = None


@dataclass(frozen=True)
class Reading:
    """A recorded reading: where the second witness (the EEBO-TCP keying)
    reads a cell otherwise than the transcription, the disagreement it
    explains (`kind`, one of READING_KINDS), what the TCP has (`tcp`, as the
    collation reports it) and why the transcription reads otherwise."""

    kind: str
    tcp: str
    reason: str


@dataclass(frozen=True)
class Cell:
    """One printed line of a column: its text, its role, its row."""

    text: str
    role: Role
    block: int
    column: int
    row: int
    yaml_line: int
    note: str | None = None
    counts: str | None = None
    key: str | None = None
    scope: tuple[Scope, ...] | None = None  # count cells: the entries the count covers
    reading: Reading | None = None  # where the second witness reads the cell otherwise

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.text.split())

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(int(m.group(1)) for t in self.tokens if (m := NUMBER_TOKEN.match(t)))

    @property
    def signs(self) -> tuple[int, ...]:
        return tuple(int(s) for s in SIGN.findall(self.text))

    def where(self) -> str:
        return f"block {self.block} column {self.column} row {self.row}"


@dataclass(frozen=True)
class Column:
    heading: str | None
    table: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Block:
    table: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class Passage:
    path: str
    passage: str
    heading: str
    heading_lines: tuple[int, int]
    run_lines: tuple[int, int]
    run: str
    layout_evidence: str
    ambiguous: bool
    blocks: tuple[Block, ...]
    tokens: str = "words"
    # where each cell was read from: (witness line, column of its first token
    # in the line), by (block, column, row); filled by check_fidelity (a blank
    # is placed on its row by place_blanks)
    read_at: Mapping[tuple[int, int, int], tuple[int, int]] = field(default_factory=dict, compare=False)

    @property
    def tables(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for b in self.blocks:
            for c in b.columns:
                seen.setdefault(c.table, None)
        return tuple(seen)

    def cells(self) -> Iterator[Cell]:
        for b in self.blocks:
            for c in b.columns:
                yield from c.cells

    def witness_line(self, cell: Cell) -> int:
        """The witness line a cell was read from (a blank: its row's line, see
        place_blanks)."""
        return self.read_from(cell)[0]

    def read_from(self, cell: Cell) -> tuple[int, int]:
        """(witness line, column) of the cell's first token (a blank: see place_blanks)."""
        return self.read_at.get((cell.block, cell.column, cell.row), (self.run_lines[0], 0))


# --- parsing -------------------------------------------------------------------------------------

def _need(data: LDict, key: str, kind: type | tuple[type, ...], path: str, what: str = "") -> Any:
    if key not in data:
        raise InputError(path, data.line, f"missing field {key!r}{what}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise InputError(path, getattr(value, "line", data.line), f"field {key!r} must be {names}")
    return value


def _span(data: LDict, key: str, path: str) -> tuple[int, int]:
    value = _need(data, key, list, path)
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise InputError(path, value.line, f"field {key!r} must be [first, last] line numbers")
    first, last = int(value[0]), int(value[1])
    if not 1 <= first <= last:
        raise InputError(path, value.line, f"field {key!r}: bad line span {first}..{last}")
    return first, last


def parse_passage(data: Any, path: str, known_tables: frozenset[str]) -> Passage:
    """Validate the structure of a transcription and build a Passage."""
    if not isinstance(data, LDict):
        raise InputError(path, getattr(data, "line", 1), "a transcription must be a YAML mapping")
    allowed = {"passage", "heading", "heading_lines", "run_lines", "run", "layout_evidence",
               "ambiguous", "blocks", "note", "tokens"}
    for key in data:
        if key not in allowed:
            raise InputError(path, data.line, f"unknown field {key!r}")
    passage = _need(data, "passage", str, path)
    if not passage.strip() or not passage.isprintable():  # (an id a new line ends was looked for in vain)
        raise InputError(path, getattr(passage, "line", data.line), f"field 'passage' must be an id on one line, "
                                                                  f"not {printable(repr(passage))[:60]}")
    heading = _need(data, "heading", str, path)
    heading_lines = _span(data, "heading_lines", path)
    run_lines = _span(data, "run_lines", path)
    run = _need(data, "run", str, path)
    evidence = _need(data, "layout_evidence", str, path)
    ambiguous = _need(data, "ambiguous", bool, path) if "ambiguous" in data else False
    mode = _need(data, "tokens", str, path) if "tokens" in data else "words"
    if mode not in ("words", "numbers"):
        raise InputError(path, data["tokens"].line, "field 'tokens' must be 'words' or 'numbers'")
    raw_blocks = _need(data, "blocks", list, path)
    if not raw_blocks:
        raise InputError(path, raw_blocks.line, "'blocks' is empty")
    blocks = []
    for b_i, raw_block in enumerate(raw_blocks, 1):
        if not isinstance(raw_block, LDict):
            raise InputError(path, getattr(raw_block, "line", raw_blocks.line), f"block {b_i} must be a mapping")
        for key in raw_block:
            if key not in {"table", "columns", "note"}:
                raise InputError(path, raw_block.line, f"block {b_i}: unknown field {key!r}")
        b_table = _need(raw_block, "table", str, path, f" in block {b_i}")
        if b_table not in known_tables:
            raise InputError(path, raw_block["table"].line, f"unknown table id {b_table!r}")
        raw_cols = _need(raw_block, "columns", list, path, f" in block {b_i}")
        columns = []
        for c_i, raw_col in enumerate(raw_cols, 1):
            columns.append(_parse_column(raw_col, b_i, c_i, b_table, path, raw_cols.line, known_tables))
        blocks.append(Block(b_table, tuple(columns)))
    return Passage(path, str(passage), str(heading), heading_lines, run_lines, str(run), str(evidence),
                   bool(ambiguous), tuple(blocks), str(mode))


def _parse_column(raw_col: Any, b_i: int, c_i: int, b_table: str, path: str, parent_line: int,
                  known_tables: frozenset[str]) -> Column:
    if not isinstance(raw_col, LDict):
        raise InputError(path, getattr(raw_col, "line", parent_line), f"block {b_i} column {c_i} must be a mapping")
    for key in raw_col:
        if key not in {"heading", "table", "cells", "note"}:
            raise InputError(path, raw_col.line, f"block {b_i} column {c_i}: unknown field {key!r}")
    c_heading = raw_col.get("heading")
    if c_heading is not None and not isinstance(c_heading, str):
        raise InputError(path, raw_col.line, f"block {b_i} column {c_i}: 'heading' must be text or null")
    c_table = raw_col.get("table", b_table)
    if not isinstance(c_table, str) or c_table not in known_tables:
        raise InputError(path, raw_col.line, f"unknown table id {c_table!r}")
    raw_cells = _need(raw_col, "cells", list, path, f" in block {b_i} column {c_i}")
    cells = [_parse_cell(raw, b_i, c_i, r_i, path, raw_cells.line, known_tables)
             for r_i, raw in enumerate(raw_cells, 1)]
    for prev, nxt in zip(cells, cells[1:] + [None]):
        if prev.role == "fragment" and (nxt is None or nxt.role != "entry"):
            raise InputError(path, prev.yaml_line, f"{prev.where()}: a fragment must be followed by an entry cell")
    return Column(c_heading, str(c_table), tuple(cells))


def _parse_cell(raw: Any, block: int, column: int, row: int, path: str, parent_line: int,
                known_tables: frozenset[str]) -> Cell:
    where = f"block {block} column {column} row {row}"
    scope = None
    reading = None
    if isinstance(raw, str):
        text, role, note, counts, key = raw, "entry", None, None, None
        y = getattr(raw, "line", parent_line)
    elif isinstance(raw, LDict):
        y = raw.line
        for k in raw:
            if k not in {"text", "role", "note", "counts", "key", "scope", "reading"}:
                raise InputError(path, y, f"{where}: unknown field {k!r}")
        raw_text = raw.get("text")
        if not isinstance(raw_text, str):
            raise InputError(path, y, f"{where}: 'text' must be a string")
        text = raw_text
        role = raw.get("role", "entry")
        if not isinstance(role, str) or role not in ROLES:
            raise InputError(path, y, f"{where}: unknown role {role!r} (one of {', '.join(ROLES)})")
        note = raw.get("note")
        if note is not None and not isinstance(note, str):
            raise InputError(path, y, f"{where}: 'note' must be text")
        counts = raw.get("counts")
        key = raw.get("key")
        if key is not None and not isinstance(key, str):
            raise InputError(path, y, f"{where}: 'key' must be a string")
        if counts is not None and (role != "count" or not isinstance(counts, str) or counts not in known_tables):
            raise InputError(path, y, f"{where}: 'counts' must name a table id, on a count cell")
        scope = _parse_scope(raw["scope"], where, path, y) if "scope" in raw else None
        if scope is not None and role != "count":
            raise InputError(path, y, f"{where}: 'scope' belongs on a count cell")
        reading = _parse_reading(raw["reading"], where, path, y) if "reading" in raw else None
    else:
        raise InputError(path, getattr(raw, "line", parent_line), f"{where}: a cell must be a string or a mapping")
    cell = Cell(str(text), Role(role), block, column, row, int(y), note, counts, key, scope, reading)
    tokens = cell.tokens
    if role == "blank" and tokens:
        raise InputError(path, y, f"{where}: a blank cell must have empty text")
    if role != "blank" and not tokens:
        raise InputError(path, y, f"{where}: empty text (use role: blank)")
    if role in ("entry", "group", "head", "fragment", "count"):
        bad = [t for t in tokens if not NUMBER_TOKEN.match(t)]
        if bad:
            raise InputError(path, y, f"{where}: {bad[0][:40]!r} is not an integer token")
        long = [t for t in tokens if len(DIGITS.findall(t)[0]) > MAX_NUMBER_DIGITS]
        if long:
            raise InputError(path, y, f"{where}: {long[0][:20]!r}... has more than {MAX_NUMBER_DIGITS} figures")
    if role == "count" and len(tokens) != 1:
        raise InputError(path, y, f"{where}: a count cell holds one number")
    return cell


def _parse_reading(raw: Any, where: str, path: str, y: int) -> Reading:
    """reading: {kind: KIND, tcp: WHAT THE TCP HAS, reason: WHY}, all three non-empty text."""
    y = getattr(raw, "line", y)
    if not isinstance(raw, dict) or set(raw) != {"kind", "tcp", "reason"}:
        raise InputError(path, y, f"{where}: 'reading' must be a mapping of kind, tcp and reason")
    for k in ("kind", "tcp", "reason"):
        if not isinstance(raw[k], str) or not raw[k].strip():
            raise InputError(path, y, f"{where}: reading {k!r} must be non-empty text")
    if raw["kind"] not in READING_KINDS:
        raise InputError(path, y, f"{where}: reading kind {raw['kind']!r} is not one of {', '.join(READING_KINDS)}")
    return Reading(str(raw["kind"]), " ".join(str(raw["tcp"]).split()), " ".join(str(raw["reason"]).split()))


def _parse_scope(raw: Any, where: str, path: str, y: int) -> tuple[Scope, ...]:
    """scope: [{block: B, column: C, rows: [first, last]}, ...] (rows optional)."""
    if not isinstance(raw, list) or not raw:
        raise InputError(path, y, f"{where}: 'scope' must be a non-empty list of {{block, column, rows}}")
    out = []
    for item in raw:
        ok = isinstance(item, dict) and set(item) <= {"block", "column", "rows"} and all(
            isinstance(item.get(k), int) and not isinstance(item.get(k), bool) and item[k] >= 1
            for k in ("block", "column"))
        rows = item.get("rows", [1, None]) if ok else None
        if not ok or not (isinstance(rows, list) and len(rows) == 2 and isinstance(rows[0], int)
                          and (rows[1] is None or isinstance(rows[1], int) and rows[1] >= rows[0])):
            raise InputError(path, getattr(item, "line", y), f"{where}: bad scope item {item!r}"[:200])
        out.append(Scope(int(item["block"]), int(item["column"]), int(rows[0]),
                         None if rows[1] is None else int(rows[1])))
    return tuple(out)


# --- flattening and fidelity ---------------------------------------------------------------------

def _reading_order(passage: Passage) -> Iterator[Cell]:
    """The cells as the witness read them: row by row across the columns of each block."""
    for block in passage.blocks:
        depth = max((len(c.cells) for c in block.columns), default=0)
        for i in range(depth):
            for column in block.columns:
                if i < len(column.cells):
                    yield column.cells[i]


def flatten(passage: Passage) -> tuple[str, ...]:
    """Read the layout row by row across its columns, as the witness did."""
    return tuple(t for cell in _reading_order(passage) for t in run_tokens(cell.text, passage.tokens))


def _run_with_lines(passage: Passage) -> list[tuple[str, int, int]]:
    """The run's tokens, each with the witness line and column it stands at."""
    first = passage.run_lines[0]
    return [(t, first + i, col) for i, text in enumerate(passage.run.rstrip("\n").split("\n"))
            for t, col in token_columns(text, passage.tokens)]


RunToken = tuple[str, int, int]  # a token of the run: its text, witness line and column


def cell_tokens(passage: Passage) -> dict[tuple[int, int, int], tuple[RunToken, ...]]:
    """The tokens of the run each cell holds, with the witness line and
    column each stands at, by (block, column, row); for a passage whose
    fidelity is proven (the layout re-flattens to the run)."""
    run = iter(_run_with_lines(passage))
    out: dict[tuple[int, int, int], tuple[RunToken, ...]] = {}
    for cell in _reading_order(passage):
        out[(cell.block, cell.column, cell.row)] = tuple(
            next(run) for _ in run_tokens(cell.text, passage.tokens))
    return out


def _first_difference(run: list[str], printed: Sequence[str], first: int) -> str:
    """Where a run first departs from the witness lines it claims: the line,
    the column, and the word each has there (or that one ends first)."""
    for n, (a, b) in enumerate(zip(run, printed), first):
        if a == b:
            continue
        mine, theirs = token_columns(a, "words"), token_columns(b, "words")
        for (x, col), (y, _c) in zip(mine, theirs):
            if x != y:
                return f"line {n}, column {col + 1}: the run has {x[:40]!r}, the witness {y[:40]!r}"
        if len(mine) != len(theirs):
            k = min(len(mine), len(theirs))
            col = (mine if len(mine) > k else theirs)[k][1]
            if len(mine) > k:
                return f"line {n}, column {col + 1}: the run has {mine[k][0][:40]!r} where the witness's line ends"
            return f"line {n}, column {col + 1}: the run's line ends where the witness has {theirs[k][0][:40]!r}"
        return f"line {n}: the same words, spaced otherwise"
    return f"the run has {len(run)} lines, the witness lines {len(printed)}"


def check_fidelity(passage: Passage, witness: tuple[str, ...]) -> Passage:
    """The passage with the witness line of every cell, or InputError unless
    the layout re-flattens to the run and the run stands verbatim at its
    recorded lines of the witness."""
    first, last = passage.run_lines
    if last > len(witness):
        raise InputError(passage.path, None, f"run_lines {first}..{last} lie beyond the witness ({len(witness)} lines)")
    printed = "\n".join(witness[first - 1:last])
    if passage.run.rstrip("\n") != printed:
        raise InputError(passage.path, None, f"'run' is not the verbatim text of witness lines {first}..{last}: "
                                             + _first_difference(passage.run.rstrip("\n").split("\n"),
                                                                 witness[first - 1:last], first))
    h_first, h_last = passage.heading_lines
    if h_last > len(witness):
        raise InputError(passage.path, None, f"heading_lines {h_first}..{h_last} lie beyond the witness")
    heading_text = " ".join(" ".join(witness[h_first - 1:h_last]).split())
    if " ".join(passage.heading.split()) not in heading_text:
        raise InputError(passage.path, None, f"'heading' is not found at witness lines {h_first}..{h_last}")
    expected = _run_with_lines(passage)
    lines: dict[tuple[int, int, int], tuple[int, int]] = {}
    i = 0
    for cell in _reading_order(passage):
        for t in run_tokens(cell.text, passage.tokens):
            if i >= len(expected) or expected[i][0] != t:
                want = repr(expected[i][0]) if i < len(expected) else "nothing more"
                at = f" (witness line {expected[i][1]})" if i < len(expected) else ""
                raise InputError(passage.path, cell.yaml_line,
                                 f"layout does not re-flatten: its {ordinal(i + 1)} token is {t!r}, the run has "
                                 f"{want}{at}")
            lines.setdefault((cell.block, cell.column, cell.row), (expected[i][1], expected[i][2]))
            i += 1
    if i != len(expected):
        raise InputError(passage.path, None,
                         f"layout does not re-flatten: it gives {i} tokens, the run has {len(expected)}")
    return Passage(passage.path, passage.passage, passage.heading, passage.heading_lines, passage.run_lines,
                   passage.run, passage.layout_evidence, passage.ambiguous, passage.blocks, passage.tokens,
                   place_blanks(passage, lines))


def place_blanks(passage: Passage, read_at: dict[tuple[int, int, int], tuple[int, int]]
                 ) -> dict[tuple[int, int, int], tuple[int, int]]:
    """Where every cell stands, a cell without tokens (a blank) included: a
    blank stands on its printed row, where the nearest cell to its left in
    that row begins (else the nearest to its right); a row with no tokens
    at all stands where the reading stood before it, in its block or the
    one before (else where the run begins). The witness flattened a table
    row by row, so a row's cells share its line."""
    out = dict(read_at)
    last = (passage.run_lines[0], 0)
    for block in passage.blocks:
        depth = max((len(c.cells) for c in block.columns), default=0)
        for i in range(depth):
            row = [c.cells[i] for c in block.columns if i < len(c.cells)]
            placed = [read_at.get((c.block, c.column, c.row)) for c in row]
            for j, cell in enumerate(row):
                if placed[j] is None:
                    near = [p for p in reversed(placed[:j]) if p] + [p for p in placed[j + 1:] if p]
                    out[(cell.block, cell.column, cell.row)] = near[0] if near else last
            last = next((p for p in reversed(placed) if p), last)
    return out


def load_passage(path: str, witness: tuple[str, ...], known_tables: frozenset[str]) -> Passage:
    """A transcription file, parsed and proven against the witness (kept by its text: a process that opens
    editions again and again, the same transcriptions in each, reads each once)."""
    return _passage(read_text(path), str(path), witness, known_tables)


@lru_cache(maxsize=256)
def _passage(text: str, path: str, witness: tuple[str, ...], known_tables: frozenset[str]) -> Passage:
    return load_passage_text(text, path, witness, known_tables)


def load_passage_text(text: str, path: str, witness: tuple[str, ...], known_tables: frozenset[str]) -> Passage:
    return check_fidelity(parse_passage(load_text(text, path), path, known_tables), witness)
