"""A ruleset document compiled into a Ludii game (`rithmocheck ruleset --format ludii`).

The description is written from the document alone (the resolved document
`rithmocheck ruleset` prints), as the reference engine reads it: the board,
the armies and the starting array, each shape's draught and flight, the king
and his layers, every manner of taking of the kind with its counting, the
captures after a move and the taking of a man already in danger by removing
into his place, the prisoners, and the victories (the agreed common victory a
Ludii option). Each rule family is one function below, which returns the
`define`s it writes with the lines of the 1563 witness they state. What the
ludeme language cannot express is listed at the head of the description
(`// not expressed:` lines: the rule, its line, the ludeme that is missing)
and returned by `coverage`, so that nothing is left out in silence.

How the description is laid out, for a reader and for engines/ludii's
adapter, which reads the `// rithmocheck:` lines:

* the board is Ludii's `(rectangle RANKS 8)`: site 8 * (rank - 1) + file, so
  Ludii's coordinate `C5` is our square `c5`; P1 is the side that moves
  first (`/sides/first`, the even side in 1563's kinds), P2 the other;
* a man is a piece `Round`, `Triangle`, `Square` or `Pyramid` with his number
  as the site's value; a king's state holds the layers he bears, bit i for
  the i-th layer of his side's king from the top (the maps `LayerValue` and
  `LayerShape` give each layer by 10 * player + i);
* every capture a move makes is remembered in the list `Capture`, one number
  per capture and taker: ((method * 8 + layer) * 128 + victim) * 32768 +
  actor * 256 + taker, method the index in the `// rithmocheck:methods` line,
  layer 0 for the whole man or i + 1 for his king's i-th layer, actor the man
  who moved (where he stood when he took), taker the other taker (the actor
  again for one taker; each besieger for obsidion, whose records of one man
  make one capture); `Lost` holds victim * 8 + layer for each man or layer
  taken, and `Taken1`/`Taken2` the numbers each player has taken (the
  player's score is their sum);
* each victory is one clause of `(end ...)`, in the order of the
  `// rithmocheck:victories` line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import combinations
from typing import Any

from .sexpr import braces, flat, named, q, render, sx

FORMAT = 1  # the layout above; the adapter refuses a description of another
FILES = 8
DIRECTION = {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W",
             (1, 1): "NE", (1, -1): "SE", (-1, -1): "SW", (-1, 1): "NW"}
PIECE = {"round": "Round", "triangle": "Triangle", "square": "Square", "pyramid": "Pyramid"}
SHAPES = ("round", "triangle", "square")
SHAPE_CODE = {"round": 1, "triangle": 2, "square": 3, "pyramid": 4}
# The manners of taking by their index in a capture record (the `// rithmocheck:methods` line).
METHODS = ("equality", "obsidion", "addition", "subtraction", "multiplication", "division", "proportion",
           "multiplication-by-spaces", "division-by-spaces", "cossick-signs", "encountering", "eruption",
           "lying-in-wait")
ARITH = {"addition", "subtraction", "multiplication", "division", "lying-in-wait"}
EQUAL = {"equality", "encountering"}
SPACES = {"multiplication-by-spaces", "division-by-spaces", "eruption"}
LAYER_WEIGHT = 1 << 22  # (method * 8 + layer) * 128 * 128 * 256
VICTIM_WEIGHT = 1 << 15
ACTOR_WEIGHT = 1 << 8
OPTION_BUDGET = 200_000  # the characters an option's values may write (Ludii expands at most 1,000,000)
MAX_LAYERS = 7  # layers 1..7 fit the three bits of a record's layer
# The options this compiler knows how to read (the document's values at the pointers they set); any other
# option of a document is listed as not expressed.
KNOWN_OPTIONS = frozenset({
    "camp-spaces", "triangle-direction", "king-range", "leaping", "flying-path", "obsidion-board-edge",
    "proportion-taking", "four-number-proportion", "takers-include-mover", "king-loses-draught",
    "king-parts-by-equality", "king-takes-with", "triumph-order", "four-arrangement", "square-flying-leg",
    "adjacent-takers", "cornerwise", "two-triumphs", "short-board", "obsidion-next-spaces", "spaces-counting",
    "proportion-adversary-place", "lying-in-wait-next-spaces", "standards-victory", "king-number",
    "king-lost-draught-scope", "king-layer-at-distance"})


class Unsupported(Exception):
    """A document this compiler cannot write at all (no board of 8 files, no sides): bad input."""


# --- the expressions --------------------------------------------------------------------------------------

def val(x: object) -> object:
    return sx("value", "Piece", named("at", x))


def state(x: object) -> object:
    return sx("state", named("at", x))


def who(x: object) -> object:
    return sx("who", named("at", x))


def occupied(role: str, piece: str | None = None) -> object:
    """The board's sites a role's men stand on (never the hands' sites)."""
    return sx("sites", "Occupied", named("by", role), named("container", q("Board")),
              named("component", q(piece)) if piece else None)


def is_piece(x: object, shape: str, role: str) -> object:
    return sx("=", sx("what", named("at", x)), sx("id", q(PIECE[shape]), role))


def empty(x: object) -> object:
    return sx("is", "Empty", x)


def ahead(x: object, steps: int, unit: tuple[int, int]) -> object:
    return sx("ahead", x, named("steps", steps) if steps != 1 else None, DIRECTION[unit])


def eq(a: object, b: object) -> object:
    return sx("=", a, b)


def all_of(items: Iterable[object]) -> object:
    xs = [x for x in items if x is not True]
    if any(x is False for x in xs):
        return False
    if not xs:
        return True
    return xs[0] if len(xs) == 1 else sx("and", braces(xs))


def any_of(items: Iterable[object]) -> object:
    xs = [x for x in items if x is not False]
    if any(x is True for x in xs):
        return True
    if not xs:
        return False
    return xs[0] if len(xs) == 1 else sx("or", braces(xs))


def moves_of(items: Iterable[object]) -> object | None:
    xs = [x for x in items if x is not None]
    if not xs:
        return None
    return xs[0] if len(xs) == 1 else sx("and", braces(xs))


def when(cond: object, then: object | None) -> object | None:
    if then is None or cond is False:
        return None
    return then if cond is True else sx("if", cond, then)


def plus(*terms: object) -> object:
    ts = [t for t in terms if t != 0]
    if not ts:
        return 0
    return ts[0] if len(ts) == 1 else sx("+", braces(ts))


def power_bits(x: object, bits: Sequence[int], need: str) -> object:
    """Whether the state at x has all (`need` "all") or some ("any") of the bits set."""
    runs: list[list[int]] = []
    for b in sorted(bits):
        if runs and runs[-1][-1] == b - 1:
            runs[-1].append(b)
        else:
            runs.append([b])
    tests = []
    for run in runs:
        lo, n = run[0], len(run)
        shifted = state(x) if lo == 0 else sx("/", state(x), 1 << lo)
        part = sx("%", shifted, 1 << n)
        tests.append(eq(part, (1 << n) - 1) if need == "all" else sx("<", 0, part))
    return all_of(tests) if need == "all" else any_of(tests)


@dataclass(frozen=True)
class Offset:
    """One draught as an offset (across, forward) and the squares it passes, as the document lists it."""

    dx: int
    dy: int
    leaps: bool = False  # a flight that leaps: no square on its way need be void

    @property
    def straight(self) -> bool:
        return self.dx == 0 or self.dy == 0 or abs(self.dx) == abs(self.dy)

    @property
    def distance(self) -> int:
        return max(abs(self.dx), abs(self.dy))

    def _legs(self) -> tuple[tuple[int, int], int, tuple[int, int], int]:
        if abs(self.dx) >= abs(self.dy):
            return (_sign(self.dx), 0), abs(self.dx), (0, _sign(self.dy)), abs(self.dy)
        return (0, _sign(self.dy)), abs(self.dy), (_sign(self.dx), 0), abs(self.dx)

    def target(self, x: object) -> object:
        if self.straight:
            return ahead(x, self.distance, (_sign(self.dx), _sign(self.dy)))
        long_unit, long, short_unit, short = self._legs()
        return ahead(ahead(x, long, long_unit), short, short_unit)

    def valid(self, x: object) -> list[object]:
        """What keeps a flight on the board (Ludii's `ahead` stays where it is off the board)."""
        if self.straight:
            return []
        long_unit, long, _su, _s = self._legs()
        corner = ahead(x, long, long_unit)
        return [sx("!=", corner, x), sx("!=", self.target(x), corner)]

    def path(self, x: object) -> list[object]:
        if self.leaps:
            return []
        if self.straight:
            unit = (_sign(self.dx), _sign(self.dy))
            return [ahead(x, k, unit) for k in range(1, self.distance)]
        long_unit, long, _su, _s = self._legs()
        return [ahead(x, k, long_unit) for k in range(1, long + 1)]


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def site_plus(x: object, k: int) -> object:
    """The site k further on the board's numbering (8 to a rank): the caller keeps it on the board."""
    if k == 0:
        return x
    return sx("+", x, k) if k > 0 else sx("-", x, -k)


@lru_cache(maxsize=64)
def _power_keys(rows: tuple[tuple[int, ...], ...]) -> tuple[int, tuple[int, ...]] | None:
    """A key of four different numbers, the sum of x * (w + x * x) (cubes, and w times squares), under
    which no four different numbers of the rows' numbers that are not a row share a row's key; then four
    different men's numbers, each among the rows' numbers, are a row exactly when their key is one of the
    rows'. None when no weight tried gives such a key within Ludii's integers."""
    if not rows or any(len(r) != 4 or len(set(r)) != 4 for r in rows):
        return None
    numbers = sorted({x for r in rows for x in r})
    row_set = set(rows)
    for weight in (0, 7, 31, 1000, 1013, 10007):
        def key(r: tuple[int, ...], weight: int = weight) -> int:
            return sum(x * (weight + x * x) for x in r)
        keys = {key(r) for r in rows}
        if 4 * max(numbers) * (weight + max(numbers) ** 2) >= 2 ** 31:
            continue
        if not any(four not in row_set and key(four) in keys for four in combinations(numbers, 4)):
            return weight, tuple(sorted(keys))
    return None


@lru_cache(maxsize=16)
def _symmetric(tests: tuple[str, ...]) -> bool:
    """Whether each test gives the same for (a, b, c) and (c, b, a), tried on every three numbers up to 30
    (rithmocheck.ruleset.expr reads the tests)."""
    from ..ruleset.expr import compile_test

    for text in tests:
        fn = compile_test(text)
        if fn is None:
            return False
        for a in range(1, 31):
            for b in range(1, 31):
                for c in range(1, 31):
                    if fn(a, b, c) != fn(c, b, a):
                        return False
    return True


def _shape_is(code: object, shape: str) -> object:
    return eq(code, SHAPE_CODE[shape])


def _rows_of_men(sites: list[object], rows: list[tuple[int, ...]]) -> object:
    return in_rows([val(x) for x in sites], rows)


def in_rows(numbers: list[object], rows: list[tuple[int, ...]]) -> object:
    """Whether the four numbers, in any order, are one of the rows."""
    if not rows:
        return False
    found = _power_keys(tuple(rows))
    if found is not None:
        weight, keys = found
        universe = sorted({x for r in rows for x in r})
        distinct = [sx("!=", a, b) for a, b in combinations(numbers, 2)]
        among = [sx("is", "In", n, sx("array", braces(universe))) for n in numbers]
        key = plus(*[sx("*", n, sx("+", weight, sx("*", n, n))) if weight else sx("*", n, sx("*", n, n))
                     for n in numbers])
        return all_of([*distinct, *among, sx("is", "In", key, sx("array", braces(keys)))])
    clauses = []
    for row in rows:
        counts = {v: row.count(v) for v in row}
        clauses.append(all_of(eq(plus(*[sx("if", eq(n, v), 1, 0) for n in numbers]), k)
                              for v, k in sorted(counts.items())))
    return any_of(clauses)


# --- the document, read once ------------------------------------------------------------------------------

@dataclass
class Define:
    name: str
    body: object
    cites: tuple[str, ...]  # "line N: what" of the witness (or the source the document names)
    family: str


@dataclass
class Entry:
    """One rule of the document and what the description does with it."""

    pointer: str
    rule: str
    line: int | None
    expressed: bool
    how: str  # the define that writes it, or the ludeme that is missing


@dataclass
class _Rules:
    doc: dict[str, Any]
    ranks: int
    player_side: dict[int, str]
    kings: dict[int, list[tuple[int, str]]]  # player: [(value, shape)] top to bottom
    march: dict[str, list[Offset]]
    fly: dict[str, list[Offset]]
    flying: dict[str, dict[str, Any]]
    path_clear: bool
    methods: list[dict[str, Any]]
    notes: list[Entry] = field(default_factory=list)

    @property
    def side_player(self) -> dict[str, int]:
        return {s: p for p, s in self.player_side.items()}


def _line(d: Any) -> int | None:
    if isinstance(d, dict):
        w = d.get("witness") or d.get("default_witness")
        if isinstance(w, dict) and isinstance(w.get("line"), int):
            return int(w["line"])
    return None


def _read(doc: dict[str, Any]) -> _Rules:
    board = doc.get("board") or {}
    if board.get("files", FILES) != FILES:
        raise Unsupported(f"/board/files: a board of {board.get('files')} files; Ludii's rectangle here has 8")
    sides = doc.get("sides") or {}
    first = ((sides.get("first") or {}).get("value")) or "even"
    if first not in ("even", "odd"):
        raise Unsupported(f"/sides/first: {first!r} is neither even nor odd")
    other = "odd" if first == "even" else "even"
    player_side = {1: first, 2: other}
    side_player = {first: 1, other: 2}
    kings: dict[int, list[tuple[int, str]]] = {1: [], 2: []}
    for m in doc.get("men", ()):
        if m.get("shape") == "pyramid":
            layers = [(int(l["value"]), str(l["shape"])) for l in m.get("layers", ())]
            if len(layers) > MAX_LAYERS:
                raise Unsupported(f"/men: a king of {len(layers)} layers; a record holds at most {MAX_LAYERS}")
            kings[side_player[m["side"]]] = layers
    movement = doc.get("movement") or {}
    march: dict[str, list[Offset]] = {}
    fly: dict[str, list[Offset]] = {}
    flying: dict[str, dict[str, Any]] = {}
    for shape in (*SHAPES, "pyramid"):
        d = movement.get(shape) or {}
        march[shape] = [Offset(int(a), int(b)) for a, b in d.get("moves", ())]
        if "flying" in d:
            f = d["flying"]
            flying[shape] = f
            fly[shape] = [Offset(int(a), int(b), leaps=bool(f.get("leaps", True))) for a, b in f.get("moves", ())]
    methods = [m for m in (doc.get("captures") or {}).get("methods", ()) if m.get("enabled", True)]
    return _Rules(doc, int(board.get("ranks", 16)), player_side, kings, march, fly, flying,
                  bool((movement.get("path_clear") or {}).get("value", True)), methods)


# --- the compiler -----------------------------------------------------------------------------------------

ACTOR = sx("var", q("Actor"))
ORIGIN = sx("var", q("Origin"))
VICTIM = sx("var", q("Victim"))


class _Compiler:
    def __init__(self, doc: dict[str, Any]):
        self.r = _read(doc)
        self.doc = doc
        self.entries: list[Entry] = []

    # -- bookkeeping ---------------------------------------------------------------------------------------

    def note(self, pointer: str, rule: str, line: int | None, how: str, expressed: bool = True) -> None:
        self.entries.append(Entry(pointer, rule, line, expressed, how))

    def missing(self, pointer: str, rule: str, line: int | None, ludeme: str) -> None:
        self.note(pointer, rule, line, ludeme, expressed=False)

    # -- the king's layers ---------------------------------------------------------------------------------

    def layer_bits(self, player: int, pred: Callable[[int, str], bool]) -> list[int]:
        return [i for i, (v, s) in enumerate(self.r.kings[player]) if pred(v, s)]

    def by_player(self, x: object, make: Callable[[int], object]) -> object:
        """A boolean that depends on which player's king stands at x."""
        a, b = make(1), make(2)
        if flat(a) == flat(b):
            return a
        return any_of([all_of([eq(who(x), 1), a]), all_of([eq(who(x), 2), b])])

    def king_draughts(self) -> tuple[list[tuple[Offset, int]], list[str], Callable[[int, int, int], bool]]:
        """The king's draughts (/movement/pyramid), each in a group kept or lost together, the groups' names,
        and whether a player's king bearing the layers of a mask keeps a group (kind 1: queen-like, lines
        440-444; by shape, 441-442; lost with his layers, 535-537, /kings/parts/draughts_lost)."""
        p = (self.doc.get("movement") or {}).get("pyramid") or {}
        parts = (self.doc.get("kings") or {}).get("parts") or {}
        lost = str(parts.get("draughts_lost", "none"))

        def shapes_borne(player: int, mask: int) -> set[str]:
            return {s for i, (_v, s) in enumerate(self.r.kings[player]) if mask >> i & 1}

        if p.get("as_shapes"):  # he moves as the shapes he bears move (ordinary draughts)
            offs = [(o, SHAPES.index(shape)) for shape in SHAPES for o in self.r.march[shape]]
            return offs, list(SHAPES), lambda player, mask, g: SHAPES[g] in shapes_borne(player, mask)
        by_shape = p.get("by_shape")
        moves = self.r.march["pyramid"]
        if not isinstance(by_shape, dict) or lost == "none":
            return [(o, 0) for o in moves], ["all"], lambda _p, _m, _g: True
        distances = sorted({o.distance for o in moves})

        def keeps(player: int, mask: int, g: int) -> bool:
            d = distances[g]
            borne = shapes_borne(player, mask)
            for shape, ds in by_shape.items():
                if d not in ds or shape not in borne:
                    continue
                bits = [i for i, (_v, s) in enumerate(self.r.kings[player]) if s == shape]
                if lost == "any-layer" and not all(mask >> i & 1 for i in bits):
                    continue
                return True
            return False
        return [(o, distances.index(o.distance)) for o in moves], [f"distance {d}" for d in distances], keeps

    def king_groups_map(self) -> object | None:
        """The map KingDraughts: 128 * player + the layers he bears (his state) -> the groups he keeps."""
        offs, groups, keeps = self.king_draughts()
        if not offs:
            return None
        pairs = []
        for player in (1, 2):
            n = len(self.r.kings[player])
            for mask in range(1 << n):
                bits = sum(1 << g for g in range(len(groups)) if keeps(player, mask, g))
                pairs.append(sx("pair", 128 * player + mask, bits))
        return sx("map", q("KingDraughts"), braces(pairs))

    def king_offsets(self) -> list[tuple[Offset, int | None]]:
        """The king's draughts, each with what he must bear at #1 to keep it, as a function of the site."""
        offs, groups, keeps = self.king_draughts()
        always = [g for g in range(len(groups)) if all(keeps(p, m, g) for p in (1, 2)
                                                        for m in range(1 << len(self.r.kings[p])))]
        return [(o, g if g not in always else None) for o, g in offs]

    def bears_shape(self, x: object, shape: str, player: int) -> object:
        """Whether the player's king at x bears a layer of the shape."""
        bits = self.layer_bits(player, lambda _v, s: s == shape)
        return power_bits(x, bits, "any") if bits else False

    def king_avail(self, x: object, g: int | None) -> object:
        if g is None:
            return True
        kept = sx("mapEntry", q("KingDraughts"), sx("+", sx("*", 128, who(x)), state(x)))
        return eq(1, sx("%", kept if g == 0 else sx("/", kept, 1 << g), 2))

    # -- who is a man, what may he do ----------------------------------------------------------------------

    @property
    def inert_kind(self) -> bool:
        return (self.doc.get("captured") or {}).get("becomes") == "triumph-only"

    def active(self, x: object) -> object:
        """A man who moves and takes: in the second kind a prisoner set for a triumph does neither (state 1)."""
        if not self.inert_kind:
            return True
        return any_of([is_piece(x, "pyramid", "Mover"), is_piece(x, "pyramid", "Next"), eq(state(x), 0)])

    def in_draught_body(self) -> object:
        """#1 the man's site, #2 a site, #3 his role (Mover or Next): whether #2 is in #1's ordinary draught,
        every space on his way void where paths must be clear (the target itself may hold a man)."""
        t, v, role = "#1", "#2", "#3"
        clear = self.r.path_clear
        parts = []
        for shape in SHAPES:
            offs = self.r.march[shape]
            if not offs:
                continue
            reach = any_of(all_of([eq(v, o.target(t)), *([empty(p) for p in o.path(t)] if clear else [])])
                           for o in offs)
            parts.append(all_of([is_piece(t, shape, role), reach]))
        groups: dict[str, tuple[int | None, list[Offset]]] = {}
        for o, keeps in self.king_offsets():
            key = flat(self.king_avail(t, keeps))
            groups.setdefault(key, (keeps, []))[1].append(o)
        king = []
        for keeps, offs in groups.values():
            reach = any_of(all_of([eq(v, o.target(t)), *([empty(p) for p in o.path(t)] if clear else [])])
                           for o in offs)
            king.append(all_of([self.king_avail(t, keeps), reach]))
        if king:
            parts.append(all_of([is_piece(t, "pyramid", role), any_of(king)]))
        body = any_of(parts)
        if self.inert_kind:
            body = all_of([sx("!=", sx("what", named("at", t)), 0), self.active(t), body])
        return body

    # -- the families --------------------------------------------------------------------------------------

    def defines(self) -> list[Define]:
        out: list[Define] = []
        for family in (self.movement, self.records, self.siege_holds, self.taking, self.losses, self.takes,
                       self.after_move, self.enters, self.triumphs, self.common):
            out.extend(family())
        return out

    def movement(self) -> list[Define]:
        """Each shape's ordinary draught (/movement/SHAPE/moves) into a void space, his way void
        (/movement/path_clear), and his flight (/movement/SHAPE/flying), as `(move (from) (to))` of Ludii;
        the king's draughts kept while he bears the layers that give them."""
        mv = self.doc.get("movement") or {}
        cites = []
        clear = self.r.path_clear
        site = "(site)"
        draughts: list[object] = []
        for shape in SHAPES:
            d = mv.get(shape) or {}
            line = _line(d)
            moves = [sx("move", sx("from", site), sx("to", o.target(site), named("if", all_of(
                [empty("(to)"), *([empty(p) for p in o.path(site)] if clear else [])]))))
                for o in self.r.march[shape]]
            if moves:
                draughts.append(when(all_of([is_piece(site, shape, "Mover"), self.active(site)]),
                                     sx("or", braces(moves)) if len(moves) > 1 else moves[0]))
                cites.append(f"line {line}: the {shape}'s draught")
                self.note(f"/movement/{shape}", str(d.get("counting", shape)), line, "Draughts")
            flights = [sx("move", sx("from", site), sx("to", o.target(site), named("if", all_of(
                [*o.valid(site), empty("(to)"), *[empty(p) for p in o.path(site)]]))))
                for o in self.r.fly.get(shape, ())]
            if flights:
                draughts.append(when(all_of([is_piece(site, shape, "Mover"), self.active(site)]),
                                     sx("or", braces(flights))))
                fl = self.r.flying[shape]
                cites.append(f"line {_line(fl)}: the {shape}'s flying draught")
                self.note(f"/movement/{shape}/flying", str(fl.get("rule", "flying")), _line(fl), "Draughts")
        king: list[object] = []
        groups: dict[str, tuple[int | None, list[Offset]]] = {}
        for o, keeps in self.king_offsets():
            key = flat(self.king_avail(site, keeps))
            groups.setdefault(key, (keeps, []))[1].append(o)
        for keeps, offs in groups.values():
            moves = [sx("move", sx("from", site), sx("to", o.target(site), named("if", all_of(
                [empty("(to)"), *([empty(p) for p in o.path(site)] if clear else [])])))) for o in offs]
            king.append(when(self.king_avail(site, keeps), sx("or", braces(moves)) if len(moves) > 1 else moves[0]))
        if king:
            draughts.append(when(is_piece(site, "pyramid", "Mover"), sx("or", braces(king))))
            p = mv.get("pyramid") or {}
            cites.append(f"line {_line(p)}: the king's draught")
            self.note("/movement/pyramid", str(p.get("counting", "the king")), _line(p), "Draughts")
            lost = ((self.doc.get("kings") or {}).get("parts") or {}).get("draughts_lost")
            if lost and lost != "none":
                self.note("/kings/parts/draughts_lost", f"the king loses a shape's draught ({lost})",
                          _line(p.get("loses_draughts")), "Draughts (the layers in the king's state)")
        if (mv.get("pyramid") or {}).get("flies_as_shapes"):  # he flies by the flights of the shapes he bears
            king_flights: list[object] = []
            for shape in SHAPES:
                offs = self.r.fly.get(shape, [])
                if not offs:
                    continue
                moves = [sx("move", sx("from", site), sx("to", o.target(site), named("if", all_of(
                    [*o.valid(site), empty("(to)"), *[empty(p) for p in o.path(site)]])))) for o in offs]
                bears = self.by_player(site, partial(self.bears_shape, site, shape))
                king_flights.append(when(bears, sx("or", braces(moves))))
            if king_flights:
                draughts.append(when(is_piece(site, "pyramid", "Mover"), sx("or", braces(king_flights))))
            self.note("/movement/pyramid/flies_as_shapes", "the king flies by the flights of the shapes he bears",
                      None, "Draughts")
        self.note("/movement/path_clear", str((mv.get("path_clear") or {}).get("rule", "")), None,
                  "Draughts (is Empty on the way)")
        body = sx("forEach", "Site", occupied("Mover"), sx("or", braces(draughts)))
        return [Define("InDraught", self.in_draught_body(), tuple(cites), "movement"),
                Define("Draughts", body, tuple(cites), "movement")]

    # -- records -------------------------------------------------------------------------------------------

    def records(self) -> list[Define]:
        """A capture remembered: #1 the record's weight of method and layer, #2 the victim's site, #3 the
        actor's, #4 the other taker's, #5 the layer (0 the whole man)."""
        body = sx("and", sx("remember", "Value", q("Capture"),
                            plus("#1", sx("*", "#2", VICTIM_WEIGHT), sx("*", "#3", ACTOR_WEIGHT), "#4")),
                  sx("remember", "Value", q("Lost"), sx("+", sx("*", "#2", 8), "#5"), named("unique", True)))
        return [Define("Record", body, (), "records")]

    def record(self, method: str, layer: int, victim: object, actor: object, taker: object) -> object:
        k = (METHODS.index(method) * 8 + layer) * LAYER_WEIGHT
        return sx('"Record"', k, victim, actor, taker, layer)

    def layer_records(self, victim: object, pred: Callable[[int], object], method: str, actor: object,
                      taker: object) -> object | None:
        """The records of the victim king's layers (by the victim's player's table) that `pred` takes."""
        branches = {}
        for player in (1, 2):
            acts = []
            for i, (value, _shape) in enumerate(self.r.kings[player]):
                cond = pred(value)
                if cond is False:
                    continue
                acts.append(when(all_of([power_bits(victim, [i], "all"), cond]),
                                 self.record(method, i + 1, victim, actor, taker)))
            branches[player] = moves_of(acts)
        if branches[1] is None and branches[2] is None:
            return None
        king = is_piece(victim, "pyramid", "Next")
        a, b = branches[1], branches[2]
        if a is None:
            return when(all_of([king, eq(who(victim), 2)]), b)
        if b is None:
            return when(all_of([king, eq(who(victim), 1)]), a)
        return when(king, sx("if", eq(who(victim), 1), a, b))

    def taker_values(self, x: object) -> list[tuple[object, object]]:
        """The numbers a man takes with (/kings/takes_with): his number, and a king's layers if he may."""
        out: list[tuple[object, object]] = [(True, val(x))]
        if (self.doc.get("kings") or {}).get("takes_with") == "whole-or-layer":
            for player in (1, 2):
                for i, (value, _s) in enumerate(self.r.kings[player]):
                    out.append((all_of([is_piece(x, "pyramid", "Mover"), eq(who(x), player),
                                        power_bits(x, [i], "all")]), value))
        return out

    def exists(self, x: object, test: Callable[[object], object]) -> object:
        return any_of(all_of([cond, test(v)]) for cond, v in self.taker_values(x))

    # -- the manners of taking -----------------------------------------------------------------------------

    def method_entries(self) -> list[tuple[int, dict[str, Any]]]:
        all_methods = (self.doc.get("captures") or {}).get("methods", ())
        return [(i, m) for i, m in enumerate(all_methods)]

    def taking(self) -> list[Define]:
        """Every manner of taking of the kind (/captures/methods), each a define of its actor #1 and its victim
        #2 (the whole man, and a king's layers apart): after a move with the man just set down as actor (line
        486, /captures/timing/after_move), and, for the manners that remove into the place, before it."""
        out: list[Define] = []
        A, V = "#1", "#2"
        after: list[object] = []  # the parts after a move, called with (var "Actor") and (value)
        self.cossick_layers: object | None = None  # a king's quadrates taken by cossick signs (cossick_after)
        self.before_whole: list[object] = []  # the parts of a take, called with (var "Origin") (var "Victim")
        self.before_layers: list[object] = []
        self.before_legal: list[object] = []  # whether (from) takes (to) before the move
        after_move = ((self.doc.get("captures") or {}).get("timing") or {}).get("after_move") or {}
        if not after_move.get("mover_among_takers", True):
            self.missing("/captures/timing/after_move/mover_among_takers",
                         "every enemy in danger after a move is taken, though the man moved is none of his takers",
                         _line(after_move), "a pair of takers iterated with no man fixed: Ludii's (site) is one "
                         "iterator, and forEach Site cannot nest over the same men twice; the description takes "
                         "only with the man just moved among the takers")
        self.readings_not_written()
        by_two: dict[str, list[tuple[str, dict[str, Any], int | None]]] = {}
        sieges = None

        def add(name: str, whole: object | None, layers: object | None, legal: object | None, into: bool,
                cites: tuple[str, ...]) -> None:
            for part, body in (("", whole), ("Layers", layers)):
                if body is None:
                    continue
                define = name + part
                out.append(Define(define, body, cites, "taking"))
                call = sx(f'"{define}"', ACTOR, "(value)")
                after.append(call)
                if into:
                    (self.before_whole if part == "" else self.before_layers).append(
                        sx(f'"{define}"', ORIGIN, VICTIM))
            if into and legal is not None:  # its own define, so that an option changing it changes no other
                out.append(Define(name + "Legal", legal, cites + ("whether (from) takes (to) before the move",),
                                  "taking"))
                self.before_legal.append(sx(f'"{name}Legal"'))

        for i, m in self.method_entries():
            name = str(m.get("method"))
            p = m.get("params") or {}
            ptr = f"/captures/methods/{i}"
            line = _line(m)
            if name == "proportion":  # whether or not agreed, so that the option proportion-taking can carry it
                self.missing(ptr + "/king-layers", "a king's layer taken by proportion (his layers only: 533-535)",
                             line, "not written: each layer's test at each place of each arrangement would write "
                             "about 650,000 characters more (measured), beyond what a Ludii option here may write")
            if not m.get("enabled", True):
                self.note(ptr, f"{name} (not agreed: disabled in this document)", line, "not written: disabled")
                continue
            into = bool(p.get("into_place", False))
            define = "Taking" + "".join(w.capitalize() for w in name.split("-"))
            cites = (f"line {line}: {m.get('rule', name)}",)
            if name in EQUAL:
                by_eq = bool(((self.doc.get("kings") or {}).get("parts") or {}).get("by_equality"))
                whole = when(all_of([sx('"InDraught"', A, V, "Mover"), sx("not", is_piece(V, "pyramid", "Next")),
                                     self.exists(A, lambda a: eq(a, val(V)))]), self.record(name, 0, V, A, A))
                layers = when(sx('"InDraught"', A, V, "Mover"), self.layer_records(
                    V, lambda value: self.exists(A, lambda a: eq(a, value)), name, A, A)) if by_eq else None
                legal = all_of([sx('"InDraught"', "(from)", "(to)", "Mover"), any_of([
                    all_of([sx("not", is_piece("(to)", "pyramid", "Next")),
                            self.exists("(from)", lambda a: eq(a, val("(to)")))]),
                    self.king_layer_test("(to)", lambda value: self.exists("(from)", lambda a: eq(a, value)))
                    if by_eq else False])])
                add(define, whole, layers, legal, into, cites)
                self.note(ptr, str(m.get("rule", name)), line, define)
            elif name in ARITH:
                reach = str(p.get("reach", "draught"))
                if reach == "adjacent" and p.get("next_spaces") == "directly":  # deceit: the four next spaces only
                    reach = "adjacent-directly"
                by_two.setdefault(f"{reach}/{'into' if into else 'after'}", []).append((name, p, line))
                self.note(ptr, str(m.get("rule", name)), line, f"TakingByTwo (takers: {reach})")
            elif name in SPACES:
                found = self.spaces_test(name, p, V, A)
                if found is None:
                    self.missing(ptr, str(m.get("rule", name)), line, f"the lines {p.get('lines')}")
                    continue
                cond, test = found
                legal_found = self.spaces_test(name, p, "(to)", "(from)")
                add(define, when(all_of([cond, test(val(V))]), self.record(name, 0, V, A, A)),
                    when(cond, self.layer_records(V, test, name, A, A)),
                    legal_found[0] if legal_found else None, into, cites)
                self.note(ptr, str(m.get("rule", name)), line, define)
            elif name == "cossick-signs":
                made = self.cossick_after(p, V, A)
                if made is None and self.cossick_layers is None:
                    self.missing(ptr, str(m.get("rule", name)), line, "the table of the cossick signs")
                    continue
                add(define, made, self.cossick_layers, self.cossick_after(p, "(to)", "(from)", record=False), into,
                    cites)
                self.note(ptr, str(m.get("rule", name)), line, define)
            elif name == "proportion":  # written with its victim and actor, no parameters (Ludii expands a
                # define's parameters at most 1,000 times, and the victim stands in every space of every
                # arrangement)
                made = self.proportion_after(p, "(value)", ACTOR)
                if made is not None:
                    out.append(Define(define, made, cites, "taking"))
                    after.append(sx(f'"{define}"'))
                    self.note(ptr, str(m.get("rule", name)), line, define)
                    if into:  # removal into his place (1033: "in all manner of taking")
                        self.before_into(define, self.proportion_after(p, VICTIM, ORIGIN),
                                         self.proportion_after(p, "(to)", "(from)", record=False), cites, out)
            elif name == "obsidion":  # written with its victim and actor, no parameters
                body = self.obsidion_after(p, "(value)", ACTOR)
                if body is not None:
                    out.append(Define(define, body, cites, "taking"))
                    sieges = sx(f'"{define}"')
                    self.note(ptr, str(m.get("rule", name)), line, define)
                    if into:  # removal into the place of a man already besieged (1033-1035)
                        self.before_into(define, self.obsidion_after(p, VICTIM, ORIGIN),
                                         self.obsidion_after(p, "(to)", "(from)", record=False), cites, out)
            else:
                self.missing(ptr, f"{name}: a manner of taking this compiler does not know", line,
                             "no define (an unknown manner)")
        for n, (key, ms) in enumerate(sorted(by_two.items())):
            reach, when_ = key.split("/")
            define = "TakingByTwo" + (str(n + 1) if n else "")  # the same name whatever the reach (options)
            cited = tuple(f"line {line}: {name}" for name, _p, line in ms)
            whole, layers, legal = self.two_takers(ms, reach, A, V)
            add(define, whole, layers, legal, when_ == "into", cited)
        victims = sx("array", occupied("Next"))
        by_draught = moves_of(after)
        flight = sx('"Flight"')
        per_victim = moves_of([
            when(sx("not", flight), by_draught) if self.r.fly and by_draught is not None else by_draught,
            sieges if self.flight_besieges() or not self.r.fly else when(sx("not", flight), sieges)])
        guard = self.active("(value)")
        body = sx("forEach", "Value", victims, when(guard, per_victim) if per_victim is not None else sx("pass"))
        out.append(Define("CapturesAfterMove", body, (
            "line 486: so soon as the latter of those two is set down",
            "lines 436-437: with their flying draught they take no man but may help to besiege"), "taking"))
        return out

    def siege_holds(self) -> list[Define]:
        """What holds a next space of a besieged man of the third kind (#1 the space, #2 the man; `ahead` gives
        the man's own site off the board): a besieger, and where the document says so his own man or the
        board's edge (1027; the option obsidion-board-edge changes this define alone)."""
        p = next(((m.get("params") or {}) for _i, m in self.method_entries() if m.get("method") == "obsidion"
                  and m.get("enabled", True) and (m.get("params") or {}).get("blocks") == "next-spaces"), None)
        if p is None:
            return []
        sq, victim = "#1", "#2"
        on = sx("!=", sq, victim)
        ok = [all_of([on, sx("is", "Mover", who(sq))])]
        if p.get("own_men_count", False):
            ok.append(all_of([on, sx("is", "Next", who(sq))]))
        if p.get("board_edge_counts", False):
            ok.append(eq(sq, victim))
        return [Define("Holds", any_of(ok), ("line 1022: four men ... in the four next spaces about him",
                                             "line 1027: no Obsidion can be made with his own men"), "taking")]

    def readings_not_written(self) -> None:
        """The kings' readings of issue 33 this compiler writes only at their defaults (the options
        king-number, king-lost-draught-scope, king-layer-at-distance): another value is listed, never followed
        in silence."""
        kings = self.doc.get("kings") or {}
        parts = kings.get("parts") or {}
        if kings.get("number", "borne") != "borne":
            self.missing("/kings/number", "the number of a king who has lost layers is always his whole number, "
                         "91 or 190", 533, "not written by this compiler: the description sets a king's value "
                         "(Ludii's (value) of his site) to the sum of the layers he still bears")
        if parts.get("draught_scope", "distance") != "distance":
            self.missing("/kings/parts/draught_scope", "a king who lost a shape's layers loses only that shape's "
                         "own draught, keeping his queen's draughts", 536, "not written by this compiler: "
                         "the description takes from him that shape's distance in every direction")
        if not parts.get("layer_at_distance", True):
            self.missing("/kings/parts/layer_at_distance", "a layer found in danger before the draw is not taken "
                         "then (a layer taken only after a move)", 534, "not written by this compiler: the "
                         "description's (move Select) takes such a layer, no man moving")

    def before_into(self, define: str, body: object | None, legal: object | None, cites: tuple[str, ...],
                    out: list[Define]) -> None:
        """A manner written with no parameters (siege, proportion) taken before the move as well: its define
        again with the taker at (var "Origin") and the victim at (var "Victim"), and its test of (from) and
        (to) among the removals into the place (lines 1033-1035)."""
        if body is None or legal is None:
            return
        out.append(Define(define + "Before", body, cites + ("line 1033: in all manner of taking",), "taking"))
        out.append(Define(define + "Legal", legal, cites + ("line 1033: whether (from) takes (to) so",), "taking"))
        self.before_whole.append(sx(f'"{define}Before"'))
        self.before_legal.append(sx(f'"{define}Legal"'))

    def flight_besieges(self) -> bool:
        return any(bool(f.get("may_besiege", False)) for f in self.r.flying.values())

    def arith(self, name: str, a: object, b: object, n: object) -> object:
        if name in ("addition", "lying-in-wait"):
            return eq(sx("+", a, b), n)
        if name == "subtraction":
            return eq(sx("abs", sx("-", a, b)), n)
        if name == "multiplication":
            return eq(sx("*", a, b), n)
        if name == "division":
            return any_of([eq(a, sx("*", n, b)), eq(b, sx("*", n, a))])
        raise AssertionError(name)

    def near(self, x: object, v: object) -> object:
        """x stands in one of the eight spaces next to v."""
        dc = sx("abs", sx("-", sx("column", named("of", x)), sx("column", named("of", v))))
        dr = sx("abs", sx("-", sx("row", named("of", x)), sx("row", named("of", v))))
        return all_of([sx("!=", x, v), sx(">=", 1, dc), sx(">=", 1, dr)])

    def reaches(self, reach: str, x: object, v: object) -> object:
        if reach == "adjacent":
            return all_of([self.near(x, v), self.active(x)])
        if reach == "adjacent-directly":  # one of the four next spaces, directly (the option of line 1017)
            dc = sx("abs", sx("-", sx("column", named("of", x)), sx("column", named("of", v))))
            dr = sx("abs", sx("-", sx("row", named("of", x)), sx("row", named("of", v))))
            return all_of([eq(1, sx("+", dc, dr)), self.active(x)])
        return sx('"InDraught"', x, v, "Mover")

    def two_takers(self, ms: list[tuple[str, dict[str, Any], int | None]], reach: str, A: object, V: object
                   ) -> tuple[object, object | None, object]:
        """The manners by two takers (addition, subtraction, multiplication, division; lying in wait): the
        actor and one more man of his side, both able to remove into the victim's space (or, where the reach
        is `adjacent`, both next to him), their numbers making the victim's (483, 497, 508, 519, 1014)."""
        partner = "(site)"

        def test(name: str, a_site: object, b_site: object, n: object) -> object:
            return self.exists(a_site, lambda a: self.exists(b_site, lambda b: self.arith(name, a, b, n)))
        own = occupied("Mover")
        pair = all_of([sx("!=", partner, A), self.reaches(reach, partner, V)])
        whole = when(self.reaches(reach, A, V), sx("forEach", "Site", own, when(pair, moves_of(
            when(test(name, A, partner, val(V)), self.record(name, 0, V, A, partner)) for name, _p, _l in ms))))
        layer_parts = [self.layer_records(V, partial(test, name, A, partner), name, A, partner) for name, _p, _l in ms]
        layers = moves_of(layer_parts)
        layers = when(self.reaches(reach, A, V), sx("forEach", "Site", own, when(pair, layers))) \
            if layers is not None else None
        frm, to = "(from)", "(to)"
        partners = sx("forEach", own, named("if", all_of([
            sx("!=", partner, frm), self.reaches(reach, partner, to),
            any_of(any_of([test(name, frm, partner, val(to)),
                           self.king_layer_test(to, partial(test, name, frm, partner))]) for name, _p, _l in ms)])))
        legal = all_of([self.reaches(reach, frm, to), sx("<", 0, sx("count", "Sites", named("in", partners)))])
        return whole, layers, legal

    def spaces_test(self, name: str, p: dict[str, Any], victim: object, actor: object
                    ) -> tuple[object, Callable[[object], object]] | None:
        """By the void spaces between (second kind, 901, 908) and eruption (third, 1006): the taker in a
        straight line with the victim (/captures/methods/N/params/lines), every space between void, his
        number times (or, dividing, divided by) the spaces making the victim's number (the void spaces
        between, or with both ends, /params/counting), the lesser taking the greater (or the greater the
        lesser; /params/lesser_takes_greater). Returns the condition on the victim's whole number and the test
        of a number."""
        both = p.get("counting", "void-between") == "both-ends"
        # max_spaces caps the void spaces between; counted with both men's own spaces, two more
        lo, hi = int(p.get("min_spaces", 1)), int(p.get("max_spaces", 14)) + (2 if both else 0)
        greater = name == "division-by-spaces"
        compare = p.get("lesser_takes_greater", not greater)
        lines = str(p.get("lines", "straight"))
        dc = sx("-", sx("column", named("of", actor)), sx("column", named("of", victim)))
        dr = sx("-", sx("row", named("of", actor)), sx("row", named("of", victim)))
        adc, adr = sx("abs", dc), sx("abs", dr)
        ortho = any_of([eq(dc, 0), eq(dr, 0)])
        diag = eq(adc, adr)
        line = {"straight": any_of([ortho, diag]), "orthogonal": ortho, "diagonal": diag}.get(lines)
        if line is None:
            return None
        dist = sx("max", adc, adr)
        spaces = sx("+", dist, 1) if both else sx("-", dist, 1)
        between = eq(0, sx("count", "Sites", named("in", sx("intersection", sx(
            "sites", "Between", named("from", actor), named("to", victim)), occupied("All")))))

        def test(n: object) -> object:
            def one(t: object) -> object:
                made = eq(t, sx("*", n, spaces)) if greater else eq(sx("*", t, spaces), n)
                if compare is None:
                    return made
                return all_of([made, sx(">", t, n) if greater else sx("<", t, n)])
            return self.exists(actor, one)
        where = all_of([sx("!=", actor, victim), line, sx("<=", lo, spaces), sx("<=", spaces, hi), between])
        return all_of([where, any_of([test(val(victim)), self.king_layer_test(victim, test)])]), test

    def cossick_after(self, p: dict[str, Any], victim: object, actor: object, record: bool = True) -> object | None:
        """The cossick signs (second kind, 914): a power and his root of the other side, the one in the
        other's ordinary draught; the pairs (root, power, sign) are the rows of the document's table, and a
        man bears the signs the document gives him (/men/N/signs)."""
        table = next((t for t in self.doc.get("tables", ()) if t.get("id") == p.get("table")), None)
        if table is None:
            return None
        root_sign = int(p.get("root_sign", 1))
        powers = set(p.get("power_signs", ()))
        signs: dict[tuple[str, str, int], set[int]] = {}
        for m in self.doc.get("men", ()):
            if "signs" in m:
                signs.setdefault((m["side"], m["shape"], int(m["value"])), set()).update(m["signs"])

        def bears(x: object, role: str, value: int, sign: int) -> object:
            holders = [(side, shape) for (side, shape, v), ss in signs.items() if v == value and sign in ss]
            return any_of(all_of([eq(who(x), self.r.side_player[side]), is_piece(x, shape, role)])
                          for side, shape in holders)
        clauses = []
        for row in table["rows"]:
            root, power, sign = (int(x) for x in row[:3])
            if sign not in powers:
                continue
            for a_val, v_val, a_sign, v_sign in ((power, root, sign, root_sign), (root, power, root_sign, sign)):
                clauses.append(all_of([eq(val(actor), a_val), eq(val(victim), v_val),
                                       bears(actor, "Mover", a_val, a_sign), bears(victim, "Next", v_val, v_sign)]))
        quadrate = p.get("quadrate_sign")
        layer_test: Callable[[int], object] | None = None
        if quadrate is not None and int(quadrate) in powers:
            # a king's quadrate (921-922, 929): each of his layers bears the square's sign, and is taken by his
            # root bearing the root's sign (the layer as the power; the king takes with his whole number)
            roots = {int(row[1]): int(row[0]) for row in table["rows"] if int(row[2]) == int(quadrate)}

            def layer_test(value: int) -> object:
                root = roots.get(value)
                if root is None:
                    return False
                return all_of([eq(val(actor), root), bears(actor, "Mover", root, root_sign)])
        if not clauses and layer_test is None:
            return None
        draught = sx('"InDraught"', actor, victim, "Mover")
        whole_cond = all_of([draught, any_of(clauses)]) if clauses else False
        if not record:
            if layer_test is None:
                return whole_cond
            return any_of([whole_cond, all_of([draught, self.king_layer_test(victim, layer_test)])])
        whole = when(whole_cond, self.record("cossick-signs", 0, victim, actor, actor)) if clauses else None
        if layer_test is None:
            return whole
        layers = when(draught, self.layer_records(victim, layer_test, "cossick-signs", actor, actor))
        self.cossick_layers = layers
        return whole

    def proportion_after(self, p: dict[str, Any], victim: object, actor: object,
                         record: bool = True) -> object | None:
        """Taking by proportion (570, when agreed): the victim with two or three of the side's men set as a
        triumph is set (a line of three next to each other, or four like a square), his number among three in a
        proportion by the document's tests (575-577, 595); the adversary at an end of the line where the
        document says so (595, "the third or fourth"); a king by his layers only (533-535: proportion is not
        among the manners that take his whole number: his layers so are listed, not written); the actor among
        them (records: one per other taker)."""
        recs = []
        conds = []
        at_end = p.get("adversary_place", "third-or-fourth") == "third-or-fourth"
        king = is_piece(victim, "pyramid", "Next")
        for offsets in self.arrangements():
            for vi, (vx, vy) in enumerate(offsets):
                if at_end and len(offsets) == 3 and vi == 1:  # "the third or fourth" (595): never the middle
                    continue
                rel = [(x - vx, y - vy) for x, y in offsets]
                fits = self.fitting(rel, range(self.r.ranks * FILES))
                if not fits:
                    continue
                sites = [site_plus(victim, dx + FILES * dy) for dx, dy in rel]
                others = [x for j, x in enumerate(sites) if j != vi]

                def held(value: object, sites: list[object] = sites, vi: int = vi, n: int = len(offsets)) -> object:
                    numbers = [value if j == vi else val(x) for j, x in enumerate(sites)]
                    return self.some_three_in_proportion(numbers, in_line=n == 3, must=vi)
                where = all_of([sx("is", "In", victim, sx("sites", braces(fits))),
                                any_of(eq(actor, x) for x in others),
                                *(sx("is", "Mover", who(x)) for x in others)])
                whole = all_of([sx("not", king), held(val(victim))])
                conds.append(all_of([where, whole]))
                if not record:
                    continue
                recs.append(when(all_of([where, whole]), moves_of(
                    when(sx("!=", x, actor), self.record("proportion", 0, victim, actor, x)) for x in others)))
        if not record:
            return any_of(conds) if conds else None
        return moves_of(recs)

    def fitting(self, rel: list[tuple[int, int]], sites: Iterable[int]) -> list[int]:
        """The sites s such that every offset from s lies on the board (and in `sites`)."""
        allowed = set(sites)
        out = []
        for s in sorted(allowed):
            f, r = s % FILES, s // FILES
            if all(0 <= f + dx < FILES and 0 <= r + dy < self.r.ranks and (r + dy) * FILES + f + dx in allowed
                   for dx, dy in rel):
                out.append(s)
        return out

    def obsidion_after(self, p: dict[str, Any], victim: object, actor: object,
                       record: bool = True) -> object | None:
        """Obsidion (467-480; 878; 1022-1028): every line of the man's ordinary draught hindered by an
        adversary standing at its end or nearer (kinds 1, 2), or the four next spaces held (kind 3); his own
        men never hinder (1027) unless the document says so, the board's edge only where it says; the actor
        among the besiegers."""
        own = bool(p.get("own_men_count", False))
        edge = bool(p.get("board_edge_counts", False))
        if p.get("blocks", "draughts") == "next-spaces":
            direct = ((0, 1), (1, 0), (0, -1), (-1, 0))
            corner = ((1, 1), (1, -1), (-1, -1), (-1, 1))
            rings: list[tuple[tuple[int, int], ...]]
            if p.get("next_spaces", "directly") == "directly-or-cornerwise":  # four directly, or four cornerwise
                rings = [direct, corner]
            else:  # the next space in every direction he may remove: eight where cornerwise is agreed (1024)
                ways = {d for s in (*SHAPES, "pyramid")
                        for d in ((self.doc.get("movement") or {}).get(s) or {}).get("directions", ["orthogonal"])}
                rings = [direct + corner if "diagonal" in ways else direct]
            acts = []
            conds = []
            for ring in rings:
                held = []
                recs = []
                for u in ring:
                    sq = ahead(victim, 1, u)
                    on = sx("!=", sq, victim)
                    mine = all_of([on, sx("is", "Mover", who(sq))])
                    held.append(sx('"Holds"', sq, victim))  # the define Holds: what holds a next space (siege_holds)
                    recs.append(when(mine, self.record("obsidion", 0, victim, actor, sq)))
                actor_in = any_of(eq(actor, ahead(victim, 1, u)) for u in ring)
                conds.append(all_of([actor_in, *held]))
                acts.append(when(conds[-1], moves_of(recs)))
            return moves_of(acts) if record else any_of(conds)
        branches = []
        for shape in SHAPES:
            offs = self.r.march[shape]
            if not offs:
                continue
            siege = self.besieged([(o, True) for o in offs], victim, actor, own, edge, record)
            branches.append(when(is_piece(victim, shape, "Next"), siege) if record else
                            all_of([is_piece(victim, shape, "Next"), siege if siege is not None else False]))
        king = [(o, self.king_avail(victim, keeps)) for o, keeps in self.king_offsets()]
        if king:
            siege = self.besieged(king, victim, actor, own, edge, record)
            branches.append(when(is_piece(victim, "pyramid", "Next"), siege) if record else
                            all_of([is_piece(victim, "pyramid", "Next"), siege if siege is not None else False]))
        return moves_of(branches) if record else any_of(branches)

    def besieged(self, offsets: list[tuple[Offset, object]], victim: object, actor: object, own: bool,
                 edge: bool, record: bool = True) -> object | None:
        """The siege of the man at `victim` whose ordinary draughts are `offsets` (each with what keeps it):
        each line he may move along is hindered, up to the farthest draught he keeps on it, by an adversary
        (a besieger) or, where the document says so, by his own man or the edge; the actor among the
        besiegers. Records: one per besieger."""
        lines: dict[tuple[int, int], dict[int, list[object]]] = {}
        for o, keep in offsets:
            if not o.straight:
                continue
            u = (_sign(o.dx), _sign(o.dy))
            lines.setdefault(u, {}).setdefault(o.distance, []).append(keep)
        if not lines:
            return None
        hindered, actor_in, recs, some_line = [], [], [], []
        for u, by_d in sorted(lines.items()):
            dmax = max(by_d)
            # reach[k]: he keeps a draught on this line of k spaces or more
            reach = {k: any_of(c for d, cs in by_d.items() if d >= k for c in cs) for k in range(1, dmax + 1)}
            some_line.append(reach[1])
            if not self.r.path_clear:  # leaping: only men on the draughts' own spaces hinder them
                ends = []
                for d, cs in sorted(by_d.items()):
                    sq = ahead(victim, d, u)
                    mine = all_of([sx("!=", sq, victim), sx("is", "Mover", who(sq)), self.active(sq)])
                    ok = [mine]
                    if own:
                        ok.append(all_of([sx("!=", sq, victim), sx("is", "Next", who(sq))]))
                    if edge:
                        ok.append(eq(sq, victim))
                    kept = any_of(cs)
                    ends.append(any_of([sx("not", kept), any_of(ok)]) if kept is not True else any_of(ok))
                    actor_in.append(all_of([kept, eq(sq, actor)]))
                    recs.append(when(all_of([kept, mine]), self.record("obsidion", 0, victim, actor, sq)))
                hindered.append(all_of(ends))
                continue
            options = []
            for k in range(1, dmax + 1):
                # the line out to his nearest draught on it: were that space void and its way clear he might
                # remove there, so a man farther off hinders nothing (467-468, 473-476: "standing nearer")
                nearest = all_of([reach[k], *(sx("not", c) if c is not True else False
                                              for d, cs in by_d.items() if d < k for c in cs)])
                sq = ahead(victim, k, u)
                way = [empty(ahead(victim, j, u)) for j in range(1, k)]
                mine = all_of([nearest, *way, sx("is", "Mover", who(sq)), self.active(sq)])  # (726-728)
                options.append(mine)
                if own:
                    options.append(all_of([nearest, *way, sx("!=", sq, victim), sx("is", "Next", who(sq))]))
                if edge:
                    options.append(all_of([nearest, *way, eq(sq, victim)]))
                actor_in.append(all_of([nearest, *way, eq(sq, actor)]))
                recs.append(when(mine, self.record("obsidion", 0, victim, actor, sq)))
            line = any_of(options)
            hindered.append(line if reach[1] is True else any_of([sx("not", reach[1]), line]))
        held = all_of([any_of(actor_in), any_of(some_line), *hindered])
        return when(held, moves_of(recs)) if record else held

    # -- the men and layers taken --------------------------------------------------------------------------

    def prisoner_slots(self) -> list[tuple[str, int]]:
        """Every (shape, number) a prisoner may have: the men of both sides and the kings' layers."""
        seen: set[tuple[str, int]] = set()
        for m in self.doc.get("men", ()):
            if m.get("shape") == "pyramid":
                for l in m.get("layers", ()):
                    seen.add((str(l["shape"]), int(l["value"])))
            else:
                seen.add((str(m["shape"]), int(m["value"])))
        return sorted(seen, key=lambda sv: (SHAPE_CODE[sv[0]], sv[1]))

    @property
    def keeps_prisoners(self) -> bool:
        return (self.doc.get("captured") or {}).get("becomes") in ("turned", "triumph-only")

    def losses(self) -> list[Define]:
        """The men and layers taken come off the board (each once: a king taken whole is not taken by parts
        too); each goes to the taker's men taken (his list and his score) and, where prisoners are kept
        (/captured: kind 1 turned, line 541; kind 2 for the triumph, 726), into his hand, one site for each
        shape and number."""
        captured = self.doc.get("captured") or {}
        lost = sx("values", "Remembered", q("Lost"))

        def taken(value: object) -> object:
            return sx("and", sx("addScore", "Mover", value),
                      sx("if", eq(sx("mover"), 1), sx("remember", "Value", q("Taken1"), value),
                         sx("remember", "Value", q("Taken2"), value)))

        def prisoner(shape_of: Callable[[str], object], value: object) -> object | None:
            if not self.keeps_prisoners:
                return None
            adds = []
            slots = len(self.prisoner_slots())
            for shape in SHAPES:
                # a number no man of the document bears has no site in the hand (the map gives back its key)
                slot = sx("mapEntry", q("Slot"), plus(SHAPE_CODE[shape] * 100000, value))
                adds.append(when(all_of([shape_of(shape), sx("<", slot, slots)]), sx(
                    "add", sx("piece", sx("id", q(PIECE[shape]), "Mover")), sx("to", sx("handSite", "Mover", slot)))))
            return moves_of(adds)
        v = sx("/", "(value)", 8)
        whole = sx("forEach", "Value", lost, when(eq(0, sx("%", "(value)", 8)), moves_of([
            sx("remove", v), taken(val(v)),
            prisoner(lambda shape: is_piece(v, shape, "Next"), val(v))])))
        king = "(site)"
        layers_taken = []
        mask_terms, value_terms = [], []
        most = max(len(self.r.kings[1]), len(self.r.kings[2]))
        for i in range(most):
            held = sx("is", "In", plus(sx("*", king, 8), i + 1), lost)
            layer_value = sx("mapEntry", q("LayerValue"), plus(sx("*", 10, who(king)), i))
            mask_terms.append(sx("if", held, 1 << i, 0))
            value_terms.append(sx("if", held, layer_value, 0))
            layer_shape = sx("mapEntry", q("LayerShape"), plus(sx("*", 10, who(king)), i))
            layers_taken.append(when(held, moves_of([
                taken(layer_value),
                prisoner(partial(_shape_is, layer_shape), layer_value)])))
        mask = plus(*mask_terms)
        gone = plus(*value_terms)
        parts = sx("forEach", "Site", occupied("Next", "Pyramid"),
                   when(all_of([sx("not", sx("is", "In", sx("*", king, 8), lost)), sx("<", 0, mask)]), moves_of([
                       sx("if", eq(mask, state(king)), sx("remove", king),
                          sx("and", sx("set", "Value", named("at", king), sx("-", val(king), gone)),
                             sx("set", "State", named("at", king), sx("-", state(king), mask)))),
                       *layers_taken])))
        self.note("/captured", str(captured.get("rule", "")), _line(captured),
                  "Losses (prisoners in the hand)" if self.keeps_prisoners else "Losses (removed)")
        return [Define("Losses", sx("and", whole, parts), (f"line {_line(captured)}: {captured.get('becomes')}",),
                       "losses")]

    # -- after a move --------------------------------------------------------------------------------------

    def flight_test(self) -> object:
        """Whether the move from Origin to Actor is a flight (no straight line: the knight's draught)."""
        dc = sx("-", sx("column", named("of", ACTOR)), sx("column", named("of", ORIGIN)))
        dr = sx("-", sx("row", named("of", ACTOR)), sx("row", named("of", ORIGIN)))
        return all_of([sx("<=", 0, ORIGIN), sx("<", ORIGIN, self.r.ranks * FILES), sx("!=", dc, 0),
                       sx("!=", dr, 0), sx("!=", sx("abs", dc), sx("abs", dr))])

    def after_move(self) -> list[Define]:
        """What every move does once made (the `then` of the play): a man who took before the move removes
        into his place (TakeBeforeMove); a prisoner entered takes his number; then the side takes every enemy
        in danger of whom the man set down is a taker (line 486), without removing into his place, a flight
        taking none but completing a siege (436-437); the men taken come off (Losses)."""
        n = self.r.ranks * FILES
        names = {"Takes": bool(self.before_legal), "Enters": self.keeps_prisoners}
        # one step: inside a seq each step is a move of its own, after which (last To) is that step's
        steps: list[object] = [sx("and", braces([
            sx("set", "Var", q("Actor"), "(last To)"), sx("set", "Var", q("Origin"), "(last From)"),
            sx("set", "Var", q("Victim"), "(last To)"),
            sx("forget", "Value", q("Capture"), "All"), sx("forget", "Value", q("Lost"), "All")]))]
        if names["Takes"]:
            steps.append(sx("if", all_of([sx("<", ORIGIN, n), sx("is", "Next", who(VICTIM))]),
                            sx('"TakeBeforeMove"')))
        if names["Enters"]:
            entered = [sx("set", "Value", named("at", ACTOR),
                          sx("mapEntry", q("SlotValue"), sx("-", ORIGIN, sx("handSite", "Mover"))))]
            if self.inert_kind:  # a prisoner of the second kind serves only the triumph (726-728)
                entered += [sx("set", "State", named("at", ACTOR), 1), sx("set", "Var", q("Actor"), -1)]
            steps.append(sx("if", sx("<=", n, ORIGIN), sx("seq", braces(entered))))
        steps += [sx("if", sx("<=", 0, ACTOR), sx('"CapturesAfterMove"')), sx('"Losses"')]
        timing = ((self.doc.get("captures") or {}).get("timing") or {}).get("after_move") or {}
        self.note("/captures/timing/after_move", str(timing.get("rule", "")), _line(timing), "Consequences")
        per_move = (self.doc.get("captures") or {}).get("per_move") or {}
        if per_move:
            self.note("/captures/per_move", str(per_move.get("rule", "")), None,
                      "CapturesAfterMove (every enemy in danger)")
        return [Define("Flight", self.flight_test(), ("lines 428, 434: the knight's draught",), "after"),
                Define("Consequences", sx("seq", braces(steps)),
                       (f"line {_line(timing)}: so soon as the latter of those two is set down",), "after")]

    def into_place(self) -> list[tuple[int, dict[str, Any]]]:
        return [(i, m) for i, m in self.method_entries() if m.get("enabled", True)
                and (m.get("params") or {}).get("into_place", False)]

    def takes(self) -> list[Define]:
        """A man who finds an enemy already in danger, of whom he is a taker, takes him before he moves and
        removes into his place (458, 486-488, 1033-1035): `(move Select)` from the taker to the enemy; the
        whole man's captures first, a king's layers only where the whole king is not taken; when only a layer
        is taken the king keeps his space and the taker his own."""
        if not self.before_legal:
            return []
        frm, to = "(from)", "(to)"
        select = sx("move", "Select", sx("from", occupied("Mover")),
                    sx("to", occupied("Next"), named("if", all_of([
                        self.active(frm), self.active(to), any_of(self.before_legal)]))))
        nothing = eq(0, sx("size", "Array", sx("values", "Remembered", q("Lost"))))
        effect = sx("seq", braces([
            moves_of(self.before_whole) or sx("pass"),
            sx("if", nothing, moves_of(self.before_layers) or sx("pass")),
            sx('"Losses"'),
            sx("forget", "Value", q("Lost"), "All"),
            sx("if", empty(VICTIM), sx("and", sx("fromTo", sx("from", ORIGIN), sx("to", VICTIM)),
                                       sx("set", "Var", q("Actor"), VICTIM)),
               sx("set", "Var", q("Actor"), -1)),
            sx("set", "Var", q("Origin"), -1)]))
        before = ((self.doc.get("captures") or {}).get("timing") or {}).get("before_move") or {}
        cite = f"line {_line(before)}: which takes in place of him that is taken"
        self.note("/captures/timing/before_move", str(before.get("rule", "")), _line(before),
                  "Takes, TakeBeforeMove")
        not_into = (self.doc.get("captures") or {}).get("not_into_place") or {}
        if not_into:
            self.note("/captures/not_into_place", str(not_into.get("rule", "")), _line(not_into),
                      "CapturesAfterMove (no removal into the place) and TakeBeforeMove (removal into it)")
        return [Define("Takes", select, (cite,), "takes"), Define("TakeBeforeMove", effect, (cite,), "takes")]

    def king_layer_test(self, x: object, test: Callable[[int], object]) -> object:
        """Whether the enemy king at x bears a layer whose number `test` takes."""
        def per(player: int) -> object:
            return any_of(all_of([power_bits(x, [i], "all"), test(value)])
                          for i, (value, _s) in enumerate(self.r.kings[player]))
        return all_of([is_piece(x, "pyramid", "Next"), self.by_player(x, per)])

    def enters(self) -> list[Define]:
        """A prisoner in hand entered as a move (/captured/enters): on a void space of the side's hindmost
        rank (kind 1: 'placed in the hindermost space of his victors camp', line 542), or of the adversary's
        camp, where he neither moves nor takes (kind 2, 726-728)."""
        captured = self.doc.get("captured") or {}
        if not self.keeps_prisoners:
            if captured.get("becomes") == "removed":
                self.note("/captured/enters", "men taken are no more occupied", _line(captured),
                          "no entering move")
            return []
        enters = captured.get("enters")
        if enters == "hindmost-rank":
            where = sx("sites", "Mover", q("Home"))
        elif enters == "adversary-camp":
            where = sx("sites", "Mover", q("Camp"))
        else:
            self.missing("/captured/enters", f"prisoners entered: {enters}", _line(captured),
                         "a region this compiler does not know")
            return []
        body = sx("move", sx("from", sx("sites", "Occupied", named("by", "Mover"), named("container", q("Hand")))),
                  sx("to", where, named("if", empty("(to)"))))
        src = captured.get("enters_source") or {}
        self.note("/captured/enters", str(src.get("note", enters)), _line(captured), "Enters")
        return [Define("Enters", body, (f"line {_line(captured)}: {captured.get('rule', '')[:60]}",), "enters")]

    # -- victories -----------------------------------------------------------------------------------------

    def camp_sites(self, player: int) -> list[int]:
        tri = self.doc.get("triumphs") or {}
        camp = int((tri.get("camp") or {}).get("spaces", 40))
        camp_ranks = max(1, camp // FILES)
        side = self.r.player_side[player]
        ranks = range(self.r.ranks - camp_ranks, self.r.ranks) if side == "even" else range(camp_ranks)
        return [r * FILES + f for r in ranks for f in range(FILES)]

    def arrangements(self) -> list[list[tuple[int, int]]]:
        """The triumph's arrangements as offsets from their first space (/triumphs/line, /triumphs/square)."""
        tri = self.doc.get("triumphs") or {}
        directions = (tri.get("line") or {}).get("directions", ["orthogonal", "diagonal"])
        units = []
        if "orthogonal" in directions:
            units += [(0, 1), (1, 0)]
        if "diagonal" in directions:
            units += [(1, 1), (1, -1)]
        out = [[(0, 0), u, (2 * u[0], 2 * u[1])] for u in units]
        form = (tri.get("square") or {}).get("form", "corners")
        out.append([(0, 0), (1, 0), (0, 1), (1, 1)] if form == "block" else [(0, 0), (2, 0), (0, 2), (2, 2)])
        return out

    def tests(self) -> dict[str, Callable[[object, object, object], object]]:
        """The proportions' tests (/triumphs/proportions), as Ludii arithmetic."""
        out = {}
        for p in (self.doc.get("triumphs") or {}).get("proportions", ()):
            fn = _test(str(p.get("test", "")))
            if fn is None:
                self.missing(f"/triumphs/proportions/{p.get('name')}", f"the test {p.get('test')}", _line(p),
                             "an expression this compiler cannot write")
                continue
            out[str(p["name"])] = fn
        return out

    def some_three_in_proportion(self, numbers: list[object], in_line: bool, must: int | None = None) -> object:
        """Whether some three of the numbers, all different, taken least to greatest, stand in a proportion
        by the document's tests (603: three numbers; 'some three of four'). For each choice of the middle
        number the other two are taken in both orders, so that no number is sorted by Ludii."""
        tests = self.tests()
        tri = self.doc.get("triumphs") or {}
        if in_line and tri.get("order") == "in-line" and len(numbers) == 3:
            a, b, c = numbers
            return any_of([all_of([sx("<", a, b), sx("<", b, c), any_of(t(a, b, c) for t in tests.values())]),
                           all_of([sx("<", c, b), sx("<", b, a), any_of(t(c, b, a) for t in tests.values())])])
        clauses = []
        symmetric = self.symmetric_tests()
        for trio_at in combinations(range(len(numbers)), 3):
            if must is not None and must not in trio_at:  # the adversary's number among the three (575-577)
                continue
            trio = tuple(numbers[j] for j in trio_at)
            for m in trio:
                x, y = [n for n in trio if n is not m]
                if symmetric:  # each test reads the same least to greatest and greatest to least
                    between = any_of([all_of([sx("<", x, m), sx("<", m, y)]), all_of([sx("<", y, m), sx("<", m, x)])])
                    clauses.append(all_of([between, any_of(t(x, m, y) for t in tests.values())]))
                    continue
                for lo, hi in ((x, y), (y, x)):
                    clauses.append(all_of([sx("<", lo, m), sx("<", m, hi),
                                           any_of(t(lo, m, hi) for t in tests.values())]))
        return any_of(clauses)

    def symmetric_tests(self) -> bool:
        """Whether every proportion's test gives the same for (a, b, c) and (c, b, a)."""
        tests = tuple(str(p.get("test", "")) for p in (self.doc.get("triumphs") or {}).get("proportions", ()))
        return _symmetric(tests)

    def triumphs(self) -> list[Define]:
        """The triumph (579-709): the enemy king taken first, then three men in a right line next to each
        other or four like a square, all in the adversary's camp, not set by a flying draught; great when
        three numbers stand in a proportion, greater and greatest when the four are a row of their tables."""
        tri = self.doc.get("triumphs") or {}
        kinds = {k["name"]: k for k in tri.get("kinds", ()) if k.get("allowed", True)}
        tables = {t["id"]: t for t in self.doc.get("tables", ())}
        site = "(site)"
        defs = []
        king_first = bool(tri.get("king_taken_first", True))
        gone = eq(0, sx("count", "Sites", named("in", occupied("Next", "Pyramid"))))
        flying = list(self.r.flying.values())
        no_flight: object = True
        if flying and not all(f.get("may_triumph", False) for f in flying):
            dc = sx("-", sx("column", named("of", "(last To)")), sx("column", named("of", "(last From)")))
            dr = sx("-", sx("row", named("of", "(last To)")), sx("row", named("of", "(last From)")))
            no_flight = any_of([sx("<", "(last From)", 0), sx(">=", "(last From)", self.r.ranks * FILES),
                                eq(dc, 0), eq(dr, 0), eq(sx("abs", dc), sx("abs", dr))])
        guard = all_of([gone if king_first else True])
        defs.append(Define("TriumphGuard", guard, ("line 580: when the King is taken",), "victories"))
        # the man brought by a flying draught serves for no triumph; the others stand (586-587)
        serves: Callable[[object], object] = (lambda x: True) if no_flight is True else \
            (lambda x: sx('"Serves"', x))
        if no_flight is not True:
            defs.append(Define("Serves", any_of([no_flight, sx("!=", "#1", "(last To)")]),
                               ("line 586: the men brought in their direct motions; the man who flew serves for "
                                "none",), "victories"))
        for c in tri.get("conditions", ()):
            if "proclaim" in str(c.get("rule", "")):
                self.missing("/triumphs/proclaimed", str(c.get("rule")), _line(c),
                             "a proclamation: no position records it (the reference engine does not check it "
                             "either)")
        self.note("/triumphs/king_taken_first", "the king taken first", 580, "TriumphGuard")
        self.note("/triumphs/camp", f"the adversary's camp, {(tri.get('camp') or {}).get('spaces')} spaces", 583,
                  "regions Camp")
        self.note("/triumphs/direct_motions_only", "not by a flying draught", 586, "Serves")
        arrangements = self.arrangements()

        def exists(make: Callable[[list[object]], object], size: int) -> object:
            clauses = []
            for offsets in arrangements:
                if len(offsets) != size:
                    continue
                starts = {p: self.fitting(offsets, self.camp_sites(p)) for p in (1, 2)}
                if not starts[1] and not starts[2]:
                    continue
                sites = [site_plus(site, dx + FILES * dy) for dx, dy in offsets]
                inner = make(sites)
                if inner is False:
                    continue
                region = sx("if", eq(sx("mover"), 1), sx("sites", braces(starts[1])), sx("sites", braces(starts[2])))
                found = sx("forEach", region, named("if", all_of([*(sx("is", "Mover", who(x)) for x in sites),
                                                                   *(serves(x) for x in sites), inner])))
                clauses.append(sx("<", 0, sx("count", "Sites", named("in", found))))
            return any_of(clauses)

        def rows_of(name: str) -> list[tuple[int, ...]]:
            rows: set[tuple[int, ...]] = set()
            for tid in kinds.get(name, {}).get("tables", ()):
                t = tables.get(tid)
                if t is None:
                    self.missing(f"/triumphs/kinds/{name}", f"the table {tid}", None, "the table is not in /tables")
                    continue
                rows.update(tuple(sorted(int(x) for x in r)) for r in t["rows"])
            return sorted(rows)

        greatest_rows = rows_of("greatest") if "greatest" in kinds else []
        greater_rows = [r for r in rows_of("greater") if r not in set(greatest_rows)] if "greater" in kinds else []
        names = []
        if "great" in kinds:
            g = kinds["great"]
            men = set(g.get("men", (3,)))
            three = exists(lambda s: self.some_three_in_proportion([val(x) for x in s], in_line=True), 3) \
                if 3 in men else False
            four = exists(lambda s: all_of([
                *(sx("not", in_rows([val(x) for x in s], rows)) for rows in (greatest_rows, greater_rows) if rows),
                self.some_three_in_proportion([val(x) for x in s], in_line=False)]), 4) if 4 in men else False
            defs.append(Define("GreatTriumph", all_of([sx('"TriumphGuard"'), any_of([three, four])]),
                               (f"line {_line(g)}: the great triumph",), "victories"))
            names.append("great-triumph")
            self.note("/triumphs/kinds/great", "the great triumph", _line(g), "GreatTriumph")
        for name, rows in (("greater", greater_rows), ("greatest", greatest_rows)):
            if name not in kinds:
                continue
            g = kinds[name]
            define = f"{name.capitalize()}Triumph"
            defs.append(Define(define, all_of([sx('"TriumphGuard"'), exists(partial(_rows_of_men, rows=rows), 4)]),
                               (f"line {_line(g)}: the {name} triumph (the rows of "
                                f"{', '.join(g.get('tables', ()))})",), "victories"))
            names.append(f"{name}-triumph")
            self.note(f"/triumphs/kinds/{name}", f"the {name} triumph", _line(g), define)
        for k in tri.get("kinds", ()):
            if not k.get("allowed", True):
                self.note(f"/triumphs/kinds/{k['name']}", f"the {k['name']} triumph (not allowed)", _line(k),
                          "not written: not allowed")
        self.victory_names = names
        return defs

    def common(self) -> list[Define]:
        """The common victories (1053-1113), by agreement before play: a Ludii option, one item for each
        worked example of the book (and none)."""
        self.agreements: list[tuple[str, object, str]] = []
        vic = self.doc.get("victories") or {}
        common = vic.get("common", ())
        taken_men = sx("if", eq(sx("mover"), 1), sx("size", "Array", sx("values", "Remembered", q("Taken1"))),
                       sx("size", "Array", sx("values", "Remembered", q("Taken2"))))
        for i, v in enumerate(common):
            name = v.get("name")
            ptr = f"/victories/common/{i}"
            params = v.get("params") or {}
            line = _line(v)
            if name == "bodies":
                for ex in v.get("examples", ()):
                    self.agreements.append((f"bodies men={ex['men']}", sx(">=", taken_men, int(ex["men"])),
                                            f"line {line}: the first to take {ex['men']} men"))
                self.note(ptr, str(v.get("rule")), line, "option Common victory (bodies)")
            elif name == "goods":
                for ex in v.get("examples", ()):
                    self.agreements.append((f"goods sum={ex['sum']}", sx(">=", sx("score", "Mover"), int(ex["sum"])),
                                            f"line {line}: men amounting to {ex['sum']}"))
                self.note(ptr, str(v.get("rule")), line, "option Common victory (goods)")
            elif name == "standards" and params.get("decided_by", "compare-hosts") == "compare-hosts":
                per = params.get("per_standard") or {}
                side1, side2 = self.r.player_side[1], self.r.player_side[2]
                if not per.get(side1) or not per.get(side2):
                    self.missing(ptr, str(v.get("rule")), line, "the men of one standard are not in the document")
                    continue
                mine = sx("/", sx("score", "Mover"), sx("if", eq(sx("mover"), 1), int(per[side2]), int(per[side1])))
                theirs = sx("/", sx("score", "Next"), sx("if", eq(sx("mover"), 1), int(per[side1]), int(per[side2])))
                self.agreements.append(("standards", sx(">", mine, theirs),
                                        f"line {line}: he that wins more standards"))
                self.note(ptr, str(v.get("rule")), line, "option Common victory (standards)")
            else:
                self.missing(ptr, str(v.get("rule")), line,
                             "the best choice of the men taken under a count of men or of figures (a sum over "
                             "subsets): Ludii has no ludeme that sums or sorts a remembered list"
                             if name in ("quarrel", "honour", "honour-and-quarrel")
                             else "the standards agreed before play (a count no ludeme keeps)")
        return []


def _test(text: str) -> Callable[[object, object, object], object] | None:
    """A proportion's test (a short comparison in a, b and c, as rithmocheck.ruleset.expr reads them)
    as Ludii arithmetic; None when it is not one of the forms written here."""
    import ast

    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(tree, ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], ast.Eq)):
        return None
    ops = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}

    def build(node: ast.AST, env: dict[str, object]) -> object:
        if isinstance(node, ast.Name) and node.id in env:
            return env[node.id]
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            return sx(ops[type(node.op)], build(node.left, env), build(node.right, env))
        raise ValueError(ast.dump(node))

    left, right = tree.left, tree.comparators[0]
    try:
        build(left, {"a": 0, "b": 0, "c": 0})
        build(right, {"a": 0, "b": 0, "c": 0})
    except ValueError:
        return None
    return lambda a, b, c: eq(build(left, {"a": a, "b": b, "c": c}), build(right, {"a": a, "b": b, "c": c}))


# --- the description --------------------------------------------------------------------------------------

def _digest(doc: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class _Game:
    """The game of one document: its defines (the rules), its equipment and its start."""

    def __init__(self, doc: dict[str, Any]):
        self.c = _Compiler(doc)
        self.defs = self.c.defines()
        self.defs += self.equipment_defines()
        self.defs.append(Define("Equipment", self.equipment(), ("line 251: the board; line 260: the men; line 541: "
                                                                "the prisoners' hands",), "equipment"))

    def equipment_defines(self) -> list[Define]:
        c, r = self.c, self.c.r
        doc = c.doc
        board = doc.get("board") or {}
        c.note("/board", str(board.get("rule", "the board")), _line(board), "Board")
        sides = doc.get("sides") or {}
        c.note("/sides", str(sides.get("rule", "the sides")), _line(sides), "players (P1 moves first)")
        c.note("/sides/first", f"the {r.player_side[1]} side moves first", None, "P1")
        men = doc.get("men", ())
        places = []
        squares = (doc.get("placement") or {}).get("squares") or {}
        by_id = {m["id"]: m for m in men}
        for man_id, square in sorted(squares.items(), key=lambda kv: (kv[1][0], int(kv[1][1:]))):
            m = by_id.get(man_id)
            if m is None:
                continue
            player = r.side_player[m["side"]]
            piece = q(f"{PIECE[m['shape']]}{player}")
            if m["shape"] == "pyramid":
                places.append(sx("place", piece, named("coord", q(square.upper())),
                                 named("state", (1 << len(m.get("layers", ()))) - 1), named("value", int(m["value"]))))
            else:
                places.append(sx("place", piece, named("coord", q(square.upper())), named("value", int(m["value"]))))
        placement = doc.get("placement") or {}
        c.note("/placement", str(placement.get("rule", "")), _line(placement), "Start (the squares of "
               "/placement/squares, not from 1563: the diagrams are lost)")
        c.note("/men", "the men and their numbers", None, "Start (value), the kings' layers (state)")
        c.note("/kings", "the kings and their layers", None, "maps LayerValue, LayerShape; the king's state")
        ransom = (doc.get("kings") or {}).get("ransom")
        if ransom:
            c.missing("/kings/ransom", str(ransom.get("rule", "the ransom of a king's layer")), _line(ransom),
                      "a move that takes a prisoner back out of the adversary's hand (or his men taken) in exchange "
                      "for one of the mover's men: not written yet; the adapter answers a ransom unsupported")
        source = (placement.get("squares_source") or {}).get("source", "")
        out = [Define("Start", sx("start", braces(places)),
                      (f"line {_line(placement)}: the array (lost diagrams; {source})",), "placement")]
        for player in (1, 2):
            out.append(Define(f"Camp{player}", sx("sites", braces(c.camp_sites(player))),
                              ("line 581: the adversary's camp",), "victories"))
        return out

    def equipment(self) -> object:
        c, r = self.c, self.c.r
        slots = c.prisoner_slots()
        items: list[object] = [sx("board", sx("rectangle", r.ranks, FILES))]
        for shape in (*SHAPES, "pyramid"):
            items.append(sx("piece", q(PIECE[shape]), "Each"))
        if c.keeps_prisoners and slots:
            items.append(sx("hand", "Each", named("size", len(slots))))
            items.append(sx("map", q("Slot"), braces(sx("pair", SHAPE_CODE[s] * 100000 + v, i)
                                                     for i, (s, v) in enumerate(slots))))
            items.append(sx("map", q("SlotValue"), braces(sx("pair", i, v) for i, (_s, v) in enumerate(slots))))
        layer_values, layer_shapes = [], []
        for player in (1, 2):
            for i, (v, s) in enumerate(r.kings[player]):
                layer_values.append(sx("pair", 10 * player + i, v))
                layer_shapes.append(sx("pair", 10 * player + i, SHAPE_CODE[s]))
        kd = c.king_groups_map()
        if kd is not None:
            items.append(kd)
        if layer_values:
            items.append(sx("map", q("LayerValue"), braces(layer_values)))
            items.append(sx("map", q("LayerShape"), braces(layer_shapes)))
        hindmost = {1: 0, 2: r.ranks - 1} if r.player_side[1] == "even" else {1: r.ranks - 1, 2: 0}
        for player in (1, 2):
            items.append(sx("regions", q("Home"), f"P{player}", sx("sites", "Row", hindmost[player])))
        for player in (1, 2):
            items.append(sx("regions", q("Camp"), f"P{player}", sx(f'"Camp{player}"')))
        return sx("equipment", braces(items))

    def game(self, name: str) -> object:
        names = {d.name for d in self.defs if d.name != "Equipment"}
        play = [sx('"Draughts"')]
        if "Takes" in names:
            play.append(sx('"Takes"'))
        if "Enters" in names:
            play.append(sx('"Enters"'))
        ends = []
        for v in self.c.victory_names:
            define = "".join(w.capitalize() for w in v.split("-"))
            ends.append(sx("if", sx(f'"{define}"'), sx("result", "Mover", "Win")))
        ends.append(sx("if", "<Common:test>", sx("result", "Mover", "Win")))
        return sx("game", q(name), sx("players", 2), sx('"Equipment"'),
                  sx("rules", sx('"Start"'), sx("play", sx("or", braces(play), sx("then", sx('"Consequences"')))),
                     sx("end", braces(ends))))


def _comment(text: str, width: int = 116) -> list[str]:
    words = text.split()
    lines, cur = [], "//"
    for w in words:
        if len(cur) + 1 + len(w) > width and cur != "//":
            lines.append(cur)
            cur = "//    "
        cur += " " + w
    lines.append(cur)
    return lines


def _render_define(d: Define, body: object | None = None) -> str:
    head = [f"// {cite}" for cite in d.cites]
    text = render(sx("define", q(d.name), d.body if body is None else body))
    return "\n".join([*head, text])


def _option_variants(doc: dict[str, Any], base: _Game) -> tuple[list[tuple[str, list[tuple[str, dict[str, str]]],
                                                                                list[str]]], list[Entry]]:
    """The book's options that Ludii options can carry: for each, its values and, for each value, the bodies
    of the defines it changes (compiled from the document resolved with that value; a define only one value
    uses, such as a manner of taking agreed, is written once beside the others). An option whose defines
    another option already carries, or that drops a rule family, is listed as not carried."""
    from ..ruleset.resolve import resolve

    base_bodies = {d.name: flat(d.body) for d in base.defs}
    base_game = flat(base.game("g"))
    base_missing = {e.pointer for e in base.c.entries if not e.expressed}
    extra: dict[str, Define] = {}
    taken: set[str] = set()
    carried = []
    listed: list[Entry] = []
    resolved = doc.get("resolved") or {}
    opts = doc.get("options") or {}
    order = sorted(opts, key=lambda n: (n not in ("obsidion-board-edge", "proportion-taking", "adjacent-takers",
                                                  "cornerwise"), list(opts).index(n)))
    for name in order:
        option = opts[name]
        line = _line(option)
        question = str(option.get("question", name))
        if name not in KNOWN_OPTIONS:
            chose = f" (the document chose {_show(resolved[name])})" if name in resolved else ""
            listed.append(Entry(f"/options/{name}", question, line, False,
                                f"an option this compiler does not know{chose}: the description follows the "
                                "document's values where it reads them, and writes none of the option's "
                                "alternatives"))
            continue
        current = resolved.get(name, option.get("default"))
        values = [option.get("default")] + [a.get("value") for a in option.get("alternatives", ())]
        variants: list[tuple[str, dict[str, str]]] = []
        changed: set[str] = set()
        mine: dict[str, Define] = {}
        why = ""
        for value in values:
            if value == current:
                variants.append((_show(value), {}))
                continue
            try:
                other = _Game(resolve(doc, {name: value}))
            except Exception as exc:  # noqa: BLE001 - a value the compiler cannot write: the option is listed
                why = f"its value {_show(value)} is not written ({type(exc).__name__})"
                break
            bodies = {d.name: flat(d.body) for d in other.defs}
            if set(base_bodies) - set(bodies) or flat(other.game("g")) != base_game:
                why = "a value drops or adds a rule family"
                break
            lost = {e.pointer for e in other.c.entries if not e.expressed} - base_missing
            if lost:
                why = f"its value {_show(value)} is not expressed: {', '.join(sorted(lost))}"
                break
            for d in other.defs:
                if d.name in base_bodies:
                    continue
                if d.name in mine and flat(mine[d.name].body) != bodies[d.name] or d.name in extra:
                    why = f"two values write {d.name} differently"
                    break
                mine[d.name] = d
            if why:
                break
            diff = {n: b for n, b in bodies.items() if n in base_bodies and b != base_bodies[n]}
            variants.append((_show(value), diff))
            changed |= set(diff)
        if not why and not changed and not mine:
            why = "its values change nothing this description writes (they change only rules another option " \
                  "agrees, as the proportion's adversary's place under proportion-taking)"
        if not why and changed & taken:
            why = f"another option carries {', '.join(sorted(changed & taken))}"
        size = sum(len(b) for _v, bodies in variants for b in bodies.values()) + sum(len(flat(d.body))
                                                                                  for d in mine.values())
        if not why and size > OPTION_BUDGET:
            why = f"its values would write {size:,} characters, more than {OPTION_BUDGET:,}"
        if why:
            listed.append(Entry(f"/options/{name}", question, line, False,
                                f"not a Ludii option here ({why}): choose it with rithmocheck ruleset --option"))
            continue
        taken |= changed
        extra.update(mine)
        for _v, bodies in variants:
            for n in changed:
                bodies.setdefault(n, base_bodies[n])
        carried.append((name, variants, sorted(changed)))
    base.defs.extend(extra.values())
    return carried, listed


def _show(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _placeholder(option: str) -> str:
    return "".join(w.capitalize() for w in option.split("-"))


def description(doc: dict[str, Any], with_options: bool = True) -> str:
    """The Ludii game description of a (resolved) ruleset document."""
    game = _Game(doc)
    c = game.c
    carried, listed = _option_variants(doc, game) if with_options else ([], [])
    entries = [*c.entries, *listed]
    title = str(doc.get("title", "Rithmomachia"))
    rid = str(doc.get("ruleset", "ruleset"))
    wit = doc.get("witness") or {}
    name = f"Rithmomachia ({rid})"
    lines = [f"// {name}: the rules of {', '.join(wit.get('authors', ['Lever and Fulke']))}, "
             f"'{str(wit.get('title', 'The Philosophers game'))[:60]}...' ({wit.get('year', 1563)}), "
             f"{title.strip('.')}",
             f"// Generated by rithmocheck from the ruleset document {rid} alone (sha256 {_digest(doc)});",
             "// the lines cited are those of the 1563 witness (sources/lever-fulke-1563/witness.txt, sha256 "
             f"{wit.get('sha256', '?')}).",
             "// Written from rithmocheck's own ruleset: no part of any other .lud.",
             f"// rithmocheck:format {FORMAT}",
             f"// rithmocheck:ruleset {rid}",
             f"// rithmocheck:players P1={c.r.player_side[1]} P2={c.r.player_side[2]}",
             f"// rithmocheck:methods {' '.join(METHODS)}",
             f"// rithmocheck:victories {' '.join(c.victory_names)} agreed",
             f"// rithmocheck:prisoners {(doc.get('captured') or {}).get('becomes', 'removed')}",
             f"// rithmocheck:ransom {'none' if not (doc.get('kings') or {}).get('ransom') else 'not-expressed'}",
             "//", "// What this description does not express (the rule, its line, the ludeme that is missing):"]
    missing = [e for e in entries if not e.expressed and not e.pointer.startswith("/options/")]
    for e in missing:
        lines += _comment(f"- not expressed: {e.pointer} ({'line ' + str(e.line) if e.line else 'no line'}): "
                          f"{e.rule} -- {e.how}")
    if not missing:
        lines.append("// - nothing")
    lines += ["//", "// The book's options it does not carry as Ludii options (the rules it writes follow the "
              "document's values):"]
    uncarried = [e for e in entries if not e.expressed and e.pointer.startswith("/options/")]
    for e in uncarried:
        lines += _comment(f"- not carried: {e.pointer} ({'line ' + str(e.line) if e.line else 'no line'}): "
                          f"{e.rule} -- {e.how}")
    if not uncarried:
        lines.append("// - none")
    lines.append("//")
    bodies_by_option = {n: _placeholder(opt) for opt, _vs, names in carried for n in names}
    parts = ["\n".join(lines)]
    for d in game.defs:
        if d.name in bodies_by_option:
            opt_ph = bodies_by_option[d.name]
            parts.append("\n".join([*(f"// {cite}" for cite in d.cites),
                                    f'(define "{d.name}" <{opt_ph}:{_arg(d.name)}>)']))
        else:
            parts.append(_render_define(d))
    parts.append(render(game.game(name)))
    for opt, variants, names in carried:
        option = (doc.get("options") or {})[opt]
        items = []
        for value, bodies in variants:
            args = " ".join(f"<{bodies[n]}>" for n in names)
            tag = "default" if value == _show(option.get("default")) else "alternative"
            items.append(f'        (item "{value}" {args} "{tag}")')
        args = " ".join(f"<{_arg(n)}>" for n in names)
        current = _show((doc.get("resolved") or {}).get(opt, option.get("default")))
        ordered = sorted(items, key=lambda it: not it.startswith(f'        (item "{current}" '))
        parts.append("\n".join([f"// option {opt} (line {_line(option)}): {option.get('question', '')}"[:118],
                                f'(option "{opt}" <{_placeholder(opt)}> args:{{{args}}}', "    {",
                                *ordered, "    }", ")"]))
    common = [("none", False, "the triumph only")] + list(c.agreements)
    parts.append("\n".join(["// option agreed: the common victory agreed before play (line 1115)",
                            '(option "agreed" <Common> args:{<test>}', "    {",
                            *(f'        (item "{n}" <{flat(t)}> "{why}")' for n, t, why in common),
                            "    }", ")"]))
    parts.append(render(_metadata(doc, c)))
    return "\n\n".join(parts) + "\n"


def _arg(define_name: str) -> str:
    return define_name[0].lower() + define_name[1:]


def _metadata(doc: dict[str, Any], c: _Compiler) -> object:
    wit = doc.get("witness") or {}
    summary = []
    for e in c.entries:
        if e.expressed and e.line:
            summary.append(f"{e.rule} (line {e.line})")
    rules = "; ".join(summary)
    rules = rules.replace('"', "'")
    src = f"{', '.join(wit.get('authors', []))}: {wit.get('title', '')} ({wit.get('year', '')}); " \
          f"{', '.join(f'{k} {v}' for k, v in (wit.get('identifiers') or {}).items())}"
    return sx("metadata", sx("info", braces([
        sx("description", q(f"Rithmomachia, the Philosophers game, as {doc.get('ruleset')} of rithmocheck reads "
                            f"Lever and Fulke's treatise of 1563 ({doc.get('title', '')})".replace('"', "'"))),
        sx("rules", q(rules)),
        sx("source", q(src.replace('"', "'"))),
        sx("credit", q("generated by rithmocheck from its ruleset document")),
    ])))


def coverage(doc: dict[str, Any]) -> list[Entry]:
    """Every rule the compiler met in the document, expressed (with the define that writes it) or not (with
    the ludeme that is missing)."""
    game = _Game(doc)
    _carried, listed = _option_variants(doc, game)
    return [*game.c.entries, *listed]
