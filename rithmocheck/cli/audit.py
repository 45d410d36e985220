"""The commands of the audit: audit, errata, tei, build."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

import click

from ..errors import InputError, printable
from ..export.values import TEI, Format, Text
from ..words import count
from .options import batch, check_output, complete_audit_ids, edition, errata_option, output_options, write


@click.command()
@click.argument("table_ids", nargs=-1, metavar="[ID]...", shell_complete=complete_audit_ids)
@errata_option
@output_options()
@batch
def audit(table_ids: tuple[str, ...], errata_path: str | None, fmt: Format, output: str | None) -> None:
    """Audit the printed tables (or only the tables ID..., and `examples` for
    the worked examples) against their regenerated tables.

    Every finding of the run is reported: misprint (with ranked correction
    candidates), omission, spurious, duplicate, count, example, universe (once
    per table, for information) and erratum (a curated erratum that is stale
    or wrong). text gives one line per finding grouped by table; json an
    object {"findings": [...], "summary": {...}} (schema
    rithmocheck/schema/audit-1.json); csv/tsv/md/ndjson one row per finding. A
    summary goes to stderr, with what changed since the last audit of the same
    edition, errata and tables: the findings added and removed, a line each
    with its position (each table's audit is remembered, as a build
    remembers it, so that a repeated audit, or one after an edit, redoes only
    the tables the edit touched). Exit 0 when every finding is covered by a curated
    erratum, 1 when one is not, 2 on bad input.

    \b
    Example:
      rithmocheck audit
      rithmocheck audit k1-musical --format json
    """
    from ..audit.run import audit_ids
    from ..export.report import report_table, summary_line
    from ..memo import enabled
    from ..pipeline.outcome import Outcome
    from ..pipeline.run import audit as run_audit

    ed = edition(errata_path)
    audit_ids(table_ids, ed)  # an unknown id is bad input before any work
    check_output(output, ed)
    if enabled():  # each table's audit remembered, as a build remembers it (rithmocheck.export.parts)
        from ..export.parts import EditionJob

        job = EditionJob(ed)
        report = job.report_of(table_ids)
        outcome = Outcome(audit=report)
    else:
        outcome = run_audit(ed, ids=table_ids)
    assert outcome.audit is not None
    write(report_table(outcome.audit, ed.registry), fmt, output, ed)
    click.echo(summary_line(outcome.audit, ed), err=True)
    if enabled():
        import hashlib

        from ..export.changes import audit_changes, lines, summary
        from ..memo import flush

        which = "\0".join((str(ed.root.resolve()), str(ed.errata_path.resolve()), *sorted(table_ids)))
        changes = audit_changes(hashlib.sha256(which.encode("utf-8", "surrogateescape")).hexdigest(),
                                [f.as_dict() for f in outcome.audit.findings],
                                "the last audit" + (f" of {' '.join(table_ids)}" if table_ids else ""))
        flush()
        for line in filter(None, (summary(changes), *lines(changes))):
            click.echo(printable(line), err=True)
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
@output_options()
@batch
def build(out_dir: str, errata_path: str | None, no_cache: bool, fmt: Format, output: str | None) -> None:
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
    is deleted. A summary goes to stderr, with how much changed since the
    last build of OUT; what changed goes to stdout (or -o FILE): a line per
    finding added (+) or removed (-), with its position, and the files
    added, removed and changed; --format json an object {"since",
    "findings": {"added", "removed"}, "files": {"added", "removed",
    "changed"}} with each finding whole; csv/tsv/md/ndjson a row each;
    exit 1 when a finding is not covered by a curated erratum or a
    disagreement with the second witness is not explained by a recorded
    reading.
    A build remembers its parts (each table's audit and files, each
    passage's collation, each page of the HTML edition, the rulesets each
    conformance case holds for) in a memo ($XDG_CACHE_HOME/rithmocheck,
    else ~/.cache/rithmocheck), each under the digest of what it reads, so
    that a build after an edit makes only the parts the edit touched; a
    build whose inputs are byte for byte those of an earlier build takes its
    files whole, and says so, and writes nothing when OUT already holds them.

    \b
    Example:
      rithmocheck build
      rithmocheck build --format json | jq .findings.added
    """
    from ..export.build import build as make_build
    from ..export.cache import Head, cached_build
    from ..export.changes import Changes, build_changes, keep_noted, noted_files, previous_build, report, summary
    from ..export.incremental import FileSet, MissingText
    from ..export.outfiles import Record, check_out_dir, check_out_file, unchanged_tree, write_tree
    from ..memo import flush, forget, off

    ed = edition(errata_path)
    protected = ed.protected()
    # OUT's files as the last build left them (and, below, as this one leaves them); --no-cache reads no memo
    noted = None if no_cache else noted_files(out_dir)
    # before the work, so that a refusal is quick; what OUT holds is read here only when no build of ours is
    # noted there (it is read again, under the build's lock, before anything is written)
    check_out_dir(out_dir, protected, contents=noted is None)
    if output is not None:  # the report of changes, neither onto the edition nor into OUT
        target = check_out_file(output, protected)
        if Path(os.path.realpath(out_dir)) in target.parents:
            raise InputError(output, None, f"lies inside {out_dir}/, which the build rewrites; write the changes "
                                           "elsewhere")
    before = previous_build(out_dir)
    note: Record = {}
    files: Mapping[str, str] | None
    hit = False
    if no_cache:
        with off():
            made = make_build(ed, remember=False)
        files, messages, exit_code = made.files, made.messages, made.exit_code
    else:
        done, hit = cached_build(ed)
        if isinstance(done, Head):
            messages, exit_code = done.messages, done.exit_code
            if before is not None and before.manifest == done.manifest and unchanged_tree(out_dir, protected,
                                                                                          noted):
                files = None  # OUT holds this very build, as a build wrote it: nothing to write
            else:
                files = done.files()
                if files is None:  # a part gone from the memo: the build is made again
                    made, hit = make_build(ed), False
                    files, messages, exit_code = made.files, made.messages, made.exit_code
        else:
            files, messages, exit_code = done.files, done.messages, done.exit_code
    since = f"the last build of {out_dir}/"
    if files is not None:
        for _attempt in range(3):
            known = files if isinstance(files, FileSet) else None
            try:
                left = write_tree(files, out_dir, protected, known, noted, note)
                changes = build_changes(before, files, known.shas() if known is not None else None, since=since)
                break
            except MissingText as gone:  # texts of a part gone from the memo: the part forgotten, made again
                if gone.key is not None:
                    forget(gone.key)
                made, hit = make_build(ed), False
                files, messages, exit_code = made.files, made.messages, made.exit_code
        else:
            made = make_build(ed, remember=False)
            files, messages, exit_code = made.files, made.messages, made.exit_code
            left = write_tree(files, out_dir, protected)
            changes = build_changes(before, files, since=since)
        for path in left:
            click.echo(f"warning: left {printable(path)}, which no build wrote", err=True)
        if note and not no_cache:  # (--no-cache neither reads nor writes the memo)
            keep_noted(out_dir, note)
        n, names = len(files) + 1, list(files)
    else:
        assert before is not None
        changes = Changes(since=since)
        n, names = len(before.files) + 1, list(before.files)
    flush()
    tables = len({f.split("/")[1] for f in names if f.startswith("tables/")})
    source = "; the files of an earlier build with the same inputs, from the cache" if hit else ""
    state = f"wrote {n} files to" if files is not None else f"kept the {n} files of"
    click.echo(f"{state} {printable(out_dir)}/ ({tables} tables{source})", err=True)
    if "html/index.html" in names:
        click.echo(f"the HTML edition: {printable(os.path.join(out_dir, 'html', 'index.html'))}", err=True)
    for message in messages:
        click.echo(message, err=True)
    if summary(changes):
        click.echo(printable(summary(changes)), err=True)
    write(report(changes), fmt, output, ed)
    drift = ed.witness_drift()  # after the work: a refusal stays one line
    if drift:
        click.echo(f"warning: {drift}", err=True)
    sys.exit(exit_code)


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
