"""The rules of the three kinds of play, in words, each with its witness line.

Data only: rithmocheck.ruleset assembles these into the ruleset documents and
computes everything numeric (men, layers, moves, tables, parameters) from the
rules. Every rule carries a citation: `W(heading, line, quote)` names the
heading of the 1563 witness it stands under, the line of the quoted words
(lines of rithmocheck/editions/lever-fulke-1563/witness.txt) and a few words quoted
verbatim from that line onwards (tests check each quote); `S(source, note)`
marks a reading taken from a secondary source instead (not from 1563).
"""

from __future__ import annotations

from typing import Any

from ..model.proportions import FOUR_DEFINITIONS
from ..tables.registry import FOUR_READINGS

# The secondary sources (../shared/seeds/), cited where 1563 is lost or silent.
SOURCES: dict[Any, Any] = {
    "seed-001": {"file": "001_c17b321efb797e5e.txt",
                 "description": "A modern class handout on Rithmomachy (encounter, attack by distance, "
                                "ambush, siege; the five common victories)."},
    "seed-002": {"file": "002_43268bdec00969e7.txt",
                 "description": "A 1998 game report reconstructing the first of Fulke's three kinds of play "
                                "from the 1563 book, with commentary on doubtful points."},
    "seed-003": {"file": "003_eefcb36386807e94.txt",
                 "description": "A 2007 hist-games mailing-list post with rules drawn from Parlett, "
                                "The Oxford History of Board Games (1999)."},
    "seed-004": {"file": "004_14ffe78ce1a84e28.txt",
                 "description": "An encyclopedic summary of Rithmomachia (history, victories, a variant)."},
    "leungwk/games": {"description": "leungwk/games, a Python engine of Fulke's first kind (GPL-3.0-or-later), "
                                     "commit ff2a6bf: its settings fulke_1 give the traditional array for the "
                                     "first kind"},
}


def W(heading: str, line: int, quote: str) -> dict[str, Any]:
    """A citation of the 1563 witness."""
    return {"heading": heading, "line": line, "quote": quote}


def S(source: str, note: str) -> dict[str, Any]:
    """A reading taken from a secondary source, not from 1563."""
    return {"not_from_1563": True, "source": source, "note": note}


KIND_TITLES: dict[Any, Any] = {
    1: ("Of these parts in the first kind of playng.", 250),
    2: ("Of the second kind of playinge at the Philosophers game.", 714),
    3: ("Here follows the third kind of playing at the Philosophers game.", 966),
}

# --- the numbers -----------------------------------------------------------

NUMBERS_CITE = W("There be of each kind of men, two ranks or orders.", 282,
                 "There be of each kind of men, two ranks or orders.")
LAYERS_CITE = W("Of the kings.", 395, "THE kings contain in them such numbers")
LAYER_ORDER_CITE = W("Of the Kings, and their taking.", 925, "the least must be highest and the greatest lowest")
LAYER_SHAPES_CITE = W("Of the men.", 273, "his foundations are two squares, on which are set, two triangles")

# --- board and sides -------------------------------------------------------

BOARD: dict[Any, Any] = {
    1: {"rule": "a plain board of 128 squares, 8 in breadth and 16 in length, in two colours: a double chess board",
        "witness": W("Of these parts in the first kind of playng.", 251,
                     "The table must be a plain board containing.128. squares")},
    2: {"rule": "the same board as the first kind, a double chess board",
        "witness": W("Of the Table.", 720, "THe Table is the same that was first described")},
    3: {"rule": "the same board; some will have it shorter, but it must contain at least 10 squares in length and "
                "always 8 in breadth; the longest is best",
        "witness": W("Here follows the third kind of playing at the Philosophers game.", 971,
                     "The table is the same that has been twyse already discribed")},
}

SIDES_RULE: dict[Any, Any] = {
    "rule": "the even numbers against the odd, either part having a king; 24 men a side, each side of one colour "
            "and the other of the contrary colour, which colours the players like best",
    "witness": W("Of the men.", 260, "THe men be in number.48. Whereof.24. be of one side"),
}

FIRST_MOVE: dict[Any, Any] = {
    "value": "even",
    "rule": "the even side moves first",
    "source": S("rithmocheck", "1563 does not say who moves first; every engine read starts with the even side "
                               "(or leaves it to its caller)"),
}

CAPTURED: dict[Any, Any] = {
    1: {"becomes": "turned", "enters": "hindmost-rank",
        "rule": "the man taken is turned with his conqueror's colour upward and placed in the hindmost space of "
                "his victor's camp, and from thence fights against his conqueror's enemies and serves him to "
                "make his triumph",
        "witness": W("The law of prisoners.", 541, "WHen any is taken captive, he must be turned"),
        "enters_source": S("rithmocheck", "the prisoner is held in hand and set, as a move of his conqueror, on "
                                          "any void space of the rank at his conqueror's own end of the board")},
    2: {"becomes": "triumph-only", "enters": "adversary-camp",
        "rule": "the enemy's men taken may serve only to celebrate a triumph, not to fight on his side that "
                "takes them",
        "witness": W("Of the men.", 726, "the enemies men taken,"),
        "enters_source": S("rithmocheck", "a prisoner is set, as a move of his taker, on a void space of the "
                                          "adversary's camp, where he neither moves nor takes: he serves only the "
                                          "triumph (lines 726-728, 959-960)")},
    3: {"becomes": "removed", "enters": None,
        "rule": "men once taken are no more occupied in this kind of playing",
        "witness": W("Of the men.", 977, "because men ons taken be no more occupied")},
}

# --- placement -------------------------------------------------------------

PLACEMENT: dict[Any, Any] = {
    1: {"from_1563": False,
        "lost": "the 1563 diagram of the battle array is missing from the witness",
        "witness": W("Of the placing, encamping or setting in araie.", 410,
                     "I refer thee unto the table where the battle is appointed"),
        "rule": "each side's 24 men stand in four ranks toward its own end of the board, as in the lost "
                "diagram, not at the very end (the third kind sets them nearer the end than the first); the "
                "adversary's camp (from the front of his men as first placed to the end of the board) holds 40 "
                "spaces, or 48 as some will",
        "source": S("seed-002", "reconstructs the array of the first kind in a separate document not in the "
                                "seeds; says the men stand on a side's rows 1-4, or rows 3-6 in a GIF version"),
        "option": "camp-spaces"},
    2: {"from_1563": False,
        "lost": "the 1563 diagram of the array is missing from the witness; only the rule in words survives",
        "witness": W("The setting in array.", 852, "the natural placing of every man under him"),
        "rule": "every man under him of whom he ariseth, in six ranks reaching to the furthermost edge of the "
                "board: round of the first order in front, then the round of the second order, the triangles of "
                "the first and of the second order, the squares of the first and of the second order at the "
                "edge, each digit's men in one file",
        "source": S("rithmocheck", "the ranks below are derived from the rule in words and the order in which "
                                   "each rank arises (men.RULES); the files the four digits stand on are not "
                                   "given by 1563 and are left to the players"),
        "option": None},
    3: {"from_1563": False,
        "lost": "no diagram: the array is given in words only",
        "witness": W("Of the order of the battle.", 985,
                     "THe order of battle is after the first manner, but not so far from the"),
        "rule": "the array of the first kind, but nearer the board's end: the four squares standing in the "
                "places nearest to the board's end and the rest joined to them as in the first kind",
        "source": S("seed-002", "for the array of the first kind this is built on (see kind 1)"),
        "option": None},
}

# Where each man stands at the start: man id -> (rank counted from his side's
# own end of the board, file). The diagrams are lost (lines 410, 854). The
# first kind takes the traditional array of Rithmomachia, four ranks deep, as
# leungwk/games sets it for Fulke's first kind (its settings `fulke_1`, from
# its doc/rules/rith.org), its front on the fifth rank from the end, so that
# the adversary's camp, from the front of his men to the end, holds 40
# spaces (line 583). The third kind's array is the first's "not so far from
# the board's end, namely the four squares standing in the places nearest
# to the board's end" (lines 985-987): the same array one rank nearer, whose
# hindmost rank holds exactly four squares. The second kind's ranks are its
# rule in words (lines 851-854: every man under him of whom he ariseth, six
# ranks to the furthermost edge); the files c-f its digits stand on are
# constructed.
def _array(rows: dict[int, dict[str, str]]) -> dict[str, tuple[int, str]]:
    return {man: (rank, file) for rank, by_file in rows.items() for file, man in by_file.items()}


_K1_EVEN = {5: {"c": "even-round-1-8", "d": "even-round-1-6", "e": "even-round-1-4", "f": "even-round-1-2"},
            4: {"a": "even-triangle-2-8", "b": "even-triangle-1-8", "c": "even-round-2-8", "d": "even-round-2-6",
                "e": "even-round-2-4", "f": "even-round-2-2", "g": "even-triangle-1-2", "h": "even-triangle-2-2"},
            3: {"a": "even-square-1-8", "b": "even-pyramid-1-6", "c": "even-triangle-2-6", "d": "even-triangle-1-6",
                "e": "even-triangle-1-4", "f": "even-triangle-2-4", "g": "even-square-1-4", "h": "even-square-1-2"},
            2: {"a": "even-square-2-8", "b": "even-square-2-6", "g": "even-square-2-4", "h": "even-square-2-2"}}
_K1_ODD = {5: {"c": "odd-round-1-3", "d": "odd-round-1-5", "e": "odd-round-1-7", "f": "odd-round-1-9"},
           4: {"a": "odd-triangle-2-3", "b": "odd-triangle-1-3", "c": "odd-round-2-3", "d": "odd-round-2-5",
               "e": "odd-round-2-7", "f": "odd-round-2-9", "g": "odd-triangle-1-9", "h": "odd-triangle-2-9"},
           3: {"a": "odd-square-1-3", "b": "odd-square-1-5", "c": "odd-triangle-1-5", "d": "odd-triangle-2-5",
               "e": "odd-triangle-1-7", "f": "odd-triangle-2-7", "g": "odd-square-1-7", "h": "odd-pyramid-1-9"},
           2: {"a": "odd-square-2-3", "b": "odd-square-2-5", "g": "odd-square-2-7", "h": "odd-square-2-9"}}
_K1 = {**_array(_K1_EVEN), **_array(_K1_ODD)}


def _natural(side: str, digits: tuple[int, ...]) -> dict[str, tuple[int, str]]:
    ranks = [("round", 1), ("round", 2), ("triangle", 1), ("triangle", 2), ("square", 1), ("square", 2)]
    out = {}
    for rank, (shape, order) in zip(range(6, 0, -1), ranks):
        for file, digit in zip("cdef", digits):
            man = f"{side}-{shape}-{order}-{digit}"
            if (side, shape, order, digit) in (("even", "square", 1, 6), ("odd", "square", 1, 9)):
                man = f"{side}-pyramid-1-{digit}"
            out[man] = (rank, file)
    return out


LAYOUT: dict[Any, Any] = {
    1: _K1,
    2: {**_natural("even", (2, 4, 6, 8)), **_natural("odd", (3, 5, 7, 9))},
    3: {man: (rank - 1, file) for man, (rank, file) in _K1.items()},
}
LAYOUT_SOURCE: dict[Any, Any] = {
    1: S("leungwk/games", "the traditional array, as leungwk/games sets it for Fulke's first kind (settings "
                          "fulke_1, commit ff2a6bf), its front on the fifth rank from the end for a camp of 40 "
                          "spaces (line 583)"),
    2: S("rithmocheck", "the ranks are the rule in words (lines 851-854); the files c-f are constructed"),
    3: S("rithmocheck", "the first kind's array one rank nearer the end, its four hindmost squares in the places "
                        "nearest to the board's end (lines 985-987)"),
}

# --- movement --------------------------------------------------------------
# directions: orthogonal, diagonal; distances: spaces moved (the witness
# counts the space stood on as the first, so "the third" is 2 spaces).

MOVEMENT: dict[Any, Any] = {
    1: {
        "round": {"directions": ["diagonal"], "distances": [1], "counting": "into the next space, corner wise",
                  "witness": W("The motyon of the roundes.", 421, "THE roundes must move into the space that")},
        "triangle": {"directions": ["orthogonal"], "distances": [2],
                     "counting": "three spaces counting that in which he stands for one, leaping over one space",
                     "witness": W("Of the triangles.", 425, "THE triangles pass three spaces counting that"),
                     "direction_source": S("seed-002", "the diagram that named F G H I is lost; seed-002 reads "
                                                       "the triangle's draught as orthogonal"),
                     "option": "triangle-direction",
                     "flying": {"leg": [2, 1], "may_take": False, "may_besiege": True, "may_triumph": False,
                                "leaps": True,
                                "rule": "in flying he may remove the knight's draught of the chess",
                                "witness": W("Of the triangles.", 428, "But in flying he may")}},
        "square": {"directions": ["orthogonal"], "distances": [3],
                   "counting": "into the fourth place, leaping over two, right forward or sidelong",
                   "witness": W("Of the Squares.", 432, "THe Squares remove into the fourth place from them"),
                   "flying": {"leg": [3, 1], "may_take": False, "may_besiege": True, "may_triumph": False,
                              "leaps": True,
                              "rule": "flying after the knight's draught but passing four spaces; with their "
                                      "flying draught they can take no man, but help to besiege a man",
                              "witness": W("Of the Squares.", 434, "flyinge they may remove after the Knyghts")}},
        "pyramid": {"directions": ["orthogonal", "diagonal"], "distances": [1, 2, 3],
                    "counting": "any of the draughts of his rounds, triangles and squares, in all points like "
                                "the queen at chess, but not above the fourth space",
                    "witness": W("Of the Kings marching.", 440, "THe kings because they bear ye form of al"),
                    "option": "king-range",
                    "as_shapes": False,
                    "by_shape": {"round": [1], "triangle": [2], "square": [3]},
                    "by_shape_witness": W("Of the Kings marching.", 441, "into the next with the round"),
                    "loses_draughts": {"rule": "when any of his square numbers is gone he can not remove the "
                                               "square draught, and so of the rest",
                                       "witness": W("Of the taking of the kings.", 535,
                                                    "his side numbers may be taken then leseeth he that")}},
        "path_clear": {"value": True, "option": "leaping",
                       "rule": "a man moves only into a void space, over void spaces",
                       "source": S("seed-002", "no man may jump over another, own or enemy, in marching or "
                                               "flying; 1563 does not say so for the first kind")},
    },
    2: {
        "round": {"directions": ["orthogonal", "diagonal"], "distances": [1], "counting": "into the next space",
                  "witness": W("The marching or moving.", 859, "THe men may remove every way, into void places"),
                  "flying": {"leg": [2, 1], "may_take": False, "may_besiege": True, "may_triumph": False,
                             "leaps": True,
                             "rule": "every man saving the two kings, to besiege his enemy or to fly from the siege, "
                                     "may remove the knight's draught in chess",
                             "witness": W("The marching or moving.", 864, "Also every man saving the two kings")}},
        "triangle": {"directions": ["orthogonal", "diagonal"], "distances": [2], "counting": "into the third place",
                     "witness": W("The marching or moving.", 861, "the triangles into the third place"),
                     "flying": {"leg": [2, 1], "may_take": False, "may_besiege": True, "may_triumph": False,
                                "leaps": True,
                                "rule": "every man saving the two kings, to besiege his enemy or to fly from the "
                                        "siege, may remove the knight's draught in chess, but neither take any "
                                        "man (except by siege) nor erect a triumph by such motions",
                                "witness": W("The marching or moving.", 864, "Also every man saving the two kings")}},
        "square": {"directions": ["orthogonal", "diagonal"], "distances": [3], "counting": "into the fourth place",
                   "witness": W("The marching or moving.", 861, "and the squares into the"),
                   "flying": {"leg": [2, 1], "may_take": False, "may_besiege": True, "may_triumph": False,
                              "leaps": True,
                              "rule": "the knight's draught in chess, as every man's",
                              "witness": W("The marching or moving.", 864, "Also every man saving the two kings"),
                              "option": "square-flying-leg"}},
        "pyramid": {"directions": ["orthogonal", "diagonal"], "distances": [3],
                    "counting": "the kings move even as squares, but have not the flying draught",
                    "witness": W("The marching or moving.", 867, "kings move even as squares")},
        "path_clear": {"value": True, "option": "leaping",
                       "rule": "men remove into void places; leaping over occupied spaces only by agreement",
                       "witness": W("The marching or moving.", 869, "It is compted lawefull among such as will")},
    },
    3: {
        "round": {"directions": ["orthogonal"], "distances": [1], "counting": "into the next space",
                  "witness": W("Of their motions.", 993, "THe men move froward and backward")},
        "triangle": {"directions": ["orthogonal"], "distances": [2], "counting": "into the third",
                     "witness": W("Of their motions.", 995, "ye triangles into the third")},
        "square": {"directions": ["orthogonal"], "distances": [3], "counting": "into the fourth",
                   "witness": W("Of their motions.", 995, "and the squares into the fourth")},
        "pyramid": {"directions": ["orthogonal"], "distances": [3], "counting": "the kings move as squares",
                    "witness": W("Of their motions.", 995, "the kings")},
        "path_clear": {"value": True, "option": None,
                       "rule": "as the second kind: men remove into void places",
                       "source": S("rithmocheck", "the third kind is silent; read as the second kind")},
        "diagonal_by_agreement": {"option": "cornerwise",
                                  "witness": W("Of their motions.", 994, "but not cornerwise, except the")},
    },
}

# --- captures --------------------------------------------------------------

NOT_INTO_PLACE: dict[Any, Any] = {
    "rule": "the taker does not remove into the place of the man taken, unless he found him so before he "
            "removed; then he removes into his place",
    "witness": W("In this third kind, these men can be none otherwise taken but by Obsidion.", 1033,
                 "In all manner of taking this is to be noted"),
}

_OBSIDION_OWN = W("Of taking by Obsidion.", 1027, "In all three kinds of playing no Obsidion can be")

# When a capture is made: after a move, by the man just set down with his fellows (the mover among the
# takers, "so soon as the latter of those two is set down"); before a move, by a man who finds an enemy
# already in danger, who then removes into his place.
TIMING: dict[Any, Any] = {
    "after_move": {"mover_among_takers": True,
                   "rule": "men take an enemy so soon as the latter of the takers is set down, without removing "
                           "into his place: the man just moved is one of the takers (a besieger, for obsidion)",
                   "witness": W("Of taking by Addition.", 486,
                                "place, so soon as the latter of those two is set down")},
    "before_move": {"rule": "when he may be taken before we draw, then we remove our man into his place: the move "
                            "goes onto the enemy's space, one of the takers removing there",
                    "witness": W("In this third kind, these men can be none otherwise taken but by Obsidion.", 1034,
                                 "which takes in place of him that is taken")},
}

PER_MOVE: dict[Any, Any] = {
    "value": "all",
    "rule": "every man a move puts in danger is taken by it: each manner of taking takes as soon as its condition "
            "holds, and the book sets no limit of one capture to a move",
    "source": S("rithmocheck", "1563 is silent on several captures by one move; each rule reads 'he may take him' "
                               "as soon as its condition holds"),
}


def _obsidion(rule: str, cite: dict[str, Any], neighbours: str, blocks: str = "draughts") -> dict[str, Any]:
    # blocks: "draughts", every line of the besieged man's ordinary draught hindered by an adversary at or
    # before its end (kinds 1 and 2); "next-spaces", adversaries in the four next spaces about him (kind 3)
    params: dict[str, Any] = {"besiegers": 4, "neighbours": neighbours, "blocks": blocks, "own_men_count": False,
                              "board_edge_counts": False, "into_place": False}
    if blocks == "next-spaces":
        params["next_spaces"] = "directly"
    return {"method": "obsidion", "rule": rule, "witness": cite, "optional": False, "params": params,
            "own_men_witness": _OBSIDION_OWN, "option": "obsidion-board-edge"}


def _two(method: str, rule: str, cite: dict[str, Any], option: str | None = None) -> dict[str, Any]:
    d = {"method": method, "rule": rule, "witness": cite, "optional": False,
         "params": {"takers": 2, "reach": "draught", "into_place": True}}
    if option:
        d["option"] = option
    return d


_K1_TWO = [
    _two("addition", "two men who could both remove into the enemy's space and whose numbers added make his",
         W("Of taking by Addition.", 483, "WHen two numbers are so brought that they find")),
    _two("subtraction", "two men in whose draughts the enemy stands, the lesser subtracted out of the greater "
                        "leaving his number",
         W("Of taking by Substraction.", 497, "WHen two men do so stand, that the lesser being")),
    _two("multiplication", "two men in whose draughts the enemy stands, multiplied one by the other giving his "
                           "number",
         W("Of taking by multiplycation.", 508, "WHen two numbers stand so, that being multiplied")),
    _two("division", "two men in whose draughts the enemy stands, one divided by the other giving his number",
         W("Of taking by division.", 519, "BY division a man may be taken, when two of his")),
]

CAPTURES: dict[Any, Any] = {
    1: [
        {"method": "equality", "rule": "a man who sees, in the space he may remove into, an enemy of the same "
                                       "number takes him",
         "witness": W("Of Equality.", 453, "BY equality men may be taken, when one man after"),
         "optional": False, "params": {"takers": 1, "reach": "draught", "into_place": True},
         "equal_values_witness": W("Of Equality.", 461, "These men may be taken by equality")},
        _obsidion("any man, even the king, compassed with 4 men so that his lawful draught is hindered; "
                  "triangles and squares also by men standing nearer on their lines",
                  W("Of taking by obsidion.", 467, "BY obsidion any man may be taken even the king"),
                  "the four spaces of his draughts, or nearer on their lines"),
        *_K1_TWO,
        {"method": "proportion", "rule": "if the gamesters be disposed: two or three men joined to one enemy man, "
                                         "set as the triumph is set, in arithmetic, geometric or musical "
                                         "proportion",
         "witness": W("Of taking by proportion.", 570, "IF the Gamesters be disposed, they may take men"),
         "optional": True, "option": "proportion-taking", "enabled": False,
         "params": {"takers": "2 or 3", "arrangement": "as the triumph", "into_place": False}},
    ],
    2: [
        _obsidion("all men are taken by obsidion when four men let them of their ordinary draught",
                  W("Of taking by Obsidion.", 878, "ALl men may be taken by Obsidion when by four men"),
                  "the four spaces of his draughts, or nearer on their lines"),
        {"method": "equality", "rule": "as before: a man taking an enemy of the same number in his draught; if "
                                       "found so before the play, he must take him and remove into his place",
         "witness": W("Of taking by Equality.", 882, "BY Equality may these men take or be taken"),
         "optional": False, "params": {"takers": 1, "reach": "draught", "into_place": True},
         "equal_values_witness": W("Of taking by Equality.", 883, "9.16.25.36.49.64.81")},
        _two("addition", "all one with the first kind; some require the takers to stand in the next spaces to "
                         "him that is taken, but the former way is better",
             W("Of taking by Addition.", 889, "THe taking by Addition is all one with the first"),
             "adjacent-takers"),
        _two("subtraction", "as in the first kind, with the same opinion of takers in the next spaces",
             W("Of taking by substraction.", 895, "THat which was said in the first kind of substraction"),
             "adjacent-takers"),
        {"method": "multiplication-by-spaces", "rule": "a man lesser than the enemy, multiplied by the void spaces "
                                                       "between them, giving the enemy's number",
         "witness": W("Of taking by Multiplication.", 901, "Taking by multiplication does differ"),
         "optional": False, "params": {"takers": 1, "lesser_takes_greater": True, "counting": "void-between",
                                       "lines": "straight", "into_place": True,
                                       "table": "k2-spaces-multiplication"}},
        {"method": "division-by-spaces", "rule": "a man greater than the enemy, divided by the void spaces between "
                                                 "them, giving the enemy's number",
         "witness": W("Of taking by Division.", 908, "Likewise by Division, if your man being greater"),
         "optional": False, "params": {"takers": 1, "lesser_takes_greater": False, "counting": "void-between",
                                       "lines": "straight", "into_place": True, "table": "k2-spaces-division"}},
        {"method": "cossick-signs", "rule": "a man marked with the sign of a power meeting his root, marked with "
                                            "the root's sign, in his ordinary draught takes him or is taken of him",
         "witness": W("Of taking by Cossicall signs.", 914, "BY Cossicall signs any man that has these signs"),
         "optional": False, "params": {"takers": 1, "reach": "draught", "power_signs": [2, 3, 4, 6], "root_sign": 1,
                                       "into_place": True, "table": "k2-cossick-taking"}},
    ],
    3: [
        {"method": "encountering", "rule": "to take by encountering is to take by equality",
         "witness": W("Of taking by encou^tering.", 1002, "TO take by encountering is to take by Equality"),
         "optional": False, "params": {"takers": 1, "reach": "draught", "into_place": True},
         "equal_values_witness": W("Of taking by Equality.", 883, "9.16.25.36.49.64.81")},
        {"method": "eruption", "rule": "a lesser number multiplied by the spaces between him and his adversary "
                                       "giving the adversary's number, directly or cornerwise",
         "witness": W("Of taking by eruption.", 1006, "TO take by eruption is when a less number"),
         "optional": False, "params": {"takers": 1, "lesser_takes_greater": True, "counting": "void-between",
                                       "lines": "straight", "into_place": True,
                                       "table": "k2-spaces-multiplication"}},
        {"method": "lying-in-wait", "rule": "addition by two men standing in the next spaces to the adversary",
         "witness": W("Of taking by deceypt or lying weight.", 1014, "TO take by deceypt or lying weight"),
         "optional": False, "params": {"takers": 2, "reach": "adjacent", "into_place": True, "table": "k1-addition"}},
        _obsidion("four men besiege the adversary standing in the four next spaces about him; he cannot escape "
                  "because he cannot remove cornerwise",
                  W("Of taking by Obsidion.", 1022, "BY Obsidion all men may be taken, when four men"),
                  "the four next spaces, directly", blocks="next-spaces"),
    ],
}

# --- kings -----------------------------------------------------------------

KINGS: dict[Any, Any] = {
    1: {"taken": [
            {"how": "not by equality", "witness": W("Of the taking of the kings.", 531, "They can not be")},
            {"how": "whole by obsidion", "witness": W("Of the taking of the kings.", 532, "But by obsidion the whole")},
            {"how": "whole number at once (91 or 190) by addition, subtraction, multiplication or division",
             "witness": W("Of the taking of the kings.", 532, "Also his")},
            {"how": "by parts: each layer taken loses its draught; when nothing of him is left he is taken away",
             "witness": W("Of the taking of the kings.", 534, "Also he may be taken by parts")}],
        "ransom": None,
        "parts": {"by_equality": False, "draughts_lost": "any-layer",
                  "rule": "a layer (a side number) is taken as a man of his number is, but not by equality: "
                          "'They can not be taken by equality' can only mean the layers, for no man bears 91 or "
                          "190",
                  "witness": W("Of the taking of the kings.", 531, "They can not be")},
        "takes_with": "whole",
        "game_won": {"rule": "the game is never won until the king be taken",
                     "witness": W("Of the taking of the kings.", 530, "THe game is never won, until the King")}},
    2: {"taken": [
            {"how": "by obsidion", "witness": W("Of the Kings, and their taking.", 928,
                                                "The Kings be taken by Obsidion")},
            {"how": "whole, when his pyramidal number is taken by any of the means",
             "witness": W("Of the Kings, and their taking.", 928, "or if their Pyramidall number")},
            {"how": "by layers: all his quadrates taken one after another",
             "witness": W("Of the Kings, and their taking.", 929, "Also if by such means you can take all his")}],
        "ransom": {"rule": "a quadrate taken may be redeemed by any of his men bearing the same number, or, if he "
                           "have none, by any man of his the adversary will choose; the king removes into the "
                           "place of him that redeemed him",
                   "lowest_square": True, "whole_pyramid": False,
                   "witness": W("The privilege of the King.", 933, "IF any of the Kings quadrates be taken")},
        "parts": {"by_equality": False, "draughts_lost": "none",
                  "rule": "his quadrates taken one after another by the means of taking; as in the first kind, not "
                          "by equality",
                  "witness": W("Of the Kings, and their taking.", 929, "Also if by such means you can take all his")},
        "takes_with": "whole"},
    3: {"taken": [
            {"how": "by obsidion, encountering, eruption or lying in wait, as the other men",
             "witness": W("Of their taking.", 999, "THey are taken by encountering, by eruption")},
            {"how": "by layers: the king stands for so many men as he has steps",
             "witness": W("The privilege of the king.", 1038, "THe king stands for so many men as he has steps")},
            {"how": "the lowest square taken: no ransom will deliver him",
             "witness": W("The privilege of the king.", 1042, "But if his lowest square be taken")},
            {"how": "whole: the whole number of the pyramid taken at once, he cannot be redeemed",
             "witness": W("The privilege of the king.", 1043, "Also if the whole king at ons")}],
        "ransom": {"rule": "any step but the lowest and greatest may be redeemed by a man of his of the same "
                           "number, or else by any of his men his adversary will choose",
                   "lowest_square": False, "whole_pyramid": False,
                   "witness": W("The privilege of the king.", 1039, "if any of these (except the lowest and")},
        "parts": {"by_equality": False, "draughts_lost": "none", "stands_for": "steps",
                  "rule": "he stands for so many men as he has steps, each taken as a man",
                  "witness": W("The privilege of the king.", 1038, "THe king stands for so many men as he has steps")},
        "takes_with": "whole"},
}

# --- triumphs and victories -----------------------------------------------

PROPORTIONS: list[Any] = [
    {"name": "arithmetic", "test": "b - a == c - b", "example": [2, 4, 6],
     "witness": W("Of Arithmeticall proportion.", 607, "ARithmeticall proportion, is when ye mydle number")},
    {"name": "geometric", "test": "b * b == a * c", "example": [2, 4, 8],
     "witness": W("Of Geometrical proportion.", 628, "Geometrical proportion, is when the second has")},
    {"name": "musical", "test": "(b - a) * c == (c - b) * a", "example": [3, 4, 6],
     "witness": W("Of Musical proportion.", 650, "MUusicall proportion is when the differences")},
]

_GREAT = {"allowed": True, "name": "great", "men": [3, 4], "proportions": 1, "tables": ["k1-arithmetic", "k1-geometric",
                                                                       "k1-musical"],
          "witness": W("Of the great triumph.", 603, "THe great triumph stands in proportion")}
_GREATER = {"allowed": True, "name": "greater", "men": [4], "proportions": 2,
            "tables": ["k1-arithmetic-geometric", "k1-arithmetic-musical", "k1-geometric-musical"],
            "option": "four-number-proportion",
            "witness": W("Of the greater triumph.", 677, "THe greater victory is, when four numbers be")}
_GREATEST = {"allowed": True, "name": "greatest", "men": [4], "proportions": 3, "tables": ["k1-all-three"],
             "option": "four-number-proportion",
             "witness": W("Of the greatest triumph.", 701, "THe greatest triumph is of Arithmeticall")}

TRIUMPH_CONDITIONS: list[Any] = [
    {"rule": "the king taken first", "witness": W("Of the triumph.", 580, "WHen the King is taken, ye triumph")},
    {"rule": "in the adversary's camp: from the front of his men as first placed to the end of the board, "
             "40 spaces or as some will 48", "option": "camp-spaces",
     "witness": W("Of the triumph.", 581, "The adversaries camp is called all the space")},
    {"rule": "proclaimed: the adversary may not take a man placed for the triumph",
     "witness": W("Of the triumph.", 584, "make a triumph you must proclaim it")},
    {"rule": "the men brought in their direct motions, not their flying draughts",
     "witness": W("Of the triumph.", 586, "Furthermore, you must bring all your men that")},
    {"rule": "of one's own men and of the enemy's men taken; three in a right line direct or cross, four like "
             "a square two against two",
     "witness": W("Of the triumph.", 589, "To triumph therefore, is to place three or four men")},
]

TRIUMPH_PLACE: dict[Any, Any] = {
    "arrangement": {"3": "a right line, direct or cross", "4": "like a square, two against two"},
    "line": {"men": 3, "directions": ["orthogonal", "diagonal"], "adjacent": True,
             "rule": "three men in a right line, direct or cross, next to each other, as D.A.B or 5.1.3",
             "witness": W("Of the triumph.", 591, "standing in a right line")},
    "square": {"men": 4, "form": "corners",
               "rule": "four men like a square, two against two, as E.B.D.C or 2.3.4.5: the four spaces next "
                       "corner-wise to one space (B C D E stand corner-wise about A, line 421)",
               "witness": W("Of the triumph.", 593, "but if it stand of four numbers")},
    "order": "any",
    "order_source": S("rithmocheck", "1563 asks that the numbers be in proportion and the men in a right line, "
                                     "not that the middle man bear the middle term"),
    "king_taken_first": True,
    "camp": {"spaces": 40, "option": "camp-spaces", "where": "the adversary's camp"},
    "proclaimed": True,
    "direct_motions_only": True,
}

TRIUMPHS: dict[Any, Any] = {
    1: {"kinds": [_GREAT, _GREATER, _GREATEST], "conditions": TRIUMPH_CONDITIONS,
        "witness": W("Of diverse kinds of triumphs.", 599, "THere be three kinds of triumphs")},
    2: {"kinds": [_GREAT, _GREATER, _GREATEST], "conditions": TRIUMPH_CONDITIONS,
        "witness": W("Of the triumph.", 958, "THe triumph is after the King be clean taken away"),
        "option": "two-triumphs"},
    3: {"kinds": [_GREAT, _GREATER, _GREATEST], "conditions": TRIUMPH_CONDITIONS,
        "witness": W("Of the triumph.", 1049, "Of the proper victory need nothing")},
}

COMMON_VICTORIES_CITE = W("Of the triumph.", 1115, "YOu may use any of these six kinds of common victory")

COMMON_VICTORIES: list[Any] = [
    {"name": "bodies", "rule": "the first to take an agreed number of men", "params": {"men": None},
     "examples": [{"men": 4}, {"men": 5}, {"men": 6}, {"men": 10}],
     "witness": W("Uictory of bodies,", 1058, "VIctory of bodies is only to take a certain number")},
    {"name": "goods", "rule": "the first to take men amounting to an agreed number, whatever the men",
     "params": {"sum": None}, "examples": [{"sum": 100}, {"sum": 200}],
     "witness": W("Uictorye of goods.", 1063, "Victory of goods, is to take a certain number")},
    {"name": "quarrel", "rule": "the first to take an agreed number in an agreed number of characters (digits), "
                                "in how many men soever; more than the number does not hinder",
     "params": {"sum": None, "characters": None},
     # the print's 24 is no man's number: 20 as corrected (erratum example-victory-of-quarrel:24@1071),
     # which makes the passage's "more then 100 by 4" true
     "examples": [{"sum": 100, "characters": 8, "taken": [2, 4, 6, 8, 20, 64]}],
     "witness": W("Uictory of quarrel.", 1068, "Victory of quarrel is when neither the men")},
    {"name": "honour", "rule": "the first to make an agreed number in an agreed number of men",
     "params": {"sum": None, "men": None},
     "examples": [{"sum": 100, "men": 8, "taken": [2, 4, 6, 8, 4, 16, 45, 15]}],
     "witness": W("Uictorie of honor.", 1076, "Victory of honor, is when a determined number")},
    {"name": "honour-and-quarrel", "rule": "the agreed number in the agreed number of men and of characters, "
                                           "not the whole number upon one man",
     "params": {"sum": None, "men": None, "characters": None},
     "examples": [{"sum": 100, "men": 8, "characters": 9, "taken": [2, 4, 6, 8, 4, 6, 9, 64]}],
     "witness": W("Of victory of honor and quarrel.", 1082, "THe victory of honor and quarrel")},
]

STANDARDS_CITE = W("Uictorie of standers.", 1091, "THey have invented another victory")

# --- options: every ambiguity of the witness, with its default --------------
# Each option says what its value sets in the document: `default_sets` and each
# alternative's `sets` map JSON Pointers to values ("{method:NAME}" stands for
# the index of that manner of taking in /captures/methods, "{table:ID}" for
# the table's index in /tables). rithmocheck.ruleset.resolve applies them, so
# the engine (rithmocheck.play) reads only the document.

_SHAPES4 = ("round", "triangle", "square", "pyramid")


def _alt(value: Any, reading: str, sets: dict[str, Any], supported_by: list[str] | None = None) -> dict[str, Any]:
    return {"value": value, "reading": reading, "supported_by": supported_by or [], "sets": sets}


def _each_shape(key: str, value: Any) -> dict[str, Any]:
    return {f"/movement/{shape}/{key}": value for shape in _SHAPES4}


_KING_QUEEN = {"/movement/pyramid/as_shapes": False, "/movement/pyramid/directions": ["orthogonal", "diagonal"]}


def _definition(value: str | None) -> dict[str, Any]:
    """Each four-number table's reading: `value` for all, or (None) each its own (FOUR_READINGS)."""
    return {f"/tables/{{table:{t}}}/params/definition": value or own for t, own in FOUR_READINGS.items()}


def _by_table() -> str:
    tables: dict[str, list[str]] = {}
    for t, reading in FOUR_READINGS.items():
        tables.setdefault(reading, []).append(t)
    return "; ".join(f"{r} for {', '.join(ts)}" for r, ts in tables.items())


def _counting(methods: tuple[str, ...], value: str) -> dict[str, Any]:
    return {f"/captures/methods/{{method:{m}}}/params/counting": value for m in methods}


OPTIONS: dict[Any, Any] = {
    "camp-spaces": {
        "question": "how many spaces the adversary's camp holds (where a triumph is set)",
        "default": 40, "kinds": [1, 2, 3], "default_sets": {"/triumphs/camp/spaces": 40},
        "alternatives": [_alt(48, "as some will", {"/triumphs/camp/spaces": 48})],
        "witness": W("Of the triumph.", 583, "containing.40. spaces or as some will.48*")},
    "triangle-direction": {
        "question": "which way the triangle's ordinary draught of the first kind goes (the diagram naming "
                    "F G H I is lost)",
        "default": "orthogonal", "kinds": [1], "default_sets": {"/movement/triangle/directions": ["orthogonal"]},
        "alternatives": [_alt("diagonal", "triangles two spaces diagonally, as in the medieval game",
                              {"/movement/triangle/directions": ["diagonal"]}, ["seed-003"])],
        "witness": W("Of the triangles.", 427, "As from the space.A. he may remove into any of these"),
        "default_supported_by": ["seed-002"]},
    "king-range": {
        "question": "how far the king of the first kind moves like the queen",
        "default": 3, "kinds": [1],
        "default_sets": dict(_KING_QUEEN, **{"/movement/pyramid/distances": [1, 2, 3],
                                             "/movement/pyramid/by_shape": {"round": [1], "triangle": [2],
                                                                            "square": [3]}}),
        "alternatives": [
            _alt(4, "four spaces moved, not counting his own",
                 dict(_KING_QUEEN, **{"/movement/pyramid/distances": [1, 2, 3, 4],
                                      "/movement/pyramid/by_shape": {"round": [1], "triangle": [2],
                                                                     "square": [3, 4]}})),
            _alt("constituents", "only the draughts of the shapes left in his pyramid",
                 {"/movement/pyramid/as_shapes": True, "/movement/pyramid/directions": ["orthogonal", "diagonal"],
                  "/movement/pyramid/distances": [1, 2, 3],
                  "/movement/pyramid/by_shape": {"round": [1], "triangle": [2], "square": [3]}},
                 ["seed-002", "seed-001"])],
        "witness": W("Of the Kings marching.", 443, "saving that he can not pass above")},
    "leaping": {
        "question": "whether triangles and squares may pass over occupied spaces to a void one",
        "default": False, "kinds": [1, 2], "default_sets": {"/movement/path_clear/value": True},
        "alternatives": [_alt(True, "lawful among such as will so agree (second kind); the first kind's 'leaping "
                                    "over one space' read literally", {"/movement/path_clear/value": False})],
        "witness": W("The marching or moving.", 869, "It is compted lawefull among such as will")},
    "flying-path": {
        "question": "whether a flying draught leaps as the chess knight, or needs its straight leg void",
        "default": "leap", "kinds": [1, 2],
        "default_sets": {"/movement/triangle/flying/leaps": True, "/movement/square/flying/leaps": True,
                         "/movement/round/flying/leaps": True},
        "alternatives": [_alt("clear", "no man may be passed over in flying: the spaces of the long leg must be "
                                       "void", {"/movement/triangle/flying/leaps": False,
                                                "/movement/square/flying/leaps": False,
                                                "/movement/round/flying/leaps": False}, ["seed-002"])],
        "witness": W("Of the triangles.", 428, "But in flying he may")},
    "square-flying-leg": {
        "question": "whether the square's flying draught in the second kind is the knight's (2, 1) or the first "
                    "kind's longer (3, 1)",
        "default": [2, 1], "kinds": [2], "default_sets": {"/movement/square/flying/leg": [2, 1]},
        "alternatives": [_alt([3, 1], "as the square flies in the first kind",
                              {"/movement/square/flying/leg": [3, 1]})],
        "witness": W("The marching or moving.", 864, "Also every man saving the two kings")},
    "obsidion-board-edge": {
        "question": "whether the edge of the board stands for a besieger",
        "default": False, "kinds": [1, 2, 3],
        "default_sets": {"/captures/methods/{method:obsidion}/params/board_edge_counts": False},
        "alternatives": [_alt(True, "the edge counts: a man on the edge needs fewer besiegers",
                              {"/captures/methods/{method:obsidion}/params/board_edge_counts": True},
                              ["seed-001", "seed-003"])],
        "witness": W("Of taking by obsidion.", 467, "if he be so compassed with 4. men"),
        "default_supported_by": ["seed-002"]},
    "obsidion-next-spaces": {
        "question": "where the four besiegers of the third kind stand: the four next spaces directly about the "
                    "man, or directly or cornerwise",
        "default": "directly", "kinds": [3],
        "default_sets": {"/captures/methods/{method:obsidion}/params/next_spaces": "directly"},
        "alternatives": [_alt("directly-or-cornerwise", "the four next spaces directly about him, or the four "
                                                        "next spaces cornerwise",
                              {"/captures/methods/{method:obsidion}/params/next_spaces": "directly-or-cornerwise"})],
        "witness": W("Of taking by Obsidion.", 1023, "standing in the four next spaces about him directly, or")},
    "adjacent-takers": {
        "question": "whether the two takers by addition or subtraction (second kind) must stand in the next "
                    "spaces to the man taken",
        "default": False, "kinds": [2],
        "default_sets": {"/captures/methods/{method:addition}/params/reach": "draught",
                         "/captures/methods/{method:subtraction}/params/reach": "draught"},
        "alternatives": [_alt(True, "some require the takers in the next spaces",
                              {"/captures/methods/{method:addition}/params/reach": "adjacent",
                               "/captures/methods/{method:subtraction}/params/reach": "adjacent"})],
        "witness": W("Of taking by Addition.", 890, "saving that some require the men that should take")},
    "spaces-counting": {
        "question": "what the spaces of taking by multiplication and division (second kind) and by eruption "
                    "(third kind) count",
        "default": "void-between", "kinds": [2, 3],
        "default_sets": _counting(("multiplication-by-spaces", "division-by-spaces", "eruption"), "void-between"),
        "alternatives": [_alt("both-ends", "the distance counts the squares of both men as well as the void "
                                           "spaces between them",
                              _counting(("multiplication-by-spaces", "division-by-spaces", "eruption"), "both-ends"),
                              ["seed-003", "seed-004"])],
        "witness": W("Of taking by Multiplication.", 903, "multiply your man by the void spaces between them")},
    "cornerwise": {
        "question": "whether men of the third kind may move cornerwise",
        "default": False, "kinds": [3], "default_sets": _each_shape("directions", ["orthogonal"]),
        "alternatives": [_alt(True, "if the gamesters so agree",
                              _each_shape("directions", ["orthogonal", "diagonal"]))],
        "witness": W("Of their motions.", 994, "but not cornerwise, except the")},
    "two-triumphs": {
        "question": "whether the second kind allows the great triumph of three numbers",
        "default": True, "kinds": [2], "default_sets": {"/triumphs/kinds/0/allowed": True},
        "alternatives": [_alt(False, "some will allow no triumph but of four numbers and two proportions at the "
                                     "least: two kinds of triumphs", {"/triumphs/kinds/0/allowed": False})],
        "witness": W("Of the triumph.", 962, "saving that some will not allow a triumph")},
    "short-board": {
        "question": "the length of the board in the third kind",
        "default": 16, "kinds": [3], "default_sets": {"/board/ranks": 16, "/board/spaces": 128},
        "alternatives": [_alt(n, "some will not have it so long; at least 10 squares",
                              {"/board/ranks": n, "/board/spaces": 8 * n}) for n in range(10, 16)],
        "witness": W("Here follows the third kind of playing at the Philosophers game.", 972,
                     "not have it so long, but at the lest it must conteyne.10.")},
    "proportion-taking": {
        "question": "whether men may be taken by proportion (first kind)",
        "default": False, "kinds": [1], "default_sets": {"/captures/methods/{method:proportion}/enabled": False},
        "alternatives": [_alt(True, "if the gamesters be disposed",
                              {"/captures/methods/{method:proportion}/enabled": True}, ["seed-002"])],
        "witness": W("Of taking by proportion.", 570, "IF the Gamesters be disposed")},
    "four-number-proportion": {
        "question": "how four numbers agree in a proportion (the greater and greatest triumphs); the table "
                    "parameter 'definition'",
        "default": "by-table", "default_reading": "each table the reading its print supports best (the most "
                                                  f"printed rows explained, then the fewest omissions): {_by_table()}",
        "kinds": [1, 2, 3], "default_sets": _definition(None),
        "alternatives": [_alt(v, "every table under this reading (see rithmocheck.model.proportions."
                                 "FOUR_DEFINITIONS)", _definition(v))
                         for v in FOUR_DEFINITIONS],
        "witness": W("Of the greater triumph.", 677, "which agree")},
    "takers-include-mover": {
        "question": "whether a capture after a move needs the man just moved among its takers, or any men the "
                    "move leaves in position take",
        "default": True, "kinds": [1, 2, 3], "default_sets": {"/captures/timing/after_move/mover_among_takers": True},
        "alternatives": [_alt(False, "every enemy in danger after the move is taken, though the man moved is none "
                                     "of his takers (a capture discovered by a man moving away)",
                              {"/captures/timing/after_move/mover_among_takers": False})],
        "witness": W("Of taking by Addition.", 486, "place, so soon as the latter of those two is set down")},
    "king-loses-draught": {
        "question": "when the king of the first kind loses the draught of a shape: when any layer of that shape is "
                    "taken, or only when all are",
        "default": "any-layer", "kinds": [1], "default_sets": {"/kings/parts/draughts_lost": "any-layer"},
        "alternatives": [_alt("all-layers", "he keeps a shape's draught while any layer of that shape is left",
                              {"/kings/parts/draughts_lost": "all-layers"}, ["seed-002"])],
        "witness": W("Of the taking of the kings.", 535, "his side numbers may be taken then leseeth he that")},
    "king-parts-by-equality": {
        "question": "whether a layer of a king may be taken by equality",
        "default": False, "kinds": [1, 2, 3], "default_sets": {"/kings/parts/by_equality": False},
        "alternatives": [_alt(True, "'They can not be taken by equality' speaks of the whole king only",
                              {"/kings/parts/by_equality": True})],
        "witness": W("Of the taking of the kings.", 531, "They can not be")},
    "king-takes-with": {
        "question": "with which numbers a king takes: his whole number only, or also the number of any layer he "
                    "bears",
        "default": "whole", "kinds": [1, 2, 3], "default_sets": {"/kings/takes_with": "whole"},
        "alternatives": [_alt("whole-or-layer", "a pyramid may act as any of the men it contains",
                              {"/kings/takes_with": "whole-or-layer"}, ["seed-001", "seed-004"])],
        "witness": W("Of the taking of the kings.", 532, "Also his")},
    "triumph-order": {
        "question": "whether the middle man of a triumph's line must bear the middle term",
        "default": "any", "kinds": [1, 2, 3], "default_sets": {"/triumphs/order": "any"},
        "alternatives": [_alt("in-line", "the men stand in the order of the proportion, the mean in the middle",
                              {"/triumphs/order": "in-line"}, ["seed-003"])],
        "witness": W("Of the triumph.", 589, "To triumph therefore, is to place three or four men")},
    "four-arrangement": {
        "question": "how four men stand 'like a square, two against two' (the diagram is lost)",
        "default": "corners", "kinds": [1, 2, 3], "default_sets": {"/triumphs/square/form": "corners"},
        "alternatives": [_alt("block", "four men in a block of two by two spaces",
                              {"/triumphs/square/form": "block"})],
        "witness": W("Of the triumph.", 593, "they may be set like a square two against")},
}
