"""The arithmetic of a statement: sum, difference, product, quotient,
square, root, half, and how often one number contains another."""

from __future__ import annotations

from fractions import Fraction
from math import isqrt, prod
from typing import Any

from ...witness.edition import Edition
from ...witness.examples import Example
from .base import Check, _int, _need, _ok, _show, _unchecked, _verdict, _whole, _wrong


def check_sum(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, at_least=2)):
        return _unchecked(ex, why)
    total = sum(ex.operands)
    return _verdict(ex, total, f"{' + '.join(map(str, ex.operands))} is {total}")


def check_difference(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, 2)):
        return _unchecked(ex, why)
    a, b = ex.operands
    return _verdict(ex, a - b, f"{a} - {b} is {a - b}")


def check_product(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, at_least=2)):
        return _unchecked(ex, why)
    p = prod(ex.operands)
    return _verdict(ex, p, f"{' x '.join(map(str, ex.operands))} is {p}")


def check_quotient(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, 2)):
        return _unchecked(ex, why)
    a, b = ex.operands
    q = _int(Fraction(a, b))
    whole = "" if isinstance(q, int) else " (not a whole number)"
    return _verdict(ex, q, f"{a} / {b} is {q}{whole}")


def check_square(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    (a,) = ex.operands
    return _verdict(ex, a * a, f"{a} x {a} is {a * a}")


def check_root(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    (n,) = ex.operands
    r = isqrt(n)
    if r * r != n:
        return _wrong(ex, None, f"{n} has no whole root square ({r} x {r} is {r * r}), printed {ex.stated}")
    return _verdict(ex, r, f"{r} x {r} is {n}, so the root of {n} is {r}")


def check_half(ex: Example, ed: Edition) -> Check:
    if (why := _need(ex, 1)):
        return _unchecked(ex, why)
    (a,) = ex.operands
    h = _int(Fraction(a, 2))
    return _verdict(ex, h, f"half of {a} is {h}")


def check_contains(ex: Example, ed: Edition) -> Check:
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
