"""The main job: regenerate every table, audit the edition, and give every
file of output/ as text (pure), the HTML edition (html/) included;
rithmocheck.export.outfiles.write_tree writes them safely and atomically."""

from __future__ import annotations

from dataclasses import dataclass

from ..audit.errata import Erratum, corrected_entries, load_errata
from ..audit.findings import Kind, Report
from ..audit.run import run_audit
from ..errors import exit_code
from ..witness.edition import Edition
from .datapackage import datapackage
from .errata import ERRATA_HEADERS, errata_document, errata_rows
from .html import html_files
from .parts import Parts
from .printed import CORRECTED_HEADERS, PRINTED_HEADERS, corrected_rows, printed_rows, shaped
from .render import document, grid
from .report import report_json, summary_line
from .tei import TEXT_FILE, tei_text


@dataclass(frozen=True)
class Build:
    """What the main job makes: every file of output/ (relative path -> text),
    the summary lines it reports and its exit code."""

    files: dict[str, str]
    messages: tuple[str, ...]
    exit_code: int


def main_job(edition: Edition, parts: Parts | None = None) -> Build:
    """The files, the audit's summary (and the collation's) and the exit code:
    1 when a finding is not covered by a curated erratum or a disagreement
    with the second witness is not explained by a recorded reading."""
    from ..witness.collate import edition_collation

    files, report = build_files(edition, parts=parts)
    collation = edition_collation(edition)  # the build's own, cached
    messages = (summary_line(report, edition),) + ((collation.summary_line(),) if collation is not None else ())
    standing = len(report.uncovered) + (len(collation.unexplained) if collation is not None else 0)
    return Build(files, messages, exit_code(standing))


def build_files(edition: Edition, errata: tuple[Erratum, ...] | None = None,
                parts: Parts | None = None) -> tuple[dict[str, str], Report]:
    """Every output file (relative path -> text) and the audit's report (the parts that depend on neither the
    tables' transcriptions nor the errata remembered in `parts` when given: rithmocheck.export.parts)."""
    from ..ruleset.assemble import documents, schema

    errata = load_errata(edition) if errata is None else errata
    report = run_audit(edition, errata)
    files: dict[str, str] = {"audit.json": report_json(report)}
    for fmt, name in (("md", "errata.md"), ("csv", "errata.csv"), ("json", "errata.json"), ("tei", "errata.tei.xml")):
        files[f"errata/{name}"] = errata_document(errata, fmt, edition)
    for table_id, f in edition.registry.items():
        rows = f.default_table().rows
        printed = printed_rows(table_id, edition) if edition.passages_for(table_id) else []
        corrected = (corrected_rows(corrected_entries(table_id, errata, edition, supply=True, counts=True))
                     if printed else [])
        for fmt in ("csv", "md"):
            files[f"tables/{table_id}/regenerated.{fmt}"] = grid(f.columns, rows, fmt)
            if printed:
                files[f"tables/{table_id}/printed.{fmt}"] = grid(*shaped(PRINTED_HEADERS, printed, fmt), fmt)
                files[f"tables/{table_id}/corrected.{fmt}"] = grid(*shaped(CORRECTED_HEADERS, corrected, fmt), fmt)
        if printed:  # the table's errata, each keyed to the printed cell it stands at (datapackage.json)
            files[f"tables/{table_id}/errata.csv"] = grid(ERRATA_HEADERS, errata_rows(
                tuple(e for e in errata if e.table == table_id)), "csv")
    for name, doc in documents(edition).items():
        files[f"ruleset/{name}"] = document(doc, "json")
    files["ruleset/schema.json"] = document(schema(), "json")
    files.update(collation_files(edition))
    from ..conformance.matrix import matrix_document, runs

    files["engines.json"] = document(matrix_document(), "json")
    for name, run in runs().items():  # the live runs as recorded, with the engine's commit
        files[f"runs/{name}.json"] = document(run, "json")
    files.update(html_files(edition, errata, report, parts))
    files[TEXT_FILE] = tei_text(edition, errata, [f for f in report.findings if f.kind is Kind.READING])
    files["datapackage.json"] = datapackage(files, edition)
    return files, report


def collation_files(edition: Edition) -> dict[str, str]:
    """The collation with the second witness (none when the edition names none)."""
    from ..witness.collate import edition_collation
    from .collation import collation_document

    collation = edition_collation(edition)
    if collation is None:
        return {}
    return {f"collation.{fmt}": collation_document(collation, fmt) for fmt in ("md", "json")}
