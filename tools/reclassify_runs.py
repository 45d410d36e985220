"""Class the recorded live runs again against the profiles as they stand.

    python tools/reclassify_runs.py            # rewrite each run whose classing changed
    python tools/reclassify_runs.py --check    # say which would change, exit 1 if any

A recorded run (rithmocheck/conformance/runs/NAME.json) is what
`engines/run.sh NAME CHECKOUT` wrote: the engine's answer to every case,
classed against its profile by `rithmocheck conformance --profile`. When a
profile changes (a fact corrected, an override re-cited) the engine's
answers do not, but their classes, the differences from the profile and the
explanations may. This replays each recorded answer through the same code
path (rithmocheck.conformance.runner.record) and writes the record as the
command would, atomically; a run of an engine at another commit, or with a
case that changed, needs engines/run.sh again (the tests say which).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile

from rithmocheck.conformance.cases import load_cases
from rithmocheck.conformance.matrix import RUNS_DIR
from rithmocheck.conformance.runner import record, replayed
from rithmocheck.export.render import document
from rithmocheck.ruleset.catalogue import by_id


def main(argv: list[str]) -> int:
    check = "--check" in argv
    cases = {c.id: c for c in load_cases()}
    changed = []
    for path in sorted(RUNS_DIR.glob("*.json")):
        run = json.loads(path.read_text(encoding="utf-8"))
        again = record(replayed(run, cases), by_id(run["profile"]), run["engine"])
        text = document(again, "json")
        if text == path.read_text(encoding="utf-8"):
            continue
        before, after = run["by_class"], again["by_class"]
        changed.append(path.stem)
        print(f"{path.stem}: {before} -> {after}" if before != after else f"{path.stem}: classes as before, "
              f"differences or explanations changed", file=sys.stderr)
        if not check:
            fd, tmp = tempfile.mkstemp(prefix=path.name, dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
    if not changed:
        print("every recorded run is classed as the profiles class it today", file=sys.stderr)
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
