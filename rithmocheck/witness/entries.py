"""Printed entries: what a table prints, each where it was printed.

A PrintedEntry is one entry of a table (or a printed "nothing", or a stated
count) as a typed record: its table, its position (unique in the edition:
passage, block, column, row), its numbers and cossick signs, the key that
says what it is (in tables that say so), the witness line it was read from,
and the page of the book it stands on. It travels from the loader through
the audit, the errata and every export, so that a finding and an erratum can
always say where in the book they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .layout import Cell, Passage, Role, Scope
from .page import Page

PageAt = Callable[[int, int], "Page | None"]  # (witness line, column) -> the page there


@dataclass(frozen=True, order=True)
class Position:
    """Where an entry stands in the transcription: the passage (one printed
    run, a file of the edition's tables/), the block, the column and the row
    within the column. Unique in the edition."""

    passage: str
    block: int
    column: int
    row: int

    def as_dict(self) -> dict[str, Any]:
        return {"passage": self.passage, "block": self.block, "column": self.column, "row": self.row}

    def __str__(self) -> str:
        return f"{self.passage}:{self.block}.{self.column}.{self.row}"

    def in_scope(self, passage: str, scope: Scope) -> bool:
        return (self.passage, self.block, self.column) == (passage, scope.block, scope.column) and \
            scope.first <= self.row and (scope.last is None or self.row <= scope.last)


@dataclass(frozen=True)
class PrintedEntry:
    """One printed entry (or a printed "nothing", or a stated count) of a table."""

    table: str
    position: Position
    role: Role  # entry, nothing, count
    numbers: tuple[int, ...]
    text: str
    signs: tuple[int, ...] = ()
    key: str | None = None
    scope: tuple[Scope, ...] | None = None  # a count: the entries counted (None: the whole table)
    witness_line: int = 0  # the line of the primary witness it was read from
    page: Page | None = None  # the page of the book, where the second witness gives it

    def counts(self, other: PrintedEntry) -> bool:
        """Whether this stated count covers the entry `other`."""
        return self.scope is None or any(other.position.in_scope(self.position.passage, s) for s in self.scope)

    @property
    def where(self) -> str:
        page = f", {self.page}" if self.page else ""
        return f"{self.position} (witness line {self.witness_line}{page})"


def entry_text(numbers: Iterable[int], signs: Iterable[int] = ()) -> str:
    """An entry as the transcription writes it: numbers, then cossick signs."""
    return " ".join(str(n) for n in numbers) + "".join(f"{{powerof{s}}}" for s in signs)


def printed_entries(passage: Passage, page_at: PageAt | None = None) -> Iterator[PrintedEntry]:
    """The entries (and 'nothing' cells and stated counts) of a passage in
    printed order: column by column, row by row within a block. Group
    numbers are prefixed to the entries they head; fragments are joined to
    the following cell (the entry stands at the fragment's position). With
    page_at, each entry is given the page its first token stands on."""
    for block in passage.blocks:
        for column in block.columns:
            group: tuple[int, ...] = ()
            head: tuple[int, ...] = ()
            pending: Cell | None = None
            for cell in column.cells:
                if cell.role is Role.GROUP:
                    group = head = cell.numbers
                elif cell.role is Role.HEAD:
                    head = cell.numbers
                elif cell.role is Role.FRAGMENT:
                    pending = cell
                elif cell.role is Role.ENTRY:
                    first = pending or cell
                    numbers = (pending.numbers if pending else ()) + cell.numbers
                    signs = (pending.signs if pending else ()) + cell.signs
                    text = f"{pending.text} {cell.text}" if pending else cell.text
                    pending = None
                    yield _entry(passage, page_at, column.table, first, Role.ENTRY, group + numbers, text, signs,
                                 cell.key)
                elif cell.role is Role.NOTHING:
                    yield _entry(passage, page_at, column.table, cell, Role.NOTHING, cell.numbers or head, cell.text,
                                 (), cell.key)
                elif cell.role is Role.COUNT:
                    yield _entry(passage, page_at, cell.counts or column.table, cell, Role.COUNT, cell.numbers,
                                 cell.text, (),
                                 None, cell.scope)


def _entry(passage: Passage, page_at: PageAt | None, table: str, cell: Cell, role: Role, numbers: tuple[int, ...],
           text: str, signs: tuple[int, ...], key: str | None, scope: tuple[Scope, ...] | None = None) -> PrintedEntry:
    line, column = passage.read_from(cell)
    return PrintedEntry(table, Position(passage.passage, cell.block, cell.column, cell.row), role, numbers, text,
                        signs, key, scope, line, page_at(line, column) if page_at else None)
