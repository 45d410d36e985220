"""Editions as data (issue 13): the shipped edition is package data, `init DIR`
copies it, `--edition DIR` / RITHMOCHECK_EDITION selects another, and every
command works on it and names its files."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from rithmocheck.cli import cli
from rithmocheck.errors import InputError
from rithmocheck.witness import tcp
from rithmocheck.witness.edition import SHIPPED, SHIPPED_ERRATA, SHIPPED_TCP, Edition

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


def one_line_error(r, needle: str) -> None:
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert "Traceback" not in r.output
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert needle in r.stderr, r.stderr


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("ed") / "my-edition"
    r = run("init", str(d))
    assert r.exit_code == 0, r.output
    return d


def test_the_shipped_edition_follows_the_design_card():
    """In a checkout, the transcriptions as printed in sources/, the curated errata apart in corrections/ (the
    wheel maps both into the package: tests/test_wheel.py), named by the edition's edition.yaml."""
    assert SHIPPED == ROOT / "sources" / "lever-fulke-1563"
    assert SHIPPED_ERRATA == ROOT / "corrections" / "lever-fulke-1563.yaml"
    assert Edition.default().root == SHIPPED and Edition.default().errata_path == SHIPPED_ERRATA
    assert Edition.open(SHIPPED).errata_path.resolve() == SHIPPED_ERRATA  # edition.yaml names them
    assert Edition.default().second_witness_path == SHIPPED_TCP and SHIPPED_TCP.is_file()
    assert Edition.default().name == "lever-fulke-1563"
    for name in ("edition.yaml", "witness.txt", "witness.yaml", "examples.yaml", "coverage.yaml", "pages.yaml",
                 "tables/k1-musical.yaml", "eebo-tcp-A05389/witness.yaml"):
        assert (SHIPPED / name).is_file(), name
    assert not (SHIPPED / "errata.yaml").exists() and not (ROOT / "rithmocheck" / "editions").exists()


def test_init_copies_the_whole_edition_with_its_errata_in_it(copy):
    shipped, copied = files(SHIPPED), files(copy)
    assert copied.pop("errata.yaml") == SHIPPED_ERRATA.read_bytes()
    edition_yaml = copied.pop("edition.yaml").decode("utf-8").splitlines()
    expected = shipped.pop("edition.yaml").decode("utf-8").splitlines()
    assert copied == shipped
    # edition.yaml the same but for the one line that names the errata
    assert [i for i, (a, b) in enumerate(zip(edition_yaml, expected)) if a != b] == \
           [expected.index("errata: ../../corrections/lever-fulke-1563.yaml")]
    assert "errata: errata.yaml" in edition_yaml and len(edition_yaml) == len(expected)
    assert Edition.open(copy).name == "lever-fulke-1563"
    assert Edition.open(copy).errata_path == copy.absolute() / "errata.yaml"


def test_init_files_follow_the_umask_and_are_writable(tmp_path):
    old = os.umask(0o027)
    try:
        assert run("init", str(tmp_path / "e")).exit_code == 0
    finally:
        os.umask(old)
    assert (tmp_path / "e").stat().st_mode & 0o777 == 0o750
    assert (tmp_path / "e" / "errata.yaml").stat().st_mode & 0o777 == 0o640


def test_init_into_an_empty_directory(tmp_path):
    r = run("init", str(tmp_path))
    assert r.exit_code == 0 and (tmp_path / "witness.txt").is_file()
    assert "copied the edition lever-fulke-1563" in r.stderr


@pytest.mark.parametrize("make,needle", [
    (lambda p: (p.mkdir(), (p / "notes.txt").write_text("mine")), "is not empty (it holds notes.txt)"),
    (lambda p: p.write_text("a file"), "exists and is not a directory"),
    (lambda p: p.parent.joinpath("f").write_text("x"), "is not a directory"),
])
def test_init_refuses_and_touches_nothing(make, needle, tmp_path):
    target = tmp_path / "e"
    make(target)
    before = files(tmp_path)
    if needle == "is not a directory":
        target = tmp_path / "f" / "e"
    one_line_error(run("init", str(target)), needle)
    assert files(tmp_path) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_init_refuses_an_empty_name_and_the_shipped_edition():
    one_line_error(run("init", ""), "the directory name is empty")
    one_line_error(run("init", str(SHIPPED / "copy")), "refusing")


def test_every_command_works_on_the_copy(copy, tmp_path):
    ed = ["--edition", str(copy)]
    assert run(*ed, "audit").exit_code == 0
    assert run(*ed, "show", "k1-musical").exit_code == 0
    assert run(*ed, "errata", "--format", "tei").exit_code == 0
    assert run(*ed, "check-source", str(copy / "tables" / "k1-musical.yaml")).exit_code == 0
    r = run(*ed, "build", "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output
    # the same edition gives the same output, but that the TEI errata name the copy's errata file (errata.yaml,
    # not the repository's corrections/lever-fulke-1563.yaml), which the manifest and data package then hash
    copied, shipped = files(tmp_path / "out"), files(ROOT / "output")
    tei = "errata/errata.tei.xml"
    differ = {n for n in shipped if copied.get(n) != shipped[n]}
    assert differ == {tei, "manifest.json", "datapackage.json"} and copied.keys() == shipped.keys()
    assert copied[tei].replace(b"(errata.yaml)", b"(corrections/lever-fulke-1563.yaml)") == shipped[tei]


def test_the_environment_variable_selects_the_edition(copy, tmp_path):
    (tmp_path / "e").mkdir()
    r = run("audit", "k1-musical", env={"RITHMOCHECK_EDITION": str(tmp_path / "e")})
    one_line_error(r, "has no witness.txt")
    r = run("audit", "k1-musical", env={"RITHMOCHECK_EDITION": str(copy)})
    assert r.exit_code == 0 and f"edition {copy}" in r.stderr


def test_an_edit_of_a_number_shows_in_the_audit(tmp_path):
    """The scholar changes the second musical triple, 3 4 6, to 3 4 7 in the
    witness and in the transcription: the audit reports it, at its place."""
    d = tmp_path / "ed"
    assert run("init", str(d)).exit_code == 0
    witness = (d / "witness.txt").read_text(encoding="utf-8").split("\n")
    assert witness[672].startswith("2 3 6 3 4 6 3 15 16")
    witness[672] = witness[672].replace("2 3 6 3 4 6", "2 3 6 3 4 7", 1)
    (d / "witness.txt").write_text("\n".join(witness), encoding="utf-8")
    t = d / "tables" / "k1-musical.yaml"
    text = t.read_text(encoding="utf-8")
    text = text.replace("  2 3 6 3 4 6 3 15 16", "  2 3 6 3 4 7 3 15 16", 1).replace('- "3 4 6"', '- "3 4 7"', 1)
    t.write_text(text, encoding="utf-8")
    r = run("--edition", str(d), "audit", "k1-musical", "--format", "json")
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    found = [f for f in data["findings"] if f["printed"] == [3, 4, 7]]
    # the misprint, and the invariant: the corrected table holds the printed 3 4 7 (no erratum corrects it)
    assert [f["kind"] for f in found] == ["misprint", "invariant"] and found[1]["expected"] is None
    assert found[0]["kind"] == "misprint" and found[0]["witness_line"] == 673 and found[0]["erratum"] is None
    assert found[0]["position"] == {"passage": "k1-musical", "block": 1, "column": 1, "row": 2}
    assert [3, 4, 6] in [c["value"] for c in found[0]["candidates"]]
    # the shipped edition is untouched
    assert run("audit", "k1-musical").exit_code == 0
    # witness.yaml still records the shipped witness: check-source and build warn, with the new SHA-256
    new_sha = hashlib.sha256((d / "witness.txt").read_bytes()).hexdigest()
    r = run("--edition", str(d), "check-source", str(t))
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[-1].startswith(f"warning: {d / 'witness.yaml'}: sha256 is not that of witness.txt")
    assert new_sha in r.stderr
    r = run("--edition", str(d), "build", "--out", str(tmp_path / "out"))
    assert r.exit_code == 1 and "warning: " in r.stderr and new_sha in r.stderr
    meta = (d / "witness.yaml").read_text(encoding="utf-8")
    (d / "witness.yaml").write_text(meta.replace(Edition.default().metadata["sha256"], new_sha), encoding="utf-8")
    r = run("--edition", str(d), "check-source", str(t))
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr


def test_the_shipped_witness_is_the_one_its_description_records():
    assert Edition.default().witness_drift() is None


def test_messages_name_the_editions_files(tmp_path):
    d = tmp_path / "ed"
    assert run("init", str(d)).exit_code == 0
    t = d / "tables" / "k1-musical.yaml"
    t.write_text(t.read_text(encoding="utf-8").replace('- "3 4 6"', '- "3 4 8"', 1), encoding="utf-8")
    one_line_error(run("--edition", str(d), "check-source", str(t)), f"{t}:")
    one_line_error(run("--edition", str(d), "audit"), f"{t}")
    e = d / "errata.yaml"
    e.write_text(e.read_text(encoding="utf-8").replace('confidence: "medium"', 'confidence: "sure"', 1),
                 encoding="utf-8")
    t.write_text(t.read_text(encoding="utf-8").replace('- "3 4 8"', '- "3 4 6"', 1), encoding="utf-8")
    one_line_error(run("--edition", str(d), "errata"), f"{e}:")


@pytest.mark.parametrize("setup,needle", [
    (lambda p: None, "no such edition directory"),
    (lambda p: p.write_text("x"), "is not a directory"),
    (lambda p: p.mkdir(), "has no witness.txt"),
    (lambda p: (p.mkdir(), (p / "witness.txt").write_text("x\n")), "has no tables/ directory"),
    (lambda p: (p.mkdir(), (p / "witness.txt").write_text("x\n"), (p / "tables").mkdir(),
                (p / "edition.yaml").write_text("- a list\n")), "edition.yaml:1: the document must be a mapping"),
])
@pytest.mark.parametrize("command", [["audit"], ["show", "k1-musical"], ["errata"], ["build", "--out", "OUT"],
                                     ["check-source", "X"]])
def test_a_bad_edition_is_one_line(setup, needle, command, tmp_path):
    p = tmp_path / "e"
    setup(p)
    command = [str(tmp_path / "out") if c == "OUT" else str(SHIPPED / "tables" / "k1-musical.yaml") if c == "X"
               else c for c in command]
    one_line_error(run("--edition", str(p), *command), needle)
    assert not (tmp_path / "out").exists()


def test_an_empty_edition_option_is_bad_input():
    one_line_error(run("--edition", "", "audit"), "no such edition directory")


def test_an_editions_missing_errata_is_bad_input(copy, tmp_path):
    d = tmp_path / "e"
    assert run("init", str(d)).exit_code == 0
    (d / "errata.yaml").unlink()
    one_line_error(run("--edition", str(d), "audit"), f"{d / 'errata.yaml'}: cannot read file")
    one_line_error(run("--edition", str(d), "show", "k1-musical", "--corrected"), "errata.yaml")


def test_an_edition_without_a_second_witness(tmp_path):
    d = tmp_path / "e"
    assert run("init", str(d)).exit_code == 0
    meta = (d / "edition.yaml").read_text(encoding="utf-8")
    (d / "edition.yaml").write_text(meta.replace("second_witness:", "# second_witness:"), encoding="utf-8")
    ed = Edition.open(d)
    assert ed.second_witness_path is None
    with pytest.raises(InputError, match="has no second witness"):
        tcp.for_edition(ed)
    (d / "edition.yaml").write_text(meta, encoding="utf-8")
    (d / "eebo-tcp-A05389" / "A05389.xml").write_text("<TEI><unclosed></TEI>", encoding="utf-8")
    with pytest.raises(InputError, match="malformed XML"):
        tcp.for_edition(Edition.open(str(d) + "/"))
    assert run("--edition", str(d), "audit").exit_code == 0  # nothing else needs it


def test_no_command_writes_into_the_selected_edition(copy):
    before = files(copy)
    one_line_error(run("--edition", str(copy), "build", "--out", str(copy / "out")), "refusing")
    one_line_error(run("--edition", str(copy), "errata", "--propose", "-o", str(copy / "p.yaml")), "refusing")
    one_line_error(run("--edition", str(copy), "men", "-o", str(copy / "tables" / "men.yaml")), "refusing")
    assert files(copy) == before


@pytest.mark.parametrize("command", [["audit"], ["show", "k1-musical", "--corrected"], ["errata"],
                                     ["errata", "--propose"], ["build", "--out", "OUT"]])
def test_a_missing_errata_option_is_bad_input_not_no_errata(command, tmp_path):
    command = [str(tmp_path / "out") if c == "OUT" else c for c in command]
    for missing in (str(tmp_path / "nope.yaml"), ""):
        one_line_error(run(*command, "--errata", missing), "no such errata file")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("bad, needle", [
    ("identifiers: [STC 15542A]\n", 'identifiers must be a mapping, not ["STC 15542A"]'),
    ("attributions:\n  - who: William Fulke\n", "attributions[1]: missing field 'initials'"),
    ("authors: Lever\n", 'authors must be a list, not "Lever"'),
])
def test_a_bad_book_description_is_one_line(bad, needle, tmp_path):
    d = tmp_path / "e"
    assert run("init", str(d)).exit_code == 0
    meta = d / "witness.yaml"
    text = meta.read_text(encoding="utf-8")
    key = bad.split(":")[0]
    kept = []
    skipping = False
    for line in text.splitlines(keepends=True):  # drop the key's block, then append the bad one
        if line.startswith(f"{key}:"):
            skipping = True
            continue
        if skipping and (line.startswith((" ", "\t")) or not line.strip()):
            continue
        skipping = False
        kept.append(line)
    meta.write_text("".join(kept) + bad, encoding="utf-8")
    one_line_error(run("--edition", str(d), "errata", "--format", "md"), needle)
    assert str(meta) in run("--edition", str(d), "errata", "--format", "md").stderr


def test_the_tei_errata_name_the_editions_own_editors(tmp_path):
    d = tmp_path / "ed"
    assert run("init", str(d)).exit_code == 0
    meta = (d / "edition.yaml").read_text(encoding="utf-8")
    assert "editors: the editors of rithmocheck" in meta
    ns = {"t": "http://www.tei-c.org/ns/1.0"}

    def editor() -> tuple[str, str]:
        import xml.etree.ElementTree as ET

        r = run("--edition", str(d), "errata", "--format", "tei")
        root = ET.fromstring(r.stdout)
        [resp] = [x for x in root.iterfind(".//t:respStmt", ns)
                  if x.get("{http://www.w3.org/XML/1998/namespace}id") == "editor"]
        return resp.find("t:name", ns).text, root.find(".//t:publicationStmt/t:p", ns).text

    (d / "edition.yaml").write_text(meta.replace("edition: lever-fulke-1563", "edition: roe-1563")
                                    .replace("editors: the editors of rithmocheck", "editors: Jane Roe"),
                                    encoding="utf-8")
    name, publication = editor()
    assert name == "Jane Roe" and "the edition roe-1563" in publication
    (d / "edition.yaml").write_text(meta.replace("edition: lever-fulke-1563", "edition: roe-1563")
                                    .replace("editors: the editors of rithmocheck", ""), encoding="utf-8")
    assert editor()[0] == "the editors of the edition roe-1563"


def test_an_edition_without_a_witness_description_is_checked_without_warning(tmp_path):
    d = tmp_path / "ed"
    assert run("init", str(d)).exit_code == 0
    (d / "witness.yaml").unlink()
    r = run("--edition", str(d), "check-source", str(d / "tables" / "k1-musical.yaml"))
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr


@pytest.mark.parametrize("date, created", [("'2030-01-31'", "2030-01-31T00:00:00Z"),
                                           ('"2031-02-01"', "2031-02-01T00:00:00Z"), (None, None)])
def test_the_data_package_is_created_on_the_editions_date(date, created, tmp_path):
    """Issue 21: datapackage.json's created is the edition's date
    (edition.yaml), not the day of the build, so that output/ stays the
    same byte for byte; an edition without one has no created."""
    d = tmp_path / "ed"
    assert run("init", str(d)).exit_code == 0
    meta = d / "edition.yaml"
    kept = [line for line in meta.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("date:")]
    meta.write_text("".join(kept) + (f"date: {date}\n" if date else ""), encoding="utf-8")
    for out in ("a", "b"):
        r = run("--edition", str(d), "build", "--out", str(tmp_path / out))
        assert r.exit_code in (0, 1), r.output
    package = json.loads((tmp_path / "a" / "datapackage.json").read_text(encoding="utf-8"))
    assert package.get("created") == created
    assert (tmp_path / "b" / "datapackage.json").read_bytes() == (tmp_path / "a" / "datapackage.json").read_bytes()


@pytest.mark.parametrize("date, needle", [
    ("yesterday", 'date: "yesterday" is not of the form ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ (The date of this state'),
    ('"2030-02-30"', "date must be the date of this state of the edition, YYYY-MM-DD, not '2030-02-30'"),
    ("[2030]", "date must be text, not [2030]"),
    # a bare date is a YAML timestamp, no JSON data (issue 36): refused by name, with the mend
    ("2030-01-31", '2030-01-31 is a YAML date (a timestamp), which is not JSON data: quote it ("2030-01-31")'),
    ("2030-01-31 10:00:00", "2030-01-31 10:00:00 is a YAML date")])
def test_a_bad_edition_date_is_one_line(date, needle, tmp_path):
    d = tmp_path / "ed"
    assert run("init", str(d)).exit_code == 0
    meta = d / "edition.yaml"
    kept = [line for line in meta.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("date:")]
    meta.write_text("".join(kept) + f"date: {date}\n", encoding="utf-8")
    r = run("--edition", str(d), "build", "--out", str(tmp_path / "out"))
    one_line_error(r, needle)
    assert str(meta) in r.stderr
    assert not (tmp_path / "out").exists()
