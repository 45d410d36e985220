"""The `ruleset` commands: print the engine rulesets and their schema, and
validate a ruleset file or a plain list of piece values.

Data goes to stdout, messages to stderr. Exit 0 valid, 1 findings, 2 bad input.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ..errors import Exit
from .options import Group, check_output, emit, format_option, output_option


@click.group(cls=Group, invoke_without_command=True)
@click.option("--kind", type=click.Choice(["1", "2", "3", "all"]), default="all", show_default=True,
              help="Which kind of play; all prints a list of the three documents.")
@click.option("--schema", "show_schema", is_flag=True, help="Print the published JSON Schema instead.")
@click.option("--format", "fmt", type=click.Choice(("json", "yaml")), default="json", show_default=True,
              help="Output format (cli.format_option defaults to text, which a document has not).")
@output_option
@click.pass_context
def ruleset(ctx: click.Context, kind: str, show_schema: bool, fmt: str, output: str | None) -> None:
    """Print the engine ruleset of a kind of play as data (JSON is canonical,
    YAML is the same data): board, sides, men, kings, placement, movement,
    captures, triumphs, victories and the corrected tables, every rule with
    its line of the 1563 witness.

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
    from ..export.render import document

    check_output(output)
    data: Any
    if show_schema:
        data = R.schema()
    elif kind == "all":
        data = [R.document(k) for k in R.KINDS]
    else:
        data = R.document(int(kind))
    emit(document(data, fmt), output)


@ruleset.command()
@click.argument("file", type=click.Path(dir_okay=False))
@format_option(("text", "json", "yaml"))
@output_option
def validate(file: str, fmt: str, output: str | None) -> None:
    """Validate FILE: a ruleset document (JSON or YAML, or a list of them),
    or a plain list of piece values per side as most engines have them
    (JSON {"even": [..], "odd": [..]} or CSV with the header side,value, each
    king as his whole pyramid value).

    The schema first, then the meaning: values from their rules, kings and
    layers, men missing or doubled, tables regenerated from the file's men,
    cossick signs, moves, relations and victory parameters. Findings go to
    stdout (position as a JSON Pointer); exit 0 valid, 1 findings, 2 when the
    file cannot be read.

    \b
    Example:
      rithmocheck ruleset validate kind-2.json
      rithmocheck ruleset validate pieces.csv --format json
    """
    from .. import ruleset as R
    from ..export.render import document

    check_output(output)
    findings = R.validate_any(R.load(file), file)
    if fmt in ("json", "yaml"):
        emit(document(R.findings_document(file, findings), fmt), output)
    else:
        emit("".join(f"{f.path or '/'}\t{f.rule}\t{f.message}\n" for f in findings), output)
    if findings:
        click.echo(f"{file}: {len(findings)} finding{'s' if len(findings) != 1 else ''}", err=True)
        sys.exit(Exit.FINDINGS)
    click.echo(f"{file}: valid", err=True)

