"""The static HTML edition written by `build` into output/html/: an index,
a page per table (as printed and corrected, every entry with its state and
its finding), a page per worked example (its taking statements drawn as
boards), a page per conformance case, the matrix of the engines held to the
book with a report per engine, the primary witness line by line, and a concordance of
the printed numbers. Jinja2 is imported only here,
when the edition is rendered."""

from __future__ import annotations

from ...audit.errata import Erratum
from ...audit.findings import Report
from ...witness.edition import Edition


def html_files(edition: Edition, errata: tuple[Erratum, ...], report: Report) -> dict[str, str]:
    """Every file of the HTML edition (relative path under html/ -> text)."""
    from .concordance import concordance
    from .model import site
    from .play import play_site
    from .render import render_site

    statements = {x.id: x.passage for x in edition.examples}
    play = play_site(tuple(edition.lines), statements)
    return {f"html/{name}": text for name, text in render_site(site(edition, errata, report), play,
                                                           concordance(edition)).items()}
