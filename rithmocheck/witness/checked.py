"""An edition's data files, each checked against its published schema before
any of it is used (issue 36).

Every YAML file of an edition that is data (edition.yaml, witness.yaml,
book.yaml, rules.yaml, examples.yaml, coverage.yaml, pages.yaml; the errata
are checked where they are read, rithmocheck.audit.errata) is read strictly
(rithmocheck.inputs: JSON data only) and validated against its schema in
rithmocheck/schema/ (SCHEMAS) before any code reads a field of it: a file
of the wrong shape is one line naming the file, the YAML line, the place and
the problem (exit 2), never a KeyError deep in the code that uses it.

Validating takes jsonschema-rs's verdict where it finds the data valid, and
python-jsonschema's (imported then, some 40 ms) where it does not
(rithmocheck.shape.surely_valid); a file once found valid is
remembered by its digest (rithmocheck.memo: the SHA-256 of its text and of
its schema's), so that a command run again on the same files does not
validate them again; within one process a text once found valid is not
validated again either. With the memo off (RITHMOCHECK_NO_CACHE=1, build
--no-cache) every file is validated once a process.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .. import memo
from ..inputs import load_text, read_text
from ..shape import READING, SCHEMA_DIR, Namer, check

# The schema of each data file of an edition, by its name.
SCHEMAS = {"edition.yaml": "edition-1.json", "witness.yaml": "witness-1.json", "book.yaml": "book-1.json",
           "rules.yaml": "rules-1.json", "examples.yaml": "examples-1.json", "coverage.yaml": "coverage-1.json",
           "pages.yaml": "pages-1.json"}


@cache
def _schema_digest(schema: str) -> str:
    return hashlib.sha256((SCHEMA_DIR / schema).read_bytes()).hexdigest()


def checked(text: str, path: str | Path, schema: str, namer: Callable[[Any], Namer] | None = None) -> Any:
    """The data of a file's text, read strictly and valid under `schema` (a file name in rithmocheck/schema/);
    InputError naming the file, its line and the problem otherwise. `namer`, given the data, names the items
    of a file that names its own (a passage by its id) in a message."""
    data = load_text(text, path)
    key = hashlib.sha256(f"{READING}\0{schema}\0{_schema_digest(schema)}\0".encode()
                         + text.encode("utf-8", "surrogatepass")).hexdigest()
    if key in _VALID:
        return data

    def validate() -> bool:
        check(data, schema, path, namer=namer(data) if namer is not None else None)
        return True

    memo.remember(f"valid-{schema.removesuffix('.json')}", key, validate, lambda v: v is True)
    _VALID.add(key)
    return data


# The digests of the texts found valid in this process (validity is a function of the text and the schema
# alone: kept whether or not the memo on disk is on).
_VALID: set[str] = set()


def load_checked(path: str | Path, schema: str, namer: Callable[[Any], Namer] | None = None) -> Any:
    """A data file of an edition, read and checked (`checked`)."""
    return checked(read_text(path), path, schema, namer)


def by_id(*levels: tuple[str, str]) -> Callable[[Any], Namer]:
    """A namer for a file whose items have ids, each level a list's key and what its items are: with
    ("passages", "passage"), ("statements", "statement"), "passage P: statement S: is" for
    passages[3].statements[2].is."""
    def namer(data: Any) -> Namer:
        def name(path: Sequence[Any]) -> tuple[str, Sequence[Any]]:
            names: list[str] = []
            node, rest = data, list(path)
            for key, what in levels:
                if len(rest) < 2 or rest[0] != key or not isinstance(rest[1], int):
                    break
                items = node.get(key) if isinstance(node, dict) else None
                node = items[rest[1]] if isinstance(items, list) and rest[1] < len(items) else None
                named = node.get("id") if isinstance(node, dict) else None
                names.append(f"{what} {named}" if isinstance(named, str) and named.strip() else f"{what} {rest[1] + 1}")
                rest = rest[2:]
            return ": ".join(names), rest
        return name
    return namer
