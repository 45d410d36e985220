"""A second edition, with no code of its own (issue 24): tests/data/editions/a-small-book is a small
invented book (never printed) with its own title, digits, tables, headings and rules of play, and no
second witness. Everything below goes through the CLI (and the library) on its directory; every number
is worked out by hand from its digits, 2 4 6 and 5 7 9."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from rithmocheck.cli import cli
from rithmocheck.ruleset import schema
from rithmocheck.witness.edition import Edition

SMALL = Path(__file__).resolve().parent / "data" / "editions" / "a-small-book"
TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def run(*args: str, edition: Path = SMALL):
    return CliRunner().invoke(cli, ["--edition", str(edition), *args])


def test_its_tables_are_its_own_with_their_headings_found_in_its_transcriptions():
    r = run("tables", "--format", "json")
    assert r.exit_code == 0, r.output
    got = [(t["id"], t["kind"], t["title"], t["witness_line"], t["rows"], t["universe"]) for t in json.loads(r.stdout)]
    assert got == [
        ("men", "common", "The ranks of the men.", 11, 36, "men"),  # 6 ranks x 3 digits x 2 sides
        ("musical", "1", "A table of Musical proportion.", 21, 6, "men"),
        ("standards", "common", "A table of the victory of standards.", 24, 10, "men"),  # 5 standards a side
    ]


def test_its_men_come_from_its_digits():
    men = json.loads(run("men", "--format", "json").stdout)
    assert len(men) == 36
    assert [m["value"] for m in men if m["side"] == "even" and m["shape"] == "round" and m["order"] == 1] == [2, 4, 6]
    kings = {m["side"]: m for m in men if m["shape"] == "pyramid"}
    # the first-order square of 6 is 42 + 49 = 91 = 1 + 4 + ... + 36; of 9, 90 + 100 = 190 = 16 + ... + 64
    assert (kings["even"]["value"], kings["even"]["digit"]) == (91, 6)
    assert (kings["odd"]["value"], kings["odd"]["digit"]) == (190, 9)
    assert {m["witness_line"] for m in men if m["shape"] == "round" and m["order"] == 2} == {13}


def test_its_tables_are_regenerated_from_its_men():
    rows = json.loads(run("generate", "musical", "--format", "json").stdout)["rows"]
    # (b - a) c = (c - b) a: 4 x 45 = 36 x 5; 6 x 45 = 30 x 9; 5 x 30 = 10 x 15; 20 x 225 = 180 x 25;
    # 6 x 45 = 9 x 30; 15 x 90 = 45 x 30
    assert rows == [[5, 9, 45], [9, 15, 45], [15, 20, 30], [25, 45, 225], [30, 36, 45], [30, 45, 90]]
    rows = json.loads(run("generate", "standards", "--format", "json").stdout)["rows"]
    # even: 645 - 2 captains - 4 bearers = 639, 127 a standard; odd: 1635 - 6 = 1629, 325 a standard
    assert [r[2] for r in rows] == [127, 254, 381, 508, 635, 325, 650, 975, 1300, 1625]


def test_it_audits_clean_with_its_own_erratum():
    r = run("audit", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    [misprint] = [f for f in report["findings"] if f["kind"] == "misprint"]
    assert (misprint["table"], misprint["printed"], misprint["expected"], misprint["erratum"]) == (
        "musical", [30, 36, 54], [30, 36, 45], "musical@1.1.5")
    assert misprint["witness_line"] == 22 and misprint["page"] is None  # no page map: no page
    assert report["summary"]["tables"] == 3 and report["summary"]["uncovered"] == 0
    assert "edition " in r.stderr and "1 statement of worked examples" in r.stderr


def test_it_declares_no_second_witness():
    assert Edition.open(SMALL).second_witness_path is None
    r = run("collate")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "names no second_witness" in r.stderr


def test_it_builds_with_its_own_rulesets_and_tei(tmp_path):
    out = tmp_path / "out"
    r = run("build", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert "collated" not in r.stderr  # no second witness, no collation
    assert not (out / "collation.json").exists()
    assert sorted(p.name for p in (out / "tables").iterdir()) == ["men", "musical", "standards"]
    assert sorted(p.name for p in (out / "ruleset").iterdir()) == ["kind-1.json", "schema.json"]
    doc = json.loads((out / "ruleset" / "kind-1.json").read_text())
    Draft202012Validator(schema()).validate(doc)
    assert doc["ruleset"] == "a-small-book/kind-1" and doc["kind"] == 1
    assert doc["sides"]["even"]["digits"] == [2, 4, 6] and doc["sides"]["odd"]["king"] == "odd-pyramid-1-9"
    assert [t["id"] for t in doc["tables"]] == ["standards", "musical"]
    assert doc["witness"]["file"] == "a-small-book/witness.txt"  # its own witness, not the shipped one
    [standards] = [v for v in doc["victories"]["common"] if v["name"] == "standards"]
    assert standards["params"]["per_standard"] == {"even": 127, "odd": 325}
    assert doc["men"][0]["witness"] == {"heading": "The ranks of the men.", "line": 12,
                                        "quote": "The first rank of rounds be"}
    tei = ET.parse(out / "errata" / "errata.tei.xml").getroot()
    assert tei.find(f".//{TEI}titleStmt/{TEI}title").text == (
        "Errata to the tables of a small book of the numbers game (a test)")
    assert [c.text for c in tei.iter(f"{TEI}sic")] == ["30 36 54"]
    assert [c.text for c in tei.iter(f"{TEI}corr")] == ["30 36 45"]
    assert tei.find(f".//{TEI}ptr").get("target") == "../text.tei.xml#musical.1.1.5"
    # its own TEI text: its title and book, its lines, its table in its printed layout, its erratum in place
    text = ET.parse(out / "text.tei.xml").getroot()
    assert text.find(f".//{TEI}titleStmt/{TEI}title").text == (
        "A small book of the numbers game, set forth for a test (an invented book)")
    assert text.find(f".//{TEI}sourceDesc/{TEI}bibl/{TEI}title").text == (
        "A small book of the numbers game, set forth for a test")
    witness = (SMALL / "witness.txt").read_text(encoding="utf-8").splitlines()
    assert [lb.get("n") for lb in text.iter(f"{TEI}lb")] == [str(n) for n in range(1, len(witness) + 1)]
    assert list(text.iter(f"{TEI}pb")) == []  # no page map, no second witness: no pages
    cells = {c.get(XML_ID): c for c in text.iter(f"{TEI}cell")}
    [choice] = text.iter(f"{TEI}choice")
    assert choice is cells["musical.1.1.5"].find(f"{TEI}choice") and choice.get("n") == "musical@1.1.5"
    assert (choice.find(f"{TEI}sic").text, choice.find(f"{TEI}corr").text) == ("30 36 54", "30 36 45")
    assert run("tei").stdout == (out / "text.tei.xml").read_text(encoding="utf-8")


def test_its_ruleset_validates_against_its_own_book(tmp_path):
    f = tmp_path / "kind-1.json"
    f.write_text(run("ruleset", "--kind", "1").stdout)
    r = run("ruleset", "validate", str(f))
    assert r.exit_code == 0 and "valid" in r.stderr, r.output
    assert run("ruleset", "--kind", "2").exit_code == 2  # it has one kind of play
    listed = json.loads(run("ruleset", "--list", "--format", "json").stdout)
    assert [x["ruleset"] for x in listed] == ["a-small-book/kind-1"]  # the 1563 readings read another book
    # the shipped book's ruleset is not its: the digits and the men differ
    shipped = tmp_path / "shipped.json"
    shipped.write_text(CliRunner().invoke(cli, ["ruleset", "--kind", "1"]).stdout)
    r = run("ruleset", "validate", str(shipped), "--format", "json")
    assert r.exit_code == 1
    messages = [f["message"] for f in json.loads(r.stdout)["findings"]]
    assert "the even digits are [2, 4, 6] (line 12), not [2, 4, 6, 8]" in messages


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    d = tmp_path / "book"
    shutil.copytree(SMALL, d)
    return d


def _bad(path: Path, old: str, new: str, at: str) -> int:
    """The file with `old` made `new`; the line (1-based) `at` stands on in it."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text[:text.index(at)].count("\n") + 1


@pytest.mark.parametrize("old,new,at,problem", [
    ("    family: three-term\n", "    family: four-term\n", "    family: four-term",
     "tables[2].family must be one of men, kings, ratios, standards, two-takers, three-term"),
    ("    odd: [5, 7, 9]\n", "    odd: [5, 8, 9]\n", "    odd: [5, 8, 9]", "numbers.digits.odd: 8 is not odd"),
    ("    heading: {passage: musical}\n", "    heading: {passage: musick}\n", "    heading: {passage: musick}",
     "table musical: heading: no passage 'musick' among the transcriptions"),
    ("    captains: 2\n", "", "  - id: standards", "tables[3]: missing field 'captains'"),
    ("    universes: [men, men+layers]\n", "    universes: [men, women]\n", "    universes: [men, women]",
     'tables[2].universes[2]: "women" is not of the form'),
])
def test_a_bad_book_is_one_line_naming_file_line_and_place(copy, old, new, at, problem):
    line = _bad(copy / "book.yaml", old, new, at)
    r = run("tables", edition=copy)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.output
    assert r.stderr.startswith(f"Error: {copy / 'book.yaml'}:{line}: {problem}"), r.stderr


@pytest.mark.parametrize("old,new,at,problem", [
    ("  musical: the triumph\n", "  musik: the triumph\n", "  musik:",
     "table_uses: 'musik' is no table of the book"),
    ("      name: great\n", "      name: grand\n", "      name: grand",
     'triumphs.kinds[1].name must be one of great, greater, greatest, not "grand"'),
    ("      even-round-1-2: [3, a]\n", "      even-round-1-3: [3, a]\n", "      even-round-1-3:",
     "kinds[1] (kind 1).array: even-round-1-3 is no man of the book"),
    ("      files: 8\n", "      files: 9\n", "      files: 9", "kinds[1].board.files must be 8, not 9"),
])
def test_bad_rules_are_one_line_naming_file_line_and_place(copy, old, new, at, problem):
    line = _bad(copy / "rules.yaml", old, new, at)
    r = run("ruleset", "--kind", "1", edition=copy)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.output
    assert r.stderr.startswith(f"Error: {copy / 'rules.yaml'}:{line}: {problem}"), r.stderr


def test_rules_its_schema_lets_through_but_no_ruleset_can_hold_are_bad_input(copy):
    # rules.yaml's schema leaves the prisoners' rule open; the ruleset schema knows the ways a man taken goes
    _bad(copy / "rules.yaml", "      becomes: removed\n", "      becomes: eaten\n", "becomes")
    r = run("ruleset", "--kind", "1", edition=copy)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert "rules.yaml: kind 1: the ruleset its rules make breaks the ruleset schema at /captured/becomes" in r.stderr


def test_an_edition_without_its_book_says_so(copy):
    (copy / "book.yaml").unlink()
    r = run("audit", edition=copy)
    assert r.exit_code == 2 and "book.yaml: the edition has no book.yaml" in r.stderr


# --- a table's own default of a reading (book.yaml: the table's defaults; issue 25) --------------------------

@pytest.mark.parametrize("old,new,at,problem", [
    ("    defaults: {definition: three-of-four}\n  # Two tables",
     "    defaults: {definition: all-four}\n  # Two tables",
     "    defaults: {definition: all-four}",
     "tables[10] (k1-arithmetic-geometric).defaults.definition must be one of three-of-four, disjunct-geometric, "
     "three-or-four-term, four-term, not 'all-four'"),
    ("    defaults: {definition: three-of-four}\n  # Two tables", "  # Two tables", "  - id: k1-arithmetic-geometric",
     "tables[10] (k1-arithmetic-geometric): parameters.definition has no default, so the table must give its own"),
    ("    defaults: {definition: three-of-four}\n  # Two tables",
     "    defaults: {definition: three-of-four, min_spaces: 3}\n  # Two tables",
     "    defaults: {definition: three-of-four, min_spaces: 3}",
     "tables[10] (k1-arithmetic-geometric).defaults: 'min_spaces' is not one of the table's params"),
])
def test_a_table_states_its_own_default_of_a_reading(tmp_path, old, new, at, problem):
    """The shipped book states each four-number table's reading once, in the table's `defaults`: the
    tables take them (and the rulesets' by-table default with them); a bad one is one line at its place."""
    from conftest import REGISTRY, copy_shipped

    assert {t: f.params["definition"].default for t, f in REGISTRY.items() if "definition" in f.params} == {
        "k1-arithmetic-geometric": "three-of-four", "k1-arithmetic-musical": "three-of-four",
        "k1-geometric-musical": "disjunct-geometric", "k1-all-three": "disjunct-geometric"}
    shipped = json.loads(CliRunner().invoke(cli, ["ruleset", "--kind", "1"]).stdout)
    option = shipped["options"]["four-number-proportion"]
    assert option["default"] == "by-table"
    assert [shipped["tables"][int(p.split("/")[2])]["params"]["definition"] for p in option["default_sets"]] == \
        list(option["default_sets"].values()) == ["three-of-four", "three-of-four", "disjunct-geometric",
                                                  "disjunct-geometric"]
    copy = copy_shipped(tmp_path / "book")
    line = _bad(copy / "book.yaml", old, new, at)
    r = run("tables", edition=copy)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.output
    assert r.stderr.startswith(f"Error: {copy / 'book.yaml'}:{line}: {problem}"), r.stderr
