"""The reference engine: the rules of a ruleset document, executed.

`position.py` the board and its men (JSON and a one-line notation),
`rules.py` the executable rules compiled from a ruleset document (options
resolved), `moves.py` the legal moves, `captures.py` every capture a move
makes by every method of the kind, `victories.py` the victories a position
holds, `kernel.py` a move played: the new position, its captures and
victories. Nothing here restates a rule: every number, draught, method and
parameter is read from the ruleset document, so a reading or an option
changes what the engine does.
"""

from __future__ import annotations
