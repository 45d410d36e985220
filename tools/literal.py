"""Hold the reference engine to the literal evaluator over many random lawful positions (issue 33).

    python tools/literal.py                       # 10,000 positions a kind under the default options,
                                                  # 2,000 a kind under each other value of each option
    python tools/literal.py --positions 200 --per-option 20 --kind 3
    python tools/literal.py --engine ../other-checkout   # the engine of another checkout (its rithmocheck/)

For each kind (1, 2, 3) and each option value (the defaults, then each
option set to each of its other values, the rest default), random lawful
positions (tests/literal/positions.py, seeded: the same command gives the
same positions), and for each position every legal move (or --sample of
them, the moves that take before moving always among them): the engine's
captures and victories against the literal evaluator's (tests/literal/),
and the engine's moves by draught, flight and taking before the move.

Prints a line per kind and option value (positions, moves, captures and
victories agreed on, disagreements), then the disagreements grouped by what
they are about, each group with its count and its positions in the
one-line notation of docs/play.md with the move and both answers (all of
them with --all, else the first --show of each group). Exit 0 when engine
and evaluator agree everywhere, 1 when they disagree.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _paths(engine: str | None) -> None:
    if engine:
        sys.path.insert(0, str(Path(engine).resolve()))
    sys.path.insert(1 if engine else 0, str(ROOT / "tests"))
    if not engine:
        sys.path.insert(0, str(ROOT))


Job = tuple[int, str | None, Any, int, int | None, int, str | None, bool]


def _unit(job: Job) -> tuple[Any, ...]:
    kind, name, value, count, sample, seed, engine, engine_readings = job
    _paths(engine)
    from literal.book import ENGINE_READINGS
    from literal.differential import AGREEMENTS, Tally, compare, setup
    from literal.positions import random_position

    options = {} if name is None else {name: value}
    readings = ENGINE_READINGS if engine_readings else None
    rng = random.Random(f"{seed}:{kind}:{name}:{value}")
    tally = Tally()
    start = time.process_time()
    _rules, book = setup(kind, options, readings)
    for _ in range(count):
        pos = random_position(book, rng)
        agreement = rng.choice(AGREEMENTS) if rng.random() < 0.3 else None
        compare(kind, options, pos, rng, sample=sample, agreement=agreement, tally=tally, readings=readings)
    return kind, name, value, tally, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=10_000, help="positions a kind under the default options")
    ap.add_argument("--per-option", type=int, default=2_000,
                    help="positions a kind under each other value of each option")
    ap.add_argument("--kind", type=int, nargs="*", default=[1, 2, 3])
    ap.add_argument("--option", nargs="*", default=None, help="only these options (names)")
    ap.add_argument("--sample", type=int, default=None, help="moves a position (default every legal move)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine's cores are shared)")
    ap.add_argument("--engine", default=None, help="a checkout whose rithmocheck/ engine to hold to the book")
    ap.add_argument("--show", type=int, default=3, help="positions shown of each group of disagreements")
    ap.add_argument("--all", action="store_true", help="show every disagreement")
    ap.add_argument("--engine-readings", action="store_true",
                    help="the evaluator takes the engine's readings where the ruleset has no option (book.READINGS)")
    args = ap.parse_args(argv)
    _paths(args.engine)
    from literal.differential import KNOWN, known, option_values, signature

    import rithmocheck

    print(f"engine: {Path(rithmocheck.__file__).resolve().parent}")
    jobs: list[Job] = []
    for kind in args.kind:
        if args.positions:
            jobs.append((kind, None, None, args.positions, args.sample, args.seed, args.engine, args.engine_readings))
        for name, values in option_values(kind).items():
            if args.option is not None and name not in args.option:
                continue
            for value in values[1:]:
                jobs.append((kind, name, value, args.per_option, args.sample, args.seed, args.engine,
                             args.engine_readings))
    results = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for i, r in enumerate(pool.map(_unit, jobs), 1):
                results.append(r)
                _progress(i, len(jobs), r)
    else:
        for i, j in enumerate(jobs, 1):
            results.append(_unit(j))
            _progress(i, len(jobs), results[-1])
    disagreements = []
    total_cpu = 0.0
    print(f"{'kind':4}  {'options':42} {'positions':>9} {'moves':>8} {'captures':>8} {'victories':>9} "
          f"{'disagree':>8} {'cpu s':>7}")
    for kind, name, value, tally, cpu in results:
        total_cpu += cpu
        label = "(defaults)" if name is None else f"{name}={_show(value)}"
        print(f"{kind:<4}  {label:42} {tally.positions:9} {tally.moves:8} {tally.captures:8} {tally.victories:9} "
              f"{len(tally.disagreements):8} {cpu:7.1f}")
        disagreements += tally.disagreements
    print(f"processor time: {total_cpu:.0f} s; disagreements: {len(disagreements)}")
    groups: dict[tuple[int, str], list[Any]] = {}
    for d in disagreements:
        name = known(d)
        groups.setdefault((d.kind, f"known engine bug {name}: {KNOWN[name]}" if name else signature(d)), []).append(d)
    unknown = sum(len(ds) for (_k, sig), ds in groups.items() if not sig.startswith("known"))
    print(f"of which not known engine bugs: {unknown}")
    for (kind, sig), ds in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        options = Counter("(defaults)" if not d.options else " ".join(f"{n}={_show(v)}" for n, v in d.options.items())
                          for d in ds)
        print(f"\n== kind {kind}: {sig}: {len(ds)} (under {', '.join(f'{o} {n}' for o, n in options.most_common())})")
        for d in ds if args.all else ds[:args.show]:
            print(d.line())
    return 1 if disagreements else 0


def _progress(i: int, n: int, r: tuple[Any, ...]) -> None:
    kind, name, value, tally, cpu = r
    label = "(defaults)" if name is None else f"{name}={_show(value)}"
    print(f"[{i}/{n}] kind {kind} {label}: {tally.positions} positions, {len(tally.disagreements)} disagreements, "
          f"{cpu:.0f} s", file=sys.stderr, flush=True)


def _show(v: Any) -> str:
    if isinstance(v, list | tuple):
        return ",".join(map(str, v))
    return str(v).lower() if isinstance(v, bool) else str(v)


if __name__ == "__main__":
    os.environ.setdefault("RITHMOCHECK_NO_CACHE", "1")
    sys.exit(main())
