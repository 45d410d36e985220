"""Scaling benchmark: the generators on a scholar's own universe (run by hand;
not part of the test suite).

    python benchmarks/scale.py             # N = 500, 1,000, 2,000, 5,000
    python benchmarks/scale.py --quick     # N = 500, 1,000, 2,000 only
    python benchmarks/scale.py --markdown  # also print the README table

For every table of the registry that takes a universe (every table but the
ones fixed to the men) and, for the four-number tables, every reading of
proportions.FOUR_DEFINITIONS, the table is made as `rithmocheck generate ID
--universe FILE` makes it (its rows streamed, one at a time, where the
generator can: the two-taker and three-term tables) over the universe 1..N
written to a file, once per size, each run in its own child
process so that the peak resident memory (the child's own
`getrusage(RUSAGE_SELF).ru_maxrss`, interpreter included) belongs to that run
alone. Printed per size: the wall time of `generate` (import and start of the
child excluded), the peak RSS and the number of rows; per table and reading,
the growth exponent (least-squares slope of log time against log N over the
sizes that ran).

Targets: over 2,000 numbers every table in under 2 s and under 200 MB peak;
over 5,000 numbers in under 10 s. Exit 1 when a target fails (a run that
times out or runs out of the memory cap fails its targets).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rithmocheck.model.proportions import FOUR_DEFINITIONS  # noqa: E402
from rithmocheck.witness.edition import Edition  # noqa: E402

REGISTRY = Edition.default().registry  # the shipped edition's tables

SIZES = (500, 1000, 2000, 5000)
QUICK_SIZES = (500, 1000, 2000)
# N: (seconds, MB or None)
TARGETS = {2000: (2.0, 200.0), 5000: (10.0, None)}

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from rithmocheck.witness.edition import Edition
family = Edition.default().registry.family
table_id, path = sys.argv[2], sys.argv[3]
params = tuple(sys.argv[4:])
t0 = time.perf_counter()
_table, stream = family(table_id).stream(path, params)  # as `generate` consumes it: streamed where it can be
rows = sum(1 for _ in stream)
seconds = time.perf_counter() - t0
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
print(json.dumps({"seconds": seconds, "rows": rows, "mb": rss * scale / 2**20}))
"""


def configs(only: list[str] | None) -> list[tuple[str, tuple[str, ...]]]:
    """(table id, params) for every table that takes a universe."""
    out = []
    for table_id, s in REGISTRY.items():
        if s.universes == ("men",):  # fixed to the men: the universe is not used
            continue
        if only and table_id not in only:
            continue
        if "definition" in s.params:
            out.extend((table_id, (f"definition={d}",)) for d in FOUR_DEFINITIONS)
        else:
            out.append((table_id, ()))
    return out


def _limit(mem_cap_mb: int):
    def apply():
        import resource

        cap = mem_cap_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    return apply


def run(table_id: str, params: tuple[str, ...], path: str, timeout: float, mem_cap_mb: int) -> dict:
    cmd = [sys.executable, "-c", CHILD, str(ROOT), table_id, path, *params]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                              preexec_fn=_limit(mem_cap_mb) if os.name == "posix" else None)
    except subprocess.TimeoutExpired:
        return {"error": f">{timeout:g} s"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": "out of memory cap" if "MemoryError" in last else last[:60]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def slope(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of log(seconds) against log(N)."""
    pts = [(math.log(n), math.log(max(t, 1e-4))) for n, t in points]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    den = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / den


def cell(r: dict) -> str:
    if "error" in r:
        return r["error"]
    return f"{r['seconds']:.2f} s {r['mb']:.0f} MB"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="sizes 500, 1,000, 2,000 only")
    ap.add_argument("--sizes", type=lambda s: tuple(int(x) for x in s.split(",")), help="e.g. 500,2000")
    ap.add_argument("--table", action="append", help="only this table id (repeatable)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run (default 60)")
    ap.add_argument("--mem-cap", type=int, default=4096, help="address-space cap per run in MB (default 4096)")
    ap.add_argument("--markdown", action="store_true", help="also print a Markdown table of the figures")
    args = ap.parse_args(argv)
    sizes = args.sizes or (QUICK_SIZES if args.quick else SIZES)

    results: dict[tuple[str, tuple[str, ...]], dict[int, dict]] = {}
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for n in sizes:
            paths[n] = str(Path(tmp) / f"1-{n}.txt")
            Path(paths[n]).write_text("\n".join(str(i) for i in range(1, n + 1)) + "\n")
        print(f"{'table':26} {'reading':20} " + " ".join(f"{'N=' + format(n, ','):>26}" for n in sizes)
              + "  exponent  targets")
        for table_id, params in configs(args.table):
            reading = params[0].split("=", 1)[1] if params else ""
            by_n = results[(table_id, params)] = {}
            for n in sizes:
                by_n[n] = run(table_id, params, paths[n], args.timeout, args.mem_cap)
            ok = True
            for n, (secs, mb) in TARGETS.items():
                if n not in by_n:
                    continue
                r = by_n[n]
                if "error" in r or r["seconds"] >= secs or (mb is not None and r["mb"] >= mb):
                    ok = False
                    failures.append(f"{table_id} {reading} N={n:,}: {cell(r)}")
            k = slope([(n, r["seconds"]) for n, r in by_n.items() if "error" not in r])
            cells = " ".join(
                f"{cell(r) + (' ' + format(r['rows'], ',') + ' rows' if 'rows' in r else ''):>26}"
                for r in by_n.values())
            print(f"{table_id:26} {reading:20} {cells}  {'-' if k is None else format(k, '.2f'):>8}  "
                  f"{'ok' if ok else 'FAIL'}", flush=True)

    if args.markdown:
        print()
        print("| table | reading | " + " | ".join(f"N = {n:,}" for n in sizes) + " | rows at "
              f"{sizes[-1]:,} | exponent |")
        print("|---|---|" + "---:|" * (len(sizes) + 2))
        for (table_id, params), by_n in results.items():
            reading = params[0].split("=", 1)[1] if params else ""
            k = slope([(n, r["seconds"]) for n, r in by_n.items() if "error" not in r])
            last = by_n[sizes[-1]]
            print(f"| {table_id} | {reading} | " + " | ".join(cell(by_n[n]) for n in sizes)
                  + f" | {format(last['rows'], ',') if 'rows' in last else '-'} | "
                  + f"{'-' if k is None else format(k, '.2f')} |")

    targets = "; ".join(f"N={n:,}: < {s:g} s" + (f" and < {m:g} MB" if m else "")
                        for n, (s, m) in TARGETS.items() if n in sizes)
    print()
    if failures:
        print(f"targets ({targets}) FAILED:")
        for f in failures:
            print("  " + f)
        return 1
    print(f"targets ({targets}) hold for every table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
