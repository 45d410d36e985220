"""Issue 38: the incremental build (rithmocheck/export/incremental.py,
parts.py). After an edit of each kind an editor makes (a number of a table
where the witness has it, an erratum, a line of prose, a comment), `build`
makes only the parts the edit touched, every part it takes from the memo is
what making it again gives (RITHMOCHECK_VERIFY_PARTS=1: a part that reads
more than it says fails), and the tree it writes is byte for byte a cold
build's (--no-cache); it lists exactly the findings the edit added and
removed."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from rithmocheck.cli import cli
from rithmocheck.export.changes import where
from rithmocheck.export.render import json_indented


@pytest.fixture
def memo_home(tmp_path, monkeypatch):
    monkeypatch.delenv("RITHMOCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("RITHMOCHECK_VERIFY_PARTS", "1")
    return tmp_path / "xdg"


def tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def build(out: Path, ed: Path, *args: str):
    r = CliRunner().invoke(cli, ["--edition", str(ed), "build", "--out", str(out), *args])
    assert r.exit_code in (0, 1), r.output
    return r


@pytest.fixture
def edition(tmp_path, memo_home):
    """An edition made by init, built once (the memo filled)."""
    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    build(tmp_path / "out", ed)
    return ed


def edit_cell(ed: Path, old: str = "4 7 28", new: str = "4 7 29") -> None:
    """A number of k1-musical (witness line 673) changed where the witness has it: the line, the run and the
    cell of its transcription (as an editor correcting a reading does)."""
    witness = ed / "witness.txt"
    lines = witness.read_text(encoding="utf-8").split("\n")
    assert f"{old} 5 8 20" in lines[672]
    lines[672] = lines[672].replace(f"{old} 5 8 20", f"{new} 5 8 20")
    witness.write_text("\n".join(lines), encoding="utf-8")
    table = ed / "tables" / "k1-musical.yaml"
    text = table.read_text(encoding="utf-8")
    assert text.count(f'- "{old}"') == 1
    table.write_text(text.replace(f"{old} 5 8 20", f"{new} 5 8 20").replace(f'- "{old}"', f'- "{new}"'),
                     encoding="utf-8")


def drop_erratum(ed: Path, erratum: str) -> None:
    """An erratum taken out of the edition's errata."""
    path = ed / "errata.yaml"
    items = path.read_text(encoding="utf-8").split("\n  - ")
    kept = [i for i in items if not i.startswith(f'id: "{erratum}"')]
    assert len(kept) == len(items) - 1
    path.write_text("\n  - ".join(kept), encoding="utf-8")


def same_as_cold(tmp_path: Path, ed: Path, out: Path) -> None:
    cold = tmp_path / "cold"
    r = CliRunner().invoke(cli, ["--edition", str(ed), "build", "--no-cache", "--out", str(cold)])
    assert r.exit_code in (0, 1), r.output
    assert tree(out) == tree(cold)


def test_a_repeated_build_takes_the_earlier_build_and_writes_nothing(tmp_path, edition):
    out = tmp_path / "out"
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    r = build(out, edition)
    assert "from the cache" in r.stderr and f"kept the {len(before)} files of {out}/" in r.stderr
    assert "nothing changed since the last build" in r.stderr
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()} == before  # not one file written
    r = build(tmp_path / "elsewhere", edition)  # a new directory: the files taken from the memo
    assert "from the cache" in r.stderr and tree(tmp_path / "elsewhere") == tree(out)


def test_a_build_after_an_edited_number_makes_its_table_alone_and_equals_a_cold_build(tmp_path, edition):
    out = tmp_path / "out"
    edit_cell(edition)
    r = build(out, edition, "--format", "json")
    changes = json.loads(r.stdout)
    same_as_cold(tmp_path, edition, out)
    # 4 7 29 is not musical (a misprint whose likeliest reading is the 4 7 28 it replaced), the corrected table
    # holds it and lacks 4 7 28 (two invariants), and the universe finding counts one entry fewer explained
    added = sorted((f["kind"], json.dumps(f["position"])) for f in changes["findings"]["added"])
    assert [k for k, _p in added] == ["invariant", "invariant", "misprint", "universe"]
    [misprint] = [f for f in changes["findings"]["added"] if f["kind"] == "misprint"]
    assert misprint["printed"] == [4, 7, 29] and misprint["witness_line"] == 673
    assert misprint["position"] == {"passage": "k1-musical", "block": 1, "column": 1, "row": 5}
    assert [f["kind"] for f in changes["findings"]["removed"]] == ["universe"]
    assert "tables/k1-musical/printed.csv" in changes["files"]["changed"]
    assert "tables/k1-addition/printed.csv" not in changes["files"]["changed"]


def test_build_lists_exactly_the_findings_an_edit_added_and_removed(tmp_path, edition):
    """An erratum dropped and a cell edited: each finding the audit gains or loses is one line of what the
    build prints, with its position; --format json gives the same, and csv a row each."""
    out = tmp_path / "out"
    before = json.loads((out / "audit.json").read_text(encoding="utf-8"))["findings"]
    drop_erratum(edition, "k1-addition@1.4.26")  # the misprint 72 28 361: no erratum covers it now
    edit_cell(edition)
    r = build(out, edition)
    after = json.loads((out / "audit.json").read_text(encoding="utf-8"))["findings"]
    want_added = [f for f in after if f not in before]
    want_removed = [f for f in before if f not in after]
    lines = [x for x in r.stdout.splitlines() if x.startswith(("+ ", "- "))]
    assert len(lines) == len(want_added) + len(want_removed)
    assert any(x.startswith("+ misprint k1-addition:1.4.26 (line 557, image 24 right): 72 28 361") for x in lines)
    assert any(x.startswith("- misprint k1-addition:1.4.26 (line 557, image 24 right): 72 28 361") for x in lines)
    assert any(x.startswith("+ misprint k1-musical:1.1.5 (line 673, ") for x in lines)
    assert [x for x in r.stdout.splitlines() if x.startswith("files changed: ")]
    assert re.search(rf"since the last build of {re.escape(str(out))}/: {len(want_added)} findings added, "
                     rf"{len(want_removed)} removed", r.stderr)
    # the same as JSON, of a build that changes nothing more: nothing
    again = json.loads(build(out, edition, "--format", "json").stdout)
    assert again["findings"] == {"added": [], "removed": []} and again["files"]["changed"] == []
    # and of the edit undone: exactly the reverse
    (edition / "errata.yaml").write_bytes((tmp_path / "ed" / "errata.yaml").read_bytes())  # (as it now stands)
    edit_cell(edition, "4 7 29", "4 7 28")
    back = json.loads(build(out, edition, "--format", "json").stdout)["findings"]
    assert sorted(map(json.dumps, back["removed"])) == sorted(
        json.dumps(f) for f in want_added if f["table"] == "k1-musical")
    same_as_cold(tmp_path, edition, out)
    # and as CSV (-o FILE, never into OUT): a row per finding, with its position as the text names it
    edit_cell(edition)
    r = build(out, edition, "--format", "csv", "-o", str(tmp_path / "changes.csv"))
    assert r.stdout == ""
    rows = list(csv.DictReader(io.StringIO((tmp_path / "changes.csv").read_text(encoding="utf-8"))))
    assert sorted((row["kind"], row["where"]) for row in rows if row["item"] == "finding"
                  and row["change"] == "added") == sorted((f["kind"], where(f)) for f in want_added
                                                          if f["table"] == "k1-musical")
    assert {row["where"] for row in rows if row["item"] == "file"} >= {"tables/k1-musical/printed.csv"}
    refused = CliRunner().invoke(cli, ["--edition", str(edition), "build", "--out", str(out), "--format", "csv",
                                       "-o", str(out / "changes.csv")])
    assert refused.exit_code == 2 and len(refused.stderr.strip().splitlines()) == 1


def test_an_edited_erratum_remakes_its_table_and_the_errata_alone(tmp_path, edition):
    out = tmp_path / "out"
    path = edition / "errata.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('reason: "72 + 28 is 100',
                                                            'reason: "(edited) 72 + 28 is 100', 1), encoding="utf-8")
    r = build(out, edition, "--format", "json")
    changes = json.loads(r.stdout)
    same_as_cold(tmp_path, edition, out)
    assert changes["findings"] == {"added": [], "removed": []}
    changed = set(changes["files"]["changed"])
    assert {"errata/errata.csv", "tables/k1-addition/errata.csv", "html/tables/k1-addition.html",
            "text.tei.xml"} <= changed
    assert not {"html/tables/k1-musical.html", "tables/k1-musical/errata.csv", "audit.json"} & changed


def test_an_edited_line_of_prose_and_a_comment(tmp_path, edition):
    out = tmp_path / "out"
    witness = edition / "witness.txt"
    witness.write_text(witness.read_text(encoding="utf-8").replace("exercise of their wits.",
                                                                   "exercise of their WITS.", 1), encoding="utf-8")
    changes = json.loads(build(out, edition, "--format", "json").stdout)
    assert changes["findings"] == {"added": [], "removed": []}
    assert set(changes["files"]["changed"]) == {"html/witness.html", "text.tei.xml", "datapackage.json"}
    same_as_cold(tmp_path, edition, out)
    table = edition / "tables" / "k1-musical.yaml"
    table.write_text(table.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    changes = json.loads(build(out, edition, "--format", "json").stdout)
    assert changes["files"] == {"added": [], "removed": [], "changed": []}


def test_a_cold_build_in_two_processes_is_the_build_in_one(tmp_path, monkeypatch):
    """The engine side made in a process of its own (forked) or in the build's: the same files, byte for
    byte."""
    from rithmocheck.export import incremental
    from rithmocheck.export.build import build as make_build
    from rithmocheck.witness.edition import Edition

    monkeypatch.setattr(incremental, "_can_fork", lambda: True)
    two = make_build(Edition.default(), remember=False)
    assert "holds" in two.made  # (made in the lane, reported back)
    monkeypatch.setenv("RITHMOCHECK_SERIAL", "1")
    one = make_build(Edition.default(), remember=False, fork=False)
    assert dict(two.files) == dict(one.files) and two.messages == one.messages


def test_the_collation_passage_by_passage_is_the_editions_collation():
    """Each passage collated alone against the pages it stands on (as a build after an edit collates it) gives
    what collating the whole edition gives (collation.json, which tools/write_collation.py keeps fresh)."""
    from rithmocheck.export.parts import EditionJob
    from rithmocheck.witness.collate import CACHE_FILE
    from rithmocheck.witness.edition import Edition

    ed = Edition.default()
    job = EditionJob(ed, remember=False)
    made = job._collation_of_parts(job._collation_specs())
    kept = json.loads((ed.root / CACHE_FILE).read_text(encoding="utf-8"))["report"]
    assert made.as_dict() == kept


# --- the JSON of the build's documents, written quicker -------------------------------------------------------

_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
            | st.text())
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                     | st.dictionaries(st.text() | st.integers(), inner, max_size=4), max_leaves=30)


@given(_json, st.booleans())
def test_json_indented_is_json_dumps_indented(value, ascii_only):
    """rithmocheck.export.render.json_indented writes what json.dumps(indent=2) writes, whatever the value
    (a key that is not text or a number that is not finite handed to json.dumps)."""
    assert json_indented(value, ensure_ascii=ascii_only) == json.dumps(value, indent=2, ensure_ascii=ascii_only)


_ascii = st.characters(min_codepoint=32, max_codepoint=126)
_cells = st.none() | st.integers(-10**6, 10**12) | st.text(_ascii, max_size=12)


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(st.text(_ascii, max_size=8), min_size=n, max_size=n),
    st.lists(st.lists(_cells, min_size=n, max_size=n), max_size=5),
    st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n))))
def test_github_tables_are_tabulates(table):
    """The Markdown tables of the build are written without tabulate where they are text and whole numbers:
    the same text, to the byte, as tabulate's (which writes every other)."""
    from tabulate import tabulate

    from rithmocheck.export.render import _github_table

    heads, rows, align = table
    quick = _github_table(heads, [list(r) for r in rows], align)
    if quick is not None:
        assert quick == tabulate(rows, headers=heads, tablefmt="github", disable_numparse=True, colalign=align)
    else:
        assert not rows or any(not (v is None or isinstance(v, int) or (v.isascii() and v.isprintable()))
                               for r in rows for v in r) or not all(h.isprintable() for h in heads)


def test_an_edited_erratum_alone_is_checked_against_the_schema(tmp_path, memo_home, monkeypatch):
    """The errata file's items are remembered as valid one by one (rithmocheck.shape), so that after an edit
    of one erratum that erratum alone is checked again; an erratum made invalid is named as a check of the
    whole file names it (the same line), with the memo or without it."""
    from rithmocheck import memo, shape
    from rithmocheck.audit.errata import load_errata
    from rithmocheck.errors import InputError
    from rithmocheck.witness.edition import Edition

    ed = tmp_path / "ed"
    assert CliRunner().invoke(cli, ["init", str(ed)]).exit_code == 0
    load_errata(Edition.open(ed))  # every item checked, and remembered as valid
    checked = []
    real, real_python = shape.surely_valid, shape._item_validator

    def surely_valid(name, data):  # the quick verdict, asked of each item checked (jsonschema-rs)
        if isinstance(name, tuple):
            checked.append(str(data["id"]))
        return real(name, data)

    class Counting:  # python-jsonschema's, asked where the quick one does not find the item valid
        def __init__(self, validator):
            self.validator = validator

        def is_valid(self, item):
            checked.append(f"{item['id']} (python-jsonschema)")
            return self.validator.is_valid(item)

    monkeypatch.setattr(shape, "surely_valid", surely_valid)
    monkeypatch.setattr(shape, "_item_validator", lambda *a: Counting(real_python(*a)))
    path = ed / "errata.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('reason: "72 + 28 is 100', 'reason: "(edited) 72 + 28 is 100', 1), encoding="utf-8")
    errata = load_errata(Edition.open(ed))
    assert checked == ["k1-addition@1.4.26"] and len(errata) > 100
    bad = text.replace('    confidence: "high"\n    resp: "rithmocheck+editor"\n    reason: "72 + 28 is 100',
                       '    confidence: "sure"\n    resp: "rithmocheck+editor"\n    reason: "72 + 28 is 100', 1)
    assert bad != text
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(InputError) as remembered:
        load_errata(Edition.open(ed))
    with memo.off(), pytest.raises(InputError) as whole:
        load_errata(Edition.open(ed))
    assert str(remembered.value) == str(whole.value) and "k1-addition@1.4.26" in str(whole.value)


def test_yaml_as_read_keeps_its_lines_through_the_memo():
    """rithmocheck.inputs.lined_data and lined_of: every YAML file of the shipped edition, and its errata, read
    back equal, each mapping, list, text and number on its line."""
    from rithmocheck.inputs import LDict, LInt, LList, LStr, lined_data, lined_of, load_file
    from rithmocheck.witness.edition import Edition

    def same(a, b):
        if type(a) is not type(b) or getattr(a, "line", None) != getattr(b, "line", None):
            return False
        if isinstance(a, dict):
            return list(a) == list(b) and all(same(x, y) and same(a[x], b[y]) for x, y in zip(a, b))
        if isinstance(a, list):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return a == b

    ed = Edition.default()
    paths = [*sorted(ed.root.rglob("*.yaml")), ed.errata_path]
    kinds = set()
    for path in paths:
        data = load_file(path)
        assert same(lined_of(json.loads(json.dumps(lined_data(data)))), data), path
        kinds |= {type(data)}
    assert len(paths) > 20 and kinds == {LDict}
    first = load_file(ed.errata_path)["errata"][0]
    assert {LList, LStr} <= {type(x) for x in first.values()} and {type(n) for n in first["sic"]} == {LInt}
