"""The OpenSpiel game `rithmomachia` (rithmocheck.openspiel, the openspiel
extra): OpenSpiel's own checks of a game's API (random_sim_test, with
serialisation) for each kind and for modern readings; the legal actions of
every state and the captures of every action equal to the reference
engine's; the observation tensor plane by plane; the information state
replayed by `rithmocheck move`; the end of a game and its returns; the game
record read back by `rithmocheck replay`; OpenSpiel's MCTS agent playing.

Skipped, with the reason, where the extra is not installed (it needs
Python 3.11 or later); under CI (CI=true) on Python 3.11 or later a missing
extra is a failure, since the README's test command installs it.

CI plays short games; the full budgets of the acceptance run by hand:

    RITHMOCHECK_OPENSPIEL_FULL=1 pytest tests/test_openspiel.py

(1,000 random plies a kind checked move by move against the engine, and
random_sim_test over whole games of 300 moves: 19 minutes here with the
machine loaded, 4 minutes of processor time).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FULL = os.environ.get("RITHMOCHECK_OPENSPIEL_FULL") == "1"
REASON = "the openspiel extra is not installed (pip install -c constraints.txt -e '.[test,openspiel]'; Python 3.11+)"


def test_without_the_extra_the_import_fails_in_one_line_naming_it():
    """Whether or not the extra is installed here: with pyspiel hidden, the import names the extra, in one line."""
    probe = ("import sys; sys.modules['pyspiel'] = None\n"
             "try:\n    import rithmocheck.openspiel\n"
             "except ImportError as exc:\n    print(str(exc)); sys.exit(7)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 7, done.stderr
    message = done.stdout.strip()
    assert "\n" not in message and "pip install 'rithmocheck[openspiel]'" in message, message


if sys.version_info >= (3, 11) and os.environ.get("CI") == "true":
    import pyspiel  # under CI the extra is installed: its absence fails here, never skips
else:
    pyspiel = pytest.importorskip("pyspiel", reason=REASON)

from rithmocheck.cli import cli  # noqa: E402
from rithmocheck.openspiel import load  # noqa: E402
from rithmocheck.openspiel.game import Now  # noqa: E402
from rithmocheck.play.moves import legal_moves, parse_move, play  # noqa: E402
from rithmocheck.play.position import parse  # noqa: E402
from rithmocheck.play.record import capture_text  # noqa: E402

KINDS = ("kind-1", "kind-2", "kind-3")
READINGS = ("seed-001", "seed-002", "seed-003", "seed-004")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


# --- OpenSpiel's own checks ---------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", KINDS + READINGS)
def test_random_sim_test_passes_with_serialisation(ruleset):
    """OpenSpiel's checks of a game: legal actions sorted and their strings unique, clones and serialised states
    equal, observations of the right size and finite, returns summing to zero within their bounds. CI plays two
    games of 40 moves (serialised at moves 0-9, 16 and 32), one of them to a victory of bodies of one man."""
    moves, sims = (300, 3) if FULL else (40, 1)
    pyspiel.random_sim_test(load(ruleset, max_moves=moves), num_sims=sims, serialize=True, verbose=False)
    pyspiel.random_sim_test(load(ruleset, agreement="bodies:men=1", max_moves=moves), num_sims=sims,
                            serialize=True, verbose=False)


def test_the_game_loads_by_its_string_with_options_and_an_agreement():
    game = pyspiel.load_game("rithmomachia(ruleset=kind-1,options=camp-spaces:48;leaping:true,agreement=goods,sum=100,"
                             "max_moves=50)")
    assert game.max_game_length() == 50 and game.num_players() == 2
    assert game.rules.camp_ranks == 6 and not game.rules.path_clear  # 48 spaces are six ranks; leaping allowed
    assert game.config.agreement == {"name": "goods", "sum": 100}
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)


@pytest.mark.parametrize("params,problem", [
    ({"ruleset": "kind-9"}, "no ruleset 'kind-9'"),
    ({"options": "camp-spaces=48"}, "is not NAME:VALUE"),
    ({"options": "camp-spaces:47"}, "camp-spaces cannot be 47"),
    ({"agreement": "bodies"}, "agreement=bodies needs men"),
    ({"agreement": "glory"}, "no common victory"),
    ({"max_moves": 0}, "max_moves"),
])
def test_a_bad_parameter_is_refused_naming_it(params, problem):
    with pytest.raises(Exception, match=problem):
        pyspiel.load_game("rithmomachia", params)


# --- the action space against the engine --------------------------------------------------------------

def last_captures(state) -> list[str]:
    """The captures of the last move, read from the state's string (`last move: MOVE {C; C}`)."""
    line = next(x for x in str(state).splitlines() if x.startswith("last move: "))
    _, _, caps = line.partition("{")
    return sorted(c for c in caps.rstrip("}").split("; ") if c)


def check_state(state, game) -> int:
    """The state's legal actions are the engine's legal moves, one action each; every action played gives the
    engine's position after it and its captures. Returns the number of actions checked."""
    rules = game.rules
    pos = state.position
    engine = legal_moves(pos, rules)
    actions = state.legal_actions()
    assert actions == sorted(set(actions))
    texts = [state.action_to_string(a) for a in actions]
    assert sorted(texts) == sorted(m.text(rules.kings) for m in engine)  # same moves, none lost to a collision
    assert state.information_state_string(0) == pos.notation(rules.kings)
    assert parse(state.information_state_string(1), rules.kings, rules.ranks) == pos
    for action, text in zip(actions, texts):
        child = state.clone()
        child.apply_action(action)
        out = play(pos, parse_move(text, pos, rules), rules, game.config.agreement)
        assert child.position == out.position, text
        assert last_captures(child) == sorted(capture_text(c, out.before) for c in out.captures), text
    return len(actions)


@pytest.mark.parametrize("ruleset", KINDS)
def test_legal_actions_and_captures_equal_the_engines_over_random_plies(ruleset):
    """Random games from the start (a new game after a victory or the limit): at every state, the legal actions
    against the engine's legal moves and every action's captures against the engine's. CI: 40 plies a kind;
    RITHMOCHECK_OPENSPIEL_FULL=1: 1,000."""
    plies = 1000 if FULL else 40
    game = load(ruleset, agreement="bodies:men=6", max_moves=300)
    rng = random.Random(f"{ruleset}-plies")
    state, done, captured = game.new_initial_state(), 0, 0
    while done < plies:
        if state.is_terminal():
            state = game.new_initial_state()
        check_state(state, game)
        state.apply_action(rng.choice(state.legal_actions()))
        captured += bool(state.last_captures)
        done += 1
    if FULL:
        assert captured > 0  # the plies reached the middle game, where men are taken


def test_legal_actions_and_captures_equal_the_engines_in_every_conformance_case():
    """Each conformance case's position under its ruleset (options and all): taking before the move, prisoners
    entered, a king's layer redeemed, and every manner of taking, each action checked against the engine."""
    from rithmocheck.conformance import load_cases

    kinds = set()
    for case in load_cases():
        game = load(case.ruleset, case.options or None)
        state = game.new_initial_state()
        rules = game.rules
        pos = parse(case.data["position"], rules.kings, rules.ranks)
        state.now = Now(pos, 0)  # the state set to the case's position
        if state.legal_actions():
            check_state(state, game)
            kinds |= {state.legal_moves()[a].kind for a in state.legal_actions()}
    assert kinds == {"march", "fly", "take", "enter", "ransom"}


# --- the observation ----------------------------------------------------------------------------------

def test_the_observation_tensor_plane_by_plane():
    """The first kind's starting array (docs/play.md): 24 men a side, the even king P91 on b3 with his six
    layers (1 4 9 16 25 36), the odd king p190 on h14 with his five (16 25 36 49 64), the even side to move."""
    from rithmocheck.openspiel.observation import Observer

    game = load("kind-1")
    state = game.new_initial_state()
    obs = Observer(game.rules, game.space)
    obs.set_from(state, 0)
    assert obs.tensor.size == game.observation_tensor_size()
    assert list(obs.tensor) == state.observation_tensor(0)
    board = obs.dict["board"]
    assert board.shape == (8 + 6, 16, 8)
    assert board[0].sum() == 24 and board[1].sum() == 24  # even, odd
    assert board[2:6].sum() == 48 and board[5].sum() == 2  # one shape a man; two kings
    assert board[6, 2, 1] == 91 and board[6, 13, 7] == 190  # b3, h14: the kings' numbers
    assert board[6, 1, 0] == 289  # a2: the even square 289
    assert [board[8 + i, 2, 1] for i in range(6)] == [1] * 6  # the even king bears his six layers
    assert [board[8 + i, 13, 7] for i in range(6)] == [1] * 5 + [0]  # the odd king his five
    assert board[8:].sum() == 11 and board[7].sum() == 0  # no other layers; no prisoner turned
    assert list(obs.dict["to_move"]) == [1, 0] and obs.dict["hand"].sum() == 0 and obs.dict["taken"].sum() == 0
    assert obs.dict["progress"][0] == 0


def test_the_observation_counts_prisoners_in_hand_and_men_taken():
    """After the addition of line 489 (12 on d8 taken by e9 and f8), the even side holds the odd triangle 12 in
    hand (first kind: prisoners are turned, line 541) and has taken him."""
    from rithmocheck.openspiel.observation import Observer

    game = load("kind-1")
    state = game.new_initial_state()
    rules = game.rules
    state.now = Now(parse("d8=t12,e9=R6,f10=T6,a16=r3 even", rules.kings), 0)
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "f10-f8"))
    assert last_captures(state) == ["addition: 12 on d8 by e9, f8"]
    obs = Observer(rules, game.space)
    obs.set_from(state, 1)
    t12 = game.space.prisoners.index(("odd", "triangle", 12))
    assert obs.dict["hand"][0, t12] == 1 and obs.dict["hand"].sum() == 1
    assert obs.dict["taken"][0, t12] == 1 and obs.dict["taken"].sum() == 1
    assert list(obs.dict["to_move"]) == [0, 1] and obs.dict["progress"][0] == 1 / 300
    # the prisoner may now be entered on a void space of the even side's hindmost rank (line 542)
    state.now = Now(state.position.replaced(dict(state.position.board), to_move="even"), 1)
    enters = sorted(state.action_to_string(a) for a in state.legal_actions() if "@" in state.action_to_string(a))
    assert enters == [f"t12@{f}1" for f in "abcdefgh"]


# --- the information state is the notation ------------------------------------------------------------

def test_any_state_replays_with_the_move_command():
    game = load("kind-2", max_moves=60)
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    action = rng.choice(state.legal_actions())
    r = run("move", state.information_state_string(0), state.action_to_string(action), "--ruleset", "2",
            "--format", "json")
    assert r.exit_code == 0, r.output
    state.apply_action(action)
    assert json.loads(r.stdout)["after"] == state.information_state_string(1)


# --- the end of a game --------------------------------------------------------------------------------

def test_a_victory_ends_the_game_and_returns_one_to_the_winner():
    """Bodies of one man: the addition of line 489 ends the game, the even side (player 0) winning."""
    game = load("kind-1", agreement="bodies:men=1")
    state = game.new_initial_state()
    state.now = Now(parse("d8=t12,e9=R6,f10=T6,a16=r3 even", game.rules.kings), 0)
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "f10-f8"))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    assert str(state).splitlines()[-1] == "result: even (bodies)"


def test_the_limit_and_a_side_without_a_move_draw_the_game():
    game = load("kind-1", max_moves=3)
    state = game.new_initial_state()
    for _ in range(3):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.result() == ("draw", "the limit of 3 moves")
    # the odd round 5 closes the even round 2 in the corner a1 (rounds move one space corner-wise): even cannot move
    game = load("kind-1")
    state = game.new_initial_state()
    state.now = Now(parse("a1=R2,b2=r3,a2=r5,c1=r7 odd", game.rules.kings), 0)
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "a2-b1"))
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.result() == ("draw", "even has no move")


# --- the game record ----------------------------------------------------------------------------------

def test_a_played_game_is_a_record_the_replay_command_reads_back(tmp_path):
    game = load("kind-1", agreement="bodies:men=1", max_moves=300)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    path = tmp_path / "game.txt"
    path.write_text(state.record(), encoding="utf-8")
    r = run("replay", str(path), "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["moves"]) == state.ply
    assert data["moves"][-1]["after"] == state.information_state_string(0)
    result, note = state.result()
    assert data["result"] == {"result": result, "note": note}


# --- OpenSpiel's agents -------------------------------------------------------------------------------

def test_mcts_plays_short_games_against_a_random_agent():
    """OpenSpiel's MCTS agent (random rollouts) and its uniformly random agent play two short games of the first
    kind under the victory of bodies, each game written as a record the tool replays. The benchmark of the
    issue (40 whole games) is benchmarks/openspiel.py."""
    import numpy as np
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    game = load("kind-1", agreement="bodies:men=1", max_moves=12)
    rng = np.random.RandomState(1563)
    for m in (0, 1):
        bots = [uniform_random.UniformRandomBot(p, rng) for p in (0, 1)]
        bots[m] = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert state.returns() in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0]) and 1 <= state.ply <= 12
        text = state.record()
        assert text.count("\n") >= state.ply + 4
