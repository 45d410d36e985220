"""The recorded readings, as notes of the audit: where the edition reads the
print otherwise than it stands, with the reason it gives.

Two kinds are recorded in the edition. A cell of a transcription may carry
`reading: {kind, tcp, reason}`: the second witness (the EEBO-TCP keying)
reads the cell otherwise (a role, a number, a blank; see
docs/transcription-format.md). A figure of a worked example may be read as
no number (`readings:` of a passage in examples.yaml): a place letter (the
"6" of line 502 standing for G) or a word (each "02" of line 1059 for
"or"). Each is a Finding of kind `reading`: information, never to be
covered by an erratum, so it changes no exit code; it stands at the cell's
position or the figure's (ExamplePosition with the token), with the
witness line and page.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..witness.edition import Edition
from ..witness.entries import Position
from ..witness.examples import EXAMPLES, ExamplePosition, Token
from ..witness.layout import Cell, Passage, Reading
from .findings import Finding, Kind

# how a cell's role is named in a reading's message
ROLE_NAMES = {"entry": "an entry", "nothing": "a printed 'nothing'", "count": "a stated count",
              "heading": "a heading", "label": "a label", "blank": "a blank", "group": "a group's number",
              "head": "a group's head", "fragment": "part of an entry", "prose": "prose"}


def cell_message(cell: Cell, reading: Reading) -> str:
    """What a cell's reading says: what the cell is read as, what the second
    witness has there, and why."""
    text = f"{cell.text!r}" if cell.text else "the cell"
    role = ROLE_NAMES.get(cell.role, cell.role)
    if reading.kind == "role":
        what = f"{text} read as {role}, where the second witness keys {ROLE_NAMES.get(reading.tcp, reading.tcp)}"
    elif reading.kind == "blank":
        what = f"the cell read as blank, where the second witness has {reading.tcp!r}"
    elif reading.kind in ("number", "sign"):
        what = f"{text} read as printed, where the second witness has {reading.tcp!r}"
    else:
        what = f"{text} ({role}) read otherwise than the second witness ({reading.kind}: {reading.tcp!r})"
    return f"{what}: {reading.reason}"


def token_message(token: Token) -> str:
    """What a figure read as no number says: what it stands for, and why."""
    assert token.reading is not None
    as_what, value = token.reading
    what = "the place letter" if as_what == "letter" else "the word"
    return f"{token.printed!r} read as {what} {value!r}, no number: {token.reason}"


def cell_readings(passage: Passage) -> Iterable[tuple[str, Cell, Reading]]:
    """The cells of a passage that carry a reading, each with its column's table."""
    for block in passage.blocks:
        for column in block.columns:
            for cell in column.cells:
                if cell.reading is not None:
                    yield column.table, cell, cell.reading


def table_readings(table_id: str, edition: Edition) -> list[Finding]:
    """A note for every reading recorded on a cell of the table's columns."""
    out = []
    for p in edition.passages_for(table_id):
        for table, cell, reading in cell_readings(p):
            if table != table_id:
                continue
            line, column = p.read_from(cell)
            out.append(Finding(table_id, Kind.READING, cell_message(cell, reading),
                               Position(p.passage, cell.block, cell.column, cell.row), line,
                               edition.page_at(line, column), cell.numbers or None, informational=True))
    return out


def readings(edition: Edition) -> list[Finding]:
    """Every reading the audit of the whole edition notes, in its order."""
    from .run import audit_ids

    return [f for t in audit_ids((), edition)[0] for f in table_readings(t, edition)] + example_readings(edition)


def example_readings(edition: Edition) -> list[Finding]:
    """A note for every figure of a worked example read as no number."""
    return [Finding(EXAMPLES, Kind.READING, token_message(t), ExamplePosition(x.id, t.line, t.id), t.line, t.page,
                    informational=True)
            for x in edition.example_passages for t in x.tokens if t.reading is not None]
