"""Relations and ratio names: hand facts and properties."""

from fractions import Fraction
from math import gcd

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rithmocheck.model.proportions import holds, middle
from rithmocheck.model.ratio_names import classify, name_of, parse_ratio_name, ratio_name, read_ratio_name

coprime = st.tuples(st.integers(1, 400), st.integers(1, 400)).filter(
    lambda t: t[0] > t[1] and gcd(*t) == 1)


@given(coprime)
def test_name_round_trips(pq):
    p, q = pq
    assert parse_ratio_name(ratio_name(p, q).name) == (p, q)


@given(coprime, coprime)
def test_distinct_ratios_have_distinct_names(x, y):
    assume(x != y)
    assert ratio_name(*x).name != ratio_name(*y).name


@given(coprime)
def test_class_matches_the_definitions(pq):
    p, q = pq
    k, r = divmod(p, q)
    cls = classify(p, q)
    assert (r == 0) == (cls == "multiplex")
    assert (k == 1 and r == 1) == (cls == "superparticular")
    assert (k == 1 and r > 1) == (cls == "superpartient")


@pytest.mark.parametrize("p,q,name", [
    (2, 1, "dupla"), (3, 1, "tripla"), (8, 1, "octupla"), (9, 1, "noncupla"),
    (3, 2, "sesquialtera"), (4, 3, "sesquitertia"), (10, 9, "sesquinona"),
    (5, 3, "superbipartiens tertias"), (7, 4, "supertripartiens quartas"),
    (9, 5, "superquadrupartiens quintas"), (11, 6, "superquintupartiens sextas"),
    (13, 7, "supersextupartiens septimas"), (19, 10, "supernonpartiens decimas"),
    (5, 2, "dupla sesquialtera"), (8, 3, "dupla superbipartiens tertias"),
])
def test_names_as_the_witness_gives_them(p, q, name):
    assert ratio_name(p, q).name == name


def test_english_multiplex_names_of_the_witness():
    # "doble. quadruple. sextuple. occuple." / "triple. quintuple. septupl. noncuple" (347-349)
    assert [ratio_name(k, 1).english for k in (2, 4, 6, 8)] == ["doble", "quadruple", "sextuple", "occuple"]


@pytest.mark.parametrize("printed, ratio", [
    # the names as the witness prints them (lines 347-390), Englished, abbreviated, wrapped, in pieces
    ("doble.", (2, 1)), ("quadruple.", (4, 1)), ("sextuple.", (6, 1)), ("occuple.", (8, 1)),
    ("triple.", (3, 1)), ("quintuple.", (5, 1)), ("septupl.", (7, 1)), ("noncuple", (9, 1)),
    ("sesquialter.", (3, 2)), ("sesquiquart.", (5, 4)), ("sesqui. sext.", (7, 6)), ("sesqu. oct.", (9, 8)),
    ("sesquiter.", (4, 3)), ("sesquiquint.", (6, 5)), ("sesquisept.", (8, 7)), ("sesquinona.", (10, 9)),
    ("superbipartiens tertias.", (5, 3)), ("superquadrupartiens quintas.", (9, 5)),
    ("supersextupartiens septimas.", (13, 7)), ("superoctupartiens nonas", (17, 9)),
    ("supertripartiens. quartas.", (7, 4)), ("superseptupartiens. Octauas.", (15, 8)),
    ("supernonpartiens. decimas.", (19, 10)),
    # printed for 11:6 (121:66), which is superquintupartiens sextas: the name says 12:7
    ("superquintupartie^s. septimas.", (12, 7)),
])
def test_names_as_the_witness_prints_them(printed, ratio):
    assert read_ratio_name(printed) == ratio


def test_the_englished_superparticular_names():
    assert [ratio_name(q + 1, q).english for q in range(2, 10)] == [
        "sesquialter", "sesquiter", "sesquiquart", "sesquiquint", "sesquisext", "sesquisept", "sesquioct",
        "sesquinona"]
    r = name_of(121, 66)
    assert read_ratio_name("superquintupartiens sextas") == (11, 6) == (r.p, r.q)


@given(coprime)
def test_englished_names_round_trip(pq):
    r = ratio_name(*pq)
    if r.english:
        assert parse_ratio_name(r.english) == pq == read_ratio_name(r.english.capitalize() + ".")


@pytest.mark.parametrize("bad", ["", "proportion.", "sesqui.", "superquintupartie^s.", "doble doble",
                                 "superbipartiens quartas"])
def test_printed_words_that_name_no_ratio_are_refused(bad):
    with pytest.raises(ValueError, match="not a ratio name"):
        read_ratio_name(bad)


def test_witness_examples_of_the_classes():
    # 8 contains 2 four times; 12 contains 9 and 3; 15 contains 9 and 6; 28 contains 16 and 12
    assert name_of(8, 2).kind == "multiplex"
    assert name_of(12, 9).name == "sesquitertia"
    assert name_of(15, 9).name == "superbipartiens tertias"
    assert name_of(28, 16).name == "supertripartiens quartas"


@pytest.mark.parametrize("bad", ["", "sesqui", "dupla dupla", "superpartiens tertias", "sesquiquux",
                                 "superbipartiens quartas"])
def test_bad_names_are_refused(bad):
    with pytest.raises(ValueError):
        parse_ratio_name(bad)


def test_relations_as_the_witness_defines_them():
    assert holds("arithmetic", (2, 4, 6))
    assert holds("geometric", (2, 4, 8))
    assert holds("musical", (3, 4, 6))
    assert holds("musical", (6, 8, 12))
    assert not holds("musical", (2, 3, 7))  # passes a test with integer division
    assert not holds("musical", (2, 4, 8))  # the geometric one
    assert 2 * 2 * 7 // (2 + 7) == 3  # why 2, 3, 7 fools integer division


def test_middle_rules():
    # "between.5. and 25 ... the half of thirty is.15." ; "20 multiplied by 45 is 900 the root is 30";
    # "having 6 and 12 ... the quotient 8"
    assert middle("arithmetic", 5, 25) == 15
    assert middle("geometric", 20, 45) == 30
    assert middle("musical", 6, 12) == 8
    assert middle("geometric", 2, 5) is None


@given(st.integers(1, 500), st.integers(1, 500), st.integers(1, 500))
def test_relations_agree_with_exact_fractions(x, y, z):
    a, b, c = sorted((x, y, z))
    assume(a < b < c)
    F = Fraction
    assert holds("arithmetic", (a, b, c)) == (F(b - a) == F(c - b))
    assert holds("geometric", (a, b, c)) == (F(b, a) == F(c, b))
    assert holds("musical", (a, b, c)) == (F(b - a, c - b) == F(a, c))
    # the middle rules give the term that makes the proportion
    for rel in ("arithmetic", "geometric", "musical"):
        assert holds(rel, (a, b, c)) == (middle(rel, a, c) == b)
