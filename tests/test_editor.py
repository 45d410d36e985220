"""Issue 38: the editor's ways in (check-source as data, the build's summary,
shell completion, the audit's `expected`)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck.cli import cli

K1 = str(EDITION.root / "tables" / "k1-musical.yaml")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


# --- check-source --format without --entries -------------------------------------------------------

def test_check_source_with_a_format_and_no_entries_gives_the_check_as_data(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("[1, 2]\n", encoding="utf-8")
    r = run("check-source", "--format", "json", K1, str(bad))
    assert r.exit_code == 2  # one file is bad: still bad input, and the data says which and why
    files = json.loads(r.stdout)["files"]
    assert [f["file"] for f in files] == [K1, str(bad)]
    good, wrong = files
    assert good["valid"] is True and good["tables"] == ["k1-musical"] and good["problem"] is None
    # k1-musical: 18 entries printed on witness lines 673-674 (the run its transcription re-flattens to)
    assert (good["entries"], good["first_line"], good["last_line"]) == (18, 673, 674)
    assert wrong["valid"] is False and wrong["line"] == 1 and wrong["problem"]
    assert f"{bad}:1: {wrong['problem']}" in r.stderr  # the same problem as the line on stderr
    rows = list(csv.reader(io.StringIO(run("check-source", "--format", "csv", K1).stdout)))
    assert rows[0][:2] == ["file", "valid"] and rows[1][:4] == [K1, "yes", "k1-musical", "18"]


def test_check_source_without_a_format_keeps_stdout_empty_and_o_writes_the_check(tmp_path):
    r = run("check-source", K1)
    assert r.exit_code == 0 and r.stdout == "" and ": ok, 18 entries of k1-musical" in r.stderr
    out = tmp_path / "check.json"
    r = run("check-source", K1, "--format", "json", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert json.loads(out.read_text(encoding="utf-8"))["files"][0]["valid"] is True


@pytest.mark.parametrize("fmt", ["text", "md", "tsv", "ndjson", "yaml"])
def test_check_source_gives_its_check_in_every_format(fmt):
    r = run("check-source", "--format", fmt, K1)
    assert r.exit_code == 0 and "k1-musical" in r.stdout


# --- shell completion ---------------------------------------------------------------------------------

def complete(line: str) -> list[str]:
    """What bash completion offers for the last word of `line` (click's bash_complete protocol)."""
    words = line.split(" ")
    r = CliRunner().invoke(cli, [], prog_name="rithmocheck",
                           env={"_RITHMOCHECK_COMPLETE": "bash_complete", "COMP_WORDS": line,
                                "COMP_CWORD": str(len(words) - 1)})
    assert r.exit_code == 0, r.output
    return [item.split(",", 1)[1] for item in r.stdout.splitlines() if item]


def test_completion_offers_table_ids_case_ids_and_ruleset_ids():
    assert complete("rithmocheck generate k1-mu") == ["k1-multiplication", "k1-musical"]
    assert sorted(complete("rithmocheck show k2-s")) == ["k2-spaces-division", "k2-spaces-multiplication"]
    assert "examples" in complete("rithmocheck audit ") and "k1-musical" in complete("rithmocheck audit ")
    assert complete("rithmocheck conformance k1-goods") == ["k1-goods-100", "k1-goods-short"]
    assert complete("rithmocheck moves start --ruleset lever") == [f"lever-fulke-1563/kind-{k}" for k in (1, 2, 3)]
    assert "engine/dagaz" in complete("rithmocheck ruleset diff engine/")
    assert complete("rithmocheck collate k1-mus") == ["k1-musical"]


def test_completion_of_a_broken_edition_offers_nothing(tmp_path):
    assert complete(f"rithmocheck --edition {tmp_path} generate k1") == []


# --- the build's summary ------------------------------------------------------------------------------

def test_the_build_summary_names_the_html_edition(tmp_path):
    out = tmp_path / "out"
    r = run("build", "--out", str(out))
    assert r.exit_code == 0, r.output
    shown = [line for line in r.stderr.splitlines() if line.startswith("the HTML edition: ")]
    assert shown == [f"the HTML edition: {out / 'html' / 'index.html'}"]
    assert (out / "html" / "index.html").is_file()


# --- the audit's `expected` -----------------------------------------------------------------------------

def _audit(*args: str) -> dict:
    r = run("audit", *args, "--format", "json")
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout)


def _at(findings, table, printed, kind="misprint"):
    [f] = [f for f in findings if f["table"] == table and f["printed"] == printed and f["kind"] == kind]
    return f


def test_expected_is_the_editions_correction_where_an_erratum_covers_the_finding():
    findings = _audit()["findings"]
    # k1-arithmetic-musical prints 4 6 12 15 (witness line 683); its only candidates are low-confidence
    # rearrangements, and the edition omits the row as spurious: nothing should stand there
    f = _at(findings, "k1-arithmetic-musical", [4, 6, 12, 15])
    assert f["erratum"] == "k1-arithmetic-musical@1.1.10" and f["expected"] is None
    assert [c["value"] for c in f["candidates"]][:1] == [[2, 6, 12, 4]]  # the candidates stay
    # k1-musical prints 3 15 16 (low-confidence candidates); the erratum reads 3 5 15
    assert _at(findings, "k1-musical", [3, 15, 16])["expected"] == [3, 5, 15]
    # k1-addition prints 72 28 361: the erratum's correction, the high candidate, 72 289 361
    assert _at(findings, "k1-addition", [72, 28, 361])["expected"] == [72, 289, 361]


def test_expected_is_null_without_an_erratum_when_no_candidate_is_sure(tmp_path):
    from rithmocheck.audit.findings import Finding, Kind, Suggestion
    from rithmocheck.audit.run import settle_expected

    low = Finding("t", Kind.MISPRINT, "m", printed=(4, 6, 12, 15), expected=(2, 6, 12, 4),
                  candidates=(Suggestion((2, 6, 12, 4), "number of a neighbouring entry", "low"),))
    later = Finding("t", Kind.MISPRINT, "m", printed=(1, 2), expected=(1, 3),
                    candidates=(Suggestion((1, 3), "x", "low"), Suggestion((1, 4), "y", "medium")))
    sure = Finding("t", Kind.MISPRINT, "m", printed=(1, 2), expected=(1, 3),
                   candidates=(Suggestion((1, 3), "x", "high"),))
    omitted = Finding("t", Kind.OMISSION, "m", expected=(5, 7, 12))
    assert [f.expected for f in settle_expected([low, later, sure, omitted], [])] == [None, (1, 4), (1, 3),
                                                                                      (5, 7, 12)]
    # an edition with no errata: the low-confidence candidate of 4 6 12 15 is no expectation
    empty = tmp_path / "errata.yaml"
    empty.write_text("errata: []\n", encoding="utf-8")
    f = _at(_audit("k1-arithmetic-musical", "--errata", str(empty))["findings"], "k1-arithmetic-musical",
            [4, 6, 12, 15])
    assert f["erratum"] is None and f["expected"] is None and f["candidates"]


# --- worked examples on a phone -------------------------------------------------------------------------

def test_a_worked_example_sets_the_books_lines_each_with_its_number():
    from rithmocheck.audit.errata import load_errata
    from rithmocheck.audit.run import run_audit
    from rithmocheck.export.html import html_files

    errata = load_errata(EDITION)
    page = html_files(EDITION, errata, run_audit(EDITION, errata))["html/examples/arithmetic-rule.html"]
    # arithmetic-rule stands on witness lines 612-618: a line each, its number linking to the book's line
    for n in range(612, 619):
        assert (f'<span class="line" id="L{n}"><a class="ln" href="../witness.html#L{n}" '
                f'aria-label="witness line {n}">{n}</a> ') in page
    assert page.count('<span class="line" ') == 7 and "<pre>" not in page


def test_on_a_phone_the_lines_of_a_worked_example_run_on(tmp_path):
    """At 390 px the book's lines are joined into running text (no line of the passage breaks where the book's
    does: the passage is much shorter than seven lines plus wrapping), each number kept; at 1200 px, a line
    each."""
    from test_html_browser import headless_chromium

    from rithmocheck.audit.errata import load_errata
    from rithmocheck.audit.run import run_audit
    from rithmocheck.export.html import html_files

    errata = load_errata(EDITION)
    for name, text in html_files(EDITION, errata, run_audit(EDITION, errata)).items():
        if name in ("html/edition.css", "html/examples/arithmetic-rule.html"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(text, encoding="utf-8")
    probe = """const lines = [...document.querySelectorAll('blockquote.lines .line')];
      return [lines.map(l => getComputedStyle(l).display), lines.map(l => l.querySelector('.ln').innerText),
              document.documentElement.scrollWidth <= window.innerWidth];"""
    with headless_chromium(tmp_path / "profile") as driver:
        seen = {}
        for width in (1200, 390):
            driver.set_window_size(width, 900)
            driver.get((tmp_path / "html" / "examples" / "arithmetic-rule.html").as_uri())
            seen[width] = driver.execute_script(probe)
    assert seen[1200][0] == ["block"] * 7 and seen[390][0] == ["inline"] * 7
    assert seen[1200][1] == seen[390][1] == [str(n) for n in range(612, 619)]
    assert seen[390][2]  # and the page never scrolls sideways


# --- the concordance: an index, and every number of a table page linked to its entry ---------------------

@pytest.fixture(scope="module")
def html():
    from rithmocheck.audit.errata import load_errata
    from rithmocheck.audit.run import run_audit
    from rithmocheck.export.html import html_files

    errata = load_errata(EDITION)
    return html_files(EDITION, errata, run_audit(EDITION, errata))


def _tree(text: str):
    import xml.etree.ElementTree as ET

    return ET.fromstring(text.replace("<!DOCTYPE html>", ""))


def test_the_concordance_opens_with_an_index_of_every_number(html):
    tree = _tree(html["html/concordance.html"])
    entries = [dt.get("id") for dl in tree.iter("dl") if dl.get("class") == "concordance" for dt in dl
               if dt.tag == "dt"]
    [index] = [n for n in tree.iter("nav") if n.get("id") == "index"]
    linked = [a.get("href") for a in index.iter("a")]
    assert linked == [f"#{e}" for e in entries] and len(entries) > 80  # each number once, in order
    groups = [h.text for h in index.iter("h3")]
    assert groups == ["0 to 9", "10 to 99", "100 to 999", "1,000 and more"]
    assert [a.text for a in index.iter("a")][:3] == ["0", "1", "2"]


def test_every_number_of_a_table_page_links_to_its_concordance_entry(html):
    """A cited cell (itself a link, its permalink) names the numbers it prints in its detail, each a link; a cell
    of words (a group head, a heading, prose) has each number a link in place; every link finds its entry."""
    from rithmocheck.export.html.model import cell_id, printed_numbers
    from rithmocheck.witness.entries import Position

    anchors = {el.get("id") for el in _tree(html["html/concordance.html"]).iter() if el.get("id")}
    printed = {cell_id(Position(p.passage, c.block, c.column, c.row)): c.text for p in EDITION.passages
               for c in p.cells()}
    checked = 0
    for name, text in html.items():
        if not name.startswith("html/tables/"):
            continue
        for td in _tree(text).iter("td"):
            classes = (td.get("class") or "").split()
            if not {"c", "w"} & set(classes) or "st-supplied" in classes:
                continue  # (an omission supplied was never printed: it is in no entry)
            for a in td.iter("a"):
                href = a.get("href") or ""
                if "concordance.html" in href:
                    assert href.startswith("../concordance.html#") and href.split("#")[1] in anchors, href
            detail = next((d for d in td.iter("div") if d.get("class") == "detail"), None)
            if detail is None:  # words: the numbers are links in place
                linked = [int(a.text) for a in td.iter("a") if a.get("class") == "n"]
                want = printed_numbers("".join(td.itertext()))
            else:
                shown = next((p for p in detail.iter("p") if p.get("class") == "in-concordance"), None)
                linked = [int(a.text) for a in shown.iter("a")] if shown is not None else []
                want = list(dict.fromkeys(printed_numbers(printed[td.get("id")])))
                assert not [a for a in td.iter("a") if a.get("class") == "n"]  # no link within a link
            assert linked == want, (name, td.get("id"), linked, want)
            checked += len(linked)
    assert checked > 1000


# --- audit: what changed since the last audit ---------------------------------------------------------------

def test_audit_says_which_findings_an_edit_added_and_removed(tmp_path, monkeypatch):
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    ed = tmp_path / "ed"
    assert run("init", str(ed)).exit_code == 0
    first = run("--edition", str(ed), "audit", "k1-addition")
    assert first.exit_code == 0 and "no earlier audit of k1-addition to compare with" in first.stderr
    again = run("--edition", str(ed), "audit", "k1-addition")
    assert "nothing changed since the last audit of k1-addition" in again.stderr
    errata = ed / "errata.yaml"
    items = errata.read_text(encoding="utf-8").split("\n  - ")
    errata.write_text("\n  - ".join(i for i in items if not i.startswith('id: "k1-addition@1.4.26"')),
                      encoding="utf-8")
    r = run("--edition", str(ed), "audit", "k1-addition", "--format", "json")
    assert r.exit_code == 1  # the misprint 72 28 361 no longer covered
    changed = [x for x in r.stderr.splitlines() if x.startswith(("  + ", "  - "))]
    # the misprint 72 28 361, covered before and not now (its erratum and expected changed): removed and added;
    # and the corrected table, which now holds 28 72 361 and lacks 72 289 361: two invariants added; a line each
    # with its position
    assert [x for x in changed if x.startswith("  - ")] == [
        x for x in changed if x.startswith("  - misprint k1-addition:1.4.26 (line 557, image 24 right): 72 28 361")]
    added = [x for x in changed if x.startswith("  + ")]
    assert len(added) == 3 and added[0].startswith("  + misprint k1-addition:1.4.26 (line 557, image 24 right)")
    assert [x.split(":")[0] for x in added[1:]] == ["  + invariant k1-addition",
                                                    "  + invariant k1-addition (line 546, image 24 right)"]
    assert "since the last audit of k1-addition: 3 findings added, 1 removed" in r.stderr
    findings = json.loads(r.stdout)["findings"]
    assert any(f["erratum"] is None and f["printed"] == [72, 28, 361] for f in findings)
