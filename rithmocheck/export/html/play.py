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

from markupsafe import Markup

from ...conformance.cases import Case, load_cases
from ...conformance.matrix import POINTS, Row, book, cells, rows, runs, source_url, unmapped
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

    @property
    def squares_svg(self) -> Markup:
        """The squares as SVG, written here rather than in the template (numbers and two class names: nothing to
        escape; a board's 64 squares were some half of the escaping of a build's boards)."""
        c = self.cell
        return Markup("".join(f'<rect x="{x}" y="{y}" width="{c}" height="{c}" class="{"dk" if dark else "lt"}"/>'
                              for x, y, dark in self.squares))


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
    page: str  # the page of the run's row, from the site's root: engines/NAME.html or engines/run-NAME.html


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
    from ...ruleset.catalogue import shared
    from ...ruleset.resolve import resolve

    chosen = json.loads(options)
    doc = shared(ruleset)
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
    pages = {r.run: row_page(r) for r in rows() if r.run}
    for name, run in sorted(live.items()):
        row = next((r for r in run["results"] if r["case"] == case.id), None)
        if row is None:
            continue
        why = row.get("explanation") or {}
        views.append(LiveView(name, row["class"], _answer(row.get("outcome")) or row.get("message", ""),
                              f"{why['kind']}: {why['rule']}" if why else "",
                              pages.get(name) or f"engines/{name}.html"))
    return CaseView(case.id, case.data["title"], case.ruleset,
                    ", ".join(f"{k}={v}" for k, v in case.options.items()), case.data["position"],
                    case.data.get("move") or "(none: the victories of the side that moved last)",
                    board(f"b-{case.id}", pos, rules, move, takers, taken, case.data["title"]),
                    tuple(_capture_text(c) for c in caps), tuple(_victory_text(v) for v in expect.get("victories", [])),
                    bool(expect["legal"]), said, link, tuple(case.data.get("disputes", ())), tuple(views),
                    src.get("statement"), holds, tuple(r for r in ruleset_ids() if r not in holds))


@dataclass(frozen=True)
class CiteView:
    lead: str  # what the citation is: the engine's line, its evidence of an absence, the base's line...
    link: Link


@dataclass(frozen=True)
class CellView:
    id: str
    col: str  # the column's id (a class of its cells, which the page's choice of columns hides)
    value: str
    status: str  # in words: "absent", "unspecified", "in words", "not in the profile", or ""
    status_class: str  # st-absent, st-unspecified, st-words, st-base or ""
    in_words: str
    cites: tuple[CiteView, ...]
    live: str
    cases: str  # the href of the cases behind the point


@dataclass(frozen=True)
class ColumnView:
    id: str  # css-safe: the row's id, / and . as -
    label: str
    group: str  # "book", "reading", "engine", "run"
    page: str | None  # the row's own page (an engine's), relative to the edition's root


@dataclass(frozen=True)
class MatrixView:
    columns: tuple[ColumnView, ...]
    rows: tuple[tuple[str, str, Link | None, tuple[CellView, ...]], ...]  # point id, label, book line, cells

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(c.label for c in self.columns)


def _cite_link(c: dict[str, Any] | None, url: str | None, root: str) -> Link | None:
    if not c:
        return None
    if url:
        return Link(cite_text(c), url)
    if "line" in c and "reading" not in c:  # a line of the book
        return Link(cite_text(c), f"{root}witness.html#L{c['line']}")
    return Link(cite_text(c), None)


LEAD = {"absent": "no code for it, the evidence", "unspecified": "silent", "differs": "in words",
        "remove": "taken away", "set": "set"}


def _short(c: dict[str, Any]) -> str:
    """A citation in a few words, for the matrix's cells (its column names the reading): the file's name and
    line, the seed's line or the book's."""
    if "unspecified" in c:
        return f"silent: {c['unspecified']}"
    if c.get("not_from_1563"):
        return "not from 1563"
    if c.get("file"):
        return f"{str(c['file']).rsplit('/', 1)[-1]}:{c.get('line')}"
    return f"{'line' if c.get('reading') else '1563 line'} {c.get('line')}"


def _cite_view(c: dict[str, Any], root: str, short: bool = False) -> CiteView | None:
    plain = {k: v for k, v in c.items() if k not in ("op", "not_in_profile")}
    link = _cite_link(plain, c.get("url"), root)
    if link is None:
        return None
    if short:
        link = Link(_short(plain), link.href)
    lead = "not in the profile: as its base" if c.get("not_in_profile") else LEAD.get(str(c.get("op", "")), "")
    if short:  # the value, or the cell's status, says the rest
        lead = "as its base" if c.get("not_in_profile") else "" if c.get("op") in ("set", "remove", "unspecified") \
            else lead
    return CiteView(lead, link)


STATUS = {"absent": ("absent", "st-absent"), "unspecified": ("unspecified", "st-unspecified"),
          "in-words": ("in words", "st-words"), "as-base": ("not in the profile: as its base", "st-base")}


def _status(statuses: list[str]) -> tuple[str, str]:
    """A cell's status in words, when all its facets agree on one the reader must not miss."""
    said = set(statuses) - {"book"}
    if len(said) == 1:
        return STATUS.get(next(iter(said)), ("", ""))
    if "absent" in said:
        return "partly absent", "st-absent"
    return "", ""


def css_id(row_id: str) -> str:
    return row_id.replace("/", "-").replace(".", "-")


def _cell_view(c: dict[str, Any], root: str, short: bool = False) -> CellView:
    status, cls = _status(c["statuses"])
    cites: tuple[CiteView, ...] = ()
    for f in c["facets"]:
        for x in f["cites"]:
            v = _cite_view(x, root, short)
            if v is not None and short and v.lead == "as its base" and status.startswith("not in the profile"):
                v = CiteView("", v.link)
            if v is not None and v not in cites:  # a line cited twice in a cell is shown once
                cites += (v,)
    if short and status in (c["value"], "in words") and c["value"] in ("absent", "unspecified", "in words"):
        status = ""  # the value says it
    live = ", ".join(f"{n} {k}" for k, n in c.get("live", {}).items())
    return CellView(f"{c['point']}--{css_id(c['row'])}", css_id(c["row"]), c["value"], status, cls,
                    c.get("in_words", ""), cites, live, f"{root}conformance/index.html#point-{c['point']}")


def _group(row: Row) -> str:
    if row.run and not row.ruleset.startswith("engine/"):
        return "run"
    return "engine" if row.ruleset.startswith("engine/") else "reading" if row.ruleset != book() else "book"


def row_page(row: Row) -> str | None:
    """An engine's (or a recorded run's) own page."""
    if row.id.startswith("engine/"):
        return f"engines/{row.id.split('/', 1)[1]}.html"
    if row.id.startswith("run/"):
        return f"engines/run-{row.id.split('/', 1)[1]}.html"
    return None


def matrix_view() -> MatrixView:
    found = cells()
    by = {(c["point"], c["row"]): c for c in found}
    cols = tuple(ColumnView(css_id(r.id), r.label, _group(r), row_page(r)) for r in rows())
    out = []
    for p in POINTS:
        row = tuple(_cell_view(by[(p.id, r.id)], "", short=True) for r in rows())
        book_line = Link(f"line {p.line}", f"witness.html#L{p.line}") if p.line else None
        out.append((p.id, p.label, book_line, row))
    return MatrixView(cols, tuple(out))


@dataclass(frozen=True)
class DepartureView:
    case: CaseView
    engine_said: str
    differences: tuple[str, ...]
    why: str
    why_link: Link | None


@dataclass(frozen=True)
class PointView:
    id: str
    label: str
    book: Link | None
    cell: CellView
    notes: tuple[str, ...]  # the overrides' notes


@dataclass(frozen=True)
class OverrideView:
    pointer: str
    op: str
    text: str  # the value set, or the rule in words, or the note
    cite: Link | None


@dataclass(frozen=True)
class EngineView:
    name: str  # the page's name: engines/NAME.html
    profile: str
    title: str
    repository: str
    commit: str
    licence: str
    description: str
    counts: tuple[tuple[str, int], ...]  # the recorded run's classes (none: not run live)
    departures: tuple[DepartureView, ...]
    errors: tuple[tuple[str, str], ...]
    points: tuple[PointView, ...] = ()
    elsewhere: tuple[OverrideView, ...] = ()  # the overrides no point of the matrix reads


def _elsewhere(doc: dict[str, Any]) -> tuple[OverrideView, ...]:
    out = []
    for o in unmapped(doc):
        what = o.get("rule") or (json.dumps(o["value"], ensure_ascii=False) if "value" in o else "") \
            or o.get("note", "")
        c = o.get("cite")
        link = _cite_link({"reading": doc["ruleset"], **c}, source_url(doc, c), "../") if c else None
        out.append(OverrideView(o["named"], o["op"], str(what), link))
    return tuple(out)


def engine_views(cases: dict[str, CaseView]) -> tuple[EngineView, ...]:
    """A page for every engine's profile and every other recorded run: its column of the matrix, point by
    point with each citation and note, what its profile says that no point shows, and, for a row run live, its
    classes, its departures (each drawn) and its errors."""
    from ...ruleset.catalogue import by_id

    found = cells()
    recorded = runs()
    out = []
    for row in rows():
        page = row_page(row)
        if page is None:
            continue
        doc = by_id(row.ruleset)
        reading = doc.get("reading") or {}
        src = reading.get("source") or {}
        run = recorded.get(row.run) if row.run else None
        deps = []
        errors: tuple[tuple[str, str], ...] = ()
        if run is not None:
            for r in run["results"]:
                if r["class"] != "departure" or r["case"] not in cases:
                    continue
                why = r.get("explanation") or {}
                link = _cite_link({"reading": run["profile"], **why["cite"]} if why.get("cite") else None,
                                  source_url(doc, why.get("cite")) if why.get("cite") else None, "../")
                deps.append(DepartureView(cases[r["case"]], _answer(r.get("outcome")),
                                          tuple(r.get("from_the_profile", ())),
                                          f"{why.get('kind', '')}: {why.get('rule', '')}" if why else "", link))
            errors = tuple((r["case"], r.get("message", "")) for r in run["results"] if r["class"] == "error")
        mine = {c["point"]: c for c in found if c["row"] == row.id}
        points = []
        for p in POINTS:
            c = mine[p.id]
            notes = tuple(str(x["note"]) for f in c["facets"] for x in f["cites"] if x.get("note"))
            points.append(PointView(p.id, p.label, Link(f"line {p.line}", f"../witness.html#L{p.line}") if p.line
                                    else None, _cell_view(c, "../"), notes))
        name = page.removeprefix("engines/").removesuffix(".html")
        out.append(EngineView(name, row.ruleset, str(reading.get("title") or row.label),
                              str((run or {}).get("repository") or src.get("repository") or ""),
                              str((run or {}).get("commit") or src.get("commit") or ""), str(src.get("licence") or ""),
                              str(src.get("description") or ""), tuple((run or {}).get("by_class", {}).items()),
                              tuple(deps), errors, tuple(points), _elsewhere(doc) if reading else ()))
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
