"""The engine side of the HTML edition, as data for its templates: a page per
conformance case (its position drawn as a board, the move, the captures and
victories the book makes of it, its source, each live engine's answer), the
matrix of the engines held to the book (every cell linking to its citation
and to the cases behind it), a report per engine of its departures (each
drawn), and the primary witness line by line, so that every citation of a
line has a place to point at. Boards are SVG drawn by a template from the
plain data made here (rithmocheck.export.html.render autoescapes it)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...conformance.cases import Case, load_cases
from ...conformance.matrix import POINTS, cells, columns, runs, source_url
from ...play.position import Man, Position, parse, parse_square, square_name
from ...play.rules import Rules, compile_rules
from ...ruleset.diff import cite_text

CELL = 30  # the side of a square of a drawn board, in SVG units
MARGIN = 18  # room for the files' letters and the ranks' numbers


@dataclass(frozen=True)
class ManView:
    x: int
    y: int
    shape: str
    side: str
    label: str
    role: str  # "" | "moved" | "taker" | "taken"
    say: str  # the man in words


@dataclass(frozen=True)
class BoardView:
    id: str
    width: int
    height: int
    cell: int
    margin: int
    squares: tuple[tuple[int, int, bool], ...]  # x, y, dark
    files: tuple[tuple[int, str], ...]
    ranks: tuple[tuple[int, str], ...]
    men: tuple[ManView, ...]
    arrow: tuple[int, int, int, int] | None
    title: str
    desc: str


def _xy(sq: tuple[int, int], top: int) -> tuple[int, int]:
    """Where a square is drawn, the rank `top` at the top of the drawing."""
    f, r = sq
    return MARGIN + f * CELL, (top - r) * CELL


def _say(m: Man, sq: tuple[int, int]) -> str:
    turned = " (a prisoner turned)" if m.turned else ""
    what = "king" if m.is_king else m.shape
    return f"the {m.side} {what} {m.value} on {square_name(sq)}{turned}"


def board(board_id: str, pos: Position, rules: Rules, move: tuple[str, str] | None = None,
          takers: frozenset[str] = frozenset(), taken: frozenset[str] = frozenset(), title: str = "") -> BoardView:
    """A position drawn: the men by shape and side, the move as an arrow, the takers and the men taken marked
    (each also said in the description, never by colour alone)."""
    # the ranks drawn: those of the men and the move, two more on each side (the whole board for a full array)
    held = [sq[1] for sq, _m in pos.board] + ([parse_square(s, "move", rules.ranks)[1] for s in move] if move else [])
    low, high = (max(0, min(held) - 2), min(rules.ranks - 1, max(held) + 2)) if held else (0, rules.ranks - 1)
    ranks = high - low + 1
    squares = tuple((*_xy((f, r), high), (f + r) % 2 == 0) for f in range(8) for r in range(low, high + 1))
    moved = move[1] if move else None
    men = []
    said = []
    for sq, m in pos.board:
        name = square_name(sq)
        role = "taken" if name in taken else "moved" if name == moved else "taker" if name in takers else ""
        x, y = _xy(sq, high)
        label = str(m.value)
        men.append(ManView(x, y, m.shape, m.side, label, role, _say(m, sq)))
        said.append(_say(m, sq) + {"taken": ", taken", "moved": ", just moved", "taker": ", a taker"}.get(role, ""))
    arrow = None
    if move:
        a = _xy(parse_square(move[0], "move", rules.ranks), high)
        b = _xy(parse_square(move[1], "move", rules.ranks), high)
        arrow = (a[0] + CELL // 2, a[1] + CELL // 2, b[0] + CELL // 2, b[1] + CELL // 2)
    desc = "; ".join(said) + (f". The move: {move[0]} to {move[1]}." if move else ".")
    if (low, high) != (0, rules.ranks - 1):
        desc += f" Ranks {low + 1} to {high + 1} of {rules.ranks} are drawn."
    return BoardView(board_id, MARGIN + 8 * CELL + 2, ranks * CELL + MARGIN, CELL, MARGIN, squares,
                     tuple((MARGIN + f * CELL + CELL // 2, "abcdefgh"[f]) for f in range(8)),
                     tuple(((high - r) * CELL + CELL // 2 + 4, str(r + 1)) for r in range(low, high + 1)),
                     tuple(men), arrow, title or "the position", desc)


def _capture_text(c: dict[str, Any]) -> str:
    layer = " (a layer of the king)" if c.get("layer") else ""
    return f"{c['method']}: {c['value']}{layer} on {c['taken']}, by {', '.join(c['takers'])}"


def _victory_text(v: dict[str, Any]) -> str:
    return f"{v['victory']} of the {v['side']} side"


@dataclass(frozen=True)
class Link:
    text: str
    href: str | None


@dataclass(frozen=True)
class LiveView:
    engine: str
    cls: str
    said: str  # what the engine answered, in words
    why: str


@dataclass(frozen=True)
class CaseView:
    id: str
    title: str
    ruleset: str
    options: str
    position: str
    move: str
    board: BoardView
    captures: tuple[str, ...]
    victories: tuple[str, ...]
    legal: bool
    source: str
    source_link: Link | None
    disputes: tuple[str, ...]
    live: tuple[LiveView, ...]
    statement: str | None = None
    holds_for: tuple[str, ...] = ()  # the rulesets under which the expectation holds
    holds_not: tuple[str, ...] = ()


def _moves(text: str | None) -> tuple[str, str] | None:
    if not text or "@" in text:
        return None
    for sep in "-~x":
        if sep in text[1:]:
            a, b = text.split(sep, 1)
            return a, b
    return None


def _answer(outcome: dict[str, Any] | None) -> str:
    if not outcome:
        return ""
    if not outcome.get("legal"):
        return "the move is unlawful"
    caps = "; ".join(_capture_text(c) for c in outcome.get("captures", [])) or "no capture"
    vic = "; ".join(_victory_text(v) for v in outcome.get("victories", []))
    return caps + (f"; {vic}" if vic else "")


@cache
def _rules(ruleset: str, options: str) -> Rules:
    from ...ruleset.catalogue import by_id
    from ...ruleset.resolve import resolve

    chosen = json.loads(options)
    doc = by_id(ruleset)
    return compile_rules(resolve(doc, chosen) if chosen else doc)


def case_view(case: Case, live: dict[str, dict[str, Any]], holds_known: list[str] | None = None) -> CaseView:
    rules = _rules(case.ruleset, json.dumps(case.options, sort_keys=True))
    pos = parse(case.data["position"], rules.kings, rules.ranks, case.path)
    expect = case.data["expect"]
    caps = expect.get("captures", [])
    takers = frozenset(t for c in caps for t in c["takers"])
    taken = frozenset(c["taken"] for c in caps)
    move = _moves(case.data.get("move"))
    src = case.data["source"]
    w = src.get("witness")
    link = Link(f"witness line {w['line']}: “{w['quote']}”", f"../witness.html#L{w['line']}") if w else None
    said = f"constructed: {src['constructed']}" if "constructed" in src else ""
    from ...conformance.runner import holds_for
    from ...ruleset.catalogue import ruleset_ids

    holds = tuple(holds_known) if holds_known is not None else holds_for(case)
    views = []
    for name, run in sorted(live.items()):
        row = next((r for r in run["results"] if r["case"] == case.id), None)
        if row is None:
            continue
        why = row.get("explanation") or {}
        views.append(LiveView(name, row["class"], _answer(row.get("outcome")) or row.get("message", ""),
                              f"{why['kind']}: {why['rule']}" if why else ""))
    return CaseView(case.id, case.data["title"], case.ruleset,
                    ", ".join(f"{k}={v}" for k, v in case.options.items()), case.data["position"],
                    case.data.get("move") or "(none: the victories of the side that moved last)",
                    board(f"b-{case.id}", pos, rules, move, takers, taken, case.data["title"]),
                    tuple(_capture_text(c) for c in caps), tuple(_victory_text(v) for v in expect.get("victories", [])),
                    bool(expect["legal"]), said, link, tuple(case.data.get("disputes", ())), tuple(views),
                    src.get("statement"), holds, tuple(r for r in ruleset_ids() if r not in holds))


@dataclass(frozen=True)
class CellView:
    id: str
    value: str
    in_words: str
    cite: Link | None
    live: str
    cases: str  # the href of the cases behind the point


@dataclass(frozen=True)
class MatrixView:
    rulesets: tuple[str, ...]
    rows: tuple[tuple[str, Link | None, tuple[CellView, ...]], ...]  # point label, book line, cells


def _cite_link(c: dict[str, Any] | None, url: str | None, root: str) -> Link | None:
    if not c:
        return None
    if url:
        return Link(cite_text(c), url)
    if "line" in c and "reading" not in c:  # a line of the book
        return Link(cite_text(c), f"{root}witness.html#L{c['line']}")
    return Link(cite_text(c), None)


def matrix_view() -> MatrixView:
    found = cells()
    by = {(c["point"], c["ruleset"]): c for c in found}
    rows = []
    for p in POINTS:
        row = []
        for rid in columns():
            c = by[(p.id, rid)]
            live = ", ".join(f"{n} {k}" for k, n in c.get("live", {}).items())
            row.append(CellView(f"{p.id}--{rid.replace('/', '-')}", c["value"], c.get("in_words", ""),
                                _cite_link(c["cite"], c["url"], ""), live,
                                f"conformance/index.html#point-{p.id}"))
        book = Link(f"line {p.line}", f"witness.html#L{p.line}") if p.line else None
        rows.append((p.label, book, tuple(row)))
    return MatrixView(tuple(columns()), tuple(rows))


@dataclass(frozen=True)
class DepartureView:
    case: CaseView
    engine_said: str
    differences: tuple[str, ...]
    why: str
    why_link: Link | None


@dataclass(frozen=True)
class EngineView:
    name: str
    profile: str
    repository: str
    commit: str
    counts: tuple[tuple[str, int], ...]
    departures: tuple[DepartureView, ...]
    errors: tuple[tuple[str, str], ...]


def engine_views(cases: dict[str, CaseView]) -> tuple[EngineView, ...]:
    from ...ruleset.catalogue import by_id

    out = []
    for name, run in sorted(runs().items()):
        profile = by_id(run["profile"])
        deps = []
        for row in run["results"]:
            if row["class"] != "departure" or row["case"] not in cases:
                continue
            why = row.get("explanation") or {}
            link = _cite_link({"reading": run["profile"], **why["cite"]} if why.get("cite") else None,
                              source_url(profile, why.get("cite")) if why.get("cite") else None, "../")
            deps.append(DepartureView(cases[row["case"]], _answer(row.get("outcome")),
                                      tuple(row.get("from_the_profile", ())),
                                      f"{why.get('kind', '')}: {why.get('rule', '')}" if why else "", link))
        errors = tuple((row["case"], row.get("message", "")) for row in run["results"] if row["class"] == "error")
        out.append(EngineView(name, run["profile"], str(run.get("repository") or ""), str(run.get("commit") or ""),
                              tuple(run["by_class"].items()), tuple(deps), errors))
    return tuple(out)


@dataclass(frozen=True)
class PlaySite:
    cases: tuple[CaseView, ...]
    by_point: tuple[tuple[str, str, tuple[str, ...]], ...]  # point id, label, case ids
    matrix: MatrixView
    engines: tuple[EngineView, ...]
    witness: tuple[tuple[int, str], ...]
    boards_by_passage: dict[str, tuple[CaseView, ...]] = field(default_factory=dict)


def play_site(witness_lines: tuple[str, ...], passage_of: dict[str, str] | None = None,
              holds: dict[str, list[str]] | None = None) -> PlaySite:
    """The engine side of the edition; `passage_of` maps a worked example's statement to its passage, whose page
    then draws the cases that state it; `holds`, the rulesets each case holds for when already known (else
    computed)."""
    live = runs()
    cases = tuple(case_view(c, live, None if holds is None else holds.get(c.id)) for c in load_cases())
    by_id = {c.id: c for c in cases}
    by_point = []
    for p in POINTS:
        ids = tuple(c.id for c in cases if set(c.disputes) & set(p.disputes))
        by_point.append((p.id, p.label, ids))
    passages: dict[str, list[CaseView]] = {}
    for c in cases:
        if c.statement and passage_of and c.statement in passage_of:
            passages.setdefault(passage_of[c.statement], []).append(c)
    return PlaySite(cases, tuple(by_point), matrix_view(), engine_views(by_id),
                    tuple(enumerate(witness_lines, 1)), {k: tuple(v) for k, v in passages.items()})


# --- a game record replayed (rithmocheck replay FILE --format html) ---------------------------------------

@dataclass(frozen=True)
class PlyView:
    number: int
    side: str
    move: str
    kind: str
    board: BoardView
    captures: tuple[str, ...]
    victories: tuple[str, ...]
    after: str


@dataclass(frozen=True)
class ReplayView:
    title: str
    facts: tuple[tuple[str, str], ...]
    start: BoardView
    plies: tuple[PlyView, ...]
    final: BoardView | None
    result: str


def replay_view(path: str, facts: list[tuple[str, str]], start: Position, plies: list[Any], rules: Rules,
                result: str) -> ReplayView:
    """A replayed game record as data for its page: the start drawn, then each move drawn on the position it
    makes before its captures are lifted (the move an arrow, the takers framed, the men taken crossed; a take
    before the move on the position before it), with its captures and victories, then the last position."""
    views = []
    for p in plies:
        out = p.outcome
        caps = [c.as_json(out.before) for c in out.captures]
        move = _moves(p.move_text)
        if "^" in p.move_text:  # a ransom, d8^c5=16: the king removes into the redeemer's place
            king, _, rest = p.move_text.partition("^")
            move = (king, rest.partition("=")[0])
        views.append(PlyView(p.number, p.side, p.move_text, p.kind,
                             board(f"m{p.number}", out.before, rules, move,
                                   frozenset(t for c in caps for t in c["takers"]),
                                   frozenset(c["taken"] for c in caps),
                                   f"move {p.number}, {p.side}: {p.move_text}"),
                             tuple(_capture_text(c) for c in caps), tuple(_victory_text(v) for v in out.victories),
                             out.position.notation(rules.kings)))
    final = board("final", plies[-1].outcome.position, rules, title="the last position") if plies else None
    return ReplayView(f"Game record {path}", tuple(facts), board("start", start, rules, title="the start"),
                      tuple(views), final, result)
