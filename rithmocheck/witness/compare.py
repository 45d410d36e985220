"""The comparison behind rithmocheck.witness.collate: the two witnesses
tied token by token, and the disagreements of one transcription (or of the
worked examples) with the TCP keying. What is compared, and why, is told in
rithmocheck.witness.collate."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .disagreements import KINDS, Disagreement, Kind, PassageCollation
from .entries import Position
from .examples import EXAMPLES, Example, ExamplePassage, ExamplePosition
from .layout import DIGITS, SIGN, Cell, Passage, RunToken, cell_tokens
from .page import Page

if TYPE_CHECKING:
    from . import align, tcp
    from .pages import PageMap

NOTHING_WORD = re.compile(r"^noth", re.IGNORECASE)
BOOK_HEADS = ("div/head", "table/head")  # TCP contexts of a heading of the book (not a figure's name)

PageAt = Callable[[int, int], "Page | None"]


# --- the two witnesses tied token by token -----------------------------------------------------------


@dataclass(frozen=True)
class Ties:
    """The primary witness and the TCP keying, aligned token by token."""

    doc: tcp.Document
    alignment: align.Alignment
    by_line: Mapping[int, tuple[int, ...]]  # witness line -> indices of its tokens in the alignment
    tcp_index: Mapping[int, int]  # offset of a TCP token in the TCP text -> its index in the alignment

    @staticmethod
    def of(witness: tuple[str, ...], doc: tcp.Document, pages: PageMap | None = None,
           within: tuple[int, int] | None = None) -> Ties:
        """The two witnesses tied (only the pages of lines `within`, where they are aligned page by page)."""
        from . import align

        lines = witness[:-1] if witness and witness[-1] == "" else witness
        al = align.align(tuple(lines), doc, pages, within)
        by_line: dict[int, list[int]] = {}
        for i, t in enumerate(al.witness):
            by_line.setdefault(t.line, []).append(i)
        return Ties(doc, al, {n: tuple(v) for n, v in by_line.items()},
                    {t.start: j for j, t in enumerate(al.tcp)})

    def within(self, line: int, start: int, end: int) -> tuple[int, ...]:
        """The witness tokens standing within columns start..end of a line."""
        tokens = self.alignment.witness
        return tuple(i for i in self.by_line.get(line, ()) if start <= tokens[i].start and tokens[i].end <= end)

    def tcp_of(self, i: int) -> tcp.Token | None:
        return self.alignment.tcp_token(i)

    def index_of(self, token: tcp.Token) -> int:
        return self.tcp_index[token.start]

    def cell_of(self, token: tcp.Token) -> tcp.Cell | None:
        if token.cell is None:
            return None
        table, row, index = token.cell
        return self.doc.tables[table - 1].rows[row - 1].cells[index - 1]

    def signs_after(self, token: tcp.Token) -> tuple[int, ...]:
        """The cossick signs the TCP sets right after a number."""
        out, j = [], self.index_of(token) + 1
        while j < len(self.alignment.tcp) and self.alignment.tcp[j].kind == "sign":
            out.append(_sign(self.alignment.tcp[j].text))
            j += 1
        return tuple(out)


def _sign(text: str) -> int:
    return int(text[len("{powerof"):-1])


def ties_of(witness: tuple[str, ...], tcp_path: str, pages: PageMap | None = None,
            within: tuple[int, int] | None = None) -> Ties:
    """The witness (its lines) tied to the TCP file (kept by the witness, the
    file's bytes and the page map, by which the two are aligned page by page:
    rithmocheck.witness.align); a TCP file that is not a TEI keying is bad
    input."""
    from xml.etree.ElementTree import ParseError

    from ..errors import InputError
    from ..inputs import read_bytes
    from . import tcp

    data = read_bytes(tcp_path, tcp.TCP_BYTES)
    try:
        doc = tcp.parsed(data, tcp_path)
    except (ParseError, ValueError) as exc:
        raise InputError(tcp_path, None, f"not a TEI keying of the book: {exc}") from None
    key = (witness, hashlib.sha256(data).hexdigest(), pages, within)
    if key not in _TIES:
        while len(_TIES) >= 4:
            _TIES.pop(next(iter(_TIES)))
        _TIES[key] = Ties.of(witness, doc, pages, within)
    return _TIES[key]


# by witness, the TCP file's SHA-256, the page map and the lines asked for
_TIES: dict[tuple[tuple[str, ...], str, PageMap | None, tuple[int, int] | None], Ties] = {}


# --- a transcription cell and what it stands in ---------------------------------------------------


@dataclass(frozen=True)
class Tied:
    """A cell of the transcription with the TCP tokens of its own tokens."""

    cell: Cell
    has_tokens: bool  # whether the cell holds tokens of the run (a blank holds none)
    fine: tuple[int, ...]  # its witness tokens (alignment indices): numbers, signs, words
    cells: tuple[tcp.Cell, ...]  # the TCP table cells its tokens stand in, in order
    prose: tuple[tcp.Token, ...]  # its TCP tokens that stand in running text
    line: int  # where it was read: witness line and column of its first token
    column: int

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.cell.block, self.cell.column, self.cell.row)

    @property
    def tables(self) -> frozenset[int]:
        return frozenset(c.table for c in self.cells)


def tie_cells(passage: Passage, ties: Ties) -> tuple[Tied, ...]:
    """Every cell of a passage tied to the TCP, in block, column, row order."""
    tokens = cell_tokens(passage)
    return tuple(_tie(cell, tokens[(cell.block, cell.column, cell.row)], passage, ties) for cell in passage.cells())


def _tie(cell: Cell, tokens: tuple[RunToken, ...], passage: Passage, ties: Ties) -> Tied:
    fine: list[int] = []
    cells: dict[tuple[int, int, int], tcp.Cell] = {}
    prose: list[tcp.Token] = []
    for text, line, col in tokens:
        own = ties.within(line, col, col + len(text))
        fine.extend(own)
        for t in map(ties.tcp_of, own):
            c = ties.cell_of(t) if t is not None else None
            if c is not None:
                cells.setdefault((c.table, c.row, c.index), c)
            elif t is not None:
                prose.append(t)
    line, col = (tokens[0][1], tokens[0][2]) if tokens else passage.read_from(cell)
    return Tied(cell, bool(tokens), tuple(fine), tuple(cells.values()), tuple(prose), line, col)


# --- disagreements of one passage -----------------------------------------------------------------


ENTRY_ROLES = ("entry", "fragment")
ACCEPTED = {  # what the TCP's place of a cell says -> the transcription roles it allows
    "heading": ("heading", "label"),
    "nothing": ("nothing",),
    "head": ("head", "count", "group"),
    "entry": ("entry", "fragment"),
}


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in DIGITS.findall(SIGN.sub(" ", text)))


def _signs(text: str) -> tuple[int, ...]:
    return tuple(int(s) for s in SIGN.findall(text))


def _show(values: Iterable[int], empty: str = "none") -> str:
    out = " ".join(map(str, values))
    return out or empty


def _cells_text(cells: Iterable[tcp.Cell]) -> str:
    return " | ".join(c.text or "·" for c in cells)


def tcp_role(table: tcp.Table, cells: tuple[tcp.Cell, ...], span: tuple[int, int]) -> str:
    """What the TCP's place says a transcription cell is, from the TCP cells
    it stands in and their row within its column's grid columns: heading
    (words only), nothing (a 'noth.' word), head (a number alone in an inner
    cell: a group head or a stated count), entry (numbers from the first
    cell; alone there, the first term of an entry whose other cells are
    empty)."""
    if any(NOTHING_WORD.match(w) for c in cells for w in c.text.split()):
        return "nothing"
    if not any(c.numbers for c in cells):
        return "heading"
    row = table.rows[cells[0].row - 1]
    filled = [c for c in row.cells if not c.empty and span[0] <= c.column <= span[1]]
    if len(filled) == 1 and filled[0].column > span[0]:
        return "head"
    return "entry"


@dataclass
class _Block:
    """A block of the passage and the TCP table it stands in."""

    number: int
    cells: list[Tied]
    table: tcp.Table | None = None
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)  # column -> its TCP grid columns
    offset: int = 0  # TCP row = the cell's row + offset

    def group_of(self, grid_column: int) -> int:
        """The column of the block whose grid columns hold a TCP grid column
        (the nearest where none does)."""
        for c, (lo, hi) in sorted(self.spans.items()):
            if lo <= grid_column <= hi:
                return c
        return min(self.spans, key=lambda c: (min(abs(grid_column - self.spans[c][0]),
                                                  abs(grid_column - self.spans[c][1])), c))


class _Collator:
    """The disagreements of one passage with the TCP."""

    def __init__(self, passage: Passage, ties: Ties, page_at: PageAt | None) -> None:
        self.passage = passage
        self.ties = ties
        self.page_at = page_at
        self.tied = tie_cells(passage, ties)
        self.found: list[Disagreement] = []
        self.marked: set[tuple[int, int, int]] = set()  # cells a block-level disagreement covers
        self.blocks = [_Block(b, [t for t in self.tied if t.cell.block == b])
                       for b in range(1, len(passage.blocks) + 1)]
        self.table_block: dict[int, _Block] = {}

    # -- recording --

    def add(self, tied: Tied, kind: Kind, transcription: str, tcp_has: str, message: str) -> None:
        c = tied.cell
        self.found.append(Disagreement(self.passage.passage, Position(self.passage.passage, c.block, c.column, c.row),
                                       kind, transcription, tcp_has, message, tied.line, self.page(tied)))

    def add_at(self, position: Position, anchor: Tied, kind: Kind, transcription: str, tcp_has: str,
               message: str) -> None:
        self.found.append(Disagreement(self.passage.passage, position, kind, transcription, tcp_has, message,
                                       anchor.line, self.page(anchor)))

    def page(self, tied: Tied) -> Page | None:
        return self.page_at(tied.line, tied.column) if self.page_at else None

    # -- the run --

    def run(self) -> tuple[PassageCollation, tuple[Disagreement, ...]]:
        for block in self.blocks:
            self.place_block(block)
        for block in self.blocks:
            if block.table is not None:
                self.check_table_block(block)
            else:
                self.check_prose_block(block)
        for tied in self.tied:
            self.check_numbers(tied)
        self.check_missing()
        found = apply_readings(self.passage, self.tied, self.found, self.page)
        return self.summary(found), found

    def method(self) -> str:
        return "numbers" if self.passage.tokens == "numbers" and not self.table_block else "cells"

    def summary(self, found: tuple[Disagreement, ...]) -> PassageCollation:
        compared = [t for t in self.tied if t.has_tokens or self.block_of(t).table is not None]
        bad = {(d.position.block, d.position.column, d.position.row) for d in found
               if isinstance(d.position, Position)}
        agreeing = sum(1 for t in compared if t.key not in bad and t.key not in self.marked)
        explained = sum(1 for d in found if d.explained)
        return PassageCollation(self.passage.passage, self.method(), tuple(sorted(self.table_block)),
                                len(compared), agreeing, explained, len(found) - explained)

    def block_of(self, tied: Tied) -> _Block:
        return self.blocks[tied.cell.block - 1]

    # -- blocks: their TCP table, the columns' grid columns, the row offset --

    def place_block(self, block: _Block) -> None:
        tables = Counter(c.table for t in block.cells for c in t.cells)
        if not tables:
            return
        number = max(tables, key=lambda n: (tables[n], -n))
        block.table = self.ties.doc.tables[number - 1]
        self.table_block.setdefault(number, block)
        if len(tables) > 1:
            self.block_disagreement(block, tables)
        in_table = [t for t in block.cells if number in t.tables]
        block.spans = _spans(in_table, len(self.passage.blocks[block.number - 1].columns))
        offsets = Counter(t.cells[0].row - t.cell.row for t in in_table)
        block.offset = max(offsets, key=lambda o: (offsets[o], -abs(o), -o))

    def block_disagreement(self, block: _Block, tables: Counter[int]) -> None:
        assert block.table is not None
        first = block.cells[0]
        others = sorted(n for n in tables if n != block.table.number)
        for t in block.cells:
            if t.tables - {block.table.number}:
                self.marked.add(t.key)
        self.add_at(Position(self.passage.passage, block.number, 0, 0), first, Kind.BLOCK,
                    f"block {block.number}", f"TCP tables {_show(sorted(tables))}",
                    f"block {block.number} holds cells of TCP table {block.table.number} and of TCP table(s) "
                    f"{_show(others)}; a block holds one printed table")

    # -- a block standing in a TCP table --

    def check_table_block(self, block: _Block) -> None:
        assert block.table is not None
        self.check_column_order(block)
        for tied in block.cells:
            if tied.cell.role == "blank":
                self.check_blank(block, tied)
            elif tied.cells and tied.tables == {block.table.number}:
                self.check_table_cell(block, tied)
            elif tied.prose and not tied.cells:
                self.check_prose_in_table(block, tied)
            elif tied.cells and tied.prose:
                self.add(tied, Kind.PROSE, tied.cell.text, _cells_text(tied.cells) + " and running text",
                         "the cell holds a TCP table cell and words the TCP sets as running text")
            elif tied.has_tokens and not tied.cells and not tied.prose:
                self.unmatched(tied)

    def check_column_order(self, block: _Block) -> None:
        spans = block.spans
        order = sorted(spans, key=lambda c: (spans[c][0], c))
        overlap = any(spans[a][1] >= spans[b][0] for a, b in zip(order, order[1:]))
        if order == sorted(spans) and not overlap:
            return
        moved = {c for i, c in enumerate(order) if c != sorted(spans)[i]} or set(spans)
        for t in block.cells:
            if t.cell.column in moved:
                self.marked.add(t.key)
        where = ", ".join(f"column {c} under grid columns {spans[c][0]}-{spans[c][1]}" for c in sorted(spans))
        assert block.table is not None
        self.add_at(Position(self.passage.passage, block.number, 0, 0), block.cells[0], Kind.COLUMN_ORDER,
                    "columns " + _show(sorted(spans)), "columns " + _show(order),
                    f"TCP table {block.table.number} sets the columns of block {block.number} in the order "
                    f"{_show(order)} ({where})")

    def check_table_cell(self, block: _Block, tied: Tied) -> None:
        assert block.table is not None
        cell, t = tied.cell, block.table
        rows = sorted({c.row for c in tied.cells})
        groups = sorted({block.group_of(c.column) for c in tied.cells})
        role = tcp_role(t, tied.cells, block.spans[groups[0]])
        if len(rows) > 1 or len(groups) > 1 or role == "heading" and len(tied.cells) > 1:
            self.add(tied, Kind.SPLIT, cell.text, _cells_text(tied.cells),
                     f"one cell holds {len(tied.cells)} cells of TCP table {t.number} (row(s) {_show(rows)}, "
                     f"grid columns {_show(c.column for c in tied.cells)}); a cell of the transcription holds "
                     "one printed cell (an entry: one row of cells of its column)")
            return
        self.check_place(block, tied, groups[0], rows[0] - block.offset)
        if cell.role not in ACCEPTED[role]:
            self.add(tied, Kind.ROLE, cell.role, role,
                     f"TCP table {t.number} row {rows[0]}: {self.row_text(block, rows[0], groups[0])}: the place "
                     f"of {cell.text!r} is that of {_ROLE_PLACES[role]}, read as {cell.role}")

    def check_place(self, block: _Block, tied: Tied, column: int, row: int) -> None:
        assert block.table is not None
        cell = tied.cell
        if column != cell.column:
            self.add(tied, Kind.COLUMN, f"column {cell.column}", f"column {column}",
                     f"TCP table {block.table.number} sets {cell.text!r} under column {column} "
                     f"(grid columns {block.spans[column][0]}-{block.spans[column][1]})")
        if row != cell.row:
            self.add(tied, Kind.ROW, f"row {cell.row}", f"row {row}",
                     f"TCP table {block.table.number} sets {cell.text!r} in its row {row + block.offset}, "
                     f"which is row {row} of block {block.number}")

    def row_text(self, block: _Block, row: int, column: int) -> str:
        assert block.table is not None
        lo, hi = block.spans[column]
        return _cells_text(c for c in block.table.rows[row - 1].cells if lo <= c.column <= hi)

    def check_blank(self, block: _Block, tied: Tied) -> None:
        assert block.table is not None
        row = tied.cell.row + block.offset
        if not 1 <= row <= len(block.table.rows) or tied.cell.column not in block.spans:
            return
        lo, hi = block.spans[tied.cell.column]
        there = [c for c in block.table.rows[row - 1].cells if not c.empty and lo <= c.column <= hi]
        if there:
            self.add(tied, Kind.BLANK, "blank", _cells_text(there),
                     f"TCP table {block.table.number} row {row} has {_cells_text(there)!r} under column "
                     f"{tied.cell.column} where the transcription has a blank cell")

    def check_prose_in_table(self, block: _Block, tied: Tied) -> None:
        assert block.table is not None
        heads = self.heading_of(tied)
        if heads is None:
            contexts = _show_contexts(tied.prose)
            self.add(tied, Kind.PROSE, tied.cell.text, f"running text ({contexts})",
                     f"the TCP sets {tied.cell.text!r} as running text ({contexts}), not in TCP table "
                     f"{block.table.number}")
            return
        if heads is not block:
            self.heading_elsewhere(tied, heads)
            return
        self.check_place(block, tied, 1, -block.offset)
        self.check_heading_role(tied)

    def check_heading_role(self, tied: Tied) -> None:
        if tied.cell.role != "heading":
            self.add(tied, Kind.ROLE, tied.cell.role, "heading",
                     f"the TCP keys {tied.cell.text!r} as a heading of the book (<head>)")

    def heading_of(self, tied: Tied) -> _Block | None:
        """The block of the TCP table whose heading the cell is: a TCP
        heading standing immediately before a table of this passage."""
        if not tied.prose or any(t.context not in BOOK_HEADS for t in tied.prose):
            return None
        j = self.ties.index_of(tied.prose[-1]) + 1
        following = self.ties.alignment.tcp
        while j < len(following) and following[j].context in BOOK_HEADS:
            j += 1  # the rest of the heading (words the primary witness lacks)
        cell = following[j].cell if j < len(following) else None
        return self.table_block.get(cell[0]) if cell is not None else None

    def heading_elsewhere(self, tied: Tied, block: _Block) -> None:
        assert block.table is not None
        self.add(tied, Kind.HEADING_BLOCK, f"block {tied.cell.block}", f"block {block.number}",
                 f"{tied.cell.text!r} is the heading the TCP sets immediately before its table "
                 f"{block.table.number}, which is block {block.number}: it stands above the table, in its block")

    def unmatched(self, tied: Tied) -> None:
        self.add(tied, Kind.UNMATCHED, tied.cell.text, "nothing",
                 f"no token of {tied.cell.text!r} has a counterpart in the TCP")

    # -- a block in the TCP's running text --

    def check_prose_block(self, block: _Block) -> None:
        for tied in block.cells:
            if not tied.has_tokens:
                continue
            if not tied.prose:
                self.unmatched(tied)
                continue
            heads = self.heading_of(tied)
            if heads is not None and heads is not block:
                self.heading_elsewhere(tied, heads)
            if self.passage.tokens == "words":
                self.check_prose_role(tied)

    def check_prose_role(self, tied: Tied) -> None:
        in_head = all(t.context in BOOK_HEADS for t in tied.prose)
        if in_head and tied.cell.role in ("label", "prose"):
            self.check_heading_role(tied)
        elif tied.cell.role == "heading" and not in_head:
            contexts = _show_contexts(tied.prose)
            self.add(tied, Kind.ROLE, "heading", "label",
                     f"the TCP sets {tied.cell.text!r} as running text ({contexts}), not as a heading")

    # -- numbers and signs --

    def check_numbers(self, tied: Tied) -> None:
        if not tied.fine:
            return
        tokens = self.ties.alignment.witness
        paired = [(tokens[i], self.ties.tcp_of(i)) for i in tied.fine]
        tcp_numbers = tuple(int(t.text) for w, t in paired if w.kind == "number" and t and t.kind == "number")
        numbers = _numbers(tied.cell.text)
        if tcp_numbers != numbers:
            self.add(tied, Kind.NUMBER, _show(numbers), _show(tcp_numbers),
                     f"the transcription has {_show(numbers)} where the TCP has {_show(tcp_numbers)}")
        if self.passage.tokens == "numbers":
            if tied.cell.role == "prose":
                return
            tcp_signs = tuple(s for w, t in paired if t and t.kind == "number" for s in self.ties.signs_after(t))
        else:
            tcp_signs = tuple(_sign(t.text) for w, t in paired if w.kind == "sign" and t and t.kind == "sign")
        signs = _signs(tied.cell.text)
        if tcp_signs != signs:
            self.add(tied, Kind.SIGN, _show(signs), _show(tcp_signs),
                     f"the transcription has the cossick signs {_show(signs)} where the TCP has {_show(tcp_signs)}")

    def check_missing(self) -> None:
        """Numbers (and signs) of the TCP within the run's stretch that no
        token of the run is tied to."""
        kinds = ("number",) if self.passage.tokens == "numbers" else ("number", "sign")
        tcp_tokens = self.ties.alignment.tcp
        owner: dict[int, Tied] = {}
        for tied in self.tied:
            for i in tied.fine:
                t = self.ties.tcp_of(i)
                if t is not None:
                    owner[self.ties.index_of(t)] = tied
        if not owner:
            return
        anchor = owner[min(owner)]
        for j in range(min(owner), max(owner) + 1):
            if j in owner:
                anchor = owner[j]
            elif tcp_tokens[j].kind in kinds:
                self.missing(tcp_tokens[j], anchor)

    def missing(self, token: tcp.Token, anchor: Tied) -> None:
        cell = self.ties.cell_of(token)
        block = self.table_block.get(cell.table) if cell is not None else None
        where = (f"TCP table {cell.table} row {cell.row} ({cell.text!r})" if cell is not None
                 else f"the TCP's running text ({token.context}, {token.page})")
        position = Position(self.passage.passage, anchor.cell.block, anchor.cell.column, anchor.cell.row)
        if cell is not None and block is not None:
            position = Position(self.passage.passage, block.number, block.group_of(cell.column),
                                cell.row - block.offset)
        self.add_at(position, anchor, Kind.MISSING, "nothing", token.text,
                    f"{where} has {token.text} where the transcription has nothing")


_ROLE_PLACES = {
    "heading": "words heading a column or a block",
    "nothing": "a nothing line (a number beside 'noth.')",
    "head": "a number alone in an inner cell (a group head or a stated count)",
    "entry": "an entry (its first term in the first cell)",
}


def _show_contexts(tokens: Iterable[tcp.Token]) -> str:
    return ", ".join(dict.fromkeys(t.context or "text" for t in tokens))


def _spans(cells: list[Tied], columns: int) -> dict[int, tuple[int, int]]:
    """For each column of a block, the TCP grid columns it occupies: those
    of its entries (a spanning label or count does not widen it), or where
    it has none, the first grid columns of its cells."""
    out: dict[int, tuple[int, int]] = {}
    for c in range(1, columns + 1):
        mine = [t for t in cells if t.cell.column == c]
        entries = [x for t in mine if t.cell.role in ENTRY_ROLES for x in t.cells]
        if entries:
            out[c] = (min(x.column for x in entries), max(x.column + x.cols - 1 for x in entries))
        elif mine:
            starts = [x.column for t in mine for x in t.cells]
            out[c] = (min(starts), max(starts))
    return out


def apply_readings(passage: Passage, tied: Iterable[Tied], found: list[Disagreement],
                   page: Callable[[Tied], Page | None]) -> tuple[Disagreement, ...]:
    """The disagreements with those that a recorded reading of their cell
    explains marked so; a reading that explains none is reported."""
    out = list(found)
    for t in tied:
        reading = t.cell.reading
        if reading is None:
            continue
        here = Position(passage.passage, t.cell.block, t.cell.column, t.cell.row)
        match = next((i for i, d in enumerate(out) if d.position == here and d.kind.value == reading.kind
                      and d.tcp == reading.tcp and not d.explained), None)
        if match is not None:
            out[match] = replace(out[match], reading=reading.reason)
            continue
        out.append(Disagreement(passage.passage, here, Kind.READING, f"reading {reading.kind}: {reading.tcp}",
                                "no such disagreement",
                                f"the recorded reading ({reading.kind}, TCP {reading.tcp!r}) explains no "
                                "disagreement of this cell with the TCP", t.line, page(t)))
    return tuple(sorted(out, key=_order))


def _order(d: Disagreement) -> tuple[Any, ...]:
    p = d.position
    where = (p.block, p.column, p.row) if isinstance(p, Position) else (p.witness_line, 0, 0)
    return (where, KINDS.index(d.kind.value))


# --- the worked examples ------------------------------------------------------------------------------


def _quote_tokens(example: Example, witness: tuple[str, ...], ties: Ties) -> tuple[int, ...]:
    """The witness tokens (alignment indices) of an example's quote."""
    places: list[tuple[int, int] | None] = []
    parts: list[str] = []
    for n in range(example.witness_line, example.last_line + 1):
        for m in re.finditer(r"\S+", witness[n - 1]):
            if parts:
                parts.append(" ")
                places.append(None)
            parts.append(m.group())
            places.extend((n, m.start() + k) for k in range(len(m.group())))
    quote = " ".join(example.quote.split())
    start = "".join(parts).find(quote)
    if start < 0:
        return ()
    span = [p for p in places[start:start + len(quote)] if p is not None]
    out: list[int] = []
    for n in sorted({p[0] for p in span}):
        cols = [p[1] for p in span if p[0] == n]
        out.extend(ties.within(n, min(cols), max(cols) + 1))
    return tuple(out)


def collate_example(example: Example | ExamplePassage, witness: tuple[str, ...],
                    ties: Ties) -> tuple[Disagreement, ...]:
    """The numbers and cossick signs of a worked example (a statement's quote,
    or every line of a passage) against the TCP text."""
    tokens = ties.alignment.witness
    if isinstance(example, ExamplePassage):
        first, last = example.first_line, example.last_line
        span = [i for n in range(first, last + 1) for i in ties.within(n, 0, len(witness[n - 1]))]
        position = ExamplePosition(example.id, first)
    else:
        span = list(_quote_tokens(example, witness, ties))
        position = example.position
    numbers = [i for i in span if tokens[i].kind in ("number", "sign")]
    out: list[Disagreement] = []
    start_line = position.witness_line

    def add(kind: Kind, line: int, mine: str, theirs: str, message: str) -> None:
        out.append(Disagreement(EXAMPLES, position, kind, mine, theirs, message, line, example.page))

    for i in numbers:
        w, t = tokens[i], ties.tcp_of(i)
        if t is None or t.text != w.text:
            kind = Kind.NUMBER if w.kind == "number" else Kind.SIGN
            theirs = t.text if t is not None else "nothing"
            add(kind, w.line, w.text, theirs, f"the quote has {w.text} at witness line {w.line} where the TCP "
                f"has {theirs}")
    paired = {ties.index_of(t) for t in map(ties.tcp_of, numbers) if t is not None}
    for j in range(min(paired, default=0), max(paired, default=-1) + 1):
        t = ties.alignment.tcp[j]
        if j not in paired and t.kind in ("number", "sign"):
            add(Kind.MISSING, start_line, "nothing", t.text,
                f"the TCP has {t.text} ({t.page}) within the quote, which lacks it")
    return tuple(out)


def collate_examples(examples: Iterable[Example | ExamplePassage], witness: tuple[str, ...],
                     ties: Ties) -> tuple[PassageCollation, tuple[Disagreement, ...]]:
    found: list[Disagreement] = []
    compared = agreeing = 0
    for ex in examples:
        mine = collate_example(ex, witness, ties)
        compared += 1
        agreeing += not mine
        found.extend(mine)
    return PassageCollation(EXAMPLES, "examples", (), compared, agreeing, 0, len(found)), tuple(found)


# --- a passage ----------------------------------------------------------------------------------------


def collate_passage(passage: Passage, ties: Ties,
                    page_at: PageAt | None = None) -> tuple[PassageCollation, tuple[Disagreement, ...]]:
    """The collation of one transcription (proven against the witness) with the TCP."""
    return _Collator(passage, ties, page_at).run()


