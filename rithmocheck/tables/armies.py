"""Tables of the men themselves: the men, the kings, the ratios of the ranks,
the kings of kind 2 and the victory of standards."""

from __future__ import annotations

from typing import Any

from ..model import men
from ..model.ratio_names import name_of
from .universe import Universe


def men_rows(universe: Universe) -> list[tuple[Any, ...]]:
    return [(m.side, m.shape, m.order, m.digit, m.value, m.derivation) for m in men.all_men()]


def king_rows(universe: Universe) -> list[tuple[Any, ...]]:
    """The layers of each pyramid, top to bottom ("Of the kings.", 392)."""
    rows = []
    for side in men.SIDES:
        k = men.king(side)
        for step, layer in enumerate(k.layers, 1):
            rows.append((side, step, layer.root, layer.value, layer.shape))
    return rows


def k2_king_rows(universe: Universe) -> list[tuple[Any, ...]]:
    """Kind 2 "Of the Kings, and their taking." (919): the roots on one side of
    the king, their quadrates on the other, least highest."""
    return [(side, step, root, value) for side, step, root, value, _shape in king_rows(universe)]


def ratio_rows(universe: Universe) -> list[tuple[Any, ...]]:
    """Each rank against the rank it arises from (lines 331-390):
    rows (side, digit, relation, greater, lesser, ratio, class, name, difference)."""
    rows = []
    for side in men.SIDES:
        by_key = {(m.shape if not m.is_king else "square", m.order, m.digit): m for m in men.army(side)}
        for rule in men.RULES:
            if rule.arises_from is None:
                continue
            for a in men.DIGITS[side]:
                hi = by_key[(rule.shape, rule.order, a)].value
                lo = by_key[(rule.arises_from[0], rule.arises_from[1], a)].value
                r = name_of(hi, lo)
                relation = f"{rule.shape}{rule.order}:{rule.arises_from[0]}{rule.arises_from[1]}"
                rows.append((side, a, relation, hi, lo, f"{r.p}:{r.q}", r.kind, r.name, hi - lo))
    return rows


# "Uictorie of standers." (1090-1101): the first and last of each army are
# captains, and ten standard bearers are taken out; the rest fill ten standards.
CAPTAINS, BEARERS, STANDARDS = 2, 10, 10


def army_total(side: str, universe: Universe) -> int:
    """The footmen of an army: the sum of its men's numbers, each king as his
    whole pyramid ("not compting the roots of squares expressed in the kings")."""
    return sum(m.value for m in men.army(side) if m.value in universe.side(side))


def standards_rows(universe: Universe) -> list[tuple[Any, ...]]:
    rows = []
    for side in men.SIDES:
        soldiers = army_total(side, universe) - CAPTAINS - BEARERS
        per, rest = divmod(soldiers, STANDARDS)
        for k in range(1, STANDARDS + 1):
            rows.append((side, k, k * per))
    return rows
