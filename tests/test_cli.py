"""CLI through Click's CliRunner: every command, every format, exit codes."""

import csv
import io
import json

import pytest
import yaml
from click.testing import CliRunner

from conftest import EDITION, TABLE_IDS
from rithmocheck.audit.errata import load_errata
from rithmocheck.cli import cli

FORMATS = ("text", "md", "csv", "tsv", "ndjson", "json", "yaml")


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_version():
    r = run("--version")
    assert r.exit_code == 0 and "rithmocheck" in r.output


@pytest.mark.parametrize("command", [None, "men", "tables", "generate", "explain", "check-source", "show", "audit",
                                     "errata", "tei", "build", "ruleset"])
def test_help_has_an_example(command):
    r = run(*([command] if command else []), "--help")
    assert r.exit_code == 0
    assert "Example" in r.output


def test_no_arguments_prints_the_laid_out_help_and_exits_0():
    """Issue 21: `rithmocheck` alone is a question, not a mistake: the help as
    --help lays it out (on stdout, one item a line), exit 0, nothing on stderr."""
    r = run()
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout == run("--help").stdout
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Usage: ") and "Commands:" in lines and len(lines) > 20


def test_men_json():
    r = run("men", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert len(data) == 48
    for d in data:
        assert {"side", "shape", "order", "value", "derivation"} <= set(d)
        assert d["side"] in ("even", "odd")
    kings = [d for d in data if d["shape"] == "pyramid"]
    assert sorted(d["value"] for d in kings) == [91, 190]
    assert [l["value"] for l in kings[0]["layers"]] == [1, 4, 9, 16, 25, 36]


@pytest.mark.parametrize("fmt", FORMATS)
def test_men_every_format(fmt):
    r = run("men", "--format", fmt)
    assert r.exit_code == 0 and "289" in r.output


@pytest.mark.parametrize("fmt", ["csv", "tsv", "md"])
def test_every_table_has_its_header_even_with_no_rows(fmt, tmp_path):
    """Issue 21: `ruleset validate ok.json --format csv` printed 0 bytes. A
    tabular format with no rows is still its header, the header the same
    command gives with rows; a table in text with no rows prints nothing
    (the text of collate and errata is a report, which says "none")."""
    ok = tmp_path / "kind-1.json"
    ok.write_text(run("ruleset", "--kind", "1").stdout)
    bad = tmp_path / "bad.json"
    bad.write_text('{"even": [2, 4], "odd": [3, 5]}')
    no_errata = tmp_path / "errata.yaml"
    no_errata.write_text("errata: []\n")
    cases = [(["ruleset", "validate", str(ok)], ["ruleset", "validate", str(bad)]),
             (["generate", "k1-musical", "--universe", "2,3"], ["generate", "k1-musical"]),
             (["collate", "k1-musical"], ["collate"]),
             (["errata", "--errata", str(no_errata)], ["errata"])]
    if fmt == "md":  # collate's and errata's Markdown are documents, not a table
        cases = cases[:2]

    def names(line):
        return [c.strip() for c in line.split("|")[1:-1]] if fmt == "md" else line

    for empty, full in cases:
        e, f = run(*empty, "--format", fmt), run(*full, "--format", fmt)
        assert e.exit_code == 0, e.output
        head = 2 if fmt == "md" else 1  # Markdown: the names, then the rule under them
        assert len(f.stdout.splitlines()) > head, full  # the same command with rows
        assert len(e.stdout.splitlines()) == head and e.stdout.endswith("\n"), empty
        assert names(e.stdout.splitlines()[0]) == names(f.stdout.splitlines()[0]), empty
        if empty[0] not in ("collate", "errata"):
            assert run(*empty, "--format", "text").stdout == "", empty


def test_tables_lists_every_id():
    r = run("tables", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert [d["id"] for d in data] == list(TABLE_IDS)
    assert all(d["rows"] > 0 and d["universe"] for d in data)


@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_generate_json_shape(table_id):
    r = run("generate", table_id, "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["table"] == table_id
    assert {"title", "columns", "rows", "universe"} <= set(data)
    assert all(len(row) == len(data["columns"]) for row in data["rows"])


@pytest.mark.parametrize("fmt", FORMATS)
def test_generate_every_format(fmt):
    r = run("generate", "k1-musical", "--format", fmt)
    assert r.exit_code == 0
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(r.output)))
        assert rows[0] == ["first", "middle", "last"] and ["3", "4", "6"] in rows
    elif fmt == "tsv":
        assert "3\t4\t6" in r.output
    elif fmt == "ndjson":
        assert r.output.splitlines()[0] == '{"first": 2, "middle": 3, "last": 6}'
    elif fmt == "yaml":
        assert yaml.safe_load(r.output)["rows"][0] == [2, 3, 6]
    elif fmt == "md":
        assert r.output.splitlines()[0].split("|")[1].strip() == "first"
    elif fmt == "text":
        assert "middle" in r.output.splitlines()[0]


def test_generate_text_golden():
    r = run("generate", "k2-kings")
    assert r.output == (
        "side      step    root    quadrate\n"
        "------  ------  ------  ----------\n"
        "even         1       1           1\n"
        "even         2       2           4\n"
        "even         3       3           9\n"
        "even         4       4          16\n"
        "even         5       5          25\n"
        "even         6       6          36\n"
        "odd          1       4          16\n"
        "odd          2       5          25\n"
        "odd          3       6          36\n"
        "odd          4       7          49\n"
        "odd          5       8          64\n")


def test_generate_with_universe_file(tmp_path):
    f = tmp_path / "u.txt"
    f.write_text("# my hypothesis\n2, 3, 4\n6\n")
    r = run("generate", "k1-arithmetic", "--universe", str(f), "--format", "json")
    assert r.exit_code == 0
    assert json.loads(r.output)["rows"] == [[2, 3, 4], [2, 4, 6]]


def test_explain():
    r = run("explain", "91")
    assert r.exit_code == 0
    assert "pyramid 1 + 4 + 9 + 16 + 25 + 36 = 91" in r.output
    assert "[proved]" in r.output
    data = json.loads(run("explain", "16", "--format", "json").output)
    kinds = {(m["side"], m["shape"]) for m in data["men"]}
    assert ("even", "round") in kinds and ("odd", "triangle") in kinds
    assert any(m.get("layer") for m in data["men"])  # 16 is a layer of both kings
    assert "no man" in run("explain", "17").output


@pytest.mark.parametrize("args,needle", [
    (("generate", "no-such-table"), "unknown table id"),
    (("generate", "k1-musical", "--universe", "nope"), "unknown universe"),
    (("generate", "k1-musical", "--universe", "2,3,x"), "is not a whole number from 1 to"),
    (("generate", "k2-spaces-division", "--param", "max_spaces=many"), "whole number"),
])
def test_bad_input_one_line_exit_2(args, needle, tmp_path):
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 2
    assert needle in r.output
    assert "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_bad_universe_file(tmp_path):
    f = tmp_path / "u.txt"
    f.write_text("2 3\nfour\n")
    r = run("generate", "k1-arithmetic", "--universe", str(f))
    assert r.exit_code == 2
    assert f"{f}:2: 'four' is not a whole number from 1 to 1000000000000" in r.output


def test_generate_does_not_import_sympy():
    import subprocess
    import sys

    probe = ("import sys; from click.testing import CliRunner; from rithmocheck.cli import cli; "
             "r = CliRunner().invoke(cli, ['generate', 'k1-all-three', '--format', 'csv']); "
             "assert r.exit_code == 0; print('sympy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_python_dash_m():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "rithmocheck", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and "0.1.0" in out.stdout


def test_an_internal_error_is_exit_3_not_findings(monkeypatch):
    from rithmocheck.tables import Registry

    def broken(*_a, **_k):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(Registry, "family", broken)
    r = run("generate", "k1-musical")
    assert r.exit_code == 3
    assert r.stderr == ("internal error, please report: ZeroDivisionError: division by zero "
                        "(run with --debug for the traceback)\n")
    r = run("--debug", "generate", "k1-musical")
    assert r.exit_code == 3 and "Traceback" in r.stderr and "in broken" in r.stderr


def test_usage_errors_are_exit_2():
    r = run("generate")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "ID" in r.stderr and "generate" in r.stderr
    r = run("no-such-command")
    assert r.exit_code == 2


def test_generate_streams_csv_as_the_same_rows(tmp_path):
    """csv is written row by row from the streaming generator: the same rows as the held table,
    in the same order, for the tables whose output grows as the square of the universe."""
    from conftest import generate

    universe = ",".join(str(n) for n in range(1, 120))
    for table_id in ("k1-addition", "k1-multiplication", "k1-arithmetic", "k1-geometric", "k1-musical"):
        held = generate(table_id, universe).rows
        out = tmp_path / f"{table_id}.csv"
        r = run("generate", table_id, "--universe", universe, "--format", "csv", "-o", str(out))
        assert r.exit_code == 0, r.output
        rows = list(csv.reader(io.StringIO(out.read_text())))
        assert [tuple(int(v) for v in row) for row in rows[1:]] == [tuple(row) for row in held], table_id


def test_generate_streams_ndjson_as_sqlite_utils_writes_it(tmp_path):
    """Issue 21: streamed tables also as newline-delimited JSON: one object
    per row, keyed by the columns, numbers as numbers, in the order and with
    the rows of the json document, written row by row to -o FILE."""
    universe = ",".join(str(n) for n in range(1, 150))
    out = tmp_path / "big.ndjson"
    r = run("generate", "k1-addition", "--universe", universe, "--format", "ndjson", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    held = json.loads(run("generate", "k1-addition", "--universe", universe, "--format", "json").stdout)
    lines = out.read_text().splitlines()
    assert len(lines) == len(held["rows"]) > 4096  # more than one batch of the stream
    assert [json.loads(line) for line in lines] == [dict(zip(held["columns"], row)) for row in held["rows"]]
    r = run("show", "k1-musical", "--corrected", "--format", "ndjson")  # an empty cell of the csv is null
    first = json.loads(r.stdout.splitlines()[0])
    assert first["status"] == "printed" and first["sic"] is None and first["erratum"] is None


def test_progress_stays_off_when_stderr_is_not_a_terminal():
    r = run("generate", "k1-arithmetic", "--universe", ",".join(map(str, range(1, 300))), "--format", "csv")
    assert r.exit_code == 0 and r.stderr == ""


def _screen(text):
    """What a terminal shows after text: a carriage return goes back to the
    line's start, ESC [K erases to its end, a character overwrites."""
    lines, col = [""], 0
    i = 0
    while i < len(text):
        if text.startswith("\033[K", i):
            lines[-1] = lines[-1][:col]
            i += 3
            continue
        c = text[i]
        if c == "\r":
            col = 0
        elif c == "\n":
            lines.append("")
            col = 0
        else:
            lines[-1] = lines[-1][:col] + c + lines[-1][col + 1:]
            col += 1
        i += 1
    return lines


def test_progress_line_is_cleared_before_the_next_message(monkeypatch, tmp_path):
    """Issue 21: after `generate ... -o big.csv` in a terminal, the progress
    line stayed, glued to the next message ("1,957,888 rowswritten to
    big.csv"). Stderr as a terminal shows it: the message alone on its line."""
    import time

    import rithmocheck.tables
    from rithmocheck.cli import options

    real = rithmocheck.tables.family

    class Slow:  # a table whose rows take long enough for the progress line to show
        def __init__(self, f):
            self.f = f

        def __getattr__(self, name):
            return getattr(self.f, name)

        def stream(self, *args):
            table, rows = self.f.stream(*args)

            def slow():
                for i, row in enumerate(rows):
                    if i == 1:
                        time.sleep(0.6)
                    yield row
            return table, slow()

    monkeypatch.setattr(rithmocheck.tables, "family", lambda table_id: Slow(real(table_id)))
    monkeypatch.setattr(options, "_stderr_is_terminal", lambda: True)
    monkeypatch.setattr(options.Progress, "DELAY", 0.0)
    out = tmp_path / "big.csv"
    r = run("generate", "k1-addition", "--format", "csv", "-o", str(out))
    assert r.exit_code == 0
    assert "generate k1-addition: " in r.stderr  # the progress was shown
    assert _screen(r.stderr) == [f"written to {out}", ""]


def test_text_reports_wrap_long_lines_and_keep_each_item_whole():
    """Issue 13: long data stays readable. The text of audit and collate
    wraps at 100 columns; an item's first line keeps its kind and place,
    its continuation lines are indented, and no word is cut."""
    from rithmocheck.export.render import TEXT_WIDTH

    runner = CliRunner()
    for args, item in ((["audit"], "  misprint  k1-addition:1.4.26 (line 557, image 24 right) 72 28 361"),
                       (["collate"], "  role          k1-multiplication:1.1.12 (line 562, image 25 left)")):
        r = runner.invoke(cli, args)
        lines = r.stdout.splitlines()
        assert all(len(x) <= TEXT_WIDTH for x in lines), max(lines, key=len)
        assert any(x.startswith(item) for x in lines)
        assert sum(1 for x in lines if x.startswith("      ") and x.strip()) > 10  # continuation lines
    words = " ".join(runner.invoke(cli, ["audit"]).stdout.split())
    assert "likeliest 72 289 361 (digit dropped, filling an omission) [k1-addition@1.4.26]" in words


TEXT_COMMANDS = (["men"], ["tables"], ["errata"], ["audit"], ["explain", "91"], ["show", "k1-addition"],
                 ["show", "--corrected", "k1-addition"], ["ruleset", "--kind", "1", "--format", "text"],
                 ["check-source", "--entries", "sources/lever-fulke-1563/tables/k1-musical.yaml"],
                 ["collate", "k1-multiplication"])


def _widest(text):
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("columns", [80, 132])
def test_text_wraps_at_the_width_columns_asks_for(columns):
    """Issue 21: `errata` (text) was 327 columns wide. Every text output
    wraps at the width COLUMNS gives (else the terminal's, below)."""
    for args in TEXT_COMMANDS:
        r = CliRunner(env={"COLUMNS": str(columns)}).invoke(cli, args)
        assert r.exit_code == 0, (args, r.output[-300:])
        assert _widest(r.stdout) <= columns, args
    wide = CliRunner(env={"COLUMNS": "132"}).invoke(cli, ["errata"]).stdout
    assert _widest(wide) > 100  # the width asked for, not a fixed one


def test_wrapped_text_loses_no_word():
    narrow = CliRunner(env={"COLUMNS": "60"}).invoke(cli, ["errata"]).stdout
    whole = CliRunner(env={"COLUMNS": "100000"}).invoke(cli, ["errata"]).stdout
    assert _widest(narrow) <= 60 < _widest(whole)
    assert narrow.split() == whole.split()
    reason = " ".join(next(e for e in load_errata(EDITION) if e.id == "k1-addition@1.4.26").reason.split())
    assert reason in " ".join(narrow.split())


def test_text_wraps_at_the_terminal_width_when_stdout_is_a_terminal(monkeypatch):
    """Without COLUMNS, text wraps at the terminal's width when stdout is a
    terminal, and at 100 columns when it is not (a pipe, a file: CliRunner)."""
    from rithmocheck.export import render

    monkeypatch.delenv("COLUMNS")
    assert render.text_width() == render.TEXT_WIDTH == 100
    r = CliRunner().invoke(cli, ["errata"])
    assert 90 < _widest(r.stdout) <= 100
    monkeypatch.setattr(render, "_terminal_width", lambda: 72)
    r = CliRunner().invoke(cli, ["errata"])
    assert 60 < _widest(r.stdout) <= 72
    monkeypatch.setenv("COLUMNS", "90")  # COLUMNS, when set, is the width asked for
    assert render.text_width() == 90


@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_show_in_yaml_for_every_table_and_variant(table_id):
    """The long fuzz run found `show --format yaml --corrected men` an
    internal error: the keyed tables' keys are the loader's line-carrying
    strings, which PyYAML's safe dumper refused. Every variant of every
    table now reads back as the JSON does."""
    runner = CliRunner()
    for flags in ([], ["--corrected"], ["--corrected", "--supply"]):
        y = runner.invoke(cli, ["show", "--format", "yaml", *flags, table_id])
        j = runner.invoke(cli, ["show", "--format", "json", *flags, table_id])
        assert y.exit_code == j.exit_code == 0, (flags, y.output[-500:])
        assert yaml.safe_load(y.stdout) == json.loads(j.stdout)


@pytest.mark.parametrize("number", ["١٤", "1_4", " 14", "+14", "14.0"])
def test_explain_takes_digits_only(number):
    r = CliRunner().invoke(cli, ["explain", number])
    assert r.exit_code == 2
    assert f"{number!r} is not a whole number in digits 0-9" in r.stderr


@pytest.mark.parametrize("fmt", FORMATS)
def test_audit_notes_the_readings_in_every_format(fmt):
    """Issue 25: a reading is a note of its own kind, in every format, and
    changes no exit code: the 6 of line 502 read as the place letter G."""
    r = run("audit", "examples", "--format", fmt)
    assert r.exit_code == 0, r.output
    out = r.stdout
    if fmt in ("json", "yaml"):
        data = json.loads(out) if fmt == "json" else yaml.safe_load(out)
        notes = [f for f in data["findings"] if f["kind"] == "reading"]
        assert [f["position"]["number"] for f in notes] == ["6@502", "02@1059", "02@1059b", "02@1059c"]
        assert notes[0]["position"] == {"example": "subtraction", "witness_line": 502, "number": "6@502"}
        assert notes[0]["erratum"] is None and notes[0]["page"] == {"image": 22, "side": "right"}
    elif fmt == "ndjson":
        notes = [row for row in map(json.loads, out.splitlines()) if row["kind"] == "reading"]
        assert len(notes) == 4 and notes[0]["witness_line"] == 502 and "place letter 'G'" in notes[0]["message"]
    elif fmt in ("csv", "tsv"):
        rows = list(csv.DictReader(io.StringIO(out), delimiter="," if fmt == "csv" else "\t"))
        notes = [row for row in rows if row["kind"] == "reading"]
        assert len(notes) == 4 and notes[0]["witness_line"] == "502" and "place letter 'G'" in notes[0]["message"]
    else:
        assert out.count("reading") >= 4 and "'6' read as the place letter 'G'" in " ".join(out.split())
    assert "4 readings noted" in r.stderr


def test_explain_makes_the_proofs_with_sympy_once_then_remembers_them(tmp_path):
    """The first `explain` makes the symbolic proofs (sympy imported); the next takes them from the memo
    (rithmocheck/memo.py) without importing sympy, and says the same."""
    import os
    import subprocess
    import sys

    probe = ("import sys, json; from click.testing import CliRunner; from rithmocheck.cli import cli; "
             "r = CliRunner().invoke(cli, ['explain', '91', '--format', 'json']); "
             "assert r.exit_code == 0; print(json.dumps([r.output, 'sympy' in sys.modules]))")
    env = {k: v for k, v in os.environ.items() if k != "RITHMOCHECK_NO_CACHE"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    runs = [json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                                      env=env).stdout) for _ in range(2)]
    assert [loaded for _out, loaded in runs] == [True, False]
    assert runs[0][0] == runs[1][0] and json.loads(runs[0][0])["proofs"]
    import sqlite3

    with sqlite3.connect(tmp_path / "rithmocheck" / "memo.sqlite3") as db:  # (the memo's one database)
        assert db.execute("SELECT count(*) FROM entries WHERE key LIKE 'proofs:%'").fetchone()[0] == 1


def test_a_batch_command_turns_the_collector_on_again_unless_the_process_ends_with_it(monkeypatch):
    """build and audit run with the cyclic collector off (cli.options.batch); in a process that goes on (a
    caller, a test) it is on again after them, and in one that ends with the command (the console entry
    point) it is left off, so that turning it on does not pass over every object made."""
    import gc

    from rithmocheck.cli import options

    assert gc.isenabled()
    seen = []
    ran = options.batch(lambda: seen.append(gc.isenabled()))
    ran()
    assert seen == [False] and gc.isenabled()
    monkeypatch.setattr(options, "_ONE_COMMAND", False)
    options.one_command()
    try:
        ran()
        assert seen == [False, False] and not gc.isenabled()
    finally:
        gc.enable()
