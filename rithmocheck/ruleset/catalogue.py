"""Every ruleset the tool can give, by its id: the three kinds of 1563
(rithmocheck.ruleset.assemble) and each reading of them
(rithmocheck.ruleset.readings). Above both: a reading reads a kind of 1563,
and neither module imports this one."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from .assemble import KINDS, document, ruleset_id
from .readings import reading_document, reading_ids


def ruleset_ids() -> list[str]:
    """Every ruleset the tool can give: the three kinds of 1563, then each reading."""
    return [ruleset_id(k) for k in KINDS] + reading_ids()


def by_id(rid: str, where: str = "--ruleset") -> dict[str, Any]:
    """The ruleset document of an id: a kind of 1563 or a reading."""
    for k in KINDS:
        if rid in (ruleset_id(k), f"kind-{k}", str(k)):
            return document(k)
    if rid in reading_ids():
        return reading_document(rid)
    raise InputError(where, None, f"no ruleset {rid!r}: one of {', '.join(ruleset_ids())}")
