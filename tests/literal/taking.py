"""Every manner of taking of the three kinds, as the book states them.

Each function answers, for the position as it stands, which enemies of
`side` its men take by that manner, and with which men: a Taking names the
manner, the man taken (his space; the layer when a king loses a part), the
number taken and the takers' spaces. When the taking happens (after a move,
or before it with removal into the taken man's place) is turn.py's.

The manners of each kind:

* first kind: equality, obsidion, addition, subtraction, multiplication,
  division, "and also if you will, and soagree, by Proportion" (447-449);
* second kind: obsidion, equality, addition, subtraction, multiplication,
  division, cossick signs (874-875), multiplication and division by the void
  spaces (901-911);
* third kind: encountering, eruption, lying in wait, obsidion (999).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from rithmocheck.play.position import Man, Position, Square

from .book import CORNERWISE, DIRECT, EVERY_WAY, OTHER, Book


@dataclass(frozen=True, order=True)
class Taking:
    method: str
    taken: Square
    takers: tuple[Square, ...]  # sorted
    value: int  # the number taken: the man's, the king's whole number, or the layer's
    layer: int | None = None  # the layer's number when a king is taken by parts


def manners(book: Book) -> tuple[str, ...]:
    """The manners of taking of the kind (lines 447-449, 874-875, 999)."""
    if book.kind == 1:
        base = ("equality", "obsidion", "addition", "subtraction", "multiplication", "division")
        return base + (("proportion",) if book.option("proportion-taking") is True else ())
    if book.kind == 2:
        return ("obsidion", "equality", "addition", "subtraction", "multiplication-by-spaces", "division-by-spaces",
                "cossick-signs")
    return ("encountering", "eruption", "lying-in-wait", "obsidion")


EQUALITY = ("equality", "encountering")


def stakes(book: Book, victim: Man, manner: str) -> Iterator[tuple[int, int | None]]:
    """The numbers by which a man may be taken by a manner: (number, layer or None for the whole man).

    A man by his number. A king (first kind, lines 530-537): "They can not be taken by equality. But by
    obsidion the whole king may be taken away. Also his whole number at ones, that is 91 or 190 by
    Addition, by Subtraction, by Multiplication, or by Division. Also he may be taken by parts, when any of
    his side numbers may be taken": his whole number by those four manners only (not by proportion, which
    line 533 does not name), his layers by any manner that takes a number, but not by equality unless the
    players read line 531 of the whole king only (option king-parts-by-equality). Second kind (928-930):
    "by Obsidion, or if their Pyramidall number, be taken by any of the aforsayde means. Also if by such
    means you can take all his quadrates one after another": the whole number by every manner but
    equality (which takes "these men ... 9.16.25.36.49.64.81", 882-883, not a pyramid), the quadrates by
    every manner (equality as the option says). Third kind (999, 1038, 1043): "The king stands for so
    many men as he has steps", each taken as a man (equality as the option says), and "the whole king at
    ons that is the whole number of Pyramid" by the manners that take numbers, equality ("encountering"
    is "to take by Equality, as has been twyse before declared", 1002-1003) excepted.

    Obsidion takes the man on his space, a king whole (stakes are not asked of it)."""
    if victim.shape != "pyramid":
        yield victim.value, None
        return
    whole_manners = {1: {"addition", "subtraction", "multiplication", "division"}}.get(book.kind)
    if (whole_manners is None and manner not in EQUALITY) or (whole_manners is not None and manner in whole_manners):
        yield book.king_number(victim), None
    if manner not in EQUALITY or book.option("king-parts-by-equality") is True:
        for layer in victim.layers:
            yield layer.value, layer.value


def enemies(book: Book, pos: Position, side: str) -> Iterator[tuple[Square, Man]]:
    """The adversary's men who may be taken (a prisoner of the second kind once placed may not, 960-961)."""
    for sq, m in pos.men(OTHER[side]):
        if not book.inert(m):
            yield sq, m


def fighters(book: Book, pos: Position, side: str) -> Iterator[tuple[Square, Man]]:
    """The side's men who fight (turned prisoners of the first kind fight for their conqueror, 541-544;
    those of the second do not, 726-728)."""
    for sq, m in pos.men(side):
        if not book.inert(m):
            yield sq, m


def takings(book: Book, pos: Position, side: str, only: tuple[str, ...] | None = None) -> list[Taking]:
    """Every taking `side` holds against the enemy as the position stands, by every manner of the kind (or
    those named in `only`)."""
    out: set[Taking] = set()
    for manner in manners(book):
        if only is not None and manner not in only:
            continue
        out.update(BY_MANNER[manner](book, pos, side, manner))
    return sorted(out, key=lambda t: (t.taken, t.method, t.takers, t.value, -1 if t.layer is None else t.layer))


# --- equality, encountering ------------------------------------------------------------------------------

def by_equality(book: Book, pos: Position, side: str, manner: str) -> Iterator[Taking]:
    """"BY equality men may be taken, when one man after his motion, sees his enemy being of the same number
    that he is, standing in such place as he may remove into" (lines 453-455); second kind, "as has been said
    before" (882-886); third kind, "To take by encountering is to take by Equality" (1002-1003)."""
    for tsq, t in fighters(book, pos, side):
        reach = book.in_draught(pos, tsq, t)
        for vsq, v in enemies(book, pos, side):
            if vsq in reach:
                for n, layer in stakes(book, v, manner):
                    if n in book.numbers_of_taker(t):
                        yield Taking(manner, vsq, (tsq,), n, layer)


# --- two men: addition, subtraction, multiplication, division, lying in wait ------------------------------

def _made(manner: str, a: int, b: int, n: int) -> bool:
    """Addition: "one of their enemies, which is as much as both they being added together" (483-484);
    lying in wait is "to take by addition" (1014). Subtraction: "the lesser being subtracted out of the
    greater, the number remaining, is all one with the adversaries man" (497-498). Multiplication: "being
    multiplied one by the other, the producte is all one with their adversaries man" (508-509). Division:
    "one of them being divided by the other, the product is the same that their enemy is" (519-520)."""
    if manner in ("addition", "lying-in-wait"):
        return a + b == n
    if manner == "subtraction":
        return max(a, b) - min(a, b) == n
    if manner == "multiplication":
        return a * b == n
    lesser, greater = min(a, b), max(a, b)
    return greater == n * lesser


def next_spaces(book: Book, sq: Square, ways: tuple[tuple[int, int], ...]) -> list[Square]:
    return [(sq[0] + w[0], sq[1] + w[1]) for w in ways if book.on_board((sq[0] + w[0], sq[1] + w[1]))]


def by_two(book: Book, pos: Position, side: str, manner: str) -> Iterator[Taking]:
    """Two men of the side and one enemy.

    Where they stand: "standing in such place as both they might remove into" (addition, 484-485), "that
    stands in both their draughtes" (subtraction, 499), "standing in both their draughts" (multiplication,
    509-510), "standing in their draught" (division, 521). In the second kind "some require the men that
    should take by Addition to stand in the next spaces to him that is taken, either directly, or
    cornerwyse" (890-892), and so of subtraction, "the opinion of them, that would have the two takers stand
    only in the next spaces" (897-898): option adjacent-takers. Lying in wait (third kind): "not as before
    when the adversary stands within the draught of two men ... but when the 2 numbers that are to be
    added, stand in the next spaces to the adversary" (1014-1017): which next spaces, option
    lying-in-wait-next-spaces (directly or cornerwise; or directly only)."""
    adjacent = manner == "lying-in-wait" or (book.kind == 2 and book.option("adjacent-takers") is True)
    ways = EVERY_WAY
    if manner == "lying-in-wait" and book.options.get("lying-in-wait-next-spaces") == "directly":
        ways = DIRECT
    mine = list(fighters(book, pos, side))
    reach = {s: book.in_draught(pos, s, m) for s, m in mine}
    for vsq, v in enemies(book, pos, side):
        if adjacent:
            near = set(next_spaces(book, vsq, ways))
            takers = [(s, m) for s, m in mine if s in near]
        else:
            takers = [(s, m) for s, m in mine if vsq in reach[s]]
        for (s1, m1), (s2, m2) in combinations(takers, 2):
            for n, layer in stakes(book, v, manner):
                if any(_made(manner, a, b, n) for a in book.numbers_of_taker(m1) for b in book.numbers_of_taker(m2)):
                    yield Taking(manner, vsq, tuple(sorted((s1, s2))), n, layer)


# --- by the spaces between: multiplication and division (second kind), eruption (third) -------------------

def by_spaces(book: Book, pos: Position, side: str, manner: str) -> Iterator[Taking]:
    """Second kind, multiplication: "When your man stands so, that being lesser then your adversaries man,
    you may multiply your man by the void spaces between them, and the product is all one with the
    aduersarye" (901-904); division: "if your man being greater then the aduersarye, stand so, that being
    divided by the void spaces, the quotient is all one with the aduersarye" (908-910). Third kind,
    eruption: "when a less number being multiplied by the spaces that are between him and his adversary,
    ye product is as much as his adversary ... whether he stand directly from him or cornerwise"
    (1006-1008), the men of the second kind's table of multiplication (1010-1011), so the spaces between
    are void as there.

    The two stand in one right line, direct or cornerwise, every space between them void. What is
    counted: the void spaces between (the book's words), or those and the two men's own spaces as the
    draughts are counted ("accompting that place in which they stand for one", 862), option
    spaces-counting."""
    greater = manner == "division-by-spaces"
    both_ends = book.option("spaces-counting") == "both-ends"
    for vsq, v in enemies(book, pos, side):
        for w in EVERY_WAY:
            between = 0
            sq = (vsq[0] + w[0], vsq[1] + w[1])
            while book.on_board(sq) and pos.at(sq) is None:
                between += 1
                sq = (sq[0] + w[0], sq[1] + w[1])
            t = pos.at(sq) if book.on_board(sq) else None
            if t is None or t.side != side or book.inert(t):
                continue
            spaces = between + 2 if both_ends else between
            for n, layer in stakes(book, v, manner):
                for a in book.numbers_of_taker(t):
                    if (greater and a > n and a == n * spaces) or (not greater and a < n and a * spaces == n):
                        yield Taking(manner, vsq, (sq,), n, layer)


# --- cossick signs ----------------------------------------------------------------------------------------

def powers(book: Book, man: Man) -> set[tuple[int, int]]:
    """The (root, sign) of which the man is a power: "any man that has these signs [quadrate, cube,
    fouresquared quadrate, quadrate of cube]" (914-915), the signs marked on the men (762-846) meaning
    root**2, root**3, root**4, root**6 (743-755: "the root quadrat, cube, quadrat of quadrat, sursolide,
    quadrat of cube. 2.4.8.16.32.64"). A king's layers are "the quadrates arising of these rots" (922)."""
    out = set()
    if man.shape == "pyramid":
        return out
    for sign in book.signs.get((book.origin(man), man.shape, man.value), frozenset()):
        if sign in (2, 3, 4, 6):
            root = round(man.value ** (1 / sign))
            for r in (root - 1, root, root + 1):
                if r > 0 and r ** sign == man.value:
                    out.add((r, sign))
    return out


def is_root(book: Book, man: Man) -> bool:
    """A man marked with the root's sign (763-764, 776-777, 792-793, 806, 821)."""
    return man.shape != "pyramid" and 1 in book.signs.get((book.origin(man), man.shape, man.value), frozenset())


def by_signs(book: Book, pos: Position, side: str, manner: str) -> Iterator[Taking]:
    """"BY Cossicall signs any man that has these signs ... meeting with his root in his ordinary draught
    that has this sign [root], takes him up, or else is taken of him" (913-917): a power and his root of
    the other side, the one standing in the ordinary draught of the other, who takes him. A king's
    quadrate is taken by its root (928-930: "if by such means you can take all his quadrates"), a layer
    being the quadrate of its root (920-925); a king takes with his quadrates where he takes with his
    layers (option king-takes-with)."""
    for tsq, t in fighters(book, pos, side):
        reach = book.in_draught(pos, tsq, t)
        for vsq, v in enemies(book, pos, side):
            if vsq not in reach:
                continue
            if is_root(book, v) and any(r == v.value for r, _s in powers(book, t)):
                yield Taking(manner, vsq, (tsq,), v.value)
            if is_root(book, t) and any(r == t.value for r, _s in powers(book, v)):
                yield Taking(manner, vsq, (tsq,), v.value)
            if v.shape == "pyramid" and is_root(book, t):
                for layer in v.layers:
                    if t.value ** 2 == layer.value:
                        yield Taking(manner, vsq, (tsq,), layer.value, layer.value)
            if t.shape == "pyramid" and is_root(book, v) and book.option("king-takes-with") == "whole-or-layer":
                if any(l.value == v.value ** 2 for l in t.layers):
                    yield Taking(manner, vsq, (tsq,), v.value)


# --- obsidion ---------------------------------------------------------------------------------------------

def by_siege(book: Book, pos: Position, side: str, manner: str) -> Iterator[Taking]:
    for vsq, v in enemies(book, pos, side):
        sieges = (next_spaces_siege(book, pos, side, vsq) if book.kind == 3
                  else [draught_siege(book, pos, side, vsq, v)])
        for besiegers in sieges:
            if besiegers:
                yield Taking("obsidion", vsq, tuple(sorted(besiegers)),
                             book.king_number(v) if v.shape == "pyramid" else v.value)


def _shut_by(book: Book, pos: Position, side: str, sq: Square) -> str:
    """Who shuts a space: "edge", "adversary" (a fighting man of the besieging side), "fellow" (any other
    man: the besieged man's fellows, or a prisoner of the second kind who fights for no side)."""
    if not book.on_board(sq):
        return "edge"
    m = pos.at(sq)
    if m is None:
        return ""
    return "adversary" if m.side == side and not book.inert(m) else "fellow"


def draught_siege(book: Book, pos: Position, side: str, vsq: Square, v: Man) -> set[Square] | None:
    """First and second kinds. "BY obsidion any man may be taken even the king him self, if he be so
    compassed with 4. men, that his law full draught be hindered" (467-468): a round by men on the four
    spaces of his draught (469-471), "Triangles and squares ... if al ye four men or any of them, the rest
    standing nearer, do stand in the third or fourth space from them so that they have no way to remove"
    (473-476); second kind, "when by four men they be let of their ordinary draughte, as has been taught
    before" (878-879). Every draught of his is shut: its space is held, or a space on its way (its way
    being void unless leaping), or it runs off the board. "no Obsidion can be of any man with some of his
    fellows, but all four must be his adversaries" (1027-1028): every man who shuts a draught is an
    adversary. The edge of the board stands for a besieger only by agreement (option obsidion-board-edge);
    else a draught the edge alone shuts leaves no siege. Returns the besiegers (None: no siege)."""
    draughts = book.draughts(v)
    if not draughts:
        return None
    besiegers: set[Square] = set()
    for d in draughts:
        spaces = [(vsq[0] + d.way[0] * k, vsq[1] + d.way[1] * k) for k in range(1, d.steps + 1)]
        if book.leaping():
            spaces = spaces[-1:]
        shut = None
        for sq in spaces:
            who = _shut_by(book, pos, side, sq)
            if who:
                shut = (who, sq)
                break
        if shut is None:
            return None  # this draught is open: he may remove
        who, sq = shut
        if who == "fellow":
            return None
        if who == "edge":
            if book.option("obsidion-board-edge") is not True:
                return None
            continue
        besiegers.add(sq)
    return besiegers or None


def next_spaces_siege(book: Book, pos: Position, side: str, vsq: Square) -> list[set[Square]]:
    """Third kind: "when four men besiege the aduersarye, standing in the four next spaces about him
    directly, or cornerwise, the man so besieged can not escape, because he can not remove cornerwyse"
    (1022-1025). Which four next spaces: those directly about him (the book's reason), or, as some read
    "directly, or cornerwise", the four cornerwise ones too (option obsidion-next-spaces). Where the
    players agree that men move cornerwise (992-994, option cornerwise) the reason falls ("he can not
    remove cornerwyse"): he is besieged only when he can remove no way, all eight next spaces held; the
    players who read "directly, or cornerwise" without its reason (directly-or-cornerwise) take by four
    direct or four cornerwise men, whatever he may move. The edge as the option says; all must be
    adversaries (1027-1028). Returns the sieges (the four direct and the four cornerwise men are two)."""
    if book.option("cornerwise") is True and book.option("obsidion-next-spaces") == "directly":
        rings: list[tuple[tuple[int, int], ...]] = [EVERY_WAY]
    else:
        rings = [DIRECT]
        if book.option("obsidion-next-spaces") == "directly-or-cornerwise":
            rings.append(CORNERWISE)
    out = []
    for ring in rings:
        besiegers: set[Square] | None = set()
        for w in ring:
            sq = (vsq[0] + w[0], vsq[1] + w[1])
            who = _shut_by(book, pos, side, sq)
            if who == "adversary":
                besiegers.add(sq)  # type: ignore[union-attr]
            elif who == "edge" and book.option("obsidion-board-edge") is True:
                continue
            else:
                besiegers = None
                break
        if besiegers:
            out.append(besiegers)
    return out


# --- proportion -------------------------------------------------------------------------------------------

def in_proportion(a: int, b: int, c: int) -> list[str]:
    """The proportions three numbers a < b < c stand in: "ARithmeticall proportion, is when ye mydle number
    differs as much from the first, as from the third" (607-608); "Geometrical proportion, is when the
    second has that proportion to the first, that the third has to the second" (628-629), the middle the
    "root square" of the first by the third (633-634); Musical: the middle is the first by the last
    doubled, "divide[d] ... by the first and the last added together" (663-664)."""
    out = []
    if b - a == c - b:
        out.append("arithmetic")
    if b * b == a * c:
        out.append("geometric")
    if b * (a + c) == 2 * a * c:
        out.append("musical")
    return out


def lines_of_three(book: Book) -> list[tuple[Square, Square, Square]]:
    """Three spaces "in a right line, direct or cross, as in D.A.B. or else 5.1.3" (591-592), next to
    each other, each line once."""
    return _lines(book.ranks)


@cache
def _lines(ranks: int) -> list[tuple[Square, Square, Square]]:  # the board's, made once for its length
    out = []
    for x in range(8):
        for y in range(ranks):
            for w in ((0, 1), (1, 0), (1, 1), (1, -1)):
                sqs = ((x, y), (x + w[0], y + w[1]), (x + 2 * w[0], y + 2 * w[1]))
                if all(0 <= s[0] < 8 and 0 <= s[1] < ranks for s in sqs):
                    out.append(sqs)
    return out


def squares_of_four(book: Book) -> list[tuple[Square, Square, Square, Square]]:
    """Four "set like a square two against two, as in.E.B.D.C. or.2.3.4.5" (593-594): the four spaces
    next cornerwise about one space (2.3.4.5 stood so about 1 in the siege of a round, 469-470, whose
    draught is cornerwise, 421), or four spaces two by two (option four-arrangement)."""
    return _squares(book.ranks, book.option("four-arrangement") == "block")


@cache
def _squares(ranks: int, block: bool) -> list[tuple[Square, Square, Square, Square]]:
    out = []
    for x in range(8):
        for y in range(ranks):
            if block:
                sqs = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
            else:
                sqs = ((x, y), (x + 2, y), (x, y + 2), (x + 2, y + 2))
            if all(0 <= s[0] < 8 and 0 <= s[1] < ranks for s in sqs):
                out.append(sqs)
    return out


def by_proportion(book: Book, pos: Position, side: str, manner: str) -> Iterator[Taking]:
    """"when they can join two or three of their men to one of their adversaries men in such order as the
    triumph is set, so that those three or four numbers have any of these three proportions they may take
    their adversaries man" (574-577); "after the same manner must you set them so that your adversaries man
    make the third or fourth, when you take by proportion" (594-596): where he stands, option
    proportion-adversary-place: "third-or-fourth", the third of a line D.A.B (592) is an end, never the
    middle, and of four set like a square any corner is the fourth; "anywhere", the third or fourth is
    the count of the men, his one joined to two or three (574). His number is one of the three in
    proportion; in a square of four, three of the four numbers (his among them) stand in a proportion.
    The middle man bears the middle term where the players so read the triumph (option triumph-order)."""
    arrangements: list[tuple[Square, ...]] = [*lines_of_three(book), *squares_of_four(book)]
    at_end = book.options.get("proportion-adversary-place", "third-or-fourth") == "third-or-fourth"
    for vsq, v in enemies(book, pos, side):
        for arr in arrangements:
            if vsq not in arr:
                continue
            if at_end and len(arr) == 3 and arr[1] == vsq:
                continue
            others = [s for s in arr if s != vsq]
            men = [pos.at(s) for s in others]
            if any(m is None or m.side != side or book.inert(m) for m in men):
                continue
            for n, layer in stakes(book, v, manner):
                numbers = {s: book.numbers_of_taker(m)[0] for s, m in zip(others, men)}  # type: ignore[arg-type]
                numbers[vsq] = n
                if _proportioned(book, arr, numbers, vsq):
                    yield Taking(manner, vsq, tuple(sorted(others)), n, layer)


def _proportioned(book: Book, arr: tuple[Square, ...], numbers: dict[Square, int], must: Square) -> bool:
    if len(arr) == 3 and book.option("triumph-order") == "in-line":
        a, b, c = (numbers[s] for s in arr)
        if not (a < b < c or a > b > c):
            return False
    for three in combinations(arr, 3):
        if must not in three:
            continue
        a, b, c = sorted(numbers[s] for s in three)
        if a < b < c and in_proportion(a, b, c):
            return True
    return False


BY_MANNER = {
    "equality": by_equality, "encountering": by_equality,
    "addition": by_two, "subtraction": by_two, "multiplication": by_two, "division": by_two, "lying-in-wait": by_two,
    "multiplication-by-spaces": by_spaces, "division-by-spaces": by_spaces, "eruption": by_spaces,
    "cossick-signs": by_signs, "obsidion": by_siege, "proportion": by_proportion,
}
