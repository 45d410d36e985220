"""The outcome of a run, which alone decides the exit code (after black's
Report): 0 when nothing stands, 1 when a finding stands (not covered by a
curated erratum, not explained by a recorded reading, a failed check), 2
when an input was refused along the way (bad input that stops a command
outright never reaches an outcome: it is exit 2 at the command line).

It imports nothing of the runs it describes, so a command that only checks
(`ruleset validate`, `conformance`, `check-source`) decides its exit code
here without loading the audit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import Exit

if TYPE_CHECKING:
    from ..audit.errata import Erratum
    from ..audit.findings import Report
    from ..witness.disagreements import CollationReport


@dataclass(frozen=True)
class Outcome:
    audit: Report | None = None  # the audit's report, when the run audited
    collation: CollationReport | None = None  # the collation with the second witness, when the run collated
    errata: tuple[Erratum, ...] = ()  # the curated errata the audit held its findings to
    failures: int = 0  # what other checks leave standing: a ruleset's findings, conformance cases failed
    refused: bool = False  # an input refused along the way (a transcription check-source could not read)

    @property
    def standing(self) -> int:
        """What stands: findings no curated erratum covers, disagreements no
        recorded reading explains, and the other checks' failures."""
        return ((len(self.audit.uncovered) if self.audit is not None else 0)
                + (len(self.collation.unexplained) if self.collation is not None else 0) + self.failures)

    @property
    def exit_code(self) -> Exit:
        if self.refused:
            return Exit.BAD_INPUT
        return Exit.FINDINGS if self.standing else Exit.OK
