"""Tables of the men themselves: the men, the kings, the ratios of the ranks,
the kings of kind 2 and the victory of standards."""

from __future__ import annotations

from typing import Any

from ..model.men import RULES, SIDES
from ..model.ratio_names import name_of
from .universe import Universe


def men_rows(universe: Universe) -> list[tuple[Any, ...]]:
    return [(m.side, m.shape, m.order, m.digit, m.value, m.derivation) for m in universe.armies.all_men()]


def king_rows(universe: Universe) -> list[tuple[Any, ...]]:
    """The layers of each pyramid, top to bottom ("Of the kings.", 392)."""
    rows = []
    for side in SIDES:
        k = universe.armies.king(side)
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
    for side in SIDES:
        by_key = {(m.shape if not m.is_king else "square", m.order, m.digit): m for m in universe.armies.army(side)}
        for rule in RULES:
            if rule.arises_from is None:
                continue
            for a in universe.armies.digits(side):
                hi = by_key[(rule.shape, rule.order, a)].value
                lo = by_key[(rule.arises_from[0], rule.arises_from[1], a)].value
                r = name_of(hi, lo)
                relation = f"{rule.shape}{rule.order}:{rule.arises_from[0]}{rule.arises_from[1]}"
                rows.append((side, a, relation, hi, lo, f"{r.p}:{r.q}", r.kind, r.name, hi - lo))
    return rows


def army_total(side: str, universe: Universe) -> int:
    """The footmen of an army: the sum of its men's numbers, each king as his
    whole pyramid ("not compting the roots of squares expressed in the kings")."""
    return sum(m.value for m in universe.armies.army(side) if m.value in universe.side(side))


def standards_rows(universe: Universe, captains: int, bearers: int, standards: int) -> list[tuple[Any, ...]]:
    """The victory of standards: of each army the captains and the standard
    bearers are taken out, and the rest fill the standards equally."""
    rows = []
    for side in SIDES:
        soldiers = army_total(side, universe) - captains - bearers
        per, rest = divmod(soldiers, standards)
        for k in range(1, standards + 1):
            rows.append((side, k, k * per))
    return rows
