"""The audit run: every table, every worked example and every curated
erratum of an edition, in one report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..errors import InputError
from ..witness.edition import Edition
from ..witness.examples import EXAMPLES, ExamplePosition
from .errata import Erratum, audit_invariant, check_errata, check_minimal, load_errata, match
from .findings import Finding, Kind, Report
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


def run_audit(edition: Edition, errata: tuple[Erratum, ...] | None = None, ids: Sequence[str] = ()) -> Report:
    """Every finding: the tables, the worked examples, and the errata themselves."""
    errata = load_errata(edition) if errata is None else errata
    tables, with_examples = audit_ids(ids, edition)
    findings: list[Finding] = []
    readings = {t: reading_evidence(edition.registry.family(t), edition) for t in tables}
    for t in tables:
        findings += audit_table(t, edition, readings[t]) + table_readings(t, edition)
    example_expected: dict[ExamplePosition, tuple[int, ...]] = {}
    checked = 0
    example_errata = tuple(e for e in errata if e.table == EXAMPLES)
    if with_examples:
        examples = audit_examples(edition, example_errata)
        checked = examples.statements
        findings += [*examples.findings, *example_readings(edition)]
        example_expected = {f.position: f.expected for f in examples.findings
                            if isinstance(f.position, ExamplePosition) and f.expected is not None}
    matched, used = match(findings, errata, edition.registry)
    scope = set(tables) | ({EXAMPLES} if with_examples else set())
    mine = tuple(e for e in errata if e.table in scope)
    matched += check_errata(mine, used, edition, example_expected) + check_minimal(matched, mine)
    if with_examples:
        matched += check_example_errata(examples.results, example_errata, edition)
    for t in tables:
        matched += audit_invariant(t, mine, edition)
    entries = sum(1 for t in tables for e in edition.entries(t) if e.role == "entry")
    settled = settle_expected(matched, errata)
    return Report(tuple(settled), tables, entries, checked, tuple(r for t in tables for r in readings[t]))


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
    true count, the arithmetic's value). The checks of the errata have run
    by now on the audit's own values."""
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
