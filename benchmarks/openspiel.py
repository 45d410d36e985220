"""OpenSpiel's MCTS agent against its uniformly random agent, on the game
`rithmomachia` (run by hand; needs the openspiel extra; not part of the
test suite, which plays two short games).

    python benchmarks/openspiel.py [--games 40] [--ruleset kind-1] [--men 1] [--max-moves 200]
                                   [--simulations 100] [--rollout 10] [--jobs 2] [--seed 1563] [--records DIR]

The agents are OpenSpiel's own: `open_spiel.python.algorithms.mcts.MCTSBot`
(UCT constant 2, `--simulations` a move, one random rollout an evaluation,
cut at `--rollout` moves: a rollout that ends no game counts as a draw;
MCTS-solver on) and `open_spiel.python.bots.uniform_random.UniformRandomBot`.
They play `--games` games under the victory of bodies (`--men` men taken
win), drawn after `--max-moves` moves, the MCTS agent taking the even side
in one game and the odd in the next. Each game has its own seed (the seed
and its number), so a run is the same whether it runs in one process or in
`--jobs` processes, which share out the games. `--records DIR` writes each
game as a record (`rithmocheck replay DIR/game-01.txt`).

Prints a Markdown table of the games (wins, draws, losses of the MCTS
agent, its win rate, the moves played, the minutes and the games a minute)
and exits 1 when the MCTS agent wins less than 80% of the games (the
target of issue 37).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET = 0.8


def play_one(args: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    import numpy as np
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    from rithmocheck.openspiel import load

    number, o = args
    game = load(o["ruleset"], agreement=f"bodies:men={o['men']}", max_moves=o["max_moves"])
    rng = np.random.RandomState(o["seed"] * 1000 + number)
    side = number % 2  # the MCTS agent's player: even (0) in the even-numbered games
    bots: list[Any] = [uniform_random.UniformRandomBot(p, rng) for p in (0, 1)]
    bots[side] = mcts.MCTSBot(game, 2.0, o["simulations"],
                              mcts.RandomRolloutEvaluator(1, rng, max_length=o["rollout"] or None),
                              random_state=rng, solve=True)
    start = time.perf_counter()
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    if o["records"]:
        Path(o["records"], f"game-{number + 1:02d}.txt").write_text(state.record(), encoding="utf-8")
    result, note = state.result()
    return {"game": number + 1, "mcts": ("even", "odd")[side], "return": state.returns()[side], "moves": state.ply,
            "result": result, "note": note, "seconds": time.perf_counter() - start}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ruleset", default="kind-1")
    ap.add_argument("--men", type=int, default=1, help="bodies: the men taken that win [1]")
    ap.add_argument("--max-moves", type=int, default=200)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--rollout", type=int, default=10, help="a rollout's moves at most (0: to the end) [10]")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1563)
    ap.add_argument("--records", default=None, metavar="DIR")
    a = ap.parse_args()
    if a.records:
        Path(a.records).mkdir(parents=True, exist_ok=True)
    o = {"ruleset": a.ruleset, "men": a.men, "max_moves": a.max_moves, "simulations": a.simulations,
         "rollout": a.rollout, "seed": a.seed, "records": a.records}
    start = time.perf_counter()
    jobs = [(i, o) for i in range(a.games)]
    rows = []
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as pool:
            for row in pool.map(play_one, jobs):
                rows.append(row)
                print(row, file=sys.stderr, flush=True)
    else:
        for job in jobs:
            rows.append(play_one(job))
            print(rows[-1], file=sys.stderr, flush=True)
    minutes = (time.perf_counter() - start) / 60
    won = sum(r["return"] > 0 for r in rows)
    lost = sum(r["return"] < 0 for r in rows)
    drawn = len(rows) - won - lost
    moves = sum(r["moves"] for r in rows)
    print(f"MCTS ({a.simulations} simulations a move, rollouts of at most {a.rollout or 'all the'} moves) against "
          f"uniform random: {a.ruleset}, bodies of {a.men} {'man' if a.men == 1 else 'men'}, drawn after "
          f"{a.max_moves} moves, {a.jobs} process{'es' if a.jobs > 1 else ''}\n")
    print("| games | MCTS won | drawn | lost | win rate | moves (mean) | minutes | games a minute |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {len(rows)} | {won} | {drawn} | {lost} | {won / len(rows):.0%} | {moves / len(rows):.0f} | "
          f"{minutes:.1f} | {len(rows) / minutes:.2f} |")
    ok = won >= TARGET * len(rows)
    if not ok:
        print(f"the MCTS agent won less than {TARGET:.0%} of the games", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
