"""The build cache: the same inputs give the same output/, so a build whose
inputs are byte for byte those of an earlier build takes that build's files
(from the memo, rithmocheck.memo, where each part of the build is kept)
instead of making them again (as black and pytest keep theirs); and where
OUT already holds those very files, as a build wrote them, nothing is
written at all.

The key is the SHA-256 of everything the output depends on: every file of
the rithmocheck package (its code, templates, schemas and the shipped
edition), every file of the rendering libraries (tabulate, PyYAML, Jinja2,
MarkupSafe) and the version of Python (rithmocheck.digest), and every
regular file of the edition directory, its errata and its second witness. A
changed byte anywhere gives another key; so does a renamed file. What the
key keeps is small: the memo's keys of the build's parts, its summary lines,
its exit code and the SHA-256 of its manifest. A build after an edit misses
here, and takes from the memo every part the edit did not touch
(rithmocheck.export.incremental). `build --no-cache` or
`RITHMOCHECK_NO_CACHE=1` turns both off.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .. import memo
from ..digest import LIBRARIES, MAX_INPUT_BYTES, PACKAGE
from ..witness.edition import Edition
from .build import Build, build
from .incremental import FORMAT as PARTS_FORMAT
from .incremental import FileSet, PartFiles, sha256
from .parts import EditionJob

__all__ = ["LIBRARIES", "MAX_INPUT_BYTES", "PACKAGE", "Head", "cached_build", "edition_inputs", "head_key"]

FORMAT = 2  # of the head of a build kept; another format is a miss


def edition_inputs(ed: Edition) -> tuple[Path, ...]:
    """Every file the build of this edition can read: its directory, its
    errata and its second witness (either may lie outside it)."""
    return tuple(p for p in (ed.root, ed.errata_path, ed.second_witness_path) if p is not None)


def _files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            for directory, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                out += [Path(directory) / n for n in sorted(names)]
        else:
            out.append(path)
    return out


def head_key(job: EditionJob) -> str | None:
    """The key of the build's head: the digest of the package, the libraries, Python's version and every file
    of the edition (its directory, errata and second witness); None when an input cannot be read (or they are
    larger than MAX_INPUT_BYTES): no cache then."""
    if job.code == "uncacheable" or not job.remember:
        return None
    h = hashlib.sha256(f"build format {FORMAT}; parts format {PARTS_FORMAT}; {job.code}\n".encode())
    for path in _files(edition_inputs(job.ed)):  # (job.remember: every one a regular file, within the bound)
        h.update(f"{path.absolute()}\0{job._read(path)}\n".encode("utf-8", "surrogateescape"))
    return f"build:{h.hexdigest()}"


class Head:
    """A build kept: the keys of its parts in the memo, its summary lines, its exit code, its manifest's
    SHA-256 (an OUT holding exactly its files needs nothing written)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.parts: list[str] = [str(k) for k in data["parts"]]
        self.messages = tuple(str(m) for m in data["messages"])
        self.exit_code = int(data["exit_code"])
        self.manifest = str(data["manifest"])
        if self.exit_code not in (0, 1):
            raise ValueError("exit code")

    def files(self) -> FileSet | None:
        """The build's files, from the memo, their texts read when asked for (None when a part is gone)."""
        out = FileSet()
        found = memo.get_many(self.parts)
        for key in self.parts:
            hit = found.get(key)
            if hit is None or not isinstance(hit[0], dict) or not isinstance(hit[0].get("files"), dict):
                return None
            out.add(PartFiles(hit[0]["files"], None, key))
        return out


def load_head(key: str) -> Head | None:
    found = memo.get(key)
    if found is None:
        return None
    try:
        return Head(found[0])
    except (KeyError, TypeError, ValueError):
        return None


def cached_build(ed: Edition) -> tuple[Build | Head, bool]:
    """The build of `ed` and whether it came from the cache: its head (its files in the memo) when an earlier
    build had the same key, else made (its parts taken from the memo where their inputs are unchanged) and its
    head kept (whatever its exit code; bad input raises before anything is)."""
    from .outfiles import manifest_text

    job = EditionJob(ed)
    key = head_key(job)
    if key is not None:
        head = load_head(key)
        if head is not None:
            return head, True
    done = build(ed, job=job)
    if key is not None and done.keys:
        parts = [k for name, k in sorted(done.keys.items()) if name.startswith("out/")]
        known = done.files if isinstance(done.files, FileSet) else None
        memo.put(key, {"parts": parts, "messages": list(done.messages), "exit_code": done.exit_code,
                       "manifest": sha256(manifest_text(done.files, known))})
    return done, False
