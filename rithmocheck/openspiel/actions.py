"""The action space of the OpenSpiel game: every move of the reference
engine as a whole number, fixed by the ruleset before play (docs/openspiel.md
gives it with its sizes).

N is the number of squares, 8 files times the board's ranks (128 on the
board of 16 ranks); a square's index is rank * 8 + file (a1 0, b1 1, ...,
h16 127).

* draughts, `FROM * N + TO` (0 .. N*N - 1): a man's ordinary draught
  (`c5-c7`), his flying draught (`c5~d7`), and taking an enemy already in
  danger by removing into his place (`c5xc7`). One number serves the three:
  a take goes onto an enemy, a march and a flight into a void space, and no
  ruleset's flying draught (the knight's leap) is ever one of its ordinary
  draughts (straight lines), which `ActionSpace` checks before play;
* ransoms, `N*N + LAYER * N + REDEEMER` (L*N numbers, L the layers of the
  larger king where the ruleset has the ransom, else 0): the side's king
  redeems his layer LAYER (counted from 0, top to bottom, in his side's king
  of the ruleset) by the man on REDEEMER and removes into his place
  (`d8^c5=16`). A side has one king: prisoners are never kings, so no king
  is ever entered for the other side;
* entries, `N*N + L*N + PRISONER * N + SQUARE` (K*N numbers where the
  ruleset enters prisoners, else 0): the prisoner PRISONER of the catalogue
  set on SQUARE (`t12@a1`).

The catalogue (`prisoners`) is every man who can be held as a prisoner,
as (the side he came from, shape, number): each man and each king's layer
of the ruleset, of either side (a prisoner turned and taken again goes back
as the side he came from; a redeemer given up in a ransom goes as the side
he fought for), sorted, then the two kings taken whole (counted among the
men taken, never entered). The observation tensor counts the prisoners in
hand and the men taken by the same catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..play.moves import Move
from ..play.position import SIDES, Man, Position, Square, square_name
from ..play.rules import Rules

Prisoner = tuple[str, str, int]  # side he came from, shape, number (0 for a king taken whole)


class Collision(Exception):
    """Two legal moves of one position would be one action (a ruleset the action space cannot serve)."""


@dataclass(frozen=True)
class ActionSpace:
    ranks: int
    squares: int  # N
    layers: int  # L
    prisoners: tuple[Prisoner, ...]  # the catalogue, K entries
    enters: bool
    fly_offsets: frozenset[tuple[int, int]]

    @staticmethod
    def of(rules: Rules) -> ActionSpace:
        march = {(s.dx, s.dy) for steps in rules.march.values() for s in steps}
        fly = frozenset((s.dx, s.dy) for steps in rules.fly.values() for s in steps)
        if march & fly:
            raise Collision(f"{rules.ruleset}: a flying draught is also an ordinary draught "
                            f"({sorted(march & fly)[0]}), which the action space cannot tell apart")
        layers = max((len(k) for k in rules.kings.values()), default=0) if rules.ransom is not None else 0
        shapes = {(m["shape"], int(m["value"])) for m in rules.men_by_id.values() if m["shape"] != "pyramid"}
        shapes |= {(l.shape, l.value) for king in rules.kings.values() for l in king}
        catalogue = sorted((s, shape, value) for s in SIDES for shape, value in shapes)
        catalogue += [(s, "pyramid", 0) for s in SIDES]
        enters = rules.enters is not None and rules.captured != "removed"
        return ActionSpace(rules.ranks, 8 * rules.ranks, layers, tuple(catalogue), enters, fly)

    # --- sizes ----------------------------------------------------------------------------------------

    @property
    def ransom_base(self) -> int:
        return self.squares * self.squares

    @property
    def enter_base(self) -> int:
        return self.ransom_base + self.layers * self.squares

    @property
    def size(self) -> int:
        return self.enter_base + (len(self.prisoners) * self.squares if self.enters else 0)

    # --- squares and prisoners ------------------------------------------------------------------------

    @staticmethod
    def index(sq: Square) -> int:
        return sq[1] * 8 + sq[0]

    @staticmethod
    def square(i: int) -> Square:
        return i % 8, i // 8

    def prisoner_index(self, man: Man) -> int:
        key = (man.side, "pyramid", 0) if man.is_king else (man.side, man.shape, man.value)
        try:
            return self.prisoners.index(key)
        except ValueError:
            raise Collision(f"the prisoner {key} is not in the action space's catalogue") from None

    # --- moves <-> actions ----------------------------------------------------------------------------

    def encode(self, move: Move, rules: Rules, side: str) -> int:
        n = self.squares
        if move.kind in ("march", "fly", "take"):
            assert move.frm is not None
            return self.index(move.frm) * n + self.index(move.to)
        if move.kind == "ransom":
            assert move.man is not None
            layer = [l.value for l in rules.kings[side]].index(move.man.value)
            return self.ransom_base + layer * n + self.index(move.to)
        assert move.man is not None and self.enters
        return self.enter_base + self.prisoner_index(move.man) * n + self.index(move.to)

    def table(self, moves: Iterable[Move], rules: Rules, side: str) -> dict[int, Move]:
        """The legal moves of a position by their actions (a collision is an error, never a silent loss)."""
        out: dict[int, Move] = {}
        for m in moves:
            a = self.encode(m, rules, side)
            if a in out:
                raise Collision(f"{m.text(rules.kings)} and {out[a].text(rules.kings)} would both be action {a}")
            out[a] = m
        return out

    def describe(self, action: int, pos: Position, rules: Rules) -> str:
        """The move an action names, in the notation, whether or not it is legal in the position (a draught is
        written as a take where an enemy stands on its target, as a flight where it is a flying draught)."""
        n = self.squares
        if not 0 <= action < self.size:
            return f"<action {action} out of range>"
        if action < self.ransom_base:
            a, b = self.square(action // n), self.square(action % n)
            sep = "x" if pos.at(b) is not None else "~" if (b[0] - a[0], b[1] - a[1]) in self.fly_offsets else "-"
            return f"{square_name(a)}{sep}{square_name(b)}"
        if action < self.enter_base:
            layer, redeemer = divmod(action - self.ransom_base, n)
            side = pos.to_move
            king = next((sq for sq, m in pos.men(side) if m.is_king), None)
            whole = rules.kings.get(side, ())
            value = whole[layer].value if layer < len(whole) else 0
            return f"{square_name(king) if king else '?'}^{square_name(self.square(redeemer))}={value}"
        i, place = divmod(action - self.enter_base, n)
        side, shape, number = self.prisoners[i]
        letter = {"round": "R", "triangle": "T", "square": "S", "pyramid": "P"}[shape]
        return f"{letter if side == 'even' else letter.lower()}{number}@{square_name(self.square(place))}"
