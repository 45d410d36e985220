"""Benchmarks for rithmocheck (run by hand; not part of the test suite).

    python benchmarks/bench.py

Measures, on this machine:
  * the baseline: `python -c "import click, yaml, tabulate"`;
  * the CLI start (`rithmocheck --help`) and `rithmocheck generate ID` for
    every table, each against the target of 2x the baseline;
  * the three-term generators on a universe of 2,000 numbers (target < 2 s);
  * `rithmocheck audit` and `rithmocheck build` (into a temporary
    directory), against the target of 3x the baseline;
  * that the generate path does not import sympy.
Each command is timed as the best of several runs.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))

from rithmocheck.tables import TABLE_IDS  # noqa: E402
from rithmocheck.tables.proportion import three_term  # noqa: E402

RUNS = 5


def best(cmd: list[str], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> int:
    py = sys.executable
    base = best([py, "-c", "import click, yaml, tabulate"])
    print(f"baseline import click, yaml, tabulate: {base * 1000:7.1f} ms")
    failures = 0
    start = best([py, "-m", "rithmocheck", "--help"])
    print(f"rithmocheck --help                    : {start * 1000:7.1f} ms ({start / base:.2f}x)")
    for table_id in TABLE_IDS:
        t = best([py, "-m", "rithmocheck", "generate", table_id, "--format", "json"])
        ok = t <= 2 * base
        failures += not ok
        print(f"generate {table_id:28} : {t * 1000:7.1f} ms ({t / base:.2f}x) {'ok' if ok else 'OVER 2x'}")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, cmd in (("audit", ["audit", "--format", "json"]), ("build", ["build", "--out", f"{tmp}/output"])):
            t = best([py, "-m", "rithmocheck", *cmd], runs=3)
            ok = t <= 3 * base
            failures += not ok
            print(f"{name:37} : {t * 1000:7.1f} ms ({t / base:.2f}x) {'ok' if ok else 'OVER 3x'}")
    rng = random.Random(1563)
    universe = frozenset(rng.sample(range(1, 20_000), 2000))
    for relation in ("arithmetic", "geometric", "musical"):
        t0 = time.perf_counter()
        rows = three_term(relation, universe)
        t = time.perf_counter() - t0
        ok = t < 2.0
        failures += not ok
        print(f"{relation:10} over 2,000 numbers       : {t * 1000:7.1f} ms, {len(rows)} rows {'ok' if ok else 'OVER 2 s'}")
    probe = ("import sys; from click.testing import CliRunner; from rithmocheck.cli import cli; "
             "CliRunner().invoke(cli, ['generate', 'k1-musical']); print('sympy' in sys.modules)")
    loaded = subprocess.run([py, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    print(f"sympy imported by generate            : {loaded}")
    failures += loaded != "False"
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
