"""Never lose a user's files (issue 15): build and -o write only where they
may, atomically, and never onto the edition or the curated errata."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.export.outfiles import MANIFEST, check_out_dir, write_file, write_tree
from rithmocheck.witness.edition import Edition

ROOT = Path(__file__).resolve().parent.parent
EDITION_DIR = Edition.default().root  # the shipped edition: witness, transcriptions, errata
CURATED = Edition.default().errata_path


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def snapshot(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def one_line_error(r, needle: str) -> None:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert needle in r.stderr


@pytest.fixture(scope="module")
def protected_before():
    return snapshot(EDITION_DIR)


@pytest.mark.parametrize("target", ["sources", ".", "sources/lever-fulke-1563",
                                    "sources/lever-fulke-1563/tables",
                                    "sources/lever-fulke-1563/new",
                                    "corrections/lever-fulke-1563.yaml", "corrections"])
def test_build_never_writes_onto_the_edition_or_the_errata(target, protected_before, monkeypatch):
    monkeypatch.chdir(ROOT)
    r = run("build", "--out", target)
    one_line_error(r, "refusing to write the build")
    assert snapshot(EDITION_DIR) == protected_before
    assert not (EDITION_DIR / "new").exists()


@pytest.mark.parametrize("target,needle", [("..", "current directory"), (".", "current directory"),
                                           ("", "empty")])
def test_build_refuses_the_working_directory_and_above(target, needle, tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    one_line_error(run("build", "--out", target), needle)


def test_build_refuses_a_directory_holding_a_users_file(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n")
    one_line_error(run("build", "--out", str(out)), "notes.txt")
    assert snapshot(out) == {"notes.txt": b"mine\n"}


def test_build_refuses_a_users_file_added_to_its_own_output(tmp_path):
    out = tmp_path / "out"
    write_tree({"a.txt": "a\n"}, out)
    (out / "sub").mkdir()
    (out / "sub" / "notes.txt").write_text("mine\n")
    with pytest.raises(InputError, match="sub/notes.txt"):
        write_tree({"a.txt": "b\n"}, out)
    assert (out / "sub" / "notes.txt").read_text() == "mine\n" and (out / "a.txt").read_text() == "a\n"


@pytest.mark.parametrize("make,needle", [
    (lambda p: p.write_text("x"), "not a directory"),
    (lambda p: (p.parent / "real").mkdir() or p.symlink_to(p.parent / "real"), "symbolic link"),
])
def test_build_refuses_a_file_or_a_link(make, needle, tmp_path):
    target = tmp_path / "out"
    make(target)
    one_line_error(run("build", "--out", str(target)), needle)


def test_build_under_a_file_is_one_line(tmp_path):
    (tmp_path / "f").write_text("x")
    one_line_error(run("build", "--out", str(tmp_path / "f" / "out")), "not a directory")


def test_build_in_an_unwritable_place_is_one_line(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere; the read-only case is covered by the mount-free check below")
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        one_line_error(run("build", "--out", str(ro / "out")), "cannot")
    finally:
        ro.chmod(0o755)


def test_write_errors_become_input_errors(tmp_path, monkeypatch):
    def full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(InputError, match="No space left on device"):
        write_tree({"a.txt": "a\n"}, tmp_path / "out")
    assert list(tmp_path.iterdir()) == []


def test_rebuilding_replaces_only_what_a_build_wrote(tmp_path):
    out = tmp_path / "out"
    write_tree({"a.txt": "a\n", "t/b.csv": "b\n"}, out)
    write_tree({"a.txt": "A\n", "c.txt": "c\n"}, out)
    assert snapshot(out).keys() == {"a.txt", "c.txt", MANIFEST}
    assert (out / "a.txt").read_text() == "A\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("edit", ["append", "link", "empty"])
def test_a_file_edited_since_the_build_wrote_it_is_never_replaced(edit, tmp_path):
    out = tmp_path / "out"
    write_tree({"a.txt": "a\n", "t/b.csv": "b\n"}, out)
    target = out / "t" / "b.csv"
    if edit == "append":
        target.write_text("b\nmy note\n")
    elif edit == "empty":
        target.write_text("")
    else:
        target.unlink()
        target.symlink_to(out / "a.txt")
    before = snapshot(out)
    with pytest.raises(InputError, match=r"holds t/b.csv, changed since rithmocheck build wrote it; a build never "
                                         r"replaces an edited file: move it away, then build again"):
        write_tree({"a.txt": "A\n", "t/b.csv": "B\n"}, out)
    assert snapshot(out) == before
    target.unlink()  # moved away: the build goes on, and restores what it writes
    write_tree({"a.txt": "A\n", "t/b.csv": "B\n"}, out)
    assert target.read_text() == "B\n"


def test_build_refuses_an_edited_output_file_even_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE", raising=False)
    out = tmp_path / "o"
    assert run("build", "--out", str(out)).exit_code == 0
    (out / "collation.md").write_text("my notes\n")
    r = run("build", "--out", str(out))
    assert r.exit_code == 2
    assert "holds collation.md, changed since rithmocheck build wrote it" in r.stderr
    assert (out / "collation.md").read_text() == "my notes\n"


def test_an_empty_directory_is_accepted(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    write_tree({"a.txt": "a\n"}, out)
    assert (out / "a.txt").read_text() == "a\n"


def test_manifest_lists_every_file_with_its_hash(tmp_path):
    files = {"a.txt": "a\n", "t/b.csv": "b,c\n"}
    write_tree(files, tmp_path / "out")
    data = json.loads((tmp_path / "out" / MANIFEST).read_text())
    assert [(f["path"], f["sha256"]) for f in data["files"]] == [
        (k, hashlib.sha256(v.encode()).hexdigest()) for k, v in sorted(files.items())]


@pytest.mark.parametrize("mask,mode", [(0o022, 0o755), (0o077, 0o700), (0o002, 0o775)])
def test_directories_follow_the_umask(mask, mode, tmp_path):
    old = os.umask(mask)
    try:
        write_tree({"a.txt": "a\n", "t/b.txt": "b\n"}, tmp_path / "out")
    finally:
        os.umask(old)
    assert (tmp_path / "out").stat().st_mode & 0o777 == mode
    assert (tmp_path / "out" / "t").stat().st_mode & 0o777 == mode
    assert (tmp_path / "out" / "a.txt").stat().st_mode & 0o777 == mode & 0o666


# --- leftovers of killed builds: removed only with the proof a build made them (issue 26) ------------------

KILLED = r"""
import os, signal, sys
from pathlib import Path
import rithmocheck.export.outfiles as of
moment, out, tag = sys.argv[1], sys.argv[2], sys.argv[3]
die = lambda: os.kill(os.getpid(), signal.SIGKILL)
real_write, real_mark, real_exchange, real_sha = Path.write_text, of._mark, of._exchange, of._sha256_at
def write_text(self, text, *a, **k):
    if (moment, self.name) in (("manifest", of.MANIFEST), ("file", "f7.txt")):
        with open(self, "w", encoding="utf-8") as fh:
            fh.write(text[: len(text) // 2])
        die()
    return real_write(self, text, *a, **k)
def mark(directory, mark, token):
    if moment == "unmarked" and mark == of.STAGING_MARK:
        die()
    real_mark(directory, mark, token)
    if moment == "old-marked" and mark == of.OLD_MARK:
        die()
calls = []
def exchange(a, b):
    done = real_exchange(a, b)
    if moment == "swapped":
        die()
    calls.append("swapped")
    return done
def proving(real):  # a file of the old tree proven the build's (hashed, or found as this build found it)
    def proven(*a):
        if calls:  # removing the old tree
            calls.append(a)
            if moment == "cleaning" and len(calls) == 5:
                die()
        return real(*a)
    return proven
Path.write_text, of._mark, of._exchange = write_text, mark, exchange
of._sha256_at, of._identity_of = proving(real_sha), proving(of._identity_of)
of.write_tree({f"d{i % 3}/f{i}.txt": f"{tag} {i}\n" * 20 for i in range(12)}, out)
"""

MOMENTS = ["unmarked", "manifest", "file", "old-marked", "swapped", "cleaning"]


def killed_build(moment: str, out: Path, tag: str) -> int:
    return subprocess.run([sys.executable, "-c", KILLED, moment, str(out), tag], cwd=ROOT).returncode


def data_files(out: Path) -> dict[str, bytes]:
    """The tree's files, a build's empty marker aside (left in OUT only by a
    build killed in the instant of its swap; the next build removes it)."""
    return {k: v for k, v in snapshot(out).items() if not (k.startswith(".rithmocheck-") and v == b"")}


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_killed_builds_leftovers_are_removed_by_the_next_build(moment, tmp_path):
    """F9: whenever a build dies (making its staging directory, writing its
    manifest or a file, swapping, removing the old tree), the tree is the
    old or the new one, whole, and the next build removes what it left,
    with no warning."""
    out = tmp_path / "out"
    write_tree({f"o{i}.txt": "old\n" for i in range(10)}, out)
    old = snapshot(out)
    assert killed_build(moment, out, "new") == -signal.SIGKILL
    now = data_files(out)
    assert now == old or json.loads(now[MANIFEST])["files"][0]["path"] == "d0/f0.txt"
    if moment in ("manifest", "file", "old-marked", "cleaning"):
        assert len(list(tmp_path.iterdir())) == 2  # the build left a directory beside out
    assert write_tree({"a.txt": "again\n"}, out) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert snapshot(out).keys() == {"a.txt", MANIFEST}


def test_a_directory_that_only_looks_like_staging_is_never_touched(tmp_path):
    """F3: a user's copy of a build named like a staging directory, with an
    edited file, survives every build; so do a copy of a real staging
    directory under another token and one whose marker is not empty."""
    out = tmp_path / "o5"
    write_tree({"audit.json": "{}\n"}, out)
    keep = tmp_path / ".o5.old-keep"
    shutil.copytree(out, keep)
    (keep / "audit.json").write_text("my edit\n")
    assert killed_build("file", out, "new") == -signal.SIGKILL
    staging = next(p for p in tmp_path.iterdir() if p.name.startswith(".o5.new-"))
    token = staging.name.rsplit("-", 1)[1]
    copied = tmp_path / f".o5.new-{'0' * 32}"
    shutil.copytree(staging, copied)  # its marker names another token
    full = tmp_path / f".o5.old-{'1' * 32}"
    shutil.copytree(out, full)
    (full / f".rithmocheck-old-{'1' * 32}").write_text("not empty")
    before = {p.name: snapshot(p) for p in (keep, copied, full)}
    assert write_tree({"audit.json": "[]\n"}, out) == []
    assert not staging.exists()  # the killed build's own, proven by its marker (token {token})
    assert {p.name: snapshot(p) for p in (keep, copied, full)} == before
    assert token not in copied.name


def test_a_users_file_in_a_killed_builds_directory_is_kept_and_named(tmp_path):
    out = tmp_path / "out"
    write_tree({"a.txt": "a\n"}, out)
    assert killed_build("file", out, "new") == -signal.SIGKILL
    staging = next(p for p in tmp_path.iterdir() if p.name.startswith(".out.new-"))
    (staging / "mine.txt").write_text("mine")
    (staging / f".rithmocheck-old-{'2' * 32}").write_text("named like a marker, but not empty")
    left = write_tree({"a.txt": "b\n"}, out)
    assert left == [str(staging / f".rithmocheck-old-{'2' * 32}"), str(staging / "mine.txt")]
    assert (staging / "mine.txt").read_text() == "mine"
    # the user's files stay, and with them the manifest (removed only last, once nothing but the build's is
    # left) and the proof, so that the leftover stays provable
    assert sorted(p.name for p in staging.iterdir() if p.stat().st_size) == [f".rithmocheck-old-{'2' * 32}",
                                                                          MANIFEST, "mine.txt"]
    assert write_tree({"a.txt": "c\n"}, out) == left  # named again, never deleted


def test_a_file_edited_in_a_replaced_tree_is_kept(tmp_path):
    """The tree a build replaces loses only the files it still holds as a
    build wrote them (an edit made after the check, in the instant before
    the swap, stays)."""
    out = tmp_path / "out"
    write_tree({"a.txt": "a\n", "b.txt": "b\n"}, out)
    assert killed_build("old-marked", out, "new") == -signal.SIGKILL
    staging = next(p for p in tmp_path.iterdir() if p.name.startswith(".out.new-"))
    marker = next(p for p in out.iterdir() if p.name.startswith(".rithmocheck-old-"))
    old = tmp_path / f".out.old-{marker.name.rsplit('-', 1)[1]}"
    shutil.rmtree(staging)
    os.rename(out, old)  # the old tree beside out, as a fallback swap leaves it
    (old / "b.txt").write_text("edited\n")
    assert write_tree({"a.txt": "A\n"}, out) == [str(old / "b.txt")]
    assert (old / "b.txt").read_text() == "edited\n" and not (old / "a.txt").exists()


# --- -o FILE and the curated errata ----------------------------------------------------------------

def test_propose_never_writes_the_curated_errata(tmp_path, protected_before):
    curated = CURATED
    copy = tmp_path / "copy.yaml"
    copy.write_bytes(curated.read_bytes())
    link = tmp_path / "hard.yaml"
    os.link(curated, link)
    sym = tmp_path / "sym.yaml"
    sym.symlink_to(curated)
    for target in (str(curated), str(link), str(sym), str(EDITION_DIR / "proposed.yaml"),
                   str(EDITION_DIR / "tables" / "x.yaml")):
        one_line_error(run("errata", "--propose", "--errata", str(copy), "-o", target), "refusing")
    one_line_error(run("errata", "--propose", "--errata", str(copy), "-o", str(copy)), "refusing")
    one_line_error(run("errata", "--propose", "-o", ""), "empty")
    assert snapshot(EDITION_DIR) == protected_before


def test_write_file_is_atomic(tmp_path, monkeypatch):
    target = tmp_path / "p.yaml"
    target.write_text("old\n")

    def boom(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(InputError, match="No space"):
        write_file(target, "new\n")
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["p.yaml"]


def test_propose_writes_a_file(tmp_path):
    r = run("errata", "--propose", "-o", str(tmp_path / "p.yaml"))
    assert r.exit_code == 0
    assert (tmp_path / "p.yaml").read_text().startswith("# Proposed errata")


def test_o_into_a_missing_directory_makes_nothing(tmp_path):
    r = run("men", "-o", str(tmp_path / "typo" / "deeper" / "men.txt"))
    assert r.exit_code == 2
    assert r.output.strip() == f"Error: {tmp_path / 'typo' / 'deeper' / 'men.txt'}: no such directory " \
                               f"{tmp_path / 'typo' / 'deeper'}; make it first"
    assert list(tmp_path.iterdir()) == []


def test_check_out_dir_names_the_foreign_file(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "x").write_text("")
    with pytest.raises(InputError, match="holds x, which rithmocheck build did not write"):
        check_out_dir(tmp_path / "d")


# --- kill -9 and concurrent builds --------------------------------------------------------------------

WRITER = r"""
import sys
from rithmocheck.witness.edition import Edition
from rithmocheck.export.outfiles import write_tree
tag, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
write_tree({f"d{i % 20}/f{i}.txt": f"{tag} {i}\n" * 50 for i in range(n)}, out)
"""


def whole(out: Path, n: int) -> str:
    """The tag of the tree in out; fails unless the tree is one build's, whole
    (a build killed in the instant of its swap may leave its empty marker in
    out, which the next build removes: README, Paths)."""
    files = {k: v for k, v in snapshot(out).items() if not (k.startswith(".rithmocheck-") and v == b"")}
    manifest = json.loads(files.pop(MANIFEST))
    assert sorted(files) == sorted(f["path"] for f in manifest["files"]) and len(files) == n
    for f in manifest["files"]:
        assert hashlib.sha256(files[f["path"]]).hexdigest() == f["sha256"]
    tags = {v.split(b" ")[0] for v in files.values()}
    assert len(tags) == 1
    return tags.pop().decode()


def writer(tag: str, out: Path, n: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, tag, str(out), str(n)], cwd=ROOT)


def test_a_killed_build_leaves_the_old_or_the_new_tree(tmp_path):
    out, n = tmp_path / "out", 300
    assert writer("t0", out, n).wait() == 0
    rng = random.Random(15)
    last = "t0"
    for k in range(1, 9):
        p = writer(f"t{k}", out, n)
        time.sleep(rng.uniform(0.05, 0.6))
        p.send_signal(signal.SIGKILL)
        p.wait()
        now = whole(out, n)
        assert now in (last, f"t{k}")
        last = now
    assert writer("done", out, n).wait() == 0
    assert whole(out, n) == "done"
    assert not [k for k in snapshot(out) if k.startswith(".rithmocheck-")]  # a build leaves no marker
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # stale staging cleaned


@pytest.mark.parametrize("after", [1, 5, 40, 120, 250])
def test_a_build_killed_while_removing_the_replaced_tree_leaves_one_the_next_removes(tmp_path, monkeypatch, after):
    """The replaced tree is removed file by file, its manifest (which says what is the build's) and its marker
    last: a build killed at any file of that removal leaves a tree the next build can still prove its own and
    remove. (Were the manifest removed early, the files after it would be nobody's, and stay.)"""
    out, n = tmp_path / "out", 300
    write_tree({f"d{i % 20}/f{i}.txt": f"t0 {i}\n" for i in range(n)}, out)
    real, count, gone = os.unlink, [0], []

    def unlink(path, *args, **kwargs):
        count[0] += 1
        if count[0] > after:
            raise KeyboardInterrupt  # the build killed here
        gone.append(os.fsdecode(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    with pytest.raises(KeyboardInterrupt):
        write_tree({f"d{i % 20}/f{i}.txt": f"t1 {i}\n" for i in range(n)}, out)
    monkeypatch.setattr(os, "unlink", real)
    assert MANIFEST not in gone and len([p for p in tmp_path.iterdir()]) == 2  # the new tree, and the old
    assert write_tree({f"d{i % 20}/f{i}.txt": f"t2 {i}\n" for i in range(n)}, out) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"] and whole(out, n) == "t2"


def test_concurrent_builds_take_turns_and_a_reader_always_sees_a_whole_tree(tmp_path):
    out, n = tmp_path / "out", 200
    assert writer("t0", out, n).wait() == 0
    procs = [writer(f"c{k}", out, n) for k in range(6)]
    missing = 0
    while any(p.poll() is None for p in procs):
        if not (out / MANIFEST).exists():
            missing += 1
    assert [p.wait() for p in procs] == [0] * 6
    assert missing == 0
    assert whole(out, n).startswith("c")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


# --- paths spelled through a symbolic link and ".." (issue 26) -------------------------------------------------

@pytest.fixture()
def linked(tmp_path, monkeypatch):
    """A scholar's edition ed (rithmocheck init ed), the link T -> ed/tables,
    and a built output/; the working directory is tmp_path."""
    monkeypatch.chdir(tmp_path)
    assert run("init", "ed").exit_code == 0
    (tmp_path / "T").symlink_to("ed/tables")
    assert run("--edition", "ed", "build", "--out", "output").exit_code == 0
    return tmp_path


def everything(root: Path) -> dict[str, bytes]:
    """Every file under root (links not followed), with its bytes."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_symlink():
            out[p.relative_to(root).as_posix()] = b"-> " + os.readlink(p).encode()
        elif p.is_file():
            out[p.relative_to(root).as_posix()] = p.read_bytes()
    return out


def test_f1a_an_edited_output_file_survives_a_build_spelled_through_a_link(linked):
    (linked / "output" / "audit.json").write_text("my edit\n")
    before = everything(linked)
    r = run("--edition", "ed", "build", "--out", "T/../output")
    one_line_error(r, "T/../output")
    assert "refusing" in r.stderr and str(linked / "ed") in r.stderr
    assert everything(linked) == before
    one_line_error(run("--edition", "ed", "build", "--out", "output"), "changed since rithmocheck build wrote it")
    assert everything(linked) == before


def test_f1b_a_users_directory_is_never_made_build_output_through_a_link(linked):
    (linked / "docs").mkdir()
    (linked / "docs" / "thesis.txt").write_text("mine\n")
    before = everything(linked)
    one_line_error(run("--edition", "ed", "build", "--out", "T/../docs"), "T/../docs")
    assert everything(linked) == before
    one_line_error(run("--edition", "ed", "build", "--out", "docs"), "thesis.txt")
    assert everything(linked) == before


@pytest.mark.parametrize("args", [
    ["men", "-o", "T/../witness.txt"], ["men", "-o", "T/k1-musical.yaml"], ["men", "-o", "T/../tables/x.yaml"],
    ["errata", "--propose", "-o", "T/../errata.yaml"], ["generate", "k1-musical", "--format", "csv", "-o",
                                                        "T/../examples.yaml"],
    ["init", "T/copy"], ["init", "T/../copy"], ["build", "--out", "T"], ["build", "--out", "T/.."],
    ["build", "--out", "T/../tables/out"],
])
def test_f2_nothing_is_written_into_the_edition_through_a_link(args, linked):
    before = everything(linked)
    one_line_error(run("--edition", "ed", *args), args[-1])
    assert everything(linked) == before
    assert run("--edition", "ed", "audit").exit_code == 0


@pytest.mark.parametrize("args", [["init", "T/copy"], ["init", "T/../copy"], ["init", "ed/new/copy"],
                                  ["men", "-o", "T/../witness.txt"], ["men", "-o", "T/k1-musical.yaml"],
                                  ["build", "--out", "T/../docs"], ["build", "--out", "T/../output"]])
def test_f2_nothing_is_written_into_an_edition_the_command_does_not_name(args, linked):
    """No output goes into an edition directory, whichever edition the
    command works on (here the shipped one)."""
    before = everything(linked)
    one_line_error(run(*args), args[-1])
    assert everything(linked) == before


def test_f2_a_link_as_the_output_file_is_refused(linked):
    (linked / "w").symlink_to("ed/witness.txt")
    (linked / "mine.txt").write_text("mine\n")
    (linked / "m").symlink_to("mine.txt")
    before = everything(linked)
    for args in (["--edition", "ed", "men", "-o", "w"], ["men", "-o", "w"], ["men", "-o", "m"]):
        one_line_error(run(*args), "w" if "w" in args else "m")
    assert everything(linked) == before


def test_f3_a_users_directory_named_like_staging_survives_the_next_build(linked):
    keep = linked / ".o5.old-keep"
    assert run("--edition", "ed", "build", "--out", "o5").exit_code == 0
    shutil.copytree(linked / "o5", keep)
    (keep / "audit.json").write_text("my edit\n")
    before = snapshot(keep)
    r = run("--edition", "ed", "build", "--out", "o5")
    assert r.exit_code == 0 and "warning" not in r.stderr
    assert snapshot(keep) == before


def test_f4_a_second_witness_outside_the_edition_is_never_written(linked):
    (linked / "tcp").mkdir()
    for p in (linked / "ed" / "eebo-tcp-A05389").iterdir():
        p.rename(linked / "tcp" / p.name)
    meta = linked / "ed" / "edition.yaml"
    meta.write_text(meta.read_text().replace("second_witness: eebo-tcp-A05389/A05389.xml",
                                             "second_witness: ../tcp/A05389.xml"))
    os.link(linked / "tcp" / "A05389.xml", linked / "hard.xml")
    before = everything(linked)
    for args in (["men", "-o", "tcp/A05389.xml"], ["men", "-o", "ed/../tcp/A05389.xml"],
                 ["men", "-o", "T/../../tcp/A05389.xml"], ["men", "-o", "hard.xml"], ["build", "--out", "tcp"],
                 ["init", "tcp"]):
        one_line_error(run("--edition", "ed", *args), args[-1])
    assert everything(linked) == before


def test_a_dotdot_after_a_missing_directory_or_a_file_is_refused(linked):
    """The system refuses both (Python's realpath reads "file/.." as the
    file's directory: the fuzz run found init writing a copy beside the
    edition's second witness through one)."""
    (linked / "f.txt").write_text("mine\n")
    before = everything(linked)
    for args in (["men", "-o", "nowhere/../men.txt"], ["men", "-o", "f.txt/../men.txt"], ["init", "f.txt/../copy"],
                 ["build", "--out", "f.txt/../out"], ["init", "ed/witness.txt/../../copy"]):
        one_line_error(run(*args), "'..' follows a name that is not an existing directory")
    assert everything(linked) == before


def test_a_file_of_the_edition_linked_from_elsewhere_is_protected_where_it_lies(linked):
    """An edition whose transcription is a link to a file outside it: that
    file is read by the edition, so -o refuses it however it is named."""
    (linked / "elsewhere").mkdir()
    real = linked / "elsewhere" / "k1-musical.yaml"
    (linked / "ed" / "tables" / "k1-musical.yaml").rename(real)
    (linked / "ed" / "tables" / "k1-musical.yaml").symlink_to(real)
    before = everything(linked)
    for target in ("elsewhere/k1-musical.yaml", "elsewhere/../elsewhere/k1-musical.yaml"):
        one_line_error(run("--edition", "ed", "men", "-o", target), target)
    assert everything(linked) == before
