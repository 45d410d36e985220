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
implement (schema engine-answer-1.json). The engine is an untrusted program
(rithmocheck.conformance.engine): its own process group, killed when the
case is answered or its time is up, its answer bounded and decoded strictly.
Anything else (no JSON, an answer of another shape, a non-zero exit, a
timeout) is an error of the engine, one line naming the engine, the case and
what went wrong; the run goes on to the next case.

A result compares the outcome with the case's expectation: the legality,
the captures as a multiset of (method, man taken, takers, number), the
victories as a set of (victory, side).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..errors import InputError, printable
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
    named: str = ""  # an engine's error: the engine as its message names it (its command's label)
    said: str = ""  # an engine's error: what the message says after naming the engine

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
    from ..ruleset.catalogue import by_id
    from ..ruleset.resolve import resolve

    doc = by_id(ruleset or case.ruleset, case.path)
    chosen = dict(case.options)
    chosen.update(options or {})
    return resolve(doc, chosen, f"{case.path}: /options") if chosen else doc


def kernel_outcome(case: Case, doc: dict[str, Any] | None = None) -> Outcome:
    """What the reference engine makes of the case (under `doc`, default the case's own ruleset)."""
    from ..play.rules import compile_rules

    return _kernel(case, compile_rules(doc if doc is not None else case_document(case)))


def _kernel(case: Case, rules: Any, positions: dict[Any, Any] | None = None) -> Outcome:
    """What the reference engine makes of the case under compiled rules; `positions`, the case's position as
    parsed under each army's kings and board's ranks, kept between calls (a position is never changed, and
    what the engine keeps with it is kept by the rules it was found under)."""
    from ..play.moves import IllegalMove, parse_move, play
    from ..play.position import OTHER, parse
    from ..play.victories import victories

    where = f"{case.path}: /position"
    if positions is None:
        pos = parse(case.data["position"], rules.kings, rules.ranks, where)
    else:
        key = (repr(sorted(rules.kings.items())), rules.ranks)
        if key not in positions:
            try:
                positions[key] = parse(case.data["position"], rules.kings, rules.ranks, where)
            except InputError as exc:
                positions[key] = exc
        found = positions[key]
        if isinstance(found, InputError):
            raise InputError(found.path, found.line, found.problem)
        pos = found
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
    return {"protocol": PROTOCOL, "case": case.id, "ruleset": doc.get("ruleset", case.ruleset), "kind": doc["kind"],
            "options": case.options, "position": pos.as_json(),
            "move": None if text is None else _move_json(text, rules, case),
            "agreement": case.data.get("agreement")}


_MOVE = re.compile(r"^([a-h][0-9]{1,2})([-~x])([a-h][0-9]{1,2})$")
_RANSOM = re.compile(r"^([a-h][0-9]{1,2})\^([a-h][0-9]{1,2})=([0-9]{1,7})$")


def _move_json(text: str, rules: Any, case: Case) -> dict[str, Any]:
    from ..play.position import parse_square, parse_token

    where = f"{case.path}: /move"
    if "@" in text:
        tok, _, sq = text.partition("@")
        man = parse_token(tok, rules.kings, where)
        parse_square(sq, where, rules.ranks)
        return {"enter": man.as_json(), "to": sq}
    r = _RANSOM.match(text)
    if r is not None:
        return {"ransom": int(r.group(3)), "from": r.group(1), "to": r.group(2)}
    m = _MOVE.match(text)
    if m is None:
        raise InputError(where, None, f"{text!r} is not a move")
    return {"from": m.group(1), "to": m.group(3), "flying": m.group(2) == "~"}


def engine_outcome(case: Case, command: str, doc: dict[str, Any], timeout: float = 20.0) -> Outcome | Result:
    """What an engine makes of a case through the protocol, or a result of class error naming the engine,
    the case and what went wrong (rithmocheck.conformance.engine: the engine bounded, stopped, its answer
    decoded and checked)."""
    from .engine import Failure, answer, label, run
    from .engine import command as parse_command

    payload = json.dumps(protocol_input(case, doc)).encode("utf-8")
    try:
        got = answer(run(parse_command(command), payload, timeout))
    except Failure as exc:
        return _engine_error(case, label(command), f"on case {case.id}: {exc}")
    if "unsupported" in got:
        return Result(case, "unsupported", message=printable(got["unsupported"])[:300])
    if "error" in got:
        return _engine_error(case, label(command), f"on case {case.id}: it says: {printable(got['error'])[:300]}")
    return Outcome(got["legal"], tuple(got.get("captures", ())), tuple(got.get("victories", ())))


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
             timeout: float = 20.0, aliased: bool = False) -> Result:
    """One case, against the reference engine (engine None) or an engine's command; `aliased` compares the
    third kind's names of the manners of taking as the first's (a case played under a ruleset of another
    kind)."""
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
    diffs = (differences(_canonical(case.data["expect"]), _canonical_outcome(got)) if aliased
             else differences(case.data["expect"], got))
    return Result(case, "failed" if diffs else "passed", tuple(diffs), got)


def run_cases(cases: Iterable[Case], engine: str | None = None, timeout: float = 20.0,
              reading: dict[str, Any] | None = None) -> list[Result]:
    """The cases, each under its own ruleset or, given a reading's document, under that reading (the case's
    options chosen where the reading offers them)."""
    if reading is None:
        return [run_case(c, engine, timeout=timeout) for c in cases]
    from ..ruleset.resolve import resolve

    out = []
    for c in cases:
        offered = {k: v for k, v in c.options.items() if k in reading.get("options", {})}
        out.append(run_case(c, engine, resolve(reading, offered) if offered else reading, timeout, aliased=True))
    return out


# --- an engine's results against the book and against its own reading --------------------------------

CLASSES = ("pass", "reading", "departure", "not-implemented", "error")


def as_expectation(outcome: Outcome) -> dict[str, Any]:
    return {"legal": outcome.legal, "captures": list(outcome.captures), "victories": list(outcome.victories)}


def under(case: Case, doc: dict[str, Any]) -> Outcome:
    """What the reference engine makes of a case under another ruleset (a reading): the case's options
    chosen where the reading still offers them."""
    from ..ruleset.resolve import resolve

    offered = {k: v for k, v in case.options.items() if k in doc.get("options", {})}
    return kernel_outcome(case, resolve(doc, offered) if offered else doc)


def classify(result: Result, profile: dict[str, Any] | None) -> tuple[str, tuple[str, ...]]:
    """The class of an engine's result (issue 29): pass; reading (it fails under the book but is what its
    own profile makes of the case); departure (it fails even under its profile: the differences from the
    profile); not-implemented (the engine answered unsupported); error (it crashed)."""
    if result.status == "passed":
        return "pass", ()
    if result.status == "unsupported":
        return "not-implemented", ()
    if result.status == "error" or result.outcome is None:
        return "error", ()
    if profile is None:
        return "departure", result.differences
    try:
        mine = under(result.case, profile)
    except InputError as exc:
        return "departure", (f"the profile cannot play the case: {exc.problem}",)
    left = differences(_canonical(as_expectation(mine)), _canonical_outcome(result.outcome))
    return ("reading", ()) if not left else ("departure", tuple(left))


# The third kind names the first's manners otherwise ("to take by encountering is to take by Equality", line
# 1002; eruption is multiplication by the spaces, 1010; lying in wait is addition, 1014): a case asked in one
# kind and played by a profile of another compares them as one.
ALIASES = {"encountering": "equality", "eruption": "multiplication-by-spaces", "lying-in-wait": "addition"}


def _canonical(expect: dict[str, Any]) -> dict[str, Any]:
    return dict(expect, captures=[dict(c, method=ALIASES.get(str(c.get("method")), c.get("method")))
                                  if isinstance(c, dict) else c for c in expect.get("captures", [])])


def _canonical_outcome(o: Outcome) -> Outcome:
    return Outcome(o.legal, tuple(_canonical({"captures": list(o.captures)})["captures"]), o.victories)


@lru_cache(maxsize=64)
def _option_names(rid: str) -> frozenset[str]:
    from ..ruleset.catalogue import shared

    return frozenset(shared(rid).get("options", {}))


@lru_cache(maxsize=256)
def _compiled(rid: str, chosen: str) -> Any:
    """A ruleset by id compiled for the reference engine, with options chosen (JSON): the kernel never
    changes its Rules, so one compilation serves every case."""
    from ..play.rules import compile_rules
    from ..ruleset.catalogue import shared
    from ..ruleset.resolve import resolve

    doc, offered = shared(rid), json.loads(chosen)
    return compile_rules(resolve(doc, offered) if offered else doc)


def holds_for(case: Case, ids: Iterable[str] | None = None) -> tuple[str, ...]:
    """The rulesets (the kinds of 1563, the modern readings, the engines' profiles) under which the case's
    expectation holds: those under which the reference engine makes of the case what it expects (the
    case's options chosen where the ruleset offers them; the third kind's names of the manners of taking
    as the first's). Computed, never written by hand: a change of a ruleset or of the kernel moves it."""
    from ..ruleset.catalogue import ruleset_ids

    want = _canonical(case.data["expect"])
    found = []
    positions: dict[Any, Any] = {}
    for rid in ids if ids is not None else ruleset_ids():
        try:
            offered = {k: v for k, v in case.options.items() if k in _option_names(rid)}
            got = _kernel(case, _compiled(rid, json.dumps(offered, sort_keys=True) if offered else "{}"), positions)
        except InputError:
            continue  # the position cannot be set under that ruleset (another board, another army)
        if not differences(want, _canonical_outcome(got)):
            found.append(rid)
    return tuple(found)


def explanation(profile: dict[str, Any] | None, case_id: str) -> dict[str, Any] | None:
    """Why the engine departs from its own reading on a case, as its profile records it."""
    reading = (profile or {}).get("reading") or {}
    for d in reading.get("departures", ()):
        if case_id in d.get("cases", ()):
            return dict(d)
    return None


def record(results: list[Result], profile: dict[str, Any] | None, engine: str) -> dict[str, Any]:
    """An engine's live run as data: each case with its digest, class, outcome and, for a departure, the
    profile's explanation. Deterministic (no date, no timing): the engine's commit says when."""
    from .cases import case_digest

    rows = []
    for r in results:
        cls, diffs = classify(r, profile)
        row: dict[str, Any] = {"case": r.case.id, "case_sha256": case_digest(r.case), "class": cls}
        if r.outcome is not None:
            row["outcome"] = as_expectation(r.outcome)
        if r.differences:
            row["from_the_book"] = list(r.differences)
        if cls == "departure":
            row["from_the_profile"] = list(diffs)
        if cls in ("departure", "error"):
            why = explanation(profile, r.case.id)
            if why is not None:
                row["explanation"] = why
        if r.message:
            row["message"] = _as_recorded(r, engine)
        rows.append(row)
    source = ((profile or {}).get("reading") or {}).get("source") or {}
    tally: dict[str, int] = {}
    for row in rows:
        tally[row["class"]] = tally.get(row["class"], 0) + 1
    return {"engine": engine, "profile": (profile or {}).get("ruleset"), "repository": source.get("repository"),
            "commit": source.get("commit"), "cases": len(rows), "by_class": dict(sorted(tally.items())),
            "results": rows}


def _engine_error(case: Case, name: str, said: str) -> Result:
    """A result of class error: the engine, named, and what went wrong."""
    return Result(case, "error", message=f'engine "{name}" {said}', named=name, said=said)


def _as_recorded(r: Result, engine: str) -> str:
    """A result's message as a record keeps it: an engine's error names the engine by the record's name for it,
    not by the command it was run by (whose paths are those of one machine: the record stays deterministic)."""
    from .engine import label

    return f'engine "{label(engine)}" {r.said}' if r.named else r.message


def replayed(run: dict[str, Any], cases: dict[str, Case]) -> list[Result]:
    """A recorded run's answers as the engine gave them (its outcome, or its unsupported or error message, and
    the differences from the book), to be classed again by `record` against a profile as it stands today: the
    same classing as a live run's, without the engine. A case no longer held keeps no row."""
    out = []
    for row in run["results"]:
        case = cases.get(row["case"])
        if case is None:
            continue
        o = row.get("outcome")
        outcome = Outcome(o["legal"], tuple(o["captures"]), tuple(o["victories"])) if o is not None else None
        status = {"pass": "passed", "not-implemented": "unsupported", "error": "error"}.get(
            row["class"], "failed" if row.get("from_the_book") else "passed")
        out.append(Result(case, status, tuple(row.get("from_the_book", ())), outcome, row.get("message", "")))
    return out


def fit(results: list[Result], candidates: Iterable[str] | None = None, with_options: bool = True
        ) -> list[dict[str, Any]]:
    """Which rulesets (the kinds of 1563, the readings, the profiles; and each with one of its options
    changed) an engine's answers fit best: for each, the cases whose outcome the reference engine gives
    under it too, best first; with the cases still failing under each."""
    from ..ruleset.catalogue import by_id, ruleset_ids
    from ..ruleset.resolve import resolve

    answered = [r for r in results if r.outcome is not None]
    docs: list[tuple[str, dict[str, Any]]] = []
    for rid in candidates if candidates is not None else ruleset_ids():
        doc = by_id(rid)
        docs.append((rid, doc))
        if with_options:
            for name, opt in doc.get("options", {}).items():
                for alt in opt.get("alternatives", ()):
                    docs.append((f"{rid} --option {name}={json.dumps(alt['value'])}",
                                 resolve(doc, {name: alt["value"]})))
    out = []
    for label, doc in docs:
        fits, misses = 0, []
        for r in answered:
            try:
                mine = under(r.case, doc)
            except InputError:
                misses.append(r.case.id)
                continue
            assert r.outcome is not None
            if differences(_canonical(as_expectation(mine)), _canonical_outcome(r.outcome)):
                misses.append(r.case.id)
            else:
                fits += 1
        out.append({"ruleset": label, "fits": fits, "of": len(answered), "still_failing": misses})
    return sorted(out, key=lambda d: (-d["fits"], d["ruleset"]))
