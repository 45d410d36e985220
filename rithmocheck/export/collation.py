"""Renderings of a collation report (rithmocheck.witness.collate): text,
Markdown, CSV/TSV/NDJSON (one row per disagreement) and JSON/YAML (an object with
the passages, the disagreements and a summary; schema
rithmocheck/schema/collation-1.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..witness.collate import CollationReport, Disagreement
from ..witness.entries import Position
from ..witness.page import PAGE_HEADERS, page_cells
from .render import document, grid, md_code, md_text, report_line

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "collation-1.json"

# "TCP table": the <table> elements of the TCP keying its cells stand in, numbered 1.. in document order
PASSAGE_HEADERS = ("passage", "method", "TCP table", "compared", "agreeing", "explained", "unexplained")
DISAGREEMENT_HEADERS = ("passage", "kind", "position", "witness_line") + PAGE_HEADERS + (
    "transcription", "tcp", "explained", "reading", "message")

METHOD = (
    "Every transcription is compared with the TCP keying through a token alignment of the two witnesses "
    "(numbers, cossick signs and spelling skeletons of words), which ties every cell of a run to the TCP "
    "table cells, or the TCP running text, its tokens stand in. A block standing in a TCP table is compared "
    "cell by cell (method `cells`): one TCP table per block; its columns in the TCP's order; each cell under "
    "its column, in its row (one offset for the block), in one printed cell (an entry: one row of cells of "
    "its column); its role fitting the TCP cell's place (a number alone in an entry's first cell is an "
    "entry's first term, alone in an inner cell a group head or a stated count, beside 'noth.' a nothing "
    "line, words a heading or label); nothing of the TCP beginning where the transcription has a blank cell; "
    "a TCP heading standing immediately before its table set in the table's block. Words the TCP sets as a "
    "heading of the book (`<head>`) are headings. The lists set in prose in both witnesses (the men, the "
    "kings, the kind-2 kings, the kind-3 list, the marking of the men with cossick signs) are compared by "
    "their numbers in order, with the cossick signs the TCP sets after each number (method `numbers`). "
    "Everywhere every number and cossick sign is compared, and every number or sign of the TCP within a run "
    "that the run lacks is reported. The worked examples are compared by the numbers and signs of each "
    "quote at its witness lines (method `examples`). Words are not compared letter by letter (the primary "
    "witness modernises the spelling)."
)

READINGS = (
    "Where the witnesses legitimately differ, the transcription records a reading on the cell (`reading: "
    "{kind, tcp, reason}`, as the shipped edition's tables/k1-multiplication.yaml does for five cells); a "
    "disagreement is explained only by a reading of "
    "its own cell naming its kind and what the TCP has, and a reading that explains nothing is reported. "
    "`rithmocheck collate` exits 1 when a disagreement is not explained."
)


def collation_schema() -> dict[str, Any]:
    """The published JSON Schema of `collate --format json` (draft 2020-12)."""
    data: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return data


def where(d: Disagreement) -> str:
    """A disagreement's place: the cell (or the block, or the column), the witness line, the page."""
    p = d.position
    if isinstance(p, Position) and p.column == 0:
        place = f"{p.passage} block {p.block}"
    elif isinstance(p, Position) and p.row == 0:
        place = f"{p.passage} block {p.block} column {p.column}"
    else:
        place = str(p)
    page = f", {d.page}" if d.page else ""
    return f"{place} (line {d.witness_line}{page})"


def passage_rows(report: CollationReport) -> list[list[Any]]:
    return [[p.passage, p.method, " ".join(map(str, p.tcp_tables)), p.compared, p.agreeing, p.explained,
             p.unexplained] for p in report.passages]


def disagreement_rows(report: CollationReport) -> list[list[Any]]:
    return [[d.passage, d.kind.value, where(d).split(" (line")[0], d.witness_line, *page_cells(d.page),
             d.transcription, d.tcp, "yes" if d.explained else "no", d.reading or "", d.message]
            for d in _ordered(report)]


def _ordered(report: CollationReport) -> list[Disagreement]:
    """Unexplained disagreements first, then the explained ones."""
    return list(report.unexplained) + [d for d in report.disagreements if d.explained]


def collation_text(report: CollationReport) -> str:
    out = [grid(PASSAGE_HEADERS, passage_rows(report), "text").rstrip("\n"), ""]
    unexplained = report.unexplained
    explained = [d for d in report.disagreements if d.explained]
    out.append(f"Disagreements not explained: {len(unexplained) or 'none'}")
    out.extend(report_line(f"  {d.kind.value:13} {where(d)}: {d.message} [transcription {d.transcription!r}, "
                           f"TCP {d.tcp!r}]") for d in unexplained)
    out.append(f"Explained by recorded readings: {len(explained) or 'none'}")
    out.extend(report_line(f"  {d.kind.value:13} {where(d)}: transcription {d.transcription!r}, TCP {d.tcp!r}; "
                           f"reading: {d.reading}") for d in explained)
    return "\n".join(out) + "\n"


def collation_markdown(report: CollationReport) -> str:
    s = report.summary()
    out = ["# Collation with the second witness (EEBO-TCP A05389)", "",
           "<!-- Written by rithmocheck collate / rithmocheck build; do not edit. -->", "",
           f"The transcriptions of the edition (one per printed run) and its worked examples against the "
           f"second witness, the EEBO-TCP keying of the same book (SHA-256 `{report.second_witness}`). "
           f"**{s['agreeing']} of {s['compared']}** cells and examples agree; "
           f"{s['disagreements']} disagreements, {s['explained']} explained by recorded readings, "
           f"**{s['unexplained']} unexplained**.", "",
           "## Method", "", METHOD, "", READINGS, "",
           "## Passages", "", "TCP table: the tables of the TCP keying the passage's cells stand in, "
           "numbered from 1 in document order.", "",
           grid(PASSAGE_HEADERS, passage_rows(report), "md").rstrip("\n"), ""]
    out.extend(_md_section("Disagreements not explained", report.unexplained, explained=False))
    out.extend(_md_section("Explained by recorded readings",
                           [d for d in report.disagreements if d.explained], explained=True))
    return "\n".join(out)


def _md_section(title: str, items: Any, explained: bool) -> list[str]:
    out = [f"## {title}", ""]
    if not items:
        return out + ["None.", ""]
    for d in items:
        line = (f"- **{d.kind.value}** at {md_text(where(d), cell=False)}: the transcription has "
                f"{md_code(d.transcription)}, the TCP {md_code(d.tcp)}. {md_text(d.message, cell=False)}.")
        out.append(line + (f" *Reading:* {md_text(d.reading or '', cell=False)}" if explained else ""))
    return out + [""]


def collation_document(report: CollationReport, fmt: str) -> str:
    """The report in one of the formats of `rithmocheck collate`."""
    if fmt in ("json", "yaml"):
        return document(report.as_dict(), fmt)
    if fmt == "md":
        return collation_markdown(report)
    if fmt in ("csv", "tsv", "ndjson"):
        return grid(DISAGREEMENT_HEADERS, disagreement_rows(report), fmt)
    return collation_text(report)
