"""The armies against the witness's own lists (lines 284-323, 392-404)."""

from conftest import ARMIES as men
from rithmocheck.model.men import SIDES, consecutive_square_runs

# As printed in "There be of each kind of men, two ranks or orders." (hand-copied).
WITNESS_LISTS = {
    ("even", "round", 1): [2, 4, 6, 8],
    ("odd", "round", 1): [3, 5, 7, 9],
    ("even", "round", 2): [4, 16, 36, 64],
    ("odd", "round", 2): [9, 25, 49, 81],
    ("even", "triangle", 1): [6, 20, 42, 72],
    ("odd", "triangle", 1): [12, 30, 56, 90],
    ("even", "triangle", 2): [9, 25, 49, 81],
    ("odd", "triangle", 2): [16, 36, 64, 100],
    ("even", "square", 1): [15, 45, 91, 153],  # 91 the king
    ("odd", "square", 1): [28, 66, 120, 190],  # 190 the king
    ("even", "square", 2): [25, 81, 169, 289],
    ("odd", "square", 2): [49, 121, 225, 361],
}


def test_48_men_24_a_side():
    assert len(men.all_men()) == 48
    assert len(men.army("even")) == len(men.army("odd")) == 24


def test_values_agree_with_the_witness_lists():
    for (side, shape, order), printed in WITNESS_LISTS.items():
        got = [m.value for m in men.army(side)
               if (m.shape if not m.is_king else "square") == shape and m.order == order]
        assert got == printed, (side, shape, order)


def test_eight_rounds_eight_triangles_seven_squares_and_the_king():
    # "of either side.8. are rounds, other.8. are triangles and.7. (the king making.8) are squares"
    for side in SIDES:
        shapes = [m.shape for m in men.army(side)]
        assert shapes.count("round") == 8
        assert shapes.count("triangle") == 8
        assert shapes.count("square") == 7
        assert shapes.count("pyramid") == 1


def test_kings_and_their_layers():
    even, odd = men.king("even"), men.king("odd")
    assert even.value == 91 and odd.value == 190
    assert [(l.value, l.shape) for l in even.layers] == [
        (1, "round"), (4, "round"), (9, "triangle"), (16, "triangle"), (25, "square"), (36, "square")]
    assert [(l.value, l.shape) for l in odd.layers] == [
        (16, "round"), (25, "triangle"), (36, "triangle"), (49, "square"), (64, "square")]
    assert [l.root for l in even.layers] == [1, 2, 3, 4, 5, 6]
    assert [l.root for l in odd.layers] == [4, 5, 6, 7, 8]
    assert sum(l.value for l in even.layers) == 91


def test_only_the_kings_are_pyramids_among_first_order_squares():
    # 15, 45, 153, 28, 66, 120 are no sums of three or more consecutive squares
    for v in (15, 45, 153, 28, 66, 120):
        assert consecutive_square_runs(v) == ()
    assert consecutive_square_runs(91) == ((1, 2, 3, 4, 5, 6),)
    assert consecutive_square_runs(190) == ((4, 5, 6, 7, 8),)


def test_every_man_carries_his_derivation():
    m = next(m for m in men.army("odd") if m.value == 28)
    assert (m.shape, m.order, m.digit) == ("square", 1, 3)
    assert m.derivation == "(a + a**2) + (a + 1)**2 with a = 3"
    d = men.king("even").as_dict()
    assert d["derivation"].endswith("pyramid 1 + 4 + 9 + 16 + 25 + 36 = 91")


def test_army_totals_as_the_standards_passage_states():
    # "the even host, conteyneth.1312. footmen ... the odd army ... be.1752." (1093-1097)
    assert sum(m.value for m in men.army("even")) == 1312
    assert sum(m.value for m in men.army("odd")) == 1752


def test_every_man_cites_the_line_of_his_rule():
    # book.yaml gives each of the six rules its line: round 1 at 284 ... square 2 at 309
    lines = {(m.shape if not m.is_king else "square", m.order): m.witness_line for m in men.all_men()}
    assert lines == {("round", 1): 284, ("round", 2): 287, ("triangle", 1): 291, ("triangle", 2): 296,
                     ("square", 1): 303, ("square", 2): 309}
