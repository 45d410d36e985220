"""The armies, derived from the digits by the rules of the witness.

Witness, "There be of each kind of men, two ranks or orders." (lines 282-313):
nothing below is typed in but the digits and the six rules; every value is
computed, and every man carries the rule and digit it comes from.

The kings: "The first order of squares (in which are contained the kings)"
(line 303) and "Of the kings." (lines 392-404): the king is the first-order
square that is a pyramid, a sum of consecutive squares; its layers are those
squares, "the least must be highest and the greatest lowest" (line 925), and
"his foundations are two squares, on which are set, two triangles and upon
them rounds" (lines 273-275).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

SIDES = ("even", "odd")

# "The first rank or order of roundes be ye digites even or odd namely of the
# even.2.4.6.8. of the odd.3.5.7.9." (lines 284-285)
DIGITS: dict[str, tuple[int, ...]] = {"even": (2, 4, 6, 8), "odd": (3, 5, 7, 9)}


@dataclass(frozen=True)
class Rule:
    """One of the six rules: a man of `shape` and `order` from the digit a."""

    shape: str
    order: int
    formula: str  # in the digit a, as sympy can read it
    witness: str  # the passage the rule comes from
    line: int
    arises_from: tuple[str, int] | None  # the rank it arises from (shape, order)
    fn: Callable[[int], int]


RULES: tuple[Rule, ...] = (
    Rule("round", 1, "a", "The first rank or order of roundes be ye digites", 284, None,
         lambda a: a),
    Rule("round", 2, "a**2", "The second order of rounds are found by multiplyinge these digites by themselves",
         287, ("round", 1), lambda a: a * a),
    Rule("triangle", 1, "a + a**2",
         "The first order of the triangles are found by addinge two of the roundes together", 291,
         ("round", 2), lambda a: a + a * a),
    Rule("triangle", 2, "(a + 1)**2",
         "The second order of triangles be made by adding one to every one of the first order of roundes, "
         "and then multiplying that number in him self",
         296, ("triangle", 1), lambda a: (a + 1) * (a + 1)),
    Rule("square", 1, "(a + a**2) + (a + 1)**2",
         "The first order of squares (in which are contained the kings) be made by adding two triangles together",
         303, ("triangle", 2), lambda a: (a + a * a) + (a + 1) * (a + 1)),
    Rule("square", 2, "(2*a + 1)**2",
         "The last order of squares be found, by dobling of every one of ye first order of roundes, and after "
         "adding one, last of all by multipling that number in it self",
         309, ("square", 1), lambda a: (2 * a + 1) * (2 * a + 1)),
)

RULE_BY_KEY = {(r.shape, r.order): r for r in RULES}
LAYER_SHAPES_FROM_BOTTOM = ("square", "square", "triangle", "triangle")  # then rounds


@dataclass(frozen=True)
class Layer:
    root: int
    value: int
    shape: str


@dataclass(frozen=True)
class Man:
    side: str
    shape: str  # round, triangle, square, pyramid
    order: int
    digit: int
    value: int
    rule: str  # formula in a
    witness_line: int
    layers: tuple[Layer, ...] = ()  # top to bottom, kings only

    @property
    def id(self) -> str:
        return f"{self.side}-{self.shape}-{self.order}-{self.digit}"

    @property
    def is_king(self) -> bool:
        return self.shape == "pyramid"

    @property
    def derivation(self) -> str:
        base = f"{self.rule} with a = {self.digit}"
        if self.is_king:
            layers = " + ".join(str(layer.value) for layer in self.layers)
            return f"{base}; pyramid {layers} = {self.value}"
        return base

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id,
            "side": self.side,
            "shape": self.shape,
            "order": self.order,
            "digit": self.digit,
            "value": self.value,
            "derivation": self.derivation,
            "rule": self.rule,
            "witness_line": self.witness_line,
        }
        if self.is_king:
            d["layers"] = [{"root": l.root, "value": l.value, "shape": l.shape} for l in self.layers]
        return d


def consecutive_square_runs(n: int, min_terms: int = 3) -> tuple[tuple[int, ...], ...]:
    """Every run of consecutive roots r..s (at least `min_terms`) whose squares sum to n."""
    runs = []
    start = 1
    while start * start * min_terms <= n:
        total, root = 0, start
        while total < n:
            total += root * root
            root += 1
        if total == n and root - start >= min_terms:
            runs.append(tuple(range(start, root)))
        start += 1
    return tuple(runs)


def pyramid_layers(roots: tuple[int, ...]) -> tuple[Layer, ...]:
    """Layers top to bottom: least highest; two squares at the foundation,
    two triangles on them, rounds above (lines 273-275, 925)."""
    shapes_bottom_up = LAYER_SHAPES_FROM_BOTTOM + ("round",) * max(0, len(roots) - 4)
    ordered = sorted(roots)
    shapes_top_down = tuple(reversed(shapes_bottom_up[: len(ordered)]))
    return tuple(Layer(r, r * r, s) for r, s in zip(ordered, shapes_top_down))


def _man(side: str, rule: Rule, digit: int) -> Man:
    value = rule.fn(digit)
    if rule.shape == "square" and rule.order == 1:
        runs = consecutive_square_runs(value)
        if runs:
            return Man(side, "pyramid", 1, digit, value, rule.formula, rule.line, pyramid_layers(runs[0]))
    return Man(side, rule.shape, rule.order, digit, value, rule.formula, rule.line)


@cache
def army(side: str) -> tuple[Man, ...]:
    """The 24 men of one side, in the witness's order: rank by rank, digit by digit."""
    if side not in DIGITS:
        raise KeyError(side)
    return tuple(_man(side, rule, a) for rule in RULES for a in DIGITS[side])


@cache
def all_men() -> tuple[Man, ...]:
    return army("even") + army("odd")


def king(side: str) -> Man:
    (k,) = (m for m in army(side) if m.is_king)
    return k


def values(side: str | None = None, *, layers: bool = False, kings: bool = True) -> frozenset[int]:
    """Distinct values of the men of one side (or both). Kings count as their
    whole pyramid; with layers=True the layers' values are added too."""
    men = all_men() if side is None else army(side)
    out = set()
    for m in men:
        if m.is_king:
            if kings:
                out.add(m.value)
            if layers:
                out.update(l.value for l in m.layers)
        else:
            out.add(m.value)
    return frozenset(out)


def men_bearing(n: int) -> tuple[tuple[Man, Layer | None], ...]:
    """Every man bearing n: as his own number, or as a layer of a king."""
    out: list[tuple[Man, Layer | None]] = []
    for m in all_men():
        if m.value == n:
            out.append((m, None))
        for layer in m.layers:
            if layer.value == n:
                out.append((m, layer))
    return tuple(out)
