"""Renderings of the curated errata: Markdown and CSV to read, JSON for
programs, TEI P5 for editors (choice/sic/corr, supplied, surplus, with cert
and resp). Every erratum cites where it stands: its position and witness line."""

from __future__ import annotations

from typing import Any

from ..audit.errata import Erratum, Omit, Supply
from ..witness.edition import Edition
from ..witness.entries import Position
from ..witness.examples import ExamplePosition
from ..witness.page import PAGE_HEADERS, page_cells
from .erratum_words import ratio_name_words
from .render import report_line
from .values import Table

# position: where the erratum stands, as one would cite it (a cell, or a number of a worked example);
# passage, block, column, row: the same cell as the columns of the printed table (its key), empty otherwise
ERRATA_HEADERS = ("id", "table", "kind", "position", "passage", "block", "column", "row", "witness_line"
                  ) + PAGE_HEADERS + ("sic", "corr", "class", "confidence", "resp", "reason")


def _where(e: Erratum) -> str:
    p = e.position
    if isinstance(p, ExamplePosition):
        return f"{p.example}:{p.number}" if p.number is not None else p.example
    if isinstance(p, Position):
        return str(p)
    return ""


def _corr(e: Erratum) -> str:
    if isinstance(e.corr, Supply):
        return "supply " + e.written(e.corr.entry)
    return "omit" if isinstance(e.corr, Omit) else e.written(e.corr.numbers)


def by_table(errata: tuple[Erratum, ...]) -> list[Erratum]:
    """The errata grouped by table, the tables in the order they first
    appear in the file and each table's errata in file order (an erratum
    added at the end of the file joins its table's section)."""
    order: dict[str, list[Erratum]] = {}
    for e in errata:
        order.setdefault(e.table, []).append(e)
    return [e for group in order.values() for e in group]


def _cell(e: Erratum) -> list[Any]:
    p = e.position
    return [p.passage, p.block, p.column, p.row] if isinstance(p, Position) else ["", "", "", ""]


def errata_rows(errata: tuple[Erratum, ...]) -> list[list[Any]]:
    return [[e.id, e.table, e.kind, _where(e), *_cell(e), e.witness_line or "", *page_cells(e.page),
             e.written(e.sic), _corr(e), e.klass, e.confidence, e.resp, e.reason] for e in errata]


def errata_table(errata: tuple[Erratum, ...], edition: Edition) -> Table:
    """The errata's value: a row each (csv, tsv, ndjson), their document
    (json, yaml), and to read, text and Markdown (one item per erratum under
    its table) and TEI."""
    return Table(ERRATA_HEADERS, errata_rows(errata), lambda: [e.as_dict() for e in errata],
                 views={"text": lambda: errata_text(errata, edition), "md": lambda: errata_markdown(errata, edition),
                        "tei": lambda: errata_tei(errata, edition)})


_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]|#"})


def _md(text: str) -> str:
    """Text with the characters Markdown would read as markup escaped: HTML's
    as entities (every renderer reads them; not every one a backslash before
    '<'), the rest with a backslash."""
    import html

    return html.escape(text, quote=False).translate(_MD_SPECIAL)


def _kinds(errata: tuple[Erratum, ...]) -> str:
    from collections import Counter

    kinds = Counter(e.kind for e in errata)
    by_kind = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    return f"{len(errata)} errata" + (f": {by_kind}." if by_kind else ".")


def _item(e: Erratum) -> tuple[str, str, str]:
    """An erratum as a reader takes it in: what it is (kind, class,
    confidence, resp); where it stands and what it changes; its reason."""
    where = ", ".join(x for x in (_where(e), f"witness line {e.witness_line}" if e.witness_line else "",
                                  str(e.page) if e.page else "") if x)
    if isinstance(e.corr, Supply):
        change = f"supplied: {e.written(e.corr.entry)}"
    elif isinstance(e.corr, Omit):
        change = f"sic {e.written(e.sic)}; omit"
    else:
        change = f"sic {e.written(e.sic)}; corr {_corr(e)}"
    return (f"{e.kind}, {e.klass}; confidence {e.confidence}; resp {e.resp}",
            f"{where}: {change}." if where else f"{change}.", e.reason)


def errata_markdown(errata: tuple[Erratum, ...], edition: Edition) -> str:
    """The errata as a document to read: the book they correct, then one
    section per table, one item per erratum with where it stands, sic and
    corr, and its reason (the reasons are too long for a table's cells)."""
    book = edition.book
    lines = [f"# {_md(edition.errata_title)}", "",
             " ".join(x for x in (f"The book: {_md(book.citation)}", _md(book.attribution_note)) if x), "",
             _kinds(errata), ""]
    table = None
    for e in by_table(errata):
        if e.table != table:
            table = e.table
            lines += [f"## {_md(_title(table, edition))}", ""]
        what, where, reason = _item(e)
        lines += [f"- **{_md(e.id)}** ({_md(what)})  ", f"  {_md(where)}  ", f"  {_md(reason)}", ""]
    return "\n".join(lines)


def errata_text(errata: tuple[Erratum, ...], edition: Edition) -> str:
    """The errata for a terminal: the items of the Markdown document under
    their tables, each wrapped at the width of the terminal (a table of the
    twelve columns of the CSV would be some 300 columns wide)."""
    lines = [report_line(_kinds(errata), indent="")]
    table = None
    for e in by_table(errata):
        if e.table != table:
            table = e.table
            lines += ["", report_line(_title(table, edition), indent="")]
        what, where, reason = _item(e)
        lines += ["", report_line(f"  {e.id} ({what})"), report_line(f"      {where}"), report_line(f"      {reason}")]
    return "\n".join(lines) + "\n"


def errata_tei(errata: tuple[Erratum, ...], edition: Edition) -> str:
    """TEI P5: <choice><sic/><corr/></choice> for misprints, <supplied> for
    omissions, <surplus> for spurious and duplicate entries; one <div> per
    table; each item labelled with its position and witness line."""
    import xml.etree.ElementTree as ET

    ns = "http://www.tei-c.org/ns/1.0"
    ET.register_namespace("", ns)

    def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        node = ET.SubElement(parent, f"{{{ns}}}{tag}", {k.replace("_", ":", 1) if k.startswith("xml_") else k: v
                                                         for k, v in attrs.items()})
        if text is not None:
            node.text = text
        return node

    tei = ET.Element(f"{{{ns}}}TEI")
    header = el(tei, "teiHeader")
    file_desc = el(header, "fileDesc")
    title_stmt = el(file_desc, "titleStmt")
    el(title_stmt, "title", edition.errata_title)
    editors = edition.edition_metadata.get("editors")
    for rid, text in (("rithmocheck", "rithmocheck (derivation from first principles)"),
                      ("editor", str(editors) if isinstance(editors, str) and editors.strip()
                       else f"the editors of the edition {edition.name}")):
        resp_stmt = el(title_stmt, "respStmt", xml_id=rid)
        el(resp_stmt, "resp", "errata")
        el(resp_stmt, "name", text)
    el(el(file_desc, "publicationStmt"), "p",
       f"Generated by rithmocheck from the curated errata of the edition {edition.name} ({edition.errata_cited}).")
    from .tei import TEXT_FILE, book_bibl, erratum_places, tei_token

    book_bibl(el(file_desc, "sourceDesc"), edition)

    places = erratum_places(errata)
    body = el(el(tei, "text"), "body")
    div = None
    for e in by_table(errata):
        if div is None or div.get("n") != e.table:
            div = el(body, "div", type="errata", n=e.table)
            el(div, "head", _title(e.table, edition))
            lst = el(div, "list")
        where = _where(e)
        item = el(lst, "item", xml_id=f"e-{_xml_id(e.id)}", **({"n": where} if where else {}))
        el(item, "label", ", ".join(x for x in (where or "not printed: supplied", f"witness line {e.witness_line}"
                                                if e.witness_line else "", str(e.page) if e.page else "") if x))
        if e.id in places:  # its place in the TEI text, which build writes beside the errata's directory
            el(item, "ptr", target=f"../{TEXT_FILE}#{places[e.id]}")
        resp = " ".join(f"#{r}" for r in e.resp.split("+"))
        if isinstance(e.corr, Supply):
            el(item, "supplied", e.written(e.corr.entry), reason="omitted", cert=e.confidence, resp=resp)
        elif isinstance(e.corr, Omit):
            el(item, "surplus", e.written(e.sic), reason=e.kind, cert=e.confidence, resp=resp)
        else:
            choice = el(item, "choice")
            sic, corr = e.written(e.sic), e.written(e.result)
            name = ratio_name_words(e, edition)
            if name is not None:  # a ratio name of a worked example: its words, not the ratio it names
                sic, corr = name
            el(choice, "sic", sic)
            el(choice, "corr", corr, cert=e.confidence, resp=resp)
        el(item, "note", e.reason, type=tei_token(e.klass))
    ET.indent(tei, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(tei, encoding="unicode") + "\n"


def _title(table_id: str, edition: Edition) -> str:
    s = edition.registry.get(table_id)
    return f"{s.title} ({table_id}, witness line {s.witness_line})" if s else "Worked examples"


def _xml_id(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-._" else "_" for c in text)


