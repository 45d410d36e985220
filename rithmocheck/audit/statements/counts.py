"""Counts: a number the book states of its men, its board, its tables.

A count statement names the derivation it is checked by (`derive:`, one of
COUNTS), or says why nothing derives it (`unchecked:`, a reviewed reason: a
prose enumeration of the book's own division, a rule of choice). The
derivations read the edition's men and tables, never a table by its id.
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import InputError
from ...model.men import RULES, SIDES, Man
from ...tables.armies import ratio_rows
from ...tables.keyed import CossickSigns, Ratios
from ...tables.taking import POWERS as COSSICK_POWERS
from ...tables.universe import named
from ...witness.edition import Edition
from ...witness.examples import Example
from .base import Check, _show, _unchecked, _verdict, _whole

# "the table is a doble chesse board, as it were two chessebordes joined
# together, the length of two, the breadth of one": the size follows from
# the chessboard's 8 x 8 (a fact outside the witness).
CHESSBOARD = 8

Count = Callable[[Edition], "tuple[int | None, str]"]


def _men_of(shape_test: Callable[[Man], bool], what: str) -> Count:
    def derive(ed: Edition) -> tuple[int | None, str]:
        per = {side: sum(1 for m in ed.armies.army(side) if shape_test(m)) for side in SIDES}
        if per["even"] != per["odd"]:
            return None, f"{what}: even {per['even']}, odd {per['odd']} (the sides differ)"
        return per["even"], f"each side has {per['even']} {what}"
    return derive


def _all_men(ed: Edition) -> tuple[int | None, str]:
    return len(ed.armies.all_men()), (f"the armies have {len(ed.armies.army('even'))} + "
                                      f"{len(ed.armies.army('odd'))} men")


def _steps(side: str) -> Count:
    def derive(ed: Edition) -> tuple[int | None, str]:
        layers = ed.armies.king(side).layers
        values = [layer.value for layer in layers]
        return len(layers), f"the {side} king has {len(layers)} layers ({_show(values)})"
    return derive


def _orders_per_kind(ed: Edition) -> tuple[int | None, str]:
    orders = {shape: len({r.order for r in RULES if r.shape == shape}) for shape in ("round", "triangle", "square")}
    text = "the rules give " + ", ".join(f"{n} orders of {shape}s" for shape, n in orders.items())
    return (orders["round"] if len(set(orders.values())) == 1 else None), text


def _relation_counts(ed: Edition) -> set[int]:
    """How many proportions the rows of the book's proportion tables agree in."""
    return {len(f.relations) for f in ed.registry.values() if f.relations}


def _ratio_classes(ed: Edition) -> tuple[int | None, str]:
    classes = sorted({dict(zip(Ratios.COLUMNS, r))["class"] for r in ratio_rows(named("men", ed.armies))})
    return len(classes), "the ranks stand to the ranks they arise from in " + ", ".join(classes) + " proportion"


def _signed_squares(ed: Edition) -> tuple[int | None, str]:
    found = ed.registry.of(CossickSigns)
    if not found:
        return None, "the edition has no table of the marking of the men"
    rows = [dict(zip(found[0].columns, r)) for r in found[0].default_table().rows]
    signed = [r["value"] for r in rows if (r["shape"], r["order"]) == ("square", 2) and r["signs"]]
    return len(signed), "the second order of squares marked with signs: " + _show(signed)


def _triumphs(ed: Edition) -> tuple[int | None, str]:
    counts = _relation_counts(ed)
    return len(counts), "a triumph agrees in " + " or ".join(map(str, sorted(counts))) + " of the three proportions"


def _triumphs_of_two(ed: Edition) -> tuple[int | None, str]:
    counts = sorted(n for n in _relation_counts(ed) if n >= 2)
    return len(counts), ("at least two proportions: a triumph agrees in " + " or ".join(map(str, counts))
                         + " of the three")


def _conjunctions(ed: Edition) -> tuple[int | None, str]:
    two = [f for f in ed.registry.values() if len(f.relations) == 2]
    return len(two), "the conjunctions of two of the three proportions: " + ", ".join(
        " and ".join(f.relations) for f in two)


COUNTS: dict[str, Count] = {
    "board-squares": lambda ed: (2 * CHESSBOARD * CHESSBOARD,
                                 f"two chessboards of {CHESSBOARD} x {CHESSBOARD} make {2 * CHESSBOARD ** 2}"),
    "board-breadth": lambda ed: (CHESSBOARD, f"the breadth of one chessboard is {CHESSBOARD}"),
    "board-length": lambda ed: (2 * CHESSBOARD, f"the length of two chessboards is {2 * CHESSBOARD}"),
    "same-board-breadth": lambda ed: (CHESSBOARD, f"the same table: the breadth of one chessboard is {CHESSBOARD}"),
    "men": _all_men,
    "men-per-side": _men_of(lambda m: True, "men, king included"),
    "men-besides-king-per-side": _men_of(lambda m: not m.is_king, "men besides the king"),
    "rounds-per-side": _men_of(lambda m: m.shape == "round", "rounds"),
    "triangles-per-side": _men_of(lambda m: m.shape == "triangle", "triangles"),
    "squares-per-side": _men_of(lambda m: m.shape == "square", "squares besides the king"),
    "squares-with-king-per-side": _men_of(lambda m: m.shape == "square" or m.is_king, "squares with the king"),
    "orders-per-shape": _orders_per_kind,
    "ranks": lambda ed: (len(RULES), (f"the natural array has one rank per rule: {len(RULES)} "
                                      "(two orders each of rounds, triangles and squares)")),
    "ratio-classes": _ratio_classes,
    "triumph-kinds": _triumphs,
    "triumph-kinds-of-two-or-more": _triumphs_of_two,
    "two-proportion-conjunctions": _conjunctions,
    "cossick-signs": lambda ed: (1 + len(COSSICK_POWERS), f"the root and its powers {_show(COSSICK_POWERS)}"),
    "signed-second-order-squares": _signed_squares,
    "even-king-steps": _steps("even"),
    "odd-king-steps": _steps("odd"),
}


def check_count(ex: Example, ed: Edition) -> Check:
    if ex.operands or not _whole(ex.stated):
        return _unchecked(ex, "malformed example: a count has no operands and a whole-number result")
    reason, name = ex.param("unchecked"), ex.param("derive")
    if reason is not None:
        return _unchecked(ex, " ".join(str(reason).split()))
    if name is None:
        return _unchecked(ex, f"no derivation recorded for this count ({ex.what or 'what is counted'}); "
                              "review it and name one (derive) or give the reason none is (unchecked)")
    derive = COUNTS.get(str(name))
    if derive is None:
        raise InputError(ed.examples_path, ex.yaml_line, f"statement {ex.id}: no count derivation {name!r} "
                                                         f"(one of {', '.join(COUNTS)})")
    n, how = derive(ed)
    return _verdict(ex, n, how)
