"""The record of a live run of a description rithmocheck wrote, in Ludii (engines/ludii/run-generated.sh).

    python3 engines/ludii/record.py --kind K --engine "CMD" --description FILE.lud --ludii VERSION > RECORD.json

CMD is the adapter's command (prepare.sh). Every case of the kind is sent to one adapter process
(`--batch`: the protocol's JSON, one case a line; Ludii compiles the description once for each set of
options, not once a case), and each answer is classed as `rithmocheck conformance --engine CMD --profile
lever-fulke-1563/kind-K` classes it (rithmocheck.conformance.runner: the same differences, classes and
record). The record names the engine ludii-kind-K (never the command line of the machine it ran on), the
repository and pinned commit of the Ludii the runs were made with, the version the user's Ludii reported,
and the ruleset and SHA-256 of the description; every case that does not pass gets its reason from
engines/ludii/reasons.yaml (a rule the language cannot express, named by its pointer in the ruleset).
Exit 1, writing nothing, when a case that does not pass has no reason there, or a reason is stale.

The adapter's answers are kept beside the description (FILE.answers.jsonl, outside this repository), so
that a run refused for a missing reason is recorded again once reasons.yaml gives it, without running
Ludii again: `--replay` reads them instead of running the adapter (the cases must be the same).
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


def live_run(kind: int, command: str, deadline: int, keep: Path | None = None,
             replay: bool = False) -> dict[str, Any]:
    """The kind's cases through the adapter in one process, classed against the kind, as the runner records."""
    import shlex
    import subprocess

    from rithmocheck.conformance import load_cases
    from rithmocheck.conformance.runner import Outcome, Result, case_document, differences, protocol_input, record
    from rithmocheck.ruleset.catalogue import by_id

    cases = [c for c in load_cases() if c.id.startswith(f"k{kind}-")]
    lines = [json.dumps(protocol_input(c, case_document(c))) for c in cases]
    if replay and keep is not None:
        kept = [json.loads(line) for line in keep.read_text(encoding="utf-8").splitlines()]
        if [k["input"] for k in kept] != lines:
            raise SystemExit(f"record.py: {keep} answers other cases; run the adapter again")
        answers = [k["answer"] for k in kept]
    else:
        done = subprocess.run([*shlex.split(command), "--batch", "--deadline", str(deadline)],
                              input="\n".join(lines), capture_output=True, text=True, timeout=deadline + 60)
        answers = done.stdout.splitlines()
        if done.returncode != 0 or len(answers) != len(cases):
            tail = " ".join(done.stderr.strip().splitlines()[-1:])
            raise SystemExit(f"record.py: the adapter answered {len(answers)} of {len(cases)} cases (exit "
                             f"{done.returncode}): {tail[:300]}")
        if keep is not None:
            keep.write_text("".join(json.dumps({"input": i, "answer": a}) + "\n" for i, a in zip(lines, answers)),
                            encoding="utf-8")
    results = []
    for case, text in zip(cases, answers):
        a = json.loads(text)
        if "unsupported" in a:
            results.append(Result(case, "unsupported", message=str(a["unsupported"])[:300]))
            continue
        got = Outcome(a["legal"], tuple(a.get("captures", [])), tuple(a.get("victories", [])))
        diffs = differences(case.data["expect"], got)
        results.append(Result(case, "failed" if diffs else "passed", tuple(diffs), got))
    profile = by_id(f"lever-fulke-1563/kind-{kind}")
    return record(results, profile, f"ludii-kind-{kind}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="the adapter's command, as prepare.sh prints it")
    ap.add_argument("--deadline", type=int, default=36000, help="seconds for the whole run")
    ap.add_argument("--kind", type=int, required=True)
    ap.add_argument("--description", required=True)
    ap.add_argument("--ludii", required=True, help="the version the user's Ludii reported")
    ap.add_argument("--replay", action="store_true",
                    help="class the answers kept beside the description (FILE.answers.jsonl) again, no Ludii run")
    args = ap.parse_args(argv)
    keep = Path(args.description).with_suffix(".answers.jsonl")
    run = live_run(args.kind, args.engine, args.deadline, keep, args.replay)
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
