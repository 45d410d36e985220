"""The registry: every numeric table of the 1563 witness, by its id.

Every table is computed from the derived men (rithmocheck.model.men) and the
relations (rithmocheck.model.proportions); no printed table data is used
here. Each table names its universe (which numbers may appear; the first is
the default) and its parameters; the defaults are those that best explain
the printed table (evidence in docs/universes.md).
"""

from __future__ import annotations

from ..errors import InputError
from ..model.proportions import FOUR_DEFINITIONS
from .family import Family, Param
from .keyed import CossickSigns, K2Kings, Kings, Men, ObsidionOnly, Ratios, Standards
from .takings import BySpaces, CossickTaking, TwoTakers
from .triumphs import FourNumbers, ThreeTerm

TAKING_UNIVERSES = ("men+layers", "men", "opposite:men+layers", "opposite:men")
MEN_UNIVERSES = ("men", "men+layers", "men-kings", "men-kings+layers")
OPPOSITE_UNIVERSES = ("opposite:men", "opposite:men-kings", "opposite:men+layers", "men")
FIXED = ("men",)

# How four numbers "agree in" a proportion (the parameter `definition`), table
# by table: the one place the choice is stated. Each is the reading that
# explains the most printed rows of its table, then implies the fewest
# omissions, then is the narrowest (rithmocheck.audit.evidence.best_reading;
# the audit's universe finding and docs/universes.md give the figures, and a
# test holds this table to them).
FOUR_READINGS: dict[str, str] = {
    "k1-arithmetic-geometric": "three-of-four",
    "k1-arithmetic-musical": "three-of-four",
    "k1-geometric-musical": "disjunct-geometric",
    "k1-all-three": "disjunct-geometric",
}


def _four(table_id: str) -> dict[str, Param]:
    return {"definition": Param(
        FOUR_READINGS[table_id],
        "how four numbers agree in a proportion: three-of-four (some three of the four stand in it), "
        "disjunct-geometric (geometric also as a:b = c:d of the four), three-or-four-term (arithmetic also as "
        "b-a = d-c), four-term (only the disjunct forms)",
        FOUR_DEFINITIONS)}


# The board has 16 spaces on a line ("Of the table or board", kind 2): at
# most 14 lie void between two men; 1 void space would be equality. The
# bounds let a scholar try other boards without a table that cannot finish.
SPACE_PARAMS = {
    "min_spaces": Param(2, "fewest void spaces between the two men (1 would be equality)", low=1, high=1000),
    "max_spaces": Param(14, "most void spaces between two men on a line of the 16-space board", low=1, high=1000),
}

FAMILIES: tuple[Family, ...] = (
    Men(id="men", title="There be of each kind of men, two ranks or orders.", witness_line=282, kind="common",
        columns=("side", "shape", "order", "digit", "value", "derivation"),
        rule="each man's value from his digit by the rule of his shape and order", universes=FIXED),
    Kings(id="kings", title="Of the kings.", witness_line=392, kind="common",
          columns=("side", "step", "root", "value", "shape"),
          rule="the pyramid's layers, top to bottom, each the quadrate of its root", universes=FIXED),
    Ratios(id="ratios", title="The reason of these numbers and the knowledge of their proportione.",
           witness_line=331, kind="common",
           columns=("side", "digit", "relation", "greater", "lesser", "ratio", "class", "name", "difference"),
           rule="each rank against the rank it arises from, with the Latin name of the ratio", universes=FIXED),
    Standards(id="standards", title="A Table of the victory of standerds.", witness_line=1106, kind="common",
              columns=("side", "standards", "men"),
              rule="(army total - 2 captains - 10 bearers) / 10 men to a standard", universes=("men", "men-kings")),
    TwoTakers(id="k1-addition",
              title="A Table to take any of the men, by addition subtraction, multiplication or division.",
              witness_line=546, kind="1", columns=("a", "b", "a+b"), rule="a + b = c (read back: c - b = a)",
              universes=TAKING_UNIVERSES, op="add"),
    TwoTakers(id="k1-multiplication",
              title="A Table to take any of the men, by addition subtraction, multiplication or division.",
              witness_line=559, kind="1", columns=("a", "b", "a*b"),
              rule="a * b = c with a, b > 1 (read back: c / b = a)", universes=TAKING_UNIVERSES, op="mul",
              min_factor=2),
    ThreeTerm(id="k1-arithmetic", title="A table of all the Arithmetical proportions that be in this game.",
              witness_line=620, kind="1", columns=("first", "middle", "last"), rule="middle - first = last - middle",
              universes=MEN_UNIVERSES, relations=("arithmetic",)),
    ThreeTerm(id="k1-geometric", title="A table for Geometrical proportion.", witness_line=643, kind="1",
              columns=("first", "middle", "last"), rule="middle * middle = first * last", universes=MEN_UNIVERSES,
              relations=("geometric",)),
    ThreeTerm(id="k1-musical", title="A table of Musical proportion.", witness_line=672, kind="1",
              columns=("first", "middle", "last"), rule="(middle - first) * last = (last - middle) * first",
              universes=MEN_UNIVERSES, relations=("musical",)),
    FourNumbers(id="k1-arithmetic-geometric", title="A table of Arithmeticall, and Geometrical proportion.",
                witness_line=682, kind="1", columns=("a", "b", "c", "d"),
                rule="four numbers agreeing in arithmetic and geometric proportion", universes=MEN_UNIVERSES,
                params=_four("k1-arithmetic-geometric"), relations=("arithmetic", "geometric")),
    FourNumbers(id="k1-arithmetic-musical", title="Arithmeticall and musical proportion.", witness_line=692,
                kind="1", columns=("a", "b", "c", "d"),
                rule="four numbers agreeing in arithmetic and musical proportion", universes=MEN_UNIVERSES,
                params=_four("k1-arithmetic-musical"), relations=("arithmetic", "musical")),
    FourNumbers(id="k1-geometric-musical", title="Geometrical and musical proportion together.", witness_line=692,
                kind="1", columns=("a", "b", "c", "d"),
                rule="four numbers agreeing in geometric and musical proportion", universes=MEN_UNIVERSES,
                params=_four("k1-geometric-musical"), relations=("geometric", "musical")),
    FourNumbers(id="k1-all-three", title="Arithmeticall, Geometrical, and Musical proportions, all together.",
                witness_line=704, kind="1", columns=("a", "b", "c", "d"),
                rule="four numbers agreeing in arithmetic, geometric and musical proportion",
                universes=MEN_UNIVERSES, params=_four("k1-all-three"),
                relations=("arithmetic", "geometric", "musical")),
    CossickSigns(id="k2-cossick-signs", title="The marking of the men.", witness_line=762, kind="2",
                 columns=("side", "shape", "order", "value", "signs"),
                 rule="sign 1 (root) when an enemy bears a power of the man; sign k when an enemy bears his "
                      "k-th root", universes=OPPOSITE_UNIVERSES),
    BySpaces(id="k2-spaces-multiplication", title="A table to take the men by Multiplication and Division.",
             witness_line=939, kind="2", columns=("side", "man", "spaces", "enemy"),
             rule="man * void spaces = enemy (a lesser man takes a greater)", universes=OPPOSITE_UNIVERSES,
             params=SPACE_PARAMS, op="mul"),
    BySpaces(id="k2-spaces-division", title="For Division.", witness_line=946, kind="2",
             columns=("side", "man", "spaces", "enemy"),
             rule="man / void spaces = enemy (a greater man takes a lesser)", universes=OPPOSITE_UNIVERSES,
             params=SPACE_PARAMS, op="div"),
    CossickTaking(id="k2-cossick-taking", title="To take by cossical signs", witness_line=947, kind="2",
                  columns=("root", "power", "sign"), rule="power = root ** sign, root and power on opposite sides",
                  universes=OPPOSITE_UNIVERSES),
    K2Kings(id="k2-kings", title="Of the Kings, and their taking.", witness_line=919, kind="2",
            columns=("side", "step", "root", "quadrate"),
            rule="the king's steps: roots and their quadrates, least highest", universes=FIXED),
    ObsidionOnly(id="k3-obsidion-only",
                 title="In this third kind, these men can be none otherwise taken but by Obsidion.",
                 witness_line=1030, kind="3", columns=("side", "shape", "order", "value"),
                 rule="no enemy of the same number, no lesser enemy times the void spaces, no two enemies added",
                 universes=("opposite:men", "opposite:men+layers"), params=SPACE_PARAMS),
)

REGISTRY: dict[str, Family] = {f.id: f for f in FAMILIES}
TABLE_IDS: tuple[str, ...] = tuple(REGISTRY)


def family(table_id: str) -> Family:
    """The family of a table id; InputError naming the id when there is none."""
    try:
        return REGISTRY[table_id]
    except KeyError:
        raise InputError("table id", None, f"unknown table id {table_id!r} (see 'rithmocheck tables')") from None
