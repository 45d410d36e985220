"""The checker of the worked examples: hand-derived facts, the exact set of
wrong and unchecked claims, properties of the arithmetic checkers."""

import subprocess
import sys
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EDITION
from rithmocheck.audit.findings import Finding
from rithmocheck.audit.statements import CHECKERS, STATUSES, Check, check, check_all, findings
from rithmocheck.model.proportions import holds
from rithmocheck.witness.examples import EXAMPLE_KINDS, Example

EXAMPLES = EDITION.examples
BY_ID = {e.id: e for e in EXAMPLES}
CHECKS = {c.example.id: c for c in check_all(EXAMPLES, EDITION)}

# Every statement wrong as printed, with the correct value (hand-derived).
WRONG = {
    "addition-120-49": 169,  # 120 + 49, printed 69
    "addition-the-sum-is-the-man-taken": None,  # the sum printed 69, the man taken 169
    "arithmetic-rule-adds-the-last": None,  # the question's last 25, the number added 20
    "arithmetic-rule-add": 25,  # 5 + 20, printed 30
    "arithmetic-rule-middle": (5, 15, 25),  # printed 5 15 30
    "arithmetic-rule-middle-between-the-last": None,  # the question's last 25, 'between 5 and 30'
    "arithmetic-rule-result": (5, 15, 25),  # printed 5 15 35
    "arithmetic-rule-result-last": None,  # the question's last 25, the result's 35
    "k3-obsidion-only-even": [2, 4, 4, 153],  # printed 2 4 4 135
    "superpartient-name-odd-5": (11, 6),  # 'superquintupartie^s. septimas.' names 12:7
    "victory-quarrel": {"type": "quarrel", "target": 100, "characters": 8, "excess": 8},  # 108 = 100 + 8
}

# Every claim nothing derives: reviewed one by one (a new one fails here).
UNCHECKED = {
    "kinds-of-playing-3", "parts-of-game-6", "ways-of-taking-6", "k2-ways-of-taking-7",
    "common-victory-manners-5", "common-victory-kinds-6", "camp-spaces-40", "camp-spaces-48",
    "k3-board-length-10",
}


def ex(kind, operands=(), stated=None, method=None, id="synthetic", what=None):
    return Example(id, 1, 1, "heading", "quote", kind, tuple(operands), stated, method, what, None)


# --- the examples of the witness ---------------------------------------------

def test_every_kind_has_a_checker():
    assert set(CHECKERS) == set(EXAMPLE_KINDS)


def test_exactly_these_examples_are_wrong():
    wrong = {i: c.expected for i, c in CHECKS.items() if c.status == "wrong"}
    assert wrong == WRONG


def test_exactly_these_examples_are_unchecked_each_with_an_honest_reason():
    unchecked = {i: c for i, c in CHECKS.items() if c.status == "unchecked"}
    assert set(unchecked) == UNCHECKED
    for c in unchecked.values():
        assert c.expected is None
        assert len(c.message) > 40
        assert not c.message.startswith(("malformed", "no derivation", "no checker"))
    assert "prose enumeration" in unchecked["parts-of-game-6"].message
    assert "placing diagram" in unchecked["camp-spaces-40"].message


def test_every_other_example_is_ok_with_its_stated_value():
    for i, c in CHECKS.items():
        assert c.status in STATUSES
        if c.status == "ok":
            e = c.example
            if e.kind == "proportion":
                assert c.expected == tuple(e.operands)
            elif e.kind == "list":
                assert sorted(c.expected) == sorted(e.operands)
            elif e.kind in ("same", "man"):
                assert c.expected == e.operands[0] and len(set(e.operands)) == 1
            else:
                assert c.expected == e.stated, i
    assert sum(c.status == "ok" for c in CHECKS.values()) == len(EXAMPLES) - len(WRONG) - len(UNCHECKED)


@pytest.mark.parametrize("ex_id, expected, words", [
    ("king-even-sum-91", 91, "36 + 25 + 16 + 9 + 4 + 1 is 91"),
    ("king-odd-sum-190", 190, "64 + 49 + 36 + 25 + 16 is 190"),
    ("musical-middle-quotient", 8, "144 / 18 is 8"),
    ("geometric-rule-root", 30, "30 x 30 is 900"),
    ("superpartient-28-16", {"remainder": 12, "part": "3/4"}, "12 is 3/4 of 16"),
    ("multiplex-8-2", {"times": 4, "remainder": 0}, "8 is 4 x 2 + 0"),
    ("musical-first-result", (4, 6, 12), "(6 - 4) x 12 is 24, (12 - 6) x 4 is 24"),
    ("addition-120-49-taking", 169, "120 (an odd square) and 49 (an odd round) take 169 (an even square)"),
    ("subtraction-30-28-taking", 2, "30 - 28 is 2"),
    ("equality-list", [9, 16, 25, 36, 49, 64, 81], "both armies"),
    ("equality-prisoners", [4, 6], "two men of one side"),
    ("squares-1-even", [15, 45, 91, 153], "15 45 91 153"),
    ("king-odd-layers", [16, 25, 36, 49, 64], "top to bottom"),
    ("sign-rounds-2-root", [4, 9], "marked with sign 1"),
    ("sign-triangles-2-none", [100], "no sign"),
    ("k3-obsidion-only-odd", [3, 5, 7, 190], "obsidion"),
    ("board-squares-128", 128, "two chessboards of 8 x 8 make 128"),
    ("squares-per-side-7", 7, "7 squares besides the king"),
    ("k2-king-odd-steps-5", 5, "5 layers (16 25 36 49 64)"),
    ("sign-squares-2-count-3", 3, "25 81 225"),
    ("proportion-kinds-3", 3, "multiplex, superparticular, superpartient"),
    ("victory-honour", {"type": "honour", "target": 100, "men": 8}, "is 100, in 8 men"),
    ("victory-honour-and-quarrel", {"type": "honour-and-quarrel", "target": 100, "men": 8, "characters": 9},
     "is 103, in 8 men, in 9 characters"),
    ("standards-odd", {"army": "odd", "total": 1752, "captains": 2, "bearers": 10, "remaining": 1740,
                       "per_standard": 174}, "1752 - 2 captains - 10 bearers is 1740"),
    ("standards-odd-wins-260", {"army": "odd", "won": 260, "standards": 2}, "at 130 to a standard"),
])
def test_hand_checked_ok(ex_id, expected, words):
    c = CHECKS[ex_id]
    assert (c.status, c.expected) == ("ok", expected)
    assert words in c.message


def test_wrong_messages():
    assert CHECKS["addition-120-49"].message == "120 + 49 is 169, printed 69"
    assert CHECKS["arithmetic-rule-add"].message == "5 + 20 is 25, printed 30"
    assert CHECKS["arithmetic-rule-result"].message == (
        "5 15 35 is not in arithmetic proportion (15 - 5 is 10, 35 - 15 is 20); "
        "5 15 25 would be (15 - 5 is 10, 25 - 15 is 10)")
    assert CHECKS["arithmetic-rule-adds-the-last"].message == "25 and 20 are printed for one number"
    quarrel = CHECKS["victory-quarrel"].message
    assert "is 108, more than 100 by 8" in quarrel and "24 is no man's number" in quarrel
    assert CHECKS["superpartient-name-odd-5"].message == (
        "11:6 is superquintupartiens sextas; 'superquintupartie^s. septimas.' names 12:7 "
        "(superquintupartiens septimas)")


def test_statement_findings_when_no_correction_is_found():
    fs = findings(tuple(CHECKS.values()))
    assert all(isinstance(f, Finding) and f.table == "examples" and f.kind == "example" for f in fs)
    got = {f.position.example: (f.position.witness_line, f.printed, f.expected) for f in fs}
    assert got["addition-120-49"] == (492, (69,), (169,))
    assert got["arithmetic-rule-middle"] == (617, (5, 15, 30), (5, 15, 25))
    assert got["k3-obsidion-only-even"] == (1031, (2, 4, 4, 135), (2, 4, 4, 153))
    assert set(got) == set(WRONG)
    assert all(f.witness_line == f.position.witness_line and f.position.number is None for f in fs)


def test_finding_message_of_120_plus_49():
    (f,) = [f for f in findings(tuple(CHECKS.values())) if f.position.example == "addition-120-49"]
    assert f.message == (
        '"Also.120. the square standing in.P. and.49. the round standing in.B. or else.49. the square '
        'standing in.L. which being added together make.69.": 120 + 49 is 169, printed 69.')
    assert f.as_dict()["printed"] == [69] and f.where() == "addition-120-49 (line 492, image 22 right)"


def test_printed_numbers_of_wrong_examples_stand_in_the_witness():
    """The wrong numbers are the witness's, not slips of the transcription."""
    printed = {
        "addition-120-49": ["120.", "49.", "make.69."],
        "addition-the-sum-is-the-man-taken": ["make.69.", "square.169."],
        "arithmetic-rule-adds-the-last": ["and 25.", "to.20."],
        "arithmetic-rule-add": ["add.5. to.20. that is.30."],
        "arithmetic-rule-middle": ["between.5. and.30."],
        "arithmetic-rule-middle-between-the-last": ["and 25.", "and.30."],
        "arithmetic-rule-result": ["I.5.15.35."],
        "arithmetic-rule-result-last": ["and 25.", "I.5.15.35."],
        "k3-obsidion-only-even": ["even.2.4.4.135."],
        "superpartient-name-odd-5": ["superquintupartie^s. septimas."],
        "victory-quarrel": ["As.2.4.6.8.24.64.", "100. by.4."],
    }
    assert set(printed) == set(WRONG)
    w = EDITION.witness
    for ex_id, fragments in printed.items():
        e = BY_ID[ex_id]
        text = " ".join(" ".join(w[e.witness_line - 1:e.last_line]).split())
        for fragment in fragments:
            assert fragment in text, (ex_id, fragment)


# --- mutations: the checkers can fail ----------------------------------------------

@pytest.mark.parametrize("ex_id, changes, expected", [
    ("men-sides-sum-48", {"stated": 47}, 48),
    ("superparticular-12-9", {"stated": {"remainder": 3, "part": "1/4"}}, {"remainder": 3, "part": "1/3"}),
    ("multiplex-8-2", {"stated": {"times": 3, "remainder": 0}}, {"times": 4, "remainder": 0}),
    ("geometric-2-4-8", {"operands": (2, 4, 9)}, (2, 4, 8)),
    ("musical-3-4-6", {"operands": (3, 4, 7)}, (3, 4, 6)),
    ("rounds-1-even", {"operands": (2, 4, 6, 9)}, [2, 4, 6, 8]),
    ("king-even-layers", {"operands": (36, 25, 16, 9, 4, 1)}, [1, 4, 9, 16, 25, 36]),
    ("sign-triangles-2-quadrate", {"operands": (25, 36, 100)}, [25, 36]),
    ("division-30-5-taking", {"stated": 7}, 6),
    ("men-per-side-24", {"stated": 23}, 24),
    ("standards-even", {"stated": {"army": "even", "total": 1313, "per_standard": 130}},
     {"army": "even", "total": 1312, "per_standard": 130}),
    ("standards-even-wins-348", {"stated": {"army": "even", "won": 348, "standards": 3}},
     {"army": "even", "won": 348, "standards": 2}),
    ("victory-honour", {"stated": {"type": "honour", "target": 100, "men": 7}},
     {"type": "honour", "target": 100, "men": 8}),
])
def test_a_changed_claim_is_wrong(ex_id, changes, expected):
    c = check(replace(BY_ID[ex_id], **changes), EDITION)
    assert (c.status, c.expected) == ("wrong", expected), c.message


def test_list_order_matters_only_where_the_key_says_so():
    assert check(replace(BY_ID["rounds-1-even"], operands=(8, 6, 4, 2)), EDITION).status == "ok"
    assert check(replace(BY_ID["squares-1-odd"], operands=(190, 120, 66, 28)), EDITION).status == "wrong"


def test_taking_needs_men_of_opposite_sides():
    # 2 = 2 by equality: no odd man bears 2
    c = check(ex("taking", (2,), 2, "equality"), EDITION)
    assert c.status == "wrong" and "no men of one side" in c.message
    # two men bearing 6 stand on the even side; no side has two men bearing 3
    assert check(ex("taking", (6, 6), 12, "addition"), EDITION).status == "ok"
    assert check(ex("taking", (3, 3), 6, "addition"), EDITION).status == "wrong"
    # a king's layer bears a number: 1 (top of the even king) + 15 takes 16 of the odd
    assert check(ex("taking", (1, 15), 16, "addition"), EDITION).status == "ok"


def test_victory_needs_the_men_of_an_army():
    c = check(ex("victory", (2, 4, 6, 88), {"type": "goods", "target": 100}), EDITION)
    assert c.status == "wrong" and "88 is no man's number" in c.message
    assert check(ex("victory", (), {"type": "bodies", "men": [4, 30]}), EDITION).status == "wrong"


def test_a_count_without_derivation_is_unchecked_until_reviewed():
    c = check(ex("count", (), 7, what="stars in the sky", id="new-count"), EDITION)
    assert c.status == "unchecked" and "no derivation recorded" in c.message


# --- properties -------------------------------------------------------------------

positive = st.integers(1, 10**6)


@settings(max_examples=200, deadline=None)
@given(st.lists(positive, min_size=2, max_size=6), positive)
def test_a_sum_claim_is_ok_iff_stated_is_the_sum(operands, stated):
    for claimed in (stated, sum(operands)):
        c = check(ex("sum", operands, claimed), EDITION)
        assert (c.status == "ok") == (claimed == sum(operands))
        assert c.expected == sum(operands)


@settings(max_examples=200, deadline=None)
@given(positive, st.integers(1, 1000), positive)
def test_quotient_and_product_are_exact(a, b, stated):
    q = check(ex("quotient", (a * b, b), stated), EDITION)
    assert (q.status == "ok") == (stated == a) and q.expected == a
    frac = check(ex("quotient", (a, b), stated), EDITION)
    assert frac.expected == (Fraction(a, b) if a % b else a // b)
    assert (frac.status == "ok") == (a % b == 0 and stated == a // b)
    p = check(ex("product", (a, b), stated), EDITION)
    assert (p.status == "ok") == (stated == a * b)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 300), st.integers(1, 300), st.integers(1, 300),
       st.sampled_from(["arithmetic", "geometric", "musical"]))
def test_a_proportion_claim_is_ok_iff_it_holds(a, b, c, relation):
    got = check(ex("proportion", (a, b, c), relation), EDITION)
    assert (got.status == "ok") == holds(relation, (a, b, c))
    if got.status == "wrong" and got.expected is not None:
        assert holds(relation, got.expected)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 500), st.integers(1, 499), st.integers(0, 9))
def test_contains_is_divmod(a, b, times):
    c = check(ex("contains", (a, b), {"times": times, "remainder": a % b}), EDITION)
    assert (c.status == "ok") == (times == a // b)


numberish = st.one_of(st.integers(-3, 2000), st.lists(st.integers(-3, 300), max_size=3),
                     st.sampled_from(["even", "odd", "1/2", "2/0", "x", None, True]))
shaped = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["bodies", "goods", "quarrel", "honour", "honour-and-quarrel"])},
                          optional={k: numberish for k in ("target", "men", "characters", "excess")}),
    st.fixed_dictionaries({"army": st.sampled_from(["even", "odd"])},
                          optional={k: numberish for k in ("won", "standards", "total", "captains", "bearers",
                                                           "remaining", "per_standard")}),
    st.fixed_dictionaries({}, optional={k: numberish for k in ("times", "remainder", "part")}),
)
scalars = st.one_of(shaped, st.integers(-5, 400), st.none(), st.text(max_size=5), st.booleans(),
                    st.lists(st.integers(0, 300), max_size=4),
                    st.dictionaries(st.sampled_from(["type", "target", "men", "characters", "excess", "army",
                                                     "won", "standards", "total", "times", "remainder",
                                                     "part"]),
                                    st.one_of(st.integers(0, 2000), st.sampled_from(["even", "odd", "quarrel",
                                                                                      "1/2", "x"])),
                                    max_size=4))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(EXAMPLE_KINDS), st.lists(st.integers(-2, 400), max_size=5), scalars,
       st.sampled_from([None, "equality", "addition", "subtraction", "multiplication", "division", "x"]))
def test_no_claim_makes_the_checker_raise(kind, operands, stated, method):
    c = check(ex(kind, operands, stated, method), EDITION)
    assert isinstance(c, Check) and c.status in STATUSES and c.message
    if c.status != "wrong":
        return
    (f,) = findings((c,))
    assert f.printed is None or all(isinstance(n, int) for n in f.printed)
    assert f.expected is None or all(isinstance(n, int) for n in f.expected)


# --- imports (speed is measured in benchmarks/bench.py, not in tests) -----------

def test_the_module_is_import_light():
    code = ("import sys, rithmocheck.audit.statements as e; from rithmocheck.witness.edition import Edition; "
            "e.check_all(Edition.default().examples, Edition.default()); "
            "assert not [m for m in sys.modules if m.startswith('sympy')]")
    subprocess.run([sys.executable, "-c", code], check=True)
