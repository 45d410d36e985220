"""The build cache (rithmocheck/export/cache.py) and the memo it keeps its
parts in (rithmocheck/memo.py): a build whose inputs are byte for byte those
of an earlier build gives that build's files, summary and exit code, and
says so; any changed input makes the build again (from the parts the change
did not touch: tests/test_incremental.py); a damaged memo, a value of the
wrong shape, --no-cache and an input that cannot be read whole make it
afresh."""

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck import digest, memo
from rithmocheck.cli import cli
from rithmocheck.export import cache
from rithmocheck.export.parts import EditionJob

FROM_CACHE = "from the cache"


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    yield tmp_path / "xdg" / "rithmocheck"
    memo.close()


def build(out, *args, edition=None):
    before = ["--edition", str(edition)] if edition else []
    return CliRunner().invoke(cli, [*before, "build", "--out", str(out), *args])


def tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def heads() -> list[str]:
    """The builds kept (their heads in the memo)."""
    return sorted(memo.entries("build:"))


def test_a_repeated_build_comes_from_the_cache_and_is_the_same(tmp_path, cache_home):
    cold = build(tmp_path / "a")
    assert cold.exit_code == 0 and FROM_CACHE not in cold.stderr
    assert len(heads()) == 1
    warm = build(tmp_path / "b")
    assert warm.exit_code == 0 and FROM_CACHE in warm.stderr
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    # the summary lines are the cold build's, word for word
    assert warm.stderr.splitlines()[2:-1] == cold.stderr.splitlines()[2:-1]
    fresh = build(tmp_path / "c", "--no-cache")
    assert FROM_CACHE not in fresh.stderr and tree(tmp_path / "c") == tree(tmp_path / "a")


def test_a_changed_errata_file_is_a_miss_and_keeps_its_exit_code(tmp_path, cache_home):
    # the errata without the one supplying 91 190 289 (arithmetic): one finding is uncovered, exit 1
    text = EDITION.errata_path.read_text(encoding="utf-8")
    errata = tmp_path / "errata.yaml"
    errata.write_text(text, encoding="utf-8")
    build(tmp_path / "a", "--errata", str(errata))
    assert len(heads()) == 1
    errata.write_text(text + "# one byte more\n", encoding="utf-8")
    r = build(tmp_path / "b", "--errata", str(errata))
    assert FROM_CACHE not in r.stderr and len(heads()) == 2
    data = EDITION.errata_path.read_text(encoding="utf-8").split("\n  - ")
    dropped = [d for d in data[1:] if d.startswith('id: "k1-arithmetic+91-190-289"')]
    assert len(dropped) == 1, "the test needs the curated erratum supplying 91 190 289"
    errata.write_text("\n  - ".join(d for d in data if d is not dropped[0]), encoding="utf-8")
    cold = build(tmp_path / "c", "--errata", str(errata))
    warm = build(tmp_path / "d", "--errata", str(errata))
    assert (cold.exit_code, warm.exit_code) == (1, 1) and FROM_CACHE in warm.stderr
    # the omission of 91 190 289, and the invariant it breaks (the corrected table lacks a row)
    assert "2 NOT covered by an erratum" in warm.stderr
    assert warm.stderr.splitlines()[2:-1] == cold.stderr.splitlines()[2:-1]


def test_a_changed_transcription_is_a_miss(tmp_path, cache_home):
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    assert build(tmp_path / "a", edition=ed).exit_code == 0
    men = ed / "tables" / "men.yaml"
    men.write_text(men.read_text(encoding="utf-8").replace("two ranks", "two  ranks", 1), encoding="utf-8")
    r = build(tmp_path / "b", edition=ed)
    assert FROM_CACHE not in r.stderr and len(heads()) == 2


def test_a_damaged_memo_is_set_aside_and_the_build_made_afresh(tmp_path, cache_home):
    build(tmp_path / "a")
    memo.close()
    database = cache_home / memo.DATABASE
    database.write_bytes(b"not a database at all" * 100)  # (a disk's damage, a foreign file)
    for name in ("memo.sqlite3-wal", "memo.sqlite3-shm"):
        (cache_home / name).unlink(missing_ok=True)
    r = build(tmp_path / "b")
    assert r.exit_code == 0 and FROM_CACHE not in r.stderr and tree(tmp_path / "b") == tree(tmp_path / "a")
    assert (cache_home / f"{memo.DATABASE}.damaged").exists() and len(heads()) == 1  # made anew


def test_a_part_gone_from_the_memo_makes_the_build_again(tmp_path, cache_home):
    build(tmp_path / "a")
    [head] = memo.entries("build:").values()
    memo.close()
    import sqlite3

    with sqlite3.connect(cache_home / memo.DATABASE) as db:  # the texts of one part, evicted
        db.execute("DELETE FROM entries WHERE key = ?", ("text:" + head["parts"][0],))
    r = build(tmp_path / "b")
    assert r.exit_code == 0 and tree(tmp_path / "b") == tree(tmp_path / "a")


def test_no_cache_neither_reads_nor_writes(tmp_path, cache_home, monkeypatch):
    build(tmp_path / "a", "--no-cache")
    assert memo.entries() == {}
    monkeypatch.setenv("RITHMOCHECK_NO_CACHE", "1")
    build(tmp_path / "b")
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE")
    assert memo.entries() == {}
    # a well-formed head for the right key is believed by a cached build, never by --no-cache
    key = cache.head_key(EditionJob(EDITION))
    assert key is not None
    memo.put("part:planted", {"files": {"audit.json": [8, "0" * 64]}})
    memo.put("text:part:planted", {"audit.json": "planted\n"})
    memo.put(key, {"parts": ["part:planted"], "messages": ["planted"], "exit_code": 0, "manifest": "x"})
    memo.flush()
    r = build(tmp_path / "c", "--no-cache")
    assert (tmp_path / "c" / "audit.json").read_text(encoding="utf-8") != "planted\n" and "planted" not in r.stderr
    r = build(tmp_path / "d")
    assert (tmp_path / "d" / "audit.json").read_text(encoding="utf-8") == "planted\n"


def test_bad_input_is_never_cached(tmp_path, cache_home):
    errata = tmp_path / "errata.yaml"
    errata.write_text("errata: [\n", encoding="utf-8")
    r = build(tmp_path / "a", "--errata", str(errata))
    assert r.exit_code == 2 and heads() == []


def test_the_digest_covers_every_package_file_and_the_python(tmp_path, monkeypatch, cache_home):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "sub" / "a.py").write_text("x = 1\n")
    monkeypatch.setattr(digest, "PACKAGE", package)
    first = digest.digest(())
    (package / "sub" / "a.py").write_text("x = 2\n")
    second = digest.digest(())
    (package / "sub" / "a.py").rename(package / "sub" / "b.py")
    third = digest.digest(())
    monkeypatch.setattr(digest, "_versions", lambda: "another Python")
    fourth = digest.digest(())
    assert len({first, second, third, fourth}) == 4 and None not in {first, second, third, fourth}


def test_a_file_hashed_is_trusted_only_while_it_stands_as_it_was_and_settled(tmp_path, cache_home):
    """digest.py keeps each file's SHA-256 with its size and times (as git's index does); an entry is used only
    when the file stands as it did and had stood still two seconds before it was hashed."""
    f = tmp_path / "a.txt"
    f.write_text("one\n")
    old = 1_000_000_000  # an mtime long settled
    os.utime(f, ns=(old, old))
    first = digest.digest((f,), package=False)
    kept = json.loads((cache_home / digest.HASHES).read_text(encoding="utf-8"))
    assert str(f.resolve()) in kept
    f.write_text("two\n")  # same size: only the content and the times tell
    os.utime(f, ns=(old, old))
    digest._Hashes._process.clear()
    second = digest.digest((f,), package=False)
    assert second != first  # the ctime moved: hashed again


def test_an_unreadable_input_means_no_caching(tmp_path, cache_home):
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    os.mkfifo(ed / "notes.fifo")  # never read: hashing it would block
    job = EditionJob(cache.Edition.open(ed))
    assert cache.head_key(job) is None and not job.remember
    r = build(tmp_path / "a", edition=ed)
    assert r.exit_code == 0 and heads() == [] and not memo.entries("part:")


def test_an_edition_with_a_linked_directory_is_never_cached(tmp_path, cache_home):
    """os.walk does not enter a linked directory, so a change there would go unseen: no caching."""
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    (ed / "tables").rename(tmp_path / "tables")
    (ed / "tables").symlink_to(tmp_path / "tables", target_is_directory=True)
    assert cache.head_key(EditionJob(cache.Edition.open(ed))) is None
    assert build(tmp_path / "a", edition=ed).exit_code == 0
    assert build(tmp_path / "b", edition=ed).exit_code == 0 and heads() == []


def test_the_memo_keeps_the_least_recently_used_out(cache_home, monkeypatch):
    monkeypatch.setattr(memo, "MAX_ENTRIES", 20)
    for n in range(30):
        memo.put(f"test:{n:03d}", n)
    memo.flush()
    kept = memo.entries("test:")
    assert len(kept) <= 20 and "test:029" in kept


def test_a_remembered_value_of_the_wrong_shape_is_made_again(tmp_path, cache_home, monkeypatch):
    """A memo entry whole and checksummed but not what its reader can use (opcodes that do not cover the
    witnesses, proofs without their fields) is made again, never trusted into an internal error."""
    from rithmocheck.witness import compare

    monkeypatch.setattr(compare, "_TIES", {})
    assert run_collate().exit_code == 0  # the alignment made and remembered
    assert CliRunner().invoke(cli, ["explain", "91"]).exit_code == 0  # the proofs made and remembered
    for prefix, forged in (("alignment:", [["equal", 0, 3, 0, 3]]), ("proofs:", [{"name": "forged"}])):
        key, good = next(iter(memo.entries(prefix).items()))
        memo.forge(key, forged)
        compare._TIES.clear()
        assert run_collate().exit_code == 0
        assert CliRunner().invoke(cli, ["explain", "91"]).exit_code == 0
        assert memo.entries(prefix)[key] == good  # made again, kept again


def run_collate():
    return CliRunner().invoke(cli, ["collate"])
