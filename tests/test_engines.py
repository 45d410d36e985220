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
from rithmocheck.conformance.matrix import POINTS, alternatives, cells, columns, named, rows, runs
from rithmocheck.conformance.runner import Outcome, Result, classify
from rithmocheck.export.html.play import css_id, row_page
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
        for row in r["results"]:  # an engine's error names it so too, and its case
            if row.get("message", "").startswith("engine "):
                assert row["message"].startswith(f'engine "{name}" on case {row["case"]}: '), (name, row["message"])


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


CELLS = cells()
ROWS = {r.id: r for r in rows()}


def _cell_ids() -> list[str]:
    return [f"{c['point']}@{c['row']}" for c in CELLS]


def test_the_matrix_has_a_cell_per_point_and_row_and_its_facets_are_distinct():
    assert [c["row"] for c in CELLS[::len(POINTS)]] == columns()
    assert len(CELLS) == len(POINTS) * len(columns())
    places = [alt for p in POINTS for f in p.facets for alt in alternatives(f.place)]
    assert len(places) == len(set(places))  # an override belongs to one facet: the deepest at or above it
    assert ROWS["lever-fulke-1563/kind-1"].run is None and ROWS["engine/dagaz"].run == "dagaz"


def _facet_places() -> list[tuple[str, str, int]]:
    return [(alt, p.id, i) for p in POINTS for i, f in enumerate(p.facets) for alt in alternatives(f.place)]


def _own(pointer: str) -> tuple[str, int] | None:
    """The facet an override at `pointer` (named) is of, worked out here from the points' places alone: the
    deepest place at or above it."""
    best = None
    for place, pid, i in _facet_places():
        if pointer == place or pointer.startswith(place + "/"):
            if best is None or len(place.split("/")) > best[0]:
                best = (len(place.split("/")), pid, i)
    return None if best is None else (best[1], best[2])


def _said(rid: str) -> list[dict]:
    """Every override and silence of a reading, each named by its place (a removal in the base's numbering)."""
    doc = by_id(rid)
    reading = doc.get("reading") or {}
    if not reading:
        return []
    base = by_id(reading["base"])
    return [{**o, "named": named(base if o["op"] == "remove" else doc, o["pointer"])}
            for o in reading["overrides"] + reading["unspecified"]]


def _key(o: dict) -> tuple:
    c = o.get("cite") or {}
    return (o["named"], o["op"], c.get("file"), c.get("line"), c.get("quote"), o.get("rule"), o.get("note"))


@pytest.mark.parametrize("cell", CELLS, ids=_cell_ids())
def test_a_cell_is_made_from_the_overrides_of_its_own_places_only(cell):
    """Issue 35: each citation and each word of a cell comes from an override of the reading whose place is the
    cell's (the deepest facet at or above the override's pointer), every such override is cited, and a place the
    reading says nothing of cites the book's line, marked not in the profile."""
    point = next(p for p in POINTS if p.id == cell["point"])
    said = _said(cell["ruleset"])
    for i, facet in enumerate(cell["facets"]):
        mine = [o for o in said if _own(o["named"]) == (point.id, i)]
        cited = [x for x in facet["cites"] if "op" in x]
        assert sorted(map(_key, mine)) == sorted(
            (x["pointer"], x["op"], x.get("file"), x.get("line"), x.get("quote"), x.get("rule"),
             x.get("unspecified") if x["op"] == "unspecified" else x.get("note")) for x in cited), facet["place"]
        for x in cited:  # an engine's line is linked at the profile's commit
            if x.get("file"):
                src = by_id(cell["ruleset"])["reading"]["source"]
                assert x["url"].startswith(f"https://github.com/{src['repository']}/blob/{src['commit']}/")
                assert x["url"].endswith(f"#L{x['line']}")
        if not mine:
            reading = bool(by_id(cell["ruleset"]).get("reading"))
            assert all(bool(x.get("not_in_profile")) == reading for x in facet["cites"])
            assert all("reading" not in x for x in facet["cites"])  # the book's line, never a reading's
        words = [o["rule"] for o in mine if o["op"] == "differs"]
        shown = ([facet["value"]] if facet["status"] == "in-words" else []) + facet.get("in_words", [])
        assert sorted(shown) == sorted(words), facet["place"]


@pytest.mark.parametrize("cell", CELLS, ids=_cell_ids())
def test_no_cell_prints_a_value_its_words_or_its_data_deny(cell):
    """Issue 35: a place the engine has no code for reads `absent`, one its source is silent on `unspecified`,
    one it states only in words its words: never the base's value. Any other place reads the value of the
    ruleset's document there (the profile's data), in words."""
    point = next(p for p in POINTS if p.id == cell["point"])
    doc = by_id(cell["ruleset"])
    said = _said(cell["ruleset"])
    for i, facet in enumerate(cell["facets"]):
        ops = {o["op"] for o in said if _own(o["named"]) == (point.id, i)}
        whole = [o for o in said if o["op"] == "differs" and o["named"] in alternatives(point.facets[i].place)
                 + (facet["place"],)]
        if "absent" in ops:
            assert (facet["status"], facet["value"]) == ("absent", "absent")
        elif "unspecified" in ops:
            assert (facet["status"], facet["value"]) == ("unspecified", "unspecified")
        elif whole:
            assert facet["status"] == "in-words" and facet["value"] == "; ".join(o["rule"] for o in whole)
        else:
            there = _value(doc, facet["pointer"]) if facet["pointer"] else None
            words = point.facets[i].words(there, doc)
            assert facet["value"] in (words, "none" if not words else words), facet["place"]
    if set(cell["statuses"]) == {"absent"}:
        assert cell["value"] == "absent"


def _value(doc, ptr):
    for part in ptr.split("/")[1:]:
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def _cell(point: str, row: str) -> dict:
    return next(c for c in CELLS if c["point"] == point and c["row"] == row)


def _files(c: dict) -> set[tuple[str, int]]:
    return {(x["file"].rsplit("/", 1)[-1], x["line"]) for f in c["facets"] for x in f["cites"] if x.get("file")}


def test_the_wrong_citations_of_issue_35_are_gone():
    """A draught cites no victory function nor the capture loop nor take legality; a manner of taking an engine
    lacks cites nothing of another manner; leungwk's and Ludii's cells carry no other rule's words."""
    assert not any("ProperVictoryRule" in f for p in ("triangle", "square") for f, _ in
                   _files(_cell(p, "engine/phalenopsis")))
    assert ("rithmomachia-ambush.js", 241) not in _files(_cell("triangle", "engine/dagaz")) | _files(
        _cell("square", "engine/dagaz"))
    assert ("rith.py", 175) not in _files(_cell("triangle", "engine/leungwk")) | _files(
        _cell("square", "engine/leungwk"))
    for rid in ("engine/dagaz", "engine/phalenopsis", "engine/tronicek", "engine/wdjoyner", "engine/vocinur",
                "engine/leungwk", "engine/ludii"):
        assert _files(_cell("cossick", rid)) == set(), rid  # no engine has cossick signs: none, the base's silence
        assert "in_words" not in _cell("cossick", rid), rid
    for point in ("counting", "cossick", "proportion"):
        assert "besieger" not in _cell(point, "engine/leungwk").get("in_words", "")
    for point in ("equality", "cossick", "proportion"):
        assert "with distance" not in _cell(point, "engine/ludii").get("in_words", "")
    assert "with distance" in _cell("other", "engine/ludii")["in_words"]


def test_the_wrong_facts_of_issue_35_are_corrected():
    robertoloja = {p: _cell(p, "engine/robertoloja")["value"] for p in
                   ("first", "camp", "several", "parts", "triumphs", "common", "prisoners", "men")}
    assert set(robertoloja.values()) == {"absent"}, robertoloja
    assert _files(_cell("several", "engine/robertoloja")) == {("Game.js", 127)}  # the stub, as evidence
    flying = _cell("flying", "engine/tronicek")
    assert flying["value"] != "none" and "four of the eight knight's leaps" in flying["in_words"]
    assert "he takes from where he lands" in flying["in_words"] and ("Piece.java", 59) in _files(flying)
    king = _cell("king", "engine/wdjoyner")
    assert king["value"] == "orthogonal 3; never loses a draught" and ("rithmo.py", 187) in _files(king)
    vocinur = _cell("king", "engine/vocinur")
    assert "a draught lost with all its layers" in vocinur["value"] and "the white king keeps" in vocinur["in_words"]
    men = _cell("men", "engine/tronicek")
    assert men["value"] == "absent" and _files(men) == {("Board.java", 42)}
    ludii = by_id("engine/ludii")["reading"]["source"]
    assert (ludii["repository"], ludii["commit"][:9]) == ("PadLex/Ludii", "93ed32184")


def test_a_recorded_run_under_a_ruleset_not_its_own_is_a_row_of_its_own(monkeypatch):
    """How the matrix grows: a recorded run classed under a ruleset that is not engine/NAME becomes its own row,
    reading that ruleset, its cells counting its classes."""
    from rithmocheck.conformance import matrix

    extra = {"engine": "zz-elsewhere", "profile": "lever-fulke-1563/kind-1", "repository": "example/engine",
             "commit": "0" * 40, "cases": 1, "by_class": {"pass": 1},
             "results": [{"case": "k1-round-cornerwise-legal", "class": "pass"}]}
    monkeypatch.setattr(matrix, "runs", lambda: {**RUNS, "zz-elsewhere": extra})
    matrix._rows.cache_clear()  # (the rows are worked out once a process, from the recorded runs)
    try:
        found = matrix.rows()
        assert found[-1] == matrix.Row("run/zz-elsewhere", "lever-fulke-1563/kind-1", "zz-elsewhere",
                                       "zz-elsewhere (under lever-fulke-1563/kind-1)")
        cell = next(c for c in matrix._cells() if c["row"] == "run/zz-elsewhere" and c["point"] == "round")
        assert cell["value"] == "diagonal 1" and cell["live"] == {"pass": 1}
    finally:
        matrix._rows.cache_clear()


def test_the_runs_in_ludii_under_our_descriptions_are_rows_of_their_own():
    """Issue 34: each kind's description run in Ludii is the matrix's row run/ludii-kind-N, under the kind."""
    found = {r.id: r for r in rows()}
    for k in (1, 2, 3):
        name = f"ludii-kind-{k}"
        assert found[f"run/{name}"].ruleset == RUNS[name]["profile"] == f"lever-fulke-1563/kind-{k}"
        assert found[f"run/{name}"].run == name
    classes = {r["case"]: r["class"] for r in RUNS["ludii-kind-2"]["results"]}
    for cell in cells():
        if cell["row"] == "run/ludii-kind-2":
            tally: dict[str, int] = {}
            for cid in cell["cases"]:
                if cid in classes:
                    tally[classes[cid]] = tally.get(classes[cid], 0) + 1
            assert cell["live"] == dict(sorted(tally.items())), cell["point"]
    assert found["engine/ludii"].run == "ludii"  # Ludii's own description: its profile's row, live


@pytest.mark.parametrize("name", LIVE)
def test_each_recorded_run_is_what_its_profile_makes_of_its_answers_today(name):
    """The recorded run equals its answers classed again by the code that classes a live run
    (tools/reclassify_runs.py writes it): classes, differences from the profile and explanations alike."""
    from rithmocheck.conformance.runner import record, replayed

    again = record(replayed(RUNS[name], CASES), by_id(RUNS[name]["profile"]), RUNS[name]["engine"])
    assert again == RUNS[name], f"{name}: run python tools/reclassify_runs.py (or engines/run.sh {name} again)"


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
        assert f'id="{c["point"]}--{css_id(c["row"])}"' in page, (c["point"], c["row"])
    assert json.loads((out / "engines.json").read_text()) == data


def test_each_engine_has_a_page_with_its_column_and_its_departures_drawn(built):
    """Issue 35: every engine's profile has its page (run live or not): each point with its value and every
    citation of its cell, and for a run, each departure drawn as a board."""
    for row in rows():
        page = row_page(row)
        if page is None:
            continue
        text = (built / "html" / page).read_text()
        for c in (c for c in CELLS if c["row"] == row.id):
            assert f'<dt id="{c["point"]}">' in text, (page, c["point"])
            for f in c["facets"]:
                for x in f["cites"]:
                    if x.get("url"):
                        assert x["url"].replace("&", "&amp;") in text, (page, x["url"])
        if row.run:
            departures = [r for r in RUNS[row.run]["results"] if r["class"] == "departure"]
            assert text.count("<svg") >= len(departures) and text.count('class="departure"') == len(departures)


def test_the_matrix_page_lets_a_reader_choose_its_columns_without_script(built):
    page = (built / "html" / "engines.html").read_text()
    assert "<script" not in page
    for row in rows():
        col = css_id(row.id)
        assert f'<input type="checkbox" id="show-{col}" checked="checked" />' in page
        assert f"main:has(#show-{col}:not(:checked)) .col-{col} {{ display: none; }}" in page


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
    assert r.exit_code == 0 and json.loads(r.stdout)["errors"] == []  # every case answered
    ranked = json.loads(r.stdout)["fits"]
    best = [d["ruleset"] for d in ranked if d["fits"] == d["of"] == len(some)]
    assert "seed-002" in best and "lever-fulke-1563/kind-1" not in best
    r = run("conformance", "--engine", engine, "--profile", "lever-fulke-1563/kind-1", *some)
    assert r.exit_code == 1  # under the book's own kind the king's move is a departure


def _checkout_of(tmp_path, engine: str):
    """A plain directory holding, for each file engine's profile cites, each quote at its line (and nothing
    else): what a checkout at the profile's commit shows of those lines."""
    from rithmocheck.conformance.citations import citations

    mine = [c for c in citations() if c.engine == engine]
    lines: dict[str, dict[int, str]] = {}
    for c in mine:
        at = lines.setdefault(c.file, {})
        at[c.line] = f"{at[c.line]} {c.quote}" if c.line in at and c.quote not in at[c.line] else c.quote
    for file, at in lines.items():
        path = tmp_path / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(at.get(n, "") for n in range(1, max(at) + 1)) + "\n", encoding="utf-8")
    return mine


def test_reread_finds_each_quote_at_its_line_and_fails_when_it_is_not(tmp_path):
    """Issue 35: `rithmocheck engines --reread NAME=DIR` re-reads every line NAME's profile cites: exit 0 when
    each quote is at its line, 1 naming the citation when one is not, 2 (one line) for a bad checkout."""
    mine = _checkout_of(tmp_path, "robertoloja")
    r = run("engines", "--reread", f"robertoloja={tmp_path}", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["reread"] == len(mine) >= 20 and data["failures"] == 0
    assert {x["status"] for x in data["results"] if x["profile"] == "engine/robertoloja"} == {"ok"}
    assert all(x.get("commit_unproven") for x in data["results"] if x["profile"] == "engine/robertoloja")
    moved = next(c for c in mine if c.file == "src/Pyramid.js")
    path = tmp_path / moved.file
    text = path.read_text(encoding="utf-8").split("\n")
    text.insert(0, "// a line more: every line below moves down one")
    path.write_text("\n".join(text), encoding="utf-8")
    r = run("engines", "--reread", f"robertoloja={tmp_path}", "--format", "json")
    assert r.exit_code == 1
    bad = [x for x in json.loads(r.stdout)["results"] if x["status"] == "not-at-line"]
    assert {(x["file"], x["line"]) for x in bad} == {(c.file, c.line) for c in mine if c.file == moved.file}
    assert all(x["found_at"] == [x["line"] + 1] for x in bad)
    (tmp_path / "README.md").unlink()
    r = run("engines", "--reread", f"robertoloja={tmp_path}", "--format", "json")
    assert r.exit_code == 1 and "no-file" in json.loads(r.stdout)["by_status"]


def test_reread_refuses_a_bad_checkout_in_one_line(tmp_path):
    import subprocess

    for args, said in ((["--reread", "robertoloja"], "NAME=DIR"), (["--reread", "nope=/tmp"], "nope"),
                       (["--reread", f"dagaz={tmp_path / 'missing'}"], "missing")):
        r = run("engines", *args)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1 and said in r.stderr, (args, r.stderr)
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    r = run("engines", "--reread", f"dagaz={repo}")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "does not hold the profile's commit" in r.stderr


def test_the_documented_reread_is_of_the_citations_as_they_stand():
    """docs/engines.md gives the last result of the re-reading: its count of citations and their digest must be
    those of the profiles today (a citation changed since: run the command again), with no failure."""
    import re
    from pathlib import Path

    from rithmocheck.conformance.citations import citations, digest

    text = " ".join((Path(__file__).resolve().parent.parent / "docs" / "engines.md").read_text().split())
    m = re.search(r"re-read (\d+) citations of the nine profiles, each at its commit: (\d+) failures? "
                  r"\(citations digest `([0-9a-f]{16})`\)", text)
    assert m, "docs/engines.md gives the last re-reading"
    assert int(m[1]) == len(citations()) and m[2] == "0" and m[3] == digest()[:16]
