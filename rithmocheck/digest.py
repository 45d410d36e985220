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
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent
MAX_INPUT_BYTES = 64_000_000  # inputs beyond this are not hashed: no caching
LIBRARIES = ("tabulate", "yaml", "jinja2", "markupsafe")


class _Uncacheable(Exception):
    """An input the digest cannot cover."""


def _files_under(root: Path) -> list[tuple[Path, Path]]:
    """Every file below root, in a fixed order (bytecode aside), each with its resolved path (the directory
    resolved once; a file that is a link, alone). A linked directory is not walked into (it could loop), so
    its files could change unseen: such a tree is not cached at all."""
    out: list[tuple[Path, Path]] = []
    real_root = root.resolve()

    def walk(directory: str, real: str) -> None:
        with os.scandir(directory) as it:
            entries = sorted(it, key=lambda e: e.name)
        subdirs = []
        for e in entries:
            if e.is_dir(follow_symlinks=True):
                if e.is_symlink():
                    raise _Uncacheable(directory)
                if e.name != "__pycache__":
                    subdirs.append(e.name)
            elif not e.name.endswith((".pyc", ".pyo")):
                path = Path(e.path)
                out.append((path, path.resolve() if e.is_symlink() else Path(real, e.name)))
        for name in subdirs:
            walk(os.path.join(directory, name), os.path.join(real, name))

    walk(str(root), str(real_root))
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


def digest(inputs: Iterable[Path], salt: str = "", exclude: Callable[[Path], bool] | None = None,
           package: bool = True) -> str | None:
    """The SHA-256 of `salt`, Python's version, and the name and bytes of
    every file of the package and of the rendering libraries (unless
    `package` is False) and of `inputs` (directories are walked), each file
    whose resolved path `exclude` names left out; None when they cannot all
    be hashed (see the module). A file's SHA-256 is taken from `HASHES`
    while the file stands as it was hashed."""
    h = hashlib.sha256(f"{salt}; {_versions()}\n".encode())
    seen: set[Path] = set()
    total = 0
    try:
        paths: list[tuple[Path, Path | None]] = list(_files_under(PACKAGE)) if package else []
        for path in [*(_library_dirs() if package else []), *inputs]:
            paths += _files_under(path) if path.is_dir() else [(path, None)]
    except _Uncacheable:
        return None
    known = _Hashes.load()
    inside = str(PACKAGE) + os.sep
    try:
        for path, resolved in paths:
            try:
                real = resolved if resolved is not None else path.resolve()
                if real in seen or (exclude is not None and exclude(real)):
                    continue
                seen.add(real)
                st = os.stat(real)
                if not stat.S_ISREG(st.st_mode):
                    return None
                total += st.st_size
                if total > MAX_INPUT_BYTES:
                    return None
                sha = known.sha256(real, st)
            except (OSError, RuntimeError):  # unreadable, a loop of links
                return None
            text = str(path)
            name = text[len(inside):] if text.startswith(inside) else str(path.absolute())
            h.update(name.encode("utf-8", "surrogateescape") + b"\0" + sha)
    finally:
        known.save()
    return h.hexdigest()


HASHES = "hashes.json"  # in the cache's directory: each file's SHA-256 by its path, as it stood when hashed


class _Hashes:
    """The SHA-256 of files as they stood when hashed (their size, times, inode), kept between runs (as git's
    index keeps them), so that the digest of the package reads only what changed. An entry is trusted only
    when the file stands as it did and had stood still for two seconds before it was hashed (a file changed
    within the same tick as its hashing would look unchanged); otherwise it is hashed again. With the memo
    off, nothing is kept."""

    SETTLED = 2_000_000_000  # ns a file must have stood before it was hashed for its entry to be trusted
    _process: dict[Path, dict[str, list[Any]]] = {}  # read once per process, by where it is kept

    def __init__(self, entries: dict[str, list[Any]], path: Path | None) -> None:
        self.entries, self.path, self.changed = entries, path, False

    @classmethod
    def load(cls) -> _Hashes:
        from .memo import cache_root, enabled

        if not enabled():
            return cls({}, None)
        path = cache_root() / HASHES
        if path not in cls._process:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                cls._process[path] = data if isinstance(data, dict) else {}
            except (OSError, ValueError):
                cls._process[path] = {}
        return cls(cls._process[path], path)

    def sha256(self, real: Path, st: os.stat_result) -> bytes:
        key = str(real)
        stamp = [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]
        entry = self.entries.get(key)
        if (isinstance(entry, list) and len(entry) == 6 and entry[:4] == stamp
                and isinstance(entry[5], str) and entry[4] - max(stamp[1], stamp[2]) > self.SETTLED):
            try:
                return bytes.fromhex(entry[5])
            except ValueError:
                pass
        sha = hashlib.sha256(real.read_bytes()).digest()
        if self.path is not None:
            self.entries[key] = [*stamp, time.time_ns(), sha.hex()]
            self.changed = True
        return sha

    def save(self) -> None:
        """Keep the entries (atomically; an entry of a file gone stays until the file list is pruned)."""
        if not self.changed or self.path is None:
            return
        self.changed = False
        import tempfile

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".hashes-", suffix=".tmp", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(dict(list(self.entries.items())[-20_000:]), fh)
            os.replace(tmp, self.path)
        except OSError:
            pass
