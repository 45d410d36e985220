"""The statements of the worked examples, checked one by one.

Every statement of a passage of an edition's examples.yaml
(transcribed as printed, never corrected) is checked against exact arithmetic
(integers and fractions.Fraction), the relations of
rithmocheck.model.proportions, the edition's men (rithmocheck.model.men), the
Latin namer of rithmocheck.model.ratio_names and the edition's regenerated
tables. One function per `kind`, chosen by a dispatch dict, in a module per
family of statement (arithmetic, proportions, men, lists, counts,
victories); each takes the statement and the edition and returns a Check:

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

The package is import-light (no sympy) and check_all is fast: the few tables
used are generated once and kept with the edition's registry.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...witness.edition import Edition
from ...witness.examples import EXAMPLES, Example
from ..findings import Finding, Kind
from .arithmetic import (
    check_contains,
    check_difference,
    check_half,
    check_product,
    check_quotient,
    check_root,
    check_square,
    check_sum,
)
from .base import OK, OTHER, STATUSES, UNCHECKED, WRONG, Check, _ints, _unchecked
from .counts import check_count
from .lists import check_list, derived
from .men import SHAPES, check_man, check_same, check_taking
from .proportions import check_proportion, check_ranks, check_ratio_name
from .victories import check_standards, check_victory, standard

__all__ = ["CHECKERS", "OK", "OTHER", "SHAPES", "STATUSES", "UNCHECKED", "WRONG", "Check", "check", "check_all",
           "derived", "finding", "findings", "printed_and_expected", "quote", "standard"]

CHECKERS: dict[str, Callable[[Example, Edition], Check]] = {
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


def check(example: Example, edition: Edition) -> Check:
    checker = CHECKERS.get(example.kind)
    if checker is None:
        return _unchecked(example, f"no checker for the kind {example.kind!r}")
    return checker(example, edition)


def check_all(examples: tuple[Example, ...], edition: Edition) -> tuple[Check, ...]:
    return tuple(check(e, edition) for e in examples)


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
