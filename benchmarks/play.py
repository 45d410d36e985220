"""The reference engine's speed (run by hand; not part of the test suite).

    python benchmarks/play.py [--depth 3] [--games 20] [--seed 1563]

* perft: the number of move sequences from each kind's starting position to
  the depth, with the processor time taken (one process, one core); the
  counts are the regression values of tests/test_play.py. Target: the first
  kind to depth 3 in under 2 s.
* playouts: random games of each kind from its starting position (each move
  chosen at random among the legal ones, up to 200 moves or a victory), the
  positions played per second of processor time.

Exit 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rithmocheck.play.moves import legal_moves, play  # noqa: E402
from rithmocheck.play.rules import compile_rules  # noqa: E402
from rithmocheck.ruleset import document  # noqa: E402
from rithmocheck.witness.edition import Edition  # noqa: E402

PERFT_TARGET = 2.0  # seconds, the first kind to depth 3


def perft(pos, rules, depth: int) -> int:  # type: ignore[no-untyped-def]
    moves = legal_moves(pos, rules)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m, rules).position, rules, depth - 1) for m in moves)


def playouts(rules, games: int, rng: random.Random, limit: int = 200) -> tuple[int, float, int]:  # type: ignore[no-untyped-def]
    positions, won = 0, 0
    start = time.process_time()
    for _ in range(games):
        pos = rules.start_position()
        for _ply in range(limit):
            moves = legal_moves(pos, rules)
            if not moves:
                break
            out = play(pos, rng.choice(moves), rules, {"name": "bodies", "men": 12})
            pos = out.position
            positions += 1
            if out.victories:
                won += 1
                break
    return positions, time.process_time() - start, won


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1563)
    args = ap.parse_args()
    ok = True
    print("| kind | depth | perft | seconds |\n|---|---:|---:|---:|")
    for kind in (1, 2, 3):
        rules = compile_rules(document(kind, Edition.default()))
        pos = rules.start_position()
        for depth in range(1, args.depth + 1):
            t = time.process_time()
            n = perft(pos, rules, depth)
            dt = time.process_time() - t
            print(f"| {kind} | {depth} | {n:,} | {dt:.2f} |")
            if kind == 1 and depth == 3 and dt >= PERFT_TARGET:
                ok = False
    print("\n| kind | games | positions | seconds | positions/s | won by bodies (12 men) |")
    print("|---|---:|---:|---:|---:|---:|")
    rng = random.Random(args.seed)
    for kind in (1, 2, 3):
        rules = compile_rules(document(kind, Edition.default()))
        n, dt, won = playouts(rules, args.games, rng)
        print(f"| {kind} | {args.games} | {n:,} | {dt:.2f} | {n / dt:,.0f} | {won} |")
    if not ok:
        print(f"the first kind to depth 3 took {PERFT_TARGET} s or more", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
