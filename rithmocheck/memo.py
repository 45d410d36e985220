"""A memo on disk of work whose result is plain JSON and whose key the
caller derives from everything the work depends on (a SHA-256): the parts
of a build (rithmocheck.export.incremental: a table's audit, a passage's
collation, a page of the HTML edition, ...), the alignment of the two
witnesses page by page (keyed by the two pages' tokens), the rulesets each
conformance case holds for, `explain`'s symbolic proofs. A key that changes
with every input makes a stale entry impossible; the memo only saves time.

The entries are kept in one SQLite database,
`$XDG_CACHE_HOME/rithmocheck/memo.sqlite3` (else
`~/.cache/rithmocheck/memo.sqlite3`), each as its JSON text with a CRC-32
and the SHA-256 of the value (a part's identity for the parts that read
it), and the time it was last used. Writes are kept in one transaction and
committed when the process ends (or at `flush()`); the entries beyond
MAX_ENTRIES or MAX_BYTES, least recently used first, are then removed. An
entry that cannot be read whole, is foreign, or whose CRC fails is a miss:
the work is done afresh. A database that cannot be opened, or is damaged
beyond reading, is set aside and made anew; a memo that cannot be written
is no error. Concurrent processes share the database (SQLite's locking; a
writer waits up to TIMEOUT seconds, then gives up writing). A process forked
from one that had the database open opens its own.

With `RITHMOCHECK_NO_CACHE=1`, and within `off()` (build --no-cache), the
memo is neither read nor written."""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

FORMAT = 2  # of the database; another is set aside and made anew
MAX_ENTRIES = 20_000
MAX_BYTES = 400_000_000  # of the values' text
TIMEOUT = 5.0  # seconds a writer waits for another
DATABASE = "memo.sqlite3"
_off = False


def cache_root() -> Path:
    """$XDG_CACHE_HOME/rithmocheck, else ~/.cache/rithmocheck."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rithmocheck"


def memo_path() -> Path:
    return cache_root() / DATABASE


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


def checksum(value: Any) -> str:
    """The SHA-256 of a JSON value (its keys sorted): a value's identity."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class _Database:
    """The open database of this process, with the writes and uses not yet committed."""

    def __init__(self, path: Path) -> None:
        import sqlite3

        self.path = path
        self.pid = os.getpid()
        self.error = sqlite3.Error
        self.touched: set[str] = set()
        self.written = False
        self.written_count = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), timeout=TIMEOUT, isolation_level=None, check_same_thread=False)
        try:
            self._prepare()
        except sqlite3.DatabaseError:  # not a database, or damaged: set aside, made anew
            self.db.close()
            _set_aside(path)
            self.db = sqlite3.connect(str(path), timeout=TIMEOUT, isolation_level=None, check_same_thread=False)
            self._prepare()

    def _prepare(self) -> None:
        db = self.db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        found = db.execute("SELECT value FROM meta WHERE name = 'format'").fetchone()
        if found is not None and found[0] != str(FORMAT):
            db.execute("DROP TABLE IF EXISTS entries")
        db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, "
                   "crc INTEGER NOT NULL, digest TEXT NOT NULL, used INTEGER NOT NULL)")
        db.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (str(FORMAT),))
        db.execute("SELECT count(*) FROM entries").fetchone()  # reads the file: a damaged one fails here

    def get(self, key: str) -> tuple[Any, str] | None:
        row = self.db.execute("SELECT value, crc, digest FROM entries WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        text, crc, digest = row
        if not isinstance(text, str) or zlib.crc32(text.encode("utf-8", "surrogatepass")) != crc:
            return None
        self.touched.add(key)
        return json.loads(text), str(digest)

    def _count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM entries").fetchone()[0])

    def get_many(self, keys: list[str]) -> dict[str, tuple[Any, str]]:
        out: dict[str, tuple[Any, str]] = {}
        for i in range(0, len(keys), 500):
            chunk = keys[i:i + 500]
            rows = self.db.execute(f"SELECT key, value, crc, digest FROM entries WHERE key IN "
                                   f"({','.join('?' * len(chunk))})", chunk).fetchall()
            for key, text, crc, digest in rows:
                if isinstance(text, str) and zlib.crc32(text.encode("utf-8", "surrogatepass")) == crc:
                    out[key] = (json.loads(text), str(digest))
                    self.touched.add(key)
        return out

    def put(self, key: str, value: Any, digest: str) -> None:
        text = json.dumps(value, ensure_ascii=False)
        self.written_count += 1
        if not self.written:
            self.db.execute("BEGIN IMMEDIATE")
            self.written = True
        self.db.execute("INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?, ?)",
                        (key, text, zlib.crc32(text.encode("utf-8", "surrogatepass")), digest, int(time.time())))

    def flush(self) -> None:
        """Commit the writes, mark the entries used, remove the least recently used beyond the bounds."""
        if not self.written and not self.touched:
            return
        if not self.written:
            self.db.execute("BEGIN IMMEDIATE")
            self.written = True
        now = int(time.time()) // 60 * 60  # (to the minute: an entry used again within it is not written again)
        # (a part of files is used with its texts, kept apart: both are kept, or neither)
        touched = sorted(self.touched | {f"text:{k}" for k in self.touched if k.startswith("part:")})
        self.db.executemany("UPDATE entries SET used = ? WHERE key = ? AND used < ?",
                            [(now, k, now) for k in touched])
        pages, page_size = (self.db.execute("PRAGMA page_count").fetchone()[0],
                            self.db.execute("PRAGMA page_size").fetchone()[0])
        if pages * page_size > MAX_BYTES or (self.written_count > 0 and self._count() > MAX_ENTRIES):
            count = self._count()
            keep = min(MAX_ENTRIES, max(1, int(count * MAX_BYTES / max(pages * page_size, 1)))) * 3 // 4
            self.db.execute("DELETE FROM entries WHERE key IN (SELECT key FROM entries ORDER BY used ASC, key "
                            "LIMIT ?)", (max(0, count - keep),))
        self.db.execute("COMMIT")
        self.written_count = 0
        self.written = False
        self.touched.clear()


_db: _Database | None = None
_broken = False  # the database could not be opened in this process: no memo
_orphans: list[Any] = []  # connections inherited across a fork: never used, never closed, by the child


def _set_aside(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        try:
            os.replace(f"{path}{suffix}", f"{path}{suffix}.damaged")
        except OSError:
            pass


_broken_at: Path | None = None


def _database() -> _Database | None:
    """This process's database, opened on first use (again when XDG_CACHE_HOME names another place); None when
    it cannot be (no memo then)."""
    global _db, _broken, _broken_at
    if _db is not None and _db.pid != os.getpid():  # inherited across a fork: open our own
        _orphans.append(_db)
        _db = None
    path = memo_path()
    if _db is not None and _db.path != path:
        close()
    if _broken and _broken_at != path:
        _broken = False
    if _db is None and not _broken:
        try:
            _db = _Database(path)
        except Exception:  # noqa: BLE001 - no SQLite, a read-only or damaged cache: the work is done afresh
            _broken, _broken_at = True, path
            _db = None
    return _db


def _failed() -> None:
    """The database failed mid-use: no memo for the rest of this process."""
    global _db, _broken, _broken_at
    _broken, _broken_at = True, memo_path()
    if _db is not None:
        try:
            _db.db.close()
        except Exception:  # noqa: BLE001
            pass
    _db = None


def has(key: str) -> bool:
    """Whether a value is remembered under `key` (not read)."""
    if not enabled():
        return False
    db = _database()
    if db is None:
        return False
    try:
        return db.db.execute("SELECT 1 FROM entries WHERE key = ?", (key,)).fetchone() is not None
    except db.error:
        return False


def get(key: str) -> tuple[Any, str] | None:
    """The remembered value under `key` and its digest (checksum), or None."""
    if not enabled():
        return None
    db = _database()
    if db is None:
        return None
    try:
        return db.get(key)
    except (db.error, ValueError):
        return None


_deferred: list[tuple[str, Any, str]] | None = None  # puts kept for another process to write (`deferred`)


@contextmanager
def deferred() -> Iterator[list[tuple[str, Any, str]]]:
    """Within the block, what is remembered is collected (key, value, digest) instead of written: a worker
    process hands it to the process that forked it, which writes it (`put` each), so that two processes
    never wait on each other's transaction."""
    global _deferred
    before, _deferred = _deferred, []
    try:
        yield _deferred
    finally:
        _deferred = before


def get_many(keys: list[str]) -> dict[str, tuple[Any, str]]:
    """The remembered values (with their digests) of those of `keys` the memo holds, in one query."""
    if not enabled() or not keys:
        return {}
    db = _database()
    if db is None:
        return {}
    try:
        return db.get_many(keys)
    except (db.error, ValueError):
        return {}


def put(key: str, value: Any, digest: str | None = None) -> str:
    """Remember `value` (JSON data) under `key` (committed at `flush`, or when the process ends); its digest."""
    digest = checksum(value) if digest is None else digest
    if not enabled():
        return digest
    if _deferred is not None:
        _deferred.append((key, value, digest))
        return digest
    db = _database()
    if db is None:
        return digest
    try:
        db.put(key, value, digest)
    except (db.error, ValueError, TypeError):
        _failed()
    return digest


def forget(key: str) -> None:
    """Remove what is remembered under `key` (a part whose texts are gone: it is made again)."""
    if not enabled():
        return
    db = _database()
    if db is None:
        return
    try:
        if not db.written:
            db.db.execute("BEGIN IMMEDIATE")
            db.written = True
        db.db.execute("DELETE FROM entries WHERE key = ?", (key,))
    except db.error:
        _failed()


def flush() -> None:
    """Commit what this process remembered (a writer busy past TIMEOUT: the writes are dropped, no error)."""
    db = _db
    if db is None or db.pid != os.getpid():
        return
    try:
        db.flush()
    except db.error:
        try:
            db.db.execute("ROLLBACK")
        except db.error:
            pass
        db.written = False
        db.touched.clear()


atexit.register(flush)


def remember(name: str, key: str, make: Callable[[], Any], valid: Callable[[Any], bool] = lambda _v: True) -> Any:
    """The value of the work `name` under `key` (JSON data): remembered, or made by `make` and kept. A
    remembered value that `valid` refuses (of the wrong shape for its reader) is made again."""
    found = get(f"{name}:{key}")
    if found is not None:
        try:
            if valid(found[0]):
                return found[0]
        except Exception:  # noqa: BLE001 - a value its reader cannot even inspect is made again
            pass
    value = make()
    put(f"{name}:{key}", value)
    return value


def entries(prefix: str = "") -> dict[str, Any]:
    """The remembered values whose keys begin with `prefix` (for the tests and the curious)."""
    flush()
    db = _database()
    if db is None:
        return {}
    try:
        rows = db.db.execute("SELECT key, value FROM entries WHERE key >= ? AND key < ? ORDER BY key",
                             (prefix, prefix + "\U0010ffff")).fetchall()
    except db.error:
        return {}
    return {k: json.loads(v) for k, v in rows}


def forge(key: str, value: Any, digest: str | None = None) -> None:
    """Replace a remembered value, its checks made to fit (the tests of a value of the wrong shape)."""
    put(key, value, digest)
    flush()


def close() -> None:
    """Commit and close this process's database (the next use opens it again: a test that moves the cache)."""
    global _db, _broken
    flush()
    if _db is not None and _db.pid == os.getpid():
        try:
            _db.db.close()
        except Exception:  # noqa: BLE001
            pass
    _db = None
    _broken = False
