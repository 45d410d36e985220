"""The observation of the OpenSpiel game: a tensor, plane by plane, and a
string, the position in the one-line notation of docs/play.md.

The tensor is the same for both players (the game has perfect information)
and is made of named parts (OpenSpiel's `observation.dict`; the flat
`observation_tensor()` is them in this order):

* `board`, shape (8 + L, R, 8), R the ranks, indexed [plane, rank, file]
  (rank 0 the even side's end, file 0 the a-file):
  0 a man fighting for the even side; 1 one fighting for the odd side;
  2 round, 3 triangle, 4 square, 5 pyramid (the king); 6 his number as it
  stands (a king's the sum of the layers he bears); 7 a prisoner turned to
  fight for his conqueror; 8 .. 8 + L - 1: the king bears his side's layer
  0 .. L - 1 of the ruleset's king, counted top to bottom (L the layers of
  the larger king);
* `hand`, shape (2, K): how many of each prisoner of the action space's
  catalogue (rithmocheck.openspiel.actions) the even side (row 0) and the
  odd side (row 1) hold in hand, to be entered;
* `taken`, shape (2, K): the men each side has taken, by the same
  catalogue (a king taken whole in its last two columns), which the common
  victories count;
* `to_move`, shape (2,): 1 for the side to move (even, odd);
* `progress`, shape (1,): the moves played divided by the limit after which
  the game is drawn.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..play.position import SIDES
from ..play.rules import Rules
from .actions import ActionSpace

SHAPE_PLANE = {"round": 2, "triangle": 3, "square": 4, "pyramid": 5}
VALUE, TURNED, LAYERS = 6, 7, 8


def king_layers(rules: Rules) -> int:
    return max((len(k) for k in rules.kings.values()), default=0)


class Observer:
    """OpenSpiel's PyObserver: `tensor` (flat), `dict` (the named parts, views of it), `set_from`, `string_from`."""

    def __init__(self, rules: Rules, space: ActionSpace, params: Any = None):
        if params:
            raise ValueError(f"the rithmomachia observation takes no parameters, not {params!r}")
        self.rules = rules
        self.catalogue = {p: i for i, p in enumerate(space.prisoners)}
        self.layers = king_layers(rules)
        shapes = {"board": (LAYERS + self.layers, rules.ranks, 8), "hand": (2, len(space.prisoners)),
                  "taken": (2, len(space.prisoners)), "to_move": (2,), "progress": (1,)}
        size = sum(int(np.prod(s)) for s in shapes.values())
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in shapes.items():
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + n].reshape(shape)
            at += n

    def set_from(self, state: Any, player: int) -> None:
        del player  # the same for both players
        pos, rules = state.position, self.rules
        self.tensor.fill(0.0)
        board = self.dict["board"]
        order = {s: {l.value: i for i, l in enumerate(rules.kings.get(s, ()))} for s in SIDES}
        for (f, r), m in pos.board:
            board[SIDES.index(m.side), r, f] = 1.0
            board[SHAPE_PLANE[m.shape], r, f] = 1.0
            board[VALUE, r, f] = float(m.value)
            if m.turned:
                board[TURNED, r, f] = 1.0
            for layer in m.layers:  # a king is always his own side's (prisoners are never kings)
                board[LAYERS + order[m.side][layer.value], r, f] = 1.0
        for part, lists in (("hand", pos.hand), ("taken", pos.taken)):
            counts = self.dict[part]
            for row, men in enumerate(lists):
                for m in men:
                    key = (m.side, "pyramid", 0) if m.is_king else (m.side, m.shape, m.value)
                    counts[row, self.catalogue[key]] += 1.0
        self.dict["to_move"][SIDES.index(pos.to_move)] = 1.0
        self.dict["progress"][0] = state.ply / state.limit

    def string_from(self, state: Any, player: int) -> str:
        del player
        return str(state.position.notation(self.rules.kings))
