"""The TEI P5 text of an edition: the primary witness line by line and page by
page, its tables in their printed layout, its worked examples, and in their
places the curated errata and the readings.

* Every line of the witness begins with `<lb n="LINE"/>`, every page of the
  book with `<pb n="image N left|right" facs="..."/>` (facs: the second
  witness's image reference, `tcp:20707:N`; a page the second witness has
  but no line of the witness stands on, a figure the witness lacks, has its
  `<pb/>` too, before the next page's). A page that begins inside a line
  breaks it where the page map says.
* A run transcribed as a table set in columns (`tokens: words`) is one
  `<table>` per block (`xml:id` PASSAGE.BLOCK), a `<row>` per printed row and
  a `<cell>` per cell of the transcription, its `xml:id` the cell's position
  PASSAGE.BLOCK.COLUMN.ROW (as the HTML edition's fragment), its `role` the
  transcription's (`label` for a heading); a column shorter than the others
  leaves an empty `<cell/>` with no id. A list set in prose (`tokens:
  numbers`) stays prose, each cell a `<seg type="ROLE">` with its position as
  `xml:id`. Every other line is prose, in `<ab>`s split at empty lines.
* Every figure and every number in words of a worked example is a
  `<num value="N">`, its `xml:id` EXAMPLE.TOKEN (`arithmetic-rule.20.616` for
  the token 20@616: the `@` written as a dot).
* Each curated erratum stands once, at its place: a correction (a misprint,
  a count, a worked example's number or ratio name) as `<choice n="ID">` of
  `<sic>` (what is printed) and `<corr resp cert>`; a spurious or repeated
  entry as `<surplus n="ID" reason resp cert>`; a supplied omission, which
  has no printed place, as `<supplied n="ID" reason="omitted" resp cert>` in
  a row of a `<table type="supplied">` after the last block that prints the
  table, its `xml:id` TABLE.supplied.2-3-4 (as the HTML edition's). `n` is
  the erratum's id; the place's `xml:id` is on the choice itself or on the
  cell, seg or num around it.
* Each reading of the audit stands once, at its place, as `<choice>` of
  `<orig>` (what the print has, or the second witness: then `source="#second"`)
  and `<reg>` (how the edition reads it).
* `<back>` gives the reason of every erratum and reading, each a `<note>`
  whose `target` is the place.

The standalone errata (errata --format tei) point into this text
(`<ptr target="../text.tei.xml#PLACE"/>`, relative to output/errata/).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..audit.errata import Erratum, Omit, Supply
from ..audit.findings import Finding, Kind
from ..errors import InputError
from ..witness.edition import Edition
from ..witness.entries import Position
from ..witness.examples import ExamplePassage, ExamplePosition, token_spots
from ..witness.layout import Cell, Passage, Reading, cell_tokens
from ..witness.page import Page

NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
TEXT_FILE = "text.tei.xml"  # in output/; the errata's TEI, in output/errata/, points to ../text.tei.xml
SUBTITLE = ("The text of the primary witness line by line and page by page, its tables in their printed layout and "
            "its worked examples, with the curated errata and the readings in their places")

# points at the same offset of the text: a passage's end first, then the page, the line, a passage's start
_END, _PAGE, _LINE, _START = range(4)
# spans over the same stretch nest in this order, the first outermost
_SEG, _ERRATUM, _READING, _NUM = range(4)


def _tag(name: str) -> str:
    return f"{{{NS}}}{name}"


def _el(parent: ET.Element | None, name: str, text: str | None = None, **attrs: str) -> ET.Element:
    attrs = {(XML_ID if k == "xml_id" else k): v for k, v in attrs.items() if v != ""}
    node = ET.Element(_tag(name), attrs) if parent is None else ET.SubElement(parent, _tag(name), attrs)
    if text:
        node.text = text
    return node


@lru_cache(maxsize=4096)
def safe(text: str) -> str:
    """Text as part of an xml:id: letters, digits and '-' kept, any other
    character written _HEX_ (as the HTML edition's ids)."""
    return "".join(c if c.isascii() and (c.isalnum() or c == "-") else f"_{ord(c):x}_" for c in text)


def position_id(p: Position) -> str:
    """A printed cell's xml:id: passage.block.column.row."""
    return f"{safe(p.passage)}.{p.block}.{p.column}.{p.row}"


def token_id(example: str, token: str) -> str:
    """A worked example's token's xml:id: EXAMPLE.TOKEN, the token's @ a dot (20@616 -> 20.616)."""
    return f"{safe(example)}." + ".".join(safe(part) for part in token.split("@"))


def supplied_id(table: str, numbers: Sequence[int], n: int = 1) -> str:
    """A supplied omission's xml:id (it has no printed place): TABLE.supplied.2-3-4."""
    return f"{safe(table)}.supplied.{'-'.join(map(str, numbers))}" + (f".{n}" if n > 1 else "")


def erratum_places(errata: Iterable[Erratum]) -> dict[str, str]:
    """The xml:id of each erratum's place in the text, by erratum id."""
    out: dict[str, str] = {}
    seen: dict[tuple[str, tuple[int, ...]], int] = {}
    for e in errata:
        p = e.position
        if isinstance(p, Position):
            out[e.id] = position_id(p)
        elif isinstance(p, ExamplePosition) and p.number is not None:
            out[e.id] = token_id(p.example, p.number)
        elif isinstance(e.corr, Supply):
            key = (e.table, e.corr.entry)
            seen[key] = seen.get(key, 0) + 1
            out[e.id] = supplied_id(e.table, e.corr.entry, seen[key])
    return out


def reading_place(f: Finding) -> str | None:
    """The xml:id of a reading's place in the text."""
    p = f.position
    if isinstance(p, Position):
        return position_id(p)
    if isinstance(p, ExamplePosition) and p.number is not None:
        return token_id(p.example, p.number)
    return None


def _resp(e: Erratum) -> str:
    return " ".join(f"#{r}" for r in e.resp.split("+"))


def book_bibl(parent: ET.Element, edition: Edition) -> ET.Element:
    """The printed book the edition transcribes, as a TEI <bibl> (the sourceDesc of the TEI text and of the
    errata)."""
    book = edition.book
    bibl = _el(parent, "bibl")
    for author in book.authors:
        _el(bibl, "author", author)
    _el(bibl, "title", book.title)
    if book.imprint:
        _el(bibl, "note", book.imprint, type="imprint")
    _el(bibl, "date", book.year)
    for scheme, value in book.identifiers:
        _el(bibl, "idno", value, type=tei_token(scheme))
    if book.attribution_note:
        _el(bibl, "note", book.attribution_note, type="attribution")
    return bibl


def tei_token(text: str) -> str:
    """A class such as "digit dropped" as one TEI token: digit-dropped."""
    return "-".join("".join(c if c.isalnum() or c in "-._" else " " for c in text).split())


# --- the text as one stream, with points and spans in it ------------------------------------------

@dataclass
class _Point:
    offset: int
    order: int
    make: Callable[[ET.Element], None]
    seq: int = 0


@dataclass
class _Span:
    start: int
    end: int
    rank: int
    open: Callable[[ET.Element], ET.Element]  # makes the span's elements; gives the one its text goes into
    what: str = ""


@dataclass
class _Writer:
    """The witness as one string (its lines joined by newlines), the points
    (lines, pages, passages) and the spans (cells of prose lists, numbers,
    errata, readings) placed in it, written into elements in the order of
    the text."""

    lines: tuple[str, ...]
    starts: list[int] = field(default_factory=list)
    points: list[_Point] = field(default_factory=list)
    spans: list[_Span] = field(default_factory=list)
    next_point: int = 0
    _starts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        at = 0
        for line in self.lines:
            self.starts.append(at)
            at += len(line) + 1
        self.text = "\n".join(self.lines)

    def at(self, line: int, column: int = 0) -> int:
        return self.starts[line - 1] + column

    def end_of(self, line: int) -> int:
        return self.starts[line - 1] + len(self.lines[line - 1])

    def point(self, offset: int, order: int, make: Callable[[ET.Element], None]) -> None:
        self.points.append(_Point(offset, order, make, len(self.points)))

    def span(self, start: int, end: int, rank: int, open_: Callable[[ET.Element], ET.Element], what: str) -> None:
        self.spans.append(_Span(start, end, rank, open_, what))

    def ready(self) -> None:
        self.points.sort(key=lambda p: (p.offset, p.order, p.seq))
        self.spans.sort(key=lambda s: (s.start, -s.end, s.rank))

    def flush(self, parent: ET.Element, upto: int, inclusive: bool) -> None:
        """Write every point before `upto` (and at it, if inclusive) into parent."""
        while self.next_point < len(self.points):
            p = self.points[self.next_point]
            if p.offset > upto or (p.offset == upto and not inclusive):
                return
            p.make(parent)
            self.next_point += 1

    def write(self, parent: ET.Element, a: int, b: int) -> None:
        """The text a..b into parent, with the points and the spans in it."""
        from bisect import bisect_left

        if len(self._starts) != len(self.spans):
            self._starts = [s.start for s in self.spans]
        i, j = bisect_left(self._starts, a), bisect_left(self._starts, b)
        self._inline(parent, a, b, self.spans[i:j])

    def _inline(self, parent: ET.Element, a: int, b: int, spans: list[_Span]) -> None:
        at, i = a, 0
        while i < len(spans):
            s = spans[i]
            if s.end > b:
                raise ValueError(f"{s.what} ({s.start}..{s.end}) crosses the end of what holds it ({b})")
            j = i + 1
            while j < len(spans) and spans[j].start < s.end:
                if spans[j].end > s.end:
                    raise ValueError(f"{spans[j].what} crosses {s.what}")
                j += 1
            self._text(parent, at, s.start)
            self.flush(parent, s.start, inclusive=True)
            self._inline(s.open(parent), s.start, s.end, spans[i + 1:j])
            at, i = s.end, j
        self._text(parent, at, b)

    def _text(self, parent: ET.Element, a: int, b: int) -> None:
        while a < b:
            nxt = self.points[self.next_point].offset if self.next_point < len(self.points) else None
            if nxt is not None and nxt < b:
                _append(parent, self.text[a:max(a, nxt)])
                a = max(a, nxt)
                self.flush(parent, a, inclusive=True)
            else:
                _append(parent, self.text[a:b])
                a = b


def _append(parent: ET.Element, text: str) -> None:
    if not text:
        return
    if len(parent):
        last = parent[-1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


# --- what stands where ------------------------------------------------------------------------------

def _choice_sic(e: Erratum, corr: str, place: str | None = None) -> Callable[[ET.Element], ET.Element]:
    def open_(parent: ET.Element) -> ET.Element:
        choice = _el(parent, "choice", n=e.id, **({"xml_id": place} if place else {}))
        sic = _el(choice, "sic")
        _el(choice, "corr", corr, resp=_resp(e), cert=e.confidence)
        return sic
    return open_


def _surplus(e: Erratum) -> Callable[[ET.Element], ET.Element]:
    return lambda parent: _el(parent, "surplus", n=e.id, reason=e.kind, resp=_resp(e), cert=e.confidence)


def _cell_reading(cell: Cell, reading: Reading) -> Callable[[ET.Element], ET.Element]:
    """A reading of a cell: <orig> what the print or the second witness has,
    <reg> how the edition reads it; the printed text goes where it belongs."""
    def open_(parent: ET.Element) -> ET.Element:
        choice = _el(parent, "choice")
        if reading.kind in ("number", "sign"):  # the second witness's figures; the print's, as read
            _el(choice, "orig", reading.tcp, source="#second")
            return _el(choice, "reg", type=reading.kind)
        orig = _el(_el(choice, "orig"), "seg", type=reading.kind, n=reading.tcp)
        _el(_el(choice, "reg"), "seg", cell.text, type=reading.kind, n=cell.role if reading.kind == "role" else "")
        return orig
    return open_


def _token_reading(place: str, orig_attrs: dict[str, str], reg: str) -> Callable[[ET.Element], ET.Element]:
    def open_(parent: ET.Element) -> ET.Element:
        choice = _el(parent, "choice", xml_id=place)
        orig = _el(choice, "orig", **orig_attrs)
        _el(choice, "reg", reg)
        return orig
    return open_


def _num(value: Any, place: str = "") -> Callable[[ET.Element], ET.Element]:
    return lambda parent: _el(parent, "num", value=str(value), **({"xml_id": place} if place else {}))


def _seg(role: str, place: str) -> Callable[[ET.Element], ET.Element]:
    return lambda parent: _el(parent, "seg", type=role, xml_id=place)


def _corr_text(e: Erratum, edition: Edition) -> str:
    from .erratum_words import ratio_name_words

    name = ratio_name_words(e, edition)
    return name[1] if name is not None else e.written(e.result)


@dataclass
class _Plan:
    """What the writer needs besides the text: the errata by place, the
    readings by place, the cells of the column tables and where each table's
    supplied omissions go."""

    errata_at: dict[str, Erratum]
    readings_at: dict[str, Finding]
    supplied: dict[str, list[Erratum]]  # table -> its omissions supplied, in file order
    places: dict[str, str]  # erratum id -> the xml:id of its place


def _cell_span(w: _Writer, passage: Passage, tokens: Sequence[tuple[str, int, int]]) -> tuple[int, int]:
    first, last = tokens[0], tokens[-1]
    return w.at(first[1], first[2]), w.at(last[1], last[2]) + len(last[0])


def _table_spans(w: _Writer, passage: Passage, plan: _Plan, edition: Edition) -> dict[tuple[int, int, int], Any]:
    """The spans inside the cells of a passage (its cells' errata and
    readings, and for a list set in prose each cell itself); the cells'
    tokens, by (block, column, row)."""
    held = cell_tokens(passage)
    for cell in passage.cells():
        tokens = held.get((cell.block, cell.column, cell.row), ())
        if not tokens:
            continue
        a, b = _cell_span(w, passage, tokens)
        place = position_id(Position(passage.passage, cell.block, cell.column, cell.row))
        if passage.tokens == "numbers":
            w.span(a, b, _SEG, _seg(cell.role, place), f"cell {place}")
        e = plan.errata_at.get(place)
        if e is not None:
            w.span(a, b, _ERRATUM,
                   _surplus(e) if isinstance(e.corr, Omit) else _choice_sic(e, _corr_text(e, edition)),
                   f"erratum {e.id}")
        if cell.reading is not None and place in plan.readings_at:
            w.span(a, b, _READING, _cell_reading(cell, cell.reading), f"reading at {place}")
    return held


def _example_spans(w: _Writer, passages: Sequence[ExamplePassage], plan: _Plan, edition: Edition) -> None:
    for x in passages:
        spots = token_spots(x, edition.witness)
        for t in x.tokens:
            spot = spots.get(t.id)
            place = token_id(x.id, t.id)
            e = plan.errata_at.get(place)
            reading = plan.readings_at.get(place)
            if spot is None:
                if e is not None or reading is not None:
                    raise ValueError(f"{place}: the token is not found on its line")
                continue
            (l1, c1), (l2, c2) = spot
            a, b = w.at(l1, c1), w.at(l2, c2)
            number = t.kind in ("figure", "word")
            if reading is not None and t.reading is not None:
                w.span(a, b, _READING, _token_reading(place, {}, t.reading[1]), f"reading at {place}")
            elif e is not None:
                w.span(a, b, _ERRATUM, _choice_sic(e, _corr_text(e, edition), place), f"erratum {e.id}")
                if number:
                    w.span(a, b, _NUM, _num(t.value), f"number {place}")
            elif number and t.reading is None:
                w.span(a, b, _NUM, _num(t.value, place), f"number {place}")


def tcp_facs(edition: Edition) -> dict[Page, str]:
    """The second witness's reference to each page's image (its <pb facs>), remembered (rithmocheck.memo)
    by the digest of its file, so that a page of the text is written without parsing the whole keying."""
    import hashlib

    from .. import memo
    from ..witness import tcp

    path = edition.second_witness_path
    if path is None:
        return {}

    def make() -> list[list[Any]]:
        return [[b.page.image, b.page.side, b.facs] for b in tcp.for_edition(edition).breaks]

    try:
        key = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        key = None
    found = make() if key is None else memo.remember("tcp-facs", key, make, lambda v: isinstance(v, list))
    return {Page(int(image), str(side)): str(facs) for image, side, facs in found}


def _pages(w: _Writer, edition: Edition, lo: int, hi: int) -> None:
    """A <pb/> where every page of the book begins (the pages the second
    witness has that no line stands on, before the next page's), those at
    offsets lo..hi of the text."""
    pm = edition.page_map
    if pm is None:
        return
    begins: dict[Page, int] = {}
    for page, offset in [(r.page, w.at(r.first)) for r in pm.ranges] + [(b.page, w.at(b.line, b.column))
                                                                        for b in pm.breaks]:
        begins[page] = min(offset, begins.get(page, offset))
    facs: dict[Page, str] = {}
    pages: list[Page] = sorted(begins)
    if edition.second_witness_path is not None:
        facs = tcp_facs(edition)
        pages = sorted(set(pages) | set(facs))
    end = len(w.text)
    for i, page in enumerate(pages):
        # a page with no line of the witness on it: before the next page that has one
        offset = begins.get(page, next((begins[p] for p in pages[i + 1:] if p in begins), end))
        if lo <= offset <= hi:
            w.point(offset, _PAGE, _milestone("pb", n=str(page), facs=facs.get(page, "")))


def _milestone(name: str, **attrs: str) -> Callable[[ET.Element], None]:
    def make(parent: ET.Element) -> None:
        _el(parent, name, **attrs)
    return make


def _lines(w: _Writer, first: int, last: int) -> None:
    for n in range(first, last + 1):
        w.point(w.at(n), _LINE, _milestone("lb", n=str(n)))


def _passages(w: _Writer, edition: Edition, examples: Sequence[ExamplePassage], lo: int, hi: int) -> None:
    """A milestone where each passage (a table's run with its heading, a
    passage of worked examples) begins, spanning to an anchor where it ends
    (those at offsets lo..hi of the text)."""
    spans = [("table", p.passage, p.heading_lines[0], p.run_lines[1]) for p in edition.passages]
    spans += [("example", x.id, x.first_line, x.last_line) for x in examples]
    for kind, pid, first, last in spans:
        end = f"{kind}.{safe(pid)}.end"
        if lo <= w.at(first) <= hi:
            w.point(w.at(first), _START, _milestone("milestone", unit="passage", type=kind, n=pid,
                                                     spanTo=f"#{end}"))
        if lo <= w.end_of(last) <= hi:
            w.point(w.end_of(last), _END, _milestone("anchor", xml_id=end))


# --- the document, a region at a time ----------------------------------------------------------------

@dataclass(frozen=True)
class Region:
    """A stretch of the witness the body of the text is written a piece at a time by: the run of a table set
    in columns (`passage` its passage), or the lines between two such runs. Each piece reads its own lines,
    passages, errata and readings alone."""

    first: int
    last: int
    passage: str | None = None


def tei_regions(edition: Edition) -> tuple[Region, ...]:
    """The body's regions, in the order of the witness: every line in one."""
    n = len(edition.lines)
    runs = sorted((p.run_lines[0], p.run_lines[1], p.passage) for p in edition.passages if p.tokens == "words")
    out: list[Region] = []
    at = 1
    for first, last, pid in runs:
        if first > at:
            out.append(Region(at, first - 1))
        out.append(Region(first, last, pid))
        at = last + 1
    if at <= n or not out:
        out.append(Region(at, n))
    return tuple(out)


def region_examples(region: Region, examples: Sequence[ExamplePassage]) -> tuple[ExamplePassage, ...]:
    """The passages of worked examples that stand in a region, wholly or in part (a passage may run into a
    table's run)."""
    return tuple(x for x in examples if x.first_line <= region.last and region.first <= x.last_line)


@dataclass(frozen=True)
class Piece:
    """A region of the body written: its XML (the body's children, each followed by the body's indentation),
    the errata placed in it (id, place) and the readings (place)."""

    xml: str
    errata: tuple[tuple[str, str], ...]
    readings: tuple[str, ...]

    def as_data(self) -> list[Any]:
        return [self.xml, [list(e) for e in self.errata], list(self.readings)]

    @staticmethod
    def of(data: Sequence[Any]) -> Piece:
        return Piece(str(data[0]), tuple((str(i), str(p)) for i, p in data[1]), tuple(str(r) for r in data[2]))


_PAD = "\n      "  # the indentation of the body's children


def region_piece(edition: Edition, plan: _Plan, region: Region, examples: Sequence[ExamplePassage]) -> Piece:
    """A region of the body, written: its lines with the points (lines, pages, passages) and spans (cells,
    numbers, errata, readings) that stand in it; `examples`, the passages of worked examples it holds."""
    ET.register_namespace("", NS)
    w = _Writer(edition.lines)
    lo = w.at(region.first)
    hi = w.end_of(region.last) if region.last < len(w.lines) else len(w.text)
    _lines(w, region.first, region.last)
    _pages(w, edition, lo, hi)
    _passages(w, edition, examples, lo, hi)
    in_table: dict[int, Passage] = {}
    held: dict[str, dict[tuple[int, int, int], Any]] = {}
    mine = [p for p in edition.passages if region.first <= p.run_lines[0] <= region.last]
    for p in mine:
        held[p.passage] = _table_spans(w, p, plan, edition)
        if p.tokens == "words":
            for n in range(p.run_lines[0], p.run_lines[1] + 1):
                in_table[n] = p
    try:
        _example_spans(w, examples, plan, edition)
    except ValueError as exc:
        raise InputError(edition.root, None, f"the TEI text cannot be written: {exc}") from None
    w.ready()
    last_of = _last_passages(edition, plan)
    # after the run of a list set in prose whose table has omissions, they follow, so the prose breaks there
    after: dict[int, list[str]] = {}
    for p in mine:
        if p.tokens == "numbers" and p.passage in last_of:
            after.setdefault(p.run_lines[1], []).extend(last_of[p.passage])
    wrapper = _el(None, "TEI")
    body = _el(wrapper, "body")
    try:
        _region_body(w, body, region, in_table, held, plan, last_of, after)
    except ValueError as exc:  # a span that crosses another: the edition's tokens cannot nest
        raise InputError(edition.root, None, f"the TEI text cannot be written: {exc}") from None
    w.flush(body, hi, inclusive=True)
    errata, readings = _placed(body)
    if not len(body):
        return Piece("", tuple(errata), tuple(readings))
    _indent(body, 2)
    body[-1].tail = _PAD
    text = ET.tostring(wrapper, encoding="unicode")
    inner = text[text.index("<body>") + len("<body>"):text.rindex("</body>")]
    return Piece(inner[len(_PAD):], tuple(errata), tuple(readings))


def _region_body(w: _Writer, body: ET.Element, region: Region, in_table: dict[int, Passage],
                 held: dict[str, dict[tuple[int, int, int], Any]], plan: _Plan, last_of: dict[str, list[str]],
                 after: dict[int, list[str]]) -> None:
    n, lines = region.first, region.last
    while n <= lines:
        if n in in_table:
            p = in_table[n]
            w.flush(body, w.at(n), inclusive=False)
            _tables(w, body, p, held[p.passage], plan)
            for table in last_of.get(p.passage, ()):
                _supplied(body, table, plan)
            n = p.run_lines[1] + 1
            w.flush(body, w.end_of(n - 1), inclusive=True)
            continue
        if not w.lines[n - 1].strip() and not _covered(w, w.at(n)):
            n += 1  # an empty line: its <lb/> stands between the blocks
            continue
        last = n
        while (last < lines and last + 1 not in in_table and last not in after
               and (w.lines[last].strip() or _covered(w, w.at(last + 1)))):
            last += 1
        w.flush(body, w.at(n), inclusive=False)
        w.write(_el(body, "ab"), w.at(n), w.end_of(last))
        w.flush(body, w.end_of(last), inclusive=True)
        for table in after.get(last, ()):
            _supplied(body, table, plan)
        n = last + 1


def plan_of(errata: Sequence[Erratum], readings: Sequence[Finding]) -> _Plan:
    """Where each erratum and each reading stands, and each table's supplied omissions."""
    plan = _Plan({}, {}, {}, erratum_places(errata))
    for e in errata:
        place = plan.places.get(e.id)
        if isinstance(e.corr, Supply) and e.position is None:
            plan.supplied.setdefault(e.table, []).append(e)
        elif place is not None:
            plan.errata_at[place] = e
    for f in readings:
        place = reading_place(f)
        if f.kind is Kind.READING and place is not None:
            plan.readings_at[place] = f
    return plan


def tei_text(edition: Edition, errata: Sequence[Erratum], readings: Sequence[Finding],
             pieces: Callable[[Region], Piece] | None = None) -> str:
    """The TEI P5 text of the edition (see the module's docstring). `readings`
    are the audit's notes of kind reading; each is placed where it stands.
    The body is written a region at a time (`pieces` gives each, when a build
    remembers them; else each is written here)."""
    plan = plan_of(errata, readings)
    if pieces is None:
        examples = edition.example_passages

        def written_here(r: Region) -> Piece:
            return region_piece(edition, plan, r, region_examples(r, examples))

        pieces = written_here
    written = [pieces(r) for r in tei_regions(edition)]
    _check_placed([e for p in written for e in p.errata], [r for p in written for r in p.readings], plan, errata)
    root = _document(edition, errata, readings, plan)
    _indent(root)
    text = ET.tostring(root, encoding="unicode")
    body = "".join(p.xml for p in written)
    if body:
        body = _PAD + body[:-len(_PAD)] + "\n    "
    text = text.replace(f"<body>{_BODY}</body>", f"<body>{body}</body>", 1)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n"


_BODY = "\x00body\x00"  # where the regions stand in the document, until they are put there


def _document(edition: Edition, errata: Sequence[Erratum], readings: Sequence[Finding], plan: _Plan) -> ET.Element:
    """The document but its body's regions: the header, the body (a mark where its regions go), the back."""
    ET.register_namespace("", NS)
    tei = _el(None, "TEI")
    tei.set("{http://www.w3.org/XML/1998/namespace}lang", "en")
    _header(tei, edition)
    text = _el(tei, "text")
    body = _el(text, "body")
    body.text = _BODY
    _back(text, errata, readings, plan, edition)
    return tei


def _placed(body: ET.Element) -> tuple[list[tuple[str, str]], list[str]]:
    """What a body (or a region of it) carries in place: every erratum (choice of sic and corr, surplus,
    supplied) as (its id, the xml:id of its place: its own or the nearest holding one), and every reading
    (choice of orig and reg) as the xml:id of its place; in document order."""
    parents = {child: parent for parent in body.iter() for child in parent}

    def place(el: ET.Element) -> str:
        node: ET.Element | None = el
        while node is not None and node.get(XML_ID) is None:
            node = parents.get(node)
        return node.get(XML_ID, "") if node is not None else ""

    errata: list[tuple[str, str]] = []
    readings: list[str] = []
    for el in body.iter():
        if el.tag == _tag("choice") and el.find(_tag("orig")) is not None:
            readings.append(place(el))
        elif (el.tag == _tag("choice") and el.find(_tag("sic")) is not None) or el.tag in (
                _tag("surplus"), _tag("supplied")):
            errata.append((el.get("n", ""), place(el)))
    return errata, readings


def apparatus(root: ET.Element) -> tuple[list[tuple[str, str]], list[str]]:
    """What the text carries in place: every erratum (choice of sic and corr, surplus, supplied) as (its id,
    the xml:id of its place: its own or the nearest holding one), and every reading (choice of orig and reg)
    as the xml:id of its place; in document order."""
    body = root.find(f"{_tag('text')}/{_tag('body')}")
    return _placed(body) if body is not None else ([], [])


def _check_placed(found: Sequence[tuple[str, str]], readings: Sequence[str], plan: _Plan,
                  errata: Sequence[Erratum]) -> None:
    """Every erratum and every reading has its one place, or an internal
    error: none is left out in silence."""
    placeless = [e.id for e in errata if e.id not in plan.places]
    want = sorted(plan.places.items())
    if placeless or sorted(found) != want or sorted(readings) != sorted(plan.readings_at):
        missing = placeless + [i for i, _ in sorted(set(want) - set(found))] + sorted(
            set(plan.readings_at) - set(readings))
        raise RuntimeError(f"the TEI text does not hold every erratum and reading once in its place: {missing[:3]}")


def _last_passages(edition: Edition, plan: _Plan) -> dict[str, list[str]]:
    """For each table with supplied omissions, the passage after whose run
    they go: the last passage printing the table."""
    out: dict[str, list[str]] = {}
    for table in plan.supplied:
        passages = edition.passages_for(table)
        if passages:
            last = max(passages, key=lambda p: p.run_lines)
            out.setdefault(last.passage, []).append(table)
    return out


def _covered(w: _Writer, offset: int) -> bool:
    return any(s.start < offset < s.end for s in w.spans)


def _tables(w: _Writer, body: ET.Element, p: Passage, held: dict[tuple[int, int, int], Any], plan: _Plan) -> None:
    """The blocks of a run set in columns, each a <table> in its printed layout."""
    for b_no, block in enumerate(p.blocks, 1):
        depth = max((len(c.cells) for c in block.columns), default=0)
        table = _el(body, "table", xml_id=f"{safe(p.passage)}.{b_no}", n=f"{p.passage}:{b_no}",
                    rows=str(depth), cols=str(len(block.columns)))
        for i in range(depth):
            row = _el(table, "row", n=str(i + 1))
            for column in block.columns:
                if i >= len(column.cells):
                    _el(row, "cell")
                    continue
                cell = column.cells[i]
                place = position_id(Position(p.passage, cell.block, cell.column, cell.row))
                el = _el(row, "cell", xml_id=place, role="label" if cell.role == "heading" else cell.role)
                tokens = held.get((cell.block, cell.column, cell.row), ())
                if tokens:
                    a, b = _cell_span(w, p, tokens)
                    w.flush(el, a, inclusive=True)
                    w.write(el, a, b)
                elif cell.reading is not None and place in plan.readings_at:  # read blank, keyed otherwise
                    choice = _el(el, "choice")
                    _el(choice, "orig", cell.reading.tcp, source="#second")
                    _el(choice, "reg")


def _supplied(body: ET.Element, table_id: str, plan: _Plan) -> None:
    """The omissions of a table, supplied: a <table type="supplied">, a row each."""
    table = _el(body, "table", type="supplied", n=table_id, xml_id=f"{safe(table_id)}.supplied")
    for e in plan.supplied.get(table_id, ()):
        _el(_el(_el(table, "row"), "cell"), "supplied", e.written(e.entry), xml_id=plan.places[e.id], n=e.id,
            reason="omitted", resp=_resp(e), cert=e.confidence)


def _back(text: ET.Element, errata: Sequence[Erratum], readings: Sequence[Finding], plan: _Plan,
          edition: Edition) -> None:
    """The reasons: a note for every erratum and every reading, pointing at its place."""
    div = _el(_el(text, "back"), "div", type="apparatus")
    for e in errata:
        place = plan.places.get(e.id)
        _el(div, "note", e.reason, type="erratum", subtype=tei_token(e.klass), n=e.id,
            target=f"#{place}" if place else "", resp=_resp(e), cert=e.confidence)
    for f in readings:
        place = reading_place(f)
        if f.kind is Kind.READING and place is not None:
            _el(div, "note", f.message, type="reading", target=f"#{place}")


def _header(tei: ET.Element, edition: Edition) -> None:
    """The teiHeader, from the edition's own files: its title, editors and
    date (edition.yaml), the book (witness.yaml), the second witness (its
    witness.yaml), the licences."""
    from .. import __version__
    from .datapackage import MIT, _mapping, _second_witness, _text

    meta = edition.edition_metadata
    editors = _text(meta.get("editors")) or f"the editors of the edition {edition.name}"
    header = _el(tei, "teiHeader")
    file_desc = _el(header, "fileDesc")
    title_stmt = _el(file_desc, "titleStmt")
    _el(title_stmt, "title", _text(meta.get("title")) or edition.name, type="main")
    _el(title_stmt, "title", SUBTITLE, type="sub")
    _el(title_stmt, "editor", editors)
    for rid, what, who in (("rithmocheck", "the tables regenerated from first principles and the audit",
                            "rithmocheck"), ("editor", "the curated errata and the readings", editors)):
        stmt = _el(title_stmt, "respStmt", xml_id=rid)
        _el(stmt, "resp", what)
        _el(stmt, "name", who)
    day = meta.get("date")
    edition_stmt = _el(file_desc, "editionStmt")
    ed = _el(edition_stmt, "edition", f"The edition {edition.name}", n=edition.name)
    if day is not None:
        _el(ed, "date", str(day), when=str(day))
    pub = _el(file_desc, "publicationStmt")
    _el(pub, "authority", editors)
    availability = _el(pub, "availability")
    _el(availability, "licence", MIT["title"], target=MIT["path"])
    witness = _second_witness(edition)
    licence = _mapping(witness.get("licence"))
    if _text(licence.get("url")) and edition.second_witness_path is not None:
        where = edition.second_witness_path.relative_to(edition.root).as_posix()
        _el(availability, "licence", f"{_text(licence.get('name')) or 'Licence'}: the second witness, {where}, and "
                                     "what derives from it (the page references, the readings against it)",
            target=_text(licence.get("url")))
    if day is not None:
        _el(pub, "date", str(day), when=str(day))
    source = _el(file_desc, "sourceDesc")
    book_bibl(source, edition)
    wits = _el(source, "listWit")
    primary = _text(edition.metadata.get("description"))
    _el(wits, "witness", " ".join(x for x in (
        f"The primary witness, {edition.witness_path.name}", f"(SHA-256 {_text(edition.metadata.get('sha256'))})"
        if edition.metadata.get("sha256") else "", f"{primary}" if primary else "") if x), xml_id="primary")
    if edition.second_witness_path is not None:
        src = _mapping(witness.get("source"))
        where = edition.second_witness_path.relative_to(edition.root).as_posix()
        _el(wits, "witness", "; ".join(x for x in (
            f"The second witness, {where}", _text(witness.get("short_title")).rstrip("."),
            f"{_text(src.get('repository'))} at commit {_text(src.get('commit'))}" if src.get("commit") else "",
            _text(witness.get("keying"))) if x), xml_id="second")
    encoding = _el(header, "encodingDesc")
    app = _el(_el(encoding, "appInfo"), "application", ident="rithmocheck", version=__version__)
    _el(app, "label", "rithmocheck")
    decl = _el(encoding, "editorialDecl")
    for text in (
        "Every line of the primary witness begins with lb, its n the line's number, as every citation of rithmocheck "
        "numbers it; every page of the book with pb, its n the page as cited (image N, left or right), its facs the "
        "second witness's reference to the image. A page on which no line of the primary witness stands has its pb "
        "before the next page's.",
        "A run the edition transcribes as a table set in columns is a table per block (xml:id PASSAGE.BLOCK), a row "
        "per printed row and a cell per printed cell, its xml:id the cell's position PASSAGE.BLOCK.COLUMN.ROW and its "
        "role the transcription's (label for a heading); an empty cell with no id pads a column shorter than the "
        "others. A list set in prose stays prose, each cell a seg with its position as xml:id and its role as type. "
        "A milestone marks where each passage (a table's run with its heading, a passage of worked examples) begins, "
        "pointing to the anchor where it ends.",
        "Every figure and every number in words of a worked example is a num with its value, its xml:id "
        "EXAMPLE.TOKEN (the token's @ written as a dot).",
        "The curated errata stand in their places: a correction as choice of sic and corr, a spurious or repeated "
        "entry as surplus, an omission as supplied in a table of type supplied after the last block printing its "
        "table (xml:id TABLE.supplied.NUMBERS); each carries the erratum's id as n, with resp and cert. A reading "
        "is a choice of orig (what the print has, or the second witness, then with source #second) and reg (how the "
        "edition reads it). The "
        "back gives every erratum's and reading's reason, each a note whose target is its place.",
    ):
        _el(decl, "p", text)


_BLOCKS = frozenset(_tag(t) for t in ("TEI", "teiHeader", "fileDesc", "titleStmt", "respStmt", "editionStmt",
                                      "publicationStmt", "availability", "sourceDesc", "bibl", "listWit",
                                      "encodingDesc", "appInfo", "application", "editorialDecl", "text", "body",
                                      "back", "div", "table", "row"))


def _indent(elem: ET.Element, level: int = 0) -> None:
    """Indent the elements that hold only elements; text (an ab, a cell, a
    note) is left as it stands, its whitespace being the witness's."""
    if elem.tag not in _BLOCKS or not len(elem):
        return
    pad = "\n" + "  " * (level + 1)
    if not (elem.text or "").strip():
        elem.text = pad
    for child in elem:
        _indent(child, level + 1)
        if not (child.tail or "").strip():
            child.tail = pad
    last = elem[-1]
    if not (last.tail or "").strip():
        last.tail = "\n" + "  " * level
