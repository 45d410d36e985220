"""Collation of the transcription with the second witness, the EEBO-TCP
keying of the same book (A05389): every transcribed table against the TCP
table it comes from, and the numbers of the worked examples against the TCP
text.

How the two are tied. The primary witness and the TCP text are aligned token
by token (rithmocheck.witness.align: numbers, cossick signs, spelling
skeletons of words). Each token of a transcription's run stands at a witness
line and column, so each cell of the transcription is tied to the TCP tokens
of its own tokens, and through them to TCP table cells (table, row, grid
column) or to the TCP's running text.

What is compared, passage by passage:

* a block whose cells stand in a TCP table is compared cell by cell
  (method `cells`): the block holds one TCP table; its columns stand in the
  TCP's order (each column is the span of grid columns its entries occupy);
  each cell stands under its column, in its row (the block's rows are the
  table's rows, shifted by one offset for the whole block), in one TCP cell
  or one row of cells of its column; its role fits the TCP cell's place (a
  number alone in an entry's first cell is an entry's first term, alone in
  an inner cell a group head or a stated count, a number beside "noth." a
  nothing line, words a heading or label); a blank cell has nothing of the
  TCP beginning there; a TCP heading that stands immediately before its
  table belongs to the table's block, above its first row;
* a block in the TCP's running text: words that the TCP sets as a heading
  (div/head) are headings; its numbers and signs as below;
* runs set in prose in both witnesses (`tokens: numbers`: the men, the
  kings, the kind-2 kings, the kind-3 list, the marking with cossick signs)
  are compared by their numbers in order (method `numbers`), with the
  cossick signs the TCP sets after each number;
* everywhere, every number and cossick sign of a cell against the TCP
  tokens it is tied to, and every number or sign of the TCP within the
  run's stretch that the run lacks;
* the worked examples (method `examples`): the numbers and signs of each
  example's quote, at its witness lines, against the TCP text, and any
  number of the TCP in that stretch that the quote lacks.

Recorded readings. Where the witnesses legitimately differ, the
transcription records on the cell a reading (layout.Reading: the kind of
disagreement, what the TCP has, why the transcription reads otherwise). A
disagreement is explained only by a reading of its own cell with its kind
and its TCP value; a reading that explains nothing is itself reported.
What stands of a collation is its unexplained disagreements (the exit code
is the pipeline's Outcome's: rithmocheck.pipeline.outcome).

Aligning the two witnesses takes about a second, so the build reads the
collation of the shipped edition from a generated file beside it
(collation.json, written by tools/write_collation.py and keyed by the
SHA-256 of every input; a test fails when it is stale) and collates afresh
whenever an input differs. The comparison itself is
rithmocheck.witness.compare, imported only when a collation is run.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ..errors import InputError
from .disagreements import KINDS as KINDS
from .disagreements import METHODS as METHODS
from .disagreements import CollationReport as CollationReport
from .disagreements import Disagreement as Disagreement
from .disagreements import Kind as Kind
from .disagreements import PassageCollation as PassageCollation
from .edition import Edition
from .examples import EXAMPLES

COLLATION_SCHEMA_ID = "urn:rithmocheck:schema:collation-1"
CACHE_FILE = "collation.json"  # in the edition's directory, beside pages.yaml

# The report's types (Kind, KINDS, Disagreement, PassageCollation, CollationReport) are
# rithmocheck.witness.disagreements's, imported above for the code that names them from here.


# --- the edition ------------------------------------------------------------------------------------


def second_witness(edition: Edition) -> Path | None:
    """The TCP keying the edition names (edition.yaml: `second_witness`), or
    None when it names none; InputError when the file is missing."""
    path = edition.second_witness_path
    if path is None:
        return None
    if not Path(path).is_file():
        raise InputError(path, None, "the edition's second witness (edition.yaml: second_witness) is missing")
    return Path(path)


def collate(edition: Edition, ids: Iterable[str] = ()) -> CollationReport:
    """Collate the edition's transcriptions (only the passages `ids`, and
    'examples' for the worked examples, when given) with its second witness."""
    path = second_witness(edition)
    if path is None:
        raise InputError(edition.root / "edition.yaml", None, "the edition names no second_witness to collate with")
    from .compare import collate_examples, collate_passage, ties_of

    wanted = select(edition, ids)
    ties = ties_of(edition.witness, str(path), edition.page_map)
    results = [collate_passage(p, ties, edition.page_at) for p in edition.passages if p.passage in wanted]
    if EXAMPLES in wanted:
        results.append(collate_examples(edition.example_passages, edition.witness, ties))
    return CollationReport(tuple(r[0] for r in results), tuple(d for r in results for d in r[1]), _sha256(path))


def select(edition: Edition, ids: Iterable[str]) -> frozenset[str]:
    """The passages asked for (every one and the examples when none is);
    an unknown id is bad input."""
    known = [p.passage for p in edition.passages] + [EXAMPLES]
    ids = tuple(ids)
    for i in ids:
        if i not in known:
            raise InputError(edition.tables_dir, None, f"no passage {i!r} (passages: {', '.join(known)})")
    return frozenset(ids or known)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- the collation the build writes: cached beside the edition ----------------------------------------


def inputs_digest(edition: Edition, tcp_path: Path) -> str:
    """The SHA-256 of everything the collation reads: the witness, its page
    map, the transcriptions, the worked examples and the TCP keying."""
    from ..inputs import read_bytes
    from .edition import WITNESS_BYTES
    from .tcp import TCP_BYTES

    h = hashlib.sha256()
    files = [edition.witness_path, edition.pages_path, edition.examples_path, *edition.passage_files(), tcp_path]
    for p in files:  # each read within its bound (InputError naming a file too large)
        limit = WITNESS_BYTES if p == edition.witness_path else TCP_BYTES if p == tcp_path else None
        data = (read_bytes(p) if limit is None else read_bytes(p, limit)) if p.is_file() else b""
        name = p.relative_to(edition.root).as_posix() if p.is_relative_to(edition.root) else p.name
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def cache_text(edition: Edition, report: CollationReport) -> str:
    """The cache file: the collation of the whole edition with the digest of its inputs."""
    path = second_witness(edition)
    assert path is not None
    data = {"comment": "Generated by tools/write_collation.py; do not edit (a test fails when stale). "
                       "rithmocheck build reads the collation from here while `inputs` is the SHA-256 of its "
                       "inputs, and collates afresh otherwise.",
            "inputs": inputs_digest(edition, path), "report": report.as_dict()}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def edition_collation(edition: Edition) -> CollationReport | None:
    """The collation of the whole edition (None when it has no second
    witness): read from the cache file while its inputs are unchanged,
    else collated afresh; kept by the edition and the digest of its inputs."""
    path = second_witness(edition)
    if path is None:
        return None
    return _edition_collation(edition, path, inputs_digest(edition, path))


@lru_cache(maxsize=4)
def _edition_collation(edition: Edition, path: Path, digest: str) -> CollationReport:
    cache = edition.root / CACHE_FILE
    if cache.is_file():
        from ..inputs import load_json, read_text

        try:
            data = load_json(read_text(cache), cache)
            if isinstance(data, dict) and data.get("inputs") == digest:
                return CollationReport.from_dict(data["report"])
        except Exception:  # noqa: BLE001 - a damaged cache, whatever its damage, is collated afresh
            pass
    return collate(edition)

