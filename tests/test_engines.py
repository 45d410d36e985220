"""Engines held to the book (issue 29): the recorded live runs name cases
that exist as they were run, each result's class is what the engine's
profile and the reference engine make of it today, every departure is
explained in its profile, and the matrix is read from the profiles."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rithmocheck.cli import cli
from rithmocheck.conformance import load_cases
from rithmocheck.conformance.cases import case_digest
from rithmocheck.conformance.matrix import POINTS, cells, columns, runs
from rithmocheck.conformance.runner import Outcome, Result, classify
from rithmocheck.ruleset import by_id

CASES = {c.id: c for c in load_cases()}
RUNS = runs()
LIVE = ("dagaz", "phalenopsis", "tronicek", "leungwk", "wdjoyner", "ludii")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_four_engines_or_more_are_run_live():
    assert set(LIVE) <= set(RUNS)
    for name in LIVE:
        r = RUNS[name]
        assert r["profile"] == f"engine/{name}" and len(r["commit"]) == 40
        assert r["engine"] == name  # the engine's name, never the command line of the machine it ran on
        assert r["cases"] == len(r["results"]) and sum(r["by_class"].values()) == r["cases"]


@pytest.mark.parametrize("name", LIVE)
def test_a_recorded_result_names_a_case_that_exists_as_it_was_run(name):
    for row in RUNS[name]["results"]:
        assert row["case"] in CASES, f"{name}: the case {row['case']} no longer exists: run engines/run.sh again"
        assert row["case_sha256"] == case_digest(CASES[row["case"]]), \
            f"{name}: the case {row['case']} changed since the run: run engines/run.sh {name} again"


@pytest.mark.parametrize("name", LIVE)
def test_each_recorded_class_is_what_the_profile_makes_of_the_answer_today(name):
    """The engine's recorded answers, classed again against its profile and the reference engine now: a change
    of either that changes a class fails here (record the run again, or explain the change)."""
    profile = by_id(f"engine/{name}")
    for row in RUNS[name]["results"]:
        if row["class"] in ("not-implemented", "error"):
            continue
        o = row["outcome"]
        outcome = Outcome(o["legal"], tuple(o["captures"]), tuple(o["victories"]))
        result = Result(CASES[row["case"]], "failed" if row.get("from_the_book") else "passed",
                        tuple(row.get("from_the_book", ())), outcome)
        cls, _ = classify(result, profile)
        assert cls == row["class"], (name, row["case"], cls, row["class"])


@pytest.mark.parametrize("name", LIVE)
def test_every_departure_is_explained_in_the_profile(name):
    """A departure, or a crash, is a bug of the engine, a rule the profile cannot express, or the adapter's."""
    departures = {d for x in by_id(f"engine/{name}")["reading"].get("departures", []) for d in x["cases"]}
    for row in RUNS[name]["results"]:
        if row["class"] in ("departure", "error"):
            assert row["case"] in departures and row.get("explanation"), (name, row["case"])
            assert row["explanation"]["kind"] in ("bug", "not-expressible", "adapter")


def test_the_matrix_is_read_from_the_profiles():
    """Each cell is its ruleset's value at the point, and cites the engine's line where the engine overrides the
    book; the book's column cites the book."""
    found = cells()
    assert {c["ruleset"] for c in found} == set(columns())
    assert len(found) == len(POINTS) * len(columns())
    by = {(c["point"], c["ruleset"]): c for c in found}
    for rid in columns():
        doc = by_id(rid)
        for p in POINTS:
            value, _ptr = p.cell(doc)
            assert by[(p.id, rid)]["value"] == value
    assert by[("round", "lever-fulke-1563/kind-1")]["value"] == "diagonal 1"
    assert by[("round", "lever-fulke-1563/kind-1")]["cite"]["line"] == 421
    ludii = by[("round", "engine/ludii")]
    assert ludii["value"] == "orthogonal 1" and ludii["cite"]["reading"] == "engine/ludii" and ludii["cite"]["file"]
    assert by[("counting", "engine/tronicek")]["value"] == "with both end squares"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("build") / "out"
    assert run("build", "--out", str(out)).exit_code in (0, 1)
    return out


def test_engines_json_and_the_html_matrix_give_the_same_cells(built):
    r = run("engines", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["cells"] and {c["point"] for c in data["cells"]} == {p.id for p in POINTS}
    out = built
    page = (out / "html" / "engines.html").read_text()
    for c in data["cells"]:
        assert f'id="{c["point"]}--{c["ruleset"].replace("/", "-")}"' in page, (c["point"], c["ruleset"])
    assert json.loads((out / "engines.json").read_text()) == data


@pytest.mark.parametrize("name", LIVE)
def test_every_explained_departure_is_still_one(name):
    """A profile's explanation of a departure names a case the engine still departs on (or answers with an
    error): a stale explanation is removed when the run no longer needs it."""
    classes = {r["case"]: r["class"] for r in RUNS[name]["results"]}
    for entry in by_id(f"engine/{name}")["reading"].get("departures", []):
        for case in entry["cases"]:
            assert classes.get(case) in ("departure", "error"), (name, case, classes.get(case))


def test_a_case_page_says_under_which_rulesets_the_case_holds(built):
    """Issue 23: each case says which readings it holds for; its page lists them and the others."""
    from rithmocheck.conformance.runner import holds_for
    from rithmocheck.ruleset.catalogue import ruleset_ids

    case = CASES["k1-king-three-spaces-cornerwise-legal"]
    page = (built / "html" / "conformance" / f"{case.id}.html").read_text()
    holds = holds_for(case)
    said = page.split("<dt>Holds under</dt><dd>", 1)[1].split("</dd>", 1)[0]
    said_not = page.split("<dt>Not under</dt><dd>", 1)[1].split("</dd>", 1)[0]
    assert said.split(", ") == list(holds)
    assert set(said_not.split(", ")) == set(ruleset_ids()) - set(holds)
    assert "seed-002" in said_not.split(", ")


def test_the_build_publishes_each_recorded_run_with_its_commit(built):
    for name, recorded in RUNS.items():
        assert json.loads((built / "runs" / f"{name}.json").read_text()) == recorded
    listed = {r["path"] for r in json.loads((built / "datapackage.json").read_text())["resources"]}
    assert {f"runs/{name}.json" for name in RUNS} <= listed


def test_the_documented_counts_are_the_recorded_runs():
    """docs/engines.md states each live run's classes; they are the recorded ones."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "engines.md").read_text()
    rows = {m[0]: m[1:] for m in re.findall(r"^\| `(\w+)` \| `([0-9a-f]{8})` \| (\d+) \| (\d+) \| (\d+) \| (\d+) "
                                          r"\| (\d+) \|", text, re.M)}
    assert set(rows) == set(LIVE)
    for name in LIVE:
        by = RUNS[name]["by_class"]
        commit, *counts = rows[name]
        assert RUNS[name]["commit"].startswith(commit)
        assert [int(n) for n in counts] == [by.get(c, 0) for c in ("pass", "reading", "departure", "not-implemented",
                                                                   "error")], name


def _engine_playing(tmp_path, rid: str) -> str:
    """A stand-in engine that plays every case as the reference engine does under the ruleset `rid`."""
    import sys

    from rithmocheck.conformance.runner import as_expectation, under

    answers = {cid: as_expectation(under(c, by_id(rid))) for cid, c in CASES.items()}
    (tmp_path / "answers.json").write_text(json.dumps(answers))
    script = tmp_path / "engine.py"
    script.write_text("import json, sys\n"
                      f"answers = json.load(open({str(tmp_path / 'answers.json')!r}))\n"
                      "print(json.dumps(answers[json.load(sys.stdin)['case']]))\n")
    return f"{sys.executable} {script}"


def test_an_engine_that_plays_a_reading_is_classed_by_it_and_fits_it(tmp_path):
    """An engine playing seed-002 fails the cases seed-002 decides otherwise than the book: against the
    profile seed-002 each is a reading, none a departure (exit 0); --fit ranks seed-002 first, every answer
    fitting."""
    engine = _engine_playing(tmp_path, "seed-002")
    some = ["k1-king-three-spaces-cornerwise-legal", "k1-round-cornerwise-legal", "k1-addition-489-six-and-six",
            "k2-king-no-flying-draught"]
    r = run("conformance", "--engine", engine, "--profile", "seed-002", "--format", "json", *some)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    classes = {row["case"]: row["class"] for row in data["results"]}
    assert classes["k1-king-three-spaces-cornerwise-legal"] == "reading"  # the king moves as his shapes (48)
    assert classes["k1-round-cornerwise-legal"] == "pass"
    assert "departure" not in classes.values()
    r = run("conformance", "--engine", engine, "--fit", "--format", "json", *some)
    ranked = json.loads(r.stdout)["fits"]
    best = [d["ruleset"] for d in ranked if d["fits"] == d["of"] == len(some)]
    assert "seed-002" in best and "lever-fulke-1563/kind-1" not in best
    r = run("conformance", "--engine", engine, "--profile", "lever-fulke-1563/kind-1", *some)
    assert r.exit_code == 1  # under the book's own kind the king's move is a departure
