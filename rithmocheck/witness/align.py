"""Token alignment of the primary witness (modernised spelling, flattened
tables) with the running text of the TCP keying (original spelling, tables
as cells).

Both texts are cut into the same kinds of tokens: numbers, cossick signs
(``{powerofN}``) and words. A token's key is its number, its sign, or for a
word a spelling skeleton (lower case, u/v, i/j/y folded, doubled letters
single, a final e dropped, marks and non-Latin letters dropped), so that
"haue" meets "have" and "whych" meets "which". ``difflib.SequenceMatcher``
(no junk heuristic, so that common numbers and words still anchor) aligns
the two key sequences; its equal blocks pair tokens exactly, a replaced
stretch of the same length on both sides is paired token for token (the
modernised word for the old one: "conteyneth" / "contains"), and a
replaced stretch of different lengths is paired proportionally, marked
``approx``. The alignment is deterministic.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from . import tcp
from .page import Page
from .tcp import Token


class PageMap(Protocol):
    """What places a token of the witness on a page (rithmocheck.witness.pages.PageMap)."""

    def page_at(self, line: int, column: int = 0) -> Page: ...


@dataclass(frozen=True)
class WitnessToken:
    kind: str  # "number", "sign" or "word"
    text: str
    line: int  # 1-based witness line
    start: int  # column in the line (0-based)
    end: int


@dataclass(frozen=True)
class Alignment:
    witness: tuple[WitnessToken, ...]
    tcp: tuple[Token, ...]
    pairs: tuple[int | None, ...]  # for each witness token, the index of its TCP token
    how: tuple[str, ...]  # for each witness token: "equal", "replace", "approx" or "none"

    def tcp_token(self, i: int) -> Token | None:
        j = self.pairs[i]
        return self.tcp[j] if j is not None else None


def witness_lines(path: Path | None = None) -> tuple[str, ...]:
    """The lines of the witness (by default the shipped edition's; a final
    newline ends the last line, it does not begin another)."""
    from ..inputs import read_text
    from .shipped import SHIPPED_WITNESS, WITNESS_BYTES

    text = read_text(path if path is not None else SHIPPED_WITNESS, WITNESS_BYTES)
    if text.endswith("\n"):
        text = text[:-1]
    return tuple(text.split("\n"))


def witness_tokens(lines: tuple[str, ...], first: int = 1, last: int | None = None) -> tuple[WitnessToken, ...]:
    """The tokens of the witness (of its lines first..last)."""
    out = []
    for n, line in enumerate(lines[first - 1:last], first):
        for m in tcp.TOKEN.finditer(line):
            kind = "sign" if m.group(1) else "number" if m.group(2) else "word"
            out.append(WitnessToken(kind, m.group(0), n, m.start(), m.end()))
    return tuple(out)


_FOLD = str.maketrans("vjy", "uii")
_DOUBLE = re.compile(r"(.)\1+")


@lru_cache(maxsize=65536)
def skeleton(word: str) -> str:
    w = unicodedata.normalize("NFD", word.lower())
    w = "".join(ch for ch in w if "a" <= ch <= "z").translate(_FOLD)
    w = _DOUBLE.sub(r"\1", w)
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


@lru_cache(maxsize=65536)
def key(kind: str, text: str) -> str:
    if kind == "number":
        return "#" + str(int(text))
    if kind == "sign":
        return "^" + text[len("{powerof"):-1]
    return "w:" + skeleton(text)


def align(lines: tuple[str, ...] | None = None, doc: tcp.Document | None = None,
          pages: PageMap | None = None, within: tuple[int, int] | None = None) -> Alignment:
    """The witness's tokens aligned with the TCP's; page by page when `pages` (the edition's page map) places
    every token of the witness on a page the TCP has (see `page_runs`), else as one sequence. With `within`
    (lines first..last, whole pages) and pages, only the tokens of those pages in both witnesses: what the
    alignment of the whole pairs them with, page by page, read quicker (the whole when it is not page by
    page)."""
    lines = lines if lines is not None else witness_lines()
    doc = doc if doc is not None else tcp.load()
    if within is not None and pages is not None:
        wt = witness_tokens(lines, *within)
        try:
            held = {pages.page_at(t.line, t.start) for t in wt}
        except IndexError:
            held = set()
        tt = doc.tokens_on(held)
        if held and page_runs(wt, tt, pages) is not None:
            return _aligned(wt, tt, pages)
    return _aligned(witness_tokens(lines), doc.tokens(), pages)


def _aligned(wt: tuple[WitnessToken, ...], tt: tuple[Token, ...], pages: PageMap | None) -> Alignment:
    a = [key(t.kind, t.text) for t in wt]
    b = [key(t.kind, t.text) for t in tt]
    pairs: list[int | None] = [None] * len(wt)
    how = ["none"] * len(wt)
    runs = page_runs(wt, tt, pages) if pages is not None else None
    ops = _opcodes(a, b) if runs is None else [
        (op, i1 + x1, i1 + x2, j1 + y1, j1 + y2)
        for (i1, i2, j1, j2), page_ops in zip(runs, _opcodes_of([(a[i1:i2], b[j1:j2]) for i1, i2, j1, j2 in runs]))
        for op, x1, x2, y1, y2 in page_ops]
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            for k in range(i2 - i1):
                pairs[i1 + k], how[i1 + k] = j1 + k, "equal"
        elif op == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                pairs[i1 + k], how[i1 + k] = j1 + k, "replace"
        elif op == "replace":
            n, m = i2 - i1, j2 - j1
            for k in range(n):
                pairs[i1 + k], how[i1 + k] = j1 + (k * m) // n, "approx"
    return Alignment(wt, tt, tuple(pairs), tuple(how))


def page_runs(wt: tuple[WitnessToken, ...], tt: tuple[Token, ...],
              pages: PageMap) -> list[tuple[int, int, int, int]] | None:
    """The stretches (witness i1..i2, TCP j1..j2) that stand on one page of the book in both witnesses, in
    order: the witness's tokens placed by the page map (a line, or the column where a page breaks inside it),
    the TCP's by its page breaks. None (align the whole) when a token of the witness stands on no page of the
    map, a page's tokens are not one stretch in either witness, or the TCP has no stretch for a page of the
    witness. Aligning page by page is what the whole alignment gives wherever the two agree on the pages (the
    shipped edition: every token paired alike), and an edited line realigns its page alone."""
    def stretches(placed: list[Page | None]) -> dict[Page, tuple[int, int]] | None:
        out: dict[Page, tuple[int, int]] = {}
        start = 0
        for i in range(1, len(placed) + 1):
            if i == len(placed) or placed[i] != placed[start]:
                page = placed[start]
                if page is None or page in out:
                    return None
                out[page] = (start, i)
                start = i
        return out

    placed: list[Page | None] = []
    try:
        line_page: dict[int, Page] = {}
        for t in wt:
            if t.line not in line_page:  # (a line's page, unless a page breaks inside it)
                line_page[t.line] = pages.page_at(t.line, 0)
                if pages.page_at(t.line, 10**9) != line_page[t.line]:
                    line_page[t.line] = None  # type: ignore[assignment]
            page = line_page[t.line]
            placed.append(page if page is not None else pages.page_at(t.line, t.start))
        mine = stretches(placed)
    except IndexError:  # a line beyond the page map
        return None
    theirs = stretches([t.page for t in tt])
    if mine is None or theirs is None or not set(mine) <= set(theirs):
        return None
    return [(*mine[p], *theirs[p]) for p in mine]


def _opcodes_of(pairs: list[tuple[list[str], list[str]]]) -> list[list[tuple[str, int, int, int, int]]]:
    """The opcodes of several pairs of sequences (the pages), the remembered ones read at once."""
    import hashlib
    import json
    import sys

    from .. import memo

    keys = ["alignment:" + hashlib.sha256(json.dumps([sys.version, a, b], ensure_ascii=False).encode(
        "utf-8", "surrogatepass")).hexdigest() for a, b in pairs]
    found = memo.get_many(keys)
    out = []
    for (a, b), key in zip(pairs, keys):
        value = found.get(key)
        if value is not None and _tiles(value[0], a, b):
            out.append([(str(o), int(i1), int(i2), int(j1), int(j2)) for o, i1, i2, j1, j2 in value[0]])
        else:
            out.append(_opcodes(a, b))
    return out


def _tiles(ops: Any, a: list[str], b: list[str]) -> bool:
    """Opcodes that cover both sequences, end to end, in order."""
    i = j = 0
    for op in ops if isinstance(ops, list) else [None]:
        if not (isinstance(op, list) and len(op) == 5 and op[0] in ("equal", "replace", "delete", "insert")
                and all(isinstance(x, int) for x in op[1:]) and (op[1], op[3]) == (i, j)
                and op[2] >= i and op[4] >= j):
            return False
        i, j = op[2], op[4]
    return (i, j) == (len(a), len(b))


def _opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes of the two key sequences (no junk heuristic): about a third of a second for the whole
    book, a few milliseconds for a page, so remembered (rithmocheck.memo) under the SHA-256 of the two
    sequences and Python's version (difflib's)."""
    import hashlib
    import json
    import sys

    from ..memo import remember

    key = hashlib.sha256(json.dumps([sys.version, a, b], ensure_ascii=False).encode("utf-8", "surrogatepass"))

    def make() -> list[list[Any]]:
        return [list(o) for o in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()]

    def tiles(ops: Any) -> bool:
        return _tiles(ops, a, b)

    return [(str(o), int(i1), int(i2), int(j1), int(j2)) for o, i1, i2, j1, j2 in
            remember("alignment", key.hexdigest(), make, tiles)]


def __getattr__(name: str) -> Path:
    """WITNESS: the shipped edition's witness (its path is named in
    witness/shipped.py; kept for the code that used it)."""
    if name == "WITNESS":
        from .shipped import SHIPPED_WITNESS

        return SHIPPED_WITNESS
    raise AttributeError(name)
