"""The second witness (EEBO-TCP A05389): provenance, the parse of its tables
and page breaks, and the page map of the primary witness derived from it.

Expected pages in the spot checks were read by hand from A05389.xml: the
page break before the passage and whether it is the first (left page) or
second (right page) break of its image."""

import hashlib
from pathlib import Path

import pytest
import yaml

from rithmocheck.witness import pages, tcp
from rithmocheck.witness.edition import Edition
from rithmocheck.witness.page import Page

ROOT = Path(__file__).resolve().parent.parent
TCP_DIR = Edition.default().root / "eebo-tcp-A05389"
WITNESS_LINES = 1122


@pytest.fixture(scope="module")
def doc():
    return tcp.load()


@pytest.fixture(scope="module")
def meta():
    return yaml.safe_load((TCP_DIR / "witness.yaml").read_text(encoding="utf-8"))


# --- provenance ------------------------------------------------------------------

def test_file_is_the_recorded_bytes(meta):
    data = (TCP_DIR / meta["file"]).read_bytes()
    assert len(data) == meta["bytes"] == 198940
    assert hashlib.sha256(data).hexdigest() == meta["sha256"]
    assert meta["source"] == {
        "repository": "textcreationpartnership/A05389", "file": "A05389.xml",
        "commit": "8d0010468330eda4581cda2856038d78e1724713",
        "url": "https://github.com/textcreationpartnership/A05389/blob/8d0010468330eda4581cda2856038d78e1724713/"
               "A05389.xml"}


def test_provenance_matches_the_tei_header(doc, meta):
    h = doc.header
    ids = meta["identifiers"]
    assert h.idno("DLPS") == (ids["DLPS"],)
    assert h.idno("STC") == (ids["STC"], "ESTC " + ids["ESTC"])
    assert h.idno("VID") == (ids["VID"],) == ("20707",)
    assert h.idno("EEBO-CITATION") == (ids["EEBO-CITATION"],)
    assert "Transcribed from: (Early English Books Online ; image set 20707)" in h.notes
    assert " ".join(meta["licence"]["availability"].split()) == h.availability
    assert "Creative Commons 0 1.0 Universal" in h.availability
    assert " ".join(meta["title"].split()) == h.titles[0]
    assert meta["imprint"]["publisher"] == h.publisher
    assert meta["imprint"]["date"] == h.date == "[1563?]"
    assert h.authors == ("Lever, Ralph, d. 1584.", "Fulwood, William.")
    assert "W.F. = William Fulwood." in h.notes
    whos = {a["who"] for a in meta["authors"][1]["attributions"]}
    assert whos == {"William Fulwood", "William Fulke"}


def test_the_book_the_outputs_cite_is_the_one_the_tei_header_names(doc):
    """Issue 11: the identifiers of the book and both readings of "W. F.",
    recorded in the edition (witness.yaml) and cited by every output's
    metadata, are those of the TCP header."""
    from rithmocheck.witness.edition import Edition

    book = Edition.default().book
    h = doc.header
    assert dict(book.identifiers) == {"STC": "STC 15542A", "ESTC": "ESTC S120022", "EEBO": "EEBO image set 20707",
                                      "EEBO-TCP": "EEBO-TCP A05389"}
    assert h.idno("STC") == ("STC 15542A", "ESTC S120022")
    assert h.idno("VID") == ("20707",) and h.idno("DLPS") == ("A05389",)
    assert [(initials, who) for initials, who, _ in book.attributions] == [("W. F.", "William Fulke"),
                                                                          ("W. F.", "William Fulwood")]
    assert book.attribution_note.startswith('"W. F." is read as William Fulke (')
    assert book.attribution_note.endswith("; the print decides neither.")
    assert "Fulwood, William." in h.authors and "W.F. = William Fulwood." in h.notes
    assert book.year == "1563" and book.citation.endswith(
        "1563. STC 15542A; ESTC S120022; EEBO image set 20707; EEBO-TCP A05389.")


def test_the_document_must_be_tei():
    with pytest.raises(ValueError):
        tcp.parse(b"<TEI><text/></TEI>")  # no TEI namespace


# --- tables ----------------------------------------------------------------------

def test_table_row_and_cell_counts(doc):
    assert len(doc.tables) == 15
    assert sum(len(t.rows) for t in doc.tables) == 260
    assert len(doc.cells) == 1933
    assert [len(t.rows) for t in doc.tables] == [3, 1, 3, 1, 28, 26, 21, 14, 19, 30, 27, 20, 18, 29, 20]
    assert [t.width for t in doc.tables] == [4, 4, 4, 4, 12, 9, 9, 6, 3, 8, 8, 8, 9, 8, 2]
    assert sum(1 for c in doc.cells if c.role == "label") == 14


def test_spans_are_resolved_into_grid_columns(doc):
    spaces = doc.tables[12]  # kind 2: taking by multiplication (rowspan labels)
    assert [c.column for c in spaces.rows[1].cells] == [4, 5, 6, 7, 8, 9]  # under the 2-row label
    row10 = spaces.rows[9]
    assert [c.text for c in row10.cells] == ["16", "4", "64", "3", "14", "42"]
    assert [c.column for c in row10.cells] == [1, 2, 3, 7, 8, 9]
    grid = spaces.grid()
    assert grid[9][3].text == "od against eue\u0304 spaces." and grid[9][3].rows == 2
    addition = doc.tables[4]
    assert [c.text for c in addition.rows[13].cells][-2:] == ["45", "noth."]
    assert addition.rows[13].cells[-1].columns == range(11, 13)


def test_cells_text_numbers_and_signs(doc):
    cossick = [c for c in doc.tables[13].cells if c.signs]
    assert [(c.row, c.column, c.numbers, c.signs) for c in cossick][:3] == [
        (2, 8, (16,), (4,)), (3, 8, (64,), (6,)), (4, 8, (81,), (4,))]
    assert [c.signs[0] for c in cossick] == [4, 6, 4, 2, 2, 3, 2, 2, 2, 2, 2, 2]
    assert cossick[0].text == "16.{powerof4}"
    assert doc.text.count("{powerof") == 54  # every cossick sign of the book, keyed as <g ref="char:powerofN"/>
    nothing = doc.tables[4].rows[26].cells[-1]
    assert nothing.text == "nothi\u0304g" and [m.ref for m in nothing.marks] == ["char:cmbAbbrStroke"]
    label = doc.tables[4].rows[0].cells[0]
    assert (label.role, label.text, label.cols) == ("label", "Addition.", 3)
    assert doc.tables[14].rows[0].cells[1].numbers == (130,)


def test_marks_are_kept_visible(doc):
    gaps = [m for m in doc.marks if m.kind == "gap"]
    assert [m.ref for m in gaps] == ["foreign", "illegible: indecipherable", "illegible: obscured"]
    assert all(doc.text[m.offset:m.offset + len(m.shown)] == m.shown for m in doc.marks)
    assert "the fyrste order 〈◊〉 roundes be." in doc.text
    assert "Philosophers game" in doc.text  # line-end hyphens (char:EOLhyphen) joined


def test_table_headings(doc):
    assert doc.tables[7].heading == "¶A table for Geometricall proportion."
    assert doc.tables[11].heading_source == "table"
    assert doc.tables[14].heading == "¶A Table of the victorye of standerds."


# --- pages -----------------------------------------------------------------------

def test_page_breaks_two_per_image_left_then_right(doc):
    assert len(doc.breaks) == 98
    assert [b.page for b in doc.breaks] == [Page.from_index(i) for i in range(98)]
    assert [b.facs for b in doc.breaks] == [f"tcp:20707:{i // 2 + 1}" for i in range(98)]
    additions = [b.page for b in doc.breaks if b.rendition == "simple:additions"]
    assert additions == [Page(1, "left"), Page(1, "right"), Page(17, "right"), Page(30, "right")]
    # the two breaks of image 1 stand together before the title page, those of 49 after the colophon
    assert doc.breaks[0].offset == doc.breaks[1].offset == 0
    assert doc.breaks[-2].offset == doc.breaks[-1].offset >= len(doc.text)


@pytest.mark.parametrize("text, page", [
    ("THE MOST NOBLE auncient", Page(1, "right")),
    ("¶Of the kings.", Page(18, "left")),
    ("A Table to take any of the men, by addition", Page(24, "right")),
    ("¶A table for Geometricall proportion.", Page(29, "right")),
    ("¶A table of Musicall proportion.", Page(31, "left")),
    ("¶A table to take the men by Multiplication and Diuision.", Page(41, "right")),
    ("¶For Diuision.", Page(42, "left")),
    ("¶A Table of the victorye of standerds.", Page(48, "left")),
    ("One sta\u0304derd of the odde, conteyneth.", Page(48, "right")),
])
def test_page_of_tcp_text(doc, text, page):
    assert doc.page_of_text(text) == page


def test_page_of_text_not_found(doc):
    with pytest.raises(LookupError):
        doc.page_of_text("no such words in the book")


def test_table_pages(doc):
    assert [t.page for t in doc.tables][4:9] == [
        Page(24, "right"), Page(25, "left"), Page(28, "left"), Page(29, "right"), Page(31, "left")]
    standards = doc.tables[14]
    assert standards.pages == (Page(48, "left"), Page(48, "right"))
    assert [r.page for r in standards.rows].index(Page(48, "right")) == 10  # "One stāderd of the odde"


# --- the page map of the primary witness -------------------------------------------

@pytest.mark.parametrize("line, page", [
    (1, Page(1, "right")),        # title page
    (392, Page(18, "left")),      # Of the kings.
    (546, Page(24, "right")),     # A Table to take any of the men ...
    (559, Page(25, "left")),      # the second page of that table (the multiplication page)
    (643, Page(29, "right")),     # A table for Geometrical proportion.
    (672, Page(31, "left")),      # A table of Musical proportion.
    (939, Page(41, "right")),     # A table to take the men by Multiplication and Division.
    (946, Page(42, "left")),      # For Division.
    (1106, Page(48, "left")),     # A Table of the victory of standerds.
    (1110, Page(48, "left")),     # "1300. One sta^derd of the odd": begins on 48 left
    (1122, Page(48, "right")),    # the colophon (image 49 has no keyed text)
])
def test_page_of_witness_line(line, page):
    assert pages.page_of(line) == page


def test_page_break_inside_a_line_is_recorded():
    pm = pages.load_map()
    b = {x.line: x for x in pm.breaks}[1110]
    assert (b.word, b.page) == ("One", Page(48, "right"))


def test_page_map_is_total_and_monotonic():
    pm = pages.load_map()
    assert pm.lines == WITNESS_LINES
    got = [pm.page_of(n) for n in range(1, WITNESS_LINES + 1)]
    assert all(a.index <= b.index for a, b in zip(got, got[1:]))
    assert pm.ranges[0].first == 1 and pm.ranges[-1].last == WITNESS_LINES
    for b in pm.breaks:
        assert b.page.index > pm.page_of(b.line).index
    with pytest.raises(IndexError):
        pm.page_of(WITNESS_LINES + 1)


def test_every_page_with_keyed_text_is_in_the_map(doc):
    with_text = {t.page for t in doc.tokens()}
    pm = pages.load_map()
    mapped = {r.page for r in pm.ranges} | {b.page for b in pm.breaks}
    assert mapped == with_text
    # pages of the TCP without keyed text: figures only, or blank at the ends of the film
    empty = {Page.from_index(i) for i in range(98)} - with_text
    assert empty == {Page(1, "left"), Page(9, "left"), Page(11, "left"), Page(19, "left"),
                     Page(37, "right"), Page(44, "left"), Page(49, "left"), Page(49, "right")}


def test_page_map_is_fresh():
    """The shipped edition's pages.yaml is what tools/write_pages.py writes."""
    assert Edition.default().pages_path.read_text(encoding="utf-8") == pages.dump(pages.compute()), (
        "pages.yaml is stale: run python tools/write_pages.py")


def test_page_map_records_the_hashes(meta):
    pm = pages.load_map()
    assert pm.tcp_sha256 == meta["sha256"]
    primary = yaml.safe_load((Edition.default().root / "witness.yaml").read_text(encoding="utf-8"))
    assert pm.witness_sha256 == primary["sha256"]
