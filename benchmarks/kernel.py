"""The reference engine's kernel as a search plays it (run by hand; the test
suite runs it at its smallest budget, `--depth 1`).

    python benchmarks/kernel.py [--depth 3] [--kind 1 --kind 2 ...] [--repeat 3] [--runs 3]

Perft with every leaf played: from each kind's starting position every
sequence of legal moves to the depth is made, and each move of the last
ply is played too (rithmocheck.play.play: the new position, its captures
and the victories it makes), as a search or learning agent plays every leaf
it looks at. Printed per kind and depth: the leaves (the perft count, the
regression values of tests/test_play.py), the captures the leaves make, the
processor time (user + system of this process: what a search pays, whatever
else runs on the machine; the least of `--repeat` runs, as benchmarks/bench.py
keeps the best of its runs), the positions played per second of processor
time, and that time as a ratio to the import floor's processor time
(`python -c "import click, yaml, tabulate"`, as benchmarks/bench.py
measures it), which makes runs on different machines comparable.

Targets (issue 33), at depth 3: the first kind at least 30,000 positions a
second; the second and third kinds at least four times as many as at the
start of that issue (BEFORE below, measured by this script on this 2-core
machine before any change of that issue: 12,731, 11,231 and 9,872
positions a second, 16.27 s, 129.14 s and 0.22 s of processor time, 210x,
1,666x and 2.8x the floor). Exit 1 when a target is missed at depth 3.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rithmocheck.play.moves import legal_moves, play  # noqa: E402
from rithmocheck.play.rules import compile_rules  # noqa: E402
from rithmocheck.ruleset import document  # noqa: E402
from rithmocheck.witness.edition import Edition  # noqa: E402

# positions played per second of processor time at depth 3 at the start of issue 33 (this machine)
BEFORE = {1: 12_731.0, 2: 11_231.0, 3: 9_872.0}
TARGETS = {1: 30_000.0, 2: 4 * BEFORE[2], 3: 4 * BEFORE[3]}
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def perft(pos, rules, depth: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """(leaves, captures): every move sequence to the depth, each leaf played."""
    moves = legal_moves(pos, rules)
    if depth == 1:
        return len(moves), sum(len(play(pos, m, rules).captures) for m in moves)
    leaves = captures = 0
    for m in moves:
        n, c = perft(play(pos, m, rules).position, rules, depth - 1)
        leaves += n
        captures += c
    return leaves, captures


def floor_cpu(runs: int) -> float:
    """The least processor time of the import floor, in seconds (one warm-up run first)."""
    times = []
    for _ in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", "import click, yaml, tabulate"], check=False, cwd=ROOT, env=ENV)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times[1:])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=3, help="plies from the start (default 3)")
    ap.add_argument("--kind", type=int, action="append", choices=(1, 2, 3), help="only this kind (repeatable)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each perft (the least time is kept)")
    ap.add_argument("--runs", type=int, default=3, help="runs of the import floor (the least is kept)")
    args = ap.parse_args()
    floor = floor_cpu(args.runs)
    edition = Edition.default()
    print(f"import floor (click, yaml, tabulate): {floor * 1000:.1f} ms of processor time\n")
    print("| kind | depth | leaves | captures | processor s | positions/s | ratio to the floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    missed = []
    for kind in args.kind or (1, 2, 3):
        rules = compile_rules(document(kind, edition))
        pos = rules.start_position()
        for depth in range(1, args.depth + 1):
            dt = float("inf")
            for _ in range(max(1, args.repeat)):
                t0 = time.process_time()
                leaves, captures = perft(pos, rules, depth)
                dt = min(dt, max(time.process_time() - t0, 1e-9))
            rate = leaves / dt
            print(f"| {kind} | {depth} | {leaves:,} | {captures:,} | {dt:.2f} | {rate:,.0f} | {dt / floor:,.1f}x |",
                  flush=True)
            if depth == 3 and rate < TARGETS[kind]:
                missed.append(f"kind {kind}: {rate:,.0f} positions/s, target {TARGETS[kind]:,.0f}")
    for line in missed:
        print(f"missed: {line}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
