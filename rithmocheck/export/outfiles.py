"""Writing output without ever losing a user's files.

Every path the tool writes or deletes is taken for what it is on disk, never
for its spelling: `real_path` resolves every symbolic link and every '..' as
the kernel does (a '..' after a directory that does not exist yet is
refused, as the kernel would), and the result is compared with the
protected paths both by resolved path and by device and inode. So
`T/../output`, with T a link to `ed/tables`, is `ed/output`, inside the
edition, and refused as such; the last component of a target is never
followed (a symbolic link there is refused: -o and build replace a file or a
directory, never a link).

Three operations, all atomic and all refusing protected targets:

- `write_tree(files, out, protected)`: the output directory of `build`.
  It writes only into a directory that does not exist, is empty, or holds a
  manifest (`manifest.json`) of a previous build and nothing else; it refuses
  (InputError, exit 2) any other directory, and a file changed since a build
  wrote it, and never deletes a file it did not write. The new tree is
  written beside the old one, then swapped in with one atomic rename (Linux
  `renameat2(RENAME_EXCHANGE)`; elsewhere two renames, with a short window
  in which the directory is missing), under a lock on the parent directory
  so that concurrent builds take turns. Directories and files follow the
  umask.
- `write_file(path, text, protected)`: one file, through a temporary file in
  the same directory and an atomic replace.
- `copy_tree(source, out, protected)`: a copy of a directory (`init`), into
  a new or empty directory only, written beside it and renamed into place.

`protected` are the paths no command may write onto or into (the edition and
every file it reads, wherever it lies; the curated errata; the shipped
edition), and every edition directory (a witness.txt beside a tables/
directory) above the target, whichever edition the command works on; a
target that is one, lies inside one or (for a directory) holds one is
refused, however it is spelled, and so is a hard link to one.

Staging. A build writes its tree into `.NAME.new-TOKEN` beside NAME (TOKEN:
32 random hexadecimal digits) whose first file, made before anything else,
is the empty marker `.rithmocheck-staging-TOKEN`; before the swap the tree
it replaces gets the marker `.rithmocheck-old-TOKEN`, so that it carries the
proof once it stands beside NAME. Only a build writes these markers, and
only into directories it made or is replacing. A directory beside NAME is
taken for a build's leftover only when its name and its marker carry the
same token: then a staging directory (being written when its build died:
every file its manifest lists, half-written ones included, and a manifest
being written) and a replaced tree (the files its manifest lists, if still
as the build wrote them) are removed, the manifest and the marker last (so
that a build killed during the removal leaves a leftover the next one can
still prove); a file a build did not write is left and named. A directory
whose name merely looks like a staging directory is never touched (an
empty one, which a build killed between making it and marking it leaves,
is removed: that loses nothing). Deleting never follows a link: it walks by
directory descriptors where the platform has them.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from ..errors import InputError
from .render import json_indented

MANIFEST = "manifest.json"
GENERATOR = "rithmocheck build"
STAGING_MARK = ".rithmocheck-staging-"  # + TOKEN: the staging directory of a build (being written)
OLD_MARK = ".rithmocheck-old-"  # + TOKEN: a tree a build replaced
_TOKEN = "[0-9a-f]{32}"
_MARKER = re.compile(rf"\.rithmocheck-(?:staging|old)-{_TOKEN}\Z")


# --- what a path is on disk ----------------------------------------------------------------------

def real_path(path: str | Path, option: str = "path", named: str | Path | None = None) -> Path:
    """The absolute path that path names on disk: symbolic links and '..'
    resolved as the kernel resolves them, the part that does not exist yet
    appended as spelled ('..' there, or after a file, is refused: the
    kernel would refuse it).
    An error names `named` (default: path)."""
    text = os.fspath(path)
    named = path if named is None else named
    if text == "":
        raise InputError(option, None, "the path is empty")
    absolute = text if os.path.isabs(text) else os.path.join(os.getcwd(), text)
    parts = [c for c in absolute.split(os.sep) if c not in ("", ".")]
    for i in range(len(parts), -1, -1):
        prefix = os.sep + os.sep.join(parts[:i])
        try:
            os.stat(prefix)  # the system's own reading (realpath would take "file/.." for the file's directory)
            base = os.path.realpath(prefix, strict=True)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise InputError(named, None, f"cannot resolve the path: {exc.strerror or exc}") from None
        rest = parts[i:]
        if ".." in rest:
            raise InputError(named, None, "'..' follows a name that is not an existing directory; give the path "
                                          "plainly")
        return Path(base, *rest)
    raise InputError(named, None, "cannot resolve the path")  # pragma: no cover - "/" always exists


def _target(path: str | Path, option: str) -> Path:
    """The path's parent resolved (real_path), its last component as named
    (never followed: it may be a link, which the caller refuses)."""
    text = os.fspath(path)
    stripped = text.rstrip(os.sep) or os.sep
    head, tail = os.path.split(stripped)
    if tail in ("", ".", ".."):
        return real_path(stripped, option, path)
    return real_path(head or ".", option, path) / tail


def _lstat(path: str | Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def _shown(spelled: str | Path, target: Path) -> str:
    """' (SPELLED is TARGET)' when the spelling hides what the path is."""
    text = os.fspath(spelled)
    return "" if os.path.abspath(text) == str(target) else f" ({text} is {target})"


def refuse_protected(spelled: str | Path, target: Path, protected: Iterable[Path], what: str,
                     contains: bool = False) -> None:
    """InputError when target (resolved) is, lies inside, or (contains: a
    directory to write) holds a protected path: compared by resolved path
    and by device and inode, so no spelling, link or hard link passes."""
    guard: list[tuple[Path, tuple[int, int] | None]] = []
    for p in protected:
        try:
            guard.append((Path(os.path.realpath(p)), _identity(Path(p))))
        except (OSError, ValueError):
            continue
    if not guard:
        return
    shown = _shown(spelled, target)

    def into(hit: Path) -> InputError:
        return InputError(spelled, None, f"refusing to write {what} onto or into {hit}, an edition or a file "
                                         f"it reads{shown}; choose another place")

    def holds(hit: Path) -> InputError:
        return InputError(spelled, None, f"refusing to write {what} here: it holds {hit}, an edition or a file "
                                         f"it reads{shown}; choose another place")

    for r, _ident in sorted(guard, key=lambda g: (g[0] != target, -len(g[0].parts))):  # the nearest named
        if r == target or r in target.parents:
            raise into(r)
    ids = {ident: r for r, ident in guard if ident is not None}
    for anc in (target, *target.parents):
        hit = ids.get(_identity(anc) or (-1, -1))
        if hit is not None:
            raise into(hit)
    if not contains:
        return
    for r, _ident in guard:
        if target in r.parents:
            raise holds(r)
    target_id = _identity(target)
    if target_id is not None:
        for r, _ident in guard:
            if any(_identity(anc) == target_id for anc in r.parents):
                raise holds(r)


def editions_above(target: Path) -> tuple[Path, ...]:
    """The edition directories (a witness.txt and a tables/ directory) that
    target lies in: no output goes into an edition, whichever edition a
    command works on."""
    return tuple(a for a in target.parents if (a / "witness.txt").is_file() and (a / "tables").is_dir())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _oserror(path: Path | str, exc: OSError, doing: str) -> InputError:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.EXDEV:
        reason = "it is on another file system than its parent (a mount point?)"
    return InputError(path, None, f"cannot {doing}: {reason}")


def _not_a_directory_above(spelled: str | Path, target: Path) -> None:
    for anc in reversed(target.parents):
        st = _lstat(anc)
        if st is not None and not stat.S_ISDIR(st.st_mode):
            raise InputError(spelled, None, f"{anc} is not a directory")


# --- one file ------------------------------------------------------------------------------------

def check_out_file(path: str | Path, protected: Iterable[Path] = ()) -> Path:
    """The output file (resolved), or InputError naming why no command may
    write there."""
    if str(path) == "":
        raise InputError("-o", None, "the output path is empty; give a file name")
    text = os.fspath(path)
    if text.endswith(os.sep) or os.path.basename(text) in (".", ".."):
        raise InputError(path, None, "names a directory; give a file name")
    target = _target(path, "-o")
    refuse_protected(path, target, (*protected, *editions_above(target)), "output")
    st = _lstat(target)
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise InputError(path, None, f"is a symbolic link (to {os.readlink(target)}); -o replaces a file, never a "
                                     "link: give the file itself")
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise InputError(path, None, "is a directory; give a file name")
    if st is not None and not stat.S_ISREG(st.st_mode):
        # a device, a FIFO or a socket: writing the file would replace it
        raise InputError(path, None, "is not a regular file (a device, a FIFO or a socket); give a file name")
    _not_a_directory_above(path, target)
    if not target.parent.is_dir():
        # a mistyped directory is not made (as a shell's > would not)
        raise InputError(path, None, f"no such directory {target.parent}; make it first")
    return target


def write_file(path: str | Path, text: str | Iterable[str], protected: Iterable[Path] = ()) -> None:
    """Write text (or text in chunks, as they come) to path atomically: a
    temporary file beside it, then a rename."""
    target = check_out_file(path, protected)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise _oserror(path, exc, "write the file") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            if isinstance(text, str):
                fh.write(text)
            else:
                for chunk in text:
                    fh.write(chunk)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as exc:
        _unlink_quietly(tmp)
        raise _oserror(path, exc, "write the file") from None
    except BaseException:
        _unlink_quietly(tmp)
        raise


def _unlink_quietly(path: str | Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# --- the output tree -----------------------------------------------------------------------------

class Known(Protocol):
    """What a build knows of its files without reading them (rithmocheck.export.incremental.FileSet)."""

    def size(self, path: str) -> int: ...

    def sha256(self, path: str) -> str: ...


def manifest_text(files: Mapping[str, str], known: Known | None = None) -> str:
    """The manifest of a build: every file it wrote, with its size and SHA-256 (known, or worked out)."""
    entries = []
    for rel in sorted(files):
        if known is not None:
            entries.append({"path": rel, "bytes": known.size(rel), "sha256": known.sha256(rel)})
            continue
        data = files[rel].encode("utf-8")
        entries.append({"path": rel, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    return json_indented({"generator": GENERATOR, "files": entries}, ensure_ascii=True) + "\n"


def _read_manifest(directory: Path) -> dict[str, str | None] | None:
    """The files a build recorded in directory's manifest, each with the
    SHA-256 it wrote (None for the manifest itself), or None if it has none."""
    path = directory / MANIFEST
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > 10_000_000:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("generator") != GENERATOR or not isinstance(data.get("files"), list):
        return None
    entries = [f for f in data["files"] if isinstance(f, dict)]
    if not all(isinstance(f.get("path"), str) and isinstance(f.get("sha256"), str) for f in entries):
        return None
    owned: dict[str, str | None] = {str(f["path"]): str(f["sha256"]) for f in entries}
    owned[MANIFEST] = None
    return owned


# a file as it stands: device, inode, size and modification time (ns); not its ctime, which a hard link changes
Identity = tuple[int, int, int, int]


def _identity_of(st: os.stat_result) -> Identity:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def _hashed_at(dir_fd: int | None, directory: str, name: str) -> tuple[str, Identity] | None:
    """The SHA-256 of a regular file (never through a link) and its identity as it was hashed, or None."""
    try:
        if dir_fd is not None:
            fd = os.open(name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=dir_fd)
        else:
            fd = os.open(os.path.join(directory, name), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        h = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            h.update(chunk)
        return h.hexdigest(), _identity_of(st)
    except OSError:
        return None
    finally:
        os.close(fd)


def _sha256_at(dir_fd: int | None, directory: str, name: str) -> str | None:
    """The SHA-256 of a regular file (never through a link), or None."""
    found = _hashed_at(dir_fd, directory, name)
    return found[0] if found is not None else None


# the files of a tree as a build left them: relative path -> (identity, SHA-256, when this was noted, in ns)
Record = dict[str, tuple[Identity, str, int]]
SETTLED = 1_000_000_000  # ns a file must have stood before it was noted for its note to be trusted


def _as_written(path: str | Path, sha256: str | None, seen: dict[str, Identity] | None = None, rel: str = "",
                noted: Record | None = None) -> bool:
    """Whether a file a build wrote is still as it wrote it (a regular file
    with the recorded SHA-256); its identity noted in `seen` when it is. A
    file `noted` as a build left it, that stands as it did (device, inode,
    size, modification time) and had stood still a second before it was
    noted, is taken as it was, not hashed (as git's index takes a file)."""
    if sha256 is None:
        return True
    note = noted.get(rel) if noted is not None else None
    if note is not None and note[1] == sha256 and note[2] - note[0][3] > SETTLED:
        st = _lstat(path)
        if st is not None and stat.S_ISREG(st.st_mode) and _identity_of(st) == tuple(note[0]):
            if seen is not None:
                seen[rel] = _identity_of(st)
            return True
    found = _hashed_at(None, os.path.dirname(path), os.path.basename(path))
    if found is None or found[0] != sha256:
        return False
    if seen is not None:
        seen[rel] = found[1]
    return True


def _is_marker(path: Path) -> bool:
    """An empty regular file named as a build's marker."""
    st = _lstat(path)
    return bool(_MARKER.match(path.name)) and st is not None and stat.S_ISREG(st.st_mode) and st.st_size == 0


def _contents(directory: Path) -> tuple[set[str], set[str]]:
    """(files, directories) under directory, as relative POSIX paths; symbolic
    links count as files (they are never followed); a build's marker left at
    the top (by a build killed during its swap) is none of them."""
    files, dirs = set(), set()
    top = str(directory)
    for root, dirnames, filenames in os.walk(top):
        rel_root = os.path.relpath(root, top)
        prefix = "" if rel_root == "." else rel_root.replace(os.sep, "/") + "/"
        for d in list(dirnames):
            if os.path.islink(os.path.join(root, d)):
                files.add(prefix + d)
                dirnames.remove(d)
            else:
                dirs.add(prefix + d)
        for f in filenames:
            if root == top and _is_marker(Path(root) / f):
                continue
            files.add(prefix + f)
    return files, dirs


def foreign(directory: Path, edits: bool, seen: dict[str, Identity] | None = None,
            noted: Record | None = None) -> list[tuple[str, str]]:
    """What directory holds that a build may not replace, each with why: a
    file no build wrote, or (with edits) one changed since a build wrote it
    (a user's edit is a user's file); with edits, each file found as a build
    wrote it is noted in `seen` with its identity (`noted`: see _as_written)."""
    files, _dirs = _contents(directory)
    if not files:
        return []
    owned = _read_manifest(directory)
    if owned is None:
        return [(f, "not written") for f in sorted(files)]
    return sorted([(f, "not written") for f in files - owned.keys()]
                  + [(f, "changed") for f in files & owned.keys()
                     if edits and not _as_written(os.path.join(directory, f), owned[f], seen, f, noted)])


_DIR_FDS = os.open in os.supports_dir_fd and os.unlink in os.supports_dir_fd and os.scandir in os.supports_fd


def _sweep(directory: str, dir_fd: int | None, prefix: str, remove: Callable[[str, int | None, str], bool],
           left: list[str]) -> bool:
    """Delete the files under a directory that `remove(rel, dir_fd, name)`
    accepts, and the directories left empty, never following a link (by
    directory descriptors where the platform has them); add what stays to
    left; return whether the directory is now empty."""
    empty = True
    try:
        with os.scandir(dir_fd if dir_fd is not None else directory) as it:
            entries = list(it)
    except OSError:
        return False
    for e in entries:
        rel = prefix + e.name
        path = os.path.join(directory, e.name)
        try:
            is_dir = e.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            sub: int | None = None
            if dir_fd is not None:
                try:
                    sub = os.open(e.name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=dir_fd)
                except OSError:
                    left.append(rel)
                    empty = False
                    continue
            try:
                done = _sweep(path, sub, rel + "/", remove, left)
            finally:
                if sub is not None:
                    os.close(sub)
            try:
                if not done:
                    raise OSError
                if dir_fd is not None:
                    os.rmdir(e.name, dir_fd=dir_fd)
                else:
                    os.rmdir(path)
            except OSError:
                empty = False
            continue
        if remove(rel, dir_fd, e.name):
            try:
                if dir_fd is not None:
                    os.unlink(e.name, dir_fd=dir_fd)
                else:
                    os.unlink(path)
                continue
            except OSError:
                pass
        left.append(rel)
        empty = False
    return empty


def _marker_kind(directory: Path) -> str | None:
    """"staging" or "old" when directory carries the proof that a build made
    it: its name's token on a marker inside; else None."""
    m = re.search(rf"\.(?:new|old)-({_TOKEN})\Z", directory.name)
    if m is None:
        return None
    for kind, mark in (("staging", STAGING_MARK), ("old", OLD_MARK)):
        if _is_marker(directory / (mark + m.group(1))):
            return kind
    return None


def _remove_leftover(directory: Path, trusted: dict[str, Identity] | None = None) -> list[str]:
    """Remove a build's staging directory or replaced tree, as far as it is
    proven a build's (see the module docstring); return the files left in
    it (written by no build, or changed since), as paths. A file of
    `trusted` (found as a build wrote it, under this build's lock, a moment
    before) that stands as it was found is not hashed again."""
    kind = _marker_kind(directory)
    if kind is None:
        try:
            os.rmdir(directory)  # empty: a build killed before it marked it (nothing is lost)
        except OSError:
            pass
        return []
    owned = _read_manifest(directory)
    if owned is None:
        # a staging directory whose manifest was being written (nothing is written before it)
        owned = {MANIFEST: None} if kind == "staging" else {}

    def proof(rel: str) -> bool:
        return "/" not in rel and _is_marker(directory / rel)

    def remove(rel: str, dir_fd: int | None, name: str) -> bool:
        if proof(rel) or rel == MANIFEST:
            return False  # the manifest, which says what is the build's, and the proof go last
        if rel not in owned:
            return False
        sha = owned[rel]
        if kind == "staging" or sha is None:
            return True
        known = trusted.get(rel) if trusted is not None else None
        if known is not None:
            try:
                st = os.lstat(name, dir_fd=dir_fd) if dir_fd is not None else os.lstat(directory / rel)
            except OSError:
                st = None
            if st is not None and stat.S_ISREG(st.st_mode) and _identity_of(st) == known:
                return True
        return _sha256_at(dir_fd, os.path.dirname(directory / rel), name) == sha

    left: list[str] = []
    fd = None
    if _DIR_FDS:
        try:
            fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            return []
    try:
        _sweep(str(directory), fd, "", remove, left)
    finally:
        if fd is not None:
            os.close(fd)
    users = [rel for rel in left if not proof(rel) and rel != MANIFEST]
    if users:
        return [str(directory / rel) for rel in sorted(users)]
    # only the manifest and the markers remain, so a build killed in this removal leaves a leftover the next
    # can still prove: the manifest first, the proof last
    for rel in sorted(left, key=proof):
        _unlink_quietly(directory / rel)
    try:
        os.rmdir(directory)
    except OSError:
        pass
    return []


@contextmanager
def _locked(directory: Path) -> Iterator[int | None]:
    """An exclusive lock on a directory (flock on its descriptor): builds
    into the same parent take turns. Without fcntl (Windows) no lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield None
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)  # closing releases the lock


@lru_cache(maxsize=1)
def _renameat2() -> Any:
    """Linux renameat2 from the C library, or None where there is none
    (looked up once: among the symbols the interpreter has loaded, where
    Python linked against the C library has it, else in the library found
    by name, which may take a while)."""
    import ctypes

    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        import ctypes.util

        try:
            renameat2 = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True).renameat2
        except (OSError, AttributeError):
            return None
    renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    return renameat2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False
    where the platform cannot."""
    import ctypes

    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _leftovers(parent: Path, name: str) -> list[Path]:
    """The directories beside name that a killed build may have left (by
    their names; _remove_leftover asks for the proof)."""
    pattern = re.compile(rf"\.{re.escape(name)}\.(?:new|old)-{_TOKEN}\Z")
    try:
        return sorted(p for p in parent.iterdir() if pattern.match(p.name) and (st := _lstat(p)) is not None
                      and stat.S_ISDIR(st.st_mode))
    except OSError:
        return []


def _mark(directory: Path, mark: str, token: str) -> None:
    """The proof that a build made (or is replacing) directory: an empty
    file, made at once (O_EXCL), named with the token."""
    fd = os.open(directory / (mark + token), os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                 0o666 & ~_umask())
    os.close(fd)


def _new_staging(parent: Path, name: str, mask: int) -> tuple[Path, str]:
    """A new staging directory beside name, marked as a build's."""
    for _ in range(100):
        token = secrets.token_hex(16)
        staging = parent / f".{name}.new-{token}"
        try:
            os.mkdir(staging, 0o700)
        except FileExistsError:
            continue
        os.chmod(staging, 0o777 & ~mask)
        _mark(staging, STAGING_MARK, token)
        return staging, token
    raise OSError(errno.EEXIST, "no free name for a staging directory", str(parent))  # pragma: no cover


def check_out_dir(out: str | Path, protected: Iterable[Path] = (), edits: bool = False,
                  seen: dict[str, Identity] | None = None, contents: bool = True, noted: Record | None = None) -> Path:
    """The output directory (resolved), or InputError naming why a build may
    not write there. With edits, also a file changed since a build wrote it:
    asked only under the build lock, where no other build swaps the tree
    between reading its manifest and its files (each file found as written
    noted in `seen`)."""
    if str(out) == "":
        raise InputError("--out", None, "the output directory is empty; give a directory name")
    target = _target(out, "--out")
    if target.parent == target:
        raise InputError(out, None, "refusing to replace the root of the file system")
    refuse_protected(out, target, (*protected, *editions_above(target)), "the build", contains=True)
    cwd = Path(os.path.realpath(os.getcwd()))
    if target == cwd or target in cwd.parents:
        raise InputError(out, None, "refusing to replace the current directory or a directory above it; "
                                    f"give a directory below it, such as output{_shown(out, target)}")
    st = _lstat(target)
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise InputError(out, None, "is a symbolic link; give the directory itself")
    if st is not None and not stat.S_ISDIR(st.st_mode):
        raise InputError(out, None, "exists and is not a directory")
    _not_a_directory_above(out, target)
    if st is not None and contents:
        found = foreign(target, edits, seen, noted)
        if found:
            name, why = found[0]
            more = f" and {len(found) - 1} more" if len(found) > 1 else ""
            if why == "changed":
                raise InputError(out, None, f"holds {name}{more}, changed since rithmocheck build wrote it; a "
                                            "build never replaces an edited file: move it away, then build "
                                            f"again{_shown(out, target)}")
            raise InputError(out, None, f"holds {name}{more}, which rithmocheck build did not write; a build "
                                        "writes only into a new or empty directory or one it made"
                                        f"{_shown(out, target)}")
    return target


def write_tree(files: Mapping[str, str], out: str | Path, protected: Iterable[Path] = (),
               known: Known | None = None, noted: Record | None = None, note: Record | None = None) -> list[str]:
    """Write files (relative POSIX path -> text) as the directory out, all or
    nothing; return the paths of files left behind (written by no build, or
    changed since) in a leftover staging directory, if any. A file the tree
    it replaces holds as a build wrote it, byte for byte (by its SHA-256:
    `known` gives the files' sizes and SHA-256 without reading them), is
    linked into the new tree, not written (nor read). `noted`, the files of
    OUT as the last build left them (see _as_written); `note` is filled with
    the files of the tree written, as they stand."""
    if MANIFEST in files:
        raise ValueError(f"{MANIFEST} is written by write_tree itself")
    protected = tuple(protected)
    target = check_out_dir(out, protected, contents=False)  # (what it holds is checked under the lock, below)
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _oserror(out, exc, "create the parent directory") from None
    mask = _umask()
    left: list[str] = []
    seen: dict[str, Identity] = {}
    shas = ({rel: known.sha256(rel) for rel in files} if known is not None
            else {rel: hashlib.sha256(text.encode("utf-8")).hexdigest() for rel, text in files.items()})
    with _locked(parent):
        # again, now that no other build runs (and the path is what it was)
        if check_out_dir(out, protected, edits=True, seen=seen, noted=noted) != target:
            raise InputError(out, None, "changed while the build ran (a link swapped?); build again")
        before = _read_manifest(target) if seen else None
        for stale in _leftovers(parent, target.name):
            left += _remove_leftover(stale)
        if (before is not None and set(before) == {*files, MANIFEST} and all(rel in seen for rel in files)
                and all(before[rel] == shas[rel] for rel in files)):
            _note(target, shas, note)
            return left  # the tree holds these very files, as a build wrote them: nothing to write
        try:
            staging, token = _new_staging(parent, target.name, mask)
        except OSError as exc:
            raise _oserror(out, exc, "create a directory beside it") from None
        swapped = marked = False
        try:
            # the manifest first: a build killed while writing leaves a
            # staging directory whose every file the next build may delete
            (staging / MANIFEST).write_text(manifest_text(files, known), encoding="utf-8", newline="\n")
            made: set[str] = set()
            top = str(staging)
            for rel in sorted(files):
                path = os.path.join(top, rel)
                folder = rel.rpartition("/")[0]
                if folder not in made:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    made.add(folder)
                if before is not None and rel in seen and before.get(rel) == shas[rel] and _link(target, rel, path,
                                                                                               seen[rel]):
                    continue  # the file the tree it replaces holds, as a build wrote it: linked, not written
                Path(path).write_text(files[rel], encoding="utf-8", newline="\n")
            if _lstat(target) is None:
                os.rename(staging, target)
                swapped = True
                _unlink_quietly(target / (STAGING_MARK + token))
                _note(target, shas, note)
                return left
            _renameat2()  # (found before the marking: the marked tree stands in out for as short a time as can be)
            _mark(target, OLD_MARK, token)  # the tree it replaces carries the proof once it stands aside
            marked = True
            if _exchange(staging, target):
                old = staging
            else:
                old = parent / f".{target.name}.old-{token}"
                os.rename(target, old)
                try:
                    os.rename(staging, target)
                except OSError:
                    os.rename(old, target)
                    raise
            swapped = True
            _unlink_quietly(target / (STAGING_MARK + token))
            left += _remove_leftover(old, seen)
            _note(target, shas, note)
            return left
        except OSError as exc:
            if not swapped:
                _abandon(staging, target, token, marked)
            raise _oserror(out, exc, "write the output") from None
        except BaseException:
            if not swapped:
                _abandon(staging, target, token, marked)
            raise


def _note(tree: Path, shas: Mapping[str, str], note: Record | None) -> None:
    """Note each file of the tree as it stands, with its SHA-256 and the time."""
    if note is None:
        return
    now = time.time_ns()
    top = str(tree)
    for rel, sha in shas.items():
        st = _lstat(os.path.join(top, rel))
        if st is not None:
            note[rel] = (_identity_of(st), sha, now)


def _link(tree: Path, rel: str, path: str | Path, identity: Identity) -> bool:
    """Link a file of the tree a build replaces into the new tree, when it stands as it was found (a hard link:
    the same bytes, nothing written); False where it cannot be (no hard links there, or it changed)."""
    old = os.path.join(tree, rel)
    try:
        st = os.lstat(old)
        if not stat.S_ISREG(st.st_mode) or _identity_of(st) != identity:
            return False
        os.link(old, path, follow_symlinks=False)
        return True
    except (OSError, NotImplementedError):
        return False


def unchanged_tree(out: str | Path, protected: Iterable[Path] = (), noted: Record | None = None) -> bool:
    """Whether OUT holds every file its manifest lists, each as a build wrote it (under the build lock): a build
    of the same files has nothing to write. A file changed since a build wrote it is refused, as by a build."""
    target = check_out_dir(out, protected, contents=False)
    owned = _read_manifest(target)
    if owned is None:
        return False
    with _locked(target.parent):
        seen: dict[str, Identity] = {}
        check_out_dir(out, protected, edits=True, seen=seen, noted=noted)
        return all(rel in seen or rel == MANIFEST for rel in owned)


def _abandon(staging: Path, target: Path, token: str, marked: bool) -> None:
    """A build that failed before its swap: its staging directory goes, the
    old tree stays as it was (its marker removed)."""
    _remove_leftover(staging)
    if marked:
        _unlink_quietly(target / (OLD_MARK + token))


# --- a copy of a directory (init) ------------------------------------------------------------------

def check_new_dir(out: str | Path, protected: Iterable[Path] = (), option: str = "DIR", what: str = "the copy"
                  ) -> Path:
    """A directory to create (resolved), or InputError: it must not exist,
    or be empty. `what` is what would be written (in a refusal)."""
    if str(out) == "":
        raise InputError(option, None, "the directory name is empty; give a directory name")
    target = _target(out, option)
    if target.parent == target:
        raise InputError(out, None, "is the root of the file system; give a new or empty directory")
    refuse_protected(out, target, (*protected, *editions_above(target)), what, contains=True)
    _not_a_directory_above(out, target)
    st = _lstat(target)
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise InputError(out, None, "is a symbolic link; give a new directory")
    if st is not None:
        if not stat.S_ISDIR(st.st_mode):
            raise InputError(out, None, "exists and is not a directory; give a new or empty directory")
        try:
            with os.scandir(target) as it:
                first = next(iter(it), None)
        except OSError as exc:
            raise _oserror(out, exc, "read the directory") from None
        if first is not None:
            raise InputError(out, None, f"is not empty (it holds {first.name}); give a new or empty directory, "
                                        f"nothing is overwritten{_shown(out, target)}")
    return target


def _into_new_dir(out: str | Path, protected: Iterable[Path], fill: Callable[[Path], int], *, prefix: str,
                  doing: str, changed: str, option: str = "DIR", what: str = "the copy") -> tuple[Path, int]:
    """Make out, a new or empty directory, all or nothing: the path resolved and checked (check_new_dir) before
    anything is created; `fill` writes into a staging directory beside it (and returns a count), which is
    checked again and then takes its name; on any failure the staging directory is removed. `doing` names
    the work in an OSError's one line, `changed` in the refusal when the path changed meanwhile."""
    import shutil

    target = check_new_dir(out, protected, option, what)
    parent = target.parent
    mask = _umask()
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.{prefix}-", dir=parent))
    except OSError as exc:
        raise _oserror(out, exc, "create the directory") from None
    try:
        os.chmod(staging, 0o777 & ~mask)
        n = fill(staging)
        if check_new_dir(out, protected, option, what) != target:  # again: nothing appeared meanwhile
            raise InputError(out, None, f"changed while {changed} (a link swapped?); try again")
        os.rename(staging, target)  # onto an empty directory, or a new name
        return target, n
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise _oserror(out, exc, doing) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def copy_tree(source: Path, out: str | Path, protected: Iterable[Path] = (),
              also: Mapping[str, bytes] | None = None) -> int:
    """Copy the regular files of source (and its directories) to out, a new or
    empty directory, all or nothing (`_into_new_dir`), with the files `also`
    names (a name relative to out -> its bytes; one of source's is replaced);
    return the number of files written."""
    import shutil

    def fill(staging: Path) -> int:
        n = 0
        for root, dirnames, filenames in os.walk(source):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not (Path(root) / d).is_symlink())
            rel = Path(root).relative_to(source)
            (staging / rel).mkdir(exist_ok=True)
            for name in sorted(filenames):
                src = Path(root) / name
                if src.is_symlink() or not src.is_file():
                    continue
                if (rel / name).as_posix() not in (also or {}):
                    shutil.copyfile(src, staging / rel / name)
                    n += 1
        for name, data in (also or {}).items():
            (staging / name).write_bytes(data)
            n += 1
        return n

    return _into_new_dir(out, protected, fill, prefix="init", doing="copy the edition",
                         changed="the edition was copied")[1]


def write_new_tree(files: Mapping[str, str], out: str | Path, protected: Iterable[Path] = (),
                   option: str = "DIR", what: str = "the files") -> Path:
    """Write files (a name relative to out -> its text) as the directory out, which must be new or empty,
    all or nothing (`_into_new_dir`). Returns the directory."""
    def fill(staging: Path) -> int:
        for rel in sorted(files):
            path = staging / rel
            if path.parent != staging:
                path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(files[rel], encoding="utf-8", newline="\n")
        return len(files)

    return _into_new_dir(out, protected, fill, prefix="new", doing="write the directory",
                         changed="it was written", option=option, what=what)[0]
