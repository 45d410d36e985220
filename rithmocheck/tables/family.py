"""Table families: everything one table means, in one class.

A family is the mathematics of a kind of printed table: how to regenerate it
from first principles (`rows`, over a universe of numbers, with named
parameters), its columns and its rule in words, and how its printed entries
meet the regenerated rows. What a table is in one book (its id, the heading
it stands under and the line of it, its kind of play, its universes, the
defaults of its readings) is the edition's data (its book.yaml), from which
rithmocheck.tables.registry builds the families of that edition:

- an **entry** family (`EntryFamily`: the takings, the proportions) prints
  entries that are rows of numbers; it states its relation once
  (`satisfies`), how a printed entry and a regenerated row are compared
  (`key`, `row_key`), how a row is written as a printed entry (`row_entry`)
  and why a row belongs to the table (`explain`);
- a **keyed** family (`KeyedFamily`: the men, the kings, the ratios, the
  marking of the men, the standards, ...) prints what each number is ("of the
  even 2.4.6.8."); the transcription names each printed list with a key, and
  the family says what each key must hold (`expected`).

Both say how an erratum's correction is applied to a printed entry (`apply`)
and how a printed entry matches an erratum's sic (`holds_sic`), how an entry
(printed or corrected) is compared (`items`), and how values written flat
are read as an entry (`entry_parts`). The audit, the errata and the exports
call these methods; where the two comparisons differ in kind (the audit of
a table, the regenerated entry an exported cell corresponds to) they call
`match`, which hands the family to the function for its kind, so no module
outside rithmocheck.tables asks which class a family is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from ..errors import InputError
from ..model.men import Armies
from .universe import Universe, resolve

if TYPE_CHECKING:
    from ..witness.entries import PrintedEntry

Row = tuple[Any, ...]  # a row of a regenerated table, in the family's columns


class Printed(Protocol):
    """What a family reads of an entry as printed (or as corrected)."""

    @property
    def numbers(self) -> tuple[int, ...]: ...

    @property
    def signs(self) -> tuple[int, ...]: ...

    @property
    def key(self) -> str | None: ...


Numbers = tuple[int, ...]
Unit = tuple[int, ...]  # keyed tables: a number, or a number with its cossick signs
ParamValue = int | str
T = TypeVar("T")
REQUIRED = object()  # a family argument an edition must give


@dataclass(frozen=True)
class Param:
    """A named parameter of a table: a reading of the book's text, with its
    default (the edition's) and its choices or (for numbers) the bounds
    within which a table can be made (the family's)."""

    default: ParamValue
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None  # numbers only: the least and greatest values allowed
    high: int | None = None

    @property
    def is_number(self) -> bool:
        return isinstance(self.default, int)

    def parse(self, name: str, value: str) -> ParamValue:
        if self.is_number:
            if not (value.isascii() and value.isdigit()) or len(value) > 12:
                raise InputError("--param", None, f"{name} must be a whole number, not {value!r}")
            n = int(value)
            if (self.low is not None and n < self.low) or (self.high is not None and n > self.high):
                raise InputError("--param", None, f"{name} must lie between {self.low} and {self.high}, not {n}")
            return n
        if self.choices and value not in self.choices:
            raise InputError("--param", None, f"{name} must be one of {', '.join(self.choices)}")
        return value

    def describe(self) -> str:
        if self.is_number:
            return f"{self.help} (default {self.default}, {self.low}..{self.high})"
        return f"{self.help} (default {self.default}; one of {', '.join(self.choices)})"


@dataclass(frozen=True)
class ParamKind:
    """What a family reads a parameter as: a whole number within bounds, or
    one of its choices (the default and the words are the edition's)."""

    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()

    def problem(self, default: Any) -> str | None:
        """Why a default cannot be this parameter's (None when it can)."""
        if self.choices:
            return None if default in self.choices else f"one of {', '.join(self.choices)}"
        if not isinstance(default, int) or isinstance(default, bool) or not (
                (self.low is None or default >= self.low) and (self.high is None or default <= self.high)):
            return f"a whole number from {self.low} to {self.high}"
        return None

    def param(self, default: ParamValue, help: str) -> Param:
        """The parameter with the edition's default and words."""
        if self.choices:
            return Param(default, help, self.choices)
        return Param(default, help, low=self.low, high=self.high)


@dataclass(frozen=True)
class Table:
    """A family's table regenerated under one universe and set of parameters."""

    family: Family
    universe: Universe
    params: Mapping[str, ParamValue]
    rows: tuple[Row, ...]

    def as_dict(self) -> dict[str, Any]:
        f = self.family
        return {
            "table": f.id,
            "title": f.title,
            "columns": list(f.columns),
            "rows": [list(r) for r in self.rows],
            "universe": self.universe.name,
            "universe_description": self.universe.description,
            "params": dict(self.params),
        }


@dataclass(frozen=True, eq=False, kw_only=True)
class Family(ABC):
    """One printed table and its regeneration (see the module docstring)."""

    id: str
    title: str  # the heading as printed
    witness_line: int  # where the heading stands in the primary witness
    kind: str  # the kind of play: "1", "2", "3" or "common"
    universes: tuple[str, ...]  # the named universes allowed; the first is the default
    armies: Armies  # the men of the book
    params: Mapping[str, Param] = field(default_factory=dict)
    relations: tuple[str, ...] = ()  # proportion tables: the proportions every row agrees in
    _default: dict[str, Table] = field(default_factory=dict, compare=False, repr=False)

    comparison: ClassVar[str] = ""  # "entry" or "keyed"
    shows_evidence: ClassVar[bool] = True  # whether docs/universes.md weighs its universes
    # The parameters the family reads, by name, and how (the edition gives each its default and words)
    PARAMS: ClassVar[Mapping[str, ParamKind]] = {}
    COLUMNS: ClassVar[tuple[str, ...]] = ()
    RULE: ClassVar[str] = ""

    @property
    def columns(self) -> tuple[str, ...]:
        """The columns of a regenerated row."""
        return self.COLUMNS

    @property
    def rule(self) -> str:
        """What every row satisfies, in words."""
        return self.RULE

    @classmethod
    def arguments(cls) -> Mapping[str, Any]:
        """The family's own arguments an edition gives a table (op, relations, ...), with their defaults
        (a required one: REQUIRED)."""
        return {}

    def default_table(self) -> Table:
        """The table under its default universe and reading (kept: the audit,
        the errata and the exports all compare against it)."""
        if "table" not in self._default:
            self._default["table"] = self.table()
        return self._default["table"]

    # --- regeneration -------------------------------------------------------------------------

    @abstractmethod
    def rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterable[Row]:
        """The complete table over the universe (the generator)."""

    def iter_rows(self, universe: Universe, params: Mapping[str, ParamValue]) -> Iterator[Row]:
        """The rows one at a time, in the table's order: a family whose
        generator can stream (the two-taker and three-term tables, whose
        output grows as the square of the universe) overrides this."""
        return iter(self.rows(universe, params))

    def stream(self, universe: str | None = None, params: Sequence[str] = ()) -> tuple[Table, Iterator[Row]]:
        """The table's universe and parameters (rows empty) and its rows as
        a stream, for writers that need not hold them."""
        u = resolve(universe, self.default_universe, self.universes, self.armies)
        p = self.parse_params(params)
        return Table(self, u, p, ()), (tuple(r) for r in self.iter_rows(u, p))

    @property
    def default_universe(self) -> str:
        return self.universes[0]

    def parse_params(self, pairs: Sequence[str] = ()) -> dict[str, ParamValue]:
        params: dict[str, ParamValue] = {name: p.default for name, p in self.params.items()}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep or name not in self.params:
                known = ", ".join(self.params) or "none"
                raise InputError("--param", None, f"{pair!r}: table {self.id} has parameters: {known}")
            params[name] = self.params[name].parse(name, value)
        self.check_params(params)
        return params

    def check_params(self, params: Mapping[str, ParamValue]) -> None:  # noqa: B027 - most families need no check
        """InputError when the parameters together cannot make a table."""

    def table(self, universe: str | None = None, params: Sequence[str] = ()) -> Table:
        u = resolve(universe, self.default_universe, self.universes, self.armies)
        p = self.parse_params(params)
        return Table(self, u, p, tuple(tuple(r) for r in self.rows(u, p)))

    # --- printed entries against regenerated rows ----------------------------------------------------

    @abstractmethod
    def printed_items(self, entries: Iterable[PrintedEntry]) -> Counter[tuple[Any, ...]]:
        """The printed entries as comparable items (with multiplicity)."""

    @abstractmethod
    def generated_items(self, table: Table) -> Counter[tuple[Any, ...]]:
        """The regenerated table as items comparable with printed_items."""

    @abstractmethod
    def items(self, entry: Printed) -> list[tuple[Any, ...]]:
        """One entry (as printed, or as corrected) as the items it is compared by."""

    def supply_key(self, values: Numbers) -> tuple[Any, ...]:
        """How an erratum's supplied entry meets the finding of the row it supplies."""
        return tuple(values)

    def entry_parts(self, values: Numbers) -> tuple[Numbers, Numbers]:
        """A finding's or an erratum's values (written flat) read as an entry:
        (numbers, cossick signs). A keyed table's values are its units, shown whole."""
        return tuple(values), ()

    @abstractmethod
    def match(self, entry: Callable[[EntryFamily], T], keyed: Callable[[KeyedFamily], T]) -> T:
        """The function for the family's kind of comparison, applied to it."""

    # --- errata -------------------------------------------------------------------------------------

    @abstractmethod
    def holds_sic(self, entry: PrintedEntry, sic: Numbers) -> bool:
        """Whether an erratum's sic is what the entry prints."""

    @abstractmethod
    def apply(self, entry: PrintedEntry, sic: Numbers, corr: Numbers) -> tuple[Numbers, Numbers]:
        """The entry's numbers and cossick signs with a correction applied."""

    def explain(self, numbers: Numbers, signs: Numbers, table: Table) -> str:
        """Why a row belongs to the table, in words and numbers."""
        return f"{self.rule}; in the universe {table.universe.name}"

    def split(self, values: Numbers) -> tuple[Numbers, Numbers]:
        """Numbers written flat as (numbers, cossick signs): an entry of an
        entry table (a finding's `expected`, an erratum's `entry`), a unit of
        a keyed table (an erratum's sic or corr); numbers alone unless the
        table's entries carry signs."""
        return tuple(values), ()


# --- entry tables -------------------------------------------------------------------------------------

class EntryFamily(Family):
    """A table whose printed entries are rows of numbers (see the module docstring)."""

    comparison: ClassVar[str] = "entry"

    @abstractmethod
    def satisfies(self, numbers: Numbers, signs: Numbers, params: Mapping[str, ParamValue]) -> bool:
        """Whether a printed entry stands in the table's relation (whatever the universe)."""

    def key(self, numbers: Numbers, signs: Numbers = ()) -> tuple[int, ...]:
        """A printed entry as it is compared with the rows (default: its numbers, sorted)."""
        return tuple(sorted(numbers))

    def row_key(self, row: Row) -> tuple[int, ...]:
        return tuple(sorted(row))

    def row_entry(self, row: Row) -> tuple[Numbers, Numbers]:
        """A regenerated row written as a printed entry: (numbers, signs)."""
        return tuple(row), ()

    def in_group(self, key: tuple[int, ...], head: int) -> bool:
        """Whether a row (by its key) stands in the printed group headed by
        `head`: the rows a printed "nothing" under that head denies. The
        groups of the book's lists are by their first (least) term."""
        return bool(key) and key[0] == head

    def printed_items(self, entries: Iterable[PrintedEntry]) -> Counter[tuple[Any, ...]]:
        return Counter(self.key(e.numbers, e.signs) for e in entries if e.role == "entry")

    def items(self, entry: Printed) -> list[tuple[Any, ...]]:
        return [self.key(entry.numbers, entry.signs)]

    def supply_key(self, values: Numbers) -> tuple[Any, ...]:
        return self.key(values)

    def entry_parts(self, values: Numbers) -> tuple[Numbers, Numbers]:
        return self.split(values)

    def match(self, entry: Callable[[EntryFamily], T], keyed: Callable[[KeyedFamily], T]) -> T:
        return entry(self)

    def generated_items(self, table: Table) -> Counter[tuple[Any, ...]]:
        return Counter(self.row_key(r) for r in table.rows)

    def holds_sic(self, entry: PrintedEntry, sic: Numbers) -> bool:
        return entry.numbers == sic

    def apply(self, entry: PrintedEntry, sic: Numbers, corr: Numbers) -> tuple[Numbers, Numbers]:
        return corr, entry.signs


# --- keyed tables -------------------------------------------------------------------------------------

class KeyedFamily(Family):
    """A table whose print says what each number is; a printed list carries
    a key (e.g. `even/round/1`) and its units are compared with what the
    rules give for that key."""

    comparison: ClassVar[str] = "keyed"
    shows_evidence: ClassVar[bool] = False

    @abstractmethod
    def expected(self, table: Table) -> dict[str, list[Unit]]:
        """What each printed key must hold, from the regenerated table."""

    def units(self, entry: Printed) -> list[Unit]:
        """The units of a printed entry (default: each number alone)."""
        return [(n,) for n in entry.numbers]

    def printed_items(self, entries: Iterable[PrintedEntry]) -> Counter[tuple[Any, ...]]:
        return Counter((e.key, u) for e in entries if e.role == "entry" for u in self.units(e))

    def items(self, entry: Printed) -> list[tuple[Any, ...]]:
        return [(entry.key, u) for u in self.units(entry)]

    def match(self, entry: Callable[[EntryFamily], T], keyed: Callable[[KeyedFamily], T]) -> T:
        return keyed(self)

    def generated_items(self, table: Table) -> Counter[tuple[Any, ...]]:
        return Counter((k, u) for k, units in self.expected(table).items() for u in units)

    def holds_sic(self, entry: PrintedEntry, sic: Numbers) -> bool:
        return sic in self.units(entry)

    def apply(self, entry: PrintedEntry, sic: Numbers, corr: Numbers) -> tuple[Numbers, Numbers]:
        """The unit sic replaced by corr among the entry's numbers."""
        numbers = list(entry.numbers)
        numbers[numbers.index(sic[0])] = corr[0]
        return tuple(numbers), entry.signs
