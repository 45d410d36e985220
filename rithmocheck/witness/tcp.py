"""The EEBO-TCP keying of the 1563 book (A05389.xml), read with the standard
library's ElementTree into frozen dataclasses.

What is read:

* the page breaks ``<pb facs="tcp:20707:N"/>``: image N is one opening of
  the microfilm, so each N occurs twice, first the left page, then the right
  page (``Page(image, side)``);
* every ``<table>``: its rows and cells, each cell with its text, the
  numbers and cossick signs it holds, its ``role`` attribute, its column in
  the table's grid (``cols``/``rows`` spans resolved), the page it stands
  on, and the table's heading;
* the running text of ``<text>`` (front, body, back), whitespace folded,
  with the page in force at every offset, so that any stretch of text can be
  given its page.

Rendering of the keyers' marks (kept visible, and recorded as ``Mark``):

* ``<g ref="char:EOLhyphen"/>`` and ``char:EOLunhyphen`` (a word broken at a
  line end, with or without a printed hyphen): the two halves are joined,
  nothing shown;
* a cossick sign ``<expan><am><g ref="char:powerofN"/></am><ex>powerofN</ex>
  </expan>``: shown as ``{powerofN}``, the primary witness's notation, and
  recorded in ``signs``;
* any other ``<g>`` (the abbreviation stroke, a combining macron; the leaf
  ornament; a punctuation mark): its content, as keyed;
* ``<gap>``: its ``<desc>`` (e.g. ``〈◊〉``), or ``〈◊〉`` when it has none.
"""

from __future__ import annotations

import bisect
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .page import SIDES, Page
from .shipped import MAX_FIGURES, SHIPPED_TCP, SHIPPED_TCP_DIR

TEI_NS = "http://www.tei-c.org/ns/1.0"
_T = "{" + TEI_NS + "}"

# The shipped keying (package data); its path is named in witness/shipped.py.
# An edition's own second witness: Edition.second_witness_path, or for_edition().
TCP_FILE = SHIPPED_TCP
TCP_DIR = SHIPPED_TCP_DIR

GAP_PLACEHOLDER = "〈◊〉"

# Elements rendered inline (no word boundary around them); every other
# element of <text> is a block and separates words.
_INLINE = frozenset({"hi", "seg", "g", "expan", "am", "ex", "gap", "pb", "ref", "abbr", "c"})
_JOINERS = frozenset({"char:EOLhyphen", "char:EOLunhyphen"})
_POWER = re.compile(r"char:powerof(\d+)$")
_FACS = re.compile(r"tcp:(\d+):(\d+)$")
SIGN_TEXT = re.compile(r"\{powerof(\d+)\}")
NUMBER = re.compile(r"\d+")
# Tokens of running text: a cossick sign, a number, or a word (letters with
# any combining marks, e.g. the abbreviation stroke of "nothīg").
TOKEN = re.compile(r"\{powerof(\d+)\}|(\d+)|((?:[^\W\d_]|[\u0300-\u036f])+)")


@dataclass(frozen=True)
class PageBreak:
    """A <pb/>: the page that begins there."""

    page: Page
    facs: str
    rendition: str | None  # "simple:additions": the TCP's MS="Y", manuscript additions on the filmed page
    offset: int  # offset in Document.text where the page begins


@dataclass(frozen=True)
class Mark:
    """A keyer's mark kept in the rendered text: <g ref=...> or <gap>."""

    kind: str  # "g" or "gap"
    ref: str  # the g's ref (e.g. "char:cmbAbbrStroke", "char:powerof4") or the gap's reason
    shown: str  # what stands for it in the rendered text ("" for line-end joins)
    offset: int  # offset of `shown` in the rendered text it belongs to


@dataclass(frozen=True)
class Cell:
    table: int  # 1-based number of the table in document order
    row: int  # 1-based row of the table
    index: int  # 1-based index of the cell within its row
    column: int  # 1-based first grid column it occupies (spans of earlier cells resolved)
    cols: int
    rows: int
    role: str | None  # the cell's role attribute ("label"), if any
    text: str  # rendered, whitespace folded; "" for an empty cell
    numbers: tuple[int, ...]
    signs: tuple[int, ...]  # cossick signs (N of powerofN), in order
    marks: tuple[Mark, ...]
    page: Page

    @property
    def empty(self) -> bool:
        return not self.text

    @property
    def columns(self) -> range:
        return range(self.column, self.column + self.cols)


@dataclass(frozen=True)
class Row:
    table: int
    number: int  # 1-based
    cells: tuple[Cell, ...]
    page: Page  # the page the row's first cell stands on


@dataclass(frozen=True)
class Table:
    number: int  # 1-based, document order
    heading: str | None  # the table's own <head>, else the nearest preceding div <head>
    heading_source: str  # "table" (its own <head>) or "preceding"
    page: Page  # the page in force where the table begins
    rows: tuple[Row, ...]
    width: int  # grid columns

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(c for r in self.rows for c in r.cells)

    @property
    def pages(self) -> tuple[Page, ...]:
        seen: dict[Page, None] = {}
        for c in self.cells:
            seen.setdefault(c.page, None)
        return tuple(seen) or (self.page,)

    def grid(self) -> tuple[tuple[Cell | None, ...], ...]:
        """Row by row, the cell occupying each grid column (a spanning cell
        fills every column and row it spans; None where nothing stands)."""
        out: list[list[Cell | None]] = [[None] * self.width for _ in self.rows]
        for c in self.cells:
            for r in range(c.row, c.row + c.rows):
                for k in c.columns:
                    if r <= len(out):
                        out[r - 1][k - 1] = c
        return tuple(tuple(r) for r in out)


@dataclass(frozen=True)
class Token:
    """A token of the running text: a number, a cossick sign or a word."""

    kind: str  # "number", "sign" or "word"
    text: str  # digits, "{powerofN}" or the word as keyed
    start: int  # offset in Document.text
    end: int
    page: Page
    cell: tuple[int, int, int] | None  # (table, row, cell index) when the token stands in a table cell
    context: str  # the innermost block elements around it, e.g. "div/head", "figure/head", "p", "row/cell"


@dataclass(frozen=True)
class TextSpan:
    start: int
    end: int
    text: str
    first_page: Page
    last_page: Page


@dataclass(frozen=True)
class Header:
    titles: tuple[str, ...]
    authors: tuple[str, ...]  # titleStmt authors, then those of sourceDesc not already listed
    idnos: tuple[tuple[str, str], ...]  # (type, value)
    availability: str
    notes: tuple[str, ...]  # notesStmt notes of the publication and of the source
    publisher: str
    pub_place: str
    date: str
    extent: str

    def idno(self, kind: str) -> tuple[str, ...]:
        return tuple(v for t, v in self.idnos if t == kind)


@dataclass(frozen=True)
class Document:
    header: Header
    breaks: tuple[PageBreak, ...]
    tables: tuple[Table, ...]
    text: str  # the running text of <text>, whitespace folded, marks rendered
    marks: tuple[Mark, ...]  # every mark of the running text
    _page_starts: tuple[int, ...] = field(repr=False)
    _page_of_start: tuple[Page, ...] = field(repr=False)
    _cell_starts: tuple[int, ...] = field(repr=False)
    _cell_of_start: tuple[tuple[int, int, int] | None, ...] = field(repr=False)
    _context_starts: tuple[int, ...] = field(repr=False, default=())
    _context_of_start: tuple[str, ...] = field(repr=False, default=())

    @property
    def pages(self) -> tuple[Page, ...]:
        return tuple(b.page for b in self.breaks)

    @property
    def rows(self) -> tuple[Row, ...]:
        return tuple(r for t in self.tables for r in t.rows)

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(c for t in self.tables for c in t.cells)

    def page_at(self, offset: int) -> Page | None:
        """The page in force at an offset of the running text (None before
        the first page break)."""
        i = bisect.bisect_right(self._page_starts, offset) - 1
        return self._page_of_start[i] if i >= 0 else None

    def _page(self, offset: int) -> Page:
        """The page of text standing at an offset (parse() refuses text
        before the first page break, so every character has one)."""
        page = self.page_at(offset)
        if page is None:
            raise ValueError(f"text at offset {offset} stands before the first page break")
        return page

    def cell_at(self, offset: int) -> tuple[int, int, int] | None:
        """(table, row, cell index) of the table cell at an offset, or None
        in running prose."""
        i = bisect.bisect_right(self._cell_starts, offset) - 1
        return self._cell_of_start[i] if i >= 0 else None

    def context_at(self, offset: int) -> str:
        """The innermost two block elements at an offset, e.g. "div/head",
        "figure/head", "div/p", "note" (as "p/note"), "row/cell"."""
        i = bisect.bisect_right(self._context_starts, offset) - 1
        return self._context_of_start[i] if i >= 0 else ""

    def find(self, needle: str, *, fold_case: bool = False) -> tuple[TextSpan, ...]:
        """Every occurrence of a stretch of text (whitespace folded; the
        original spelling, as rendered here) with the pages where it begins
        and ends."""
        want = " ".join(needle.split())
        if not want:
            raise ValueError("empty text")
        hay = self.text.lower() if fold_case else self.text
        if fold_case:
            want = want.lower()
        out = []
        start = hay.find(want)
        while start >= 0:
            end = start + len(want)
            out.append(TextSpan(start, end, self.text[start:end], self._page(start), self._page(end - 1)))
            start = hay.find(want, start + 1)
        return tuple(out)

    def page_of_text(self, needle: str, *, fold_case: bool = False) -> Page:
        """The page where a stretch of running text begins (its first
        occurrence); LookupError when it is not in the text."""
        hits = self.find(needle, fold_case=fold_case)
        if not hits:
            raise LookupError(f"not in the TCP text: {needle!r}")
        return hits[0].first_page

    def tokens_on(self, pages: set[Page]) -> tuple[Token, ...]:
        """The tokens of `tokens()` that stand on the pages given, read from their stretch of the text alone."""
        if "_tokens" in self.__dict__:
            return tuple(t for t in self.tokens() if t.page in pages)
        starts = [i for i, b in enumerate(self.breaks) if b.page in pages]
        if not starts:
            return ()
        lo = self.breaks[starts[0]].offset
        after = starts[-1] + 2  # (to the start of the page after the next: a token running on is read whole)
        hi = self.breaks[after].offset if after < len(self.breaks) else len(self.text)
        out = []
        for m in TOKEN.finditer(self.text, lo, hi):
            page = self._page(m.start())
            if page in pages:
                kind = "sign" if m.group(1) else "number" if m.group(2) else "word"
                out.append(Token(kind, m.group(0), m.start(), m.end(), page, self.cell_at(m.start()),
                                 self.context_at(m.start())))
        return tuple(out)

    def tokens(self) -> tuple[Token, ...]:
        """The running text as numbers, cossick signs and words, each with
        its page and (in a table) its cell (made once for the document)."""
        found: tuple[Token, ...] | None = self.__dict__.get("_tokens")
        if found is None:
            out = []
            for m in TOKEN.finditer(self.text):
                kind = "sign" if m.group(1) else "number" if m.group(2) else "word"
                out.append(Token(kind, m.group(0), m.start(), m.end(), self._page(m.start()),
                                 self.cell_at(m.start()), self.context_at(m.start())))
            found = self.__dict__["_tokens"] = tuple(out)
        return found


# --- rendering -------------------------------------------------------------------


class _Writer:
    """Accumulates rendered text with whitespace folded to single spaces."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.n = 0
        self.pending = False  # a word boundary is due before the next text
        self.joining = False  # a line-end join: no boundary before the next text
        self.marks: list[Mark] = []

    def offset(self) -> int:
        """Where the next visible character will stand."""
        return self.n + (1 if self.pending and self.n else 0)

    def boundary(self) -> None:
        if not self.joining:
            self.pending = True

    def join(self) -> None:
        self.pending = False
        self.joining = True

    def emit(self, s: str) -> None:
        if not s:
            return
        if self.pending and self.n:
            self.parts.append(" ")
            self.n += 1
        self.parts.append(s)
        self.n += len(s)
        self.pending = self.joining = False

    def text(self, s: str | None) -> None:
        if not s:
            return
        words = s.split()
        if s[0].isspace():
            self.boundary()
        for i, w in enumerate(words):
            if i:
                self.boundary()
            self.emit(w)
        if s[-1].isspace():
            self.boundary()

    def mark(self, kind: str, ref: str, shown: str) -> None:
        if shown:
            self.marks.append(Mark(kind, ref, shown, self.offset()))
            self.emit(shown)
        else:
            self.marks.append(Mark(kind, ref, shown, self.n))

    def result(self) -> str:
        return "".join(self.parts)


# Called around every element rendered: visit(element, writer, entering).
Visitor = Callable[[ET.Element, "_Writer", bool], None]


def _local(tag: object) -> str:
    return tag[len(_T):] if isinstance(tag, str) and tag.startswith(_T) else str(tag)


def _render_into(elem: ET.Element, w: _Writer, visit: Visitor | None = None) -> None:
    """Render an element and its descendants (not its tail) into w. `visit`,
    if given, is called as visit(elem, w, entering) around every element, so
    that the caller can follow page breaks and table cells."""
    tag = _local(elem.tag)
    if visit:
        visit(elem, w, True)
    inline = tag in _INLINE
    if not inline:
        w.boundary()
    if tag == "g":
        ref = elem.get("ref", "")
        power = _POWER.match(ref)
        if ref in _JOINERS:
            w.mark("g", ref, "")
            w.join()
        elif power:
            w.mark("g", ref, "{powerof" + power.group(1) + "}")
        else:
            w.mark("g", ref, " ".join("".join(elem.itertext()).split()))
    elif tag == "gap":
        desc = elem.find(_T + "desc")
        shown = " ".join("".join(desc.itertext()).split()) if desc is not None else ""
        w.mark("gap", elem.get("reason", ""), shown or GAP_PLACEHOLDER)
    elif tag == "expan" and any(_POWER.match(g.get("ref", "")) for g in elem.iter(_T + "g")):
        for g in elem.iter(_T + "g"):  # the sign itself; its <ex> expansion is not shown twice
            power = _POWER.match(g.get("ref", ""))
            if power:
                w.mark("g", g.get("ref", ""), "{powerof" + power.group(1) + "}")
    else:
        w.text(elem.text)
        for child in elem:
            _render_into(child, w, visit)
            w.text(child.tail)
    if not inline:
        w.boundary()
    if visit:
        visit(elem, w, False)


def render(elem: ET.Element) -> tuple[str, tuple[Mark, ...]]:
    """The rendered text of one element (without its tail) and its marks."""
    w = _Writer()
    _render_into(elem, w)
    return w.result(), tuple(w.marks)


# --- parsing ---------------------------------------------------------------------


def _rendered(elem: ET.Element | None) -> str:
    return render(elem)[0] if elem is not None else ""


def _header(root: ET.Element) -> Header:
    hdr = root.find(_T + "teiHeader")
    pub = hdr.find(f"{_T}fileDesc/{_T}publicationStmt") if hdr is not None else None
    if hdr is None or pub is None:
        raise ValueError("no teiHeader with a fileDesc/publicationStmt")
    fd = "tei:fileDesc/"
    ns = {"tei": TEI_NS}
    bibl = hdr.find(f"{_T}fileDesc/{_T}sourceDesc/{_T}biblFull")

    def one(path: str) -> str:
        return _rendered(bibl.find(path, ns)) if bibl is not None else ""

    def all_of(parent: ET.Element | None, path: str) -> tuple[str, ...]:
        return tuple(render(e)[0] for e in parent.findall(path, ns)) if parent is not None else ()

    authors = list(all_of(hdr, fd + "tei:titleStmt/tei:author"))
    authors += [a for a in dict.fromkeys(all_of(bibl, "tei:titleStmt/tei:author")) if a not in authors]
    return Header(
        titles=all_of(hdr, fd + "tei:titleStmt/tei:title"),
        authors=tuple(authors),
        idnos=tuple((e.get("type", ""), render(e)[0]) for e in pub.findall(_T + "idno")),
        availability=_rendered(pub.find(_T + "availability")),
        notes=all_of(hdr, fd + "tei:notesStmt/tei:note") + all_of(bibl, "tei:notesStmt/tei:note"),
        publisher=one("tei:publicationStmt/tei:publisher"),
        pub_place=one("tei:publicationStmt/tei:pubPlace"),
        date=one("tei:publicationStmt/tei:date"),
        extent=one("tei:extent"),
    )


CellKey = tuple[int, int, int]  # (table, row, cell index), 1-based


@dataclass
class _RawTable:
    elem: ET.Element
    page: Page
    heading: str | None
    heading_source: str  # "table" or "preceding"


class _Reader:
    """Follows the rendering of <text> (as its Visitor): the page breaks,
    the tables with the page in force where each cell begins, and the
    offsets where pages, table cells and block contexts begin."""

    def __init__(self) -> None:
        self.breaks: list[PageBreak] = []
        self.seen_image: dict[int, int] = {}
        self.page: Page | None = None
        self.page_starts: list[int] = []
        self.page_of_start: list[Page] = []
        self.cell_starts: list[int] = [0]
        self.cell_of_start: list[CellKey | None] = [None]
        self.tables: list[_RawTable] = []
        self.cell_pages: dict[int, Page] = {}
        self.last_head: str | None = None
        self.parents: list[str] = []
        self.context_starts: list[int] = [0]
        self.context_of_start: list[str] = [""]
        self.table_no = self.row_no = self.cell_no = 0

    def block_path(self) -> str:
        blocks = [t for t in self.parents if t not in _INLINE]
        return "/".join(blocks[-2:])

    def current_page(self, what: str) -> Page:
        if self.page is None:
            raise ValueError(f"{what} before the first page break")
        return self.page

    def __call__(self, elem: ET.Element, w: _Writer, entering: bool) -> None:
        tag = _local(elem.tag)
        if not entering:
            self.leave(tag, w)
            return
        if tag == "pb":
            self.page_break(elem, w)
        elif tag == "table":
            self.table(elem, w)
        elif tag == "row":
            self.row_no += 1
            self.cell_no = 0
        elif tag == "cell":
            self.cell(elem, w)
        elif tag == "head" and self.parents and self.parents[-1] in ("div", "table"):
            self.last_head = render(elem)[0]
        if w.n and not self.breaks:
            raise ValueError("text before the first page break")
        self.parents.append(tag)
        if tag not in _INLINE:
            self.context_starts.append(w.offset())
            self.context_of_start.append(self.block_path())

    def leave(self, tag: str, w: _Writer) -> None:
        self.parents.pop()
        if tag == "cell":
            self.cell_starts.append(w.n + 1)
            self.cell_of_start.append(None)
        if tag not in _INLINE:
            self.context_starts.append(w.n + 1)
            self.context_of_start.append(self.block_path())

    def page_break(self, elem: ET.Element, w: _Writer) -> None:
        m = _FACS.match(elem.get("facs", ""))
        if not m:
            raise ValueError(f"page break without tcp facs: {elem.attrib}")
        image = int(m.group(2))
        k = self.seen_image.get(image, 0)
        if k >= 2:
            raise ValueError(f"image {image} has more than two page breaks")
        if self.breaks and image < self.breaks[-1].page.image:
            raise ValueError(f"page breaks out of order at image {image}")
        self.seen_image[image] = k + 1
        page = Page(image, SIDES[k])
        off = w.offset()
        self.breaks.append(PageBreak(page, elem.get("facs", ""), elem.get("rendition"), off))
        self.page_starts.append(off)
        self.page_of_start.append(page)
        self.page = page

    def table(self, elem: ET.Element, w: _Writer) -> None:
        self.table_no += 1
        self.row_no = 0
        page = self.current_page("a table")
        own = elem.find(_T + "head")
        if own is not None:
            self.tables.append(_RawTable(elem, page, render(own)[0], "table"))
        else:
            self.tables.append(_RawTable(elem, page, self.last_head, "preceding"))

    def cell(self, elem: ET.Element, w: _Writer) -> None:
        self.cell_no += 1
        self.cell_pages[id(elem)] = self.current_page("a table cell")
        self.cell_starts.append(w.offset())
        self.cell_of_start.append((self.table_no, self.row_no, self.cell_no))


def parse(data: bytes | str) -> Document:
    """Parse the TEI of the TCP keying."""
    root = ET.fromstring(data)
    if root.tag != _T + "TEI":
        raise ValueError(f"not a TEI document in the TEI namespace (root {root.tag!r})")
    text_el = root.find(_T + "text")
    if text_el is None:
        raise ValueError("no <text>")
    reader = _Reader()
    w = _Writer()
    _render_into(text_el, w, reader)
    long = re.search(rf"\d{{{MAX_FIGURES + 1},}}", w.result())
    if long is not None:
        raise ValueError(f"a number of {len(long.group())} figures in its text; a number of a witness has at most "
                         f"{MAX_FIGURES}")
    tables = tuple(_table(number, raw, reader.cell_pages) for number, raw in enumerate(reader.tables, 1))
    return Document(
        header=_header(root),
        breaks=tuple(reader.breaks),
        tables=tables,
        text=w.result(),
        marks=tuple(w.marks),
        _page_starts=tuple(reader.page_starts),
        _page_of_start=tuple(reader.page_of_start),
        _cell_starts=tuple(reader.cell_starts),
        _cell_of_start=tuple(reader.cell_of_start),
        _context_starts=tuple(reader.context_starts),
        _context_of_start=tuple(reader.context_of_start),
    )


MAX_SPAN = 1_000  # the most columns or rows one cell may span (the keying's widest table has 7 columns)


def _int_attr(elem: ET.Element, name: str) -> int:
    raw = elem.get(name)
    if raw is None:
        return 1
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 4 or not 1 <= int(raw) <= MAX_SPAN:
        raise ValueError(f"bad {name}={raw[:20]!r} on a cell (a whole number from 1 to {MAX_SPAN})")
    return int(raw)


def _table(number: int, raw: _RawTable, cell_pages: dict[int, Page]) -> Table:
    occupied: set[tuple[int, int]] = set()
    rows = []
    width = 0
    for r_i, row_el in enumerate(raw.elem.findall(_T + "row"), 1):
        cells = []
        col = 1
        for c_i, cell_el in enumerate(row_el.findall(_T + "cell"), 1):
            while (r_i, col) in occupied:
                col += 1
            cols, nrows = _int_attr(cell_el, "cols"), _int_attr(cell_el, "rows")
            for rr in range(r_i, r_i + nrows):
                for cc in range(col, col + cols):
                    occupied.add((rr, cc))
            text, marks = render(cell_el)
            bare = SIGN_TEXT.sub(" ", text)
            cells.append(Cell(
                table=number, row=r_i, index=c_i, column=col, cols=cols, rows=nrows,
                role=cell_el.get("role"), text=text,
                numbers=tuple(int(n) for n in NUMBER.findall(bare)),
                signs=tuple(int(s) for s in SIGN_TEXT.findall(text)),
                marks=marks, page=cell_pages.get(id(cell_el), raw.page)))
            col += cols
            width = max(width, col - 1)
        row_page = cells[0].page if cells else raw.page
        rows.append(Row(number, r_i, tuple(cells), row_page))
    return Table(number, raw.heading, raw.heading_source, raw.page, tuple(rows), width)


TCP_BYTES = 20_000_000  # the shipped keying is 0.2 MB
MAX_XML_DEPTH = 200  # nesting of elements; the shipped keying needs 12 (the renderer recurses)


class _TooDeep(Exception):
    def __init__(self, line: int | None):
        super().__init__(line)
        self.line = line


def _check_depth(data: bytes) -> None:
    """_TooDeep (with its line) when elements nest deeper than MAX_XML_DEPTH;
    a scan by expat, before the tree is built and walked. Malformed XML is
    left for the parser to name."""
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    depth = 0

    def start(_name: str, _attrs: object) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_XML_DEPTH:
            raise _TooDeep(parser.CurrentLineNumber)

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError:
        pass


def default_file() -> Path:
    """The shipped edition's second witness (package data)."""
    return TCP_FILE


def load(path: str | Path | None = None) -> Document:
    """The parsed TCP keying (by default the shipped one; cached)."""
    return _load(str(path if path is not None else default_file()))


def _load(path: str) -> Document:
    from ..inputs import read_bytes

    return parsed(read_bytes(path, TCP_BYTES), path)


@lru_cache(maxsize=2)
def parsed(data: bytes, path: str) -> Document:
    """The keying parsed, kept by its bytes (an edited file is read afresh), and remembered as parsed
    (rithmocheck.memo, by the bytes and this reader's code) so that a later run does not parse it again."""
    from ..errors import InputError

    try:
        _check_depth(data)
        return _remembered(data)
    except _TooDeep as exc:
        raise InputError(path, exc.line, f"elements nested more than {MAX_XML_DEPTH} deep") from None
    except ET.ParseError as exc:
        raise InputError(path, exc.position[0], f"malformed XML: {exc}") from None
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
        raise InputError(path, None, f"not an EEBO-TCP TEI keying this reader knows: {exc}") from None


def for_edition(edition: Any) -> Document:
    """The second witness of an edition, or InputError (exit 2) when the
    edition has none or its file is missing."""
    from ..errors import InputError

    path = edition.second_witness_path
    if path is None:
        raise InputError(edition.root / "edition.yaml", None,
                         "the edition has no second witness (set second_witness: to an EEBO-TCP TEI file)")
    if not Path(path).is_file():
        raise InputError(path, None, "the edition's second witness (edition.yaml: second_witness) is missing")
    return load(path)


# --- the document remembered -----------------------------------------------------------------------------

DOCUMENT_FORMAT = 1


def _remembered(data: bytes) -> Document:
    """`parse(data)`, taken from the memo where these bytes were parsed before by this code (a key that moves
    with the bytes and with this module and page.py); what cannot be parsed is never remembered."""
    import hashlib

    from .. import memo
    from . import page

    if not memo.enabled():
        return parse(data)
    h = hashlib.sha256(f"tcp document {DOCUMENT_FORMAT} {MAX_FIGURES}\0".encode())
    for module in (__file__, page.__file__):
        h.update(Path(module).read_bytes() + b"\0")
    h.update(data)
    key = f"tcp-document:{h.hexdigest()}"
    found = memo.get(key)
    if found is not None:
        try:
            return document_of(found[0])
        except (TypeError, ValueError, KeyError, IndexError):  # a value of another shape: parsed again
            pass
    doc = parse(data)
    memo.put(key, document_data(doc))
    return doc


def document_data(doc: Document) -> dict[str, Any]:
    """A parsed document as JSON data (`document_of` reads it back, equal)."""
    pages: dict[Page, int] = {}

    def pg(p: Page) -> int:
        return pages.setdefault(p, len(pages))

    def marks(ms: tuple[Mark, ...]) -> list[list[Any]]:
        return [[m.kind, m.ref, m.shown, m.offset] for m in ms]

    h = doc.header
    out = {
        "header": [list(h.titles), list(h.authors), [list(i) for i in h.idnos], h.availability, list(h.notes),
                   h.publisher, h.pub_place, h.date, h.extent],
        "breaks": [[pg(b.page), b.facs, b.rendition, b.offset] for b in doc.breaks],
        "tables": [[t.number, t.heading, t.heading_source, pg(t.page), t.width,
                    [[r.table, r.number, pg(r.page),
                      [[c.table, c.row, c.index, c.column, c.cols, c.rows, c.role, c.text, list(c.numbers),
                        list(c.signs), marks(c.marks), pg(c.page)] for c in r.cells]] for r in t.rows]]
                   for t in doc.tables],
        "text": doc.text,
        "marks": marks(doc.marks),
        "page_starts": list(doc._page_starts),
        "page_of_start": [pg(p) for p in doc._page_of_start],
        "cell_starts": list(doc._cell_starts),
        "cell_of_start": [None if c is None else list(c) for c in doc._cell_of_start],
        "context_starts": list(doc._context_starts),
        "context_of_start": list(doc._context_of_start),
    }
    out["pages"] = [[p.image, p.side] for p in pages]
    return out


def document_of(data: dict[str, Any]) -> Document:
    """The document `document_data` wrote."""
    pages = [Page(int(i), str(side)) for i, side in data["pages"]]

    def marks(ms: list[list[Any]]) -> tuple[Mark, ...]:
        return tuple(Mark(k, r, s, o) for k, r, s, o in ms)

    titles, authors, idnos, availability, notes, publisher, place, date, extent = data["header"]
    return Document(
        header=Header(tuple(titles), tuple(authors), tuple((a, b) for a, b in idnos), availability, tuple(notes),
                      publisher, place, date, extent),
        breaks=tuple(PageBreak(pages[p], facs, rendition, offset) for p, facs, rendition, offset in data["breaks"]),
        tables=tuple(Table(number, heading, source, pages[page], tuple(
            Row(table, row_no, tuple(Cell(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], tuple(c[8]), tuple(c[9]),
                                          marks(c[10]), pages[c[11]]) for c in cells), pages[row_page])
            for table, row_no, row_page, cells in rows), width)
            for number, heading, source, page, width, rows in data["tables"]),
        text=data["text"],
        marks=marks(data["marks"]),
        _page_starts=tuple(data["page_starts"]),
        _page_of_start=tuple(pages[p] for p in data["page_of_start"]),
        _cell_starts=tuple(data["cell_starts"]),
        _cell_of_start=tuple(None if c is None else (c[0], c[1], c[2]) for c in data["cell_of_start"]),
        _context_starts=tuple(data["context_starts"]),
        _context_of_start=tuple(data["context_of_start"]),
    )
