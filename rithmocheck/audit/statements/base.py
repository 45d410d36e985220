"""What every checker of a statement shares: the Check it returns, and
the helpers that read a statement's numbers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...witness.examples import Example

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
