"""How a printed run is laid out, in plain sentences for a reader of the
HTML edition: made from the transcription's layout (its blocks, columns and
the role of each line), so it says what the table pages show. The
transcriber's own notes (`layout_evidence`) stay beside it, as notes."""

from __future__ import annotations

from ...witness.layout import Passage
from ...words import count

# the roles of a transcribed line that a reader is told of, in this order, each with its noun
ROLES = (("entry", "entry", "entries"), ("nothing", 'line saying "nothing"', 'lines saying "nothing"'),
         ("count", "stated count", "stated counts"), ("head", "group head", "group heads"),
         ("heading", "heading", "headings"), ("label", "label", "labels"),
         ("prose", "line of prose", "lines of prose"))


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def layout_summary(p: Passage, table_id: str) -> str:
    """The layout of a passage's blocks that hold columns of `table_id`."""
    first, last = p.run_lines
    blocks = [b for b in p.blocks if any(c.table == table_id for c in b.columns)]
    lines = f"line {first}" if first == last else f"lines {first}\u2013{last}"
    out = [f"The run printed on witness {lines} is read as "
           f"{count(len(blocks), 'block')} of columns, each column read down, then the next."
           if len(blocks) != 1 else
           f"The run printed on witness {lines} is read as columns, each read down, then the next."]
    for n, b in enumerate(p.blocks, 1):
        cols = [c for c in b.columns if c.table == table_id]
        if not cols:
            continue
        entries = [sum(1 for i, cell in enumerate(c.cells) if cell.role == "entry"
                       and not (i > 0 and c.cells[i - 1].role == "fragment"))
                   + sum(1 for cell in c.cells if cell.role == "fragment") for c in cols]
        where = f"Block {n}" if len(blocks) > 1 else "The table"
        heads = [c.heading for c in cols if c.heading]
        sentence = (f"{where} has {count(len(cols), 'column')}"
                    + (f", headed {_and([chr(8220) + h + chr(8221) for h in heads])}" if heads else "")
                    + (f"; {'they hold' if len(cols) > 1 else 'it holds'} no entries" if not any(entries) else
                       f"; they hold {_and([str(e) for e in entries])} entries" if len(cols) > 1 else
                       f"; it holds {count(entries[0], 'entry', 'entries')}"))
        others = []
        for role, one, many in ROLES[1:]:
            k = sum(1 for c in cols for cell in c.cells if cell.role == role)
            if k:
                others.append(f"{k} {one if k == 1 else many}")
        out.append(sentence + (f", with {_and(others)}" if others else "") + ".")
    if p.ambiguous:
        out.append("Another layout fits the printed run as well; the notes below say which, and why this one is "
                   "taken.")
    return " ".join(out)
