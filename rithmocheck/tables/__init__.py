"""Table registry: one entry per numeric table of the 1563 witness.

Every table is computed from the derived men (rithmocheck.men) and the
relations (rithmocheck.proportions); no printed table data is used here. Each
table names its universe (which numbers may appear) and its parameters; the
defaults are those that best explain the printed table (evidence in
docs/universes.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..proportions import FOUR_DEFINITIONS
from ..yamlsafe import InputError
from . import armies, proportion, taking
from .universe import Universe, resolve

TAKING_UNIVERSES = ("men+layers", "men", "opposite:men+layers", "opposite:men")
MEN_UNIVERSES = ("men", "men+layers", "men-kings", "men-kings+layers")
OPPOSITE_UNIVERSES = ("opposite:men", "opposite:men-kings", "opposite:men+layers", "men")
FIXED = ("men",)


@dataclass(frozen=True)
class Param:
    default: object
    kind: type
    help: str
    choices: tuple = ()


@dataclass(frozen=True)
class TableSpec:
    id: str
    title: str  # the heading as printed
    witness_line: int
    kind: str  # "1", "2", "3" or "common"
    columns: tuple[str, ...]
    rule: str  # what every row satisfies, in words
    universes: tuple[str, ...]  # allowed names; the first is the default
    build: Callable[[Universe, dict], list[tuple]]
    params: dict[str, Param] = field(default_factory=dict)
    relations: tuple[str, ...] = ()  # for proportion tables

    @property
    def default_universe(self) -> str:
        return self.universes[0]


@dataclass(frozen=True)
class Table:
    spec: TableSpec
    universe: Universe
    params: dict
    rows: tuple[tuple, ...]

    def as_dict(self) -> dict:
        return {
            "table": self.spec.id,
            "title": self.spec.title,
            "columns": list(self.spec.columns),
            "rows": [list(r) for r in self.rows],
            "universe": self.universe.name,
            "universe_description": self.universe.description,
            "params": dict(self.params),
        }


def _four(relations: tuple[str, ...]):
    return lambda u, p: proportion.four_numbers(relations, u.numbers, p["definition"])


_FOUR_PARAMS = {
    "definition": Param(
        "disjunct-geometric", str,
        "how four numbers agree in a proportion: disjunct-geometric (some three of the four stand in it; "
        "geometric also as a:b = c:d of the four), three-of-four, three-or-four-term, four-term",
        FOUR_DEFINITIONS),
}
_SPACE_PARAMS = {
    "min_spaces": Param(2, int, "fewest void spaces between the two men (1 would be equality)"),
    "max_spaces": Param(14, int, "most void spaces between two men on a line of the 16-space board"),
}

_SPECS = (
    TableSpec("men", "There be of each kind of men, two ranks or orders.", 282, "common",
              ("side", "shape", "order", "digit", "value", "derivation"),
              "each man's value from his digit by the rule of his shape and order", FIXED,
              lambda u, p: armies.men_rows(u)),
    TableSpec("kings", "Of the kings.", 392, "common",
              ("side", "step", "root", "value", "shape"),
              "the pyramid's layers, top to bottom, each the quadrate of its root", FIXED,
              lambda u, p: armies.king_rows(u)),
    TableSpec("ratios", "The reason of these numbers and the knowledge of their proportione.", 331, "common",
              ("side", "digit", "relation", "greater", "lesser", "ratio", "class", "name", "difference"),
              "each rank against the rank it arises from, with the Latin name of the ratio", FIXED,
              lambda u, p: armies.ratio_rows(u)),
    TableSpec("standards", "A Table of the victory of standerds.", 1106, "common",
              ("side", "standards", "men"),
              "(army total - 2 captains - 10 bearers) / 10 men to a standard", ("men", "men-kings"),
              lambda u, p: armies.standards_rows(u)),
    TableSpec("k1-addition",
              "A Table to take any of the men, by addition subtraction, multiplication or division.", 546, "1",
              ("a", "b", "a+b"), "a + b = c (read back: c - b = a)", TAKING_UNIVERSES,
              lambda u, p: taking.two_takers(u, "add")),
    TableSpec("k1-multiplication",
              "A Table to take any of the men, by addition subtraction, multiplication or division.", 559, "1",
              ("a", "b", "a*b"), "a * b = c with a, b > 1 (read back: c / b = a)", TAKING_UNIVERSES,
              lambda u, p: taking.two_takers(u, "mul", min_factor=2)),
    TableSpec("k1-arithmetic", "A table of all the Arithmetical proportions that be in this game.", 620, "1",
              ("first", "middle", "last"), "middle - first = last - middle", MEN_UNIVERSES,
              lambda u, p: proportion.three_term("arithmetic", u.numbers), relations=("arithmetic",)),
    TableSpec("k1-geometric", "A table for Geometrical proportion.", 643, "1",
              ("first", "middle", "last"), "middle * middle = first * last", MEN_UNIVERSES,
              lambda u, p: proportion.three_term("geometric", u.numbers), relations=("geometric",)),
    TableSpec("k1-musical", "A table of Musical proportion.", 672, "1",
              ("first", "middle", "last"), "(middle - first) * last = (last - middle) * first", MEN_UNIVERSES,
              lambda u, p: proportion.three_term("musical", u.numbers), relations=("musical",)),
    TableSpec("k1-arithmetic-geometric", "A table of Arithmeticall, and Geometrical proportion.", 682, "1",
              ("a", "b", "c", "d"), "four numbers agreeing in arithmetic and geometric proportion",
              MEN_UNIVERSES, _four(("arithmetic", "geometric")), dict(_FOUR_PARAMS),
              ("arithmetic", "geometric")),
    TableSpec("k1-arithmetic-musical", "Arithmeticall and musical proportion.", 692, "1",
              ("a", "b", "c", "d"), "four numbers agreeing in arithmetic and musical proportion",
              MEN_UNIVERSES, _four(("arithmetic", "musical")), dict(_FOUR_PARAMS), ("arithmetic", "musical")),
    TableSpec("k1-geometric-musical", "Geometrical and musical proportion together.", 692, "1",
              ("a", "b", "c", "d"), "four numbers agreeing in geometric and musical proportion",
              MEN_UNIVERSES, _four(("geometric", "musical")), dict(_FOUR_PARAMS), ("geometric", "musical")),
    TableSpec("k1-all-three", "Arithmeticall, Geometrical, and Musical proportions, all together.", 704, "1",
              ("a", "b", "c", "d"), "four numbers agreeing in arithmetic, geometric and musical proportion",
              MEN_UNIVERSES, _four(("arithmetic", "geometric", "musical")), dict(_FOUR_PARAMS),
              ("arithmetic", "geometric", "musical")),
    TableSpec("k2-cossick-signs", "The marking of the men.", 762, "2",
              ("side", "shape", "order", "value", "signs"),
              "sign 1 (root) when an enemy bears a power of the man; sign k when an enemy bears his k-th root",
              OPPOSITE_UNIVERSES, lambda u, p: taking.cossick_signs(u)),
    TableSpec("k2-spaces-multiplication", "A table to take the men by Multiplication and Division.", 939, "2",
              ("side", "man", "spaces", "enemy"), "man * void spaces = enemy (a lesser man takes a greater)",
              OPPOSITE_UNIVERSES,
              lambda u, p: taking.by_spaces(u, "mul", p["min_spaces"], p["max_spaces"]), dict(_SPACE_PARAMS)),
    TableSpec("k2-spaces-division", "For Division.", 946, "2",
              ("side", "man", "spaces", "enemy"), "man / void spaces = enemy (a greater man takes a lesser)",
              OPPOSITE_UNIVERSES,
              lambda u, p: taking.by_spaces(u, "div", p["min_spaces"], p["max_spaces"]), dict(_SPACE_PARAMS)),
    TableSpec("k2-cossick-taking", "To take by cossical signs", 947, "2",
              ("root", "power", "sign"), "power = root ** sign, root and power on opposite sides",
              OPPOSITE_UNIVERSES, lambda u, p: taking.cossick_relations(u)),
    TableSpec("k2-kings", "Of the Kings, and their taking.", 919, "2",
              ("side", "step", "root", "quadrate"), "the king's steps: roots and their quadrates, least highest",
              FIXED, lambda u, p: armies.k2_king_rows(u)),
    TableSpec("k3-obsidion-only",
              "In this third kind, these men can be none otherwise taken but by Obsidion.", 1030, "3",
              ("side", "shape", "order", "value"),
              "no enemy of the same number, no lesser enemy times the void spaces, no two enemies added",
              ("opposite:men", "opposite:men+layers"),
              lambda u, p: taking.obsidion_only(u, p["max_spaces"], p["min_spaces"]), dict(_SPACE_PARAMS)),
)

REGISTRY: dict[str, TableSpec] = {s.id: s for s in _SPECS}
TABLE_IDS: tuple[str, ...] = tuple(REGISTRY)


def spec(table_id: str) -> TableSpec:
    try:
        return REGISTRY[table_id]
    except KeyError:
        raise InputError("table id", None, f"unknown table id {table_id!r} (see 'rithmocheck tables')") from None


def parse_params(s: TableSpec, pairs: tuple[str, ...] | list[str] = ()) -> dict:
    params = {name: p.default for name, p in s.params.items()}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or name not in s.params:
            known = ", ".join(s.params) or "none"
            raise InputError("--param", None, f"{pair!r}: table {s.id} has parameters: {known}")
        p = s.params[name]
        if p.kind is int:
            if not value.isdigit():
                raise InputError("--param", None, f"{name} must be a whole number, not {value!r}")
            params[name] = int(value)
        else:
            if p.choices and value not in p.choices:
                raise InputError("--param", None, f"{name} must be one of {', '.join(p.choices)}")
            params[name] = value
    return params


def generate(table_id: str, universe: str | None = None, params: tuple[str, ...] = ()) -> Table:
    s = spec(table_id)
    u = resolve(universe, s.default_universe, s.universes)
    p = parse_params(s, params)
    return Table(s, u, p, tuple(tuple(r) for r in s.build(u, p)))
