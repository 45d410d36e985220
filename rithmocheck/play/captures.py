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
from .rules import EIGHT, VECTORS, Method, Rules


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
    """The reach of the men of a position: the spaces each may remove into
    by his ordinary draught (the space itself may be occupied: the man
    standing there is in his draught), and the men of a side in whose
    draught a space stands. Each is worked out when first asked, from the
    rules' tables of draughts by square (rithmocheck.play.rules), and kept
    for the position."""

    __slots__ = ("pos", "rules", "occ", "_reach", "_takers", "_kings", "_inert", "_values")

    def __init__(self, pos: Position, rules: Rules):
        self.pos, self.rules = pos, rules
        self.occ = pos.occupied
        self._reach: dict[Square, frozenset[Square]] = {}
        self._takers: dict[tuple[Square, str], list[Square]] = {}
        self._kings: dict[str, list[Square]] | None = None
        self._inert = rules.captured == "triumph-only"
        self._values: dict[str, frozenset[int]] = {}

    def reach(self, sq: Square) -> frozenset[Square]:
        got = self._reach.get(sq)
        if got is None:
            man = self.occ.get(sq)
            if man is None or (self._inert and man.turned):
                got = frozenset()
            elif self.rules.path_clear:
                void = self.occ.keys().isdisjoint
                got = frozenset([t for t, path in self.rules.lines_from(self.rules.steps(man), sq) if void(path)])
            else:
                got = frozenset([t for t, _path in self.rules.lines_from(self.rules.steps(man), sq)])
            self._reach[sq] = got
        return got

    def inert(self, man: Man) -> bool:
        """A prisoner of the second kind set for a triumph: he neither moves nor takes."""
        return self._inert and man.turned

    def values(self, side: str) -> frozenset[int]:
        """Every number the side's men take with (a man who neither moves nor takes aside)."""
        got = self._values.get(side)
        if got is None:
            got = frozenset([m.value for m in self.occ.values() if m.side == side and m.shape != "pyramid"
                             and not (self._inert and m.turned)]
                            + [n for m in self.occ.values() if m.side == side and m.shape == "pyramid"
                               for n in taker_values(m, self.rules)])
            self._values[side] = got
        return got

    def kings(self, side: str) -> list[Square]:
        """The squares of the side's kings."""
        if self._kings is None:
            self._kings = {"even": [], "odd": []}
            for sq, m in self.occ.items():
                if m.shape == "pyramid":
                    self._kings[m.side].append(sq)
        return self._kings[side]

    def takers_of(self, target: Square, side: str) -> list[Square]:
        """The men of `side` in whose draught the target stands, in board order."""
        key = (target, side)
        got = self._takers.get(key)
        if got is None:
            occ, clear, inert = self.occ, self.rules.path_clear, self._inert
            void = occ.keys().isdisjoint
            got = []
            for origin, shape, path in self.rules.reverse_lines(target):  # who of each shape could reach it
                m = occ.get(origin)
                if m is not None and m.side == side and m.shape == shape and not (inert and m.turned) \
                        and (not clear or void(path)):
                    got.append(origin)
            for k in self.kings(side):
                if target in self.reach(k):
                    got.append(k)
            got.sort()
            self._takers[key] = got
        return got


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


def _next_spaces(sq: Square, rules: Rules, which: tuple[tuple[int, int], ...] = EIGHT) -> tuple[Square, ...]:
    return rules.next_spaces(sq, which)


DRAUGHT_METHODS = frozenset({"equality", "encountering", "addition", "subtraction", "multiplication", "division",
                             "cossick-signs"})


def in_danger(pos: Position, rules: Rules, side: str, board: Board | None = None,
              victims: list[Square] | None = None, methods: tuple[Method, ...] | None = None,
              must: Square | None = None) -> list[Capture]:
    """Every capture `side` holds against the enemy as the position stands
    (of the given victims and manners of taking: default all; with `must`,
    only the captures the man on that square is a taker of)."""
    board = board or Board(pos, rules)
    enemy = OTHER[side]
    methods = rules.methods if methods is None else methods
    occ = board.occ
    if victims is None:
        if all(m.name in DRAUGHT_METHODS and m.params.get("reach", "draught") == "draught" for m in methods):
            # no enemy but one some man of the side can remove onto can be taken
            victims = [sq for sq, m in pos.men(enemy) if board.takers_of(sq, side)]
        else:
            victims = [sq for sq, _m in pos.men(enemy)]
    men = [(v, victim) for v in victims
           if (victim := occ.get(v)) is not None and victim.side == enemy and not board.inert(victim)]
    if not men:
        return []
    out: set[Capture] = set()
    for handler, method, prep in _handlers(methods, rules):
        found = handler(method, prep, men, side, pos, rules, board, must)
        if found:
            out.update(found)
    return sorted(out, key=capture_key) if len(out) > 1 else list(out)


def capture_key(c: Capture) -> tuple[Any, ...]:
    """Captures in a fixed order: by the man taken, the manner, the takers, the number; the whole king before
    his layers (the same number may be the king's and, when he bears one layer, that layer's)."""
    return c.taken, c.method, c.takers, c.value, -1 if c.layer is None else c.layer


def _one_taker(v: Square, side: str, board: Board, must: Square | None) -> list[Square]:
    """The men of the side in whose draught v stands (with `must`: that man, if he is one)."""
    if must is None:
        return board.takers_of(v, side)
    m = board.occ.get(must)
    return [must] if m is not None and m.side == side and v in board.reach(must) else []


def _wanted(victim: Man, rules: Rules, method: str) -> list[tuple[int, int | None]]:
    if victim.shape != "pyramid":
        return [(victim.value, None)]
    return list(targets(victim, rules, method))


# Each manner of taking: a function of (method, its parameters prepared, the men who may be taken with their
# squares, the side taking, the position, the rules, the board, the man who must be a taker or None) -> the
# captures.
Victims = list[tuple[Square, Man]]
Handler = Callable[[Method, Any, Victims, str, Position, Rules, Board, "Square | None"], list[Capture]]
_NONE: list[Capture] = []


def _handlers(methods: tuple[Method, ...], rules: Rules) -> list[tuple[Handler, Method, Any]]:
    """Each manner of taking with its handler and prepared parameters, worked out once per tuple of them."""
    got = rules._handlers.get(id(methods))
    if got is None or got[0] is not methods:
        got = (methods, [(_HANDLERS[m.name], m, _prepared(m, rules)) for m in methods])
        rules._handlers[id(methods)] = got
    handlers: list[tuple[Handler, Method, Any]] = got[1]
    return handlers


def _same(params: dict[str, Any]) -> Any:
    return params


def _prepared(method: Method, rules: Rules) -> Any:
    """The method's parameters as its handler reads them, worked out once per rules."""
    got = rules._prepared.get(id(method))
    if got is None or got[0] is not method:
        got = (method, _PREPARE.get(method.name, _same)(method.params))
        rules._prepared[id(method)] = got
    return got[1]


def _h_equality(method: Method, prep: Any, men: Victims, side: str, pos: Position, rules: Rules,
                board: Board, must: Square | None) -> list[Capture]:
    """One man whose number is the enemy's, the enemy standing in his draught."""
    name = method.name
    have = board.values(side) if must is None else None
    out: list[Capture] = []
    for v, victim in men:
        wanted = _wanted(victim, rules, name)
        if have is not None and have.isdisjoint([value for value, _layer in wanted]):
            continue  # no man of the side bears his number
        for t in _one_taker(v, side, board, must):
            tv = taker_values(board.occ[t], rules)
            for value, layer in wanted:
                if value in tv:
                    out.append(Capture(v, name, (t,), value, layer))
    return out


_ARITH: dict[str, Callable[[int, int, int], bool]] = {
    "addition": lambda a, b, n: a + b == n,
    "lying-in-wait": lambda a, b, n: a + b == n,
    "subtraction": lambda a, b, n: abs(a - b) == n,
    "multiplication": lambda a, b, n: a * b == n,
    "division": lambda a, b, n: min(a, b) > 0 and max(a, b) == n * min(a, b),
}


def _prepare_two(p: dict[str, Any]) -> tuple[bool, tuple[tuple[int, int], ...]]:
    adjacent = p.get("reach", "draught") == "adjacent"
    return adjacent, (VECTORS["orthogonal"] if p.get("next_spaces") == "directly" else EIGHT)


def _h_two_takers(method: Method, prep: Any, men: Victims, side: str, pos: Position, rules: Rules,
                  board: Board, must: Square | None) -> list[Capture]:
    """Two men (both able to remove into his space, or standing in the next spaces about him) whose numbers,
    added, subtracted, multiplied or divided, make his."""
    occ = board.occ
    adjacent, which = prep
    name = method.name
    test = _ARITH[name]
    out: list[Capture] = []
    for v, victim in men:
        if must is not None and not (max(abs(must[0] - v[0]), abs(must[1] - v[1])) == 1 if adjacent
                                     else v in board.reach(must)):
            continue  # the man who must take is none of the takers
        if adjacent:  # the next spaces: directly only, or directly or cornerwise
            takers = [n for n in _next_spaces(v, rules, which) if (m := occ.get(n)) is not None and m.side == side
                      and not board.inert(m)]
        else:
            takers = board.takers_of(v, side)
        if len(takers) < 2 or (must is not None and must not in takers):
            continue
        values = {t: taker_values(occ[t], rules) for t in takers}
        pairs = combinations(sorted(values), 2) if must is None else \
            (tuple(sorted((must, t))) for t in sorted(values) if t != must)
        wanted = _wanted(victim, rules, name)
        for t1, t2 in pairs:
            for value, layer in wanted:
                if any(test(a, b, value) for a in values[t1] for b in values[t2]):
                    out.append(Capture(v, name, (t1, t2), value, layer))
    return out


_UNSAID = object()  # a parameter the method does not give


def _prepare_spaces(p: dict[str, Any]) -> tuple[int, int, bool, Any, tuple[tuple[int, int], ...]]:
    lines = {"straight": EIGHT, "orthogonal": VECTORS["orthogonal"], "diagonal": VECTORS["diagonal"]}
    both_ends = p.get("counting", "void-between") == "both-ends"
    # max_spaces caps the void spaces between the two men; counted with both men's own, two more
    return (int(p.get("min_spaces", 1)), int(p.get("max_spaces", 14)) + (2 if both_ends else 0),
            both_ends, p.get("lesser_takes_greater", _UNSAID),
            lines.get(str(p.get("lines", "straight")), EIGHT))


def _h_by_spaces(method: Method, prep: Any, men: Victims, side: str, pos: Position, rules: Rules,
                 board: Board, must: Square | None) -> list[Capture]:
    out: list[Capture] = []
    have = board.values(side) if must is None else None
    for v, victim in men:
        if have is not None and victim.shape != "pyramid" \
                and have.isdisjoint(_by_spaces_from(method, prep, victim.value, rules)):
            continue  # (quickly: no man of the side bears a number to take him so)
        out += _by_spaces_one(method, prep, v, victim, side, rules, board, must)
    return out


def _by_spaces_one(method: Method, prep: Any, v: Square, victim: Man, side: str, rules: Rules, board: Board,
                   must: Square | None) -> list[Capture]:
    """One man in a straight line with him, every space between void: his number times (or divided by) the
    spaces makes the victim's."""
    lo, hi, both_ends, lesser, directions = prep
    name = method.name
    greater = name == "division-by-spaces"
    compare = (not greater) if lesser is _UNSAID else lesser  # None: no test of which is the greater
    wanted = _wanted(victim, rules, name)
    occupied = board.occ
    if must is not None:  # only the line from v toward the man who must take
        ddx, ddy = must[0] - v[0], must[1] - v[1]
        if not (ddx == 0 or ddy == 0 or abs(ddx) == abs(ddy)) or (ddx, ddy) == (0, 0):
            return _NONE
        toward = ((ddx > 0) - (ddx < 0), (ddy > 0) - (ddy < 0))
        if toward not in directions:
            return _NONE
        directions = (toward,)
    elif all(board.values(side).isdisjoint(_by_spaces_from(method, prep, value, rules)) for value, _layer in wanted):
        return _NONE  # no man of the side bears a number that times (or divided by) some spaces makes his
    rays = rules.rays(v)
    out: list[Capture] = []
    for d in directions:
        between = 0
        for sq in rays[d]:  # the first man on the line, and the void spaces before him
            if sq in occupied:
                break
            between += 1
        else:
            continue
        taker = occupied[sq]
        if taker.side != side or (must is not None and sq != must) or board.inert(taker):
            continue  # (a prisoner set for a triumph takes no man, line 726)
        spaces = between + 2 if both_ends else between
        if not lo <= spaces <= hi:
            continue
        for value, layer in wanted:
            for tv in taker_values(taker, rules):
                made = tv == value * spaces if greater else tv * spaces == value
                if made and (compare is None or (tv > value if greater else tv < value)):
                    out.append(Capture(v, name, (sq,), value, layer))
    return out


def _by_spaces_from(method: Method, prep: Any, value: int, rules: Rules) -> frozenset[int]:
    """The numbers that, times (or divided by) some count of spaces the method allows, make `value`."""
    key = (method.index, value)
    got = rules._spaces_from.get(key)
    if got is None:
        lo, hi = prep[0], prep[1]
        if method.name == "division-by-spaces":
            got = frozenset(value * n for n in range(lo, hi + 1))
        else:
            got = frozenset(value // n for n in range(lo, hi + 1) if value % n == 0)
        rules._spaces_from[key] = got
    return got


def _prepare_obsidion(p: dict[str, Any]) -> tuple[bool, bool, bool]:
    return (p.get("blocks", "draughts") == "next-spaces", p.get("next_spaces", "directly") == "directly",
            bool(p.get("own_men_count", False)) or bool(p.get("board_edge_counts", False)))


def _h_obsidion(method: Method, prep: Any, men: Victims, side: str, pos: Position, rules: Rules,
                board: Board, must: Square | None) -> list[Capture]:
    p = method.params
    ring, draught_ring, loose = prep
    occ = board.occ
    out: list[Capture] = []
    for v, victim in men:
        if must is not None and not _may_besiege(p, v, victim, must, rules):
            continue
        if ring and draught_ring and not loose:  # (quickly: a next space of his void or his own man's frees him)
            x, y = v
            if any((m := occ.get((x + dx, y + dy))) is None or m.side != side
                   for dx, dy in rules.directions(rules.steps(victim))):
                continue
        out += [c for c in _obsidion(p, v, victim, side, pos, rules) if must is None or must in c.takers]
    return out


def _h_cossick(method: Method, prep: Any, men: Victims, side: str, pos: Position, rules: Rules,
               board: Board, must: Square | None) -> list[Capture]:
    return [c for v, victim in men for c in _cossick(method.params, v, victim, side, pos, rules, board, must)]


def _h_proportion(method: Method, prep: Any, men: Victims, side: str, pos: Position, rules: Rules,
                  board: Board, must: Square | None) -> list[Capture]:
    return [c for v, victim in men for c in _proportion(method.params, v, victim, side, pos, rules, must)]


_HANDLERS: dict[str, Handler] = {
    "equality": _h_equality, "encountering": _h_equality,
    "addition": _h_two_takers, "subtraction": _h_two_takers, "multiplication": _h_two_takers,
    "division": _h_two_takers, "lying-in-wait": _h_two_takers,
    "multiplication-by-spaces": _h_by_spaces, "division-by-spaces": _h_by_spaces, "eruption": _h_by_spaces,
    "obsidion": _h_obsidion, "cossick-signs": _h_cossick, "proportion": _h_proportion,
}
_PREPARE: dict[str, Callable[[dict[str, Any]], Any]] = {
    "addition": _prepare_two, "subtraction": _prepare_two, "multiplication": _prepare_two, "division": _prepare_two,
    "lying-in-wait": _prepare_two, "multiplication-by-spaces": _prepare_spaces, "division-by-spaces": _prepare_spaces,
    "eruption": _prepare_spaces, "obsidion": _prepare_obsidion,
}


def _obsidion(p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position,
              rules: Rules) -> Iterator[Capture]:
    own_count = bool(p.get("own_men_count", False))
    edge_counts = bool(p.get("board_edge_counts", False))
    if p.get("blocks", "draughts") == "next-spaces":
        rings: list[tuple[tuple[int, int], ...]]
        if p.get("next_spaces", "directly") == "directly-or-cornerwise":  # four directly, or four cornerwise
            rings = [VECTORS["orthogonal"], VECTORS["diagonal"]]
        else:  # the next space in every direction he may remove (four directly; eight where cornerwise is agreed)
            rings = [rules.directions(rules.steps(victim))]
        for ring in rings:
            ringed = _ring(ring, v, side, pos, rules, own_count, edge_counts)
            if ringed is not None:
                yield Capture(v, "obsidion", ringed, rules.number(victim))
        return
    plan = rules.siege_plan(rules.steps(victim))  # each direction of his draughts: how far, and where they end
    if not plan:
        return
    occ, ranks, (x0, y0) = pos.occupied, rules.ranks, v
    inert = rules.captured == "triumph-only"  # the second kind's prisoners fight for no side (726-728)
    besiegers: set[Square] = set()
    for (ux, uy), _far, ends in plan:
        hindered = False
        if not rules.path_clear:  # leaping: only men on the draughts' own spaces hinder them
            hits = []
            for d in ends:
                e = (x0 + ux * d, y0 + uy * d)
                if not (0 <= e[0] < 8 and 0 <= e[1] < ranks):
                    if not edge_counts:
                        return
                    continue
                m = occ.get(e)
                if m is None:
                    return
                fights = m.side == side and not (inert and m.turned)
                if not fights and not own_count:
                    return
                if fights:
                    hits.append(e)
            besiegers.update(hits)
            continue
        # the line out to his nearest draught in this direction: were that space void and its way clear, he
        # might remove there, so a man farther off hinders nothing (467-468, 473-476: "the rest standing nearer")
        for k in range(1, min(ends) + 1):
            sq = (x0 + ux * k, y0 + uy * k)
            if not (0 <= sq[0] < 8 and 0 <= sq[1] < ranks):
                if not edge_counts:
                    return
                hindered = True
                break
            m = occ.get(sq)
            if m is None:
                continue
            if m.side == side and not (inert and m.turned):
                besiegers.add(sq)
                hindered = True
            elif own_count:
                hindered = True
            break
        if not hindered:
            return
    if besiegers:
        yield Capture(v, "obsidion", tuple(sorted(besiegers)), rules.number(victim))


def _may_besiege(p: dict[str, Any], v: Square, victim: Man, by: Square, rules: Rules) -> bool:
    """Whether a man on `by` could be one of the besiegers of the victim on v: next to him (the next
    spaces), or on a line of his draughts no farther than its end (his draughts)."""
    dx, dy = by[0] - v[0], by[1] - v[1]
    adx, ady = abs(dx), abs(dy)
    if p.get("blocks", "draughts") == "next-spaces":
        return max(adx, ady) == 1
    if not (dx == 0 or dy == 0 or adx == ady):
        return False
    far = adx if adx > ady else ady
    goes = rules.siege_reach(rules.steps(victim)).get((dx // far, dy // far))
    return goes is not None and goes >= far


def _ring(ring: tuple[tuple[int, int], ...], v: Square, side: str, pos: Position, rules: Rules, own_count: bool,
          edge_counts: bool) -> tuple[Square, ...] | None:
    besiegers = []
    occ, ranks = pos.occupied, rules.ranks
    for dx, dy in ring:
        sq = (v[0] + dx, v[1] + dy)
        if not (0 <= sq[0] < 8 and 0 <= sq[1] < ranks):
            if edge_counts:
                continue
            return None
        m = occ.get(sq)
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
             board: Board, must: Square | None = None) -> Iterator[Capture]:
    root_sign = int(p.get("root_sign", 1))
    powers = set(p.get("power_signs", ()))
    quadrate = int(p["quadrate_sign"]) if p.get("quadrate_sign") is not None else None
    pairs = rules.table_rows(str(p.get("table")))  # root, power, sign
    victims = _faces(victim, rules, quadrate, taking=False)
    for t in _one_taker(v, side, board, must):
        taker = board.occ[t]
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


def _proportion(p: dict[str, Any], v: Square, victim: Man, side: str, pos: Position, rules: Rules,
                must: Square | None = None) -> Iterator[Capture]:
    at_end = p.get("adversary_place", "third-or-fourth") == "third-or-fourth"
    for arrangement in arrangements_with(v, rules):
        if at_end and len(arrangement) == 3 and arrangement[1] == v:  # "the third or fourth" (595), not the middle
            continue
        if must is not None and must not in arrangement:
            continue
        men = [pos.at(sq) for sq in arrangement]
        if any(m is None for m in men):
            continue
        others = [sq for sq in arrangement if sq != v]
        if not all(pos.at(sq).side == side for sq in others):  # type: ignore[union-attr]
            continue
        i = arrangement.index(v)
        # a king by his layers only: line 533 names the manners that take his whole number, and proportion is
        # not among them; "he may be taken by parts, when any of his side numbers may be taken" (534-535)
        stakes = [(l.value, l.value) for l in victim.layers] if victim.is_king else [(victim.value, None)]
        for value, layer in stakes:
            numbers = [value if j == i else m.value for j, m in enumerate(men)]  # type: ignore[union-attr]
            if len(arrangement) == 3:
                held = bool(proportions_of(numbers, rules, in_line=True))
            else:  # "those three or four numbers": his among the three in proportion (575-577, 595)
                held = any(proportions_of([numbers[j] for j in three], rules)
                           for three in combinations(range(4), 3) if i in three)
            if held:
                yield Capture(v, "proportion", tuple(sorted(others)), value, layer)


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
    men = dict(pos.occupied)
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
    return Position(to_move=pos.to_move, taken=(t[0], t[1]), hand=(h[0], h[1]), _index=men)


__all__ = ["Board", "Capture", "Layer", "apply_captures", "in_danger"]
