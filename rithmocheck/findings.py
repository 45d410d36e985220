"""Findings: every discrepancy as typed data (after frictionless-py).

One shape serves the audit of the transcriptions, the check of the worked
examples and the validation of engine rulesets, so a consumer reads them all
the same way:

    {"table": ID, "kind": KIND, "position": ... or null,
     "printed": [ints] or null, "expected": [ints] or null,
     "candidates": [{"value": [ints], "class": str, "confidence": str}],
     "erratum": ID or null, "message": str}

`position` is {"block", "column", "line"} for a printed table entry,
{"example": ID, "line": witness line} for a worked example, and a JSON
Pointer string for a ruleset document.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

# The audit's kinds, in report order; "erratum" is a stale or wrong curated
# erratum; ruleset validation adds its own kinds (see rithmocheck.ruleset).
KINDS = ("universe", "misprint", "spurious", "duplicate", "omission", "count", "example", "erratum")


@dataclass(frozen=True)
class Suggestion:
    value: tuple[int, ...]
    klass: str
    confidence: str  # high, medium, low

    def as_dict(self) -> dict:
        return {"value": list(self.value), "class": self.klass, "confidence": self.confidence}


@dataclass(frozen=True)
class Finding:
    table: str
    kind: str
    message: str
    position: dict | str | None = None
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

    def with_erratum(self, erratum_id: str | None) -> "Finding":
        return replace(self, erratum=erratum_id)

    def as_dict(self) -> dict:
        return {
            "table": self.table,
            "kind": self.kind,
            "position": _plain(self.position),
            "printed": list(self.printed) if self.printed is not None else None,
            "expected": list(self.expected) if self.expected is not None else None,
            "candidates": [c.as_dict() for c in self.candidates],
            "erratum": self.erratum,
            "message": self.message,
        }

    def where(self) -> str:
        p = self.position
        if p is None:
            return "-"
        if isinstance(p, str):
            return p or "/"
        if "example" in p:
            return f"{p['example']} (line {p['line']})"
        return f"block {p['block']} column {p['column']} line {p['line']}"


def _plain(position):
    """A position as plain JSON data (values read from YAML may be subclasses)."""
    if isinstance(position, dict):
        return {str(k): int(v) if isinstance(v, int) else str(v) for k, v in position.items()}
    return position
