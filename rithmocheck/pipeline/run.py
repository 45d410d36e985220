"""The runs: each returns one Outcome (rithmocheck.pipeline.outcome)."""

from __future__ import annotations

from collections.abc import Sequence

from ..audit.errata import Erratum, load_errata
from ..audit.run import run_audit
from ..witness import collate as collation
from ..witness.edition import Edition
from .outcome import Outcome


def audit(edition: Edition, errata: tuple[Erratum, ...] | None = None, ids: Sequence[str] = ()) -> Outcome:
    """The audit of the printed tables (or the tables `ids`, and `examples`
    for the worked examples), the worked examples and the curated errata
    (the edition's, unless `errata` are given)."""
    errata = load_errata(edition) if errata is None else errata
    return Outcome(audit=run_audit(edition, errata, ids), errata=errata)


def collate(edition: Edition, passages: Sequence[str] = ()) -> Outcome:
    """The collation of the transcriptions (or the passages asked for) with the second witness."""
    return Outcome(collation=collation.collate(edition, passages))


def build(edition: Edition) -> Outcome:
    """The main job's run: the whole audit, with the edition's curated
    errata, and the edition's collation (read from its cache while its
    inputs are unchanged; none when it names no second witness)."""
    errata = load_errata(edition)
    return Outcome(audit=run_audit(edition, errata), collation=collation.edition_collation(edition), errata=errata)
