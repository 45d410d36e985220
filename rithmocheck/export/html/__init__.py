"""The static HTML edition written by `build` into output/html/: an index,
a page per table (as printed and corrected, every entry with its state and
its finding), a page per worked example (its taking statements drawn as
boards), a page per conformance case, the matrix of the engines held to the
book with a report per engine, the primary witness line by line, and a concordance of
the printed numbers. Jinja2 is imported only here,
when the edition is rendered."""

from __future__ import annotations

from typing import Any

from ...audit.errata import Erratum
from ...audit.findings import Report
from ...witness.edition import Edition
from ..parts import Parts


def _holds() -> dict[str, list[str]]:
    """Every shipped case's rulesets under which its expectation holds (as JSON)."""
    from ...conformance.cases import load_cases
    from ...conformance.runner import holds_for

    return {c.id: list(holds_for(c)) for c in load_cases()}


def _holds_shape(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, list) and all(isinstance(r, str) for r in v)
                                           for v in value.values())


def html_files(edition: Edition, errata: tuple[Erratum, ...], report: Report,
               parts: Parts | None = None) -> dict[str, str]:
    """Every file of the HTML edition (relative path under html/ -> text); the rulesets each conformance case
    holds for remembered in `parts` (rithmocheck.export.parts) when given."""
    from .concordance import concordance
    from .model import site
    from .play import play_site
    from .render import render_site

    statements = {x.id: x.passage for x in edition.examples}
    holds = None if parts is None else parts.get("holds-for", _holds, _holds_shape)
    play = play_site(tuple(edition.lines), statements, holds)
    return {f"html/{name}": text for name, text in render_site(site(edition, errata, report), play,
                                                           concordance(edition)).items()}
