"""One output convention (issue 13): every command that prints data takes the
same --format set and -o FILE; long cells wrap in text; explain lists every
column; ruleset validate speaks to engine authors."""

from __future__ import annotations

import csv
import io
import json

import pytest
import yaml
from click.testing import CliRunner

from conftest import ARMIES as M
from rithmocheck.cli import cli
from rithmocheck.witness.edition import SHIPPED

FORMATS = ("text", "md", "csv", "tsv", "ndjson", "json", "yaml")
K1 = str(SHIPPED / "tables" / "k1-musical.yaml")

# Every command that prints data, with arguments that make it print some.
DATA_COMMANDS = {
    "men": ["men"],
    "tables": ["tables"],
    "generate": ["generate", "k1-musical"],
    "explain": ["explain", "16"],
    "check-source": ["check-source", "--entries", K1],
    "show": ["show", "k1-musical"],
    "show --corrected": ["show", "k1-musical", "--corrected"],
    "audit": ["audit", "k1-musical"],
    "errata": ["errata"],
    "ruleset": ["ruleset", "--kind", "3"],
    "ruleset validate": ["ruleset", "validate", "VALID"],
}


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def valid_ruleset(tmp_path_factory):
    path = tmp_path_factory.mktemp("r") / "kind-3.json"
    path.write_text(run("ruleset", "--kind", "3").stdout, encoding="utf-8")
    return str(path)


def parse(text: str, fmt: str):
    if fmt == "json":
        return json.loads(text)
    if fmt == "yaml":
        return yaml.safe_load(text)
    if fmt in ("csv", "tsv"):
        return list(csv.reader(io.StringIO(text), delimiter="," if fmt == "csv" else "\t"))
    if fmt == "ndjson":
        return [json.loads(line) for line in text.splitlines()]
    return text


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", DATA_COMMANDS)
def test_every_data_command_takes_every_format_and_o(name, fmt, tmp_path, valid_ruleset):
    args = [valid_ruleset if a == "VALID" else a for a in DATA_COMMANDS[name]]
    r = run(*args, "--format", fmt)
    assert r.exit_code in (0, 1), (r.exit_code, r.output)
    if name == "ruleset validate":  # a valid file has no findings: the table is its header, documents say so
        if fmt in ("text", "ndjson"):  # ndjson has no header: no rows, no lines
            assert r.stdout == ""
        elif fmt in ("csv", "tsv"):
            assert parse(r.stdout, fmt) == [["file", "path", "rule", "severity", "message", "found", "expected"]]
        elif fmt == "md":
            assert len(r.stdout.splitlines()) == 2 and r.stdout.startswith("| file ")
        else:
            assert parse(r.stdout, fmt)["valid"] is True
    else:
        data = parse(r.stdout, fmt)
        assert data, r.stdout
        if fmt in ("csv", "tsv"):
            assert len({len(row) for row in data}) == 1 and len(data) > 1
        if fmt == "ndjson":  # the rows of the csv, as objects keyed by its header
            rows = parse(run(*args, "--format", "csv").stdout, "csv")
            assert [list(d) for d in data] == [rows[0]] * (len(rows) - 1)
            assert [[("" if v is None else str(v)) for v in d.values()] for d in data] == rows[1:]
        if fmt == "md":
            assert r.stdout.splitlines()[1].startswith(("|-", "| -", "|:")) or r.stdout.startswith("# ")
    out = tmp_path / f"out.{fmt}"
    r2 = run(*args, "--format", fmt, "-o", str(out))
    assert r2.exit_code == r.exit_code
    assert out.read_text(encoding="utf-8") == r.stdout
    assert r2.stdout == ""


@pytest.mark.parametrize("name", DATA_COMMANDS)
def test_o_refuses_a_directory_with_one_line(name, tmp_path, valid_ruleset):
    args = [valid_ruleset if a == "VALID" else a for a in DATA_COMMANDS[name]]
    r = run(*args, "-o", str(tmp_path))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1 and "is a directory" in r.stderr


def test_text_wraps_long_cells():
    r = run("errata")
    width = max(len(line) for line in r.stdout.splitlines())
    assert width <= 100  # the tests' COLUMNS (conftest)
    reason = "The 5 group is headed '50' and its only entry printed '7 12': every other group"
    assert reason in " ".join(r.stdout.split())
    # nothing is lost: the words of every reason are all there
    data = json.loads(run("errata", "--format", "json").stdout)
    words = r.stdout.split()
    for e in data[:20]:
        assert all(w in words for w in e["reason"].split())
    # machine formats never wrap
    assert "and its only entry printed '7 12': every other group" in run("errata", "--format", "csv").stdout


def test_explain_lists_every_column_a_number_appears_in():
    data = json.loads(run("explain", "14", "--format", "json").stdout)
    tables = {t["table"]: t for t in data["tables"]}
    assert tables["k2-spaces-multiplication"]["columns"] == [{"column": "spaces", "rows": 3, "counts": True}]
    assert set(tables) == {"k2-spaces-multiplication", "k2-spaces-division"}  # 14 is no man: spaces only
    text = run("explain", "14").stdout
    assert "  k2-spaces-multiplication: 3 rows; spaces 3 (as a count)" in text
    text = run("explain", "16").stdout
    assert "  k1-musical: 1 row; middle 1" in text and "  k1-arithmetic: 7 rows; first 1, middle 4, last 2" in text
    # every column: 16 is a value of men, of kings' layers, and a quadrate of kind 2
    data = json.loads(run("explain", "16", "--format", "json").stdout)
    cols = {(t["table"], c["column"]) for t in data["tables"] for c in t["columns"]}
    assert {("men", "value"), ("kings", "value"), ("k2-kings", "quadrate"), ("k2-cossick-taking", "power")} <= cols


# Every command whose table cites a line of the witness.
CITING = {
    "show": ["show", "k1-addition"],
    "show --corrected": ["show", "k1-addition", "--corrected", "--supply"],
    "audit": ["audit"],
    "errata": ["errata"],
    "collate": ["collate", "k1-multiplication"],
    "check-source --entries": ["check-source", "--entries", K1],
}


@pytest.mark.parametrize("name,fmt", [(name, fmt) for name in CITING for fmt in ("csv", "tsv", "md")
                                      if not (fmt == "md" and name in ("errata", "collate"))])  # theirs is prose
def test_every_table_that_cites_a_line_gives_its_page_as_image_and_side(name, fmt):
    """Issue 21: pages were written three ways ("image 31 left", "31l") and the
    audit CSV had none. A table gives the page of every line it cites in two
    columns after witness_line: image (a whole number) and side (left or right)."""
    r = run(*CITING[name], "--format", fmt)
    assert r.exit_code == 0, r.output
    if fmt == "md":
        rows = [[c.strip() for c in line.split("|")[1:-1]] for line in r.stdout.splitlines() if line.startswith("|")]
        rows = rows[:1] + rows[2:]
    else:
        rows = parse(r.stdout, fmt)
    header, body = rows[0], rows[1:]
    assert "page" not in header
    i = header.index("witness_line")
    assert header[i + 1:i + 3] == ["image", "side"]
    cited = [row for row in body if row[i]]
    assert cited and all(row[i + 1].isdigit() and row[i + 2] in ("left", "right") for row in cited)


def test_one_page_notation_in_every_published_file(tmp_path):
    """In prose a page is "image 31 left" (HTML, Markdown, TEI, the text
    reports); in tables two columns image and side; in JSON {"image", "side"}.
    No output writes the short form "31l" any more."""
    import re

    out = tmp_path / "out"
    assert run("build", "--out", str(out)).exit_code == 0
    short = re.compile(r"(?<![\w.#/-])\d{1,2}[lr](?![\w-])")
    texts = {str(f.relative_to(out)): f.read_text(encoding="utf-8") for f in out.rglob("*") if f.is_file()}
    assert "image 24 right" in texts["errata/errata.md"] and "image 24 right" in texts["html/tables/k1-addition.html"]
    assert [name for name, text in texts.items() if short.search(text)] == []
    for text in [run(*args).stdout for args in CITING.values()]:
        assert not short.search(text)


def test_documents_flatten_to_rows_of_pointer_and_value():
    rows = parse(run("ruleset", "--kind", "1", "--format", "csv").stdout, "csv")
    assert rows[0] == ["path", "value"]
    got = dict(rows[1:])
    assert got["/ruleset"] == "lever-fulke-1563/kind-1" and got["/men/0/value"] == "2"


@pytest.mark.parametrize("args,needle", [
    (["audit", "men"], "audited 1 table, 14 entries; 0 findings"),
    (["audit", "examples"], "audited 0 tables, 0 entries, 333 statements of worked examples; 7 findings"),
    (["audit", "kings", "k1-musical"], "audited 2 tables, 31 entries; 4 findings"),
])
def test_audit_says_what_it_audited(args, needle):
    r = run(*args)
    assert r.exit_code == 0 and needle in r.stderr


def test_audit_of_an_unknown_id_says_so_in_one_line():
    r = run("audit", "nope")
    assert r.exit_code == 2 and r.stderr == "Error: table id: unknown table id 'nope' (see 'rithmocheck tables')\n"


# --- ruleset validate, for engine authors ---------------------------------------------------------------------

def validate(tmp_path, name: str, text: str, *args: str):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return run("ruleset", "validate", str(f), *args)


def values(side: str) -> list[int]:
    return [m.value for m in M.army(side)]


def test_colour_names_are_a_note_read_by_the_better_fit(tmp_path):
    """Issue 23: sides labelled by colour are found from their values; a note, never a failure."""
    r = validate(tmp_path, "c.json", json.dumps({"white": values("odd"), "black": values("even")}), "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["valid"] is True and data["summary"].startswith("valid; the sides are labelled 'white' and 'black'")
    assert "'black' read as even" in data["summary"]
    assert [(f["rule"], f["severity"], f["path"]) for f in data["findings"]] == [("colour", "note", "/black")]
    rows = "side,value\n" + "".join(f"white,{v}\n" for v in values("even")) + "".join(f"black,{v}\n"
                                                                                      for v in values("odd"))
    r = validate(tmp_path, "c.csv", rows)
    assert r.exit_code == 0 and "'white' read as even" in r.stdout


def test_swapped_sides_are_said_first(tmp_path):
    r = validate(tmp_path, "s.json", json.dumps({"even": values("odd"), "odd": values("even")}))
    assert r.stdout.splitlines()[0] == ("the sides look swapped: most values listed under even are the odd army's, "
                                        "and most under odd the even army's")
    doc = json.loads(run("ruleset", "--kind", "1").stdout)
    for m in doc["men"]:
        m["side"] = "odd" if m["side"] == "even" else "even"
    r = validate(tmp_path, "d.json", json.dumps(doc), "--format", "json")
    assert json.loads(r.stdout)["summary"].startswith("the sides look swapped")


def test_a_few_wrong_values_are_said_first(tmp_path):
    even = values("even")
    even[even.index(289)] = 298
    r = validate(tmp_path, "f.json", json.dumps({"even": even, "odd": values("odd")}), "--format", "json")
    data = json.loads(r.stdout)
    # the missing 289 follows from the stray 298: one place disagrees, and the summary names its number
    assert data["summary"] == ("only 1 place disagrees with 1563 among the file's 48 values (298); the rest follow "
                               "its rules")
    assert data["findings"][0] == {"file": str(tmp_path / "f.json"), "document": str(tmp_path / "f.json"),
                                   "path": "/even/23", "rule": "unknown-value", "severity": "error",
                                   "message": "no rule derives 298 for either side (the digits of 289 shuffled?)",
                                   "found": [298], "expected": [289]}


def test_no_headline_when_nothing_is_wrong_or_all_is(tmp_path):
    r = validate(tmp_path, "ok.json", json.dumps({"even": values("even"), "odd": values("odd")}), "--format", "json")
    assert r.exit_code == 0 and json.loads(r.stdout) == {"file": str(tmp_path / "ok.json"), "valid": True,
                                                         "summary": None, "findings": []}
    r = validate(tmp_path, "bad.json", json.dumps({"even": list(range(1000, 1024)), "odd": list(range(1, 25))}),
                 "--format", "json")
    assert json.loads(r.stdout)["summary"] is None


def test_long_quotes_in_messages_are_cut(tmp_path):
    doc = json.loads(run("ruleset", "--kind", "1").stdout)
    doc["triumphs"]["proportions"][0]["test"] = "a" + "+a" * 50_000 + " == c"
    r = validate(tmp_path, "t.json", json.dumps(doc), "--format", "json")
    assert r.exit_code == 1
    found = json.loads(r.stdout)["findings"]
    (f,) = [x for x in found if x["rule"] == "relation"]
    assert len(f["message"]) < 200 and f["message"].endswith("...'")
    assert [x["rule"] for x in found if x is not f] == []  # the rules cannot run, which the relation says
