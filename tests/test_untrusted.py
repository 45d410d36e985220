"""Issue 36: an engine is an untrusted program and an edition's rules
untrusted data. Each reproducer of the issue has its test: exit 2 (bad
input, one line naming the file or the option) or exit 1 (the engine erred:
its case classed error, one line naming the engine, the case and what went
wrong), never exit 3, and no directory or process left behind. The hostile
engines are kept in tests/data/hostile-engines/ (its README says what each
does)."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import copy_shipped
from rithmocheck.cli import cli
from rithmocheck.conformance.engine import MAX_ANSWER_BYTES
from rithmocheck.errors import InputError
from rithmocheck.witness.edition import Edition

HOSTILE = Path(__file__).resolve().parent / "data" / "hostile-engines"
CASE = "k1-addition-489-six-and-six"
CASES = [CASE, "k2-equality-883-after-the-move", "k1-equality-456-after-the-move"]


def run(*args: str, cwd: Path | None = None):
    if cwd is None:
        return CliRunner().invoke(cli, list(args))
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(cli, list(args))
    finally:
        os.chdir(old)


def refused(r, *needles: str) -> str:
    """Exit 2, one line beginning Error:, never a traceback; the line holds each needle."""
    assert r.exit_code == 2, (r.exit_code, r.output[-2000:])
    assert "Traceback" not in r.output and "internal error" not in r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr[-2000:]
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def engine(script: str, *args: str) -> str:
    return shlex.join([sys.executable, str(HOSTILE / script), *args])


# --- edition rules are checked before they are read ---------------------------------------------------

@pytest.fixture()
def ed(tmp_path):
    d = tmp_path / "ed"
    copy_shipped(d)
    return d


def delete_first(path: Path, line: str) -> int:
    """Delete the first line equal to `line` (as sed '0,/^line$/{//d}' does); its number."""
    lines = path.read_text(encoding="utf-8").split("\n")
    i = lines.index(line)
    del lines[i]
    path.write_text("\n".join(lines), encoding="utf-8")
    return i + 1


@pytest.mark.parametrize("command", [["ruleset", "--list"], ["moves", "start"], ["move", "start", "c5-c6"],
                                     ["ruleset", "diff", "kind-1", "kind-2"]])
def test_a_flying_draught_without_its_leg_is_one_line_naming_rules_yaml(command, ed):
    """Reproducer 1: was KeyError 'leg' in ruleset/assemble.py (exit 3)."""
    rules = ed / "rules.yaml"
    delete_first(rules, "          leg: [2, 1]")
    refused(run("--edition", str(ed), *command), f"{rules}:", "movement.triangle.flying: missing field 'leg'")


@pytest.mark.parametrize("command", [["moves", "start"], ["ruleset", "--list"], ["ruleset", "--kind", "1"]])
def test_a_binary_value_in_rules_yaml_is_refused_by_name(command, ed):
    """Reproducer 2: was TypeError 'Object of type bytes is not JSON serializable' (exit 3)."""
    rules = ed / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "distances: [1]" in text
    rules.write_text(text.replace("distances: [1]", "distances: [!!binary aGk=]", 1), encoding="utf-8")
    line = text[:text.index("distances: [1]")].count("\n") + 1
    refused(run("--edition", str(ed), *command), f"{rules}:{line}: ", "tagged !!binary is not JSON data")


# A command that reads the file (the audit reads most; the rulesets cite the book of witness.yaml)
READS = {"rules.yaml": ["ruleset", "--list"], "witness.yaml": ["ruleset", "--kind", "1"]}


@pytest.mark.parametrize("name,old,new,needle", [
    ("book.yaml", "family: cossick-signs", "family: !!set {a, b}", "a mapping tagged !!set is not JSON data"),
    ("book.yaml", "numbers:", "numbers: 2026-11-26\nx:", "2026-11-26 is a YAML date"),
    ("examples.yaml", "kind: sum", "kind: !!timestamp 2001-12-14", "2001-12-14 is a YAML date"),
    ("examples.yaml", "lines: [612, 618]", "lines: [612, .inf]", ".inf is infinite"),
    ("pages.yaml", "lines: 1122", "lines: !!binary aGk=", "tagged !!binary"),
    ("coverage.yaml", "unchecked:", "1: x\nunchecked:", "the key 1 reads as a number"),
    ("edition.yaml", "errata_title:", "errata_title: !!omap [a: 1]\nx:", "a list tagged !!omap"),
    ("witness.yaml", "lines: 1122", "lines: !python/name:os.system x", "tagged !python/name:os.system"),
])
def test_every_edition_file_refuses_what_is_not_json_data(name, old, new, needle, ed):
    path = ed / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if name == "coverage.yaml":  # read by no command (the tests of the witness's coverage read it)
        with pytest.raises(InputError) as e:
            _ = Edition.open(ed).coverage
        assert str(e.value).startswith(f"{path}:") and needle in str(e.value)
        return
    refused(run("--edition", str(ed), *READS.get(name, ["audit"])), f"{path}:", needle)


# A new user's hostile editions (stop 42): each was an internal error, a hang, the wrong file named, or accepted
# and published; each is refused by the build in one line naming its file.
@pytest.mark.parametrize("name,old,new,needle", [
    # a digit of a million took 36 s, of 31 figures more than 300 s (the men's runs of squares)
    ("book.yaml", "even: [2, 4, 6, 8]", "even: [2, 4, 6, 1000000000000000000000000000000]",
     "numbers.digits.even[4] must be at most 9"),
    ("book.yaml", "even: [2, 4, 6, 8]", "even: [2, 4, 6, 8.0]", "numbers.digits.even[4] must be a whole number"),
    ("book.yaml", 'kind: "1"', 'kind: "1\\n"', "kind"),  # the rules' file was named, with no line
    ("book.yaml", '      quote: "The first rank or order of roundes be ye digites"', '      quote: "\\x85 "',
     "quote"),  # a blank quote was published in the rulesets, which `ruleset validate` refuses
    ("edition.yaml", "edition: lever-fulke-1563", 'edition: "lever-fulke-1563\\n"', "edition"),
    ("edition.yaml", "edition: lever-fulke-1563", 'edition: "../../x"', "edition"),
    ("edition.yaml", "errata: errata.yaml", 'errata: "errata.yaml\\n"', "errata must be a file name"),
    # an id with a new line at its end was published as it was (<dt>kinds-of-playing-3\n in the HTML)
    ("examples.yaml", "      - id: kinds-of-playing-3", '      - id: "kinds-of-playing-3\\n"', "must be an id"),
    ("examples.yaml", "  - id: game-parts", '  - id: "game parts"', "must be an id"),
    ("errata.yaml", '  - id: "k1-addition@1.4.26"', '  - id: "k1-addition@1.4.26\\n"', "must be an id"),
    # the transcription's passage was looked for in vain, and book.yaml named
    ("tables/k2-kings.yaml", "passage: k2-kings", 'passage: "k2-kings\\n"', "field 'passage' must be an id"),
])
def test_a_value_no_schema_read_strictly_would_take_is_one_line_naming_its_file(name, old, new, needle, ed,
                                                                             tmp_path):
    path = ed / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    start = time.monotonic()
    refused(run("--edition", str(ed), "build", "--out", str(tmp_path / "out")), f"{path}:", needle)
    assert time.monotonic() - start < 20


@pytest.mark.parametrize("name,old,new,needle", [
    ("book.yaml", "    family: cossick-signs\n", "", "missing field 'family'"),
    ("examples.yaml", "    heading: \"Of diverse kinds of playinge.\"\n", "", "passage playing-kinds: missing "
                                                                                 "field 'heading'"),
    ("pages.yaml", "tcp_sha256:", "tcp_sha25:", "missing field 'tcp_sha256'"),
    ("coverage.yaml", "reason:", "reasons:", "missing field 'reason'"),
    ("edition.yaml", "title:", "titles:", "unknown field 'titles'"),
    ("witness.yaml", "file: witness.txt", "file: [witness.txt]", "file must be \"witness.txt\""),
    ("rules.yaml", "      ranks: 16\n", "      ranks: sixteen\n", "ranks must be a whole number, not \"sixteen\""),
])
def test_every_edition_file_is_held_to_its_schema_before_it_is_used(name, old, new, needle, ed):
    path = ed / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if name == "coverage.yaml":
        with pytest.raises(InputError) as e:
            _ = Edition.open(ed).coverage
        assert str(e.value).startswith(f"{path}:") and needle in str(e.value)
        return
    refused(run("--edition", str(ed), *READS.get(name, ["audit"])), f"{path}:", needle)


def test_an_option_that_sets_a_value_the_ruleset_cannot_hold_is_one_line(ed):
    """An alternative of rules.yaml sets a value at a place of the ruleset: it must be what the ruleset
    schema allows there, or `--option` would hand the engine a ruleset it cannot play."""
    rules = ed / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    old = "          /movement/square/flying/leg: [3, 1]"
    assert old in text
    rules.write_text(text.replace(old, "          /movement/square/flying/leg: three", 1), encoding="utf-8")
    refused(run("--edition", str(ed), "ruleset", "--kind", "2"), f"{rules}:",
            "the value at /movement/square/flying/leg breaks the ruleset schema")


@pytest.mark.parametrize("old,new,needle", [
    # the engine reads a triumph of two or three proportions from the kind's own tables
    ("\n      - k1-geometric-musical\n", "\n", "kinds[1] (kind 1).tables: k1-geometric-musical, a table of the greater "
                                        "triumph (triumphs.kinds[2]), is not one of the kind's tables"),
    ("test: b * b == a * c", "test: __import__('os')", "is not a short comparison of a, b and c"),
    ("      even-round-1-8: [5, c]", "      even-round-1-8: [9, c]", "even-round-1-8 stands on rank 9, beyond his "
                                                                     "side's half of a board of 16 ranks"),
    ("      even-round-1-8: [5, c]", "      even-round-1-8: [5, d]", "even-round-1-6 stands where even-round-1-8"),
])
def test_what_the_engine_needs_of_rules_yaml_beyond_its_schema_is_one_line(old, new, needle, ed):
    """The fuzz of issue 36 found a kind whose tables lacked a triumph's: the engine refused it naming the
    ruleset, not rules.yaml. Now rules.yaml is refused as it is read."""
    rules = ed / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new, 1), encoding="utf-8")
    for command in (["moves", "start"], ["ruleset", "--list"]):
        refused(run("--edition", str(ed), *command), f"{rules}:", needle)


def test_an_option_the_engine_cannot_play_names_rules_yaml(ed):
    """An alternative of an option sets a value the schema allows but the rest of the rules do not hold (a
    triumph's table the kind lacks): the engine's refusal names the edition's rules.yaml and the option."""
    rules = ed / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    old = "          /movement/square/flying/leg: [3, 1]"
    assert old in text
    rules.write_text(text.replace(old, "          /triumphs/kinds/1/tables: [nope]", 1), encoding="utf-8")
    refused(run("--edition", str(ed), "moves", "start", "--ruleset", "2", "--option", "square-flying-leg=[3,1]"),
            f"{rules}: lever-fulke-1563/kind-2 with square-flying-leg=[3, 1]: /triumphs: table nope is not in /tables")


# --- --export checks its path before it makes anything ---------------------------------------------------

def test_export_into_an_edition_makes_no_directory(tmp_path):
    """Reproducer 3: `conformance --export ed/sub/deeper/exp3` and `--edition ed conformance --export T/../exp`
    (T a link to ed/tables) both exit 2, and neither directory comes to be."""
    ed = tmp_path / "ed"
    copy_shipped(ed)
    (tmp_path / "T").symlink_to(ed / "tables")
    before = sorted(p.relative_to(ed) for p in ed.rglob("*"))
    refused(run("conformance", "--export", "ed/sub/deeper/exp3", cwd=tmp_path), "ed/sub/deeper/exp3",
            f"onto or into {ed}")
    refused(run("--edition", str(ed), "conformance", "--export", "T/../exp", cwd=tmp_path),
            f"T/../exp is {ed / 'exp'}")
    assert not (ed / "sub").exists() and not (ed / "exp").exists()
    assert sorted(p.relative_to(ed) for p in ed.rglob("*")) == before


@pytest.mark.parametrize("target,needle", [("full", "is not empty"), ("file", "not a directory"),
                                           ("file/x", "is not a directory")])
def test_export_refuses_what_it_cannot_fill_before_it_runs_a_case(target, needle, tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "mine.txt").write_text("a user's file", encoding="utf-8")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    refused(run("conformance", "--export", str(tmp_path / target)), needle)
    assert (tmp_path / "full" / "mine.txt").read_text(encoding="utf-8") == "a user's file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "full"]


def test_export_writes_a_new_directory_whole(tmp_path):
    out = tmp_path / "new" / "deeper"
    r = run("conformance", CASE, "--export", str(out))
    assert r.exit_code == 0, r.output
    assert [p.name for p in out.iterdir()] == [f"{CASE}.json"]
    data = json.loads((out / f"{CASE}.json").read_text(encoding="utf-8"))
    assert data["case"] == CASE and "holds_for" in data
    assert sorted(p.name for p in out.parent.iterdir()) == ["deeper"]  # no staging directory left


# --- a hostile engine: a case of class error, one line naming engine and case; the run goes on -------------

def errors(r, n: int = 1) -> list[dict]:
    """Exit 1, every case of class error, each message one line naming the engine and its case."""
    assert r.exit_code == 1, (r.exit_code, r.output[-3000:])
    assert "Traceback" not in r.output and "internal error" not in r.output
    data = json.loads(r.stdout)
    assert data["cases"] == n and data["by_status"] == {"error": n}, data["by_status"]
    for res in data["results"]:
        msg = res["message"]
        assert "\n" not in msg and msg.startswith("engine \"") and f" on case {res['case']}: " in msg, msg
    return data["results"]


@pytest.mark.parametrize("command", ["printf '\\377'", "printf '{\"legal\": true, \"x\": \"\\377\"}'",
                                     engine("not_utf8.py"), engine("not_utf8.py", "inside")])
def test_bytes_that_are_not_utf8_are_an_error_of_the_engine(command):
    """Reproducer 4: was UnicodeDecodeError (exit 3), bare and inside valid JSON."""
    (res,) = errors(run("conformance", CASE, "--engine", command, "--format", "json"))
    assert "its answer is not UTF-8 (byte " in res["message"]


def test_bytes_that_are_not_utf8_with_fit_and_profile():
    r = run("conformance", CASE, "--engine", "printf '\\377'", "--fit", "--format", "json")
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output  # the engine erred: exit 1, as without --fit
    data = json.loads(r.stdout)
    assert data["fits"][0]["of"] == 0  # no answered case to fit
    (err,) = data["errors"]
    assert err["case"] == CASE and "not UTF-8" in err["message"] and err["message"].startswith('engine "printf')
    r = run("conformance", CASE, "--engine", "printf '\\377'", "--fit")
    assert r.exit_code == 1 and f"error: engine \"printf '\\377'\" on case {CASE}: its answer is not UTF-8" in r.stdout
    r = run("conformance", CASE, "--engine", "printf '\\377'", "--profile", "engine/dagaz", "--format", "json")
    assert r.exit_code == 1, r.output
    row = json.loads(r.stdout)["results"][0]
    assert row["class"] == "error" and "not UTF-8" in row["message"] and CASE in row["message"]


def test_a_run_classed_under_an_engines_profile_names_the_engine_by_its_name_not_its_command():
    """A recorded run (engines/run.sh) is deterministic: an engine's error names the engine as the record does
    (its profile's name), never by the command it ran, whose paths are one machine's."""
    command = engine("not_utf8.py")
    r = run("conformance", CASE, "--engine", command, "--profile", "engine/dagaz", "--format", "json")
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    (row,) = data["results"]
    assert data["engine"] == "dagaz" and row["class"] == "error"
    assert row["message"].startswith(f'engine "dagaz" on case {CASE}: its answer is not UTF-8 (byte '), row
    assert str(HOSTILE) not in row["message"] and "not_utf8.py" not in row["message"]
    r = run("conformance", CASE, "--engine", command, "--format", "json")  # unclassed: the command, as issue 36
    assert json.loads(r.stdout)["results"][0]["message"].startswith('engine "')
    assert "not_utf8.py" in json.loads(r.stdout)["results"][0]["message"]


@pytest.mark.parametrize("command,needle", [("", "the command is empty"),
                                            ("python3 'x", "cannot read the command \"python3 'x\": "),
                                            ("   ", "the command is empty"),
                                            ("no-such-engine-program --x", "'no-such-engine-program': no such "
                                                                           "program"),
                                            ("/", "not an executable file")])
def test_a_command_that_cannot_be_run_is_bad_input(command, needle):
    """Reproducer 5: --engine "" was IndexError, --engine "python3 'x" No closing quotation (exit 3)."""
    refused(run("conformance", CASE, "--engine", command), "--engine: ", needle)


def no_process_with(marker: str) -> bool:
    """No process runs with the marker in its command line. The runner sends SIGKILL to the engine's group
    before it returns, and a killed process is gone when the kernel has torn it down: on a loaded machine
    that may come some milliseconds later, so it is asked again for a second (the sleep, left alone, runs
    97 s)."""
    deadline = time.monotonic() + 1.0
    while True:
        found = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True)
        if found.returncode == 1 and not found.stdout.strip():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


@pytest.mark.skipif(shutil.which("pgrep") is None, reason="needs pgrep")
def test_children_an_engine_leaves_neither_keep_the_runner_waiting_nor_survive_it():
    """Reproducer 6: an engine that answers at once but leaves `sleep 97 &` made the runner wait the whole
    timeout, classed the case error, and the sleep survived it."""
    marker = f"97.{uuid.uuid4().int % 10**9:09d}"  # a sleep no other process runs
    start = time.monotonic()
    r = run("conformance", *CASES, "--engine", engine("children.py", marker), "--timeout", "60", "--format", "json")
    took = time.monotonic() - start
    data = json.loads(r.stdout)
    assert data["cases"] == 3 and "error" not in data["by_status"], data  # answered (lawful, no capture)
    assert took < 20, took  # three cases, far from 3 x 60 s
    assert no_process_with(f"sleep {marker}"), "a child of the engine outlived the run"


@pytest.mark.skipif(shutil.which("pgrep") is None, reason="needs pgrep")
def test_pgrep_finds_no_child_of_a_finished_run_in_a_real_process():
    """The runner in its own process (python -m rithmocheck): when it has exited, no process the engines
    started (children, grandchildren, a slow engine stopped at its timeout) is left."""
    marker = f"97.{uuid.uuid4().int % 10**9:09d}"
    for command in (engine("children.py", marker),
                    shlex.join(["sh", "-c", f"sleep {marker} & sleep {marker}"])):
        done = subprocess.run([sys.executable, "-m", "rithmocheck", "conformance", CASE, "--engine", command,
                               "--timeout", "2"], capture_output=True, text=True, timeout=60)
        assert done.returncode in (0, 1), done
        assert "Traceback" not in done.stderr
        assert no_process_with(f"sleep {marker}"), (command, "a process of the engine outlived the run")


HOSTILE_ENGINES = [
    (("garbage.py",), "its answer is not JSON within the bounds of an input"),
    (("deep.py",), "nested more than 64 levels deep"),
    (("many.py",), "holds more than 50,000 values"),
    (("slow.py",), "gave no answer within 2 s"),
    (("silent.py",), "gave no answer (nothing on its stdout)"),
    (("crashing.py",), "exited 1: RuntimeError: the engine's board is on fire"),
    (("crashing.py", "signal"), "was killed by signal 11"),
    (("stderr_only.py",), "gave no answer (nothing on its stdout) (its stderr: {\"legal\": true"),
    (("nonzero.py",), "exited 3: warning: the engine found no rules file"),
    (("wrong_shape.py", "list"), "its answer is not of the protocol's shape at /: "),
    (("wrong_shape.py", "legal"), "its answer is not of the protocol's shape at /legal: "),
    (("wrong_shape.py", "takers"), "its answer is not of the protocol's shape at /captures/0/takers/0: "),
    (("wrong_shape.py", "captures"), "its answer is not of the protocol's shape at /captures: "),
    (("wrong_shape.py", "victory"), "its answer is not of the protocol's shape at /victories/0/side: "),
    (("huge.py", "3"), f"its answer is larger than {MAX_ANSWER_BYTES:,} bytes (stopped there)"),
]


@pytest.mark.parametrize("script,needle", HOSTILE_ENGINES, ids=[" ".join(s) for s, _ in HOSTILE_ENGINES])
def test_each_hostile_engine_errs_case_by_case_and_the_run_goes_on(script, needle):
    # 2 s for the slow engine; 20 for the others, which answer at once (a Python that starts in more than 2 s
    # on a loaded machine would be classed slow)
    timeout = "2" if script[0] == "slow.py" else "20"
    r = run("conformance", *CASES[:2], "--engine", engine(*script), "--timeout", timeout, "--format", "json")
    for res in errors(r, 2):
        assert needle in res["message"], res["message"]


@pytest.mark.parametrize("script", ["lingering.py", "deaf.py"])
def test_an_engine_that_answers_and_lingers_or_never_reads_is_heard(script):
    """An engine that closes its stdout and stays is stopped (its answer stands); one that never reads the case
    is heard all the same."""
    start = time.monotonic()
    r = run("conformance", CASE, "--engine", engine(script), "--timeout", "30", "--format", "json")
    assert r.exit_code == 1 and time.monotonic() - start < 15, r.output
    (res,) = json.loads(r.stdout)["results"]
    assert res["status"] == "failed" and res["differences"] == ["missing capture: addition of 12 on d8 by e9+f8"]


def test_an_answer_of_100_mb_is_cut_at_the_bound_within_5_s_and_200_mb():
    """Reproducer 7: a valid 120 MB answer with --timeout 60 took 202 s and 2.9 GB. Measured in a process of
    its own: the wall time of the run, and the most memory the runner's process held: VmHWM, its peak since it
    was started (ru_maxrss keeps the peak of the process it was forked from, the pytest worker's: 340 MB in the
    whole test command, however little the runner holds)."""
    probe = ("import re, resource, sys, time\n"
             "from rithmocheck.cli import cli\n"
             "start = time.monotonic()\n"
             "try:\n"
             f"    cli([\"conformance\", {CASE!r}, \"--engine\", {engine('huge.py', '100')!r}, \"--timeout\", "
             "\"60\", \"--format\", \"json\"])\n"
             "except SystemExit as exc:\n"
             "    code = exc.code\n"
             "took = time.monotonic() - start\n"
             "try:\n"
             "    peak = re.search(r'VmHWM:\\s*(\\d+) kB', open('/proc/self/status').read()).group(1)\n"
             "except OSError:  # no /proc: the peak as getrusage has it\n"
             "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
             "print(code, took, peak, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    code, took, maxrss_kb = done.stderr.strip().splitlines()[-1].split()
    assert code == "1", done.stderr
    assert float(took) < 5, took
    assert int(maxrss_kb) < 200_000, maxrss_kb
    (res,) = json.loads(done.stdout)["results"]
    assert f"larger than {MAX_ANSWER_BYTES:,} bytes" in res["message"] and res["status"] == "error"


def test_an_answer_nested_100000_deep_names_the_engine_and_the_case():
    """Reproducer 8: was "the input is nested too deeply", naming neither."""
    (res,) = errors(run("conformance", CASE, "--engine", engine("deep.py", "100000"), "--format", "json"))
    assert "nested more than 64 levels deep" in res["message"] and "deep.py" in res["message"]


def test_a_failing_engine_never_exits_3_whatever_the_format():
    for fmt in ("text", "csv", "md", "json", "yaml", "ndjson", "tsv"):
        r = run("conformance", CASE, "--engine", "printf '\\377'", "--format", fmt)
        assert r.exit_code == 1, (fmt, r.output)
        assert "Traceback" not in r.output


def test_every_recorded_answer_and_every_expectation_is_of_the_answers_shape():
    """The answer's schema (engine-answer-1.json) takes what the five adapters answered in their recorded
    runs and what every case expects: it refuses nothing a real engine says."""
    from rithmocheck.conformance import load_cases
    from rithmocheck.conformance.matrix import RUNS_DIR
    from rithmocheck.shape import validator

    v = validator("engine-answer-1.json")
    outcomes = [r["outcome"] for p in sorted(RUNS_DIR.glob("*.json"))
                for r in json.loads(p.read_text(encoding="utf-8"))["results"] if "outcome" in r]
    expected = [c.data["expect"] for c in load_cases()]
    assert len(outcomes) > 400 and len(expected) > 100
    for answer in outcomes + expected:
        assert not list(v.iter_errors(answer)), answer
    assert list(v.iter_errors({"legal": True, "captures": [{"method": "addition", "taken": "d8", "takers": [1],
                                                            "value": 12}]}))


# --- engines --reread NAME=DIR (issue 35) reads the files of a directory a user gives: bounded, one line ---------

def _cited(engine_name: str) -> list:
    from rithmocheck.conformance.citations import citations

    return [c for c in citations() if c.engine == engine_name]


def test_reread_of_a_checkout_whose_name_is_not_utf8(tmp_path):
    """A checkout (a git repository) whose name is bytes that are not UTF-8: git's answer naming it was decoded
    strictly (exit 3); now read as a file name is, and the checkout refused in one line (it lacks the commit)."""
    repo = tmp_path / os.fsdecode(b"co\xff")
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    refused(run("engines", "--reread", f"dagaz={repo}"), "does not hold the profile's commit")


def test_reread_of_a_plain_directory_bounds_each_file_and_skips_what_is_no_file(tmp_path):
    """A cited file larger than MAX_CITED is refused naming it before it is read (a sparse file: nothing is
    written); a FIFO, a link to a device and a directory at a cited path are no file (not read, not waited on)."""
    from rithmocheck.conformance.citations import MAX_CITED

    files = sorted({c.file for c in _cited("dagaz")})
    big = tmp_path / files[0]
    big.parent.mkdir(parents=True, exist_ok=True)
    with open(big, "wb") as fh:
        fh.truncate(MAX_CITED + 1)
    refused(run("engines", "--reread", f"dagaz={tmp_path}"), str(big), f"{MAX_CITED}")
    big.unlink()
    os.mkfifo(big)
    (tmp_path / files[1]).symlink_to("/dev/zero")
    (tmp_path / files[2]).mkdir()
    r = run("engines", "--reread", f"dagaz={tmp_path}", "--format", "json")
    assert r.exit_code == 1, r.output[-2000:]
    status = {x["file"]: x["status"] for x in json.loads(r.stdout)["results"] if x["profile"] == "engine/dagaz"}
    assert {status[f] for f in files[:3]} == {"no-file"}


def test_reread_of_a_git_checkout_bounds_each_blob(tmp_path, monkeypatch):
    """In a git checkout the blob's size is asked first (git cat-file -s): one larger than MAX_CITED is refused
    naming the checkout, the commit and the file, before it is read."""
    from rithmocheck.conformance import citations as cit

    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "a.js").write_text("x" * 100 + "\n", encoding="utf-8")
    subprocess.run([*git, "add", "a.js"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "a"], check=True)
    commit = subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    co = cit.open_checkout("dagaz", str(repo), {commit})
    assert co.git_dir is not None and co.read(commit, "a.js") == "x" * 100 + "\n"
    assert co.read(commit, "missing.js") is None
    monkeypatch.setattr(cit, "MAX_CITED", 100)
    with pytest.raises(InputError) as exc:
        co.read(commit, "a.js")
    assert "a.js" in str(exc.value) and "100" in str(exc.value)


def test_reread_without_git_reads_a_plain_directory(tmp_path, monkeypatch):
    """No git on the PATH: the checkout is read as a plain directory (its commit unproven), never exit 3."""
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))
    r = run("engines", "--reread", f"dagaz={tmp_path}", "--format", "json")
    assert r.exit_code == 1, r.output[-2000:]
    rows = [x for x in json.loads(r.stdout)["results"] if x["profile"] == "engine/dagaz"]
    assert rows and all(x["status"] == "no-file" and x["commit_unproven"] for x in rows)


# --- rithmocheck replay FILE (issue 37) reads a user's game record: bounded as every input --------------------

def _shuttle(n: int) -> str:
    """A record of n moves: a round of each side stepping out and back (kind 1: one space corner-wise)."""
    steps = ["c5-d6", "a16-b15", "d6-c5", "b15-a16"]
    return "\n".join(["ruleset: lever-fulke-1563/kind-1", "start: c5=R4,a16=r3 even",
                      *(f"{i}. {steps[(i - 1) % 4]}" for i in range(1, n + 1))]) + "\n"


def test_a_record_of_more_moves_than_the_bound_is_refused_before_it_is_played(tmp_path):
    """A record holds at most MAX_MOVES (the 50,000-value bound of every input): the move after it is refused
    naming the file and its line, before any move is played."""
    from rithmocheck.inputs import MAX_VALUES
    from rithmocheck.play.record import MAX_MOVES

    assert MAX_MOVES == MAX_VALUES
    f = tmp_path / "long.txt"
    f.write_text(_shuttle(MAX_MOVES + 1), encoding="utf-8")
    started = time.monotonic()
    refused(run("replay", str(f), "--format", "json"), f"{f}:{MAX_MOVES + 3}", f"{MAX_MOVES:,}")
    assert time.monotonic() - started < 5  # refused as read, not played (50,000 moves took 9 s here)


def test_a_page_of_more_boards_than_the_bound_is_refused_and_nothing_written(tmp_path):
    """replay --format html draws at most MAX_PAGE_BOARDS boards (a board is some 9 kB of page and 35 kB of
    memory: 20,000 took 17 s and 700 MB): a longer record is refused in one line before the page is drawn, the
    output not written, and JSON is given for it."""
    from rithmocheck.cli.play import MAX_PAGE_BOARDS

    f = tmp_path / "long.txt"
    f.write_text(_shuttle(MAX_PAGE_BOARDS + 1), encoding="utf-8")
    out = tmp_path / "page.html"
    refused(run("replay", str(f), "--format", "html", "-o", str(out)), str(f), f"{MAX_PAGE_BOARDS:,} boards")
    assert not out.exists()
    r = run("replay", str(f), "--format", "json", "-o", str(out))
    assert r.exit_code == 0 and len(json.loads(out.read_text("utf-8"))["moves"]) == MAX_PAGE_BOARDS + 1
