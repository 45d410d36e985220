"""Validation that means it: a ruleset's rules run on the conformance cases.

`contradictions(doc, name)` runs every case stated for the ruleset's kind
of 1563 (`lever-fulke-1563/kind-N`, its options chosen on the document)
under the document's own rules, through the reference engine, and gives a
finding (rule `conformance`) for each case the rules contradict: what the
case expects and what the rules make of it, with the book's line. So a
ruleset whose rounds move orthogonally, whose obsidion counts the besieged
man's own men, or that has lost a manner of taking or a victory, is caught
even when every number in it is right.
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..ruleset.findings import RulesetFinding
from .cases import Case, load_cases
from .runner import run_case


def _pointer(doc: dict[str, Any], case: Case, difference: str) -> str:
    """Where in the document a contradiction points: the manner of taking, the victories, or the movement."""
    methods = [m.get("method") for m in doc.get("captures", {}).get("methods", [])]
    if "capture:" in difference:
        method = difference.split("capture:", 1)[1].split()[0]
        return f"/captures/methods/{methods.index(method)}" if method in methods else "/captures/methods"
    if "victory:" in difference:
        return "/triumphs" if "triumph" in difference else "/victories/common"
    return "/movement" if "legal" in difference else ""


def contradictions(doc: Any, name: str, cases: list[Case] | None = None) -> list[RulesetFinding]:
    if not isinstance(doc, dict) or doc.get("kind") not in (1, 2, 3):
        return []
    from ..play.rules import compile_rules
    from ..ruleset.resolve import resolve

    rid = str(doc.get("ruleset", name))
    try:
        compile_rules(doc)
    except InputError as exc:  # the rules cannot be played at all: one finding, not one per case
        return [RulesetFinding(rid, "conformance", f"the conformance cases cannot run under these rules: "
                                                   f"{exc.problem}", "")]
    from ..ruleset.assemble import ruleset_id
    from ..witness.edition import Edition

    book = ruleset_id(int(doc["kind"]), Edition.default())  # the shipped book's cases, for the document's kind
    mine = [c for c in (cases if cases is not None else load_cases()) if c.ruleset == book]
    out = []
    for case in mine:
        try:
            chosen = resolve(doc, case.options, f"{name}: /options") if case.options else doc
            result = run_case(case, doc=chosen)
        except InputError as exc:
            out.append(RulesetFinding(rid, "conformance", f"case {case.id} cannot run under these rules: "
                                                          f"{exc.problem}", ""))
            continue
        if result.status != "passed":
            first = result.differences[0] if result.differences else result.message
            more = f" (and {len(result.differences) - 1} more)" if len(result.differences) > 1 else ""
            out.append(RulesetFinding(rid, "conformance", f"case {case.id}: {first}{more}; the book: "
                                                          f"{case.citation()}", _pointer(doc, case, first)))
    return out
