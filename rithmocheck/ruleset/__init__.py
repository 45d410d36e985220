"""Engine rulesets: an edition's kinds of play as data (assemble.py, from the
rules in words of its rules.yaml, rules.py), read from a file (load.py),
validated (validate.py) with findings in engine authors' words (findings.py)."""

from __future__ import annotations

from .assemble import by_id, collection, document, documents, kinds, ruleset_id, ruleset_ids, schema
from .findings import RulesetFinding
from .load import load, parse_text
from .validate import findings_document, validate, validate_any

__all__ = ["RulesetFinding", "by_id", "collection", "document", "documents", "findings_document", "kinds", "load",
           "parse_text", "ruleset_id", "ruleset_ids", "schema", "validate", "validate_any"]
