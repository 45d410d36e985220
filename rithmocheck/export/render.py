"""The writers of the shared output formats, each a plain function of a
table's headers and rows (or of a document); rithmocheck.export.values
names them as formats and renders a command's value with them.

tabulate draws the text and Markdown tables, the csv module quotes CSV/TSV,
json writes a table as newline-delimited JSON (one object per row) and, with
PyYAML, serialises documents. Output is deterministic: keys in a
fixed order, rows in the order given, a final newline. With no rows, CSV,
TSV and Markdown are still the header (a program reading them learns the
columns, and an empty table is not an empty file); text, for a person, is
nothing (the command's message says why), and NDJSON, which has no header,
no line.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

# tabulate and html (and PyYAML, in yaml_text) are imported where a table is
# drawn, Markdown escaped or YAML written: `rithmocheck --help` and the
# commands that write no such thing start without them.


def delimited(headers: Sequence[str], rows: Iterable[Sequence[Any]], delimiter: str) -> str:
    """CSV (delimiter ",") or TSV ("\t"): the header, then a line per row."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
    writer.writerow(headers)
    writer.writerows(rows)
    return buf.getvalue()


def md_table(headers: Sequence[str], data: Iterable[Sequence[Any]]) -> str:
    """A GitHub Markdown table; text from an edition is never HTML, nor a
    column rule, to a Markdown renderer."""
    rows = [[md_text(v) if isinstance(v, str) else v for v in r] for r in data]
    heads = [md_text(h) for h in headers]
    # Numbers are right-aligned, text left-aligned, as tabulate would; the
    # column kinds are known here, so tabulate is spared guessing them
    # (which is most of its time on large tables).
    align = [_alignment(rows, i) for i in range(len(heads))]
    quick = _github_table(heads, rows, align)
    if quick is not None:
        return quick + "\n"
    from tabulate import tabulate

    return tabulate(rows, headers=heads, tablefmt="github", disable_numparse=True, colalign=align) + "\n"


def _github_table(heads: list[str], rows: list[list[Any]], align: list[str]) -> str | None:
    """tabulate's "github" table of text and whole numbers, as tabulate writes it (with numbers not parsed,
    the alignments given), written without it: each cell stripped and padded to its column's width (its
    widest cell, and at least its heading's width and 2), with a space either side; None for a table it may
    write otherwise (no rows, a cell of another kind, a character that is not printable ASCII, whose width
    tabulate may measure otherwise), which tabulate then writes."""
    if not rows or any(len(r) != len(heads) for r in rows) or any(a not in ("left", "right") for a in align):
        return None
    cols: list[list[str]] = []
    for i in range(len(heads)):
        col = []
        for r in rows:
            v = r[i]
            if v is None:
                text = ""
            elif type(v) is int:
                text = str(v)
            elif type(v) is str:
                text = v.strip()
            else:
                return None
            col.append(text)
        cols.append(col)
    texts = [h for h in heads] + [t for c in cols for t in c]
    if not all(t.isascii() and t.isprintable() for t in texts):
        return None
    widths = [max(len(h) + 2, *(len(t) for t in c)) for h, c in zip(heads, cols)]

    def cell(text: str, width: int, how: str) -> str:
        return text.ljust(width) if how == "left" else text.rjust(width)

    lines = ["| " + " | ".join(cell(h, w, a) for h, w, a in zip(heads, widths, align)) + " |",
             "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    for n in range(len(rows)):
        lines.append("| " + " | ".join(cell(c[n], w, a) for c, w, a in zip(cols, widths, align)) + " |")
    return "\n".join(lines)


def text_grid(headers: Sequence[str], data: Iterable[Sequence[Any]]) -> str:
    """A table for a person (tabulate's simple format, wrapped at the text
    width); with no rows, nothing."""
    rows = [list(r) for r in data]
    if not rows:
        return ""
    return text_table(headers, rows, [_alignment(rows, i) for i in range(len(headers))])


def ndjson_text(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    return "".join(ndjson_lines(headers, rows))


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
    text = " ".join(text.splitlines())
    fence = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


TEXT_WIDTH = 100  # the width text wraps at when stdout is not a terminal and COLUMNS is unset
MIN_TEXT_WIDTH = 40  # the least width text is wrapped at, whatever COLUMNS says
TEXT_INDENT = "      "  # a report line's continuation lines, under its kind


def text_width() -> int:
    """The width text output wraps at: COLUMNS, when it is set to a whole
    number (a way to ask for a width, and how the tests do); else the
    terminal's, when stdout is a terminal; else TEXT_WIDTH. Never less than
    MIN_TEXT_WIDTH. The machine formats never wrap."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isascii() and columns.isdigit():
        return max(MIN_TEXT_WIDTH, int(columns))
    width = _terminal_width()
    return TEXT_WIDTH if width is None else max(MIN_TEXT_WIDTH, width)


def _terminal_width() -> int | None:
    """The columns of the terminal stdout is, or None when it is none."""
    try:
        if not sys.stdout.isatty():
            return None
        return os.get_terminal_size(sys.stdout.fileno()).columns or None
    except (AttributeError, OSError, ValueError):  # a replaced or closed stdout
        return None


def text_table(headers: Sequence[str], rows: list[list[Any]], align: Sequence[str] | None = None,
               width: int | None = None) -> str:
    """A table as text (tabulate's simple format) no wider than `width`
    (text_width() by default) where it can be. A table wider than that is
    drawn with its headings unpadded and wrapped at spaces, and its text
    columns (never the numbers) wrapped at spaces and hyphens, the widest
    first, down to their longest heading word or WORD_CELL; a word longer
    than its column is cut into pieces, so nothing is lost. A table whose
    columns cannot be narrower is left wider."""
    import tabulate as tabulate_module

    width = text_width() if width is None else width
    align = list(align) if align is not None else ["left"] * len(headers)
    widths = _fit(headers, rows, align, width)
    if widths is None:
        return tabulate_module.tabulate(rows, headers=list(headers), tablefmt="simple", disable_numparse=True,
                                        colalign=align) + "\n"
    heads = [_wrap_heading(h, w) for h, w in zip(headers, widths)]
    rows = [[_wrap(v, w) if a != "right" else v for v, w, a in zip(r, widths, align)] for r in rows]
    padding = tabulate_module.MIN_PADDING
    tabulate_module.MIN_PADDING = 0  # the headings unpadded: their width is the column's
    try:
        return tabulate_module.tabulate(rows, headers=heads, tablefmt="simple", disable_numparse=True,
                                        colalign=align) + "\n"
    finally:
        tabulate_module.MIN_PADDING = padding


WORD_CELL = 12  # a word of a cell longer than this may be cut when its table must narrow
_GAP = 2  # tabulate's simple format: two spaces between columns, a heading padded by two


def _fit(headers: Sequence[str], rows: list[list[Any]], align: Sequence[str], width: int) -> list[int] | None:
    """The width of each column for the table to fit `width` (None: it fits
    as it is): one cap for every column, the largest that fits, each column
    at least as wide as its floor."""
    n = len(headers)
    cells = [[r[i] for r in rows if i < len(r)] for i in range(n)]
    natural = [max([len(h)] + [_longest(v) for v in col]) for h, col in zip(headers, cells)]
    if sum(max(w, len(h) + _GAP) for w, h in zip(natural, headers)) + _GAP * (n - 1) <= width:
        return None
    floor = []
    for h, col, a, w in zip(headers, cells, align, natural):
        head = max((len(x) for x in _heading_words(h)), default=0)
        words = max((len(x) for v in col for x in str(v).split()), default=0)
        if a == "right":  # numbers: never wrapped, only their heading
            floor.append(max(head, max((_longest(v) for v in col), default=0)))
        else:
            floor.append(min(w, max(head, min(words, WORD_CELL), 1)))
    room = width - _GAP * (n - 1)

    def used(cap: int) -> int:
        return sum(max(f, min(w, cap)) for f, w in zip(floor, natural))

    lo, hi = 0, max(natural)  # the largest cap whose columns fit (0: every column at its floor)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if used(mid) <= room:
            lo = mid
        else:
            hi = mid - 1
    return [max(f, min(w, lo)) for f, w in zip(floor, natural)]


def _heading_words(heading: str) -> list[str]:
    """The pieces a heading may wrap between: its words, and after an
    underscore (witness_ / line)."""
    return heading.replace("_", "_ ").split()


def _wrap_heading(heading: str, width: int) -> str:
    if len(heading) <= width:
        return heading
    lines = textwrap.wrap(heading.replace("_", "_ "), width, break_long_words=False, break_on_hyphens=False)
    return "\n".join(line.replace("_ ", "_") for line in lines)


def _longest(value: Any) -> int:
    return max((len(line) for line in str(value).split("\n")), default=0)


def report_line(text: str, width: int | None = None, indent: str = TEXT_INDENT) -> str:
    """One item of a text report (a finding, a disagreement) wrapped at
    `width` (text_width() by default) at spaces, its continuation lines
    indented: the first line keeps the kind and the place, so grep still
    finds them. Nothing is cut (a word longer than the width stays whole)."""
    width = text_width() if width is None else width
    if len(text) <= width:
        return text
    lead = text[:len(text) - len(text.lstrip(" "))]
    return "\n".join(textwrap.wrap(text.lstrip(" "), width, initial_indent=lead, subsequent_indent=indent,
                                   break_long_words=False, break_on_hyphens=False))


def _wrap(value: Any, width: int | None) -> Any:
    """A long cell wrapped at spaces and hyphens (a word longer than the
    width is cut into pieces, so nothing is lost); its own line breaks are
    kept."""
    if width is None or _longest(value) <= width:
        return value
    return "\n".join(piece for line in str(value).split("\n")
                     for piece in (textwrap.wrap(line, width, break_long_words=True, break_on_hyphens=True)
                                   or [""]))


def _alignment(rows: list[list[Any]], i: int) -> str:
    values = [r[i] for r in rows if i < len(r) and r[i] not in ("", None)]
    numeric = bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    return "right" if numeric else "left"


def ndjson_lines(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> Iterator[str]:
    """A table as newline-delimited JSON, as sqlite-utils writes it (--nl):
    one object per row, its keys the headers, a line each; a cell CSV leaves
    empty is null. No header line: with no rows, nothing."""
    names = list(headers)
    for row in rows:
        yield json.dumps({k: (None if v == "" else v) for k, v in zip(names, row)}, ensure_ascii=False) + "\n"


def stream_ndjson(headers: Sequence[str], rows: Iterable[Sequence[Any]], batch: int = 4096) -> Iterator[str]:
    """An NDJSON table as chunks of text, written as the rows come."""
    lines: list[str] = []
    for line in ndjson_lines(headers, rows):
        lines.append(line)
        if len(lines) == batch:
            yield "".join(lines)
            lines.clear()
    yield "".join(lines)


def stream_delimited(headers: Sequence[str], rows: Iterable[Sequence[Any]], delimiter: str,
                     batch: int = 4096) -> Iterator[str]:
    """A CSV or TSV table as chunks of text, written as the rows come."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
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
    return json_indented(data) + "\n"


def json_indented(data: Any, ensure_ascii: bool = False) -> str:
    """`json.dumps(data, indent=2, ensure_ascii=...)`, the same text, written about twice as fast (json
    writes an indented document in Python, a generator per level); what it does not write the same way (a key
    that is not text, a number that is not finite, a type of its own) is handed to json.dumps."""
    from json.encoder import encode_basestring, encode_basestring_ascii

    enc = encode_basestring_ascii if ensure_ascii else encode_basestring
    out: list[str] = []
    add = out.append

    def walk(o: Any, pad: str) -> None:
        t = type(o)
        if t is str or isinstance(o, str):
            add(enc(o))
        elif isinstance(o, dict):
            if not o:
                add("{}")
                return
            inner = pad + "  "
            add("{\n" + inner)
            first = True
            for k, v in o.items():
                if not isinstance(k, str):
                    raise _Unlike
                if not first:
                    add(",\n" + inner)
                first = False
                add(enc(k))
                add(": ")
                walk(v, inner)
            add("\n" + pad + "}")
        elif isinstance(o, (list, tuple)):
            if not o:
                add("[]")
                return
            inner = pad + "  "
            add("[\n" + inner)
            first = True
            for v in o:
                if not first:
                    add(",\n" + inner)
                first = False
                walk(v, inner)
            add("\n" + pad + "]")
        elif o is None:
            add("null")
        elif o is True:
            add("true")
        elif o is False:
            add("false")
        elif isinstance(o, int):
            add(int.__repr__(o))
        elif isinstance(o, float) and o == o and o not in (float("inf"), float("-inf")):
            add(float.__repr__(o))
        else:
            raise _Unlike

    try:
        walk(data, "")
    except (_Unlike, RecursionError):
        return json.dumps(data, indent=2, ensure_ascii=ensure_ascii)
    return "".join(out)


class _Unlike(Exception):
    """A value json.dumps writes otherwise (or refuses): it is handed to json.dumps."""


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
