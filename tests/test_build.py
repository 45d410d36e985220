"""The main job: output/ is deterministic, atomic and committed fresh."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck.cli import cli
from rithmocheck.export.build import build_files
from rithmocheck.export.outfiles import MANIFEST, manifest_text, write_tree

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def files():
    return build_files(EDITION)


def tree(path: Path) -> dict[str, str]:
    return {p.relative_to(path).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(path.rglob("*")) if p.is_file()}


def test_committed_output_is_fresh(files):
    committed = tree(ROOT / "output")
    files = {**files, MANIFEST: manifest_text(files)}
    assert sorted(committed) == sorted(files), "output/ lists other files than the build writes: run rithmocheck build"
    stale = [name for name in files if committed[name] != files[name]]
    assert stale == [], f"output/ is stale (run rithmocheck build): {stale[:5]}"


def test_build_is_deterministic(files):
    again = build_files(EDITION)
    assert again == files


def test_output_holds_every_artefact(files):
    for t in ("k1-musical", "k2-spaces-division", "men"):
        for v in ("printed", "corrected", "regenerated"):
            for ext in ("csv", "md"):
                assert f"tables/{t}/{v}.{ext}" in files
    for name in ("errata.md", "errata.csv", "errata.json", "errata.tei.xml"):
        assert f"errata/{name}" in files
    assert "audit.json" in files
    assert {"collation.md", "collation.json"} <= set(files)


def test_output_metadata_cites_the_book(files):
    """Issue 11: the book's identifiers (from the TCP header) and both
    readings of "W. F." stand in the metadata of the outputs."""
    import json

    package = json.loads(files["datapackage.json"])
    ruleset = json.loads(files["ruleset/kind-1.json"])["witness"]
    cited = {"datapackage": package["sources"][0]["title"] + package["description"],
             "errata.md": files["errata/errata.md"].split("\n## ")[0],
             "errata.tei.xml": files["errata/errata.tei.xml"].split("<text>")[0],
             "html": files["html/index.html"].split("</header>")[-1].split("<section")[0],
             "ruleset": json.dumps(ruleset)}
    for name, text in cited.items():
        for needle in ("STC 15542A", "ESTC S120022", "EEBO image set 20707", "EEBO-TCP A05389",
                       "William Fulke", "William Fulwood", "1563"):
            assert needle in text, (name, needle)
    assert '<idno type="STC">STC 15542A</idno>' in cited["errata.tei.xml"]


def test_build_command(tmp_path):
    r = CliRunner().invoke(cli, ["build", "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    assert "all covered by curated errata" in r.stderr and r.stdout == ""
    assert "collated 18 passages with the second witness" in r.stderr and "none unexplained" in r.stderr
    assert (tmp_path / "out" / "audit.json").exists()


def test_a_failed_build_leaves_the_previous_output_intact(tmp_path, monkeypatch):
    out = tmp_path / "out"
    write_tree({"a.txt": "old\n"}, out)

    class Boom(Exception):
        pass

    real = Path.write_text

    def failing(self, text, *a, **k):
        if self.name == "b.txt":
            raise Boom()
        return real(self, text, *a, **k)

    monkeypatch.setattr(Path, "write_text", failing)
    with pytest.raises(Boom):
        write_tree({"a.txt": "new\n", "b.txt": "x"}, out)
    monkeypatch.undo()
    assert tree(out) == {"a.txt": "old\n", MANIFEST: manifest_text({"a.txt": "old\n"})}
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no staging directory left behind
