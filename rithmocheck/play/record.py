"""A game record: a game written as its rules, its starting position and its
moves in the notation of docs/play.md, with the captures each move made,
and read back, every move checked by the engine.

The record is text, one item a line (`#` begins a comment; blank lines are
skipped):

    # rithmocheck game record (docs/play.md, "Game records")
    ruleset: lever-fulke-1563/kind-1
    option: camp-spaces=48
    agreement: bodies:men=4
    limit: 200
    start: start
    1. f4-f6
    2. c13-c11
    3. e5xe7 {addition: 12 on e7 by e5, d6}
    result: even (bodies)

The header first: `ruleset` (an id, as `--ruleset` takes it) and `start`
(`start`, the ruleset's starting position, or a position in the one-line
notation) once each; `option: NAME=VALUE` as often as options are chosen;
`agreement` (a common victory, as `--agreement` takes it) and `limit` (the
moves after which the game is drawn) at most once. Then the moves, numbered
from 1, each with its captures between braces, separated by `; `, each
written as `rithmocheck move` writes it in text (`METHOD: NUMBER on SQUARE
by SQUARE, SQUARE`, `(a layer)` after the number when a king's layer is
taken); a move that takes nothing has no braces. Last, optionally, the
result: `even` or `odd` (that side won with the last move), `draw` (the
limit reached, or the side to move has no move), or `unfinished`, and after
it, in parentheses, what the writer says of it.

Reading a record (`read_record`) checks its form; `replay` plays it under
the rules: every move must be legal, make exactly the captures written,
and no move but the last may make a victory; the result must be what the
moves make. A record that fails is bad input naming the file, the line, the
move and the problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from .captures import Capture
from .moves import Outcome, legal_moves, parse_move, play
from .position import Position, parse, square_name
from .rules import Rules
from .victories import agreement_text, parse_agreement

HEADER = "# rithmocheck game record (docs/play.md, \"Game records\")"
RESULTS = ("even", "odd", "draw", "unfinished")
MAX_MOVES = 100_000  # a record longer than this is refused before it is played


@dataclass(frozen=True)
class RecordedMove:
    number: int
    line: int
    text: str
    captures: tuple[str, ...]  # as written, each in the canonical form of capture_text


@dataclass(frozen=True)
class Record:
    path: str
    ruleset: str
    options: tuple[str, ...]  # NAME=VALUE, as --option takes them
    agreement: dict[str, Any] | None
    limit: int | None
    start: str  # "start" or a position in the one-line notation
    start_line: int
    moves: tuple[RecordedMove, ...]
    result: str | None  # one of RESULTS, or None when the record gives none
    result_note: str = ""
    result_line: int | None = None
    lines: dict[str, int] = field(default_factory=dict)  # the line of each header item (option N: "option N")


@dataclass(frozen=True)
class Ply:
    """One move replayed: the position before it, the move and what it made."""

    number: int
    before: Position
    move_text: str
    kind: str
    outcome: Outcome
    captures: tuple[str, ...] = field(default=())

    @property
    def side(self) -> str:
        return self.before.to_move


# --- captures as text ----------------------------------------------------------------------------------

def capture_text(c: Capture, before: Position) -> str:
    """A capture as `rithmocheck move` writes it in text: `addition: 12 on d8 by e9, f8` (the squares those of
    the position after the move and before its captures, Outcome.before)."""
    d = c.as_json(before)
    part = " (a layer)" if d.get("layer") else ""
    return f"{d['method']}: {d['value']}{part} on {d['taken']} by {', '.join(d['takers'])}"


_CAPTURE = re.compile(r"^([a-z][a-z-]{0,40}): ([0-9]{1,7})( \(a layer\))? on ([a-h][0-9]{1,2}) by "
                      r"([a-h][0-9]{1,2}(?:, [a-h][0-9]{1,2}){0,7})$")


# --- writing -------------------------------------------------------------------------------------------

def write_record(ruleset: str, options: Iterable[str], agreement: dict[str, Any] | None, limit: int | None,
                 start: str, moves: Sequence[tuple[str, Sequence[str]]], result: str | None = None,
                 note: str = "") -> str:
    """The text of a record: the rules, the start, each move (its text and its captures' texts) and the
    result."""
    lines = [HEADER, f"ruleset: {ruleset}"]
    lines += [f"option: {o}" for o in options]
    if agreement:
        lines.append(f"agreement: {agreement_text(agreement)}")
    if limit is not None:
        lines.append(f"limit: {limit}")
    lines.append(f"start: {start}")
    for i, (text, caps) in enumerate(moves, 1):
        lines.append(f"{i}. {text}" + (f" {{{'; '.join(caps)}}}" if caps else ""))
    if result is not None:
        lines.append(f"result: {result}" + (f" ({note})" if note else ""))
    return "\n".join(lines) + "\n"


# --- reading -------------------------------------------------------------------------------------------

_MOVE_LINE = re.compile(r"^([0-9]{1,7})\.\s+(\S+)(?:\s+\{(.*)\})?$")
_RESULT = re.compile(r"^(even|odd|draw|unfinished)(?:\s+\((.*)\))?$")


def read_record(text: str, path: str) -> Record:
    """A record's form checked (not yet its moves: replay plays them)."""
    header: dict[str, tuple[str, int]] = {}
    options: list[str] = []
    lines: dict[str, int] = {}
    moves: list[RecordedMove] = []
    result: tuple[str, str, int] | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if result is not None:
            raise InputError(path, n, "nothing may follow the result")
        m = _MOVE_LINE.match(line)
        if m:
            number = int(m.group(1))
            missing = [k for k in ("ruleset", "start") if k not in header]
            if missing:
                raise InputError(path, n, f"move {number}: the header before the moves names no {missing[0]} "
                                          f"('{missing[0]}: ...')")
            if number != len(moves) + 1:
                raise InputError(path, n, f"move {number}: the moves are numbered 1, 2, 3 ...; "
                                          f"move {len(moves) + 1} was expected")
            if len(moves) >= MAX_MOVES:
                raise InputError(path, n, f"move {number}: a record holds at most {MAX_MOVES:,} moves")
            caps = tuple(_read_captures(m.group(3), path, n, number)) if m.group(3) is not None else ()
            moves.append(RecordedMove(number, n, m.group(2), caps))
            continue
        key, colon, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not colon or key not in ("ruleset", "option", "agreement", "limit", "start", "result"):
            what = f"move {len(moves) + 1}: " if moves else ""
            raise InputError(path, n, f"{what}{line[:40]!r} is neither a move ('N. MOVE {{CAPTURES}}') nor one of "
                                      "ruleset:, option:, agreement:, limit:, start:, result:")
        if key == "result":
            r = _RESULT.match(value)
            if not r:
                raise InputError(path, n, f"result: {value[:30]!r} is not one of {', '.join(RESULTS)} "
                                          "(with a note in parentheses after it)")
            result = (r.group(1), r.group(2) or "", n)
            continue
        if moves:
            raise InputError(path, n, f"{key}: the header comes before the moves")
        if key == "option":
            if "=" not in value:
                raise InputError(path, n, f"option: {value[:30]!r} is not NAME=VALUE, e.g. camp-spaces=48")
            lines[f"option {len(options)}"] = n
            options.append(value)
            continue
        if key in header:
            raise InputError(path, n, f"{key}: given twice (first on line {header[key][1]})")
        if not value:
            raise InputError(path, n, f"{key}: has no value")
        header[key] = (value, n)
        lines[key] = n
    for key in ("ruleset", "start"):
        if key not in header:
            raise InputError(path, None, f"the record names no {key} ('{key}: ...' in its header)")
    agreement = None
    if "agreement" in header:
        agreement = parse_agreement(header["agreement"][0], f"{path}:{header['agreement'][1]}: agreement")
    limit = None
    if "limit" in header:
        value, n = header["limit"]
        if not (value.isascii() and value.isdigit()) or len(value) > 7 or int(value) < 1:
            raise InputError(path, n, f"limit: {value[:20]!r} is not a whole number of moves (1 or more)")
        limit = int(value)
    res, note, res_line = result if result is not None else (None, "", None)
    return Record(path, header["ruleset"][0], tuple(options), agreement, limit, header["start"][0],
                  header["start"][1], tuple(moves), res, note, res_line, lines)


def _read_captures(text: str, path: str, line: int, number: int) -> Iterable[str]:
    for part in text.split(";"):
        c = " ".join(part.split())
        if not _CAPTURE.match(c):
            raise InputError(path, line, f"move {number}: {c[:50]!r} is not a capture as 'METHOD: NUMBER on SQUARE "
                                         "by SQUARE, SQUARE' (e.g. 'addition: 12 on d8 by e9, f8')")
        yield c


# --- replaying -----------------------------------------------------------------------------------------

def start_position(record: Record, rules: Rules) -> Position:
    if record.start == "start":
        return rules.start_position()
    return parse(record.start, rules.kings, rules.ranks, f"{record.path}:{record.start_line}: start")


def replay(record: Record, rules: Rules) -> list[Ply]:
    """Every move of the record played and checked: legal, making the captures written; the game not ended
    before its last move; the result the one the moves make."""
    pos = start_position(record, rules)
    plies: list[Ply] = []
    for rm in record.moves:
        where = f"{record.path}:{rm.line}"
        if plies and plies[-1].outcome.victories:
            v = plies[-1].outcome.victories[0]
            raise InputError(record.path, rm.line, f"move {rm.number}: the game ended with move {rm.number - 1} "
                                                   f"({victory_text(v)}); the record goes on")
        if record.limit is not None and rm.number > record.limit:
            raise InputError(record.path, rm.line, f"move {rm.number}: the game was drawn after move {record.limit} "
                                                   f"(limit: {record.limit}); the record goes on")
        try:
            move = parse_move(rm.text, pos, rules, where)
        except InputError as exc:
            raise InputError(record.path, rm.line, f"move {rm.number} ({rm.text[:20]}): {exc.problem}") from None
        out = play(pos, move, rules, record.agreement)
        made = tuple(capture_text(c, out.before) for c in out.captures)
        if sorted(made) != sorted(rm.captures):
            said = "; ".join(rm.captures) or "no capture"
            raise InputError(record.path, rm.line, f"move {rm.number} ({rm.text[:20]}): the record gives {said}, "
                                                   f"but the move makes {'; '.join(made) or 'no capture'}")
        plies.append(Ply(rm.number, pos, move.text(rules.kings), move.kind, out, made))
        pos = out.position
    _check_result(record, rules, plies, pos)
    return plies


def ending(rules: Rules, plies: Sequence[Ply], pos: Position, limit: int | None) -> tuple[str, str]:
    """What the moves make of the game: (result, note), the result one of RESULTS."""
    if plies and plies[-1].outcome.victories:
        v = plies[-1].outcome.victories[0]
        return str(v["side"]), str(v["victory"])
    if limit is not None and len(plies) >= limit:
        return "draw", f"the limit of {limit} moves"
    if not legal_moves(pos, rules):
        return "draw", f"{pos.to_move} has no move"
    return "unfinished", ""


def _check_result(record: Record, rules: Rules, plies: list[Ply], pos: Position) -> None:
    if record.result is None:
        return
    made, note = ending(rules, plies, pos, record.limit)
    if made != record.result:
        said = f"{made} ({note})" if note else made
        raise InputError(record.path, record.result_line, f"result: the record gives {record.result}, but the moves "
                                                          f"make {said}")


def victory_text(v: dict[str, Any]) -> str:
    return f"{v['victory']} of the {v['side']} side"


def board_text(pos: Position, rules: Rules) -> str:
    """The board in text, the odd side's end at the top: each square its man's token or a dot."""
    from .position import token

    cells = {sq: token(m, rules.kings) for sq, m in pos.board}
    width = max([3, *(len(t) for t in cells.values())])
    rows = []
    for r in range(rules.ranks - 1, -1, -1):
        row = " ".join(cells.get((f, r), ".").rjust(width) for f in range(8))
        rows.append(f"{r + 1:>2} {row}")
    rows.append("   " + " ".join(square_name((f, 0))[0].rjust(width) for f in range(8)))
    return "\n".join(rows)
