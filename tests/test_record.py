"""Game records (rithmocheck.play.record) and `rithmocheck replay`: a game
written as its start and its moves with the captures of each, read back and
every move checked by the engine; a bad record is one line naming the file,
the line and the move, exit 2. Needs no extra (the OpenSpiel game writes
records; tests/test_openspiel.py reads them back)."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EDITION
from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.play.moves import legal_moves, play
from rithmocheck.play.record import capture_text, read_record, replay, write_record
from rithmocheck.play.rules import compile_rules
from rithmocheck.ruleset import document

RULES = {k: compile_rules(document(k, EDITION)) for k in (1, 2, 3)}

# Line 489, "Of taking by Addition.": "12. the triangle is in.A. if you can bring six the round, to stand in.B. and.6.
# the triangle to stand in.G." (the case k1-addition-489-six-and-six sets A on d8, B e9, G f8).
ADDITION = """\
# the example of line 489
ruleset: lever-fulke-1563/kind-1
start: d8=t12,e9=R6,f10=T6 even
1. f10-f8 {addition: 12 on d8 by e9, f8}
"""


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def write(tmp_path, text: str, name: str = "game.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_addition_of_line_489_replays(tmp_path):
    path = write(tmp_path, ADDITION)
    r = run("replay", path, "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["start"] == "d8=t12,e9=R6,f10=T6 even"
    [move] = data["moves"]
    assert move["played"] == "f10-f8" and move["side"] == "even"
    assert [(c["method"], c["taken"], c["value"], c["takers"]) for c in move["captures"]] == \
        [("addition", "d8", 12, ["e9", "f8"])]
    assert move["after"] == "e9=R6,f8=T6 odd taken=t12/- hand=t12/-"
    assert data["result"] == {"result": "draw", "note": "odd has no move"}  # the one odd man was taken


def test_replay_prints_every_board_in_text(tmp_path):
    path = write(tmp_path, ADDITION)
    r = run("replay", path)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert "1. even f10-f8 {addition: 12 on d8 by e9, f8}" in lines
    # two boards of 16 ranks (the start, and after the move), each with its files' letters
    assert sum(1 for line in lines if line.split()[:1] == ["16"]) == 2
    assert sum(1 for line in lines if line.split() == list("abcdefgh")) == 2
    after = lines[lines.index("1. even f10-f8 {addition: 12 on d8 by e9, f8}") + 1:]
    rank8 = next(line for line in after if line.split()[:1] == ["8"])
    assert rank8.split() == ["8", ".", ".", ".", ".", ".", "T6", ".", "."]  # d8 emptied, the triangle on f8


def test_replay_draws_the_svg_boards_in_html(tmp_path):
    path = write(tmp_path, ADDITION)
    out = tmp_path / "game.html"
    r = run("replay", path, "--format", "html", "-o", str(out))
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg ") == 3  # the start, the move, the last
    assert "addition: 12 on d8, by e9, f8" in page
    assert 'class="man odd taken"' in page and 'class="man even moved"' in page
    assert "<style>" in page and "stylesheet" not in page  # it stands alone
    # well-formed, as the edition's pages are (tests/test_html.py): its language, one h1, one main, a skip link
    # to it, every id once, no script
    import xml.etree.ElementTree as ET

    tree = ET.fromstring(page.removeprefix("<!DOCTYPE html>"))
    assert tree.get("lang") == "en" and len(list(tree.iter("h1"))) == 1 and not list(tree.iter("script"))
    body = tree.find("body")
    assert body[0].tag == "a" and body[0].get("href") == "#main"
    assert [m.get("id") for m in tree.iter("main")] == ["main"]
    ids = [el.get("id") for el in tree.iter() if el.get("id")]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("text,line,problem", [
    (ADDITION.replace("{addition: 12 on d8 by e9, f8}", ""), 4, "move 1 (f10-f8): the record gives no capture"),
    (ADDITION.replace("12 on d8", "6 on d8"), 4, "move 1 (f10-f8): the record gives addition: 6 on d8"),
    (ADDITION.replace("f10-f8 ", "f10-f7 "), 4, "move 1 (f10-f7)"),
    (ADDITION.replace("1. f10", "2. f10"), 4, "move 2: the moves are numbered"),
    (ADDITION.replace("ruleset: lever-fulke-1563/kind-1\n", ""), 3, "move 1: the header before the moves names no "
                                                                    "ruleset"),
    ("ruleset: 1\n", None, "the record names no start"),
    (ADDITION.replace("kind-1", "kind-9"), 2, "ruleset: no ruleset 'lever-fulke-1563/kind-9'"),
    (ADDITION.replace("start: ", "option: camp-spaces=47\nstart: "), 3, "option: option camp-spaces cannot be 47"),
    (ADDITION.replace("d8=t12", "d8=t13x"), 3, "start"),
    (ADDITION + "result: even (bodies)\n", 5, "result: the record gives even, but the moves make draw (odd has no "
                                               "move)"),
    (ADDITION + "2. e9-d8\n", 5, "move 2 (e9-d8)"),
    (ADDITION + "result: unfinished\n2. e9-d8\n", 6, "nothing may follow the result"),
    (ADDITION.replace("start:", "limit: 0\nstart:"), 3, "limit: '0' is not a whole number"),
    (ADDITION.replace("{addition: 12 on d8 by e9, f8}", "{twelve on d8}"), 4, "move 1: 'twelve on d8' is not a "
                                                                            "capture"),
])
def test_a_bad_record_is_one_line_naming_the_file_the_line_and_the_move(tmp_path, text, line, problem):
    path = write(tmp_path, text)
    r = run("replay", path)
    assert r.exit_code == 2, r.output
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"Error: {path}" + (f":{line}:" if line else ":")), r.stderr
    assert problem in r.stderr, r.stderr
    assert r.stdout == ""


def test_a_move_after_the_victory_and_after_the_limit_are_refused(tmp_path):
    # bodies of one man: the addition of line 489 ends the game
    won = ADDITION.replace("start:", "agreement: bodies:men=1\nstart:")
    assert run("replay", write(tmp_path, won + "result: even (bodies)\n")).exit_code == 0
    r = run("replay", write(tmp_path, won + "2. e12-d11\n"))
    assert r.exit_code == 2 and "move 2: the game ended with move 1 (bodies of the even side)" in r.stderr
    limited = ADDITION.replace("start:", "limit: 1\nstart:")
    assert run("replay", write(tmp_path, limited + "result: draw (the limit)\n")).exit_code == 0
    r = run("replay", write(tmp_path, limited + "2. e12-d11\n"))
    assert r.exit_code == 2 and "move 2: the game was drawn after move 1" in r.stderr


def test_a_missing_or_unreadable_record_is_exit_2(tmp_path):
    r = run("replay", str(tmp_path / "nothing.txt"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe")
    r = run("replay", str(tmp_path / "bin.txt"))
    assert r.exit_code == 2 and "UTF-8" in r.stderr


def random_game(rules, seed: int, plies: int):
    """A random game by the engine: the moves' texts and captures, and the positions."""
    rng = random.Random(seed)
    pos = rules.start_position()
    moves, positions = [], [pos]
    for _ in range(plies):
        legal = legal_moves(pos, rules)
        if not legal:
            break
        m = rng.choice(legal)
        out = play(pos, m, rules)
        moves.append((m.text(rules.kings), tuple(capture_text(c, out.before) for c in out.captures)))
        pos = out.position
        positions.append(pos)
        if out.victories:
            break
    return moves, positions


@settings(max_examples=6, deadline=None)
@given(kind=st.sampled_from((1, 2, 3)), seed=st.integers(0, 10**6))
def test_a_written_record_reads_back_to_the_same_game(kind, seed):
    rules = RULES[kind]
    moves, positions = random_game(rules, seed, 40)
    text = write_record(f"lever-fulke-1563/kind-{kind}", (), None, None, "start", moves)
    record = read_record(text, "game.txt")
    assert [(m.text, m.captures) for m in record.moves] == [(t, tuple(c)) for t, c in moves]
    plies = replay(record, rules)
    assert [p.before for p in plies] == positions[:-1]
    assert plies[-1].outcome.position == positions[-1]


def test_a_record_with_captures_reads_back(tmp_path):
    """A long random game of the first kind (seeded so that it takes men), written and replayed by the command."""
    rules = RULES[1]
    moves, positions = random_game(rules, 3, 160)
    assert any(caps for _t, caps in moves)  # the game takes men: the captures are checked, not only the moves
    text = write_record("lever-fulke-1563/kind-1", (), None, None, "start", moves)
    r = run("replay", write(tmp_path, text), "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["moves"][-1]["after"] == positions[-1].notation(rules.kings)
    assert sum(len(m["captures"]) for m in data["moves"]) == sum(len(c) for _t, c in moves)


def test_read_record_refuses_what_is_not_a_record():
    with pytest.raises(InputError, match="neither a move"):
        read_record("ruleset: 1\nstart: start\nhello\n", "g.txt")
    with pytest.raises(InputError, match="given twice"):
        read_record("ruleset: 1\nruleset: 2\nstart: start\n", "g.txt")
    with pytest.raises(InputError, match="the header comes before the moves"):
        read_record("ruleset: 1\nstart: start\n1. c4-c5\nlimit: 3\n", "g.txt")
    with pytest.raises(InputError, match="bodies needs men=N"):
        read_record("ruleset: 1\nagreement: bodies\nstart: start\n", "g.txt")
