"""Findings and the report: every discrepancy as typed data (after
frictionless-py), collected in one Report (its exit code is the pipeline's
Outcome's: rithmocheck.pipeline.outcome).

A Finding says which table, what kind of discrepancy (an Kind), where it
stands (a Position in the transcription or an ExamplePosition, with the
witness line and, where known, the page of the book), the numbers as
printed and as they should be, ranked correction candidates, the curated
erratum that covers it, and a message. `audit --format json` prints

    {"findings": [Finding.as_dict(), ...], "summary": Report.summary() and the exit code}

which follows the published JSON Schema rithmocheck/schema/audit-1.json.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..model.proportions import FOUR_DEFINITIONS
from ..tables.family import Family
from ..witness.entries import Position, entry_text
from ..witness.examples import ExamplePosition
from ..witness.page import Page
from ..words import count

AUDIT_SCHEMA_ID = "urn:rithmocheck:schema:audit-1"


class Kind(str, Enum):
    """The kinds of finding, in report order."""

    UNIVERSE = "universe"  # information: which universe explains the print best (once per table)
    READING = "reading"  # information: a recorded reading (a cell read otherwise than the second witness keys
    # it, a figure of a worked example that is no number), with its reason
    MISPRINT = "misprint"  # an entry failing its relation, with ranked correction candidates
    SPURIOUS = "spurious"  # an entry with no valid correction
    DUPLICATE = "duplicate"  # an entry printed more often than the table has it
    OMISSION = "omission"  # a row of the complete table that the print lacks
    COUNT = "count"  # a stated count that differs from the entries it counts
    EXAMPLE = "example"  # a worked example whose arithmetic is wrong
    ERRATUM = "erratum"  # a curated erratum that is stale or wrong
    INVARIANT = "invariant"  # the corrected edition differs from the regenerated table (or a count from it)

    def __str__(self) -> str:
        return self.value


KINDS: tuple[str, ...] = tuple(k.value for k in Kind)


def as_printed(family: Family | None, values: tuple[int, ...] | None) -> str:
    """Numbers of a table written flat (a finding's printed or expected, an
    erratum's sic, corr or supplied entry) as the print writes them: the
    numbers, then the cossick signs the table's entries carry
    (64{powerof1}{powerof3}{powerof6}, not 64 1 3 6); the family None for
    the worked examples."""
    if values is None:
        return ""
    return entry_text(*family.split(values)) if family is not None else entry_text(values)


@dataclass(frozen=True)
class Suggestion:
    value: tuple[int, ...]
    klass: str
    confidence: str  # high, medium, low

    def as_dict(self) -> dict[str, Any]:
        return {"value": list(self.value), "class": self.klass, "confidence": self.confidence}


@dataclass(frozen=True)
class Finding:
    table: str
    kind: Kind
    message: str
    position: Position | ExamplePosition | None = None
    witness_line: int | None = None
    page: Page | None = None
    printed: tuple[int, ...] | None = None
    expected: tuple[int, ...] | None = None
    candidates: tuple[Suggestion, ...] = ()
    erratum: str | None = None
    # Whether the finding is a fact about the print to be covered by an
    # erratum (misprint, omission, ...) or information (universe evidence).
    informational: bool = field(default=False, compare=False)

    @property
    def covered(self) -> bool:
        return self.informational or self.erratum is not None

    def with_erratum(self, erratum_id: str | None) -> Finding:
        return replace(self, erratum=erratum_id)

    def as_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "kind": self.kind.value,
            "position": self.position.as_dict() if self.position is not None else None,
            "witness_line": self.witness_line,
            "page": self.page.as_dict() if self.page is not None else None,
            "printed": list(self.printed) if self.printed is not None else None,
            "expected": list(self.expected) if self.expected is not None else None,
            "candidates": [c.as_dict() for c in self.candidates],
            "erratum": self.erratum,
            "message": self.message,
        }

    def where(self) -> str:
        """Where the finding stands: its position, the witness line, the page."""
        page = f", {self.page}" if self.page else ""
        if self.position is None:
            return f"(line {self.witness_line}{page})" if self.witness_line else "-"
        if isinstance(self.position, ExamplePosition):
            number = f":{self.position.number}" if self.position.number is not None else ""
            return f"{self.position.example}{number} (line {self.position.witness_line}{page})"
        return f"{self.position} (line {self.witness_line}{page})"


@dataclass(frozen=True)
class Report:
    """All findings of one run, and what was audited; the findings no
    curated erratum covers (`uncovered`) are what stands of it."""

    findings: tuple[Finding, ...]
    tables: tuple[str, ...] = ()  # the tables audited
    entries: int = 0  # printed entries audited
    examples: int = 0  # statements of the worked examples checked
    # the readings of the four-number tables audited, each against the print
    # (rithmocheck.audit.evidence.ReadingEvidence: information, no exit code)
    readings: tuple[ReadingEvidence, ...] = ()

    @property
    def uncovered(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if not f.covered)

    def counts(self) -> Counter[str]:
        return Counter(f.kind.value for f in self.findings if not f.informational)

    def summary(self) -> dict[str, Any]:
        counts = self.counts()
        return {"tables": len(self.tables), "entries": self.entries, "examples": self.examples,
                "findings": sum(counts.values()), "by_kind": {k: counts[k] for k in KINDS if counts[k]},
                "uncovered": len(self.uncovered)}

    def summary_line(self) -> str:
        s = self.summary()
        by_kind = ", ".join(f"{n} {k}" for k, n in s["by_kind"].items())
        verdict = ("all covered by curated errata" if not s["uncovered"]
                   else f"{s['uncovered']} NOT covered by an erratum")
        what = f"{count(s['tables'], 'table')}, {count(s['entries'], 'entry', 'entries')}"
        if s["examples"]:
            what += f", {count(s['examples'], 'statement')} of worked examples"
        readings = sum(1 for f in self.findings if f.kind is Kind.READING)
        notes = f"; {count(readings, 'reading')} noted" if readings else ""
        return f"audited {what}; {count(s['findings'], 'finding')} ({by_kind or 'none'}); {verdict}{notes}"


# --- the readings of the four-number tables, as the audit weighs them (rithmocheck.audit.evidence) -------

# the findings at a printed row that a reading does not explain, in words (one, many)
NOT_EXPLAINED: dict[Kind, tuple[str, str]] = {
    Kind.MISPRINT: ("misprint", "misprints"),
    Kind.SPURIOUS: ("spurious row", "spurious rows"),
    Kind.DUPLICATE: ("row printed twice", "rows printed twice"),
}


@dataclass(frozen=True)
class ReadingEvidence:
    """How one reading of a four-number table (its parameter `definition`)
    meets the print, under the table's default universe, counted as the
    audit counts: the printed rows it explains, those it does not (each a
    finding: a misprint a slip mends, a spurious entry, a row printed more
    often than the table has it) and the omissions it implies (the rows of
    its table the print lacks, once misprints are mended into them)."""

    table: str
    definition: str
    universe: str
    printed: int  # printed rows (entries; a row printed twice counts twice)
    unexplained: tuple[Finding, ...]  # the printed rows it does not explain, as the audit finds them
    omissions: tuple[tuple[int, ...], ...]  # the rows it implies the print omitted
    is_default: bool  # whether it is the table's default reading (book.yaml)

    @property
    def explained(self) -> int:
        return self.printed - len(self.unexplained)

    def tally(self) -> str:
        """What the rows it does not explain are: '2 misprints, 1 row printed twice'."""
        kinds = Counter(f.kind for f in self.unexplained)
        return ", ".join(count(kinds[k], *NOT_EXPLAINED[k]) for k in NOT_EXPLAINED if kinds[k])

    def summary(self) -> str:
        """'three-of-four (default) explains 49 of 52 printed rows, not 3 (2 misprints, 1 duplicate), and
        implies 9 omissions'."""
        not_ = f", not {len(self.unexplained)} ({self.tally()})" if self.unexplained else ", every one"
        return (f"{self.definition}{' (default)' if self.is_default else ''} explains {self.explained} of "
                f"{self.printed} printed rows{not_}, and implies {count(len(self.omissions), 'omission')}")

    def as_dict(self) -> dict[str, Any]:
        return {"table": self.table, "definition": self.definition, "default": self.is_default,
                "universe": self.universe, "printed": self.printed, "explained": self.explained,
                "not_explained": [{"kind": f.kind.value,
                                   "position": f.position.as_dict() if f.position is not None else None,
                                   "witness_line": f.witness_line,
                                   "page": f.page.as_dict() if f.page is not None else None,
                                   "printed": list(f.printed) if f.printed is not None else None,
                                   "expected": list(f.expected) if f.expected is not None else None}
                                  for f in self.unexplained],
                "omissions": [list(o) for o in self.omissions]}


def best_reading(options: Sequence[ReadingEvidence]) -> ReadingEvidence:
    """The reading the print supports best: the most printed rows explained,
    then the fewest omissions implied, then the narrowest (the first in
    FOUR_DEFINITIONS)."""
    return min(options, key=lambda r: (-r.explained, len(r.omissions), FOUR_DEFINITIONS.index(r.definition)))
