"""Conformance cases: what the 1563 rules make of a position and a move, as
data any engine can run.

`cases/*.json` (schema rithmocheck/schema/conformance-case-1.json), each a
ruleset and options, a position, a move, the expected legality, captures
and victories, and its source (a witness line and quotation, or
"constructed" with the reason). `runner.py` runs them against the reference
engine (rithmocheck.play) or any engine through the protocol of
docs/conformance.md (one case as JSON on stdin, the engine's captures and
victories as JSON on stdout).
"""

from __future__ import annotations

from .cases import CASES_DIR, Case, load_cases
from .runner import Outcome, Result, kernel_outcome, run_case, run_cases

__all__ = ["CASES_DIR", "Case", "Outcome", "Result", "kernel_outcome", "load_cases", "run_case", "run_cases"]
