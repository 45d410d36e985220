"""The collation with the second witness (rithmocheck collate): the shipped
edition collates clean; every layout defect the TCP showed is found on the
old layouts (tests/data/collation/, see its README); recorded readings
explain exactly their own disagreement; a changed number is reported; the
JSON follows its schema; the build reads a fresh cache.

Expected disagreements were read by hand from the TCP tables (A05389.xml)
against the old files: e.g. TCP table 6 row 12 is `153 | · | ·` (a number
alone in the first cell of the addition column), table 8 row 14 is
`16 | 28 | 49. | · | 27. | ·` (the count under the second column)."""

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from conftest import EDITION, copy_shipped, pos
from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.export.build import collation_files
from rithmocheck.export.collation import collation_document, collation_schema
from rithmocheck.witness import collate, compare, tcp
from rithmocheck.witness.collate import KINDS, CollationReport, Kind
from rithmocheck.witness.edition import SHIPPED, SHIPPED_TCP, Edition
from rithmocheck.witness.layout import READING_KINDS, load_passage, load_passage_text

ROOT = Path(__file__).resolve().parent.parent
OLD = Path(__file__).parent / "data" / "collation"
TCP_FILE = SHIPPED_TCP
LONE = (12, 13, 15, 16, 17)  # rows of 153, 169, 225, 289, 361 in the addition column of the multiplication page


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def ties():
    return compare.ties_of(EDITION.witness, str(TCP_FILE))


@pytest.fixture(scope="module")
def report():
    return collate.collate(EDITION)


def collated(path_or_text, ties, name="x.yaml"):
    if isinstance(path_or_text, Path):
        p = load_passage(str(path_or_text), EDITION.witness, EDITION.facts.ids)
    else:
        p = load_passage_text(path_or_text, name, EDITION.witness, EDITION.facts.ids)
    return compare.collate_passage(p, ties, EDITION.page_at)


def found(disagreements, explained=None):
    return {(d.kind.value, (d.position.block, d.position.column, d.position.row)) for d in disagreements
            if explained is None or d.explained == explained}


# --- the shipped edition -----------------------------------------------------------------------------


def test_shipped_edition_collates_clean():
    r = run("collate")
    assert r.exit_code == 0, r.output
    assert "none unexplained" in r.stderr
    assert "Disagreements not explained: none" in r.stdout


def test_shipped_disagreements_are_exactly_the_recorded_readings(report):
    assert report.unexplained == ()
    assert {(d.passage, d.kind.value, d.position) for d in report.disagreements} == {
        ("k1-multiplication", "role", pos("k1-multiplication", 1, 1, row)) for row in LONE} | {
        ("k1-arithmetic-musical", "blank", pos("k1-arithmetic-musical", 1, 1, 1))}
    lone = [d for d in report.disagreements if d.passage == "k1-multiplication"]
    assert {(d.transcription, d.tcp) for d in lone} == {("nothing", "entry")}
    assert all(d.page is not None and d.page.image == 25 and d.page.side == "left" for d in lone)
    assert all("no man b >=" in d.reading for d in lone)


def test_every_passage_and_the_examples_are_compared(report):
    methods = {p.passage: p.method for p in report.passages}
    assert set(methods) == {p.passage for p in EDITION.passages} | {"examples"}
    # lists set in prose in both witnesses: by their numbers in order
    assert {p for p, m in methods.items() if m == "numbers"} == {
        "men", "kings", "k2-kings", "k3-obsidion-only", "k2-cossick-signs"}
    assert methods["standards"] == "cells"  # a table in the TCP (table 15), read as numbers in the witness
    examples = next(p for p in report.passages if p.passage == "examples")
    assert examples.compared == examples.agreeing == len(EDITION.example_passages) == 63
    by_passage = {p.passage: p for p in report.passages}
    assert by_passage["k1-multiplication"].tcp_tables == (6,)
    assert by_passage["ratios"].tcp_tables == (1, 2, 3, 4)
    assert by_passage["k1-multiplication"].explained == 5
    assert by_passage["k1-multiplication"].agreeing == by_passage["k1-multiplication"].compared - 5


def test_json_follows_the_published_schema():
    r = run("collate", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    Draft202012Validator.check_schema(collation_schema())
    Draft202012Validator(collation_schema()).validate(data)
    assert data["summary"]["unexplained"] == 0 and data["summary"]["explained"] == 6
    assert data["second_witness"]["sha256"] == "30ec7d01ec0fef18dde2accb6841731e35accd180a9c6c4984a8386eee7b2fe8"
    assert set(collation_schema()["$defs"]["kind"]["enum"]) == set(KINDS)


def test_formats_and_passages(tmp_path):
    r = run("collate", "k1-geometric", "examples", "--format", "csv")
    assert r.exit_code == 0 and r.stdout.splitlines() == [
        "passage,kind,position,witness_line,image,side,transcription,tcp,explained,reading,message"]
    r = run("collate", "k1-multiplication", "--format", "md")
    assert "| k1-multiplication | cells    | 6" in r.stdout
    assert "compared by their numbers in order" in r.stdout
    assert r.stdout.count("- **role** at k1-multiplication:1.1.") == 5
    out = tmp_path / "c.json"
    r = run("collate", "men", "--format", "json", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert json.loads(out.read_text())["passages"][0]["method"] == "numbers"


def test_bad_input_is_exit_2(tmp_path):
    r = run("collate", "no-such-passage")
    assert r.exit_code == 2 and "no passage 'no-such-passage'" in r.stderr
    r = run("collate", "-o", str(SHIPPED / "x.json"))
    assert r.exit_code == 2


# --- the old layouts: every defect the TCP showed is found --------------------------------------------


def test_old_multiplication_page(ties):
    """The addition tail stood as the right column (the TCP sets it left),
    one row higher than the other two, and its five lone first terms were
    read as group heads."""
    summary, d = collated(OLD / "k1-multiplication.yaml", ties)
    assert found(d) == ({("column-order", (1, 0, 0))}
                        | {("row", (1, 3, row)) for row in range(1, 18)}
                        | {("role", (1, 3, row)) for row in LONE})
    order = next(x for x in d if x.kind is Kind.COLUMN_ORDER)
    assert (order.transcription, order.tcp) == ("columns 1 2 3", "columns 3 1 2")
    roles = [x for x in d if x.kind is Kind.ROLE]
    assert {(x.transcription, x.tcp) for x in roles} == {("head", "entry")}
    assert summary.agreeing == 0  # every column stands elsewhere in the print


def test_old_geometric_count(ties):
    _, d = collated(OLD / "k1-geometric.yaml", ties)
    assert found(d) == {("column", (1, 1, 15)), ("row", (1, 1, 15))}
    column = next(x for x in d if x.kind is Kind.COLUMN)
    assert (column.transcription, column.tcp) == ("column 1", "column 2")


def test_old_addition_headings(ties):
    _, d = collated(OLD / "k1-addition.yaml", ties)
    assert found(d) == {("split", (1, 1, 1)), ("blank", (1, 2, 1)), ("split", (1, 3, 1)), ("blank", (1, 4, 1))}
    assert {x.tcp for x in d if x.kind is Kind.BLANK} == {"subtractio\u0304", "Substract."}  # o with a macron


def test_old_ratios_headings(ties):
    _, d = collated(OLD / "ratios.yaml", ties)
    assert found(d) == {("role", (1, 1, 6)), ("role", (1, 1, 26)), ("role", (1, 1, 29)),
                        ("heading-block", (1, 1, 29)), ("split", (3, 1, 1)), ("split", (5, 1, 1))}
    moved = next(x for x in d if x.kind is Kind.HEADING_BLOCK)
    assert (moved.transcription, moved.tcp) == ("block 1", "block 2")


def test_old_spaces_multiplication_labels(ties):
    _, d = collated(OLD / "k2-spaces-multiplication.yaml", ties)
    assert found(d) == {("row", (1, 1, 1)), ("blank", (1, 1, 2)), ("column", (1, 1, 3)), ("row", (1, 1, 3)),
                        ("blank", (1, 3, 2))}


# --- recorded readings -----------------------------------------------------------------------------


K1_MULTIPLICATION = EDITION.tables_dir / "k1-multiplication.yaml"


def test_a_reading_removes_exactly_its_disagreement(ties):
    text = (OLD / "k1-multiplication.yaml").read_text(encoding="utf-8")
    old = '          - {text: "153", role: head}'
    assert old in text
    with_reading = text.replace(old, '          - {text: "153", role: head, reading: {kind: role, tcp: entry, '
                                     'reason: "test"}}')
    _, before = collated(text, ties)
    _, after = collated(with_reading, ties)
    assert found(after, explained=True) == {("role", (1, 3, 12))}
    assert found(after, explained=False) == found(before) - {("role", (1, 3, 12))}
    assert next(x for x in after if x.explained).reading == "test"


def test_a_reading_explains_only_its_kind_and_tcp_value(ties):
    text = K1_MULTIPLICATION.read_text(encoding="utf-8")
    start = text.index('{text: "153", role: nothing, reading:')
    line = text[start:text.index("\n", start)]
    wrong = text.replace(line, '{text: "153", role: nothing, reading: {kind: role, tcp: head, reason: "wrong"}}')
    _, d = collated(wrong, ties, "k1-multiplication.yaml")
    assert {(x.kind.value, x.explained) for x in d if x.position.row == 12} == {("role", False), ("reading", False)}
    dropped = text.replace(line, '{text: "153", role: nothing}')
    _, d = collated(dropped, ties, "k1-multiplication.yaml")
    assert found(d, explained=False) == {("role", (1, 1, 12))}
    assert found(d, explained=True) == {("role", (1, 1, row)) for row in LONE if row != 12}


def test_a_reading_that_explains_nothing_is_reported(ties):
    text = K1_MULTIPLICATION.read_text(encoding="utf-8")
    old = '          - "120 169. 289"'
    assert old in text
    stale = text.replace(old, '          - {text: "120 169. 289", reading: {kind: number, tcp: "120 169 289", '
                              'reason: "nothing to explain"}}')
    _, d = collated(stale, ties, "k1-multiplication.yaml")
    assert found(d, explained=False) == {("reading", (1, 1, 9))}


def test_reading_kinds_are_cell_level_kinds():
    assert set(READING_KINDS) == set(KINDS) - {"block", "column-order", "missing", "reading"}


@pytest.mark.parametrize("reading, problem", [
    ('{kind: layout, tcp: entry, reason: "x"}', "reading kind 'layout' is not one of"),
    ('{kind: role, tcp: entry}', "'reading' must be a mapping of kind, tcp and reason"),
    ('{kind: role, tcp: entry, reason: ""}', "reading 'reason' must be non-empty text"),
    ('"entry"', "'reading' must be a mapping of kind, tcp and reason"),
])
def test_a_malformed_reading_is_bad_input(tmp_path, reading, problem):
    text = K1_MULTIPLICATION.read_text(encoding="utf-8").replace(
        '          - "120 169. 289"', f'          - {{text: "120 169. 289", reading: {reading}}}')
    path = tmp_path / "k1-multiplication.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="block 1 column 1 row 9"):
        load_passage(str(path), EDITION.witness, EDITION.facts.ids)
    r = run("check-source", str(path))
    assert r.exit_code == 2 and problem in r.stderr and "Traceback" not in r.output


# --- a changed number, in an edition of its own ------------------------------------------------------


def copy_edition(tmp_path: Path) -> Path:
    root = tmp_path / "edition"
    copy_shipped(root)  # with its second witness (edition.yaml: second_witness) and its errata
    return root


def change(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.fixture(scope="module")
def changed_edition(tmp_path_factory):
    """k1-musical's fourth entry 4 6 12 printed 4 6 13: in the witness line
    and in the transcription's run and cell (so it re-flattens)."""
    root = copy_edition(tmp_path_factory.mktemp("changed"))
    lines = (root / "witness.txt").read_text(encoding="utf-8").split("\n")
    assert " 4 6 12 " in lines[672]
    lines[672] = lines[672].replace(" 4 6 12 ", " 4 6 13 ", 1)
    (root / "witness.txt").write_text("\n".join(lines), encoding="utf-8")
    musical = root / "tables" / "k1-musical.yaml"
    change(musical, " 4 6 12 ", " 4 6 13 ")
    change(musical, '          - "4 6 12"', '          - "4 6 13"')
    return Edition.open(root)


def test_a_changed_number_is_reported(changed_edition):
    report = collate.collate(changed_edition, ["k1-musical"])
    assert [(d.kind.value, d.position, d.transcription, d.tcp) for d in report.disagreements] == [
        ("number", pos("k1-musical", 1, 1, 4), "4 6 13", "4 6 12")]
    assert report.exit_code == 1


def test_an_unexplained_disagreement_is_exit_1(changed_edition, monkeypatch):
    monkeypatch.setattr(Edition, "default", staticmethod(lambda: changed_edition))
    r = run("collate", "k1-musical", "k1-geometric")
    assert r.exit_code == 1
    assert "1 NOT explained" in r.stderr
    assert "number        k1-musical:1.1.4 (line 673, image 31 left)" in r.stdout


def test_a_dropped_number_is_missing(tmp_path, ties):
    """The TCP's 45 (k1-musical, TCP table 9 row 7: 5 9 45) left out of
    the witness and the transcription: the TCP has a number the run lacks."""
    root = copy_edition(tmp_path)
    lines = (root / "witness.txt").read_text(encoding="utf-8").split("\n")
    assert " 5 9 45 " in lines[672]
    lines[672] = lines[672].replace(" 5 9 45 ", " 5 9 ", 1)
    (root / "witness.txt").write_text("\n".join(lines), encoding="utf-8")
    musical = root / "tables" / "k1-musical.yaml"
    change(musical, " 5 9 45 ", " 5 9 ")
    change(musical, '          - "5 9 45"', '          - "5 9"')
    report = collate.collate(Edition.open(root), ["k1-musical"])
    assert [(d.kind.value, d.position, d.tcp) for d in report.disagreements] == [
        ("missing", pos("k1-musical", 1, 1, 7), "45")]


# --- the role a TCP cell's place gives ------------------------------------------------------------------


def test_tcp_role_by_place():
    doc = tcp.load(str(TCP_FILE))
    mult, geo = doc.tables[5], doc.tables[7]  # TCP tables 6 and 8

    def role(table, row, columns, span):
        cells = tuple(c for c in table.rows[row - 1].cells if c.column in columns)
        return compare.tcp_role(table, cells, span)

    assert role(mult, 12, {1}, (1, 3)) == "entry"  # 153 | · | ·
    assert role(mult, 2, {2}, (1, 3)) == "head"  # · | 90 | ·
    assert role(mult, 5, {1, 2}, (1, 3)) == "nothing"  # 91 | nothīg
    assert role(mult, 3, {1, 2, 3}, (1, 3)) == "entry"  # 90. | 100. | 190
    assert role(mult, 1, {1}, (1, 3)) == "heading"  # [label] Addition.
    assert role(geo, 14, {5}, (4, 6)) == "head"  # · | 27. | · : a stated count's place


# --- the build: a committed cache, fresh, and read without aligning --------------------------------------


def test_committed_cache_is_fresh(report):
    committed = (EDITION.root / collate.CACHE_FILE).read_text(encoding="utf-8")
    assert committed == collate.cache_text(EDITION, report), "run: python tools/write_collation.py"


def test_build_reads_the_cache_without_aligning(monkeypatch, report):
    def no_alignment(*_args):
        raise AssertionError("the build aligned the witnesses although the cache is fresh")

    collate._edition_collation.cache_clear()
    monkeypatch.setattr(compare, "ties_of", no_alignment)
    try:
        assert collate.edition_collation(EDITION) == report
        files = collation_files(EDITION)
    finally:
        collate._edition_collation.cache_clear()
    assert files == {"collation.md": collation_document(report, "md"),
                     "collation.json": collation_document(report, "json")}
    assert CollationReport.from_dict(json.loads(files["collation.json"])) == report


def test_a_changed_input_is_collated_afresh(changed_edition):
    assert (changed_edition.root / collate.CACHE_FILE).is_file()  # copied, now stale
    fresh = collate.edition_collation(changed_edition)
    assert fresh is not None and fresh.exit_code == 1
    assert [d.position for d in fresh.unexplained] == [pos("k1-musical", 1, 1, 4)]


def test_an_edition_without_a_second_witness(tmp_path):
    root = copy_edition(tmp_path)
    change(root / "edition.yaml", "second_witness: eebo-tcp-A05389/A05389.xml", "")
    ed = Edition.open(root)
    assert collate.second_witness(ed) is None
    assert collation_files(ed) == {}
    with pytest.raises(InputError, match="names no second_witness"):
        collate.collate(ed)


def test_build_exits_1_on_an_unexplained_disagreement(tmp_path, monkeypatch):
    """The old geometric layout (the count under the wrong column) audits
    clean, but its collation does not: the build says so and exits 1."""
    root = copy_edition(tmp_path)
    shutil.copy(OLD / "k1-geometric.yaml", root / "tables" / "k1-geometric.yaml")
    ed = Edition.open(root)
    monkeypatch.setattr(Edition, "default", staticmethod(lambda: ed))
    r = run("build", "--out", str(tmp_path / "out"))
    assert r.exit_code == 1, r.output
    assert "all covered by curated errata" in r.stderr and "2 NOT explained" in r.stderr
    written = json.loads((tmp_path / "out" / "collation.json").read_text(encoding="utf-8"))
    assert [(d["kind"], d["position"]["row"]) for d in written["disagreements"] if not d["explained"]] == [
        ("column", 15), ("row", 15)]


@pytest.mark.parametrize("content", ["<TEI><text>not closed", "<TEI xmlns='http://www.tei-c.org/ns/1.0'/>"])
def test_a_broken_second_witness_is_bad_input(tmp_path, monkeypatch, content):
    root = copy_edition(tmp_path)
    broken = tmp_path / "broken.xml"
    broken.write_text(content, encoding="utf-8")
    change(root / "edition.yaml", "second_witness: eebo-tcp-A05389/A05389.xml", f"second_witness: {broken}")
    ed = Edition.open(root)
    monkeypatch.setattr(Edition, "default", staticmethod(lambda: ed))
    r = run("collate", "k1-musical")
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"Error: {broken}") and ("malformed XML" in r.stderr or "TEI keying" in r.stderr)
    assert len(r.stderr.splitlines()) == 1
    change(root / "edition.yaml", f"second_witness: {broken}", "second_witness: no-such.xml")
    fresh = Edition.open(root)  # metadata is read once per edition
    monkeypatch.setattr(Edition, "default", staticmethod(lambda: fresh))
    r = run("collate", "k1-musical")
    assert r.exit_code == 2 and "second witness (edition.yaml: second_witness) is missing" in r.stderr
