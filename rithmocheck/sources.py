"""Loading and validating transcriptions of the 1563 witness.

A transcription records a printed passage in its printed layout (see
docs/transcription-format.md). Its proof of fidelity is that re-flattening the
layout row by row across its columns gives back the printed run token for
token, and that the run stands verbatim at the recorded lines of the witness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .yamlsafe import InputError, LDict, LList, load_file, load_text

SOURCE_DIR = Path(__file__).resolve().parent.parent / "sources" / "lever-fulke-1563"
WITNESS = SOURCE_DIR / "witness.txt"
TABLES_DIR = SOURCE_DIR / "tables"

ROLES = ("entry", "heading", "label", "nothing", "count", "blank", "group", "head", "fragment", "prose")
NUMBER_TOKEN = re.compile(r"^(\d+)\.?(?:\{powerof(\d)\})*\.?$")
SIGN = re.compile(r"\{powerof(\d)\}")
DIGITS = re.compile(r"\d+")


def run_tokens(run: str, mode: str) -> tuple[str, ...]:
    """The tokens of a run: whitespace-separated words ("words"), or only the
    integers standing in the text ("numbers", for lists set in prose; cossick
    sign markers are not numbers)."""
    if mode == "numbers":
        return tuple(DIGITS.findall(SIGN.sub(" ", run)))
    return tuple(run.split())


@dataclass(frozen=True)
class Position:
    block: int
    column: int
    line: int

    def as_dict(self) -> dict:
        return {"block": self.block, "column": self.column, "line": self.line}


@dataclass(frozen=True)
class Scope:
    """Part of a table a stated count covers: a column of a block, optionally
    only its lines first..last."""

    block: int
    column: int
    first: int = 1
    last: int | None = None

    def covers(self, pos: Position) -> bool:
        return (pos.block, pos.column) == (self.block, self.column) and self.first <= pos.line and (
            self.last is None or pos.line <= self.last)


@dataclass(frozen=True)
class Line:
    text: str
    role: str
    position: Position
    yaml_line: int
    note: str | None = None
    counts: str | None = None
    key: str | None = None
    scope: tuple["Scope", ...] | None = None  # count lines: the entries the count covers

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.text.split())

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(int(m.group(1)) for t in self.tokens if (m := NUMBER_TOKEN.match(t)))

    @property
    def signs(self) -> tuple[int, ...]:
        return tuple(int(s) for s in SIGN.findall(self.text))


@dataclass(frozen=True)
class Column:
    heading: str | None
    table: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Block:
    table: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class Passage:
    path: str
    passage: str
    heading: str
    heading_lines: tuple[int, int]
    run_lines: tuple[int, int]
    run: str
    layout_evidence: str
    ambiguous: bool
    blocks: tuple[Block, ...]
    tokens: str = "words"

    @property
    def tables(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for b in self.blocks:
            for c in b.columns:
                seen.setdefault(c.table, None)
        return tuple(seen)


@dataclass(frozen=True)
class PrintedEntry:
    """One printed entry (or statement) of a table, at its printed position."""

    table: str
    position: Position
    role: str  # entry, nothing, count
    numbers: tuple[int, ...]
    text: str
    signs: tuple[int, ...] = ()
    key: str | None = None
    scope: tuple[Scope, ...] | None = None  # count: the entries counted (None: the whole table)


def entry_text(numbers, signs=()) -> str:
    """An entry as the transcription writes it: numbers, then cossick signs."""
    return " ".join(str(n) for n in numbers) + "".join(f"{{powerof{s}}}" for s in signs)


def _known_tables() -> frozenset[str]:
    from .tables import TABLE_IDS

    return frozenset(TABLE_IDS)


def _need(data: LDict, key: str, kind, path: str, what: str = ""):
    if key not in data:
        raise InputError(path, data.line, f"missing field {key!r}{what}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise InputError(path, getattr(value, "line", data.line), f"field {key!r} must be {names}")
    return value


def _span(data: LDict, key: str, path: str) -> tuple[int, int]:
    value = _need(data, key, list, path)
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise InputError(path, value.line, f"field {key!r} must be [first, last] line numbers")
    first, last = value
    if not 1 <= first <= last:
        raise InputError(path, value.line, f"field {key!r}: bad line span {first}..{last}")
    return first, last


def parse_passage(data, path: str) -> Passage:
    """Validate the structure of a transcription and build a Passage."""
    if not isinstance(data, LDict):
        raise InputError(path, getattr(data, "line", 1), "a transcription must be a YAML mapping")
    allowed = {"passage", "heading", "heading_lines", "run_lines", "run", "layout_evidence",
               "ambiguous", "blocks", "note", "tokens"}
    for key in data:
        if key not in allowed:
            raise InputError(path, data.line, f"unknown field {key!r}")
    known = _known_tables()
    passage = _need(data, "passage", str, path)
    heading = _need(data, "heading", str, path)
    heading_lines = _span(data, "heading_lines", path)
    run_lines = _span(data, "run_lines", path)
    run = _need(data, "run", str, path)
    evidence = _need(data, "layout_evidence", str, path)
    ambiguous = _need(data, "ambiguous", bool, path) if "ambiguous" in data else False
    mode = _need(data, "tokens", str, path) if "tokens" in data else "words"
    if mode not in ("words", "numbers"):
        raise InputError(path, data["tokens"].line, "field 'tokens' must be 'words' or 'numbers'")
    raw_blocks = _need(data, "blocks", list, path)
    if not raw_blocks:
        raise InputError(path, raw_blocks.line, "'blocks' is empty")
    blocks = []
    for b_i, raw_block in enumerate(raw_blocks, 1):
        if not isinstance(raw_block, LDict):
            raise InputError(path, getattr(raw_block, "line", raw_blocks.line), f"block {b_i} must be a mapping")
        for key in raw_block:
            if key not in {"table", "columns", "note"}:
                raise InputError(path, raw_block.line, f"block {b_i}: unknown field {key!r}")
        b_table = _need(raw_block, "table", str, path, f" in block {b_i}")
        if b_table not in known:
            raise InputError(path, raw_block["table"].line, f"unknown table id {b_table!r}")
        raw_cols = _need(raw_block, "columns", list, path, f" in block {b_i}")
        columns = []
        for c_i, raw_col in enumerate(raw_cols, 1):
            if not isinstance(raw_col, LDict):
                raise InputError(path, getattr(raw_col, "line", raw_cols.line), f"block {b_i} column {c_i} must be a mapping")
            for key in raw_col:
                if key not in {"heading", "table", "lines", "note"}:
                    raise InputError(path, raw_col.line, f"block {b_i} column {c_i}: unknown field {key!r}")
            c_heading = raw_col.get("heading")
            if c_heading is not None and not isinstance(c_heading, str):
                raise InputError(path, raw_col.line, f"block {b_i} column {c_i}: 'heading' must be text or null")
            c_table = raw_col.get("table", b_table)
            if not isinstance(c_table, str) or c_table not in known:
                raise InputError(path, raw_col.line, f"unknown table id {c_table!r}")
            raw_lines = _need(raw_col, "lines", list, path, f" in block {b_i} column {c_i}")
            lines = []
            for l_i, raw_line in enumerate(raw_lines, 1):
                pos = Position(b_i, c_i, l_i)
                lines.append(_parse_line(raw_line, pos, path, raw_lines.line))
            for prev, nxt in zip(lines, lines[1:] + [None]):
                if prev.role == "fragment" and (nxt is None or nxt.role != "entry"):
                    raise InputError(path, prev.yaml_line, f"{_where(prev.position)}: a fragment must be followed by an entry line")
            columns.append(Column(c_heading, c_table, tuple(lines)))
        blocks.append(Block(b_table, tuple(columns)))
    return Passage(path, passage, heading, heading_lines, run_lines, run, evidence, ambiguous,
                   tuple(blocks), mode)


def _where(pos: Position) -> str:
    return f"block {pos.block} column {pos.column} line {pos.line}"


def _parse_line(raw, pos: Position, path: str, parent_line: int) -> Line:
    if isinstance(raw, str):
        text, role, note, counts, key, scope = raw, "entry", None, None, None, None
        y = getattr(raw, "line", parent_line)
    elif isinstance(raw, LDict):
        y = raw.line
        for key in raw:
            if key not in {"text", "role", "note", "counts", "key", "scope"}:
                raise InputError(path, y, f"{_where(pos)}: unknown field {key!r}")
        text = raw.get("text")
        if not isinstance(text, str):
            raise InputError(path, y, f"{_where(pos)}: 'text' must be a string")
        role = raw.get("role", "entry")
        if role not in ROLES:
            raise InputError(path, y, f"{_where(pos)}: unknown role {role!r} (one of {', '.join(ROLES)})")
        note = raw.get("note")
        counts = raw.get("counts")
        key = raw.get("key")
        if key is not None and not isinstance(key, str):
            raise InputError(path, y, f"{_where(pos)}: 'key' must be a string")
        if counts is not None and (role != "count" or counts not in _known_tables()):
            raise InputError(path, y, f"{_where(pos)}: 'counts' must name a table id, on a count line")
        scope = _parse_scope(raw["scope"], pos, path, y) if "scope" in raw else None
        if scope is not None and role != "count":
            raise InputError(path, y, f"{_where(pos)}: 'scope' belongs on a count line")
    else:
        raise InputError(path, getattr(raw, "line", parent_line), f"{_where(pos)}: a line must be a string or a mapping")
    line = Line(str(text), role, pos, y, note, counts, key, scope)
    tokens = line.tokens
    if role == "blank" and tokens:
        raise InputError(path, y, f"{_where(pos)}: a blank line must have empty text")
    if role != "blank" and not tokens:
        raise InputError(path, y, f"{_where(pos)}: empty text (use role: blank)")
    if role in ("entry", "group", "head", "fragment", "count"):
        bad = [t for t in tokens if not NUMBER_TOKEN.match(t)]
        if bad:
            raise InputError(path, y, f"{_where(pos)}: {bad[0]!r} is not an integer token")
    if role == "count" and len(tokens) != 1:
        raise InputError(path, y, f"{_where(pos)}: a count line holds one number")
    return line


def _parse_scope(raw, pos: Position, path: str, y: int) -> tuple[Scope, ...]:
    """scope: [{block: B, column: C, lines: [first, last]}, ...] (lines optional)."""
    if not isinstance(raw, list) or not raw:
        raise InputError(path, y, f"{_where(pos)}: 'scope' must be a non-empty list of {{block, column, lines}}")
    out = []
    for item in raw:
        ok = isinstance(item, dict) and set(item) <= {"block", "column", "lines"} and all(
            isinstance(item.get(k), int) and not isinstance(item.get(k), bool) and item[k] >= 1
            for k in ("block", "column"))
        lines = item.get("lines", [1, None]) if ok else None
        if not ok or not (isinstance(lines, list) and len(lines) == 2 and isinstance(lines[0], int)
                          and (lines[1] is None or isinstance(lines[1], int) and lines[1] >= lines[0])):
            raise InputError(path, getattr(item, "line", y), f"{_where(pos)}: bad scope item {item!r}")
        out.append(Scope(item["block"], item["column"], lines[0], lines[1]))
    return tuple(out)


def flatten(passage: Passage) -> tuple[str, ...]:
    """Read the layout row by row across its columns, as the witness did."""
    out: list[str] = []
    for block in passage.blocks:
        depth = max((len(c.lines) for c in block.columns), default=0)
        for i in range(depth):
            for column in block.columns:
                if i < len(column.lines):
                    out.extend(run_tokens(column.lines[i].text, passage.tokens))
    return tuple(out)


@lru_cache(maxsize=4)
def witness_lines(path: str = str(WITNESS)) -> tuple[str, ...]:
    return tuple(Path(path).read_text(encoding="utf-8").split("\n"))


def check_fidelity(passage: Passage, witness: tuple[str, ...] | None = None) -> None:
    """Raise InputError unless the layout re-flattens to the run and the run
    stands verbatim at its recorded lines of the witness."""
    witness = witness if witness is not None else witness_lines()
    first, last = passage.run_lines
    if last > len(witness):
        raise InputError(passage.path, None, f"run_lines {first}..{last} lie beyond the witness ({len(witness)} lines)")
    printed = "\n".join(witness[first - 1:last])
    if passage.run.rstrip("\n") != printed:
        raise InputError(passage.path, None, f"'run' is not the verbatim text of witness lines {first}..{last}")
    h_first, h_last = passage.heading_lines
    heading_text = " ".join(" ".join(witness[h_first - 1:h_last]).split())
    if " ".join(passage.heading.split()) not in heading_text:
        raise InputError(passage.path, None, f"'heading' is not found at witness lines {h_first}..{h_last}")
    expected = run_tokens(passage.run, passage.tokens)
    got = flatten(passage)
    for i, (e, g) in enumerate(zip(expected, got)):
        if e != g:
            raise InputError(passage.path, _yaml_line_of_token(passage, i),
                             f"layout does not re-flatten: token {i + 1} is {g!r}, the run has {e!r}")
    if len(got) != len(expected):
        raise InputError(passage.path, None,
                         f"layout does not re-flatten: it gives {len(got)} tokens, the run has {len(expected)}")


def _yaml_line_of_token(passage: Passage, index: int) -> int | None:
    n = 0
    for block in passage.blocks:
        depth = max((len(c.lines) for c in block.columns), default=0)
        for i in range(depth):
            for column in block.columns:
                if i < len(column.lines):
                    line = column.lines[i]
                    n += len(run_tokens(line.text, passage.tokens))
                    if n > index:
                        return line.yaml_line
    return None


def printed_entries(passage: Passage) -> tuple[PrintedEntry, ...]:
    """The entries (and 'nothing' lines and stated counts) in printed order:
    column by column, line by line within a block. Group numbers are prefixed
    to the entries they head; fragments are joined to the following line."""
    out: list[PrintedEntry] = []
    for block in passage.blocks:
        for column in block.columns:
            group: tuple[int, ...] = ()
            head: tuple[int, ...] = ()
            pending: Line | None = None
            for line in column.lines:
                if line.role == "group":
                    group = head = line.numbers
                elif line.role == "head":
                    head = line.numbers
                elif line.role == "fragment":
                    pending = line
                elif line.role == "entry":
                    numbers = line.numbers
                    text = line.text
                    pos = line.position
                    signs = line.signs
                    if pending is not None:
                        numbers = pending.numbers + numbers
                        text = pending.text + " " + text
                        pos = pending.position
                        signs = pending.signs + signs
                        pending = None
                    out.append(PrintedEntry(column.table, pos, "entry", group + numbers, text, signs, line.key))
                elif line.role == "nothing":
                    out.append(PrintedEntry(column.table, line.position, "nothing", line.numbers or head, line.text,
                                            key=line.key))
                elif line.role == "count":
                    out.append(PrintedEntry(line.counts or column.table, line.position, "count", line.numbers,
                                            line.text, scope=line.scope))
    return tuple(out)


def load_passage(path: str | Path, witness: tuple[str, ...] | None = None) -> Passage:
    data = load_file(path)
    passage = parse_passage(data, str(path))
    check_fidelity(passage, witness)
    return passage


def load_passage_text(text: str, path: str = "<input>", witness: tuple[str, ...] | None = None) -> Passage:
    passage = parse_passage(load_text(text, path), path)
    check_fidelity(passage, witness)
    return passage


def passage_files(directory: Path = TABLES_DIR) -> tuple[Path, ...]:
    return tuple(sorted(directory.glob("*.yaml")))


@lru_cache(maxsize=1)
def load_all() -> tuple[Passage, ...]:
    return tuple(load_passage(p) for p in passage_files())


def passages_for(table_id: str) -> tuple[Passage, ...]:
    """The passages holding columns of a table (a table may run on into the
    next printed run)."""
    return tuple(p for p in load_all() if table_id in p.tables)


def entries_of(table_id: str) -> tuple[tuple[Passage, PrintedEntry], ...]:
    return tuple((p, e) for p in passages_for(table_id) for e in printed_entries(p) if e.table == table_id)


def layout_lines(passage: Passage, table_id: str | None = None):
    """(block, columns) pairs of a passage for display, optionally only the
    columns of one table."""
    for block_no, block in enumerate(passage.blocks, 1):
        cols = [(i, c) for i, c in enumerate(block.columns, 1) if table_id is None or c.table == table_id]
        if cols:
            yield block_no, cols


# --- worked examples -----------------------------------------------------------

EXAMPLES = SOURCE_DIR / "examples.yaml"
COVERAGE = SOURCE_DIR / "coverage.yaml"
EXAMPLE_KINDS = ("sum", "difference", "product", "quotient", "square", "root", "half", "contains",
                 "proportion", "taking", "list", "count", "victory", "standards")


@dataclass(frozen=True)
class Example:
    id: str
    line: int
    last_line: int
    heading: str
    quote: str
    kind: str
    operands: tuple
    stated: object
    method: str | None
    what: str | None
    note: str | None


def _quote_span(quote: str, line: int, witness: tuple[str, ...]) -> int | None:
    """The last witness line of a quote beginning on `line` (whitespace folded)."""
    want = " ".join(quote.split())
    text = ""
    for last in range(line, min(line + 12, len(witness)) + 1):
        text = " ".join((text + " " + witness[last - 1]).split())
        if want in text:
            return last
    return None


def load_examples(path: Path = EXAMPLES, witness: tuple[str, ...] | None = None) -> tuple[Example, ...]:
    witness = witness if witness is not None else witness_lines()
    data = load_file(path)
    if not isinstance(data, LDict) or not isinstance(data.get("examples"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'examples'")
    out, seen = [], set()
    for raw in data["examples"]:
        if not isinstance(raw, LDict):
            raise InputError(path, getattr(raw, "line", None), "an example must be a mapping")
        for key in ("id", "line", "heading", "quote", "kind"):
            if key not in raw:
                raise InputError(path, raw.line, f"example: missing field {key!r}")
        ex_id, line = raw["id"], raw["line"]
        if ex_id in seen:
            raise InputError(path, raw.line, f"duplicate example id {ex_id!r}")
        seen.add(ex_id)
        if raw["kind"] not in EXAMPLE_KINDS:
            raise InputError(path, raw.line, f"example {ex_id}: unknown kind {raw['kind']!r}")
        if not isinstance(line, int) or not 1 <= line <= len(witness):
            raise InputError(path, raw.line, f"example {ex_id}: line {line!r} is not a line of the witness")
        last = _quote_span(str(raw["quote"]), line, witness)
        if last is None:
            raise InputError(path, raw.line, f"example {ex_id}: the quote is not found at witness line {line}")
        operands = raw.get("operands", [])
        if not isinstance(operands, list):
            raise InputError(path, raw.line, f"example {ex_id}: 'operands' must be a list")
        out.append(Example(str(ex_id), line, last, str(raw["heading"]), str(raw["quote"]), str(raw["kind"]),
                           tuple(operands), raw.get("stated"), raw.get("method"), raw.get("what"),
                           raw.get("note")))
    return tuple(out)


def load_coverage(path: Path = COVERAGE) -> tuple[tuple[int, int, str], ...]:
    """Witness passages recorded as carrying no checkable number, with the reason."""
    data = load_file(path)
    if not isinstance(data, LDict) or not isinstance(data.get("unchecked"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'unchecked'")
    out = []
    for raw in data["unchecked"]:
        if not isinstance(raw, LDict) or not isinstance(raw.get("reason"), str):
            raise InputError(path, getattr(raw, "line", None), "each entry needs 'lines' and a 'reason'")
        span = _span(raw, "lines", str(path))
        out.append((span[0], span[1], str(raw["reason"])))
    return tuple(out)


def digit_lines(witness: tuple[str, ...]) -> tuple[int, ...]:
    """Witness lines that carry a number (cossick sign markers aside)."""
    return tuple(i for i, l in enumerate(witness, 1) if DIGITS.search(SIGN.sub(" ", l)))
