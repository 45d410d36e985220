"""The concordance of the numbers (html/concordance.html): every number the
book prints, in a table's cell (entries, counts, "nothing" lines, group heads,
headings, prose set among the columns) or in a passage of worked examples (in
figures or in words), each place with its witness line and page, and the
tables whose regenerated rows hold the number. Figures the edition reads as
no number (examples.yaml, readings) are listed apart.

Made from the edition's data only: the passages of the tables (tables/*.yaml)
and of the worked examples (examples.yaml), the edition's registry of tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...tables.explain import COUNT_COLUMNS
from ...witness.edition import Edition
from ...witness.entries import Position
from .model import ENTRY_ROLES, FIGURES, cell_id, example_file, number_anchor, page_label, printed_numbers, safe

__all__ = ["FIGURES", "Concordance", "NumberEntry", "Place", "concordance", "printed_numbers"]

# the index at the head of the page: the numbers by their count of figures
INDEX_GROUPS = ((0, 9, "0 to 9"), (10, 99, "10 to 99"), (100, 999, "100 to 999"), (1000, None, "1,000 and more"))


@dataclass(frozen=True, slots=True)
class Place:
    """Where a number is printed: a link, what it is, the witness line and page."""

    href: str
    label: str  # the cell's position or the passage's id
    printed: str  # the printed text (a cell's, or the figure or word)
    line: int
    page: str
    count: int = 1  # how many times the number stands there
    note: str = ""  # a figure read as no number: what it is read as


@dataclass(frozen=True, slots=True)
class NumberEntry:
    number: int
    anchor: str
    cells: tuple[Place, ...]
    passages: tuple[Place, ...]
    tables: tuple[str, ...]  # the tables whose regenerated rows hold the number (as a value, not a count)


@dataclass(frozen=True, slots=True)
class Concordance:
    numbers: tuple[NumberEntry, ...]
    readings: tuple[Place, ...]  # figures read as no number
    cells: int  # places in tables' cells
    passages: int  # places in worked examples

    @property
    def index(self) -> tuple[tuple[str, tuple[NumberEntry, ...]], ...]:
        """The numbers in groups by their figures (1 to 9, 10 to 99, ...), for the index at the page's head."""
        out = []
        for low, high, label in INDEX_GROUPS:
            group = tuple(n for n in self.numbers if n.number >= low and (high is None or n.number <= high))
            if group:
                out.append((label, group))
        return tuple(out)


def _tables_holding(edition: Edition) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for table_id, family in edition.registry.items():
        columns = [i for i, c in enumerate(family.columns) if c not in COUNT_COLUMNS]
        held: set[int] = set()
        for row in family.default_table().rows:
            for i in columns:
                v = row[i]
                if isinstance(v, int) and not isinstance(v, bool):
                    held.add(v)
        for v in held:
            out.setdefault(v, []).append(table_id)
    return out


def example_places(edition: Edition) -> list[list[Any]]:
    """Where the worked examples print each number, as data (each place's number or None for a figure read as
    no number, then the place's fields): what the concordance takes from examples.yaml, so that a build can
    keep it apart from the tables' (rithmocheck.export.parts)."""
    out: list[list[Any]] = []
    for x in edition.example_passages:
        href = f"examples/{example_file(x.id)}"
        for t in x.tokens:
            if t.kind not in ("figure", "word") or not isinstance(t.value, int):
                continue
            if t.reading is not None:
                out.append([None, href, x.id, t.printed, t.line, page_label(t.page), 1,
                            f"read as the {t.reading[0]} {t.reading[1]}"])
            else:
                out.append([t.value, href, x.id, t.printed, t.line, page_label(t.page), 1, ""])
    return out


def concordance(edition: Edition, examples: list[list[Any]] | None = None) -> Concordance:
    """The concordance; `examples`, the worked examples' places (`example_places`) when already known."""
    cells: dict[int, list[Place]] = {}
    passages: dict[int, list[Place]] = {}
    for p in edition.passages:
        section = f"#p-{safe(p.passage)}"
        for block in p.blocks:
            for column in block.columns:
                for r, cell in enumerate(column.cells):
                    found = printed_numbers(cell.text)
                    if not found:
                        continue
                    line, col = p.read_from(cell)
                    cited = cell.role in ENTRY_ROLES and not (r > 0 and column.cells[r - 1].role == "fragment")
                    pos = Position(p.passage, cell.block, cell.column, cell.row)
                    href = f"tables/{column.table}.html" + (f"#{cell_id(pos)}" if cited else section)
                    page = page_label(edition.page_at(line, col))
                    for n in dict.fromkeys(found):
                        cells.setdefault(n, []).append(
                            Place(href, f"{p.passage} {pos.block}.{pos.column}.{pos.row}", cell.text, line, page,
                                  found.count(n)))
    readings: list[Place] = []
    for value, *place in example_places(edition) if examples is None else examples:
        where = Place(str(place[0]), str(place[1]), str(place[2]), int(place[3]), str(place[4]), int(place[5]),
                      str(place[6]))
        if value is None:
            readings.append(where)
        else:
            passages.setdefault(int(value), []).append(where)
    holding = _tables_holding(edition)
    numbers = tuple(NumberEntry(n, number_anchor(n), tuple(cells.get(n, ())), tuple(passages.get(n, ())),
                                tuple(holding.get(n, ())))
                    for n in sorted(set(cells) | set(passages)))
    return Concordance(numbers, tuple(readings), sum(len(v) for v in cells.values()),
                       sum(len(v) for v in passages.values()))
