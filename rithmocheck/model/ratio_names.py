"""The Latin names of ratios, and a parser that inverts the namer.

Ratio classes, witness "The reason of these numbers and the knowledge of their
proportione." (lines 331-390): multiplex ("a great number conteyneth a less
number many times, and leaves nothing"), superparticular ("contains a lesser
with one part of it") and superpartient ("contains the lesser and mo parts of
it then one"); the compound kinds (multiplex superparticular, multiplex
superpartient) complete Boethius' five classes of inequality.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import gcd

# Multiplicative adjectives (feminine, agreeing with "proportio").
_MULTIPLEX = {2: "dupla", 3: "tripla", 4: "quadrupla", 5: "quintupla", 6: "sextupla",
              7: "septupla", 8: "octupla", 9: "noncupla", 10: "decupla", 11: "undecupla",
              12: "duodecupla"}
# The English forms of the witness ("doble. quadruple. sextuple. occuple." /
# "triple. quintuple. septupl. noncuple", lines 347-349).
_MULTIPLEX_EN = {2: "doble", 3: "triple", 4: "quadruple", 5: "quintuple", 6: "sextuple",
                 7: "septuple", 8: "occuple", 9: "noncuple", 10: "decuple"}
# Ordinals: singular feminine (sesqui-) and accusative plural (superpartient).
_ORDINAL = {2: "altera", 3: "tertia", 4: "quarta", 5: "quinta", 6: "sexta", 7: "septima",
            8: "octava", 9: "nona", 10: "decima", 11: "undecima", 12: "duodecima"}
_ORDINAL_PL = {n: (w[:-1] + "as") for n, w in _ORDINAL.items() if n >= 3}
# Parts for "super-m-partiens", as the witness spells them (lines 382-390).
_PARTIENS = {2: "bi", 3: "tri", 4: "quadru", 5: "quintu", 6: "sextu", 7: "septu", 8: "octu",
             9: "non", 10: "decu", 11: "undecu", 12: "duodecu"}
# The Englished superparticular names of the witness ("sesquialter. sesquiquart.
# sesqui. sext. sesqu. oct." / "sesquiter. sesquiquint. sesquisept. sesquinona.",
# lines 360-361): sesqui- and the ordinal's stem.
_SESQUI_EN = {2: "alter", 3: "ter", 4: "quart", 5: "quint", 6: "sext", 7: "sept", 8: "oct", 9: "nona",
              10: "decim"}
# Spellings the witness prints for a word of a name: "septupl" (349) for
# septuple, "sesqu." (360) for sesqui.
_SPELLINGS = {"septupl": "septuple", "sesqu": "sesqui"}


def _word(table: dict[int, str], n: int, suffix: str) -> str:
    return table.get(n, f"{n}-{suffix}")


def _unword(table: dict[int, str], word: str, suffix: str) -> int | None:
    for n, w in table.items():
        if w == word:
            return n
    m = re.fullmatch(rf"(\d+)-{re.escape(suffix)}", word)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class Ratio:
    p: int
    q: int
    kind: str  # multiplex, superparticular, superpartient, multiplex superparticular, multiplex superpartient
    name: str
    english: str | None = None


def classify(p: int, q: int) -> str:
    """Boethius' class of the ratio p:q (p > q > 0, lowest terms)."""
    _check_ratio(p, q)
    k, r = divmod(p, q)
    if r == 0:
        return "multiplex"
    if k == 1:
        return "superparticular" if r == 1 else "superpartient"
    return "multiplex superparticular" if r == 1 else "multiplex superpartient"


def _check_ratio(p: int, q: int) -> None:
    if not (isinstance(p, int) and isinstance(q, int)) or q <= 0 or p <= q:
        raise ValueError(f"a ratio of greater inequality needs p > q > 0, not {p}:{q}")
    if gcd(p, q) != 1:
        raise ValueError(f"{p}:{q} is not in lowest terms")


def _super(r: int, q: int) -> str:
    if r == 1:
        return "sesqui" + _word(_ORDINAL, q, "a")
    return "super" + _word(_PARTIENS, r, "") + "partiens " + _word(_ORDINAL_PL, q, "as")


def ratio_name(p: int, q: int) -> Ratio:
    """Name p:q (p > q, lowest terms) the way the witness and Boethius do."""
    kind = classify(p, q)
    k, r = divmod(p, q)
    if kind == "multiplex":
        return Ratio(p, q, kind, _word(_MULTIPLEX, k, "cupla"), _MULTIPLEX_EN.get(k))
    if k == 1:
        english = "sesqui" + _SESQUI_EN[q] if r == 1 and q in _SESQUI_EN else None
        return Ratio(p, q, kind, _super(r, q), english)
    return Ratio(p, q, kind, _word(_MULTIPLEX, k, "cupla") + " " + _super(r, q))


def name_of(a: int, b: int) -> Ratio:
    """Name the ratio of two numbers in either order, reduced to lowest terms."""
    hi, lo = max(a, b), min(a, b)
    g = gcd(hi, lo)
    return ratio_name(hi // g, lo // g)


def parse_ratio_name(name: str) -> tuple[int, int]:
    """Inverse of ratio_name: the ratio p:q a Latin name denotes; the
    Englished forms the witness prints are read too (doble, occuple,
    sesquialter, sesquiquart ...)."""
    words = name.strip().lower().split()
    k = 1
    if words and not words[0].startswith(("sesqui", "super")):
        multiple = _unword(_MULTIPLEX, words[0], "cupla") or _unword(_MULTIPLEX_EN, words[0], "cuple")
        if multiple is None:
            raise ValueError(f"not a ratio name: {name!r}")
        k = multiple
        words = words[1:]
        if not words:
            return k, 1
    r: int | None
    q: int | None
    if len(words) == 1 and words[0].startswith("sesqui"):
        stem = words[0][len("sesqui"):]
        q = _unword(_ORDINAL, stem, "a") or _unword(_SESQUI_EN, stem, "")
        r = 1
    elif len(words) == 2 and words[0].startswith("super") and words[0].endswith("partiens"):
        r = _unword(_PARTIENS, words[0][len("super"):-len("partiens")], "")
        q = _unword(_ORDINAL_PL, words[1], "as")
    else:
        raise ValueError(f"not a ratio name: {name!r}")
    if q is None or r is None or not 1 <= r < q or gcd(r, q) != 1:
        raise ValueError(f"not a ratio name: {name!r}")
    return k * q + r, q





def _spelled_out(word: str) -> str:
    """A printed word as spelled out: the tilde over a vowel (printed ^ after
    it) stands for an n ("superquintupartie^s": superquintupartiens), u is
    written for v ("Octauas": octavas), and the witness's own spellings."""
    word = re.sub(r"([aeiou])\^", r"\1n", word.lower()).replace("octau", "octav")
    return _SPELLINGS.get(word, word)


def read_ratio_name(printed: str) -> tuple[int, int]:
    """The ratio p:q a name denotes as the witness prints it: stops and
    commas dropped, abbreviations spelled out, a name printed in two pieces
    ("sesqui. sext.", "sesqu. oct.") joined; then read by parse_ratio_name
    (Latin or Englished). Raises ValueError when the words name no ratio."""
    words = [_spelled_out(w) for w in re.split(r"[\s.,;]+", printed) if w]
    if len(words) == 2 and words[0] == "sesqui":
        words = ["sesqui" + words[1]]
    try:
        return parse_ratio_name(" ".join(words))
    except ValueError:
        raise ValueError(f"not a ratio name: {printed!r}") from None
