"""The commands of the audit: audit, errata, tei, build."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from ..errors import printable
from ..export.values import TEI, Format, Text
from ..words import count
from .options import check_output, complete_audit_ids, edition, errata_option, output_options, write

if TYPE_CHECKING:
    from ..export.parts import Parts
    from ..witness.edition import Edition


@click.command()
@click.argument("table_ids", nargs=-1, metavar="[ID]...", shell_complete=complete_audit_ids)
@errata_option
@output_options()
def audit(table_ids: tuple[str, ...], errata_path: str | None, fmt: Format, output: str | None) -> None:
    """Audit the printed tables (or only the tables ID..., and `examples` for
    the worked examples) against their regenerated tables.

    Every finding of the run is reported: misprint (with ranked correction
    candidates), omission, spurious, duplicate, count, example, universe (once
    per table, for information) and erratum (a curated erratum that is stale
    or wrong). text gives one line per finding grouped by table; json an
    object {"findings": [...], "summary": {...}} (schema
    rithmocheck/schema/audit-1.json); csv/tsv/md/ndjson one row per finding. A
    summary goes to stderr. Exit 0 when every finding is covered by a curated
    erratum, 1 when one is not, 2 on bad input.

    \b
    Example:
      rithmocheck audit
      rithmocheck audit k1-musical --format json
    """
    from ..audit.run import audit_ids
    from ..export.report import report_table, summary_line
    from ..pipeline.run import audit as run_audit

    ed = edition(errata_path)
    audit_ids(table_ids, ed)  # an unknown id is bad input before any work
    check_output(output, ed)
    outcome = run_audit(ed, ids=table_ids)
    assert outcome.audit is not None
    write(report_table(outcome.audit, ed.registry), fmt, output, ed)
    click.echo(summary_line(outcome.audit, ed), err=True)
    sys.exit(outcome.exit_code)


@click.command()
@click.option("--propose", is_flag=True,
              help="Give proposed errata (YAML) for the findings no curated erratum covers.")
@errata_option
@output_options(extra=(TEI,))
def errata(propose: bool, errata_path: str | None, fmt: Format, output: str | None) -> None:
    """The curated errata: sic and corr, class, reason, confidence and who is
    responsible, each with its position, witness line and page; text (one
    item per erratum, wrapped at the terminal's width) and md to read; csv,
    tsv, ndjson and json for programs; tei (TEI P5 XML: choice/sic/corr,
    supplied, surplus) for editors.

    With --propose, audit and give a proposal for every finding no curated
    erratum covers, as YAML (resp 'rithmocheck': an editor confirms each by
    setting resp before moving it into the curated file). The curated errata
    and the edition can never be the target of -o.

    \b
    Example:
      rithmocheck errata --format tei
      rithmocheck errata --propose -o /tmp/proposed.yaml
    """
    from ..audit.errata import load_errata
    from ..audit.errata import propose as make_proposals
    from ..export.errata import errata_table

    ed = edition(errata_path)
    check_output(output, ed)
    curated = load_errata(ed)
    if not propose:
        write(errata_table(curated, ed), fmt, output, ed)
        return
    from ..export.render import yaml_text
    from ..pipeline.run import audit as run_audit

    report = run_audit(ed, curated).audit
    assert report is not None
    proposals = make_proposals(report.findings, ed.registry)
    text = ("# Proposed errata (rithmocheck errata --propose): NOT curated. Review each, set resp to\n"
            "# rithmocheck+editor or editor, and move it into the curated file.\n"
            + yaml_text({"errata": proposals}))
    write(Text(text), fmt, output, ed)  # YAML to edit, whatever the format
    click.echo(count(len(proposals), "proposal"), err=True)


@click.command()
@click.option("--out", "out_dir", type=click.Path(), default="output", show_default=True,
              help="Directory to (re)write: new, empty, or made by an earlier build (never anything else).")
@errata_option
@click.option("--no-cache", is_flag=True, envvar="RITHMOCHECK_NO_CACHE",
              help="Make every file afresh, neither reading nor writing the build cache or the memo "
                   "[env RITHMOCHECK_NO_CACHE=1].")
def build(out_dir: str, errata_path: str | None, no_cache: bool) -> None:
    """The main job: regenerate every table, audit every source and write
    OUT: for each table the printed, corrected and regenerated versions (CSV
    and Markdown), the errata (Markdown, CSV, JSON, TEI), the TEI text of the
    edition (text.tei.xml), the audit report (JSON), the collation with the second witness (Markdown, JSON), the
    engine rulesets and the HTML edition, with a manifest of every file
    written.
    Deterministic and atomic: the new tree replaces the old in one rename,
    and a failed build leaves the previous OUT intact. OUT must be new,
    empty, or written by an earlier build: a directory holding anything else,
    or a file changed since a build wrote it, is refused (exit 2) and nothing
    is deleted. A summary goes to stderr;
    exit 1 when a finding is not covered by a curated erratum or a
    disagreement with the second witness is not explained by a recorded
    reading.
    A build whose inputs (the package, the edition, its errata and second
    witness, the rendering libraries, and Python's version) are byte for
    byte those of an earlier build takes that build's files from the cache
    ($XDG_CACHE_HOME/rithmocheck, else ~/.cache/rithmocheck) and says so;
    a build after an edited table or erratum takes from the memo there the
    work that depends on neither (the alignment of the two witnesses, the
    rulesets each conformance case holds for).

    \b
    Example:
      rithmocheck build
    """
    from ..export.build import Build, rendered
    from ..export.cache import cached_build
    from ..export.outfiles import check_out_dir, write_tree
    from ..pipeline.run import build as run_build

    def main_job(ed: Edition, parts: Parts | None = None) -> Build:  # the pipeline's outcome, rendered
        return rendered(run_build(ed), ed, parts)

    ed = edition(errata_path)
    protected = ed.protected()
    check_out_dir(out_dir, protected)  # before the work, so a refusal is quick
    if no_cache:
        from ..memo import off

        with off():
            done, hit = main_job(ed), False
    else:
        done, hit = cached_build(ed, main_job)
    for path in write_tree(done.files, out_dir, protected):
        click.echo(f"warning: left {printable(path)}, which no build wrote", err=True)
    tables = len({f.split("/")[1] for f in done.files if f.startswith("tables/")})
    source = "; the files of an earlier build with the same inputs, from the cache" if hit else ""
    click.echo(f"wrote {len(done.files) + 1} files to {printable(out_dir)}/ ({tables} tables{source})", err=True)
    if "html/index.html" in done.files:
        click.echo(f"the HTML edition: {printable(os.path.join(out_dir, 'html', 'index.html'))}", err=True)
    for message in done.messages:
        click.echo(message, err=True)
    drift = ed.witness_drift()  # after the work: a refusal stays one line
    if drift:
        click.echo(f"warning: {drift}", err=True)
    sys.exit(done.exit_code)


@click.command()
@errata_option
@output_options(only=(TEI,), default="tei")
def tei(errata_path: str | None, fmt: Format, output: str | None) -> None:
    """The TEI P5 text of the edition: the primary witness line by line
    (<lb n/>) and page by page (<pb/>, with the second witness's image), its
    tables in their printed layout (<table>/<row>/<cell>, each cell's
    xml:id its position), its worked examples (every number a <num>), every
    curated erratum in its place (choice of sic and corr, surplus,
    supplied, with resp and cert) and every reading the audit notes (choice
    of orig and reg); what build writes as text.tei.xml. TEI only; -o FILE
    writes it atomically (never onto the edition or its errata).

    \b
    Example:
      rithmocheck tei -o text.tei.xml
    """
    from ..audit.errata import load_errata
    from ..audit.readings import readings
    from ..export.tei import tei_text

    ed = edition(errata_path)
    check_output(output, ed)
    write(Text(tei_text(ed, load_errata(ed), readings(ed))), fmt, output, ed)


COMMANDS = (audit, errata, tei, build)
