"""A position: the men on the board, the side to move, the men each side has
taken, and the prisoners a side holds in hand.

Coordinates. The board has 8 files, a to h, across its breadth, and as many
ranks as the ruleset's board is long (16; the third kind may play on fewer),
numbered 1 up from the even side's end: the even host's end is rank 1, the
odd host's the last rank. A square is its file and rank, `c5`. Internally a
square is (file, rank) from 0: c5 is (2, 4). Engines' notations map onto it
as docs/play.md shows (Ludii's "A1", Dagaz's).

A man is his side (the host he now fights for), his shape (round, triangle,
square, pyramid), his number, and for a pyramid the layers he still bears
(top to bottom, each a number and a shape). A prisoner turned to fight for
his conqueror (the first kind) is marked `turned`.

Two notations, which round-trip:

* JSON (schema rithmocheck/schema/position-1.json):
  {"men": [{"square": "c5", "side": "even", "shape": "round", "value": 2}, ...],
   "to_move": "even", "taken": {"even": [...], "odd": [...]}, "hand": {...}}
* one line, for tests and the command line:
  `c5=R2,d5=T9,c7=t9 even` -- each man as square=token, the token a shape
  letter (R round, T triangle, S square, P pyramid; capital for the even
  side, small for the odd) and the number, `*` after a turned prisoner; a
  pyramid that has lost layers lists those he bears, `P[1.4.9.16.25]`. Then
  the side to move, then optionally `taken=` the men taken by the even side
  `/` those taken by the odd side, and `hand=` the prisoners each side holds
  in hand (taken, not yet entered), each list of tokens joined by `,` (`-`
  for none). A taken man's token is written in the case of the side he came
  from. A whole pyramid is written by his number (`P91`); his layers are
  those of his side's king in the ruleset, which both notations take from
  the rules (`kings`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import FrozenInstanceError, dataclass
from typing import Any

from ..errors import InputError

SIDES = ("even", "odd")
OTHER = {"even": "odd", "odd": "even"}
SHAPES = ("round", "triangle", "square", "pyramid")
LETTER = {"round": "R", "triangle": "T", "square": "S", "pyramid": "P"}
SHAPE_OF = {v: k for k, v in LETTER.items()}
FILES = "abcdefgh"
MAX_VALUE = 10**6  # no man of any reading bears more; a number beyond it is refused as a typo

Square = tuple[int, int]


def square_name(sq: Square) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


_SQUARE = re.compile(r"^([a-h])([1-9][0-9]?)$")


def parse_square(text: str, where: str = "<position>", ranks: int = 16) -> Square:
    m = _SQUARE.match(text)
    if not m or not 1 <= int(m.group(2)) <= ranks:
        raise InputError(where, None, f"{text[:20]!r} is not a square of the board (files a-h, ranks 1-{ranks})")
    return FILES.index(m.group(1)), int(m.group(2)) - 1


@dataclass(frozen=True)
class Layer:
    value: int
    shape: str


@dataclass(frozen=True)
class Man:
    side: str
    shape: str
    value: int
    layers: tuple[Layer, ...] = ()
    turned: bool = False

    @property
    def is_king(self) -> bool:
        return self.shape == "pyramid"

    def as_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"side": self.side, "shape": self.shape, "value": self.value}
        if self.is_king:
            d["layers"] = [l.value for l in self.layers]
        if self.turned:
            d["turned"] = True
        return d


Kings = Mapping[str, tuple[Layer, ...]]  # each side's whole king, layers top to bottom


def token(m: Man, kings: Kings, side: str | None = None) -> str:
    """The man in the one-line notation, in the case of `side` (default his own)."""
    letter = LETTER[m.shape]
    letter = letter if (side or m.side) == "even" else letter.lower()
    star = "*" if m.turned else ""
    if m.is_king and m.layers != kings.get(side or m.side, ()):
        return f"{letter}[{'.'.join(str(l.value) for l in m.layers)}]{star}"
    return f"{letter}{m.value}{star}"


class Position:
    """A position (immutable: a move makes a new one). `board` is the men
    sorted by square; `occupied` the same men by square. A position made by
    the engine keeps only the latter and sorts the former when first asked
    (a search looks at the men by square, and sorts a position's men only
    when it lists its moves)."""

    __slots__ = ("_index", "to_move", "taken", "hand", "_board", "_kings", "_danger", "_from")

    _index: dict[Square, Man]
    to_move: str
    taken: tuple[tuple[Man, ...], tuple[Man, ...]]  # by even, by odd
    hand: tuple[tuple[Man, ...], tuple[Man, ...]]  # prisoners not yet entered, by even, by odd
    _board: tuple[tuple[Square, Man], ...] | None
    _kings: frozenset[str] | None  # the sides with a king on the board, when known
    # kept by rithmocheck.play.moves for its own use (never compared): the captures a side holds before its
    # move, by side (with the rules they were found under), and the position the last move came from, with
    # the squares it changed and its rules, until the captures are found
    _danger: dict[str, tuple[Any, Any]] | None
    _from: tuple[Any, frozenset[Square], Any] | None

    def __init__(self, board: Iterable[tuple[Square, Man]] = (), to_move: str = "even",
                 taken: tuple[tuple[Man, ...], tuple[Man, ...]] = ((), ()),
                 hand: tuple[tuple[Man, ...], tuple[Man, ...]] = ((), ()),
                 _index: dict[Square, Man] | None = None, _kings: frozenset[str] | None = None) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "_kings", _kings)
        setattr_(self, "_danger", None)
        setattr_(self, "_from", None)
        if _index is None:
            items = tuple(board)
            setattr_(self, "_index", dict(items))
            setattr_(self, "_board", tuple(sorted(items)))
        else:
            setattr_(self, "_index", _index)
            setattr_(self, "_board", None)
        setattr_(self, "to_move", to_move)
        setattr_(self, "taken", taken)
        setattr_(self, "hand", hand)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @property
    def board(self) -> tuple[tuple[Square, Man], ...]:
        """The men, sorted by square."""
        got = self._board
        if got is None:
            got = tuple(sorted(self._index.items()))
            object.__setattr__(self, "_board", got)
        return got

    def _key(self) -> tuple[Any, ...]:
        return self.board, self.to_move, self.taken, self.hand

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self._index == other._index and self.to_move == other.to_move and self.taken == other.taken
                and self.hand == other.hand)

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Position(board={self.board!r}, to_move={self.to_move!r}, taken={self.taken!r}, hand={self.hand!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Position, (self.board, self.to_move, self.taken, self.hand)

    @staticmethod
    def of(men: Mapping[Square, Man] | Iterable[tuple[Square, Man]], to_move: str = "even",
           taken: Mapping[str, Iterable[Man]] | None = None, hand: Mapping[str, Iterable[Man]] | None = None
           ) -> Position:
        items = dict(men.items() if isinstance(men, Mapping) else men)
        t = taken or {}
        h = hand or {}
        return Position(tuple(sorted(items.items())), to_move,
                        (tuple(t.get("even", ())), tuple(t.get("odd", ()))),
                        (tuple(h.get("even", ())), tuple(h.get("odd", ()))))

    def at(self, sq: Square) -> Man | None:
        return self._index.get(sq)

    @property
    def occupied(self) -> dict[Square, Man]:
        """The men by square (read-only by convention: a position never changes)."""
        return self._index

    def men(self, side: str | None = None) -> Iterator[tuple[Square, Man]]:
        for sq, m in self.board:
            if side is None or m.side == side:
                yield sq, m

    def taken_by(self, side: str) -> tuple[Man, ...]:
        return self.taken[0 if side == "even" else 1]

    def hand_of(self, side: str) -> tuple[Man, ...]:
        return self.hand[0 if side == "even" else 1]

    def replaced(self, men: dict[Square, Man], **changes: Any) -> Position:
        """The position with these men (a fresh dict of them is kept), and the other fields changed as given."""
        return Position(to_move=changes.pop("to_move", self.to_move), taken=changes.pop("taken", self.taken),
                        hand=changes.pop("hand", self.hand), _index=dict(men), **changes)

    def _moved(self, men: dict[Square, Man], to_move: str | None = None, same_kings: bool = False) -> Position:
        """The position with these men (the dict itself kept: the caller made it and gives it up);
        `same_kings`: the caller knows the same sides still have kings."""
        return Position(to_move=self.to_move if to_move is None else to_move, taken=self.taken, hand=self.hand,
                        _index=men, _kings=self._kings if same_kings else None)

    def has_king(self, side: str) -> bool:
        """Whether a king (a pyramid) of the side stands on the board."""
        kings = self._kings
        if kings is None:
            kings = frozenset(m.side for m in self._index.values() if m.shape == "pyramid")
            object.__setattr__(self, "_kings", kings)
        return side in kings

    def mirrored(self) -> Position:
        """The position mirrored left to right (file a <-> h)."""
        return self.replaced({(7 - f, r): m for (f, r), m in self.board})

    # --- notations ---------------------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        return {"men": [dict(square=square_name(sq), **m.as_json()) for sq, m in self.board],
                "to_move": self.to_move,
                "taken": {s: [m.as_json() for m in self.taken_by(s)] for s in SIDES},
                "hand": {s: [m.as_json() for m in self.hand_of(s)] for s in SIDES}}

    def notation(self, kings: Kings) -> str:
        men = ",".join(f"{square_name(sq)}={token(m, kings)}" for sq, m in self.board) or "-"
        text = f"{men} {self.to_move}"
        if any(self.taken) or any(self.hand):
            text += " taken=" + "/".join(",".join(token(m, kings) for m in ms) or "-" for ms in self.taken)
        if any(self.hand):
            text += " hand=" + "/".join(",".join(token(m, kings) for m in ms) or "-" for ms in self.hand)
        return text


# --- reading a position ----------------------------------------------------------------------------

_TOKEN = re.compile(r"^([RTSPrtsp])(?:([0-9]{1,7})|\[([0-9.]{1,80})\])(\*?)$")


def parse_token(text: str, kings: Kings, where: str, side: str | None = None) -> Man:
    """A man from his token; `side`, when given, is the side he fights for
    (a taken man's token gives the side he came from)."""
    m = _TOKEN.match(text)
    if not m:
        raise InputError(where, None, f"{text[:30]!r} is not a man: a shape letter R T S P (capital for even, "
                                      f"small for odd) and his number, e.g. R2 or t12")
    letter, number, layers_text, star = m.groups()
    own = "even" if letter.isupper() else "odd"
    return make_man(side or own, SHAPE_OF[letter.upper()], int(number) if number else None,
                    [int(x) for x in layers_text.split(".")] if layers_text else None, bool(star), kings, where,
                    king_side=own)


def make_man(side: str, shape: str, value: int | None, layers: list[int] | None, turned: bool, kings: Kings,
             where: str, king_side: str | None = None) -> Man:
    """A man, checked: a pyramid's layers are some of his side's king's, and
    his number is their sum."""
    if side not in SIDES:
        raise InputError(where, None, f"side must be even or odd, not {str(side)[:20]!r}")
    if shape not in SHAPES:
        raise InputError(where, None, f"shape must be one of {', '.join(SHAPES)}, not {str(shape)[:20]!r}")
    if shape != "pyramid":
        if layers is not None:
            raise InputError(where, None, f"a {shape} has no layers; only a pyramid has")
        if value is None or not 1 <= value <= MAX_VALUE:
            raise InputError(where, None, f"a man's number must be a whole number from 1 to {MAX_VALUE}")
        return Man(side, shape, value, (), turned)
    whole = kings.get(king_side or side)
    if not whole:
        raise InputError(where, None, f"the rules give the {king_side or side} side no king")
    if layers is None:
        if value != sum(l.value for l in whole):
            raise InputError(where, None, f"the {king_side or side} king is {sum(l.value for l in whole)}, not "
                                          f"{value}; a king who has lost layers is written with those he bears, "
                                          f"e.g. P[{'.'.join(str(l.value) for l in whole[:-1])}]")
        return Man(side, shape, value, whole, turned)
    by_value = {l.value: l for l in whole}
    if not layers or len(set(layers)) != len(layers) or any(v not in by_value for v in layers):
        raise InputError(where, None, f"the layers {'.'.join(map(str, layers))} are not some of the "
                                      f"{king_side or side} king's ({'.'.join(str(l.value) for l in whole)})")
    kept = tuple(l for l in whole if l.value in set(layers))
    total = sum(l.value for l in kept)
    if value is not None and value != total:
        raise InputError(where, None, f"a pyramid's number is the sum of his layers, {total}, not {value}")
    return Man(side, shape, total, kept, turned)


def parse(text: str, kings: Kings, ranks: int = 16, where: str = "<position>") -> Position:
    """A position from its one-line notation."""
    fields = text.split()
    if len(fields) < 2 or fields[1] not in SIDES:
        raise InputError(where, None, "a position is the men (square=token, comma-separated, or -) and the side to "
                                      "move (even or odd), e.g. 'c5=R2,c7=t9 even'")
    men: dict[Square, Man] = {}
    if fields[0] != "-":
        for item in fields[0].split(","):
            sq_text, eq, tok = item.partition("=")
            if not eq:
                raise InputError(where, None, f"{item[:30]!r} is not square=man, e.g. c5=R2")
            sq = parse_square(sq_text, where, ranks)
            if sq in men:
                raise InputError(where, None, f"two men on {sq_text}")
            men[sq] = parse_token(tok, kings, f"{where}: {sq_text}")
    lists: dict[str, tuple[tuple[Man, ...], tuple[Man, ...]]] = {}
    for extra in fields[2:]:
        key, eq, value = extra.partition("=")
        if key not in ("taken", "hand") or not eq or key in lists:
            raise InputError(where, None, f"{extra[:30]!r}: after the side to move come taken=EVEN/ODD and "
                                          f"hand=EVEN/ODD, once each")
        parts = value.split("/")
        if len(parts) != 2:
            raise InputError(where, None, f"{key}= takes two lists, the even side's / the odd side's")
        lists[key] = tuple(tuple(parse_token(t, kings, f"{where}: {key}") for t in p.split(",") if t != "-")
                           for p in parts)  # type: ignore[assignment]
    pos = Position(tuple(sorted(men.items())), fields[1], lists.get("taken", ((), ())), lists.get("hand", ((), ())))
    check_hand(pos, where)
    return pos


def check_hand(pos: Position, where: str) -> None:
    for i, side in enumerate(SIDES):
        held = list(pos.taken[i])
        for m in pos.hand[i]:
            if m not in held:
                raise InputError(where, None, f"the {side} side holds {m.value} in hand but has not taken him")
            held.remove(m)


def from_json(data: Any, kings: Kings, ranks: int = 16, where: str = "<position>") -> Position:
    """A position from its JSON form (rithmocheck/schema/position-1.json)."""
    if not isinstance(data, dict):
        raise InputError(where, None, "a position is a JSON object with men and to_move")
    extra = set(data) - {"men", "to_move", "taken", "hand"}
    if extra:
        raise InputError(where, None, f"unknown key {sorted(extra)[0]!r} in a position")
    if data.get("to_move") not in SIDES:
        raise InputError(where, None, "to_move must be even or odd")
    men_data = data.get("men")
    if not isinstance(men_data, list):
        raise InputError(where, None, "men must be a list")
    men: dict[Square, Man] = {}
    for i, item in enumerate(men_data):
        at = f"{where}: /men/{i}"
        if not isinstance(item, dict) or not isinstance(item.get("square"), str):
            raise InputError(where, None, f"/men/{i} must be an object with a square")
        sq = parse_square(item["square"], at, ranks)
        if sq in men:
            raise InputError(where, None, f"/men/{i}: two men on {item['square']}")
        men[sq] = _man_json(item, kings, at, with_square=True)
    lists: dict[str, list[tuple[Man, ...]]] = {}
    for key in ("taken", "hand"):
        block = data.get(key, {})
        if not isinstance(block, dict) or set(block) - set(SIDES):
            raise InputError(where, None, f"{key} must be an object with the lists of even and odd")
        lists[key] = []
        for side in SIDES:
            items = block.get(side, [])
            if not isinstance(items, list):
                raise InputError(where, None, f"/{key}/{side} must be a list")
            lists[key].append(tuple(_man_json(x, kings, f"{where}: /{key}/{side}/{j}")
                                    for j, x in enumerate(items)))
    pos = Position(tuple(sorted(men.items())), data["to_move"], (lists["taken"][0], lists["taken"][1]),
                   (lists["hand"][0], lists["hand"][1]))
    check_hand(pos, where)
    return pos


def _man_json(item: Any, kings: Kings, where: str, with_square: bool = False) -> Man:
    if not isinstance(item, dict):
        raise InputError(where, None, "a man must be an object with side, shape and value")
    allowed = {"side", "shape", "value", "layers", "turned"} | ({"square"} if with_square else set())
    extra = set(item) - allowed
    if extra:
        raise InputError(where, None, f"unknown key {sorted(extra)[0]!r} in a man")
    value = item.get("value")
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise InputError(where, None, "value must be a whole number")
    layers = item.get("layers")
    if layers is not None and (not isinstance(layers, list)
                               or not all(isinstance(v, int) and not isinstance(v, bool) for v in layers)):
        raise InputError(where, None, "layers must be a list of whole numbers")
    turned = item.get("turned", False)
    if not isinstance(turned, bool):
        raise InputError(where, None, "turned must be true or false")
    return make_man(item.get("side"), item.get("shape"), value, layers, turned, kings, where)  # type: ignore[arg-type]
