"""Rendering of tables and documents in the shared output formats.

tabulate draws the text and Markdown tables, the csv module quotes CSV/TSV,
json and PyYAML serialise documents. Output is deterministic: keys in a
fixed order, rows in the order given, a final newline.
"""

from __future__ import annotations

import csv
import io
import json

FORMATS = ("text", "md", "csv", "tsv", "json", "yaml")


def grid(headers: list[str] | tuple[str, ...], rows, fmt: str) -> str:
    """A plain table (headers and rows) in one of the tabular formats."""
    rows = [list(r) for r in rows]
    if fmt in ("csv", "tsv"):
        buf = io.StringIO()
        writer = csv.writer(buf, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(rows)
        return buf.getvalue()
    from tabulate import tabulate

    if fmt == "md":
        return tabulate(rows, headers=list(headers), tablefmt="github") + "\n"
    return tabulate(rows, headers=list(headers), tablefmt="simple") + "\n"


def document(data, fmt: str) -> str:
    if fmt == "yaml":
        import yaml

        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def records(headers, rows, fmt: str, data_for_docs) -> str:
    """Tabular formats draw the grid; json/yaml emit the document."""
    if fmt in ("json", "yaml"):
        return document(data_for_docs, fmt)
    return grid(headers, rows, fmt)
