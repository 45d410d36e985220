"""Engine rulesets (issue 5): the documents, their schema, and validation of
rulesets and plain piece lists, each mutation asserted by its exact finding."""

import copy
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from conftest import ARMIES, EDITION, generate
from rithmocheck import ruleset as R
from rithmocheck.cli.ruleset import ruleset
from rithmocheck.model import men as M
from rithmocheck.ruleset import assemble as RD
from rithmocheck.ruleset.rules import rules

KINDS = (1, 2, 3)

ROOT = Path(__file__).resolve().parent.parent
EDITION_DIR = ROOT / "sources" / "lever-fulke-1563"
WITNESS_LINES = (EDITION_DIR / "witness.txt").read_text(encoding="utf-8").split("\n")


def run_cli(*args):
    from rithmocheck.cli import cli

    return CliRunner().invoke(cli, list(args))


def run(*args):
    return CliRunner().invoke(ruleset, list(args))


@pytest.fixture(scope="module")
def docs():
    return {k: R.document(k, EDITION) for k in R.kinds(EDITION)}


def man_at(doc, side, shape, order, digit):
    return next(i for i, m in enumerate(doc["men"])
                if (m["side"], m["shape"], m["order"], m["digit"]) == (side, shape, order, digit))


def found(doc, name="x"):
    return [(f.rule, f.path) for f in R.validate(doc, EDITION, name)]


def only(doc):
    fs = R.validate(doc, EDITION, "x")
    assert len(fs) == 1, [(f.rule, f.path, f.message) for f in fs]
    return fs[0]


# --- the documents ----------------------------------------------------------

def test_all_kinds_are_one_document_valid_against_the_published_schemas():
    """`ruleset` with no options (issue 21): one document of the three kinds, valid against rulesets-1.json,
    whose items are ruleset-1.json documents."""
    from referencing import Registry, Resource

    r = run()
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert [d["ruleset"] for d in data["rulesets"]] == [f"lever-fulke-1563/kind-{k}" for k in (1, 2, 3)]
    collection = json.loads((RD.SCHEMA_FILE.parent / "rulesets-1.json").read_text())
    registry = Registry().with_resource(RD.SCHEMA_ID, Resource.from_contents(R.schema()))
    Draft202012Validator.check_schema(collection)
    assert list(Draft202012Validator(collection, registry=registry).iter_errors(data)) == []
    broken = copy.deepcopy(data)
    del broken["rulesets"][1]["men"]
    assert [e.json_path for e in Draft202012Validator(collection, registry=registry).iter_errors(broken)] \
        == ["$.rulesets[1]"]
    validator = Draft202012Validator(R.schema())
    for d in data["rulesets"]:
        assert list(validator.iter_errors(d)) == []


def test_schema_is_versioned_and_shipped():
    s = R.schema()
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] == RD.SCHEMA_ID and s["$id"].endswith("ruleset-1")
    assert RD.SCHEMA_FILE.name == "ruleset-1.json" and RD.SCHEMA_FILE.parent.name == "schema"
    r = run("--schema")
    assert r.exit_code == 0 and json.loads(r.stdout) == s


def test_schema_rejects_a_document_without_men(docs):
    d = copy.deepcopy(docs[1])
    del d["men"]
    assert ("schema", "") in found(d)


@pytest.mark.parametrize("kind", KINDS)
def test_each_document_passes_validate(tmp_path, docs, kind):
    assert R.validate(docs[kind], EDITION, "k") == []
    for fmt in ("json", "yaml"):
        f = tmp_path / f"kind-{kind}.{fmt}"
        f.write_text(run("--kind", str(kind), "--format", fmt).stdout, encoding="utf-8")
        r = run("validate", str(f))
        assert r.exit_code == 0, r.output
        assert r.stdout == "" and "valid" in r.stderr


def test_yaml_is_the_same_data_as_json():
    assert yaml.safe_load(run("--kind", "2", "--format", "yaml").stdout) == json.loads(
        run("--kind", "2").stdout)


def test_documents_are_deterministic_and_named_for_the_build():
    first = R.documents(EDITION)
    assert list(first) == ["kind-1.json", "kind-2.json", "kind-3.json"]
    again = R.documents(EDITION)
    assert json.dumps(first, sort_keys=False) == json.dumps(again, sort_keys=False)
    assert run("--kind", "all").stdout == run("--kind", "all").stdout


def test_metadata(docs):
    d = docs[1]
    assert d["ruleset"] == "lever-fulke-1563/kind-1" and d["schema_version"] == 1 and d["kind"] == 1
    from rithmocheck import __version__

    assert d["produced_by"] == {"program": "rithmocheck", "version": __version__}
    meta = yaml.safe_load((EDITION_DIR / "witness.yaml").read_text())
    assert d["witness"]["sha256"] == meta["sha256"]
    assert d["witness"]["title"] == meta["title"] and d["witness"]["year"] == meta["year"] == 1563
    assert d["witness"]["authors"] == meta["authors"]
    assert d["witness"]["identifiers"] == meta["identifiers"] and d["witness"]["attributions"] == meta["attributions"]
    text = (EDITION_DIR / "witness.txt").read_bytes()
    assert hashlib.sha256(text).hexdigest() == d["witness"]["sha256"]


def test_the_men_are_the_derived_men(docs):
    for d in docs.values():
        assert [(m["id"], m["value"]) for m in d["men"]] == [(m.id, m.value) for m in ARMIES.all_men()]
    kings = {m["side"]: m for m in docs[1]["men"] if m["shape"] == "pyramid"}
    assert kings["even"]["value"] == 91 and [l["value"] for l in kings["even"]["layers"]] == [1, 4, 9, 16, 25, 36]
    assert [l["shape"] for l in kings["odd"]["layers"]] == ["round", "triangle", "triangle", "square", "square"]


def test_kind_2_men_carry_their_cossick_signs(docs):
    signs = {(m["side"], m["value"], m["shape"], m["order"]): m["signs"] for m in docs[2]["men"] if "signs" in m}
    # "64. of the quadrate and the cube, and also the quadrat of cube" (line 806);
    # "81 {powerof2}. {powerof4}" (line 840)
    assert signs[("odd", 64, "triangle", 2)] == [2, 3, 6]
    assert signs[("even", 81, "square", 2)] == [2, 4]
    assert signs[("even", 4, "round", 1)] == [1]
    assert signs[("odd", 100, "triangle", 2)] == []
    assert all("signs" not in m for m in docs[1]["men"])


def test_captured_men_per_kind(docs):
    assert [docs[k]["captured"]["becomes"] for k in KINDS] == ["turned", "triumph-only", "removed"]
    assert docs[1]["kings"]["ransom"] is None
    assert docs[2]["kings"]["ransom"]["lowest_square"] is True
    assert docs[3]["kings"]["ransom"]["lowest_square"] is False
    assert docs[1]["triumphs"]["camp"] == {"spaces": 40, "option": "camp-spaces", "where": "the adversary's camp"}
    assert [t["name"] for t in docs[2]["triumphs"]["kinds"]] == ["great", "greater", "greatest"]


def test_tables_are_the_corrected_regenerated_tables(docs):
    for kind, d in docs.items():
        ids = [t["id"] for t in d["tables"]]
        assert ids == list(next(k for k in rules(EDITION)["kinds"] if k["kind"] == kind)["tables"])
        for t in d["tables"]:
            g = generate(t["id"])
            assert t["rows"] == [list(r) for r in g.rows] and t["universe"] == g.universe.name
            assert t["params"] == g.params
    own = {t["id"] for t in docs[2]["tables"] if t["kind"] == "2"}
    assert own == {"k2-cossick-signs", "k2-spaces-multiplication", "k2-spaces-division", "k2-cossick-taking",
                   "k2-kings"}


def test_movement_facts(docs):
    tri = docs[1]["movement"]["triangle"]
    assert sorted(map(tuple, tri["moves"])) == [(-2, 0), (0, -2), (0, 2), (2, 0)]
    assert sorted(map(tuple, tri["flying"]["moves"])) == sorted(
        (x, y) for x in (-2, -1, 1, 2) for y in (-2, -1, 1, 2) if abs(x) != abs(y))
    assert tri["flying"]["may_take"] is False and tri["flying"]["may_triumph"] is False
    assert len(docs[2]["movement"]["square"]["moves"]) == 8
    assert "flying" not in docs[2]["movement"]["pyramid"]
    assert all(m[0] == 0 or m[1] == 0 for m in docs[3]["movement"]["triangle"]["moves"])


def test_placement_is_marked_not_from_1563(docs):
    for d in docs.values():
        p = d["placement"]
        assert p["from_1563"] is False and "missing" in p["lost"] or "no diagram" in p["lost"]
        assert p["source"]["not_from_1563"] is True
    ranks = docs[2]["placement"]["ranks"]
    assert [r["shape"] for r in ranks] == ["round", "round", "triangle", "triangle", "square", "square"]
    assert "even-pyramid-1-6" in ranks[4]["men"]["even"]


def test_standards_parameters_follow_the_men(docs):
    (std,) = [v for v in docs[1]["victories"]["common"] if v["name"] == "standards"]
    assert std["params"]["army"] == {"even": 1312, "odd": 1752}  # lines 1093, 1097
    assert std["params"]["per_standard"] == {"even": 130, "odd": 174}


def _citations(x, path=""):
    if isinstance(x, dict):
        if "heading" in x and "line" in x:
            yield path, x
        if x.get("not_from_1563"):
            yield path, x
        for k, v in x.items():
            yield from _citations(v, f"{path}/{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _citations(v, f"{path}/{i}")


def _norm(s):
    return " ".join(s.split())


@pytest.mark.parametrize("kind", KINDS)
def test_every_quote_stands_at_its_line_under_its_heading(docs, kind):
    headings = {}
    for i, line in enumerate(WITNESS_LINES, 1):
        headings.setdefault(_norm(line), []).append(i)
    n = 0
    for path, c in _citations(docs[kind]):
        if c.get("not_from_1563"):
            assert c["source"] in docs[kind]["sources"] or c["source"] == "rithmocheck", path
            continue
        line = c["line"]
        if "quote" not in c:  # a table: its printed heading (maybe over two lines) at or shortly before the line
            assert any(_norm(c["heading"])[:20] in _norm(" ".join(WITNESS_LINES[h - 1:h + 1]))
                       for h in range(max(1, line - 20), line + 1)), (path, c)
            continue
        assert any(0 <= line - h <= 80 for h in headings.get(_norm(c["heading"]), ())), (path, c)
        if "quote" in c:
            text = _norm(" ".join(WITNESS_LINES[line - 1:line + 2]))
            assert _norm(c["quote"]) in text, (path, c)
            assert _norm(WITNESS_LINES[line - 1]) and _norm(c["quote"]).split()[0] in WITNESS_LINES[line - 1], path
            n += 1
    assert n > 40


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_cites_the_witness_or_a_source(docs, kind):
    def walk(x, path):
        if isinstance(x, dict):
            if "rule" in x and isinstance(x["rule"], str) and path != "/placement/ranks":
                assert "witness" in x or "source" in x, path
            for k, v in x.items():
                walk(v, f"{path}/{k}")
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, f"{path}/{i}")

    walk({k: v for k, v in docs[kind].items() if k not in ("tables", "men")}, "")
    for opt in docs[kind]["options"].values():
        assert "witness" in opt and opt["alternatives"]
    for name, opt in docs[kind]["options"].items():
        # what the option sets stands in the document, as its default: the document is its defaults
        assert opt["default_sets"], f"option {name} sets nothing in kind {kind}"
        for ptr, value in opt["default_sets"].items():
            assert _at(docs[kind], ptr) == value, (name, ptr)
        for alt in opt["alternatives"]:
            assert set(alt["sets"]) == set(opt["default_sets"]), (name, alt["value"])


def _at(doc, ptr):
    for part in ptr.split("/")[1:]:
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


@pytest.mark.parametrize("kind", KINDS)
def test_every_option_chosen_changes_the_document_where_it_says_and_nowhere_else(kind):
    from rithmocheck.ruleset.resolve import resolve

    doc = R.document(kind, EDITION)
    for name, opt in doc["options"].items():
        for alt in opt["alternatives"]:
            chosen = resolve(doc, {name: alt["value"]})
            assert chosen["resolved"] == {name: alt["value"]}
            for ptr, value in alt["sets"].items():
                assert _at(chosen, ptr) == value
            back = resolve(chosen, {name: opt["default"]})
            del back["resolved"]
            assert back == doc, (name, alt["value"])


@pytest.mark.parametrize("rid", ["kind-1", "kind-2", "kind-3", "seed-001", "seed-002", "seed-004"])
def test_resolving_leaves_the_document_it_reads_as_it_was(rid):
    """resolve() copies only the places it writes (the rest is shared with its input): every option's every
    value, and every option at once, chosen, and the places the options set and the draughts' moves written
    into afterwards, leave the input equal to a deep copy taken before; and the result is what resolving a
    deep copy gives."""
    from rithmocheck.ruleset.catalogue import by_id
    from rithmocheck.ruleset.resolve import resolve, set_pointer

    doc = by_id(rid)
    before = copy.deepcopy(doc)
    firsts = {}
    for name, opt in doc["options"].items():
        for alt in opt["alternatives"]:
            firsts.setdefault(name, alt["value"])
            chosen = resolve(doc, {name: alt["value"]})
            for ptr in alt["sets"]:
                if not ptr.endswith("/-"):
                    set_pointer(chosen, ptr, "written by a caller")
            chosen["movement"]["round"]["moves"].append("x")
            assert doc == before, (rid, name, alt["value"])
    everything = resolve(doc, firsts)
    assert doc == before
    assert everything == resolve(copy.deepcopy(before), firsts)
    assert everything["resolved"] == firsts


# --- mutations of a valid ruleset: one exact finding each ---------------------

def test_square_with_its_digits_shuffled(docs):
    d = copy.deepcopy(docs[1])
    i = man_at(d, "even", "square", 2, 8)
    d["men"][i]["value"] = 298
    f = only(d)
    assert (f.rule, f.path) == ("value", f"/men/{i}/value")
    assert f.printed == (298,) and f.expected == (289,)
    assert "289, not 298 (the digits of 289 shuffled)" in f.message


def test_triangle_off_by_a_few(docs):
    d = copy.deepcopy(docs[1])
    i = man_at(d, "odd", "triangle", 1, 5)
    d["men"][i]["value"] = 33
    f = only(d)
    assert (f.rule, f.path, f.expected) == ("value", f"/men/{i}/value", (30,))


def test_king_listed_as_a_square_while_a_real_square_is_missing(docs):
    d = copy.deepcopy(docs[1])
    i = man_at(d, "even", "square", 1, 4)
    d["men"][i]["value"] = 91
    f = only(d)
    assert (f.rule, f.path) == ("value", f"/men/{i}/value")
    assert f.message.endswith("= 45, not 91 (91 is the even king)")


def test_king_given_the_shape_of_a_square(docs):
    d = copy.deepcopy(docs[1])
    i = man_at(d, "even", "pyramid", 1, 6)
    d["men"][i]["shape"] = "square"
    del d["men"][i]["layers"]
    f = only(d)
    assert (f.rule, f.path) == ("king", f"/men/{i}/shape")


def test_pyramid_layers_given_to_the_wrong_side(docs):
    d = copy.deepcopy(docs[1])
    even, odd = man_at(d, "even", "pyramid", 1, 6), man_at(d, "odd", "pyramid", 1, 9)
    d["men"][even]["layers"] = copy.deepcopy(docs[1]["men"][odd]["layers"])
    f = only(d)
    assert (f.rule, f.path) == ("wrong-side", f"/men/{even}/layers")
    assert "are the odd king's (190)" in f.message


def test_man_on_the_wrong_side(docs):
    d = copy.deepcopy(docs[1])
    i = man_at(d, "odd", "pyramid", 1, 9)
    d["men"][i]["side"] = "even"
    kinds = found(d)
    assert kinds[0] == ("wrong-side", f"/men/{i}/side")
    assert ("missing", "/men") in kinds  # the odd king is then absent


@pytest.mark.parametrize("value", [-8, 0, 2.5, "8"])
def test_negative_or_impossible_value_fails_the_schema(docs, value):
    d = copy.deepcopy(docs[1])
    d["men"][3]["value"] = value
    assert found(d) == [("schema", "/men/3/value")]


def test_value_no_rule_makes(docs):
    d = copy.deepcopy(docs[3])
    d["men"][3]["value"] = 50
    f = only(d)
    assert (f.rule, f.path, f.printed, f.expected) == ("value", "/men/3/value", (50,), (8,))


def test_wrong_layer(docs):
    d = copy.deepcopy(docs[2])
    i = man_at(d, "even", "pyramid", 1, 6)
    d["men"][i]["layers"][3]["value"] = 17
    f = only(d)
    assert (f.rule, f.path) == ("layer", f"/men/{i}/layers/3/value")
    assert "17 is not the quadrate of 4 (16)" in f.message


def test_layers_out_of_order(docs):
    d = copy.deepcopy(docs[1])
    i = man_at(d, "odd", "pyramid", 1, 9)
    d["men"][i]["layers"].reverse()
    assert found(d)[0] == ("layer", f"/men/{i}/layers/0")


def test_duplicated_man(docs):
    d = copy.deepcopy(docs[1])
    d["men"].append(copy.deepcopy(d["men"][5]))
    f = only(d)
    assert (f.rule, f.path) == ("doubled", "/men/48")
    assert "listed twice: /men/5 and /men/48" in f.message


def test_man_replaced_by_a_duplicate(docs):
    d = copy.deepcopy(docs[1])
    d["men"][6] = copy.deepcopy(d["men"][5])
    assert found(d) == [("doubled", "/men/6"), ("missing", "/men")]


def test_table_row_that_does_not_follow(docs):
    d = copy.deepcopy(docs[1])
    t = next(i for i, t in enumerate(d["tables"]) if t["id"] == "k1-geometric")
    assert d["tables"][t]["rows"][4] == [4, 8, 16]
    d["tables"][t]["rows"][4] = [4, 8, 17]
    fs = R.validate(d, EDITION, "x")
    assert [(f.rule, f.path) for f in fs] == [("table", f"/tables/{t}/rows/4"), ("table", f"/tables/{t}/rows")]
    assert fs[0].printed == (4, 8, 17) and fs[1].expected == (4, 8, 16)


def test_table_under_its_own_parameters(docs):
    d = copy.deepcopy(docs[1])
    t = next(i for i, t in enumerate(d["tables"]) if t["id"] == "k1-all-three")
    d["tables"][t]["params"] = {"definition": "three-of-four"}
    d["tables"][t]["rows"] = [list(r) for r in generate("k1-all-three", None, ("definition=three-of-four",)).rows]
    assert R.validate(d, EDITION, "x") == []
    g = next(i for i, t in enumerate(d["tables"]) if t["id"] == "k1-geometric")
    d["tables"][g]["universe"] = "men+layers"  # allowed, but the rows are those of the universe men
    assert set(found(d)) == {("table", f"/tables/{g}/rows")}
    assert len(found(d)) == 39 - 30


def test_table_with_an_unknown_universe(docs):
    d = copy.deepcopy(docs[1])
    d["tables"][0]["universe"] = "everything"
    assert found(d) == [("table", "/tables/0")]


def test_missing_move(docs):
    d = copy.deepcopy(docs[1])
    d["movement"]["triangle"]["moves"].pop(1)
    f = only(d)
    assert (f.rule, f.path, f.expected) == ("movement", "/movement/triangle/moves", (2, 0))


def test_move_that_disagrees_with_its_distance(docs):
    d = copy.deepcopy(docs[3])
    d["movement"]["square"]["moves"][0] = [0, 2]
    assert found(d) == [("movement", "/movement/square/moves/0"), ("movement", "/movement/square/moves")]


def test_flying_move_that_is_no_knight_leap(docs):
    d = copy.deepcopy(docs[2])
    d["movement"]["round"]["flying"] = {"leg": [2, 1], "moves": RD.knight([2, 1])[:7] + [[2, 2]],
                                        "may_take": False, "may_triumph": False}
    assert found(d) == [("movement", "/movement/round/flying/moves/7"), ("movement", "/movement/round/flying/moves")]


def test_standards_parameter_that_disagrees_with_the_men(docs):
    d = copy.deepcopy(docs[1])
    i = next(i for i, v in enumerate(d["victories"]["common"]) if v["name"] == "standards")
    d["victories"]["common"][i]["params"]["per_standard"]["odd"] = 175
    f = only(d)
    assert (f.rule, f.path, f.expected) == ("victory", f"/victories/common/{i}/params/per_standard/odd", (174,))


def test_harmonic_declared_as_geometric(docs):
    d = copy.deepcopy(docs[1])
    i = next(i for i, p in enumerate(d["triumphs"]["proportions"]) if p["name"] == "musical")
    d["triumphs"]["proportions"][i]["test"] = "b * b == a * c"
    f = only(d)
    assert (f.rule, f.path) == ("relation", f"/triumphs/proportions/{i}/test")
    assert "passes 1 2 4, which is not musical (1 2 4 is geometric)" in f.message


def test_harmonic_by_integer_division_lets_2_3_7_pass(docs):
    d = copy.deepcopy(docs[1])
    i = next(i for i, p in enumerate(d["triumphs"]["proportions"]) if p["name"] == "musical")
    d["triumphs"]["proportions"][i]["test"] = "2 * a * c // (a + c) == b"
    f = only(d)
    assert (f.rule, f.path, f.printed) == ("relation", f"/triumphs/proportions/{i}/test", (2, 3, 7))


def test_relation_test_that_is_not_arithmetic(docs):
    d = copy.deepcopy(docs[1])
    d["triumphs"]["proportions"][0]["test"] = "__import__('os').system('true')"
    assert found(d) == [("relation", "/triumphs/proportions/0/test")]


def test_cossick_sign_that_does_not_follow(docs):
    d = copy.deepcopy(docs[2])
    i = man_at(d, "odd", "triangle", 2, 7)  # 64: quadrate, cube, squared cube
    d["men"][i]["signs"] = [1, 3, 6]
    f = only(d)
    assert (f.rule, f.path, f.printed, f.expected) == ("sign", f"/men/{i}/signs", (1, 3, 6), (2, 3, 6))


def test_equality_values_that_disagree_with_the_men(docs):
    d = copy.deepcopy(docs[1])
    d["captures"]["methods"][0]["params"]["equal_values"].append(4)
    assert found(d) == [("capture", "/captures/methods/0/params/equal_values")]


def test_victory_example_with_wrong_characters(docs):
    d = copy.deepcopy(docs[1])
    i = next(i for i, v in enumerate(d["victories"]["common"]) if v["name"] == "quarrel")
    d["victories"]["common"][i]["examples"][0]["characters"] = 9
    assert found(d) == [("victory", f"/victories/common/{i}/examples/0")]


def test_unknown_option(docs):
    d = copy.deepcopy(docs[1])
    d["movement"]["triangle"]["option"] = "no-such-option"
    assert found(d) == [("option", "/movement/triangle/option")]


def test_changed_rule_of_numbers(docs):
    d = copy.deepcopy(docs[1])
    d["numbers"]["rules"][5]["formula"] = "(2*a - 1)**2"
    assert found(d) == [("rule", "/numbers/rules/5/formula")]


def test_list_of_documents_prefixes_positions(docs):
    d = copy.deepcopy(docs[2])
    d["men"][0]["value"] = 3
    fs = R.validate_any([docs[1], d], EDITION, "all.json")
    assert [(f.rule, f.path) for f in fs] == [("value", "/1/men/0/value")]


# --- the plain engine format ------------------------------------------------

def plain():
    return {s: [m.value for m in ARMIES.army(s)] for s in M.SIDES}


def test_plain_lists_of_the_1563_men_are_valid():
    assert R.validate(plain(), EDITION, "p") == []


def test_plain_king_as_a_square_while_a_real_square_is_missing():
    p = plain()
    assert p["even"].index(45) == 17 and p["even"].index(91) == 18
    p["even"][17] = 91
    fs = R.validate(p, EDITION, "p")
    assert [(f.rule, f.path) for f in fs] == [("doubled", "/even/18"), ("missing", "/even")]
    assert fs[0].message.startswith("even 91 is listed 2 times; the rules make 1 (the even king")
    assert fs[1].message == "even lacks 45 (the even square of order 1 with digit 4 (45))"


def test_plain_kings_on_the_wrong_side():
    p = plain()
    p["even"].remove(91)
    p["odd"].remove(190)
    p["even"].append(190)
    p["odd"].append(91)
    fs = R.validate(p, EDITION, "p")
    assert [(f.rule, f.path, f.message) for f in fs if f.rule == "wrong-side"] == [
        ("wrong-side", "/even/23", "190 is the odd king; it is listed under even"),
        ("wrong-side", "/odd/23", "91 is the even king; it is listed under odd")]
    assert ("missing", "/even") in [(f.rule, f.path) for f in fs]


def test_plain_shuffled_digits_and_negative_values():
    p = plain()
    p["even"][p["even"].index(289)] = 298
    p["odd"][0] = -3
    fs = R.validate(p, EDITION, "p")
    assert [(f.rule, f.path) for f in fs] == [("unknown-value", "/even/23"), ("missing", "/even"),
                                                  ("unknown-value", "/odd/0"), ("missing", "/odd")]
    assert fs[0].message == "no rule derives 298 for either side (the digits of 289 shuffled?)"


def test_plain_king_by_his_layers():
    p = plain()
    p["odd"].remove(190)
    p["odd"] += [16, 25, 36, 49, 64]
    kinds = [(f.rule, f.path) for f in R.validate(p, EDITION, "p")]
    assert ("missing", "/odd") in kinds and all(k in ("doubled", "missing") for k, _ in kinds)


def test_plain_csv(tmp_path):
    f = tmp_path / "pieces.csv"
    rows = ["side,value"] + [f"{s},{v}" for s, vs in plain().items() for v in vs]
    f.write_text("\n".join(rows) + "\n")
    assert run("validate", str(f)).exit_code == 0
    f.write_text("\n".join(rows).replace("even,153", "odd,153") + "\n")
    r = run("validate", str(f), "--format", "json")
    assert r.exit_code == 1
    got = [(x["rule"], x["path"]) for x in json.loads(r.stdout)["findings"]]
    assert got == [("missing", "/even"), ("wrong-side", "/odd/0")]  # the 153 row stands among the even rows


def test_the_csv_that_men_writes_is_taken_back(tmp_path):
    f = tmp_path / "men.csv"
    r = run_cli("men", "--format", "csv", "-o", str(f))
    assert r.exit_code == 0
    assert f.read_text().splitlines()[0].split(",")[:2] == ["side", "shape"]
    r = run("validate", str(f))
    assert r.exit_code == 0, r.output
    f.write_text(f.read_text().replace("even,pyramid,1,6,91", "even,square,1,6,91"))
    r = run("validate", str(f), "--format", "json")
    assert r.exit_code == 1
    assert [(x["rule"], x["path"]) for x in json.loads(r.stdout)["findings"]] == [("shape", "/even/18/shape")]


@pytest.mark.parametrize("labels", [("white", "black"), ("W", "B"), ("P1", "P2"), ("BLACK", "WHITE")])
def test_sides_are_found_from_the_values_whatever_their_labels(labels):
    """The even army under the first label; a note, never a failure; and the other way round."""
    a, b = labels
    fs = R.validate({a: plain()["even"], b: plain()["odd"]}, EDITION, "p")
    assert [(f.rule, f.severity, f.path) for f in fs] == [("colour", "note", f"/{a}")]
    assert f"{a!r} read as even" in fs[0].message
    fs = R.validate({a: plain()["odd"], b: plain()["even"]}, EDITION, "p")
    assert [(f.rule, f.severity, f.path) for f in fs] == [("colour", "note", f"/{b}")]


def test_even_names_the_even_side(tmp_path):
    f = tmp_path / "pieces.json"
    f.write_text(json.dumps({"Red": plain()["odd"], "Blue": plain()["even"]}))
    assert run("validate", str(f), "--even", "Blue").exit_code == 0
    r = run("validate", str(f), "--even", "Red", "--format", "json")
    assert r.exit_code == 1 and {x["rule"] for x in json.loads(r.stdout)["findings"]} >= {"wrong-side", "colour"}
    r = run("validate", str(f), "--even", "Green")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "'Green'" in r.stderr


def test_shapes_and_layers_of_a_list_are_checked():
    army = [{"value": m.value, "shape": m.shape, **({"layers": [l.value for l in m.layers]} if m.is_king else {})}
            for m in ARMIES.army("even")]
    odd = [{"value": m.value, "shape": m.shape} for m in ARMIES.army("odd")]
    assert R.validate({"even": army, "odd": odd}, EDITION, "p") == []
    army[0]["shape"] = "square"  # the round 2
    army[18]["layers"] = [1, 4, 9, 16, 25, 25]
    fs = R.validate({"even": army, "odd": odd}, EDITION, "p")
    assert [(f.rule, f.path) for f in fs] == [("shape", "/even/0/shape"), ("layer", "/even/18/layers")]
    assert fs[0].message.startswith("even 2 is a round")
    army[0]["shape"] = "round"
    army[2]["shape"] = "triangle"  # the round 6 listed as a triangle: 6 is also the triangle 2 + 4, listed too
    fs = R.validate({"even": army, "odd": odd}, EDITION, "p")
    assert [(f.rule, f.path) for f in fs] == [("layer", "/even/18/layers"), ("shape", "/even")]
    assert fs[1].message == "even lists 2 triangles 6; the rules make 1"


ENGINES = ROOT / "tests" / "data" / "engines"


@pytest.mark.parametrize("engine", ["dagaz", "ludii", "phalenopsis", "leungwk", "wdjoyner"])
def test_the_right_piece_lists_of_engines_are_valid(engine):
    r = run("validate", str(ENGINES / f"{engine}.json"), "--format", "json")
    assert r.exit_code == 0, r.output[-2000:]
    assert {f["severity"] for f in json.loads(r.stdout)["findings"]} <= {"note"}


@pytest.mark.parametrize("engine,wrong", [
    ("tronicek", {18: 81, 160: 100}),   # the digits of 81 shuffled; the odd 100 the list lacks
    ("vocinur", {163: 361, 59: 56}),
])
def test_the_wrong_numbers_of_engines_are_named_with_the_man_the_list_lacks(engine, wrong):
    r = run("validate", str(ENGINES / f"{engine}.json"), "--format", "json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    strays = {f["found"][0]: f for f in doc["findings"] if f["rule"] == "unknown-value"}
    assert set(strays) == set(wrong)
    lacking = {f["expected"][0] for f in doc["findings"] if f["rule"] == "missing"}
    for number, man in wrong.items():
        assert strays[number]["expected"] == [man] and man in lacking, strays[number]["message"]
    assert doc["summary"].startswith("only 2 places disagree") and all(str(n) in doc["summary"] for n in wrong)
    assert "labelled" not in doc["summary"]  # the real errors lead, not the colours


# --- the command line: exit codes and bad input -------------------------------

def test_validate_exit_1_with_findings_on_stdout(tmp_path, docs):
    d = copy.deepcopy(docs[1])
    d["men"][0]["value"] = 3
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(d))
    r = run("validate", str(f), "--format", "tsv")
    assert r.exit_code == 1
    assert r.stdout.startswith("file\tpath\trule\tseverity\tmessage\tfound\texpected\n"
                               f"{f}\t/men/0/value\tvalue\terror\t"
                               "the even round of order 1 with digit 2 is a = 2, not 3\t3\t2\n")
    assert r.stderr.strip() == (f"{f}: only 1 place disagrees with 1563 among the file's 48 values (3); the rest "
                                f"follow its rules\n{f}: 1 finding")
    r = run("validate", str(f))
    assert r.stdout.splitlines()[0] == ("only 1 place disagrees with 1563 among the file's 48 values (3); the rest "
                                        "follow its rules")
    assert r.stdout.splitlines()[1].split() == ["file", "path", "rule", "severity", "message", "found", "expected"]


@pytest.mark.parametrize("name,text,problem", [
    ("bad.json", '{"even": [2, 4', "malformed JSON"),
    ("bad.json", '{"even": [2], "even": [4]}', "duplicate key"),
    ("bad.yaml", "even: [2, 4\nodd: [3]\n", "malformed YAML"),
    ("bad.csv", "side;value\neven;2\n", "CSV must have a header with the columns side and value"),
    ("bad2.csv", "side,value\neven,two\n", "value must be a whole number"),
])
def test_unreadable_input_exit_2_one_line(tmp_path, name, text, problem):
    f = tmp_path / name
    f.write_text(text)
    r = run("validate", str(f))
    assert r.exit_code == 2
    assert r.stdout == ""
    lines = r.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith(f"Error: {f}") and problem in lines[0]
    assert "Traceback" not in r.output


def test_missing_file_exit_2(tmp_path):
    r = run("validate", str(tmp_path / "nope.json"))
    assert r.exit_code == 2 and "cannot read file" in r.stderr


@pytest.mark.parametrize("args", [[], ["validate"]])
def test_help_has_an_example(args):
    r = run(*args, "--help")
    assert r.exit_code == 0 and "Example:" in r.output


def test_commands_never_import_sympy(tmp_path):
    code = ("import sys; from click.testing import CliRunner; from rithmocheck.cli.ruleset import ruleset;"
            "r = CliRunner().invoke(ruleset, ['--kind', 'all']); assert r.exit_code == 0;"
            f"open({str(tmp_path / 'a.json')!r}, 'w').write(r.stdout);"
            f"r = CliRunner().invoke(ruleset, ['validate', {str(tmp_path / 'a.json')!r}]); assert r.exit_code == 0;"
            "assert 'sympy' not in sys.modules, 'sympy imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_startup_is_light():
    code = "import sys; import rithmocheck.cli.ruleset; print('jsonschema' in sys.modules, 'sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.split() == ["False", "False"]


def test_docs_page_names_every_option_and_kind():
    text = (ROOT / "docs" / "ruleset.md").read_text()
    for name in rules(EDITION)["options"]:
        assert f"`{name}`" in text, name
    from rithmocheck.ruleset.findings import RULES

    for kind in RULES:
        assert re.search(rf"\| `{re.escape(kind)}` \|", text), kind


def test_a_man_whose_derivation_is_not_his_is_found(docs):
    doc = copy.deepcopy(docs[1])
    i = man_at(doc, "even", "round", 2, 4)  # 16 = a**2 with a = 4
    assert doc["men"][i]["derivation"] == "a**2 with a = 4"
    doc["men"][i]["derivation"] = "a**2 with a = 7"
    assert [(f.rule, f.path) for f in R.validate(doc, EDITION)] == [("rule", f"/men/{i}/derivation")]


def test_every_citation_is_checked_against_the_witness(docs):
    """A citation's line must be one of the witness's 1,122 lines, its quote
    must begin on that line, and its heading must stand at or before it."""
    doc = docs[1]
    assert R.validate(doc, EDITION) == []
    i = man_at(doc, "even", "round", 1, 2)
    cited = doc["men"][i]["witness"]
    assert WITNESS_LINES[cited["line"] - 1].startswith(cited["quote"])  # "The first rank or order of" (284)
    for change, path in ((("line", 999), "quote"), (("line", 1123), "line"), (("line", 5000), "line"),
                         (("quote", "The second rank"), "quote"), (("heading", "Of nothing at all"), "heading"),
                         (("line", 200), "heading")):
        bad = copy.deepcopy(doc)
        bad["men"][i]["witness"][change[0]] = change[1]
        found = [(f.rule, f.path) for f in R.validate(bad, EDITION)]
        assert (("citation", f"/men/{i}/witness/{path}") in found), (change, found)
        assert {rule for rule, _p in found} == {"citation"}, (change, found)


def test_a_citation_shaped_value_the_schema_leaves_open_is_no_internal_error(docs):
    # found by the long fuzz run: /numbers/king/witness is a list the schema does not type, and a
    # mutated line {"x": 925} made the citation check compare an int with a dict (exit 3)
    doc = copy.deepcopy(docs[1])
    assert isinstance(doc["numbers"]["king"]["witness"], list)
    doc["numbers"]["king"]["witness"][2]["line"] = {"x": 925}
    assert all(f.rule != "citation" for f in R.validate(doc, EDITION))
    doc["numbers"]["king"]["witness"][2]["line"] = 9999
    assert ("citation", "/numbers/king/witness/2/line") in [(f.rule, f.path) for f in R.validate(doc, EDITION)]
