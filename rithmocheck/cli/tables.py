"""The commands on the men and the regenerated tables: men, tables,
generate, explain."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TypeVar

import click

from ..errors import InputError
from .options import FORMATS, Number, Progress, check_output, edition, emit, emit_stream, format_option, output_option

T = TypeVar("T")


@click.command()
@format_option()
@output_option
def men(fmt: str, output: str | None) -> None:
    """List the 48 men of both armies, derived from the digits.

    A king appears once, as his whole pyramid, with his layers in json/yaml.

    \b
    Example:
      rithmocheck men --format json
    """
    from ..export.render import document, grid

    ed = edition()
    check_output(output, ed)
    data = [m.as_dict() for m in ed.armies.all_men()]
    if fmt in ("json", "yaml"):
        emit(document(data, fmt), output)
    else:
        headers = ("side", "shape", "order", "digit", "value", "derivation")
        emit(grid(headers, [[d[h] for h in headers] for d in data], fmt), output)


@click.command()
@format_option()
@output_option
def tables(fmt: str, output: str | None) -> None:
    """List the tables: id, title as printed, rows, default universe, parameters.

    \b
    Example:
      rithmocheck tables --format csv
    """
    from ..export.render import document, grid

    ed = edition()
    check_output(output, ed)
    data = []
    for f in ed.registry.values():
        t = f.default_table()
        data.append({"id": f.id, "kind": f.kind, "title": f.title, "witness_line": f.witness_line,
                     "rows": len(t.rows), "universe": t.universe.name, "universes": list(f.universes),
                     "rule": f.rule, "params": {name: p.describe() for name, p in f.params.items()}})
    if fmt in ("json", "yaml"):
        emit(document(data, fmt), output)
    else:
        headers = ("id", "kind", "title", "rows", "universe")
        emit(grid(headers, [[d[h] for h in headers] for d in data], fmt), output)


@click.command()
@click.argument("table_id")
@click.option("--universe", default=None, metavar="NAME|LIST|FILE",
              help="A named universe of the table, a list such as 2,3,4,6, or a file of numbers "
                   "(whole numbers from 1 to 10^12, at most 20,000 of them).")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="A table parameter, e.g. definition=four-term or max_spaces=8 (see 'rithmocheck tables "
                   "--format json' for each table's parameters and their bounds).")
@format_option()
@output_option
def generate(table_id: str, universe: str | None, params: tuple[str, ...], fmt: str, output: str | None) -> None:
    """Compute the complete table TABLE_ID from first principles.

    csv, tsv and ndjson (one JSON object per row, a line each) are written
    row by row as the table is made (a scholar's universe of thousands of
    numbers never has to fit in memory); after a second, a terminal shows the
    progress on stderr.

    \b
    Example:
      rithmocheck generate k1-musical --format json
      rithmocheck generate k1-arithmetic --universe 2,3,4,5,6
      rithmocheck generate k1-addition --universe my-numbers.txt --format ndjson -o big.ndjson
    """
    from ..export.render import STREAMED, records, stream_document, stream_grid

    ed = edition()
    check_output(output, ed)
    f = ed.registry.family(table_id)
    table, rows = f.stream(universe, params)
    with Progress(f"generate {table_id}") as progress:
        if fmt in STREAMED:
            emit_stream(stream_grid(f.columns, progress.count(rows), fmt), output)
            return
        if fmt in ("json", "yaml"):
            emit_stream(stream_document(table.as_dict(), "rows", progress.count(rows), fmt), output)
            return
        t = replace(table, rows=tuple(_held(progress.count(rows), fmt)))
    emit(records(f.columns, t.rows, fmt, t.as_dict()), output)


HELD_ROWS = 200_000  # text and md lay a table out whole: about 180 MB at this many rows


def _held(rows: Iterable[T], fmt: str) -> Iterator[T]:
    """The rows, refused (exit 2) once there are more than text and md can
    lay out in bounded memory: before the layout, which needs the most."""
    for i, row in enumerate(rows):
        if i == HELD_ROWS:
            raise InputError("--format", None, f"{fmt} lays the whole table out in memory, and this table has more "
                                               f"than {HELD_ROWS:,} rows; use --format csv, tsv, json or yaml, which "
                                               "write it row by row")
        yield row


@click.command()
@click.argument("number", type=Number(min=1, max=10**12))
@format_option()
@output_option
def explain(number: int, fmt: str, output: str | None) -> None:
    """Explain NUMBER: every man bearing it, his derivation and ratios, the
    identities behind his rule (proved with sympy), and every table and
    column it appears in (columns that count, such as spaces, marked). md,
    csv, tsv and ndjson give the document as rows of JSON Pointer and value.

    \b
    Example:
      rithmocheck explain 91
    """
    from ..export.render import any_format
    from ..tables.explain import explain as explain_number
    from ..tables.explain import explain_text

    ed = edition()
    check_output(output, ed)
    data = explain_number(number, ed.registry)
    emit(explain_text(data) if fmt == "text" else any_format(data, fmt), output)


COMMANDS = (men, tables, generate, explain)
__all__ = ["COMMANDS", "FORMATS"]
