"""The files of output/: every one rendered from the main job's outcome
(rithmocheck.pipeline.run.build: the audit, the collation, the errata held)
and the edition's data, the HTML edition (html/) included, as text (pure);
rithmocheck.export.outfiles.write_tree writes them safely and atomically."""

from __future__ import annotations

from dataclasses import dataclass

from ..audit.errata import corrected_entries
from ..audit.findings import Kind
from ..conformance.matrix import matrix_document, runs
from ..pipeline.outcome import Outcome
from ..ruleset.assemble import documents, schema
from ..witness.edition import Edition
from .collation import collation_table
from .datapackage import datapackage
from .errata import ERRATA_HEADERS, errata_rows, errata_table
from .html import html_files
from .parts import Parts
from .printed import CORRECTED_HEADERS, PRINTED_HEADERS, corrected_rows, for_reading, printed_rows
from .render import document
from .report import report_json, summary_line
from .tei import TEXT_FILE, tei_text
from .values import FORMATS, TEI, Table, render


@dataclass(frozen=True)
class Build:
    """What the main job makes: every file of output/ (relative path -> text),
    the summary lines it reports and its exit code (its outcome's)."""

    files: dict[str, str]
    messages: tuple[str, ...]
    exit_code: int


def rendered(outcome: Outcome, edition: Edition, parts: Parts | None = None) -> Build:
    """The main job's outcome rendered: the files, the audit's summary (and
    the collation's) and the exit code the outcome gives."""
    messages = ((summary_line(outcome.audit, edition),) if outcome.audit is not None else ()) + (
        (outcome.collation.summary_line(),) if outcome.collation is not None else ())
    return Build(build_files(outcome, edition, parts), messages, outcome.exit_code)


def build_files(outcome: Outcome, edition: Edition, parts: Parts | None = None) -> dict[str, str]:
    """Every output file (relative path -> text) (the parts that depend on
    neither the tables' transcriptions nor the errata remembered in `parts`
    when given: rithmocheck.export.parts)."""
    report, errata = outcome.audit, outcome.errata
    assert report is not None, "the main job audits"
    csv, md = FORMATS["csv"], FORMATS["md"]
    files: dict[str, str] = {"audit.json": report_json(report)}
    errata_value = errata_table(errata, edition)
    for fmt, name in ((md, "errata.md"), (csv, "errata.csv"), (FORMATS["json"], "errata.json"),
                      (TEI, "errata.tei.xml")):
        files[f"errata/{name}"] = render(errata_value, fmt)
    for table_id, f in edition.registry.items():
        rows = f.default_table().rows
        printed = printed_rows(table_id, edition) if edition.passages_for(table_id) else []
        corrected = (corrected_rows(corrected_entries(table_id, errata, edition, supply=True, counts=True))
                     if printed else [])
        for fmt in (csv, md):
            files[f"tables/{table_id}/regenerated.{fmt}"] = render(Table(f.columns, rows), fmt)
            if printed:
                files[f"tables/{table_id}/printed.{fmt}"] = render(
                    Table(PRINTED_HEADERS, printed, reading=for_reading(PRINTED_HEADERS, printed)), fmt)
                files[f"tables/{table_id}/corrected.{fmt}"] = render(
                    Table(CORRECTED_HEADERS, corrected, reading=for_reading(CORRECTED_HEADERS, corrected)), fmt)
        if printed:  # the table's errata, each keyed to the printed cell it stands at (datapackage.json)
            mine = tuple(e for e in errata if e.table == table_id)
            files[f"tables/{table_id}/errata.csv"] = render(Table(ERRATA_HEADERS, errata_rows(mine)), csv)
    for name, doc in documents(edition).items():
        files[f"ruleset/{name}"] = document(doc, "json")
    files["ruleset/schema.json"] = document(schema(), "json")
    files.update(collation_files(outcome))
    files["engines.json"] = document(matrix_document(), "json")
    for name, run in runs().items():  # the live runs as recorded, with the engine's commit
        files[f"runs/{name}.json"] = document(run, "json")
    files.update(html_files(edition, errata, report, parts))
    files[TEXT_FILE] = tei_text(edition, errata, [f for f in report.findings if f.kind is Kind.READING])
    files["datapackage.json"] = datapackage(files, edition)
    return files


def collation_files(outcome: Outcome) -> dict[str, str]:
    """The collation with the second witness (none when the edition names none)."""
    if outcome.collation is None:
        return {}
    value = collation_table(outcome.collation)
    return {f"collation.{fmt}": render(value, fmt) for fmt in (FORMATS["md"], FORMATS["json"])}
