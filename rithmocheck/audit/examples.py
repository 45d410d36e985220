"""The statements of the worked examples, checked one by one.

Every statement of a passage of an edition's examples.yaml
(transcribed as printed, never corrected) is checked against exact arithmetic
(integers and fractions.Fraction), the relations of
rithmocheck.model.proportions, the men of rithmocheck.model.men, the Latin
namer of rithmocheck.model.ratio_names and the regenerated tables. One pure
function per `kind`, chosen by a dispatch dict; each returns a Check:

    ok         the stated result is what the operands, the men or the tables give
    wrong      it is not; `expected` holds the correct value, `message` says why
    unchecked  nothing derives it; `message` gives the reason (a prose
               enumeration of the book's own division, a premise of a rule, ...)

`expected` has the shape of `stated`: an int for the arithmetic kinds, count
and taking; a dict with the same keys for contains, victory and standards; a
list of numbers for list. For proportion, where the stated value is the name
of the relation, `expected` is the triple of numbers that stands in it (the
printed triple when it does, else the printed triple completed by the rule
of `complete_triple`).

A passage is judged as a whole by rithmocheck.audit.passages, which checks
all its statements together with these checkers and searches for the
smallest consistent correction.

The module is import-light (no sympy) and check_all is fast: the few tables
used are generated once and cached.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import gcd, isqrt, prod
from typing import Any

from ..model import men
from ..model.proportions import RELATIONS, holds, middle
from ..model.ratio_names import ratio_name
from ..tables import REGISTRY, default_table
from ..tables.armies import BEARERS, CAPTAINS, STANDARDS
from ..tables.taking import POWERS as COSSICK_POWERS
from ..witness.examples import EXAMPLES, Example
from .findings import Finding, Kind

OK, WRONG, UNCHECKED = "ok", "wrong", "unchecked"
STATUSES = (OK, WRONG, UNCHECKED)
OTHER = {"even": "odd", "odd": "even"}


@dataclass(frozen=True)
class Check:
    example: Example
    status: str  # "ok" | "wrong" | "unchecked"
    expected: Any  # the correct value (same shape as stated) or None
    message: str  # what the arithmetic gives; for "unchecked", why nothing derives it


def _ok(ex: Example, expected: Any, message: str) -> Check:
    return Check(ex, OK, expected, message)


def _wrong(ex: Example, expected: Any, message: str) -> Check:
    return Check(ex, WRONG, expected, message)


def _unchecked(ex: Example, reason: str) -> Check:
    return Check(ex, UNCHECKED, None, reason)


def _verdict(ex: Example, expected: Any, message: str) -> Check:
    """ok when the stated value is the expected one, else wrong with 'printed ...'."""
    if expected == ex.stated:
        return _ok(ex, expected, message)
    return _wrong(ex, expected, f"{message}, printed {_show(ex.stated)}")


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    return str(value)


def _int(value: Any) -> Any:
    """Plain int (or Fraction when not whole), never a YAML-tagged subclass."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else value
    return int(value)


def _ints(values: Iterable[Any]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wholes(value: Any) -> bool:
    """A whole number, or a non-empty list of whole numbers (alternatives)."""
    if isinstance(value, list):
        return bool(value) and all(_whole(v) for v in value)
    return _whole(value)


def _need(ex: Example, count: int | None = None, *, at_least: int = 1) -> str | None:
    """Why the operands are malformed for this kind, or None."""
    ops = ex.operands
    if not all(_whole(o) and o > 0 for o in ops):
        return f"malformed example: the operands of a {ex.kind} claim must be positive whole numbers"
    if count is not None and len(ops) != count:
        return f"malformed example: a {ex.kind} claim takes {count} operand(s), not {len(ops)}"
    if len(ops) < at_least:
        return f"malformed example: a {ex.kind} claim takes at least {at_least} operand(s)"
    if ex.kind not in ("list", "victory", "proportion", "contains", "same", "man", "ratio-name", "ranks") \
            and not _whole(ex.stated):
        return f"malformed example: the stated result of a {ex.kind} claim must be a whole number"
    return None


# --- arithmetic kinds ---------------------------------------------------------

def check_sum(ex: Example) -> Check:
    if (why := _need(ex, at_least=2)):
        return _unchecked(ex, why)
    total = sum(ex.operands)
    return _verdict(ex, total, f"{' + '.join(map(str, ex.operands))} is {total}")


def check_difference(ex: Example) -> Check:
    if (why := _need(ex, 2)):
        return _unchecked(ex, why)
    a, b = ex.operands
    return _verdict(ex, a - b, f"{a} - {b} is {a - b}")


def check_product(ex: Example) -> Check:
    if (why := _need(ex, at_least=2)):
        return _unchecked(ex, why)
    p = prod(ex.operands)
    return _verdict(ex, p, f"{' x '.join(map(str, ex.operands))} is {p}")


def check_quotient(ex: Example) -> Check:
    if (why := _need(ex, 2)):
        return _unchecked(ex, why)
    a, b = ex.operands
    q = _int(Fraction(a, b))
    whole = "" if isinstance(q, int) else " (not a whole number)"
    return _verdict(ex, q, f"{a} / {b} is {q}{whole}")


def check_square(ex: Example) -> Check:
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    (a,) = ex.operands
    return _verdict(ex, a * a, f"{a} x {a} is {a * a}")


def check_root(ex: Example) -> Check:
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    (n,) = ex.operands
    r = isqrt(n)
    if r * r != n:
        return _wrong(ex, None, f"{n} has no whole root square ({r} x {r} is {r * r}), printed {ex.stated}")
    return _verdict(ex, r, f"{r} x {r} is {n}, so the root of {n} is {r}")


def check_half(ex: Example) -> Check:
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    (a,) = ex.operands
    h = _int(Fraction(a, 2))
    return _verdict(ex, h, f"half of {a} is {h}")


def check_contains(ex: Example) -> Check:
    """Multiplex {times, remainder}: a = times*b + remainder (divmod); super-
    particular / superpartient {remainder, part}: a = b + remainder and
    remainder = part * b. Only the printed fields are compared."""
    if (why := _need(ex, 2)):
        return _unchecked(ex, why)
    st = ex.stated
    if (not isinstance(st, dict) or not st or not set(st) <= {"times", "remainder", "part"}
            or not all(_whole(v) for k, v in st.items() if k != "part")):
        return _unchecked(ex, "malformed example: a contains claim states {times, remainder} or {remainder, part}")
    a, b = ex.operands
    expected: dict[str, Any] = {}
    if "part" in st:
        r = a - b
        try:
            printed_part = Fraction(str(st["part"]))
        except (ValueError, ZeroDivisionError):
            return _unchecked(ex, f"malformed example: part {st['part']!r} is not a fraction p/q")
        part = Fraction(r, b)
        for key in st:
            if key == "remainder":
                expected[key] = r
            elif key == "part":
                expected[key] = str(st["part"]) if printed_part == part else str(part)
            else:
                expected[key] = a // b
        message = f"{a} is {b} and {r}, and {r} is {part} of {b}"
    else:
        k, r = divmod(a, b)
        for key in st:
            expected[key] = k if key == "times" else r
        message = f"{a} is {k} x {b} + {r}: {b} goes {k} times into {a} and {r} remains"
    if expected == dict(st):
        return _ok(ex, expected, message)
    return _wrong(ex, expected, f"{message}, printed {_show(st)}")


# --- proportion -------------------------------------------------------------

def _terms(relation: str, a: int, b: int, c: int) -> str:
    if relation == "arithmetic":
        return f"{b} - {a} is {b - a}, {c} - {b} is {c - b}"
    if relation == "geometric":
        return f"{b} x {b} is {b * b}, {a} x {c} is {a * c}"
    return f"({b} - {a}) x {c} is {(b - a) * c}, ({c} - {b}) x {a} is {(c - b) * a}"


def complete_triple(relation: str, triple: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """The nearest triple in the relation: the first two terms kept and the
    third computed (arithmetic 2b - a, geometric b*b/a, musical ab/(2a - b)),
    else the extremes kept and the middle computed; None if neither is whole."""
    a, b, c = sorted(triple)
    third = None
    if relation == "arithmetic":
        third = 2 * b - a
    elif relation == "geometric" and (b * b) % a == 0:
        third = b * b // a
    elif relation == "musical" and 2 * a > b and (a * b) % (2 * a - b) == 0:
        third = a * b // (2 * a - b)
    if third is not None and third > b:
        return (a, b, third)
    m = middle(relation, a, c)
    return (a, m, c) if m is not None and a < m < c else None


def check_proportion(ex: Example) -> Check:
    if (why := _need(ex, 3)):
        return _unchecked(ex, why)
    relation = ex.stated
    if relation not in RELATIONS:
        return _unchecked(ex, f"malformed example: unknown relation {relation!r}")
    triple = _ints(ex.operands)
    a, b, c = sorted(triple)
    shown = " ".join(map(str, triple))
    if holds(relation, triple):
        return _ok(ex, triple, f"{shown} is in {relation} proportion ({_terms(relation, a, b, c)})")
    fixed = complete_triple(relation, (triple[0], triple[1], triple[2]))
    tail = (f"; {' '.join(map(str, fixed))} would be ({_terms(relation, *sorted(fixed))})" if fixed
            else "; no whole number completes it")
    return _wrong(ex, fixed, f"{shown} is not in {relation} proportion ({_terms(relation, a, b, c)}){tail}")


# --- the men -----------------------------------------------------------------

def _describe(n: int, man: men.Man, layer: men.Layer | None) -> str:
    if layer is not None:
        return f"{n} (a {layer.shape} layer of the {man.side} king)"
    shape = "king" if man.is_king else man.shape
    return f"{n} (an {man.side} {shape})"


def assign_men(numbers: tuple[int, ...], side: str) -> tuple[tuple[men.Man, men.Layer | None], ...] | None:
    """Distinct men of `side` bearing the numbers (a king's layer counts as a
    number borne by the king; no man serves twice), or None."""
    options = [[(m, layer) for m, layer in men.men_bearing(n) if m.side == side] for n in numbers]
    chosen: list[tuple[men.Man, men.Layer | None]] = []

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


def check_taking(ex: Example) -> Check:
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
    for side in men.SIDES:
        takers = assign_men(ops, side)
        taken = assign_men((int(ex.stated),), OTHER[side])
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


# --- list ----------------------------------------------------------------------

@dataclass(frozen=True)
class Derived:
    values: tuple[int, ...]
    ordered: bool
    what: str
    of_printed: bool = False  # derived from the printed numbers themselves (a root and its power, the men named)


def _rank(side: str, shape: str, order: int) -> tuple[int, ...]:
    """One side's men of a rank, digit by digit; the king is of the first order of squares."""
    return tuple(m.value for m in men.army(side)
                 if (("square", 1) if m.is_king else (m.shape, m.order)) == (shape, order))


def _rank_list(side: str, shape: str, order: int) -> Callable[[Example], Derived]:
    ordered = (shape, order) == ("square", 1)  # "the king included, in printed order"
    return lambda ex: Derived(_rank(side, shape, order), ordered,
                              f"the {side} {shape}s of the {'first' if order == 1 else 'second'} order")


@cache
def _table_rows(table_id: str) -> tuple[tuple[Any, ...], ...]:
    return default_table(table_id).rows


def _layers(side: str) -> Derived:
    return Derived(tuple(layer.value for layer in men.king(side).layers), True,
                   f"the {side} king's layers, top to bottom")


def _k2_king(side: str, column: int, what: str) -> Derived:
    return Derived(tuple(r[column] for r in _table_rows("k2-kings") if r[0] == side), True,
                   f"the {side} king's {what} (k2-kings), least highest")


def _both_sides(ex: Example) -> Derived:
    common = men.values("even") & men.values("odd")
    return Derived(tuple(sorted(common)), False, "the numbers borne by men of both armies")


def _prisoners(ex: Example) -> Derived:
    common = men.values("even") & men.values("odd")
    twice = set()
    for side in men.SIDES:
        counts = Counter(m.value for m in men.army(side))
        twice |= {v for v, c in counts.items() if c >= 2}
    return Derived(tuple(sorted(twice - common)), False,
                   "the numbers borne by two men of one side and not on both sides")


def _obsidion(side: str) -> Callable[[Example], Derived]:
    return lambda ex: Derived(tuple(r[3] for r in _table_rows("k3-obsidion-only") if r[0] == side), False,
                              f"the {side} men taken only by obsidion (k3-obsidion-only)")


COSSICK_POWER = {"cossick-root-of-cube": 3, "cossick-root-of-quadrat-of-quadrat": 4,
                 "cossick-root-of-sursolid": 5, "cossick-root-of-quadrat-of-cube": 6}


def _cossick_root(power: int) -> Callable[[Example], Derived]:
    def derive(ex: Example) -> Derived:
        r = int(ex.operands[0]) if ex.operands else 0
        return Derived((r, r ** power), True, f"{r} and its power {power}", of_printed=True)
    return derive


# The rank of each sign claim ("The marking of the men.", 762-836) and whether
# the example carries every man the passage gives that sign ("all": "only 4.
# and 9. with the root", "all except one (100)", the one mention of a sign) or
# only some of them ("named": the passage gives the sign to men named in
# several groups, e.g. the quadrate to 9, to 25 36 49, to 64, to 16 and 81).
SIGN_SCOPES: dict[str, tuple[str, int, str]] = {
    "sign-rounds-2-root": ("round", 2, "all"),
    "sign-rounds-2-quadrate": ("round", 2, "all"),
    "sign-triangles-1-root": ("triangle", 1, "all"),
    "sign-triangles-2-none": ("triangle", 2, "all"),
    "sign-triangles-2-9-root": ("triangle", 2, "all"),
    "sign-triangles-2-9-quadrate": ("triangle", 2, "named"),
    "sign-triangles-2-quadrate": ("triangle", 2, "named"),
    "sign-triangles-2-64-quadrate": ("triangle", 2, "named"),
    "sign-triangles-2-64-cube": ("triangle", 2, "all"),
    "sign-triangles-2-64-quadrat-of-cube": ("triangle", 2, "all"),
    "sign-triangles-2-16-81-quadrate": ("triangle", 2, "named"),
    "sign-triangles-2-16-81-quadrat-of-quadrat": ("triangle", 2, "all"),
    "sign-squares-1-root": ("square", 1, "all"),
    "sign-squares-2-quadrate": ("square", 2, "named"),
    "sign-squares-2-81-quadrate": ("square", 2, "named"),
    "sign-squares-2-81-quadrat-of-quadrat": ("square", 2, "all"),
}
SIGN_KEYS = {"cossick-sign-root": 1, "cossick-sign-quadrate": 2, "cossick-sign-cube": 3,
             "cossick-sign-quadrat-of-quadrat": 4, "cossick-sign-quadrat-of-cube": 6,
             "cossick-sign-none": None}


def _signed(shape: str, order: int, sign: int | None) -> tuple[int, ...]:
    """Men of the rank (both sides; kings bear no sign) marked with `sign`
    (None: with no sign), from the regenerated k2-cossick-signs table."""
    out = []
    for _side, r_shape, r_order, value, signs in _table_rows("k2-cossick-signs"):
        if (r_shape, r_order) == (shape, order):
            have = {int(s) for s in signs.split()}
            if (sign is None and not have) or (sign is not None and sign in have):
                out.append(value)
    return tuple(out)


def _sign_list(sign: int | None) -> Callable[[Example], Derived | None]:
    def derive(ex: Example) -> Derived | None:
        scope = SIGN_SCOPES.get(ex.id)
        if scope is None:
            return None
        shape, order, mode = scope
        signed = _signed(shape, order, sign)
        rank = f"{shape}s of the {'first' if order == 1 else 'second'} order"
        label = "no sign" if sign is None else f"sign {sign}"
        if mode == "all":
            return Derived(signed, False, f"the {rank} marked with {label} (k2-cossick-signs)")
        pool = Counter(signed)
        named = []
        for n in ex.operands:
            if pool[n] > 0:
                pool[n] -= 1
                named.append(int(n))
        return Derived(tuple(named), False, f"the named {rank} marked with {label} (k2-cossick-signs)",
                       of_printed=True)
    return derive


LIST_KEYS: dict[str, Callable[[Example], Derived | None]] = {
    **{f"men-{shape}s-{order}-{side}": _rank_list(side, shape, order)
       for shape in ("round", "triangle", "square") for order in (1, 2) for side in men.SIDES},
    "king-even-layers": lambda ex: _layers("even"),
    "king-odd-layers": lambda ex: _layers("odd"),
    "king-numbers": lambda ex: Derived((men.king("even").value, men.king("odd").value), True,
                                       "the even and the odd king's pyramidal numbers"),
    "men-on-both-sides": _both_sides,
    "equality-by-prisoners": _prisoners,
    "cossick-powers-of-2": lambda ex: Derived(tuple(2 ** k for k in range(1, 7)), True,
                                              "the powers 1 to 6 of 2"),
    **{key: _cossick_root(power) for key, power in COSSICK_POWER.items()},
    **{key: _sign_list(sign) for key, sign in SIGN_KEYS.items()},
    "king-even-roots": lambda ex: _k2_king("even", 2, "roots"),
    "king-odd-roots": lambda ex: _k2_king("odd", 2, "roots"),
    "king-even-quadrates": lambda ex: _k2_king("even", 3, "quadrates"),
    "king-odd-quadrates": lambda ex: _k2_king("odd", 3, "quadrates"),
    "obsidion-only-even": _obsidion("even"),
    "obsidion-only-odd": _obsidion("odd"),
}


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


def check_list(ex: Example) -> Check:
    if (why := _need(ex, at_least=1)):
        return _unchecked(ex, why)
    derive = LIST_KEYS.get(str(ex.stated))
    derived = derive(ex) if derive else None
    if derived is None:
        return _unchecked(ex, f"no derivation recorded for the list key {ex.stated!r} of this example")
    printed = _ints(ex.operands)
    if derived.ordered:
        expected, same = derived.values, printed == derived.values
    else:
        expected, same = align(printed, derived.values), Counter(printed) == Counter(derived.values)
    message = f"{derived.what} are {_show(expected)}"
    if same:
        return _ok(ex, list(expected), message)
    return _wrong(ex, list(expected), f"{message}, printed {_show(printed)}")


# --- count -------------------------------------------------------------------------

# "the table is a doble chesse board, as it were two chessebordes joined
# together, the length of two, the breadth of one" (lines 252-254): the size
# follows from the chessboard's 8 x 8 (a fact outside the witness), the same
# table in the third kind (line 971: "the same that has been twyse already
# discribed").
CHESSBOARD = 8


def _men_of(shape_test: Callable[[men.Man], bool], what: str) -> Callable[[], tuple[int | None, str]]:
    def derive() -> tuple[int | None, str]:
        per = {side: sum(1 for m in men.army(side) if shape_test(m)) for side in men.SIDES}
        if per["even"] != per["odd"]:
            return None, f"{what}: even {per['even']}, odd {per['odd']} (the sides differ)"
        return per["even"], f"each side has {per['even']} {what}"
    return derive


def _all_men() -> tuple[int, str]:
    return len(men.all_men()), f"the armies have {len(men.army('even'))} + {len(men.army('odd'))} men"


def _steps(side: str) -> Callable[[], tuple[int, str]]:
    def derive() -> tuple[int, str]:
        layers = men.king(side).layers
        values = [layer.value for layer in layers]
        return len(layers), f"the {side} king has {len(layers)} layers ({_show(values)})"
    return derive


def _orders_per_kind() -> tuple[int | None, str]:
    orders = {shape: len({r.order for r in men.RULES if r.shape == shape})
              for shape in ("round", "triangle", "square")}
    text = "the rules give " + ", ".join(f"{n} orders of {shape}s" for shape, n in orders.items())
    return (orders["round"] if len(set(orders.values())) == 1 else None), text


def _registry_relation_counts() -> set[int]:
    return {len(s.relations) for s in REGISTRY.values() if s.relations}


COUNTS: dict[str, Callable[[], tuple[int | None, str]]] = {
    "board-squares-128": lambda: (2 * CHESSBOARD * CHESSBOARD,
                                  f"two chessboards of {CHESSBOARD} x {CHESSBOARD} make {2 * CHESSBOARD ** 2}"),
    "board-breadth-8": lambda: (CHESSBOARD, f"the breadth of one chessboard is {CHESSBOARD}"),
    "board-length-16": lambda: (2 * CHESSBOARD, f"the length of two chessboards is {2 * CHESSBOARD}"),
    "k3-board-breadth-8": lambda: (CHESSBOARD, f"the same table: the breadth of one chessboard is {CHESSBOARD}"),
    "men-48": _all_men,
    "k2-men-48": _all_men,
    "k3-men-48": _all_men,
    "men-per-side-24": _men_of(lambda m: True, "men, king included"),
    "k2-men-per-side-23": _men_of(lambda m: not m.is_king, "men besides the king"),
    "rounds-per-side-8": _men_of(lambda m: m.shape == "round", "rounds"),
    "triangles-per-side-8": _men_of(lambda m: m.shape == "triangle", "triangles"),
    "squares-per-side-7": _men_of(lambda m: m.shape == "square", "squares besides the king"),
    "squares-with-king-8": _men_of(lambda m: m.shape == "square" or m.is_king, "squares with the king"),
    "ranks-of-men-2": lambda: _orders_per_kind(),
    "k2-ranks-6": lambda: (len(men.RULES), (f"the natural array has one rank per rule: {len(men.RULES)} "
                                            "(two orders each of rounds, triangles and squares)")),
    "proportion-kinds-3": lambda: (
        len({r[6] for r in _table_rows("ratios")}),
        "the ranks stand to the ranks they arise from in "
        + ", ".join(sorted({r[6] for r in _table_rows("ratios")})) + " proportion"),
    "triumph-kinds-3": lambda: (
        len(_registry_relation_counts()),
        "a triumph agrees in "
        + " or ".join(map(str, sorted(_registry_relation_counts()))) + " of the three proportions"),
    "triumph-kinds-2": lambda: (
        len({n for n in _registry_relation_counts() if n >= 2}),
        "at least two proportions: a triumph agrees in "
        + " or ".join(map(str, sorted(n for n in _registry_relation_counts() if n >= 2))) + " of the three"),
    "greater-triumph-conjunctions-3": lambda: (
        sum(1 for s in REGISTRY.values() if len(s.relations) == 2),
        "the conjunctions of two of the three proportions: "
        + ", ".join(" and ".join(s.relations) for s in REGISTRY.values() if len(s.relations) == 2)),
    "cossick-signs-6": lambda: (1 + len(COSSICK_POWERS), f"the root and its powers {_show(COSSICK_POWERS)}"),
    "sign-squares-2-count-3": lambda: (
        sum(1 for r in _table_rows("k2-cossick-signs") if (r[1], r[2]) == ("square", 2) and r[4]),
        "the second order of squares marked with signs: "
        + _show([r[3] for r in _table_rows("k2-cossick-signs") if (r[1], r[2]) == ("square", 2) and r[4]])),
    "k2-king-even-steps-6": _steps("even"),
    "k2-king-odd-steps-5": _steps("odd"),
    "k3-king-even-men-6": _steps("even"),
    "k3-king-odd-men-5": _steps("odd"),
}

# Counts nothing derives, each with the reason: reviewed one by one.
UNCHECKED_COUNTS: dict[str, str] = {
    "kinds-of-playing-3": "a prose enumeration of the book's own division into a first, second and third "
                          "kind; nothing computes how many kinds of playing there are",
    "parts-of-game-6": "a prose enumeration of the parts of the game (table, men, placing, marching, "
                       "taking, triumph); nothing derives it",
    "ways-of-taking-6": "a prose enumeration of the rules of taking of the first kind (equality, obsidion, "
                        "addition, subtraction, multiplication, division); nothing derives it",
    "k2-ways-of-taking-7": "a prose enumeration of the rules of taking of the second kind (six of the first "
                           "kind and cossick signs); nothing derives it",
    "common-victory-manners-5": "a prose enumeration of the manners of common victory (bodies, goods, "
                                "quarrels, honour, honour and quarrel); nothing derives it",
    "common-victory-kinds-6": "a prose enumeration (the five manners and the victory of standards); "
                              "nothing derives it",
    "camp-spaces-40": "the adversary's camp runs from the front of his men as placed to the board's end, "
                      "but the placing diagram is not in the witness, so its depth in rows is not derivable",
    "camp-spaces-48": "an alternative reckoning of the camp ('as some will'); the placing diagram is not "
                      "in the witness, so its depth in rows is not derivable",
    "k3-board-length-10": "a least length some players allow (a rule of choice, not computed from the men "
                          "or the board)",
}


def check_count(ex: Example) -> Check:
    if ex.operands or not _whole(ex.stated):
        return _unchecked(ex, "malformed example: a count has no operands and a whole-number result")
    if ex.id in UNCHECKED_COUNTS:
        return _unchecked(ex, UNCHECKED_COUNTS[ex.id])
    derive = COUNTS.get(ex.id)
    if derive is None:
        return _unchecked(ex, f"no derivation recorded for this count ({ex.what or 'what is counted'}); "
                              "review it and add one to COUNTS or a reason to UNCHECKED_COUNTS")
    n, how = derive()
    return _verdict(ex, n, how)


# --- victory -----------------------------------------------------------------

VICTORY_TYPES = ("bodies", "goods", "quarrel", "honour", "honour-and-quarrel")
VICTORY_FIELDS = ("target", "men", "characters", "excess")


def _alternatives(value: Any) -> tuple[int, ...]:
    return _ints(value) if isinstance(value, list) else (int(value),)


def check_victory(ex: Example) -> Check:
    """The men as printed against the stated fields: their sum reaches the
    target and exceeds it by `excess`, their number is `men`, their digits
    are `characters`, and they are distinct men of one army (the men taken).
    A rule given without men (bodies, goods) is checked to be attainable: no
    more men than an army has, no target above an army's whole number."""
    st = ex.stated
    if (not isinstance(st, dict) or st.get("type") not in VICTORY_TYPES
            or not set(st) - {"type"} <= set(VICTORY_FIELDS)
            or not all(_wholes(v) for k, v in st.items() if k != "type")):
        return _unchecked(ex, "malformed example: a victory states {type, target, men, characters, excess}")
    if not all(_whole(n) and n > 0 for n in ex.operands):
        return _unchecked(ex, "malformed example: the men's numbers must be positive whole numbers")
    ops = _ints(ex.operands)
    expected = {k: (list(v) if isinstance(v, list) else v) for k, v in st.items()}
    facts, problems = [], []
    if not ops:
        most_men = min(len(men.army(s)) for s in men.SIDES)
        least_total = min(sum(m.value for m in men.army(s)) for s in men.SIDES)
        for key, limit, what in (("men", most_men, "the men of an army"),
                                 ("target", least_total, "the smaller army's whole number")):
            if key in st:
                alts = _alternatives(st[key])
                too_many = [n for n in alts if n > limit]
                facts.append(f"{key} {' or '.join(map(str, alts))}, within {limit} ({what})")
                if too_many:
                    problems.append(f"{_show(too_many)} exceeds {limit} ({what})")
        if "characters" in st or "excess" in st:
            return _unchecked(ex, "malformed example: characters or excess without the men's numbers")
    else:
        total = sum(ops)
        chars = sum(len(str(n)) for n in ops)
        facts.append(f"{' + '.join(map(str, ops))} is {total}")
        if "target" in st:
            targets = _alternatives(st["target"])
            if not any(total >= t for t in targets):
                problems.append(f"{total} does not reach {' or '.join(map(str, targets))}")
            if "excess" in st and len(targets) == 1:
                expected["excess"] = total - targets[0]
                facts.append(f"more than {targets[0]} by {total - targets[0]}")
        if "men" in st:
            expected["men"] = len(ops)
            facts.append(f"in {len(ops)} men")
        if "characters" in st:
            expected["characters"] = chars
            facts.append(f"in {chars} characters")
        if not any(assign_men(ops, side) for side in men.SIDES):
            strays = [n for n in ops if not men.men_bearing(n)]
            problems.append(f"{_show(strays)} is no man's number" if strays
                            else "no army has distinct men bearing all these numbers")
    for key in VICTORY_FIELDS:
        if key in st and expected[key] != st[key]:
            problems.insert(0, f"{key} is {_show(expected[key])}, printed {_show(st[key])}")
    if not facts:
        return _unchecked(ex, "malformed example: a victory with neither men nor a target or number of men")
    message = ", ".join(facts)
    if problems:
        return _wrong(ex, expected, f"{message}: " + "; ".join(problems))
    return _ok(ex, expected, message)


# --- standards ----------------------------------------------------------------

def _army_total(side: str) -> int:
    """The sum of an army's men, each king by his whole pyramidal number."""
    return sum(m.value for m in men.army(side))


def _standard(side: str) -> tuple[int, int, Fraction]:
    total = _army_total(side)
    remaining = total - CAPTAINS - BEARERS
    return total, remaining, Fraction(remaining, STANDARDS)


def check_standards(ex: Example) -> Check:
    st = ex.stated
    if (not isinstance(st, dict) or st.get("army") not in men.SIDES
            or not all(_whole(v) for k, v in st.items() if k != "army")):
        return _unchecked(ex, "malformed example: a standards claim states {army, ...} with whole numbers")
    side = st["army"]
    if "won" in st:
        if set(st) != {"army", "won", "standards"}:
            return _unchecked(ex, "malformed example: {army, won, standards} expected")
        other = OTHER[side]
        per = _standard(other)[2]
        won = int(st["won"])
        standards = _int(Fraction(won) / per)
        expected = {"army": side, "won": won, "standards": standards}
        message = f"{won} of the {other} men at {per} to a standard is {standards} standards"
    else:
        total, remaining, per = _standard(side)
        values = {"total": total, "captains": CAPTAINS, "bearers": BEARERS, "standards": STANDARDS,
                  "remaining": remaining, "per_standard": _int(per)}
        unknown = set(st) - set(values) - {"army"}
        if unknown:
            return _unchecked(ex, f"malformed example: unknown fields {sorted(unknown)}")
        expected = {k: (side if k == "army" else values[k]) for k in st}
        message = (f"the {side} men sum to {total}; {total} - {CAPTAINS} captains - {BEARERS} bearers "
                   f"is {remaining}, {STANDARDS} standards of {_int(per)}")
    if expected == dict(st):
        return _ok(ex, expected, message)
    wrong = [f"{k} is {expected[k]}, printed {st[k]}" for k in st if expected[k] != st[k]]
    return _wrong(ex, expected, f"{message}: " + "; ".join(wrong))


# --- the same number, the men named, the ratios named ----------------------------

def check_same(ex: Example) -> Check:
    """One number printed twice (a rule's terms restated, a result carried on)."""
    if (why := _need(ex, at_least=2)):
        return _unchecked(ex, why)
    shown = " and ".join(map(str, ex.operands))
    if len(set(ex.operands)) == 1:
        return _ok(ex, ex.operands[0], f"{ex.operands[0]} is restated as {ex.operands[0]}")
    return _wrong(ex, None, f"{shown} are printed for one number")


SHAPES = {"round": "round", "triangle": "triangle", "square": "square", "king": "pyramid"}


def check_man(ex: Example) -> Check:
    """A number named with the shape (and side) of its man: 'the triangle 12', '9 a round of the odd army'."""
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    st = ex.stated if isinstance(ex.stated, dict) else {}
    shape, side = st.get("shape"), st.get("side")
    if shape not in SHAPES or side not in (None, *men.SIDES):
        return _unchecked(ex, "malformed example: a man is a round, triangle, square or king, of the even or odd")
    (n,) = ex.operands
    what = f"{'an ' + side + ' ' if side else 'a '}{shape}"
    bearers = [m for m, layer in men.men_bearing(n) if layer is None]
    if any(SHAPES[shape] == m.shape and side in (None, m.side) for m in bearers):
        return _ok(ex, n, f"{n} is {what}")
    who = " and ".join(f"the {m.side} {'king' if m.is_king else m.shape}" for m in bearers)
    return _wrong(ex, None, f"{n} is not {what}: {n} is {who or 'no man' + chr(39) + 's number'}")


def _ratio(a: int, b: int) -> tuple[int, int]:
    hi, lo = max(a, b), min(a, b)
    g = gcd(hi, lo)
    return hi // g, lo // g


def _rank_row(ex: Example) -> tuple[Any, ...] | None:
    key = (ex.param("side"), ex.param("digit"), ex.param("ranks"))
    return next((r for r in _table_rows("ratios") if (r[0], r[1], r[2]) == key), None)


def check_ratio_name(ex: Example) -> Check:
    """A ratio name, as printed, against the numbers it names: the numbers
    printed with it (of: [greater, lesser]) or the ranks of men it names."""
    named = ex.stated
    if ex.operands:
        if (why := _need(ex, 2)):
            return _unchecked(ex, why)
        a, b = ex.operands
        if a == b:
            return _wrong(ex, None, f"{a}:{b} is no ratio of greater inequality")
        want, of = _ratio(a, b), f"{max(a, b)}:{min(a, b)}"
    else:
        row = _rank_row(ex)
        if row is None:
            return _unchecked(ex, "malformed example: no ranks of men "
                                  f"{ex.param('side')} {ex.param('digit')} {ex.param('ranks')}")
        want, of = _ratio(row[3], row[4]), f"{row[3]}:{row[4]} (the {row[0]} {row[2]} of {row[1]})"
    printed = ex.param("printed", "the name")
    right = ratio_name(*want)
    message = f"{of} is {right.name}" if of == f"{want[0]}:{want[1]}" else f"{of} is {want[0]}:{want[1]}, {right.name}"
    if not (isinstance(named, tuple) and len(named) == 2 and all(_whole(v) for v in named)
            and named[0] > named[1] > 0 and gcd(*named) == 1):
        return _wrong(ex, want, f"{message}; {_show(named)} is no ratio a name gives (p:q, p > q > 0, in lowest "
                                "terms)")
    if tuple(named) == want:
        return _ok(ex, want, f"{message}: '{printed}' names it")
    return _wrong(ex, want, f"{message}; '{printed}' names {named[0]}:{named[1]} "
                            f"({ratio_name(*named).name})")


def check_ranks(ex: Example) -> Check:
    """The numbers printed for a ratio of two ranks of men (the figure of the
    superpartient ratios, 378-390): its terms in lowest terms and the parts
    added (the difference of the two men)."""
    row = _rank_row(ex)
    st = ex.stated
    if row is None or not isinstance(st, dict) or not all(_whole(v) for v in st.values()):
        return _unchecked(ex, "malformed example: ranks need side, digit, ranks and whole numbers")
    p, q = _ratio(row[3], row[4])
    values = {"numerator": p, "denominator": q, "difference": row[3] - row[4]}
    expected = {k: values[k] for k in st}
    message = (f"the {row[0]} {row[2]} of {row[1]}: {row[3]}:{row[4]} is {p}:{q}, and {row[3]} - {row[4]} "
               f"is {row[3] - row[4]}")
    if expected == dict(st):
        return _ok(ex, expected, message)
    wrong = [f"{k} is {expected[k]}, printed {st[k]}" for k in st if expected[k] != st[k]]
    return _wrong(ex, expected, f"{message}: " + "; ".join(wrong))


# --- dispatch ------------------------------------------------------------------

CHECKERS: dict[str, Callable[[Example], Check]] = {
    "sum": check_sum,
    "difference": check_difference,
    "product": check_product,
    "quotient": check_quotient,
    "square": check_square,
    "root": check_root,
    "half": check_half,
    "contains": check_contains,
    "proportion": check_proportion,
    "taking": check_taking,
    "list": check_list,
    "count": check_count,
    "victory": check_victory,
    "standards": check_standards,
    "same": check_same,
    "man": check_man,
    "ratio-name": check_ratio_name,
    "ranks": check_ranks,
}


def check(example: Example) -> Check:
    checker = CHECKERS.get(example.kind)
    if checker is None:
        return _unchecked(example, f"no checker for the kind {example.kind!r}")
    return checker(example)


def check_all(examples: tuple[Example, ...]) -> tuple[Check, ...]:
    return tuple(check(e) for e in examples)


# --- findings ---------------------------------------------------------------------

def _numbers(value: Any) -> tuple[int, ...]:
    """The numbers of a value: an int, a list, or a "p/q" part (p, q)."""
    if isinstance(value, bool):
        return ()
    if isinstance(value, int):
        return (int(value),)
    if isinstance(value, Fraction):
        return (value.numerator, value.denominator)
    if isinstance(value, (list, tuple)):
        return tuple(n for v in value for n in _numbers(v))
    if isinstance(value, str) and "/" in value:
        try:
            f = Fraction(value)
        except ValueError:
            return ()
        return (f.numerator, f.denominator)
    return ()


def printed_and_expected(c: Check) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """The numbers of a wrong claim as printed and as they should be, in the
    same shape: (n,) for a scalar, the list for a list, the triple for a
    proportion, and for dict-stated kinds the fields that differ, in order."""
    ex, exp = c.example, c.expected
    printed: tuple[int, ...] | None
    expected: tuple[int, ...] | None
    if ex.kind in ("list", "proportion"):
        printed = _ints(ex.operands)
        expected = tuple(exp) if exp is not None else None
    elif isinstance(ex.stated, dict):
        keys = [k for k in ex.stated if isinstance(exp, dict) and exp.get(k) != ex.stated[k]]
        printed = tuple(n for k in keys for n in _numbers(ex.stated[k]))
        expected = tuple(n for k in keys for n in _numbers(exp[k]))
        if not keys:  # wrong for another reason (e.g. a number no man bears)
            printed, expected = (_ints(ex.operands) or None), None
    else:
        printed = _numbers(ex.stated)
        expected = _numbers(exp) if isinstance(exp, int) and not isinstance(exp, bool) else None
    return (printed or None), (expected or None)


def quote(text: str, limit: int = 150) -> str:
    """The claim's words; a long quote is cut at its head (the result stands last)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[len(text) - limit:]
    return "..." + cut[cut.find(" ") + 1:] if " " in cut else "..." + cut


def finding(c: Check) -> Finding:
    printed, expected = printed_and_expected(c)
    return Finding(
        table=EXAMPLES,
        kind=Kind.EXAMPLE,
        message=f'"{quote(c.example.quote)}": {c.message}.',
        position=c.example.position,
        witness_line=c.example.witness_line,
        page=c.example.page,
        printed=printed,
        expected=expected,
    )


def findings(checks: tuple[Check, ...]) -> list[Finding]:
    """One Finding per wrong check."""
    return [finding(c) for c in checks if c.status == WRONG]
