"""The benchmarks (run by hand, not in the test suite) at least start: each
script imports what it measures and answers --help (a refactor once left
benchmarks/bench.py importing a name that no longer existed)."""

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py"))


def test_there_are_benchmarks():
    assert {p.name for p in BENCHMARKS} >= {"bench.py", "play.py", "scale.py"}


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.name)
def test_each_benchmark_starts(script):
    r = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-500:]
