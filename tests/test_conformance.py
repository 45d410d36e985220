"""The conformance cases (rithmocheck/conformance/cases): each passes on the
reference engine; every taking statement of the book's worked examples is
among them; each capture method of each kind has a positive and a negative
case; the protocol works with an engine that is not ours, and tells a wrong
engine from a right one."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from rithmocheck.cli import cli
from rithmocheck.conformance import load_cases, run_case
from rithmocheck.conformance.cases import read_case
from rithmocheck.errors import InputError
from rithmocheck.witness.edition import Edition

CASES = load_cases()
ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_there_are_at_least_sixty_cases():
    assert len(CASES) >= 60


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_case_passes_on_the_reference_engine(case):
    result = run_case(case)
    assert result.status == "passed", (case.id, result.differences)


def _taking_statements():
    """Every statement of kind taking in the shipped edition's worked examples, with its line."""
    return [(x.id, x.witness_line) for x in Edition.default().examples if x.kind == "taking"]


def test_every_taking_statement_of_the_worked_examples_is_a_case():
    statements = _taking_statements()
    assert len(statements) == 11
    cited = defaultdict(list)
    for c in CASES:
        st = c.data["source"].get("statement")
        if st:
            cited[st].append(c)
    for sid, line in statements:
        assert sid in cited, f"no case for the worked example {sid} (line {line})"
        for c in cited[sid]:
            assert c.data["source"]["witness"]["line"] == line, (c.id, sid)
            assert c.data["expect"]["captures"], c.id


METHODS = {1: ("equality", "obsidion", "addition", "subtraction", "multiplication", "division", "proportion"),
           2: ("obsidion", "equality", "addition", "subtraction", "multiplication-by-spaces", "division-by-spaces",
               "cossick-signs"),
           3: ("encountering", "eruption", "lying-in-wait", "obsidion")}


@pytest.mark.parametrize("kind", sorted(METHODS))
def test_each_capture_method_of_each_kind_has_a_positive_and_a_negative_case(kind):
    """A positive case expects a capture by the method; a negative one is a
    near miss stated for the method (its title names it) that expects none by it."""
    positive, negative = set(), set()
    for c in CASES:
        if c.ruleset != f"lever-fulke-1563/kind-{kind}":
            continue
        methods = {x["method"] for x in c.data["expect"].get("captures", [])}
        positive |= methods
        title = c.data["title"].lower() + " " + c.id
        for m in METHODS[kind]:
            if m not in methods and (m in title or m.replace("-", " ") in title):
                negative.add(m)
    assert set(METHODS[kind]) <= positive, set(METHODS[kind]) - positive
    assert set(METHODS[kind]) <= negative, set(METHODS[kind]) - negative


def test_every_victory_has_a_case():
    won = {v["victory"] for c in CASES for v in c.data["expect"].get("victories", [])}
    assert won >= {"great-triumph", "greater-triumph", "greatest-triumph", "bodies", "goods", "quarrel", "honour",
                   "honour-and-quarrel", "standards"}


DISPUTES = ("eruption-counting", "obsidion-own-men", "obsidion-board-edge", "equality-exists", "flying-takes",
            "king-loses-draughts", "king-taken-first", "round-moves", "triangle-moves", "king-by-equality")


def test_every_point_where_engines_disagree_has_a_case():
    named = {d for c in CASES for d in c.data.get("disputes", [])}
    assert set(DISPUTES) <= named, set(DISPUTES) - named


def test_a_case_whose_quote_is_not_on_its_line_is_refused(tmp_path):
    data = dict(CASES[0].data)
    data["source"] = {"witness": {"heading": "Of Equality.", "line": 457, "quote": "BY equality men may be taken"}}
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InputError) as err:
        read_case(p)
    assert "/source/witness/quote" in err.value.one_line() and str(p) in err.value.one_line()


# --- the protocol, with engines that are not the reference engine ------------------------------------

ECHO = """
import json, sys
case = json.load(sys.stdin)
assert case["protocol"] == "rithmocheck-conformance-1"
men = {m["square"]: m for m in case["position"]["men"]}
print(json.dumps({"legal": True, "captures": [], "victories": []}))
"""


def _engine(tmp_path, body: str) -> str:
    p = tmp_path / "engine.py"
    p.write_text(body)
    return f"{sys.executable} {p}"


def test_an_engine_that_takes_nothing_fails_the_capture_cases_and_passes_the_rest(tmp_path):
    engine = _engine(tmp_path, ECHO)
    r = run("conformance", "--engine", engine, "--format", "json", "k1-addition-489-six-and-six",
            "k1-equality-456-after-the-move")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert data["by_status"] == {"failed": 2}
    assert all(any(d.startswith("missing capture") for d in x["differences"]) for x in data["results"])


def test_an_engine_that_crashes_is_an_error_with_its_message(tmp_path):
    engine = _engine(tmp_path, "import sys; sys.stderr.write('NameError: pos\\n'); sys.exit(1)\n")
    r = run("conformance", "--engine", engine, "--format", "json", "k1-addition-489-six-and-six")
    assert r.exit_code == 1
    result = json.loads(r.stdout)["results"][0]
    assert result["status"] == "error" and "NameError: pos" in result["message"]


def test_an_engine_that_answers_with_the_expectation_passes(tmp_path):
    """An engine that reads the case's expectation back passes every case: the runner compares what it gets."""
    export = tmp_path / "cases"
    r = run("conformance", "--export", str(export))
    assert r.exit_code == 0, r.output
    exported = sorted(export.glob("*.json"))
    assert len(exported) == len(CASES)
    body = f"""
import json, sys
case = json.load(sys.stdin)
want = json.load(open({str(export)!r} + "/" + case["case"] + ".json"))["expect"]
print(json.dumps(dict(want, captures=want.get("captures", []), victories=want.get("victories", []))))
"""
    r = run("conformance", "--engine", _engine(tmp_path, body))
    assert r.exit_code == 0, r.output[-2000:]


def test_an_unknown_case_is_one_line_exit_2():
    r = run("conformance", "no-such-case")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "no-such-case" in r.stderr


def test_conformance_exits_0_and_counts_every_case():
    r = run("conformance", "--format", "json")
    assert r.exit_code == 0, r.output[-3000:]
    data = json.loads(r.stdout)
    assert data["cases"] == len(CASES) and data["by_status"] == {"passed": len(CASES)}


# --- validation that means it: the rules of a ruleset run on the cases ---------------------------------

def _edited(change):
    from rithmocheck.ruleset import document
    from rithmocheck.ruleset.resolve import rederive

    doc = document(1, Edition.default())
    change(doc)
    rederive(doc)
    return doc


def _methods_without(doc, name):
    """The manner of taking deleted, and the options that pointed at the manners by index pointed at them
    again, as a careful editor would (a careless edit is also an `option` finding)."""
    from rithmocheck.ruleset.assemble import _options

    doc["captures"]["methods"] = [m for m in doc["captures"]["methods"] if m["method"] != name]
    doc["options"] = _options(1, {t["id"]: t for t in doc["tables"]}, doc["captures"]["methods"], doc,
                             Edition.default())


def _victory_without(doc, name):
    """The common victory deleted, and the option that chose how it is won with it (a careful editor's edit)."""
    doc["victories"]["common"] = [v for v in doc["victories"]["common"] if v["name"] != name]
    doc["options"] = {k: o for k, o in doc["options"].items()
                      if not any("/victories/common/" in ptr for ptr in o.get("default_sets", {}))}


def _obsidion(doc):
    return next(m for m in doc["captures"]["methods"] if m["method"] == "obsidion")


EDITS = {
    "rounds-orthogonal": (lambda d: d["movement"]["round"].update(directions=["orthogonal"]),
                          "k1-round-cornerwise-legal"),
    "obsidion-counts-own-men": (lambda d: _obsidion(d)["params"].update(own_men_count=True),
                                "k1-obsidion-own-man-does-not-count"),
    "no-subtraction": (lambda d: _methods_without(d, "subtraction"), "k1-subtraction-501-two-and-nine"),
    "no-standards": (lambda d: _victory_without(d, "standards"), "k1-standards-two-to-none"),
    "prisoners-removed": (lambda d: d["captured"].update(becomes="removed"), "k1-prisoner-entered-on-hindmost-rank"),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_ruleset_validate_catches_each_rule_edit_by_the_cases(edit, tmp_path):
    change, case_id = EDITS[edit]
    assert case_id in {c.id for c in CASES}
    p = tmp_path / f"{edit}.json"
    p.write_text(json.dumps(_edited(change)))
    r = run("ruleset", "validate", str(p), "--format", "json")
    assert r.exit_code == 1, r.output[-2000:]
    findings = json.loads(r.stdout)["findings"]
    assert findings and all(f["rule"] == "conformance" for f in findings), findings[:3]
    assert any(f"case {case_id}:" in f["message"] and "the book: " in f["message"] for f in findings), \
        [f["message"][:120] for f in findings]


@pytest.mark.parametrize("kind", ("1", "2", "3"))
def test_ruleset_validate_still_passes_the_shipped_rulesets(kind, tmp_path):
    p = tmp_path / f"kind-{kind}.json"
    r = run("ruleset", "--kind", kind, "-o", str(p))
    assert r.exit_code == 0
    r = run("ruleset", "validate", str(p))
    assert r.exit_code == 0, r.output[-2000:]


# --- the rulesets a case holds for (issue 23) -------------------------------------------------------------

BY_ID = {c.id: c for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_case_holds_for_its_own_ruleset(case):
    from rithmocheck.conformance.runner import holds_for

    assert holds_for(case, (case.ruleset,)) == (case.ruleset,)


def test_where_a_case_holds_follows_the_readings_it_is_played_under():
    """Facts read from the readings, not from the kernel: rounds move straight in Ludii and wdjoyner
    (Rithmomachia.lud, rithmo.py) and in eight directions in tronicek, so the round's orthogonal step that
    the first kind forbids (421) is lawful in all three, and his corner-wise step (lawful in 1563) only in
    tronicek's; Ludii has no taking by equality; seed-002 moves the king by his shapes' draughts and sets
    the queen's aside (its lines 48 and 50), so the whole king's three spaces corner-wise (443-444) is not
    his draught there."""
    from rithmocheck.conformance.runner import holds_for

    def where(case_id: str) -> set[str]:
        return set(holds_for(BY_ID[case_id]))

    orthogonal = where("k1-round-orthogonal-illegal")
    assert "lever-fulke-1563/kind-1" in orthogonal
    assert not {"engine/ludii", "engine/wdjoyner", "engine/tronicek"} & orthogonal
    cornerwise = where("k1-round-cornerwise-legal")
    assert "engine/tronicek" in cornerwise and not {"engine/ludii", "engine/wdjoyner"} & cornerwise
    assert "engine/ludii" not in where("k1-equality-456-after-the-move")
    queen = where("k1-king-three-spaces-cornerwise-legal")
    assert "lever-fulke-1563/kind-1" in queen and "seed-002" not in queen


def test_conformance_reading_runs_the_cases_that_hold_for_it_under_it(tmp_path):
    from rithmocheck.conformance.runner import holds_for

    holding = [c.id for c in CASES if "seed-002" in holds_for(c, ("seed-002",))]
    r = run("conformance", "--reading", "seed-002", "--format", "json")
    assert r.exit_code == 0, r.output[-2000:]
    data = json.loads(r.stdout)
    assert sorted(x["case"] for x in data["results"]) == sorted(holding)
    assert "k1-king-three-spaces-cornerwise-legal" not in holding and len(holding) < len(CASES)
    # an engine is told the reading it is asked to play
    seen = tmp_path / "seen"
    body = f"""
import json, sys
case = json.load(sys.stdin)
open({str(seen)!r}, "a").write(case["ruleset"] + "\\n")
print(json.dumps({{"unsupported": "test"}}))
"""
    r = run("conformance", "--engine", _engine(tmp_path, body), "--reading", "seed-002",
            "k1-round-cornerwise-legal", "k1-goods-100")
    assert r.exit_code == 0, r.output
    assert seen.read_text().split() == ["seed-002", "seed-002"]


def test_conformance_reading_with_no_case_that_holds_is_one_line_exit_2():
    r = run("conformance", "--reading", "seed-002", "k1-king-three-spaces-cornerwise-legal")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "seed-002" in r.stderr
    r = run("conformance", "--reading", "no-such-reading")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "no-such-reading" in r.stderr


def test_the_export_says_where_each_case_holds(tmp_path):
    from rithmocheck.conformance.runner import holds_for

    out = tmp_path / "cases"
    assert run("conformance", "--export", str(out), "k1-king-three-spaces-cornerwise-legal").exit_code == 0
    data = json.loads((out / "k1-king-three-spaces-cornerwise-legal.json").read_text())
    assert data["holds_for"] == list(holds_for(BY_ID["k1-king-three-spaces-cornerwise-legal"]))
    assert "lever-fulke-1563/kind-1" in data["holds_for"] and "seed-002" not in data["holds_for"]


# --- the readings the book leaves open (issue 33): each an option with both citations and a case per value ---

READ_TWO_WAYS = ("proportion-adversary-place", "lying-in-wait-next-spaces", "king-lost-draught-scope", "king-number",
                 "king-layer-at-distance", "standards-victory")


@pytest.mark.parametrize("name", READ_TWO_WAYS)
def test_each_reading_the_book_leaves_open_is_an_option_citing_both_readings_with_a_case_for_each_value(name):
    from rithmocheck.ruleset import document
    from rithmocheck.ruleset.rules import rules

    edition = Edition.default()
    kinds = rules(edition)["options"][name]["kinds"]
    for kind in kinds:
        r = run("ruleset", "--kind", str(kind), "--format", "json")
        assert r.exit_code == 0
        option = json.loads(r.stdout)["options"][name]
        assert option["witness"]["line"] and option["default_witness"]["line"] != option["witness"]["line"] or \
            option["default_witness"]["quote"] != option["witness"]["quote"], name
        assert all(a["witness"]["line"] for a in option["alternatives"]), name
        assert option == document(kind, edition)["options"][name]
    option = document(kinds[0], edition)["options"][name]
    values = [option["default"], *(a["value"] for a in option["alternatives"])]
    for value in values:
        covering = [c.id for c in CASES if int(c.ruleset.rsplit("-", 1)[1]) in kinds
                    and c.data.get("options", {}).get(name, option["default"]) == value
                    and name in c.data.get("disputes", ())]
        assert covering, (name, value)


def test_the_cases_stating_statements_are_those_load_cases_gives_read_or_not():
    """cases_stating() (the boards of the worked examples' page) gives the shipped cases of those statements,
    read and checked, whether the whole set was read in the process or not."""
    from rithmocheck.conformance import cases as C

    stated = {c.data["source"]["statement"] for c in C.load_cases() if c.data["source"].get("statement")}
    some = set(sorted(stated)[::2])
    assert some and len(some) < len(stated)
    want = [c for c in C.load_cases() if c.data["source"].get("statement") in some]
    assert C.cases_stating(some) == want
    C._shipped.cache_clear()
    try:
        assert C.cases_stating(some) == want
        assert C.cases_stating(set()) == []
    finally:
        C._shipped.cache_clear()
