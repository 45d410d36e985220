"""The kind of play, its options, its men and its board, and the draughts of
the men, as the book gives them.

Only plain data is read from the ruleset document: the board's length
(`/board/ranks`: the third kind may agree a shorter board, line 972), the
men with their numbers, signs and the kings' layers (`/men`), and the rows
of the tables of the triumphs (`/tables`), which the book prints for the
purpose ("of the which the table follows", line 680). Each draught is
decided here from the book's sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rithmocheck.play.position import Man, Position, Square

DIRECT = ((0, 1), (1, 0), (0, -1), (-1, 0))  # forward, sidelong, backward
CORNERWISE = ((1, 1), (1, -1), (-1, -1), (-1, 1))
EVERY_WAY = DIRECT + CORNERWISE
SIDES = ("even", "odd")
OTHER = {"even": "odd", "odd": "even"}
FILES = 8  # "8. in breadth" (line 252), in every kind (973)


def options_of(doc: Mapping[str, Any], chosen: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option of the kind: the ruleset's default, unless chosen. A name the ruleset does not list is
    an error of the caller (the evaluator knows only the options the edition names)."""
    listed = doc.get("options", {})
    out = {name: o["default"] for name, o in listed.items()}
    for name, value in (chosen or {}).items():
        if name not in listed:
            raise KeyError(f"kind {doc.get('kind')} has no option {name!r}")
        out[name] = value
    return out


def _int_or(value: Any) -> Any:
    return int(value) if isinstance(value, str) and value.isdigit() else value


@dataclass(frozen=True)
class Draught:
    """One draught of a man: a way (a unit step) and how many spaces he passes ("into the next", "the
    third, counting that in which he stands for one": two steps, and so on)."""

    way: tuple[int, int]
    steps: int
    shape: str  # the shape whose draught it is (a king's draughts are his shapes', lines 441-442)


# Where the evaluator reads the book otherwise than the engine and the ruleset has no option for it: each
# point named, the evaluator's reading first (the default), then the engine's; the differential tests hold the
# engine to the evaluator under the engine's readings until a point is decided (docs/literal.md). None now:
# the three points found (the adversary's number among the terms of a proportion, 575-577 and 595; a king by
# proportion by his layers only, 533-535; the third kind's siege under cornerwise moves, 1022-1025) were
# decided by the evaluator's reading in the engine, the last with the option obsidion-next-spaces.
READINGS: dict[str, tuple[str, str]] = {}
BOOK_READINGS = {name: values[0] for name, values in READINGS.items()}
ENGINE_READINGS = {name: values[1] for name, values in READINGS.items()}


class Book:
    """One kind of play under its options.

    `doc` is the ruleset document of the kind with the options chosen
    (rithmocheck.ruleset.resolve): only its plain data is read (see the
    module's docstring); `options` every option's value (options_of);
    `readings` the evaluator's readings where the ruleset has no option
    (READINGS; default the evaluator's own)."""

    def __init__(self, doc: Mapping[str, Any], options: Mapping[str, Any],
                 readings: Mapping[str, str] | None = None):
        self.kind = int(doc["kind"])
        self.options = dict(options)
        self.readings = {**BOOK_READINGS, **(readings or {})}
        self.ranks = int(doc["board"]["ranks"])
        self.kings: dict[str, tuple[tuple[int, str], ...]] = {}
        self.signs: dict[tuple[str, str, int], frozenset[int]] = {}
        self.army: dict[str, int] = {"even": 0, "odd": 0}
        self.men: list[tuple[str, str, int]] = []
        for m in doc["men"]:
            self.army[m["side"]] += int(m["value"])
            if m["shape"] == "pyramid":
                self.kings[m["side"]] = tuple((int(l["value"]), str(l["shape"])) for l in m["layers"])
            else:
                self.men.append((m["side"], m["shape"], int(m["value"])))
            self.signs[(m["side"], m["shape"], int(m["value"]))] = frozenset(int(s) for s in m.get("signs", ()))
        self.tables: dict[str, frozenset[tuple[int, ...]]] = {
            t["id"]: frozenset(tuple(sorted(int(x) for x in r)) for r in t["rows"])
            for t in doc["tables"] if t["rows"] and all(isinstance(x, int) for x in t["rows"][0])}

    def option(self, name: str) -> Any:
        return _int_or(self.options[name])

    # --- the board -------------------------------------------------------------------------------------

    def on_board(self, sq: Square) -> bool:
        """The table is 8 spaces in breadth and 16 in length (lines 251-253, 720, 971-973), or as short as the
        players of the third kind agree (972, option short-board: the document's /board/ranks)."""
        return 0 <= sq[0] < FILES and 0 <= sq[1] < self.ranks

    def camp_ranks(self) -> int:
        """The adversary's camp: "all the space, that is between the first front of his men, as they were
        first placed, unto the neither end of the table, containing 40 spaces or as some will 48" (lines
        581-583, option camp-spaces): so many spaces, eight to a rank, at his end of the board."""
        return int(self.option("camp-spaces")) // FILES

    def in_camp_of_enemy(self, side: str, sq: Square) -> bool:
        """Whether sq lies in the camp of `side`'s adversary (the even host's end is the first rank)."""
        n = self.camp_ranks()
        return sq[1] >= self.ranks - n if side == "even" else sq[1] < n

    # --- the men -----------------------------------------------------------------------------------------

    def inert(self, man: Man) -> bool:
        """A prisoner of the second kind: "the enemies men taken, may serve only to celebrate a triumph,
        but not to fight on his side that takes them" (lines 726-728). He neither moves nor takes nor
        besieges; and "those men ons placed, may not be taken" (960-961)."""
        return self.kind == 2 and man.turned

    def origin(self, man: Man) -> str:
        """The side a man was made for (a prisoner turned to his conqueror keeps his marks)."""
        return OTHER[man.side] if man.turned else man.side

    def king_number(self, king: Man) -> int:
        """The number of a king taken or taking whole: option king-number. "borne": the sum of the layers he
        still bears; "whole": "his whole number at ones, that is 91 or 190" (line 533; 1043 "the whole
        number of Pyramid"), whatever he has lost."""
        if self.options.get("king-number", "borne") == "whole":
            return sum(v for v, _s in self.kings[self.origin(king)])
        return sum(l.value for l in king.layers)

    def numbers_of_taker(self, man: Man) -> tuple[int, ...]:
        """The numbers a man takes with: his own; a king his whole number, or any layer he bears too where
        the players so read (option king-takes-with: "whole-or-layer", the king bearing "the form of al ye
        three kynds", line 440)."""
        if man.shape != "pyramid":
            return (man.value,)
        whole = self.king_number(man)
        if self.option("king-takes-with") == "whole-or-layer":
            return (whole, *(l.value for l in man.layers))
        return (whole,)

    # --- the draughts ------------------------------------------------------------------------------------

    def draughts(self, man: Man) -> list[Draught]:
        """The man's ordinary draughts (not his flying ones).

        First kind: rounds "into the space that is next unto them corner wise" (lines 421-422); triangles
        "three spaces counting that in which they stand for one ... leaping over one space" (425-426), the
        way the lost diagram showed (option triangle-direction); squares "into the fourth place ... right
        forward or sydelong" (432-433); the king below (king_draughts).
        Second kind: "every way ... forward, backewarde, toward both sides, direct or cornerwyse ... the
        round men remove into the next space, the triangles into the third place, and the squares into the
        fourth place" (859-862); "The kings move even as squares" (867).
        Third kind: "froward and backward, to the right hand, and to the left hand, but not cornerwise,
        except the gamesters so agree" (993-994, option cornerwise); rounds the next space, triangles the
        third, squares the fourth, "the kings move as squares" (994-996)."""
        if self.inert(man):
            return []
        steps = {"round": 1, "triangle": 2, "square": 3, "pyramid": 3}
        if self.kind == 1:
            if man.shape == "pyramid":
                return self.king_draughts(man)
            return self._shape_draughts_k1(man.shape)
        if self.kind == 2:
            ways: tuple[tuple[int, int], ...] = EVERY_WAY
        else:
            ways = EVERY_WAY if self.option("cornerwise") is True else DIRECT
        shape = "square" if man.shape == "pyramid" else man.shape
        return [Draught(w, steps[man.shape], shape) for w in ways]

    def _shape_draughts_k1(self, shape: str) -> list[Draught]:
        if shape == "round":
            return [Draught(w, 1, "round") for w in CORNERWISE]
        if shape == "triangle":
            ways = DIRECT if self.option("triangle-direction") == "orthogonal" else CORNERWISE
            return [Draught(w, 2, "triangle") for w in ways]
        return [Draught(w, 3, "square") for w in DIRECT]

    def king_draughts(self, king: Man) -> list[Draught]:
        """The first kind's king: "may remove any of all their draughts when they list, into the next with
        the round, into the third with the triangle, and into the fourth with the square, and finally in all
        points like the Queen at the Chesse, saving that he can not pass above four spaces at the most"
        (lines 440-444; option king-range: up to the fourth space counting his own, 3; four spaces moved,
        4; or only the draughts of the shapes he bears, "constituents"). "when any of his square numbers is
        gone he can not remove the square draught, and so of the rest" (535-537): the shapes whose draught
        he has lost (lost_shapes); which of his draughts go with them (option king-lost-draught-scope):
        every draught of that shape's distance, whichever the way ("distance"), or that shape's own
        draught only ("shape")."""
        lost = self.lost_shapes(king)
        bears = {l.shape for l in king.layers}
        reach = self.option("king-range")
        if reach == "constituents":
            return [d for shape in ("round", "triangle", "square") if shape in bears and shape not in lost
                    for d in self._shape_draughts_k1(shape)]
        distance_of = {1: "round", 2: "triangle", 3: "square", 4: "square"}
        out = []
        for n in range(1, int(reach) + 1):
            for w in EVERY_WAY:
                shape = distance_of[n]
                if shape in lost:
                    if self.options.get("king-lost-draught-scope", "distance") == "distance":
                        continue
                    own = self._shape_draughts_k1(shape)
                    if any(d.way == w and d.steps == n for d in own):
                        continue
                out.append(Draught(w, n, shape))
        return out

    def lost_shapes(self, king: Man) -> set[str]:
        """The shapes whose draught a king of the first kind has lost (lines 534-537): option
        king-loses-draught, "any-layer": "when any of his square numbers is gone" (so of the rest); or
        "all-layers": only when none of that shape is left on him."""
        whole = self.kings[self.origin(king)]
        bears = {l.value for l in king.layers}
        if self.option("king-loses-draught") == "any-layer":
            return {s for v, s in whole if v not in bears}
        return {s for _v, s in whole} - {l.shape for l in king.layers}

    def flying_draughts(self, man: Man) -> list[tuple[int, int, int]]:
        """The flying draughts, each as (long way, short way, long leg's length) read as the knight's: the
        first kind's triangle "the Knights draught of the chesse" (428-429), its square "after the Knyghts
        draught, but that they must pass four spaces" (434-435); in the second kind "every man saving the
        two kings ... the knights draught in chesse" (864-865; option square-flying-leg for the square).
        The third kind has none."""
        if self.inert(man) or man.shape == "pyramid" or self.kind == 3:
            return []
        if self.kind == 1:
            if man.shape == "round":
                return []
            long = 2 if man.shape == "triangle" else 3
        else:
            long = 2
            if man.shape == "square":
                long = int(list(self.option("square-flying-leg"))[0])
        out = []
        for w in DIRECT:
            for side in ((w[1], w[0]), (-w[1], -w[0])):
                out.append((w, side, long))
        return out  # type: ignore[return-value]

    # --- where a man may remove -----------------------------------------------------------------------------

    def leaping(self) -> bool:
        """Whether men may pass over occupied spaces: "It is compted lawefull among such as will so agree,
        that the Triangles and Squares, may remove into void places, though the spaces between be occupied"
        (869-871, option leaping, first and second kinds); else the way must be void. The third kind names no
        such agreement."""
        return self.kind != 3 and self.option("leaping") is True

    def way_clear(self, pos: Position, sq: Square, d: Draught) -> bool:
        """The spaces passed on the way (not counting the first nor the last) are void, unless leaping."""
        if self.leaping():
            return True
        return all(pos.at((sq[0] + d.way[0] * k, sq[1] + d.way[1] * k)) is None for k in range(1, d.steps))

    def end(self, sq: Square, d: Draught) -> Square:
        return (sq[0] + d.way[0] * d.steps, sq[1] + d.way[1] * d.steps)

    def in_draught(self, pos: Position, sq: Square, man: Man) -> set[Square]:
        """The spaces "he may remove into" by his ordinary draught, whether void or held by an enemy: "his
        enemy ... standing in such place as he may remove into" (line 454), "standing in his draught"
        (459)."""
        out = set()
        for d in self.draughts(man):
            e = self.end(sq, d)
            if self.on_board(e) and self.way_clear(pos, sq, d):
                out.add(e)
        return out

    def marches(self, pos: Position, sq: Square, man: Man) -> set[Square]:
        """The void spaces his ordinary draught takes him to ("remove every way, into void places", 859)."""
        return {e for e in self.in_draught(pos, sq, man) if pos.at(e) is None}

    def flights(self, pos: Position, sq: Square, man: Man) -> set[Square]:
        """The void spaces of his flying draughts; the long leg's spaces void where the players so read
        (option flying-path "clear"), else the flight leaps as the knight's."""
        out = set()
        for w, s, long in self.flying_draughts(man):  # type: ignore[misc]
            e = (sq[0] + w[0] * long + s[0], sq[1] + w[1] * long + s[1])
            if not self.on_board(e) or pos.at(e) is not None:
                continue
            if self.option("flying-path") == "clear" and any(
                    pos.at((sq[0] + w[0] * k, sq[1] + w[1] * k)) is not None for k in range(1, long + 1)):
                continue
            out.add(e)
        return out
