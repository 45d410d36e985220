"""The facts an erratum's reason states, checked against the model and the
witness.

A reason is an editor's prose, but the facts in it can be wrong (a number
called an odd square that is the even side's, a witness line that does not
hold what the reason says). This module reads the facts a reason states in
the forms the errata use:

- a man described by side and shape: "289 (the even second-order square)",
  "225 is the odd second-order square", "the odd square 361", "72 an even
  triangle", "the odd 225", and the descriptions after a sum,
  "72 + 289 = 361 (an even triangle and an even square taking the odd
  square 361)";
- a witness line cited: "witness line 683", "witness lines 683 and 684";
- a quotation at its lines, compared by its words and numbers ("..." for
  any words between): "'the said square 169' (witness line 494)" (it begins
  on that line, and may run on to the next two); "'of the quadrate and the
  cube' (805-809)", "(805-809) ... 'of the quadrate'", "'...' (witness lines
  617-618)" (it stands within those lines). Its quote marks stand apart from
  the words around them (the apostrophes of "2's" and "Boethius'" quote
  nothing).

and returns what does not hold: a number no man of that side and shape
bears, a cited line that holds none of the erratum's numbers (a weak test:
a line holding any one of them passes), a quotation not found at its lines.
Facts stated in other words ("72, a man of the odd side") are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..model.men import Armies
from ..witness.edition import Edition

SIDE = r"(even|odd)"
ORDER = r"(?:(first|second)[- ]order\s+)?"
SHAPE = r"(round|triangle|square|king|pyramid)s?"
ART = r"(?:the|an|a)"

# "289 (the even second-order square", "225 is the odd second-order square", "72 an even triangle"
NUMBER_THEN_MAN = re.compile(rf"\b(\d+)\s*(?:\(|,|is)?\s*{ART}\s+{SIDE}\s+{ORDER}{SHAPE}\b", re.I)
# "the odd square 361", "an even triangle, 20"
MAN_THEN_NUMBER = re.compile(rf"\b{ART}\s+{SIDE}\s+{ORDER}{SHAPE}\s*,?\s*(\d+)\b", re.I)
# "the odd 225", "the even 45"
SIDE_NUMBER = re.compile(rf"\bthe\s+{SIDE}\s+(\d+)\b", re.I)
# "72 + 289 = 361 (an even triangle and an odd square taking ..."
SUM_THEN_MEN = re.compile(rf"\b(\d+)\s*[+x]\s*(\d+)\s*=\s*\d+\s*\(\s*{ART}\s+{SIDE}\s+{ORDER}{SHAPE}\s+and\s+{ART}\s+"
                          rf"{SIDE}\s+{ORDER}{SHAPE}", re.I)
# (only "witness line": the tool's own messages say "20 (line 616) read as 25" of other numbers)
LINES = re.compile(r"\bwitness lines? (\d+)(?:\s*(?:[-\u2013]|and|to)\s*(\d+))?", re.I)
# A quotation: 'words' with the quote marks standing apart (not the apostrophes of "2's", "Boethius'").
QUOTE = r"(?:(?<=[\s(])|^)'([^'\s][^']{2,}[^'\s])'(?=[\s,.;:)]|$)"
# "'of the quadrate' ... (805-809)" or "(805-809) ... 'of the quadrate'": within those lines
QUOTED_AT = re.compile(rf"{QUOTE}[^()']*?\((\d+)[-\u2013](\d+)\)|\((\d+)[-\u2013](\d+)\)[^']*?{QUOTE}")
# "'the said square 169' (witness line 494)": beginning on that line (running on to the next two at most);
# "'...' (witness lines 617-618)": within those lines
QUOTED_ON = re.compile(rf"{QUOTE}\s*\((?:witness )?lines? (\d+)(?:\s*[-\u2013]\s*(\d+))?\)", re.I)


@dataclass(frozen=True)
class Described:
    number: int
    side: str
    shape: str | None = None  # round, triangle, square, king
    order: int | None = None

    def __str__(self) -> str:
        order = {1: "first-order ", 2: "second-order "}.get(self.order or 0, "")
        return f"the {self.side} {order}{self.shape or 'man'} {self.number}"


def described_men(reason: str) -> list[Described]:
    """Every man the reason describes by side (and shape, and order)."""
    out: list[Described] = []

    def add(number: str, side: str, order: str | None = None, shape: str | None = None) -> None:
        shape_l = shape.lower() if shape else None
        out.append(Described(int(number), side.lower(), "king" if shape_l == "pyramid" else shape_l,
                             {"first": 1, "second": 2}.get((order or "").lower())))

    sums = []
    for m in SUM_THEN_MEN.finditer(reason):
        add(m.group(1), m.group(3), m.group(4), m.group(5))
        add(m.group(2), m.group(6), m.group(7), m.group(8))
        sums.append(m.span())
    for m in NUMBER_THEN_MAN.finditer(reason):
        if not any(a <= m.start() < b for a, b in sums):  # "= 361 (an even ..." describes the takers
            add(m.group(1), m.group(2), m.group(3), m.group(4))
    for m in MAN_THEN_NUMBER.finditer(reason):
        add(m.group(4), m.group(1), m.group(2), m.group(3))
    for m in SIDE_NUMBER.finditer(reason):
        add(m.group(2), m.group(1))
    return out


def bears(d: Described, armies: Armies) -> bool:
    """Whether a man of the side (and shape, and order) bears the number as his own."""
    for m, layer in armies.men_bearing(d.number):
        if layer is not None or m.side != d.side:
            continue
        shape = "king" if m.is_king else m.shape
        if d.shape is None or d.shape == shape or (d.shape == "square" and m.is_king):
            if d.order is None or d.order == m.order:
                return True
    return False


def cited_lines(reason: str) -> Iterator[tuple[int, int]]:
    for m in LINES.finditer(reason):
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) else first
        if m.group(0).lower().rstrip().split()[-2:-1] == ["and"]:
            yield first, first
            yield last, last
        else:
            yield first, last


def read_spans(reason: str) -> list[tuple[int, int]]:
    """The witness lines `problems` reads for a reason (the lines it cites, the lines of its quotations, a
    quotation on one line with the two after it): what the check of the reason depends on, besides the men and
    how many lines the witness has."""
    spans = list(cited_lines(reason))
    spans += [(int(m.group(2) or m.group(4)), int(m.group(3) or m.group(5))) for m in QUOTED_AT.finditer(reason)]
    spans += [(int(m.group(2)), int(m.group(3)) if m.group(3) else int(m.group(2)) + 2)
              for m in QUOTED_ON.finditer(reason)]
    return spans


def _quoted(quote: str, lines: list[str] | tuple[str, ...], begins: str | None) -> bool:
    """Whether the lines hold the quotation, its words and numbers in order
    (the pieces either side of an ellipsis in order, anything between), and,
    given the line it begins on, whether it begins there."""
    text = _words(" ".join(lines))
    pieces = [_words(x) for x in re.split(r"\.\.\.|\u2026", quote)]
    at = -1
    for i, piece in enumerate(p for p in pieces if p):
        at = text.find(piece, at + 1)
        if at < 0 or (i == 0 and begins is not None and at > len(_words(begins))):
            return False
    return at >= 0


def _words(text: str) -> str:
    """Text as its words and numbers only, lower case ("the said square.169."
    and "the said square 169" are the same words)."""
    return " ".join(re.findall(r"\w+", text.lower()))


def problems(reason: str, numbers: tuple[int, ...], edition: Edition) -> list[str]:
    """What does not hold among the facts the reason states. `numbers` are
    the erratum's (sic, corr, entry): a cited witness line must hold one."""
    out = []
    for d in described_men(reason):
        if not bears(d, edition.armies):
            who = [f"the {m.side} {'king' if m.is_king else m.shape}"
                   for m, layer in edition.armies.men_bearing(d.number) if layer is None]
            out.append(f"it calls {d.number} {str(d).rsplit(' ', 1)[0]}, but {d.number} is "
                       + (" and ".join(who) if who else "no man's number"))
    witness = edition.witness
    lines = len(edition.lines)
    for first, last in cited_lines(reason):
        if not 1 <= first <= last <= lines:
            out.append(f"it cites witness line {first}, which the witness has not")
            continue
        text = " ".join(witness[first - 1:last])
        found = {int(n) for n in re.findall(r"\d+", text)}
        if numbers and not found & set(numbers):
            out.append(f"it cites witness line{'s' if last > first else ''} {first}"
                       f"{'-' + str(last) if last > first else ''}, which hold{'' if last > first else 's'} none "
                       "of its numbers")
    quoted: list[tuple[str, int, int | None]] = [
        (m.group(1) or m.group(6), int(m.group(2) or m.group(4)), int(m.group(3) or m.group(5)))
        for m in QUOTED_AT.finditer(reason)]
    quoted += [(m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None)
               for m in QUOTED_ON.finditer(reason)]
    for quote, begin, end in quoted:
        if not 1 <= begin <= (end or begin) <= lines:
            out.append(f"it quotes '{quote}' at witness line {begin}, which the witness has not")
            continue
        if end is not None and not _quoted(quote, witness[begin - 1:end], None):
            out.append(f"it quotes '{quote}' at witness lines {begin}-{end}, which do not hold it")
        elif end is None and not _quoted(quote, witness[begin - 1:begin + 2], witness[begin - 1]):
            out.append(f"it quotes '{quote}' on witness line {begin}, where it does not begin")
    return out
