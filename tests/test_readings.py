"""Readings of the rules as rulesets (rithmocheck/ruleset/readings/): the
modern readings of the seeds and the engines' profiles, each a kind of 1563
and its overrides. Each validates against the published schema; each
citation says what its source has there (a seed's line; an engine's file
and line at its commit); `ruleset diff` lists the differences the readings
issue names, each with both citations; the engine plays a reading."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.ruleset import by_id, ruleset_ids, schema
from rithmocheck.ruleset.diff import diff
from rithmocheck.ruleset.readings import READINGS_DIR, _read, reading_ids

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
MODERN = ["seed-001", "seed-002", "seed-003", "seed-004"]
ENGINES = ["engine/dagaz", "engine/leungwk", "engine/ludii", "engine/phalenopsis", "engine/robertoloja",
           "engine/soroban", "engine/tronicek", "engine/vocinur", "engine/wdjoyner"]


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_every_reading_is_listed():
    assert set(MODERN + ENGINES) <= set(reading_ids())
    r = run("ruleset", "--list", "--format", "json")
    assert r.exit_code == 0
    listed = {x["ruleset"] for x in json.loads(r.stdout)}
    assert listed == set(ruleset_ids()) and {"lever-fulke-1563/kind-1"} | set(MODERN) | set(ENGINES) <= listed


@pytest.mark.parametrize("rid", MODERN + ENGINES)
def test_every_reading_follows_the_schema(rid):
    doc = by_id(rid)
    assert list(Draft202012Validator(schema()).iter_errors(doc)) == []
    assert doc["ruleset"] == rid and doc["reading"]["base"].startswith("lever-fulke-1563/kind-")


def _seed_lines(name: str) -> list[str]:
    path = SEEDS / name
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing: CI runs with ../shared beside the checkout")
        pytest.skip(f"{path} is not beside the checkout")
    return path.read_text(encoding="utf-8").split("\n")


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("rid", MODERN)
def test_every_citation_of_a_modern_reading_is_on_its_seed_line(rid):
    path = next(p for p in READINGS_DIR.glob("*.yaml") if _read(p)["id"] == rid)
    data = _read(path)
    lines = _seed_lines(data["source"]["file"])
    n = 0
    for o in data["overrides"]:
        cite = o.get("cite")
        if cite is None:
            continue
        n += 1
        line = lines[cite["line"] - 1] if 1 <= cite["line"] <= len(lines) else ""
        assert _words(cite["quote"]) in _words(line), (rid, o["pointer"], cite["line"])
    assert n >= 3


@pytest.mark.parametrize("rid", ENGINES)
def test_every_engine_profile_names_its_commit_licence_and_lines(rid):
    src = by_id(rid)["reading"]["source"]
    assert src["kind"] == "engine" and re.fullmatch(r"[0-9a-f]{40}", src["commit"]) and src["licence"]
    assert "/" in src["repository"]
    for o in by_id(rid)["reading"]["overrides"]:
        cite = o.get("cite")
        if cite is not None:
            assert cite.get("file") and cite["line"] >= 1 and cite["quote"], (rid, o["pointer"])


def _differences(rid: str) -> dict[str, dict]:
    return {d["pointer"]: d for d in diff(by_id("lever-fulke-1563/kind-1"), by_id(rid))}


def _has(found: dict[str, dict], pointer_part: str, rid: str, line: int | None = None) -> dict:
    hits = [d for p, d in found.items() if pointer_part in p]
    assert hits, f"{rid}: no difference at {pointer_part}: {sorted(found)}"
    for d in hits:
        assert d["cite_b"] and d["cite_b"].get("reading") == rid, d
        assert d["cite_a"] is None or "line" in d["cite_a"] or d["cite_a"].get("not_from_1563"), d
    if line is not None:
        assert any(d["cite_b"].get("line") == line for d in hits), (rid, pointer_part, [d["cite_b"] for d in hits])
    return hits[0]


# The differences from 1563 named in the readings issue, each with the reading's line.
NAMED = {
    "seed-001": ["/movement/round/directions", "/movement/triangle/distances", "/movement/square/distances",
                 "/captures/methods/0", "/params/board_edge_counts", "/kings/taken", "/triumphs"],
    "seed-002": ["/movement/pyramid/as_shapes", "/triumphs/camp/spaces", "/captures/per_move"],
    "seed-003": ["/movement/round/directions", "/movement/triangle/directions", "/movement/square/directions"],
    "seed-004": ["/movement/round/directions", "/movement/triangle/directions", "/movement/square/directions"],
}


@pytest.mark.parametrize("rid", MODERN)
def test_diff_with_the_first_kind_lists_each_named_difference_with_both_citations(rid):
    found = _differences(rid)
    for part in NAMED[rid]:
        _has(found, part, rid)


def test_the_second_reading_differs_on_exactly_the_named_points_and_cites_them():
    found = _differences("seed-002")
    d = _has(found, "/triumphs/camp/spaces", "seed-002")
    assert (d["a"], d["b"]) == (40, 48) and d["cite_a"]["line"] == 583
    d = _has(found, "/captures/per_move", "seed-002")
    assert d["same_value"] and d["cite_a"].get("not_from_1563")  # 1563 silent; the reading states it


def test_diff_command_text_json_and_csv(tmp_path):
    for fmt in ("text", "json", "csv"):
        r = run("ruleset", "diff", "lever-fulke-1563/kind-1", "seed-002", "--format", fmt)
        assert r.exit_code == 0, r.output
        assert "/triumphs/camp/spaces" in r.stdout
    rows = run("ruleset", "diff", "lever-fulke-1563/kind-1", "seed-002", "--format", "csv").stdout.splitlines()
    assert rows[0].split(",")[0] == "pointer"
    r = run("ruleset", "diff", "lever-fulke-1563/kind-1", "nope")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "'nope'" in r.stderr


def test_the_engine_plays_a_reading():
    """seed-003's rounds move one space orthogonally (not corner-wise, as in 1563's first kind)."""
    r = run("moves", "d8=R2 even", "--ruleset", "seed-003", "--format", "json")
    assert r.exit_code == 0, r.output
    got = {m["move"] for m in json.loads(r.stdout)["moves"]}
    assert got == {"d8-d9", "d8-d7", "d8-c8", "d8-e8"}
    r = run("moves", "d8=R2 even", "--format", "json")
    assert {m["move"] for m in json.loads(r.stdout)["moves"]} == {"d8-c7", "d8-c9", "d8-e7", "d8-e9"}


def test_option_resolves_and_refuses_with_the_allowed_values():
    r = run("ruleset", "--kind", "1", "--option", "camp-spaces=48")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["resolved"] == {"camp-spaces": 48} and doc["triumphs"]["camp"]["spaces"] == 48
    r = run("ruleset", "--kind", "1", "--option", "camp-spaces=50")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "40, 48" in r.stderr
    r = run("ruleset", "--kind", "1", "--option", "nope=1")
    assert r.exit_code == 2 and "camp-spaces" in r.stderr
    r = run("ruleset", "--kind", "3", "--option", "obsidion-next-spaces=directly-or-cornerwise")
    assert r.exit_code == 0
    obsidion = next(m for m in json.loads(r.stdout)["captures"]["methods"] if m["method"] == "obsidion")
    assert obsidion["params"]["next_spaces"] == "directly-or-cornerwise"


def test_a_reading_with_a_bad_pointer_is_one_line(tmp_path, monkeypatch):
    import rithmocheck.ruleset.readings as readings

    (tmp_path / "x.yaml").write_text(
        "id: x\ntitle: x\nbase: lever-fulke-1563/kind-1\nsource: {kind: modern-reading, description: d}\n"
        "overrides:\n  - {pointer: /movement/nope/x, value: 1, cite: {line: 1, quote: q}}\n")
    monkeypatch.setattr(readings, "READINGS_DIR", tmp_path)
    readings._files.cache_clear()
    try:
        with pytest.raises(InputError) as err:
            readings.reading_document("x")
        assert "/movement/nope/x" in err.value.one_line() and "x.yaml" in err.value.one_line()
    finally:
        readings._files.cache_clear()


def test_ruleset_reading_lists_the_rulesets_or_gives_one():
    """Issues 23 and 29: `ruleset --reading` lists the kinds, the modern readings and the nine profiles;
    `ruleset --reading ID` is `ruleset --ruleset ID`."""
    from rithmocheck.ruleset.assemble import ruleset_ids

    r = run("ruleset", "--reading", "--format", "csv")
    assert r.exit_code == 0, r.output
    listed = [line.split(",", 1)[0] for line in r.stdout.splitlines()[1:]]
    assert listed == list(ruleset_ids())
    assert sum(x.startswith("engine/") for x in listed) == 9 and sum(x.startswith("seed-") for x in listed) == 4
    assert run("ruleset", "--reading", "seed-002").stdout == run("ruleset", "--ruleset", "seed-002").stdout
    r = run("ruleset", "--reading", "seed-002", "--ruleset", "seed-001")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
