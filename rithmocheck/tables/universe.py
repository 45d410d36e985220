"""Universes: which numbers may appear in a table.

A universe gives the numbers of each side. Named universes are built from the
derived armies (rithmocheck.model.men.Armies, the edition's); a scholar's own
hypothesis can be given as a list of numbers or a file of numbers (then both
sides hold the same numbers). A universe keeps the armies it is about: the
tables of the men read them.

Names:
  men                 every man's value, kings as whole pyramids
  men+layers          ... and the layers of the pyramids
  men-kings           the men without the kings
  men-kings+layers    the kings by their layers only, not as whole pyramids
  opposite:BASE       takers from one side, the taken man from the other
                      (a taking table); without the prefix any men may combine
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model.men import Armies

BASES = {
    "men": dict(layers=False, kings=True),
    "men+layers": dict(layers=True, kings=True),
    "men-kings": dict(layers=False, kings=False),
    "men-kings+layers": dict(layers=True, kings=False),
}

BASE_TEXT = {
    "men": "the values of all men of both sides, each king as his whole pyramid",
    "men+layers": "the values of all men of both sides, each king as his whole pyramid and by his layers",
    "men-kings": "the values of all men of both sides except the kings",
    "men-kings+layers": "the values of all men of both sides, each king by his layers only",
}


@dataclass(frozen=True)
class Universe:
    name: str
    description: str
    even: frozenset[int]
    odd: frozenset[int]
    opposite: bool = False  # takers on one side, the taken man on the other
    armies: Armies = field(default=Armies((), ()), compare=False, repr=False)  # the men it is about

    @property
    def numbers(self) -> frozenset[int]:
        return self.even | self.odd

    def side(self, side: str) -> frozenset[int]:
        return self.even if side == "even" else self.odd

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "opposite_sides": self.opposite, "numbers": sorted(self.numbers)}


def is_name(name: str) -> bool:
    """Whether a name is a named universe (men, men+layers, ..., opposite:BASE)."""
    return (name.split(":", 1)[1] if name.startswith("opposite:") else name) in BASES


def named(name: str, armies: Armies) -> Universe:
    opposite = name.startswith("opposite:")
    base = name.split(":", 1)[1] if opposite else name
    if base not in BASES:
        raise KeyError(name)
    even = armies.values("even", **BASES[base])
    odd = armies.values("odd", **BASES[base])
    text = BASE_TEXT[base]
    if opposite:
        text = "takers from one side and the taken man from the other; " + text
    return Universe(name, text, even, odd, opposite, armies)


_LIST = re.compile(r"^\s*\d+(\s*[, ]\s*\d+)*\s*$", re.ASCII)

# Bounds of a scholar's own universe: enough for any hypothesis about the
# game's numbers, small enough that every table can be made.
MAX_VALUE = 10**12
MAX_NUMBERS = 20_000
MAX_FILE_BYTES = 1_000_000


def parse_numbers(text: str, source: str) -> frozenset[int]:
    """Numbers separated by commas, spaces or new lines; '#' starts a comment.
    Each must be an ASCII whole number from 1 to MAX_VALUE; at most
    MAX_NUMBERS of them."""
    numbers: set[int] = set()
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        for token in re.split(r"[\s,]+", line.strip()):
            if not token:
                continue
            if not (token.isascii() and token.isdigit()) or len(token) > 13 or not 1 <= int(token) <= MAX_VALUE:
                shown = token if len(token) <= 20 else token[:17] + "..."
                raise InputError(source, lineno, f"{shown!r} is not a whole number from 1 to {MAX_VALUE}")
            numbers.add(int(token))
            if len(numbers) > MAX_NUMBERS:
                raise InputError(source, lineno, f"the universe holds more than {MAX_NUMBERS} numbers")
    if not numbers:
        raise InputError(source, None, "the universe holds no numbers")
    return frozenset(numbers)


def _is_file(spec: str) -> bool:
    try:
        return Path(spec).exists()
    except (OSError, ValueError):  # a name too long for a path, or a NUL
        return False


def custom(spec: str, armies: Armies) -> Universe:
    """A universe from a comma/space separated list or from a file of numbers."""
    from ..inputs import read_text

    if ("," in spec or _LIST.match(spec)) and not _is_file(spec):
        numbers = parse_numbers(spec, "--universe")
        name = "list"
        desc = "the numbers given on the command line (both sides)"
    else:
        if not _is_file(spec):
            raise InputError(spec, None, "no such universe name or file")
        numbers = parse_numbers(read_text(spec, MAX_FILE_BYTES), spec)
        path = Path(spec)
        name = f"file:{path.name}"
        desc = f"the numbers of {path.name} (both sides)"
    return Universe(name, desc, numbers, numbers, False, armies)


def resolve(spec: str | None, default: str, allowed: tuple[str, ...], armies: Armies) -> Universe:
    """A named universe the table allows, or a custom list/file."""
    spec = spec or default
    if spec in allowed:
        return named(spec, armies)
    if spec in BASES or spec.startswith("opposite:"):
        raise InputError("--universe", None,
                         f"universe {spec!r} does not apply to this table (one of: {', '.join(allowed)})")
    if re.fullmatch(r"[A-Za-z][\w:+-]*", spec) and not _is_file(spec):
        raise InputError("--universe", None,
                         f"unknown universe {spec!r} (one of: {', '.join(allowed)}, a list such as 2,3,4, or a file)")
    return custom(spec, armies)
