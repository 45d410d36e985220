"""The parts of a build that depend on neither the transcriptions of the
tables nor the errata, remembered (rithmocheck.memo) so that a build after
one edited table or erratum does not make them again: which rulesets each
conformance case holds for (some 110 cases under 16 rulesets, a third of a
cold build's processor time).

Their key is the digest (rithmocheck.digest) of the package, the
rendering libraries, Python's version and every file the build of the
edition reads apart from its tables' transcriptions and its errata file: a
change to anything else (the witness, the worked examples, the rules, the
code) is another key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..digest import digest
from ..memo import remember
from ..witness.edition import Edition

FORMAT = 1


class Parts:
    """The remembered parts of one edition's build, under one key."""

    def __init__(self, key: str) -> None:
        self.key = key

    @staticmethod
    def of(ed: Edition) -> Parts | None:
        """The parts of `ed`'s build: None when its inputs cannot all be hashed."""
        tables = ed.tables_dir.resolve()
        errata = ed.errata_path.resolve()
        inputs = tuple(p for p in (ed.root, ed.second_witness_path) if p is not None)
        key = digest(inputs, salt=f"parts format {FORMAT}",
                     exclude=lambda p: p == errata or p.is_relative_to(tables))
        return None if key is None else Parts(key)

    def get(self, name: str, make: Callable[[], Any], valid: Callable[[Any], bool] = lambda _v: True) -> Any:
        """The part `name` (JSON data): remembered (when `valid` accepts it), or made by `make` and kept."""
        return remember(name, self.key, make, valid)
