"""Lists: the numbers a statement lists against what the men, the rules or
the book's tables put under its key (docs/examples-format.md lists the keys).

A key that reads a table reads the book's table of that family (the kings'
steps, the men taken only by obsidion, the marking of the men), whatever id
the edition gives it; a list of the men marked with a sign says, in the
statement, which rank it is about (`rank: triangle/2`) and whether it gives
every man the passage marks so (`scope: all`) or only the men it names
(`scope: named`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...model.men import SIDES
from ...tables.family import Family
from ...tables.keyed import CossickSigns, K2Kings, ObsidionOnly
from ...witness.edition import Edition
from ...witness.examples import Example
from .base import Check, _ints, _need, _ok, _show, _unchecked, _wrong


@dataclass(frozen=True)
class Derived:
    values: tuple[int, ...]
    ordered: bool
    what: str
    of_printed: bool = False  # derived from the printed numbers themselves (a root and its power, the men named)


Derive = Callable[[Example, Edition], "Derived | None"]


def _rank(side: str, shape: str, order: int, ed: Edition) -> tuple[int, ...]:
    """One side's men of a rank, digit by digit; the king is of the first order of squares."""
    return tuple(m.value for m in ed.armies.army(side)
                 if (("square", 1) if m.is_king else (m.shape, m.order)) == (shape, order))


def _rank_list(side: str, shape: str, order: int) -> Derive:
    ordered = (shape, order) == ("square", 1)  # "the king included, in printed order"
    return lambda ex, ed: Derived(_rank(side, shape, order, ed), ordered,
                                  f"the {side} {shape}s of the {'first' if order == 1 else 'second'} order")


def _rows(f: Family, side: str | None = None) -> list[dict[str, Any]]:
    """A regenerated table's rows by column (of one side)."""
    rows = [dict(zip(f.columns, r)) for r in f.default_table().rows]
    return [r for r in rows if side is None or r["side"] == side]


def _the(ed: Edition, cls: type[Family]) -> Family | None:
    """The book's table of a family (the first, if it has several)."""
    found = ed.registry.of(cls)
    return found[0] if found else None


def _layers(side: str, ed: Edition) -> Derived:
    return Derived(tuple(layer.value for layer in ed.armies.king(side).layers), True,
                   f"the {side} king's layers, top to bottom")


def _king_steps(side: str, column: str, what: str) -> Derive:
    def derive(ex: Example, ed: Edition) -> Derived | None:
        f = _the(ed, K2Kings)
        return None if f is None else Derived(tuple(r[column] for r in _rows(f, side)), True,
                                              f"the {side} king's {what} ({f.id}), least highest")
    return derive


def _both_sides(ex: Example, ed: Edition) -> Derived:
    common = ed.armies.values("even") & ed.armies.values("odd")
    return Derived(tuple(sorted(common)), False, "the numbers borne by men of both armies")


def _prisoners(ex: Example, ed: Edition) -> Derived:
    common = ed.armies.values("even") & ed.armies.values("odd")
    twice = set()
    for side in SIDES:
        counts = Counter(m.value for m in ed.armies.army(side))
        twice |= {v for v, c in counts.items() if c >= 2}
    return Derived(tuple(sorted(twice - common)), False,
                   "the numbers borne by two men of one side and not on both sides")


def _obsidion(side: str) -> Derive:
    def derive(ex: Example, ed: Edition) -> Derived | None:
        f = _the(ed, ObsidionOnly)
        return None if f is None else Derived(tuple(r["value"] for r in _rows(f, side)), False,
                                              f"the {side} men taken only by obsidion ({f.id})")
    return derive


COSSICK_POWER = {"cossick-root-of-cube": 3, "cossick-root-of-quadrat-of-quadrat": 4,
                 "cossick-root-of-sursolid": 5, "cossick-root-of-quadrat-of-cube": 6}


def _cossick_root(power: int) -> Derive:
    def derive(ex: Example, ed: Edition) -> Derived:
        r = int(ex.operands[0]) if ex.operands else 0
        return Derived((r, r ** power), True, f"{r} and its power {power}", of_printed=True)
    return derive


SIGN_KEYS = {"cossick-sign-root": 1, "cossick-sign-quadrate": 2, "cossick-sign-cube": 3,
             "cossick-sign-quadrat-of-quadrat": 4, "cossick-sign-quadrat-of-cube": 6,
             "cossick-sign-none": None}


def _signed(f: Family, shape: str, order: int, sign: int | None) -> tuple[int, ...]:
    """Men of the rank (both sides; kings bear no sign) marked with `sign`
    (None: with no sign), from the book's regenerated table of the marking of the men."""
    out = []
    for r in _rows(f):
        if (r["shape"], r["order"]) == (shape, order):
            have = {int(s) for s in r["signs"].split()}
            if (sign is None and not have) or (sign is not None and sign in have):
                out.append(r["value"])
    return tuple(out)


RANK = re.compile(r"(round|triangle|square)/([12])")
SCOPES = ("all", "named")


def _sign_list(sign: int | None) -> Derive:
    def derive(ex: Example, ed: Edition) -> Derived | None:
        f = _the(ed, CossickSigns)
        rank_of, mode = ex.param("rank"), ex.param("scope")
        m = RANK.fullmatch(str(rank_of)) if rank_of is not None else None
        if f is None or m is None or mode not in SCOPES:
            return None
        shape, order = m.group(1), int(m.group(2))
        signed = _signed(f, shape, order, sign)
        rank = f"{shape}s of the {'first' if order == 1 else 'second'} order"
        label = "no sign" if sign is None else f"sign {sign}"
        if mode == "all":
            return Derived(signed, False, f"the {rank} marked with {label} ({f.id})")
        pool = Counter(signed)
        named = []
        for n in ex.operands:
            if pool[n] > 0:
                pool[n] -= 1
                named.append(int(n))
        return Derived(tuple(named), False, f"the named {rank} marked with {label} ({f.id})",
                       of_printed=True)
    return derive


LIST_KEYS: dict[str, Derive] = {
    **{f"men-{shape}s-{order}-{side}": _rank_list(side, shape, order)
       for shape in ("round", "triangle", "square") for order in (1, 2) for side in SIDES},
    "king-even-layers": lambda ex, ed: _layers("even", ed),
    "king-odd-layers": lambda ex, ed: _layers("odd", ed),
    "king-numbers": lambda ex, ed: Derived((ed.armies.king("even").value, ed.armies.king("odd").value), True,
                                           "the even and the odd king's pyramidal numbers"),
    "men-on-both-sides": _both_sides,
    "equality-by-prisoners": _prisoners,
    "cossick-powers-of-2": lambda ex, ed: Derived(tuple(2 ** k for k in range(1, 7)), True,
                                                  "the powers 1 to 6 of 2"),
    **{key: _cossick_root(power) for key, power in COSSICK_POWER.items()},
    **{key: _sign_list(sign) for key, sign in SIGN_KEYS.items()},
    "king-even-roots": _king_steps("even", "root", "roots"),
    "king-odd-roots": _king_steps("odd", "root", "roots"),
    "king-even-quadrates": _king_steps("even", "quadrate", "quadrates"),
    "king-odd-quadrates": _king_steps("odd", "quadrate", "quadrates"),
    "obsidion-only-even": _obsidion("even"),
    "obsidion-only-odd": _obsidion("odd"),
}


def derived(ex: Example, ed: Edition) -> Derived | None:
    """What the rules put under a list statement's key (None when nothing is recorded for it)."""
    derive = LIST_KEYS.get(str(ex.stated))
    return derive(ex, ed) if derive else None


def align(printed: tuple[int, ...], derived: tuple[int, ...]) -> tuple[int, ...]:
    """The derived multiset in the printed order: each printed number that is
    derived keeps its place, the others are replaced by the derived numbers
    left over (ascending); leftovers beyond the printed length follow."""
    pool = Counter(derived)
    keep: list[int | None] = []
    for n in printed:
        if pool[n] > 0:
            pool[n] -= 1
            keep.append(n)
        else:
            keep.append(None)
    rest = sorted(pool.elements())
    out = [n if n is not None else (rest.pop(0) if rest else None) for n in keep]
    return tuple(n for n in out if n is not None) + tuple(rest)


def check_list(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, at_least=1)):
        return _unchecked(ex, why)
    found = derived(ex, ed)
    if found is None:
        return _unchecked(ex, f"no derivation recorded for the list key {ex.stated!r} of this example")
    printed = _ints(ex.operands)
    if found.ordered:
        expected, same = found.values, printed == found.values
    else:
        expected, same = align(printed, found.values), Counter(printed) == Counter(found.values)
    message = f"{found.what} are {_show(expected)}"
    if same:
        return _ok(ex, list(expected), message)
    return _wrong(ex, list(expected), f"{message}, printed {_show(printed)}")
