"""The `ruleset` commands: print the engine rulesets and their schema, and
validate a ruleset file or a plain list of piece values.

Data goes to stdout, messages to stderr. Exit 0 valid, 1 findings, 2 bad input.
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

import click

from ..errors import InputError, printable
from ..export.values import LUDII, Doc, Format, Table
from ..pipeline.outcome import Outcome
from ..words import count
from .options import Group, check_output, complete_ruleset_ids, edition, output_options, write


@click.group(cls=Group, invoke_without_command=True)
@click.option("--kind", type=click.Choice(["1", "2", "3", "all"]), default="all", show_default=True,
              help="Which kind of play of the edition; all prints them all in one document.")
@click.option("--ruleset", "ruleset_id", default=None, metavar="ID", shell_complete=complete_ruleset_ids,
              help="A ruleset by its id: a kind (lever-fulke-1563/kind-1) or a reading (see --list).")
@click.option("--option", "choices", multiple=True, metavar="NAME=VALUE",
              help="Choose one of the ruleset's alternatives (repeatable); the document printed has it resolved.")
@click.option("--list", "show_list", is_flag=True, help="List the rulesets: the kinds of 1563 and every reading.")
@click.option("--reading", "reading_id", is_flag=False, flag_value="", default=None, metavar="[ID]",
              shell_complete=complete_ruleset_ids,
              help="A reading by its id, as --ruleset ID; alone, list the rulesets, as --list.")
@click.option("--schema", "show_schema", is_flag=True, help="Print the published JSON Schema instead.")
@output_options(extra=(LUDII,), default="json")
@click.pass_context
def ruleset(ctx: click.Context, kind: str, ruleset_id: str | None, choices: tuple[str, ...], show_list: bool,
            reading_id: str | None, show_schema: bool, fmt: Format, output: str | None) -> None:
    """Print the engine ruleset of a kind of play, or of a reading of the
    rules, as data (JSON is canonical, YAML is the same data): board, sides,
    men, kings, placement, movement, captures, triumphs, victories and the
    corrected tables, every rule with its line of the 1563 witness (a
    reading's overrides with the reading's own lines). text, md, csv and tsv
    give the document as rows of JSON Pointer and value; ludii gives one
    ruleset's rules as a Ludii game description (.lud), with what Ludii's
    language cannot express listed at its head (docs/engines.md).

    \b
    Example:
      rithmocheck ruleset --kind 1 > kind-1.json
      rithmocheck ruleset --kind 1 --format ludii -o kind-1.lud
      rithmocheck ruleset --list                  (or --reading)
      rithmocheck ruleset --ruleset seed-002 --option camp-spaces=48
      rithmocheck ruleset diff lever-fulke-1563/kind-1 seed-001
      rithmocheck ruleset validate kind-1.json
    """
    if ctx.invoked_subcommand is not None:
        return
    from .. import ruleset as R
    from ..ruleset.assemble import collection, kinds
    from ..ruleset.catalogue import by_id
    from ..ruleset.resolve import parse_choice, resolve

    ed = edition()
    check_output(output, ed)
    if reading_id is not None:
        if ruleset_id is not None and reading_id and reading_id != ruleset_id:
            raise InputError("--reading", None, "give one ruleset: --ruleset ID or --reading ID")
        if reading_id:
            ruleset_id = reading_id
        else:
            show_list = True
    if show_list:
        rows = []
        for rid in R.ruleset_ids(ed):
            d = by_id(rid, edition=ed)
            reading = d.get("reading") or {}
            rows.append([rid, d["title"], reading.get("base", ""),
                         (reading.get("source") or {}).get("kind", str(ed.book.year)),
                         len(reading.get("overrides", ())), len(d.get("options", {}))])
        listed = [dict(zip(("ruleset", "title", "base", "source", "overrides", "options"), r)) for r in rows]
        write(Table(("ruleset", "title", "base", "source", "overrides", "options"), rows, listed,
                    views={LUDII.name: _one_ruleset}), fmt, output)
        return
    data: Any
    if show_schema:
        data = R.schema()
    elif ruleset_id is None and kind == "all":
        if choices:
            raise InputError("--option", None, "choose options on one ruleset: --kind N or --ruleset ID")
        data = collection([R.document(k, ed) for k in kinds(ed)])
    else:
        if ruleset_id is None and int(kind) not in kinds(ed):
            raise InputError("--kind", None, f"the edition {ed.name} has no kind {kind} (its kinds: "
                                             f"{', '.join(map(str, kinds(ed)))})")
        data = by_id(ruleset_id if ruleset_id is not None else kind, edition=ed)
        if choices:
            data = resolve(data, [parse_choice(c) for c in choices], registry=ed.registry)
    one = ruleset_id is not None or kind != "all"
    write(Doc(data, views={LUDII.name: partial(_ludii, data) if one and not show_schema else _one_ruleset}), fmt,
          output)


def _ludii(doc: Any) -> str:
    """The ruleset as a Ludii game description (rithmocheck.targets.ludii)."""
    from ..targets.ludii import description

    return description(doc)


def _one_ruleset() -> str:
    raise InputError("--format", None, "ludii writes the game of one ruleset: give --kind 1, 2 or 3, or --ruleset ID "
                                       "(not --list, --schema or all the kinds)")


@ruleset.command()
@click.argument("first", metavar="A", shell_complete=complete_ruleset_ids)
@click.argument("second", metavar="B", shell_complete=complete_ruleset_ids)
@output_options()
def diff(first: str, second: str, fmt: Format, output: str | None) -> None:
    """The differences between two rulesets A and B (ids: a kind of 1563 or
    a reading; see ruleset --list): each a JSON Pointer with the value in
    each and each one's citation (the reading's own line where it overrides
    the book, else the witness line of 1563 the place stands under). Lists
    of named rules (manners of taking, victories, triumphs) are matched by
    name. A rule both give alike is listed too when one states it and the
    other is silent (the value there is the tool's reading). Exit 0 whether
    or not they differ.

    \b
    Example:
      rithmocheck ruleset diff lever-fulke-1563/kind-1 seed-001
      rithmocheck ruleset diff seed-002 seed-003 --format csv
    """
    import json

    from ..export.render import report_line
    from ..ruleset.catalogue import by_id
    from ..ruleset.diff import cite_text
    from ..ruleset.diff import diff as diff_of

    ed = edition()
    check_output(output, ed)
    a, b = by_id(first, "A", ed), by_id(second, "B", ed)
    found = diff_of(a, b)
    heading = f"{count(len(found), 'difference')} between {a['ruleset']} and {b['ruleset']}"

    def shown(v: Any) -> str:
        return "" if v is None else (v if isinstance(v, str) else json.dumps(v))

    def report() -> str:  # text: each difference its pointer, then each side's value and citation
        lines = [heading]
        for d in found:
            lines.append(d["pointer"] + (" (the same value, stated by one)" if d["same_value"] else ""))
            for side, name in (("a", a["ruleset"]), ("b", b["ruleset"])):
                value = "(absent)" if d["absent"] == side else shown(d[side])
                cite = cite_text(d[f"cite_{side}"])
                lines.append(report_line(f"  {name}: {value}" + (f" -- {cite}" if cite else "")))
        return "\n".join(lines) + "\n"

    rows = [[d["pointer"] + (" (the same, stated by one)" if d["same_value"] else ""),
             shown(d["a"]) if d["absent"] != "a" else "(absent)",
             shown(d["b"]) if d["absent"] != "b" else "(absent)", cite_text(d["cite_a"]), cite_text(d["cite_b"])]
            for d in found]
    data = {"a": a["ruleset"], "b": b["ruleset"], "differences": found}
    write(Table(("pointer", a["ruleset"], b["ruleset"], f"cite {a['ruleset']}", f"cite {b['ruleset']}"), rows, data,
                views={"text": report}), fmt, output)


@ruleset.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--even", "even", default=None, metavar="LABEL",
              help="(a piece list) the label of the even side, e.g. White [default: found from the values].")
@output_options()
def validate(file: str, even: str | None, fmt: Format, output: str | None) -> None:
    """Validate FILE: a ruleset document (JSON or YAML, or a list of them),
    or a plain list of piece values per side as most engines have them
    (JSON {"even": [..], "odd": [..]} or CSV with the header side,value, each
    king as his whole pyramid value).

    The schema first, then the meaning: values from their rules, kings and
    layers, men missing or doubled, tables regenerated from the file's men,
    cossick signs, moves, relations and victory parameters; then, for a
    ruleset whose men are sound, its rules run on the conformance cases of
    its kind (rule conformance: each case they contradict, with the book's
    line). When the findings
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
    from ..conformance.validate import contradictions
    from ..inputs import check_values
    from ..ruleset.validate import errors
    from ..witness.edition import Edition

    ed = edition()
    check_output(output, ed)
    data = R.load(file)
    check_values(data, file)  # (YAML and JSON are refused as they are read; a CSV list here)
    findings = R.validate_any(data, ed, file, even)
    # the conformance cases are the shipped book's: they hold a ruleset of it (or of a copy of it), no other
    book_cases = ed.name == Edition.default().name
    if book_cases and all(f.rule not in ("schema", "value", "rule", "missing", "doubled", "king")
                          for f in errors(findings)):
        from ..ruleset.validate import documents_in

        played = [f for d in documents_in(data) for f in contradictions(d, file)]
        if errors(findings):  # the rules cannot run at all: the findings above already say why
            played = [f for f in played if not f.message.startswith("the conformance cases cannot run")]
        findings += played
    doc = R.findings_document(file, findings, ed, data)
    rows = [[f["file"], f["path"] or "/", f["rule"], f["severity"], f["message"], _nums(f["found"]),
             _nums(f["expected"])] for f in doc["findings"]]
    write(Table(("file", "path", "rule", "severity", "message", "found", "expected"), rows, doc,
                heading=doc["summary"] or ""), fmt, output)
    failing = errors(findings)
    outcome = Outcome(failures=len(failing))
    if failing:
        if doc["summary"]:
            click.echo(f"{printable(file)}: {doc['summary']}", err=True)
        click.echo(f"{printable(file)}: {count(len(failing), 'finding')}", err=True)
    else:
        click.echo(f"{printable(file)}: {doc['summary'] or 'valid'}", err=True)
    sys.exit(outcome.exit_code)


def _nums(values: list[int] | None) -> str:
    return " ".join(map(str, values)) if values else ""
