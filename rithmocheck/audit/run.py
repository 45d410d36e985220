"""The audit run: every table, every worked example and every curated
erratum of an edition, in one report.

The run is made of units, one per table and one for the worked examples,
each reading only its own transcriptions and its own errata (`audit_unit`);
`assemble` puts them together in the report's order. A build remembers each
unit under the digest of what it reads (rithmocheck.export.incremental), so
that an edit redoes the units it touches; `run_audit` makes every unit, and
gives the same report."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import InputError
from ..witness.edition import Edition
from ..witness.entries import Position
from ..witness.examples import EXAMPLES, ExamplePosition
from ..witness.page import Page
from .errata import Erratum, audit_invariant, check_errata_keyed, check_minimal, load_errata, match
from .findings import Finding, Kind, ReadingEvidence, Report, Suggestion
from .passages import audit_examples, check_example_errata
from .readings import example_readings, table_readings
from .tables import audit_table, reading_evidence
from .tables import audited as audited_tables


def audit_ids(ids: Sequence[str], edition: Edition) -> tuple[tuple[str, ...], bool]:
    """The tables named (all when none is) and whether the worked examples
    are audited (when none is named, or `examples` is)."""
    registry = edition.registry
    audited = audited_tables(edition)
    tables = tuple(t for t in ids if t != EXAMPLES)
    for t in tables:
        if t not in registry:
            raise InputError("table id", None, f"unknown table id {t!r} (see 'rithmocheck tables')")
        if t not in audited:
            raise InputError("table id", None, f"table {t!r} has no printed entries to audit")
    return (tables or (audited if not ids else ())), (not ids or EXAMPLES in ids)


@dataclass(frozen=True)
class Unit:
    """The audit of one table (or of the worked examples, `examples`) with its own errata: its findings,
    matched to the errata and their `expected` settled; the findings on its errata, each with its place in the
    order of the report (the erratum's place in the errata file); the tool's minimal corrections checked; the
    worked examples' errata checked together; the corrected table against the regenerated one; the readings of
    a four-number table weighed; what it audited."""

    unit: str
    findings: tuple[Finding, ...] = ()
    errata_checks: tuple[tuple[tuple[int, str], Finding], ...] = ()
    minimal: tuple[Finding, ...] = ()
    example_checks: tuple[Finding, ...] = ()
    invariants: tuple[Finding, ...] = ()
    readings: tuple[ReadingEvidence, ...] = ()
    entries: int = 0
    statements: int = 0
    passages: tuple[tuple[str, int], ...] = ()  # the worked examples' passages by the status of their check


def audit_unit(edition: Edition, unit: str, errata: Sequence[Erratum]) -> Unit:
    """The audit of one table (or `examples`), with the curated errata of that table (others are not read)."""
    mine = tuple(e for e in errata if e.table == unit)
    if unit == EXAMPLES:
        examples = audit_examples(edition, mine)
        found = [*examples.findings, *example_readings(edition)]
        expected = {f.position: f.expected for f in examples.findings
                    if isinstance(f.position, ExamplePosition) and f.expected is not None}
        matched, used = match(found, mine, edition.registry)
        keyed = check_errata_keyed(mine, used, edition, expected)
        minimal = check_minimal(matched, mine)
        tally: dict[str, int] = {}
        for r in examples.results:
            tally[r.status] = tally.get(r.status, 0) + 1
        return Unit(unit, tuple(settle_expected(matched, mine)), tuple(keyed), tuple(minimal),
                    tuple(check_example_errata(examples.results, mine, edition)), statements=examples.statements,
                    passages=tuple(sorted(tally.items())))
    readings = reading_evidence(edition.registry.family(unit), edition)
    matched, used = match(audit_table(unit, edition, readings) + table_readings(unit, edition), mine,
                          edition.registry)
    keyed = check_errata_keyed(mine, used, edition)
    minimal = check_minimal(matched, mine)
    return Unit(unit, tuple(settle_expected(matched, mine)), tuple(keyed), tuple(minimal), (),
                tuple(audit_invariant(unit, mine, edition)), readings,
                sum(1 for e in edition.entries(unit) if e.role == "entry"))


def assemble(units: Sequence[Unit], order: Mapping[str, int]) -> Report:
    """The report of the units (the tables in their order, then the worked examples): every finding of every
    unit, then the findings on the errata in the order of the errata file (`order`: each erratum's place in
    it, by id), the minimal corrections, the worked examples' errata, the corrected tables (as one run over
    them all gives them)."""
    checks = sorted((c for u in units for c in u.errata_checks), key=lambda c: (c[0][0], order.get(c[0][1], 0)))
    findings = [f for u in units for f in u.findings] + [f for _k, f in checks] + [
        f for u in units for f in u.minimal] + [f for u in units for f in u.example_checks] + [
        f for u in units for f in u.invariants]
    tables = tuple(u.unit for u in units if u.unit != EXAMPLES)
    return Report(tuple(findings), tables, sum(u.entries for u in units), sum(u.statements for u in units),
                  tuple(r for u in units for r in u.readings))


def run_audit(edition: Edition, errata: tuple[Erratum, ...] | None = None, ids: Sequence[str] = ()) -> Report:
    """Every finding: the tables, the worked examples, and the errata themselves."""
    errata = load_errata(edition) if errata is None else errata
    tables, with_examples = audit_ids(ids, edition)
    return assemble([audit_unit(edition, u, errata) for u in (*tables, *((EXAMPLES,) if with_examples else ()))],
                    {e.id: i for i, e in enumerate(errata)})


# the kinds of finding whose `expected` is a correction of the print (an erratum covers them)
_CORRECTED = frozenset((Kind.MISPRINT, Kind.SPURIOUS, Kind.DUPLICATE, Kind.OMISSION, Kind.COUNT, Kind.EXAMPLE))
SURE = ("high", "medium")  # the confidences at which a candidate is the audit's `expected`


def settle_expected(findings: Sequence[Finding], errata: Sequence[Erratum]) -> list[Finding]:
    """Each finding's `expected` as the audit publishes it: where a curated
    erratum covers the finding, the edition's correction (None when the
    erratum leaves the entry out); else, for a finding with ranked candidates,
    the first that holds at high or medium confidence (None when none does:
    a low-confidence guess is no expectation, and stays among the
    candidates); else what the audit computed (the row the print omits, the
    true count, the arithmetic's value). The checks of the errata run on the
    audit's own values, before."""
    by_id = {e.id: e for e in errata}
    out = []
    for f in findings:
        expected = f.expected
        e = by_id.get(f.erratum) if f.erratum is not None else None
        if f.informational or f.kind not in _CORRECTED:
            out.append(f)
            continue
        if e is not None:
            expected = e.result
        elif f.candidates:
            sure = next((i for i, c in enumerate(f.candidates) if c.confidence in SURE), None)
            expected = None if sure is None else f.expected if sure == 0 else f.candidates[sure].value
        out.append(f if expected == f.expected else replace(f, expected=expected))
    return out


# --- a unit as data (the memo of a build keeps it as JSON) -------------------------------------------

def _position(p: Position | ExamplePosition | None) -> Any:
    if p is None:
        return None
    if isinstance(p, Position):
        return ["cell", p.passage, p.block, p.column, p.row]
    return ["example", p.example, p.witness_line, p.number]


def _position_of(data: Any) -> Position | ExamplePosition | None:
    if data is None:
        return None
    if data[0] == "cell":
        return Position(str(data[1]), int(data[2]), int(data[3]), int(data[4]))
    return ExamplePosition(str(data[1]), int(data[2]), None if data[3] is None else str(data[3]))


def _numbers(values: Any) -> tuple[int, ...] | None:
    return None if values is None else tuple(int(v) for v in values)


def finding_data(f: Finding) -> list[Any]:
    """A finding as plain data, everything kept (its informational flag too): `finding_of` reads it back."""
    return [f.table, f.kind.value, f.message, _position(f.position), f.witness_line,
            None if f.page is None else [f.page.image, f.page.side], None if f.printed is None else list(f.printed),
            None if f.expected is None else list(f.expected),
            [[list(c.value), c.klass, c.confidence] for c in f.candidates], f.erratum, f.informational]


def finding_of(d: Sequence[Any]) -> Finding:
    table, kind, message, position, line, page, printed, expected, candidates, erratum, informational = d
    return Finding(str(table), Kind(kind), str(message), _position_of(position), line,
                   None if page is None else Page(int(page[0]), str(page[1])), _numbers(printed),
                   _numbers(expected), tuple(Suggestion(tuple(int(v) for v in c[0]), str(c[1]), str(c[2]))
                                             for c in candidates),
                   None if erratum is None else str(erratum), bool(informational))


def unit_data(u: Unit) -> dict[str, Any]:
    """A unit as plain data (`unit_of` reads it back, equal)."""
    return {"unit": u.unit, "findings": [finding_data(f) for f in u.findings],
            "errata_checks": [[list(k), finding_data(f)] for k, f in u.errata_checks],
            "minimal": [finding_data(f) for f in u.minimal],
            "example_checks": [finding_data(f) for f in u.example_checks],
            "invariants": [finding_data(f) for f in u.invariants],
            "readings": [[r.table, r.definition, r.universe, r.printed, [finding_data(f) for f in r.unexplained],
                          [list(o) for o in r.omissions], r.is_default] for r in u.readings],
            "entries": u.entries, "statements": u.statements, "passages": [list(t) for t in u.passages]}


def unit_of(d: dict[str, Any]) -> Unit:
    return Unit(str(d["unit"]), tuple(finding_of(f) for f in d["findings"]),
                tuple(((int(k[0]), str(k[1])), finding_of(f)) for k, f in d["errata_checks"]),
                tuple(finding_of(f) for f in d["minimal"]), tuple(finding_of(f) for f in d["example_checks"]),
                tuple(finding_of(f) for f in d["invariants"]),
                tuple(ReadingEvidence(str(t), str(definition), str(universe), int(printed),
                                      tuple(finding_of(f) for f in unexplained),
                                      tuple(tuple(int(v) for v in o) for o in omissions), bool(default))
                      for t, definition, universe, printed, unexplained, omissions, default in d["readings"]),
                int(d["entries"]), int(d["statements"]), tuple((str(s), int(n)) for s, n in d["passages"]))
