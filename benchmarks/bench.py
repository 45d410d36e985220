"""The editor's loop and the main job, as ratios to the import floor (run by hand; not part of the test suite).

    python benchmarks/bench.py [--runs N] [--only NAME ...] [--quick] [--dir DIR]

Every figure is a ratio of processor time (user + system, of the command and of every process it starts) to
that of the import floor, `python -c "import click, yaml, tabulate"`: each command is run N times, each run
paired with a run of the floor just before it, and the ratio of each pair is taken; the median of the N ratios
is reported (so that a machine shared with other work, whose load moves from one minute to the next, weighs on
both sides of each ratio alike). The wall time of each command is reported beside it, with the load average
of the machine while it ran.

What is measured (issue 38's targets, and issue 24's that still stand):

* `build`, repeated: the same inputs, into the output an earlier build wrote (as an editor repeats it: nothing
  is written) and into a new directory (every file written), target 3x;
* `audit` repeated, target 3x;
* `build --edition DIR` after one edit of each kind an editor makes, each run a new edit (never a state seen
  before): a number of a table changed where the witness has it (the run, the cell and the witness line), a
  word of an erratum's reason, a word of a line of prose, a comment of a transcription; target 5x;
* a cold build (`build --no-cache`: nothing remembered, every part made, the engine side in a process of its
  own on the other core): its processor time, and its wall time as a ratio to the floor's, target 10x on an
  idle two-core machine;
* `rithmocheck --help`, `generate ID` (target 2x), `collate` and `explain 91`.

The builds, and the build cache, are written in a temporary directory (in DIR with `--dir`): creating files
is the file system's work, counted as the command's processor time, and one directory of a disk may be far
slower at it than another (on the machine of issue 38, 400 files made in /tmp took 0.34-0.55 s where in the
checkout's directory they took 0.02-0.07 s, the same disk; and a directory in which many trees were written and
removed came to take 0.35 s where a new one beside it took 0.015 s: give DIR a new directory); an editor's build
writes output/ in the checkout.

Commands run as users run them, with the package's bytecode compiled (PYTHONDONTWRITEBYTECODE is dropped from
their environment), with a build cache of their own (a temporary XDG_CACHE_HOME) filled by a first run that is
not counted. `--quick` is the smallest budget, which the tests run so that the script cannot rot: one run a
command, no warm-up run, the commands alone (`--only` widens it), one table; its figures are not the ones to
report. Exit 1 when a target is missed. Large universes are benchmarked apart, by benchmarks/scale.py.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PY = sys.executable
FLOOR = [PY, "-c", "import click, yaml, tabulate"]
RC = [PY, "-m", "rithmocheck"]

TARGETS = {"edited": 5.0, "repeated": 3.0, "audit": 3.0, "cold wall": 10.0, "generate": 2.0}


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(processor time, wall time) of a command, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


class Bench:
    def __init__(self, runs: int, env: dict[str, str]) -> None:
        self.runs, self.env, self.failures, self.warm = runs, env, 0, True
        self.rows: list[str] = []

    def paired(self, name: str, cmd: list[str], target: str | None = None,
               before: Callable[[int], None] | None = None, warm: bool = True) -> tuple[float, float, float]:
        """The median ratio of a command's processor time to the floor's (each run paired with a floor run),
        its median processor and wall time; `before(n)` is called before run n (an edit)."""
        if warm and self.warm:
            if before is not None:
                before(-1)
            run(cmd, self.env)
        ratios, cpus, walls, floors, loads = [], [], [], [], []
        for n in range(self.runs):
            floor_cpu, floor_wall = run(FLOOR, self.env)
            if before is not None:
                before(n)
            cpu, wall = run(cmd, self.env)
            ratios.append(cpu / floor_cpu)
            cpus.append(cpu)
            walls.append(wall)
            floors.append(floor_wall)
            loads.append(os.getloadavg()[0])
        ratio = statistics.median(ratios)
        limit = TARGETS.get(target or "")
        verdict = "" if limit is None else ("ok" if ratio <= limit else f"OVER {limit:g}x")
        self.failures += bool(limit is not None and ratio > limit)
        floor = statistics.median(floors) * 1000
        self.rows.append(f"{name:52} {ratio:6.2f}x  {statistics.median(cpus) * 1000:7.0f} ms cpu  "
                         f"{statistics.median(walls) * 1000:7.0f} ms wall (floor {floor:.0f})"
                         f"  load {statistics.median(loads):.1f}  {verdict}")
        print(self.rows[-1], flush=True)
        return ratio, statistics.median(cpus), statistics.median(walls)


def editions(tmp: Path, env: dict[str, str]) -> Path:
    ed = tmp / "edition"
    subprocess.run([*RC, "init", str(ed)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=ROOT, env=env)
    return ed


def edit_cell(ed: Path) -> Callable[[int], None]:
    """A number of k1-musical (witness line 673) changed where the witness has it, to a new number each run."""
    def edit(n: int) -> None:
        witness, table = ed / "witness.txt", ed / "tables" / "k1-musical.yaml"
        lines = witness.read_text(encoding="utf-8").split("\n")
        old = lines[672].split(" 5 8 20")[0].rsplit(" ", 1)[1]
        new = str(1000 + n + 2)
        lines[672] = lines[672].replace(f"4 7 {old} 5 8 20", f"4 7 {new} 5 8 20")
        witness.write_text("\n".join(lines), encoding="utf-8")
        text = table.read_text(encoding="utf-8")
        table.write_text(text.replace(f"4 7 {old} 5 8 20", f"4 7 {new} 5 8 20").replace(
            f'- "4 7 {old}"', f'- "4 7 {new}"'), encoding="utf-8")
    return edit


def edit_erratum(ed: Path) -> Callable[[int], None]:
    """A word of an erratum's reason (k1-addition@1.4.26), new each run (the file read as it stands)."""
    path = ed / "errata.yaml"

    def edit(n: int) -> None:
        text = path.read_text(encoding="utf-8")
        edited, done = re.subn(r'reason: "(\(\d+\) )?72 \+ 28 is 100', f'reason: "({n + 2}) 72 + 28 is 100', text)
        assert done == 1
        path.write_text(edited, encoding="utf-8")
    return edit


def edit_line(ed: Path) -> Callable[[int], None]:
    """A word of a line of prose (witness line 4, "exercise of their wits."), new each run (the file read as it
    stands)."""
    witness = ed / "witness.txt"

    def edit(n: int) -> None:
        text = witness.read_text(encoding="utf-8")
        edited, done = re.subn(r"exercise of their wits(, \d+ times)?\.", f"exercise of their wits, {n + 2} times.",
                               text)
        assert done == 1
        witness.write_text(edited, encoding="utf-8")
    return edit


def edit_comment(ed: Path) -> Callable[[int], None]:
    def edit(n: int) -> None:
        table = ed / "tables" / "k1-musical.yaml"
        with table.open("a", encoding="utf-8") as f:
            f.write(f"# edited ({n + 2})\n")
    return edit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="paired runs per command (the median is kept)")
    parser.add_argument("--only", nargs="*", default=None,
                        help="only these: repeated, audit, edited, cold, commands")
    parser.add_argument("--quick", action="store_true", help="the smallest budget: one run, no warm-up, the "
                                                              "commands alone (the tests' run; not for the README)")
    parser.add_argument("--dir", default=None, metavar="DIR",
                        help="where the builds (and their cache) are written, in a temporary directory made in DIR "
                             "[the system's temporary directory]")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    only = set(args.only or (["commands"] if args.quick else ["repeated", "audit", "edited", "cold", "commands"]))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "RITHMOCHECK_NO_CACHE")}
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "rithmocheck")], check=False,
                   stdout=subprocess.DEVNULL, env=env)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp_name:
        tmp = Path(tmp_name)
        env = {**env, "XDG_CACHE_HOME": str(tmp / "cache")}  # never the user's cache
        b = Bench(args.runs, env)
        b.warm = not args.quick
        if "repeated" in only:
            b.paired("build, repeated, into its own output", [*RC, "build", "--out", str(tmp / "same")], "repeated")
            fresh = tmp / "fresh"
            b.paired("build, repeated, into a new directory", [*RC, "build", "--out", str(fresh)], "repeated",
                     before=lambda _n: shutil.rmtree(fresh, ignore_errors=True))
        if "audit" in only:
            b.paired("audit, repeated", [*RC, "audit"], "audit")
            b.paired("audit --format json, repeated", [*RC, "audit", "--format", "json"], "audit")
        if "edited" in only:
            ed = editions(tmp, env)
            out = tmp / "edited"
            cmd = [*RC, "--edition", str(ed), "build", "--out", str(out)]
            run(cmd, env)
            for name, edit in (("a number of a table where the witness has it", edit_cell(ed)),
                               ("an erratum's reason", edit_erratum(ed)),
                               ("a line of prose of the witness", edit_line(ed)),
                               ("a comment of a transcription", edit_comment(ed))):
                b.paired(f"build after an edit: {name}", cmd, "edited", before=edit)
        if "cold" in only:
            cold = tmp / "cold"
            ratio, cpu, wall = b.paired("build --no-cache (cold), processor time",
                                        [*RC, "build", "--no-cache", "--out", str(cold)], None,
                                        before=lambda _n: shutil.rmtree(cold, ignore_errors=True))
            floor_walls = [run(FLOOR, env)[1] for _ in range(max(3, args.runs))]
            wall_ratio = wall / statistics.median(floor_walls)
            limit = TARGETS["cold wall"]
            b.failures += wall_ratio > limit
            print(f"{'build --no-cache (cold), wall time':52} {wall_ratio:6.2f}x  (median wall {wall * 1000:.0f} ms "
                  f"against the floor's {statistics.median(floor_walls) * 1000:.0f}; load "
                  f"{os.getloadavg()[0]:.1f}: on an idle machine only)  "
                  f"{'ok' if wall_ratio <= limit else f'OVER {limit:g}x'}", flush=True)
        if "commands" in only:
            b.paired("rithmocheck --help", [*RC, "--help"], "generate")
            for table_id in ("k1-musical",) if args.quick else ("k1-musical", "k1-all-three", "men"):
                b.paired(f"generate {table_id}", [*RC, "generate", table_id, "--format", "json"], "generate")
            b.paired("collate", [*RC, "collate"])
            b.paired("explain 91", [*RC, "explain", "91"])
    return 1 if b.failures else 0


if __name__ == "__main__":
    sys.exit(main())
