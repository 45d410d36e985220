"""Every capture a position holds, by every manner of taking of the rules.

A capture is typed data: the method, the man taken (his square, and the
layer when a king is taken by parts), his number, and the takers' squares.
`in_danger(pos, rules, side)` finds every enemy of `side` that `side`'s men
take as the position stands; the kernel keeps those the rules allow after a
move (the man just moved among the takers, unless the ruleset says
otherwise) or before it (a man removing into the place of an enemy already
in danger).

The manners, each read from its entry in /captures/methods of the ruleset
(the lines are the 1563 witness's):

* equality, encountering (453, 882, 1002): one man whose number is the
  enemy's, the enemy standing in his draught;
* addition, subtraction, multiplication, division (483, 497, 508, 519): two
  men both able to remove into the enemy's space (or, where `reach` is
  `adjacent`, standing in the next spaces about him), their numbers added,
  the lesser taken from the greater, multiplied, or the greater divided by
  the lesser, making his;
* lying in wait (1014): addition by two men in the next spaces;
* multiplication and division by spaces, eruption (901, 908, 1006): one man
  in a straight line with the enemy, every space between void, his number
  times (or divided by) the spaces making the enemy's: the void spaces
  between, or, where `counting` is `both-ends`, those and the two men's;
* obsidion (467, 878, 1022): every line of the man's ordinary draught
  hindered by an adversary standing at its end or nearer (kinds 1, 2), or
  adversaries in the four next spaces about him (kind 3); his own men never
  count (1027), the board's edge only where the ruleset says;
* cossick signs (914): a man bearing the sign of a power and his root
  bearing the root's sign, the one in the other's ordinary draught (the
  pairs are the rows of the ruleset's k2-cossick-taking table);
* proportion (570, when enabled): two or three men set with the enemy as a
  triumph is set, the numbers in a proportion of the ruleset's tests.

Kings: the whole pyramid by his number (the sum of the layers he bears) by
any manner but equality; a layer by its number, by equality only where the
ruleset allows (/kings/parts/by_equality). A king takes with his whole
number (and his layers' where /kings/takes_with says so).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from .position import OTHER, Layer, Man, Position, Square, square_name
from .rules import VECTORS, Method, Rules

EIGHT = VECTORS["orthogonal"] + VECTORS["diagonal"]


@dataclass(frozen=True, order=True)
class Capture:
    taken: Square
    method: str
    takers: tuple[Square, ...]
    value: int  # the number taken (the whole king's, or the layer's)
    layer: int | None = None  # the layer's number when a king is taken by parts

    def as_json(self, pos: Position) -> dict[str, Any]:
        man = pos.at(self.taken)
        d: dict[str, Any] = {"method": self.method, "taken": square_name(self.taken), "value": self.value,
                             "takers": [square_name(t) for t in self.takers]}
        if man is not None:
            d["shape"] = man.shape if self.layer is None else _layer_shape(man, self.layer)
            d["side"] = man.side
        if self.layer is not None:
            d["layer"] = True
        return d


def _layer_shape(man: Man, value: int) -> str:
    for layer in man.layers:
        if layer.value == value:
            return layer.shape
    return man.shape


class Board:
    """The reach of every man of a position: the spaces each may remove
    into by his ordinary draught (the space itself may be occupied: the man
    standing there is in his draught)."""

    def __init__(self, pos: Position, rules: Rules):
        self.pos, self.rules = pos, rules
        self._reach: dict[Square, frozenset[Square]] = {}
        self._attackers: dict[str, dict[Square, list[Square]]] = {}

    def reach(self, sq: Square) -> frozenset[Square]:
        got = self._reach.get(sq)
        if got is None:
            man = self.pos.at(sq)
            got = frozenset() if man is None or self.inert(man) else frozenset(self._reach_of(sq, man))
            self._reach[sq] = got
        return got

    def inert(self, man: Man) -> bool:
        """A prisoner of the second kind set for a triumph: he neither moves nor takes."""
        return man.turned and self.rules.captured == "triumph-only"

    def _reach_of(self, sq: Square, man: Man) -> Iterator[Square]:
        occupied, clear = self.pos.occupied, self.rules.path_clear
        for target, path in self.rules.lines_from(self.rules.steps(man), sq):
            if not (clear and not occupied.keys().isdisjoint(path)):
                yield target

    def takers_of(self, target: Square, side: str) -> list[Square]:
        """The men of `side` in whose draught the target stands, in board order."""
        table = self._attackers.get(side)
        if table is None:
            table = {}
            for sq, _m in self.pos.men(side):
                for t in self.reach(sq):
                    table.setdefault(t, []).append(sq)
            self._attackers[side] = table
        return table.get(target, [])


def taker_values(man: Man, rules: Rules) -> tuple[int, ...]:
    if man.is_king and rules.takes_with == "whole-or-layer":
        return (rules.number(man), *(l.value for l in man.layers))
    return (rules.number(man),)


def targets(man: Man, rules: Rules, method: str) -> Iterator[tuple[int, int | None]]:
    """The numbers by which a man may be taken by `method`: (number, layer or None)."""
    equality = method in ("equality", "encountering")
    if not man.is_king:
        yield man.value, None
        return
    if method == "obsidion":
        yield rules.number(man), None
        return
    if not equality:
        yield rules.number(man), None
    if not equality or rules.parts_by_equality:
        for layer in man.layers:
            yield layer.value, layer.value


def _next_spaces(sq: Square, rules: Rules, which: tuple[tuple[int, int], ...] = EIGHT) -> Iterator[Square]:
    for dx, dy in which:
        n = (sq[0] + dx, sq[1] + dy)
        if rules.on_board(n):
            yield n


DRAUGHT_METHODS = frozenset({"equality", "encountering", "addition", "subtraction", "multiplication", "division",
                             "cossick-signs"})


def in_danger(pos: Position, rules: Rules, side: str, board: Board | None = None,
              victims: list[Square] | None = None, methods: tuple[Method, ...] | None = None) -> list[Capture]:
    """Every capture `side` holds against the enemy as the position stands
    (of the given victims and manners of taking: default all)."""
    board = board or Board(pos, rules)
    enemy = OTHER[side]
    methods = rules.methods if methods is None else methods
    if victims is None:
        if all(m.name in DRAUGHT_METHODS and m.params.get("reach", "draught") == "draught" for m in methods):
            board.takers_of((0, 0), side)  # builds the attack map: no enemy outside it can be taken
            victims = [sq for sq, _m in pos.men(enemy) if board.takers_of(sq, side)]
        else:
            victims = [sq for sq, _m in pos.men(enemy)]
    out: set[Capture] = set()
    for v in victims:
        victim = pos.at(v)
        if victim is None or victim.side != enemy or board.inert(victim):
            continue
        for method in methods:
            out.update(_by_method(method, v, victim, side, pos, rules, board))
    return sorted(out, key=capture_key)


def capture_key(c: Capture) -> tuple[Any, ...]:
    """Captures in a fixed order: by the man taken, the manner, the takers, the number; the whole king before
    his layers (the same number may be the king's and, when he bears one layer, that layer's)."""
    return c.taken, c.method, c.takers, c.value, -1 if c.layer is None else c.layer


def _by_method(method: Method, v: Square, victim: Man, side: str, pos: Position, rules: Rules,
               board: Board) -> Iterator[Capture]:
    name, p = method.name, method.params
    if name in ("equality", "encountering"):
        for t in board.takers_of(v, side):
            tv = taker_values(pos.at(t), rules)  # type: ignore[arg-type]
            for value, layer in targets(victim, rules, name):
                if value in tv:
                    yield Capture(v, name, (t,), value, layer)
    elif name in ("addition", "subtraction", "multiplication", "division", "lying-in-wait"):
        yield from _two_takers(name, p, v, victim, side, pos, rules, board)
    elif name in ("multiplication-by-spaces", "division-by-spaces", "eruption"):
        yield from _by_spaces(name, p, v, victim, side, pos, rules)
    elif name == "obsidion":
        yield from _obsidion(p, v, victim, side, pos, rules)
    elif name == "cossick-signs":
        yield from _cossick(p, v, victim, side, pos, rules, board)
    elif name == "proportion":
        yield from _proportion(p, v, victim, side, pos, rules)


_ARITH: dict[str, Callable[[int, int, int], bool]] = {
    "addition": lambda a, b, n: a + b == n,
    "lying-in-wait": lambda a, b, n: a + b == n,
    "subtraction": lambda a, b, n: abs(a - b) == n,
    "multiplication": lambda a, b, n: a * b == n,
    "division": lambda a, b, n: min(a, b) > 0 and max(a, b) == n * min(a, b),
}


def _two_takers(name: str, p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position, rules: Rules,
                board: Board) -> Iterator[Capture]:
    if p.get("reach", "draught") == "adjacent":  # the next spaces: directly only, or directly or cornerwise
        which = VECTORS["orthogonal"] if p.get("next_spaces") == "directly" else EIGHT
        takers = [n for n in _next_spaces(v, rules, which) if (m := pos.at(n)) is not None and m.side == side
                  and not board.inert(m)]
    else:
        takers = board.takers_of(v, side)
    test = _ARITH[name]
    values = {t: taker_values(m, rules) for t in takers if (m := pos.at(t)) is not None}
    for t1, t2 in combinations(sorted(values), 2):
        for value, layer in targets(victim, rules, name):
            if any(test(a, b, value) for a in values[t1] for b in values[t2]):
                yield Capture(v, name, (t1, t2), value, layer)


def _by_spaces(name: str, p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position,
               rules: Rules) -> Iterator[Capture]:
    lo, hi = int(p.get("min_spaces", 1)), int(p.get("max_spaces", 14))
    both_ends = p.get("counting", "void-between") == "both-ends"
    greater = name == "division-by-spaces"
    compare = p.get("lesser_takes_greater", not greater)  # None: no test of which is the greater
    lines = {"straight": EIGHT, "orthogonal": VECTORS["orthogonal"], "diagonal": VECTORS["diagonal"]}
    occupied, ranks = pos.occupied, rules.ranks
    for dx, dy in lines.get(str(p.get("lines", "straight")), EIGHT):
        between = 0
        x, y = v[0] + dx, v[1] + dy
        while 0 <= x < 8 and 0 <= y < ranks and (x, y) not in occupied:
            between += 1
            x, y = x + dx, y + dy
        sq = (x, y)
        taker = occupied.get(sq)
        if taker is None or taker.side != side:
            continue
        spaces = between + 2 if both_ends else between
        if not lo <= spaces <= hi:
            continue
        for value, layer in targets(victim, rules, name):
            for tv in taker_values(taker, rules):
                made = tv == value * spaces if greater else tv * spaces == value
                if made and (compare is None or (tv > value if greater else tv < value)):
                    yield Capture(v, name, (sq,), value, layer)


def _obsidion(p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position,
              rules: Rules) -> Iterator[Capture]:
    own_count = bool(p.get("own_men_count", False))
    edge_counts = bool(p.get("board_edge_counts", False))
    if p.get("blocks", "draughts") == "next-spaces":
        rings: list[tuple[tuple[int, int], ...]]
        if p.get("next_spaces", "directly") == "directly-or-cornerwise":  # four directly, or four cornerwise
            rings = [VECTORS["orthogonal"], VECTORS["diagonal"]]
        else:  # the next space in every direction he may remove (four directly; eight where cornerwise is agreed)
            rings = [tuple(u for u in EIGHT if u in _units(rules.steps(victim)))]
        for ring in rings:
            ringed = _ring(ring, v, side, pos, rules, own_count, edge_counts)
            if ringed is not None:
                yield Capture(v, "obsidion", ringed, rules.number(victim))
        return
    lines: dict[tuple[int, int], list[tuple[Square, ...]]] = {}
    for step in rules.steps(victim):
        d = max(abs(step.dx), abs(step.dy))
        unit = (step.dx // d, step.dy // d)
        lines.setdefault(unit, []).append(tuple((v[0] + unit[0] * k, v[1] + unit[1] * k) for k in range(1, d + 1)))
    if not lines:
        return
    besiegers: set[Square] = set()
    for _unit, paths in lines.items():
        path = max(paths, key=len)  # the line out to the farthest draught in this direction
        hindered = False
        if not rules.path_clear:  # leaping: only men on the draughts' own spaces hinder them
            ends = [pth[-1] for pth in paths]
            hits = []
            for e in ends:
                if not rules.on_board(e):
                    if not edge_counts:
                        return
                    continue
                m = pos.at(e)
                if m is None:
                    return
                if m.side != side and not own_count:
                    return
                if m.side == side:
                    hits.append(e)
            besiegers.update(hits)
            continue
        for sq in path:
            if not rules.on_board(sq):
                if not edge_counts:
                    return
                hindered = True
                break
            m = pos.at(sq)
            if m is None:
                continue
            if m.side == side:
                besiegers.add(sq)
                hindered = True
            elif own_count:
                hindered = True
            break
        if not hindered:
            return
    if besiegers:
        yield Capture(v, "obsidion", tuple(sorted(besiegers)), rules.number(victim))


def _units(steps: Any) -> set[tuple[int, int]]:
    """The directions of a man's draughts (unit steps)."""
    return {((s.dx > 0) - (s.dx < 0), (s.dy > 0) - (s.dy < 0)) for s in steps}


def _ring(ring: tuple[tuple[int, int], ...], v: Square, side: str, pos: Position, rules: Rules, own_count: bool,
          edge_counts: bool) -> tuple[Square, ...] | None:
    besiegers = []
    for dx, dy in ring:
        sq = (v[0] + dx, v[1] + dy)
        if not rules.on_board(sq):
            if edge_counts:
                continue
            return None
        m = pos.at(sq)
        if m is None or (m.side != side and not own_count):
            return None
        if m.side == side:
            besiegers.append(sq)
    return tuple(sorted(besiegers)) if besiegers else None


def _faces(man: Man, rules: Rules, quadrate: int | None, taking: bool) -> list[tuple[int, tuple[int, ...], int | None]]:
    """The numbers a man meets the cossick signs with, each with the signs it bears and (a king's layer) the
    layer: a man his number and signs; a king his number (bearing none) and each quadrate he bears, with the
    square's sign (lines 920-922, 929), as one taken, or as a taker where he takes with his layers."""
    if not man.is_king:
        return [(man.value, rules.signs.get((_origin(man), man.shape, man.value), ()), None)]
    out: list[tuple[int, tuple[int, ...], int | None]] = [(rules.number(man), (), None)]
    if quadrate is not None and (not taking or rules.takes_with == "whole-or-layer"):
        out += [(l.value, (quadrate,), l.value) for l in man.layers]
    return out


def _cossick(p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position, rules: Rules,
             board: Board) -> Iterator[Capture]:
    root_sign = int(p.get("root_sign", 1))
    powers = set(p.get("power_signs", ()))
    quadrate = int(p["quadrate_sign"]) if p.get("quadrate_sign") is not None else None
    pairs = rules.table_rows(str(p.get("table")))  # root, power, sign
    victims = _faces(victim, rules, quadrate, taking=False)
    for t in board.takers_of(v, side):
        taker = pos.at(t)
        assert taker is not None
        for a_value, a_signs in ((n, s) for n, s, _l in _faces(taker, rules, quadrate, taking=True)):
            for b_value, b_signs, layer in victims:
                # either the power takes his root, or the root the power
                for root, power, sign in pairs:
                    if sign not in powers:
                        continue
                    if ((a_value, b_value) == (power, root) and sign in a_signs and root_sign in b_signs) or \
                            ((a_value, b_value) == (root, power) and sign in b_signs and root_sign in a_signs):
                        yield Capture(v, "cossick-signs", (t,), b_value, layer)
                        break


def _origin(m: Man) -> str:
    return OTHER[m.side] if m.turned else m.side


def _proportion(p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position, rules: Rules
                ) -> Iterator[Capture]:
    at_end = p.get("adversary_place", "third-or-fourth") == "third-or-fourth"
    for arrangement in arrangements_with(v, rules):
        if at_end and len(arrangement) == 3 and arrangement[1] == v:  # "the third or fourth" (595), not the middle
            continue
        men = [pos.at(sq) for sq in arrangement]
        if any(m is None for m in men):
            continue
        others = [sq for sq in arrangement if sq != v]
        if not all(pos.at(sq).side == side for sq in others):  # type: ignore[union-attr]
            continue
        numbers = [m.value for m in men]  # type: ignore[union-attr]
        if proportions_of(numbers, rules, in_line=len(arrangement) == 3):
            yield Capture(v, "proportion", tuple(sorted(others)), victim.value)


def lines_of_three(rules: Rules) -> tuple[tuple[Square, Square, Square], ...]:
    """Every three spaces in a right line, next to each other, in the directions a triumph may stand in (by
    their first space, file then rank)."""
    return _geometry(rules.ranks, tuple(rules.line.get("directions", ["orthogonal", "diagonal"])),
                     rules.square_form)[0]


def squares_of_four(rules: Rules) -> tuple[tuple[Square, Square, Square, Square], ...]:
    """Every four spaces set "like a square" (the ruleset's form: the corners about a space, or a block)."""
    return _geometry(rules.ranks, tuple(rules.line.get("directions", ["orthogonal", "diagonal"])),
                     rules.square_form)[1]


def arrangements_from(rules: Rules) -> dict[Square, tuple[tuple[Square, ...], ...]]:
    """The lines of three, then the squares of four, by their first space (the order of the two above)."""
    return _geometry(rules.ranks, tuple(rules.line.get("directions", ["orthogonal", "diagonal"])),
                     rules.square_form)[2]


def arrangements_with(v: Square, rules: Rules) -> tuple[tuple[Square, ...], ...]:
    """The lines of three and the squares of four that hold the space v."""
    return _geometry(rules.ranks, tuple(rules.line.get("directions", ["orthogonal", "diagonal"])),
                     rules.square_form)[3].get(v, ())


Line = tuple[Square, Square, Square]
Four = tuple[Square, Square, Square, Square]


@cache
def _geometry(ranks: int, directions: tuple[str, ...], square_form: str
              ) -> tuple[tuple[Line, ...], tuple[Four, ...], dict[Square, tuple[tuple[Square, ...], ...]],
                         dict[Square, tuple[tuple[Square, ...], ...]]]:
    """The board's arrangements of a triumph, made once per shape of board and rules."""
    def on(sq: Square) -> bool:
        return 0 <= sq[0] < 8 and 0 <= sq[1] < ranks

    units = [u for d in directions for u in VECTORS[d][:2]]
    lines: list[Line] = []
    for x in range(8):
        for y in range(ranks):
            for dx, dy in units:
                b, c = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
                if on(b) and on(c):
                    lines.append(((x, y), b, c))
    squares: list[Four] = []
    for x in range(8):
        for y in range(ranks):
            sqs: Four
            if square_form == "block":
                sqs = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
            else:  # the four spaces next corner-wise about (x + 1, y + 1): E B D C about A
                sqs = ((x, y), (x + 2, y), (x, y + 2), (x + 2, y + 2))
            if all(on(q) for q in sqs):
                squares.append(sqs)
    starts: dict[Square, list[tuple[Square, ...]]] = {}
    holding: dict[Square, list[tuple[Square, ...]]] = {}
    for arrangement in (*lines, *squares):
        starts.setdefault(arrangement[0], []).append(arrangement)
        for q in arrangement:
            holding.setdefault(q, []).append(arrangement)
    return (tuple(lines), tuple(squares), {k: tuple(v) for k, v in starts.items()},
            {k: tuple(v) for k, v in holding.items()})


def proportions_of(numbers: list[int], rules: Rules, in_line: bool = False) -> list[str]:
    """The proportions, by the ruleset's tests, that some three of the numbers stand in. Three men in a
    line (`in_line`, numbers in the order they stand) under the order `in-line` need the middle man to bear
    the middle term."""
    if in_line and rules.order == "in-line" and len(numbers) == 3:
        a, b, c = numbers
        if not (a < b < c or a > b > c):
            return []
    found = []
    for name, test in rules.tests.items():
        for a, b, c in combinations(sorted(numbers), 3):
            if a < b < c and test(a, b, c):
                found.append(name)
                break
    return found


def apply_captures(pos: Position, captures: list[Capture], side: str, rules: Rules) -> Position:
    """The position with the captured men (or layers) off the board, each in
    the taker's list of men taken, and in his hand where prisoners are kept
    to be entered again (kinds 1 and 2)."""
    men = dict(pos.board)
    taken = list(pos.taken_by(side))
    hand = list(pos.hand_of(side))
    whole = {c.taken for c in captures if c.layer is None}
    layers: dict[Square, set[int]] = {}
    for c in captures:
        if c.layer is not None and c.taken not in whole:
            layers.setdefault(c.taken, set()).add(c.layer)
    for sq in sorted(whole):
        man = men.pop(sq)
        prisoner = Man(_origin(man), man.shape, man.value, man.layers)
        taken.append(prisoner)
        if rules.captured != "removed" and not man.is_king:
            hand.append(prisoner)
    for sq, values in sorted(layers.items()):
        king = men[sq]
        for layer in king.layers:
            if layer.value in values:
                lost = Man(_origin(king), layer.shape, layer.value)
                taken.append(lost)
                if rules.captured != "removed":
                    hand.append(lost)
        kept = tuple(l for l in king.layers if l.value not in values)
        if kept:
            men[sq] = Man(king.side, king.shape, sum(l.value for l in kept), kept, king.turned)
        else:
            del men[sq]
    t = list(pos.taken)
    h = list(pos.hand)
    i = 0 if side == "even" else 1
    t[i], h[i] = tuple(taken), tuple(hand)
    return pos.replaced(men, taken=(t[0], t[1]), hand=(h[0], h[1]))


__all__ = ["Board", "Capture", "Layer", "apply_captures", "in_danger"]
