"""Ludii under a description rithmocheck wrote, checked against the reference engine (run by hand: CI
has no Ludii).

    python tools/ludii_check.py LUDII [--kind 1] [--plies 1000] [--seed 1563] [--depth 2] [--timeout S] [-o FILE]

LUDII is a Ludii you have, as engines/ludii/prepare.sh takes it (ENGINE.md): a checkout of its sources
(compiled once by prepare.sh, outside this repository), Ludii's jar, or the classes and resources of a
build of your own. Each run of Ludii is bounded by --timeout (seconds, default 3600). The tool writes
the kind's description (`rithmocheck ruleset --kind K --format ludii`), prepares the adapter
(engines/ludii/prepare.sh) and

* counts the moves from the start in Ludii to the depth (perft), beside the reference engine's counts;
* plays PLIES random plies in one Ludii trial (each move drawn by the adapter among Ludii's legal moves,
  with the seed; a game won or without moves starts again from the start), and checks every position
  against the reference engine: the legal moves the same (entering moves by the prisoner's shape and
  number), and for the move played the same captures (manner, man taken, takers, number) and the same
  victories.

Every disagreement is listed with its ply and its position in the notation of docs/play.md (the first
200; all are counted), with its reason where it is a rule the description lists as not expressed (the
ransom of the second and third kinds). The summary
(JSON) goes to stdout, or to FILE (engines/ludii/checks/kind-K.json holds the recorded ones). Exit 0 when
Ludii and the reference engine agree everywhere, 1 when they disagree somewhere, 2 on bad input.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rithmocheck.play.moves import legal_moves, play  # noqa: E402
from rithmocheck.play.position import OTHER, from_json  # noqa: E402
from rithmocheck.play.rules import compile_rules  # noqa: E402
from rithmocheck.ruleset.catalogue import by_id  # noqa: E402
from rithmocheck.ruleset.resolve import parse_choice, resolve  # noqa: E402
from rithmocheck.targets.ludii import description  # noqa: E402

SHOWN = 200  # disagreements listed in full; the rest are counted


def move_key(m: Any) -> tuple[Any, ...]:
    """A reference engine's move as the check compares it."""
    if m.kind == "enter":
        return ("enter", m.man.shape, m.man.value, m.to)
    if m.kind == "ransom":
        return ("ransom", m.frm, m.to, m.man.value)
    return (m.kind, m.frm, m.to)


def ludii_key(j: dict[str, Any], pos: Any) -> tuple[Any, ...]:
    from rithmocheck.play.position import parse_square

    if "enter" in j:
        return ("enter", j["enter"]["shape"], j["enter"]["value"], parse_square(j["to"]))
    frm, to = parse_square(j["from"]), parse_square(j["to"])
    target = pos.at(to)
    kind = "fly" if j.get("flying") else ("take" if target is not None and target.side != pos.to_move else "march")
    return (kind, frm, to)


def capture_key(c: dict[str, Any]) -> tuple[Any, ...]:
    return (c["method"], c["taken"], tuple(sorted(c["takers"])), c["value"])


def show_key(k: tuple[Any, ...]) -> str:
    from rithmocheck.play.position import square_name

    if k[0] == "enter":
        return f"enter {k[1]} {k[2]} on {square_name(k[3])}"
    if k[0] == "ransom":
        return f"{square_name(k[1])}^{square_name(k[2])}={k[3]}"
    sep = {"march": "-", "fly": "~", "take": "x"}.get(k[0], "?")
    return f"{square_name(k[1])}{sep}{square_name(k[2])}"


def reference_position(j: dict[str, Any], rules: Any) -> Any:
    """The position Ludii gives, for the reference engine: its prisoners in hand are men taken from the
    other side (Ludii keeps a prisoner by his shape and number only)."""
    hand = {side: [dict(m, side=OTHER[side]) for m in j["hand"][side]] for side in ("even", "odd")}
    data = {"men": j["men"], "to_move": j["to_move"], "hand": hand, "taken": hand}
    return from_json(data, rules.kings, rules.ranks)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("classpath", metavar="LUDII")
    ap.add_argument("--kind", default="1", help="the kind of 1563 (or --ruleset)")
    ap.add_argument("--ruleset", default=None)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--plies", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1563)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=3600, help="seconds for each of Ludii's runs (perft, playout)")
    ap.add_argument("-o", "--output", default=None)
    args = ap.parse_args(argv)

    doc = by_id(args.ruleset or args.kind)
    if args.option:
        doc = resolve(doc, [parse_choice(c) for c in args.option])
    rules = compile_rules(doc)
    text = description(doc)
    with tempfile.TemporaryDirectory() as tmp:
        lud = Path(tmp) / "game.lud"
        lud.write_text(text, encoding="utf-8")
        prep = subprocess.run([str(ROOT / "engines/ludii/prepare.sh"), args.classpath, "--build", str(Path(tmp) / "b"),
                               "--game", str(lud), "--deadline", str(args.timeout)], capture_output=True, text=True,
                              timeout=args.timeout)
        if prep.returncode != 0:
            print(prep.stderr.strip(), file=sys.stderr)
            return 2
        version = prep.stderr.strip().splitlines()[-1].split("Ludii ")[-1]
        import shlex

        cmd = shlex.split(prep.stdout.strip())
        perft = json.loads(subprocess.run(cmd + ["--perft", str(args.depth)], capture_output=True, text=True,
                                          check=True, timeout=args.timeout + 30).stdout)["perft"]
        done = subprocess.run(cmd + ["--playout", str(args.plies), "--seed", str(args.seed)], capture_output=True,
                              text=True, timeout=args.timeout + 30)
        if done.returncode != 0:
            print(done.stderr.strip()[-2000:], file=sys.stderr)
            return 2
    ref_perft = reference_perft(rules, args.depth)
    tally: Counter[str] = Counter()
    found: list[dict[str, Any]] = []
    for line in done.stdout.splitlines():
        j = json.loads(line)
        if j.get("over"):
            tally["games won"] += 1
            continue
        pos = reference_position(j["position"], rules)
        tally["positions"] += 1
        ours = {move_key(m): m for m in legal_moves(pos, rules)}
        theirs = {ludii_key(m, pos) for m in j["legal"]}
        tally["legal moves"] += len(theirs)
        where = pos.notation(rules.kings)
        for k in sorted(set(ours) - theirs, key=repr):
            row = {"ply": j["ply"], "position": where, "what": f"legal, not in Ludii: {show_key(k)}"}
            if k[0] == "ransom":  # the description's head lists the ransom as not expressed
                row["reason"] = "/kings/ransom: not expressed"
            found.append(row)
        for k in sorted(theirs - set(ours), key=repr):
            found.append({"ply": j["ply"], "position": where, "what": f"in Ludii, not legal: {show_key(k)}"})
        if j.get("move") is None:
            tally["no move"] += 1
            continue
        key = ludii_key(j["move"], pos)
        move = ours.get(key)
        if move is None:
            continue
        tally["moves played"] += 1
        out = play(pos, move, rules)
        want = Counter(capture_key(c.as_json(out.before)) for c in out.captures)
        got = Counter(capture_key(c) for c in j["captures"])
        tally["captures"] += sum(want.values())
        for k in sorted((want - got).elements(), key=repr):
            found.append({"ply": j["ply"], "position": where, "move": show_key(key),
                          "what": f"capture missing in Ludii: {k[0]} of {k[3]} on {k[1]} by {'+'.join(k[2])}"})
        for k in sorted((got - want).elements(), key=repr):
            found.append({"ply": j["ply"], "position": where, "move": show_key(key),
                          "what": f"capture Ludii makes, not the book: {k[0]} of {k[3]} on {k[1]} by {'+'.join(k[2])}"})
        vw = {v["victory"] for v in out.victories}
        vg = {v["victory"] for v in j["victories"]}
        tally["victories"] += len(vw)
        if vw != vg:
            found.append({"ply": j["ply"], "position": where, "move": show_key(key),
                          "what": f"victories: the book {sorted(vw)}, Ludii {sorted(vg)}"})
    summary = {
        "ruleset": doc["ruleset"], "options": doc.get("resolved", {}),
        "description_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "ludii": version, "perft": {"depth": args.depth, "ludii": perft, "reference": ref_perft},
        "playout": {"plies": args.plies, "seed": args.seed, **dict(sorted(tally.items())),
                    "disagreements": len(found),
                    "by_reason": dict(sorted(Counter(f.get("reason", "none named") for f in found).items())),
                    "listed": found[:SHOWN]},
    }
    text_out = json.dumps(summary, indent=1, ensure_ascii=False) + "\n"
    if args.output:  # written whole or not at all
        import os

        fd, part = tempfile.mkstemp(prefix=Path(args.output).name, dir=Path(args.output).resolve().parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text_out)
        os.replace(part, args.output)
    else:
        sys.stdout.write(text_out)
    return 0 if not found and perft == ref_perft else 1


def reference_perft(rules: Any, depth: int) -> list[int]:
    def count(pos: Any, d: int) -> int:
        moves = legal_moves(pos, rules)
        if d == 1:
            return len(moves)
        return sum(count(play(pos, m, rules).position, d - 1) for m in moves)
    start = rules.start_position()
    return [count(start, d) for d in range(1, depth + 1)]


if __name__ == "__main__":
    sys.exit(main())
