"""Counts in words, for the one-line summaries of every command; the closed
vocabularies (Word)."""

from __future__ import annotations

from enum import Enum


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 passage', '2 passages', '0 entries' (plural given where not noun + 's')."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '12th', '22nd': a place, never read as a value."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Word(str, Enum):
    """A word of a closed vocabulary (an erratum's kind, a confidence, a
    cell's role ...): it is its value wherever it is compared, printed or
    written (str, format, JSON, YAML, CSV), and only its values are words."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return tuple(str(w.value) for w in cls)
