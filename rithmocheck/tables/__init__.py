"""The tables: one family per kind of printed table (family.py: the
protocol; takings.py, triumphs.py, keyed.py: the families), the generators
they call (taking.py, proportion.py, armies.py), the universes of numbers
(universe.py) and the registry of an edition's tables (registry.py), built
from the edition's data."""

from __future__ import annotations

from .family import EntryFamily, Family, KeyedFamily, Param, Table
from .registry import FAMILIES, Registry, TableSpec, build

__all__ = ["FAMILIES", "EntryFamily", "Family", "KeyedFamily", "Param", "Registry", "Table", "TableSpec", "build"]
