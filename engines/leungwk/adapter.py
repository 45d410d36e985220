#!/usr/bin/env python3
"""rithmocheck conformance adapter for leungwk/games (its Rithmomachia module, games/rith).

Our own code (no line of the engine is copied here): it imports the engine from
a checkout the user provides, sets the case's position on the engine's board,
makes the case's move with the engine's own calls and reports, in the protocol
of docs/conformance.md, what the engine then allows.

    python3 adapter.py /path/to/leungwk-games-checkout < case.json
    RITHMOCHECK_LEUNGWK=/path/to/checkout python3 adapter.py < case.json

Options (after the checkout):
    --kind-draughts        kinds 2 and 3: give every man the ordinary and flying
                           draughts of the case's kind (the engine's Piece takes
                           them as arguments); by default the engine's own men,
                           who have only the first kind's draughts
    --eruption-counting void-between
                           third kind: take by eruption with the engine's
                           void-spaces code (switch taking.multiplication.void_spaces)
                           instead of its eruption (switch taking.eruption, which
                           counts both end squares)

What is reported (ENGINE.md says it at length): the engine never takes by
itself; a capture is a "take" action the player chooses. After the move the
adapter reports every take action the engine allows in which the man just moved
(or entered) is a taker: equality and eruption taken by him, addition,
subtraction, multiplication and division by a pair of which he is one, obsidion
where he is one of the men who stop a line of the besieged man's draughts.
FROMxTO is the engine's take before the move (the taker does not move).

Standard library only; Python 3.10+.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from protocol import Unsupported, serve  # noqa: E402  (engines/common, beside this adapter)

PINNED = "ff2a6bf1d63e37ce0dc1f9f380b17d7cef7740e4"
ENV = "RITHMOCHECK_LEUNGWK"
FILES = "abcdefgh"

# the layers of each side's king, value -> shape (the book's, as the ruleset states them)
KING_LAYERS = {"even": {1: "round", 4: "round", 9: "triangle", 16: "triangle", 25: "square", 36: "square"},
               "odd": {16: "round", 25: "triangle", 36: "triangle", 49: "square", 64: "square"}}

# The ruleset's options: name -> (the ruleset's default, {a value other than the default: why the engine
# plays it}). A case runs against the engine's own behaviour when it leaves an option at its default (the
# book's reading, which the engine may not follow: a failure shows it); when it chooses another value the
# engine cannot be set to, the answer is unsupported.
OPTIONS: dict[str, tuple[Any, dict[Any, str]]] = {
    "camp-spaces": (40, {}),
    "triangle-direction": ("orthogonal", {}),
    "king-range": (3, {"constituents": "the king moves by his layers' draughts (piece.py:226-240)"}),
    "leaping": (False, {}),
    "flying-path": ("leap", {}),
    "obsidion-board-edge": (False, {True: "the edge counts (rith.py:362-364)"}),
    "proportion-taking": (False, {}),
    "four-number-proportion": ("by-table", {}),
    "takers-include-mover": (True, {}),
    "king-loses-draught": ("any-layer", {"all-layers": "the king moves by the layers he bears (piece.py:226-240)"}),
    "king-parts-by-equality": (False, {True: "layers are taken by equality (rith.py:299-301)"}),
    "king-takes-with": ("whole", {"whole-or-layer": "a king takes with any layer (rith.py:283)"}),
    "triumph-order": ("any", {"in-line": "the middle man bears the middle term (rith.py:872-884, 921)"}),
    "four-arrangement": ("corners", {"block": "four next to each other (move.py delta_squares)"}),
    "square-flying-leg": ([2, 1], {}),                 # [3, 1] with --kind-draughts
    "adjacent-takers": (False, {True: "switch taking.addition.line_adjacency"}),
    "spaces-counting": ("void-between", {"both-ends": "third kind only: the engine's eruption (rith.py:333)"}),
    "two-triumphs": (True, {}),
    "obsidion-next-spaces": ("directly",
                             {"directly-or-cornerwise": "switch taking.siege.surrounded (rith.py:377-384)"}),
    "cornerwise": (False, {True: "only with --kind-draughts"}),
    "short-board": (16, {}),
}


class EngineError(Exception):
    pass


def sq(s: str) -> tuple[int, int]:
    """'d8' -> the engine's (col, row), both from 1, even at the low rows."""
    return FILES.index(s[0]) + 1, int(s[1:])


def name(c: tuple[int, int]) -> str:
    return FILES[c[0] - 1] + str(c[1])


def other(side: str) -> str:
    return "odd" if side == "even" else "even"


# --- the draughts of kinds 2 and 3 (only with --kind-draughts) -------------------------------------

ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def _scaled(dirs: list[tuple[int, int]], n: int) -> set[tuple[int, int]]:
    return {(dx * n, dy * n) for dx, dy in dirs}


def _legs(a: int, b: int) -> set[tuple[int, int]]:
    return {(sx * x, sy * y) for x, y in ((a, b), (b, a)) for sx in (1, -1) for sy in (1, -1)}


def kind_draughts(kind: int, options: dict[str, Any]) -> dict[str, tuple[set, set]]:
    """shape -> (ordinary draughts, flying draughts) of the second or third kind (1563, lines 859-868, 993-995)."""
    if kind == 2:
        every = ORTH + DIAG
        knight = _legs(2, 1)
        leg = options.get("square-flying-leg", [2, 1])
        return {"round": (_scaled(every, 1), knight), "triangle": (_scaled(every, 2), knight),
                "square": (_scaled(every, 3), _legs(*leg)), "pyramid": (_scaled(every, 3), set())}
    dirs = ORTH + DIAG if options.get("cornerwise") else ORTH
    return {"round": (_scaled(dirs, 1), set()), "triangle": (_scaled(dirs, 2), set()),
            "square": (_scaled(dirs, 3), set()), "pyramid": (_scaled(dirs, 3), set())}


def describe(draughts: set[tuple[int, int]]) -> str:
    """{(0, 2), (2, 0), ...} -> "2 spaces directly" (the spaces moved, not counting his own)."""
    parts = []
    for n in sorted({max(abs(x), abs(y)) for x, y in draughts}):
        ways = [w for w, test in (("directly", lambda x, y: x == 0 or y == 0),
                                  ("corner-wise", lambda x, y: abs(x) == abs(y)))
                if any(max(abs(x), abs(y)) == n and test(x, y) for x, y in draughts)]
        if ways:
            parts.append(f"{n} space{'s' if n > 1 else ''} {' or '.join(ways)}")
    legs = sorted({tuple(sorted((abs(x), abs(y)))) for x, y in draughts if 0 < abs(x) != abs(y) > 0})
    parts += [f"the leap {b}x{a}" for a, b in legs]
    return ", ".join(parts)


# --- the adapter --------------------------------------------------------------------------------

class Adapter:
    def __init__(self, req: dict[str, Any], args: argparse.Namespace):
        self.req = req
        self.args = args
        self.kind = int(req.get("kind", 1))
        self.options = req.get("options") or {}
        from games.rith import move as M
        from games.rith import piece as P
        from games.rith import rith as R
        from games.settings import rith as S
        self.R, self.M, self.P, self.S = R, M, P, S
        self.side_of = {"even": P.Player.even, "odd": P.Player.odd}
        self.shape_cls = {"round": P.Circle, "triangle": P.Triangle, "square": P.Square}
        self.shape_name = {"round": P.PieceName.circle, "triangle": P.PieceName.triangle,
                           "square": P.PieceName.square}
        self.draughts = (kind_draughts(self.kind, self.options)
                         if args.kind_draughts and self.kind in (2, 3) else None)

    # settings ----------------------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The engine's switches for the case's kind, as its author labels them (doc/rules/rith.org:180-298)."""
        s = dict(self.S.settings_fulke_1)  # the engine's statement of Fulke's first kind (settings/rith.py:154-166)
        if self.kind == 2:
            s.update({"taking.multiplication.marches": False,       # the second kind multiplies by spaces
                      "taking.multiplication.void_spaces": True})   # "(Fulke, second kind)"
            if self.options.get("adjacent-takers"):
                s.update({"taking.addition.marches": False, "taking.addition.line_adjacency": True})
        elif self.kind == 3:
            s.update({"taking.siege.block_marches": False, "taking.siege.surrounded": True,   # "(Fulke, third kind)"
                      "taking.addition.marches": False, "taking.addition.any_adjacency": True,  # lying in wait
                      "taking.multiplication.marches": False})
            if self.args.eruption_counting == "void-between":
                s["taking.multiplication.void_spaces"] = True
            else:
                s["taking.eruption"] = True
        return s

    def check_options(self) -> None:
        for k, v in self.options.items():
            if k not in OPTIONS:
                raise Unsupported(f"option {k}={v!r} is unknown to this adapter")
            default, plays = OPTIONS[k]
            if v == default:
                continue
            ok = v in plays if not isinstance(v, list) else False
            if k == "spaces-counting" and self.kind != 3:
                ok = False
            if k == "cornerwise" and self.draughts is None:
                ok = True  # refused by check_draughts, with the draughts named
            if k == "square-flying-leg" and self.draughts is not None:
                ok = True  # the adapter's table of the second kind's draughts (--kind-draughts)
            if not ok:
                raise Unsupported(f"the engine cannot be set to {k}={json.dumps(v)} (ENGINE.md, options)")

    # the position --------------------------------------------------------------------------------

    def man(self, m: dict[str, Any], colour: Any) -> Any:
        P = self.P
        shape = m["shape"]
        if shape == "pyramid":
            side = m["side"] if not m.get("turned") else other(m["side"])
            layers = m.get("layers") or sorted(KING_LAYERS[side])
            table = KING_LAYERS[side]
            comps = []
            for v in sorted(layers, reverse=True):  # the engine lists the greatest first (settings/rith.py:14-21)
                if v not in table:
                    raise Unsupported(f"a king's layer {v} is not a layer of the {side} king")
                comps.append(self.piece(table[v], v, colour, king=True))
            return P.Pyramid(sum(layers), colour, pieces=comps)
        return self.piece(shape, m["value"], colour)

    def piece(self, shape: str, value: int, colour: Any, king: bool = False) -> Any:
        if self.draughts is None:
            return self.shape_cls[shape](value, colour)
        # --kind-draughts: the engine's Piece(num, name, colour, marches, flights) (piece.py) with the kind's
        # draughts; a king's layers all move as the king (as squares) and are named squares so that the
        # engine's path test (rith.py:714-744, by name) counts the spaces of a three-space draught
        if king:
            marches, flights = self.draughts["pyramid"]
            return self.P.Piece(value, self.P.PieceName.square, colour, marches, flights)
        marches, flights = self.draughts[shape]
        return self.P.Piece(value, self.shape_name[shape], colour, marches, flights)

    def setup(self) -> None:
        pos = self.req["position"]
        r = self.R.Rith(settings=self.settings())
        r._board = self.R.RithBoard(16, 8)  # a blank board (as tests/test_rith.py does)
        on_board = {"even": [], "odd": []}
        for m in pos["men"]:
            colour = self.side_of[m["side"]]
            r._board[sq(m["square"])] = self.man(m, colour)
            if m.get("turned"):
                on_board[m["side"]].append((m["shape"], m.get("value")))
        # the engine's prisoners: the men a side has taken, turned to its colour (rith.py:1013-1029), less those
        # it has since entered (a drop removes the prisoner from the list, rith.py:1047)
        for side in ("even", "odd"):
            colour = self.side_of[side]
            held = []
            entered = list(on_board[side])
            for t in (pos.get("taken") or {}).get(side, []):
                key = (t["shape"], t.get("value"))
                if key in entered:
                    entered.remove(key)
                    continue
                if t["shape"] == "pyramid":
                    table = KING_LAYERS[t["side"]]
                    for v in sorted(t.get("layers") or table, reverse=True):
                        held.append(self.piece(table[v], v, colour, king=True))
                else:
                    held.append(self.piece(t["shape"], t["value"], colour))
            setattr(r._board, "prisoners_held_by_" + side, held)
        r.turn = self.side_of[pos["to_move"]]
        self.r = r

    # takes -----------------------------------------------------------------------------------------

    def names_for_pair(self, p1: Any, p2: Any, target: Any, sums: bool) -> str:
        v = target.num
        a, b = [p.num for p in p1.pieces], [p.num for p in p2.pieces]
        if sums:
            if any(x + y == v for x in a for y in b):
                return "lying-in-wait" if self.kind == 3 else "addition"
            return "subtraction"
        if any(x * y == v for x in a for y in b):
            return "multiplication"
        return "division"

    def spaces_name(self, src: tuple[int, int], taker: Any, dest: tuple[int, int], target: Any,
                    void: bool) -> str:
        if not void:  # the engine's eruption, either way (rith.py:333-335)
            return "eruption"
        k = max(abs(dest[0] - src[0]), abs(dest[1] - src[1])) - 1
        if self.kind == 3:  # --eruption-counting void-between: the third kind's eruption counted by void spaces
            return "eruption"
        if any(p.num * k == target.num for p in taker.pieces):
            return "multiplication-by-spaces"
        return "division-by-spaces"

    def besiegers(self, dest: tuple[int, int], target: Any) -> list[tuple[int, int]]:
        """The men who stop the besieged man's lines, as the engine tests them (rith.py:357-384): for each
        ordinary draught of the man (or layer) besieged, the nearest enemy on it at or before its end; for the
        surrounded test, the four next spaces directly or corner-wise that are all held."""
        r, P = self.r, self.P
        taker = P.Player.opponent(r._board[dest].colour)
        out: list[tuple[int, int]] = []
        if r.settings.get("taking.siege.block_marches"):
            for dx, dy in target.marches:
                n = max(abs(dx), abs(dy))
                sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
                for i in range(1, n + 1):
                    c = (dest[0] + sx * i, dest[1] + sy * i)
                    if not r._board.is_valid_coord(c):
                        break
                    if r._board[c].colour == taker:
                        out.append(c)
                        break
            return sorted(set(out))
        if r.settings.get("taking.siege.surrounded"):
            for deltas in (self.M.deltas_cross, self.M.deltas_xshape):
                ring = [(dest[0] + dx, dest[1] + dy) for dx, dy in deltas]
                ring = [c for c in ring if r._board.is_valid_coord(c)]
                if all(r._board[c].colour == taker for c in ring):
                    return sorted(ring)
        return out

    def takes(self, at: tuple[int, int], only: tuple[int, int] | None = None) -> list[tuple[dict, Any]]:
        """Every take action the engine allows now in which the man on `at` is a taker (of the man on `only`)."""
        r, M, P = self.r, self.M, self.P
        me = r._board[at]
        if me.colour != r.turn:
            return []
        enemy = P.Player.opponent(r.turn)
        mine = [c for c, p in r._board.items() if p.colour == r.turn and c != at]
        found: list[tuple[dict, Any]] = []
        for dest, man in sorted(r._board.items()):
            if man.colour != enemy or (only is not None and dest != only):
                continue
            for part in man.pieces:  # the whole man, and each layer of a king (rith.py:1079-1082)
                layer = man.name == P.PieceName.pyramid and part is not man

                def add(method: str, takers: list, action: Any, dest: tuple = dest, part: Any = part,
                        layer: bool = layer) -> None:
                    cap = {"method": method, "taken": name(dest), "takers": sorted(name(c) for c in takers),
                           "value": part.num}
                    if layer:
                        cap["layer"] = True
                    found.append((cap, action))

                one = M.Take(at, dest, part)
                if r._valid_taking_by_equality(one):
                    add("encountering" if self.kind == 3 else "equality", [at], one)
                if r._valid_taking_by_eruption(one):
                    add(self.spaces_name(at, me, dest, part, void=False), [at], one)
                if r.settings.get("taking.multiplication.void_spaces") and r._valid_taking_by_multiplication(one):
                    add(self.spaces_name(at, me, dest, part, void=True), [at], one)
                for o in mine:
                    two = M.Take([at, o], dest, part)
                    if r._valid_taking_by_addition(two):
                        add(self.names_for_pair(me, r._board[o], part, True), [at, o], two)
                    if r.settings.get("taking.multiplication.marches") and r._valid_taking_by_multiplication(two):
                        add(self.names_for_pair(me, r._board[o], part, False), [at, o], two)
                siege = M.Take(None, dest, part)
                if r._valid_taking_by_siege(siege):
                    ring = self.besiegers(dest, part)
                    if at in ring:
                        add("obsidion", ring, siege)
        return found

    def apply(self, found: list[tuple[dict, Any]]) -> None:
        for _cap, action in found:
            if self.r.is_legal_move(action):
                self.r.do_move(action)

    # victories -------------------------------------------------------------------------------------

    def common_settings(self, agreement: dict[str, Any]) -> dict[str, Any]:
        n = agreement["name"]
        if n == "bodies":
            return {"victory.bodies": agreement["men"]}
        if n == "goods":
            return {"victory.goods": True, "victory.goods.num": agreement["sum"]}
        if n == "quarrel":
            return {"victory.quarrels": agreement["characters"], "victory.goods.num": agreement["sum"]}
        if n == "honour":
            return {"victory.honour": agreement["men"], "victory.goods.num": agreement["sum"]}
        if n == "honour-and-quarrel":
            raise Unsupported("victory of honour and quarrel is not in the engine (doc/rules/rith.org:332 names it; "
                              "terminal(), rith.py:800-852, has no code for it)")
        if n == "standards":
            raise Unsupported("victory of standards is not in the engine (tests/test_rith.py:1011 "
                              "\"'victory.standards': 4, # TODO: implement\")")
        raise Unsupported(f"common victory {n!r} is unknown to this adapter")

    def victories(self, side: str) -> list[dict[str, str]]:
        r = self.r
        player = self.side_of[side]
        out = []
        agreement = self.req.get("agreement")
        saved = dict(r.settings)
        if agreement:
            r.settings.update(self.common_settings(agreement))
            r._victory_declared = False
            if r.terminal(player):  # the common victories come first and need no proclamation (rith.py:808-852)
                out.append({"victory": agreement["name"], "side": side})
            r.settings = dict(saved)
        # the proper victory: proclaimed, as get_moves() tries it (rith.py:1130-1133); the engine does not
        # tell great, greater and greatest apart, so what it finds is reported as the great triumph
        r._victory_declared = True
        try:
            if r.terminal(player):
                out.append({"victory": "great-triumph", "side": side})
        finally:
            r._victory_declared = False
        return out

    # the second and third kinds' draughts -----------------------------------------------------------

    def check_draughts(self, piece: Any, flying: bool) -> None:
        """Kinds 2 and 3 without --kind-draughts: the engine's men have only the first kind's draughts
        (games/rith/move.py:162-201). A case whose moving (or taking) man has other draughts in its kind
        asks for a rule the engine lacks: unsupported."""
        if self.kind not in (2, 3) or self.draughts is not None:
            return
        shape = {v: k for k, v in self.shape_name.items()}.get(piece.name, "pyramid")
        marches, flights = kind_draughts(self.kind, self.options)[shape]
        theirs = "king" if shape == "pyramid" else shape
        kind = "second" if self.kind == 2 else "third"
        if set(piece.marches) != marches:
            raise Unsupported(f"the engine's men have only the first kind's draughts (games/rith/move.py:162-201, "
                              f"piece.py:226-240): a {theirs} of the {kind} kind moves {describe(marches)}, the "
                              f"engine's {describe(set(piece.marches))}")
        if flying and set(piece.flights) != flights:
            raise Unsupported(f"the engine's men have only the first kind's flying draughts (move.py:181-201): a "
                              f"{theirs} of the {kind} kind flies {describe(flights) or 'not at all'}, the "
                              f"engine's {describe(set(piece.flights)) or 'not at all'}")

    # the move ---------------------------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        self.check_options()
        self.setup()
        r, M = self.r, self.M
        mover = self.req["position"]["to_move"]
        move = self.req.get("move")
        illegal = {"legal": False, "captures": [], "victories": []}
        if move is None:
            return {"legal": True, "captures": [], "victories": self.victories(other(mover))}
        if "enter" in move:
            held = getattr(r._board, "prisoners_held_by_" + mover)
            man = move["enter"]
            want = (man["shape"], man.get("value"))
            idx = next((i for i, p in enumerate(held)
                        if (p.name, p.num) == (self.shape_name.get(want[0]), want[1])), None)
            if idx is None:
                return illegal
            drop = M.Drop(idx, sq(move["to"]))
            if not r.is_legal_move(drop):
                return illegal
            r.do_move(drop)
            found = self.takes(sq(move["to"]))
        else:
            src, dst = sq(move["from"]), sq(move["to"])
            piece = r._board[src] if r._board.is_valid_coord(src) else None
            if piece is None or piece.colour != r.turn:
                return illegal
            self.check_draughts(piece, bool(move.get("flying")))
            if r._board[dst] != self.P.NONE_PIECE:
                # FROMxTO: the enemy on TO found in danger before the move; the engine's take before its move
                # (the taker stays where he is, doc/rules/rith.org:153-154)
                found = self.takes(src, only=dst)
                if not found:
                    return illegal
            else:
                step = M.Move(src, dst)
                delta = (dst[0] - src[0], dst[1] - src[1])
                # the engine calls a draught flying when its step is one of the man's flights (rith.py:776-780)
                if bool(move.get("flying")) != (delta in piece.flights):
                    return illegal
                if not r.is_legal_move(step):
                    return illegal
                r.do_move(step)
                found = self.takes(dst)
        captures = [cap for cap, _a in found]
        self.apply(found)
        return {"legal": True, "captures": captures, "victories": self.victories(mover)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkout", nargs="?", default=os.environ.get(ENV),
                    help=f"a checkout of leungwk/games at {PINNED[:12]} (or ${ENV})")
    ap.add_argument("--kind-draughts", action="store_true")
    ap.add_argument("--eruption-counting", choices=["both-ends", "void-between"], default="both-ends")
    args = ap.parse_args(argv)
    if not args.checkout:
        print(f"no checkout of leungwk/games: give its path or set {ENV}", file=sys.stderr)
        return 2
    root = os.path.abspath(args.checkout)
    if not os.path.isfile(os.path.join(root, "games", "rith", "rith.py")):
        print(f"{root} is not a checkout of leungwk/games (no games/rith/rith.py)", file=sys.stderr)
        return 2
    return serve(root, lambda req: Adapter(req, args).run())

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
