"""The record of a live run of a description rithmocheck wrote, in Ludii (engines/ludii/run-generated.sh).

    python3 engines/ludii/record.py RAW.json --kind K --description FILE.lud --ludii VERSION > RECORD.json

RAW.json is what `rithmocheck conformance --engine ... --profile lever-fulke-1563/kind-K --format json`
wrote. The record names the engine ludii-kind-K (never the command line of the machine it ran on), the
repository and pinned commit of the Ludii the runs were made with, the version the user's Ludii reported,
and the ruleset and SHA-256 of the description; every case that does not pass gets its reason from
engines/ludii/reasons.yaml (a rule the language cannot express, named by its pointer in the ruleset).
Exit 1, writing nothing, when a case that does not pass has no reason there, or a reason is stale.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
REPOSITORY = "PadLex/Ludii"
COMMIT = "93ed32184d8cb94e9c9fe2a06a606ca967317e6d"  # 2023-08-01, Ludii 1.3.12 (ENGINE.md)


def reasons(kind: int) -> dict[str, dict[str, Any]]:
    """The reason of each case of the kind that does not pass, by case."""
    data = yaml.safe_load((HERE / "reasons.yaml").read_text(encoding="utf-8")) or {}
    out = {}
    for entry in data.get(f"kind-{kind}", ()):
        for case in entry["cases"]:
            out[case] = {k: v for k, v in entry.items() if k != "cases"}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("raw")
    ap.add_argument("--kind", type=int, required=True)
    ap.add_argument("--description", required=True)
    ap.add_argument("--ludii", required=True, help="the version the user's Ludii reported")
    args = ap.parse_args(argv)
    run = json.loads(Path(args.raw).read_text(encoding="utf-8"))
    text = Path(args.description).read_bytes()
    ruleset = next((line.split(" ", 2)[2].strip() for line in text.decode("utf-8").splitlines()
                    if line.startswith("// rithmocheck:ruleset ")), None)
    why = reasons(args.kind)
    problems = []
    for row in run["results"]:
        if row["class"] == "pass":
            if row["case"] in why:
                problems.append(f"{row['case']} passes: its reason in reasons.yaml is stale")
            continue
        if row["case"] not in why:
            problems.append(f"{row['case']} ({row['class']}) has no reason in reasons.yaml")
            continue
        row["explanation"] = why[row["case"]]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    record = {"engine": f"ludii-kind-{args.kind}", "profile": run["profile"], "repository": REPOSITORY,
              "commit": COMMIT, "ludii_version": args.ludii,
              "description": {"ruleset": ruleset, "sha256": hashlib.sha256(text).hexdigest(),
                              "command": f"rithmocheck ruleset --kind {args.kind} --format ludii"},
              "cases": run["cases"], "by_class": run["by_class"], "results": run["results"]}
    sys.stdout.write(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
