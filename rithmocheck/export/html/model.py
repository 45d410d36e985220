"""What the HTML edition shows, as plain data for the templates (no HTML here).

Every page is built from the edition's layout (passages, blocks, columns,
cells), the audit's findings, the curated errata and the corrected entries
(`corrected_entries(..., keep_omitted=True, supply=True)`); the templates
only lay the data out. Each printed cell that holds an entry, a "nothing"
or a stated count gets an id (`cell_id`: passage.block.column.row), which
is its URL fragment, a state (one of STATES), its status in the corrected
table (one of STATUSES) and a Detail: the finding, the correction, the
erratum's reason, confidence and resp, the witness line and page, and the
regenerated entry it corresponds to.

A table is written once, every cell holding both readings: pieces shown
as printed only, corrected only, or in both (Span.view); the page's CSS
shows one view or the other, so the corrected table costs no second copy.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ...audit.errata import RESPONSIBLE, CorrectedEntry, Erratum, Omit, Replace, Supply, corrected_entries
from ...audit.findings import Finding, Kind, ReadingEvidence, Report, as_printed
from ...audit.passages import Correction, PassageCheck, check_passages
from ...audit.tables import READINGS_WEIGHED
from ...tables import EntryFamily, Family, KeyedFamily, Table
from ...witness.edition import Edition
from ...witness.entries import Position, PrintedEntry
from ...witness.examples import EXAMPLES, Example, ExamplePosition
from ...witness.layout import SIGN, Cell, Passage
from ...witness.page import Page
from ...words import count
from .layout import layout_summary

# state as printed -> (what it means, its mark); colour is never the only signal
STATES: dict[str, tuple[str, str]] = {
    "ok": ("printed and correct", ""),
    "misprint": ("misprint: the printed reading struck through, the correction beside it", "\u2260"),
    "spurious": ("spurious: an entry the table does not have, struck through", "\u00d7"),
    "duplicate": ("duplicate: printed more often than the table has it, struck through", "="),
    "omission": ("a printed 'nothing' that the complete table contradicts", "\u2205"),
    "count": ("wrong count: the stated count struck through, the true count beside it", "#"),
    "supplied": ("supplied omission: not printed, supplied by the editor, in brackets", ""),
    "erratum": ("a curated erratum that no longer fits (see its finding)", "!"),
    "invariant": ("the corrected table differs here from the regenerated table (see its finding)", "\u2262"),
}
# status in the corrected table -> (what it means, its mark)
STATUSES: dict[str, tuple[str, str]] = {
    "printed": ("as printed (correct)", ""),
    "corrected": ("corrected by an erratum", "\u270e"),
    "omitted": ("omitted by an erratum (spurious or duplicate), shown struck through", "\u00d7"),
    "supplied": ("supplied by an erratum, in brackets", ""),
}
UNCOVERED = ("?", "no curated erratum covers it")
# a reading (the audit's note of kind reading): a cell or word the edition reads otherwise than it stands
READING = ("\u25c7", "reading")
CHECKS: dict[str, tuple[str, str]] = {
    "ok": ("the arithmetic agrees", "\u2713"),
    "wrong": ("the arithmetic disagrees", "\u2717"),
    "unchecked": ("nothing derives it", "?"),
}
ORDER = ("misprint", "spurious", "duplicate", "omission", "count", "erratum", "invariant")
ENTRY_ROLES = frozenset(("entry", "fragment", "nothing", "count"))  # cells that carry an id
SAFE = re.compile(r"[^A-Za-z0-9-]")
WORD = re.compile(r"\S+")
# the views a piece of a cell shows in (a class of the edition's CSS): both, as printed only, corrected only
BOTH, PRINTED, CORRECTED = "", "in-p", "in-c"


# --- small pieces ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Part:
    """A piece of printed text: plain text, or a cossick sign (power N); a
    printed number may link to its entry in the concordance (href)."""

    text: str
    sign: int = 0
    href: str = ""


@lru_cache(maxsize=4096)
def parts(text: str) -> tuple[Part, ...]:
    """Text split into plain pieces and cossick signs (`{powerofN}`)."""
    pieces = SIGN.split(text)
    return tuple(Part(p) if i % 2 == 0 else Part(f"p{p}", int(p)) for i, p in enumerate(pieces) if p)


# the figures of a cell's text: runs of digits, a cossick sign ({powerof4}) being no number
FIGURES = re.compile(r"\{powerof\d\}|(\d+)", re.ASCII)
DIGITS = re.compile(r"(\d+)", re.ASCII)
CONCORDANCE = "../concordance.html"  # from a table's page (html/tables/)


def printed_numbers(text: str) -> list[int]:
    """The numbers a transcribed text prints, in order (a sign is none): what the concordance lists."""
    return [int(m.group(1)) for m in FIGURES.finditer(text) if m.group(1)]


def number_anchor(n: int) -> str:
    """A number's entry in the concordance: concordance.html#n72."""
    return f"n{n}"


@lru_cache(maxsize=1024)
def linked_parts(text: str) -> tuple[Part, ...]:
    """Text as `parts`, each printed number a link to its entry in the concordance (for a cell that is not
    itself a link: words, group heads, prose)."""
    out: list[Part] = []
    for p in parts(text):
        if p.sign:
            out.append(p)
            continue
        for i, piece in enumerate(DIGITS.split(p.text)):
            if piece:
                out.append(Part(piece, href=f"{CONCORDANCE}#{number_anchor(int(piece))}") if i % 2 else Part(piece))
    return tuple(out)


@lru_cache(maxsize=256)
def safe(text: str) -> str:
    """A string as an id or file name: letters, digits and '-' kept, any
    other character written _HEX_ (so two names never meet)."""
    return SAFE.sub(lambda m: f"_{ord(m.group()):x}_", text)


def cell_id(position: Position) -> str:
    """The id (and URL fragment) of a printed cell: passage.block.column.row."""
    return f"{safe(position.passage)}.{position.block}.{position.column}.{position.row}"


def supplied_id(table: str, numbers: Sequence[int], n: int = 1) -> str:
    """The id of a supplied omission (it has no printed place): TABLE.supplied.2-3-4."""
    return f"{safe(table)}.supplied.{'-'.join(map(str, numbers))}" + (f".{n}" if n > 1 else "")


def page_label(page: Page | None) -> str:
    return str(page) if page else "page unknown"


def _text(numbers: Sequence[int], signs: Sequence[int] = ()) -> str:
    """An entry as the transcription writes it (witness.entries.entry_text, spelt for speed)."""
    text = " ".join(map(str, numbers))
    return text + "".join(f"{{powerof{s}}}" for s in signs) if signs else text


@dataclass(slots=True)
class Detail:
    """What selecting a cell shows: a title and terms with their values (a
    flagged entry), or a title and one line of text (an entry printed and
    correct: where it stands and the regenerated entry)."""

    title: str
    items: tuple[tuple[str, str], ...] = ()
    text: str = ""
    numbers: tuple[int, ...] = ()  # the numbers the cell prints, each linked to its entry in the concordance


@dataclass(slots=True)
class Flag:
    """A cell's state: a mark (seen) and its name (read aloud), in a view."""

    mark: str
    label: str
    view: str


@dataclass(slots=True)
class Span:
    """A piece of a cell's text: plain, struck through (del), inserted (ins)
    or supplied (in brackets); in both views or one; with words read aloud
    before it."""

    kind: str  # text, del, ins, supplied
    parts: tuple[Part, ...]
    view: str = BOTH
    say: str = ""

    def key(self) -> tuple[str, tuple[Part, ...], str]:
        return self.kind, self.parts, self.say


@dataclass(slots=True)
class CellView:
    """One cell of a table, as printed and corrected at once."""

    cls: str
    flags: tuple[Flag, ...] = ()
    spans: tuple[Span, ...] = ()
    id: str = ""  # the cell's id, its URL fragment ("" for cells that hold words)
    detail: Detail | None = None
    entry: str = ""  # the corrected entry (data-entry), where the corrected table has one
    status: str = ""  # its status there (data-status): printed, corrected, omitted, supplied
    plain: str = ""  # the whole text, when the cell is plain text the same in both views (a quick path)

    def __post_init__(self) -> None:
        if not self.flags and len(self.spans) == 1:
            span = self.spans[0]
            if span.kind == "text" and not span.view and not span.say and len(span.parts) == 1 \
                    and not span.parts[0].sign and not span.parts[0].href:
                self.plain = span.parts[0].text


@dataclass(slots=True)
class RowView:
    number: int
    cells: tuple[CellView | None, ...]


@dataclass(slots=True)
class PageGroup:
    """Consecutive rows of a block printed on one page of the book."""

    page: str
    rows: tuple[RowView, ...]


@dataclass(slots=True)
class BlockView:
    id: str
    caption: str
    headings: tuple[str, ...]
    groups: tuple[PageGroup, ...]


@dataclass(slots=True)
class PassageView:
    id: str
    passage: str
    heading: str
    lines: str  # witness lines of the run
    pages: str
    evidence: str  # the transcriber's notes, a paragraph a line
    ambiguous: bool
    others: tuple[str, ...]  # other tables printed in the same passage
    blocks: tuple[BlockView, ...]
    layout: str = ""  # the layout in plain sentences (export.html.layout)


@dataclass(slots=True)
class TableLink:
    id: str
    title: str
    kind: str
    entries: int
    counts: tuple[tuple[str, int], ...]  # findings by state
    uncovered: int


@dataclass(slots=True)
class ReadingView:
    """A reading of a four-number table weighed against its print (audit.evidence.ReadingEvidence)."""

    definition: str
    default: bool
    explained: int
    printed: int
    not_explained: str  # how many, and what the audit makes of them
    omissions: int


@dataclass(slots=True)
class TablePage:
    id: str
    title: str
    kind: str
    rule: str
    universe: str
    heading_line: int
    heading_page: str
    summary: str
    passages: tuple[PassageView, ...]
    supplied: BlockView | None  # the omissions (no printed place), supplied
    other_findings: tuple[str, ...]  # findings with no cell: the universe evidence, stale errata
    files: tuple[tuple[str, str], ...]
    prev: TableLink | None
    next: TableLink | None
    readings: tuple[ReadingView, ...] = ()  # a four-number table: every reading of `definition`, weighed


@dataclass(slots=True)
class Segment:
    text: str
    quoted: bool
    reading: str = ""  # the id of the reading this word carries (its note, READING marks it)


@dataclass(slots=True)
class ExampleView:
    """A worked-example passage, a page of its own: its lines (a wrong
    statement's quote marked), its statements and their checks, its
    corrections, its errata."""

    id: str
    file: str  # its page, examples/FILE
    status: str
    mark: str
    lines: str
    page: str
    passage: tuple[Segment, ...]
    claim: tuple[tuple[str, str], ...]
    check: tuple[tuple[str, str], ...]
    erratum: tuple[tuple[str, str], ...]
    prev: tuple[str, str] | None = None  # (file, id) of the passage before, in the order of the book
    next: tuple[str, str] | None = None
    book_lines: tuple[BookLine, ...] = ()  # the passage line by line, each with its number (its segments cut there)


@dataclass(slots=True)
class BookLine:
    """A line of the witness within a passage: its number and its text's
    segments (a quote or a reading may run on from the line before). The
    page sets the lines as the book does on a wide screen, and joins them
    into running text, each number kept in its place, on a narrow one."""

    n: int
    segments: tuple[Segment, ...]


def book_lines(first: int, segments: Sequence[Segment]) -> tuple[BookLine, ...]:
    """A passage's segments (its lines joined by newlines, from witness line
    `first`) cut into its lines."""
    lines: list[list[Segment]] = [[]]
    for s in segments:
        pieces = s.text.split("\n")
        for i, piece in enumerate(pieces):
            if i:
                lines.append([])
            if piece:
                lines[-1].append(Segment(piece, s.quoted, s.reading))
    return tuple(BookLine(first + i, tuple(line)) for i, line in enumerate(lines))


@dataclass(slots=True)
class Section:
    """The worked examples of one section of the book (a run of passages
    under one heading), in the index of the examples."""

    id: str  # its anchor in the index
    heading: str
    lines: str
    examples: tuple[ExampleView, ...]


@dataclass(slots=True)
class Site:
    title: str
    authors: str
    imprint: str
    identifiers: str  # the book's, as cited: STC, ESTC, EEBO, EEBO-TCP
    attribution: str  # the readings of "W. F."
    summary: str
    tables: tuple[TableLink, ...]
    table_pages: tuple[TablePage, ...]
    sections: tuple[Section, ...]
    examples: int
    example_counts: tuple[tuple[str, int], ...]
    states: tuple[tuple[str, str, str], ...]  # (state, mark, meaning) for the legend
    statuses: tuple[tuple[str, str, str], ...]
    checks: tuple[tuple[str, str, str], ...]


# --- a table ------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Table:
    """Everything one table's cells are built from."""

    family: Family
    table: Table
    findings: dict[Position, list[Finding]]
    corrected: dict[Position, CorrectedEntry]
    errata: dict[str, Erratum]
    at: dict[Position, Erratum]
    entries: dict[Position, PrintedEntry]
    rows: dict[tuple[int, ...], tuple[int, tuple[Any, ...]]]  # entry families: key -> (row number, row)
    expected: dict[str, list[tuple[int, ...]]]  # keyed families: key -> units
    edition: Edition
    pages: dict[tuple[int, int], Page | None]
    readings: dict[Position, Finding] = field(default_factory=dict)  # the notes of kind reading, by cell

    def page(self, line: int, column: int) -> Page | None:
        key = (line, column)
        if key not in self.pages:
            self.pages[key] = self.edition.page_at(line, column)
        return self.pages[key]


def _regenerated(t: _Table, numbers: tuple[int, ...], signs: tuple[int, ...], key: str | None) -> str:
    """The regenerated entry a printed (or corrected) entry corresponds to."""
    def entry(f: EntryFamily) -> str:
        found = t.rows.get(f.key(numbers, signs))
        if found is None:
            return "none: no row of the regenerated table has these numbers"
        n, row = found
        r_numbers, r_signs = f.row_entry(row)
        return (f"{_text(r_numbers, r_signs)} (row {n} of the regenerated table: "
                f"{f.explain(r_numbers, r_signs, t.table)})")

    def keyed(f: KeyedFamily) -> str:
        if key is None:
            return ""
        units = t.expected.get(key)
        if units is None:
            return f"none: the rules give nothing under {key!r}"
        return f"{key}: {' '.join(_text(*f.split(u)) for u in units)} (what the rules give)"

    return t.family.match(entry, keyed)


def _where(line: int | None, page: Page | None) -> tuple[str, str]:
    return ("Witness line and page", f"{line or 'unknown'}, {page_label(page)}")


def _erratum_items(e: Erratum | None) -> list[tuple[str, str]]:
    if e is None:
        return []
    corr = ("omit" if isinstance(e.corr, Omit) else f"supply {e.written(e.corr.entry)}"
            if isinstance(e.corr, Supply) else e.written(e.corr.numbers))
    return [("Erratum", e.id), ("Correction", f"{corr} ({e.klass})"), ("Reason", e.reason),
            ("Confidence", e.confidence), ("Responsibility", f"{e.resp}: {RESPONSIBLE.get(e.resp, '')}")]


def _finding_items(t: _Table, findings: Sequence[Finding]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for f in findings:
        out.append(("Finding", f"{f.kind.value}: {f.message}"))
        if f.kind in (Kind.MISPRINT, Kind.SPURIOUS) and t.family.rule:
            out.append(("Relation failed", t.family.rule))
        if f.candidates:
            out.append(("Candidates", "; ".join(f"{as_printed(t.family, c.value)} ({c.klass}, {c.confidence})"
                                                for c in f.candidates)))
        if f.erratum is None:
            out.append(("Erratum", "none: no curated erratum covers this finding"))
        else:
            out += _erratum_items(t.errata.get(f.erratum))
    return out


def _state(findings: Sequence[Finding]) -> str:
    kinds = {f.kind.value for f in findings if not f.informational}
    return next((k for k in ORDER if k in kinds), "ok")


def _merge(printed: list[Span], corrected: list[Span]) -> tuple[Span, ...]:
    """The pieces of both views, those common to both at the start and at
    the end shown once."""
    i = 0
    while i < min(len(printed), len(corrected)) and printed[i].key() == corrected[i].key():
        i += 1
    j = 0
    while (j < min(len(printed), len(corrected)) - i
           and printed[-1 - j].key() == corrected[-1 - j].key()):
        j += 1
    head, tail = printed[:i], printed[len(printed) - j:]
    middle_p = [Span(s.kind, s.parts, PRINTED, s.say) for s in printed[i:len(printed) - j]]
    middle_c = [Span(s.kind, s.parts, CORRECTED, s.say) for s in corrected[i:len(corrected) - j]]
    return tuple(head + middle_p + middle_c + tail)


def _flags(state: str, status: str, uncovered: bool) -> tuple[Flag, ...]:
    p_mark, c_mark = STATES[state][1], STATUSES[status][1] if status else ""
    p_label = "" if state == "ok" else state
    c_label = "" if status in ("", "printed") else status
    out = []
    if (p_mark, p_label) == (c_mark, c_label):
        if p_mark or p_label:
            out.append(Flag(p_mark, p_label, BOTH))
    else:
        if p_mark or p_label:
            out.append(Flag(p_mark, p_label, PRINTED))
        if c_mark or c_label:
            out.append(Flag(c_mark, c_label, CORRECTED))
    if uncovered:
        out.append(Flag(UNCOVERED[0], UNCOVERED[1], BOTH))
    return tuple(out)


WHAT = {"entry": "Entry", "fragment": "Entry", "nothing": "A printed 'nothing'", "count": "Stated count"}


def _plain(t: _Table, pos: Position, cid: str, cell: Cell, line: int, page: Page | None,
           ce: CorrectedEntry | None) -> CellView:
    """The common case, kept quick: a cell printed and correct, unchanged by
    the errata; its detail is one line."""
    text = f"Witness line {line}, {page_label(page)}."
    if cell.role in ("entry", "fragment"):
        e = t.entries.get(pos)
        if e is not None:
            text += f" Regenerated entry: {_regenerated(t, e.numbers, e.signs, e.key)}."
    if cell.note:
        text += f" Transcriber's note: {cell.note}"
    return CellView("c st-ok", (), (Span("text", parts(cell.text)),), cid,
                    Detail(f"{WHAT.get(cell.role, 'Cell')} {pos} \u2014 printed and correct", text=text),
                    _text(ce.numbers, ce.signs) if ce is not None else "", ce.status if ce is not None else "")


def _cell(t: _Table, pos: Position, cell: Cell, line: int, page: Page | None) -> CellView:
    """A cell holding an entry, a 'nothing' or a count: its state as printed
    (from the findings at its position) and its status in the corrected
    table (from the corrected entries), its text in both views, its detail."""
    cid = cell_id(pos)
    found = t.findings.get(pos)
    ce = t.corrected.get(pos)
    if not found and (ce is None or ce.status == "printed"):
        return _plain(t, pos, cid, cell, line, page, ce)
    found = found or []
    state = _state(found) if found else "ok"
    printed_text = parts(cell.text)
    erratum = t.at.get(pos)
    # as printed
    proposal: tuple[int, ...] | None = None
    corr: tuple[Part, ...] = ()
    if state in ("misprint", "count"):
        if ce is not None and ce.status == "corrected":
            corr = parts(_text(ce.numbers, ce.signs))
        elif state == "count" and erratum is not None and isinstance(erratum.corr, Replace):
            corr = parts(_text(erratum.corr.numbers))
        else:
            proposal = next(f.expected for f in found if f.kind.value == state)
            corr = parts(_text(proposal)) if proposal is not None else ()
        p_spans = [Span("del", printed_text, say="printed ")]
        if corr:
            p_spans.append(Span("ins", corr, say="proposed " if proposal is not None else "read "))
    elif state in ("spurious", "duplicate"):
        p_spans = [Span("del", printed_text)]
    else:
        p_spans = [Span("text", printed_text)]
    # corrected
    entry, status = "", ""
    if ce is not None:
        entry, status = _text(ce.numbers, ce.signs), ce.status
        if status == "corrected":
            c_spans = [Span("ins", parts(entry), say="read ")]
        elif status == "omitted":
            c_spans = [Span("del", printed_text)]
        else:
            c_spans = [Span("text", printed_text)]
    elif cell.role == "count" and erratum is not None and isinstance(erratum.corr, Replace) and erratum.sic == \
            cell.numbers and state == "count":
        status = "corrected"
        c_spans = [Span("ins", parts(_text(erratum.corr.numbers)), say="read ")]
    else:
        c_spans = [Span("text", printed_text)]
    # the detail
    items = [_where(line, page)]
    if found:
        items = [("As printed", cell.text), *items, *_finding_items(t, found)]
    if cell.role in ("entry", "fragment"):
        e = t.entries.get(pos)
        key = e.key if e is not None else None
        if ce is not None and ce.status == "corrected":
            items.append(("Regenerated entry", _regenerated(t, ce.numbers, ce.signs, key)))
        elif proposal is not None:
            n_, s_ = t.family.entry_parts(proposal)
            items.append(("Regenerated entry", _regenerated(t, n_, s_, key)))
        elif e is not None:
            items.append(("Regenerated entry", _regenerated(t, e.numbers, e.signs, key)))
    if cell.note:
        items.append(("Transcriber's note", cell.note))
    title = f"{WHAT.get(cell.role, 'Cell')} {pos} \u2014 {STATES[state][0].split(':')[0]}"
    uncovered = any(f.erratum is None for f in found)
    return CellView(f"c st-{state}" + (f" cs-{status}" if status and status != "printed" else ""),
                    _flags(state, status, uncovered), _merge(p_spans, c_spans), cid,
                    Detail(title, tuple(items)), entry, status)


_WORDS: dict[tuple[str, str, bool], CellView] = {}


def _words(cell: Cell, linked: bool = True) -> CellView:
    """A cell that holds no entry (a heading, label, group head, prose or blank), each printed number a link to
    the concordance (unless `linked` is False: a cell that is itself a link)."""
    key = (cell.role, cell.text, linked)
    view = _WORDS.get(key)
    if view is None:
        view = _WORDS[key] = CellView(f"w role-{cell.role}", (), (Span("text", (linked_parts if linked else parts)(
            cell.text)),))
    return view


def _concorded(view: CellView, cell: Cell) -> CellView:
    """A cited cell (its content a link of its own) with the numbers it prints linked from its detail."""
    numbers = tuple(dict.fromkeys(printed_numbers(cell.text)))
    if numbers and view.detail is not None:
        view.detail = replace(view.detail, numbers=numbers)
    return view


def _reading(t: _Table, passage: Passage, cell: Cell, reading: Finding) -> CellView:
    """A cell carrying a reading: its view (an entry's or words'), marked
    (the class has-reading, the mark READING with its name read aloud) and
    given an id, so that selecting it shows the reading and its reason."""
    pos = Position(passage.passage, cell.block, cell.column, cell.row)
    line, col = passage.read_from(cell)
    page = t.page(line, col)
    view = (_cell(t, pos, cell, line, page) if cell.role in ENTRY_ROLES
            else replace(_words(cell, linked=False), id=cell_id(pos),
                         detail=Detail(f"{WHAT.get(cell.role, 'Cell')} {pos}", (_where(line, page),))))
    detail = view.detail or Detail(str(pos))
    items = detail.items or ((("Where", detail.text),) if detail.text else ())
    return replace(view, cls=f"{view.cls} has-reading", flags=(*view.flags, Flag(READING[0], READING[1], BOTH)),
                   plain="", detail=Detail(f"{detail.title} \u2014 reading", (*items, ("Reading", reading.message))))


def _blocks(t: _Table, passage: Passage, table_id: str) -> tuple[BlockView, ...]:
    """The blocks of a passage that hold the table's columns, a row group per page of the book."""
    out = []
    lines = f"{passage.run_lines[0]}\u2013{passage.run_lines[1]}"
    for b_no, block in enumerate(passage.blocks, 1):
        cols = [(i, c) for i, c in enumerate(block.columns, 1) if c.table == table_id]
        if not cols:
            continue
        depth = max(len(c.cells) for _i, c in cols)
        groups: list[tuple[Page | None, list[RowView]]] = []
        for r in range(depth):
            row_page: Page | None = None
            cells: list[CellView | None] = []
            for _i, c in cols:
                if r >= len(c.cells):
                    cells.append(None)
                    continue
                cell = c.cells[r]
                reading = t.readings.get(Position(passage.passage, cell.block, cell.column, cell.row))
                if reading is not None:
                    cells.append(_concorded(_reading(t, passage, cell, reading), cell))
                    continue
                if cell.role == "blank":
                    cells.append(_words(cell))
                    continue
                line, col = passage.read_from(cell)
                page = t.page(line, col)
                if row_page is None:
                    row_page = page
                # a fragment's entry stands at the fragment; the line that ends it holds words
                if cell.role in ENTRY_ROLES and not (r > 0 and c.cells[r - 1].role == "fragment"):
                    cells.append(_concorded(_cell(t, Position(passage.passage, cell.block, cell.column, cell.row),
                                                  cell, line, page), cell))
                else:
                    cells.append(_words(cell))
            if not groups or (row_page is not None and row_page != groups[-1][0] and groups[-1][1]):
                if groups and groups[-1][0] is None:
                    groups[-1] = (row_page, groups[-1][1])
                else:
                    groups.append((row_page, []))
            groups[-1][1].append(RowView(r + 1, tuple(cells)))
        out.append(BlockView(f"{safe(passage.passage)}-{b_no}",
                             f"Block {b_no} of the passage {passage.passage} (witness lines {lines})",
                             tuple(c.heading or f"Column {i}" for i, c in cols),
                             tuple(PageGroup(page_label(p), tuple(rows)) for p, rows in groups)))
    return tuple(out)


def _supplied(t: _Table, table_id: str, findings: Sequence[Finding],
              entries: Sequence[CorrectedEntry]) -> BlockView | None:
    """The omissions (they have no printed place) as a block of one column:
    the entries the errata supply, then omissions no erratum supplies."""
    by_erratum: dict[str, Finding] = {f.erratum: f for f in findings if f.erratum is not None}
    items: list[tuple[tuple[int, ...], Finding | None, Erratum | None, CorrectedEntry | None]] = []
    for supplied in entries:
        if supplied.status == "supplied" and supplied.erratum is not None:
            items.append((supplied.numbers, by_erratum.get(supplied.erratum), t.errata.get(supplied.erratum),
                          supplied))
    for omission in findings:
        if omission.erratum is None and omission.expected is not None:
            items.append((omission.expected, omission, None, None))
    if not items:
        return None
    fam = t.family
    seen: dict[tuple[int, ...], int] = {}
    rows: list[RowView] = []
    for numbers, f, e, ce in items:
        seen[numbers] = seen.get(numbers, 0) + 1
        sid = supplied_id(table_id, numbers, seen[numbers])
        line = f.witness_line if f is not None else e.witness_line if e is not None else None
        page = f.page if f is not None else e.page if e is not None else None
        n_, s_ = fam.entry_parts(numbers)
        text = _text(n_, s_)
        items_ = [("Supplied entry", f"[{text}]"), ("Where", "not printed; the finding cites the table's heading"),
                  _where(line, page)]
        if f is not None:
            items_ += _finding_items(t, [f])
        else:
            items_ += [("Finding", "none: the audit finds no omission here"), *_erratum_items(e)]
        # (an entry table: why it belongs to the table is the erratum's reason)
        items_ += _supplied_row(t, fam, n_, s_, text)
        span = Span("supplied", parts(text), BOTH if ce is not None else PRINTED)
        uncovered = f is None or f.erratum is None
        rows.append(RowView(len(rows) + 1, (CellView(
            "c st-supplied cs-supplied" if ce is not None else "c st-supplied", _flags("supplied", "", uncovered),
            (span,), sid, Detail(f"Omission of {table_id}: [{text}] \u2014 supplied", tuple(items_)),
            _text(ce.numbers, ce.signs) if ce is not None else "", "supplied" if ce is not None else ""),)))
    heading = f"not printed (the omissions cite the table's heading, {page_label(t.page(fam.witness_line, 0))})"
    return BlockView("supplied", f"The {count(len(rows), 'omission')} of {table_id}, "
                                 "supplied in brackets", ("Supplied entry",), (PageGroup(heading, tuple(rows)),))


def _supplied_row(t: _Table, fam: Family, numbers: tuple[int, ...], signs: tuple[int, ...],
                  text: str) -> list[tuple[str, str]]:
    """The regenerated row a supplied entry of an entry table is (none for a keyed table)."""
    def entry(f: EntryFamily) -> list[tuple[str, str]]:
        row = t.rows.get(f.key(numbers, signs))
        return [("Regenerated entry", f"{text} (row {row[0]} of the regenerated table)" if row
                 else "none: no row of the regenerated table has these numbers")]

    return fam.match(entry, lambda keyed: [])


def _row_numbers(f: EntryFamily, table: Table) -> dict[tuple[int, ...], tuple[int, tuple[Any, ...]]]:
    """Each row of the regenerated table by its key, with its number (the first row of a key)."""
    out: dict[tuple[int, ...], tuple[int, tuple[Any, ...]]] = {}
    for n, row in enumerate(table.rows, 1):
        out.setdefault(f.row_key(row), (n, row))
    return out


def _counts(findings: Iterable[Finding]) -> tuple[tuple[str, int], ...]:
    n: dict[str, int] = {}
    for f in findings:
        if f.informational:
            continue
        state = "supplied" if f.kind is Kind.OMISSION and f.position is None else f.kind.value
        n[state] = n.get(state, 0) + 1
    return tuple((s, n[s]) for s in (*ORDER, "supplied") if n.get(s))


def _pages_text(t: _Table, passage: Passage) -> str:
    first, last = t.edition.page_span(*passage.run_lines)
    if first is None:
        return "page unknown"
    return str(first) if last in (None, first) else f"{first} to {last}"


def table_page(table_id: str, edition: Edition, errata: tuple[Erratum, ...], findings: Sequence[Finding],
               links: dict[str, TableLink], passages: Sequence[Passage] | None = None,
               pages: dict[tuple[int, int], Page | None] | None = None,
               readings: Sequence[ReadingEvidence] = ()) -> TablePage:
    f = edition.registry[table_id]
    table = f.default_table()
    by_pos: dict[Position, list[Finding]] = {}
    unplaced: list[Finding] = []
    other: list[str] = []
    noted: dict[Position, Finding] = {}
    for x in findings:
        if x.kind is Kind.READING and isinstance(x.position, Position):
            noted[x.position] = x
        elif isinstance(x.position, Position):
            by_pos.setdefault(x.position, []).append(x)
        elif x.kind is Kind.OMISSION:
            unplaced.append(x)
        else:  # (a four-number table's readings, weighed in the universe finding, are a table of the page)
            other.append(f"{x.kind.value}: {x.message.partition(READINGS_WEIGHED)[0] if readings else x.message}")
    entries = corrected_entries(table_id, errata, edition, supply=True, keep_omitted=True)
    mine = {e.id: e for e in errata if e.table == table_id}
    t = _Table(f, table, by_pos, {c.position: c for c in entries if c.position is not None}, mine,
               {e.position: e for e in mine.values() if isinstance(e.position, Position)},
               {e.position: e for e in edition.entries(table_id)}, {}, {}, edition, {} if pages is None else pages,
               noted)
    f.match(lambda entry: t.rows.update(_row_numbers(entry, table)),
            lambda keyed: t.expected.update(keyed.expected(table)))
    views = tuple(PassageView(
        safe(p.passage), p.passage, p.heading, f"{p.run_lines[0]}\u2013{p.run_lines[1]}", _pages_text(t, p),
        "\n".join(" ".join(par.split()) for par in p.layout_evidence.splitlines() if par.strip()), p.ambiguous,
        tuple(x for x in p.tables if x != table_id), _blocks(t, p, table_id), layout_summary(p, table_id))
        for p in (edition.passages_for(table_id) if passages is None else passages))
    ids = list(links)
    i = ids.index(table_id)
    link = links[table_id]
    summary = f"{link.entries} printed entries; " + (", ".join(f"{n} {s}" for s, n in link.counts) or "no findings")
    files = tuple((name, f"../../tables/{table_id}/{name}") for name in
                  ("printed.csv", "corrected.csv", "regenerated.csv"))
    return TablePage(table_id, f.title, f.kind, f.rule, f"{table.universe.name}: {table.universe.description}",
                     f.witness_line, page_label(t.page(f.witness_line, 0)), summary, views,
                     _supplied(t, table_id, unplaced, entries), tuple(other), files,
                     links[ids[i - 1]] if i > 0 else None, links[ids[i + 1]] if i + 1 < len(ids) else None,
                     tuple(ReadingView(r.definition, r.is_default, r.explained, r.printed,
                                       f"{len(r.unexplained)}" + (f" ({r.tally()})" if r.unexplained else ""),
                                       len(r.omissions)) for r in readings))


# --- worked examples ------------------------------------------------------------------------------

def _show(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return " ".join(_show(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    return str(value)


def _passage(edition: Edition, ex: Example) -> tuple[Segment, ...]:
    """The witness lines of an example, its quote marked (found as the
    loader finds it: with the whitespace folded)."""
    text = "\n".join(edition.witness[ex.witness_line - 1:ex.last_line])
    want = " ".join(ex.quote.split())
    if not want:
        return (Segment(text, False),)
    if "  " not in text and "\t" not in text:  # folding the whitespace is then replacing newlines
        at = text.replace("\n", " ").find(want)
        a, b = at, at + len(want)
    else:
        words = [(m.group(), m.start()) for m in WORD.finditer(text)]
        folded, starts = "", []
        for w, _start in words:
            starts.append(len(folded) + (1 if folded else 0))
            folded = f"{folded} {w}" if folded else w
        at = folded.find(want)

        def original(k: int) -> int:  # a place in the folded text, in the original
            i = bisect_right(starts, k) - 1
            return words[i][1] + min(k - starts[i], len(words[i][0]))

        a, b = (original(at), original(at + len(want) - 1) + 1) if at >= 0 else (-1, -1)
    if at < 0:
        return (Segment(text, False),)
    return tuple(s for s in (Segment(text[:a], False), Segment(text[a:b], True), Segment(text[b:], False)) if s.text)


def _mark_readings(edition: Edition, p: Any, segments: tuple[Segment, ...], readings: Sequence[Finding]
                   ) -> tuple[Segment, ...]:
    """The passage's segments with each word carrying a reading set apart
    (its Segment's reading is the number of its note: 1, 2, ...)."""
    from ...witness.examples import token_spots

    spots = token_spots(p, edition.witness)
    starts = [0]
    for line in edition.witness[p.first_line - 1:p.last_line]:
        starts.append(starts[-1] + len(line) + 1)
    cuts: list[tuple[int, int, str]] = []
    for n, f in enumerate(readings, 1):
        spot = spots.get(f.position.number or "") if isinstance(f.position, ExamplePosition) else None
        if spot is not None:
            (l1, c1), (l2, c2) = spot
            cuts.append((starts[l1 - p.first_line] + c1, starts[l2 - p.first_line] + c2, str(n)))
    if not cuts:
        return segments
    out: list[Segment] = []
    at = 0
    for s in segments:
        a, b = at, at + len(s.text)
        at = b
        for x, y, label in sorted(cuts):
            if a <= x and y <= b:
                out += [Segment(s.text[: x - a], s.quoted), Segment(s.text[x - a:y - a], s.quoted, label)]
                s, a = Segment(s.text[y - a:], s.quoted), y
        out.append(s)
    return tuple(x for x in out if x.text)


def _correction_text(c: Correction, evidence: bool = True) -> str:
    changes = "; ".join(f"{ch.printed_text} read {_show(ch.value)} ({ch.slip}, witness line {ch.line})"
                        for ch in c.changes)
    return f"{changes}. {' '.join(c.evidence)}" if c.evidence and evidence else f"{changes}."


def _example(edition: Edition, r: PassageCheck, errata: Sequence[Erratum], findings: Sequence[Finding]
             ) -> ExampleView:
    """A passage: its lines (the quote of a wrong statement marked), every
    statement with its check, the ranked corrections, the findings, the errata."""
    p = r.passage
    wrong = r.wrong
    first = wrong[0].example if wrong else None
    quoted = _passage(edition, first) if first is not None else ()
    text = "\n".join(edition.witness[p.first_line - 1:p.last_line])
    if first is not None and quoted and first.witness_line != p.first_line:
        before = "\n".join(edition.witness[p.first_line - 1:first.witness_line - 1]) + "\n"
        quoted = (Segment(before, False), *quoted)
    if first is not None and first.last_line < p.last_line and quoted:
        quoted = (*quoted, Segment("\n" + "\n".join(edition.witness[first.last_line:p.last_line]), False))
    segments = quoted or (Segment(text, False),)
    readings = [f for f in findings if f.kind is Kind.READING]
    findings = [f for f in findings if f.kind is not Kind.READING]
    segments = _mark_readings(edition, p, segments, readings)
    tally = {s: sum(c.status == s for c in r.checks) for s in CHECKS}
    claim = [("Statements", ", ".join(f"{n} {s}" for s, n in tally.items() if n))]
    claim += [(c.example.id, f"{c.status}: {c.message}") for c in r.checks]
    check = [("Check", f"{r.status}: {CHECKS[r.status][0]}")]
    for n, f in enumerate(readings, 1):
        number = f.position.number if isinstance(f.position, ExamplePosition) else ""
        check.append((f"{READING[0]} Reading {n}: {number}", f.message))
    # the finding is said once: the wrong statements above, the ranked corrections (their evidence only where no
    # erratum argues them), and each erratum with the line and page it corrects; a finding no erratum covers is
    # given whole
    covered = bool(findings) and all(f.erratum is not None for f in findings)
    for c in r.corrections:
        check.append((f"Correction {c.rank}" + (" (tied)" if c.tied else ""),
                      f"{_correction_text(c, evidence=not covered)} Confidence {c.confidence}."))
    at = {f.erratum: f for f in findings if f.erratum is not None}
    for f in findings:
        if f.erratum is None:
            check += [("Finding", f"{f.kind.value}: {f.message}"), _where(f.witness_line, f.page)]
    err: list[tuple[str, str]] = []
    for e in errata:
        items = _erratum_items(e)
        corrected = at.get(e.id)
        err += items[:1] + ([_where(corrected.witness_line, corrected.page)] if corrected else []) + items[1:]
    if any(f.erratum is None for f in findings):
        err.append(("Erratum", "none: no curated erratum covers a finding of this passage"))
    lines = f"{p.first_line}" if p.last_line == p.first_line else f"{p.first_line}\u2013{p.last_line}"
    last = edition.page_span(p.first_line, p.last_line)[1]
    pages = page_label(p.page) + (f" to {page_label(last)}" if last is not None and last != p.page else "")
    return ExampleView(safe(p.id), example_file(p.id), r.status, CHECKS[r.status][1], lines, pages,
                       segments, tuple(claim), tuple(check), tuple(err), book_lines=book_lines(p.first_line, segments))


def example_file(passage_id: str) -> str:
    """The page of a passage of worked examples, named by its id (a passage
    called `index` is `_index.html`: `safe` never begins a name with '_'
    but for an escaped character, written in hex, which 'i' is not)."""
    name = safe(passage_id)
    return f"{'_' if name == 'index' else ''}{name}.html"


def _slug(text: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))[:40].strip("-") or "section"


def example_sections(edition: Edition, results: Sequence[PassageCheck], errata: tuple[Erratum, ...],
                     findings: Sequence[Finding]) -> tuple[Section, ...]:
    """The worked examples in the order of the book, a page per passage (its
    file named by its id, so a scholar can cite it), grouped by section (a
    run of passages under one heading) for the index; each page links the
    passage before and after it."""
    by_passage: dict[str, list[Erratum]] = {}
    for e in errata:
        if e.table == EXAMPLES and isinstance(e.position, ExamplePosition):
            by_passage.setdefault(e.position.example, []).append(e)
    found: dict[str, list[Finding]] = {}
    for f in findings:
        if isinstance(f.position, ExamplePosition):
            found.setdefault(f.position.example, []).append(f)
    ordered = sorted(results, key=lambda r: (r.passage.first_line, r.passage.last_line))
    views = [_example(edition, r, by_passage.get(r.passage.id, []), found.get(r.passage.id, [])) for r in ordered]
    for i, x in enumerate(views):
        x.prev = (views[i - 1].file, views[i - 1].id) if i > 0 else None
        x.next = (views[i + 1].file, views[i + 1].id) if i + 1 < len(views) else None
    runs: list[tuple[str, list[tuple[PassageCheck, ExampleView]]]] = []
    for r, x in zip(ordered, views):
        if runs and runs[-1][0] == r.passage.heading:
            runs[-1][1].append((r, x))
        else:
            runs.append((r.passage.heading, [(r, x)]))
    out = []
    for n, (heading, pairs) in enumerate(runs, 1):
        first, last = pairs[0][0].passage.first_line, max(r.passage.last_line for r, _x in pairs)
        out.append(Section(f"s{n:02d}-{_slug(heading)}", heading,
                           f"{first}" if first == last else f"{first}\u2013{last}", tuple(x for _r, x in pairs)))
    return tuple(out)


# --- the site -----------------------------------------------------------------------------------

def site(edition: Edition, errata: tuple[Erratum, ...], report: Report) -> Site:
    """The whole edition as data: the index, a page per table, a page per
    passage of worked examples."""
    by_table: dict[str, list[Finding]] = {}
    for x in report.findings:
        by_table.setdefault(x.table, []).append(x)
    passages: dict[str, list[Passage]] = {}
    for p in edition.passages:
        for t in p.tables:
            passages.setdefault(t, []).append(p)
    registry = edition.registry
    ids = [t for t in registry if t in passages]
    links = {}
    for t in ids:
        fs = by_table.get(t, [])
        links[t] = TableLink(t, registry[t].title, registry[t].kind,
                             sum(1 for e in edition.entries(t) if e.role == "entry"), _counts(fs),
                             sum(1 for x in fs if not x.covered))
    seen: dict[tuple[int, int], Page | None] = {}
    readings: dict[str, list[ReadingEvidence]] = {}
    for weighed in report.readings:
        readings.setdefault(weighed.table, []).append(weighed)
    pages = tuple(table_page(t, edition, errata, by_table.get(t, []), links, passages[t], seen, readings.get(t, ()))
                  for t in ids)
    results = check_passages(edition)
    sections = example_sections(edition, results, errata, by_table.get(EXAMPLES, []))
    tally: dict[str, int] = {}
    for r in results:
        tally[r.status] = tally.get(r.status, 0) + 1
    book = edition.book
    return Site(book.title, "; ".join(book.authors), ", ".join(x for x in (book.imprint, book.year) if x),
                "; ".join(v for _, v in book.identifiers), book.attribution_note,
                report.summary_line(), tuple(links.values()), pages, sections, len(results),
                tuple((s, tally[s]) for s in CHECKS if tally.get(s)),
                tuple((s, m, d) for s, (d, m) in STATES.items()), tuple((s, m, d) for s, (d, m) in STATUSES.items()),
                tuple((s, m, d) for s, (d, m) in CHECKS.items()))
