"""The tables that say what each number is, as families: the men, the kings,
the ratios of the ranks, the victory of standards (common to all kinds), the
marking of the men and the kings of kind 2, and the men of kind 3 taken only
by obsidion. The generators are in rithmocheck.tables.armies and
rithmocheck.tables.taking.

The transcription names each printed list with a key (e.g. `even/round/1`
for "of the even 2.4.6.8."); `expected` says what the rules put under each key.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model.men import SIDES
from . import armies, taking
from .family import REQUIRED, KeyedFamily, Numbers, ParamValue, Printed, Row, Table, Unit
from .takings import SPACES
from .universe import Universe

if TYPE_CHECKING:
    from ..witness.entries import PrintedEntry


def side_key(side: str, shape: str, order: int) -> str:
    """The key of a rank; the king stands as the first-order square he is
    (men.yaml: "the King.153."...)."""
    return f"{side}/square/1" if shape == "pyramid" else f"{side}/{shape}/{order}"


class Men(KeyedFamily):
    """"There be of each kind of men, two ranks or orders." (282): each rank
    listed by side; the king's sides (his layers) listed apart."""

    COLUMNS = ("side", "shape", "order", "digit", "value", "derivation")
    RULE = "each man's value from his digit by the rule of his shape and order"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return armies.men_rows(universe)

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = defaultdict(list)
        for side, shape, order, _digit, value, _derivation in table.rows:
            out[side_key(side, shape, order)].append((value,))
        for side in SIDES:
            out[f"{side}/king/sides"] = [(layer.value,) for layer in table.universe.armies.king(side).layers]
        return dict(out)


class Kings(KeyedFamily):
    """"Of the kings." (392): each pyramid's layers, printed lowest first, and
    their total."""

    COLUMNS = ("side", "step", "root", "value", "shape")
    RULE = "the pyramid's layers, top to bottom, each the quadrate of its root"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return armies.king_rows(universe)

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = {}
        for side in SIDES:
            layers = [r for r in table.rows if r[0] == side]
            for n, r in enumerate(reversed(layers), 1):
                out[f"{side}/layers/{n}"] = [(r[3],)]
            out[f"{side}/total"] = [(sum(r[3] for r in layers),)]
        return out


class Ratios(KeyedFamily):
    """"The reason of these numbers ..." (331): the print gives numbers only
    for the superpartient ratios of the squares (numerator and difference)."""

    COLUMNS = ("side", "digit", "relation", "greater", "lesser", "ratio", "class", "name", "difference")
    RULE = "each rank against the rank it arises from, with the Latin name of the ratio"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return armies.ratio_rows(universe)

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = {}
        for side in SIDES:
            squares = [r for r in table.rows if r[0] == side and r[2] == "square2:square1"]
            for n, r in enumerate(squares, 1):
                out[f"superpartient/{side}/{n}/numerator"] = [(int(r[5].split(":")[0]),)]
                out[f"superpartient/{side}/{n}/difference"] = [(r[8],)]
        return out


@dataclass(frozen=True, eq=False, kw_only=True)
class Standards(KeyedFamily):
    """"A Table of the victory of standerds." (1106): the men under each of
    the standards of each side, keyed even/1 .. odd/10. How many captains
    and standard bearers each army leaves out, and how many standards the
    rest fill, are the book's (the edition gives them)."""

    captains: int
    bearers: int
    standards: int

    shows_evidence = True
    COLUMNS = ("side", "standards", "men")

    @classmethod
    def arguments(cls) -> Mapping[str, Any]:
        return {"captains": REQUIRED, "bearers": REQUIRED, "standards": REQUIRED}

    @property
    def rule(self) -> str:
        return (f"(army total - {self.captains} captains - {self.bearers} bearers) / {self.standards} men to a "
                "standard")

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return armies.standards_rows(universe, self.captains, self.bearers, self.standards)

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        return {f"{side}/{k}": [(v,)] for side, k, v in table.rows}


class CossickSigns(KeyedFamily):
    """"The marking of the men." (762): each man with his cossick signs; the
    unit is the number with its signs."""

    COLUMNS = ("side", "shape", "order", "value", "signs")
    RULE = ("sign 1 (root) when an enemy bears a power of the man; sign k when an enemy bears his k-th root")

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return taking.cossick_signs(universe)

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = defaultdict(list)
        for side, shape, order, value, signs in table.rows:
            out[side_key(side, shape, order)].append((value,) + tuple(int(s) for s in signs.split()))
        return dict(out)

    def units(self, entry: Printed) -> list[Unit]:
        return [entry.numbers + entry.signs]

    def split(self, unit: Unit) -> tuple[Numbers, Numbers]:
        return tuple(unit[:1]), tuple(unit[1:])

    def apply(self, entry: PrintedEntry, sic: Numbers, corr: Numbers) -> tuple[Numbers, Numbers]:
        return corr[:1], tuple(corr[1:])


class K2Kings(KeyedFamily):
    """Kind 2, "Of the Kings, and their taking." (919): the roots on one side
    of the king, their quadrates on the other."""

    COLUMNS = ("side", "step", "root", "quadrate")
    RULE = "the king's steps: roots and their quadrates, least highest"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return armies.k2_king_rows(universe)

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = defaultdict(list)
        for side, _step, root, quadrate in table.rows:
            out[f"{side}/roots"].append((root,))
            out[f"{side}/quadrates"].append((quadrate,))
        return dict(out)


class ObsidionOnly(KeyedFamily):
    """Kind 3 (1030): the men no enemy can take but by obsidion, one printed
    list per side."""

    shows_evidence = True
    PARAMS = SPACES
    COLUMNS = ("side", "shape", "order", "value")
    RULE = "no enemy of the same number, no lesser enemy times the void spaces, no two enemies added"

    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        return taking.obsidion_only(universe, int(params["max_spaces"]), int(params["min_spaces"]))

    def expected(self, table: Table) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = defaultdict(list)
        for side, _shape, _order, value in table.rows:
            out[side].append((value,))
        return dict(out)
