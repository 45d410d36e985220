"""Findings of ruleset validation, in the words of engine authors: which
document, where in it (a JSON Pointer), which rule of the book it breaks,
and what the book gives instead."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# The rules a ruleset is checked against (the `rule` of a finding).
RULES = {
    "schema": "the file does not follow the published schema",
    "rule": "the digits or the six rules differ from 1563",
    "value": "a man's value is not what his rule makes of his digit",
    "king": "the king is not listed as a pyramid, or a man who is no king is",
    "layer": "a king's layer is wrong, or a layer is listed as a man",
    "wrong-side": "a man, a digit, a king or a king's layers given to the wrong side",
    "missing": "a man the rules make is absent",
    "doubled": "a man is listed more often than the rules make him",
    "unknown-value": "(plain lists) a value no rule derives for either side",
    "table": "a table row does not follow, or a row is missing",
    "sign": "a man's cossick signs do not follow their rule",
    "capture": "a capture parameter disagrees with the men or the tables",
    "movement": "a move disagrees with its stated directions and distances",
    "relation": "a proportion's declared test is not that proportion",
    "victory": "a victory's parameters or examples disagree with the men",
    "option": "a rule names an option the document does not define",
    "colour": "(plain lists, a note) sides labelled otherwise than even and odd, read by their values",
    "shape": "(plain lists) a man listed with a shape that is not his, or too many men of one shape",
    "citation": "a citation's line, quote or heading is not what the 1563 witness has there",
    "conformance": "the rules contradict a conformance case: what the 1563 book makes of a position and a move",
}


@dataclass(frozen=True)
class RulesetFinding:
    document: str  # the ruleset id, or the file name of a plain list
    rule: str  # one of RULES
    message: str
    path: str | None = None  # a JSON Pointer into the document
    printed: tuple[int, ...] | None = None
    expected: tuple[int, ...] | None = None
    severity: str = "error"  # or "note": said, but no failure (exit 0)

    @property
    def covered(self) -> bool:
        return False  # no erratum covers a finding on someone else's ruleset

    def as_dict(self, file: str | None = None) -> dict[str, Any]:
        """In engine authors' words: the file, the document in it, the place
        (a JSON Pointer), the rule broken, the message, the values found in
        the file and those the rules give."""
        return {"file": file, "document": self.document, "path": self.path, "rule": self.rule,
                "severity": self.severity, "message": self.message,
                "found": list(self.printed) if self.printed is not None else None,
                "expected": list(self.expected) if self.expected is not None else None}
