"""The literal evaluator (tests/literal/, issue 33): the book's own examples
as it answers them, its independence from the engine's capture logic, and
its random lawful positions. The engine is held to it in
test_literal_engine.py."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from literal import turn
from literal.differential import setup
from literal.positions import random_position
from literal.taking import takings
from literal.victory import common, standards

from rithmocheck.play.move import Move
from rithmocheck.play.position import Man, Position, parse, parse_square, square_name

HERE = Path(__file__).resolve().parent


def at(*names: str) -> tuple:
    return tuple(parse_square(n) for n in names)


def position(kind: int, text: str, **options: Any) -> tuple[Any, Position]:
    rules, book = setup(kind, options)
    return book, parse(text, rules.kings, rules.ranks)


def taken_by(kind: int, text: str, move: str, **options: Any) -> set[tuple[str, str, tuple[str, ...], int, Any]]:
    """The captures the literal evaluator gives a move written FROM-TO (a draught), FROM~TO (a flight) or
    FROMxTO (taking before the move)."""
    book, pos = position(kind, text, **options)
    sep = next(c for c in "-~x" if c in move)
    frm, to = move.split(sep)
    kinds = {"-": "march", "~": "fly", "x": "take"}
    out = turn.play(book, pos, Move(kinds[sep], parse_square(frm), parse_square(to)))
    return {(t.method, square_name(t.taken), tuple(sorted(square_name(s) for s in t.takers)), t.value, t.layer)
            for t in out.captures}


# --- the book's examples, as the literal evaluator answers them ---------------------------------------------

def test_equality_after_the_move_and_before_it():
    """Lines 455-459: "9. a triangle of the eue^ army, after he has removed, espyeth.9. a round of the odd
    army, him may he take up and not remove into his place. But if.9. the triangle, espy nine the round,
    before he remove, standing in his draught, he may take him up and remove into his place"."""
    assert taken_by(1, "d4=T9,d8=r9 even", "d4-d6") == {("equality", "d8", ("d6",), 9, None)}
    book, pos = position(1, "d6=T9,d8=r9 even")
    assert (parse_square("d6"), parse_square("d8")) in turn.take_moves(book, pos)
    assert taken_by(1, "d6=T9,d8=r9 even", "d6xd8") == {("equality", "d8", ("d6",), 9, None)}


def test_the_kings_parts_not_by_equality_unless_so_read():
    """Line 531: "They can not be taken by equality"; option king-parts-by-equality reads it of the whole
    king only."""
    assert taken_by(1, "d8=P91,e11=r9 odd", "e11-e9") == set()
    assert taken_by(1, "d8=P91,e11=r9 odd", "e11-e9", **{"king-parts-by-equality": True}) == {
        ("equality", "d8", ("e9",), 9, 9)}


def test_addition_subtraction_multiplication_division_by_the_books_numbers():
    """Addition, 489-491: "12. the triangle is in.A. if you can bring six the round, to stand in.B.
    and.6. the triangle to stand in.G."; subtraction, 501-503: "2. the round ... and.9. the triangle ...
    shall take their adversary.7."; multiplication, 512-514: "The round.3. ... and 5 ... shall take the
    square 15"; division, 523-525: "The round 4 ... and the triangle.20 ... may take ye adversary.5"."""
    assert taken_by(1, "d8=t12,e9=R6,f10=T6 even", "f10-f8") == {("addition", "d8", ("e9", "f8"), 12, None)}
    assert taken_by(1, "d8=r7,c7=R2,d4=T9 even", "d4-d6") == {("subtraction", "d8", ("c7", "d6"), 7, None)}
    assert taken_by(1, "d8=S15,c7=r3,f10=r5 odd", "f10-e9") == {("multiplication", "d8", ("c7", "e9"), 15, None)}
    assert taken_by(1, "d8=r5,e9=R4,f10=T20 even", "f10-f8") == {("division", "d8", ("e9", "f8"), 5, None)}


def test_the_whole_king_by_his_whole_number_and_by_parts():
    """Lines 532-535: "his whole number at ones, that is.91. or.190. by Addition ... Also he may be taken by
    parts, when any of his side numbers may be taken": 25 and 66 make 91; 9 and 16 make 25, a layer."""
    assert taken_by(1, "d8=P91,c7=r25,g5=s66 odd", "g5-d5") == {("addition", "d8", ("c7", "d5"), 91, None)}
    assert taken_by(1, "d8=P91,e9=r9,f10=t16 odd", "f10-f8") == {("addition", "d8", ("e9", "f8"), 25, 25)}


def test_obsidion_by_four_adversaries_only():
    """Lines 469-471: the round in the place of 1, "4. men of what kind it skylleth not, occupying the
    places of.2.3.4.5. after you have set your last man in his place may be taken up"; 1027-1028: "no
    Obsidion can be of any man with some of his fellows, but all four must be his adversaries"."""
    assert taken_by(1, "d8=r3,c7=R2,e7=R4,c9=R6,e11=T6 even", "e11-e9") == {
        ("obsidion", "d8", ("c7", "c9", "e7", "e9"), 3, None)}
    assert taken_by(1, "d8=r3,c7=r5,e7=R4,c9=R6,e11=T6 even", "e11-e9") == set()


def test_a_triangle_besieged_by_men_nearer_on_his_lines():
    """Lines 473-476: "Triangles and squares may be beseged, it al ye four me^ or any of them, the rest
    standing nearer, do stand in the third or fourth space from them"."""
    assert taken_by(1, "d8=t12,d10=T6,d7=R4,c8=R6,h8=T20 even", "h8-f8") == {
        ("obsidion", "d8", ("c8", "d10", "d7", "f8"), 12, None)}


def test_a_king_who_may_still_step_into_a_void_space_is_not_besieged():
    """Line 468: "that his law full draught be hindered": the first kind's king moves like the queen, any
    distance up to his range (440-444); men at the second space leave him the first."""
    text = "d8=P91,b6=r3,b8=t12,b10=r5,d6=t30,d10=t56,f6=r7,f8=t90,e11=r9 odd"
    assert taken_by(1, text, "e11-f10") == set()


def test_removal_into_the_place_of_a_man_already_besieged():
    """Lines 1033-1035: "In all manner of taking ... when he may be taken before we draw, then shall we remove
    our man into his place" (issue 33, departure 3)."""
    book, pos = position(1, "d8=t12,d10=T6,d7=R4,c8=R6,e8=R8 even")
    assert {(square_name(a), square_name(b)) for a, b in turn.take_moves(book, pos)} == {
        ("d10", "d8"), ("d7", "d8"), ("c8", "d8"), ("e8", "d8")}
    assert taken_by(1, "d8=t12,d10=T6,d7=R4,c8=R6,e8=R8 even", "d10xd8") == {
        ("obsidion", "d8", ("c8", "d10", "d7", "e8"), 12, None)}


def test_taking_by_proportion_only_when_agreed_and_with_the_adversary_at_the_end():
    """Lines 570-577, 594-596: "you must set them so that your adversaries man make the third or fourth, when
    you take by proportion" (issue 33, departure 4: the adversary in the middle is not taken by proportion;
    in the issue's own position he is taken by addition all the same, 4 and 8 both next to him cornerwise,
    lines 483-486)."""
    assert taken_by(1, "d4=R4,f6=t12,g7=R8 even", "d4-e5", **{"proportion-taking": True}) == {
        ("addition", "f6", ("e5", "g7"), 12, None)}
    assert taken_by(1, "d5=R4,f6=t12,g6=R8 even", "d5-e6", **{"proportion-taking": True}) == set()
    assert taken_by(1, "c3=R4,e5=R8,f6=t12 even", "c3-d4", **{"proportion-taking": True}) == {
        ("proportion", "f6", ("d4", "e5"), 12, None)}
    assert taken_by(1, "c3=R4,e5=R8,f6=t12 even", "c3-d4") == set()


def test_second_kind_by_the_void_spaces_and_by_cossick_signs():
    """Lines 901-904 and the table (940: even 2 against odd 16, 8 spaces); 913-917: a power "meeting with his
    root in his ordinary draught ... takes him up, or else is taken of him"; 928-930, a king's quadrates
    taken by such means (issue 33, departure 2: the odd king's 16 meets its root 4)."""
    assert taken_by(2, "b2=R2,a10=t16 even", "b2-a1") == {("multiplication-by-spaces", "a10", ("a1",), 16, None)}
    assert taken_by(2, "d8=t16,f9=R4 even", "f9-e9") == {("cossick-signs", "d8", ("e9",), 16, None)}
    assert taken_by(2, "g7=p190,f6=R4 even", "f6-f7") == {("cossick-signs", "g7", ("f7",), 16, 16)}


def test_a_prisoner_of_the_second_kind_neither_takes_nor_besieges():
    """Lines 726-728: the men taken "may serve only to celebrate a triumph, but not to fight on his side that
    takes them": R9* stands among the besiegers of r3 and the siege fails."""
    assert taken_by(2, "c7=R2,c8=R4,c9=R6,d7=R8,d9=R9*,e7=T6,e8=T20,e11=T42,d8=r3 even", "e11-e9") == set()
    assert taken_by(2, "c7=R2,c8=R4,c9=R6,d7=R8,d9=R16,e7=T6,e8=T20,e11=T42,d8=r3 even", "e11-e9") == {
        ("obsidion", "d8", ("c7", "c8", "c9", "d7", "d9", "e7", "e8", "e9"), 3, None)}


def test_third_kind_eruption_lying_in_wait_and_the_siege_of_the_four_next_spaces():
    """Eruption, 1006-1008 (3 by five spaces makes 15); lying in wait, 1014-1017 (3 and 5 in the next spaces
    make 8); obsidion, 1022-1025, "because he can not remove cornerwyse": under the agreement to move
    cornerwise (992-994) four men directly about him take him no more (issue 33, departure 1)."""
    assert taken_by(3, "b1=r3,a7=S15 odd", "b1-a1") == {("eruption", "a7", ("a1",), 15, None)}
    assert taken_by(3, "d8=R8,d7=r3,f8=r5 odd", "f8-e8") == {("lying-in-wait", "d8", ("d7", "e8"), 8, None)}
    assert taken_by(3, "d8=R8,d7=r3,g8=r5 odd", "g8-f8") == set()
    text = "d8=r3,d7=R2,c8=R4,e8=R8,d10=R6 even"
    assert taken_by(3, text, "d10-d9") == {("obsidion", "d8", ("c8", "d7", "d9", "e8"), 3, None)}
    assert taken_by(3, text, "d10-d9", cornerwise=True) == set()


def test_the_triumph_in_the_adversarys_camp_not_by_a_flight():
    """Lines 589-592 (three men in a right line in the adversary's camp, 2.4.6 in arithmetic proportion,
    609), 580 (the king taken first), 586-587 (not by the flying draughts)."""
    book, pos = position(1, "c13=R2,d13=R4,f12=R6 even")
    won = turn.play(book, pos, Move("march", *at("f12", "e13"))).victories
    assert [(v["victory"], v["men"], v["proportions"]) for v in won] == [
        ("great-triumph", ["c13", "d13", "e13"], ["arithmetic"])]
    book, pos = position(1, "c13=R2,d13=R4,f12=R6,h16=p190 even")
    assert turn.play(book, pos, Move("march", *at("f12", "e13"))).victories == ()
    book, pos = position(1, "c13=R2,d13=R4,f11=T6 even")
    assert turn.play(book, pos, Move("fly", *at("f11", "e13"))).victories == ()
    book, pos = position(1, "c13=R2,d13=R4,e13=R6,a1=T6 even")
    assert len(turn.play(book, pos, Move("fly", *at("a1", "b3"))).victories) == 1


def test_the_common_victories_by_the_books_examples():
    """Quarrel, 1071: "2.4.6.8.24.64. so you have.100. in.8. characters" (24 is misprinted for 20: 104);
    honour, 1078: "2.4.6.8.4.16.45.15"; honour and quarrel, 1085: "2.4.6.8.4.6.9.64" in 8 men and 9
    characters; standards, 1099-1100: "If the even host wine.348. men he has obtained two sta^derds"."""
    book, _pos = position(1, "- even")

    def men(*numbers: int) -> list[Man]:
        return [Man("odd", "round", n) for n in numbers]

    def won(agreement: dict[str, Any], *numbers: int) -> bool:
        return bool(common(book, {"even": men(*numbers), "odd": []}, "even", agreement))

    assert won({"name": "quarrel", "sum": 100, "characters": 8}, 2, 4, 6, 8, 20, 64)
    assert not won({"name": "quarrel", "sum": 100, "characters": 8}, 2, 4, 6, 8, 20, 50)
    assert won({"name": "honour", "sum": 100, "men": 8}, 2, 4, 6, 8, 4, 16, 45, 15)
    assert not won({"name": "honour", "sum": 100, "men": 8}, 2, 4, 6, 8, 4, 16, 45)
    assert won({"name": "honour-and-quarrel", "sum": 100, "men": 8, "characters": 9}, 2, 4, 6, 8, 4, 6, 9, 64)
    assert not won({"name": "honour-and-quarrel", "sum": 100, "men": 8, "characters": 9}, 2, 4, 6, 8, 4, 6, 9, 100)
    assert standards(book, {"even": men(348), "odd": []})["even"] == 2
    assert standards(book, {"even": [], "odd": men(260)})["odd"] == 2
    assert won({"name": "bodies", "men": 4}, 2, 4, 6, 8) and not won({"name": "bodies", "men": 5}, 2, 4, 6, 8)


def test_the_five_readings_made_options():
    """Issue 33's readings taken silently before, each an option: lying-in-wait-next-spaces (1016-1017: "the
    next spaces"; 891 and 1023 name them "directly, or cornerwise"); king-lost-draught-scope (536: "he can
    not remove the square draught", by distance every way, or the square's own "right forward or sydelong",
    432-433); king-number (533: "his whole number at ones, that is.91. or.190."); king-layer-at-distance (a
    layer found in danger before the draw, 534-535, 1034-1035); standards-victory (1099: "He that wynneth
    more standers")."""
    text = "d8=R8,d7=r3,f9=r5 odd"
    assert taken_by(3, text, "f9-e9") == {("lying-in-wait", "d8", ("d7", "e9"), 8, None)}
    assert taken_by(3, text, "f9-e9", **{"lying-in-wait-next-spaces": "directly"}) == set()

    def reach(**options: Any) -> set[str]:
        book, pos = position(1, "d8=P[1.4.9.16.25] even", **options)
        return {square_name(s) for s in book.marches(pos, parse_square("d8"), pos.at(parse_square("d8")))}
    by_distance, by_shape = reach(), reach(**{"king-lost-draught-scope": "shape"})
    assert {"d11", "g8", "g11", "a5"} & by_distance == set()  # the square's number 36 gone: no fourth space
    assert {"g11", "a5"} <= by_shape and {"d11", "g8", "a8", "d5"} & by_shape == set()

    text = "d8=P[1.4.9.16.25],c7=r25,g5=s66 odd"  # 25 and 66 make 91, not the 55 he bears
    assert taken_by(1, text, "g5-d5") == set()
    assert taken_by(1, text, "g5-d5", **{"king-number": "whole"}) == {("addition", "d8", ("c7", "d5"), 91, None)}

    book, pos = position(1, "d8=P91,e9=r9,f8=t16 odd")  # 9 and 16 make his 25, in danger before the draw
    assert {(square_name(a), square_name(b)) for a, b in turn.take_moves(book, pos)} == {("e9", "d8"), ("f8", "d8")}
    book, pos = position(1, "d8=P91,e9=r9,f8=t16 odd", **{"king-layer-at-distance": False})
    assert turn.take_moves(book, pos) == set()

    def standards_won(agreement: dict[str, Any], even: int, odd: int, **options: Any) -> bool:
        book, _pos = position(1, "- even", **options)
        taken = {"even": [Man("odd", "round", even)], "odd": [Man("even", "round", odd)]}
        return bool(common(book, taken, "even", agreement))
    assert standards_won({"name": "standards", "standards": 2}, 348, 0)
    assert not standards_won({"name": "standards", "standards": 2}, 348, 260)  # two against two
    assert standards_won({"name": "standards", "standards": 2}, 348, 260, **{"standards-victory": "agreed-number"})
    assert not standards_won({"name": "standards", "standards": 3}, 348, 0, **{"standards-victory": "agreed-number"})


def test_the_adversary_anywhere_in_a_proportion_where_so_read():
    """Option proportion-adversary-place: "the third or fourth" (595) the count of the men, his one joined to
    two or three (574): the adversary in the middle of the line is taken too."""
    assert taken_by(1, "d5=R4,f6=t12,g6=R8 even", "d5-e6", **{"proportion-taking": True,
                                                               "proportion-adversary-place": "anywhere"}) == {
        ("proportion", "f6", ("e6", "g6"), 12, None)}


# --- no shared code with the engine's capture logic ------------------------------------------------------

ENGINE_LOGIC = {"rithmocheck.play.captures", "rithmocheck.play.moves", "rithmocheck.play.victories"}


def test_the_evaluator_imports_nothing_of_the_engines_capture_logic():
    """Only differential.py (the comparison) imports the engine's moves; every other module of the evaluator
    reads the position notation and the ruleset's plain data only."""
    for path in sorted((HERE / "literal").glob("*.py")):
        if path.name == "differential.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name not in ENGINE_LOGIC and not name.startswith("rithmocheck.play.captures"), \
                    (path.name, name)
                assert name not in ("rithmocheck.play.rules",), (path.name, name)


def test_the_positions_are_lawful_and_meet_the_manners_of_taking():
    """The generator's positions parse back from their notation, and its scenes put men in danger: over 150
    positions of each kind (seeded) men stand in danger, as they stand, by four manners or more."""
    for kind in (1, 2, 3):
        rules, book = setup(kind, {})
        rng = random.Random(kind)
        seen = set()
        for _ in range(150):
            pos = random_position(book, rng)
            assert parse(pos.notation(rules.kings), rules.kings, rules.ranks) == pos
            for side in ("even", "odd"):
                seen.update(t.method for t in takings(book, pos, side))
        assert len(seen) >= 4, (kind, seen)


def test_the_big_run_at_its_smallest_budget():
    """tools/literal.py, the command of docs/literal.md, runs: a line a kind and option value, exit 0 (all
    agree) or 1 (disagreements, each shown), no traceback."""
    r = subprocess.run([sys.executable, str(HERE.parent / "tools" / "literal.py"), "--positions", "3",
                        "--per-option", "1", "--kind", "3", "--sample", "4", "--option", "cornerwise"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode in (0, 1) and "Traceback" not in r.stderr, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert any(x.startswith("3") and "(defaults)" in x and x.split()[2] == "3" for x in lines), r.stdout
    assert any(x.startswith("3") and "cornerwise=true" in x for x in lines), r.stdout
