"""Generators that scale (issue 16): the fast generators give exactly the rows
of a plain reference enumeration.

The reference is written here, independently of the generators: every
combination of the universe (itertools.combinations), kept when
proportions.agrees holds for every relation of the table under the reading
(four numbers) or proportions.holds for the relation (three numbers). It is
compared with the generators

* on random small universes (hypothesis): sets of 4..40 numbers in 1..400,
  ranges, geometric progressions with extra numbers, sets of divisors of 2520
  (rich in all three proportions), multiples of large primes and their
  squares (numbers the generators cannot factorise, so that their fall-back
  walks are exercised), and seed triples closed under the completions of a
  proportion (dense in accepted sets, up to the greatest number), for every four-number table under every reading of
  FOUR_DEFINITIONS, for the three-term relations and for the tables of
  taking by two men;
* on the shipped default universe of the four-number tables (`men`), under
  every reading: the output is unchanged.

The hypothesis budget is modest so that the file runs in a few seconds. For a
long fuzzing run set RITHMOCHECK_FUZZ_EXAMPLES, the number of examples per
test (default 10), e.g.

    RITHMOCHECK_FUZZ_EXAMPLES=2000 pytest tests/test_scale.py
"""

from __future__ import annotations

import os
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ARMIES, REGISTRY, generate
from rithmocheck.model.proportions import FOUR_DEFINITIONS, RELATIONS, agrees, holds
from rithmocheck.tables import proportion, taking
from rithmocheck.tables.universe import Universe, named

EXAMPLES = int(os.environ.get("RITHMOCHECK_FUZZ_EXAMPLES", "10"))
FOUR_TABLES = {tid: s.relations for tid, s in REGISTRY.items() if "definition" in s.params}

# --- the reference ----------------------------------------------------------


def reference_four(relations, numbers, definition):
    return [s for s in combinations(sorted(numbers), 4)
            if all(agrees(r, s, definition) for r in relations)]


def reference_three(relation, numbers):
    return [t for t in combinations(sorted(numbers), 3) if holds(relation, t)]


# --- universes --------------------------------------------------------------

DIVISORS_2520 = [d for d in range(1, 2521) if 2520 % d == 0]
BIG = [1031 ** 2, 1031 * 1033, 2 * 1031 ** 2, 1031 ** 3, 1031]  # 1031: the first prime over 1024

random_sets = st.frozensets(st.integers(1, 400), min_size=4, max_size=40)
ranges = st.builds(lambda lo, n: frozenset(range(lo, lo + n)), st.integers(1, 80), st.integers(4, 40))
progressions = st.builds(
    lambda k, p, q, n, extra: frozenset(k * p ** i * q ** (n - 1 - i) for i in range(n)) | extra,
    st.integers(1, 6), st.integers(1, 5), st.integers(1, 5), st.integers(3, 7),
    st.frozensets(st.integers(1, 400), min_size=4, max_size=25))
divisor_sets = st.lists(st.sampled_from(DIVISORS_2520), min_size=4, max_size=36, unique=True).map(frozenset)
big_multiples = st.builds(
    lambda m, base, small: frozenset(m * b for b in base) | small,
    st.sampled_from(BIG), st.frozensets(st.integers(1, 60), min_size=4, max_size=30),
    st.frozensets(st.integers(1, 40), max_size=6))


def _closure(seeds, top, extra):
    """Seed triples with every number that completes two or three of them into
    a proportion (third terms and disjunct fourth terms), up to top: universes
    dense in accepted sets, whose greatest number is often such a completion."""
    out = set(extra)
    for a, b, c in seeds:
        out |= {a, b, c}
        for u, v in ((a, b), (a, c), (b, c)):
            for num, den in ((2 * u - v, 1), (u + v, 2), (2 * v - u, 1), (u * u, v), (v * v, u),
                             (u * v, 2 * v - u), (2 * u * v, u + v), (u * v, 2 * u - v)):
                if den > 0 and num % den == 0:
                    out.add(num // den)
        for i, j, k in ((a, b, c), (b, a, c), (c, a, b)):
            out.add(j + k - i)
            if (j * k) % i == 0:
                out.add(j * k // i)
    return frozenset(x for x in out if 1 <= x <= top)


seed = st.one_of(
    st.builds(lambda p, e: (p, p + e, p + 2 * e), st.integers(1, 40), st.integers(1, 40)),  # arithmetic
    st.builds(lambda k, u, v: (k * u * u, k * u * v, k * v * v), st.integers(1, 8), st.integers(1, 4),
              st.integers(5, 9)),  # geometric
    st.builds(lambda k, u, v: (k * u * (u + v), 2 * k * u * v, k * v * (u + v)), st.integers(1, 6),
              st.integers(1, 3), st.integers(4, 7)))  # musical: 2uv/(u+v) between u(u+v) and v(u+v), times k
closures = st.builds(_closure, st.lists(seed, min_size=1, max_size=3), st.integers(60, 400),
                     st.frozensets(st.integers(1, 400), max_size=4)).filter(lambda s: 4 <= len(s) <= 40)
universes = st.one_of(random_sets, ranges, progressions, divisor_sets, big_multiples, closures)


def test_big_multiples_reach_the_fall_back():
    # the premise of big_multiples: such numbers are not factorised
    space = proportion._Space(frozenset(m * b for m in BIG for b in (1, 2, 3, 60)))
    assert space.factor(1031 ** 2 * 6) is None
    assert space.factor(1031 * 6) == {2: 1, 3: 1, 1031: 1}


# --- four numbers -----------------------------------------------------------

@pytest.mark.parametrize("definition", FOUR_DEFINITIONS)
@pytest.mark.parametrize("table_id", sorted(FOUR_TABLES))
@settings(max_examples=EXAMPLES, deadline=None)
@given(numbers=universes)
def test_four_number_tables_match_the_reference(table_id, definition, numbers):
    relations = FOUR_TABLES[table_id]
    assert proportion.four_numbers(relations, numbers, definition) == \
        reference_four(relations, numbers, definition)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.frozensets(st.integers(1, 90), min_size=4, max_size=13),
       st.sampled_from(RELATIONS), st.sampled_from(FOUR_DEFINITIONS))
def test_four_numbers_of_one_relation(numbers, relation, definition):
    assert proportion.four_numbers((relation,), numbers, definition) == \
        reference_four((relation,), numbers, definition)


def test_four_numbers_examples():
    # 6 8 9 12: geometric only as 6:8 = 9:12, arithmetic by 6 9 12, musical by 6 8 12
    assert (6, 8, 9, 12) in proportion.four_numbers(RELATIONS, frozenset({6, 8, 9, 12}), "disjunct-geometric")
    assert proportion.four_numbers(RELATIONS, frozenset({6, 8, 9, 12}), "three-of-four") == []
    # 1 2 3 6: arithmetic 1 2 3, disjunct geometric 1*6 = 2*3 (x paired with the least)
    assert proportion.four_numbers(("arithmetic", "geometric"), frozenset({1, 2, 3, 6}),
                                   "disjunct-geometric") == [(1, 2, 3, 6)]
    # no four numbers are in both disjunct proportions; musical has none
    for rels in FOUR_TABLES.values():
        assert proportion.four_numbers(rels, frozenset(range(1, 60)), "four-term") == []
    with pytest.raises(ValueError):
        proportion.four_numbers(("arithmetic", "geometric"), frozenset({1, 2, 3, 6}), "nonsense")


# --- three numbers ----------------------------------------------------------

@pytest.mark.parametrize("relation", RELATIONS)
@settings(max_examples=3 * EXAMPLES, deadline=None)
@given(numbers=universes)
def test_three_term_relations_match_the_reference(relation, numbers):
    assert proportion.three_term(relation, numbers) == reference_three(relation, numbers)
    assert proportion.TRIPLES[relation](numbers) == reference_three(relation, numbers)


# --- taking by two men ------------------------------------------------------

def reference_two_takers(universe, op, min_factor):
    """Every pair of men: two numbers of the takers' side, or one number borne
    by two men (taking.multiplicity), whose sum or product is on the taken side."""
    twice = taking.multiplicity(universe)
    if universe.opposite:
        sides = [(universe.side(s), twice.get(s, frozenset()), universe.side(taking.OTHER[s]))
                 for s in taking.SIDES]
    else:
        sides = [(universe.numbers, twice.get("both", frozenset()), universe.numbers)]
    out = set()
    for takers, doubles, taken in sides:
        pairs = list(combinations(sorted(takers), 2)) + [(a, a) for a in sorted(doubles)]
        for a, b in pairs:
            c = a + b if op == "add" else a * b
            if a >= min_factor and c in taken:
                out.add((a, b, c))
    return sorted(out)


@settings(max_examples=3 * EXAMPLES, deadline=None)
@given(universes, universes, st.booleans(), st.sampled_from([("add", 1), ("mul", 2), ("mul", 1)]))
def test_two_takers_match_the_reference(even, odd, opposite, how):
    op, min_factor = how
    u = Universe("list", "test", even, odd if opposite else even, opposite, ARMIES)
    assert taking.two_takers(u, op, min_factor=min_factor) == reference_two_takers(u, op, min_factor)


@pytest.mark.parametrize("name", ["men+layers", "men", "opposite:men+layers", "opposite:men"])
def test_two_takers_on_the_named_universes(name):
    u = named(name, ARMIES)  # the men bearing a number twice make a + a and a * a
    for op, min_factor in (("add", 1), ("mul", 2)):
        assert taking.two_takers(u, op, min_factor=min_factor) == reference_two_takers(u, op, min_factor)


# --- the shipped default universe ------------------------------------------

@pytest.fixture(scope="module")
def default_reference():
    """The reference rows of every four-number table under every reading, on
    the tables' default universe (one pass over its 4-subsets; agrees is
    asked once per subset, relation and reading)."""
    universes = {REGISTRY[tid].default_universe for tid in FOUR_TABLES}
    assert universes == {"men"}
    rows = {(tid, d): [] for tid in FOUR_TABLES for d in FOUR_DEFINITIONS}
    for s in combinations(sorted(named("men", ARMIES).numbers), 4):
        memo: dict = {}
        for tid, relations in FOUR_TABLES.items():
            for d in FOUR_DEFINITIONS:
                if all(memo[(r, d)] if (r, d) in memo else memo.setdefault((r, d), agrees(r, s, d))
                       for r in relations):
                    rows[(tid, d)].append(s)
    return rows


@pytest.mark.parametrize("definition", FOUR_DEFINITIONS)
@pytest.mark.parametrize("table_id", sorted(FOUR_TABLES))
def test_shipped_default_universe_is_unchanged(table_id, definition, default_reference):
    t = generate(table_id, params=(f"definition={definition}",))
    assert t.universe.name == "men"
    assert list(t.rows) == default_reference[(table_id, definition)]
    if definition == "disjunct-geometric":
        assert t.rows  # the printed tables are not empty
