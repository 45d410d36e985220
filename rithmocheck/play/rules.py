"""The rules of one ruleset document, compiled for play.

Everything is read from the document (rithmocheck.ruleset, options resolved
by rithmocheck.ruleset.resolve): the board's length, each shape's draughts
(directions times distances) and flying draught, whether paths must be void,
the manners of taking with their parameters, when captures happen, the
king's layers and what he loses with them, where prisoners go, the
triumphs (their arrangements, the proportions' tests, the tables of the
greater and greatest), the common victories' parameters, and the starting
squares. A document that lacks a part the engine needs is bad input
(InputError naming the JSON Pointer), never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from .position import Kings, Layer, Man, Position, Square, parse_square

VECTORS = {"orthogonal": ((0, 1), (1, 0), (0, -1), (-1, 0)),
           "diagonal": ((1, 1), (1, -1), (-1, -1), (-1, 1))}
EIGHT = VECTORS["orthogonal"] + VECTORS["diagonal"]
DIRECTIONS = ("orthogonal", "diagonal")
SHAPES = ("round", "triangle", "square")


@dataclass(frozen=True)
class Step:
    """One draught: the offset and the squares passed on the way (which must
    be void where paths must be clear)."""

    dx: int
    dy: int
    path: tuple[tuple[int, int], ...]


def line_steps(directions: list[str], distances: list[int]) -> tuple[Step, ...]:
    out = []
    for d in distances:
        for direction in directions:
            for ux, uy in VECTORS[direction]:
                out.append(Step(ux * d, uy * d, tuple((ux * k, uy * k) for k in range(1, d))))
    return tuple(out)


def knight_steps(leg: list[int], leaps: bool) -> tuple[Step, ...]:
    long, short = leg
    out = []
    for ux, uy in VECTORS["orthogonal"]:
        for sx, sy in ((uy, ux), (-uy, -ux)):  # the two sides of the long leg
            path = () if leaps else tuple((ux * k, uy * k) for k in range(1, long + 1))
            out.append(Step(ux * long + sx * short, uy * long + sy * short, path))
    return tuple(out)


Lines = tuple[tuple[Square, tuple[Square, ...]], ...]  # targets, each with the squares passed on the way


@dataclass(frozen=True)
class Method:
    name: str
    params: dict[str, Any]
    index: int  # in /captures/methods: the JSON Pointer a finding cites


@dataclass(frozen=True)
class Triumph:
    name: str
    allowed: bool
    men: tuple[int, ...]
    proportions: int
    rows: frozenset[tuple[int, ...]]  # the rows of its tables (four-number triumphs), sorted numbers


@dataclass
class Rules:
    doc: dict[str, Any] = field(repr=False)
    ruleset: str
    kind: int
    ranks: int
    march: dict[str, tuple[Step, ...]]
    fly: dict[str, tuple[Step, ...]]
    flying: dict[str, dict[str, Any]]
    path_clear: bool
    king_by_shape: dict[str, tuple[int, ...]] | None  # kind 1: the distances each layer shape gives the king
    king_directions: list[str]
    king_as_shapes: bool
    king_flies: bool
    ransom: dict[str, Any] | None  # /kings/ransom: a layer taken may be redeemed (kinds 2 and 3)
    methods: tuple[Method, ...]
    mover_among_takers: bool
    captured: str  # turned | triumph-only | removed
    enters: str | None  # hindmost-rank | adversary-camp | None
    parts_by_equality: bool
    draughts_lost: str  # none | any-layer | all-layers: when the king loses a shape's draught
    draught_scope: str  # distance | shape: what he loses with it (/kings/parts/draught_scope)
    layer_at_distance: bool  # a layer found in danger before the draw taken, no man moving (/kings/parts)
    king_number: str  # borne | whole: the number a king who lost layers is taken by and takes with (/kings/number)
    takes_with: str
    kings: Kings
    signs: dict[tuple[str, str, int], tuple[int, ...]]
    triumphs: tuple[Triumph, ...]
    tests: dict[str, Callable[[int, int, int], bool]]
    camp_ranks: int
    line: dict[str, Any]
    square_form: str
    order: str
    king_taken_first: bool
    common: dict[str, dict[str, Any]]
    start: dict[str, str]
    men_by_id: dict[str, dict[str, Any]]
    first: str = "even"  # the side that moves first (/sides/first)
    _rows: dict[str, frozenset[tuple[int, ...]]] = field(default_factory=dict, repr=False)
    # the tables made once per rules, for speed: the lines of each set of steps by square (keyed by the
    # steps' identity, the steps kept beside them), each king's steps by the man, who could reach a square
    _lines: dict[int, tuple[Any, dict[Square, Lines]]] = field(default_factory=dict, repr=False)
    _man_steps: dict[int, tuple[Man, tuple[Step, ...], tuple[Step, ...]]] = field(default_factory=dict, repr=False)
    _reverse: dict[Square, tuple[tuple[Square, str, tuple[Square, ...]], ...]] = field(default_factory=dict,
                                                                                        repr=False)
    _into_place: tuple[Method, ...] | None = field(default=None, repr=False)
    _ray: int | None = field(default=None, repr=False)
    _around: dict[Square, tuple[Square, ...]] = field(default_factory=dict, repr=False)
    _rays: dict[Square, dict[tuple[int, int], tuple[Square, ...]]] = field(default_factory=dict, repr=False)
    _near_rays: dict[Square, tuple[tuple[Square, ...], ...]] = field(default_factory=dict, repr=False)
    _siege: dict[int, tuple[Any, Any]] = field(default_factory=dict, repr=False)
    _prepared: dict[int, tuple[Any, Any]] = field(default_factory=dict, repr=False)
    _spaces_from: dict[tuple[int, int], frozenset[int]] = field(default_factory=dict, repr=False)
    _handlers: dict[int, tuple[Any, Any]] = field(default_factory=dict, repr=False)
    _by_proportion: bool | None = field(default=None, repr=False)
    _siege_reach: dict[int, tuple[Any, dict[tuple[int, int], int]]] = field(default_factory=dict, repr=False)
    _directions: dict[int, tuple[Any, tuple[tuple[int, int], ...]]] = field(default_factory=dict, repr=False)
    _next: dict[tuple[Square, tuple[tuple[int, int], ...]], tuple[Square, ...]] = field(default_factory=dict,
                                                                                        repr=False)

    # --- derived questions ----------------------------------------------------------------------------

    def on_board(self, sq: tuple[int, int]) -> bool:
        return 0 <= sq[0] < 8 and 0 <= sq[1] < self.ranks

    def lines_from(self, steps: tuple[Step, ...], sq: Square) -> Lines:
        """The targets of the steps from sq that lie on the board, each with the squares passed on the way."""
        entry = self._lines.get(id(steps))
        if entry is None or entry[0] is not steps:  # (an id is another object's once the first is gone)
            entry = (steps, {})
            self._lines[id(steps)] = entry
        got = entry[1].get(sq)
        if got is None:
            x, y = sq
            got = tuple(((x + s.dx, y + s.dy), tuple((x + a, y + b) for a, b in s.path)) for s in steps
                        if 0 <= x + s.dx < 8 and 0 <= y + s.dy < self.ranks)
            entry[1][sq] = got
        return got

    def reverse_lines(self, target: Square) -> tuple[tuple[Square, str, tuple[Square, ...]], ...]:
        """The spaces from which a man of a shape (but the king's) has the target in his ordinary draught,
        each with the shape and the squares his way passes (the king's draughts change with his layers:
        Board.takers_of asks each king)."""
        got = self._reverse.get(target)
        if got is None:
            x, y = target
            got = tuple(((x - s.dx, y - s.dy), shape, tuple((x - s.dx + a, y - s.dy + b) for a, b in s.path))
                        for shape in SHAPES for s in self.march[shape]
                        if 0 <= x - s.dx < 8 and 0 <= y - s.dy < self.ranks)
            self._reverse[target] = got
        return got

    def ray_reach(self) -> int:
        """How far along a line from a man set down his taking may reach (rithmocheck.play.moves._near): to
        the edge where men are taken by the spaces between, else as far as the longest draught goes."""
        got = self._ray
        if got is None:
            got = max(8, self.ranks) if self.takes_by_spaces() else self.draught_reach()
            self._ray = got
        return got

    def draught_reach(self) -> int:
        """The farthest any ordinary draught goes (a king's too)."""
        return max([max(abs(s.dx), abs(s.dy)) for steps in self.march.values() for s in steps] or [1])

    def takes_by_spaces(self) -> bool:
        """Whether men are taken by the void spaces between (at any distance along a line)."""
        return any(m.name in ("multiplication-by-spaces", "division-by-spaces", "eruption") for m in self.methods)

    def rays(self, sq: Square) -> dict[tuple[int, int], tuple[Square, ...]]:
        """The eight lines from sq to the edge of the board, by direction (the squares, nearest first)."""
        got = self._rays.get(sq)
        if got is None:
            got = {}
            for dx, dy in EIGHT:
                x, y, line = sq[0] + dx, sq[1] + dy, []
                while 0 <= x < 8 and 0 <= y < self.ranks:
                    line.append((x, y))
                    x, y = x + dx, y + dy
                got[(dx, dy)] = tuple(line)
            self._rays[sq] = got
        return got

    def near_rays(self, sq: Square) -> tuple[tuple[Square, ...], ...]:
        """The eight lines from sq as far as a man set down there may take along them (ray_reach)."""
        got = self._near_rays.get(sq)
        if got is None:
            far = self.ray_reach()
            got = tuple(line[:far] for line in self.rays(sq).values() if line)
            self._near_rays[sq] = got
        return got

    def takes_by_proportion(self) -> bool:
        got = self._by_proportion
        if got is None:
            got = any(m.name == "proportion" for m in self.methods)
            self._by_proportion = got
        return got

    def siege_reach(self, steps: tuple[Step, ...]) -> dict[tuple[int, int], int]:
        """How far the draughts of a man with these steps go in each direction he moves in."""
        got = self._siege_reach.get(id(steps))
        if got is None or got[0] is not steps:
            got = (steps, {u: far for u, far, _ends in self.siege_plan(steps)})
            self._siege_reach[id(steps)] = got
        return got[1]

    def siege_plan(self, steps: tuple[Step, ...]) -> tuple[tuple[tuple[int, int], int, tuple[int, ...]], ...]:
        """For obsidion of a man with these draughts: each direction he moves in (in the order of his steps),
        how far his draughts go along it, and the distances they end at."""
        got = self._siege.get(id(steps))
        if got is None or got[0] is not steps:
            by: dict[tuple[int, int], list[int]] = {}
            for s in steps:
                d = max(abs(s.dx), abs(s.dy))
                by.setdefault((s.dx // d, s.dy // d), []).append(d)
            got = (steps, tuple((u, max(ds), tuple(ds)) for u, ds in by.items()))
            self._siege[id(steps)] = got
        return got[1]

    def directions(self, steps: tuple[Step, ...]) -> tuple[tuple[int, int], ...]:
        """The directions a man with these draughts moves in (of the eight, in their order)."""
        got = self._directions.get(id(steps))
        if got is None or got[0] is not steps:
            units = {u for u, _far, _ends in self.siege_plan(steps)}
            got = (steps, tuple(u for u in EIGHT if u in units))
            self._directions[id(steps)] = got
        return got[1]

    def next_spaces(self, sq: Square, which: tuple[tuple[int, int], ...]) -> tuple[Square, ...]:
        """The next spaces about sq in the directions `which` (of VECTORS), on the board."""
        key = (sq, which)
        got = self._next.get(key)
        if got is None:
            got = tuple((sq[0] + dx, sq[1] + dy) for dx, dy in which
                        if 0 <= sq[0] + dx < 8 and 0 <= sq[1] + dy < self.ranks)
            self._next[key] = got
        return got

    def around(self, sq: Square) -> tuple[Square, ...]:
        """The spaces within two of sq (next spaces, the arrangements of proportion), on the board."""
        got = self._around.get(sq)
        if got is None:
            x, y = sq
            got = tuple((x + dx, y + dy) for dx in range(-2, 3) for dy in range(-2, 3)
                        if (dx or dy) and 0 <= x + dx < 8 and 0 <= y + dy < self.ranks)
            self._around[sq] = got
        return got

    def into_place(self) -> tuple[Method, ...]:
        """The manners of taking by which a man finding an enemy already in danger removes into his place."""
        if self._into_place is None:
            self._into_place = tuple(m for m in self.methods if m.params.get("into_place", False))
        return self._into_place

    def table_rows(self, table_id: str) -> frozenset[tuple[int, ...]]:
        """The rows of one of the document's tables, as tuples of numbers (a table it lacks has none)."""
        got = self._rows.get(table_id)
        if got is None:
            table = next((t for t in self.doc.get("tables", ()) if t.get("id") == table_id), None)
            got = frozenset(tuple(int(x) for x in r) for r in table["rows"]) if table else frozenset()
            self._rows[table_id] = got
        return got

    def method(self, name: str) -> Method | None:
        for m in self.methods:
            if m.name == name:
                return m
        return None

    def king_steps(self, man: Man) -> tuple[Step, ...]:
        """The king's draughts, less those of shapes he no longer bears (kind 1, lines 535-537): that shape's
        distance in every direction, or only the shape's own draught (/kings/parts/draught_scope)."""
        shapes = {l.shape for l in man.layers}
        if self.draughts_lost == "any-layer":  # "when any of his square numbers is gone" (line 536)
            whole = {l.value for l in self.kings.get(man.side, ())} or {l.value for l in man.layers}
            bears = {l.value for l in man.layers}
            lost = {l.shape for l in self.kings.get(man.side, ()) if l.value in whole - bears}
            shapes = shapes - lost
        if self.king_as_shapes:  # he moves as the shapes he still has move (ordinary draughts only)
            return tuple(s for shape in SHAPES if shape in shapes for s in self.march[shape])
        steps = self.march["pyramid"]
        if self.king_by_shape is None or self.draughts_lost == "none":
            return steps
        if self.draught_scope == "shape":  # only what the shape itself moves (its ordinary draught)
            gone = {(s.dx, s.dy) for shape in self.king_by_shape if shape not in shapes for s in self.march[shape]}
            return tuple(s for s in steps if (s.dx, s.dy) not in gone)
        keep = {d for shape, ds in self.king_by_shape.items() if shape in shapes for d in ds}
        return tuple(s for s in steps if max(abs(s.dx), abs(s.dy)) in keep)

    def number(self, man: Man) -> int:
        """A man's number; a king's, by which he is taken whole and takes: the sum of the layers he bears, or
        always his whole number where /kings/number is whole (line 533, "that is.91. or.190.")."""
        if man.is_king and self.king_number == "whole":
            return sum(l.value for l in self.kings.get(man.side, ())) or man.value
        return man.value

    def steps(self, man: Man) -> tuple[Step, ...]:
        if man.shape != "pyramid":
            return self.march[man.shape]
        return self._king(man)[1]

    def _king(self, man: Man) -> tuple[Man, tuple[Step, ...], tuple[Step, ...]]:
        """A king's draughts and flights, kept by the man (a man never changes: one who loses a layer is
        another man)."""
        got = self._man_steps.get(id(man))
        if got is None or got[0] is not man:
            got = (man, self.king_steps(man), self._king_flights(man))
            self._man_steps[id(man)] = got
        return got

    def fly_steps(self, man: Man) -> tuple[Step, ...]:
        """His flying draught: his shape's; a king none, unless the ruleset has him fly as the shapes he
        bears fly (/movement/pyramid/flies_as_shapes)."""
        if man.shape == "pyramid":
            return self._king(man)[2]
        return self.fly.get(man.shape, ())

    def _king_flights(self, man: Man) -> tuple[Step, ...]:
        if not self.king_flies:
            return ()
        shapes = {l.shape for l in man.layers}
        return tuple(s for shape in SHAPES if shape in shapes for s in self.fly.get(shape, ()))

    def in_camp(self, side: str, sq: Square) -> bool:
        """Whether sq lies in the camp of `side`'s adversary (where `side` triumphs)."""
        rank = sq[1]
        return rank >= self.ranks - self.camp_ranks if side == "even" else rank < self.camp_ranks

    def hindmost_rank(self, side: str) -> int:
        return 0 if side == "even" else self.ranks - 1

    def start_position(self) -> Position:
        men: dict[Square, Man] = {}
        for man_id, square in self.start.items():
            m = self.men_by_id[man_id]
            sq = parse_square(square, f"/placement/squares/{man_id}", self.ranks)
            layers = tuple(Layer(l["value"], l["shape"]) for l in m.get("layers", ()))
            men[sq] = Man(m["side"], m["shape"], m["value"], layers)
        return Position.of(men, self.first)


def _get(doc: Any, ptr: str) -> Any:
    cur = doc
    for part in ptr.strip("/").split("/"):
        if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise InputError("<ruleset>", None, f"{ptr}: the engine needs this part of the ruleset, which is missing")
    return cur


def compile_rules(doc: dict[str, Any]) -> Rules:
    """The executable rules of a ruleset document (options already resolved)."""
    from ..ruleset.expr import compile_test

    where = str(doc.get("ruleset", "<ruleset>"))

    def get(ptr: str) -> Any:
        try:
            return _get(doc, ptr)
        except InputError as exc:
            raise InputError(where, None, exc.problem) from None

    kind = get("/kind")
    ranks = get("/board/ranks")
    march: dict[str, tuple[Step, ...]] = {}
    fly: dict[str, tuple[Step, ...]] = {}
    flying: dict[str, dict[str, Any]] = {}
    for shape in (*SHAPES, "pyramid"):
        d = get(f"/movement/{shape}")
        march[shape] = line_steps(d["directions"], d["distances"])
        if "flying" in d:
            f = d["flying"]
            flying[shape] = f
            fly[shape] = knight_steps(f["leg"], bool(f.get("leaps", True)))
    pyramid = get("/movement/pyramid")
    by_shape = pyramid.get("by_shape")
    methods = tuple(Method(m["method"], dict(m.get("params", {})), i)
                    for i, m in enumerate(get("/captures/methods")) if m.get("enabled", True))
    kings_doc = get("/kings")
    parts = kings_doc.get("parts", {})
    men = get("/men")
    kings: dict[str, tuple[Layer, ...]] = {}
    signs: dict[tuple[str, str, int], tuple[int, ...]] = {}
    for m in men:
        if m.get("shape") == "pyramid":
            kings[m["side"]] = tuple(Layer(l["value"], l["shape"]) for l in m["layers"])
        if "signs" in m:
            signs[(m["side"], m["shape"], m["value"])] = tuple(m["signs"])
    triumphs_doc = get("/triumphs")
    tables = {t["id"]: t for t in get("/tables")}
    triumphs = []
    for t in triumphs_doc["kinds"]:
        rows: set[tuple[int, ...]] = set()
        for tid in t.get("tables", ()):
            if t["proportions"] > 1:
                if tid not in tables:
                    raise InputError(where, None, f"/triumphs: table {tid} is not in /tables")
                rows.update(tuple(sorted(r)) for r in tables[tid]["rows"])
        triumphs.append(Triumph(t["name"], bool(t.get("allowed", True)), tuple(t["men"]), t["proportions"],
                                frozenset(rows)))
    tests = {}
    for p in triumphs_doc["proportions"]:
        fn = compile_test(p["test"])
        if fn is None:
            raise InputError(where, None, f"/triumphs/proportions: the test of {p['name']} is not a short "
                                          f"comparison of a, b and c")
        tests[p["name"]] = fn
    camp = triumphs_doc.get("camp", {}).get("spaces", 40)
    captured = get("/captured")
    common = {v["name"]: v for v in get("/victories/common")}
    return Rules(
        doc=doc, ruleset=where, kind=kind, ranks=ranks, march=march, fly=fly, flying=flying,
        path_clear=bool(get("/movement/path_clear/value")),
        king_by_shape={k: tuple(v) for k, v in by_shape.items()} if isinstance(by_shape, dict) else None,
        king_directions=list(pyramid["directions"]), king_as_shapes=bool(pyramid.get("as_shapes", False)),
        king_flies=bool(pyramid.get("flies_as_shapes", False)),
        ransom=(kings_doc.get("ransom") or None
                if (kings_doc.get("ransom") or {}).get("redeems", "a-layer-taken") == "a-layer-taken" else None),
        methods=methods, mover_among_takers=bool(get("/captures/timing/after_move/mover_among_takers")),
        captured=captured["becomes"], enters=captured.get("enters"),
        parts_by_equality=bool(parts.get("by_equality", False)),
        draughts_lost=str(parts.get("draughts_lost", "none")),
        draught_scope=str(parts.get("draught_scope", "distance")),
        layer_at_distance=bool(parts.get("layer_at_distance", True)),
        king_number=str(kings_doc.get("number", "borne")),
        takes_with=str(kings_doc.get("takes_with", "whole")), kings=kings, signs=signs,
        triumphs=tuple(triumphs), tests=tests, camp_ranks=max(1, camp // 8),
        line=dict(triumphs_doc.get("line", {"directions": ["orthogonal", "diagonal"]})),
        square_form=str(triumphs_doc.get("square", {}).get("form", "corners")),
        order=str(triumphs_doc.get("order", "any")), king_taken_first=bool(triumphs_doc.get("king_taken_first", True)),
        common=common, start=dict(get("/placement").get("squares", {})),
        men_by_id={m["id"]: m for m in men},
        first=str((get("/sides").get("first") or {}).get("value", "even")),
    )

