"""The draughts of the board as offsets: a man's ordinary draughts from
their directions and distances, and the flying (knight's) draught from its
leg. Read by the 1563 documents (assemble) and re-derived when a choice
changes them (resolve), which import it and not each other for it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

VECTORS = {"orthogonal": ((0, 1), (1, 0), (0, -1), (-1, 0)),
           "diagonal": ((1, 1), (1, -1), (-1, -1), (-1, 1))}


def offsets(directions: Iterable[str], distances: Iterable[int]) -> list[list[int]]:
    """Every ordinary draught: each direction's unit steps times each distance."""
    return [[ux * d, uy * d] for d in distances for direction in directions for ux, uy in VECTORS[direction]]


def knight(leg: Sequence[int]) -> list[list[int]]:
    """The flying draught: `long` spaces one way and `short` to the side."""
    long, short = leg
    return [[x, y] for x, y in ((short, long), (long, short), (long, -short), (short, -long),
                                (-short, -long), (-long, -short), (-long, short), (-short, long))]
