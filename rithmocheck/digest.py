"""The digest of what a piece of work depends on: the SHA-256 of Python's
version, of the name and bytes of every file of the rithmocheck package
(its code, templates, schemas and the shipped edition), of the libraries
that render (tabulate, PyYAML, Jinja2, MarkupSafe) and of the given inputs
(directories walked), less any file an `exclude` predicate names. A changed
byte anywhere gives another digest; so does a renamed file. None when an
input cannot be read as a regular file, a directory holds a link to a
directory (its files could change unseen), or the inputs are larger than
MAX_INPUT_BYTES: the work is then done without a cache.

Used by the build cache (rithmocheck.export.cache) and to key the work
remembered by rithmocheck.memo: the build's parts (rithmocheck.export.parts)
and the symbolic proofs `explain` gives (rithmocheck.tables.explain)."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MAX_INPUT_BYTES = 64_000_000  # inputs beyond this are not hashed: no caching
LIBRARIES = ("tabulate", "yaml", "jinja2", "markupsafe")


class _Uncacheable(Exception):
    """An input the digest cannot cover."""


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
    return f"python {sys.version}; {sys.implementation.cache_tag}"


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


def digest(inputs: Iterable[Path], salt: str = "", exclude: Callable[[Path], bool] | None = None) -> str | None:
    """The SHA-256 of `salt`, Python's version, and the name and bytes of
    every file of the package, of the rendering libraries and of `inputs`
    (directories are walked), each file whose resolved path `exclude` names
    left out; None when they cannot all be hashed (see the module)."""
    h = hashlib.sha256(f"{salt}; {_versions()}\n".encode())
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
            if real in seen or (exclude is not None and exclude(real)):
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
