"""Curated errata: matching, staleness, application, exports, CLI exit codes, golden files."""

import csv
import dataclasses
import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EDITION, FOUR_READINGS, REGISTRY, default_table
from rithmocheck.audit.errata import ERRATUM_KINDS, Replace, Supply, corrected_entries, load_errata, propose
from rithmocheck.audit.run import run_audit
from rithmocheck.cli import cli
from rithmocheck.export.errata import errata_tei
from rithmocheck.export.report import report_json, report_text
from rithmocheck.pipeline.outcome import Outcome

GOLDEN = Path(__file__).parent / "golden"
ERRATA = load_errata(EDITION)
CORRECTIONS = EDITION.errata_path


def full_audit(ids=(), errata=ERRATA):
    return list(run_audit(EDITION, errata, ids).findings)


def run(*args):
    return CliRunner().invoke(cli, list(args))


def golden(name: str, text: str) -> None:
    """Compare with tests/golden/NAME (UPDATE_GOLDEN=1 rewrites it)."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs (UPDATE_GOLDEN=1 to accept)"


def write_errata(tmp_path, errata) -> Path:
    import yaml

    path = tmp_path / "errata.yaml"
    path.write_text(yaml.safe_dump({"errata": [e.as_dict() for e in errata]}, sort_keys=False))
    return path


def test_every_finding_is_covered_on_a_clean_checkout():
    findings = full_audit()
    assert [f for f in findings if not f.covered] == []
    assert run("audit").exit_code == 0


def test_each_erratum_has_a_reason_and_covers_something():
    ids = [e.id for e in ERRATA]
    assert len(ids) == len(set(ids))
    used = {f.erratum for f in full_audit()}
    assert all(len(e.reason) > 20 for e in ERRATA)
    # an erratum covers a finding, or (a count following a correction, a row supplied where the
    # tool reads a misprint as filling it) the corrected edition needs it: without it the
    # invariant fails
    for e in ERRATA:
        if e.id not in used:
            assert e.kind in ("count", "omission"), e.id
            without = tuple(x for x in ERRATA if x is not e)
            assert invariant_messages(without, e.table), e.id


def test_a_missing_erratum_is_reported_and_fails(tmp_path):
    errata = tuple(e for e in ERRATA if e.id != "k1-arithmetic@1.3.6")
    path = write_errata(tmp_path, errata)
    r = run("audit", "k1-arithmetic", "--errata", str(path), "--format", "json")
    assert r.exit_code == 1
    uncovered = [f for f in json.loads(r.stdout)["findings"] if f["erratum"] is None and f["kind"] != "universe"]
    # and the corrected table holds 56 64 71 and lacks 56 64 72
    assert [f["kind"] for f in uncovered] == ["misprint", "invariant", "invariant"]
    f = uncovered[0]
    assert f == {"table": "k1-arithmetic", "kind": "misprint",
                 "position": {"passage": "k1-arithmetic", "block": 1, "column": 3, "row": 6},
                 "witness_line": 622, "page": {"image": 28, "side": "left"},
                 "printed": [56, 64, 71], "expected": [56, 64, 72],
                 "candidates": [{"value": [56, 64, 72], "class": "digit changed", "confidence": "medium"}],
                 "erratum": None, "message": f["message"]}
    # the proposal for it: the tool's candidate, unconfirmed
    out = tmp_path / "proposed.yaml"
    r = run("errata", "--propose", "--errata", str(path), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "corr:\n  - 56\n  - 64\n  - 72" in out.read_text() and "resp: rithmocheck\n" in out.read_text()


def test_propose_counts_its_proposals_in_words(tmp_path):
    """Issue 21: "1 proposals". One uncovered misprint gives one proposal, said so."""
    path = write_errata(tmp_path, tuple(e for e in ERRATA if e.id != "k1-addition@1.4.26"))
    r = run("errata", "--propose", "--errata", str(path))
    assert r.exit_code == 0
    assert len(yaml.safe_load(r.stdout)["errata"]) == 1
    assert r.stderr == "1 proposal\n"
    r = run("errata", "--propose")
    assert r.exit_code == 0 and yaml.safe_load(r.stdout)["errata"] == [] and r.stderr == "0 proposals\n"


def test_stale_sic_is_a_finding(tmp_path):
    errata = tuple(dataclasses.replace(e, sic=(56, 64, 70)) if e.id == "k1-arithmetic@1.3.6" else e for e in ERRATA)
    findings = full_audit(("k1-arithmetic",), errata)
    stale = [f for f in findings if f.kind == "erratum"]
    assert len(stale) == 1 and "no longer matches the transcription (56 64 71)" in stale[0].message
    assert not stale[0].covered
    # a stale erratum is not applied: the printed 56 64 71 stands in the corrected table
    assert "the corrected table holds 56 64 71 1 time (as printed, and no erratum removes it)" in " ".join(
        f.message for f in findings if f.kind == "invariant")


def test_a_correction_that_fails_the_relation_is_a_finding():
    errata = tuple(dataclasses.replace(e, corr=Replace((56, 64, 73))) if e.id == "k1-arithmetic@1.3.6" else e
                   for e in ERRATA)
    messages = [f.message for f in full_audit(("k1-arithmetic",), errata) if f.kind == "erratum"]
    assert any("does not satisfy the relation of k1-arithmetic" in m for m in messages)
    assert any("minimal consistent correction is 56 64 72" in m for m in messages)
    assert invariant_messages(errata, "k1-arithmetic")[0].startswith("the corrected table holds 56 64 73 1 time "
                                                                       "(by erratum k1-arithmetic@1.3.6)")


def test_a_correction_that_makes_a_duplicate_is_a_finding():
    # correcting 5 15 25 45 to 5 9 25 45 as well as 5 6 25 45 prints 5 9 25 45 twice
    errata = tuple(dataclasses.replace(e, kind="misprint", corr=Replace((5, 9, 25, 45)))
                   if e.id == "k1-all-three@1.1.19" else e for e in ERRATA)
    assert invariant_messages(errata, "k1-all-three")[0].startswith(
        "the corrected table holds 5 9 25 45 2 times (by erratum k1-all-three@1.1.16, k1-all-three@1.1.19)")


def test_a_wrong_count_correction_is_a_finding():
    errata = tuple(dataclasses.replace(e, corr=Replace((17,))) if e.id == "k1-musical@1.1.19" else e for e in ERRATA)
    assert invariant_messages(errata, "k1-musical") == [
        "the count printed 17 stands over 18 entries of the corrected table (erratum k1-musical@1.1.19 corrects it "
        "to 17)"]


def test_corrected_table():
    rows = corrected_entries("k1-musical", ERRATA, EDITION)
    assert [r.numbers for r in rows if r.status == "corrected"] == [(3, 5, 15), (25, 45, 225), (30, 45, 90)]
    assert len(rows) == 18
    rows = corrected_entries("k1-arithmetic-geometric", ERRATA, EDITION, supply=True)
    # every omission supplied under the table's reading, three-of-four (an arithmetic triple and a geometric
    # triple among the four: 2 4 8 12 is 4 8 12 and 2 4 8), the duplicate 9 12 16 20 dropped
    assert sorted(r.numbers for r in rows if r.status == "supplied") == [
        (2, 4, 8, 12), (4, 30, 56, 225), (5, 15, 30, 45), (6, 36, 66, 121), (7, 16, 28, 49), (15, 64, 120, 225),
        (20, 25, 30, 36), (25, 30, 36, 42), (81, 153, 225, 289)]
    assert len([r for r in rows if r.status != "supplied"]) == 51


def test_bad_errata_file_exit_2(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("errata:\n  - id: x\n    table: nope\n    kind: misprint\n    corr: omit\n    class: c\n"
                 "    reason: r\n    confidence: high\n    resp: editor\n")
    r = run("audit", "--errata", str(p))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "unknown table id 'nope'" in r.stderr
    p.write_text("errata: [\n")
    r = run("audit", "--errata", str(p))
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = run("audit", "no-such-table")
    assert r.exit_code == 2 and "unknown table id" in r.stderr


def test_unconfirmed_proposals_are_refused_as_curated(tmp_path):
    p = tmp_path / "errata.yaml"
    p.write_text("errata:\n  - {id: x, table: k1-musical, kind: count, position: {block: 1, column: 1, row: 19},"
                 " sic: [17], corr: [18], class: c, reason: r, confidence: high, resp: rithmocheck}\n")
    r = run("audit", "k1-musical", "--errata", str(p))
    assert r.exit_code == 2 and "confirmed by an editor" in r.stderr


def test_propose_never_overwrites_the_curated_file():
    before = CORRECTIONS.read_bytes()
    r = run("errata", "--propose", "-o", str(CORRECTIONS))
    assert r.exit_code == 2 and "refusing to write output" in r.stderr
    assert CORRECTIONS.read_bytes() == before


@pytest.mark.parametrize("fmt", ["md", "csv", "json", "tei", "text"])
def test_errata_formats(fmt):
    r = run("errata", "--format", fmt)
    assert r.exit_code == 0 and "56 64 72" in r.stdout.replace(",\n    ", " ").replace("\n    - ", " ")


def test_tei_is_well_formed_and_marks_each_kind():
    root = ET.fromstring(errata_tei(ERRATA, EDITION))
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    choice = [c for c in root.iterfind(".//t:choice", ns) if c.find("t:sic", ns).text == "56 64 71"]
    assert choice[0].find("t:corr", ns).text == "56 64 72"
    assert choice[0].find("t:corr", ns).get("resp") == "#rithmocheck #editor"
    assert any(s.text == "4 30 225" for s in root.iterfind(".//t:supplied", ns))
    assert any(s.text == "121 169 190" for s in root.iterfind(".//t:surplus", ns))


def test_show_corrected_every_format():
    for fmt in ("text", "md", "csv", "tsv", "json", "yaml"):
        r = run("show", "k1-musical", "--corrected", "--supply", "--format", fmt)
        assert r.exit_code == 0, fmt
        if fmt not in ("json", "yaml"):
            assert "25 45 225" in r.stdout and "corrected" in r.stdout, fmt
    data = json.loads(run("show", "k1-musical", "--corrected", "--format", "json").stdout)
    assert data["entries"][2] == {"position": {"passage": "k1-musical", "block": 1, "column": 1, "row": 3},
                                  "entry": [3, 5, 15], "signs": [], "status": "corrected", "sic": [3, 15, 16],
                                  "sic_signs": [], "erratum": "k1-musical@1.1.3", "witness_line": 673,
                                  "page": {"image": 31, "side": "left"}}


def test_a_corrected_sign_keeps_the_printed_signs_in_its_sic():
    """Witness line 816 prints "64 {powerof1}. {powerof3} {powerof6}" (the
    root sign where the quadrate belongs): the corrected table's sic is that
    entry, signs and all, not the bare 64; the errata write sic and corr the
    same way, never as the four numbers "64 1 3 6"."""
    data = json.loads(run("show", "k2-cossick-signs", "--corrected", "--format", "json").stdout)
    row = next(e for e in data["entries"] if e["position"]["row"] == 33)
    assert (row["entry"], row["signs"], row["sic"], row["sic_signs"]) == ([64], [2, 3, 6], [64], [1, 3, 6])
    rows = list(csv.DictReader(io.StringIO(run("show", "k2-cossick-signs", "--corrected", "--format", "csv").stdout)))
    assert [(r["entry"], r["sic"]) for r in rows if r["row"] == "33"] == [
        ("64{powerof2}{powerof3}{powerof6}", "64{powerof1}{powerof3}{powerof6}")]
    errata = list(csv.DictReader(io.StringIO(run("errata", "--format", "csv").stdout)))
    assert [(r["sic"], r["corr"]) for r in errata if r["id"] == "k2-cossick-signs@1.1.33"] == [
        ("64{powerof1}{powerof3}{powerof6}", "64{powerof2}{powerof3}{powerof6}")]
    found = list(csv.DictReader(io.StringIO(run("audit", "k2-cossick-signs", "--format", "csv").stdout)))
    assert [(r["printed"], r["expected"]) for r in found if r["position"] == "k2-cossick-signs:1.1.33"] == [
        ("64{powerof1}{powerof3}{powerof6}", "64{powerof2}{powerof3}{powerof6}")]


def test_golden_audit_text_and_json():
    report = run_audit(EDITION, ERRATA, ("k1-musical", "k3-obsidion-only"))
    golden("audit-k1-musical-k3.txt", report_text(report))
    golden("audit-k1-musical-k3.json", report_json(report))


def test_golden_tei():
    golden("errata.tei.xml", errata_tei(ERRATA, EDITION))


def test_proposals_confirmed_make_the_edition_clean(tmp_path):
    """With no errata, the audit's findings are the print's slips and the
    invariants they break; the proposals cover the slips (one per finding
    an erratum covers, never an invariant, each id once), and confirmed
    (resp rithmocheck+editor) they are errata under which the audit is
    clean: the tool's own corrections restore the regenerated tables."""
    findings = full_audit(errata=())
    proposals = propose(findings, EDITION.registry)
    coverable = [f for f in findings if not f.covered and f.kind in ERRATUM_KINDS]
    assert len(proposals) == len(coverable) == 119
    assert any(f.kind == "invariant" for f in findings)
    assert {p["resp"] for p in proposals} == {"rithmocheck"}
    assert len({p["id"] for p in proposals}) == len(proposals)
    confirmed = [{**p, "resp": "rithmocheck+editor"} for p in proposals]
    path = tmp_path / "errata.yaml"
    path.write_text(yaml.safe_dump({"errata": confirmed}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    r = run("audit", "--errata", str(path))
    assert r.exit_code == 0, r.output[-2000:]


def test_readme_counts_of_the_errata_are_the_data():
    import re
    from collections import Counter

    text = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())
    m = re.search(r"\(([0-9]+): ([0-9]+) misprints, ([0-9]+) spurious entries, ([0-9]+) duplicate, ([0-9]+) omissions "
                  r"supplied, ([0-9]+) counts, ([0-9]+) worked examples\)", text)
    assert m, "the README no longer states the counts of the curated errata"
    kinds = Counter(e.kind for e in ERRATA)
    supplied = sum(1 for e in ERRATA if isinstance(e.corr, Supply))
    assert tuple(map(int, m.groups())) == (len(ERRATA), kinds["misprint"], kinds["spurious"], kinds["duplicate"],
                                           supplied, kinds["count"], kinds["example"])
    assert supplied == kinds["omission"]  # every omission erratum supplies its entry


def test_a_right_nothing_is_not_flagged():
    # "91 nothing" on the multiplication page (witness line 560): no man b >= 91 makes 91 + b a man's number
    # (the group by first term 91 is empty), so the print is right; 1 90 91 belongs to the 1 group.
    findings = full_audit(("k1-addition",))
    assert not [f for f in findings if f.printed == (91,)]
    nothings = [e for e in EDITION.entries("k1-addition") if e.role == "nothing"]
    assert sorted(e.numbers[0] for e in nothings) == [45, 81, 91, 100, 153, 169, 190, 225, 289, 361]


# --- the corrected edition equals the regenerated tables (issue 12) --------------------------

def test_the_corrected_edition_is_the_regenerated_edition():
    """For every table: printed entries, minus those the errata remove, with the corrections applied,
    plus the supplied omissions, are the regenerated table as a multiset; every count, corrected,
    counts the corrected table."""
    report = run_audit(EDITION, ERRATA)
    assert [f for f in report.findings if f.kind == "invariant"] == []
    assert Outcome(audit=report).exit_code == 0 and len(report.tables) == 19


def invariant_messages(errata, table):
    return [f.message for f in run_audit(EDITION, errata, (table,)).findings if f.kind == "invariant"]


def test_an_omission_never_supplied_is_an_invariant_finding():
    # k1-arithmetic-musical: the tool reads 4 6 12 15 as a slip for 2 4 6 12, the editor omits it;
    # without the erratum supplying 2 4 6 12 the corrected table had 43 of its 44 rows
    errata = tuple(e for e in ERRATA if e.id != "k1-arithmetic-musical+2-4-6-12")
    assert invariant_messages(errata, "k1-arithmetic-musical") == [
        "the corrected table lacks 2 4 6 12, a row of the regenerated table: no erratum supplies or corrects to it"]


def test_an_entry_supplied_and_corrected_to_is_twice():
    # k1-addition: '7 12' under the head '50' corrected to 5 7 12, and 5 7 12 also supplied
    extra = dataclasses.replace(next(e for e in ERRATA if e.id == "k1-addition+1-90-91"),
                                id="k1-addition+5-7-12", corr=Supply((5, 7, 12)))
    [m] = invariant_messages(ERRATA + (extra,), "k1-addition")
    assert m.startswith("the corrected table holds 5 7 12 2 times (by erratum k1-addition+5-7-12, k1-addition@1.2.10)")


def test_an_erratum_at_one_position_never_deletes_an_entry_at_another():
    # the '91 nothing' of the multiplication page and 9 72 81 of k1-addition share block, column and row
    rows = corrected_entries("k1-addition", ERRATA, EDITION, supply=True)
    assert sum(r.numbers == (9, 72, 81) for r in rows) == 1


def test_a_count_is_corrected_to_the_corrected_table():
    errata = tuple(e for e in ERRATA if e.id != "k1-arithmetic-geometric@1.2.24")
    report = run_audit(EDITION, errata, ("k1-arithmetic-geometric",))
    kinds = sorted(f.kind.value for f in report.findings if not f.covered)
    assert kinds == ["count", "invariant"] and Outcome(audit=report).exit_code == 1


MUTATIONS = ("delete", "duplicate", "sic", "corr")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(ERRATA) - 1), st.sampled_from(MUTATIONS), st.integers(1, 9))
def test_any_mutated_erratum_makes_the_audit_fail(i, mutation, n):
    """Deleting, duplicating or altering any curated erratum is found (exit 1). (Moving an erratum to a
    position where nothing is printed is bad input, exit 2: see test_bad_errata_file_exit_2.)"""
    e = ERRATA[i]
    if mutation == "delete":
        errata = ERRATA[:i] + ERRATA[i + 1:]
    elif mutation == "duplicate":
        errata = ERRATA + (dataclasses.replace(e, id=e.id + "-again"),)
    elif mutation == "sic":
        if e.sic is None:
            return
        errata = ERRATA[:i] + (dataclasses.replace(e, sic=e.sic[:-1] + (e.sic[-1] + n,)),) + ERRATA[i + 1:]
    else:
        numbers = e.result
        if numbers is None:
            return
        changed = numbers[:-1] + (numbers[-1] + n,)
        corr = Replace(changed) if isinstance(e.corr, Replace) else Supply(changed)
        errata = ERRATA[:i] + (dataclasses.replace(e, corr=corr),) + ERRATA[i + 1:]
    assert Outcome(audit=run_audit(EDITION, errata)).exit_code == 1, (mutation, e.id)


# --- reasons that state facts are checked (issue 12) ---------------------------------------------

def test_the_reasons_state_true_facts():
    from rithmocheck.audit.reasons import described_men, problems

    described = 0
    for e in ERRATA:
        assert problems(e.reason, tuple((e.sic or ()) + (e.result or ())), EDITION) == [], e.id
        described += len(described_men(e.reason))
    assert described >= 15  # the checker reads the reasons' facts, it does not skip them


@pytest.mark.parametrize("reason, numbers, problem", [
    # the old reasons: 289 and 169 are the even side's second-order squares ((2 x 8 + 1)^2, (2 x 6 + 1)^2)
    ("72 + 289 = 361 (an even triangle and an odd square taking the odd square 361)", (72, 289, 361),
     "it calls 289 the odd square, but 289 is the even square"),
    ("120 + 49 = 169, the odd second-order square the example takes", (69, 169),
     "it calls 169 the odd second-order square, but 169 is the even square"),
    ("9 12 16 20 is printed twice in column 2 (witness lines 681 and 682)", (9, 12, 16, 20),
     "it cites witness line 681, which holds none of its numbers"),
    ("The prose (805-809) names 'the quadrate, cube and quadrate of cube'", (64,),
     "it quotes 'the quadrate, cube and quadrate of cube' at witness lines 805-809, which do not hold it"),
    ("225 is the odd second-order square", (225,), None),
    ("the odd 36 takes the even 4 across 9 void spaces", (36, 9, 4), None),
    # a quotation cited on its line: witness line 494 reads "which stands in.A. shall take the said square.169."
    ("the sum is 'the said square 169' (witness line 494)", (69, 169), None),
    ("the sum is 'the said square 196' (witness line 494)", (69, 169),
     "it quotes 'the said square 196' on witness line 494, where it does not begin"),
    # "so have" ends line 617, "I.5.15.35. in Arithmeticall proportion." begins 618
    ("'so have I 5 15 35 in Arithmeticall proportion' (witness line 618)", (35, 25),
     "it quotes 'so have I 5 15 35 in Arithmeticall proportion' on witness line 618, where it does not begin"),
    ("'so have I 5 15 35 in Arithmeticall proportion' (witness lines 617-618)", (35, 25), None),
    # an ellipsis stands for any words; within a range the quotation may begin on any of its lines
    ("'so have I ... Arithmeticall proportion' (witness lines 617-618)", (35, 25), None),
    ("'Arithmeticall proportion' (616-618)", (35, 25), None),
    ("'so have I 5 15 36' (617\u2013618)", (35, 25),
     "it quotes 'so have I 5 15 36' at witness lines 617-618, which do not hold it"),
    # apostrophes are no quote marks
    ("the even 2's square, the form of Boethius' (witness line 618)", (35,), None),
    ("'which is middle' (witness line 9999)", (35,), "it cites witness line 9999, which the witness has not"),
    # witness line 10 is on the title page
    ("the entry stands on witness line 10", (9, 16, 72), "it cites witness line 10, which holds none of its numbers"),
])
def test_a_wrong_fact_in_a_reason_is_found(reason, numbers, problem):
    from rithmocheck.audit.reasons import problems

    found = problems(reason, numbers, EDITION)
    assert found[:1] == ([problem] if problem else [])


def test_an_erratum_said_to_be_the_tools_must_be_its_minimal_correction():
    # k1-arithmetic 56 64 71: the tool's correction is 56 64 72 (one figure); 56 63 70 is arithmetic too
    # but changes two numbers: marked as the tool's, it is refused; marked as an editor's, it stands
    wrong = tuple(dataclasses.replace(e, corr=Replace((56, 63, 70))) if e.id == "k1-arithmetic@1.3.6" else e
                  for e in ERRATA)
    messages = [f.message for f in full_audit(("k1-arithmetic",), wrong) if f.kind == "erratum"]
    assert any("the tool's minimal consistent correction is 56 64 72" in m for m in messages)
    editor = tuple(dataclasses.replace(e, resp="editor") if e.id == "k1-arithmetic@1.3.6" else e for e in wrong)
    assert not any("minimal" in f.message for f in full_audit(("k1-arithmetic",), editor))


@pytest.mark.parametrize("position, needle", [
    # 1.1.5 is a row of k1-addition's own passage and of its tail on the multiplication page
    ("{block: 1, column: 1, row: 5}", "erratum x: the position 1.1.5 matches 2 entries of k1-addition "
                                      "(in the passages k1-addition, k1-multiplication); give its passage"),
    ("{block: 1, column: 9, row: 1}", "erratum x: no printed entry of k1-addition stands at 1.9.1"),
    ("{passage: k1-musical, block: 1, column: 1, row: 1}", "erratum x: no printed entry of k1-addition stands at "
                                                           "k1-musical:1.1.1"),
])
def test_an_erratum_whose_position_matches_two_entries_or_none_is_refused(tmp_path, position, needle):
    p = tmp_path / "errata.yaml"
    p.write_text("errata:\n  - {id: x, table: k1-addition, kind: misprint, position: " + position + ","
                 " sic: [1, 2, 3], corr: [1, 2, 3], class: c, reason: r, confidence: high, resp: editor}\n")
    r = run("audit", "k1-addition", "--errata", str(p))
    assert r.exit_code == 2 and r.stderr.strip().splitlines() == [f"Error: {p}:2: {needle}"]


def test_the_corrected_table_carries_the_stated_counts_where_printed():
    """The stated counts stand in the corrected table where the print sets
    them: k1-musical's "17." below its column (witness line 674) reads 18 by
    its erratum; k1-all-three's "30" (row 10 of column 2, line 707) reads 28."""
    rows = list(csv.DictReader(io.StringIO(run("show", "k1-musical", "--corrected", "--format", "csv").stdout)))
    counts = [r for r in rows if r["status"].startswith("count")]
    assert [(r["row"], r["entry"], r["status"], r["sic"], r["erratum"], r["witness_line"]) for r in counts] == [
        ("19", "18", "count corrected", "17", "k1-musical@1.1.19", "674")]
    assert rows[-1] is counts[0]  # printed below the column, after its last entry
    rows = list(csv.DictReader(io.StringIO(run("show", "k1-all-three", "--corrected", "--format", "csv").stdout)))
    assert [(r["column"], r["row"], r["entry"], r["sic"]) for r in rows if r["status"].startswith("count")] == [
        ("2", "10", "28", "30")]
    doc = json.loads(run("show", "k1-geometric", "--corrected", "--format", "json").stdout)
    assert [e["status"] for e in doc["entries"] if e["status"].startswith("count")] == ["count"]  # 27, as printed


def test_an_erratum_added_at_the_end_joins_its_tables_section(tmp_path):
    moved = next(e for e in ERRATA if e.id == "k1-musical@1.1.17")
    errata = tuple(e for e in ERRATA if e is not moved) + (moved,)
    path = write_errata(tmp_path, errata)
    md = run("errata", "--errata", str(path), "--format", "md").stdout
    assert md.count("## A table of Musical proportion.") == 1
    section = md.split("## A table of Musical proportion.")[1].split("\n## ")[0]
    assert "**k1-musical@1.1.17**" in section
    root = ET.fromstring(run("errata", "--errata", str(path), "--format", "tei").stdout)
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    divs = [d for d in root.iterfind(".//t:div", ns) if d.get("n") == "k1-musical"]
    assert len(divs) == 1 and "e-k1-musical_1.1.17" in {i.get("{http://www.w3.org/XML/1998/namespace}id")
                                                         for i in divs[0].iterfind(".//t:item", ns)}


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("confidence"), "erratum k1-musical@1.1.17: missing field 'confidence'"),
    (lambda d: d.update(reason="   "), "erratum k1-musical@1.1.17: 'reason' is empty"),
    (lambda d: d.update({"class": ""}), "erratum k1-musical@1.1.17: 'class' is empty"),
])
def test_an_erratum_missing_a_field_or_its_reason_is_named(tmp_path, change, message):
    docs = [e.as_dict() for e in ERRATA]
    change(next(d for d in docs if d["id"] == "k1-musical@1.1.17"))
    path = tmp_path / "errata.yaml"
    path.write_text(yaml.safe_dump({"errata": docs}, sort_keys=False), encoding="utf-8")
    r = run("audit", "--errata", str(path))
    assert r.exit_code == 2 and message in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_the_text_report_names_each_table_once(tmp_path):
    """Without the erratum of 30 45 49, k1-musical has a misprint and two
    invariant findings (made after every table's): all stand under one
    k1-musical heading, and the invariant carries what the corrected table
    holds as printed (30 45 49), not as expected."""
    path = write_errata(tmp_path, tuple(e for e in ERRATA if e.id != "k1-musical@1.1.17"))
    r = run("audit", "k1-musical", "k3-obsidion-only", "--errata", str(path))
    assert r.exit_code == 1
    assert [line for line in r.stdout.splitlines() if not line.startswith(" ")] == ["k1-musical", "k3-obsidion-only"]
    data = json.loads(run("audit", "k1-musical", "--errata", str(path), "--format", "json").stdout)
    held = [f for f in data["findings"] if f["kind"] == "invariant" and f["position"] is not None]
    assert [(f["printed"], f["expected"]) for f in held] == [([30, 45, 49], None)]


def test_a_derived_erratum_names_the_tools_class_of_slip():
    """56 64 71 (witness line 622) is 56 64 72 with one figure changed: an
    erratum said to be derived by the tool that calls it a turned figure is
    reported (a 1 is no turned 2)."""
    errata = tuple(dataclasses.replace(e, klass="turned figure") if e.id == "k1-arithmetic@1.3.6" else e
                   for e in ERRATA)
    messages = [f.message for f in full_audit(("k1-arithmetic",), errata) if f.kind == "erratum"]
    assert messages == ["erratum k1-arithmetic@1.3.6: it is marked as derived by the tool (resp rithmocheck+editor), "
                        "but the tool classes the slip as 'digit changed', not 'turned figure'; if this is an "
                        "editor's judgement, say so (resp editor) and give the reason"]
    # an editor's judgement is free to class it otherwise
    errata = tuple(dataclasses.replace(e, klass="turned figure", resp="editor") if e.id == "k1-arithmetic@1.3.6"
                   else e for e in ERRATA)
    assert [f for f in full_audit(("k1-arithmetic",), errata) if f.kind == "erratum"] == []


def test_an_invariant_finding_gives_what_is_printed_there():
    """k1-all-three@1.2.2 corrects the printed 6 12 15 20 (witness line 705)
    to 9 12 15 20; made to read 15 20 30 45, the reading of 1.2.8, the
    corrected table holds 15 20 30 45 twice: the finding at 1.2.2 gives what
    is printed there, 6 12 15 20, never the correction as printed."""
    errata = tuple(dataclasses.replace(e, corr=Replace((15, 20, 30, 45))) if e.id == "k1-all-three@1.2.2" else e
                   for e in ERRATA)
    held = [f for f in full_audit(("k1-all-three",), errata) if f.kind == "invariant" and f.position is not None]
    assert [(str(f.position), f.printed, f.expected) for f in held] == [
        ("k1-all-three:1.2.2", (6, 12, 15, 20), None)]
    assert "holds 15 20 30 45 2 times (by erratum k1-all-three@1.2.2, k1-all-three@1.2.8)" in held[0].message


def test_an_omission_names_the_reading_of_its_own_table():
    """Issue 25: the omissions of k1-arithmetic-musical named the disjunct-geometric reading, for a table with
    no geometric part. Every erratum that names a reading names its table's, and a reason speaks of a
    proportion only if its table has it."""
    import re

    named = 0
    for e in ERRATA:
        for reading in re.findall(r"under the (?:default|table's) reading ([a-z-]+)", e.reason):
            assert reading == FOUR_READINGS[e.table], e.id
            named += 1
        if e.table in FOUR_READINGS:
            for relation in ("arithmetic", "geometric", "musical"):
                if relation in e.reason.replace("disjunct-geometric", ""):
                    assert relation in REGISTRY[e.table].relations, e.id
    # 9 of k1-arithmetic-geometric, 19 of k1-arithmetic-musical (its 2 4 6 12 is an editor's), 27 of
    # k1-geometric-musical; k1-all-three supplies none
    assert named == sum(1 for e in ERRATA if e.table in FOUR_READINGS and isinstance(e.corr, Supply)
                        and e.resp == "rithmocheck+editor") == 9 + 19 + 27


def test_the_reason_of_the_spurious_4_6_12_15_names_every_row_with_4_6_12():
    """k1-arithmetic-musical@1.1.10 omits the printed 4 6 12 15; its reason names the rows of the table that
    hold 4 6 12, those printed and those supplied (issue 25: it left out the supplied 2 4 6 12)."""
    import re

    reason = next(e.reason for e in ERRATA if e.id == "k1-arithmetic-musical@1.1.10")
    m = re.search(r"Of the (\w+) rows of the table that hold 4 6 12, the print has ([\d ]+) and ([\d ]+); the "
                  r"other (\w+), ([\d ]+), ([\d ]+) and ([\d ]+), are supplied as omissions", reason)
    assert m, reason
    words = {"three": 3, "five": 5}
    rows = sorted(r for r in default_table("k1-arithmetic-musical").rows if {4, 6, 12} <= set(r))
    printed = [tuple(map(int, g.split())) for g in m.group(2, 3)]
    supplied = [tuple(map(int, g.split())) for g in m.group(5, 6, 7)]
    assert words[m.group(1)] == len(rows) and words[m.group(4)] == len(supplied)
    assert sorted(printed + supplied) == rows
    assert all(p in [e.numbers for e in EDITION.entries("k1-arithmetic-musical")] for p in printed)
    assert sorted(supplied) == sorted(e.entry for e in ERRATA if e.table == "k1-arithmetic-musical"
                                      and isinstance(e.corr, Supply) and {4, 6, 12} <= set(e.entry))


# --- the typed vocabulary and the published schema of the errata file (issue 24) --------------------

def test_the_vocabulary_is_the_published_schemas():
    from rithmocheck.audit.errata import Confidence, ErratumKind, Resp
    from rithmocheck.shape import schema

    erratum = schema("errata-1.json")["$defs"]["erratum"]["properties"]
    assert erratum["kind"]["enum"] == list(ErratumKind.values()) == list(ERRATUM_KINDS)
    assert erratum["confidence"]["enum"] == list(Confidence.values()) == ["high", "medium", "low"]
    assert erratum["resp"]["enum"] == list(Resp.values()) == ["rithmocheck+editor", "editor"]
    # the words are their values wherever they are written
    e = next(e for e in ERRATA if e.id == "k1-musical@1.1.17")
    assert (e.kind, e.confidence, e.resp) == (ErratumKind.MISPRINT, Confidence.MEDIUM, Resp.TOOL_AND_EDITOR)
    assert f"{e.kind} {e.confidence} {e.resp}" == "misprint medium rithmocheck+editor"
    assert json.dumps(e.as_dict()["kind"]) == '"misprint"' and e.as_dict()["resp"] == "rithmocheck+editor"


def test_each_correction_is_one_of_three_types():
    from rithmocheck.audit.errata import Omit

    kinds = {type(e.corr).__name__ for e in ERRATA}
    assert kinds == {"Replace", "Omit", "Supply"}
    for e in ERRATA:
        d = e.as_dict()
        if isinstance(e.corr, Replace):
            assert d["corr"] == list(e.corr.numbers) and d["entry"] is None and e.result == e.corr.numbers
        elif isinstance(e.corr, Supply):
            assert d["corr"] == "supply" and d["entry"] == list(e.corr.entry) and e.result == e.corr.entry
        else:
            assert isinstance(e.corr, Omit) and d["corr"] == "omit" and e.result is None
    # 18 misprints and 4 counts and 7 worked examples replace; 3 spurious and 1 duplicate omit; 87 supply
    assert sum(isinstance(e.corr, Replace) for e in ERRATA) == 18 + 4 + 7
    assert sum(isinstance(e.corr, Supply) for e in ERRATA) == 87


def _errata_with(tmp_path, old, new):
    text = EDITION.errata_path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    text = text.replace(old, new)
    path = tmp_path / "errata.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text[:text.index(new)].count("\n") + 1


@pytest.mark.parametrize("old,new,message", [
    ('    kind: "misprint"\n    position: {"block": 1, "column": 1, "row": 17}',
     '    kind: "misprinted"\n    position: {"block": 1, "column": 1, "row": 17}',
     'erratum k1-musical@1.1.17: kind must be one of misprint, spurious, duplicate, omission, count, example, '
     'not "misprinted"'),
    ('    corr: [30, 45, 90]', '    corr: [30, 45, ninety]',
     'erratum k1-musical@1.1.17: corr[3] must be a whole number'),
    ('    confidence: "medium"\n    resp: "rithmocheck+editor"\n    reason: "30 45 49',
     '    confidence: "middling"\n    resp: "rithmocheck+editor"\n    reason: "30 45 49',
     'erratum k1-musical@1.1.17: confidence must be one of high, medium, low, not "middling"'),
    ('    sic: [30, 45, 49]', '    sic: [30, 45, 49]\n    note: "mine"',
     "erratum k1-musical@1.1.17: unknown field 'note'"),
])
def test_a_bad_field_is_named_at_its_own_line(tmp_path, old, new, message):
    """The errata file is checked against its published schema (errata-1.json): the message names the
    erratum and the field, at the field's line (not the erratum's first); a field the schema does not
    know, at the erratum's."""
    path, line = _errata_with(tmp_path, old, new)
    r = run("audit", "--errata", str(path))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    if "unknown field" in message:  # the field's mapping: the erratum
        line = EDITION.errata_path.read_text(encoding="utf-8").split("\n").index('  - id: "k1-musical@1.1.17"') + 1
    assert r.stderr.startswith(f"Error: {path}:{line}: {message}"), r.stderr


def test_a_proposal_is_refused_with_the_reason():
    from rithmocheck.audit.errata import parse_errata
    from rithmocheck.errors import InputError
    from rithmocheck.inputs import load_text

    text = EDITION.errata_path.read_text(encoding="utf-8").replace(
        '    resp: "rithmocheck+editor"\n    reason: "30 45 49', '    resp: "rithmocheck"\n    reason: "30 45 49', 1)
    with pytest.raises(InputError) as err:
        parse_errata(load_text(text, "errata.yaml"), "errata.yaml", EDITION)
    assert err.value.problem == ('erratum k1-musical@1.1.17: resp must be rithmocheck+editor or editor, not '
                                 '"rithmocheck" (a proposal (resp rithmocheck) must be confirmed by an editor '
                                 'before it is curated)')
