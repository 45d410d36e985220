"""The relations of the game: the three proportions of three numbers, and the
readings of how four numbers agree in a proportion.

Proportions, witness "Of Arithmeticall proportion." (606), "Of Geometrical
proportion." (627), "Of Musical proportion." (649): all tests are in exact
integer arithmetic (cross-multiplied), never float or integer division.
"""

from __future__ import annotations

from itertools import combinations

# --- proportions of three numbers -------------------------------------------

RELATIONS = ("arithmetic", "geometric", "musical")


def arithmetic(a: int, b: int, c: int) -> bool:
    """b - a == c - b: "the mydle number differs as much from the first, as from the third"."""
    return b - a == c - b


def geometric(a: int, b: int, c: int) -> bool:
    """b:a == c:b, i.e. b*b == a*c."""
    return b * b == a * c


def musical(a: int, b: int, c: int) -> bool:
    """(b - a):(c - b) == a:c, cross-multiplied (3 4 6: 1:2 = 3:6).

    Exact: 2, 3, 7 fails (1*7 != 4*2), though an integer-division test
    2*a*c // (a + c) == b would pass it."""
    return (b - a) * c == (c - b) * a


TEST = {"arithmetic": arithmetic, "geometric": geometric, "musical": musical}


def holds(relation: str, triple: tuple[int, ...]) -> bool:
    """Whether three distinct numbers, in ascending order, stand in the relation."""
    a, b, c = sorted(triple)
    return a < b < c and a > 0 and TEST[relation](a, b, c)


def middle(relation: str, first: int, last: int) -> int | None:
    """The middle term between first and last, if it is a whole number
    ("A rule to find out ..." lines 612, 632, 662)."""
    a, c = sorted((first, last))
    if relation == "arithmetic":
        s = a + c
        return s // 2 if s % 2 == 0 else None
    if relation == "geometric":
        from math import isqrt

        r = isqrt(a * c)
        return r if r * r == a * c else None
    num, den = 2 * a * c, a + c
    return num // den if num % den == 0 else None


# --- four numbers: the greater and greatest triumphs ------------------------

# How a set of four numbers "agrees in" a proportion ("Of the greater
# triumph.", 676-680). Named readings, from the narrowest: each of the first
# three allows what the one before it allows and one disjunct form more.
# Each four-number table takes the reading its print supports best
# (its default in the edition's book.yaml; evidence in docs/universes.md):
#   three-of-four       only some three of the four stand in the proportion
#   disjunct-geometric  as three-of-four; for geometric, the four may instead
#                       stand in disjunct proportion a:b = c:d (a*d = b*c),
#                       as in Boethius' maxima harmonia 6 8 9 12 (6:8 = 9:12)
#   three-or-four-term  as disjunct-geometric, and arithmetic too may be
#                       disjunct (a+d = b+c)
#   four-term           only the disjunct four-term proportion (arithmetic
#                       and geometric; musical has no disjunct form, so a
#                       table needing musical is empty under this reading)
FOUR_DEFINITIONS = ("three-of-four", "disjunct-geometric", "three-or-four-term", "four-term")


def disjunct_allowed(relation: str, definition: str) -> bool:
    if definition in ("three-or-four-term", "four-term"):
        return relation != "musical"
    return definition == "disjunct-geometric" and relation == "geometric"


def triples_in(numbers: tuple[int, ...], relation: str) -> tuple[tuple[int, int, int], ...]:
    return tuple(t for t in combinations(sorted(numbers), 3) if holds(relation, t))


def four_term(relation: str, numbers: tuple[int, ...]) -> bool:
    """The four numbers, in order a < b < c < d, in disjunct proportion:
    arithmetic b - a == d - c, geometric a:b == c:d (a*d == b*c)."""
    if len(numbers) != 4 or len(set(numbers)) != 4 or relation == "musical":
        return False
    a, b, c, d = sorted(numbers)
    if relation == "arithmetic":
        return b - a == d - c
    return a * d == b * c


def agrees(relation: str, numbers: tuple[int, ...], definition: str = "disjunct-geometric") -> bool:
    if definition not in FOUR_DEFINITIONS:
        raise ValueError(f"unknown definition {definition!r}")
    if definition != "four-term" and triples_in(numbers, relation):
        return True
    return disjunct_allowed(relation, definition) and four_term(relation, numbers)
