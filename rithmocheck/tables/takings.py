"""The taking tables as families: kind 1 by addition and multiplication,
kind 2 by void spaces and by cossick signs. The generators are in
rithmocheck.tables.taking."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from . import taking
from .family import REQUIRED, EntryFamily, Numbers, ParamKind, ParamValue, Row, Table
from .universe import Universe

OPS: dict[str, tuple[str, Callable[[int, int], int]]] = {"add": ("+", operator.add), "mul": ("x", operator.mul)}
# The void spaces between two men: bounds that let a scholar try other boards
# without a table that cannot finish (the defaults are the edition's).
SPACES = {"min_spaces": ParamKind(low=1, high=1000), "max_spaces": ParamKind(low=1, high=1000)}


@dataclass(frozen=True, eq=False, kw_only=True)
class TwoTakers(EntryFamily):
    """Kind 1, "A Table to take any of the men" (546): two men a and b take c
    by addition (a + b = c) or multiplication (a x b = c, both above 1);
    read backwards, c - b takes a and c / b takes a. Printed as a b c with
    the lesser taker first or not; compared with the takers in either order."""

    op: str  # "add" or "mul"
    min_factor: int = 1

    @classmethod
    def arguments(cls) -> Mapping[str, Any]:
        return {"op": REQUIRED, "min_factor": 1}

    @property
    def columns(self) -> tuple[str, ...]:
        return ("a", "b", f"a{'+' if self.op == 'add' else '*'}b")

    @property
    def rule(self) -> str:
        if self.op == "add":
            return "a + b = c (read back: c - b = a)"
        floor = f" with a, b > {self.min_factor - 1}" if self.min_factor > 1 else ""
        return f"a * b = c{floor} (read back: c / b = a)"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return taking.two_takers(universe, self.op, min_factor=self.min_factor)

    def iter_rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterator[Row]:
        return taking.iter_two_takers(universe, self.op, min_factor=self.min_factor)

    def satisfies(self, numbers: Numbers, signs: Numbers, params: Mapping[str, ParamValue]) -> bool:
        if len(numbers) != 3 or min(numbers[0], numbers[1]) < self.min_factor:
            return False
        return OPS[self.op][1](numbers[0], numbers[1]) == numbers[2]

    def key(self, numbers: Numbers, signs: Numbers = ()) -> tuple[int, ...]:
        if len(numbers) == 3:
            return (min(numbers[0], numbers[1]), max(numbers[0], numbers[1]), numbers[2])
        return tuple(sorted(numbers))

    def row_key(self, row: Row) -> tuple[int, ...]:
        return tuple(row)

    def explain(self, numbers: Numbers, signs: Numbers, table: Table) -> str:
        a, b, c = numbers
        return f"{a} {OPS[self.op][0]} {b} = {c}, all in the universe {table.universe.name}"


@dataclass(frozen=True, eq=False, kw_only=True)
class BySpaces(EntryFamily):
    """Kind 2, "Of taking by Multiplication." (900) and "by Division" (907):
    a man multiplied (divided) by the void spaces between him and an enemy
    gives the enemy. Rows (side of the taker, man, spaces, enemy); the print
    sets the side as its column, so entries are compared as (man, spaces, enemy)."""

    op: str  # "mul" or "div"

    PARAMS = SPACES
    COLUMNS = ("side", "man", "spaces", "enemy")

    @classmethod
    def arguments(cls) -> Mapping[str, Any]:
        return {"op": REQUIRED}

    @property
    def rule(self) -> str:
        if self.op == "mul":
            return "man * void spaces = enemy (a lesser man takes a greater)"
        return "man / void spaces = enemy (a greater man takes a lesser)"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return taking.by_spaces(universe, self.op, int(params["min_spaces"]), int(params["max_spaces"]))

    def check_params(self, params: Mapping[str, ParamValue]) -> None:
        if int(params["min_spaces"]) > int(params["max_spaces"]):
            raise InputError("--param", None, f"min_spaces ({params['min_spaces']}) exceeds max_spaces "
                                              f"({params['max_spaces']})")

    def satisfies(self, numbers: Numbers, signs: Numbers, params: Mapping[str, ParamValue]) -> bool:
        if len(numbers) != 3 or not int(params["min_spaces"]) <= numbers[1] <= int(params["max_spaces"]):
            return False
        man, spaces, enemy = numbers
        return man * spaces == enemy if self.op == "mul" else man == spaces * enemy

    def key(self, numbers: Numbers, signs: Numbers = ()) -> tuple[int, ...]:
        return tuple(numbers)

    def row_key(self, row: Row) -> tuple[int, ...]:
        return tuple(row[1:])

    def row_entry(self, row: Row) -> tuple[Numbers, Numbers]:
        return tuple(row[1:]), ()

    def explain(self, numbers: Numbers, signs: Numbers, table: Table) -> str:
        man, spaces, enemy = numbers
        sign = "x" if self.op == "mul" else "/"
        return f"{man} {sign} {spaces} void spaces = {enemy}, men of opposite sides"


class CossickTaking(EntryFamily):
    """Kind 2, "Of taking by Cossicall signs." (913): a man bearing a power
    (root ** k, k = 2..6) meets an enemy bearing its root. Rows (root, power,
    sign); printed as "root power{powerofk}"."""

    COLUMNS = ("root", "power", "sign")
    RULE = "power = root ** sign, root and power on opposite sides"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return taking.cossick_relations(universe)

    def satisfies(self, numbers: Numbers, signs: Numbers, params: Mapping[str, ParamValue]) -> bool:
        return (len(numbers) == 2 and len(signs) == 1 and numbers[0] >= 2 and signs[0] in taking.POWERS
                and numbers[0] ** signs[0] == numbers[1])

    def key(self, numbers: Numbers, signs: Numbers = ()) -> tuple[int, ...]:
        return tuple(numbers) + tuple(signs)

    def row_key(self, row: Row) -> tuple[int, ...]:
        return tuple(row)

    def row_entry(self, row: Row) -> tuple[Numbers, Numbers]:
        return (row[0], row[1]), (row[2],)

    def split(self, values: Numbers) -> tuple[Numbers, Numbers]:
        return tuple(values[:2]), tuple(values[2:])

    def explain(self, numbers: Numbers, signs: Numbers, table: Table) -> str:
        root, power = numbers[0], numbers[1]
        k = next((k for k in taking.POWERS if root >= 2 and root ** k == power), None)
        if k is None:
            return f"{power} is no power of {root}"
        return f"{power} is {root} to the power {k} ({taking.SIGN_NAMES[k]}), men of opposite sides"
