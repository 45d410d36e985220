"""Command-line interface: Click commands only; parse, call the core, render.

Data goes to stdout, messages to stderr. Exit 0 clean, 1 findings, 2 bad input.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import __version__
from .cliutil import EXIT_BAD_INPUT, EXIT_FINDINGS, Group, bad_input, debug_option, format_option, out  # noqa: F401
from .errors import InputError


def protected_paths(errata_path=None):
    """What no command may write onto or into: the edition and the curated errata."""
    from .errata import CORRECTIONS
    from .sources import SOURCE_DIR

    return (SOURCE_DIR.parent, CORRECTIONS.parent, CORRECTIONS) + ((Path(errata_path),) if errata_path else ())


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="rithmocheck")
@debug_option
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
@click.option("--corrected", is_flag=True, help="Apply the curated errata (each corrected entry marked).")
@click.option("--supply", is_flag=True, help="With --corrected: append the omissions the errata supply, marked.")
@click.option("--errata", "errata_path", type=click.Path(dir_okay=False), default=None,
              help="Curated errata file [default: corrections/lever-fulke-1563.yaml].")
@format_option(("text", "md", "csv", "tsv", "json", "yaml"))
@bad_input
def show(table_id, corrected, supply, errata_path, fmt):
    """Show table TABLE_ID as printed in 1563, in its printed layout.

    text draws the columns side by side as a reader of the book sees them;
    json/yaml/csv/tsv/md give every printed line with its position
    (block, column, line). With --corrected, the entries with the errata
    applied: status printed, corrected (with the sic and the erratum id) or
    supplied; omitted entries are dropped.

    \b
    Example:
      rithmocheck show k1-musical
      rithmocheck show k1-geometric --format json
      rithmocheck show k1-musical --corrected --supply --format md
    """
    from .printed import printed_document, printed_layout_text, printed_rows
    from .render import document, grid
    from .tables import spec

    spec(table_id)
    if supply and not corrected:
        raise click.UsageError("--supply goes with --corrected")
    if corrected:
        from .errata import CORRECTIONS, corrected_entries, load_errata
        from .export import CORRECTED_HEADERS, corrected_document, corrected_rows

        entries = corrected_entries(table_id, load_errata(errata_path or CORRECTIONS), supply=supply)
        if fmt in ("json", "yaml"):
            out(document(corrected_document(table_id, entries), fmt))
        else:
            out(grid(CORRECTED_HEADERS, corrected_rows(entries), fmt))
        return
    if fmt == "text":
        out(printed_layout_text(table_id))
    elif fmt in ("json", "yaml"):
        out(document(printed_document(table_id), fmt))
    else:
        out(grid(("block", "column", "line", "role", "printed", "numbers"), printed_rows(table_id), fmt))


def _audit_ids(table_ids) -> tuple[str, ...] | None:
    from .audit import AUDITED
    from .tables import spec

    for t in table_ids:
        if t != "examples":
            spec(t)
            if t not in AUDITED:
                raise InputError("table id", None, f"table {t!r} has no printed entries to audit")
    return tuple(t for t in table_ids if t != "examples") if table_ids else None


@cli.command()
@click.argument("table_ids", nargs=-1, metavar="[ID]...")
@click.option("--errata", "errata_path", type=click.Path(dir_okay=False), default=None,
              help="Curated errata file [default: corrections/lever-fulke-1563.yaml].")
@format_option(("text", "json"))
@bad_input
def audit(table_ids, errata_path, fmt):
    """Audit the printed tables (or only the tables ID..., and `examples` for
    the worked examples) against their regenerated tables.

    Every finding of the run is reported: misprint (with ranked correction
    candidates), omission, spurious, duplicate, count, example, universe (once
    per table, for information) and erratum (a curated erratum that is stale
    or wrong). text gives one line per finding grouped by table; json a list
    of finding objects. A summary goes to stderr. Exit 0 when every finding
    is covered by a curated erratum, 1 when one is not, 2 on bad input.

    \b
    Example:
      rithmocheck audit
      rithmocheck audit k1-musical --format json
    """
    from .errata import CORRECTIONS, full_audit, load_errata
    from .export import findings_json, findings_text, summary

    ids = _audit_ids(table_ids)
    findings = full_audit(ids, load_errata(errata_path or CORRECTIONS),
                          with_examples=not table_ids or "examples" in table_ids)
    out(findings_json(findings) if fmt == "json" else findings_text(findings))
    click.echo(summary(findings), err=True)
    sys.exit(0 if all(f.covered for f in findings) else EXIT_FINDINGS)


@cli.command()
@click.option("--propose", is_flag=True,
              help="Print proposed errata (YAML) for the findings no curated erratum covers.")
@click.option("-o", "--output", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write to this file (atomically) instead of stdout; never the curated errata.")
@click.option("--errata", "errata_path", type=click.Path(dir_okay=False), default=None,
              help="Curated errata file [default: corrections/lever-fulke-1563.yaml].")
@format_option(("text", "md", "csv", "json", "yaml", "tei"))
@bad_input
def errata(propose, out_path, errata_path, fmt):
    """The curated errata: sic and corr, class, reason, confidence and who is
    responsible; md and csv to read, json for programs, tei (TEI P5 XML:
    choice/sic/corr, supplied, surplus) for editors.

    With --propose, audit and give a proposal for every finding no curated
    erratum covers, as YAML (resp 'rithmocheck': an editor confirms each by
    setting resp before moving it into the curated file). The curated errata
    and the edition can never be the target of -o.

    \b
    Example:
      rithmocheck errata --format tei
      rithmocheck errata --propose -o /tmp/proposed.yaml
    """
    from .errata import CORRECTIONS, full_audit, load_errata, propose as make_proposals
    from .export import errata_document
    from .outfiles import check_out_file, write_file

    curated_path = Path(errata_path) if errata_path else CORRECTIONS
    protected = protected_paths(curated_path)
    if out_path is not None:
        check_out_file(out_path, protected)
    curated = load_errata(curated_path)
    if not propose:
        text = errata_document(curated, fmt)
    else:
        import yaml

        proposals = make_proposals(full_audit(errata=curated))
        text = ("# Proposed errata (rithmocheck errata --propose): NOT curated. Review each, set resp to\n"
                "# rithmocheck+editor or editor, and move it into the curated file.\n"
                + yaml.safe_dump({"errata": proposals}, sort_keys=False, allow_unicode=True, width=100))
        click.echo(f"{len(proposals)} proposals", err=True)
    if out_path is None:
        out(text)
    else:
        write_file(out_path, text, protected)
        click.echo(f"written to {out_path}", err=True)


@cli.command()
@click.option("--out", "out_dir", type=click.Path(), default="output", show_default=True,
              help="Directory to (re)write: new, empty, or made by an earlier build (never anything else).")
@bad_input
def build(out_dir):
    """The main job: regenerate every table, audit every source and write
    OUT: for each table the printed, corrected and regenerated versions (CSV
    and Markdown), the errata (Markdown, CSV, JSON, TEI), the audit report
    (JSON) and the engine rulesets, with a manifest of every file written.
    Deterministic and atomic: the new tree replaces the old in one rename,
    and a failed build leaves the previous OUT intact. OUT must be new,
    empty, or written by an earlier build: a directory holding anything else
    is refused (exit 2) and nothing is deleted. A summary goes to stderr;
    exit 1 when a finding is not covered by a curated erratum.

    \b
    Example:
      rithmocheck build
    """
    from .build import build_files, write_tree
    from .export import summary

    from .outfiles import check_out_dir

    protected = protected_paths()
    check_out_dir(out_dir, protected)  # before the work, so a refusal is quick
    files, findings = build_files()
    for path in write_tree(files, out_dir, protected):
        click.echo(f"warning: left {path}, which no build wrote", err=True)
    printed = sum(1 for f in files if f.endswith("/printed.csv"))
    click.echo(f"wrote {len(files)} files to {out_dir}/ ({len({f.split('/')[1] for f in files if f.startswith('tables/')})} "
               f"tables, {printed} as printed)", err=True)
    click.echo(summary(findings), err=True)
    sys.exit(0 if all(f.covered for f in findings) else EXIT_FINDINGS)


from .cli_ruleset import ruleset  # noqa: E402 - registered after the commands above

cli.add_command(ruleset)


def main():  # pragma: no cover - console entry point
    cli()
