"""The words of an erratum where a worked example prints a ratio by its
name: what both renderings of the errata, the standalone TEI errata
(rithmocheck.export.errata) and the TEI text (rithmocheck.export.tei),
write in place of the numbers. Its own module, so that neither of the two
imports the other for it."""

from __future__ import annotations

from ..audit.errata import Erratum, Replace
from ..witness.edition import Edition
from ..witness.examples import ExamplePosition


def ratio_name_words(e: Erratum, edition: Edition) -> tuple[str, str] | None:
    """The words of an erratum on a ratio name of a worked example: the name
    as printed, and the name of the ratio it corrects to; None for a number."""
    from ..model.ratio_names import ratio_name

    p = e.position
    if not isinstance(p, ExamplePosition) or p.number is None or not isinstance(e.corr, Replace) \
            or len(e.corr.numbers) != 2:
        return None
    for x in edition.example_passages:
        t = x.token.get(p.number) if x.id == p.example else None
        if t is not None and t.kind == "name":
            try:
                return t.printed, ratio_name(*e.corr.numbers).name
            except ValueError:
                return None
    return None
