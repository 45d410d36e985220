"""output/datapackage.json: a Frictionless (Tabular) Data Package describing
every CSV file of the build with its schema, so that data tools can load and
check the tables (`frictionless validate output/datapackage.json`).

Pure: the descriptor is derived from the CSV texts the build writes; a
column is `integer` when every value in it is a whole number (empty cells
are missing values), else `string`. Deterministic: no dates, no paths
outside output/.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..witness.edition import Book

_INTEGER = re.compile(r"-?\d+", re.ASCII)

# What the columns of the printed, corrected and errata tables mean.
COLUMNS: dict[str, str] = {
    "passage": "the transcription file (one printed run) the cell stands in",
    "block": "the block of the passage (1-based)",
    "column": "the column of the block (1-based)",
    "row": "the row of the cell in its printed column (1-based)",
    "role": "entry, heading, label, nothing, count, blank, prose, group, head or fragment",
    "printed": "the cell as printed (its tokens, verbatim)",
    "numbers": "the numbers the cell is read as (in prose, every integer in its words: 3/4 gives 3 4)",
    "witness_line": "the line of the primary witness (witness.txt) the cell was read from (a blank: its row's)",
    "image": "the page of the book the cell begins on: its EEBO image (image set 20707; one image is one opening)",
    "side": "the page of the book the cell begins on: left or right, of its EEBO image",
    "entry": "the entry, corrected where an erratum applies",
    "status": "printed, corrected or supplied (an entry); count or count corrected (a stated count)",
    "sic": "what is printed there (numbers, then any cossick signs as {powerofN}), where corrected",
    "erratum": "the id of the curated erratum applied",
    "id": "the erratum's stable id",
    "table": "the table id (rithmocheck tables)",
    "kind": "misprint, spurious, duplicate, omission, count or example",
    "position": "passage:block.column.row of the printed entry, or the worked example",
    "corr": "the correction: numbers, omit, or supply",
    "class": "the kind of slip",
    "confidence": "high, medium or low",
    "resp": "who is responsible: rithmocheck+editor or editor",
    "reason": "why, in words a reader can check against the book",
}

TITLES = {"printed": "as printed in 1563", "corrected": "with the curated errata applied",
          "regenerated": "regenerated from first principles"}


def _name(path: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", path.lower().removesuffix(".csv"))


def _fields(text: str) -> list[dict[str, Any]]:
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    fields = []
    for i, name in enumerate(header):
        values = [r[i] for r in body if i < len(r) and r[i] != ""]
        integer = bool(values) and all(_INTEGER.fullmatch(v) for v in values)
        field: dict[str, Any] = {"name": name, "type": "integer" if integer else "string"}
        if name in COLUMNS:
            field["description"] = COLUMNS[name]
        fields.append(field)
    return fields


def _title(path: str) -> str:
    parts = path.removesuffix(".csv").split("/")
    if parts[0] == "tables" and len(parts) == 3:
        return f"{parts[1]}, {TITLES.get(parts[2], parts[2])}"
    if parts[0] == "errata":
        return "the curated errata"
    return path


def datapackage(files: Mapping[str, str], title: str, book: Book) -> str:
    """The descriptor of every CSV among files (relative path -> text); its
    sources cite the printed book (authors, title, imprint, identifiers)."""
    resources = []
    for path in sorted(p for p in files if p.endswith(".csv")):
        resources.append({
            "name": _name(path), "path": path, "title": _title(path),
            "profile": "tabular-data-resource", "format": "csv", "mediatype": "text/csv", "encoding": "utf-8",
            "schema": {"fields": _fields(files[path]), "missingValues": [""]},
        })
    descriptor = {
        "profile": "tabular-data-package",
        "name": "rithmocheck-output",
        "title": f"rithmocheck: the numeric tables of {title}, printed, corrected and regenerated",
        "description": "Written by rithmocheck build: every table as printed (with its position and witness line), "
                       "with the curated errata applied, and regenerated from first principles; the errata."
                       + (" " + book.attribution_note if book.attribution_note else ""),
        "sources": [{"title": book.citation}],
        "resources": resources,
    }
    return json.dumps(descriptor, indent=2, ensure_ascii=False) + "\n"
