"""The armies, derived from the digits by the six rules.

Nothing below is typed in but the six rules (the mathematics: each rank of
men from a digit a); the digits themselves, and the lines of the witness
each rule stands on, are the edition's (its book.yaml, loaded by
rithmocheck.witness.facts into an `Armies`). Every value is computed, and
every man carries the rule and digit he comes from.

The kings: the king is the first-order square that is a pyramid, a sum of
consecutive squares; his layers are those squares, the least highest, two
squares at the foundation, two triangles on them, rounds above.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SIDES = ("even", "odd")


@dataclass(frozen=True)
class Rule:
    """One of the six rules: a man of `shape` and `order` from the digit a."""

    shape: str
    order: int
    formula: str  # in the digit a, as sympy can read it
    arises_from: tuple[str, int] | None  # the rank it arises from (shape, order)
    fn: Callable[[int], int]


RULES: tuple[Rule, ...] = (
    Rule("round", 1, "a", None, lambda a: a),
    Rule("round", 2, "a**2", ("round", 1), lambda a: a * a),
    Rule("triangle", 1, "a + a**2", ("round", 2), lambda a: a + a * a),
    Rule("triangle", 2, "(a + 1)**2", ("triangle", 1), lambda a: (a + 1) * (a + 1)),
    Rule("square", 1, "(a + a**2) + (a + 1)**2", ("triangle", 2), lambda a: (a + a * a) + (a + 1) * (a + 1)),
    Rule("square", 2, "(2*a + 1)**2", ("square", 1), lambda a: (2 * a + 1) * (2 * a + 1)),
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


@dataclass(frozen=True)
class Armies:
    """The men of a book: the digits of each side and, for each of the six
    rules (in the order of RULES), the line of the witness it stands on (0
    where the book gives none). Everything else is derived, once."""

    even: tuple[int, ...]
    odd: tuple[int, ...]
    lines: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    _made: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def digits(self, side: str) -> tuple[int, ...]:
        if side not in SIDES:
            raise KeyError(side)
        return self.even if side == "even" else self.odd

    def line(self, rule: Rule) -> int:
        """The witness line of one of the six rules."""
        return self.lines[RULES.index(rule)]

    def _man(self, side: str, rule: Rule, digit: int) -> Man:
        value = rule.fn(digit)
        line = self.line(rule)
        if rule.shape == "square" and rule.order == 1:
            runs = consecutive_square_runs(value)
            if runs:
                return Man(side, "pyramid", 1, digit, value, rule.formula, line, pyramid_layers(runs[0]))
        return Man(side, rule.shape, rule.order, digit, value, rule.formula, line)

    def army(self, side: str) -> tuple[Man, ...]:
        """The men of one side, in the witness's order: rank by rank, digit by digit."""
        key = f"army:{side}"
        if key not in self._made:
            self._made[key] = tuple(self._man(side, rule, a) for rule in RULES for a in self.digits(side))
        men: tuple[Man, ...] = self._made[key]
        return men

    def all_men(self) -> tuple[Man, ...]:
        return self.army("even") + self.army("odd")

    def king(self, side: str) -> Man:
        """The king of a side (KeyError when the digits make none, or more than one)."""
        kings = [m for m in self.army(side) if m.is_king]
        if len(kings) != 1:
            raise KeyError(f"the {side} side has {len(kings)} kings")
        return kings[0]

    def has_kings(self) -> bool:
        return all(sum(m.is_king for m in self.army(side)) == 1 for side in SIDES)

    def values(self, side: str | None = None, *, layers: bool = False, kings: bool = True) -> frozenset[int]:
        """Distinct values of the men of one side (or both). Kings count as their
        whole pyramid; with layers=True the layers' values are added too."""
        key = f"values:{side}:{layers}:{kings}"
        if key in self._made:
            found: frozenset[int] = self._made[key]
            return found
        men = self.all_men() if side is None else self.army(side)
        out = set()
        for m in men:
            if m.is_king:
                if kings:
                    out.add(m.value)
                if layers:
                    out.update(l.value for l in m.layers)
            else:
                out.add(m.value)
        self._made[key] = frozenset(out)
        return self._made[key]  # type: ignore[no-any-return]

    def men_bearing(self, n: int) -> tuple[tuple[Man, Layer | None], ...]:
        """Every man bearing n: as his own number, or as a layer of a king."""
        out: list[tuple[Man, Layer | None]] = []
        for m in self.all_men():
            if m.value == n:
                out.append((m, None))
            for layer in m.layers:
                if layer.value == n:
                    out.append((m, layer))
        return tuple(out)
