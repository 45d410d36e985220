"""The `ruleset` commands: print the engine rulesets and their schema, and
validate a ruleset file or a plain list of piece values.

Data goes to stdout, messages to stderr. Exit 0 valid, 1 findings, 2 bad input.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ..errors import exit_code, printable
from ..words import count
from .options import Group, check_output, emit, format_option, output_option


@click.group(cls=Group, invoke_without_command=True)
@click.option("--kind", type=click.Choice(["1", "2", "3", "all"]), default="all", show_default=True,
              help="Which kind of play; all prints a list of the three documents.")
@click.option("--schema", "show_schema", is_flag=True, help="Print the published JSON Schema instead.")
@format_option(default="json")
@output_option
@click.pass_context
def ruleset(ctx: click.Context, kind: str, show_schema: bool, fmt: str, output: str | None) -> None:
    """Print the engine ruleset of a kind of play as data (JSON is canonical,
    YAML is the same data): board, sides, men, kings, placement, movement,
    captures, triumphs, victories and the corrected tables, every rule with
    its line of the 1563 witness. text, md, csv and tsv give the document as
    rows of JSON Pointer and value.

    \b
    Example:
      rithmocheck ruleset --kind 1 > kind-1.json
      rithmocheck ruleset --kind all --format yaml
      rithmocheck ruleset --schema
      rithmocheck ruleset validate kind-1.json
    """
    if ctx.invoked_subcommand is not None:
        return
    from .. import ruleset as R
    from ..export.render import any_format

    check_output(output)
    data: Any
    if show_schema:
        data = R.schema()
    elif kind == "all":
        data = [R.document(k) for k in R.KINDS]
    else:
        data = R.document(int(kind))
    emit(any_format(data, fmt), output)


@ruleset.command()
@click.argument("file", type=click.Path(dir_okay=False))
@format_option()
@output_option
def validate(file: str, fmt: str, output: str | None) -> None:
    """Validate FILE: a ruleset document (JSON or YAML, or a list of them),
    or a plain list of piece values per side as most engines have them
    (JSON {"even": [..], "odd": [..]} or CSV with the header side,value, each
    king as his whole pyramid value).

    The schema first, then the meaning: values from their rules, kings and
    layers, men missing or doubled, tables regenerated from the file's men,
    cossick signs, moves, relations and victory parameters. When the findings
    add up to one mistake (the sides swapped, the sides named by colour,
    only a few values wrong) one line says so first (text; "summary" in
    json/yaml; and on stderr). Findings go to stdout: file, path (a JSON
    Pointer), rule, message, found and expected values; exit 0 valid, 1
    findings, 2 when the file cannot be read.

    \b
    Example:
      rithmocheck ruleset validate kind-2.json
      rithmocheck ruleset validate pieces.csv --format json
    """
    from .. import ruleset as R
    from ..export.render import document, grid
    from ..inputs import check_values

    check_output(output)
    data = R.load(file)
    check_values(data, file)  # (YAML and JSON are refused as they are read; a CSV list here)
    findings = R.validate_any(data, file)
    doc = R.findings_document(file, findings, data)
    if fmt in ("json", "yaml"):
        emit(document(doc, fmt), output)
    else:
        rows = [[f["file"], f["path"] or "/", f["rule"], f["message"], _nums(f["found"]), _nums(f["expected"])]
                for f in doc["findings"]]
        text = grid(("file", "path", "rule", "message", "found", "expected"), rows, fmt) if rows else ""
        if fmt == "text" and doc["summary"]:
            text = doc["summary"] + "\n" + text
        emit(text, output)
    if findings:
        if doc["summary"]:
            click.echo(f"{printable(file)}: {doc['summary']}", err=True)
        click.echo(f"{printable(file)}: {count(len(findings), 'finding')}", err=True)
        sys.exit(exit_code(len(findings)))
    click.echo(f"{printable(file)}: valid", err=True)


def _nums(values: list[int] | None) -> str:
    return " ".join(map(str, values)) if values else ""
