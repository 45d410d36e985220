"""What a command returns, and the one renderer that writes it.

A command computes a value -- a `Table` (columns and rows, and the document
json and yaml give) or a `Doc` (a document with no table of its own, whose
tabular forms are its JSON Pointers and values) -- and `render(value, fmt)`
writes it in any of the shared formats. Adding a format is one branch here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .render import any_format, document, grid


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: list[list[Any]]
    data: Any  # the document of json and yaml
    heading: str = ""  # a line before the text table (text only)
    notes: tuple[str, ...] = field(default=())  # lines after the text table (text only)


@dataclass(frozen=True)
class Doc:
    data: Any


def render(value: Table | Doc, fmt: str) -> str:
    if isinstance(value, Doc):
        return any_format(value.data, fmt)
    if fmt in ("json", "yaml"):
        return document(value.data, fmt)
    text = grid(value.columns, value.rows, fmt)
    if fmt == "text":
        head = f"{value.heading}\n" if value.heading else ""
        tail = "".join(f"{n}\n" for n in value.notes)
        return head + text + tail
    return text


def cells(values: Sequence[Any]) -> str:
    return " ".join(str(v) for v in values)
