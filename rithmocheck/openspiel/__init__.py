"""Rithmomachia for OpenSpiel: the game `rithmomachia`, played by the reference engine.

An optional extra: `pip install 'rithmocheck[openspiel]'` (open-spiel, with
numpy, from the package index; open-spiel 2.0.2 needs Python 3.11 or
later). Importing this package registers the game with OpenSpiel:

    import pyspiel
    import rithmocheck.openspiel  # registers "rithmomachia"

    game = pyspiel.load_game("rithmomachia(ruleset=kind-1,agreement=bodies,men=4,max_moves=200)")
    state = game.new_initial_state()

Without the extra the import fails with one line naming it. The game, its
parameters, its action space and its observation are in docs/openspiel.md;
`game.py` the game, `actions.py` the action space, `observation.py` the
tensor and the string.
"""

from __future__ import annotations

import sys

EXTRA = "rithmocheck[openspiel]"


def _missing() -> str:
    if sys.version_info < (3, 11):
        return (f"rithmocheck.openspiel needs the openspiel extra, whose open-spiel 2.0.2 needs Python 3.11 or later "
                f"(this is Python {sys.version_info[0]}.{sys.version_info[1]}): pip install '{EXTRA}' there")
    return f"rithmocheck.openspiel needs the openspiel extra: pip install '{EXTRA}'"


try:
    import numpy  # noqa: F401
    import pyspiel  # noqa: F401
except ModuleNotFoundError as _exc:
    if _exc.name not in ("numpy", "pyspiel"):
        raise
    raise ImportError(_missing(), name=__name__) from None

from .game import DEFAULTS, SHORT_NAME, RithmomachiaGame, RithmomachiaState, load  # noqa: E402

__all__ = ["DEFAULTS", "EXTRA", "SHORT_NAME", "RithmomachiaGame", "RithmomachiaState", "load"]
