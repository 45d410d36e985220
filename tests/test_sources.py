"""Transcriptions: proof of fidelity, coverage of the witness, and refusal of
malformed input with one clear line."""

import hashlib
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EDITION, TABLE_IDS
from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.export.printed import printed_rows
from rithmocheck.witness.edition import SHIPPED as SOURCE_DIR
from rithmocheck.witness.entries import printed_entries
from rithmocheck.witness.examples import digit_lines
from rithmocheck.witness.layout import cell_tokens, flatten, load_passage, load_passage_text, run_tokens
from rithmocheck.words import ordinal

FILES = EDITION.passage_files()
SAMPLE = (SOURCE_DIR / "tables" / "k1-geometric.yaml").read_text()
KNOWN = EDITION.facts.ids


def load(path):
    return load_passage(str(path), EDITION.witness, KNOWN)


def test_witness_is_kept_byte_for_byte():
    meta = yaml.safe_load((SOURCE_DIR / "witness.yaml").read_text())
    data = (SOURCE_DIR / "witness.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == meta["sha256"]
    assert meta["year"] == 1563 and meta["title"] and meta["authors"] and meta["imprint"]
    shared = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_2af2ee5261494ffe.txt"
    if shared.exists():  # beside the checkout in CI and development
        assert shared.read_bytes() == data


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_layout_reflattens_to_the_printed_run(path):
    passage = load(path)  # raises unless run, heading and layout all agree with the witness
    w = EDITION.witness
    first, last = passage.run_lines
    assert flatten(passage) == run_tokens("\n".join(w[first - 1:last]), passage.tokens)
    assert passage.passage == path.stem
    assert passage.layout_evidence.strip()


def test_every_table_id_has_a_transcription():
    covered = {t for p in EDITION.passages for t in p.tables}
    assert set(TABLE_IDS) <= covered


def test_every_table_has_printed_entries():
    for table_id in TABLE_IDS:
        entries = [e for e in EDITION.entries(table_id) if e.role == "entry"]
        assert entries, table_id


def test_coverage_of_the_witness():
    """Every line of the witness with a number is in a transcribed run, in a
    passage of the worked examples (whose loader proves every figure of its
    lines recorded), or recorded as carrying no checkable number."""
    w = EDITION.witness
    covered = set()
    for p in EDITION.passages:
        covered.update(range(p.run_lines[0], p.run_lines[1] + 1))
    for x in EDITION.example_passages:
        covered.update(range(x.first_line, x.last_line + 1))
    for first, last, reason in EDITION.coverage:
        assert reason.strip()
        covered.update(range(first, last + 1))
    missing = [(i, w[i - 1]) for i in digit_lines(w) if i not in covered]
    assert not missing, missing


def test_coverage_records_no_line_a_passage_holds():
    """A line of a passage has every figure recorded in the passage (with its
    reason when no statement is about it): coverage.yaml does not repeat it."""
    spans = [(x.first_line, x.last_line) for x in EDITION.example_passages]
    for first, last, _reason in EDITION.coverage:
        assert not any(a <= last and first <= b for a, b in spans), (first, last)


def test_examples_are_transcribed_as_printed():
    ex = {e.id: e for e in EDITION.examples}
    assert len(ex) >= 150
    # the printed slips stay as printed (corrections live in errata.yaml)
    assert ex["addition-120-49"].stated == 69
    assert ex["arithmetic-rule-result"].operands == (5, 15, 35)


def test_hand_read_positions():
    """A few entries read by hand from the witness, at their printed places."""
    p = load(SOURCE_DIR / "tables" / "k1-arithmetic.yaml")
    entries = [e for e in printed_entries(p) if e.role == "entry"]
    assert (entries[0].numbers, entries[0].position.column, entries[0].position.row) == ((2, 3, 4), 1, 1)
    assert entries[0].witness_line == 621  # "2 3 4 6 7 8 28 64 100 ..." opens the run
    assert any(e.numbers == (56, 64, 71) for e in entries)  # printed so, 72 meant
    counts = [e.numbers for e in printed_entries(p) if e.role == "count"]
    assert counts == [(49,)]
    assert len(entries) == 49


@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_show_json_for_every_id(table_id):
    r = CliRunner().invoke(cli, ["show", table_id, "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["table"] == table_id
    assert data["entries"]
    for item in data["entries"]:
        assert set(item["position"]) == {"passage", "block", "column", "row"}
        assert isinstance(item["witness_line"], int)
        assert isinstance(item["printed"], (list, str))
    assert all(isinstance(n, int) for n in data["stated_counts"])


def test_show_text_side_by_side():
    r = CliRunner().invoke(cli, ["show", "k1-geometric"])
    assert r.exit_code == 0
    first_row = r.output.splitlines()[4].split()
    assert first_row == ["2", "4", "8", "16", "36", "81"]


def test_show_csv():
    r = CliRunner().invoke(cli, ["show", "k1-musical", "--format", "csv"])
    assert r.exit_code == 0
    assert r.output.splitlines()[0] == "passage,block,column,row,role,printed,numbers,witness_line,image,side"
    # the TCP sets "A table of Musicall proportion." after <pb facs="tcp:20707:31"/>, its first break: 31 left
    assert r.output.splitlines()[1] == "k1-musical,1,1,1,entry,2 3 6,2 3 6,673,31,left"


def test_check_source_accepts_ours():
    r = CliRunner().invoke(cli, ["check-source", *map(str, FILES)])
    assert r.exit_code == 0, r.output


# --- malformed transcriptions: exit 2, one line, no traceback ---------------

BAD = {
    "broken yaml": "passage: [unclosed\n",
    "not a mapping": "- 1\n- 2\n",
    "alias": "a: &x 1\nb: *x\n",
    "anchor": SAMPLE.replace("blocks:\n", "blocks: &b\n", 1),
    "duplicate key": SAMPLE.replace("ambiguous: true", "ambiguous: true\nambiguous: false"),
    "missing field": SAMPLE.replace("layout_evidence:", "evidence:"),
    "unknown table": SAMPLE.replace("- table: k1-geometric", "- table: k9-nothing"),
    "wrong type": SAMPLE.replace("run_lines: [644, 647]", "run_lines: 644"),
    "non-integer token": SAMPLE.replace('- "2 4 8"', '- "2 4 eight"'),
    "does not re-flatten": SAMPLE.replace('- "2 4 8"', '- "2 8 4"'),
    "wrong span": SAMPLE.replace("run_lines: [644, 647]", "run_lines: [645, 648]"),
    "unknown role": SAMPLE.replace("role: count", "role: tally"),
    "empty": "",
}


@pytest.mark.parametrize("name", BAD)
def test_malformed_transcription(name, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(BAD[name])
    r = CliRunner().invoke(cli, ["check-source", str(f)])
    assert r.exit_code == 2, (name, r.output)
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {f}"), r.output
    assert "Traceback" not in r.output


def test_error_names_the_yaml_line(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(BAD["does not re-flatten"])
    r = CliRunner().invoke(cli, ["check-source", str(f)])
    line_no = BAD["does not re-flatten"].splitlines().index('          - "2 8 4"') + 1
    assert line_no > 1
    assert f"{f}:{line_no}: layout does not re-flatten: its 2nd token is '8', the run has '4' (witness line 644)" \
        in r.output


def test_a_run_that_is_not_the_witness_names_the_line_the_column_and_the_words(tmp_path):
    # witness line 644 begins "2 4 8 16 36 81": a run that reads 17 for its 16 is not the witness
    f = tmp_path / "bad.yaml"
    f.write_text(SAMPLE.replace("2 4 8 16 36 81", "2 4 8 17 36 81", 1).replace('"16 36 81"', '"17 36 81"', 1))
    r = CliRunner().invoke(cli, ["check-source", str(f)])
    assert r.exit_code == 2
    assert r.output.strip() == (f"Error: {f}: 'run' is not the verbatim text of witness lines 644..647: line 644, "
                                "column 7: the run has '17', the witness '16'")


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th"]


def test_huge_file_is_refused(tmp_path):
    f = tmp_path / "huge.yaml"
    f.write_text("x: " + "1" * 2_100_000 + "\n")
    r = CliRunner().invoke(cli, ["check-source", str(f)])
    assert r.exit_code == 2 and "larger than" in r.output


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAMPLE) - 1), st.integers(1, 40), st.text(max_size=30))
def test_fuzzed_transcriptions_never_crash(start, length, insert):
    text = SAMPLE[:start] + insert + SAMPLE[start + length:]
    try:
        load_passage_text(text, "fuzz.yaml", EDITION.witness, KNOWN)
    except InputError as exc:
        line = exc.one_line()
        assert line.startswith("fuzz.yaml") and "\n" not in line


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                    max_leaves=20))
def test_fuzzed_structures_never_crash(data):
    text = yaml.safe_dump({"passage": "x", "heading": "h", "blocks": data})
    try:
        load_passage_text(text, "fuzz.yaml", EDITION.witness, KNOWN)
    except InputError as exc:
        assert "\n" not in exc.one_line()


# --- positions and pages (issue 11) -------------------------------------------------

def test_positions_are_unique_and_every_entry_has_a_page():
    seen = {}
    for table_id in TABLE_IDS:
        for e in EDITION.entries(table_id):
            assert e.position not in seen, (e, seen.get(e.position))
            seen[e.position] = e
            assert e.page is not None and e.witness_line >= 1, e
    assert {e.table for e in seen.values()} == set(TABLE_IDS)


def test_every_number_of_a_worked_example_has_a_unique_place_and_a_page():
    passages = EDITION.example_passages
    assert len({p.id for p in passages}) == len(passages) == 63
    tokens = 0
    for p in passages:
        assert p.page is not None, p.id
        assert len({t.id for t in p.tokens}) == len(p.tokens), p.id
        for t in p.tokens:
            assert p.first_line <= t.line <= p.last_line, (p.id, t.id)
            assert EDITION.page_at(t.line) is not None, (p.id, t.id)
            tokens += 1
    assert tokens > 500


def test_a_page_break_inside_a_witness_line_splits_a_table():
    # witness line 1110 reads "1300. One sta^derd of the odd, conteyneth. 174." and the print
    # turns the page (image 48 left to right) before "One": the even's tenth standard stands on
    # the left page, the odd's first on the right (TCP table 15 runs across the break).
    by_key = {e.key: e for e in EDITION.entries("standards")}
    assert (by_key["even/10"].witness_line, str(by_key["even/10"].page)) == (1110, "image 48 left")
    assert (by_key["odd/1"].witness_line, str(by_key["odd/1"].page)) == (1110, "image 48 right")


def test_one_cell_runs_over_a_page_break_and_is_cited_where_it_begins():
    # witness lines 322-323: "... has.16. upon his first triangle.25. on the second triangle.36. upon
    # the / first square.49. upon the lowest square.64." The TCP turns the page (image 13 left to
    # right) before "vpon the lowest square .64.": the odd king's layers 16 25 36 49 64 are one
    # cell, cited on the page where it begins (README).
    spanning = []
    for p in EDITION.passages:
        cells = {(c.block, c.column, c.row): c for c in p.cells()}
        for where, tokens in cell_tokens(p).items():
            pages = {EDITION.page_at(line, col) for _t, line, col in tokens}
            if len(pages) > 1:
                spanning.append((p.passage, cells[where].text, str(EDITION.page_at(*p.read_from(cells[where])))))
    assert spanning == [("men", "16 25 36 49 64", "image 13 left")]


def test_a_blank_cell_stands_on_its_row():
    # witness lines 377-378: "The second order follows." then "Third fyft seventh ninth 5. 9. 13.
    # 17. ...", the second block of the ratios (a heading row, then the columns' headings): the
    # blanks beside the heading in row 1 stand on its line, 377, image 17 left (not on line 338,
    # where the passage's run begins, on image 14).
    p, cells = _cells("ratios")
    for column in (2, 3, 4):
        assert cells[(2, column, 1)].role == "blank"
        assert p.witness_line(cells[(2, column, 1)]) == 377
        assert str(EDITION.page_at(*p.read_from(cells[(2, column, 1)]))) == "image 17 left"
    # every blank stands on the line of a cell of its row
    for p in EDITION.passages:
        by_row: dict = {}
        for c in p.cells():
            by_row.setdefault((c.block, c.row), []).append(c)
        for c in p.cells():
            if c.role == "blank":
                lines = {p.witness_line(o) for o in by_row[(c.block, c.row)] if o.role != "blank"}
                assert not lines or p.witness_line(c) in lines, (p.passage, c.where())


def test_the_numbers_of_a_prose_cell_are_every_integer_in_its_words():
    # witness line 354: "one part of it, which may measure the whole, as.12. contains.9. and 3. which"
    rows = [r for r in printed_rows("ratios", EDITION) if r[4] == "prose"]
    by_line = {r[7]: r[6] for r in rows}
    assert by_line[354] == "12 9 3"
    assert by_line[367] == "9 28 16 12 3 4 16"  # "of.9. like wise.28. coteineth.16. and.12. that is 3/4; of.16."


def test_show_prints_the_pages():
    r = CliRunner().invoke(cli, ["show", "k1-geometric"])
    assert "witness lines 644-647, image 29 right" in r.output.splitlines()[0]
    data = json.loads(CliRunner().invoke(cli, ["show", "standards", "--format", "json"]).output)
    assert {e["page"]["side"] for e in data["entries"]} == {"left", "right"}


# --- the layout as the second witness (the EEBO-TCP keying) sets it (issue 11) ----------------

def _cells(passage_id):
    [p] = [p for p in EDITION.passages if p.passage == passage_id]
    return p, {(c.block, c.column, c.row): c for c in p.cells()}


def test_the_addition_tail_is_the_left_column_of_the_multiplication_page():
    # TCP table 6 (image 25 left): 'Addition.' over grid columns 1-3, 'Multiplication & Diuision.' over 4-9
    p, cells = _cells("k1-multiplication")
    assert [c.table for c in p.blocks[0].columns] == ["k1-addition", "k1-multiplication", "k1-multiplication"]
    assert cells[(1, 1, 1)].text == "Addition." and cells[(1, 2, 1)].text == "Multiplication and Division."
    assert cells[(1, 1, 2)].text == "90" and cells[(1, 2, 2)].text == "2"  # heads in one row, as printed


def test_lone_first_terms_are_not_group_heads():
    # TCP rows 12-17: '153 | · | ·' ... the number in the first cell (a head stands in the middle cell)
    _p, cells = _cells("k1-multiplication")
    assert [(cells[(1, 1, r)].text, cells[(1, 1, r)].role) for r in (12, 13, 15, 16, 17)] == [
        ("153", "nothing"), ("169", "nothing"), ("225", "nothing"), ("289", "nothing"), ("361", "nothing")]


def test_the_geometric_count_stands_under_the_second_column():
    # TCP table 8, last row: '16 | 28 | 49. | · | 27. | ·'
    p, cells = _cells("k1-geometric")
    assert cells[(1, 2, 14)].text == "27." and cells[(1, 2, 14)].role == "count"
    assert cells[(1, 1, 14)].text == "16 28 49."
    assert p.ambiguous  # '16 28 49. 27.' re-flattens with the count under either column


def test_headings_stand_in_their_blocks():
    _p, cells = _cells("k1-addition")  # TCP table 5 row 1: one word over each column
    assert [cells[(1, c, 1)].text for c in (1, 2, 3, 4)] == ["Addition.", "subtractio^", "Addition.", "Substract."]
    p, cells = _cells("ratios")  # the TCP's <head> of the superpartient tables
    assert cells[(2, 1, 1)].text == "The second order follows." and cells[(2, 1, 1)].role == "heading"
    assert cells[(1, 1, 6)].role == cells[(1, 1, 26)].role == "heading" and p.ambiguous
    _p, cells = _cells("k2-spaces-multiplication")  # the third column's own label, in its first row
    assert cells[(1, 3, 1)].text == "eue^. spaces. od"


@pytest.mark.parametrize("run, message", [
    ("2 4 8 16", "line 644, column 10: the run's line ends where the witness has '36'"),
    ("2 4 8 16 36 81 2 12 72 20 30 45 3 6 12 25 30 36 4 6 9 25 45 81 4 8 16 36 42 49 50",
     "line 644, column 80: the run has '50' where the witness's line ends"),
    ("2 4  8 16 36 81 2 12 72 20 30 45 3 6 12 25 30 36 4 6 9 25 45 81 4 8 16 36 42 49",
     "line 644: the same words, spaced otherwise"),
])
def test_a_run_line_that_ends_early_or_late_or_is_spaced_otherwise_is_named(run, message):
    # witness line 644: "2 4 8 16 36 81 2 12 72 20 30 45 3 6 12 25 30 36 4 6 9 25 45 81 4 8 16 36 42 49"
    from rithmocheck.witness.layout import _first_difference

    assert _first_difference([run], EDITION.witness[643:644], 644) == message
