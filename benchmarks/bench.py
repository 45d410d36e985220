"""Start-up and main-job benchmark (run by hand; not part of the test suite).

    python benchmarks/bench.py [--runs N] [--quick]

Measures, in one run on this machine, each command as the best of N runs
and as a ratio to the import floor, `python -c "import click, yaml, tabulate"`:

  * `rithmocheck --help`, and `rithmocheck generate ID` for every table
    (target: at most 2x the floor);
  * `rithmocheck audit`, and `rithmocheck build` into a fresh directory,
    both as a user repeats it (inputs unchanged since the last build, so
    its files come from the build cache: target at most 3x the floor) and
    cold (`--no-cache`, every file made afresh: reported, no target met;
    see the README);
  * the processor time (user + system) of the cold build, and the least
    wall time any division of that work over this machine's cores could
    reach: the floor plus the build's extra processor time over the cores;
  * that neither `generate` nor `build` imports sympy;
  * the targets of issue 24: `build --edition DIR` after one edited table
    of an edition made by `init` (target at most 2x the floor), the cold
    build (at most 4x), `collate` and `explain 91` (at most 3x each).

Commands run as users run them, with the package's bytecode compiled (one
warm-up run first; PYTHONDONTWRITEBYTECODE is dropped from their environment).

Exit 1 when a target is missed. Large universes are benchmarked apart, by
benchmarks/scale.py. `--quick` is the smallest budget, which the tests run so
that the script cannot rot: every measurement once, with no warm-up run,
`generate` of one table only; its figures are not the ones to report.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rithmocheck.witness.edition import Edition  # noqa: E402

TABLE_IDS = Edition.default().registry.ids  # the shipped edition's tables

GENERATE_TARGET = 2.0
BUILD_TARGET = 3.0
# issue 24
EDITED_BUILD_TARGET = 2.0
COLD_BUILD_TARGET = 4.0
COLLATE_TARGET = EXPLAIN_TARGET = 3.0


# As users run it: with compiled bytecode (a sandbox may set
# PYTHONDONTWRITEBYTECODE, which would make every run compile the package).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


WARM_UP = True  # a run before those measured (not with --quick)


def best(cmd: list[str], runs: int) -> float:
    if WARM_UP:
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=ENV)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=ENV)
        times.append(time.perf_counter() - t0)
    return min(times)


def cpu_best(cmd: list[str], runs: int, fresh: str | None = None) -> float:
    """The least processor time (user + system) a command takes, in seconds
    (fresh: a directory removed before each run)."""
    import resource
    import shutil

    times = []
    for _ in range(runs + WARM_UP):  # a warm-up run first, not counted
        if fresh:
            shutil.rmtree(fresh, ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=ENV)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times[1:] if WARM_UP else times)


def edited_build(py: str, runs: int, env: dict[str, str]) -> float:
    """The best wall time of `build --edition DIR` just after one table of DIR (an edition made by `init`,
    built once) was edited: a comment line added to its transcription, so that its bytes, and nothing
    else, change (the build cache, in `env`, holds the builds before the edit)."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        edition = Path(tmp) / "edition"
        subprocess.run([py, "-m", "rithmocheck", "init", str(edition)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        table = sorted((edition / "tables").glob("*.yaml"))[0]
        cmd = [py, "-m", "rithmocheck", "--edition", str(edition), "build", "--out", f"{tmp}/output"]
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        for n in range(runs):
            with table.open("a", encoding="utf-8") as f:
                f.write(f"# edited ({n})\n")
            t0 = time.perf_counter()
            subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                           env=env)
            times.append(time.perf_counter() - t0)
    return min(times)


def imports_sympy(args: list[str]) -> bool:
    probe = ("import sys; from click.testing import CliRunner; from rithmocheck.cli import cli; "
             f"CliRunner().invoke(cli, {args!r}); print('sympy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    return out.stdout.strip() == "True"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (the best is kept)")
    parser.add_argument("--quick", action="store_true", help="the smallest budget: each measurement once, no "
                                                              "warm-up, one table (the tests' run; not for the README)")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    global WARM_UP
    WARM_UP = not args.quick
    py = sys.executable
    floor = best([py, "-c", "import click, yaml, tabulate"], runs)
    print(f"{'import floor (click, yaml, tabulate)':42} {floor * 1000:7.1f} ms   1.00x")
    failures = 0

    def report(name: str, t: float, target: float | None) -> None:
        nonlocal failures
        ratio = t / floor
        verdict = "" if target is None else ("ok" if ratio <= target else f"OVER {target:g}x")
        failures += bool(target is not None and ratio > target)
        print(f"{name:42} {t * 1000:7.1f} ms {ratio:6.2f}x {verdict}")

    report("rithmocheck --help", best([py, "-m", "rithmocheck", "--help"], runs), GENERATE_TARGET)
    for table_id in TABLE_IDS[:1] if args.quick else TABLE_IDS:
        t = best([py, "-m", "rithmocheck", "generate", table_id, "--format", "json"], runs)
        report(f"generate {table_id}", t, GENERATE_TARGET)
    report("audit --format json", best([py, "-m", "rithmocheck", "audit", "--format", "json"], runs), None)
    with tempfile.TemporaryDirectory() as cache_home:
        env = {**ENV, "XDG_CACHE_HOME": cache_home}  # never the user's cache
        env.pop("RITHMOCHECK_NO_CACHE", None)
        for name, extra, target in (("build, repeated (from the build cache)", [], BUILD_TARGET),
                                    ("build --no-cache (cold)", ["--no-cache"], COLD_BUILD_TARGET)):
            times = []
            skip = 1 if WARM_UP or not extra else 0  # the first run fills the cache (or warms up): not counted
            for n in range(runs + skip):
                with tempfile.TemporaryDirectory() as tmp:
                    t0 = time.perf_counter()
                    subprocess.run([py, "-m", "rithmocheck", "build", "--out", f"{tmp}/output", *extra],
                                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                                   env=env)
                    if n >= skip:
                        times.append(time.perf_counter() - t0)
            report(name, min(times), target)
        report("build --edition DIR, one table edited", edited_build(py, runs, env), EDITED_BUILD_TARGET)
    report("collate", best([py, "-m", "rithmocheck", "collate"], runs), COLLATE_TARGET)
    report("explain 91", best([py, "-m", "rithmocheck", "explain", "91"], runs), EXPLAIN_TARGET)
    # What the cold build costs in processor time, beyond what the floor's process costs: on this
    # machine's cores, no division of the work between processes brings its wall time under the
    # floor plus that time shared evenly over the cores (a lower bound; the package's own import
    # cannot be shared at all).
    floor_cpu = cpu_best([py, "-c", "import click, yaml, tabulate"], runs)
    with tempfile.TemporaryDirectory() as tmp:
        build_cpu = cpu_best([py, "-m", "rithmocheck", "build", "--no-cache", "--out", f"{tmp}/o"], runs,
                             fresh=f"{tmp}/o")
    cores = os.cpu_count() or 1
    bound = floor + (build_cpu - floor_cpu) / cores
    print(f"{'cold build, processor time (user + sys)':42} {build_cpu * 1000:7.1f} ms "
          f"  (the floor's {floor_cpu * 1000:.1f})")
    print(f"{f'cold build at best on {cores} cores':42} {bound * 1000:7.1f} ms {bound / floor:6.2f}x "
          f"(floor + the extra processor time / {cores})")
    for args in (["generate", "k1-all-three"], ["build", "--no-cache", "--out", tempfile.mkdtemp() + "/o"]):
        loaded = imports_sympy(args)
        failures += loaded
        print(f"{'sympy imported by ' + args[0]:42} {loaded}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
