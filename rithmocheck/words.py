"""Counts in words, for the one-line summaries of every command."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 passage', '2 passages', '0 entries' (plural given where not noun + 's')."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
