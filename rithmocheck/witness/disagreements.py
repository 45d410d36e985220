"""The report of a collation (rithmocheck.witness.collate): the kinds of
disagreement, each disagreement of the transcription with the second
witness, what was compared in each passage, and the report that holds them.
Data only: the comparison that finds them (rithmocheck.witness.compare) and
the run that collects them (rithmocheck.witness.collate) both import it, and
neither the other's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..words import count
from .entries import Position
from .examples import ExamplePosition
from .page import Page


class Kind(str, Enum):
    """The kinds of disagreement, in report order."""

    BLOCK = "block"  # a block holding cells of several TCP tables
    COLUMN_ORDER = "column-order"  # a block's columns in another order than the TCP's
    COLUMN = "column"  # a cell under another column than the TCP's
    ROW = "row"  # a cell in another row than the TCP's
    SPLIT = "split"  # one cell holding TCP cells of several rows or columns
    ROLE = "role"  # a role the TCP cell's place contradicts
    BLANK = "blank"  # a blank cell where a TCP cell begins
    HEADING_BLOCK = "heading-block"  # a TCP table's heading set in another block than the table
    PROSE = "prose"  # words the TCP sets as running text, in a table's block
    UNMATCHED = "unmatched"  # a cell with no counterpart in the TCP
    NUMBER = "number"  # numbers differing from the TCP's
    SIGN = "sign"  # cossick signs differing from the TCP's
    MISSING = "missing"  # a number or sign of the TCP that the transcription lacks
    READING = "reading"  # a recorded reading that explains no disagreement

    def __str__(self) -> str:
        return self.value


KINDS: tuple[str, ...] = tuple(k.value for k in Kind)
METHODS = ("cells", "numbers", "examples")


# --- the report ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Disagreement:
    """One place where the transcription and the TCP disagree."""

    passage: str  # a passage id, or "examples"
    position: Position | ExamplePosition  # column 0: the whole block; row 0: the whole column
    kind: Kind
    transcription: str  # what the transcription has
    tcp: str  # what the TCP has (what a recorded reading names)
    message: str
    witness_line: int
    page: Page | None
    reading: str | None = None  # the reason of the recorded reading that explains it

    @property
    def explained(self) -> bool:
        return self.reading is not None

    def as_dict(self) -> dict[str, Any]:
        return {"passage": self.passage, "kind": self.kind.value, "position": self.position.as_dict(),
                "witness_line": self.witness_line, "page": self.page.as_dict() if self.page else None,
                "transcription": self.transcription, "tcp": self.tcp, "message": self.message,
                "explained": self.explained, "reading": self.reading}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Disagreement:
        p = d["position"]
        position: Position | ExamplePosition = (
            ExamplePosition(str(p["example"]), int(p["witness_line"])) if "example" in p
            else Position(str(p["passage"]), int(p["block"]), int(p["column"]), int(p["row"])))
        page = Page(int(d["page"]["image"]), str(d["page"]["side"])) if d["page"] else None
        return Disagreement(str(d["passage"]), position, Kind(d["kind"]), str(d["transcription"]), str(d["tcp"]),
                            str(d["message"]), int(d["witness_line"]), page,
                            None if d["reading"] is None else str(d["reading"]))

    def where(self) -> str:
        page = f", {self.page}" if self.page else ""
        return f"{self.position} (line {self.witness_line}{page})"


@dataclass(frozen=True)
class PassageCollation:
    """What was compared in one passage (or the worked examples), and how much agrees."""

    passage: str
    method: str  # cells, numbers (in order) or examples
    tcp_tables: tuple[int, ...]  # the TCP tables its cells stand in
    compared: int  # cells (examples) compared
    agreeing: int  # of those, with no disagreement at all
    explained: int  # disagreements explained by a recorded reading
    unexplained: int

    def as_dict(self) -> dict[str, Any]:
        return {"passage": self.passage, "method": self.method, "tcp_tables": list(self.tcp_tables),
                "compared": self.compared, "agreeing": self.agreeing, "explained": self.explained,
                "unexplained": self.unexplained}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> PassageCollation:
        return PassageCollation(str(d["passage"]), str(d["method"]), tuple(int(t) for t in d["tcp_tables"]),
                                int(d["compared"]), int(d["agreeing"]), int(d["explained"]), int(d["unexplained"]))


@dataclass(frozen=True)
class CollationReport:
    """The collation of the edition (or of the passages asked for); the
    disagreements no recorded reading explains (`unexplained`) are what
    stands of it."""

    passages: tuple[PassageCollation, ...]
    disagreements: tuple[Disagreement, ...]
    second_witness: str  # the SHA-256 of the TCP file

    @property
    def unexplained(self) -> tuple[Disagreement, ...]:
        return tuple(d for d in self.disagreements if not d.explained)

    def summary(self) -> dict[str, Any]:
        counts = Counter(d.kind.value for d in self.disagreements)
        return {"passages": len(self.passages), "compared": sum(p.compared for p in self.passages),
                "agreeing": sum(p.agreeing for p in self.passages), "disagreements": len(self.disagreements),
                "by_kind": {k: counts[k] for k in KINDS if counts[k]},
                "explained": len(self.disagreements) - len(self.unexplained),
                "unexplained": len(self.unexplained)}

    def summary_line(self) -> str:
        s = self.summary()
        verdict = "none unexplained" if not s["unexplained"] else f"{s['unexplained']} NOT explained"
        return (f"collated {count(s['passages'], 'passage')} with the second witness: {s['agreeing']} of "
                f"{s['compared']} cells and examples agree; {count(s['disagreements'], 'disagreement')}, "
                f"{s['explained']} explained by recorded readings, {verdict}")

    def as_dict(self) -> dict[str, Any]:
        return {"second_witness": {"sha256": self.second_witness},
                "passages": [p.as_dict() for p in self.passages],
                "disagreements": [d.as_dict() for d in self.disagreements], "summary": self.summary()}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> CollationReport:
        return CollationReport(tuple(PassageCollation.from_dict(p) for p in d["passages"]),
                               tuple(Disagreement.from_dict(x) for x in d["disagreements"]),
                               str(d["second_witness"]["sha256"]))
