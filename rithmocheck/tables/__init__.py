"""The tables: one family per kind of printed table (family.py: the
protocol; takings.py, triumphs.py, keyed.py: the families), the generators
they call (taking.py, proportion.py, armies.py), the universes of numbers
(universe.py) and the registry of table ids (registry.py)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .family import EntryFamily, Family, KeyedFamily, Param, Table
from .registry import REGISTRY, TABLE_IDS, family

__all__ = ["EntryFamily", "Family", "KeyedFamily", "Param", "REGISTRY", "TABLE_IDS", "Table", "default_table",
           "family", "generate"]


def generate(table_id: str, universe: str | None = None, params: Sequence[str] = ()) -> Table:
    """The complete table of an id, under a universe (default: the table's)
    and parameters (NAME=VALUE)."""
    return family(table_id).table(universe, tuple(params))


@cache
def default_table(table_id: str) -> Table:
    """The table under its default universe and reading (cached: the audit,
    the errata and the exports all compare against it)."""
    return generate(table_id)
