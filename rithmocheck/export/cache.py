"""The build cache: the same inputs give the same output/, so a build whose
inputs are byte for byte those of an earlier build takes that build's files
instead of making them again (as black and pytest keep theirs).

The key is the SHA-256 of everything the output depends on: every file of
the rithmocheck package (its code, templates, schemas and the shipped
edition), every regular file of the edition directory, the errata file and
the second witness, every file of the libraries that render (tabulate,
PyYAML, Jinja2, MarkupSafe), and the version of Python. A changed byte anywhere gives
another key; so does a renamed file. The cache holds the files of a build,
its summary lines and its exit code, as JSON, in
`$XDG_CACHE_HOME/rithmocheck/builds/` (else `~/.cache/rithmocheck/builds/`);
it keeps the newest KEEP builds and writes atomically. An entry is never
trusted when it cannot be read whole: a damaged, foreign or truncated entry
is a miss, and the build is made afresh. Nothing is cached when the inputs
are larger than MAX_INPUT_BYTES or cannot all be read (the build then runs
as without a cache, and reports whatever is wrong with them).
`build --no-cache` or `RITHMOCHECK_NO_CACHE=1` turns the cache off.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path

from ..digest import LIBRARIES, MAX_INPUT_BYTES, PACKAGE, digest
from ..memo import cache_root, keep_entry
from ..witness.edition import Edition
from .build import Build
from .parts import Parts

__all__ = ["LIBRARIES", "MAX_INPUT_BYTES", "PACKAGE", "cached_build", "edition_inputs", "key", "load", "store"]

FORMAT = 1  # of an entry; another format is a miss
KEEP = 4  # builds kept


def cache_dir() -> Path:
    return cache_root() / "builds"


def key(inputs: Iterable[Path]) -> str | None:
    """The build's key: the digest of its inputs (rithmocheck.digest) and of the entry's
    format; None when they cannot all be hashed."""
    return digest(inputs, salt=f"build format {FORMAT}")


def edition_inputs(ed: Edition) -> tuple[Path, ...]:
    """Every file the build of this edition can read: its directory, its
    errata and its second witness (either may lie outside it)."""
    return tuple(p for p in (ed.root, ed.errata_path, ed.second_witness_path) if p is not None)


def load(digest: str) -> Build | None:
    """The cached build of this key, or None (a miss) when there is none or
    it cannot be read whole."""
    path = cache_dir() / f"{digest}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files, messages, exit_code = data["files"], data["messages"], data["exit_code"]
        if (data.get("format") != FORMAT or data.get("key") != digest or not isinstance(files, dict)
                or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items())
                or not isinstance(messages, list) or not all(isinstance(m, str) for m in messages)
                or exit_code not in (0, 1)
                or data.get("sha256") != _digest_of(files, messages, exit_code)):
            return None
        return Build(files, tuple(messages), exit_code)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _digest_of(files: dict[str, str], messages: list[str], exit_code: int) -> str:
    """A checksum of an entry's contents, so that a damaged entry is a miss."""
    blob = json.dumps([sorted(files.items()), messages, exit_code], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def store(digest: str, done: Build) -> None:
    """Keep a build (atomically; the oldest beyond KEEP are removed). A cache
    that cannot be written is no error: the build stands either way."""
    keep_entry(cache_dir() / f"{digest}.json",
               {"format": FORMAT, "key": digest, "files": done.files, "messages": list(done.messages),
                "exit_code": done.exit_code, "sha256": _digest_of(done.files, list(done.messages), done.exit_code)},
               "*.json", KEEP)


def cached_build(ed: Edition, make: Callable[[Edition, Parts | None], Build]) -> tuple[Build, bool]:
    """The build of `ed` and whether it came from the cache: a hit when an
    earlier build had the same key, else made by `make` (with the
    remembered parts that depend on neither the transcriptions of the
    tables nor the errata, rithmocheck.export.parts) and kept (a build is kept whatever
    its exit code; bad input raises before anything is)."""
    digest = key(edition_inputs(ed))
    if digest is not None:
        hit = load(digest)
        if hit is not None:
            return hit, True
    done = make(ed, Parts.of(ed))
    if digest is not None:
        store(digest, done)
    return done, False
