"""The benchmarks (run by hand at full budget, see the README) run in the
test suite at their smallest budget, so that none rots (a refactor once left
benchmarks/bench.py importing a name that no longer existed; issue 33 found
benchmarks/play.py failing since `document()` took an edition). A run
passes when it exits 0 or 1 (1: a target missed, which is the benchmark's
answer, not a failure of the script), prints no traceback, and prints its
report."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py"))

# Each benchmark's smallest budget, and a line of its report.
SMALLEST = {
    "bench.py": (["--quick"], "rithmocheck --help"),
    "kernel.py": (["--depth", "1", "--runs", "1"], "| 3 | 1 | 12 |"),
    "openspiel.py": (["--games", "1", "--max-moves", "10", "--simulations", "5", "--rollout", "2"],
                     "| games | MCTS won |"),
    "play.py": (["--depth", "1", "--games", "1"], "| 3 | 1 | 12 |"),
    "scale.py": (["--sizes", "50", "--table", "k1-addition", "--table", "k1-all-three"], "k1-all-three"),
}


def test_there_are_benchmarks_each_with_its_smallest_budget():
    assert {p.name for p in BENCHMARKS} == set(SMALLEST)


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.name)
def test_each_benchmark_runs_at_its_smallest_budget(script):
    args, report = SMALLEST[script.name]
    if script.name == "openspiel.py" and importlib.util.find_spec("pyspiel") is None \
            and not (sys.version_info >= (3, 11) and os.environ.get("CI") == "true"):
        pytest.skip("the openspiel extra is not installed (open-spiel 2.0.2 has wheels for Python 3.11 and later)")
    r = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=600)
    assert r.returncode in (0, 1) and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert report in r.stdout, r.stdout[-2000:]
