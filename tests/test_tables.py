"""Generators: every entry satisfies its relation, every valid entry of the
universe is generated, and hand-checked facts of the witness."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ARMIES, REGISTRY, TABLE_IDS, generate
from rithmocheck.errors import InputError
from rithmocheck.model.proportions import agrees, holds
from rithmocheck.tables import proportion, taking
from rithmocheck.tables.universe import Universe, named

REQUIRED = {"k1-addition", "k1-multiplication", "k1-arithmetic", "k1-geometric", "k1-musical",
            "k1-arithmetic-geometric", "k1-arithmetic-musical", "k1-geometric-musical", "k1-all-three",
            "k2-cossick-signs", "k2-spaces-multiplication", "k2-spaces-division", "k2-cossick-taking",
            "k2-kings", "k3-obsidion-only", "men", "kings", "ratios", "standards"}

numbers = st.frozensets(st.integers(1, 120), min_size=3, max_size=25)


def test_every_required_id_is_registered():
    assert REQUIRED <= set(TABLE_IDS)


@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_every_table_generates_under_its_default_universe(table_id):
    t = generate(table_id)
    assert t.rows, table_id
    assert len(t.rows[0]) == len(t.family.columns)
    assert t.universe.name == REGISTRY[table_id].default_universe


@settings(max_examples=60, deadline=None)
@given(numbers, st.sampled_from(["arithmetic", "geometric", "musical"]))
def test_three_term_tables_are_sound_and_complete(nums, relation):
    got = proportion.three_term(relation, nums)
    brute = [t for t in combinations(sorted(nums), 3) if holds(relation, t)]
    assert got == brute


@settings(max_examples=120, deadline=None)
@given(st.frozensets(st.integers(1, 60), min_size=4, max_size=16),
       st.sampled_from([("arithmetic", "geometric"), ("arithmetic", "musical"), ("geometric", "musical"),
                        ("arithmetic", "geometric", "musical")]),
       st.sampled_from(["disjunct-geometric", "three-or-four-term", "three-of-four", "four-term"]))
def test_four_number_tables_are_sound_and_complete(nums, relations, definition):
    got = proportion.four_numbers(relations, nums, definition)
    brute = [s for s in combinations(sorted(nums), 4) if all(agrees(r, s, definition) for r in relations)]
    assert got == brute


def _u(even, odd, opposite=False):
    return Universe("list", "test", frozenset(even), frozenset(odd), opposite, ARMIES)


@settings(max_examples=60, deadline=None)
@given(numbers, numbers)
def test_taking_by_two_men_is_sound_and_complete(even, odd):
    u = _u(even, odd, opposite=True)
    got = set(taking.two_takers(u, "add"))
    brute = {(a, b, a + b) for side, other in ((even, odd), (odd, even))
             for a, b in combinations(sorted(side), 2) if a + b in other}
    assert got == brute
    got = set(taking.two_takers(u, "mul", min_factor=2))
    brute = {(a, b, a * b) for side, other in ((even, odd), (odd, even))
             for a, b in combinations(sorted(side), 2) if a > 1 and a * b in other}
    assert got == brute


@settings(max_examples=60, deadline=None)
@given(numbers, numbers)
def test_taking_by_spaces_is_sound_and_complete(even, odd):
    u = _u(even, odd, opposite=True)
    rows = taking.by_spaces(u, "mul", 2, 14)
    for side, man, s, enemy in rows:
        assert man * s == enemy and 2 <= s <= 14
        assert man in u.side(side) and enemy in u.side("odd" if side == "even" else "even")
    expected = sum(1 for side, own, other in (("even", even, odd), ("odd", odd, even))
                   for m in own for s in range(2, 15) if m * s in other)
    assert len(rows) == expected
    for _side, man, s, enemy in taking.by_spaces(u, "div", 2, 14):
        assert man == enemy * s


def test_hand_checked_facts():
    # "Namely among the even.2.4.4.135. among the odd.3.5.7.190." (1031): 153 for the printed 135
    assert [r[3] for r in generate("k3-obsidion-only").rows] == [2, 4, 4, 153, 3, 5, 7, 190]
    # the cossick taking column (947-955): twelve roots and powers
    assert [(r[0], r[1]) for r in generate("k2-cossick-taking").rows] == [
        (2, 16), (2, 64), (3, 9), (3, 81), (4, 16), (4, 64), (5, 25), (6, 36), (7, 49), (8, 64),
        (9, 81), (15, 225)]
    # "The second order of roundes ... only.4. and.9. with the root, and.81. with the quadrate" (776-778)
    signs = {(r[0], r[1], r[2], r[3]): r[4] for r in generate("k2-cossick-signs").rows}
    assert signs[("even", "round", 2, 4)] == "1"
    assert signs[("odd", "round", 2, 9)] == "1"
    assert signs[("odd", "round", 2, 81)] == "2"
    assert signs[("even", "round", 2, 16)] == ""
    # "64. of the quadrate and the cube, and also the quadrat of cube" (807-808)
    assert signs[("odd", "triangle", 2, 64)] == "2 3 6"
    assert signs[("odd", "triangle", 2, 100)] == ""
    # standards: 130 men to a standard of the even, 174 of the odd (1096-1099)
    rows = generate("standards").rows
    assert rows[0] == ("even", 1, 130) and rows[9] == ("even", 10, 1300)
    assert rows[10] == ("odd", 1, 174) and rows[19] == ("odd", 10, 1740)
    # "Third fyft seventh ninth 5. 9. 13. 17. 10. 36. 78. 136." (378)
    sq = [r for r in generate("ratios").rows if r[0] == "even" and r[2] == "square2:square1"]
    assert [r[5] for r in sq] == ["5:3", "9:5", "13:7", "17:9"]
    assert [r[8] for r in sq] == [10, 36, 78, 136]
    # kind 2 kings: roots 1..6 and 4..8 with their quadrates (920-925)
    assert [(r[2], r[3]) for r in generate("k2-kings").rows if r[0] == "odd"] == [
        (4, 16), (5, 25), (6, 36), (7, 49), (8, 64)]
    # geometric: "2.4.8." and "20 ... 45 ... 30"; musical: 3 4 6, 4 6 12, 6 8 12
    assert (2, 4, 8) in generate("k1-geometric").rows
    assert (20, 30, 45) in generate("k1-geometric").rows
    assert {(3, 4, 6), (4, 6, 12), (6, 8, 12)} <= set(generate("k1-musical").rows)
    # addition worked examples: 6 + 6 takes 12; 120 + 49 takes 169
    assert (6, 6, 12) in generate("k1-addition").rows
    assert (49, 120, 169) in generate("k1-addition").rows
    # "36 36 72" (550): the even 36 and the odd 36, two men, in kind 1 where prisoners change sides
    assert (36, 36, 72) in generate("k1-addition").rows
    # but no man bears 5 twice, so 5 + 5 = 10 is no taking (and 10 is no man anyway); 4 + 4 = 8 is
    assert (4, 4, 8) in generate("k1-addition").rows
    assert (3, 3, 6) not in generate("k1-addition").rows  # one 3 only
    # multiplication: 3 * 5 takes 15, 2 * 6 takes 12 (512-516)
    assert {(3, 5, 15), (2, 6, 12)} <= set(generate("k1-multiplication").rows)


def test_custom_universe():
    t = generate("k1-arithmetic", "2,3,4,6")
    assert t.rows == ((2, 3, 4), (2, 4, 6))
    assert t.universe.name == "list"


@pytest.mark.parametrize("args,needle", [
    (("nope",), "unknown table id 'nope'"),
    (("k1-musical", "bogus"), "unknown universe 'bogus'"),
    (("k1-musical", "2,x,4"), "'x' is not a whole number from 1 to"),
    (("k1-musical", "2,3,\u00b2"), "'\u00b2' is not a whole number"),  # a superscript two is no ASCII digit
    (("k1-musical", "0,3"), "'0' is not a whole number from 1"),
    (("k1-musical", "2," * 200 + "3"), None),  # a list longer than a file name is still a list
    (("k1-musical", "opposite:men"), "does not apply"),
])
def test_bad_input(args, needle):
    if needle is None:
        assert generate(*args).universe.numbers == {2, 3}
        return
    with pytest.raises(InputError) as exc:
        generate(*args)
    assert needle in exc.value.one_line()


def test_bad_params():
    with pytest.raises(InputError):
        generate("k2-spaces-multiplication", params=("max_spaces=x",))
    with pytest.raises(InputError):
        generate("k1-all-three", params=("definition=nonsense",))
    t = generate("k2-spaces-multiplication", params=("max_spaces=8",))
    assert max(r[2] for r in t.rows) <= 8


@pytest.mark.parametrize("param, needle", [
    ("min_spaces=0", "between 1 and 1000"),  # 0 spaces would divide by zero
    ("max_spaces=99999999999", "between 1 and 1000"),  # would run for hours
    ("max_spaces=\u00b2", "whole number"),
    ("min_spaces=9", "exceeds max_spaces"),
    ("spaces=3", "has parameters: min_spaces, max_spaces"),
])
def test_parameters_have_bounds(param, needle):
    with pytest.raises(InputError) as exc:
        generate("k2-spaces-division", params=(param, "max_spaces=8") if param.startswith("min") else (param,))
    assert needle in exc.value.one_line()


def test_named_universes():
    assert 1 in named("men+layers", ARMIES).numbers and 1 not in named("men", ARMIES).numbers
    assert 91 not in named("men-kings", ARMIES).numbers
    assert named("opposite:men", ARMIES).opposite
