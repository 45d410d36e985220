"""Command-line interface: Click commands only; parse, call the core, render.

Data goes to stdout, messages to stderr. Exit 0 clean, 1 findings, 2 bad input.
"""

from __future__ import annotations

import functools
import sys

import click

from . import __version__
from .yamlsafe import InputError

EXIT_FINDINGS = 1
EXIT_BAD_INPUT = 2


def format_option(formats=("text", "md", "csv", "tsv", "json", "yaml")):
    return click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                        help="Output format.")


def bad_input(fn):
    """Turn InputError (and unreadable files) into one line on stderr, exit 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            click.echo(f"Error: {exc.one_line()}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper


def out(text: str) -> None:
    click.echo(text, nl=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rithmocheck")
def cli():
    """Regenerate, audit and correct the numeric tables of the 1563
    Philosophers game (Lever and Fulke).

    \b
    Example:
      rithmocheck tables
      rithmocheck generate k1-geometric --format md
    """


@cli.command()
@format_option()
@bad_input
def men(fmt):
    """List the 48 men of both armies, derived from the digits.

    A king appears once, as his whole pyramid, with his layers in json/yaml.

    \b
    Example:
      rithmocheck men --format json
    """
    from . import men as men_mod
    from .render import grid, document

    data = [m.as_dict() for m in men_mod.all_men()]
    if fmt in ("json", "yaml"):
        out(document(data, fmt))
    else:
        headers = ("side", "shape", "order", "digit", "value", "derivation")
        out(grid(headers, [[d[h] for h in headers] for d in data], fmt))


@cli.command()
@format_option()
@bad_input
def tables(fmt):
    """List the tables: id, title as printed, rows, default universe.

    \b
    Example:
      rithmocheck tables --format csv
    """
    from .render import grid, document
    from .tables import REGISTRY, generate

    data = []
    for s in REGISTRY.values():
        t = generate(s.id)
        data.append({"id": s.id, "kind": s.kind, "title": s.title, "witness_line": s.witness_line,
                     "rows": len(t.rows), "universe": t.universe.name,
                     "universes": list(s.universes), "rule": s.rule})
    if fmt in ("json", "yaml"):
        out(document(data, fmt))
    else:
        headers = ("id", "kind", "title", "rows", "universe")
        out(grid(headers, [[d[h] for h in headers] for d in data], fmt))


@cli.command()
@click.argument("table_id")
@click.option("--universe", default=None, metavar="NAME|LIST|FILE",
              help="A named universe of the table, a list such as 2,3,4,6, or a file of numbers.")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="A table parameter, e.g. definition=four-term or max_spaces=8.")
@format_option()
@bad_input
def generate(table_id, universe, params, fmt):
    """Compute the complete table TABLE_ID from first principles.

    \b
    Example:
      rithmocheck generate k1-musical --format json
      rithmocheck generate k1-arithmetic --universe 2,3,4,5,6
    """
    from .render import records
    from .tables import generate as gen

    t = gen(table_id, universe, tuple(params))
    out(records(t.spec.columns, t.rows, fmt, t.as_dict()))


@cli.command()
@click.argument("number", type=click.IntRange(min=1))
@format_option(("text", "json", "yaml"))
@bad_input
def explain(number, fmt):
    """Explain NUMBER: every man bearing it, his derivation and ratios, the
    identities behind his rule (proved with sympy), and the tables it appears in.

    \b
    Example:
      rithmocheck explain 91
    """
    from .explain import explain as explain_number
    from .render import document

    data = explain_number(number)
    if fmt in ("json", "yaml"):
        out(document(data, fmt))
        return
    if not data["men"]:
        click.echo(f"{number} is borne by no man.")
    for m in data["men"]:
        where = f" (layer {m['layer']['step']} of the king, a {m['layer']['shape']})" if m.get("layer") else ""
        click.echo(f"{m['side']} {m['shape']} of order {m['order']}, digit {m['digit']}: {m['value']}{where}")
        click.echo(f"  derivation: {m['layer']['derivation'] if m.get('layer') else m['derivation']}")
        for r in m["ratios"]:
            click.echo(f"  {r['relation']}: {r['greater']}:{r['lesser']} = {r['ratio']}, {r['class']} ({r['name']})")
    if data["proofs"]:
        click.echo("identities (sympy, for every digit a):")
        for p in data["proofs"]:
            click.echo(f"  [{'proved' if p['holds'] else 'FAILS'}] {p['statement']}")
    if data["tables"]:
        click.echo("appears in: " + ", ".join(f"{t['table']} ({t['rows']} rows)" for t in data["tables"]))


@cli.command("check-source")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@bad_input
def check_source(files):
    """Validate transcription FILES: structure, table ids, and that each
    layout re-flattens to the printed run at its lines of the witness.

    Prints one line per file on stderr; exit 0 when all are valid, 2 when one
    is not (the first problem of each file, with its line in the YAML).

    \b
    Example:
      rithmocheck check-source sources/lever-fulke-1563/tables/k1-geometric.yaml
    """
    from .sources import load_passage, printed_entries

    status = 0
    for name in files:
        try:
            p = load_passage(name)
        except InputError as exc:
            click.echo(f"Error: {exc.one_line()}", err=True)
            status = EXIT_BAD_INPUT
            continue
        n = sum(1 for e in printed_entries(p) if e.role == "entry")
        click.echo(f"{name}: ok, {n} entries of {', '.join(p.tables)}; re-flattens to witness lines "
                   f"{p.run_lines[0]}-{p.run_lines[1]}", err=True)
    sys.exit(status)


@cli.command()
@click.argument("table_id")
@format_option(("text", "md", "csv", "tsv", "json", "yaml"))
@bad_input
def show(table_id, fmt):
    """Show table TABLE_ID as printed in 1563, in its printed layout.

    text draws the columns side by side as a reader of the book sees them;
    json/yaml/csv/tsv/md give every printed line with its position
    (block, column, line).

    \b
    Example:
      rithmocheck show k1-musical
      rithmocheck show k1-geometric --format json
    """
    from .printed import printed_document, printed_layout_text, printed_rows
    from .render import document, grid
    from .tables import spec

    spec(table_id)
    if fmt == "text":
        out(printed_layout_text(table_id))
    elif fmt in ("json", "yaml"):
        out(document(printed_document(table_id), fmt))
    else:
        out(grid(("block", "column", "line", "role", "printed", "numbers"), printed_rows(table_id), fmt))


def main():  # pragma: no cover - console entry point
    cli()
