"""The tables as printed (in their printed layout, cell by cell) and as
corrected (entry by entry, with the errata applied), for `show` and `build`.
Every cell and entry carries its position and the witness line it stands on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..audit.errata import CorrectedEntry
from ..witness.edition import Edition
from ..witness.entries import entry_text
from ..witness.layout import Cell, Column, Passage, run_tokens
from ..witness.page import PAGE_HEADERS, Page, page_cells
from .render import report_line, text_table
from .values import Table

PRINTED_HEADERS = ("passage", "block", "column", "row", "role", "printed", "numbers", "witness_line") + PAGE_HEADERS
CORRECTED_HEADERS = ("passage", "block", "column", "row", "entry", "status", "sic", "erratum",
                     "witness_line") + PAGE_HEADERS


def for_reading(headers: tuple[str, ...], rows: list[list[Any]]) -> tuple[tuple[str, ...], list[list[Any]]]:
    """Printed or corrected rows as a person reads them (text and Markdown):
    the position in one column, "passage:block.column.row", and the printed
    numbers not repeated beside the printed text. CSV, TSV and JSON keep every
    field apart, for programs."""
    keep = [i for i, h in enumerate(headers) if i >= 4 and h != "numbers"]
    out = [[f"{r[0]}:{r[1]}.{r[2]}.{r[3]}" if r[0] != "" else ""] + [r[i] for i in keep] for r in rows]
    return ("position",) + tuple(headers[i] for i in keep), out


def printed_table(table_id: str, edition: Edition) -> Table:
    """A table as printed: every cell with its position, role and witness
    line (as a person reads them in Markdown; text lays the columns out as
    printed; json and yaml the document of its entries and stated counts)."""
    rows = printed_rows(table_id, edition)
    return Table(PRINTED_HEADERS, rows, lambda: printed_document(table_id, edition),
                 reading=for_reading(PRINTED_HEADERS, rows),
                 views={"text": lambda: printed_layout_text(table_id, edition)})


def corrected_table(table_id: str, entries: list[CorrectedEntry]) -> Table:
    """A table as corrected: every entry with its status, sic and erratum."""
    rows = corrected_rows(entries)
    return Table(CORRECTED_HEADERS, rows, lambda: corrected_document(table_id, entries),
                 reading=for_reading(CORRECTED_HEADERS, rows))


def _page_of(edition: Edition, passage: Passage, cell: Cell) -> Page | None:
    return edition.page_at(*passage.read_from(cell))


def _columns(edition: Edition, table_id: str) -> Iterator[tuple[Passage, int, list[tuple[int, Column]]]]:
    """(passage, block number, [(column number, column)]) for the columns of a table."""
    for passage in edition.passages_for(table_id):
        for block_no, block in enumerate(passage.blocks, 1):
            cols = [(i, c) for i, c in enumerate(block.columns, 1) if c.table == table_id]
            if cols:
                yield passage, block_no, cols


def _cells(edition: Edition, table_id: str) -> Iterator[tuple[Passage, Cell]]:
    for passage, _b, cols in _columns(edition, table_id):
        for _c, column in cols:
            for cell in column.cells:
                yield passage, cell


def printed_document(table_id: str, edition: Edition) -> dict[str, Any]:
    """{"table", "entries": [{"position", "printed", "witness_line"}], "stated_counts"};
    a cell that holds no entry ("nothing", a group head, words) is given as its text."""
    entries, counts = [], []
    for passage, cell in _cells(edition, table_id):
        if cell.role == "blank":
            continue
        if cell.role == "count" and cell.counts in (None, table_id):
            counts.append(cell.numbers[0])
            continue
        printed: Any = list(cell.numbers) if cell.role in ("entry", "fragment", "group") else cell.text
        page = _page_of(edition, passage, cell)
        entries.append({"position": {"passage": passage.passage, "block": cell.block, "column": cell.column,
                                     "row": cell.row},
                        "printed": printed, "witness_line": passage.witness_line(cell),
                        "page": page.as_dict() if page else None})
    return {"table": table_id, "entries": entries, "stated_counts": counts}


def read_numbers(cell: Cell) -> tuple[int, ...]:
    """The numbers a cell is read as: its number tokens; in prose, every
    integer standing in its words ("as.12. contains.9." gives 12 and 9),
    cossick sign markers aside."""
    if cell.role == "prose":
        return tuple(int(t) for t in run_tokens(cell.text, "numbers"))
    return cell.numbers


def printed_rows(table_id: str, edition: Edition) -> list[list[Any]]:
    return [[passage.passage, cell.block, cell.column, cell.row, cell.role, cell.text,
             " ".join(str(n) for n in read_numbers(cell)), passage.witness_line(cell),
             *page_cells(_page_of(edition, passage, cell))]
            for passage, cell in _cells(edition, table_id)]


def printed_layout_text(table_id: str, edition: Edition) -> str:
    """Each passage of a table with its heading, its columns side by side
    (wrapped, like all text, at the width of the terminal)."""
    parts = []
    for passage, _block_no, cols in _columns(edition, table_id):
        first, last = edition.page_span(*passage.run_lines)
        pages = "" if first is None else f", {first}" + ("" if last == first else f" to {last}")
        parts.append(report_line(f"{passage.heading}  (passage {passage.passage}, witness lines "
                                 f"{passage.run_lines[0]}-{passage.run_lines[1]}{pages})"))
        depth = max(len(c.cells) for _i, c in cols)
        headers = [c.heading or f"column {i}" for i, c in cols]
        rows = [[c.cells[r].text if r < len(c.cells) else "" for _i, c in cols] for r in range(depth)]
        parts.append(text_table(headers, rows).rstrip("\n"))
    return "\n\n".join(parts) + "\n"


def corrected_rows(entries: list[CorrectedEntry]) -> list[list[Any]]:
    rows = []
    for c in entries:
        p = c.position
        where = [p.passage, p.block, p.column, p.row] if p else ["", "", "", ""]
        rows.append(where + [entry_text(c.numbers, c.signs), c.status, entry_text(c.sic, c.sic_signs) if c.sic else "",
                             c.erratum or "", c.witness_line or "", *page_cells(c.page)])
    return rows


def corrected_document(table_id: str, entries: list[CorrectedEntry]) -> dict[str, Any]:
    return {"table": table_id, "entries": [
        {"position": c.position.as_dict() if c.position else None, "entry": list(c.numbers), "signs": list(c.signs),
         "status": c.status, "sic": list(c.sic) if c.sic is not None else None,
         "sic_signs": list(c.sic_signs) if c.sic is not None else None, "erratum": c.erratum,
         "witness_line": c.witness_line, "page": c.page.as_dict() if c.page else None,
         **({"key": c.key} if c.key else {})}
        for c in entries]}
