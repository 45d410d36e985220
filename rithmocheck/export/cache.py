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
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from ..witness.edition import Edition
from .build import Build

PACKAGE = Path(__file__).resolve().parent.parent
FORMAT = 1  # of an entry; another format is a miss
KEEP = 4  # builds kept
MAX_INPUT_BYTES = 64_000_000  # inputs beyond this are not hashed: no caching
LIBRARIES = ("tabulate", "yaml", "jinja2", "markupsafe")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rithmocheck" / "builds"


class _Uncacheable(Exception):
    """An input the key cannot cover: the build is made without the cache."""


def _files_under(root: Path) -> list[Path]:
    """Every file below root, in a fixed order (bytecode aside). A linked
    directory is not walked into (it could loop), so its files could change
    unseen: such a tree is not cached at all."""
    out: list[Path] = []
    for directory, dirs, files in os.walk(root):
        if any(os.path.islink(os.path.join(directory, d)) for d in dirs):
            raise _Uncacheable(directory)
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out += [Path(directory) / f for f in sorted(files) if not f.endswith((".pyc", ".pyo"))]
    return out


def _versions() -> str:
    return f"format {FORMAT}; python {sys.version}; {sys.implementation.cache_tag}"


def _library_dirs() -> list[Path]:
    """The directories of the rendering libraries (found, not imported: a
    cached build never imports Jinja2)."""
    from importlib.util import find_spec

    dirs = []
    for name in LIBRARIES:
        spec = find_spec(name)
        if spec is not None and spec.origin:
            dirs.append(Path(spec.origin).parent)
    return dirs


def key(inputs: Iterable[Path]) -> str | None:
    """The SHA-256 of Python's version, and of the name and bytes of every
    file of the package, of the rendering libraries and of `inputs`
    (directories are walked); None when an input cannot be read as a
    regular file, a directory holds a link to a directory, or they are too
    large."""
    h = hashlib.sha256(_versions().encode() + b"\n")
    seen: set[Path] = set()
    total = 0
    try:
        paths: list[Path] = _files_under(PACKAGE)
        for path in [*_library_dirs(), *inputs]:
            paths += _files_under(path) if path.is_dir() else [path]
    except _Uncacheable:
        return None
    for path in paths:
        try:
            real = path.resolve()
            if real in seen:
                continue
            seen.add(real)
            st = os.stat(real)
            if not stat.S_ISREG(st.st_mode):
                return None
            total += st.st_size
            if total > MAX_INPUT_BYTES:
                return None
            data = real.read_bytes()
        except (OSError, RuntimeError):  # unreadable, a loop of links
            return None
        name = str(path.relative_to(PACKAGE)) if path.is_relative_to(PACKAGE) else str(path.absolute())
        h.update(name.encode("utf-8", "surrogateescape") + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


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
    directory = cache_dir()
    tmp = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".build-", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"format": FORMAT, "key": digest, "files": done.files, "messages": list(done.messages),
                       "exit_code": done.exit_code,
                       "sha256": _digest_of(done.files, list(done.messages), done.exit_code)}, fh)
        os.replace(tmp, directory / f"{digest}.json")
        tmp = None
        entries = sorted(directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def cached_build(ed: Edition, make: Callable[[Edition], Build]) -> tuple[Build, bool]:
    """The build of `ed` and whether it came from the cache: a hit when an
    earlier build had the same key, else made by `make` and kept (a build
    is kept whatever its exit code; bad input raises before anything is)."""
    digest = key(edition_inputs(ed))
    if digest is not None:
        hit = load(digest)
        if hit is not None:
            return hit, True
    done = make(ed)
    if digest is not None:
        store(digest, done)
    return done, False
