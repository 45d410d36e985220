"""Proportions and ratios: three numbers in a proportion, a ratio named
in Latin, and the numbers printed for the ratio of two ranks of men."""

from __future__ import annotations

from math import gcd
from typing import Any

from ...model.proportions import RELATIONS, holds, middle
from ...model.ratio_names import ratio_name
from ...tables.armies import ratio_rows
from ...tables.keyed import Ratios
from ...tables.universe import named
from ...witness.edition import Edition
from ...witness.examples import Example
from .base import Check, _ints, _need, _ok, _show, _unchecked, _whole, _wrong


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


def check_proportion(ex: Example, ed: Edition) -> Check:
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


def _ratio(a: int, b: int) -> tuple[int, int]:
    hi, lo = max(a, b), min(a, b)
    g = gcd(hi, lo)
    return hi // g, lo // g


def _rank_row(ex: Example, ed: Edition) -> dict[str, Any] | None:
    """The ratio of the two ranks of men a statement names (side, digit, ranks), by column."""
    key = (ex.param("side"), ex.param("digit"), ex.param("ranks"))
    rows = (dict(zip(Ratios.COLUMNS, r)) for r in ratio_rows(named("men", ed.armies)))
    return next((r for r in rows if (r["side"], r["digit"], r["relation"]) == key), None)


def check_ratio_name(ex: Example, ed: Edition) -> Check:
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
        row = _rank_row(ex, ed)
        if row is None:
            return _unchecked(ex, "malformed example: no ranks of men "
                                  f"{ex.param('side')} {ex.param('digit')} {ex.param('ranks')}")
        hi, lo = row["greater"], row["lesser"]
        want, of = _ratio(hi, lo), f"{hi}:{lo} (the {row['side']} {row['relation']} of {row['digit']})"
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


def check_ranks(ex: Example, ed: Edition) -> Check:
    """The numbers printed for a ratio of two ranks of men (the figure of the
    superpartient ratios, 378-390): its terms in lowest terms and the parts
    added (the difference of the two men)."""
    row = _rank_row(ex, ed)
    st = ex.stated
    if row is None or not isinstance(st, dict) or not all(_whole(v) for v in st.values()):
        return _unchecked(ex, "malformed example: ranks need side, digit, ranks and whole numbers")
    hi, lo = row["greater"], row["lesser"]
    p, q = _ratio(hi, lo)
    values = {"numerator": p, "denominator": q, "difference": hi - lo}
    expected = {k: values[k] for k in st}
    message = (f"the {row['side']} {row['relation']} of {row['digit']}: {hi}:{lo} is {p}:{q}, and {hi} - {lo} "
               f"is {hi - lo}")
    if expected == dict(st):
        return _ok(ex, expected, message)
    wrong = [f"{k} is {expected[k]}, printed {st[k]}" for k in st if expected[k] != st[k]]
    return _wrong(ex, expected, f"{message}: " + "; ".join(wrong))
