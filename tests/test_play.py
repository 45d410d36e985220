"""The reference engine (rithmocheck.play): positions and their notations,
moves, captures and victories, as properties of the rules and as facts of
the book; the perft counts from each kind's starting position as
regression values."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ARMIES as M
from conftest import EDITION
from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.play.captures import in_danger
from rithmocheck.play.moves import IllegalMove, Move, legal_moves, parse_move, play
from rithmocheck.play.position import OTHER, Man, Position, from_json, parse, square_name
from rithmocheck.play.rules import compile_rules
from rithmocheck.ruleset import document
from rithmocheck.ruleset.resolve import resolve

RULES = {k: compile_rules(document(k, EDITION)) for k in (1, 2, 3)}


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


# --- positions ----------------------------------------------------------------------------------------

def test_the_starting_positions_hold_every_man_once():
    for k, rules in RULES.items():
        pos = rules.start_position()
        values = sorted((m.side, m.shape, m.value) for _sq, m in pos.board)
        want = sorted((m.side, m.shape, m.value) for m in M.all_men())
        assert values == want, k
        assert len({sq for sq, _m in pos.board}) == 48


def test_the_camp_holds_forty_spaces_and_the_first_kind_fronts_it():
    """Line 583: the adversary's camp, from the front of his men as first placed to the end, holds 40 spaces."""
    rules = RULES[1]
    pos = rules.start_position()
    for side, enemy in (("even", "odd"), ("odd", "even")):
        camp = [(f, r) for f in range(8) for r in range(16) if rules.in_camp(side, (f, r))]
        assert len(camp) == 40
        enemy_ranks = {sq[1] for sq, m in pos.men(enemy)}
        front = max(enemy_ranks) if enemy == "even" else min(enemy_ranks)
        assert {r for _f, r in camp} == ({*range(front + 1)} if enemy == "even" else {*range(front, 16)})


def test_notation_and_json_round_trip_the_starting_positions():
    for rules in RULES.values():
        pos = rules.start_position()
        assert parse(pos.notation(rules.kings), rules.kings) == pos
        assert from_json(json.loads(json.dumps(pos.as_json())), rules.kings) == pos


def test_a_king_who_has_lost_layers_is_written_with_those_he_bears():
    rules = RULES[1]
    pos = parse("d8=P[1.4.9.16] odd taken=-/S25,S36", rules.kings)
    king = pos.at((3, 7))
    assert king is not None and king.value == 30 and [l.shape for l in king.layers] == ["round", "round",
                                                                                         "triangle", "triangle"]
    assert pos.notation(rules.kings) == "d8=P[1.4.9.16] odd taken=-/S25,S36"


@pytest.mark.parametrize("text,needle", [
    ("d8=R2,d8=r3 even", "two men on d8"),
    ("d17=R2 even", "'d17' is not a square"),
    ("i8=R2 even", "'i8' is not a square"),
    ("d8=X2 even", "'X2' is not a man"),
    ("d8=P90 even", "the even king is 91, not 90"),
    ("d8=P[1.4.99] even", "are not some of the even king's"),
    ("d8=R2 white", "the side to move"),
    ("d8=R2 even moved=R3/-", "taken=EVEN/ODD"),
    ("d8=R2 even taken=-/- hand=r3/-", "holds 3 in hand but has not taken him"),
])
def test_a_bad_position_is_one_line_naming_the_square_or_the_man(text, needle):
    with pytest.raises(InputError) as err:
        parse(text, RULES[1].kings)
    assert needle in err.value.one_line()
    r = run("moves", text)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and needle in r.stderr


# --- moves --------------------------------------------------------------------------------------------

def _targets(rules, text: str, frm: str) -> set[tuple[str, str]]:
    pos = parse(text, rules.kings, rules.ranks)
    return {(m.kind, square_name(m.to)) for m in legal_moves(pos, rules) if m.frm and square_name(m.frm) == frm}


def test_the_first_kind_draughts_as_the_book_gives_them():
    k1 = RULES[1]
    # the round into the next space corner-wise (421)
    assert _targets(k1, "d8=R2 even", "d8") == {("march", s) for s in ("c7", "c9", "e7", "e9")}
    # the triangle three spaces counting his own, leaping over one (425); flying the knight's draught (428)
    got = _targets(k1, "d8=T6 even", "d8")
    assert {s for k, s in got if k == "march"} == {"d10", "d6", "b8", "f8"}
    assert {s for k, s in got if k == "fly"} == {"c10", "e10", "c6", "e6", "b7", "b9", "f7", "f9"}
    # the square into the fourth place (432); flying after the knight's draught but passing four spaces (434)
    got = _targets(k1, "d8=S15 even", "d8")
    assert {s for k, s in got if k == "march"} == {"d11", "d5", "a8", "g8"}
    assert {s for k, s in got if k == "fly"} == {"c11", "e11", "c5", "e5", "a7", "a9", "g7", "g9"}
    # the king any draught, like the queen, not above the fourth space (440-444)
    got = {s for k, s in _targets(k1, "d8=P91 even", "d8") if k == "march"}
    assert len(got) == 8 * 3 and {"d11", "g11", "a5", "a8"} <= got and not {"d12", "h8", "h12"} & got
    # a man may not pass over another to a void space (leaping off by default)
    assert ("march", "d10") not in _targets(k1, "d8=T6,d9=r3 even", "d8")


def test_the_king_loses_the_draught_of_a_shape_he_no_longer_bears():
    """Lines 535-537: when his square numbers are gone he cannot remove the square draught."""
    k1 = RULES[1]
    whole = {s for k, s in _targets(k1, "d8=P91 even", "d8") if k == "march"}
    no_squares = {s for k, s in _targets(k1, "d8=P[1.4.9.16] even", "d8") if k == "march"}
    assert whole - no_squares == {"d11", "d5", "a8", "g8", "a5", "g5", "a11", "g11"}
    only_rounds = {s for k, s in _targets(k1, "d8=P[1.4] even", "d8") if k == "march"}
    assert only_rounds == {"c7", "c8", "c9", "d7", "d9", "e7", "e8", "e9"}


def test_the_third_kind_moves_no_man_cornerwise_unless_agreed():
    k3 = RULES[3]
    assert _targets(k3, "d8=R2 even", "d8") == {("march", s) for s in ("d9", "d7", "c8", "e8")}
    agreed = compile_rules(resolve(document(3, EDITION), {"cornerwise": True}))
    assert ("march", "e9") in _targets(agreed, "d8=R2 even", "d8")


def test_an_illegal_move_names_the_square():
    k1 = RULES[1]
    pos = parse("d8=R2,e9=r3,c9=R4 even", k1.kings)
    for text, needle in (("d8-d9", "d9 is not in the draught of the round 2 on d8"),
                         ("c3-c4", "no man stands on c3"),
                         ("e9-f10", "is odd's, and even is to move"),
                         ("d8-c9", "c9 is occupied"),
                         ("d8-e9", "no enemy in danger on e9"),
                         ("d8xe9", "no enemy in danger on e9")):
        with pytest.raises(IllegalMove) as err:
            parse_move(text, pos, k1)
        assert needle in err.value.one_line(), text


# --- properties ---------------------------------------------------------------------------------------

ARMY = [(m.side, m.shape, m.value) for m in M.all_men() if not m.is_king]


@st.composite
def positions(draw, kind: int = 1):
    rules = RULES[kind]
    n = draw(st.integers(2, 10))
    squares = draw(st.lists(st.tuples(st.integers(0, 7), st.integers(3, 12)), min_size=n, max_size=n, unique=True))
    men = {}
    for sq in squares:
        side, shape, value = draw(st.sampled_from(ARMY))
        men[sq] = Man(side, shape, value)
    held: dict[str, list[Man]] = {}
    if draw(st.booleans()):
        free = [(f, r) for f in range(8) for r in range(3, 13) if (f, r) not in men]
        side = draw(st.sampled_from(("even", "odd")))
        whole = rules.kings[side]
        # now and then a king who has lost layers, which the adversary holds (taken, and in hand): ransoms
        lost = set(draw(st.lists(st.sampled_from(range(len(whole))), max_size=len(whole) - 1, unique=True)))
        bears = tuple(l for i, l in enumerate(whole) if i not in lost)
        men[draw(st.sampled_from(free))] = Man(side, "pyramid", sum(l.value for l in bears), bears)
        held[OTHER[side]] = [Man(side, l.shape, l.value) for i, l in enumerate(whole) if i in lost]
    return Position.of(men, draw(st.sampled_from(("even", "odd"))), taken=held, hand=held)


def _mirror_move(m: Move) -> Move:
    def f(sq):
        return ((7 - sq[0], sq[1]))
    return Move(m.kind, f(m.frm) if m.frm else None, f(m.to), m.man)


def _mirror_capture(c: dict) -> dict:
    def f(s: str) -> str:
        return "abcdefgh"[7 - "abcdefgh".index(s[0])] + s[1:]
    return dict(c, taken=f(c["taken"]), takers=sorted(f(t) for t in c["takers"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1), st.sampled_from((1, 2, 3)))
def test_moves_and_captures_are_unchanged_by_mirroring_the_board(pos, kind):
    rules = RULES[kind]
    mirrored = pos.mirrored()
    moves = legal_moves(pos, rules)
    assert sorted(_mirror_move(m) for m in moves) == sorted(legal_moves(mirrored, rules))
    for m in moves:
        caps = sorted(json.dumps(_mirror_capture(c.as_json(o.before)), sort_keys=True)
                       for o in [play(pos, m, rules)] for c in o.captures)
        mo = play(mirrored, _mirror_move(m), rules)
        assert caps == sorted(json.dumps(dict(c.as_json(mo.before), takers=sorted(c.as_json(mo.before)["takers"])),
                                         sort_keys=True) for c in mo.captures)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1), st.sampled_from((1, 2, 3)))
def test_no_move_leaves_two_men_on_one_square_and_no_captured_man_stays(pos, kind):
    rules = RULES[kind]
    for m in legal_moves(pos, rules):
        out = play(pos, m, rules)
        whole = {c.taken for c in out.captures if c.layer is None}
        entered = 1 if m.kind == "enter" else 0
        redeemer = 1 if m.kind == "ransom" else 0  # he goes to the adversary; the king takes his place
        assert len(out.position.board) == len(pos.board) - len(whole) + entered - redeemer, m
        for sq in whole:
            stays = out.position.at(sq)
            victim = out.before.at(sq)
            assert stays is None or (m.kind == "take" and sq == m.to and stays.side == pos.to_move), (m, sq)
            assert victim is not None and victim.side != pos.to_move
        # each man taken once, whatever the manners: a whole man (or king) once, a layer once unless its king
        # is taken whole by the same move (a king bearing one layer is that layer's number too)
        layers = {(c.taken, c.layer) for c in out.captures if c.layer is not None and c.taken not in whole}
        assert len(out.position.taken_by(pos.to_move)) == len(pos.taken_by(pos.to_move)) + len(whole) + len(layers)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1), st.sampled_from((2, 3)))
def test_a_ransom_exchanges_one_man_for_one_layer(pos, kind):
    """Every ransom: the king, in the redeemer's place, bears the layer again; the adversary holds the
    redeemer instead of the layer; the redeemer bore the layer's number unless no man of the side did."""
    rules = RULES[kind]
    side, enemy = pos.to_move, OTHER[pos.to_move]
    for m in legal_moves(pos, rules):
        if m.kind != "ransom":
            continue
        king, redeemer = pos.at(m.frm), pos.at(m.to)
        assert king.is_king and redeemer.side == side and not redeemer.is_king
        assert redeemer.value == m.man.value or not any(x.value == m.man.value for _s, x in pos.men(side))
        out = play(pos, m, rules)
        after = out.before.at(m.to)  # before the captures the king may make once set down
        assert after.is_king and after.value == king.value + m.man.value and out.before.at(m.frm) is None
        want = Counter(pos.taken_by(enemy))
        want.subtract([m.man])  # the layer goes back (a round 4 may redeem the round 4 of the king: the same man)
        want.update([Man(side, redeemer.shape, redeemer.value)])
        assert Counter(out.before.taken_by(enemy)) == +want


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1), st.sampled_from((1, 2, 3)), st.data())
def test_a_move_is_read_as_legal_exactly_when_it_is_among_the_legal_moves(pos, kind, data):
    """parse_move checks a move against only the moves of its kind (and of its man): it must accept every
    legal move as itself and refuse any other move written in the notation."""
    rules = RULES[kind]
    legal = legal_moves(pos, rules)
    for m in legal:
        assert parse_move(m.text(rules.kings), pos, rules) == m
    squares = [square_name((f, r)) for f in range(8) for r in range(rules.ranks)]
    texts = {m.text(rules.kings) for m in legal}
    for _ in range(20):
        frm, to = data.draw(st.sampled_from(squares)), data.draw(st.sampled_from(squares))
        text = frm + data.draw(st.sampled_from("-~x")) + to
        try:
            got = parse_move(text, pos, rules)
        except IllegalMove:
            assert not any(m.frm is not None and square_name(m.frm) == frm and square_name(m.to) == to
                           and (text[len(frm)] == {"march": "-", "fly": "~", "take": "x"}[m.kind]
                                or (text[len(frm)] == "-" and m.kind == "take")) for m in legal), text
        else:
            assert got in legal and got.text(rules.kings) in texts, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(1))
def test_every_take_move_takes_a_man_in_danger_of_the_mover(pos):
    rules = RULES[1]
    danger = in_danger(pos, rules, pos.to_move)
    for m in legal_moves(pos, rules):
        if m.kind == "take":
            assert any(c.taken == m.to and m.frm in c.takers for c in danger)


# --- the kernel's shortcuts (issue 33) against its own plain path ---------------------------------------------

PLAYOUT_RULES = [(k, o) for k in (1, 2, 3) for o in ({}, {"takers-include-mover": False})] + \
    [(1, {"proportion-taking": True}), (1, {"leaping": True}), (2, {"spaces-counting": "both-ends"}),
     (3, {"cornerwise": True})]


@pytest.mark.parametrize("kind,options", PLAYOUT_RULES, ids=lambda x: str(x))
def test_the_danger_before_a_move_worked_out_from_the_last_is_the_danger_worked_out_afresh(kind, options):
    """legal_moves works out the men in danger before a move (the FROMxTO takes) from those of the position
    the last move came from, looking again only at the men the move can have touched; the same position made
    afresh (no such link) has them worked out from nothing. Along random games, biased to moves that take,
    both give the same moves."""
    import random

    rules = compile_rules(resolve(document(kind, EDITION), options) if options else document(kind, EDITION))
    rng = random.Random(1563 + kind)
    for _game in range(2):
        pos = rules.start_position()
        for _ply in range(60):
            moves = legal_moves(pos, rules)
            fresh = Position(pos.board, pos.to_move, pos.taken, pos.hand)
            assert moves == legal_moves(fresh, rules), pos.notation(rules.kings)
            if not moves:
                break
            outs = [play(pos, m, rules) for m in moves]
            taking = [o for o in outs if o.captures]
            out = rng.choice(taking) if taking and rng.random() < 0.7 else rng.choice(outs)
            pos = out.position
            if out.victories:
                break


@pytest.mark.parametrize("kind,before,move,takes", [
    (3, "d2=R2,d5=r3,d9=t12 odd", "d5-c5", "d2xd9"),  # eruption opened far off: 2 x 6 void spaces
    (1, "d8=t12,d10=T6,d7=R4,c8=R6,e8=R8,f9=r3 odd", "f9-e10", "d10xd8"),  # a siege already standing, kept
    (2, "c5=R3,e5=r5,g5=r9 odd", "e5-e6", "c5xg5"),  # multiplication by three void spaces opened
])
def test_a_danger_the_last_move_opened_or_kept_is_found_from_the_position_before(kind, before, move, takes):
    rules = RULES[kind]
    pos = parse(before, rules.kings, rules.ranks)
    after = play(pos, parse_move(move, pos, rules), rules).position
    found = [m.text(rules.kings) for m in legal_moves(after, rules) if m.kind == "take"]
    assert takes in found
    assert found == [m.text(rules.kings) for m in legal_moves(Position(after.board, after.to_move), rules)
                     if m.kind == "take"]


# --- perft: the number of move sequences from each kind's starting position ---------------------------------

def perft(pos: Position, rules, depth: int) -> int:
    moves = legal_moves(pos, rules)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m, rules).position, rules, depth - 1) for m in moves)


def test_perft_one_of_the_first_kind_counted_by_hand():
    """The even side's first moves in the first kind's array (docs/play.md:
    the rounds 8 6 4 2 on c5-f5 in front; behind them T81 T72 R64 R36 R16 R4
    T6 T9 on a4-h4; S153, the king, T49 T42 T20 T25 S45 S15 on a3-h3; S289
    S169 and S81 S25 on a2 b2 g2 h2), counted by hand, man by man, from the
    draughts of lines 421-444, each to a void space by a void way (flying
    leaps):

    * rounds, corner-wise one: c5 b6 d6, d5 c6 e6, e5 d6 f6, f5 e6 g6; c4 b5,
      f4 g5; d4 and e4 shut in: 10;
    * triangles, two orthogonally or flying as the knight: a4 a6 ~b6 (2), b4
      b6 ~a6 ~c6 ~c2 (4), g4 and h4 the same mirrored (4, 2), c3 c1 ~b5 ~b1
      ~d1 ~e2 (5), d3 d1 ~c1 ~e1 ~f2 (4), e3 and f3 mirrored (4, 5): 30;
    * squares, three orthogonally or flying (3, 1): a3 ~b6 ~d2, g3 ~f6 ~h6 ~d2,
      h3 ~g6 ~e2, a2 ~b5 ~d1, b2 e2 ~a5 ~e1, g2 d2 ~h5 ~d1, h2 ~g5 ~e1: 17;
      the king on b3, like the queen up to three spaces, only down to the
      right: c2 d1: 2.

    59 in all."""
    rules = RULES[1]
    by_hand = {"c5": 2, "d5": 2, "e5": 2, "f5": 2, "c4": 1, "f4": 1, "a4": 2, "b4": 4, "g4": 4, "h4": 2, "c3": 5,
               "d3": 4, "e3": 4, "f3": 5, "a3": 2, "g3": 3, "h3": 2, "a2": 2, "b2": 3, "g2": 3, "h2": 2, "b3": 2}
    got: dict[str, int] = {}
    for m in legal_moves(rules.start_position(), rules):
        got[square_name(m.frm)] = got.get(square_name(m.frm), 0) + 1
    assert got == by_hand
    assert sum(by_hand.values()) == 59


PERFT = {1: (59, 3422, 207176), 2: (112, 12433, 1450301), 3: (12, 144, 2134)}


@pytest.mark.parametrize("kind", sorted(PERFT))
def test_perft_regression(kind):
    rules = RULES[kind]
    pos = rules.start_position()
    for depth, want in enumerate(PERFT[kind], 1):
        assert perft(pos, rules, depth) == want, depth


# --- what the engines' readings needed (issue 29): each parameter changes what the engine does ---------

def _captures(doc, position: str, move: str) -> set[tuple[str, str, tuple[str, ...]]]:
    rules = compile_rules(doc)
    pos = parse(position, rules.kings, rules.ranks)
    out = play(pos, parse_move(move, pos, rules), rules)
    return {(c.method, square_name(c.taken), tuple(square_name(t) for t in c.takers)) for c in out.captures}


def _eruption(**params):
    doc = document(3, EDITION)
    method = next(m for m in doc["captures"]["methods"] if m["method"] == "eruption")
    method["params"].update(params)
    return doc


def test_the_spaces_may_be_counted_in_ranks_and_files_only_or_corner_wise_only():
    """Eruption (1006-1010): the 4 three void spaces from the 12 takes him directly (e8 to a8: b8 c8 d8) and
    corner-wise (e11 to a7: d10 c9 b8); lines orthogonal keeps the first, diagonal the second."""
    direct = ("a8=t12,e9=R4 even", "e9-e8")
    corner = ("a7=t12,e10=R4 even", "e10-e11")
    took_direct = ("eruption", "a8", ("e8",))
    took_corner = ("eruption", "a7", ("e11",))
    assert took_direct in _captures(document(3, EDITION), *direct)
    assert took_corner in _captures(document(3, EDITION), *corner)
    assert took_direct in _captures(_eruption(lines="orthogonal"), *direct)
    assert not _captures(_eruption(lines="orthogonal"), *corner)
    assert not _captures(_eruption(lines="diagonal"), *direct)
    assert took_corner in _captures(_eruption(lines="diagonal"), *corner)


def test_with_no_test_of_the_greater_equal_men_one_space_apart_take_by_the_spaces():
    """The 9 moved to f8, one void space (e8) from the 9 on d8: encountering by the book (1002); counting
    from one space (min_spaces 1), the lesser's test still refuses 9 x 1 = 9; with lesser_takes_greater null
    (wdjoyner's reading) it takes him by eruption too."""
    args = ("d8=r9,f10=T9 even", "f10-f8")
    alone = {("encountering", "d8", ("f8",))}
    assert _captures(document(3, EDITION), *args) == alone
    assert _captures(_eruption(min_spaces=1), *args) == alone
    assert _captures(_eruption(min_spaces=1, lesser_takes_greater=None), *args) == alone | {
        ("eruption", "d8", ("f8",))}


def test_a_prisoner_of_the_second_kind_takes_by_the_spaces_no_more_than_by_his_draught():
    """Line 726: in the second kind the enemy's men taken "may serve only to celebrate a triumph, not to fight
    on his side that takes them". The odd side's 45 with three void spaces to the even 15 (45 = 15 x 3: division
    by the spaces) takes him before the move; set there as a prisoner (turned) he takes nothing (found by the
    playout check in Ludii, issue 34: the reference engine let him)."""
    rules = RULES[2]
    free = parse("c4=s45,c8=S15 odd", rules.kings, rules.ranks)
    held = parse("c4=s45*,c8=S15 odd", rules.kings, rules.ranks)
    assert [(c.method, square_name(c.taken)) for c in in_danger(free, rules, "odd")] == [
        ("division-by-spaces", "c8")]
    assert in_danger(held, rules, "odd") == []
    assert not [m for m in legal_moves(held, rules) if m.kind == "take"]


def test_a_prisoner_set_for_the_triumph_takes_no_man_by_the_spaces():
    """The second kind's prisoners "may serve only to celebrate a triumph, not to fight on his side that takes
    them" (line 726): the odd 3 entered by the even side takes the odd 9 three void spaces off by no
    multiplication (3 x 3), before the move or after it; an even 3 of his own does."""
    rules = RULES[2]
    prisoner = parse("c14=R3*,g14=r9,a1=R2 even", rules.kings)
    assert not [m for m in legal_moves(prisoner, rules) if m.kind == "take"]
    own = parse("c14=R3,g14=r9,a1=R2 even", rules.kings)
    assert [m.text(rules.kings) for m in legal_moves(own, rules) if m.kind == "take"] == ["c14xg14"]


def test_a_king_flies_as_the_shapes_he_bears_only_when_the_ruleset_says_so():
    """By the book the king has no flying draught; with flies_as_shapes he has the knight's leaps of the
    triangles (428) and the (3, 1) leaps of the squares (434) while he bears them."""
    flying = document(1, EDITION)
    flying["movement"]["pyramid"]["flies_as_shapes"] = True
    k1f = compile_rules(flying)
    assert not {s for k, s in _targets(RULES[1], "d8=P91 even", "d8") if k == "fly"}
    whole = {s for k, s in _targets(k1f, "d8=P91 even", "d8") if k == "fly"}
    triangle = {"c10", "e10", "c6", "e6", "b7", "b9", "f7", "f9"}
    square = {"c11", "e11", "c5", "e5", "a7", "a9", "g7", "g9"}
    assert whole == triangle | square
    assert {s for k, s in _targets(k1f, "d8=P[1.4.9.16] even", "d8") if k == "fly"} == triangle
    assert not {s for k, s in _targets(k1f, "d8=P[1.4] even", "d8") if k == "fly"}


# --- the ransom of a king's layer (933-937, 1038-1044) ---------------------------------------------------

def test_a_ransom_gives_the_redeemer_for_the_layer_and_the_king_removes_into_his_place():
    """Second kind: the odd side took the even king's quadrate 16 and holds it in hand; the round 16 on c5
    redeems it ('by any of his men having the same number, and must remove into his place', 933-934)."""
    k2 = RULES[2]
    pos = parse("d8=P[1.4.9.25.36],c5=R16,b5=R2,h16=r3 even taken=-/T16 hand=-/T16", k2.kings, k2.ranks)
    ransoms = [m.text(k2.kings) for m in legal_moves(pos, k2) if m.kind == "ransom"]
    assert ransoms == ["d8^c5=16"]  # not by the round 2 while a man bears 16
    after = play(pos, parse_move("d8^c5=16", pos, k2), k2).position
    assert after.at(parse_square_("d8")) is None and after.at(parse_square_("b5")).value == 2
    king = after.at(parse_square_("c5"))
    assert king.is_king and king.value == 91 and [l.value for l in king.layers] == [1, 4, 9, 16, 25, 36]
    assert [(m.shape, m.value) for m in after.taken_by("odd")] == [("round", 16)]
    assert [(m.shape, m.value) for m in after.hand_of("odd")] == [("round", 16)]
    assert after.to_move == "odd"


def test_without_a_man_of_the_number_any_man_may_redeem_and_the_third_kind_keeps_no_hand():
    """Second kind, 935-937: no even man bears 16, so each of his men is a ransom the adversary may choose.
    Third kind: the step is held among the men taken (977), and the lowest square is never redeemed (1042)."""
    k2, k3 = RULES[2], RULES[3]
    pos = parse("d8=P[1.4.9.25.36],b5=R2,a1=T9,h16=r3 even taken=-/T16 hand=-/T16", k2.kings, k2.ranks)
    assert sorted(m.text(k2.kings) for m in legal_moves(pos, k2) if m.kind == "ransom") == ["d8^a1=16", "d8^b5=16"]
    pos3 = parse("d8=P[1.4.9.25.36],c5=R16,h16=r3 even taken=-/T16", k3.kings, k3.ranks)
    after = play(pos3, parse_move("d8^c5=16", pos3, k3), k3).position
    assert [(m.shape, m.value) for m in after.taken_by("odd")] == [("round", 16)] and after.hand == ((), ())
    lowest = parse("d8=P[1.4.9.16.25],c5=S36,h16=r3 even taken=-/S36", k3.kings, k3.ranks)
    assert not [m for m in legal_moves(lowest, k3) if m.kind == "ransom"]
    with pytest.raises(IllegalMove, match="lowest square"):
        parse_move("d8^c5=36", lowest, k3)
    with pytest.raises(IllegalMove, match="no ransom"):
        parse_move("d8^c5=16", parse("d8=P[1.4.9.25.36],c5=R16 even taken=-/T16 hand=-/T16", RULES[1].kings),
                   RULES[1])


def parse_square_(text: str):
    from rithmocheck.play.position import parse_square

    return parse_square(text)
