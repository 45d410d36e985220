"""Running conformance cases: against the reference engine, or against any
engine through the protocol (docs/conformance.md).

The protocol: the runner starts the engine's command once per case, writes
one JSON object to its stdin --

    {"protocol": "rithmocheck-conformance-1", "case": ID, "ruleset": ID,
     "kind": 1, "options": {...}, "position": {POSITION JSON},
     "move": {"from": "c5", "to": "c7", "flying": false} | {"enter": MAN, "to": SQ} | null,
     "agreement": {...} | null}

-- and reads one JSON object from its stdout: {"legal": bool, "captures":
[{"method", "taken", "takers", "value"}], "victories": [{"victory",
"side"}]}, or {"unsupported": "why"} for a rule the engine does not
implement. Anything else (no JSON, a non-zero exit, a timeout) is an error
of the engine, reported with its message.

A result compares the outcome with the case's expectation: the legality,
the captures as a multiset of (method, man taken, takers, number), the
victories as a set of (victory, side).
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from .cases import Case

PROTOCOL = "rithmocheck-conformance-1"


@dataclass(frozen=True)
class Outcome:
    legal: bool
    captures: tuple[dict[str, Any], ...] = ()
    victories: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Result:
    case: Case
    status: str  # passed | failed | unsupported | error
    differences: tuple[str, ...] = ()
    outcome: Outcome | None = None
    message: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"case": self.case.id, "status": self.status, "ruleset": self.case.ruleset,
                             "source": self.case.citation()}
        if self.differences:
            d["differences"] = list(self.differences)
        if self.message:
            d["message"] = self.message
        if self.outcome is not None:
            d["outcome"] = {"legal": self.outcome.legal, "captures": list(self.outcome.captures),
                            "victories": list(self.outcome.victories)}
        d.update(self.extra)
        return d


# --- the rules a case runs under -------------------------------------------------------------------

def case_document(case: Case, ruleset: str | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """The ruleset document a case runs under: its own (or `ruleset`), its options resolved."""
    from ..ruleset.assemble import by_id
    from ..ruleset.resolve import resolve

    doc = by_id(ruleset or case.ruleset, case.path)
    chosen = dict(case.options)
    chosen.update(options or {})
    return resolve(doc, chosen, f"{case.path}: /options") if chosen else doc


def kernel_outcome(case: Case, doc: dict[str, Any] | None = None) -> Outcome:
    """What the reference engine makes of the case (under `doc`, default the case's own ruleset)."""
    from ..play.moves import IllegalMove, parse_move, play
    from ..play.position import OTHER, parse
    from ..play.rules import compile_rules
    from ..play.victories import victories

    rules = compile_rules(doc if doc is not None else case_document(case))
    pos = parse(case.data["position"], rules.kings, rules.ranks, f"{case.path}: /position")
    agreement = case.data.get("agreement")
    move_text = case.data.get("move")
    if move_text is None:
        return Outcome(True, (), tuple(victories(pos, rules, OTHER[pos.to_move], None, agreement)))
    try:
        move = parse_move(move_text, pos, rules, f"{case.path}: /move")
    except IllegalMove:
        return Outcome(False)
    out = play(pos, move, rules, agreement)
    return Outcome(True, tuple(c.as_json(out.before) for c in out.captures), out.victories)


# --- an engine through the protocol ----------------------------------------------------------------

def protocol_input(case: Case, doc: dict[str, Any]) -> dict[str, Any]:
    """The JSON an engine reads for a case: the position as JSON, the move as JSON (sent as written, lawful
    or not)."""
    from ..play.position import parse
    from ..play.rules import compile_rules

    rules = compile_rules(doc)
    pos = parse(case.data["position"], rules.kings, rules.ranks, f"{case.path}: /position")
    text = case.data.get("move")
    return {"protocol": PROTOCOL, "case": case.id, "ruleset": case.ruleset, "kind": doc["kind"],
            "options": case.options, "position": pos.as_json(),
            "move": None if text is None else _move_json(text, rules, case),
            "agreement": case.data.get("agreement")}


_MOVE = re.compile(r"^([a-h][0-9]{1,2})([-~x])([a-h][0-9]{1,2})$")


def _move_json(text: str, rules: Any, case: Case) -> dict[str, Any]:
    from ..play.position import parse_square, parse_token

    where = f"{case.path}: /move"
    if "@" in text:
        tok, _, sq = text.partition("@")
        man = parse_token(tok, rules.kings, where)
        parse_square(sq, where, rules.ranks)
        return {"enter": man.as_json(), "to": sq}
    m = _MOVE.match(text)
    if m is None:
        raise InputError(where, None, f"{text!r} is not a move")
    return {"from": m.group(1), "to": m.group(3), "flying": m.group(2) == "~"}


def engine_outcome(case: Case, command: str, doc: dict[str, Any], timeout: float = 20.0) -> Outcome | Result:
    payload = json.dumps(protocol_input(case, doc))
    try:
        done = subprocess.run(shlex.split(command), input=payload, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise InputError("--engine", None, f"cannot run {command!r}: no such program") from None
    except subprocess.TimeoutExpired:
        return Result(case, "error", message=f"the engine gave no answer within {timeout:g} s")
    if done.returncode != 0:
        tail = " ".join(done.stderr.strip().splitlines()[-1:]) or f"exit {done.returncode}"
        return Result(case, "error", message=f"the engine exited {done.returncode}: {tail[:300]}")
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        return Result(case, "error", message=f"the engine's answer is not JSON: {done.stdout[:200]!r}")
    if not isinstance(answer, dict):
        return Result(case, "error", message="the engine's answer is not a JSON object")
    if "unsupported" in answer:
        return Result(case, "unsupported", message=str(answer["unsupported"])[:300])
    if "error" in answer:
        return Result(case, "error", message=str(answer["error"])[:300])
    if not isinstance(answer.get("legal"), bool):
        return Result(case, "error", message="the engine's answer has no legal: true or false")
    caps, vics = answer.get("captures", []), answer.get("victories", [])
    if not isinstance(caps, list) or not isinstance(vics, list):
        return Result(case, "error", message="captures and victories must be lists")
    return Outcome(answer["legal"], tuple(caps), tuple(vics))


# --- comparing ---------------------------------------------------------------------------------------

def _capture_key(c: Any) -> tuple[Any, ...]:
    if not isinstance(c, dict):
        return ("?", repr(c))
    takers = c.get("takers", [])
    return (c.get("method"), c.get("taken"), tuple(sorted(takers)) if isinstance(takers, list) else takers,
            c.get("value"))


def _show_capture(k: tuple[Any, ...]) -> str:
    method, taken, takers, value = k
    by = "+".join(takers) if isinstance(takers, tuple) else str(takers)
    return f"{method} of {value} on {taken} by {by}"


def differences(expect: dict[str, Any], got: Outcome) -> list[str]:
    out = []
    if got.legal != expect["legal"]:
        out.append(f"the move is {'legal' if got.legal else 'illegal'}; the case expects it "
                   f"{'legal' if expect['legal'] else 'illegal'}")
        return out
    want_c = Counter(_capture_key(c) for c in expect.get("captures", []))
    got_c = Counter(_capture_key(c) for c in got.captures)
    for k in sorted((want_c - got_c).elements(), key=repr):
        out.append(f"missing capture: {_show_capture(k)}")
    for k in sorted((got_c - want_c).elements(), key=repr):
        out.append(f"unexpected capture: {_show_capture(k)}")
    want_v = {(v["victory"], v["side"]) for v in expect.get("victories", [])}
    got_v = {(v.get("victory"), v.get("side")) for v in got.victories if isinstance(v, dict)}
    for v in sorted(want_v - got_v, key=repr):
        out.append(f"missing victory: {v[0]} of the {v[1]} side")
    for v in sorted(got_v - want_v, key=repr):
        out.append(f"unexpected victory: {v[0]} of the {v[1]} side")
    return out


def run_case(case: Case, engine: str | None = None, doc: dict[str, Any] | None = None,
             timeout: float = 20.0) -> Result:
    """One case, against the reference engine (engine None) or an engine's command."""
    doc = doc if doc is not None else case_document(case)
    try:
        got: Outcome | Result = kernel_outcome(case, doc) if engine is None else engine_outcome(case, engine, doc,
                                                                                              timeout)
    except InputError as exc:
        if engine is None:
            raise
        return Result(case, "error", message=exc.one_line())
    if isinstance(got, Result):
        return got
    diffs = differences(case.data["expect"], got)
    return Result(case, "failed" if diffs else "passed", tuple(diffs), got)


def run_cases(cases: Iterable[Case], engine: str | None = None, timeout: float = 20.0) -> list[Result]:
    return [run_case(c, engine, timeout=timeout) for c in cases]
