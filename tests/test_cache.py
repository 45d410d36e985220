"""The build cache (rithmocheck/export/cache.py): a build whose inputs are
byte for byte those of an earlier build gives that build's files, summary and
exit code, and says so; any changed input, a damaged entry or --no-cache
makes the build afresh."""

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck import digest
from rithmocheck.cli import cli
from rithmocheck.export import cache
from rithmocheck.export.build import Build, main_job

FROM_CACHE = "from the cache"


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "rithmocheck" / "builds"


def build(out, *args, edition=None):
    before = ["--edition", str(edition)] if edition else []
    return CliRunner().invoke(cli, [*before, "build", "--out", str(out), *args])


def tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def entries(home: Path) -> list[Path]:
    return sorted(home.glob("*.json")) if home.exists() else []


def test_a_repeated_build_comes_from_the_cache_and_is_the_same(tmp_path, cache_home):
    cold = build(tmp_path / "a")
    assert cold.exit_code == 0 and FROM_CACHE not in cold.stderr
    assert len(entries(cache_home)) == 1
    warm = build(tmp_path / "b")
    assert warm.exit_code == 0 and FROM_CACHE in warm.stderr
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    # the summary lines are the cold build's, word for word
    assert warm.stderr.splitlines()[1:] == cold.stderr.splitlines()[1:]
    fresh = build(tmp_path / "c", "--no-cache")
    assert FROM_CACHE not in fresh.stderr and tree(tmp_path / "c") == tree(tmp_path / "a")


def test_a_changed_errata_file_is_a_miss_and_keeps_its_exit_code(tmp_path, cache_home):
    # the errata without the one supplying 91 190 289 (arithmetic): one finding is uncovered, exit 1
    text = EDITION.errata_path.read_text(encoding="utf-8")
    errata = tmp_path / "errata.yaml"
    errata.write_text(text, encoding="utf-8")
    build(tmp_path / "a", "--errata", str(errata))
    assert len(entries(cache_home)) == 1
    errata.write_text(text + "# one byte more\n", encoding="utf-8")
    r = build(tmp_path / "b", "--errata", str(errata))
    assert FROM_CACHE not in r.stderr and len(entries(cache_home)) == 2
    data = EDITION.errata_path.read_text(encoding="utf-8").split("\n  - ")
    dropped = [d for d in data[1:] if d.startswith('id: "k1-arithmetic+91-190-289"')]
    assert len(dropped) == 1, "the test needs the curated erratum supplying 91 190 289"
    errata.write_text("\n  - ".join(d for d in data if d is not dropped[0]), encoding="utf-8")
    cold = build(tmp_path / "c", "--errata", str(errata))
    warm = build(tmp_path / "d", "--errata", str(errata))
    assert (cold.exit_code, warm.exit_code) == (1, 1) and FROM_CACHE in warm.stderr
    # the omission of 91 190 289, and the invariant it breaks (the corrected table lacks a row)
    assert "2 NOT covered by an erratum" in warm.stderr
    assert warm.stderr.splitlines()[1:] == cold.stderr.splitlines()[1:]


def test_a_changed_transcription_is_a_miss(tmp_path, cache_home):
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    assert build(tmp_path / "a", edition=ed).exit_code == 0
    men = ed / "tables" / "men.yaml"
    men.write_text(men.read_text(encoding="utf-8").replace("two ranks", "two  ranks", 1), encoding="utf-8")
    r = build(tmp_path / "b", edition=ed)
    assert FROM_CACHE not in r.stderr and len(entries(cache_home)) == 2


def test_a_damaged_entry_is_a_miss(tmp_path, cache_home):
    build(tmp_path / "a")
    [entry] = entries(cache_home)
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["files"]["audit.json"] = "forged\n"  # still JSON, but not what was stored
    entry.write_text(json.dumps(data), encoding="utf-8")
    r = build(tmp_path / "b")
    assert FROM_CACHE not in r.stderr and tree(tmp_path / "b") == tree(tmp_path / "a")
    entry.write_text(entry.read_text(encoding="utf-8")[:1000], encoding="utf-8")  # truncated
    r = build(tmp_path / "c")
    assert FROM_CACHE not in r.stderr and tree(tmp_path / "c") == tree(tmp_path / "a")


def test_no_cache_neither_reads_nor_writes(tmp_path, cache_home, monkeypatch):
    build(tmp_path / "a", "--no-cache")
    assert entries(cache_home) == []
    monkeypatch.setenv("RITHMOCHECK_NO_CACHE", "1")
    build(tmp_path / "b")
    assert entries(cache_home) == []
    # a well-formed entry for the right key is believed by a cached build, never by --no-cache
    digest = cache.key(cache.edition_inputs(EDITION))
    cache.store(digest, Build({"audit.json": "planted\n"}, ("planted",), 0))
    r = build(tmp_path / "c")
    assert (tmp_path / "c" / "audit.json").read_text(encoding="utf-8") != "planted\n" and "planted" not in r.stderr
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE")
    r = build(tmp_path / "d")
    assert (tmp_path / "d" / "audit.json").read_text(encoding="utf-8") == "planted\n"


def test_bad_input_is_never_cached(tmp_path, cache_home):
    errata = tmp_path / "errata.yaml"
    errata.write_text("errata: [\n", encoding="utf-8")
    r = build(tmp_path / "a", "--errata", str(errata))
    assert r.exit_code == 2 and entries(cache_home) == []


def test_the_key_covers_every_package_file_and_the_python(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "sub" / "a.py").write_text("x = 1\n")
    monkeypatch.setattr(digest, "PACKAGE", package)
    first = cache.key(())
    (package / "sub" / "a.py").write_text("x = 2\n")
    second = cache.key(())
    (package / "sub" / "a.py").rename(package / "sub" / "b.py")
    third = cache.key(())
    monkeypatch.setattr(digest, "_versions", lambda: "another Python")
    fourth = cache.key(())
    assert len({first, second, third, fourth}) == 4 and None not in {first, second, third, fourth}


def test_an_unreadable_input_means_no_caching(tmp_path, cache_home):
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    os.mkfifo(ed / "notes.fifo")  # never read: hashing it would block
    assert cache.key(cache.edition_inputs(cache.Edition.open(ed))) is None
    r = build(tmp_path / "a", edition=ed)
    assert r.exit_code == 0 and entries(cache_home) == []


def test_an_edition_with_a_linked_directory_is_never_cached(tmp_path, cache_home):
    """os.walk does not enter a linked directory, so a change there would go unseen: no caching."""
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    (ed / "tables").rename(tmp_path / "tables")
    (ed / "tables").symlink_to(tmp_path / "tables", target_is_directory=True)
    assert cache.key(cache.edition_inputs(cache.Edition.open(ed))) is None
    assert build(tmp_path / "a", edition=ed).exit_code == 0
    assert build(tmp_path / "b", edition=ed).exit_code == 0 and entries(cache_home) == []


def test_only_the_newest_builds_are_kept(cache_home):
    for n in range(cache.KEEP + 2):
        cache.store(f"{n:064x}", Build({"a": str(n)}, (), 0))
        os.utime(cache_home / f"{n:064x}.json", (n, n))
    # the store after the last utime prunes by age on the next store
    cache.store("f" * 64, Build({"a": "last"}, (), 0))
    assert len(entries(cache_home)) == cache.KEEP
    assert (cache_home / ("f" * 64 + ".json")).exists()


def test_main_job_is_what_the_cache_keeps(tmp_path, cache_home):
    done = main_job(EDITION)
    digest = cache.key(cache.edition_inputs(EDITION))
    cache.store(digest, done)
    assert cache.load(digest) == done


# --- the memo (rithmocheck/memo.py) of the work that depends on neither the transcriptions nor the errata ---

def memos(home: Path) -> dict[str, int]:
    """The memo's entries beside the builds, each with the time it was written."""
    directory = home.parent / "memo"
    return {p.name: p.stat().st_mtime_ns for p in sorted(directory.glob("*.json"))} if directory.exists() else {}


def test_a_build_after_an_edited_table_takes_the_remembered_work_and_equals_a_cold_build(tmp_path, cache_home,
                                                                                         monkeypatch):
    from rithmocheck.witness import compare

    monkeypatch.setattr(compare, "_TIES", {})  # as in a new process: the witnesses not yet aligned
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    assert build(tmp_path / "a", edition=ed).exit_code == 0
    table = sorted((ed / "tables").glob("*.yaml"))[0]
    table.write_text(table.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert build(tmp_path / "b", edition=ed).exit_code == 0  # the collation made afresh: its alignment kept
    kept = memos(cache_home)
    assert sorted(name.split("-")[0] for name in kept) == ["alignment", "holds"]
    table.write_text(table.read_text(encoding="utf-8") + "# edited again\n", encoding="utf-8")
    compare._TIES.clear()  # a new process again: the alignment is read from the memo
    r = build(tmp_path / "c", edition=ed)
    assert FROM_CACHE not in r.stderr and r.exit_code == 0
    assert memos(cache_home) == kept  # read, not made again
    cold = build(tmp_path / "d", "--no-cache", edition=ed)
    assert cold.exit_code == 0 and tree(tmp_path / "c") == tree(tmp_path / "d")


def test_the_parts_key_moves_with_the_worked_examples_and_the_witness_not_with_tables_or_errata(tmp_path):
    from rithmocheck.export.parts import Parts
    from rithmocheck.witness.edition import Edition

    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    first = Parts.of(Edition.open(ed))
    assert first is not None
    keys = {first.key}
    opened = Edition.open(ed)
    for path in (sorted(opened.tables_dir.glob("*.yaml"))[-1], opened.errata_path):
        path.write_text(path.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
        again = Parts.of(Edition.open(ed))
        assert again is not None and again.key == first.key, path.name
    for path in (opened.examples_path, opened.witness_path):
        with path.open("a", encoding="utf-8") as fh:
            fh.write("\n# edited\n" if path.suffix == ".yaml" else "\n")
        moved = Parts.of(Edition.open(ed))
        assert moved is not None and moved.key not in keys, path.name
        keys.add(moved.key)


def test_a_damaged_memo_is_made_again_and_no_cache_never_touches_it(tmp_path, cache_home):
    assert build(tmp_path / "a", "--no-cache").exit_code == 0
    assert memos(cache_home) == {}
    build(tmp_path / "b")
    [holds] = (cache_home.parent / "memo").glob("holds-for-*.json")
    data = json.loads(holds.read_text(encoding="utf-8"))
    first = next(iter(data["value"]))
    data["value"][first] = []  # a case said to hold for no ruleset: forged, its checksum fails
    holds.write_text(json.dumps(data), encoding="utf-8")
    for entry in entries(cache_home):  # the build itself made afresh, so that the memo is read
        entry.unlink()
    r = build(tmp_path / "c")
    assert FROM_CACHE not in r.stderr and tree(tmp_path / "c") == tree(tmp_path / "b")
    assert json.loads(holds.read_text(encoding="utf-8"))["value"][first] != []


def test_a_remembered_value_of_the_wrong_shape_is_made_again(tmp_path, cache_home, monkeypatch):
    """A memo entry whole and checksummed but not what its reader can use (opcodes that do not cover the
    witnesses, proofs without their fields) is made again, never trusted into an internal error."""
    from rithmocheck import memo
    from rithmocheck.witness import compare

    monkeypatch.setattr(compare, "_TIES", {})
    assert run_collate().exit_code == 0  # the alignment made and remembered
    assert CliRunner().invoke(cli, ["explain", "91"]).exit_code == 0  # the proofs made and remembered
    home = cache_home.parent / "memo"
    for entry, forged in ((next(home.glob("alignment-*.json")), [["equal", 0, 3, 0, 3]]),
                          (next(home.glob("proofs-*.json")), [{"name": "forged"}])):
        data = json.loads(entry.read_text(encoding="utf-8"))
        good = data["value"]
        data.update(value=forged, sha256=memo.checksum(forged))
        entry.write_text(json.dumps(data), encoding="utf-8")
        compare._TIES.clear()
        assert run_collate().exit_code == 0
        assert CliRunner().invoke(cli, ["explain", "91"]).exit_code == 0
        assert json.loads(entry.read_text(encoding="utf-8"))["value"] == good  # made again, kept again


def run_collate():
    return CliRunner().invoke(cli, ["collate"])
