"""Counts in words, for the one-line summaries of every command."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 passage', '2 passages', '0 entries' (plural given where not noun + 's')."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '12th', '22nd': a place, never read as a value."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
