"""Engine rulesets: the three kinds of play as data (assemble.py, from the
rules in words of data.py), read from a file (load.py), validated
(validate.py) with findings in engine authors' words (findings.py)."""

from __future__ import annotations

from .assemble import KINDS, collection, document, documents, schema
from .catalogue import by_id, ruleset_ids
from .findings import RulesetFinding
from .load import load, parse_text
from .validate import findings_document, validate, validate_any

__all__ = ["KINDS", "RulesetFinding", "by_id", "collection", "document", "documents", "findings_document", "load",
           "parse_text", "ruleset_ids", "schema", "validate", "validate_any"]
