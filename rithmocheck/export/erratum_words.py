"""The words of an erratum where a worked example prints a ratio by its
name: what both renderings of the errata, the standalone TEI errata
(rithmocheck.export.errata) and the TEI text (rithmocheck.export.tei),
write in place of the numbers. Its own module, so that neither of the two
imports the other for it."""

from __future__ import annotations

import hashlib

from ..audit.errata import Erratum, Replace
from ..witness.edition import Edition
from ..witness.examples import ExamplePosition


def ratio_name_words(e: Erratum, edition: Edition) -> tuple[str, str] | None:
    """The words of an erratum on a ratio name of a worked example: the name
    as printed, and the name of the ratio it corrects to; None for a number."""
    p = e.position
    if not isinstance(p, ExamplePosition) or p.number is None or not isinstance(e.corr, Replace) \
            or len(e.corr.numbers) != 2:
        return None
    from .. import memo

    number, numbers = p.number, e.corr.numbers
    if not memo.enabled():
        return _words(p.example, number, numbers, edition)
    # remembered by the package, the worked examples and the witness they quote (so that the errata are written
    # again without reading the worked examples)
    from .incremental import code_digest, file_digest

    key = "\0".join((code_digest(), file_digest(edition.examples_path), file_digest(edition.witness_path),
                     p.example, number, repr(tuple(numbers))))
    found = memo.remember("ratio-name-words", hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest(),
                          lambda: _words(p.example, number, numbers, edition),
                          lambda v: v is None or (isinstance(v, list) and len(v) == 2))
    return None if found is None else (str(found[0]), str(found[1]))


def _words(example: str, number: str, numbers: tuple[int, ...], edition: Edition) -> tuple[str, str] | None:
    from ..model.ratio_names import ratio_name

    for x in edition.example_passages_of((example,)):
        t = x.token.get(number) if x.id == example else None
        if t is not None and t.kind == "name":
            try:
                return t.printed, ratio_name(*numbers).name
            except ValueError:
                return None
    return None
