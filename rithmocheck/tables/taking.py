"""Taking tables: by addition and multiplication (kind 1), by void spaces and
by cossick signs (kind 2), and the men taken only by obsidion (kind 3)."""

from __future__ import annotations

import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from typing import Any

from ..model.men import Man
from .universe import Universe

SIDES = ("even", "odd")
OTHER = {"even": "odd", "odd": "even"}

# "Of the markyng of the men." (730-760): root, quadrate, cube, fouresquared
# quadrate, sursolide, squared cube: the powers 1..6 and their signs.
SIGN_NAMES = {1: "root", 2: "quadrate", 3: "cube", 4: "fouresquared quadrate", 5: "sursolide",
              6: "squared cube"}
POWERS = (2, 3, 4, 5, 6)


def _pairs(universe: Universe, twice: dict[str, frozenset[int]]
           ) -> Iterator[tuple[frozenset[int], frozenset[int], frozenset[int]]]:
    """(takers' numbers, numbers the takers may use twice, numbers taken), per taking side."""
    if universe.opposite:
        for side in SIDES:
            yield universe.side(side), twice.get(side, frozenset()), universe.side(OTHER[side])
    else:
        yield universe.numbers, twice.get("both", frozenset()), universe.numbers


def multiplicity(universe: Universe) -> dict[str, frozenset[int]]:
    """Numbers borne by two men (e.g. the even 4: the round 4 and the
    second-order round 4; without sides also the even and the odd 9), so that
    a + a or a * a is a taking by two men. Only named universes know the men;
    a custom list is taken as one man each."""
    if universe.name.startswith(("list", "file:")):
        return {}
    out = {}
    for side in SIDES:
        out[side] = _borne_twice(universe.armies.army(side)) & universe.side(side)
    if not universe.opposite:  # without sides, one man of each side makes two
        out["both"] = _borne_twice(universe.armies.all_men()) & universe.numbers
    return out


def _borne_twice(army: Iterable[Man]) -> frozenset[int]:
    seen: set[int] = set()
    twice: set[int] = set()
    for v in (m.value for m in army):
        (twice if v in seen else seen).add(v)
    return frozenset(twice)


def two_takers(universe: Universe, op: str, *, min_factor: int = 1) -> list[tuple[int, int, int]]:
    """Triples (a, b, c), a <= b, where two men a and b take c by addition
    (a + b = c) or multiplication (a * b = c); read backwards, c - b takes a
    and c / b takes a ("A Table to take any of the men", line 546)."""
    return list(iter_two_takers(universe, op, min_factor=min_factor))


def iter_two_takers(universe: Universe, op: str, *, min_factor: int = 1) -> Iterator[tuple[int, int, int]]:
    """The rows of two_takers, ascending, one at a time (the output of a
    large universe is streamed, never held)."""
    twice = multiplicity(universe)
    runs = [_two_taker_rows(sorted(takers), doubles, taken, op, min_factor)
            for takers, doubles, taken in _pairs(universe, twice)]
    if len(runs) == 1:
        yield from runs[0]
        return
    last = None
    for row in heapq.merge(*runs):  # each run is sorted: merge, dropping repeats
        if row != last:
            yield row
            last = row


def _two_taker_rows(ordered: list[int], doubles: frozenset[int], taken: frozenset[int], op: str,
                    min_factor: int) -> Iterator[tuple[int, int, int]]:
    """The rows of one taking side, ascending and without repeats: for each a
    (ascending) first (a, a, c) if a is borne twice, then (a, b, c) for b > a
    ascending; b stops where c would pass the greatest number taken (all the
    numbers of a universe are positive, so c grows with b). The rows hold the
    universe's own int objects for c."""
    own = {v: v for v in taken}
    top = max(taken, default=0)
    add = op == "add"
    for i in range(bisect_left(ordered, min_factor), len(ordered)):
        a = ordered[i]
        if a in doubles:
            c = a + a if add else a * a
            if c in own:
                yield (a, a, own[c])
        if a <= 0:  # not in any universe; no bound on b then
            j = len(ordered)
        else:
            j = bisect_right(ordered, top - a if add else top // a, i + 1)
        bs = ordered[i + 1:j]
        cs = [a + b for b in bs] if add else [a * b for b in bs]
        yield from [(a, b, own[c]) for b, c in zip(bs, cs) if c in own]


def by_spaces(universe: Universe, op: str, min_spaces: int, max_spaces: int) -> list[tuple[Any, ...]]:
    """Kind 2 "Of taking by Multiplication." (900) and "by Division" (907):
    a man multiplied (divided) by the void spaces between him and an enemy
    gives the enemy. Rows (side of the taker, man, spaces, enemy)."""
    out = set()
    for side in SIDES:
        own = universe.side(side) if universe.opposite else universe.numbers
        enemy = universe.side(OTHER[side]) if universe.opposite else universe.numbers
        for man in own:
            for s in range(min_spaces, max_spaces + 1):
                if op == "mul":
                    if man * s in enemy:
                        out.add((side, man, s, man * s))
                elif man % s == 0 and man // s in enemy:
                    out.add((side, man, s, man // s))
    return sorted(out, key=lambda r: (SIDES.index(r[0]), r[1], r[2]))


def iroot(n: int, k: int) -> int:
    """The integer k-th root of n, rounded down (exact integer arithmetic)."""
    lo, hi = 0, 1
    while hi ** k <= n:
        hi *= 2
    while lo < hi - 1:
        mid = (lo + hi) // 2
        if mid ** k <= n:
            lo = mid
        else:
            hi = mid
    return lo


def cossick_relations(universe: Universe) -> list[tuple[int, int, int]]:
    """(root, power, k): a man bearing power = root**k (k = 2..6) meets an
    enemy bearing the root ("Of taking by Cossicall signs.", 913)."""
    out = set()
    for side in SIDES:
        roots = universe.side(side) if universe.opposite else universe.numbers
        powers = universe.side(OTHER[side]) if universe.opposite else universe.numbers
        for r in roots:
            if r < 2:
                continue
            for k in POWERS:
                if r ** k in powers:
                    out.add((r, r ** k, k))
    return sorted(out)


def cossick_signs(universe: Universe) -> list[tuple[Any, ...]]:
    """The signs marked on each man ("The marking of the men.", 762): the root
    sign when an enemy bears one of his powers, the sign of the k-th power when
    an enemy bears his root. Rows (side, shape, order, value, signs). The king
    is marked as a whole (shape "pyramid"): the print sets him among the first
    order of squares, unsigned (lines 821-828); his steps are signed apart
    ("Of the Kings, and their taking.", 919; table k2-kings)."""
    rows = []
    for side in SIDES:
        enemy = universe.side(OTHER[side]) if universe.opposite else universe.numbers
        for m in universe.armies.army(side):
            signs = set()
            if m.value >= 2 and any(m.value ** k in enemy for k in POWERS):
                signs.add(1)
            for k in POWERS:
                root = iroot(m.value, k)
                if root >= 2 and root ** k == m.value and root in enemy:
                    signs.add(k)
            rows.append((side, m.shape, m.order, m.value, " ".join(str(s) for s in sorted(signs))))
    return rows


def obsidion_only(universe: Universe, max_spaces: int, min_spaces: int) -> list[tuple[Any, ...]]:
    """Kind 3 (line 1030): men that cannot be taken by encountering (an enemy
    of the same number), by eruption (a lesser enemy times the void spaces) or
    by lying in wait (two enemies added). Rows (side, shape, order, value)."""
    rows = []
    for side in SIDES:
        enemy = universe.side(OTHER[side])
        enemy_men = [m.value for m in universe.armies.army(OTHER[side]) if m.value in enemy]
        for m in universe.armies.army(side):
            v = m.value
            if v in enemy:
                continue
            if any(e < v and v % e == 0 and min_spaces <= v // e <= max_spaces for e in enemy):
                continue
            if any(v - enemy_men[i] in enemy_men[i + 1:] for i in range(len(enemy_men))):
                continue
            rows.append((side, m.shape, m.order, v))
    return rows
