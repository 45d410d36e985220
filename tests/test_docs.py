"""Docs that cannot drift: the README's commands, the evidence document, the
defaults the evidence justifies."""

import re
import subprocess
from pathlib import Path

import pytest

from conftest import EDITION, FOUR_READINGS, REGISTRY
from rithmocheck.audit.evidence import evidence_table
from rithmocheck.cli import cli

EVIDENCE_TABLES = [t for t, f in REGISTRY.items() if f.shows_evidence]

ROOT = Path(__file__).resolve().parent.parent


def _commands():
    text = (ROOT / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", quick, re.S)


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


def test_the_test_command_runs_the_tests_in_two_processes():
    """CI's budget (15 minutes on 2 cores) holds because pytest runs on both cores (pytest-xdist, a dependency of
    the test extra and pinned in the lock)."""
    from importlib.metadata import requires

    assert _commands()[1].endswith("&& pytest -n 2")
    assert any(r.startswith("pytest-xdist") and "extra == \"test\"" in r for r in requires("rithmocheck") or [])


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


# --- the numbers the docs state (issue 25): each checked against the data ---------------------------------

FOUR = ("k1-arithmetic-geometric", "k1-arithmetic-musical", "k1-geometric-musical", "k1-all-three")


def _prose(name: str) -> str:
    """A document with its lines joined (a sentence may wrap anywhere), the generated evidence left out."""
    text = (ROOT / name).read_text(encoding="utf-8").split("<!-- evidence:begin -->")[0]
    return " ".join(text.split())


def _readings(table_id: str) -> dict[str, object]:
    from rithmocheck.audit.tables import reading_evidence

    return {r.definition: r for r in reading_evidence(REGISTRY[table_id], EDITION)}


@pytest.mark.parametrize("table_id", FOUR)
def test_each_four_number_default_is_the_reading_the_evidence_chooses(table_id):
    from rithmocheck.audit.findings import best_reading

    assert REGISTRY[table_id].params["definition"].default == FOUR_READINGS[table_id]
    chosen = best_reading(list(_readings(table_id).values()))
    assert chosen.definition == FOUR_READINGS[table_id] and chosen.is_default


def test_the_readings_of_k1_arithmetic_geometric_by_hand():
    """The issue's figures: of the 52 printed rows 49 are rows under either reading; the other three are the
    row printed twice, 9 12 16 20 (rows 6 and 5 of column 2), and two misprints, 9 8 153 289 for
    9 81 153 289 (9 81 153 arithmetic, 81 153 289 geometric: 153 * 153 = 81 * 289) and 36 42 40 56 for
    36 42 49 56 (42 49 56; 36 42 49: 42 * 42 = 36 * 49). disjunct-geometric adds rows such as 2 3 4 6
    (2 3 4; 2:3 = 4:6), which has no geometric triple, and implies 34 omissions; three-of-four 9."""
    r = _readings("k1-arithmetic-geometric")
    for d, omissions in (("disjunct-geometric", 34), ("three-of-four", 9)):
        assert (r[d].printed, r[d].explained, len(r[d].omissions)) == (52, 49, omissions)
        assert sorted((f.kind.value, f.printed, f.expected) for f in r[d].unexplained) == [
            ("duplicate", (9, 12, 16, 20), None), ("misprint", (9, 8, 153, 289), (9, 81, 153, 289)),
            ("misprint", (36, 42, 40, 56), (36, 42, 49, 56))]
    assert (2, 3, 4, 6) in r["disjunct-geometric"].omissions and (2, 3, 4, 6) not in r["three-of-four"].omissions


@pytest.mark.parametrize("table_id", FOUR)
def test_the_readings_docs_universes_states_are_the_data(table_id):

    text = _prose("docs/universes.md")
    m = re.search(rf"- `{table_id}` \((\d+) printed rows\): (.+?)\*\*`([a-z-]+)`\*\*", text)
    assert m, f"docs/universes.md no longer weighs the readings of {table_id}"
    readings = _readings(table_id)
    stated = re.findall(r"`([a-z-]+)` explains (\d+) and implies (\d+)", m.group(2))
    assert {d for d, _x, _o in stated} == set(readings)
    for d, explained, omissions in stated:
        r = readings[d]
        assert (int(m.group(1)), int(explained), int(omissions)) == (r.printed, r.explained, len(r.omissions)), d
    assert m.group(3) == FOUR_READINGS[table_id]


def test_the_other_numbers_docs_universes_states_are_the_data():
    text = _prose("docs/universes.md")
    ev = {(e.table, e.universe, e.params): e for t in EVIDENCE_TABLES for e in evidence_table(REGISTRY[t], EDITION)}
    # the kind-1 taking tables: what the print has, and how little the opposite sides explain
    printed = {t: [e.numbers for e in EDITION.entries(t) if e.role == "entry"]
               for t in ("k1-addition", "k1-multiplication", "k2-spaces-multiplication", "k2-spaces-division",
                         "k2-cossick-taking", "k3-obsidion-only")}
    for entry in re.search(r"The print has `1 2 3`, `1 15 16`, `1 120 121` .*? and `4 4 8`, `2 4 8`", text).group(0) \
            .split("`")[1::2]:
        numbers = tuple(map(int, entry.split()))
        assert numbers in printed["k1-addition"] + printed["k1-multiplication"], entry
    m = re.search(r"`opposite:` explains half the print or less \((\d+) of (\d+) printed sums, (\d+) of (\d+) printed "
                  r"products\)", text)
    best = {t: max(e.explained for (tt, u, _p), e in ev.items() if tt == t and u.startswith("opposite:"))
            for t in ("k1-addition", "k1-multiplication")}
    assert tuple(map(int, m.groups())) == (best["k1-addition"], len(printed["k1-addition"]),
                                           best["k1-multiplication"], len(printed["k1-multiplication"]))
    # the proportion tables
    m = re.search(r"`men` explains all (\d+) printed geometric rows, `men-kings` (\d+)", text)
    geo = ev[("k1-geometric", "men", ())], ev[("k1-geometric", "men-kings", ())]
    assert tuple(map(int, m.groups())) == (geo[0].printed, geo[1].explained) and geo[0].explained == geo[0].printed
    # the four-number tables: the rows only the disjunct geometric proportion explains
    m = re.search(r"three-of-four` would leave the printed `([\d ]+)` and `([\d ]+)` unexplained", text)
    unexplained = _readings("k1-geometric-musical")["three-of-four"].unexplained
    assert sorted(f.printed for f in unexplained) == [tuple(map(int, g.split())) for g in m.groups()]
    assert {f.kind.value for f in unexplained} == {"spurious"}
    greatest = _readings("k1-all-three")
    need = greatest["disjunct-geometric"].explained - greatest["three-of-four"].explained
    assert f"the form {need} rows of the greatest triumph's table need" in text
    assert f"{need} printed rows (such as `2 3 4 6`: 2:3 = 4:6) have no geometric *triple*" in text
    assert (2, 3, 4, 6) in [f.printed for f in greatest["three-of-four"].unexplained]
    # the kind-2 spaces tables: the greatest number of void spaces, never one, and the kings
    spaces = [e[1] for t in ("k2-spaces-multiplication", "k2-spaces-division") for e in printed[t] if len(e) == 3]
    m = re.search(r"greatest number of void spaces is (\d+) \(`([\d ]+)`, `([\d ]+)`\)", text)
    assert int(m.group(1)) == max(spaces) and 1 not in spaces
    for g in m.groups()[1:]:
        assert tuple(map(int, g.split())) in printed["k2-spaces-multiplication"] + printed["k2-spaces-division"]
    m = re.search(r"For multiplication `opposite:men` and `opposite:men-kings` explain the same (\d+) rows", text)
    both = [ev[("k2-spaces-multiplication", u, ())] for u in ("opposite:men", "opposite:men-kings")]
    assert {e.explained for e in both} == {int(m.group(1))}
    # the cossick takings, kind 3, the standards
    assert "the print's twelve cossick takings are all regenerated" in text
    cossick = ev[("k2-cossick-taking", "opposite:men", ())]
    assert cossick.printed == cossick.explained == len(printed["k2-cossick-taking"]) == 12
    assert "the print lists 3, 5 and 7" in text and {3, 5, 7} <= set(printed["k3-obsidion-only"][1])
    m = re.search(r"line 1093\): (\d+) and (\d+);.*? so (\d+) and (\d+) men to a standard", text)
    totals = {side: sum(x.value for x in EDITION.armies.all_men() if x.side == side) for side in ("even", "odd")}
    per = {side: (totals[side] - 2 - 10) // 10 for side in totals}
    assert tuple(map(int, m.groups())) == (totals["even"], totals["odd"], per["even"], per["odd"])
    assert [r for r in REGISTRY["standards"].table().rows if r[1] == 1] == [("even", 1, per["even"]),
                                                                            ("odd", 1, per["odd"])]


def test_the_numbers_the_readme_states_of_the_four_number_readings_are_the_data():
    text = _prose("README.md")
    ag, gm = _readings("k1-arithmetic-geometric"), _readings("k1-geometric-musical")
    greatest = _readings("k1-all-three")
    m = re.search(r"`three-of-four` for k1-arithmetic-geometric \((\d+) of (\d+) printed rows explained with (\d+) "
                  r"omissions; `disjunct-geometric`, the default until issue 25, explains the same (\d+) with (\d+)\)",
                  text)
    assert tuple(map(int, m.groups())) == (ag["three-of-four"].explained, ag["three-of-four"].printed,
                                           len(ag["three-of-four"].omissions), ag["disjunct-geometric"].explained,
                                           len(ag["disjunct-geometric"].omissions))
    m = re.search(r"`three-of-four` would imply (\d+) omissions instead of (\d+)", text)
    assert tuple(map(int, m.groups())) == (len(gm["three-of-four"].omissions), len(gm["disjunct-geometric"].omissions))
    m = re.search(r"the form that (\d+) of the (\d+) printed rows of the greatest triumph's table need", text)
    dg, tf = greatest["disjunct-geometric"], greatest["three-of-four"]
    assert tuple(map(int, m.groups())) == (dg.explained - tf.explained, dg.printed)
    m = re.search(r"its (\d+) errata supplying rows only the disjunct proportion admits went, the (\d+) left", text)
    gone = len(ag["disjunct-geometric"].omissions) - len(ag["three-of-four"].omissions)
    assert tuple(map(int, m.groups())) == (gone, len(ag["three-of-four"].omissions))
