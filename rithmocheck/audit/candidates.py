"""Correction candidates for a misprinted entry (groundwork for the audit).

A printed entry that fails its relation is re-read number by number with the
compositor's usual slips: one digit changed, two adjacent digits transposed,
a digit dropped or added, a turned sort (6 for 9, 9 for 6); or a number is
read as one printed in the entry just before or after it ("number of a
neighbouring entry": no slip of the printed figures explains it, but the
reading stands beside it in the print, e.g. 30 45 49 read as 30 45 90 with
72 90 120 below; low confidence). A candidate is offered only if
the corrected entry satisfies the table's relation, all its numbers lie in
the table's universe, and it is not already printed elsewhere in the table.
Candidates are ranked by the number of slips they need.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

DIGITS = "0123456789"
NEIGHBOUR = "number of a neighbouring entry"  # the reading is a number printed in the entry before or after
TURNED = {"6": "9", "9": "6"}
# A single slip of the likeliest kinds (a turned sort, a dropped figure) is
# high; a single substitution or transposition medium; anything else low.
CONFIDENCE = {"turned figure": "high", "digit dropped": "high", "digit changed": "medium",
              "digits transposed": "medium"}


@dataclass(frozen=True, order=True)
class Candidate:
    changes: int  # how many numbers of the entry were re-read
    value: tuple[int, ...]
    slips: tuple[str, ...]  # the class of each re-reading, e.g. "digit changed"

    @property
    def klass(self) -> str:
        return " + ".join(self.slips)

    @property
    def confidence(self) -> str:
        return CONFIDENCE.get(self.slips[0], "low") if self.changes == 1 else "low"


def rereadings(n: int, neighbours: Iterable[int] = ()) -> dict[int, str]:
    """Every number the printed n could be a slip for, with the slip's class."""
    s = str(n)
    out: dict[int, str] = {}

    def add(text: str, klass: str) -> None:
        if text and text[0] != "0":
            v = int(text)
            if v != n and v not in out:
                out[v] = klass

    for i, ch in enumerate(s):
        if ch in TURNED:
            add(s[:i] + TURNED[ch] + s[i + 1:], "turned figure")
    for i in range(len(s) + 1):
        for d in DIGITS:
            add(s[:i] + d + s[i:], "digit dropped")  # the print dropped a digit; the true number has it
    for i in range(len(s)):
        add(s[:i] + s[i + 1:], "digit added")
    for i in range(len(s) - 1):
        add(s[:i] + s[i + 1] + s[i] + s[i + 2:], "digits transposed")
    for i in range(len(s)):
        for d in DIGITS:
            add(s[:i] + d + s[i + 1:], "digit changed")
    for v in neighbours:
        add(str(v), NEIGHBOUR)
    return out


def candidates(entry: tuple[int, ...], ok: Callable[[tuple[int, ...]], bool], universe: frozenset[int],
               printed: frozenset[tuple[int, ...]] = frozenset(), neighbours: Iterable[int] = (),
               max_changes: int = 2, key: Callable[[tuple[int, ...]], tuple[int, ...]] = tuple,
               ) -> list[Candidate]:
    """Ranked candidates for a failing entry: each a re-reading of one or two
    of its numbers that makes `ok` true, stays in `universe` and is not
    already printed (compared by `key`)."""
    neighbours = tuple(neighbours)
    options = [rereadings(n, neighbours) for n in entry]
    found: dict[tuple[int, ...], Candidate] = {}

    def consider(value: tuple[int, ...], slips: tuple[str, ...]) -> None:
        if all(v in universe for v in value) and ok(value) and key(value) not in printed:
            c = Candidate(len(slips), value, slips)
            if value not in found or c < found[value]:
                found[value] = c

    for i, opts in enumerate(options):
        for v, klass in opts.items():
            value = entry[:i] + (v,) + entry[i + 1:]
            consider(value, (klass,))
    if max_changes >= 2 and not found:
        for i in range(len(entry)):
            for j in range(i + 1, len(entry)):
                for vi, ki in options[i].items():
                    if vi not in universe:
                        continue
                    for vj, kj in options[j].items():
                        if vj not in universe:
                            continue
                        changed = list(entry)
                        changed[i], changed[j] = vi, vj
                        consider(tuple(changed), (ki, kj))
    return sorted(found.values())
