"""The files of output/: every one rendered from the parts of the main job
(rithmocheck.export.parts: each table's audit and files, each passage's
collation, each page of the HTML edition, ..., each remembered under the
digest of what it reads), as text (pure);
rithmocheck.export.outfiles.write_tree writes them safely and atomically.

`build(ed)` makes the build: the engine side in a lane of its own (on the
other core, when it has work to do), the edition side in this process, each
part taken from the memo (rithmocheck.memo) where what it reads is unchanged.
`build_files(ed)` is the same build made afresh, remembering nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import memo
from ..pipeline.outcome import Outcome
from ..witness.edition import Edition
from .incremental import FileSet
from .parts import EditionJob, edition_side, engine_parts, engine_side


@dataclass(frozen=True)
class Build:
    """What the main job makes: every file of output/ (relative path -> text),
    the summary lines it reports and its exit code (its outcome's); and which
    parts it made and which it took from the memo."""

    files: Mapping[str, str]  # (a FileSet: each file's size and SHA-256 known, its text read when asked for)
    messages: tuple[str, ...]
    exit_code: int
    made: tuple[str, ...] = field(default=(), compare=False)
    kept: tuple[str, ...] = field(default=(), compare=False)
    keys: dict[str, str] = field(default_factory=dict, compare=False)  # each part's key in the memo
    times: dict[str, float] = field(default_factory=dict, compare=False)  # processor time of each part made here


def build(ed: Edition, remember: bool = True, verify: bool | None = None, fork: bool = True,
          job: EditionJob | None = None) -> Build:
    """The main job: every file of output/, its parts remembered (or, with remember False, all made afresh;
    `job`, the job of it already begun)."""
    from ..witness.collate import second_witness
    from .datapackage import datapackage
    from .report import summary_line

    job = job if job is not None else EditionJob(ed, remember, verify)
    second_witness(ed)  # a missing second witness is bad input before any work
    lane = job.lane(lambda: engine_side(job), fork=fork and not job.kept_all(engine_parts(job)))
    files = FileSet()
    try:
        job.specs  # noqa: B018 - (read on each side of a forked lane: the two run at once)
        for part in edition_side(job):
            files.add(part)
    except BaseException:
        lane.cancel()
        raise
    for part in lane.result():
        files.add(part)
    names = sorted(n for n in job.digests if n.startswith("out/"))
    files.add(job.files("out/datapackage.json", ["base", *(f"part:{n}" for n in names)],
                        lambda: {"datapackage.json": datapackage(files, ed, files)}))
    collation = job.collation
    outcome = Outcome(audit=job.report, collation=collation)
    messages = (summary_line(job.report, ed),) + ((collation.summary_line(),) if collation is not None else ())
    return Build(files, messages, outcome.exit_code, tuple(job.made), tuple(job.kept),
                 dict(job.keys) if job.remember else {}, dict(job.times))


def build_files(ed: Edition) -> dict[str, str]:
    """Every output file (relative path -> text), made afresh in this process."""
    with memo.off():
        return dict(build(ed, remember=False, fork=False).files)


def collation_files(outcome: Outcome) -> dict[str, str]:
    """The collation with the second witness (none when the edition names none), as the build writes it."""
    from .collation import collation_table
    from .values import FORMATS, render

    if outcome.collation is None:
        return {}
    value = collation_table(outcome.collation)
    return {f"collation.{fmt}": render(value, fmt) for fmt in (FORMATS["md"], FORMATS["json"])}
