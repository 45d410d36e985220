"""Every ruleset the tool can give, by its id: the kinds of an edition
(rithmocheck.ruleset.assemble) and each reading of them
(rithmocheck.ruleset.readings). Above both: a reading reads a kind, and
neither module imports this one."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from .assemble import _edition, document, kinds, ruleset_id
from .readings import reading_base, reading_document, reading_ids

if TYPE_CHECKING:
    from ..witness.edition import Edition


def ruleset_ids(edition: Edition | None = None) -> list[str]:
    """Every ruleset the tool can give: the kinds of the edition (the shipped
    one when none is given) and each reading whose base is one of them."""
    ed = _edition(edition)
    mine = [ruleset_id(k, ed) for k in kinds(ed)]
    return mine + [r for r in reading_ids() if reading_base(r) in mine]


def by_id(rid: str, where: str = "--ruleset", edition: Edition | None = None) -> dict[str, Any]:
    """The ruleset document of an id: a kind of the edition (the shipped one
    when none is given; EDITION/kind-N, kind-N or N) or a reading of one."""
    ed = _edition(edition)
    for k in kinds(ed):
        if rid in (ruleset_id(k, ed), f"kind-{k}", str(k)):
            return document(k, ed)
    if rid in ruleset_ids(ed):
        return reading_document(rid)
    raise InputError(where, None, f"no ruleset {rid!r}: one of {', '.join(ruleset_ids(ed))}")


@cache
def shared(rid: str) -> dict[str, Any]:
    """The shipped edition's ruleset of an id, as `by_id` gives it, read once a process and shared by every
    caller: never to be changed (resolve() reads it and copies what it writes). The matrix and the rulesets
    each case holds for read some 170 rulesets a build, each a fresh copy through by_id."""
    return by_id(rid)

