"""Works installed (issue 13): build a wheel from a copy of the checkout,
install it (not editable) into a fresh virtual environment outside the
checkout, and run the main commands there, in a directory that is not the
checkout.

Marked `wheel` and left out of a plain `pytest` (it takes a minute, most of
it pip); .ci/run runs it after the README's test command:

    pytest -m wheel tests/test_wheel.py
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".git", ".venv", "build", "dist", "output", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
        ".hypothesis"}


def tree(path: Path) -> dict[str, str]:
    return {p.relative_to(path).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def installed():
    work = Path(tempfile.mkdtemp(prefix="rithmocheck-wheel-"))
    assert ROOT not in work.parents
    try:
        src = work / "src"
        shutil.copytree(ROOT, src, ignore=lambda _d, names: [n for n in names if n in SKIP or n.startswith(".venv")
                                                                or n.endswith(".egg-info")])
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(src)],
                       check=True, cwd=work)
        wheels = list((work / "dist").glob("rithmocheck-*.whl"))
        assert len(wheels) == 1
        shutil.rmtree(src)  # nothing of the checkout is left to lean on
        subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
        # The wheel's dependencies at the versions of the lock, as every install of CI.
        subprocess.run([str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "-q",
                        "-c", str(ROOT / "constraints.txt"), str(wheels[0])], check=True, cwd=work)
        (work / "run").mkdir()
        yield work, wheels[0]
    finally:
        shutil.rmtree(work, ignore_errors=True)


def rc(installed, *args: str) -> subprocess.CompletedProcess[str]:
    work, _wheel = installed
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RITHMOCHECK_EDITION", "VIRTUAL_ENV")}
    return subprocess.run([str(work / "venv" / "bin" / "rithmocheck"), *args], cwd=work / "run", env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_wheel_holds_the_edition_and_no_tests(installed):
    _work, wheel = installed
    names = zipfile.ZipFile(wheel).namelist()
    for name in ("edition.yaml", "witness.txt", "pages.yaml", "examples.yaml", "coverage.yaml",
                 "tables/k1-musical.yaml", "eebo-tcp-A05389/A05389.xml"):
        assert f"rithmocheck/editions/lever-fulke-1563/{name}" in names, name
    # the design card's sources/ and corrections/ mapped into the package (setup.py), file for file
    for top, inside in (("sources", "rithmocheck/editions"), ("corrections", "rithmocheck/corrections")):
        kept = {f"{inside}/{p.relative_to(ROOT / top).as_posix()}" for p in (ROOT / top).rglob("*") if p.is_file()}
        assert kept and kept <= set(names), top
    assert "rithmocheck/schema/ruleset-1.json" in names
    # the readings and the engines' profiles, the conformance cases and the recorded live runs (issues 22-29)
    shipped = {p.relative_to(ROOT).as_posix() for d in ("ruleset/readings", "conformance/cases", "conformance/runs")
               for p in (ROOT / "rithmocheck" / d).iterdir() if p.suffix in (".yaml", ".json")}
    assert len(shipped) > 100 and shipped <= set(names), sorted(shipped - set(names))[:5]
    assert not [n for n in names if n.startswith(("tests/", "output/", "sources/", "corrections/"))]
    licences = [n for n in names if ".dist-info/" in n and n.endswith("/LICENSE")]  # the licence ships (issue 21)
    assert len(licences) == 1 and zipfile.ZipFile(wheel).read(licences[0]).startswith(b"MIT License\n")


def test_the_installed_package_is_not_the_checkout(installed):
    work, _wheel = installed
    probe = "import rithmocheck; print(rithmocheck.__file__)"
    done = subprocess.run([str(work / "venv" / "bin" / "python"), "-c", probe], cwd=work / "run",
                          capture_output=True, text=True, check=True)
    assert Path(done.stdout.strip()).is_relative_to(work / "venv")


def test_the_main_commands_work_installed(installed):
    work, _wheel = installed
    r = rc(installed, "build", "--out", "out")
    assert r.returncode == 0, r.stderr
    assert tree(work / "run" / "out") == tree(ROOT / "output")  # the same bytes as the committed build
    r = rc(installed, "audit")
    assert r.returncode == 0 and "all covered by curated errata" in r.stderr, r.stderr
    r = rc(installed, "show", "k1-musical")
    assert r.returncode == 0 and "3 4 6" in r.stdout, r.stderr
    r = rc(installed, "errata", "--format", "tei")
    assert r.returncode == 0 and r.stdout.startswith("<?xml") and "<choice>" in r.stdout, r.stderr
    r = rc(installed, "ruleset", "validate", "out/ruleset/kind-1.json")
    assert r.returncode == 0 and "valid" in r.stderr, r.stderr
    r = rc(installed, "conformance", "--reading", "seed-002")
    assert r.returncode == 0, r.stderr
    r = rc(installed, "engines", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == json.loads((ROOT / "output" / "engines.json").read_text())
    r = rc(installed, "--version")
    assert r.returncode == 0 and "rithmocheck" in r.stdout


def test_init_and_a_scholars_edition_work_installed(installed):
    work, _wheel = installed
    r = rc(installed, "init", "ed")
    assert r.returncode == 0, r.stderr
    r = rc(installed, "--edition", "ed", "audit", "k1-musical")
    assert r.returncode == 0 and "edition " in r.stderr, r.stderr
    r = rc(installed, "--edition", "missing", "audit")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "no such edition directory" in r.stderr
    r = rc(installed, "build", "--out", str(work / "venv"))  # never into the installed edition
    assert r.returncode == 2 and "refusing" in r.stderr


def test_the_openspiel_extra_installs_from_the_lock_and_plays(installed):
    """Without the extra, importing rithmocheck.openspiel fails with one line naming it; the extra then installs
    from the lock into the same environment (issue 37), and the installed game plays a game whose record the
    installed command replays. Last in this file: it adds the extra to the environment the others use."""
    work, wheel = installed
    python = str(work / "venv" / "bin" / "python")
    done = subprocess.run([python, "-c", "import rithmocheck.openspiel"], cwd=work / "run", capture_output=True,
                          text=True)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1].endswith(
        "rithmocheck.openspiel needs the openspiel extra: pip install 'rithmocheck[openspiel]'"), done.stderr
    if sys.version_info < (3, 11):
        pytest.skip("open-spiel 2.0.2, the extra's, has wheels for Python 3.11 and later only")
    subprocess.run([python, "-m", "pip", "install", "-q", "-c", str(ROOT / "constraints.txt"),
                    f"{wheel}[openspiel]"], check=True, cwd=work)
    play = ("import random, pyspiel\n"
            "from rithmocheck.openspiel import load\n"
            "game = load('kind-1', agreement='bodies:men=1', max_moves=60)\n"
            "pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)\n"
            "state, rng = game.new_initial_state(), random.Random(1)\n"
            "while not state.is_terminal():\n"
            "    state.apply_action(rng.choice(state.legal_actions()))\n"
            "open('game.txt', 'w').write(state.record())\n"
            "print(state.ply)\n")
    done = subprocess.run([python, "-c", play], cwd=work / "run", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    plies = int(done.stdout.split()[-1])
    r = rc(installed, "replay", "game.txt", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["moves"]) == plies
