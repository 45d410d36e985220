"""The TEI text (output/text.tei.xml, `rithmocheck tei`): the primary witness
line by line and page by page, the tables in their printed layout, every
erratum and every reading of the audit once in its place. Parsed here with
the standard library, independently of the writer; validity against tei_all
is tests/test_standards.py's, a TEI consumer's reading tests/test_tei_consumer.py's."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck.audit.errata import Omit, Replace, Supply, load_errata
from rithmocheck.audit.run import run_audit
from rithmocheck.cli import cli
from rithmocheck.export.tei import tei_text
from rithmocheck.witness import tcp
from rithmocheck.witness.entries import Position
from rithmocheck.witness.examples import ExamplePosition

ROOT = Path(__file__).resolve().parent.parent
T = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


@pytest.fixture(scope="module")
def audit():
    errata = load_errata(EDITION)
    return errata, run_audit(EDITION, errata)


@pytest.fixture(scope="module")
def text(audit):
    errata, report = audit
    return tei_text(EDITION, errata, [f for f in report.findings if f.kind == "reading"])


@pytest.fixture(scope="module")
def root(text):
    return ET.fromstring(text)


def body(root):
    return root.find(f"{T}text/{T}body")


def place_of(el, parents):
    """The xml:id of an element's place: its own, or the nearest element's holding it."""
    while el is not None and el.get(XML_ID) is None:
        el = parents.get(el)
    return None if el is None else el.get(XML_ID)


def expected_place(position, table=None, entry=None, nth=1):
    """The place an erratum or reading must stand at, written from its
    position as the README states it: passage.block.column.row for a cell,
    EXAMPLE.TOKEN (the @ a dot) for a worked example's number, and
    TABLE.supplied.2-3-4 for an omission supplied."""
    if isinstance(position, Position):
        return f"{position.passage}.{position.block}.{position.column}.{position.row}"
    if isinstance(position, ExamplePosition):
        return f"{position.example}.{position.number.replace('@', '.')}"
    return f"{table}.supplied.{'-'.join(map(str, entry))}" + (f".{nth}" if nth > 1 else "")


def test_the_build_writes_this_text_and_lists_it(text):
    import json

    assert (ROOT / "output" / "text.tei.xml").read_text(encoding="utf-8") == text
    package = json.loads((ROOT / "output" / "datapackage.json").read_text(encoding="utf-8"))
    [resource] = [r for r in package["resources"] if r["path"] == "text.tei.xml"]
    assert resource["mediatype"] == "application/tei+xml"


def test_every_erratum_and_every_reading_has_exactly_one_place(root, audit):
    """Acceptance of issue 25: each curated erratum once, by its id, at its
    place; each reading the audit notes once, at its place; nothing else."""
    errata, report = audit
    parents = {c: p for p in root.iter() for c in p}
    found, readings = [], []
    for el in body(root).iter():
        if el.tag == f"{T}choice" and el.find(f"{T}orig") is not None:
            readings.append(place_of(el, parents))
        elif (el.tag == f"{T}choice" and el.find(f"{T}sic") is not None) or el.tag in (f"{T}surplus", f"{T}supplied"):
            found.append((el.get("n"), place_of(el, parents)))
    seen: Counter[tuple[str, tuple[int, ...]]] = Counter()
    want = []
    for e in errata:
        if e.position is None:
            seen[(e.table, tuple(e.entry))] += 1
        want.append((e.id, expected_place(e.position, e.table, e.entry, seen[(e.table, tuple(e.entry or ()))])))
    assert Counter(found) == Counter(want) and len(found) == len(errata)
    assert Counter(n for n, _ in found) == Counter(e.id for e in errata)  # each erratum once, no other
    notes = [f for f in report.findings if f.kind == "reading"]
    assert notes and Counter(readings) == Counter(expected_place(f.position) for f in notes)
    # the kinds of apparatus: an omission is supplied, a spurious or repeated entry surplus, the rest corrected
    kinds = Counter(el.tag.removeprefix(T) for el in body(root).iter()
                    if el.tag in (f"{T}surplus", f"{T}supplied") or (el.tag == f"{T}choice" and el.find(f"{T}sic")
                                                                     is not None))
    assert kinds == Counter({"supplied": sum(isinstance(e.corr, Supply) for e in errata),
                             "surplus": sum(isinstance(e.corr, Omit) for e in errata),
                             "choice": sum(isinstance(e.corr, Replace) for e in errata)})
    # every erratum and reading has its reason in the back, pointing at its place
    back = [n for n in root.find(f"{T}text/{T}back").iter(f"{T}note")]
    assert sorted(n.get("target") for n in back) == sorted(
        [f"#{p}" for _, p in want] + [f"#{expected_place(f.position)}" for f in notes])


def test_the_erratum_carries_resp_and_cert_and_what_it_changes(root):
    ids = {el.get(XML_ID): el for el in root.iter() if el.get(XML_ID)}
    cell = ids["k1-addition.1.4.26"]  # 72 28 361, read 72 289 361 (witness line 557)
    assert cell.tag == f"{T}cell" and cell.get("role") == "entry"
    [choice] = cell.iter(f"{T}choice")
    assert choice.get("n") == "k1-addition@1.4.26"
    assert " ".join("".join(choice.find(f"{T}sic").itertext()).split()) == "72. 28. 361."
    corr = choice.find(f"{T}corr")
    assert (corr.text, corr.get("resp"), corr.get("cert")) == ("72 289 361", "#rithmocheck #editor", "high")
    # the spurious 121 169 190 of the addition table, printed on the multiplication page
    surplus = next(ids["k1-multiplication.1.1.11"].iter(f"{T}surplus"))
    assert (surplus.get("reason"), surplus.get("n"), surplus.get("cert")) == (
        "spurious", "k1-addition@k1-multiplication:1.1.11", "low")
    # an omission: supplied, never with an empty n
    supplied = ids["k1-addition.supplied.1-90-91"]
    assert (supplied.tag, supplied.text, supplied.get("n"), supplied.get("reason")) == (
        f"{T}supplied", "1 90 91", "k1-addition+1-90-91", "omitted")
    assert all(el.get("n") for el in root.iter() if "n" in el.attrib)
    # a worked example's number: 20 of "first I add.5. to.20." read 25 (witness line 616)
    choice = ids["arithmetic-rule.20.616"]
    assert choice.tag == f"{T}choice" and choice.find(f"{T}sic/{T}num").get("value") == "20"
    assert choice.find(f"{T}corr").text == "25"
    # a ratio name, by its words: superquintupartiens septimas read sextas (witness line 389)
    choice = ids["superpartient.odd-5"]
    assert "".join(choice.find(f"{T}sic").itertext()) == "superquintupartie^s. septimas."
    assert choice.find(f"{T}corr").text == "superquintupartiens sextas"


def test_the_readings_are_orig_and_reg(root):
    ids = {el.get(XML_ID): el for el in root.iter() if el.get(XML_ID)}
    six = ids["subtraction.6.502"]  # "the triangle standing in.6." (witness line 502): the place G
    assert (six.tag, six.find(f"{T}orig").text, six.find(f"{T}reg").text) == (f"{T}choice", "6", "G")
    for token in ("02.1059", "02.1059b", "02.1059c"):  # "4.02.5.02.6.02.10.": 4 or 5 or 6 or 10
        choice = ids[f"victory-of-bodies.{token}"]
        assert (choice.find(f"{T}orig").text, choice.find(f"{T}reg").text) == ("02", "or")
    for n in (4, 5, 6, 10):
        assert ids[f"victory-of-bodies.{n}.1059"].get("value") == str(n)
    lone = next(ids["k1-multiplication.1.1.12"].iter(f"{T}choice"))  # 153, keyed an entry, read "nothing"
    assert [(s.get("type"), s.get("n"), s.text) for s in lone.iter(f"{T}seg")] == [
        ("role", "entry", "153"), ("role", "nothing", "153")]
    blank = next(ids["k1-arithmetic-musical.1.1.1"].iter(f"{T}choice"))  # blank, where the TCP sets a label
    assert (blank.find(f"{T}orig").text, blank.find(f"{T}orig").get("source"), blank.find(f"{T}reg").text) == (
        "Arithmeticall and musicall proportion.", "#second", None)


def _lines(root):
    """The text of the print, line by line, as the TEI holds it: what stands
    between one <lb/> and the next, corrections, regularisations, the
    second witness's text and supplied omissions left out."""
    skip = {f"{T}corr", f"{T}reg", f"{T}supplied", f"{T}teiHeader", f"{T}back"}
    lines: dict[int, list[str]] = {}
    current = [0]

    def walk(el):
        if el.tag in skip or el.get("source") == "#second":
            return
        if el.tag == f"{T}lb":
            current[0] = int(el.get("n"))
        lines.setdefault(current[0], []).append(el.text or "")
        for child in el:
            walk(child)
            lines.setdefault(current[0], []).append(child.tail or "")

    walk(body(root))
    return {n: " ".join("".join(parts).split()) for n, parts in lines.items()}


def test_the_text_is_the_witness_line_by_line(root):
    """Every line of the witness has its <lb n/>, in order, and holds the
    line's words, whatever the markup around them: the tables in their
    printed layout give back the run, token for token."""
    lbs = [int(el.get("n")) for el in body(root).iter(f"{T}lb")]
    assert lbs == list(range(1, len(EDITION.lines) + 1))
    got = _lines(root)
    assert got.pop(0, "") == ""
    bad = [(n, got[n], " ".join(line.split())) for n, line in enumerate(EDITION.lines, 1)
           if got[n] != " ".join(line.split())]
    assert bad == []


def test_every_page_has_its_pb_where_it_begins(root):
    pages = [(el.get("n"), el.get("facs")) for el in body(root).iter(f"{T}pb")]
    doc = tcp.for_edition(EDITION)
    assert pages == [(str(b.page), b.facs) for b in doc.breaks]  # every page of the second witness, in order
    assert ("image 24 right", "tcp:20707:24") in pages
    # the pb of a page stands before the <lb/> of the first line the page map puts on it
    order = [(el.tag, el.get("n")) for el in body(root).iter() if el.tag in (f"{T}pb", f"{T}lb")]
    pm = EDITION.page_map
    for r in pm.ranges:
        if r.first in {b.line for b in pm.breaks} or (r.first - 1 in {b.line for b in pm.breaks}):
            continue
        i = order.index((f"{T}lb", str(r.first)))
        assert order[i - 1] == (f"{T}pb", str(r.page)), r


def test_each_table_is_laid_out_as_printed(root):
    ids = {el.get(XML_ID): el for el in root.iter() if el.get(XML_ID)}
    for p in EDITION.passages:
        if p.tokens != "words":
            for cell in p.cells():
                if cell.role != "blank":
                    seg = ids[f"{p.passage}.{cell.block}.{cell.column}.{cell.row}"]
                    assert seg.tag == f"{T}seg" and seg.get("type") == cell.role
            continue
        for b_no, block in enumerate(p.blocks, 1):
            table = ids[f"{p.passage}.{b_no}"]
            rows = table.findall(f"{T}row")
            assert len(rows) == max(len(c.cells) for c in block.columns) == int(table.get("rows"))
            for i, row in enumerate(rows):
                cells = row.findall(f"{T}cell")
                assert len(cells) == len(block.columns) == int(table.get("cols"))
                for column, el in zip(block.columns, cells):
                    if i >= len(column.cells):
                        assert el.get(XML_ID) is None and not len(el) and not el.text
                        continue
                    cell = column.cells[i]
                    assert el.get(XML_ID) == f"{p.passage}.{cell.block}.{cell.column}.{cell.row}"
                    printed = "".join(t for t in _printed(el))
                    assert printed.split() == cell.text.split(), el.get(XML_ID)


def _printed(el):
    if el.tag in (f"{T}corr", f"{T}reg", f"{T}lb", f"{T}pb") or el.get("source") == "#second":
        yield el.tail or ""
        return
    yield el.text or ""
    for child in el:
        yield from _printed(child)
    if el.tag != f"{T}cell":
        yield el.tail or ""


def test_every_number_of_a_worked_example_has_its_id(root):
    ids = {el.get(XML_ID): el for el in root.iter() if el.get(XML_ID)}
    for x in EDITION.example_passages:
        for t in x.tokens:
            if t.kind in ("figure", "word"):
                el = ids[f"{x.id}.{t.id.replace('@', '.')}"]
                if el.tag == f"{T}num":
                    assert el.get("value") == str(t.value) and el.text.lower() == t.printed.lower()
                else:
                    assert el.tag == f"{T}choice"


def test_the_header_is_the_editions(root):
    header = root.find(f"{T}teiHeader")
    meta = EDITION.edition_metadata
    titles = {t.get("type"): t.text for t in header.iter(f"{T}title") if t.get("type")}
    assert titles["main"] == meta["title"]
    assert [a.text for a in header.iter(f"{T}author")] == list(EDITION.book.authors)
    assert {i.get("type"): i.text for i in header.iter(f"{T}idno")} == dict(EDITION.book.identifiers)
    assert next(header.iter(f"{T}edition")).get("n") == meta["edition"]
    assert [r.get(XML_ID) for r in header.iter(f"{T}respStmt")] == ["rithmocheck", "editor"]
    assert {w.get(XML_ID) for w in header.iter(f"{T}witness")} == {"primary", "second"}


def test_the_errata_list_points_into_the_text(root):
    """The standalone errata (output/errata/errata.tei.xml) point at each
    erratum's place in the text, relative to their own file; none has an
    empty n."""
    errata = ET.parse(ROOT / "output" / "errata" / "errata.tei.xml").getroot()
    ids = {el.get(XML_ID) for el in root.iter() if el.get(XML_ID)}
    items = list(errata.iter(f"{T}item"))
    assert items and all(item.get("n") != "" for item in items)
    targets = [ptr.get("target") for item in items for ptr in item.iter(f"{T}ptr")]
    assert len(targets) == len(items)
    for target in targets:
        path, fragment = target.split("#")
        assert (ROOT / "output" / "errata" / path).resolve() == (ROOT / "output" / "text.tei.xml").resolve()
        assert fragment in ids


def test_the_tei_command_prints_it_or_writes_it(text, tmp_path):
    r = CliRunner().invoke(cli, ["tei"])
    assert r.exit_code == 0 and r.stdout == text
    out = tmp_path / "text.xml"
    r = CliRunner().invoke(cli, ["tei", "-o", str(out)])
    assert r.exit_code == 0 and out.read_text(encoding="utf-8") == text
    r = CliRunner().invoke(cli, ["tei", "-o", str(EDITION.root / "witness.txt")])
    assert r.exit_code == 2 and "witness.txt" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_a_missing_errata_file_is_one_line_and_exit_2(tmp_path):
    r = CliRunner().invoke(cli, ["tei", "--errata", str(tmp_path / "none.yaml")])
    assert r.exit_code == 2 and r.stdout == "" and "none.yaml" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_an_erratum_the_text_cannot_place_is_never_left_out(audit):
    """Every erratum has its place or the writer stops (an internal error,
    exit 3): an erratum of a worked example that names no number has none."""
    import dataclasses

    errata, _report = audit
    e = next(e for e in errata if isinstance(e.position, ExamplePosition))
    placeless = dataclasses.replace(e, id="example-without-a-number",
                                    position=dataclasses.replace(e.position, number=None))
    with pytest.raises(RuntimeError, match="example-without-a-number"):
        tei_text(EDITION, [*errata, placeless], [])
