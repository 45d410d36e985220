"""The tables as printed: display of a transcription in its printed layout."""

from __future__ import annotations

from .sources import layout_lines, passages_for


def printed_document(table_id: str) -> dict:
    """{"table", "entries": [{"position", "printed"}], "stated_counts"}; a line
    that holds no entry ("nothing", a group head, words) is given as its text."""
    entries, counts = [], []
    passages = passages_for(table_id)
    for passage in passages:
        for _b, cols in layout_lines(passage, table_id):
            for _c, column in cols:
                for line in column.lines:
                    if line.role == "blank":
                        continue
                    if line.role == "count" and (line.counts in (None, table_id)):
                        counts.append(line.numbers[0])
                        continue
                    printed = list(line.numbers) if line.role in ("entry", "fragment", "group") else line.text
                    item = {"position": line.position.as_dict(), "printed": printed}
                    if len(passages) > 1:
                        item["passage"] = passage.passage
                    entries.append(item)
    return {"table": table_id, "entries": entries, "stated_counts": counts}


def printed_rows(table_id: str) -> list[list]:
    rows = []
    for passage in passages_for(table_id):
        for _b, cols in layout_lines(passage, table_id):
            for _c, column in cols:
                for line in column.lines:
                    p = line.position
                    rows.append([p.block, p.column, p.line, line.role, line.text,
                                 " ".join(str(n) for n in line.numbers)])
    return rows


def printed_layout_text(table_id: str) -> str:
    from tabulate import tabulate

    parts = []
    for passage in passages_for(table_id):
        parts.append(f"{passage.heading}  (witness lines {passage.run_lines[0]}-{passage.run_lines[1]})")
        for block_no, cols in layout_lines(passage, table_id):
            depth = max(len(c.lines) for _i, c in cols)
            headers = [c.heading or f"column {i}" for i, c in cols]
            rows = [[c.lines[r].text if r < len(c.lines) else "" for _i, c in cols] for r in range(depth)]
            parts.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    return "\n\n".join(parts) + "\n"
