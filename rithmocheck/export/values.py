"""The one output path: what a command returns, the formats, and the renderer.

A command computes a value and hands it, with the format asked for, to
`chunks` (or `render`, for the whole text at once):

* a `Table`: columns and rows (what text, md, csv, tsv and ndjson write) and
  the document json and yaml write; optionally the columns and rows a person
  reads (`reading`: text and md) and, in text, a line before the table and
  lines after it. Its rows may be an iterator, written as they come in the
  formats that can (csv, tsv, ndjson; json and yaml too when the document
  names where they stand, `rows_at`) and held, within HELD_ROWS, by the others;
* a `Doc`: a document with no table of its own, whose tabular form is one
  row per value: its JSON Pointer and the value;
* `Text`: text that is the same in every format (proposed errata: YAML to edit).

A value may carry its own rendering in a format (`views`: the text of a
report, the Markdown of the collation, the TEI of the errata), used instead
of the format's. A format is one function from a Table to its text (and
one more if it can write rows as they come): adding a format is writing
that function and naming it in FORMATS, the one list of formats every
command offers (`rithmocheck.cli.options.output_options`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar

from ..errors import InputError
from .render import (
    delimited,
    document,
    flatten,
    md_table,
    ndjson_text,
    stream_delimited,
    stream_document,
    stream_ndjson,
    text_grid,
    yaml_text,
)

T = TypeVar("T")
Rows = Iterable[Sequence[Any]]
Views = Mapping[str, Callable[[], str]]


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: Rows  # a sequence, or an iterator written as it comes
    data: Any = None  # the document of json and yaml, or a function that makes it (called by them only)
    heading: str = ""  # a line before the text table (text only)
    notes: tuple[str, ...] = ()  # lines after the text table (text only)
    reading: tuple[Sequence[str], Rows] | None = None  # the columns and rows a person reads (text, md)
    views: Views = field(default_factory=dict)  # the value's own rendering in a format, by its name
    rows_at: str | None = None  # the key of `data` the rows stand under (json and yaml, written as they come)

    @property
    def streamed(self) -> bool:
        """Whether the rows come as they are made (never held whole unless a format must)."""
        return not isinstance(self.rows, Sequence)

    def for_reading(self) -> tuple[Sequence[str], Rows]:
        return self.reading if self.reading is not None else (self.columns, self.rows)

    def document(self) -> Any:
        return self.data() if callable(self.data) else self.data


@dataclass(frozen=True)
class Doc:
    data: Any
    views: Views = field(default_factory=dict)

    def table(self) -> Table:
        return Table(("path", "value"), _Flattened(self.data), self.data)


@dataclass(frozen=True)
class Text:
    text: str


Value = Table | Doc | Text


class _Flattened(Sequence[list[Any]]):
    """A document's [JSON Pointer, value] rows, made when a format reads them
    (json and yaml never do)."""

    def __init__(self, data: Any):
        self.data = data

    @cached_property
    def _rows(self) -> list[list[Any]]:
        return flatten(self.data)

    def __getitem__(self, i: Any) -> Any:
        return self._rows[i]

    def __len__(self) -> int:
        return len(self._rows)


@dataclass(frozen=True)
class Format:
    """An output format: how a table (with its document) is written, and,
    when it can, how it is written as its rows come."""

    name: str
    write: Callable[[Table], str]
    stream: Callable[[Table], Iterator[str]] | None = None

    def __str__(self) -> str:
        return self.name


def _text(t: Table) -> str:
    head = f"{t.heading}\n" if t.heading else ""
    return head + text_grid(*t.for_reading()) + "".join(f"{n}\n" for n in t.notes)


def _md(t: Table) -> str:
    return md_table(*t.for_reading())


def _json(t: Table) -> str:
    return document(t.document(), "json")


def _yaml(t: Table) -> str:
    return yaml_text(t.document())


def _document_stream(fmt: str) -> Callable[[Table], Iterator[str]]:
    def stream(t: Table) -> Iterator[str]:
        if t.rows_at is None:  # the document does not say where its rows stand: it is written whole
            yield document(t.document(), fmt)
            return
        yield from stream_document(t.document(), t.rows_at, t.rows, fmt)

    return stream


def _view_only(t: Table) -> str:  # pragma: no cover - a command offers such a format only for values with its view
    raise ValueError("this value has no rendering in this format")


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("text", _text),
    Format("md", _md),
    Format("csv", lambda t: delimited(t.columns, t.rows, ","), lambda t: stream_delimited(t.columns, t.rows, ",")),
    Format("tsv", lambda t: delimited(t.columns, t.rows, "\t"), lambda t: stream_delimited(t.columns, t.rows, "\t")),
    Format("ndjson", lambda t: ndjson_text(t.columns, t.rows), lambda t: stream_ndjson(t.columns, t.rows)),
    Format("json", _json, _document_stream("json")),
    Format("yaml", _yaml, _document_stream("yaml")),
)}
TEI = Format("tei", _view_only)  # TEI P5 XML: only the errata have it (their own view)
HTML = Format("html", _view_only)  # a page of HTML: only a replayed game record has it (its own view)

HELD_ROWS = 200_000  # text and md lay a table out whole: about 180 MB at this many rows


def chunks(value: Value, fmt: Format) -> Iterator[str]:
    """The value in the format, as text in pieces: a streamed table's rows
    written as they come where the format can, everything else whole."""
    if isinstance(value, Table) and value.streamed and fmt.stream is not None and fmt.name not in value.views:
        yield from fmt.stream(value)
        return
    yield render(value, fmt)


def render(value: Value, fmt: Format) -> str:
    """The value in the format, whole (a streamed table's rows held, within HELD_ROWS)."""
    if isinstance(value, Text):
        return value.text
    view = value.views.get(fmt.name)
    if view is not None:
        return view()
    table = value.table() if isinstance(value, Doc) else value
    if table.streamed:
        table = replace(table, rows=tuple(_held(table.rows, fmt)))
    if table.rows_at is not None and fmt.name in ("json", "yaml"):
        table = replace(table, data={**table.document(), table.rows_at: table.rows})
    return fmt.write(table)


def _held(rows: Iterable[T], fmt: Format) -> Iterator[T]:
    """The rows, refused (exit 2) once there are more than can be laid out
    in bounded memory: before the layout, which needs the most."""
    for i, row in enumerate(rows):
        if i == HELD_ROWS:
            raise InputError("--format", None, f"{fmt} lays the whole table out in memory, and this table has more "
                                               f"than {HELD_ROWS:,} rows; use --format csv, tsv, json or yaml, which "
                                               "write it row by row")
        yield row


def grid(columns: Sequence[str], rows: Rows, fmt: str) -> str:
    """Plain columns and rows in one of the formats (the files of output/,
    the tables inside a report)."""
    return render(Table(tuple(columns), rows if isinstance(rows, Sequence) else list(rows)), FORMATS[fmt])


def cells(values: Sequence[Any]) -> str:
    return " ".join(str(v) for v in values)
