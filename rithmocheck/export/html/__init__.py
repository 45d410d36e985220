"""The static HTML edition written by `build` into output/html/: an index,
a page per table (as printed and corrected, every entry with its state and
its finding), a page per worked example (its taking statements drawn as
boards), a page per conformance case, the matrix of the engines held to the
book with a report per engine, the primary witness line by line, and a concordance of
the printed numbers. Jinja2 is imported only here,
when the edition is rendered.

The pages come in groups, each made from what it reads alone (a table's page
from its passages, its errata, its findings and its neighbours' links; the
worked examples from theirs; the engine side from the conformance cases and
the rulesets), so that a build remembers each group apart
(rithmocheck.export.parts); `html_files` makes them all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...audit.errata import Erratum
from ...audit.findings import Finding, ReadingEvidence, Report
from ...witness.edition import Edition

if TYPE_CHECKING:
    from .model import Section, Site, TableLink


def holds() -> dict[str, list[str]]:
    """Every shipped case's rulesets under which its expectation holds (as JSON)."""
    from ...conformance.cases import load_cases
    from ...conformance.runner import holds_for

    return {c.id: list(holds_for(c)) for c in load_cases()}


def holds_shape(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, list) and all(isinstance(r, str) for r in v)
                                           for v in value.values())


def site_of(edition: Edition, summary: str = "", links: Sequence[TableLink] = (), sections: Sequence[Section] = (),
            examples: int = 0, example_counts: Sequence[tuple[str, int]] = ()) -> Site:
    """The edition's site as the pages read it: the book, the audit's summary, the tables' links, the sections
    of worked examples (what a page does not show may be left empty)."""
    from .model import CHECKS, STATES, STATUSES, Site

    book = edition.book
    return Site(book.title, "; ".join(book.authors), ", ".join(x for x in (book.imprint, book.year) if x),
                "; ".join(v for _, v in book.identifiers), book.attribution_note, summary, tuple(links), (),
                tuple(sections), examples, tuple(example_counts),
                tuple((s, m, d) for s, (d, m) in STATES.items()), tuple((s, m, d) for s, (d, m) in STATUSES.items()),
                tuple((s, m, d) for s, (d, m) in CHECKS.items()))


def table_links(edition: Edition, by_table: dict[str, list[Finding]]) -> dict[str, TableLink]:
    """Each table that has a page (its passages): its title, kind, printed entries and findings by state."""
    from .model import TableLink, _counts

    registry = edition.registry
    held = {t for p in edition.passages for t in p.tables}
    out = {}
    for t in registry:
        if t in held:
            fs = by_table.get(t, [])
            out[t] = TableLink(t, registry[t].title, registry[t].kind,
                               sum(1 for e in edition.entries(t) if e.role == "entry"), _counts(fs),
                               sum(1 for x in fs if not x.covered))
    return out


def table_files(site: Site, edition: Edition, table_id: str, errata: tuple[Erratum, ...], findings: list[Finding],
                links: dict[str, TableLink], readings: Sequence[ReadingEvidence] = ()) -> dict[str, str]:
    """A table's page (its findings; only its neighbours' and its own links are read)."""
    from .model import table_page
    from .render import template

    page = table_page(table_id, edition, errata, findings, links, edition.passages_for(table_id), {}, readings)
    return {f"html/tables/{page.id}.html": template("table.html").render(site=site, page=page, root="../")}


def index_files(site: Site) -> dict[str, str]:
    from .render import template

    return {"html/index.html": template("index.html").render(site=site, root="")}


def example_files(site: Site, edition: Edition, errata: tuple[Erratum, ...], findings: list[Finding],
                  boards: dict[str, tuple[Any, ...]]) -> dict[str, str]:
    """The worked examples: their index and a page per passage (`site.sections`)."""
    from .render import template

    files = {"html/examples/index.html": template("examples.html").render(site=site, root="../")}
    example = template("example.html")
    for sec in site.sections:
        for x in sec.examples:
            files[f"html/examples/{x.file}"] = example.render(site=site, sec=sec, x=x, root="../",
                                                              boards=boards.get(x.id, ()))
    return files


def sections_of(edition: Edition, errata: tuple[Erratum, ...],
                findings: list[Finding]) -> tuple[tuple[Section, ...], int, tuple[tuple[str, int], ...]]:
    """The worked examples by section, how many passages, and how many of each status."""
    from ...audit.passages import check_passages
    from .model import CHECKS, example_sections

    results = check_passages(edition)
    tally: dict[str, int] = {}
    for r in results:
        tally[r.status] = tally.get(r.status, 0) + 1
    return (example_sections(edition, results, errata, findings), len(results),
            tuple((s, tally[s]) for s in CHECKS if tally.get(s)))


def boards_of(edition: Edition) -> dict[str, tuple[Any, ...]]:
    """The conformance cases drawn on the page of the passage of worked examples whose statement they state."""
    from ...conformance.cases import cases_stating
    from ...conformance.matrix import runs
    from .play import case_view

    statements = {x.id: x.passage for x in edition.examples}
    live = runs()
    out: dict[str, list[Any]] = {}
    for c in cases_stating(statements):
        statement = c.data.get("source", {}).get("statement")
        if statement and statement in statements:
            out.setdefault(statements[statement], []).append(case_view(c, live, []))
    return {k: tuple(v) for k, v in out.items()}


def witness_files(site: Site, lines: tuple[str, ...]) -> dict[str, str]:
    """The primary witness line by line (every citation of a line points here)."""
    from types import SimpleNamespace

    from .render import template

    play = SimpleNamespace(witness=tuple(enumerate(lines, 1)))
    return {"html/witness.html": template("witness.html").render(site=site, play=play, root="")}


def concordance_files(site: Site, edition: Edition, examples: list[list[Any]] | None = None) -> dict[str, str]:
    from .concordance import concordance
    from .render import template

    return {"html/concordance.html": template("concordance.html").render(site=site, c=concordance(edition, examples),
                                                                          root="")}


def css_files() -> dict[str, str]:
    from .render import TEMPLATES

    return {"html/edition.css": (TEMPLATES / "edition.css").read_text(encoding="utf-8")}


def engine_files(site: Site, holds_known: dict[str, list[str]] | None = None) -> dict[str, str]:
    """The engine side: a page per conformance case, their index, the matrix of the engines and a page per
    engine's live run."""
    from .play import play_site
    from .render import template

    play = play_site((), None, holds_known)
    files = {"html/conformance/index.html": template("cases.html").render(site=site, play=play, root="../")}
    case = template("case.html")
    for c in play.cases:
        files[f"html/conformance/{c.id}.html"] = case.render(site=site, c=c, root="../")
    files["html/engines.html"] = template("engines.html").render(site=site, play=play, root="")
    engine = template("engine.html")
    for e in play.engines:
        files[f"html/engines/{e.name}.html"] = engine.render(site=site, e=e, root="../")
    return files


def html_files(edition: Edition, errata: tuple[Erratum, ...], report: Report,
               holds_known: dict[str, list[str]] | None = None) -> dict[str, str]:
    """Every file of the HTML edition (path under output/, html/...: text), made at once (a build makes the
    same groups apart, rithmocheck.export.parts); the rulesets each conformance case holds for given, or
    worked out."""
    from ...witness.examples import EXAMPLES

    by_table: dict[str, list[Finding]] = {}
    for x in report.findings:
        by_table.setdefault(x.table, []).append(x)
    readings: dict[str, list[ReadingEvidence]] = {}
    for weighed in report.readings:
        readings.setdefault(weighed.table, []).append(weighed)
    links = table_links(edition, by_table)
    sections, n, counts = sections_of(edition, errata, by_table.get(EXAMPLES, []))
    site = site_of(edition, report.summary_line(), tuple(links.values()), sections, n, counts)
    files = {**css_files(), **index_files(site)}
    for t in links:
        files.update(table_files(site, edition, t, errata, by_table.get(t, []), links, readings.get(t, ())))
    files.update(example_files(site, edition, errata, by_table.get(EXAMPLES, []), boards_of(edition)))
    files.update(engine_files(site, holds_known))
    files.update(witness_files(site, tuple(edition.lines)))
    files.update(concordance_files(site, edition))
    return files
