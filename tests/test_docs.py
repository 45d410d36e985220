"""Docs that cannot drift: the README's commands, the evidence document, the
defaults the evidence justifies."""

import re
import subprocess
from pathlib import Path

import pytest

from conftest import EDITION, REGISTRY
from rithmocheck.audit.evidence import evidence_table
from rithmocheck.cli import cli

EVIDENCE_TABLES = [t for t, f in REGISTRY.items() if f.shows_evidence]

ROOT = Path(__file__).resolve().parent.parent


def _commands():
    text = (ROOT / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.+?)\n```", quick, re.S)


def test_quick_start_has_exactly_two_commands():
    cmds = _commands()
    assert len(cmds) == 2
    assert "rithmocheck" in cmds[0] and "pip install" in cmds[0]
    assert "pytest" in cmds[1] and "pip install" in cmds[1]


def test_ci_runs_the_readme_test_command_exactly():
    script = (ROOT / ".ci" / "run").read_text()
    assert "test-command" in script and 'bash -c "$cmd"' in script
    out = subprocess.run(
        ["awk", '/<!-- test-command -->/{found=1; next} found && /^[^`]/ && NF {print; exit}', "README.md"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert out == _commands()[1]


def test_readme_lists_every_command():
    text = (ROOT / "README.md").read_text()
    for name in cli.commands:
        assert f"rithmocheck {name}" in text, name


def test_evidence_document_is_fresh():
    import importlib.util

    spec = importlib.util.spec_from_file_location("write_evidence", ROOT / "tools" / "write_evidence.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    doc = (ROOT / "docs" / "universes.md").read_text()
    assert mod.updated(doc) == doc, "run: python tools/write_evidence.py"


@pytest.mark.parametrize("table_id", EVIDENCE_TABLES)
def test_default_universe_explains_the_print_best(table_id):
    rows = evidence_table(REGISTRY[table_id], EDITION)
    default = [e for e in rows if e.is_default]
    assert len(default) == 1
    assert default[0].universe == REGISTRY[table_id].default_universe
    assert default[0].explained == max(e.explained for e in rows)


# --- the lock (issue 21): CI and the README install pinned versions ---------------------------------

def _lock() -> dict[str, str]:
    from packaging.utils import canonicalize_name

    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt pins with ==: {line!r}"
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_both_readme_commands_install_from_the_lock():
    for cmd in _commands():
        assert "pip install -q -c constraints.txt " in cmd, cmd


def test_the_lock_pins_every_declared_dependency_within_its_range():
    from importlib.metadata import requires

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = _lock()
    declared = [Requirement(r) for r in requires("rithmocheck") or []]
    assert len(declared) >= 6
    for req in declared:
        name = canonicalize_name(req.name)
        assert name in pins, f"constraints.txt does not pin {req.name}: run python tools/lock.py"
        assert req.specifier.contains(pins[name], prereleases=True), (req, pins[name])


def test_the_newest_check_runs_the_test_command_without_the_lock():
    script = (ROOT / ".ci" / "newest").read_text()
    assert "${cmd//-c constraints.txt /}" in script and "exit 0" in script
    assert ".ci/newest || true" in (ROOT / ".ci" / "run").read_text()
