#!/usr/bin/env python3
"""rithmocheck conformance adapter for wdjoyner/rithmomachia (its module rithmo.py).

Our own code: it imports rithmo.py from a checkout the user provides, sets the
case's position on the engine's board, makes the case's move as the engine's
GUI makes it, and reports, in the protocol of docs/conformance.md, the
captures the engine then offers and the victories it finds.

    python3 adapter.py /path/to/wdjoyner-rithmomachia-checkout < case.json
    RITHMOCHECK_WDJOYNER=/path/to/checkout python3 adapter.py < case.json

What is reported (ENGINE.md says it at length): the engine never takes by
itself; in the GUI the player clicks a captor and an enemy and picks one of the
ways get_possible_captures() offers (rithmo.py:282-325, 786-826). After the
move the adapter asks get_possible_captures() with the man just moved as the
captor, against every enemy on the board, with each number he may act with
(a king: his whole number and each layer, as SubpieceSelectDialog offers), and
reports every way offered. FROMxTO is the engine's capture before the move
(the captor stays where he is). An exception inside the engine is not a
result: the adapter prints it on stderr and exits 1.

Standard library only (the engine itself imports tkinter); Python 3.10+.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from protocol import Unsupported, serve  # noqa: E402  (engines/common, beside this adapter)

PINNED = "b77fe77f67c93a6f7675d445a5cdfdfc303bc547"
ENV = "RITHMOCHECK_WDJOYNER"
FILES = "abcdefgh"
COLOUR = {"even": "white", "odd": "black"}
SIDE = {"white": "even", "black": "odd"}
UNREACHABLE = 10 ** 9  # the bodies/goods numbers of the setup dialog when no common victory is agreed

# The ruleset's options: name -> (the ruleset's default, {a value other than the default that the engine's one
# game plays}). A case that leaves an option at its default (the book's reading) runs against the engine's own
# behaviour; a case that chooses another value the engine does not play is unsupported.
OPTIONS: dict[str, tuple[Any, set]] = {
    "camp-spaces": (40, set()), "triangle-direction": ("orthogonal", set()), "king-range": (3, set()),
    "leaping": (False, set()), "flying-path": ("leap", set()),
    "obsidion-board-edge": (False, {True}),         # the edge stops a man (valid_moves, rithmo.py:116-191)
    "proportion-taking": (False, set()), "four-number-proportion": ("by-table", set()),
    "takers-include-mover": (True, set()), "king-loses-draught": ("any-layer", set()),
    "king-parts-by-equality": (False, {True}),      # 'subpiece equality' (rithmo.py:289-291), when it does not fail
    "king-takes-with": ("whole", {"whole-or-layer"}),  # SubpieceSelectDialog (rithmo.py:545-551)
    "triumph-order": ("any", set()), "four-arrangement": ("corners", set()), "square-flying-leg": ("2,1", set()),
    "adjacent-takers": (False, set()), "spaces-counting": ("void-between", set()), "two-triumphs": (True, set()),
    "obsidion-next-spaces": ("directly", set()), "cornerwise": (False, set()), "short-board": (16, set()),
}


def sq(s: str) -> tuple[int, int]:
    """'d8' -> the engine's (r, c): r the file (0..7), c the rank - 1 (white, even, at c 0..3)."""
    return FILES.index(s[0]), int(s[1:]) - 1


def name(p: tuple[int, int]) -> str:
    return FILES[p[0]] + str(p[1] + 1)


def other(side: str) -> str:
    return "odd" if side == "even" else "even"


class Adapter:
    def __init__(self, req: dict[str, Any], args: argparse.Namespace):
        self.req = req
        self.kind = int(req.get("kind", 1))
        self.options = req.get("options") or {}
        import rithmo
        self.E = rithmo
        self.cls = {"round": rithmo.Circle, "triangle": rithmo.Triangle, "square": rithmo.Square}

    # the engine's capture kinds -> the ruleset's methods ------------------------------------------

    def method(self, kind: str) -> str:
        base = kind.replace("subpiece ", "")
        if base == "number":
            return "encountering" if self.kind == 3 else "equality"
        if base == "multiple":  # the captor times the void spaces between (rithmo.py:314-315, 331-343)
            return "eruption" if self.kind == 3 else "multiplication-by-spaces"
        if base == "divisor":   # the captor divided by the void spaces between (rithmo.py:316-317)
            return "division-by-spaces"
        if base == "sum":  # the captor and a second man, each with the enemy in his draught (rithmo.py:318-324)
            return "lying-in-wait" if self.kind == 3 else "addition"
        if base == "difference":
            return "subtraction"
        if base == "blockade":
            return "obsidion"
        raise RuntimeError(f"the engine offered a capture kind this adapter does not know: {kind!r}")

    def check(self) -> None:
        for k, v in self.options.items():
            if k not in OPTIONS:
                raise Unsupported(f"option {k}={v!r} is unknown to this adapter")
            default, plays = OPTIONS[k]
            value = ",".join(map(str, v)) if isinstance(v, list) else v
            if value != default and value not in plays:
                why = {"proportion-taking": ": no taking by proportion in get_possible_captures (rithmo.py:282-325)",
                       "short-board": ": its board is always 8 x 16 (rithmo.py:208-215)",
                       "cornerwise": ": its rounds move only directly (rithmo.py:103-114)"}.get(k, "")
                raise Unsupported(f"the engine cannot play {k}={json.dumps(v)}{why} (ENGINE.md, options)")
        agreement = self.req.get("agreement")
        if agreement and agreement["name"] not in ("bodies", "goods"):
            raise Unsupported(f"victory of {agreement['name']} is not in the engine: check_for_win "
                              "(rithmo.py:345-366) knows the triumph, bodies and goods only")
        pos = self.req["position"]
        for m in pos["men"]:
            if m.get("turned"):
                raise Unsupported(f"the engine never turns a prisoner (men taken are removed, rithmo.py:453-456): "
                                  f"the turned man on {m['square']} cannot be set")

    # the position ----------------------------------------------------------------------------------

    def setup(self) -> None:
        E = self.E
        pos = self.req["position"]
        agreement = self.req.get("agreement") or {}
        g = E.RithmomachiaGame(
            n0=agreement.get("men", UNREACHABLE) if agreement.get("name") == "bodies" else UNREACHABLE,
            n1=agreement.get("sum", UNREACHABLE) if agreement.get("name") == "goods" else UNREACHABLE)
        g.board.matrix = [[None] * 16 for _ in range(8)]  # a blank board; then the case's men
        for m in pos["men"]:
            r, c = sq(m["square"])
            colour = COLOUR[m["side"]]
            if m["shape"] == "pyramid":
                layers = list(m.get("layers") or [])
                if not layers:
                    layers = [1, 4, 9, 16, 25, 36] if m["side"] == "even" else [16, 25, 36, 49, 64]
                g.board.matrix[r][c] = E.Pyramid(sum(layers), colour, layers)  # subvalues top to bottom, as :234
            else:
                g.board.matrix[r][c] = self.cls[m["shape"]](m["value"], colour)
        # the men each side has taken, as the engine records them (Player.captures, rithmo.py:200-206)
        for side in ("even", "odd"):
            for t in (pos.get("taken") or {}).get(side, []):
                value = t.get("value") or sum(t.get("layers") or [])
                letter = {"round": "C", "triangle": "T", "square": "S", "pyramid": "P"}[t["shape"]]
                g.players[COLOUR[side]].record_capture(E.Piece(letter, value, COLOUR[t["side"]]), "taken")
        g.current_turn = COLOUR[pos["to_move"]]
        self.g = g

    # captures --------------------------------------------------------------------------------------

    def offers(self, at: tuple[int, int], only: tuple[int, int] | None = None) -> list[tuple[dict, tuple]]:
        """Every capture get_possible_captures() offers the man on `at` as captor (of the man on `only`)."""
        g = self.g
        me = g.get_piece(at)
        if me is None or me.color != g.current_turn:
            return []
        values = [me.value] + (sorted(me.subvalues) if isinstance(me, self.E.Pyramid) else [])  # as :545-551
        found: list[tuple[dict, tuple]] = []
        seen = set()
        for target, man in g.board.all_positions():
            if man is None or man.color != g.get_opponent_color() or (only is not None and target != only):
                continue
            for v in values:
                for kind, value, second in sorted(g.get_possible_captures(at, v, target), key=str):
                    takers = sorted(name(p) for p in ([at] + ([second] if second else [])))
                    cap = {"method": self.method(kind), "taken": name(target), "takers": takers, "value": value}
                    if kind.startswith("subpiece"):
                        cap["layer"] = True
                    key = json.dumps(cap, sort_keys=True)
                    if key not in seen:
                        seen.add(key)
                        found.append((cap, (at, target, kind, value)))
        return found

    def apply(self, found: list[tuple[dict, tuple]]) -> None:
        """Take them, as the GUI does after each choice (rithmo.py:823-826), so that the victories count them."""
        g = self.g
        for _cap, (at, target, kind, value) in found:
            man = g.get_piece(target)
            if man is None:
                continue
            if kind.startswith("subpiece"):
                if value in getattr(man, "subvalues", []):
                    g.process_pyramid_subpiece_capture(at, target, value, kind)
            else:
                g.process_capture(at, target, kind)

    # victories -------------------------------------------------------------------------------------

    def victories(self, side: str) -> list[dict[str, str]]:
        g, E = self.g, self.E
        colour = COLOUR[side]
        g.current_turn = colour
        out = []
        # the triumph: any three of his men in the enemy's half in one proportion (rithmo.py:368-432); the engine
        # tells no great, greater or greatest apart, so what it finds is reported as the great triumph
        if any(check(colour)[0] for check in (g.check_arithmetical_victory, g.check_geometrical_victory,
                                              g.check_harmonic_victory)):
            out.append({"victory": "great-triumph", "side": side})
        # bodies and goods: check_for_win() (rithmo.py:359-364) on a board with no man, so that the triumph,
        # which it tries first and alone reports, cannot hide them
        agreement = self.req.get("agreement")
        if agreement:
            bare = E.RithmomachiaGame(n0=g.n0, n1=g.n1)
            bare.board.matrix = [[None] * 16 for _ in range(8)]
            bare.players = g.players
            bare.current_turn = colour
            won = bare.check_for_win() or ""
            if (agreement["name"] == "bodies" and won.startswith("victory by body")) or \
               (agreement["name"] == "goods" and won.startswith("victory by goods")):
                out.append({"victory": agreement["name"], "side": side})
        return out

    # the move --------------------------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        self.check()
        self.setup()
        g = self.g
        mover = self.req["position"]["to_move"]
        move = self.req.get("move")
        illegal = {"legal": False, "captures": [], "victories": []}
        if move is None:
            return {"legal": True, "captures": [], "victories": self.victories(other(mover))}
        if "enter" in move:
            return illegal  # the engine has no prisoners to enter: men taken leave the board (rithmo.py:453-456)
        src, dst = sq(move["from"]), sq(move["to"])
        piece = g.get_piece(src)
        if piece is None or piece.color != g.current_turn:
            return illegal
        if g.get_piece(dst) is not None:
            # FROMxTO: the GUI's capture before the move (PRE_MOVE); the captor stays where he is
            found = self.offers(src, only=dst)
            if not found:
                return illegal
        else:
            if move.get("flying"):
                return illegal  # no man of the engine flies (rithmo.py:102-191)
            if dst not in piece.valid_moves(g.board, src):  # the GUI's test (rithmo.py:776)
                return illegal
            g.process_move(src, dst)
            found = self.offers(dst)
        captures = [cap for cap, _w in found]
        self.apply(found)
        return {"legal": True, "captures": captures, "victories": self.victories(mover)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkout", nargs="?", default=os.environ.get(ENV),
                    help=f"a checkout of wdjoyner/rithmomachia at {PINNED[:12]} (or ${ENV})")
    args = ap.parse_args(argv)
    if not args.checkout:
        print(f"no checkout of wdjoyner/rithmomachia: give its path or set {ENV}", file=sys.stderr)
        return 2
    root = os.path.abspath(args.checkout)
    if not os.path.isfile(os.path.join(root, "rithmo.py")):
        print(f"{root} is not a checkout of wdjoyner/rithmomachia (no rithmo.py)", file=sys.stderr)
        return 2
    return serve(root, lambda req: Adapter(req, args).run())

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
