"""A move played: which men it takes, and what the mover then holds.

A move is any object with `kind` (march, fly, take, enter, ransom), `frm`,
`to` and `man` (the prisoner entered, or the layer redeemed), as the
engine's list of legal moves gives it; which moves are lawful is not judged
here, save those that take before the move (take_moves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rithmocheck.play.position import Layer, Man, Position, Square

from .book import OTHER, SIDES, Book
from .taking import Taking, takings
from .victory import common, triumphs


class MoveLike(Protocol):
    kind: str
    frm: Square | None
    to: Square
    man: Man | None


@dataclass(frozen=True)
class Answer:
    captures: frozenset[Taking]
    victories: tuple[dict[str, Any], ...]
    taken: dict[str, tuple[Man, ...]]  # the men each side has taken, after the move


def take_moves(book: Book, pos: Position) -> set[tuple[Square, Square]]:
    """The men of the side to move who find an enemy already in their danger and may take him and remove
    into his place: "But if.9. the triangle, espy nine the round, before he remove, standing in his draught,
    he may take him up and remove into his place" (458-459); "if the adversaries men be in their danger
    before they remove, one of them whether the player list, shall be removed into the place of that man
    which is taken" (486-488; so 500-501, 510-512, 522-523, 885-886, 904-905, 910-911, 917); "In all manner
    of taking this is to be noted, that we must not place the man which takes in place of him that is
    taken, but when he may be taken before we draw, then shall we remove our man into his place"
    (1033-1035): every manner, obsidion and proportion too, and any of the takers. A layer of a king found
    so cannot be taken by removing into his place, the rest of the king standing there: option
    king-layer-at-distance, taken all the same, the taker staying where he stands (a layer "may be taken",
    534-535, as a man found in danger before the draw, 458-459), or taken only after a move (the taking
    before the draw being a removal "into his place", 1034-1035)."""
    return {(s, t.taken) for t in before_move(book, pos) for s in t.takers}


def before_move(book: Book, pos: Position) -> list[Taking]:
    """The takings the side to move finds before it draws (take_moves)."""
    at_distance = book.options.get("king-layer-at-distance", True) is True
    return [t for t in takings(book, pos, pos.to_move) if t.layer is None or at_distance]


def after_move(book: Book, pos: Position, side: str, mover: Square, flying: bool) -> list[Taking]:
    """The men taken once a man is set down on `mover`: "they shall take him up, without removing into his
    place, so soon as the latter of those two is set down" (486; "so soone as the latter is placed", 510;
    "immediately after the latter is placed", 521; "so soon as the last of the four is set in his place",
    1025; "after you have set your last man in his place", 470): the man set down is one of the takers, or,
    where the players so read, every enemy then in danger is taken (option takers-include-mover). "with
    their flying draughte they can take no man, but if need be help to besiege a man" (436-437; 865-866):
    a man come by a flight takes only by obsidion."""
    out = []
    for t in takings(book, pos, side):
        among = mover in t.takers
        if book.option("takers-include-mover") is True and not among:
            continue
        if flying and among and t.method != "obsidion":
            continue
        out.append(t)
    return out


def _apply(book: Book, pos: Position, side: str, caps: list[Taking], taken: dict[str, list[Man]]) -> Position:
    """The men taken off the board (a king taken by parts loses the layers taken, "till nothing of him be
    left, then must he be taken away", 537), each to his taker's men taken."""
    men = dict(pos.board)
    whole = {c.taken for c in caps if c.layer is None}
    for sq in sorted(whole):
        m = men.pop(sq)
        taken[side].append(Man(book.origin(m), m.shape, m.value, m.layers))
    parts: dict[Square, set[int]] = {}
    for c in caps:
        if c.layer is not None and c.taken not in whole:
            parts.setdefault(c.taken, set()).add(c.layer)
    for sq, values in sorted(parts.items()):
        king = men[sq]
        for l in king.layers:
            if l.value in values:
                taken[side].append(Man(book.origin(king), l.shape, l.value))
        kept = tuple(l for l in king.layers if l.value not in values)
        if kept:
            men[sq] = Man(king.side, king.shape, sum(l.value for l in kept), kept, king.turned)
        else:
            del men[sq]
    return pos.replaced(men)


def play(book: Book, pos: Position, move: MoveLike, agreement: Mapping[str, Any] | None = None) -> Answer:
    """The captures a move makes and the victories the mover then holds (victory.py)."""
    side = pos.to_move
    taken = {s: list(pos.taken[i]) for i, s in enumerate(SIDES)}
    men = dict(pos.board)
    caps: list[Taking] = []
    flown_to = None
    if move.kind in ("march", "fly"):
        assert move.frm is not None
        men[move.to] = men.pop(move.frm)
        moved = pos.replaced(men)
        caps = after_move(book, moved, side, move.to, move.kind == "fly")
        flown_to = move.to if move.kind == "fly" else None
    elif move.kind == "take":
        assert move.frm is not None
        before = [t for t in before_move(book, pos) if t.taken == move.to and move.frm in t.takers]
        whole = [t for t in before if t.layer is None]
        if whole:
            # the man taken whole (his layers with him); the taker removes into his place and, set down
            # there, takes as any man set down (486)
            moved = _apply(book, pos, side, whole, taken)
            men = dict(moved.board)
            men[move.to] = men.pop(move.frm)
            moved = moved.replaced(men)
            later = after_move(book, moved, side, move.to, False)
            caps = whole + later
            moved = _apply(book, moved, side, later, taken)
            return _answer(book, moved, side, caps, taken, None, agreement)
        # only a layer: the king keeps his space, and the taker his own
        caps = before
        moved = pos
    elif move.kind == "enter":
        assert move.man is not None
        # the prisoner "placed in the hindermost space of his victors camp, and from thens being removed
        # must fight" (541-544); set down, he takes as any man set down (486). In the second kind he serves
        # only the triumph (726-728) and takes no man.
        men[move.to] = Man(side, move.man.shape, move.man.value, move.man.layers, turned=True)
        moved = pos.replaced(men)
        caps = [] if book.kind == 2 else after_move(book, moved, side, move.to, False)
    elif move.kind == "ransom":
        assert move.frm is not None and move.man is not None
        # "he may redeem it by any of his men having the same number, and must remove into his place, which
        # redeemed him" (933-937; 1038-1044): the redeemer goes to the adversary, the layer comes back to the
        # king, who removes into the redeemer's place and, set down, takes as any man set down (486)
        redeemer = men.pop(move.to)
        king = men.pop(move.frm)
        order = [v for v, _s in book.kings[book.origin(king)]]
        layers = tuple(sorted((*king.layers, Layer(move.man.value, move.man.shape)),
                              key=lambda l: order.index(l.value)))
        men[move.to] = Man(king.side, king.shape, sum(l.value for l in layers), layers, king.turned)
        enemy = taken[OTHER[side]]
        enemy.remove(move.man)
        enemy.append(Man(side, redeemer.shape, redeemer.value, redeemer.layers))
        moved = pos.replaced(men)
        caps = after_move(book, moved, side, move.to, False)
    else:
        raise ValueError(move.kind)
    moved = _apply(book, moved, side, caps, taken)
    return _answer(book, moved, side, caps, taken, flown_to, agreement)


def _answer(book: Book, after: Position, side: str, caps: list[Taking], taken: dict[str, list[Man]],
            flown_to: Square | None, agreement: Mapping[str, Any] | None) -> Answer:
    won = triumphs(book, after, side, flown_to)
    if agreement:
        won += common(book, taken, side, agreement)
    return Answer(frozenset(caps), tuple(won), {s: tuple(v) for s, v in taken.items()})
