"""The game `rithmomachia` for OpenSpiel, played by the reference engine.

Every rule comes from rithmocheck.play under the ruleset the parameters
name: the legal actions are the engine's legal moves (rithmocheck.openspiel.
actions numbers them), an action is played by the engine (`play`), and the
game ends at the victory the engine finds for the side that moved (a
triumph, or the common victory agreed), when the limit of moves is reached,
or when the side to move has no move (both drawn). See docs/openspiel.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pyspiel

from ..errors import InputError
from ..play.moves import Move, legal_moves, play
from ..play.position import SIDES, Position
from ..play.record import capture_text, write_record
from ..play.rules import Rules, compile_rules
from ..play.victories import AGREEMENTS, agreement_text
from .actions import ActionSpace, Collision
from .observation import Observer

SHORT_NAME = "rithmomachia"

# The parameters and their defaults. A game string cannot hold "=" or "," inside a value, so an option is
# NAME:VALUE (several joined by ";") and the common victory is its name with its numbers as parameters of
# their own (0: not given).
DEFAULTS: dict[str, Any] = {
    "ruleset": "kind-1",
    "options": "",
    "agreement": "",
    "men": 0,
    "sum": 0,
    "characters": 0,
    "max_moves": 300,
}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Rithmomachia, the Philosophers game (Lever and Fulke 1563), by the rithmocheck reference engine",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


@dataclass(frozen=True)
class Config:
    ruleset: str
    options: tuple[tuple[str, Any], ...]
    agreement: dict[str, Any] | None
    max_moves: int

    def option_texts(self) -> tuple[str, ...]:
        """The options as NAME=VALUE, as --option and a game record take them."""
        return tuple(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in self.options)


def config(params: dict[str, Any]) -> Config:
    """The parameters read and checked; a bad one is a ValueError of one line naming it."""
    from ..ruleset.resolve import parse_choice

    p = {**DEFAULTS, **params}
    unknown = sorted(set(p) - set(DEFAULTS))
    if unknown:
        raise ValueError(f"rithmomachia has no parameter {unknown[0]!r} (its parameters: {', '.join(DEFAULTS)})")
    options = []
    for part in filter(None, (x.strip() for x in str(p["options"]).split(";"))):
        name, colon, value = part.partition(":")
        if not colon:
            raise ValueError(f"options: {part[:40]!r} is not NAME:VALUE (several joined by ';'), e.g. camp-spaces:48")
        try:
            options.append(parse_choice(f"{name.strip()}={value.strip()}", "options"))
        except InputError as exc:
            raise ValueError(exc.one_line()) from None
    agreement: dict[str, Any] | None = None
    name = str(p["agreement"])
    if name:
        if name not in AGREEMENTS:
            raise ValueError(f"agreement: {name[:30]!r} is no common victory: one of {', '.join(AGREEMENTS)}")
        for key in AGREEMENTS[name]:
            if not isinstance(p[key], int) or p[key] < 1:
                raise ValueError(f"agreement={name} needs {key}, a whole number of 1 or more")
        agreement = {"name": name, **{key: int(p[key]) for key in AGREEMENTS[name]}}
    limit = p["max_moves"]
    if not isinstance(limit, int) or limit < 1:
        raise ValueError("max_moves must be a whole number of 1 or more")
    return Config(str(p["ruleset"]), tuple(options), agreement, limit)


@lru_cache(maxsize=32)
def compiled(ruleset: str, options: tuple[tuple[str, Any], ...]) -> tuple[dict[str, Any], Rules, ActionSpace]:
    from ..ruleset.catalogue import by_id
    from ..ruleset.resolve import resolve

    try:
        doc = by_id(ruleset, "ruleset")
        if options:
            doc = resolve(doc, list(options), "options")
        rules = compile_rules(doc)
        return doc, rules, ActionSpace.of(rules)
    except (InputError, Collision) as exc:
        raise ValueError(exc.problem if isinstance(exc, InputError) else str(exc)) from None


class Now:
    """What a state holds, never changed once made (so that OpenSpiel's clone, a deep copy of the state's
    attributes, shares it): the position, the moves played, the last move and its captures, and the end.
    Its legal moves are found once, when first asked for, and kept."""

    __slots__ = ("position", "ply", "last", "captures", "winner", "note", "terminal", "_legal")

    def __init__(self, position: Position, ply: int, last: str = "", captures: tuple[str, ...] = (),
                 winner: str | None = None, note: str = "", terminal: bool = False):
        self.position, self.ply, self.last, self.captures = position, ply, last, captures
        self.winner, self.note, self.terminal = winner, note, terminal
        self._legal: dict[int, Move] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Now:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return Now, (self.position, self.ply, self.last, self.captures, self.winner, self.note, self.terminal)

    def legal(self, game: RithmomachiaGame) -> dict[int, Move]:
        if self._legal is None:
            self._legal = {} if self.terminal else game.space.table(
                legal_moves(self.position, game.rules), game.rules, self.position.to_move)
        return self._legal


class RithmomachiaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game: the ruleset compiled, the action space, the parameters."""

    def __init__(self, params: dict[str, Any] | None = None):
        cfg = config(dict(params or {}))
        self.config = cfg
        self.document, self.rules, self.space = compiled(cfg.ruleset, cfg.options)
        info = pyspiel.GameInfo(num_distinct_actions=self.space.size, max_chance_outcomes=0, num_players=2,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=cfg.max_moves)
        super().__init__(GAME_TYPE, info, {**DEFAULTS, **(params or {})})
        self.start = Now(self.rules.start_position(), 0)

    def new_initial_state(self) -> RithmomachiaState:
        return RithmomachiaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.rules, self.space, params)


class RithmomachiaState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: OpenSpiel's State, over an immutable Now."""

    def __init__(self, game: RithmomachiaGame):
        super().__init__(game)
        self.now = game.start

    # --- what the state is -------------------------------------------------------------------------

    @property
    def game(self) -> RithmomachiaGame:
        game: RithmomachiaGame = self.get_game()
        return game

    @property
    def position(self) -> Position:
        """The position, as the reference engine has it."""
        return self.now.position

    @property
    def ply(self) -> int:
        """The moves played so far (each side's move counts one)."""
        return self.now.ply

    @property
    def limit(self) -> int:
        return int(self.game.config.max_moves)

    @property
    def last_captures(self) -> tuple[str, ...]:
        """The captures the last move made, as `rithmocheck move` writes them."""
        return self.now.captures

    def notation(self) -> str:
        return str(self.now.position.notation(self.game.rules.kings))

    def legal_moves(self) -> dict[int, Move]:
        """The legal moves by their actions."""
        return dict(self.now.legal(self.game))

    # --- OpenSpiel's API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.now.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return SIDES.index(self.now.position.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        if self.now.terminal or player != SIDES.index(self.now.position.to_move):
            return []
        return sorted(self.now.legal(self.game))

    def _apply_action(self, action: int) -> None:
        game, now = self.game, self.now
        move = now.legal(game).get(action)
        if move is None:
            raise ValueError(f"action {action} ({game.space.describe(action, now.position, game.rules)}) is not "
                             f"legal in {self.notation()}")
        out = play(now.position, move, game.rules, game.config.agreement)
        caps = tuple(capture_text(c, out.before) for c in out.captures)
        ply = now.ply + 1
        text = move.text(game.rules.kings)
        if out.victories:
            v = out.victories[0]
            self.now = Now(out.position, ply, text, caps, str(v["side"]), str(v["victory"]), True)
            return
        if ply >= game.config.max_moves:
            self.now = Now(out.position, ply, text, caps, None, f"the limit of {game.config.max_moves} moves", True)
            return
        after = Now(out.position, ply, text, caps)
        if not after.legal(game):
            after = Now(out.position, ply, text, caps, None, f"{out.position.to_move} has no move", True)
        self.now = after

    def _action_to_string(self, player: int, action: int) -> str:
        game, now = self.game, self.now
        move = now.legal(game).get(action)
        if move is not None:
            return str(move.text(game.rules.kings))
        return game.space.describe(action, now.position, game.rules)

    def is_terminal(self) -> bool:
        return bool(self.now.terminal)

    def returns(self) -> list[float]:
        winner = self.now.winner
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == SIDES[0] else [-1.0, 1.0]

    def result(self) -> tuple[str, str]:
        """(even | odd | draw | unfinished, what ended it), as a game record writes it."""
        now = self.now
        if now.winner is not None:
            return now.winner, now.note
        return ("draw", now.note) if now.terminal else ("unfinished", "")

    def __str__(self) -> str:
        now = self.now
        lines = [self.notation(), f"move {now.ply} of at most {self.limit}"]
        if now.last:
            lines.append(f"last move: {now.last}" + (f" {{{'; '.join(now.captures)}}}" if now.captures else ""))
        result, note = self.result()
        if now.terminal:
            lines.append(f"result: {result} ({note})")
        return "\n".join(lines)

    # --- the game record ---------------------------------------------------------------------------

    def record(self) -> str:
        """The game so far as a game record (rithmocheck.play.record), which `rithmocheck replay` reads back."""
        game = self.game
        rules = game.rules
        pos = rules.start_position()
        moves: list[tuple[str, tuple[str, ...]]] = []
        for action in self.history():
            move = game.space.table(legal_moves(pos, rules), rules, pos.to_move)[action]
            out = play(pos, move, rules, game.config.agreement)
            moves.append((move.text(rules.kings), tuple(capture_text(c, out.before) for c in out.captures)))
            pos = out.position
        result, note = self.result()
        return write_record(str(game.document["ruleset"]), game.config.option_texts(), game.config.agreement,
                            game.config.max_moves, "start", moves, result, note)


def load(ruleset: str = "kind-1", options: dict[str, Any] | None = None, agreement: str | None = None,
         max_moves: int = int(DEFAULTS["max_moves"])) -> Any:
    """The game, loaded by OpenSpiel: `load("seed-002", {"camp-spaces": 48}, "bodies:men=4", 200)`; the
    agreement as `rithmocheck move --agreement` takes it."""
    from ..play.victories import parse_agreement

    params: dict[str, Any] = {"ruleset": ruleset, "max_moves": max_moves}
    if options:
        params["options"] = ";".join(f"{k}:{v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items())
    if agreement:
        a = parse_agreement(agreement, "agreement")
        params["agreement"] = a.pop("name")
        params.update(a)
    return pyspiel.load_game(SHORT_NAME, params)


pyspiel.register_game(GAME_TYPE, RithmomachiaGame)

__all__ = ["DEFAULTS", "GAME_TYPE", "SHORT_NAME", "RithmomachiaGame", "RithmomachiaState", "agreement_text", "load"]
