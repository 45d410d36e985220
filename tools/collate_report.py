"""Collate the transcriptions of the primary witness with the second witness,
the EEBO-TCP keying (A05389), and write the evidence.

    python tools/collate_report.py           # write the report and its data
    python tools/collate_report.py --check   # exit 1 if any written file is stale

Writes
  docs/collation-notes.md               the report
  docs/collation/correspondence.csv     every line of every transcription with
                                        the TCP cells (or prose) it comes from
  docs/collation/proposed/*.yaml        the transcriptions whose layout the TCP
                                        corrects, rewritten (never the files in
                                        sources/: an engineer applies them)

Method. The primary witness and the TCP text are aligned token by token
(rithmocheck.witness.align: numbers, cossick signs and spelling skeletons of
words). Each token of a transcription's run is thereby tied to the TCP token
it was derived from, and so to a TCP table cell (table, row, grid column) or
to running prose. A transcription line is then compared with the cells its
tokens come from: the numbers and signs, the TCP column the cells stand under
(the columns of a block are identified with TCP column groups by the cells of
their entries), the TCP row (the line's place in the TCP layout, rebuilt
as described next), and whether the role fits the cell's place (a group
head stands alone in a middle cell; a number alone in the first cell of an
entry's cells is the first term of an entry). The TCP layout is rebuilt from the cells in the transcription's format
(one line per TCP row and column, blanks where the cells are empty) with the
transcription's roles, notes and keys carried over; it must re-flatten to the
run (the primary witness's run is fixed), which is checked with
rithmocheck.sources (read only).
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
import textwrap
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rithmocheck import sources  # noqa: E402  (read only)
from rithmocheck.witness import align as walign  # noqa: E402
from rithmocheck.witness import tcp  # noqa: E402
from rithmocheck.witness.pages import load_map  # noqa: E402

REPORT = ROOT / "docs" / "collation-notes.md"
DATA = ROOT / "docs" / "collation"
CSV_FILE = DATA / "correspondence.csv"
PROPOSED = DATA / "proposed"
TABLES = ROOT / "sources" / "lever-fulke-1563" / "tables"
ERRATA = ROOT / "corrections" / "lever-fulke-1563.yaml"

NUMBER_ROLES = ("entry", "head", "group", "nothing", "count", "fragment")
ENTRY_ROLES = ("entry", "fragment", "group")  # the lines that give a table's entries
SIGN = re.compile(r"\{powerof(\d+)\}")


# --- reading ---------------------------------------------------------------------

@dataclass
class Line:
    passage: str
    block: int
    column: int
    line: int
    role: str
    text: str
    raw: object  # the YAML of the line (str or mapping)
    toks: list[int] = field(default_factory=list)  # indices into the passage's run tokens
    cells: list = field(default_factory=list)  # tcp.Cell, unique, in order
    prose: list = field(default_factory=list)  # tcp.Token outside tables
    tcp_tokens: list = field(default_factory=list)

    @property
    def pos(self) -> tuple[int, int, int]:
        return (self.block, self.column, self.line)

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", SIGN.sub(" ", self.text)))

    @property
    def signs(self) -> tuple[int, ...]:
        return tuple(int(s) for s in SIGN.findall(self.text))

    @property
    def number_bearing(self) -> bool:
        return self.role in NUMBER_ROLES and bool(self.numbers)

    @property
    def rows(self) -> tuple[int, ...]:
        return tuple(sorted({c.row for c in self.cells}))

    @property
    def span(self) -> tuple[int, int] | None:
        if not self.cells:
            return None
        return min(c.column for c in self.cells), max(c.column + c.cols - 1 for c in self.cells)


@dataclass
class PassageData:
    stem: str
    passage: object  # sources.Passage
    raw: dict  # the YAML file
    text: str  # the file's text
    run_tokens: list[tuple[int, int, int, str]]  # (witness line, start, end, text)
    lines: list[Line]
    blocks: list[list[list[Line]]]  # [block][column] -> lines
    tok_tcp: list[list] = field(default_factory=list)  # per run token: its TCP tokens
    tok_cell: list = field(default_factory=list)  # per run token: its TCP cell (None in prose)


def run_token_spans(p, witness: tuple[str, ...]) -> list[tuple[int, int, int, str]]:
    out = []
    first, last = p.run_lines
    for n in range(first, last + 1):
        line = witness[n - 1]
        if p.tokens == "numbers":
            masked = SIGN.sub(lambda m: " " * len(m.group()), line)
            out.extend((n, m.start(), m.end(), m.group()) for m in re.finditer(r"\d+", masked))
        else:
            out.extend((n, m.start(), m.end(), m.group()) for m in re.finditer(r"\S+", line))
    expected = sources.run_tokens(p.run, p.tokens)
    if tuple(t[3] for t in out) != expected:
        raise SystemExit(f"{p.path}: run tokens do not match the witness lines")
    return out


def read_passages(al: walign.Alignment, doc: tcp.Document) -> list[PassageData]:
    witness = sources.witness_lines()
    fine_by_line: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for i, t in enumerate(al.witness):
        fine_by_line[t.line].append((t.start, t.end, i))
    out = []
    for path in sorted(TABLES.glob("*.yaml")):
        p = sources.load_passage(path)
        text = path.read_text(encoding="utf-8")
        raw = yaml.safe_load(text)
        spans = run_token_spans(p, witness)
        lines: list[Line] = []
        blocks = []
        for b_i, (block, raw_block) in enumerate(zip(p.blocks, raw["blocks"]), 1):
            cols = []
            for c_i, (col, raw_col) in enumerate(zip(block.columns, raw_block["columns"]), 1):
                col_lines = []
                for l_i, (ln, raw_ln) in enumerate(zip(col.lines, raw_col["lines"]), 1):
                    L = Line(p.passage, b_i, c_i, l_i, ln.role, ln.text, raw_ln)
                    col_lines.append(L)
                    lines.append(L)
                cols.append(col_lines)
            blocks.append(cols)
        # tokens in flattening order
        k = 0
        for cols in blocks:
            depth = max((len(c) for c in cols), default=0)
            for i in range(depth):
                for col in cols:
                    if i < len(col):
                        L = col[i]
                        n = len(sources.run_tokens(L.text, p.tokens))
                        L.toks = list(range(k, k + n))
                        k += n
        assert k == len(spans), path
        tok_tcp: list[list] = [[] for _ in spans]
        tok_cell: list = [None] * len(spans)
        for ti, (n, s, e, _) in enumerate(spans):
            for fs, fe, fi in fine_by_line[n]:
                if fs >= s and fe <= e:
                    t = al.tcp_token(fi)
                    if t is not None:
                        tok_tcp[ti].append(t)
                        if t.cell is not None and tok_cell[ti] is None:
                            tb, r, c = t.cell
                            tok_cell[ti] = doc.tables[tb - 1].rows[r - 1].cells[c - 1]
        for ti in range(len(spans)):
            # a token with no number or word of its own ("&"): the cell of the token before
            if not tok_tcp[ti] and ti and tok_cell[ti - 1] is not None:
                tok_cell[ti] = tok_cell[ti - 1]
        for L in lines:
            seen = {}
            for ti in L.toks:
                L.tcp_tokens.extend(tok_tcp[ti])
                for t in tok_tcp[ti]:
                    if t.cell is None:
                        L.prose.append(t)
                if tok_cell[ti] is not None:
                    c = tok_cell[ti]
                    seen.setdefault((c.table, c.row, c.index), c)
            L.cells = list(seen.values())
        out.append(PassageData(path.stem, p, raw, text, spans, lines, blocks, tok_tcp, tok_cell))
    return out


# --- analysis --------------------------------------------------------------------

@dataclass
class BlockInfo:
    table: tcp.Table | None
    intervals: dict[int, tuple[int, int]]  # transcription column -> TCP grid columns
    order: list[int]  # transcription columns in TCP order
    base: int | None  # first TCP row of the proposed layout


def cell_pattern(table: tcp.Table, row: int, lo: int, hi: int) -> str:
    """x for a filled cell that begins in this row, _ otherwise, per grid column."""
    marks = ["_"] * (hi - lo + 1)
    for c in table.rows[row - 1].cells:
        if c.empty:
            continue
        for k in c.columns:
            if lo <= k <= hi:
                marks[k - lo] = "x"
    return "".join(marks)


def row_text(table: tcp.Table, row: int, lo: int | None = None, hi: int | None = None) -> str:
    """A TCP row as printed cells: 'a | b | c', empty cells as '·', spans noted."""
    parts = []
    for c in table.rows[row - 1].cells:
        if lo is not None and not (lo <= c.column <= hi):
            continue
        t = c.text or "·"
        if c.cols > 1 or c.rows > 1:
            t += f" ⟨{'cols=' + str(c.cols) if c.cols > 1 else ''}{' ' if c.cols > 1 and c.rows > 1 else ''}{'rows=' + str(c.rows) if c.rows > 1 else ''}⟩"
        if c.role:
            t = f"[{c.role}] " + t
        parts.append(t)
    return " | ".join(parts)


def analyse_block(cols: list[list[Line]], doc: tcp.Document) -> BlockInfo:
    lines = [L for col in cols for L in col]
    tables = sorted({c.table for L in lines for c in L.cells})
    if len(tables) != 1:
        return BlockInfo(None, {}, list(range(1, len(cols) + 1)), None)
    table = doc.tables[tables[0] - 1]
    intervals = {}
    for c_i, col in enumerate(cols, 1):
        ent = [L for L in col if L.cells and L.role in ("entry", "fragment")] or [L for L in col if L.cells]
        if not ent:
            continue
        starts = Counter(c.column for L in ent for c in L.cells)
        # the column group: the grid columns its entries begin in (a spanning
        # label or count does not widen it)
        lo = min(starts)
        hi = max(c.column + c.cols - 1 for L in ent for c in L.cells if c.column in starts)
        if all(L.role in ("heading", "label") for L in ent):
            hi = max(c.column for L in ent for c in L.cells)
        intervals[c_i] = (lo, hi)
    order = sorted(intervals, key=lambda c: intervals[c][0]) + [c for c in range(1, len(cols) + 1) if c not in intervals]
    rows = [c.row for L in lines for c in L.cells]
    return BlockInfo(table, intervals, order, min(rows) if rows else None)


def group_of(info: BlockInfo, grid_col: int) -> int | None:
    for c, (lo, hi) in info.intervals.items():
        if lo <= grid_col <= hi:
            return c
    return None


# --- the TCP layout in the transcription's format ----------------------------------

@dataclass
class NewLine:
    d: dict  # the line as a mapping (text, role, ...)
    srcs: list  # transcription lines its tokens come from
    toks: list[int]
    cells: list = field(default_factory=list)


@dataclass
class NewColumn:
    heading: str | None
    table: str | None  # the column's own table id, if it had one
    note: str | None
    lines: list[NewLine]
    old: int | None  # the transcription column it comes from


@dataclass
class NewBlock:
    table: str
    note: str | None
    columns: list[NewColumn]


def line_dict(raw) -> dict:
    if isinstance(raw, str):
        return {"text": raw}
    return dict(raw)


def previous_heading(pd: PassageData, b_i: int, info: BlockInfo) -> Line | None:
    """A line of the block before that is the TCP <head> of this block's
    table, standing immediately before the table's first cell."""
    if info.table is None or info.table.heading_source != "preceding" or b_i < 2:
        return None
    first_tok = min((ti for col in pd.blocks[b_i - 1] for L in col for ti in L.toks), default=None)
    if first_tok is None or first_tok == 0:
        return None
    prev = [L for col in pd.blocks[b_i - 2] for L in col if L.toks and L.toks[-1] == first_tok - 1]
    if not prev:
        return None
    L = prev[0]
    if not L.tcp_tokens or any(t.context != "div/head" for t in L.tcp_tokens):
        return None
    nxt = [t for t in pd.tok_tcp[first_tok]]
    if not nxt or nxt[0].start < L.tcp_tokens[-1].end:
        return None
    # nothing of the TCP text stands between the heading and the table
    between = tcp.TOKEN.findall(DOC.text[L.tcp_tokens[-1].end:nxt[0].start])
    return L if not between else None


def rebuild_block(pd: PassageData, b_i: int, info: BlockInfo, head: Line | None,
                  dropped: set) -> tuple[list[NewColumn], bool] | None:
    """The block rebuilt from the TCP cells, in TCP column order, with the
    transcription's lines carried over; (columns, split_labels) or None when
    the block has no TCP table."""
    cols = pd.blocks[b_i - 1]
    table = info.table
    lines = [L for col in cols for L in col if L.pos not in dropped]
    if table is None or any(L.toks and not L.cells for L in lines):
        return None
    split_labels = (len(cols) == 1 and all(L.role in ("heading", "label", "blank") for L in lines)
                    and len({c.column for L in lines for c in L.cells}) > 1)
    new_col = {c: i for i, c in enumerate(info.order, 1)}
    base = info.base - (1 if head is not None else 0)
    placed: dict[tuple[int, int], list[tuple[int, Line]]] = defaultdict(list)
    for L in lines:
        for ti in L.toks:
            cell = pd.tok_cell[ti]
            col = cell.column if split_labels else new_col.get(group_of(info, cell.column))
            if col is None:
                return None
            placed[(col, cell.row - base + 1)].append((ti, L))
    if head is not None:
        for ti in head.toks:
            placed[(1, 1)].append((ti, head))
    if split_labels:
        remap = {c: i for i, c in enumerate(sorted({k[0] for k in placed}), 1)}
        placed = {(remap[c], r): v for (c, r), v in placed.items()}
    n_cols = max(c for c, _ in placed)
    out = []
    for c in range(1, n_cols + 1):
        old = None if split_labels else (info.order[c - 1] if c - 1 < len(info.order) else None)
        rows = sorted(r for cc, r in placed if cc == c)
        new_lines = []
        for r in range(1, (rows[-1] if rows else 0) + 1):
            items = placed.get((c, r))
            if not items:
                new_lines.append(NewLine({"text": "", "role": "blank"}, [], []))
                continue
            toks = [ti for ti, _ in items]
            srcs = []
            for _, L in items:
                if L not in srcs:
                    srcs.append(L)
            text = " ".join(pd.run_tokens[ti][3] for ti in toks)
            d = line_dict(srcs[0].raw)
            if len(srcs) > 1 or sorted(srcs[0].toks) != sorted(toks):
                d["text"] = text
                if len(srcs) > 1:
                    notes = [line_dict(s.raw).get("note") for s in srcs if line_dict(s.raw).get("note")]
                    if notes:
                        d["note"] = " ".join(notes)
                else:
                    # a piece of a line split into its printed cells: the key names the piece,
                    # the note stays with the piece it quotes (else with the first piece)
                    src = srcs[0]
                    first = src.toks[0] in toks
                    note = d.pop("note", None)
                    pieces = [" ".join(pd.run_tokens[t][3] for t in src.toks if pd.tok_cell[t] is cc)
                              for cc in dict.fromkeys(pd.tok_cell[t] for t in src.toks)]
                    quoted = [pc for pc in pieces if note and pc in note]
                    if split_labels:
                        if note and ((quoted and text in quoted) or (not quoted and first)):
                            d["note"] = note
                    else:
                        cell = pd.tok_cell[toks[0]]
                        d["note"] = (f"printed in a cell of its own over this column (TCP table {cell.table}, "
                                     f"row {cell.row}); the transcription had {src.text!r} as one line")
                    if "key" in d:
                        d["key"] = f"{d['key']}/{c}/name" if split_labels else None
                        if d["key"] is None:
                            d.pop("key")
            cells = []
            for ti in toks:
                if pd.tok_cell[ti] is not None and pd.tok_cell[ti] not in cells:
                    cells.append(pd.tok_cell[ti])
            if not split_labels and len(cells) == 1 and d.get("role") in ("heading", "label") and "note" not in d:
                spanned = [new_col[g] for g in sorted(info.intervals, key=lambda g: info.intervals[g][0])
                           if any(info.intervals[g][0] <= k <= info.intervals[g][1] for k in cells[0].columns)]
                if len(spanned) > 1:
                    d["note"] = (f"one printed cell over columns {spanned[0]}-{spanned[-1]} "
                                 f"(TCP: cols={cells[0].cols}); set in its first column")
            new_lines.append(NewLine(d, srcs, toks, cells))
        if old is not None and old <= len(pd.raw["blocks"][b_i - 1]["columns"]):
            rc = pd.raw["blocks"][b_i - 1]["columns"][old - 1]
            doc_heading = rc.get("heading")
            heads = [nl.d["text"] for nl in new_lines if nl.d.get("role") == "heading"]
            if doc_heading is not None and heads and not all(h in doc_heading for h in heads):
                doc_heading = "; ".join(heads)
            col = NewColumn(doc_heading, rc.get("table"), rc.get("note"), new_lines, old)
        else:
            col = NewColumn(None, None, None, new_lines, None)
        out.append(col)
    return out, split_labels


# --- findings ---------------------------------------------------------------------

@dataclass
class Finding:
    passage: str
    kind: str
    pos: tuple | None  # (block, column, line) in the transcription
    transcription: str
    tcp: str
    fix: str


KIND_TITLES = {
    "column-order": "columns in a different order from the print",
    "wrong-column": "a line under another column than the print's",
    "row": "a line in another row than the print's (same column)",
    "split": "one line holding the cells of several printed columns",
    "merge": "several lines holding one printed cell",
    "role": "a role the printed cell contradicts",
    "heading-block": "a heading placed in another block than its table",
    "flag": "an ambiguity flag that is wrong",
    "number": "numbers differing from the TCP",
    "sign": "cossick signs differing from the TCP",
}


def ptext(L: Line) -> str:
    return f"{L.text!r} ({L.role})"


def where(pos) -> str:
    return f"{pos[0]}.{pos[1]}.{pos[2]}"


@dataclass
class Result:
    pd: PassageData
    infos: list[BlockInfo]
    new_blocks: list[NewBlock] | None
    moved: dict  # old pos -> new pos (lines carrying tokens)
    findings: list[Finding]
    changed: bool
    proposed_text: str | None
    line_status: dict  # old pos -> the set of disagreement kinds found for the line
    new_passage: object = None  # the proposal, loaded with rithmocheck.sources


def number_tokens_of(tokens) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Numbers and the cossick signs following them, from TCP tokens."""
    nums = tuple(int(t.text) for t in tokens if t.kind == "number")
    signs = tuple(int(t.text[len("{powerof"):-1]) for t in tokens if t.kind == "sign")
    return nums, signs


def following_signs(L: Line) -> tuple[int, ...]:
    """For lines of runs read as numbers: the TCP cossick signs that follow
    the line's numbers in the TCP text (the run drops them)."""
    out = []
    for t in L.tcp_tokens:
        if t.kind != "number":
            continue
        j = TCP_INDEX[(t.start, t.end)] + 1
        while j < len(TCP_TOKENS) and TCP_TOKENS[j].kind == "sign":
            out.append(int(TCP_TOKENS[j].text[len("{powerof"):-1]))
            j += 1
    return tuple(out)


def analyse(pd: PassageData, doc: tcp.Document) -> Result:
    findings: list[Finding] = []
    infos = [analyse_block(cols, doc) for cols in pd.blocks]
    status: dict = {L.pos: set() for L in pd.lines}

    def add(kind, L_or_pos, tr, tc, fix):
        pos = L_or_pos.pos if isinstance(L_or_pos, Line) else L_or_pos
        findings.append(Finding(pd.stem, kind, pos, tr, tc, fix))
        if pos in status:
            status[pos].add(kind)

    # numbers and signs, line by line
    for L in pd.lines:
        if not L.toks:
            continue
        nums, signs = number_tokens_of(L.tcp_tokens)
        if pd.passage.tokens == "numbers":
            signs = following_signs(L)
        if nums != L.numbers:
            add("number", L, ptext(L), f"TCP numbers {list(nums)}", "record as a reading (the witnesses differ)")
        if signs != L.signs and L.role not in ("prose",):
            add("sign", L, ptext(L), f"TCP signs {list(signs)}", "record as a reading (the witnesses differ)")

    # headings of a table standing in the block before
    heads: dict[int, Line] = {}
    for b_i, info in enumerate(infos, 1):
        h = previous_heading(pd, b_i, info)
        if h is not None:
            heads[b_i] = h
            add("heading-block", h, ptext(h),
                f"<head>{info.table.heading}</head> of TCP table {info.table.number} (image {info.table.page.image} "
                f"{info.table.page.side}), immediately before the table",
                f"move it from block {h.block} (column {h.column}, line {h.line}) to block {b_i} column 1 line 1, "
                f"role heading; the block's other columns get a blank line 1")
    dropped = {h.pos for h in heads.values()}

    # prose lines: TCP <head> read as label, and the reverse
    for L in pd.lines:
        if L.cells or not L.prose or L.pos in dropped:
            continue
        ctx = Counter(t.context for t in L.prose).most_common(1)[0][0]
        if ctx == "div/head" and L.role in ("label", "prose"):
            add("role", L, ptext(L), f"a heading of the book: <head>{' '.join(t.text for t in L.prose)}</head>",
                "role heading")
        elif L.role == "heading" and ctx not in ("div/head", "table/head"):
            add("role", L, ptext(L), f"not a heading: the words stand in TCP {ctx}", "role label")

    # table blocks
    new_blocks: list[NewBlock] | None = []
    moved: dict = {}
    for b_i, (cols, info) in enumerate(zip(pd.blocks, infos), 1):
        rb = rebuild_block(pd, b_i, info, heads.get(b_i), dropped) if info.table is not None else None
        raw_block = pd.raw["blocks"][b_i - 1]
        if rb is None:
            keep = []
            for c_i, col in enumerate(cols, 1):
                rc = raw_block["columns"][c_i - 1]
                new_lines = [NewLine(line_dict(L.raw), [L], L.toks, L.cells) for L in col if L.pos not in dropped]
                keep.append(NewColumn(rc.get("heading"), rc.get("table"), rc.get("note"), new_lines, c_i))
            new_blocks.append(NewBlock(raw_block["table"], raw_block.get("note"), keep))
            continue
        columns, split_labels = rb
        new_blocks.append(NewBlock(raw_block["table"], raw_block.get("note"), columns))
        table = info.table
        if info.order != sorted(info.order) and not split_labels:
            for old_c in info.order:
                new_c = info.order.index(old_c) + 1
                if new_c != old_c:
                    for L in cols[old_c - 1]:
                        if L.toks:
                            status[L.pos].add("column-order")
            spans = ", ".join(f"column {c} under grid columns {info.intervals[c][0]}-{info.intervals[c][1]}"
                              for c in info.order if c in info.intervals)
            add("column-order", (b_i, 0, 0), f"block {b_i}: columns {list(range(1, len(cols) + 1))}",
                f"TCP table {table.number}: {spans}",
                f"reorder the columns as {info.order} (old numbers), i.e. " + ", ".join(
                    f"column {c} becomes column {i}" for i, c in enumerate(info.order, 1) if i != c))
        if split_labels:
            L = [L for col in cols for L in col if L.toks][0]
            add("split", L, ptext(L), f"TCP table {table.number} row {L.rows[0]}: {row_text(table, L.rows[0])}",
                f"one label line per printed cell: {len(columns)} columns of one line each")
        for new_c, col in enumerate(columns, 1):
            for new_l, nl in enumerate(col.lines, 1):
                for L in nl.srcs:
                    moved.setdefault(L.pos, (b_i, new_c, new_l))
                if len(nl.srcs) > 1:
                    r = nl.cells[0].row
                    for L in nl.srcs:
                        add("merge", L, ptext(L),
                            f"TCP table {table.number} row {r}: one cell {row_text(table, r, nl.cells[0].column, nl.cells[0].column)}",
                            f"one line {nl.d['text']!r} at {where((b_i, new_c, new_l))}")
        for L in (L for col in cols for L in col):
            if not L.cells or L.pos in dropped or split_labels:
                continue
            groups = {group_of(info, c.column) for c in L.cells}
            r = L.rows[0]
            quote = row_text(table, r)
            new = moved.get(L.pos)
            if len(groups) > 1:
                parts = [f"{c.text!r} (grid column {c.column})" for c in L.cells]
                add("split", L, ptext(L), f"TCP table {table.number} row {r}: {quote}",
                    "one line per printed cell: " + ", ".join(parts) + " -> lines " + ", ".join(
                        where(p) for p in sorted({moved_piece(columns, b_i, ti) for ti in L.toks})))
                continue
            g = groups.pop()
            if g is not None and g != L.column:
                add("wrong-column", L, ptext(L),
                    f"TCP table {table.number} row {r}: {quote} (the cell stands under column {g}, grid column "
                    f"{L.cells[0].column})", f"move it to {where(new)}")
            # the role against the cell's place
            if L.role == "head" and g is not None:
                lo, hi = info.intervals[g]
                pat = cell_pattern(table, r, lo, hi)
                if pat.startswith("x") and pat.count("x") == 1:
                    add("role", L, ptext(L), f"TCP table {table.number} row {r}: {row_text(table, r, lo, hi)} "
                        f"(cells {pat}: the number stands in the first cell, where an entry's first term stands; "
                        f"a group head stands alone in a middle cell)",
                        "role entry (the first term of an entry whose other cells are blank)")
    # every other line whose place changes: same column, another row
    for L in pd.lines:
        new = moved.get(L.pos)
        if L.toks and new is not None and new != L.pos and not status[L.pos]:
            r = L.rows[0] if L.rows else None
            t = infos[L.block - 1].table
            add("row", L, ptext(L),
                f"TCP table {t.number} row {r}: {row_text(t, r)}" if t is not None and r else "TCP prose",
                f"move it to {where(new)} (line {new[2] - L.line:+d})")
    return Result(pd, infos, new_blocks, moved, findings, False, None, status)


def moved_piece(columns: list[NewColumn], b_i: int, ti: int) -> tuple[int, int, int]:
    for c_i, col in enumerate(columns, 1):
        for l_i, nl in enumerate(col.lines, 1):
            if ti in nl.toks:
                return (b_i, c_i, l_i)
    return (b_i, 0, 0)


# --- the proposal: roles, scopes, the YAML ----------------------------------------

def apply_fixes(res: Result) -> None:
    """Carry the role fixes into the rebuilt layout and remap count scopes."""
    by_src: dict = {}
    for b in res.new_blocks:
        for col in b.columns:
            for nl in col.lines:
                for L in nl.srcs:
                    by_src.setdefault(L.pos, nl)
    for f in res.findings:
        nl = by_src.get(f.pos)
        if nl is None:
            continue
        if f.kind == "role" and f.fix.startswith("role entry"):
            nl.d["role"] = "entry"
            nl.d["note"] = ("printed as the first term of an entry whose other cells are blank (TCP: "
                            + f.tcp.split(": ", 1)[1].split(" (cells")[0] + "); read before as a group head")
        elif f.kind == "role" and f.fix == "role heading":
            nl.d["role"] = "heading"
            if "note" in nl.d:
                nl.d["note"] = nl.d["note"].rstrip(".") + ". The TCP keys it as a heading (<head>)."
        elif f.kind == "role" and f.fix == "role label":
            nl.d["role"] = "label"
        elif f.kind == "heading-block":
            nl.d["role"] = "heading"
            nl.d.pop("note", None)
    # scopes of counts: the same entries, at their new positions
    for b in res.new_blocks:
        for col in b.columns:
            for nl in col.lines:
                if "scope" in nl.d and nl.srcs:
                    nl.d["scope"] = remap_scope(res, nl.srcs[0], nl.d["scope"])


def remap_scope(res: Result, count_line: Line, scope: list) -> list:
    pd = res.pd
    covered = []
    for item in scope:
        s = sources.Scope(item["block"], item["column"], *(item.get("lines") or [1, None]))
        for L in pd.lines:
            if s.covers(sources.Position(*L.pos)) and L.toks and L.role in ENTRY_ROLES:
                covered.append(L)
    new_pos = [res.moved[L.pos] for L in covered]
    out = []
    by_col: dict = defaultdict(list)
    for b, c, l in new_pos:
        by_col[(b, c)].append(l)
    for (b, c), ls in sorted(by_col.items()):
        col = res.new_blocks[b - 1].columns[c - 1]
        bearing = [i for i, nl in enumerate(col.lines, 1) if nl.toks and nl.d.get("role", "entry") in ENTRY_ROLES]
        if set(bearing) <= set(ls):
            out.append({"block": b, "column": c})
            continue
        lo, hi = min(ls), max(ls)
        if any(i not in ls for i in bearing if lo <= i <= hi):
            raise SystemExit(f"{pd.stem}: a count's scope is not contiguous after the move")
        open_end = all(i <= hi for i in bearing)
        out.append({"block": b, "column": c, "lines": [lo, None if open_end else hi]})
    return out


def yaml_value(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(yaml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {yaml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


LINE_KEYS = ("text", "role", "key", "counts", "scope", "note")


def yaml_line(d: dict) -> str:
    if set(d) == {"text"} or (set(d) == {"text", "role"} and d["role"] == "entry"):
        return yaml_value(d["text"])
    ordered = {k: d[k] for k in LINE_KEYS if k in d}
    ordered.update({k: v for k, v in d.items() if k not in ordered})
    parts = []
    for k, v in ordered.items():
        bare = k in ("role", "counts") and isinstance(v, str) and re.fullmatch(r"[a-z0-9-]+", v)
        parts.append(f"{k}: {v if bare else yaml_value(v)}")
    return "{" + ", ".join(parts) + "}"


def blocks_yaml(blocks: list[NewBlock]) -> str:
    out = ["blocks:"]
    for b in blocks:
        out.append(f"  - table: {b.table}")
        if b.note is not None:
            out.append(f"    note: {yaml_value(b.note)}")
        out.append("    columns:")
        for col in b.columns:
            out.append(f"      - heading: {yaml_value(col.heading)}")
            if col.table is not None:
                out.append(f"        table: {col.table}")
            if col.note is not None:
                out.append(f"        note: {yaml_value(col.note)}")
            out.append("        lines:")
            for nl in col.lines:
                out.append(f"          - {yaml_line(nl.d)}")
    return "\n".join(out) + "\n"


def same_layout(res: Result) -> bool:
    pd = res.pd
    for b_i, (b_old, b_new) in enumerate(zip(pd.raw["blocks"], res.new_blocks), 1):
        if len(b_old["columns"]) != len(b_new.columns):
            return False
        for c_old, c_new in zip(b_old["columns"], b_new.columns):
            old = [line_dict(x) for x in c_old["lines"]]
            new = [nl.d for nl in c_new.lines]
            if old != new or c_old.get("heading") != c_new.heading:
                return False
    return len(pd.raw["blocks"]) == len(res.new_blocks)


def proposed_file(res: Result, evidence: str) -> str:
    """The transcription file with the TCP layout: the header fields as they
    were (ambiguous set true: the run admits the old layout and the TCP's),
    an added paragraph of layout evidence, and the rebuilt blocks."""
    text = res.pd.text
    head = text[:text.index("\nblocks:\n") + 1]
    head = re.sub(r"^ambiguous: false$", "ambiguous: true", head, flags=re.M)
    m = re.search(r"^layout_evidence: >-?\n((?:  .*\n|\n)*)", head, flags=re.M)
    wrapped = textwrap.fill(evidence, width=76, initial_indent="  ", subsequent_indent="  ")
    if m:
        body = m.group(1).rstrip("\n")
        head = head[:m.start(1)] + body + "\n\n" + wrapped + "\n" + head[m.end(1):]
    return head + blocks_yaml(res.new_blocks)


# --- errata ----------------------------------------------------------------------

def errata_moves(results: list[Result]) -> list[tuple[dict, str, tuple, tuple]]:
    """Curated errata whose printed entry moves: (erratum, passage, old, new)."""
    data = yaml.safe_load(ERRATA.read_text(encoding="utf-8"))
    out = []
    for e in data["errata"]:
        pos = e.get("position")
        if not pos or "block" not in pos:
            continue
        old = (pos["block"], pos["column"], pos["line"])
        hits = []
        for res in results:
            for pe in sources.printed_entries(res.pd.passage):
                if pe.table == e["table"] and (pe.position.block, pe.position.column, pe.position.line) == old:
                    if e.get("sic") is None or list(pe.numbers) == list(e["sic"]):
                        hits.append(res)
        for res in hits:
            new = res.moved.get(old)
            if new is not None and new != old and res.changed:
                out.append((e, res.pd.stem, old, new))
    return out


def entries_signature(passage) -> Counter:
    return Counter((e.table, e.role, e.numbers, e.signs) for e in sources.printed_entries(passage))


def count_scopes(passage) -> list:
    """For each stated count, the entries it covers (as numbers)."""
    entries = sources.printed_entries(passage)
    out = []
    for e in entries:
        if e.role == "count":
            if e.scope is None:
                cov = sorted(x.numbers for x in entries if x.table == e.table and x.role == "entry")
            else:
                cov = sorted(x.numbers for x in entries if x.role == "entry" and any(s.covers(x.position) for s in e.scope))
            out.append((e.table, e.numbers, tuple(cov)))
    return sorted(out)


# --- running it ------------------------------------------------------------------

DOC: tcp.Document | None = None  # set by run_all()
ALIGN: walign.Alignment | None = None
TCP_TOKENS: tuple = ()
TCP_INDEX: dict = {}


def evidence_paragraph(res: Result) -> str:
    tables = sorted({i.table.number for i in res.infos if i.table is not None})
    pages = sorted({p for i in res.infos if i.table is not None for p in i.table.pages}, key=lambda p: p.index)
    facts = COMMENTARY.get(res.pd.stem, "").replace("`", "'")
    return (f"Second witness: the EEBO-TCP keying (sources/eebo-tcp-A05389/A05389.xml) gives this run as "
            f"table{'s' if len(tables) > 1 else ''} {', '.join(map(str, tables))} "
            f"({', '.join(str(p) for p in pages)}) with its rows and cells. {facts} This layout is the TCP's, "
            f"row for row and cell for cell, and re-flattens to the run; where the paragraphs above say "
            f"otherwise, this one supersedes them. See docs/collation-notes.md.")


def run_all():
    global ALIGN, DOC, TCP_TOKENS, TCP_INDEX
    DOC = tcp.load()
    ALIGN = walign.align(doc=DOC)
    TCP_TOKENS = ALIGN.tcp
    TCP_INDEX = {(t.start, t.end): i for i, t in enumerate(TCP_TOKENS)}
    pds = read_passages(ALIGN, DOC)
    results = []
    for pd in pds:
        res = analyse(pd, DOC)
        apply_fixes(res)
        res.changed = not same_layout(res)
        if res.changed:
            if not pd.passage.ambiguous:
                res.findings.append(Finding(pd.stem, "flag", None, "ambiguous: false",
                                            "the TCP layout differs from the transcription's and both re-flatten to the run",
                                            "ambiguous: true"))
            res.proposed_text = proposed_file(res, evidence_paragraph(res))
            new = sources.load_passage_text(res.proposed_text, f"docs/collation/proposed/{pd.stem}.yaml")
            res.new_passage = new
        results.append(res)
    return results


# --- consequences: errata and the audit --------------------------------------------

def audit_impact(results: list[Result], moves) -> dict:
    """Run the audit on the transcriptions as they are and as proposed (with
    the curated errata moved to the new positions); the findings left
    uncovered, and the errata problems, of each."""
    from dataclasses import replace

    from rithmocheck import audit, errata

    def run():
        findings = audit.audit_tables()
        errs = errata.load_errata()
        if patched:
            new_pos = {e["id"]: (new, stem) for e, stem, old, new in moves}
            errs = tuple(replace(x, position={"block": new_pos[x.id][0][0], "column": new_pos[x.id][0][1],
                                              "line": new_pos[x.id][0][2]})
                         if x.id in new_pos else x for x in errs)
        matched, used = errata.match(findings, errs)
        uncovered = [f for f in matched if f.erratum is None and not f.informational]
        problems = errata.check_errata(errs, used)
        return uncovered, problems

    saved = sources.load_all
    patched = False
    try:
        before = run()
        new = {r.pd.stem: r.new_passage for r in results if r.changed}
        passages = tuple(new.get(Path(p.path).stem, p) for p in saved())
        sources.load_all = lambda: passages
        patched = True
        after = run()
    finally:
        sources.load_all = saved
    return {"before": before, "after": after}


def finding_key(f) -> tuple:
    return (f.table, f.kind, f.printed, f.expected, f.message)


# --- worked examples, prose tables, wording ----------------------------------------

def examples_check(doc: tcp.Document) -> tuple[int, int, list]:
    """The numbers and cossick signs of the witness lines carrying each worked
    example against the TCP tokens they align with, and the TCP numbers in
    that stretch that the witness lacks. Returns (examples, tokens compared,
    disagreements as (example, line, witness token, TCP token))."""
    examples = sources.load_examples()
    by_line = defaultdict(list)
    for i, t in enumerate(ALIGN.witness):
        by_line[t.line].append(i)
    bad = []
    total = 0
    for ex in examples:
        idx = [i for n in range(ex.line, ex.last_line + 1) for i in by_line[n]]
        nums = [i for i in idx if ALIGN.witness[i].kind in ("number", "sign")]
        total += len(nums)
        for i in nums:
            t = ALIGN.tcp_token(i)
            if ALIGN.how[i] != "equal" or t is None or t.text != ALIGN.witness[i].text:
                bad.append((ex.id, ALIGN.witness[i].line, ALIGN.witness[i].text, t.text if t else None))
        paired = {ALIGN.pairs[i] for i in idx if ALIGN.pairs[i] is not None}
        for j in range(min(paired, default=0), max(paired, default=-1) + 1):
            if ALIGN.tcp[j].kind in ("number", "sign") and j not in paired:
                bad.append((ex.id, ex.line, None, ALIGN.tcp[j].text))
    return len(examples), total, bad


def wording_differences(results: list[Result]) -> Counter:
    """Words of the table runs that the TCP spells otherwise (modernised
    spelling, expanded abbreviations): (witness, TCP) -> count."""
    out = Counter()
    for res in results:
        if res.pd.passage.tokens != "words" or all(i.table is None for i in res.infos):
            continue
        for ti, (n, s, e, text) in enumerate(res.pd.run_tokens):
            if res.pd.tok_cell[ti] is None or re.fullmatch(r"[\d.{}a-z]*\d[\d.{}a-z]*", text):
                continue
            cell = res.pd.tok_cell[ti]
            tcp_words = " ".join(dict.fromkeys(t.text for t in res.pd.tok_tcp[ti]))
            if walign.skeleton(text) != walign.skeleton(tcp_words) or not res.pd.tok_tcp[ti]:
                out[(text, cell.text if not res.pd.tok_tcp[ti] else tcp_words)] += 1
    return out


# --- the report ------------------------------------------------------------------

def ranges(nums: list[int]) -> str:
    nums = sorted(nums)
    out = []
    for n in nums:
        if out and n == out[-1][1] + 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in out)


def move_runs(res: Result) -> list[list]:
    """Moved lines grouped into runs with one shift: [old block, old column,
    old first, old last, new block, new column, new first, new last, shift,
    texts]."""
    items = sorted((L.pos, res.moved[L.pos], L.text) for L in res.pd.lines
                   if L.toks and L.pos in res.moved and res.moved[L.pos] != L.pos)
    runs: list[list] = []
    for old, new, text in items:
        if runs:
            r = runs[-1]
            if (r[0], r[1], r[4], r[5]) == (old[0], old[1], new[0], new[1]) and new[2] - old[2] == r[8]:
                r[3], r[7] = old[2], new[2]
                r[9].append(text)
                continue
        runs.append([old[0], old[1], old[2], old[2], new[0], new[1], new[2], new[2], new[2] - old[2], [text]])
    return runs


def status_of(res: Result) -> dict:
    """For each line with tokens: 'agree' or the set of disagreement kinds
    (its place, role or text in the TCP layout differs)."""
    out = {}
    new_role = {}
    for b in res.new_blocks:
        for col in b.columns:
            for nl in col.lines:
                if len(nl.srcs) == 1:
                    new_role.setdefault(nl.srcs[0].pos, nl.d.get("role", "entry"))
    for L in res.pd.lines:
        if not L.toks:
            continue
        kinds = set(res.line_status.get(L.pos, set()))
        if res.moved.get(L.pos, L.pos) != L.pos and not kinds:
            kinds.add("row")
        if new_role.get(L.pos, L.role) != L.role:
            kinds.add("role")
        out[L.pos] = kinds or "agree"
    return out


def md_escape(s: str) -> str:
    return s.replace("|", "\\|")


def tcp_overview(doc: tcp.Document, results: list[Result]) -> list[str]:
    users = defaultdict(list)
    for res in results:
        for b_i, info in enumerate(res.infos, 1):
            if info.table is not None:
                users[info.table.number].append(f"{res.pd.stem} block {b_i}")
    out = ["| TCP table | page | heading (TCP) | rows | cells | grid columns | transcription |",
           "|---|---|---|---|---|---|---|"]
    for t in doc.tables:
        pages = ", ".join(str(p) for p in t.pages)
        head = t.heading if t.heading_source == "table" else f"{t.heading} (preceding <head>)"
        if t.number == 11:
            head = "(label row) " + " / ".join(c.text for c in t.rows[0].cells)
        out.append(f"| {t.number} | {pages} | {md_escape(head)} | {len(t.rows)} | {len(t.cells)} | {t.width} | "
                   f"{'; '.join(users[t.number]) or '-'} |")
    return out


def correspondence_lines(res: Result) -> list[str]:
    out = []
    for b_i, (cols, info) in enumerate(zip(res.pd.blocks, res.infos), 1):
        if info.table is None:
            ctx = Counter(t.context for col in cols for L in col for t in L.prose)
            pages = sorted({t.page for col in cols for L in col for t in L.tcp_tokens}, key=lambda p: p.index)
            kinds = ", ".join(f"{c} ({n} tokens)" for c, n in ctx.most_common())
            out.append(f"- block {b_i}: TCP running text, not a table: {kinds or 'no TCP tokens'}; "
                       f"{', '.join(str(p) for p in pages)}.")
            continue
        t = info.table
        for c_i, col in enumerate(cols, 1):
            with_cells = [L for L in col if L.cells]
            if not with_cells:
                continue
            offs = Counter(min(L.rows) - L.line for L in with_cells)
            rows = sorted({r for L in with_cells for r in L.rows})
            grid = sorted({k for L in with_cells for c in L.cells for k in c.columns})
            iv = info.intervals.get(c_i)
            off_txt = ", ".join(f"row = line {o:+d} for {n} line{'s' if n > 1 else ''}" for o, n in sorted(offs.items()))
            out.append(f"- block {b_i} column {c_i} (lines {ranges([L.line for L in with_cells])}) ↔ TCP table "
                       f"{t.number}, rows {ranges(rows)}, under grid columns {iv[0]}-{iv[1] if iv else '?'} "
                       f"(its cells use {ranges(grid)}); {off_txt}.")
    return out


def file_section(res: Result, errata_moved, doc: tcp.Document) -> list[str]:
    pd = res.pd
    out = [f"### {pd.stem}.yaml", ""]
    tables = sorted({i.table.number for i in res.infos if i.table is not None})
    lines_tok = [L for L in pd.lines if L.toks]
    st = status_of(res)
    nb = [L for L in lines_tok if L.number_bearing]
    agree_nb = sum(1 for L in nb if st[L.pos] == "agree")
    pages = sorted({t.page for L in lines_tok for t in L.tcp_tokens}, key=lambda p: p.index)
    out.append(f"Run: witness lines {pd.passage.run_lines[0]}-{pd.passage.run_lines[1]} "
               f"({len(pd.run_tokens)} tokens, read as {pd.passage.tokens}); "
               f"TCP: {'table ' + ', '.join(map(str, tables)) if tables else 'running text only'}; "
               f"pages {', '.join(str(p) for p in pages)}.")
    out.append("")
    nums_ok = not any(f.kind in ("number", "sign") for f in res.findings)
    out.append(f"Numbers and cossick signs: {'every number and sign of the run is the TCP’s' if nums_ok else 'DIFFERENCES, see below'}. "
               f"Number-bearing lines: {len(nb)}, of which {agree_nb} stand in the TCP layout exactly as transcribed.")
    out.append("")
    if pd.stem in COMMENTARY:
        out.append(COMMENTARY[pd.stem])
        out.append("")
    out.append("Correspondence (line numbers are the transcription's; the full line-by-line list is in "
               "`docs/collation/correspondence.csv`):")
    out.append("")
    out.extend(correspondence_lines(res))
    out.append("")
    real = [f for f in res.findings if f.kind != "row"]
    rows = [f for f in res.findings if f.kind == "row"]
    if not real and not rows:
        out.append("**Agreement**: the transcription's layout is the TCP's, line for line and cell for cell; "
                   "roles fit the cells. No fix.")
        out.append("")
        return out
    out.append("**Disagreements**")
    out.append("")
    for f in real:
        at = f" at {where(f.pos)}" if f.pos and f.pos[1] else ""
        out.append(f"- *{f.kind}*{at}: the transcription has {md_escape(f.transcription)}; "
                   f"the TCP shows {md_escape(f.tcp)}. Fix: {md_escape(f.fix)}.")
    if rows:
        out.append(f"- *row*: {len(rows)} line(s) stand one or more rows off the TCP's within their column "
                   f"(listed as moves below){'; they follow from the fixes above' if real else ''}.")
    out.append("")
    if res.changed:
        out.append(f"**Proposed fix** (`docs/collation/proposed/{pd.stem}.yaml`, the whole file; it re-flattens "
                   f"to the run, checked with `rithmocheck.sources.load_passage_text`):")
        out.append("")
        runs = move_runs(res)
        if runs:
            out.append("Moves (old block.column.lines → new block.column.lines):")
            out.append("")
            for r in runs:
                old = f"{r[0]}.{r[1]}.{r[2]}" + (f"-{r[3]}" if r[3] != r[2] else "")
                new = f"{r[4]}.{r[5]}.{r[6]}" + (f"-{r[7]}" if r[7] != r[6] else "")
                texts = r[9]
                shown = ", ".join(repr(t) for t in texts[:3]) + (f", … ({len(texts)} lines)" if len(texts) > 3 else "")
                out.append(f"- {old} → {new}: {md_escape(shown)}")
            out.append("")
        changes = role_changes(res)
        if changes:
            out.append("Role and text changes:")
            out.append("")
            out.extend(f"- {c}" for c in changes)
            out.append("")
        if not res.pd.passage.ambiguous:
            out.append("- `ambiguous: false` → `ambiguous: true` (the old layout and the TCP's both re-flatten "
                       "to the run); `layout_evidence` gains a paragraph citing the TCP.")
        else:
            out.append("- `ambiguous` stays true; `layout_evidence` gains a paragraph citing the TCP.")
        sig_old = entries_signature(pd.passage)
        sig_new = entries_signature(res.new_passage)
        if sig_old == sig_new:
            out.append("- Printed entries: the same entries (table, role, numbers, signs) before and after; "
                       "only their positions change.")
        else:
            added = sig_new - sig_old
            removed = sig_old - sig_new
            out.append("- Printed entries: " + "; ".join(
                [f"added {t} {r} {list(n)}" for (t, r, n, _s), k in sorted(added.items()) for _ in range(k)]
                + [f"removed {t} {r} {list(n)}" for (t, r, n, _s), k in sorted(removed.items()) for _ in range(k)])
                + "; all others the same.")
        if count_scopes(pd.passage) == count_scopes(res.new_passage):
            if any(e.role == "count" for e in sources.printed_entries(pd.passage)):
                out.append("- Stated counts: each count covers the same entries as before (scopes remapped).")
        else:
            out.append("- Stated counts: SCOPES CHANGE (check).")
        mine = [(e, old, new) for e, stem, old, new in errata_moved if stem == pd.stem]
        for e, old, new in mine:
            out.append(f"- Curated erratum `{e['id']}` (sic {e.get('sic')}): position {where(old)} → {where(new)}; "
                       f"its id becomes `{e['table']}@{new[0]}.{new[1]}.{new[2]}`.")
        out.append("")
    return out


def role_changes(res: Result) -> list[str]:
    out = []
    for b_i, b in enumerate(res.new_blocks, 1):
        for c_i, col in enumerate(b.columns, 1):
            for l_i, nl in enumerate(col.lines, 1):
                if not nl.srcs:
                    continue
                L = nl.srcs[0]
                new_role = nl.d.get("role", "entry")
                if new_role != L.role or len(nl.srcs) > 1 or nl.d.get("text") != L.text:
                    what = []
                    if new_role != L.role:
                        what.append(f"role {L.role} → {new_role}")
                    if nl.d.get("text") != L.text:
                        what.append(f"text {L.text!r} → {nl.d.get('text')!r}")
                    out.append(f"{where(L.pos)} → {where((b_i, c_i, l_i))}: " + ", ".join(what))
    return out


def write_csv(results: list[Result]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["file", "block", "column", "line", "role", "text", "tcp_table", "tcp_rows", "tcp_grid_columns",
                "tcp_cells", "tcp_context", "pages", "new_block", "new_column", "new_line", "new_role", "status"])
    for res in results:
        st = status_of(res)
        new_role = {}
        for b in res.new_blocks:
            for col in b.columns:
                for nl in col.lines:
                    for L in nl.srcs:
                        new_role.setdefault(L.pos, nl.d.get("role", "entry"))
        for L in res.pd.lines:
            tables = sorted({c.table for c in L.cells})
            grid = sorted({k for c in L.cells for k in c.columns})
            ctx = sorted({t.context for t in L.prose})
            pages = sorted({t.page for t in L.tcp_tokens}, key=lambda p: p.index)
            new = res.moved.get(L.pos) if L.toks else None
            s = st.get(L.pos)
            w.writerow([res.pd.stem, L.block, L.column, L.line, L.role, L.text,
                         ";".join(map(str, tables)), ranges(list(L.rows)) if L.rows else "",
                         ranges(grid) if grid else "", " | ".join(c.text for c in L.cells),
                         ";".join(ctx), "; ".join(str(p) for p in pages),
                         new[0] if new else "", new[1] if new else "", new[2] if new else "",
                         new_role.get(L.pos, "") if L.toks else "",
                         ("agree" if s == "agree" else "+".join(sorted(s))) if s else ("blank" if not L.toks else "")])
    return buf.getvalue()


COMMENTARY = {
    "k1-addition": (
        "The TCP's first row has four label cells of three grid columns each, `Addition.` | `subtractiō` | "
        "`Addition.` | `Substract.`: one word over each column. The transcription set the two words of each "
        "pair as one heading line over the pair's first column (its layout_evidence notes that one word over "
        "each column re-flattens the same). Everything else is the TCP's cell for cell: the group heads alone "
        "in the middle cell of their three (`· | 1 | ·`), `50` there too (row 9), `· | 7 | 12` without a "
        "first term (row 10), the carried `8 | 56 | 64` in row 2 of the third column, `45 | noth.` and "
        "`81 | nothīg` (the word spanning two cells)."),
    "k1-multiplication": (
        "The TCP keys this page as three column groups of three cells: the tail of the addition list "
        "(label `Addition.`) on the left, then the multiplication list in two columns under one label "
        "`Multiplication & Diuision.` (cols=6). The run reads each row from left to right, so it begins "
        "`Addition. Multiplication and Division. 90 2 5 9 45`: the addition tokens come first in every row "
        "because that column stands first. The transcription set the addition column on the right and, to "
        "re-flatten, one line higher than the multiplication columns; in the TCP all three share the rows "
        "(row 1 the two labels; row 2 the heads `90` and `2` and the entry `5 9 45`). The group heads 90, "
        "91, 100, 120, 121 stand alone in the middle cell of their three; the nothing lines `91 | nothīg`, "
        "`100. | noth.`, `190 | noth.` have the number in the first cell and the word over the other two; "
        "153, 169, 225, 289 and 361 stand alone in the first cell, the place of an entry's first term, each "
        "in a row of its own, with the other two cells empty."),
    "k1-geometric": (
        "The TCP's last row is `16 | 28 | 49. | · | 27. | ·`: the count stands under the second column, in "
        "the row of the first column's last entry (as the arithmetic table's `49.` stands under its third "
        "column and the musical table's `17.` under its only one). The transcription set it one line lower "
        "under the first column. Both re-flatten to `16 28 49. 27.`, so `ambiguous: false` was wrong even "
        "before the TCP decided the place."),
    "k2-spaces-multiplication": (
        "The TCP's first row holds the three column labels side by side: `euē against od spaces.` over the "
        "first column (rows=2: it fills rows 1-2 of that column), `euē. spaces. od` over the second and again "
        "over the third. The second and third columns begin in row 2 (`2 8 16 | 3 5 15`), the first in row 3 "
        "(`6 2 12`). The transcription stacked the labels in three rows, the third column's label as line 3 "
        "of column 1, so every column stood one row lower than the TCP's; `od against euē spaces.` (rows=2, "
        "second column, rows 9-10), `Spaces.` (first column, last row) and the counts `21.` (second column, "
        "row 8) and `17.` (third column, row 11) keep their places relative to the entries."),
    "ratios": (
        "`The second order followeth.` is the `<head>` of the TCP division that holds the four superpartient "
        "tables (image 17); the transcription kept it as the last label line of the prose block 1. `The "
        "second order be these.` and `The first order of squares.` are `<head>`s too, read as labels. "
        "`proportion.`, `suꝑparticulres added` and `being the squares.` are marginal notes "
        "(`<note place=\"margin\">`) and the figures' names are figure headings (`<figure><head>`), which "
        "the role label fits. The names of the superpartient ratios are TCP tables 2 and 4, one row of four "
        "cells each, a name under each column of tables 1 and 3 (the transcription had one label line per "
        "side; labels are not audited, and the line's key becomes one key per name)."),
    "k1-arithmetic-musical": (
        "The TCP's label row is `Arithmeticall and musicall proportion.` (cols=4) | `Geometricall and "
        "musicall proportion together.` (cols=4). Only `together.` falls inside the run (the rest is on "
        "witness line 692, the recorded heading lines), so the transcription's line 1 (blank | "
        "`together.`) is the TCP's row 1 as far as the run goes. `16.` stands in row 18 under the right "
        "column, `25.` (cols=2) in row 27 under the left one."),
    "k1-all-three": (
        "The TCP's row 10 is `3 | 5 | 15 | 25 | · | 30 | · | ·`: the lone `30`, without a period, stands in "
        "the second cell of the right column, the place where the other tables set a stated count; the TCP "
        "does not tell a count from an entry, so the reading of `30` stays the transcription's."),
    "k1-arithmetic": "The count `49.` stands in row 8 under the third column, in its middle cell, as transcribed.",
    "k1-arithmetic-geometric": ("`52.` (cols=2) stands in row 24 under the right column, whose row 23 is "
                                "empty, as transcribed."),
    "k1-musical": "One column of three cells; `17.` in the middle cell of row 19, as transcribed.",
    "k2-spaces-division": (
        "The cossick column has two cells a row, the root and the power with its sign "
        "(`2 | 16.{powerof4}`), and is empty in rows 5 and 10, as transcribed; `20.` stands in the middle "
        "cell of row 23 under the first column (row 22 empty there), `27.` in row 29 under the second; "
        "`22 | 5 | 45` (row 11) and `3 | 9 | 4` (row 23) are keyed as transcribed."),
    "standards": ("Two cells a row (the words, the number); rows 1-10 the even side on image 48 left, rows "
                  "11-20 the odd side on image 48 right (a page break inside the table)."),
}

PROSE_NOTES = {
    "men": "the men of kind 1, set in running prose (the rules of the six orders with their numbers)",
    "kings": "the kings' layers, set in running prose",
    "standards": "the victory of standards",
    "k3-obsidion-only": "the kind-3 list of men taken only by obsidion, set in running prose",
    "k2-kings": "the kind-2 kings' roots and quadrates, set in running prose",
    "k2-cossick-signs": "the marking of the men with cossick signs (kind 2)",
}


def prose_section(results: list[Result]) -> list[str]:
    out = []
    for res in results:
        if res.pd.passage.tokens != "numbers":
            continue
        pd = res.pd
        ctx = Counter(t.context for L in pd.lines for t in L.tcp_tokens if t.kind == "number")
        pages = sorted({t.page for L in pd.lines for t in L.tcp_tokens}, key=lambda p: p.index)
        tables = sorted({c.table for L in pd.lines for c in L.cells})
        nums = sum(len(L.numbers) for L in pd.lines)
        bad = [f for f in res.findings if f.kind in ("number", "sign")]
        where_txt = ", ".join(f"`{c}` ({n})" for c, n in ctx.most_common())
        sign_lines = sum(1 for L in pd.lines if L.signs)
        tab = (f"**a table in the TCP** (table {', '.join(map(str, tables))}: "
               f"{len(res.infos[0].table.rows)} rows of two cells, the words and the number; the even side on "
               f"{res.infos[0].table.pages[0]}, the odd side on {res.infos[0].table.pages[-1]}, the page break "
               f"falling between the two sides, which the transcription keeps as two blocks)") if tables else \
            "not a table in the TCP either"
        out.append(f"- `{pd.stem}.yaml` ({PROSE_NOTES.get(pd.stem, '')}; witness lines "
                   f"{pd.passage.run_lines[0]}-{pd.passage.run_lines[1]}): {tab}; its numbers stand in TCP "
                   f"{where_txt}; {', '.join(str(p) for p in pages)}. {nums} numbers"
                   + (f", {sign_lines} lines with cossick signs" if sign_lines else "")
                   + (": all agree with the TCP." if not bad else f": {len(bad)} DIFFERENCES: "
                      + "; ".join(f"{where(f.pos)} {f.transcription} vs {f.tcp}" for f in bad)))
    return out


def report_markdown(doc, results, moves, impact, examples, wording) -> str:
    pm = load_map()
    table_files = [r for r in results if any(i.table is not None for i in r.infos)]
    all_tok = [L for r in results for L in r.pd.lines if L.toks]
    nb_tables = [(r, L) for r in table_files for L in r.pd.lines if L.toks and L.number_bearing
                 and r.infos[L.block - 1].table is not None]
    statuses = {r.pd.stem: status_of(r) for r in results}
    agree = sum(1 for r, L in nb_tables if statuses[r.pd.stem][L.pos] == "agree")
    by_kind = Counter()
    for r, L in nb_tables:
        s = statuses[r.pd.stem][L.pos]
        if s != "agree":
            for k in s:
                by_kind[k] += 1
    # lines that move only because a heading of their block moves (a consequence, not a fault of theirs)
    consequential = []
    for r, L in nb_tables:
        heading_blocks = {r.moved.get(f.pos, f.pos)[0] for f in r.findings
                          if f.kind in ("heading-block", "wrong-column", "split") and f.pos
                          and any(x.pos == f.pos and x.role in ("heading", "label") for x in r.pd.lines)}
        if statuses[r.pd.stem][L.pos] == {"row"} and r.moved[L.pos][0] in heading_blocks:
            consequential.append((r, L))
    conseq_by_file = Counter(r.pd.stem for r, L in consequential)
    own = [(r, L) for r, L in nb_tables if statuses[r.pd.stem][L.pos] != "agree" and (r, L) not in consequential]
    own_by_file = Counter(r.pd.stem for r, L in own)
    all_by_kind = Counter()
    for r in results:
        for pos, s in statuses[r.pd.stem].items():
            if s != "agree":
                for k in s:
                    all_by_kind[k] += 1
    finding_kinds = Counter(f.kind for r in results for f in r.findings if f.kind != "row")
    n_numbers = sum(1 for t in ALIGN.witness if t.kind == "number")
    n_signs = sum(1 for t in ALIGN.witness if t.kind == "sign")
    run_numbers = sum(len(L.numbers) for L in all_tok)
    bad_numbers = [f for r in results for f in r.findings if f.kind in ("number", "sign")]
    changed = [r for r in results if r.changed]
    before_u, _ = impact["before"]
    after_u, _ = impact["after"]
    new_uncovered = [f for f in after_u if finding_key(f) not in {finding_key(g) for g in before_u}]
    gone = [f for f in before_u if finding_key(f) not in {finding_key(g) for g in after_u}]
    n_ex, n_ex_tok, ex_bad = examples

    o = []
    o.append("# Collation of the transcriptions with the second witness (EEBO-TCP A05389)")
    o.append("")
    o.append("<!-- Generated by tools/collate_report.py; do not edit. `python tools/collate_report.py --check` "
             "fails when this file is stale. -->")
    o.append("")
    o.append("The second witness is the Text Creation Partnership's TEI keying of the 1563 book "
             "(`sources/eebo-tcp-A05389/A05389.xml`, provenance in `witness.yaml` beside it). The primary "
             "witness (`sources/lever-fulke-1563/witness.txt`) was derived from it: its numbers and cossick "
             "signs agree with it, so agreement proves transcription and layout, not the print. What the "
             "TCP adds is the layout: every printed table as `<table>/<row>/<cell>`, with `cols`/`rows` "
             "spans, and a page break for every page.")
    o.append("")
    o.append("## Method")
    o.append("")
    o.append("1. `rithmocheck.witness.tcp` reads the TCP (ElementTree, TEI namespace): its tables with each "
             "cell's grid column (spans resolved), text, numbers, cossick signs (keyed "
             "`<expan><am><g ref=\"char:powerofN\"/></am><ex>powerofN</ex></expan>`, rendered `{powerofN}` "
             "as in the primary witness) and page; and its running text with the page at every offset.")
    o.append("2. `rithmocheck.witness.align` aligns the two texts token by token (numbers, signs, spelling "
             "skeletons of words) with `difflib.SequenceMatcher`: of the primary witness's "
             f"{len(ALIGN.witness)} tokens, {sum(1 for h in ALIGN.how if h == 'equal')} pair exactly, "
             f"{sum(1 for h in ALIGN.how if h == 'replace')} pair word for word in stretches of modernised "
             f"spelling, {sum(1 for h in ALIGN.how if h == 'approx')} pair proportionally, "
             f"{sum(1 for h in ALIGN.how if h == 'none')} have no counterpart. All {n_numbers} numbers and "
             f"{n_signs} cossick signs of the primary witness pair exactly with the TCP's.")
    o.append("3. Each token of a transcription's run is thereby tied to a TCP cell (table, row, grid "
             "column) or to running prose. The columns of a block are identified with TCP column groups by "
             "the cells of their entries. A line agrees when it stands in the TCP layout where the "
             "transcription has it (same column, same row within the block, same text) with a role the "
             "cell's place allows.")
    o.append("4. The TCP layout is rebuilt in the transcription format (one line per TCP row and column "
             "group, blanks where the group's cells are empty, the transcription's roles, notes and keys "
             "carried over, count scopes remapped to cover the same entries) and checked with "
             "`rithmocheck.sources.load_passage_text`: every proposal re-flattens to the primary witness's "
             "run, so no disagreement below is a disagreement of the witnesses' texts.")
    o.append("")
    o.append("## Summary")
    o.append("")
    o.append(f"- Numbers: the {len(results)} transcription files hold {run_numbers} numbers in their lines; "
             + ("every one, and every cossick sign, is the TCP's (no reading to record)."
                if not bad_numbers else f"{len(bad_numbers)} differ (see the files)."))
    o.append(f"- Number-bearing lines of the runs that are TCP tables (roles entry, head, group, nothing, "
             f"count, fragment with a number; {len(table_files)} files): {len(nb_tables)}. **{agree} stand in "
             f"the TCP layout exactly as transcribed** (same block, column and line, same text, a role the cell "
             f"allows); {len(nb_tables) - agree} do not, by class (a line may fall in more than one): "
             + ", ".join(f"{k} {n}" for k, n in sorted(by_kind.items())) + ".")
    o.append(f"- Of those {len(nb_tables) - agree}, {len(consequential)} only shift by a row because a heading "
             f"of their block moves ("
             + ", ".join(f"{n} in {k}" for k, n in sorted(conseq_by_file.items()))
             + f"); {len(own)} disagree in their own right ("
             + ", ".join(f"{n} in {k}" for k, n in sorted(own_by_file.items()))
             + f"). Counting only those, **{len(nb_tables) - len(own)} of {len(nb_tables)} agree**, which "
             "reproduces the previous measurement (464 of 523).")
    o.append(f"- All lines with tokens (headings and labels included), every file: "
             f"{sum(1 for r in results for s in statuses[r.pd.stem].values() if s == 'agree')} of "
             f"{sum(len(statuses[r.pd.stem]) for r in results)} agree; disagreements by class: "
             + ", ".join(f"{k} {n}" for k, n in sorted(all_by_kind.items())) + ".")
    o.append("- Disagreements found (one per line or per block, rows excepted): "
             + ", ".join(f"{KIND_TITLES[k]}: {n}" for k, n in sorted(finding_kinds.items())) + ".")
    o.append(f"- Files the TCP corrects ({len(changed)}): "
             + ", ".join(f"`{r.pd.stem}`" for r in changed)
             + "; each has a proposed replacement in `docs/collation/proposed/`. The other "
             f"{len(results) - len(changed)} files agree with the TCP line for line (or have no TCP table).")
    o.append(f"- Worked examples: {n_ex} examples, {n_ex_tok} numbers and signs on their lines; "
             + ("all agree with the TCP, and the TCP has no number there that the primary witness lacks."
                if not ex_bad else f"{len(ex_bad)} differ: " + "; ".join(map(str, ex_bad))))
    o.append("- No disagreement of the witnesses' texts was found: every TCP layout re-flattens to the "
             "primary witness's runs.")
    o.append("- Audit impact of applying every proposal (audit run on the proposed files with the curated "
             "errata moved as listed below): "
             + (f"{len(new_uncovered)} new finding(s) not covered by an erratum: "
                + "; ".join(f"{f.table} {f.kind} at {f.position}: {f.message}" for f in new_uncovered)
                if new_uncovered else "no new uncovered finding")
             + (f"; {len(gone)} finding(s) no longer raised." if gone else "; no finding disappears."))
    o.append("")
    o.append("## The second witness")
    o.append("")
    o.append(f"- {len(doc.tables)} tables, {len(doc.rows)} rows, {len(doc.cells)} cells "
             f"({sum(1 for c in doc.cells if c.role == 'label')} with `role=\"label\"`, "
             f"{sum(1 for c in doc.cells if c.empty)} empty, "
             f"{sum(1 for c in doc.cells if c.cols > 1 or c.rows > 1)} spanning).")
    o.append(f"- {len(doc.breaks)} page breaks `<pb facs=\"tcp:20707:N\"/>`, two for each image N = 1..49 in "
             "document order: the first begins the opening's left page, the second its right page (checked: "
             "no image has a third break and images never go back). Four carry "
             "`rendition=\"simple:additions\"`: "
             + ", ".join(str(b.page) for b in doc.breaks if b.rendition)
             + ". `tcp2tei.xsl` writes that for the TCP's `PB MS=\"Y\"`, a filmed page with manuscript "
               "additions; it is not a supplied or doubtful break, and those pages are keyed like the others. "
               "The two breaks of image 1 stand together before the title page (the title page is image 1 "
               "right; image 1 left has no keyed text), those of image 49 together after the colophon "
               "(image 49 has no keyed text). Pages with no keyed text: "
             + ", ".join(str(tcp.Page.from_index(i)) for i in range(98)
                         if tcp.Page.from_index(i) not in {t.page for t in ALIGN.tcp})
             + ". Image 9 left has nothing at all (its two breaks stand together); 11 left (after the "
               "description of the board), 19 left, 37 right and 44 left (after the settings in array) hold "
               "only a `<figure/>`, a diagram the keying does not transcribe.")
    o.append(f"- Page map of the primary witness: `sources/lever-fulke-1563/pages.yaml` ({len(pm.ranges)} "
             f"ranges of witness lines, {len(pm.breaks)} page breaks inside a line), regenerated by "
             "`tools/write_pages.py`; `rithmocheck.witness.pages.page_of(line)`.")
    o.append("")
    o.extend(tcp_overview(doc, results))
    o.append("")
    o.append("## File by file")
    o.append("")
    o.append("Positions are `block.column.line` of the transcription (1-based). TCP rows are quoted cell by "
             "cell, `·` an empty cell, `⟨cols=n⟩`/`⟨rows=n⟩` a spanning cell, `[label]` a cell with "
             "`role=\"label\"`; the TCP's spelling is kept (`ē`, `ꝑ`: the keyed abbreviation marks).")
    o.append("")
    for res in results:
        if res.pd.passage.tokens == "numbers" and res.pd.stem != "standards":
            continue
        o.extend(file_section(res, moves, doc))
    o.append("## Lists set in prose in the primary witness")
    o.append("")
    o.append("These files read only the numbers of their run (`tokens: numbers`). The TCP sets all of them "
             "as running text too except the standards, which it keys as a table:")
    o.append("")
    o.extend(prose_section(results))
    o.append("")
    o.append("The standards are a table in the TCP and in print; the transcription's two one-column blocks "
             "(even, odd) hold the table's number cells row for row (TCP rows 1-10 and 11-20), so the "
             "reading agrees. Set as a two-column table (words, numbers), it would re-flatten the same "
             "under `tokens: numbers`; the file needs no change.")
    o.append("")
    o.append("## Worked examples (`examples.yaml`)")
    o.append("")
    o.append(f"{n_ex} examples; the {n_ex_tok} numbers and cossick signs on the witness lines that carry "
             "them were compared with the TCP tokens they align with, and the TCP stretch was searched for "
             "numbers the primary witness lacks. "
             + ("None disagrees. The six curated errata of kind `example` (e.g. `addition-120-49`, printed "
                "`.69.`) correct readings that the TCP shares: they are misprints of the book (or slips of the "
                "keying both witnesses inherit), not of the primary witness."
                if not ex_bad else "Disagreements: " + "; ".join(map(str, ex_bad))))
    o.append("")
    o.append("## Wording of the table runs (information)")
    o.append("")
    o.append("Words inside table runs that the primary witness spells otherwise than the TCP (the "
             "modernisation; no number is involved):")
    o.append("")
    for (w, t), n in sorted(wording.items()):
        o.append(f"- `{w}` ← TCP `{t}`" + (f" ({n}×)" if n > 1 else ""))
    o.append("")
    o.append("## Applying the fixes")
    o.append("")
    o.append("1. Replace each file listed above by its proposal in `docs/collation/proposed/` (same header "
             "fields; `ambiguous` true; a paragraph of layout evidence added; new `blocks`). Each proposal "
             "loads with `rithmocheck check-source` and re-flattens to the run.")
    o.append("2. Move the curated errata whose entries move (`corrections/lever-fulke-1563.yaml`): "
             + ("; ".join(f"`{e['id']}` → position {{block: {n[0]}, column: {n[1]}, line: {n[2]}}}, id "
                          f"`{e['table']}@{n[0]}.{n[1]}.{n[2]}`" for e, stem, o_, n in moves)
                if moves else "none") + ".")
    o.append("3. The five lone numbers of the multiplication page (153, 169, 225, 289, 361) become entries "
             "of k1-addition with only a first term; the audit then reports each as a printed entry that "
             "fails the relation (kind spurious, no slip mends it). They need an editor's decision recorded "
             "as errata (for instance: the rest of the entry not printed, or a brace of the single `noth.` "
             "of the 190 line over the six lines, which would make them nothing lines; the TCP sets the "
             "`noth.` in the 190 row only). Alternatively the transcription format could gain a role for an "
             "entry printed with its first term only.")
    o.append("4. Positions are not unique across files: the addition column of the multiplication page "
             "(table k1-addition, file k1-multiplication) reuses the block/column/line numbers of "
             "k1-addition.yaml, before and after the fix (it becomes column 1 there). The errata match by "
             "table, position and sic, so the moves above stay unambiguous; a position carrying the "
             "passage would remove the clash.")
    o.append("5. Regenerate `output/` (`rithmocheck build`): positions in the printed tables change.")
    o.append("")
    return "\n".join(o)


def outputs() -> dict[Path, str]:
    results = run_all()
    moves = errata_moves(results)
    impact = audit_impact(results, moves)
    examples = examples_check(DOC)
    wording = wording_differences(results)
    files = {REPORT: report_markdown(DOC, results, moves, impact, examples, wording), CSV_FILE: write_csv(results)}
    for r in results:
        if r.changed:
            files[PROPOSED / f"{r.pd.stem}.yaml"] = r.proposed_text
    return files


def main(argv: list[str]) -> int:
    files = outputs()
    if "--check" in argv:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        extra = [p for p in PROPOSED.glob("*.yaml") if p not in files] if PROPOSED.exists() else []
        for p in stale + extra:
            print(f"stale: {p.relative_to(ROOT)}", file=sys.stderr)
        return 1 if stale or extra else 0
    PROPOSED.mkdir(parents=True, exist_ok=True)
    for p in PROPOSED.glob("*.yaml"):
        if p not in files:
            p.unlink()
    for p, text in files.items():
        p.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
