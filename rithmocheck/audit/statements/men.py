"""The men a statement names: men taking a man, a number restated, a
number named with the shape and side of its man."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import prod
from typing import Any

from ...model.men import SIDES, Armies, Layer, Man
from ...witness.edition import Edition
from ...witness.examples import Example
from .base import OTHER, Check, _int, _ints, _need, _ok, _unchecked, _wrong


def _describe(n: int, man: Man, layer: Layer | None) -> str:
    if layer is not None:
        return f"{n} (a {layer.shape} layer of the {man.side} king)"
    shape = "king" if man.is_king else man.shape
    return f"{n} (an {man.side} {shape})"


def assign_men(numbers: tuple[int, ...], side: str, armies: Armies) -> tuple[tuple[Man, Layer | None], ...] | None:
    """Distinct men of `side` bearing the numbers (a king's layer counts as a
    number borne by the king; no man serves twice), or None."""
    options = [[(m, layer) for m, layer in armies.men_bearing(n) if m.side == side] for n in numbers]
    chosen: list[tuple[Man, Layer | None]] = []

    def search(i: int, used: frozenset[str]) -> bool:
        if i == len(options):
            return True
        for m, layer in options[i]:
            if m.id not in used:
                chosen.append((m, layer))
                if search(i + 1, used | {m.id}):
                    return True
                chosen.pop()
        return False

    return tuple(chosen) if search(0, frozenset()) else None


# --- taking --------------------------------------------------------------------

def _take_equality(ops: tuple[int, ...]) -> tuple[Any, str]:
    return (ops[0], f"{ops[0]} equals {ops[0]}") if len(ops) == 1 else (None, "equality takes with one man")


def _take_addition(ops: tuple[int, ...]) -> tuple[Any, str]:
    return sum(ops), f"{' + '.join(map(str, ops))} is {sum(ops)}"


def _take_subtraction(ops: tuple[int, ...]) -> tuple[Any, str]:
    if len(ops) != 2:
        return None, "subtraction takes with two men"
    hi, lo = max(ops), min(ops)
    return hi - lo, f"{hi} - {lo} is {hi - lo}"


def _take_multiplication(ops: tuple[int, ...]) -> tuple[Any, str]:
    return prod(ops), f"{' x '.join(map(str, ops))} is {prod(ops)}"


def _take_division(ops: tuple[int, ...]) -> tuple[Any, str]:
    if len(ops) != 2:
        return None, "division takes with two men"
    hi, lo = max(ops), min(ops)
    q = _int(Fraction(hi, lo))
    return q, f"{hi} / {lo} is {q}"


TAKING_METHODS: dict[str, Callable[[tuple[int, ...]], tuple[Any, str]]] = {
    "equality": _take_equality,
    "addition": _take_addition,
    "subtraction": _take_subtraction,
    "multiplication": _take_multiplication,
    "division": _take_division,
}


def check_taking(ex: Example, ed: Edition) -> Check:
    """The method's arithmetic, and takers (distinct men of one side) against
    a taken man of the other side; a number on a king's layer counts as borne
    by that king (the kind-1 taking tables use the men and the layers)."""
    if (why := _need(ex, at_least=1)):
        return _unchecked(ex, why)
    method = TAKING_METHODS.get(ex.method or "")
    if method is None:
        return _unchecked(ex, f"malformed example: unknown taking method {ex.method!r}")
    ops = _ints(ex.operands)
    value, arithmetic = method(ops)
    if value is None:
        return _unchecked(ex, f"malformed example: {arithmetic}")
    problems = []
    if value != ex.stated:
        problems.append(f"{arithmetic}, printed {ex.stated}")
    sides = []
    for side in SIDES:
        takers = assign_men(ops, side, ed.armies)
        taken = assign_men((int(ex.stated),), OTHER[side], ed.armies)
        if takers and taken:
            verb = "takes" if len(ops) == 1 else "take"
            sides.append(" and ".join(_describe(n, m, layer) for n, (m, layer) in zip(ops, takers))
                         + f" {verb} {_describe(int(ex.stated), *taken[0])}")
    if not sides:
        problems.append(f"no men of one side bearing {' and '.join(map(str, ops))} "
                        f"stand against a man of the other side bearing {ex.stated}")
    if problems:
        return _wrong(ex, _int(value), f"by {ex.method}: " + "; ".join(problems))
    return _ok(ex, value, f"by {ex.method}: {arithmetic}; {sides[0]}")


def check_same(ex: Example, ed: Edition) -> Check:
    """One number printed twice (a rule's terms restated, a result carried on)."""
    if (why := _need(ex, at_least=2)):
        return _unchecked(ex, why)
    shown = " and ".join(map(str, ex.operands))
    if len(set(ex.operands)) == 1:
        return _ok(ex, ex.operands[0], f"{ex.operands[0]} is restated as {ex.operands[0]}")
    return _wrong(ex, None, f"{shown} are printed for one number")


SHAPES = {"round": "round", "triangle": "triangle", "square": "square", "king": "pyramid"}


def check_man(ex: Example, ed: Edition) -> Check:
    """A number named with the shape (and side) of its man: 'the triangle 12', '9 a round of the odd army'."""
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    st = ex.stated if isinstance(ex.stated, dict) else {}
    shape, side = st.get("shape"), st.get("side")
    if shape not in SHAPES or side not in (None, *SIDES):
        return _unchecked(ex, "malformed example: a man is a round, triangle, square or king, of the even or odd")
    (n,) = ex.operands
    what = f"{'an ' + side + ' ' if side else 'a '}{shape}"
    bearers = [m for m, layer in ed.armies.men_bearing(n) if layer is None]
    if any(SHAPES[shape] == m.shape and side in (None, m.side) for m in bearers):
        return _ok(ex, n, f"{n} is {what}")
    who = " and ".join(f"the {m.side} {'king' if m.is_king else m.shape}" for m in bearers)
    return _wrong(ex, None, f"{n} is not {what}: {n} is {who or 'no man' + chr(39) + 's number'}")
