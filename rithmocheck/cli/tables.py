"""The commands on the men and the regenerated tables: men, tables,
generate, explain."""

from __future__ import annotations

import click

from ..export.values import Doc, Format, Table
from .options import Number, Progress, check_output, complete_table_ids, edition, output_options, write


@click.command()
@output_options()
def men(fmt: Format, output: str | None) -> None:
    """List the 48 men of both armies, derived from the digits.

    A king appears once, as his whole pyramid, with his layers in json/yaml.

    \b
    Example:
      rithmocheck men --format json
    """
    ed = edition()
    check_output(output, ed)
    data = [m.as_dict() for m in ed.armies.all_men()]
    headers = ("side", "shape", "order", "digit", "value", "derivation")
    write(Table(headers, [[d[h] for h in headers] for d in data], data), fmt, output)


@click.command()
@output_options()
def tables(fmt: Format, output: str | None) -> None:
    """List the tables: id, title as printed, rows, default universe, parameters.

    \b
    Example:
      rithmocheck tables --format csv
    """
    ed = edition()
    check_output(output, ed)
    data = []
    for f in ed.registry.values():
        t = f.default_table()
        data.append({"id": f.id, "kind": f.kind, "title": f.title, "witness_line": f.witness_line,
                     "rows": len(t.rows), "universe": t.universe.name, "universes": list(f.universes),
                     "rule": f.rule, "params": {name: p.describe() for name, p in f.params.items()}})
    headers = ("id", "kind", "title", "rows", "universe")
    write(Table(headers, [[d[h] for h in headers] for d in data], data), fmt, output)


@click.command()
@click.argument("table_id", shell_complete=complete_table_ids)
@click.option("--universe", default=None, metavar="NAME|LIST|FILE",
              help="A named universe of the table, a list such as 2,3,4,6, or a file of numbers "
                   "(whole numbers from 1 to 10^12, at most 20,000 of them).")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="A table parameter, e.g. definition=four-term or max_spaces=8 (see 'rithmocheck tables "
                   "--format json' for each table's parameters and their bounds).")
@output_options()
def generate(table_id: str, universe: str | None, params: tuple[str, ...], fmt: Format, output: str | None) -> None:
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
    ed = edition()
    check_output(output, ed)
    f = ed.registry.family(table_id)
    table, rows = f.stream(universe, params)
    with Progress(f"generate {table_id}") as progress:
        write(Table(f.columns, progress.count(rows), table.as_dict(), rows_at="rows"), fmt, output)


@click.command()
@click.argument("number", type=Number(min=1, max=10**12))
@output_options()
def explain(number: int, fmt: Format, output: str | None) -> None:
    """Explain NUMBER: every man bearing it, his derivation and ratios, the
    identities behind his rule (proved with sympy), and every table and
    column it appears in (columns that count, such as spaces, marked). md,
    csv, tsv and ndjson give the document as rows of JSON Pointer and value.

    \b
    Example:
      rithmocheck explain 91
    """
    from ..export.explain import explain_text
    from ..tables.explain import explain as explain_number

    ed = edition()
    check_output(output, ed)
    data = explain_number(number, ed.registry)
    write(Doc(data, views={"text": lambda: explain_text(data)}), fmt, output)


COMMANDS = (men, tables, generate, explain)
