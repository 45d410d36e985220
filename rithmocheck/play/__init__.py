"""The reference engine: the rules of a ruleset document, executed.

`position.py` the board and its men (JSON and a one-line notation),
`rules.py` the executable rules compiled from a ruleset document (options
resolved) with the tables made once per ruleset for speed (each draught's
squares by square, who could reach a square, the lines from it), `moves.py`
the legal moves and a move played (the new position, its captures and
victories), `captures.py` every capture a move makes by every method of the
kind, `victories.py` the victories a position holds, `record.py` a game
record read, written and replayed. Nothing here restates
a rule: every number, draught, method and parameter is read from the
ruleset document, so a reading or an option changes what the engine does.

The names a caller needs are here too: `compile_rules`, `parse` (a position
in the one-line notation), `legal_moves`, `parse_move`, `play`, and the
types `Position`, `Move`, `Outcome` and `Capture`.
"""

from __future__ import annotations

from .captures import Capture
from .moves import Move, Outcome, legal_moves, parse_move, play
from .position import Position, parse
from .rules import compile_rules

__all__ = ["Capture", "Move", "Outcome", "Position", "compile_rules", "legal_moves", "parse", "parse_move", "play"]
