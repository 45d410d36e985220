"""The proportion tables as families (kind 1): the great triumph's tables of
three numbers, the greater and greatest triumphs' tables of four. The
generators are in rithmocheck.tables.proportion; the relations and the
readings of "agree in a proportion" in rithmocheck.model.proportions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..model.proportions import FOUR_DEFINITIONS, agrees, four_term, holds, triples_in
from . import proportion
from .family import REQUIRED, EntryFamily, Numbers, ParamKind, ParamValue, Row, Table
from .universe import Universe

# Each relation in words, over the terms of a row of three.
RELATION_RULES = {"arithmetic": "middle - first = last - middle", "geometric": "middle * middle = first * last",
                  "musical": "(middle - first) * last = (last - middle) * first"}


def _and(words: tuple[str, ...]) -> str:
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


class ThreeTerm(EntryFamily):
    """Three numbers in one proportion: "Of the great triumph." (602); the
    tables at 620 (arithmetic), 643 (geometric), 672 (musical)."""

    COLUMNS = ("first", "middle", "last")

    @classmethod
    def arguments(cls) -> Mapping[str, Any]:
        return {"relations": REQUIRED}

    @property
    def rule(self) -> str:
        return " and ".join(RELATION_RULES[r] for r in self.relations)

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return proportion.three_term(self.relations[0], universe.numbers)

    def iter_rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterator[Row]:
        return proportion.iter_three_term(self.relations[0], universe.numbers)

    def satisfies(self, numbers: Numbers, signs: Numbers, params: Mapping[str, ParamValue]) -> bool:
        return len(numbers) == 3 and holds(self.relations[0], numbers)

    def explain(self, numbers: Numbers, signs: Numbers, table: Table) -> str:
        a, b, c = sorted(numbers)
        return f"{self.relations[0]} {a} {b} {c}; all in the universe {table.universe.name}"


class FourNumbers(EntryFamily):
    """Four numbers agreeing in two or three proportions: "Of the greater
    triumph." (676) and "Of the greatest triumph." (700); how four numbers
    "agree in" a proportion is the parameter `definition`."""

    PARAMS = {"definition": ParamKind(choices=FOUR_DEFINITIONS)}
    COLUMNS = ("a", "b", "c", "d")

    @classmethod
    def arguments(cls) -> Mapping[str, Any]:
        return {"relations": REQUIRED}

    @property
    def rule(self) -> str:
        return f"four numbers agreeing in {_and(self.relations)} proportion"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return proportion.four_numbers(self.relations, universe.numbers, str(params["definition"]))

    def satisfies(self, numbers: Numbers, signs: Numbers, params: Mapping[str, ParamValue]) -> bool:
        return len(numbers) == 4 and len(set(numbers)) == 4 and all(
            agrees(r, numbers, str(params["definition"])) for r in self.relations)

    def explain(self, numbers: Numbers, signs: Numbers, table: Table) -> str:
        n = tuple(sorted(numbers))
        parts = []
        for rel in self.relations:
            triples = triples_in(n, rel)
            if triples:
                a, b, c = triples[0]
                parts.append(f"{rel} {a} {b} {c}")
            elif four_term(rel, n):
                a, b, c, d = n
                parts.append(f"{rel} {a}:{b} = {c}:{d}" if rel == "geometric" else f"{rel} {b}-{a} = {d}-{c}")
        return "; ".join(parts) + f"; all in the universe {table.universe.name}"
