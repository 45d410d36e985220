"""The HTML edition as files: parsed with the standard library's
ElementTree (the pages are well-formed XHTML-ish HTML5), each flagged entry
in its cell, the corrected entries, the legend, the worked examples, links
that stay inside the edition, escaping, no script."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import EDITION, REGISTRY
from rithmocheck.audit.errata import Replace, Supply, corrected_entries, load_errata
from rithmocheck.audit.findings import Finding, Kind
from rithmocheck.audit.run import run_audit
from rithmocheck.export.html import html_files
from rithmocheck.export.html import model as html_model
from rithmocheck.export.html.model import cell_id, safe, supplied_id
from rithmocheck.export.html.render import render_site, template
from rithmocheck.witness.entries import Position, entry_text
from rithmocheck.witness.examples import ExamplePosition

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def audit():
    errata = load_errata(EDITION)
    return errata, run_audit(EDITION, errata)


@pytest.fixture(scope="module")
def files(audit):
    return html_files(EDITION, *audit)


@pytest.fixture(scope="module")
def trees(files):
    return {name: ET.fromstring(text) for name, text in files.items() if name.endswith(".html")}


def by_id(tree: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in tree.iter() if el.get("id")}


def text(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def terms(el: ET.Element) -> dict[str, str]:
    """A description list's terms and their values."""
    dl = next(el.iter("dl"))
    items = list(dl)
    return {text(dt): text(dd) for dt, dd in zip(items[::2], items[1::2])}


def link(cell: ET.Element, view: str = "sel-p") -> ET.Element:
    """A cited cell's link of one view (sel-p as printed, sel-c corrected): each holds the cell's content."""
    return next(a for a in cell.iter("a") if view in (a.get("class") or "").split())


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def test_the_edition_has_an_index_a_page_per_table_and_the_worked_examples(files):
    tables = sorted(t for t in REGISTRY if EDITION.passages_for(t))
    assert len(tables) == 19
    assert {f"html/tables/{t}.html" for t in tables} <= set(files)
    assert {"html/index.html", "html/edition.css", "html/examples/index.html"} <= set(files)
    pages = {n for n in files if n.startswith("html/examples/") and n != "html/examples/index.html"}
    # a page per passage of worked examples, named by its id
    assert pages == {f"html/examples/{safe(p.id)}.html" for p in EDITION.example_passages} and len(pages) == 63
    from rithmocheck.conformance import load_cases
    from rithmocheck.conformance.matrix import rows
    from rithmocheck.export.html.play import row_page

    cases = {f"html/conformance/{c.id}.html" for c in load_cases()}
    engines = {f"html/{row_page(r)}" for r in rows() if row_page(r)}
    assert {f"html/engines/{name}.html" for name in ("dagaz", "ludii", "robertoloja", "soroban", "wdjoyner")} <= engines
    assert cases | engines | {"html/conformance/index.html", "html/engines.html", "html/witness.html",
                              "html/concordance.html"} <= set(files)
    # the tables, the passages, the two indexes and the stylesheet; a page per conformance case and their index,
    # the matrix of the engines and a page per engine (and per further recorded run); the witness line by line;
    # the concordance
    assert len(files) == 19 + 63 + 3 + len(cases) + 1 + 1 + len(engines) + 1 + 1


def test_every_page_is_well_formed_with_language_landmarks_and_a_skip_link(trees):
    for name, tree in trees.items():
        assert tree.tag == "html" and tree.get("lang") == "en", name
        body = tree.find("body")
        skip = body[0]
        assert skip.tag == "a" and skip.get("href") == "#main" and "skip" in classes(skip), name
        mains = [el for el in tree.iter("main")]
        assert len(mains) == 1 and mains[0].get("id") == "main", name
        assert len(list(tree.iter("h1"))) == 1, name
        assert tree.find("head/title") is not None and text(tree.find("head/title")), name
        ids = Counter(el.get("id") for el in tree.iter() if el.get("id"))
        assert [i for i, n in ids.items() if n > 1] == [], name


# The one address outside the edition: an engine's line cited at its commit (issue 29), a link the reader
# follows, never a resource the page loads.
ENGINE_LINE = re.compile(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/[^#\s]+#L[1-9][0-9]*")


def test_no_script_and_no_address_outside_the_edition(files, trees):
    """The pages read from the file system: no script, no network, links that resolve; an engine's cited line
    is the one link out, to the file at its commit."""
    for name, tree in trees.items():
        assert not list(tree.iter("script")), name
        for el in tree.iter():
            for attr in ("href", "src"):
                target = el.get(attr)
                if target is None:
                    continue
                if attr == "href" and el.tag == "a" and ENGINE_LINE.fullmatch(target):
                    continue
                assert not re.match(r"^[a-z]+:|^//", target), f"{name}: {target}"
                path = target.split("#")[0]
                if path:
                    resolved = PurePosixPath(name).parent
                    for part in PurePosixPath(path).parts:
                        resolved = resolved.parent if part == ".." else resolved / part
                    # the edition's own files, or the CSV files build writes beside it (output/tables/)
                    assert str(resolved) in files or (ROOT / "output" / resolved).is_file(), f"{name}: {target}"
    assert "url(" not in files["html/edition.css"] and "@import" not in files["html/edition.css"]


def test_every_flagged_entry_has_its_cell_with_its_state_and_its_fragment(trees, audit):
    errata, report = audit
    placed = [f for f in report.findings if isinstance(f.position, Position) and not f.informational]
    assert Counter(f.kind.value for f in placed) == {"misprint": 18, "spurious": 3, "duplicate": 1, "count": 3}
    for f in placed:
        page = by_id(trees[f"html/tables/{f.table}.html"])
        cell = page[cell_id(f.position)]
        assert cell.tag == "td" and f"st-{f.kind.value}" in classes(cell), cell_id(f.position)
        link = cell.find("a")
        assert link.get("href") == f"#{cell_id(f.position)}"
        detail = page[link.get("aria-describedby")]
        reason = next(e.reason for e in errata if e.id == f.erratum)
        said = terms(detail)
        assert said["Reason"] == " ".join(reason.split())
        assert said["Witness line and page"] == f"{f.witness_line}, {f.page}"
        assert said["Finding"] == f"{f.kind.value}: {f.message}"
        assert said["Erratum"] == f.erratum and said["Confidence"] in ("high", "medium", "low")
        assert said["Responsibility"].startswith(("rithmocheck+editor: ", "editor: "))


def test_the_fragment_names_the_printed_position():
    assert cell_id(Position("k1-addition", 1, 2, 10)) == "k1-addition.1.2.10"
    assert cell_id(Position("my table:1", 1, 1, 1)) == "my_20_table_3a_1.1.1.1"
    assert safe("a_b") == "a_5f_b" and safe("a-b") == "a-b"  # no two names meet
    assert supplied_id("k1-arithmetic", (2, 3, 4)) == "k1-arithmetic.supplied.2-3-4"


def test_a_misprint_is_struck_with_its_correction_beside_it(trees):
    """72 28 361 (k1-addition, witness line 557): printed '72. 28. 361.', corrected 72 289 361."""
    cell = by_id(trees["html/tables/k1-addition.html"])["k1-addition.1.4.26"]
    dels, inss = list(link(cell).iter("del")), list(link(cell).iter("ins"))
    assert [text(d) for d in dels] == ["printed 72. 28. 361."]
    assert [text(i) for i in inss] == ["read 72 289 361"]
    assert "in-p" in classes(dels[0]) and "in-p" not in classes(inss[0])  # the sic is the printed view's only
    assert cell.get("data-entry") == "72 289 361" and cell.get("data-status") == "corrected"
    marks = [m.text for m in link(cell).iter("span") if "mark" in classes(m)]
    assert marks == ["\u2260", "\u270e"]  # misprint as printed, corrected in the corrected view


def test_the_spurious_entry_of_k1_addition_on_the_multiplication_page(trees):
    """121 169 190 stands in the k1-addition column that runs on beside the multiplication list."""
    cell = by_id(trees["html/tables/k1-addition.html"])["k1-multiplication.1.1.11"]
    assert "st-spurious" in classes(cell) and "cs-omitted" in classes(cell)
    assert [text(d) for d in link(cell).iter("del")] == ["121. 169. 190"]
    assert cell.get("data-status") == "omitted"
    assert "k1-multiplication.1.1.11" not in by_id(trees["html/tables/k1-multiplication.html"])


def test_a_wrong_count_shows_the_true_count(trees):
    cell = by_id(trees["html/tables/k1-musical.html"])["k1-musical.1.1.19"]
    assert "st-count" in classes(cell)
    assert [text(d) for d in link(cell).iter("del")] == ["printed 17."]
    assert [text(i) for i in link(cell).iter("ins")] == ["read 18"]


def test_the_omissions_are_supplied_in_brackets(trees, audit):
    errata, report = audit
    omissions = [f for f in report.findings if f.kind is Kind.OMISSION and f.position is None]
    assert len(omissions) == 87
    # the entries the errata supply are shown after the table, in brackets: an omission an erratum
    # fills by correcting a misprint (5 7 12 for the printed '7 12') stands at that entry's place,
    # and a row supplied where the tool reads a misprint as filling it (2 4 6 12) is shown too
    supplied = [e for e in errata if isinstance(e.corr, Supply)]
    assert len(supplied) == 87
    for table in {e.table for e in supplied}:
        page = by_id(trees[f"html/tables/{table}.html"])
        want = Counter(entry_text(e.entry) for e in supplied if e.table == table)
        cells = [el for el in page.values() if "st-supplied" in classes(el)]
        shown = Counter(text(next(s for s in c.iter("span") if "supplied" in classes(s))) for c in cells)
        assert shown == Counter(f"[{t}]" for t in want.elements()), table
        for c in cells:
            assert c.get("id").startswith(f"{table}.supplied.") and c.find("a").get("href") == f"#{c.get('id')}"


def test_the_corrected_view_holds_the_corrected_entries(trees, audit):
    """corrected_entries(keep_omitted, supply): every entry printed, corrected, omitted or supplied, once."""
    errata, _report = audit
    for table in REGISTRY:
        if not EDITION.passages_for(table):
            continue
        page = trees[f"html/tables/{table}.html"]
        shown = Counter((el.get("data-status"), el.get("data-entry"), el.get("id").split(".supplied.")[0]
                         if el.get("data-status") == "supplied" else el.get("id"))
                        for el in page.iter() if el.get("data-status"))
        want = Counter((c.status, entry_text(c.numbers, c.signs), table if c.position is None else cell_id(c.position))
                       for c in corrected_entries(table, errata, EDITION, supply=True, keep_omitted=True))
        assert shown == want, table


def test_the_legend_explains_every_state_in_words(trees):
    for name in ["html/index.html"] + [n for n in trees if n.startswith("html/tables/")]:
        legend = by_id(trees[name])["legend"]
        words = text(legend)
        for state, (meaning, mark) in html_model.STATES.items():
            assert meaning in words, (name, state)
            assert (mark or "[") in words
        for status, (meaning, _mark) in html_model.STATUSES.items():
            assert meaning in words, (name, status)
        assert "colour" in words


def test_tables_have_captions_and_scoped_headers(trees):
    for name, tree in trees.items():
        for table in tree.iter("table"):
            assert table.find("caption") is not None and text(table.find("caption")), name
            for th in table.iter("th"):
                assert th.get("scope") in ("col", "row", "rowgroup"), name


def test_the_page_of_the_book_heads_each_group_of_rows(trees):
    """Each page of the book a table stands on heads its rows there; the
    standards table turns the page between its two lists (image 48)."""
    def heads(table: str) -> list[str]:
        return [text(th) for th in trees[f"html/tables/{table}.html"].iter("th") if th.get("scope") == "rowgroup"]

    assert heads("standards") == ["Page: image 48 left", "Page: image 48 right"]
    for table in REGISTRY:
        if EDITION.passages_for(table):
            pages = {f"Page: {EDITION.page_at(*p.read_from(cell))}" for p in EDITION.passages_for(table)
                     for b in p.blocks for c in b.columns if c.table == table for cell in c.cells if cell.tokens}
            assert {f"Page: {e.page}" for e in EDITION.entries(table)} <= pages
            assert {h for h in heads(table) if not h.startswith("Page: not printed")} == pages, table


def test_worked_examples_each_with_its_passage_and_check(trees, audit):
    errata, report = audit
    from rithmocheck.audit.passages import check_passages

    results = {r.passage.id: r for r in check_passages(EDITION)}
    seen = {}
    for name, tree in trees.items():
        if name.startswith("html/examples/") and name != "html/examples/index.html":
            for article in tree.iter("article"):
                seen[article.get("id")] = (name, article)
    assert set(seen) == {safe(i) for i in results} and len(seen) == len(EDITION.example_passages)
    wrong = {f.position.example for f in report.findings
             if isinstance(f.position, ExamplePosition) and not f.informational}
    assert len(wrong) == 5  # the addition, the arithmetic rule, the kind-3 list, the quarrel, the ratio name
    for f in report.findings:
        if isinstance(f.position, ExamplePosition) and not f.informational:
            _name, article = seen[f.position.example]
            assert "check-wrong" in classes(article)
            first_wrong = results[f.position.example].wrong[0].example
            mark = next(article.iter("mark"))
            assert " ".join(text(mark).split()) == " ".join(first_wrong.quote.split())
            reason = next(e.reason for e in errata if e.id == f.erratum)
            assert " ".join(reason.split()) in " ".join(text(article).split())
            assert "Correction 1" in text(article)
    # a passage that is right says so, with every statement's arithmetic
    _name, article = seen["board"]
    assert "check-ok" in classes(article) and "two chessboards of 8 x 8 make 128" in text(article)
    index = trees["html/examples/index.html"]
    cited = [a.get("href") for th in index.iter("th") if th.get("scope") == "row" for a in th.iter("a")]
    assert sorted(cited) == sorted(f"{safe(i)}.html#{safe(i)}" for i in results)
    # grouped by the 48 sections of the book (runs of passages under one heading), in its order
    groups = [tb for tb in index.iter("tbody")]
    assert len(groups) == 48 and all(re.fullmatch(r"s\d\d-[a-z0-9-]+", tb.get("id")) for tb in groups)


def test_text_is_escaped(audit):
    """Autoescaping: text of the edition never becomes markup."""
    site = html_model.site(EDITION, *audit)
    site.title = '<script>alert("x")</script> & <b>'
    page = template("index.html").render(site=site, root="")
    assert "<script>" not in page and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;" in page
    assert ET.fromstring(page) is not None


def test_rendering_twice_gives_the_same_bytes(audit):
    from rithmocheck.export.html.play import play_site

    statements = {x.id: x.passage for x in EDITION.examples}
    site = html_model.site(EDITION, *audit)
    first = render_site(site, play_site(tuple(EDITION.lines), statements))
    assert first == render_site(html_model.site(EDITION, *audit), play_site(tuple(EDITION.lines), statements))


@given(st.lists(st.integers(min_value=0, max_value=10**12), max_size=6), st.lists(st.integers(1, 6), max_size=4))
def test_entries_are_written_as_the_transcription_writes_them(numbers, signs):
    assert html_model._text(numbers, signs) == entry_text(numbers, signs)


def test_states_the_shipped_audit_does_not_reach(audit):
    """A printed 'nothing' the complete table contradicts, and a misprint no
    curated erratum covers (its correction only the audit's proposal)."""
    errata, report = audit
    nothing, entry = Position("k1-addition", 1, 4, 14), Position("k1-addition", 1, 1, 3)  # '45 noth.', '1 2 3'
    findings = [Finding("k1-addition", Kind.OMISSION, "'45 noth.': 45 45 90 does", nothing, 555, None, (45,)),
                Finding("k1-addition", Kind.MISPRINT, "1 2 3 fails the relation", entry, 548, None, (1, 2, 3),
                        (1, 2, 4))]
    site = html_model.site(EDITION, errata, report)
    links = {link.id: link for link in site.tables}
    page = html_model.table_page("k1-addition", EDITION, errata, findings, links)
    cells = by_id(ET.fromstring(template("table.html").render(site=site, page=page, root="../")))
    said = cells["k1-addition.1.4.14"]
    assert "st-omission" in classes(said) and "\u2205" in text(said)
    assert terms(cells["d-k1-addition.1.4.14"])["Finding"] == "omission: '45 noth.': 45 45 90 does"
    wrong = cells["k1-addition.1.1.3"]
    assert "st-misprint" in classes(wrong) and wrong.get("data-status") == "printed"  # no erratum: unchanged
    assert [text(i) for i in link(wrong).iter("ins")] == ["proposed 1 2 4"]
    assert "in-p" in classes(next(link(wrong).iter("ins")))  # the proposal is not the corrected table's
    marks = [m.text for m in link(wrong).iter("span") if "mark" in classes(m)]
    assert marks == ["\u2260", "?"]
    assert terms(cells["d-k1-addition.1.1.3"])["Erratum"] == "none: no curated erratum covers this finding"


def test_an_invariant_finding_is_marked_in_its_cell():
    """A correction that fails its relation leaves the corrected table unlike the regenerated one:
    the cell is marked (not by colour alone) and its finding says so."""
    import dataclasses

    errata = tuple(dataclasses.replace(e, corr=Replace((56, 64, 73))) if e.id == "k1-arithmetic@1.3.6" else e
                   for e in load_errata(EDITION))
    report = run_audit(EDITION, errata, ("k1-arithmetic",))
    page = html_files(EDITION, errata, report)["html/tables/k1-arithmetic.html"]
    tree = ET.fromstring(page)
    cells = [el for el in tree.iter() if "st-invariant" in classes(el)]
    assert len(cells) == 1 and "\u2262" in text(cells[0])
    assert "the corrected table holds 56 64 73" in page


def test_a_range_of_lines_ends_on_the_page_its_last_line_ends_on(trees):
    """Witness line 323 reads "first square.49. upon the lowest square.64.",
    and the print turns the page (image 13 left to right) before "upon": the
    passage kings-layers (lines 315-323) and the men's run (284-323) end on
    image 13 right, not on the page line 323 begins on."""
    assert EDITION.page_span(315, 323) == (EDITION.page_at(315), EDITION.page_at(323, 40))
    assert (str(EDITION.page_at(323)), str(EDITION.page_at(323, 40))) == ("image 13 left", "image 13 right")
    layers = text(trees["html/examples/kings-layers.html"])
    assert "Witness lines 315\u2013323, image 13 left to image 13 right." in layers
    assert "witness lines 284\u2013323, image 12 left to image 13 right" in text(trees["html/tables/men.html"])


def test_every_finding_of_a_worked_example_cites_its_line_and_page(files, audit):
    _errata, report = audit
    found = [f for f in report.findings if isinstance(f.position, ExamplePosition) and f.kind is Kind.EXAMPLE]
    assert len(found) == 7
    for f in found:
        page = files[f"html/examples/{html_model.example_file(f.position.example)}"]
        assert f"Witness line and page</dt><dd>{f.witness_line}, {f.page}<" in page, f


def test_every_reading_is_marked_in_its_cell_or_word_with_its_reason(trees, audit):
    """Issue 25: the cells and words the edition reads otherwise than they
    stand are marked (a class, the mark, the word 'reading' read aloud) and
    carry the reason; each reading of the audit, found where it stands."""
    _errata, report = audit
    readings = [f for f in report.findings if f.kind is Kind.READING]
    assert len(readings) == 10
    for f in readings:
        if isinstance(f.position, Position):
            cell = by_id(trees[f"html/tables/{f.table}.html"])[cell_id(f.position)]
            assert "has-reading" in cell.get("class").split(), f.position
            assert text(cell).startswith(f"{html_model.READING[0]}reading:")  # the mark, then its name read aloud
            assert " ".join(f.message.split()) in text(cell)  # the reason, in the detail the cell shows
        else:
            assert isinstance(f.position, ExamplePosition)
            page = trees[f"html/examples/{f.position.example}.html"]
            marked = [a for a in page.iter("a") if "has-reading" in (a.get("class") or "").split()]
            notes = {text(dt): dt for dt in page.iter("dt") if (dt.get("id") or "").startswith("reading-")}
            assert notes, f.position
            word = next(a for a in marked if any(f.position.number in k and a.get("href") == f"#{dt.get('id')}"
                                                 for k, dt in notes.items()))
            printed = f.position.number.split("@")[0]
            assert text(word) == f"{printed}{html_model.READING[0]}{word.get('href').split('-')[-1]}"
    # the 6 of line 502 in its passage: the mark stands on the 6 of "standing in.6." and nowhere else
    page = trees["html/examples/subtraction.html"]
    pre = next(page.iter("pre"))
    assert "".join(pre.itertext()).count("\u25c7") == 1
    assert [text(a) for a in pre.iter("a")] == ["6\u25c71"]
    # the three "02" of line 1059 each carry their reading, in printed order
    pre = next(trees["html/examples/victory-of-bodies.html"].iter("pre"))
    assert [text(a) for a in pre.iter("a")] == ["02\u25c71", "02\u25c72", "02\u25c73"]
    assert "4.02.5.02.6.02.10." in "".join(pre.itertext()).replace("\u25c71", "").replace(
        "\u25c72", "").replace("\u25c73", "")


def test_every_cited_cell_has_a_link_per_view(trees):
    """Issue 25: a cell with an address has two links, #ID (as printed) and
    #corrected.ID (the corrected view, the cell targeted, the link its own
    target), with the same content."""
    n = 0
    for name, tree in trees.items():
        if not name.startswith("html/tables/"):
            continue
        for td in tree.iter("td"):
            id_ = td.get("id")
            if not id_:
                continue
            links = [a for a in td if a.tag == "a"]
            assert [(a.get("class"), a.get("href")) for a in links] == [
                ("sel-p", f"#{id_}"), ("sel-c", f"#corrected.{id_}")], f"{name} {id_}"
            assert links[1].get("id") == f"corrected.{id_}"
            assert ET.tostring(links[0]).split(b">", 1)[1] == ET.tostring(links[1]).split(b">", 1)[1]
            n += 1
    assert n > 600


# --- the concordance of the numbers (issue 25) ----------------------------------------------------

def _transcribed() -> tuple[Counter[tuple[str, int]], Counter[tuple[str, int]], Counter[tuple[str, str]]]:
    """Read from the edition's files, not through the loaders: the numbers each table passage's run
    prints (tables/*.yaml, `run`; a cossick sign {powerofN} is no number), the numbers each passage of
    worked examples prints in figures (`numbers`, PRINTED@LINE) or words (`words`), and the figures it
    reads as no number (`readings`)."""
    import yaml

    tables: Counter[tuple[str, int]] = Counter()
    for path in sorted(EDITION.tables_dir.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for n in re.findall(r"\d+", re.sub(r"\{powerof\d\}", " ", data["run"])):
            tables[(data["passage"], int(n))] += 1
    examples: Counter[tuple[str, int]] = Counter()
    readings: Counter[tuple[str, str]] = Counter()
    for p in yaml.safe_load(EDITION.examples_path.read_text(encoding="utf-8"))["passages"]:
        read = p.get("readings") or {}
        for token in p.get("numbers") or []:
            printed = str(token).split("@")[0]
            if token in read:
                readings[(p["id"], printed)] += 1
            else:
                examples[(p["id"], int(printed))] += 1
        for value in (p.get("words") or {}).values():
            examples[(p["id"], int(value))] += 1
    return tables, examples, readings


def _concordance(tree: ET.Element) -> list[tuple[int, dict[str, ET.Element]]]:
    """The concordance's numbers, each with what it says of it (a term -> its definition)."""
    dl = next(d for d in tree.iter("dl") if d.get("class") == "concordance")
    items = list(dl)
    out = []
    for dt, dd in zip(items[::2], items[1::2]):
        assert (dt.tag, dd.tag) == ("dt", "dd")
        n = int(text(dt))
        assert dt.get("id") == f"n{n}"
        inner = list(dd.find("dl"))
        out.append((n, {text(k): v for k, v in zip(inner[::2], inner[1::2])}))
    return out


def test_the_concordance_lists_every_printed_number_and_no_other(files, trees):
    """Every number the transcriptions print stands in the concordance as often as it is printed, in
    its passage, and no number that is not printed; a figure read as no number is listed apart."""
    tree = trees["html/concordance.html"]
    tables: Counter[tuple[str, int]] = Counter()
    examples: Counter[tuple[str, int]] = Counter()
    for n, where in _concordance(tree):
        for li in where.get("Printed in the tables", ET.Element("ul")).iter("li"):
            passage = text(li.find("a")).split()[0]
            times = re.search(r"\((\d+) times\)", text(li))
            tables[(passage, n)] += int(times.group(1)) if times else 1
            assert re.search(r", line \d+, image \d+ (left|right)$", text(li)), text(li)
        for li in where.get("Printed in the worked examples", ET.Element("ul")).iter("li"):
            examples[(text(li.find("a")), n)] += 1
            assert re.search(r", line \d+, image \d+ (left|right)$", text(li)), text(li)
    want_tables, want_examples, want_readings = _transcribed()
    assert tables == want_tables
    assert examples == want_examples
    apart = next(s for s in tree.iter("section") if s.get("aria-labelledby") == "h-readings")
    assert Counter((text(li.find("a")), text(li).split("\u201c")[1].split("\u201d")[0])
                   for li in apart.iter("li")) == want_readings and want_readings


def test_the_concordance_links_resolve_to_the_cell_or_passage(trees):
    """Each place links to its table's page, at the cell's id (or its passage's section), or to the
    passage of worked examples; the index and every page's navigation link the concordance."""
    tree = trees["html/concordance.html"]
    ids = {name: {el.get("id") for el in t.iter() if el.get("id")} for name, t in trees.items()}
    checked = 0
    for a in next(d for d in tree.iter("dl") if d.get("class") == "concordance").iter("a"):
        page, _, fragment = a.get("href").partition("#")
        assert f"html/{page}" in ids, page
        assert not fragment or fragment in ids[f"html/{page}"], a.get("href")
        checked += 1
    assert checked > 2000
    for name, t in trees.items():
        hrefs = {a.get("href") for a in t.iter("a")}
        assert any(h.endswith("concordance.html") for h in hrefs), name


def test_the_concordance_names_the_tables_explain_names():
    """The tables a number belongs to are those `rithmocheck explain N` finds it in, as a value."""
    from rithmocheck.export.html.concordance import concordance
    from rithmocheck.tables.explain import explain

    found = {n.number: n.tables for n in concordance(EDITION).numbers}
    for n in (3, 28, 72, 153, 361, 1296):
        if n in found:
            assert set(found[n]) == {t["table"] for t in explain(n, EDITION.registry)["tables"]
                                     if any(not c["counts"] for c in t["columns"])}, n
    assert found[72] and "k1-addition" in found[72]


def test_a_worked_example_states_its_finding_once(trees, audit):
    """Issue 25: a passage with a wrong statement says each wrong statement once (in the list of statements),
    the ranked corrections once, and each erratum once with the line and page it corrects; the audit's
    finding, which restates them all, is not repeated beside its erratum."""
    from rithmocheck.audit.passages import check_passages

    errata, report = audit
    findings = [f for f in report.findings if isinstance(f.position, ExamplePosition) and not f.informational]
    assert findings and all(f.erratum for f in findings)
    for r in check_passages(EDITION):
        if not r.wrong:
            continue
        article = next(a for a in trees[f"html/examples/{html_model.example_file(r.passage.id)}"].iter("article"))
        said = text(article)
        for c in r.checks:
            if c.status == "wrong":
                assert said.count(" ".join(c.message.split())) == 1, (r.passage.id, c.message)
        for f in findings:
            if f.position.example == r.passage.id:
                assert " ".join(f.message.split()) not in said
                reason = next(e.reason for e in errata if e.id == f.erratum)
                assert said.count(" ".join(reason.split())) == 1
        assert said.count("Correction 1") == 1


def test_each_passage_says_its_layout_in_plain_sentences(trees):
    """Issue 25: above the transcriber's notes, each passage of a table page says how the run is laid out,
    in sentences made from the layout: the entries it states are the table's printed entries in that passage,
    and its lines saying "nothing" and stated counts are the printed ones."""
    checked = 0
    for table in (t for t in REGISTRY if EDITION.passages_for(t)):
        tree = trees[f"html/tables/{table}.html"]
        for section in tree.iter("section"):
            if "passage" not in (section.get("class") or "").split() or section.get("aria-labelledby") == "h-supplied":
                continue
            passage = next(c for c in section.iter("code")).text
            said = text(next(p for p in section.iter("p") if p.get("class") == "layout"))
            printed = [e for e in EDITION.entries(table) if e.position.passage == passage]
            stated = re.findall(r"(?:hold|holds) ((?:\d+(?:, | and )?)+|no) entr", said)
            entries = sum(int(n) for s in stated if s != "no" for n in re.findall(r"\d+", s))
            assert entries == sum(1 for e in printed if e.role == "entry"), (table, passage, said)
            for role, pattern in (("nothing", r'(\d+) lines? saying "nothing"'), ("count", r"(\d+) stated counts?")):
                m = re.search(pattern, said)
                assert (int(m.group(1)) if m else 0) == sum(1 for e in printed if e.role == role), (table, said)
            assert said.startswith("The run printed on witness line")
            checked += 1
    assert checked >= 20
