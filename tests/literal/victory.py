"""The triumphs (the proper victory) and the common victories, as the book
states them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import Any

from rithmocheck.play.position import Man, Position, Square, square_name

from .book import OTHER, Book
from .taking import in_proportion, lines_of_three, squares_of_four

GREATER = ("k1-arithmetic-geometric", "k1-arithmetic-musical", "k1-geometric-musical")
GREATEST = ("k1-all-three",)


def triumphs(book: Book, pos: Position, side: str, flown_to: Square | None) -> list[dict[str, Any]]:
    """The triumphs `side` holds.

    "WHen the King is taken, ye triumph must be prepared to be set in the adversaries camp" (580-581; "after
    the King be clean taken away", 958): no king of the adversary left on the board. "To triumph therefore,
    is to place three or four men within the adversaries camp, in proportion Arithmeticall, Geometrical or
    Musical, as well of your own men, as of your enemies men that be taken, standing in a right line,
    direct or cross ... if it consist of three numbers, but if it stand of four numbers, they may be set
    like a square two against two" (589-594): the side's men, his own and the prisoners who serve him
    (541-544, 726-728), all in the camp (book.in_camp_of_enemy). "you must bring all your men that serve
    for the triumph in their direct motions, and not in their flying draughtes" (586-587): no man just
    brought by a flight (`flown_to`) serves. "THe great triumph stands in proportion, either
    Arithmeticall, Geometrical, or Musical only" (603-604): three numbers in one, or three of four; "THe
    greater victory is, when four numbers be brought together, which agree in two proportions" (677-680),
    "of the which the table follows": a row of the three tables of two proportions; "THe greatest triumph
    is of Arithmeticall, Geometrical, and Musical proportions all joined together" (701-702): a row of its
    table. Second kind: "some will not allow a triumph but of four numbers, and two proportions at the
    lest" (962-964, option two-triumphs). Third kind: "all things thereto belonging are sufficiently set
    forth in ye first kind" (1049-1051). The middle man of a line bears the middle term where the players
    so read (option triumph-order). The triumph must be proclaimed (584), which no position records."""
    if any(m.shape == "pyramid" for _sq, m in pos.men(OTHER[side])):
        return []
    mine = {sq: m for sq, m in pos.men(side) if book.in_camp_of_enemy(side, sq) and sq != flown_to}
    if len(mine) < 3:
        return []
    great_allowed = not (book.kind == 2 and book.option("two-triumphs") is False)
    greater = frozenset().union(*(book.tables.get(t, frozenset()) for t in GREATER))
    greatest = frozenset().union(*(book.tables.get(t, frozenset()) for t in GREATEST))
    out = []
    for line in lines_of_three(book):
        if not all(s in mine for s in line):
            continue
        numbers = [mine[s].value for s in line]
        if book.option("triumph-order") == "in-line":
            a, b, c = numbers
            if not (a < b < c or a > b > c):
                continue
        props = _three(numbers)
        if props and great_allowed:
            out.append(_found("great", side, line, [mine[s] for s in line], props))
    for four in squares_of_four(book):
        if not all(s in mine for s in four):
            continue
        men = [mine[s] for s in four]
        numbers = tuple(sorted(m.value for m in men))
        if numbers in greatest:
            out.append(_found("greatest", side, four, men, []))
        elif numbers in greater:
            out.append(_found("greater", side, four, men, []))
        elif great_allowed:
            props = _three(list(numbers))
            if props:
                out.append(_found("great", side, four, men, props))
    return out


def _three(numbers: Sequence[int]) -> list[str]:
    """The proportions some three of the numbers stand in (the numbers differing, each the greater)."""
    found: list[str] = []
    for a, b, c in combinations(sorted(numbers), 3):
        if a < b < c:
            for p in in_proportion(a, b, c):
                if p not in found:
                    found.append(p)
    return found


def _found(name: str, side: str, sqs: Sequence[Square], men: list[Man], props: list[str]) -> dict[str, Any]:
    d: dict[str, Any] = {"victory": f"{name}-triumph", "side": side, "men": sorted(square_name(s) for s in sqs),
                         "numbers": sorted(m.value for m in men)}
    if props:
        d["proportions"] = sorted(props)
    return d


# --- the common victories ---------------------------------------------------------------------------------

def counted(book: Book, taken: Sequence[Man]) -> list[int]:
    """The numbers of the men a side has taken, man by man: a layer taken from a king is a man of its
    number; a king taken whole is one man of the number he then bore (the layers taken from him before
    were counted as they were taken), save in the third kind, where "THe king stands for so many men as he
    has steps" (1038): his steps."""
    out = []
    for m in taken:
        if m.shape == "pyramid" and book.kind == 3:
            out.extend(l.value for l in m.layers)
        elif m.shape == "pyramid":
            out.append(sum(l.value for l in m.layers))
        else:
            out.append(m.value)
    return out


def characters(n: int) -> int:
    """The characters (figures) of a number: "2.4.6.8.24.64. so you have.100. in.8. characters" (1071)."""
    return len(str(n))


@cache
def _some(values: tuple[int, ...], men: int | None, chars: int | None, at_least: int) -> bool:
    """Whether some of the values, `men` of them (any number if None) with `chars` characters (any if
    None), make `at_least` or more. Plainly: every choice (remembered, for every move of a position asks
    it again of the same men)."""
    for k in range(len(values) + 1):
        if men is not None and k != men:
            continue
        for choice in combinations(values, k):
            if chars is not None and sum(characters(v) for v in choice) != chars:
                continue
            if sum(choice) >= at_least:
                return True
    return False


def standards(book: Book, taken: Mapping[str, Sequence[Man]]) -> dict[str, int]:
    """The standards each host has won (1091-1104): each army, less "the first and last" as captains and
    "ten standerd bearers", is divided "into 10 standerds" (even: 1312 footmen, 130 to a standard; odd
    1752, 174), the armies being the numbers of the men, "not compting the roots of squares expressed in the
    kings" (1093-1094, 1097); "If the even host wine 348 men he has obtained two standerds" (1099-1100): a
    host's standards are the numbers it has won, by the men of one standard of the enemy's."""
    per = {s: (book.army[s] - 2 - 10) // 10 for s in ("even", "odd")}
    return {s: sum(counted(book, taken[s])) // per[OTHER[s]] for s in ("even", "odd")}


def common(book: Book, taken: Mapping[str, Sequence[Man]], side: str, agreement: Mapping[str, Any]
           ) -> list[dict[str, Any]]:
    """The common victory agreed (1053-1116, "in every one of the three kynds of playing"), held by `side`
    with the men it has taken (`taken[side]`).

    * bodies: "only to take a certain number of men" (1058-1060);
    * goods: "to take a certain number without respect of the men ... men amou^ting to ye number of 100"
      (1063-1065);
    * quarrel: "neither the men, nor the number, but the characters of the number be considered ... 100. in
      8. characters not regarding in how many men they stand ... it skilleth not, although there be more
      then 100" (1068-1073): some of his prisoners in exactly so many characters, making the number or more;
    * honour: "a determined number is made in a determined number of men ... 100. in 8. men ... though there
      were somewhat more then 100. so it be in 8. men" (1076-1079);
    * honour-and-quarrel: "the decreed number, in the decreed number of men and the decreed number of
      characters ... so that there be not 100. upon one man" (1082-1088): no one of the men chosen bearing
      the number or more;
    * standards: "He that wynneth more standers has the victory" (1099): by option standards-victory, more
      standards than the other host ("compare-hosts"), or the number of standards agreed
      ("agreed-number", agreement key `standards`)."""
    name = agreement["name"]
    values = counted(book, taken[side])
    won = False
    if name == "bodies":
        won = len(values) >= agreement["men"]
    elif name == "goods":
        won = sum(values) >= agreement["sum"]
    elif name == "quarrel":
        won = _some(tuple(sorted(values)), None, agreement["characters"], agreement["sum"])
    elif name == "honour":
        won = _some(tuple(sorted(values)), agreement["men"], None, agreement["sum"])
    elif name == "honour-and-quarrel":
        small = [v for v in values if v < agreement["sum"]]
        won = _some(tuple(sorted(small)), agreement["men"], agreement["characters"], agreement["sum"])
    elif name == "standards":
        won_by = standards(book, taken)
        if book.options.get("standards-victory", "compare-hosts") == "agreed-number":
            won = won_by[side] >= agreement["standards"]
        else:
            won = won_by[side] > won_by[OTHER[side]]
        if won:
            return [{"victory": "standards", "side": side, "standards": won_by}]
        return []
    return [{"victory": name, "side": side}] if won else []
