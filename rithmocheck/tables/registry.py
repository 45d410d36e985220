"""The registry: the tables of an edition, by their ids, built from its data.

A table is one family (the mathematics: rithmocheck.tables.family and the
families) and what the edition's book.yaml says of it: its id, the heading
it stands under and the line of it, its kind of play, its universes (the
first is the default) and the defaults of its readings. Every table is
computed from the edition's men (rithmocheck.model.men.Armies) and the
relations (rithmocheck.model.proportions); no printed table data is used
here. rithmocheck.witness.facts reads book.yaml and makes the TableSpecs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from ..errors import InputError
from ..model.men import Armies
from .family import Family, Param, ParamValue, Table
from .keyed import CossickSigns, K2Kings, Kings, Men, ObsidionOnly, Ratios, Standards
from .takings import BySpaces, CossickTaking, TwoTakers
from .triumphs import FourNumbers, ThreeTerm

F = TypeVar("F", bound=Family)

# The families by the name an edition gives them (book.yaml: `family`).
FAMILIES: dict[str, type[Family]] = {
    "men": Men,
    "kings": Kings,
    "ratios": Ratios,
    "standards": Standards,
    "two-takers": TwoTakers,
    "three-term": ThreeTerm,
    "four-numbers": FourNumbers,
    "cossick-signs": CossickSigns,
    "by-spaces": BySpaces,
    "cossick-taking": CossickTaking,
    "king-steps": K2Kings,
    "obsidion-only": ObsidionOnly,
}


@dataclass(frozen=True)
class TableSpec:
    """What an edition says of one table (hashable: registries are kept by their specs)."""

    id: str
    family: str  # a key of FAMILIES
    title: str
    witness_line: int
    kind: str
    universes: tuple[str, ...]
    params: tuple[tuple[str, ParamValue, str], ...] = ()  # (name, default, words)
    arguments: tuple[tuple[str, Any], ...] = ()  # the family's own: (name, value)

    def make(self, armies: Armies) -> Family:
        cls = FAMILIES[self.family]
        params = {name: cls.PARAMS[name].param(default, words) for name, default, words in self.params}
        extra = {k: (tuple(v) if isinstance(v, list) else v) for k, v in self.arguments}
        relations = extra.pop("relations", ())
        make: Any = cls  # (its own arguments, checked by the edition's loader, are the family's fields)
        family: Family = make(id=self.id, title=self.title, witness_line=self.witness_line, kind=self.kind,
                              universes=self.universes, armies=armies, params=params, relations=relations, **extra)
        return family


class Registry(Mapping[str, Family]):
    """The tables of one edition by id, in the edition's order."""

    def __init__(self, families: tuple[Family, ...], armies: Armies):
        self._by_id = {f.id: f for f in families}
        self.armies = armies

    def __getitem__(self, table_id: str) -> Family:
        return self._by_id[table_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def family(self, table_id: str) -> Family:
        """The family of a table id; InputError naming the id when there is none."""
        try:
            return self._by_id[table_id]
        except KeyError:
            raise InputError("table id", None, f"unknown table id {table_id!r} (see 'rithmocheck tables')") from None

    def default_table(self, table_id: str) -> Table:
        """The table of an id under its default universe and reading (kept)."""
        return self.family(table_id).default_table()

    def generate(self, table_id: str, universe: str | None = None, params: tuple[str, ...] = ()) -> Table:
        """The complete table of an id, under a universe (default: the table's)
        and parameters (NAME=VALUE)."""
        return self.family(table_id).table(universe, params)

    def of(self, cls: type[F]) -> tuple[F, ...]:
        """The tables of one family, in order: what a worked example derives
        from the book's table of standards, of the marking of the men, ...,
        whatever id the edition gives it."""
        return tuple(f for f in self._by_id.values() if isinstance(f, cls))


@lru_cache(maxsize=8)
def build(specs: tuple[TableSpec, ...], armies: Armies) -> Registry:
    """The registry of an edition's tables (kept: two editions that say the
    same of their tables and men share it, and its regenerated tables)."""
    return Registry(tuple(s.make(armies) for s in specs), armies)


def param_defaults(params: Mapping[str, Param]) -> dict[str, ParamValue]:
    return {name: p.default for name, p in params.items()}
