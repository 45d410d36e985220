"""The page map of the primary witness: for every line of witness.txt the
printed page (EEBO image N, left or right) it stands on.

The map is derived by aligning the primary witness with the TCP keying
(rithmocheck.witness.align): a line gets the page of its first token that
the alignment pairs with a TCP token (exactly, or word for word in a
stretch of modernised spelling; failing that, proportionally); a line with
no paired token (an empty line, or one the TCP lacks) gets the page in
force where the previous line ended. A line over which a page break falls
belongs to the page where it begins, and the break is recorded.

Aligning takes most of a second, so the map is computed once by
``tools/write_pages.py`` into the edition's ``pages.yaml``
(a test fails when that file is stale); ``page_of`` only reads it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .page import Page


@dataclass(frozen=True)
class PageRange:
    first: int  # witness lines, 1-based, inclusive
    last: int
    page: Page


@dataclass(frozen=True)
class LineBreak:
    """A page break inside a witness line: the line belongs to the page
    where it begins; `page` begins before the word at `column`."""

    line: int
    column: int  # 0-based column in the line of the first word on the new page
    word: str
    page: Page


@dataclass(frozen=True)
class PageMap:
    lines: int
    ranges: tuple[PageRange, ...]
    breaks: tuple[LineBreak, ...]
    witness_sha256: str
    tcp_sha256: str

    def page_of(self, line: int) -> Page:
        if not 1 <= line <= self.lines:
            raise IndexError(f"line {line} is not a line of the witness (1..{self.lines})")
        lo, hi = 0, len(self.ranges) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.ranges[mid].first <= line:
                lo = mid
            else:
                hi = mid - 1
        return self.ranges[lo].page

    def page_at(self, line: int, column: int = 0) -> Page:
        """The page on which the text at a column of a line stands: the
        line's page, or a later one where a page break falls before the
        column."""
        page = self.page_of(line)
        for b in self.breaks:
            if b.line == line and b.column <= column:
                page = b.page
        return page

    def lines_of(self, page: Page) -> tuple[int, int] | None:
        """The witness lines that begin on a page (None if none does)."""
        for r in self.ranges:
            if r.page == page:
                return r.first, r.last
        return None

    def breaks_in(self, first: int, last: int) -> tuple[LineBreak, ...]:
        return tuple(b for b in self.breaks if first <= b.line <= last)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compute(witness: Path | None = None, tcp_file: Path | None = None) -> PageMap:
    """Derive the page map by aligning the witness with the TCP keying (by
    default the shipped edition's)."""
    from . import align, tcp
    from .shipped import SHIPPED_WITNESS

    witness = witness if witness is not None else SHIPPED_WITNESS
    tcp_file = tcp_file if tcp_file is not None else tcp.default_file()

    lines = align.witness_lines(witness)
    doc = tcp.load(str(tcp_file))
    al = align.align(lines, doc)
    by_line: dict[int, list[int]] = {}
    for i, t in enumerate(al.witness):
        by_line.setdefault(t.line, []).append(i)

    # the page in force where the previous line ended (before the first
    # paired token: the page of that token)
    def paired_page(i: int) -> Page:
        token = al.tcp_token(i)
        assert token is not None, "only paired witness tokens have a page"
        page: Page = token.page
        return page

    current = next(paired_page(i) for i in range(len(al.witness)) if al.pairs[i] is not None)
    line_pages: list[Page] = []
    breaks: list[LineBreak] = []
    for n in range(1, len(lines) + 1):
        idx = by_line.get(n, [])
        paired = [i for i in idx if al.how[i] in ("equal", "replace")] or [
            i for i in idx if al.how[i] == "approx"]
        if not paired:
            line_pages.append(current)
            continue
        pages = [(i, paired_page(i)) for i in paired]
        start = pages[0][1]
        line_pages.append(start)
        here = start
        for i, p in pages[1:]:
            if p.index > here.index:
                t = al.witness[i]
                breaks.append(LineBreak(n, t.start, t.text, p))
                here = p
        current = here
    ranges: list[PageRange] = []
    for n, p in enumerate(line_pages, 1):
        if ranges and ranges[-1].page == p:
            ranges[-1] = PageRange(ranges[-1].first, n, p)
        else:
            ranges.append(PageRange(n, n, p))
    return PageMap(len(lines), tuple(ranges), tuple(breaks), _sha256(witness), _sha256(tcp_file))


def dump(pm: PageMap) -> str:
    """The page map as the YAML of pages.yaml (deterministic)."""
    out = [
        "# The page map of the primary witness (witness.txt): for each range of its",
        "# lines, the printed page they stand on, as EEBO image set 20707 image N",
        "# (one opening), left or right page, read from the page breaks of the TCP",
        "# keying (../eebo-tcp-A05389/A05389.xml) by aligning the two texts.",
        "# Generated by tools/write_pages.py; do not edit (a test fails when stale).",
        "# A line belongs to the page where it begins; `breaks` lists the page",
        "# breaks that fall inside a line (the new page begins before `word`).",
        f"witness_sha256: {pm.witness_sha256}",
        f"tcp_sha256: {pm.tcp_sha256}",
        f"lines: {pm.lines}",
        "pages:",
    ]
    for r in pm.ranges:
        out.append(f"  - {{lines: [{r.first}, {r.last}], image: {r.page.image}, side: {r.page.side}}}")
    out.append("breaks:" if pm.breaks else "breaks: []")
    for b in pm.breaks:
        word = b.word.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f"  - {{line: {b.line}, column: {b.column}, word: \"{word}\", "
                   f"image: {b.page.image}, side: {b.page.side}}}")
    return "\n".join(out) + "\n"


def parse_map(text: str, path: str = "pages.yaml") -> PageMap:
    """A page map from the YAML of pages.yaml, its shape checked first: a
    value of the wrong kind is bad input naming the file and its line."""
    from ..errors import InputError
    from .checked import checked
    from .page import SIDES

    data = checked(text, path, "pages-1.json")

    def fail(where: object, problem: str) -> InputError:
        return InputError(path, getattr(where, "line", None), problem)

    def whole(value: object, what: str, low: int, where: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise fail(value if hasattr(value, "line") else where, f"{what} must be a whole number from {low}")
        return int(value)  # (a plain int: the loader's carries its line)

    def page(item: dict[str, object], what: str) -> Page:
        image = whole(item.get("image"), f"{what}: image", 1, item)
        side = item.get("side")
        if side not in SIDES:
            raise fail(item, f"{what}: side must be left or right")
        return Page(image, str(side))

    if not isinstance(data, dict):
        raise fail(data, "expected a mapping (witness_sha256, tcp_sha256, lines, pages, breaks)")
    n = whole(data.get("lines"), "lines", 1, data)
    for key in ("witness_sha256", "tcp_sha256"):
        if not isinstance(data.get(key), str):
            raise fail(data, f"{key} must be text (a SHA-256)")
    pages = data.get("pages")
    if not isinstance(pages, list) or not pages:
        raise fail(pages if hasattr(pages, "line") else data, "pages must be a list of {lines: [first, last], "
                                                              "image: N, side: left|right}")
    ranges = []
    for r in pages:
        if not isinstance(r, dict):
            raise fail(r if hasattr(r, "line") else pages, "each page must be {lines: [first, last], image: N, "
                                                           "side: left|right}")
        span = r.get("lines")
        if not isinstance(span, list) or len(span) != 2:
            raise fail(span if hasattr(span, "line") else r, "a page's lines must be [first, last]")
        first, last = (whole(x, "a page's lines", 1, span) for x in span)
        ranges.append(PageRange(first, last, page(r, "a page")))
    found = data.get("breaks") or []
    if not isinstance(found, list):
        raise fail(found, "breaks must be a list of {line, column, word, image, side}")
    breaks = []
    for b in found:
        if not isinstance(b, dict):
            raise fail(b if hasattr(b, "line") else found, "each break must be {line, column, word, image, side}")
        line = whole(b.get("line"), "a break's line", 1, b)
        if line > n:
            raise fail(b, f"a break's line must be a line of the witness (1..{n})")
        if not isinstance(b.get("word"), str):
            raise fail(b, "a break's word must be text")
        breaks.append(LineBreak(line, whole(b.get("column"), "a break's column", 0, b), str(b["word"]),
                                page(b, "a break")))
    pm = PageMap(n, tuple(ranges), tuple(breaks), str(data["witness_sha256"]), str(data["tcp_sha256"]))
    expect = 1
    for r, item in zip(pm.ranges, pages):
        if r.first != expect or r.last < r.first:
            raise fail(item, f"the pages' lines must cover the witness's lines in order (at line {expect})")
        expect = r.last + 1
    if expect != pm.lines + 1:
        raise fail(pages, f"the pages' lines end at line {expect - 1}; lines says the witness has {pm.lines}")
    return pm


def load_map(path: str | None = None) -> PageMap:
    """A page map (by default the shipped edition's; kept by its text)."""
    from ..inputs import read_text

    if path is None:
        from .shipped import SHIPPED_PAGES

        path = str(SHIPPED_PAGES)

    return _parse_cached(read_text(path), path)


@lru_cache(maxsize=4)
def _parse_cached(text: str, path: str) -> PageMap:
    """A page map kept by its text (an edited pages.yaml is read afresh)."""
    from ..errors import InputError

    try:
        return parse_map(text, path)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(path, None, f"not a page map: {exc}") from None


def page_of(witness_line: int) -> Page:
    """The printed page on which a line of witness.txt begins."""
    return load_map().page_of(witness_line)


def __getattr__(name: str) -> Path:
    """PAGES_FILE and WITNESS: the shipped edition's files (their paths are
    named in witness/shipped.py; kept for the code that used them)."""
    if name in ("PAGES_FILE", "WITNESS"):
        from .shipped import SHIPPED_PAGES, SHIPPED_WITNESS

        return SHIPPED_PAGES if name == "PAGES_FILE" else SHIPPED_WITNESS
    raise AttributeError(name)
