"""Correction candidates: only valid entries are proposed, ranked by slips."""

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ARMIES
from rithmocheck.audit.candidates import candidates, rereadings
from rithmocheck.model.proportions import holds
from rithmocheck.tables.universe import named

MEN = named("men", ARMIES).numbers
LAYERS = named("men+layers", ARMIES).numbers
RELATIONS = ("arithmetic", "geometric", "musical")


@settings(max_examples=80, deadline=None)
@given(st.tuples(st.sampled_from(sorted(MEN)), st.sampled_from(sorted(MEN)), st.sampled_from(sorted(MEN))),
       st.sampled_from(RELATIONS),
       st.frozensets(st.tuples(st.sampled_from(sorted(MEN)), st.sampled_from(sorted(MEN)),
                               st.sampled_from(sorted(MEN))), max_size=10))
def test_candidates_are_valid_in_universe_and_not_printed(entry, relation, printed):
    ok = lambda v: holds(relation, v)  # noqa: E731
    found = candidates(entry, ok, MEN, frozenset(printed))
    for c in found:
        assert ok(c.value)
        assert all(v in MEN for v in c.value)
        assert c.value not in printed
        assert c.changes == sum(1 for a, b in zip(entry, c.value) if a != b)
    assert [c.changes for c in found] == sorted(c.changes for c in found)


@given(st.integers(1, 10_000))
def test_rereadings_never_return_the_number_or_a_leading_zero(n):
    for v, klass in rereadings(n).items():
        assert v != n and v > 0
        assert klass in ("turned figure", "digit dropped", "digit added", "digits transposed", "digit changed")


def test_slips_of_the_1563_print():
    # "56 64 71" in the arithmetic table (625): 72 meant
    c = candidates((56, 64, 71), lambda v: holds("arithmetic", v), MEN)
    assert c[0].value == (56, 64, 72) and c[0].klass == "digit changed"
    # "5 45 225" in the musical table (674): a figure dropped, 25 45 225
    c = candidates((5, 45, 225), lambda v: holds("musical", v), MEN)
    assert c[0].value == (25, 45, 225) and c[0].confidence == "high"
    # "69" for 169 in the addition example (493)
    c = candidates((120, 49, 69), lambda v: v[0] + v[1] == v[2], LAYERS)
    assert c[0].value == (120, 49, 169) and c[0].klass == "digit dropped"
    # "30 45 49" (674): 90 is no single slip of 49, but it is printed beside it (72 90 120)
    assert candidates((30, 45, 49), lambda v: holds("musical", v), MEN) == []
    c = candidates((30, 45, 49), lambda v: holds("musical", v), MEN, neighbours=(72, 90, 120))
    assert c[0].value == (30, 45, 90) and c[0].klass == "number of a neighbouring entry"
    assert c[0].confidence == "low"  # 49 is no slip for 90: 90 only stands beside it, in 72 90 120


def test_turned_figure():
    assert rereadings(16)[19] == "turned figure"
    assert rereadings(9)[6] == "turned figure"
