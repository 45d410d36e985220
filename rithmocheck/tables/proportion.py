"""Proportion tables (kind 1): the great, greater and greatest triumphs.

Witness: "Of the great triumph." (602), "Of the greater triumph." (676),
"Of the greatest triumph." (700). Three-number tables are generated in
O(n^2) (a pair fixes the third term), four-number tables by joining triples
that share two numbers, never by trying every combination.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from ..model.proportions import disjunct_allowed, four_term


def arithmetic_triples(numbers: frozenset[int]) -> list[tuple[int, int, int]]:
    ordered = sorted(numbers)
    top = ordered[-1] if ordered else 0
    out = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            c = 2 * b - a
            if c > top:
                break
            if c in numbers:
                out.append((a, b, c))
    return out


def geometric_triples(numbers: frozenset[int]) -> list[tuple[int, int, int]]:
    ordered = sorted(numbers)
    top = ordered[-1] if ordered else 0
    out = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            sq = b * b
            if sq > a * top:
                break
            if sq % a == 0 and (sq // a) in numbers:
                out.append((a, b, sq // a))
    return out


def musical_triples(numbers: frozenset[int]) -> list[tuple[int, int, int]]:
    """a < b < c with (b-a)*c == (c-b)*a, i.e. b = 2ac/(a+c) exactly."""
    ordered = sorted(numbers)
    out = []
    for i, a in enumerate(ordered):
        for c in ordered[i + 1:]:
            num, den = 2 * a * c, a + c
            if num % den == 0:
                b = num // den
                if a < b < c and b in numbers:
                    out.append((a, b, c))
    out.sort()
    return out


TRIPLES = {"arithmetic": arithmetic_triples, "geometric": geometric_triples, "musical": musical_triples}


def three_term(relation: str, numbers: frozenset[int]) -> list[tuple[int, ...]]:
    return sorted(TRIPLES[relation](numbers))


def _joined(first: list[tuple[int, ...]], second: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Four-number sets made of a triple of `first` and a triple of `second`
    sharing two numbers."""
    by_pair: dict[tuple[int, int], list[tuple[int, ...]]] = defaultdict(list)
    for t in second:
        for pair in combinations(t, 2):
            by_pair[pair].append(t)
    out = set()
    for t in first:
        for pair in combinations(t, 2):
            for u in by_pair.get(pair, ()):
                s = set(t) | set(u)
                if len(s) == 4:
                    out.add(tuple(sorted(s)))
    return out


def four_term_sets(relation: str, numbers: frozenset[int]) -> set[tuple[int, ...]]:
    """Four numbers a < b < c < d in disjunct proportion: pairs (a, d) and
    (b, c) with the same sum (arithmetic) or product (geometric)."""
    if relation == "musical":
        return set()
    groups: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for x, y in combinations(sorted(numbers), 2):
        groups[x + y if relation == "arithmetic" else x * y].append((x, y))
    out = set()
    for pairs in groups.values():
        for (a, d), (b, c) in combinations(pairs, 2):  # a < b since pairs are ordered
            if len({a, b, c, d}) == 4:
                out.add(tuple(sorted((a, b, c, d))))
    return out


def four_numbers(relations: tuple[str, ...], numbers: frozenset[int], definition: str) -> list[tuple[int, ...]]:
    """Sets of four numbers of the universe that agree in every one of the
    relations, under the named reading (see proportions.FOUR_DEFINITIONS)."""
    triples = {r: frozenset(three_term(r, numbers)) for r in relations}
    candidates: set[tuple[int, ...]] = set()
    if definition == "three-of-four":
        candidates = _joined(sorted(triples[relations[0]]), sorted(triples[relations[1]]))
    else:
        # Every set agreeing in all the relations agrees in the rarest one:
        # it holds one of its triples, or (where allowed) is in its disjunct
        # four-term form; so the candidates are drawn from that relation alone.
        rarest = min(relations, key=lambda r: (len(triples[r]), relations.index(r)))
        if definition != "four-term":
            for t in triples[rarest]:  # a triple of the relation and any fourth number
                for x in numbers:
                    if x not in t:
                        candidates.add(tuple(sorted(t + (x,))))
        if disjunct_allowed(rarest, definition):
            candidates |= four_term_sets(rarest, numbers)
    # proportions.agrees, with each relation's triples of the universe looked
    # up instead of re-tested (the same test: a sub-triple of s is in the
    # universe's triples exactly when it stands in the relation)
    def agrees_in(r: str, s: tuple[int, ...]) -> bool:
        if definition != "four-term" and any(t in triples[r] for t in combinations(s, 3)):
            return True
        return disjunct_allowed(r, definition) and four_term(r, s)

    return sorted(s for s in candidates if all(agrees_in(r, s) for r in relations))

