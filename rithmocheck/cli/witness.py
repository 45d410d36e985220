"""The commands on the transcription: check-source, show, collate."""

from __future__ import annotations

import sys
from typing import Any

import click
from click.core import ParameterSource

from ..errors import InputError, printable
from ..export.values import Format, Table
from ..pipeline.outcome import Outcome
from .options import check_output, complete_passages, complete_table_ids, edition, errata_option, output_options, write

CHECK_HEADERS = ("file", "valid", "tables", "entries", "first_line", "last_line", "line", "problem")


@click.command("check-source")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--entries", is_flag=True, help="Also print every entry each file yields, with its position.")
@output_options()
@click.pass_context
def check_source(ctx: click.Context, files: tuple[str, ...], entries: bool, fmt: Format,
                 output: str | None) -> None:
    """Validate transcription FILES: structure, table ids, and that each
    layout re-flattens to the printed run at its lines of the witness.

    Prints one line per file on stderr; exit 0 when all are valid, 2 when one
    is not (the first problem of each file, with its line in the YAML). With
    --entries, every entry, 'nothing' and count each file yields goes to
    stdout (or -o FILE), with its file, table, position, witness line, page and
    numbers, in any --format. Without --entries, --format or -o gives the
    check itself as data: a row per file (valid or not, its tables, entries
    and witness lines, or its first problem and line).

    \b
    Example:
      rithmocheck init my-edition
      rithmocheck --edition my-edition check-source my-edition/tables/k1-geometric.yaml
      rithmocheck check-source --entries my-edition/tables/k1-musical.yaml
    """
    from ..witness.entries import PrintedEntry, entry_text, printed_entries
    from ..witness.layout import load_passage
    from ..witness.page import PAGE_HEADERS, page_cells

    ed = edition()
    check_output(output, ed)
    drift = ed.witness_drift()  # the edition's own files first: a bad witness.yaml is the one line of a refusal
    bad = False
    rows: list[tuple[str, PrintedEntry]] = []
    checked: list[dict[str, Any]] = []  # the check itself, a row per file (without --entries, as data)
    for name in files:
        try:
            p = load_passage(name, ed.witness, ed.facts.ids)
        except InputError as exc:
            click.echo(f"Error: {exc.one_line()}", err=True)
            bad = True
            checked.append({"file": name, "valid": False, "tables": [], "entries": None, "first_line": None,
                            "last_line": None, "line": exc.line, "problem": exc.problem})
            continue
        found = list(printed_entries(p, ed.page_at))
        n = sum(1 for e in found if e.role == "entry")
        rows += [(name, e) for e in found]
        checked.append({"file": name, "valid": True, "tables": list(p.tables), "entries": n,
                        "first_line": p.run_lines[0], "last_line": p.run_lines[1], "line": None, "problem": None})
        click.echo(f"{printable(name)}: ok, {n} entries of {', '.join(p.tables)}; re-flattens to witness lines "
                   f"{p.run_lines[0]}-{p.run_lines[1]}", err=True)
    if entries:
        data = [{"file": name, "table": e.table, "position": str(e.position), "witness_line": e.witness_line,
                 "page": e.page.as_dict() if e.page else None, "role": e.role,
                 "numbers": entry_text(e.numbers, e.signs)} for name, e in rows]
        headers = ("file", "table", "position", "witness_line", *PAGE_HEADERS, "role", "numbers")
        write(Table(headers, [[name, e.table, str(e.position), e.witness_line, *page_cells(e.page), e.role,
                               entry_text(e.numbers, e.signs)] for name, e in rows], data), fmt, output, ed)
    elif output is not None or ctx.get_parameter_source("fmt") is not ParameterSource.DEFAULT:
        # a format asked for without --entries: the check's own results in it, a row per file
        write(Table(CHECK_HEADERS, [[c["file"], "yes" if c["valid"] else "no", " ".join(c["tables"]),
                                     "" if c["entries"] is None else c["entries"],
                                     "" if c["first_line"] is None else c["first_line"],
                                     "" if c["last_line"] is None else c["last_line"],
                                     "" if c["line"] is None else c["line"], c["problem"] or ""]
                                    for c in checked], {"files": checked}), fmt, output, ed)
    if drift and not bad:  # a refusal's lines stay its errors
        click.echo(f"warning: {drift}", err=True)
    sys.exit(Outcome(refused=bad).exit_code)


@click.command()
@click.argument("table_id", shell_complete=complete_table_ids)
@click.option("--corrected", is_flag=True, help="Apply the curated errata (each corrected entry marked).")
@click.option("--supply", is_flag=True, help="With --corrected: append the omissions the errata supply, marked.")
@errata_option
@output_options()
def show(table_id: str, corrected: bool, supply: bool, errata_path: str | None, fmt: Format,
         output: str | None) -> None:
    """Show table TABLE_ID as printed in 1563, in its printed layout.

    text draws the columns side by side as a reader of the book sees them;
    json/yaml/csv/tsv/md give every printed cell with its position (passage,
    block, column, row) and its witness line. With --corrected, the entries
    with the errata applied: status printed, corrected (with the sic and the
    erratum id) or supplied; omitted entries are dropped; the stated counts
    stand where printed, status count or count corrected.

    \b
    Example:
      rithmocheck show k1-musical
      rithmocheck show k1-geometric --format json
      rithmocheck show k1-musical --corrected --supply --format md
    """
    from ..export.printed import corrected_table, printed_table

    if supply and not corrected:
        raise click.UsageError("--supply goes with --corrected")
    ed = edition(errata_path)
    ed.registry.family(table_id)
    check_output(output, ed)
    if corrected:
        from ..audit.errata import corrected_entries, load_errata

        entries = corrected_entries(table_id, load_errata(ed), ed, supply=supply, counts=True)
        write(corrected_table(table_id, entries), fmt, output, ed)
    else:
        write(printed_table(table_id, ed), fmt, output, ed)


@click.command()
@click.argument("passages", nargs=-1, metavar="[PASSAGE]...", shell_complete=complete_passages)
@output_options()
def collate(passages: tuple[str, ...], fmt: Format, output: str | None) -> None:
    """Collate the transcriptions (or only the passages PASSAGE..., and
    `examples` for the worked examples) with the second witness, the EEBO-TCP
    keying of the book: rows, columns, cell roles, headings in their blocks,
    every number and cossick sign, and the numbers of the worked examples.

    Lists set in prose in both witnesses (the men, the kings, the kind-3
    list, the marking with cossick signs) are compared by their numbers in
    order. A disagreement is explained only by a reading recorded on its
    cell. text and md give the passages and the disagreements; json an
    object {"passages", "disagreements", "summary", ...} (schema
    rithmocheck/schema/collation-1.json); csv/tsv/ndjson one row per disagreement.
    A summary goes to stderr. Exit 0 when every disagreement is explained,
    1 when one is not, 2 on bad input. Aligning the witnesses takes about a
    second.

    \b
    Example:
      rithmocheck collate
      rithmocheck collate k1-multiplication --format json
    """
    from ..export.collation import collation_table
    from ..pipeline.run import collate as run_collation
    from ..witness.collate import select

    ed = edition()
    select(ed, passages)  # an unknown passage is bad input before any work
    check_output(output, ed)
    outcome = run_collation(ed, passages)
    assert outcome.collation is not None
    write(collation_table(outcome.collation), fmt, output, ed)
    click.echo(outcome.collation.summary_line(), err=True)
    sys.exit(outcome.exit_code)


COMMANDS = (check_source, show, collate)
