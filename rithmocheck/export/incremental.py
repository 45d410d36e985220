"""An incremental build: the work of a build in parts, each remembered
(rithmocheck.memo) under the digest of exactly what it reads, so that an edit
redoes the parts that read what it changed, and nothing else.

What a part reads is named, and each name has a fingerprint (a SHA-256):

* `code`: every file of the rithmocheck package, of the rendering libraries
  and Python's version (rithmocheck.digest): every part reads it;
* `base`: the edition's files that are not read piece by piece (edition.yaml,
  witness.yaml, book.yaml, rules.yaml, pages.yaml, coverage.yaml, the second
  witness's description, ...), with where the edition, its errata and its
  second witness lie;
* `file:REL`: one file of the edition (a table's transcription
  `file:tables/k1-musical.yaml`, `file:examples.yaml`), `errata` (the errata
  file), `second` (the second witness), `shipped` (the shipped edition, which
  the engine side reads);
* `lines:A-B`: lines A to B of the witness (and how many it has);
* `errata:UNIT`: the curated errata of one table (or of `examples`): their
  items in the errata file, read without the edition (rithmocheck.memo keeps
  the file's index by its bytes);
* `part:NAME`: what another part made (its value's SHA-256): a part that reads
  another's value is made again only when that value changes (early cutoff);
* `value:NAME=SHA`: a value the caller computed and named itself.

`Job.part(name, reads, make)` gives a part's value: remembered under the
digest of its name and the fingerprints of its reads, or made by `make` and
remembered. `make` must read nothing its reads do not name (a part that reads
more than it says could be remembered stale: `RITHMOCHECK_VERIFY_PARTS=1`
makes every remembered part again and fails on a difference, which the tests
of the build use). A part's value is JSON data; the parts of output/ are
dictionaries of file name to text.

`Job.lane(fn)` runs a lane of parts (a function making several, in order) in
a process of its own, forked, while this process goes on with another: the
cores of the machine shared between the engine side and the edition side of
a build. Its values, and what it remembered, come back through a pipe; what
a part makes does not depend on which process makes it, so the build is the
same byte for byte. Where there is no fork (or one core), or the lane has
nothing to make, it runs in this process.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, TypeVar

from .. import memo
from ..digest import digest
from ..errors import InputError
from ..witness.edition import SHIPPED, SHIPPED_ERRATA, Edition

FORMAT = 1  # of the parts' keys and values: another format is another key
T = TypeVar("T")

# the edition's files read piece by piece, never as part of `base`
PIECES = frozenset(("witness.txt", "examples.yaml", "collation.json"))


def sha256(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data).hexdigest()


def value_read(name: str, value: Any) -> str:
    """A read of a value the caller computed: `value:NAME=SHA`."""
    return f"value:{name}={memo.checksum(value)}"


class Job:
    """One build (or audit) of an edition, in parts."""

    def __init__(self, ed: Edition, remember: bool = True, verify: bool | None = None) -> None:
        self.ed = ed
        # (an edition whose files cannot all be read, or that links a directory, is never remembered)
        self.remember = remember and memo.enabled() and cacheable(ed)
        self.verify = (os.environ.get("RITHMOCHECK_VERIFY_PARTS") == "1") if verify is None else verify
        self.values: dict[str, Any] = {}
        self.digests: dict[str, str] = {}
        self.made: list[str] = []  # the parts made in this job (in this process and its lanes)
        self.kept: list[str] = []  # the parts taken from the memo
        self.keys: dict[str, str] = {}  # each part's key in the memo
        self.times: dict[str, float] = {}  # the processor time each part made here took (nested parts included)
        self._line_prints: dict[tuple[int, int], str] = {}
        self._prints: dict[str, str] = {}
        self._fetched: dict[str, tuple[Any, str]] = {}  # parts read ahead from the memo (`prefetch`)
        self._texts: dict[str, dict[str, str]] = {}  # the texts of a part of files just made
        self._files: dict[str, str] = {}

    # --- fingerprints ----------------------------------------------------------------------------

    @cached_property
    def code(self) -> str:
        return _code()

    @cached_property
    def base(self) -> str:
        """The edition's files but those read piece by piece, and where it, its errata and its second witness lie."""
        ed = self.ed
        root = ed.root.resolve()
        skip = {ed.errata_path.resolve(), *((ed.second_witness_path.resolve(),) if ed.second_witness_path else ())}
        h = hashlib.sha256(f"{root}\0{ed.errata_path}\0{ed.second_witness_path}\n".encode("utf-8", "surrogateescape"))
        for directory, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not (Path(directory) == root and d == "tables"))
            for name in sorted(names):
                path = Path(directory) / name
                rel = path.relative_to(root).as_posix()
                if rel in PIECES or path.resolve() in skip:
                    continue
                h.update(f"{rel}\0{self._read(path)}\n".encode("utf-8", "surrogateescape"))
        return h.hexdigest()

    def _read(self, path: Path) -> str:
        """The SHA-256 of a file's bytes ('missing' when it cannot be read: whatever reads it then fails; a
        FIFO or a device is never opened)."""
        key = str(path)
        if key not in self._files:
            try:
                self._files[key] = sha256(path.read_bytes()) if stat.S_ISREG(os.stat(path).st_mode) else "irregular"
            except OSError:
                self._files[key] = "missing"
        return self._files[key]

    @cached_property
    def _lines(self) -> tuple[str, ...]:
        return self.ed.lines

    def lines(self, first: int, last: int) -> str:
        """The fingerprint of witness lines first..last (clipped to the witness) and of how many it has."""
        found = self._line_prints.get((first, last))
        if found is None:
            lines = self._lines
            a, b = max(1, first), min(len(lines), last)
            found = self._line_prints[(first, last)] = sha256(f"{len(lines)}\0" + "\n".join(lines[a - 1:b]))
        return found

    @cached_property
    def shipped(self) -> str:
        """The shipped edition (its rules and witness make the rulesets the engine side holds to)."""
        found = digest((SHIPPED, SHIPPED_ERRATA), salt="shipped", package=False)
        return found if found is not None else "uncacheable"

    @cached_property
    def errata_index(self) -> dict[str, Any]:
        """Each unit's errata (a table id, `examples`) by the SHA-256 of its items in the errata file (`by`; `*`
        for a file that cannot be read as a list of errata: every unit then reads it whole), and the items
        themselves as read, with their lines (`items`: rithmocheck.inputs.lined_data), so that a unit's errata
        are read again without reading the file."""
        path = self.ed.errata_path
        whole = self._read(path)

        def make() -> dict[str, Any]:
            from ..inputs import lined_data

            try:
                data = self.errata_plain()
                items = data["errata"]
                rest = {k: v for k, v in data.items() if k != "errata"}
                by: dict[str, list[Any]] = {}
                for item in items:
                    by.setdefault(str(item["table"]), []).append(item)
                context = json.dumps(rest, sort_keys=True, default=str)
                digests = {t: sha256(context + json.dumps(v, sort_keys=True, default=str)) for t, v in by.items()}
            except Exception:  # noqa: BLE001 - a file the audit refuses: every unit reads it whole, and fails
                return {"by": {"*": whole}, "items": {}}
            try:
                lined = {t: [lined_data(x) for x in v] for t, v in by.items()}
            except TypeError:  # an item with a value of no lined form: the file is read when they are
                lined = {}
            return {"by": digests, "items": lined}

        if not self.remember:
            return make()
        index: dict[str, Any] = memo.remember(
            "errata-index", sha256(f"{FORMAT}\0{self.code}\0{whole}"), make,
            lambda v: isinstance(v, dict) and isinstance(v.get("by"), dict) and isinstance(v.get("items"), dict))
        return index

    def errata_plain(self) -> Any:
        """The errata file as read (rithmocheck.inputs.load_file), once for all that index it and check it; what
        cannot be read raises (the same error to each reader)."""
        if "_errata_plain" not in self.__dict__:
            from ..inputs import load_file

            try:
                self.__dict__["_errata_plain"] = load_file(self.ed.errata_path)
            except Exception as exc:  # noqa: BLE001 - raised again to each reader, which reads the file whole
                self.__dict__["_errata_plain"] = exc
        found = self.__dict__["_errata_plain"]
        if isinstance(found, Exception):
            raise found
        return found

    def fingerprint(self, read: str) -> str:
        kind, _, name = read.partition(":")
        if read == "code":
            return self.code
        if read == "base":
            return self.base
        if read == "errata":
            return self._read(self.ed.errata_path)
        if read == "second":
            path = self.ed.second_witness_path
            return self._read(path) if path is not None else "none"
        if read == "shipped":
            return self.shipped
        if kind == "file":
            return self._read(self.ed.root / name)
        if kind == "lines":
            a, _, b = name.partition("-")
            return self.lines(int(a), int(b))
        if kind == "errata":
            by = self.errata_index["by"]
            return str(by.get("*") or by.get(name, "none"))
        if kind == "part":
            if name not in self.digests:
                raise KeyError(f"part {name} is read before it is made")
            return self.digests[name]
        if kind == "value":
            return name
        raise ValueError(f"no such read: {read}")

    def key(self, name: str, reads: Iterable[str]) -> str:
        h = hashlib.sha256(f"{FORMAT}\0{name}\0code={self.code}".encode())
        prints = self._prints
        for r in reads:
            found = prints.get(r)
            if found is None:
                found = self.fingerprint(r)
                if not r.startswith("part:"):  # (a part's digest is known once it is made)
                    prints[r] = found
            h.update(f"\0{r}={found}".encode("utf-8", "surrogatepass"))
        return h.hexdigest()

    def prefetch(self, parts: Iterable[tuple[str, Sequence[str]]]) -> None:
        """Read ahead from the memo, in one query, the parts named (with what they read)."""
        if not self.remember:
            return
        keys = {}
        for name, reads in parts:
            if name not in self.values:
                keys[f"part:{self.key(name, reads)}"] = name
        self._fetched.update(memo.get_many(list(keys)))

    # --- parts -----------------------------------------------------------------------------------

    def part(self, name: str, reads: Sequence[str], make: Callable[[], Any],
             valid: Callable[[Any], bool] | None = None, finer: Callable[[], Sequence[str]] | None = None) -> Any:
        """The value of the part `name`: remembered under the digest of what it reads, or made. `finer` gives,
        when the part is not remembered under `reads`, what it reads more narrowly (a value derived from what
        changed, such as the pairing of its own tokens with the second witness's, where `reads` names the whole
        pages): remembered under that, it is not made again (and is remembered under `reads` too)."""
        if name in self.values:
            return self.values[name]
        if not self.remember:  # (nothing is remembered: no key, no digest is needed)
            started = time.process_time()
            value = make()
            self.times[name] = time.process_time() - started
            self.made.append(name)
            self.values[name], self.digests[name] = value, ""
            return value
        key = f"part:{self.key(name, reads)}"
        self.keys[name] = key
        found = (self._fetched.pop(key, None) or memo.get(key)) if self.remember else None
        if finer is not None and (found is None or (valid is not None and not _valid(valid, found[0]))):
            fine_reads = finer()
            fine = memo.get(f"part:{self.key(name + ' (finer)', fine_reads)}")
            if fine is not None and (valid is None or _valid(valid, fine[0])):
                memo.put(key, fine[0], fine[1])
                found = fine
            else:
                value = self.part(name + " (finer)", fine_reads, make, valid)
                memo.put(key, value, self.digests[name + " (finer)"])
                found = (value, self.digests[name + " (finer)"])
                self.made.append(name)
                self.values[name], self.digests[name] = found
                return value
        if found is not None and (valid is None or _valid(valid, found[0])):
            value, sha = found
            if self.verify:
                again = make()
                if memo.checksum(again) != sha:
                    raise AssertionError(f"the remembered part {name} is not what it makes now: it reads more than "
                                         f"it says ({', '.join(reads)})")
            self.kept.append(name)
        else:
            started = time.process_time()
            value = make()
            self.times[name] = time.process_time() - started
            sha = memo.put(key, value) if self.remember else memo.checksum(value)
            self.made.append(name)
        self.values[name] = value
        self.digests[name] = sha
        return value

    def files(self, name: str, reads: Sequence[str], make: Callable[[], dict[str, str]]) -> PartFiles:
        """A part whose value is files of output/ (path -> text): remembered as each file's size and SHA-256
        (`part:KEY`, its identity) and, apart, the texts (`text:KEY`), read only when a text is asked for (a
        file a build already wrote, unchanged, is linked, never read)."""
        def made() -> dict[str, Any]:
            texts = make()
            self._texts[name] = texts
            return {"files": {p: [len(t.encode("utf-8")), sha256(t)] for p, t in texts.items()}}

        value = self.part(name, reads, made, _meta_shape)
        texts = self._texts.pop(name, None)
        key = self.keys.get(name)
        if texts is not None and self.remember and key is not None:
            memo.put(f"text:{key}", texts)
        return PartFiles(value["files"], texts, key)

    def parts(self, specs: Sequence[tuple[str, Sequence[str], Callable[[], Any], Callable[[Any], bool] | None]]
              ) -> list[Any]:
        """The values of several parts (name, reads, make, valid), the remembered ones read in one query; a spec
        whose `valid` is FILES is a part of files (`files`)."""
        self.prefetch((name, reads) for name, reads, _make, _valid in specs)
        return [self.files(name, reads, make) if valid is FILES else self.part(name, reads, make, valid)
                for name, reads, make, valid in specs]

    def kept_all(self, names: Iterable[tuple[str, Sequence[str]]]) -> bool:
        """Whether every part named (with its reads) is remembered: nothing for a lane to make."""
        return self.remember and not self.verify and all(
            n in self.values or memo.has(f"part:{self.key(n, r)}") for n, r in names)

    # --- lanes -------------------------------------------------------------------------------------

    def lane(self, fn: Callable[[], T], fork: bool = True) -> Lane[T]:
        """`fn` run beside this process (forked) when it may: its result is taken by `Lane.result()`."""
        return Lane(self, fn, fork and _can_fork())


def FILES(value: Any) -> bool:  # noqa: N802 - a mark, in a spec, of a part of files (Job.parts)
    return isinstance(value, dict)


def _meta_shape(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("files"), dict) and all(
        isinstance(k, str) and isinstance(v, list) and len(v) == 2 for k, v in value["files"].items())


class MissingText(Exception):
    """The texts of a part of files are gone from the memo (the part is forgotten, the build made again)."""

    def __init__(self, key: str | None) -> None:
        super().__init__(key)
        self.key = key


class PartFiles(Mapping[str, str]):
    """The files of one part: each file's size and SHA-256, its text read from the memo when asked for."""

    def __init__(self, meta: dict[str, list[Any]], texts: dict[str, str] | None, key: str | None) -> None:
        self.meta, self._texts, self.key = meta, texts, key

    def __getitem__(self, path: str) -> str:
        if path not in self.meta:
            raise KeyError(path)
        if self._texts is None:
            found = memo.get(f"text:{self.key}") if self.key is not None else None
            if found is None or not isinstance(found[0], dict) or set(found[0]) != set(self.meta):
                raise MissingText(self.key)
            self._texts = found[0]
        return self._texts[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self.meta)

    def __contains__(self, path: object) -> bool:  # (without reading a text)
        return path in self.meta

    def __len__(self) -> int:
        return len(self.meta)

    def sha256(self, path: str) -> str:
        return str(self.meta[path][1])

    def size(self, path: str) -> int:
        return int(self.meta[path][0])


class FileSet(Mapping[str, str]):
    """The files of a build, from its parts: each path's size and SHA-256 known, its text read when asked for."""

    def __init__(self) -> None:
        self._of: dict[str, PartFiles] = {}

    def add(self, files: PartFiles | Mapping[str, str]) -> None:
        part = files if isinstance(files, PartFiles) else PartFiles(
            {p: [len(t.encode("utf-8")), sha256(t)] for p, t in files.items()}, dict(files), None)
        for path in part:
            self._of[path] = part

    def __getitem__(self, path: str) -> str:
        return self._of[path][path]

    def __iter__(self) -> Iterator[str]:
        return iter(self._of)

    def __contains__(self, path: object) -> bool:  # (without reading a text)
        return path in self._of

    def __len__(self) -> int:
        return len(self._of)

    def sha256(self, path: str) -> str:
        return self._of[path].sha256(path)

    def size(self, path: str) -> int:
        return self._of[path].size(path)

    def shas(self) -> dict[str, str]:
        return {p: self.sha256(p) for p in self._of}


def cacheable(ed: Edition) -> bool:
    """Whether every file the build of `ed` may read can be read and seen to change: regular files all (a
    FIFO, a device, is never read), no directory a link (a walk would not enter it), at most MAX_INPUT_BYTES
    in all."""
    from ..digest import MAX_INPUT_BYTES

    total = 0
    paths = [p for p in (ed.errata_path, ed.second_witness_path) if p is not None]
    try:
        for directory, dirs, names in os.walk(ed.root):
            if any(os.path.islink(os.path.join(directory, d)) for d in dirs):
                return False
            paths += [Path(directory) / n for n in names]
        for path in paths:
            st = os.stat(path)
            if not stat.S_ISREG(st.st_mode):
                return False
            total += st.st_size
    except OSError:
        return False
    return total <= MAX_INPUT_BYTES


_CODE: dict[str, str] = {}  # the package's digest, once per process (its files do not change while it runs)


def _code() -> str:
    if "code" not in _CODE:
        found = digest((), salt=f"parts format {FORMAT}")
        _CODE["code"] = found if found is not None else "uncacheable"
    return _CODE["code"]


def code_digest() -> str:
    """The digest of the package (and of Python and the rendering libraries), once per process."""
    return _code()


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes; 'missing' when it cannot be read (whatever reads it then fails)."""
    try:
        return sha256(path.read_bytes())
    except OSError:
        return "missing"


def _valid(valid: Callable[[Any], bool], value: Any) -> bool:
    try:
        return valid(value)
    except Exception:  # noqa: BLE001 - a value its reader cannot even inspect is made again
        return False


def _can_fork() -> bool:
    import multiprocessing

    if os.environ.get("RITHMOCHECK_SERIAL") == "1" or (os.cpu_count() or 1) < 2:
        return False
    return "fork" in multiprocessing.get_all_start_methods()


class Lane(Generic[T]):
    """A lane of parts: run in a process forked from the job's, or, where it cannot be, when its result is
    asked for."""

    def __init__(self, job: Job, fn: Callable[[], T], fork: bool) -> None:
        self.job, self.fn = job, fn
        self.process: Any = None
        self.reader: Any = None
        if fork:
            import multiprocessing

            ctx = multiprocessing.get_context("fork")
            memo.flush()  # nothing of this process's is left to commit while the lane reads the memo
            self.reader, writer = ctx.Pipe(duplex=False)
            self.process = ctx.Process(target=_run_lane, args=(job, fn, writer), daemon=True)
            self.process.start()
            writer.close()

    def cancel(self) -> None:
        """The lane's process ended, its result not wanted (the build failed on the other side)."""
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
            self.process.join()
        if self.reader is not None:
            self.reader.close()
        self.process = None

    def result(self) -> T:
        if self.process is None:
            return self.fn()
        try:
            answer = self.reader.recv()
        except (EOFError, OSError):  # the lane died (killed): its work is made here
            answer = None
        finally:
            self.reader.close()
        if answer is None:
            self.process.join()
            return self.fn()
        # (the lane's process ends as soon as it has answered: it is not waited for here, some 6 ms of a cold
        # build, but reaped by multiprocessing, at the next process started or at exit, which ends it if need be)
        how = answer[0]
        if how == "input":
            raise InputError(answer[1], answer[2], answer[3])
        if how == "error":
            raise RuntimeError(f"a lane of the build failed: {answer[1]}\n{answer[2]}")
        _how, value, made, kept, digests, keys, remembered = answer
        job = self.job
        for key, v, sha in remembered:
            memo.put(key, v, sha)
        job.made += made
        job.kept += kept
        job.digests.update(digests)
        job.keys.update(keys)
        done: T = value
        return done


def _run_lane(job: Job, fn: Callable[[], Any], writer: Any) -> None:
    """A lane in its own process: its result, what it made and kept, and what it would remember, sent back."""
    try:
        before = set(job.values)
        n_made, n_kept = len(job.made), len(job.kept)
        with memo.deferred() as remembered:
            value = fn()
        new = [k for k in job.values if k not in before]
        writer.send(("ok", value, job.made[n_made:], job.kept[n_kept:], {k: job.digests[k] for k in new},
                     {k: job.keys[k] for k in new if k in job.keys}, remembered))
    except InputError as exc:
        writer.send(("input", exc.path, exc.line, exc.problem))
    except BaseException as exc:  # noqa: BLE001 - whatever fails is the parent's to report
        writer.send(("error", f"{type(exc).__name__}: {exc}", traceback.format_exc()))
    finally:
        writer.close()
