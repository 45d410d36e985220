"""Issue 24: one output path (a format type, a value each command returns,
one renderer, one output_options decorator, FORMATS defined once) and one
outcome that alone decides the exit code (rithmocheck.pipeline)."""

import ast
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck.cli import cli
from rithmocheck.errors import Exit
from rithmocheck.export.values import FORMATS, Doc, Format, Table, Text, chunks, render
from rithmocheck.pipeline import run as pipeline
from rithmocheck.pipeline.outcome import Outcome

PACKAGE = Path(__file__).resolve().parent.parent / "rithmocheck"


def commands(group=cli, prefix=()):
    for name, cmd in group.commands.items():
        yield prefix + (name,), cmd
        if isinstance(cmd, click.Group):
            yield from commands(cmd, prefix + (name,))


def format_choices(cmd):
    for p in cmd.params:
        if p.name == "fmt":
            return tuple(p.type.choices)
    return None


def test_every_command_that_writes_data_offers_every_format_once_defined():
    """FORMATS is the one list: each command with --format offers all of it
    (and only the formats its value has a view of besides: tei, the errata's;
    html, a replayed game record's)."""
    offering = {" ".join(path): format_choices(cmd) for path, cmd in commands() if format_choices(cmd)}
    assert len(offering) >= 15, offering
    for path, choices in offering.items():
        if set(choices) <= {"tei"}:  # a value with one rendering only (the TEI text): output_options(only=...)
            continue
        assert choices[:len(FORMATS)] == tuple(FORMATS), path
        assert set(choices) - set(FORMATS) <= {"tei", "html"}, path


def test_no_command_branches_on_the_format():
    """A command computes its value and hands it to `write`; the format is
    never compared in cli/ (the renderer, rithmocheck.export.values, chooses)."""
    for source in (PACKAGE / "cli").glob("*.py"):
        tree = ast.parse(source.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                attrs = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
                assert "fmt" not in names and "fmt" not in attrs, f"{source.name}:{node.lineno}"


def test_a_new_format_is_one_function():
    upper = Format("upper", lambda t: "".join(" ".join(map(str, r)).upper() + "\n" for r in t.rows))
    assert render(Table(("a", "b"), [["x", 1], ["y", 2]]), upper) == "X 1\nY 2\n"
    assert render(Doc({"k": "v"}), upper) == "/K V\n"  # a document's tabular form: its pointers and values
    assert render(Text("as it is\n"), upper) == "as it is\n"


def test_a_value_renders_the_same_whole_or_in_pieces():
    rows = [[i, i * i] for i in range(10)]
    for fmt in FORMATS.values():
        whole = render(Table(("n", "square"), rows, {"rows": rows}), fmt)
        streamed = "".join(chunks(Table(("n", "square"), iter(rows), {}, rows_at="rows"), fmt))
        assert streamed == whole, fmt.name


def test_a_view_is_the_values_own_rendering_in_its_format():
    value = Table(("a",), [[1]], {"a": 1}, views={"text": lambda: "one\n"})
    assert render(value, FORMATS["text"]) == "one\n"
    assert render(value, FORMATS["csv"]) == "a\n1\n"


@pytest.mark.parametrize("outcome, code", [
    (Outcome(), Exit.OK),
    (Outcome(failures=2), Exit.FINDINGS),
    (Outcome(refused=True), Exit.BAD_INPUT),
    (Outcome(failures=1, refused=True), Exit.BAD_INPUT),
])
def test_the_outcome_alone_decides_the_exit_code(outcome, code):
    assert outcome.exit_code == code


def test_the_main_jobs_outcome_holds_the_audit_and_the_collation():
    outcome = pipeline.build(EDITION)
    assert outcome.audit is not None and outcome.collation is not None and outcome.errata
    assert outcome.standing == 0 and outcome.exit_code == Exit.OK
    uncovered = pipeline.audit(EDITION, errata=())
    assert uncovered.standing == len(uncovered.audit.uncovered) > 0 and uncovered.exit_code == Exit.FINDINGS


def test_the_documents_exit_code_is_the_outcomes():
    r = CliRunner().invoke(cli, ["audit", "k1-musical", "--format", "json"])
    assert r.exit_code == 0
    assert '"exit_code": 0' in r.stdout
