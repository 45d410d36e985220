"""Rendering of tables and documents in the shared output formats.

tabulate draws the text and Markdown tables, the csv module quotes CSV/TSV,
json and PyYAML serialise documents. Output is deterministic: keys in a
fixed order, rows in the order given, a final newline.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

FORMATS = ("text", "md", "csv", "tsv", "json", "yaml")


def grid(headers: Sequence[str], data: Iterable[Sequence[Any]], fmt: str) -> str:
    """A plain table (headers and rows) in one of the tabular formats."""
    rows = [list(r) for r in data]
    if fmt in ("csv", "tsv"):
        buf = io.StringIO()
        writer = csv.writer(buf, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(rows)
        return buf.getvalue()
    from tabulate import tabulate

    if fmt == "md":  # text from an edition is never HTML, nor a column rule, to a Markdown renderer
        headers = [md_text(h) for h in headers]
        rows = [[md_text(v) if isinstance(v, str) else v for v in r] for r in rows]
    # Numbers are right-aligned, text left-aligned, as tabulate would; the
    # column kinds are known here, so tabulate is spared guessing them
    # (which is most of its time on large tables).
    align = [_alignment(rows, i) for i in range(len(headers))]
    if fmt == "text":  # long cells wrap, so that a row stays readable on a terminal
        widths = [TEXT_CELL if any(len(str(r[i])) > TEXT_CELL for r in rows if i < len(r)) else None
                  for i in range(len(headers))]
        if any(widths):
            rows = [[_wrap(v, w) for v, w in zip(r, widths)] for r in rows]
    return tabulate(rows, headers=list(headers), tablefmt="github" if fmt == "md" else "simple",
                    disable_numparse=True, colalign=align) + "\n"


def md_text(text: str, cell: bool = True) -> str:
    """Text for Markdown, as text: HTML's special characters as entities
    (a renderer passes raw HTML through), on one line; in a table's cell a
    column rule escaped too (it would split the cell)."""
    import html

    escaped = html.escape(" ".join(text.splitlines()), quote=False)
    return escaped.replace("|", "\\|") if cell else escaped


def md_code(text: str) -> str:
    """Text as a Markdown code span (where HTML is never interpreted), on one
    line: the fence is longer than any run of backticks in it."""
    import re

    text = " ".join(text.splitlines())
    fence = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


TEXT_CELL = 60  # the widest a cell of text output grows before it wraps
TEXT_WIDTH = 100  # the widest a line of a text report (audit, collate) grows before it wraps
TEXT_INDENT = "      "  # a report line's continuation lines, under its kind


def report_line(text: str) -> str:
    """One item of a text report (a finding, a disagreement) wrapped at
    TEXT_WIDTH at spaces, its continuation lines indented: the first line
    keeps the kind and the place, so grep still finds them. Nothing is cut
    (a word longer than the width stays whole)."""
    if len(text) <= TEXT_WIDTH:
        return text
    import textwrap

    lead = text[:len(text) - len(text.lstrip(" "))]
    return "\n".join(textwrap.wrap(text.lstrip(" "), TEXT_WIDTH, initial_indent=lead, subsequent_indent=TEXT_INDENT,
                                   break_long_words=False, break_on_hyphens=False))


def _wrap(value: Any, width: int | None) -> Any:
    """A long cell wrapped at word boundaries (a word longer than the width is
    cut into pieces, so nothing is lost)."""
    if width is None or len(str(value)) <= width:
        return value
    import textwrap

    return "\n".join(textwrap.wrap(str(value), width, break_long_words=True, break_on_hyphens=False)
                     or [str(value)])


def _alignment(rows: list[list[Any]], i: int) -> str:
    values = [r[i] for r in rows if i < len(r) and r[i] not in ("", None)]
    numeric = bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    return "right" if numeric else "left"


STREAMED = ("csv", "tsv")  # formats written row by row, never holding the table


def stream_grid(headers: Sequence[str], rows: Iterable[Sequence[Any]], fmt: str, batch: int = 4096) -> Iterator[str]:
    """A CSV or TSV table as chunks of text, written as the rows come."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
    writer.writerow(headers)
    n = 0
    for row in rows:
        writer.writerow(row)
        n += 1
        if n % batch == 0:
            yield buf.getvalue()
            buf.seek(0)
            buf.truncate()
    yield buf.getvalue()


_ROWS = "\x00rithmocheck: the rows go here\x00"  # a value no table holds


def stream_document(data: dict[str, Any], key: str, rows: Iterable[Sequence[Any]], fmt: str,
                    batch: int = 4096) -> Iterator[str]:
    """A document (json or yaml) whose list under key is written as its rows
    come, never held: the same text as document() of the whole document."""
    head, sep, tail = document({**data, key: _ROWS}, fmt).partition(
        json.dumps(_ROWS) if fmt == "json" else _yaml_scalar(_ROWS))
    if not sep:  # pragma: no cover - the marker is always written
        raise ValueError("the rows' place was not found")
    if fmt == "json":
        head = head.rstrip()
    else:  # "rows: <marker>" becomes "rows:" and the block of rows, or "rows: []"
        head = head[:head.rindex(f"{key}:") + len(key) + 1]
        tail = tail.split("\n", 1)[1] if "\n" in tail else ""
    out: list[str] = [head]
    n = 0
    for row in rows:
        out.append(_json_row(row, n) if fmt == "json" else _yaml_row(row))
        n += 1
        if n % batch == 0:
            yield "".join(out)
            out = []
    if fmt == "json":
        out.append(" []" + tail if n == 0 else "\n  ]" + tail)
    else:
        out.append(" []\n" + tail if n == 0 else "\n" + tail)
    yield "".join(out)


def _json_row(row: Sequence[Any], i: int) -> str:
    """A row as json.dumps(indent=2) writes it as an item of a top-level key's list."""
    lead = " [\n    " if i == 0 else ",\n    "
    if not row:
        return lead + "[]"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in row):
        return lead + "[\n      " + ",\n      ".join(map(str, row)) + "\n    ]"
    return lead + json.dumps(list(row), indent=2, ensure_ascii=False).replace("\n", "\n    ")


def _yaml_row(row: Sequence[Any]) -> str:
    """A row as yaml_text writes it as an item of a top-level key's list."""
    if row and all(isinstance(v, int) and not isinstance(v, bool) for v in row):
        return "\n- - " + "\n  - ".join(map(str, row))
    return "\n" + yaml_text([list(row)]).rstrip("\n")


def _yaml_scalar(value: str) -> str:
    text = yaml_text({"k": value})
    return text[len("k: "):].rstrip("\n")


def document(data: Any, fmt: str) -> str:
    if fmt == "yaml":
        return yaml_text(data)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def yaml_text(data: Any) -> str:
    """YAML as PyYAML's safe dumper writes it, which also takes the
    subclasses of str, int, dict and list (the strict loader's values that
    carry their line, rithmocheck.inputs) as their base types."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    bases: tuple[tuple[type, Any], ...] = ((str, yaml.SafeDumper.represent_str), (int, yaml.SafeDumper.represent_int),
                                           (dict, yaml.SafeDumper.represent_dict),
                                           (list, yaml.SafeDumper.represent_list))
    for base, represent in bases:
        Dumper.add_multi_representer(base, represent)
    text: str = yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)
    return text


def flatten(data: Any, prefix: str = "") -> list[list[Any]]:
    """Every scalar of a document as [JSON Pointer, value]: the tabular
    (text, md, csv, tsv) form of a document that has no table of its own."""
    if isinstance(data, dict):
        if not data:
            return [[prefix or "/", "{}"]]
        return [row for k, v in data.items()
                for row in flatten(v, f"{prefix}/{str(k).replace('~', '~0').replace('/', '~1')}")]
    if isinstance(data, list):
        if not data:
            return [[prefix or "/", "[]"]]
        return [row for i, v in enumerate(data) for row in flatten(v, f"{prefix}/{i}")]
    if data is None:
        return [[prefix or "/", ""]]
    return [[prefix or "/", data if not isinstance(data, bool) else str(data).lower()]]


def any_format(data: Any, fmt: str) -> str:
    """A document in any of the formats: json/yaml as they are, the tabular
    formats as its flattened [path, value] rows."""
    if fmt in ("json", "yaml"):
        return document(data, fmt)
    return grid(("path", "value"), flatten(data), fmt)


def records(headers: Sequence[str], rows: Iterable[Sequence[Any]], fmt: str, data_for_docs: Any) -> str:
    """Tabular formats draw the grid; json/yaml emit the document."""
    if fmt in ("json", "yaml"):
        return document(data_for_docs, fmt)
    return grid(headers, rows, fmt)
