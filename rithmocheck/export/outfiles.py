"""Writing output without ever losing a user's files.

Two operations, both atomic and both refusing protected targets:

- `write_tree(files, out, protected)`: the output directory of `build`.
  It writes only into a directory that does not exist, is empty, or holds a
  manifest (`manifest.json`) of a previous build and nothing else; it refuses
  (InputError, exit 2) any other directory and never deletes a file it did
  not write. The new tree is written beside the old one, then swapped in
  with one atomic rename (Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two
  renames, with a short window in which the directory is missing), under a
  lock on the parent directory so that concurrent builds take turns. Stale
  staging directories of killed builds are cleaned, file by file, from their
  manifests. Directories and files follow the umask.
- `write_file(path, text, protected)`: one file, through a temporary file in
  the same directory and an atomic replace.
- `copy_tree(source, out, protected)`: a copy of a directory (`init`), into
  a new or empty directory only, written beside it and renamed into place.

`protected` are the paths no command may write onto or into (the edition's
witness and transcriptions, the curated errata): compared by file identity
(device and inode), so a hard link, a symbolic link or another spelling of
the path does not pass.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ..errors import InputError

MANIFEST = "manifest.json"
GENERATOR = "rithmocheck build"


# --- identity -----------------------------------------------------------------------------------

def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _ancestors(path: Path) -> Iterator[Path]:
    """The path and every directory above it (absolute, '..' folded)."""
    p = Path(os.path.abspath(path))
    yield p
    yield from p.parents


def _protected_ids(protected: Iterable[Path]) -> dict[tuple[int, int], Path]:
    out = {}
    for p in protected:
        ident = _identity(Path(p))
        if ident is not None:
            out[ident] = Path(p)
    return out


def refuse_protected(target: Path, protected: Iterable[Path], what: str) -> None:
    """InputError when target is, lies inside, or contains a protected path."""
    ids = _protected_ids(protected)
    if not ids:
        return
    for anc in _ancestors(target):
        hit = ids.get(_identity(anc) or (-1, -1))
        if hit is not None:
            raise InputError(target, None, f"refusing to write {what} onto or into {hit}, which holds the "
                                           "edition or the curated errata; choose another place")
    target_id = _identity(target)
    for p in ids.values():
        for anc in _ancestors(p):
            if target_id is not None and _identity(anc) == target_id:
                raise InputError(target, None, f"refusing to write {what} here: it contains {p}, which holds "
                                               "the edition or the curated errata; choose another place")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _oserror(path: Path | str, exc: OSError, doing: str) -> InputError:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.EXDEV:
        reason = "it is on another file system than its parent (a mount point?)"
    return InputError(path, None, f"cannot {doing}: {reason}")


# --- one file ------------------------------------------------------------------------------------

def check_out_file(path: str | Path, protected: Iterable[Path] = ()) -> Path:
    """The output file, or InputError naming why no command may write there."""
    if str(path) == "":
        raise InputError("-o", None, "the output path is empty; give a file name")
    target = Path(path)
    refuse_protected(target, protected, "output")
    if target.is_dir():
        raise InputError(target, None, "is a directory; give a file name")
    try:
        st = os.lstat(target)
    except OSError:
        st = None
    if st is not None and not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
        # a device, a FIFO or a socket: writing the file would replace it
        raise InputError(target, None, "is not a regular file (a device, a FIFO or a socket); give a file name")
    for anc in Path(os.path.abspath(target)).parents:
        if anc.exists() and not anc.is_dir():
            raise InputError(target, None, f"{anc} is not a directory")
    parent = Path(os.path.abspath(target)).parent
    if not parent.is_dir():
        # a mistyped directory is not made (as a shell's > would not)
        raise InputError(target, None, f"no such directory {parent}; make it first")
    return target


def write_file(path: str | Path, text: str | Iterable[str], protected: Iterable[Path] = ()) -> None:
    """Write text (or text in chunks, as they come) to path atomically: a
    temporary file beside it, then a rename."""
    target = check_out_file(path, protected)
    parent = Path(os.path.abspath(target)).parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        raise _oserror(target, exc, "write the file") from None
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
        raise _oserror(target, exc, "write the file") from None
    except BaseException:
        _unlink_quietly(tmp)
        raise


def _unlink_quietly(path: str | Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# --- the output tree -----------------------------------------------------------------------------

def manifest_text(files: Mapping[str, str]) -> str:
    """The manifest of a build: every file it wrote, with its size and SHA-256."""
    entries = []
    for rel in sorted(files):
        data = files[rel].encode("utf-8")
        entries.append({"path": rel, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    return json.dumps({"generator": GENERATOR, "files": entries}, indent=2) + "\n"


def _read_manifest(directory: Path) -> dict[str, str | None] | None:
    """The files a build recorded in directory's manifest, each with the
    SHA-256 it wrote (None for the manifest itself), or None if it has none."""
    path = directory / MANIFEST
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode) or os.lstat(path).st_size > 10_000_000:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("generator") != GENERATOR or not isinstance(data.get("files"), list):
        return None
    entries = [f for f in data["files"] if isinstance(f, dict)]
    if not all(isinstance(f.get("path"), str) and isinstance(f.get("sha256"), str) for f in entries):
        return None
    owned: dict[str, str | None] = {str(f["path"]): str(f["sha256"]) for f in entries}
    owned[MANIFEST] = None
    return owned


def _as_written(path: Path, sha256: str | None) -> bool:
    """Whether a file a build wrote is still as it wrote it (a regular file
    with the recorded SHA-256)."""
    if sha256 is None:
        return True
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest() == sha256
    except OSError:
        return False


def _contents(directory: Path) -> tuple[set[str], set[str]]:
    """(files, directories) under directory, as relative POSIX paths; symbolic
    links count as files (they are never followed)."""
    files, dirs = set(), set()
    for root, dirnames, filenames in os.walk(directory):
        rel_root = Path(root).relative_to(directory)
        for d in list(dirnames):
            p = Path(root) / d
            if p.is_symlink():
                files.add((rel_root / d).as_posix())
                dirnames.remove(d)
            else:
                dirs.add((rel_root / d).as_posix())
        for f in filenames:
            files.add((rel_root / f).as_posix())
    return files, dirs


def foreign(directory: Path, edits: bool) -> list[tuple[str, str]]:
    """What directory holds that a build may not replace, each with why: a
    file no build wrote, or (with edits) one changed since a build wrote it
    (a user's edit is a user's file)."""
    files, _dirs = _contents(directory)
    if not files:
        return []
    owned = _read_manifest(directory)
    if owned is None:
        return [(f, "not written") for f in sorted(files)]
    return sorted([(f, "not written") for f in files - owned.keys()]
                  + [(f, "changed") for f in files & owned.keys()
                     if edits and not _as_written(directory / f, owned[f])])


def _remove_owned(directory: Path) -> list[str]:
    """Delete the files a manifest lists and the directories left empty;
    return what is left (files no build wrote). Never follows links."""
    owned = set(_read_manifest(directory) or ())
    files, dirs = _contents(directory)
    for rel in sorted(files & owned):
        _unlink_quietly(directory / rel)
    for rel in sorted(dirs, key=lambda d: -d.count("/")):
        try:
            os.rmdir(directory / rel)
        except OSError:
            pass
    try:
        os.rmdir(directory)
    except OSError:
        return sorted(files - owned)
    return []


@contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """An exclusive lock on a directory (flock on its descriptor): builds
    into the same parent take turns. Without fcntl (Windows) no lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False
    where the platform cannot."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _stale_staging(parent: Path, name: str) -> list[Path]:
    prefixes = (f".{name}.new-", f".{name}.old-")
    try:
        return sorted(p for p in parent.iterdir() if p.name.startswith(prefixes) and p.is_dir()
                      and not p.is_symlink())
    except OSError:
        return []


def check_out_dir(out: str | Path, protected: Iterable[Path] = (), edits: bool = False) -> Path:
    """The output directory, or InputError naming why a build may not write
    there. With edits, also a file changed since a build wrote it: asked
    only under the build lock, where no other build swaps the tree between
    reading its manifest and its files."""
    if str(out) == "":
        raise InputError("--out", None, "the output directory is empty; give a directory name")
    path = Path(out)
    absolute = Path(os.path.abspath(path))
    if absolute.parent == absolute:
        raise InputError(path, None, "refusing to replace the root of the file system")
    refuse_protected(path, protected, "the build")
    cwd = Path(os.path.abspath(os.getcwd()))
    if absolute == cwd or absolute in cwd.parents:
        raise InputError(path, None, "refusing to replace the current directory or a directory above it; "
                                     "give a directory below it, such as output")
    if path.is_symlink():
        raise InputError(path, None, "is a symbolic link; give the directory itself")
    if path.exists() and not path.is_dir():
        raise InputError(path, None, "exists and is not a directory")
    for anc in absolute.parents:
        if anc.exists() and not anc.is_dir():
            raise InputError(path, None, f"{anc} is not a directory")
    if path.is_dir():
        found = foreign(path, edits)
        if found:
            name, why = found[0]
            more = f" and {len(found) - 1} more" if len(found) > 1 else ""
            if why == "changed":
                raise InputError(path, None, f"holds {name}{more}, changed since rithmocheck build wrote it; a "
                                             "build never replaces an edited file: move it away, then build again")
            raise InputError(path, None, f"holds {name}{more}, which rithmocheck build did not write; "
                                         "a build writes only into a new or empty directory or one it made")
    return absolute


def write_tree(files: Mapping[str, str], out: str | Path, protected: Iterable[Path] = ()) -> list[str]:
    """Write files (relative POSIX path -> text) as the directory out, all or
    nothing; return the paths of files left behind (written by no build) in
    a stale staging directory, if any."""
    if MANIFEST in files:
        raise ValueError(f"{MANIFEST} is written by write_tree itself")
    protected = tuple(protected)
    target = check_out_dir(out, protected)
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _oserror(out, exc, "create the parent directory") from None
    mask = _umask()
    left: list[str] = []
    with _locked(parent):
        target = check_out_dir(out, protected, edits=True)  # again, now that no other build runs
        for stale in _stale_staging(parent, target.name):
            left += [str(stale / f) for f in _remove_owned(stale)]
        try:
            staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=parent))
        except OSError as exc:
            raise _oserror(out, exc, "create a directory beside it") from None
        try:
            os.chmod(staging, 0o777 & ~mask)
            # the manifest first: a build killed while writing leaves a
            # staging directory whose every file the next build may delete
            (staging / MANIFEST).write_text(manifest_text(files), encoding="utf-8", newline="\n")
            for rel in sorted(files):
                path = staging / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(files[rel], encoding="utf-8", newline="\n")
            if not target.exists():
                os.rename(staging, target)
                return left
            if not _exchange(staging, target):
                old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=parent))
                os.rmdir(old)
                os.rename(target, old)
                try:
                    os.rename(staging, target)
                except OSError:
                    os.rename(old, target)
                    raise
                staging = old
            left += [str(staging / f) for f in _remove_owned(staging)]
            return left
        except OSError as exc:
            if staging.exists():
                _remove_owned(staging)
            raise _oserror(out, exc, "write the output") from None
        except BaseException:
            if staging.exists() and staging != target:
                _remove_owned(staging)
            raise


# --- a copy of a directory (init) ------------------------------------------------------------------

def check_new_dir(out: str | Path, protected: Iterable[Path] = (), option: str = "DIR") -> Path:
    """A directory to create, or InputError: it must not exist, or be empty."""
    if str(out) == "":
        raise InputError(option, None, "the directory name is empty; give a directory name")
    path = Path(out)
    absolute = Path(os.path.abspath(path))
    refuse_protected(path, protected, "the copy")
    for anc in absolute.parents:
        if anc.exists() and not anc.is_dir():
            raise InputError(path, None, f"{anc} is not a directory")
    if path.is_symlink():
        raise InputError(path, None, "is a symbolic link; give a new directory")
    if path.exists():
        if not path.is_dir():
            raise InputError(path, None, "exists and is not a directory; give a new or empty directory")
        try:
            first = next(iter(os.scandir(path)), None)
        except OSError as exc:
            raise _oserror(path, exc, "read the directory") from None
        if first is not None:
            raise InputError(path, None, f"is not empty (it holds {first.name}); give a new or empty directory, "
                                         "nothing is overwritten")
    return absolute


def copy_tree(source: Path, out: str | Path, protected: Iterable[Path] = ()) -> int:
    """Copy the regular files of source (and its directories) to out, a new or
    empty directory, all or nothing; return the number of files copied."""
    import shutil

    target = check_new_dir(out, protected)
    parent = target.parent
    mask = _umask()
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.init-", dir=parent))
    except OSError as exc:
        raise _oserror(out, exc, "create the directory") from None
    n = 0
    try:
        os.chmod(staging, 0o777 & ~mask)
        for root, dirnames, filenames in os.walk(source):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not (Path(root) / d).is_symlink())
            rel = Path(root).relative_to(source)
            (staging / rel).mkdir(exist_ok=True)
            for name in sorted(filenames):
                src = Path(root) / name
                if src.is_symlink() or not src.is_file():
                    continue
                shutil.copyfile(src, staging / rel / name)
                n += 1
        target = check_new_dir(out, protected)  # again: nothing appeared meanwhile
        os.rename(staging, target)  # onto an empty directory, or a new name
        return n
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise _oserror(out, exc, "copy the edition") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
