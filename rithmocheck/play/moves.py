"""Legal moves, and a move played.

A move is one of:

* `march` (`c5-c7`): a man's ordinary draught into a void space, his path
  void where the rules say paths must be (/movement/path_clear);
* `fly` (`c5~d7`): a flying draught (the knight's), into a void space; it
  takes no man but may complete a siege (/movement/SHAPE/flying);
* `take` (`c5xc7`): a man finding an enemy already in danger, of whom he is
  a taker (a besieger too: "in all manner of taking"), takes him before he
  moves and removes into his place (lines 458-459, 486-488, 500, 510-511,
  522, 904, 910, 917, 1033-1035); when only a layer of a king is in danger
  the king keeps his space and the taker stays in his own, where the rules
  allow it (/kings/parts/layer_at_distance);
* `enter` (`t12@a1`): a prisoner the side holds in hand set on the board,
  on a void space of the side's hindmost rank (the first kind, "placed in
  the hindermost space of his victors camp", line 542) or of the
  adversary's camp, to serve only the triumph (the second kind, line 726);
* `ransom` (`d8^c5=16`): the king on d8 redeems his layer 16, which the
  adversary has taken and still holds, by his man on c5, who goes to the
  adversary in exchange, and removes into that man's place (the second
  kind, "he may redeem it by any of his men having the same number, and
  must remove into his place, which redeemed him", lines 933-937; the
  third, 1038-1044, not the lowest square). The redeemer must bear the
  layer's number if any man of the side does; if none does, any man of the
  side, the one the adversary chooses (the move names that choice).

`play(pos, move, rules)` gives the outcome: the new position, every capture
the move makes (after the move: by the man just set down with his fellows,
line 486; a take: its capture, and those the taker makes where he lands),
and the victories the mover then holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from .captures import Board, Capture, apply_captures, capture_key, in_danger
from .move import Move as Move
from .position import OTHER, SIDES, Layer, Man, Position, Square, parse_square, parse_token, square_name, token
from .rules import Rules


@dataclass(frozen=True)
class Outcome:
    position: Position
    captures: tuple[Capture, ...]
    before: Position  # the position the captures' squares refer to (after the move, before any capture)
    victories: tuple[dict[str, Any], ...]


# --- legal moves -------------------------------------------------------------------------------------

def legal_moves(pos: Position, rules: Rules) -> list[Move]:
    board = Board(pos, rules)
    out: list[Move] = []
    occupied = pos.occupied
    void, clear = occupied.keys().isdisjoint, rules.path_clear
    for sq, man in pos.men(pos.to_move):  # each man's marches, then his flights (as _draughts gives them)
        if board.inert(man):
            continue
        for t, path in rules.lines_from(rules.steps(man), sq):
            if t not in occupied and (not clear or void(path)):
                out.append(Move("march", sq, t))
        fly = rules.fly_steps(man)
        if fly:
            for t, path in rules.lines_from(fly, sq):
                if t not in occupied and void(path):
                    out.append(Move("fly", sq, t))
    out.extend(_takes(pos, rules, board))
    if pos.hand_of(pos.to_move):
        out.extend(_enters(pos, rules))
    if rules.ransom is not None:
        out.extend(_ransoms(pos, rules))
    return out


def _draughts(pos: Position, rules: Rules, sq: Square, man: Man, kind: str) -> list[Move]:
    """The man's marches (kind "march": a void space in his draught, his way void where the rules ask it) or
    flights ("fly": a void space of his flying draught, his way void) from sq."""
    occupied = pos.occupied
    if kind == "march":
        if rules.path_clear:
            void = occupied.keys().isdisjoint
            return [Move("march", sq, t) for t, path in rules.lines_from(rules.steps(man), sq)
                    if t not in occupied and void(path)]
        return [Move("march", sq, t) for t, _path in rules.lines_from(rules.steps(man), sq) if t not in occupied]
    steps = rules.fly_steps(man)
    if not steps:
        return []
    void = occupied.keys().isdisjoint
    return [Move("fly", sq, t) for t, path in rules.lines_from(steps, sq) if t not in occupied and void(path)]


def redeemable(pos: Position, rules: Rules, side: str) -> list[tuple[Square, Man]]:
    """The layers `side`'s king on the board may redeem: each a layer of his the adversary has taken and
    still holds (in hand where prisoners are kept to be entered, lines 541 and 726), not the lowest square
    where the ransom excepts it (line 1042); with the king's square. None when the king was taken whole
    (line 1043) or the kind has no ransom."""
    if rules.ransom is None:
        return []
    whole = rules.kings.get(side, ())
    held = pos.hand_of(OTHER[side]) if rules.captured != "removed" else pos.taken_by(OTHER[side])
    if not held:
        return []
    out = []
    for sq, king in pos.men(side):
        if not king.is_king:
            continue
        bears = {l.value for l in king.layers}
        for i, layer in enumerate(whole):
            if layer.value in bears or (i == len(whole) - 1 and not rules.ransom.get("lowest_square", True)):
                continue
            lost = Man(side, layer.shape, layer.value)
            if lost in held:
                out.append((sq, lost))
    return out


def _ransoms(pos: Position, rules: Rules) -> list[Move]:
    side = pos.to_move
    layers = redeemable(pos, rules, side)
    if not layers:
        return []
    men = [(sq, m) for sq, m in pos.men(side) if not m.is_king]
    out = []
    for king_sq, lost in layers:
        same = [sq for sq, m in men if m.value == lost.value]
        for sq in same or [sq for sq, _m in men]:  # none of his number: any, the adversary's choice (935-936)
            out.append(Move("ransom", king_sq, sq, lost))
    return out


def _into_place(rules: Rules) -> tuple[Any, ...]:
    """The manners of taking by which a man finding an enemy already in danger removes into his place."""
    return rules.into_place()


def _takes(pos: Position, rules: Rules, board: Board) -> list[Move]:
    moves = set()
    if not rules.into_place():
        return []
    for c in danger_before(pos, rules, pos.to_move, board):
        if c.layer is not None and not rules.layer_at_distance:  # a layer is taken only after a move
            continue
        for t in c.takers:
            moves.add(Move("take", t, c.taken))
    return sorted(moves)


def danger_before(pos: Position, rules: Rules, side: str, board: Board | None = None) -> list[Capture]:
    """Every capture by a manner of taking that removes into the place (rules.into_place) that `side` holds
    as the position stands: in_danger, kept with the position. Where the position was made by `play`, it is
    worked out from the position the move came from (in the same way, where that one was made by `play`
    too, from the one before: the side to move there), and only the enemies whose danger the move can have
    changed are looked at again (_touched): the rest keep theirs."""
    got = _danger_kept(pos, rules, side)
    if got is not None:
        return got
    methods = rules.into_place()
    board = board or Board(pos, rules)
    link = pos._from
    if link is not None and link[2] is rules:
        parent, changed = link[0], link[1]
        base = danger_before(parent, rules, side)
        touched = _touched(pos, rules, changed, OTHER[side])
        kept = [c for c in base if c.taken not in touched and c.taken not in changed]
        fresh = in_danger(pos, rules, side, board, victims=sorted(touched), methods=methods) if touched else []
        got = sorted({*kept, *fresh}, key=capture_key)
    else:
        got = in_danger(pos, rules, side, board, methods=methods)
    _keep_danger(pos, rules, side, got)
    return got


def _danger_kept(pos: Position, rules: Rules, side: str) -> list[Capture] | None:
    kept = pos._danger
    entry = kept.get(side) if kept is not None else None
    return entry[1] if entry is not None and entry[0] is rules else None


def _keep_danger(pos: Position, rules: Rules, side: str, captures: list[Capture]) -> None:
    if pos._danger is None:
        object.__setattr__(pos, "_danger", {})
    assert pos._danger is not None
    pos._danger[side] = (rules, captures)


def _touched(pos: Position, rules: Rules, changed: frozenset[Square], enemy: str) -> set[Square]:
    """The enemies a change of these squares can have put in danger or out of it: the one on a changed
    square; on each line from one, the first man met, as far as a draught goes or, where men are taken by
    the spaces, at any distance (every taking, siege and way between lies on a line through the man taken
    and another man's draught stops at the first man on it; where men may pass over men, every man as far
    as a draught goes); within two spaces where proportion is agreed."""
    occ, far, spaces, clear = pos.occupied, rules.draught_reach(), rules.takes_by_spaces(), rules.path_clear
    out: set[Square] = set()
    for c in changed:
        m = occ.get(c)
        if m is not None and m.side == enemy:
            out.add(c)
        for line in rules.rays(c).values():
            for k, t in enumerate(line, 1):
                m = occ.get(t)
                if m is None:
                    continue
                if k <= far:
                    if m.side == enemy:
                        out.add(t)
                    if clear:
                        break
                    continue
                if spaces and m.side == enemy:
                    out.add(t)
                break
        if rules.takes_by_proportion():
            out.update(t for t in rules.around(c) if (m := occ.get(t)) is not None and m.side == enemy)
    return out


def enter_squares(pos: Position, rules: Rules, side: str) -> list[Square]:
    if rules.captured == "removed":  # "men ons taken be no more occupied" (line 977)
        return []
    if rules.enters == "hindmost-rank":
        rank = rules.hindmost_rank(side)
        return [(f, rank) for f in range(8) if pos.at((f, rank)) is None]
    if rules.enters == "adversary-camp":
        return [(f, r) for f in range(8) for r in range(rules.ranks)
                if rules.in_camp(side, (f, r)) and pos.at((f, r)) is None]
    return []


def _enters(pos: Position, rules: Rules) -> list[Move]:
    side = pos.to_move
    held = sorted(set(pos.hand_of(side)), key=lambda m: (m.shape, m.value, m.side))
    return [Move("enter", None, sq, m) for m in held for sq in enter_squares(pos, rules, side)]


# --- a move played -----------------------------------------------------------------------------------

def _after_move(pos: Position, rules: Rules, mover: Square, flying: bool) -> list[Capture]:
    """The captures the side that moved makes once the man is set down at `mover`: where the man moved
    must be among the takers, only those of the enemies near him (_near) of whom he is one."""
    man = pos.occupied.get(mover)
    side = OTHER[pos.to_move] if man is None else man.side
    board = Board(pos, rules)
    if rules.mover_among_takers:
        found = in_danger(pos, rules, side, board, _near(pos, rules, board, mover, side), must=mover)
    else:
        found = in_danger(pos, rules, side, board)
    if not found:
        return found
    may_besiege = may_take = True
    if flying:  # "with their flying draught they can take no man, but if need be help to besiege" (436-437)
        man = pos.at(mover)
        fly = rules.flying.get(man.shape if man else "", {})
        may_besiege, may_take = bool(fly.get("may_besiege", False)), bool(fly.get("may_take", False))
    out = []
    for c in found:
        involved = mover in c.takers
        if rules.mover_among_takers and not involved:
            continue
        if flying and involved and not (may_take or (c.method == "obsidion" and may_besiege)):
            continue
        out.append(c)
    return out


def _near(pos: Position, rules: Rules, board: Board, sq: Square, side: str) -> list[Square]:
    """The enemies a man set down at sq could be a taker of: those in his draught, the first met on each
    of the eight lines from him (spaces, sieges: as far as a draught goes, or to the edge where men are
    taken by the spaces), and those within two spaces (next spaces, proportion)."""
    enemy = OTHER[side]
    occ, clear = board.occ, rules.path_clear
    out = []
    for line in rules.near_rays(sq):  # (every draught is a straight line: the man's reach lies on them)
        for t in line:
            m = occ.get(t)
            if m is not None:
                if m.side == enemy:
                    out.append(t)
                if clear:
                    break
    if rules.takes_by_proportion():  # the arrangements of a triumph: within two spaces, off the lines too
        out = list({*out, *(t for t in rules.around(sq) if (m := occ.get(t)) is not None and m.side == enemy)})
    return out


def play(pos: Position, move: Move, rules: Rules, agreement: dict[str, Any] | None = None) -> Outcome:
    """The outcome of a legal move (see legal_moves): the caller checks legality."""
    side = pos.to_move
    men = dict(pos.occupied)
    captures: list[Capture] = []
    if move.kind in ("march", "fly"):
        assert move.frm is not None
        men[move.to] = men.pop(move.frm)
        moved = pos._moved(men, same_kings=True)
        captures = _after_move(moved, rules, move.to, move.kind == "fly")
        result = apply_captures(moved, captures, side, rules) if captures else moved
        return _outcome(result, tuple(captures), moved, side, rules, move, agreement, pos)
    if move.kind == "take":
        assert move.frm is not None
        before = [c for c in in_danger(pos, rules, side, Board(pos, rules), [move.to], _into_place(rules))
                  if move.frm in c.takers and (c.layer is None or rules.layer_at_distance)]
        whole = [c for c in before if c.layer is None]
        if whole:
            after_take = apply_captures(pos, whole, side, rules)
            men = dict(after_take.occupied)
            men[move.to] = men.pop(move.frm)
            moved = after_take._moved(men)
            later = _after_move(moved, rules, move.to, False)
            result = apply_captures(moved, later, side, rules)
            return _outcome(result, tuple(whole) + tuple(later), pos, side, rules, move, agreement, pos)
        result = apply_captures(pos, before, side, rules)
        return _outcome(result, tuple(before), pos, side, rules, move, agreement, pos)
    elif move.kind == "ransom":
        assert move.frm is not None and move.man is not None
        moved = _redeemed(pos, rules, move)
        captures = _after_move(moved, rules, move.to, False)
    else:
        assert move.man is not None
        men[move.to] = Man(side, move.man.shape, move.man.value, move.man.layers, turned=True)
        hand = list(pos.hand_of(side))
        hand.remove(move.man)
        h = list(pos.hand)
        h[SIDES.index(side)] = tuple(hand)
        moved = pos.replaced(men, hand=(h[0], h[1]))
        captures = [] if rules.captured == "triumph-only" else _after_move(moved, rules, move.to, False)
    result = apply_captures(moved, captures, side, rules)
    return _outcome(result, tuple(captures), moved, side, rules, move, agreement, pos)


def _redeemed(pos: Position, rules: Rules, move: Move) -> Position:
    """The position after a ransom: the redeemer goes to the adversary (taken, and in hand where prisoners
    are kept), the layer comes back from him to the king, who removes into the redeemer's place."""
    assert move.frm is not None and move.man is not None
    side, enemy = pos.to_move, OTHER[pos.to_move]
    men = dict(pos.occupied)
    redeemer = men.pop(move.to)
    king = men.pop(move.frm)
    order = [l.value for l in rules.kings[side]]
    layers = tuple(sorted((*king.layers, Layer(move.man.value, move.man.shape)), key=lambda l: order.index(l.value)))
    men[move.to] = Man(side, king.shape, sum(l.value for l in layers), layers, king.turned)
    given = Man(side, redeemer.shape, redeemer.value, redeemer.layers)
    i = SIDES.index(enemy)
    taken, hand = list(pos.taken_by(enemy)), list(pos.hand_of(enemy))
    taken.remove(move.man)
    taken.append(given)
    if rules.captured != "removed":
        hand.remove(move.man)
        hand.append(given)
    t, h = list(pos.taken), list(pos.hand)
    t[i], h[i] = tuple(taken), tuple(hand)
    return pos.replaced(men, taken=(t[0], t[1]), hand=(h[0], h[1]))


def _outcome(result: Position, captures: tuple[Capture, ...], before: Position, side: str, rules: Rules,
             move: Move, agreement: dict[str, Any] | None, parent: Position) -> Outcome:
    from .victories import victories

    after = result._moved(result.occupied, to_move=OTHER[side], same_kings=True)
    # the new position's captures before the move can be worked out from the parent's (danger_before); the
    # parent's from its own parent's, but no further: a position never holds more than two before it
    changed = {move.to, *(c.taken for c in captures)}
    if move.frm is not None:
        changed.add(move.frm)
    object.__setattr__(after, "_from", (parent, frozenset(changed), rules))
    if parent._from is not None:
        object.__setattr__(parent._from[0], "_from", None)
    return Outcome(after, captures, before, tuple(victories(after, rules, side, move, agreement)))


# --- reading a move ----------------------------------------------------------------------------------

_MOVE = re.compile(r"^([a-h][0-9]{1,2})([-~x])([a-h][0-9]{1,2})$")
_RANSOM = re.compile(r"^([a-h][0-9]{1,2})\^([a-h][0-9]{1,2})=([0-9]{1,7})$")


def parse_move(text: str, pos: Position, rules: Rules, where: str = "<move>") -> Move:
    """A move from its text (c5-c7, c5~d7, c5xc7, t12@a1); InputError naming the square or the man when it
    is not a legal move of the position."""
    if "@" in text:
        tok, _, sq_text = text.partition("@")
        sq = parse_square(sq_text, where, rules.ranks)
        man = parse_token(tok, rules.kings, where)
        return check_legal(Move("enter", None, sq, man), pos, rules, where)
    r = _RANSOM.match(text)
    if r:
        return _ransom_move(r.group(1), r.group(2), int(r.group(3)), pos, rules, where)
    m = _MOVE.match(text)
    if not m:
        raise InputError(where, None, f"{text[:30]!r} is not a move: FROM-TO (a draught), FROM~TO (flying), "
                                      f"FROMxTO (taking an enemy in danger), MAN@SQUARE (a prisoner entered) or "
                                      f"KING^MAN=LAYER (a layer redeemed)")
    frm, sep, to = parse_square(m.group(1), where, rules.ranks), m.group(2), parse_square(m.group(3), where,
                                                                                         rules.ranks)
    target = pos.at(to)
    kind = {"-": "march", "~": "fly", "x": "take"}[sep]
    if kind == "march" and target is not None and target.side != pos.to_move:
        kind = "take"
    return check_legal(Move(kind, frm, to), pos, rules, where)


def _ransom_move(frm_text: str, to_text: str, value: int, pos: Position, rules: Rules, where: str) -> Move:
    frm, to = parse_square(frm_text, where, rules.ranks), parse_square(to_text, where, rules.ranks)
    king = pos.at(frm)
    layer = next((l for l in rules.kings.get(king.side if king else pos.to_move, ()) if l.value == value), None)
    man = Man(pos.to_move, layer.shape if layer else "round", value)
    return check_legal(Move("ransom", frm, to, man), pos, rules, where)


def move_from_json(data: Any, pos: Position, rules: Rules, where: str = "<move>") -> Move:
    if not isinstance(data, dict):
        raise InputError(where, None, "a move is an object: {from, to, flying}, {enter, to} or "
                                      "{ransom, from, to}")
    if "ransom" in data:
        if set(data) - {"ransom", "from", "to"} or isinstance(data["ransom"], bool) \
                or not isinstance(data["ransom"], int):
            raise InputError(where, None, "a ransom has only ransom (the layer's number), from and to")
        return _ransom_move(str(data.get("from", "")), str(data.get("to", "")), data["ransom"], pos, rules, where)
    if "enter" in data:
        if set(data) - {"enter", "to"}:
            raise InputError(where, None, "an entering move has only enter and to")
        from .position import _man_json

        man = _man_json(data["enter"], rules.kings, where)
        sq = parse_square(str(data.get("to", "")), where, rules.ranks)
        return check_legal(Move("enter", None, sq, man), pos, rules, where)
    if set(data) - {"from", "to", "flying"} or not isinstance(data.get("flying", False), bool):
        raise InputError(where, None, "a move has from, to and flying (true or false)")
    frm = parse_square(str(data.get("from", "")), where, rules.ranks)
    to = parse_square(str(data.get("to", "")), where, rules.ranks)
    target = pos.at(to)
    kind = "fly" if data.get("flying") else ("take" if target is not None and target.side != pos.to_move
                                              else "march")
    return check_legal(Move(kind, frm, to), pos, rules, where)


def _candidates(move: Move, pos: Position, rules: Rules) -> list[Move]:
    """The legal moves of the position that could be `move`: those of its kind (and, for a draught or a
    flight, of the man on its square), a part of legal_moves made without the rest."""
    if move.kind == "enter":
        return _enters(pos, rules)
    if move.kind == "ransom":
        return _ransoms(pos, rules)
    if move.kind == "take":
        return _takes(pos, rules, Board(pos, rules))
    frm = move.frm
    man = pos.at(frm) if frm is not None else None
    if frm is None or man is None or man.side != pos.to_move or Board(pos, rules).inert(man):
        return []
    return [m for m in _draughts(pos, rules, frm, man, move.kind) if m.to == move.to]


def check_legal(move: Move, pos: Position, rules: Rules, where: str) -> Move:
    for m in _candidates(move, pos, rules):
        if m.kind == move.kind and m.frm == move.frm and m.to == move.to and (m.man is None or m.man == move.man):
            return m
    raise IllegalMove(where, None, why_illegal(move, pos, rules))


class IllegalMove(InputError):
    """A move the position does not allow (its message names the square or the man)."""


def why_illegal(move: Move, pos: Position, rules: Rules) -> str:
    side = pos.to_move
    if move.kind == "enter":
        assert move.man is not None
        if move.man not in pos.hand_of(side):
            return f"the {side} side holds no {token(move.man, rules.kings)} in hand to enter"
        return f"{square_name(move.to)} is not a void space where the {side} side may enter a prisoner"
    assert move.frm is not None
    man = pos.at(move.frm)
    if man is None:
        return f"no man stands on {square_name(move.frm)}"
    if man.side != side:
        return f"the man on {square_name(move.frm)} is {man.side}'s, and {side} is to move"
    if move.kind == "ransom":
        return _why_no_ransom(move, man, pos, rules)
    target = pos.at(move.to)
    what = f"{man.shape} {man.value} on {square_name(move.frm)}"
    if move.kind == "take":
        return f"the {what} has no enemy in danger on {square_name(move.to)} to take and remove into his place"
    if target is not None:
        return f"{square_name(move.to)} is occupied: the {what} moves only into a void space"
    if move.kind == "fly":
        return f"{square_name(move.to)} is not a flying draught of the {what}"
    return f"{square_name(move.to)} is not in the draught of the {what}, or his way there is not void"


def _why_no_ransom(move: Move, king: Man, pos: Position, rules: Rules) -> str:
    assert move.man is not None and move.frm is not None
    side, value, at = pos.to_move, move.man.value, square_name(move.frm)
    if rules.ransom is None:
        return "this kind of play has no ransom of a king's layer"
    if not king.is_king:
        return f"the man on {at} is no king: only a king redeems a layer"
    whole = [l.value for l in rules.kings.get(side, ())]
    if value not in whole:
        return f"the {side} king has no layer {value}"
    if value in {l.value for l in king.layers}:
        return f"the king on {at} still bears his layer {value}"
    if value == whole[-1] and not rules.ransom.get("lowest_square", True):
        line = (rules.ransom.get("witness") or {}).get("line")  # the ruleset's citation, the book's line
        return f"{value} is the king's lowest square: no ransom delivers him" + (f" (line {line})" if line else "")
    held = pos.hand_of(OTHER[side]) if rules.captured != "removed" else pos.taken_by(OTHER[side])
    if move.man not in held:
        return f"the {OTHER[side]} side does not hold the king's layer {value} to be redeemed"
    redeemer = pos.at(move.to)
    if redeemer is None or redeemer.side != side or redeemer.is_king:
        return f"no man of the {side} side but the king stands on {square_name(move.to)} to redeem him"
    return (f"the {side} side has a man of the number {value}: he must redeem the layer, not the "
            f"{redeemer.shape} {redeemer.value} on {square_name(move.to)}")
