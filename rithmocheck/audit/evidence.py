"""Which universe explains the print: the evidence behind each table's default.

For every universe a table allows (and every reading of the four-number
tables), how many printed entries the regenerated table explains. It backs
the default universes (docs/universes.md, written by
rithmocheck.export.evidence) and the audit's `universe` finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import Family
from ..witness.edition import Edition


@dataclass(frozen=True)
class Evidence:
    table: str
    universe: str
    params: tuple[str, ...]
    printed: int  # printed entries (an entry printed twice counts twice)
    explained: int  # printed entries found in the regenerated table
    generated: int  # rows of the regenerated table
    missing: int  # regenerated rows the print lacks
    is_default: bool  # whether this is the table's default universe and reading


def _is_default(f: Family, universe: str, params: tuple[str, ...]) -> bool:
    reading = f.params.get("definition")
    return universe == f.default_universe and (
        not params or (reading is not None and params == (f"definition={reading.default}",)))


def evidence(f: Family, edition: Edition, universe: str | None = None, params: tuple[str, ...] = ()) -> Evidence:
    t = f.table(universe, params)
    generated = f.generated_items(t)
    printed = f.printed_items(edition.entries(f.id))
    explained = sum((printed & generated).values())
    return Evidence(f.id, t.universe.name, tuple(params), sum(printed.values()), explained,
                    sum(generated.values()), sum((generated - printed).values()),
                    _is_default(f, t.universe.name, tuple(params)))


def readings(f: Family) -> list[tuple[str, tuple[str, ...]]]:
    """Every universe the table allows, with every reading (four-number tables)."""
    options: list[tuple[str, ...]] = [()]
    if "definition" in f.params:
        options = [(f"definition={d}",) for d in f.params["definition"].choices]
    return [(u, o) for u in f.universes for o in options]


def evidence_table(f: Family, edition: Edition) -> list[Evidence]:
    """Every candidate universe (and reading) with how much of the print it explains."""
    return [evidence(f, edition, u, o) for u, o in readings(f)]
