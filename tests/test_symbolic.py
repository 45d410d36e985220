"""sympy proofs of the identities the witness relies on, for every digit a."""

import pytest

from conftest import ARMIES
from rithmocheck.model import men
from rithmocheck.model.symbolic import formula_matches_rule, proofs


@pytest.mark.parametrize("proof", proofs(ARMIES), ids=lambda p: p.name)
def test_identity_holds(proof):
    assert proof.holds, proof.statement


def test_all_named_identities_are_proved():
    names = {p.name for p in proofs(ARMIES)}
    for needed in ("square1 = triangle1 + triangle2", "square1 = (a+1)(2a+1)", "round2:round1",
                   "triangle1:round2", "triangle2:triangle1", "square1:triangle2", "square2:square1",
                   "even king = sum of squares 1..6", "odd king = sum of squares 4..8"):
        assert needed in names


@pytest.mark.parametrize("rule", men.RULES, ids=lambda r: f"{r.shape}{r.order}")
def test_formula_text_and_function_agree(rule):
    assert formula_matches_rule(rule.shape, rule.order)


def test_a_false_identity_is_not_proved():
    import sympy as sp

    from rithmocheck.model.symbolic import _zero, a, rule_expr

    assert not _zero(rule_expr("square", 1) - (a + 1) ** 2)
    assert not _zero(rule_expr("square", 2) / rule_expr("square", 1) - sp.Rational(3, 2))
