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
from pathlib import Path
from typing import Any

from . import tcp
from .tcp import Token


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
    from .edition import WITNESS_BYTES, Edition

    text = read_text(path if path is not None else Edition.default().witness_path, WITNESS_BYTES)
    if text.endswith("\n"):
        text = text[:-1]
    return tuple(text.split("\n"))


def witness_tokens(lines: tuple[str, ...]) -> tuple[WitnessToken, ...]:
    out = []
    for n, line in enumerate(lines, 1):
        for m in tcp.TOKEN.finditer(line):
            kind = "sign" if m.group(1) else "number" if m.group(2) else "word"
            out.append(WitnessToken(kind, m.group(0), n, m.start(), m.end()))
    return tuple(out)


_FOLD = str.maketrans("vjy", "uii")
_DOUBLE = re.compile(r"(.)\1+")


def skeleton(word: str) -> str:
    w = unicodedata.normalize("NFD", word.lower())
    w = "".join(ch for ch in w if "a" <= ch <= "z").translate(_FOLD)
    w = _DOUBLE.sub(r"\1", w)
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def key(kind: str, text: str) -> str:
    if kind == "number":
        return "#" + str(int(text))
    if kind == "sign":
        return "^" + text[len("{powerof"):-1]
    return "w:" + skeleton(text)


def align(lines: tuple[str, ...] | None = None, doc: tcp.Document | None = None) -> Alignment:
    lines = lines if lines is not None else witness_lines()
    doc = doc if doc is not None else tcp.load()
    wt = witness_tokens(lines)
    tt = doc.tokens()
    a = [key(t.kind, t.text) for t in wt]
    b = [key(t.kind, t.text) for t in tt]
    pairs: list[int | None] = [None] * len(wt)
    how = ["none"] * len(wt)
    for op, i1, i2, j1, j2 in _opcodes(a, b):
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


def _opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes of the two key sequences (no junk heuristic): about a second for the book, so
    remembered (rithmocheck.memo) under the SHA-256 of the two sequences and Python's version (difflib's)."""
    import hashlib
    import json
    import sys

    from ..memo import remember

    key = hashlib.sha256(json.dumps([sys.version, a, b], ensure_ascii=False).encode("utf-8", "surrogatepass"))

    def make() -> list[list[Any]]:
        return [list(o) for o in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()]

    def tiles(ops: Any) -> bool:
        """Opcodes that cover both sequences, end to end, in order."""
        i = j = 0
        for op in ops if isinstance(ops, list) else [None]:
            if not (isinstance(op, list) and len(op) == 5 and op[0] in ("equal", "replace", "delete", "insert")
                    and all(isinstance(x, int) for x in op[1:]) and (op[1], op[3]) == (i, j)
                    and op[2] >= i and op[4] >= j):
                return False
            i, j = op[2], op[4]
        return (i, j) == (len(a), len(b))

    return [(str(o), int(i1), int(i2), int(j1), int(j2)) for o, i1, i2, j1, j2 in
            remember("alignment", key.hexdigest(), make, tiles)]


def __getattr__(name: str) -> Path:
    """WITNESS: the shipped edition's witness (its path is named in
    witness/edition.py; kept for the code that used it)."""
    if name == "WITNESS":
        from .edition import SHIPPED

        return SHIPPED / "witness.txt"
    raise AttributeError(name)
