"""A memo on disk of work whose result is plain JSON and whose key the
caller derives from everything the work depends on (a SHA-256): the
alignment of the two witnesses (keyed by the two texts' tokens), the
rulesets each conformance case holds for (keyed by the package and the
edition's files apart from its transcriptions and errata). A key that
changes with every input makes a stale entry impossible; the memo only
saves time.

Entries are kept in `$XDG_CACHE_HOME/rithmocheck/memo/` (else
`~/.cache/rithmocheck/memo/`), the newest KEEP of each name, written
atomically. An entry that cannot be read whole, is foreign, or whose
checksum fails is a miss: the work is done afresh. A memo that cannot be
written is no error. With `RITHMOCHECK_NO_CACHE=1`, and within `off()`
(build --no-cache), it is neither read nor written."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

FORMAT = 1
KEEP = 4  # entries kept of each name
_off = False


def cache_root() -> Path:
    """$XDG_CACHE_HOME/rithmocheck, else ~/.cache/rithmocheck."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rithmocheck"


def memo_dir() -> Path:
    return cache_root() / "memo"


@contextmanager
def off() -> Iterator[None]:
    """Neither read nor write the memo within the block (build --no-cache)."""
    global _off
    before, _off = _off, True
    try:
        yield
    finally:
        _off = before


def enabled() -> bool:
    return not _off and os.environ.get("RITHMOCHECK_NO_CACHE", "").strip().lower() not in ("1", "true", "yes", "on")


def _path(name: str, key: str) -> Path:
    return memo_dir() / f"{name}-{key}.json"


def remember(name: str, key: str, make: Callable[[], Any], valid: Callable[[Any], bool] = lambda _v: True) -> Any:
    """The value of the work `name` under `key` (JSON data): remembered, or made by `make` and kept. A
    remembered value that `valid` refuses (of the wrong shape for its reader) is made again."""
    if not enabled():
        return make()
    path = _path(name, key)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if (data.get("format") == FORMAT and data.get("name") == name and data.get("key") == key
                and data.get("sha256") == checksum(data.get("value")) and valid(data["value"])):
            return data["value"]
    except (OSError, ValueError, AttributeError):
        pass
    value = make()
    _store(name, key, value)
    return value


def _store(name: str, key: str, value: Any) -> None:
    keep_entry(_path(name, key), {"format": FORMAT, "name": name, "key": key, "value": value,
                                  "sha256": checksum(value)}, f"{name}-*.json", KEEP)


def keep_entry(path: Path, data: dict[str, Any], pattern: str, keep: int) -> None:
    """Write an entry of a cache as JSON, atomically, and remove the oldest of those matching `pattern` in its
    directory beyond `keep`. A cache that cannot be written is no error: the work stands either way."""
    directory = path.parent
    tmp = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".entry-", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, path)
        tmp = None
        entries = sorted(directory.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[keep:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def checksum(value: Any) -> str:
    """The SHA-256 of a JSON value (its keys sorted)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
