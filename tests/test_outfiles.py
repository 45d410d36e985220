"""Never lose a user's files (issue 15): build and -o write only where they
may, atomically, and never onto the edition or the curated errata."""

from __future__ import annotations

import hashlib
import json
import os
import random
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


@pytest.mark.parametrize("target", ["rithmocheck/editions", "rithmocheck", "rithmocheck/editions/lever-fulke-1563",
                                    "rithmocheck/editions/lever-fulke-1563/tables",
                                    "rithmocheck/editions/lever-fulke-1563/new",
                                    "rithmocheck/editions/lever-fulke-1563/errata.yaml"])
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


def test_stale_staging_directories_are_cleaned(tmp_path):
    out = tmp_path / "out"
    write_tree({"a.txt": "a\n"}, out)
    stale = tmp_path / ".out.new-dead"
    write_tree({"x.txt": "x\n"}, stale)  # a killed build's staging: a manifest and its files
    empty = tmp_path / ".out.old-dead"
    empty.mkdir()
    write_tree({"a.txt": "b\n"}, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_stale_staging_directory_holding_a_users_file_is_kept(tmp_path):
    stale = tmp_path / ".out.new-x"
    stale.mkdir()
    (stale / "mine.txt").write_text("mine")
    left = write_tree({"a.txt": "a\n"}, tmp_path / "out")
    assert left == [str(stale / "mine.txt")] and (stale / "mine.txt").read_text() == "mine"


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
    """The tag of the tree in out; fails unless the tree is one build's, whole."""
    files = snapshot(out)
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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # stale staging cleaned


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
