"""Renderings of an audit report: text (one line per finding, grouped by
table), a row per finding (csv, tsv, md, ndjson) and the document (json,
yaml: an object with the findings and a summary whose exit code is the
audit's outcome's; schema rithmocheck/schema/audit-1.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..audit.findings import Report, as_printed
from ..pipeline.outcome import Outcome
from ..tables import Registry
from ..witness.edition import SHIPPED, Edition
from ..witness.page import PAGE_HEADERS, page_cells
from .render import document, report_line
from .values import Table

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "audit-1.json"


def audit_schema() -> dict[str, Any]:
    """The published JSON Schema of `audit --format json` (draft 2020-12)."""
    data: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return data


def summary_line(report: Report, ed: Edition) -> str:
    """The report's summary line, naming the edition when it is not the shipped one."""
    return report.summary_line() if ed.root == SHIPPED else f"edition {ed.root}: {report.summary_line()}"


def report_text(report: Report) -> str:
    """The findings under their tables, each table once (in the order the
    tables first come; an erratum's or the invariant's findings, made after
    every table's, join their table)."""
    grouped: dict[str, list[Any]] = {}
    for f in report.findings:
        grouped.setdefault(f.table, []).append(f)
    lines, table = [], None
    for f in (f for fs in grouped.values() for f in fs):
        if f.table != table:
            table = f.table
            lines.append(f"{table}")
        cover = f"  [{f.erratum}]" if f.erratum else ("" if f.informational else "  [NOT COVERED]")
        lines.append(report_line(f"  {f.kind.value:9} {f.where():36} {f.message}{cover}"))
    return "\n".join(lines) + "\n" if lines else ""


FINDING_HEADERS = ("table", "kind", "position", "witness_line") + PAGE_HEADERS + (
    "printed", "expected", "erratum", "message")


def report_rows(report: Report, registry: Registry) -> list[list[Any]]:
    """The findings as rows of FINDING_HEADERS (csv, tsv, md), their numbers
    written as printed (with cossick signs)."""
    return [[f.table, f.kind.value, str(f.position or ""), f.witness_line or "", *page_cells(f.page),
             as_printed(registry.get(f.table), f.printed),
             as_printed(registry.get(f.table), f.expected), f.erratum or "", f.message] for f in report.findings]


def report_document(report: Report) -> dict[str, Any]:
    """{"findings": [...], "four_number_readings": [...], "summary": {..., "exit_code"}}: the readings of the
    four-number tables as the audit weighs them, and the exit code the audit's outcome gives."""
    return {"findings": [f.as_dict() for f in report.findings],
            "four_number_readings": [r.as_dict() for r in report.readings],
            "summary": {**report.summary(), "exit_code": int(Outcome(audit=report).exit_code)}}


def report_json(report: Report) -> str:
    return document(report_document(report), "json")


def report_table(report: Report, registry: Registry) -> Table:
    """The audit's value: a row per finding, its text view, its document."""
    return Table(FINDING_HEADERS, report_rows(report, registry), lambda: report_document(report),
                 views={"text": lambda: report_text(report)})
