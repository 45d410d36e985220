"""The 1563 rules as a Ludii game (issue 34): the description `rithmocheck ruleset --format ludii` writes is
deterministic, well formed and within Ludii's limits, the kind-1 one is the golden file, every rule family
of a document is written or listed as not expressed, and the recorded runs in Ludii (CI has no Ludii)
name cases that exist, each failing case with its reason."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rithmocheck.cli import cli
from rithmocheck.conformance import load_cases
from rithmocheck.conformance.cases import case_digest
from rithmocheck.conformance.matrix import runs
from rithmocheck.conformance.runner import Outcome, Result, classify
from rithmocheck.ruleset import by_id
from rithmocheck.targets.ludii import coverage, description

ROOT = Path(__file__).resolve().parent.parent


def document(kind: int) -> dict:
    return by_id(str(kind))


GOLDEN = Path(__file__).resolve().parent / "data" / "ludii" / "kind-1.lud"
CASES = {c.id: c for c in load_cases()}
RUNS = {name: r for name, r in runs().items() if name.startswith("ludii-kind-")}


@pytest.fixture(scope="module")
def written() -> dict[int, str]:
    return {k: description(document(k)) for k in (1, 2, 3)}


@pytest.fixture(scope="module")
def record():
    """engines/ludii/record.py, the script that records a live run of a description in Ludii."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("ludii_record", ROOT / "engines" / "ludii" / "record.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_kind_1_description_is_the_golden_file(written):
    """The golden file is the description the recorded runs used: a change of the ruleset or of the compiler
    shows here (write it again with `rithmocheck ruleset --kind 1 --format ludii -o tests/data/ludii/kind-1.lud`,
    and run engines/ludii/run-generated.sh again)."""
    assert written[1] == GOLDEN.read_text(encoding="utf-8")


def test_the_description_is_deterministic(written):
    assert description(document(1)) == written[1]


def _strip(text: str) -> str:
    """The description without its comments and strings' contents (so that brackets in them do not count)."""
    text = re.sub(r'"[^"\n]*"', '""', text)
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def _balanced(text: str, pairs: dict[str, str]) -> bool:
    stack = []
    closing = {v: k for k, v in pairs.items()}
    for ch in text:
        if ch in pairs:
            stack.append(ch)
        elif ch in closing:
            if not stack or stack[-1] != closing[ch]:
                return False
            stack.pop()
    return not stack


def _defines(text: str) -> dict[str, str]:
    """The defines of a description, by name, with their bodies."""
    out = {}
    for m in re.finditer(r'^\(define "([^"]+)"', text, re.M):
        depth, i = 0, m.start()
        while True:
            c = text[i]
            depth += c == "("
            depth -= c == ")"
            i += 1
            if depth == 0:
                break
        out[m.group(1)] = text[m.end():i - 1].strip()
    return out


@pytest.mark.parametrize("kind", (1, 2, 3))
def test_the_description_is_well_formed(written, kind):
    """Balanced brackets; every call of a define names one; every option placeholder names an option's
    argument; the header says how the description is laid out (the adapter reads it)."""
    text = written[kind]
    plain = _strip(text)
    assert _balanced(plain, {"(": ")", "{": "}"}), kind
    defines = _defines(text)
    assert {"InDraught", "Draughts", "CapturesAfterMove", "Losses", "Consequences", "Start",
            "Equipment"} <= set(defines)
    for called in re.findall(r'\("([A-Za-z0-9]+)"', text):
        if called[0].isupper():
            assert called in defines, called
    options = dict(re.findall(r'\(option "[^"]+" <([A-Za-z]+)> args:\{([^}]*)\}', text))
    for opt, arg in re.findall(r"<([A-Za-z]+):([A-Za-z]+)>", text):
        assert opt in options and f"<{arg}>" in options[opt], (opt, arg)
    for line in ("format 1", f"ruleset lever-fulke-1563/kind-{kind}", "players P1=even P2=odd", "methods equality"):
        assert f"// rithmocheck:{line}" in text


def _expanded_size(text: str) -> int:
    """The length of the description once its defines are expanded (the first item of each option taken),
    as Ludii's expander counts it: it refuses more than 1,000,000 characters."""
    body = re.sub(r'\n\(option "[^"]+".*?\n\)', "", text, flags=re.S)
    body = "\n".join(line.split("//", 1)[0] for line in body.splitlines())
    defines = _defines(body)
    for name in re.findall(r'^\(define "([^"]+)"', body, re.M):
        body = body.replace(f'(define "{name}" {defines[name]})', "", 1)
    options = {m.group(1): m.group(2) for m in re.finditer(r'\(option "[^"]+" <([A-Za-z]+)> args:\{([^}]*)\}', text)}
    firsts = {}
    for m in re.finditer(r'\(option "[^"]+" <([A-Za-z]+)>.*?\n        \(item "[^"]*" (.*?) "[^"]*"\)\n', text, re.S):
        args = re.findall(r"<([a-zA-Z]+)>", options[m.group(1)])
        values = re.findall(r"<(.*?)>(?= <| $)", m.group(2) + " ", re.S)
        for a, v in zip(args, values):
            firsts[f"<{m.group(1)}:{a}>"] = v
    sizes: dict[str, int] = {}

    def size(name: str) -> int:
        if name not in sizes:
            d = defines[name]
            for k, v in firsts.items():
                d = d.replace(k, v)
            sizes[name] = len(d) + sum(size(n) for n in re.findall(r'\("([A-Za-z0-9]+)"', d) if n in defines)
        return sizes[name]
    total = len(body) + sum(size(n) for n in re.findall(r'\("([A-Za-z0-9]+)"', body) if n in defines)
    return total


@pytest.mark.parametrize("kind", (1, 2, 3))
def test_the_expanded_description_is_within_ludiis_limit(written, kind):
    assert 10_000 < _expanded_size(written[kind]) < 1_000_000


def _rule_families(doc: dict) -> list[str]:
    """The pointers of the document's rule families: each shape's draught and flight, the king's draughts
    and layers, every manner of taking, the timing of captures, the prisoners, the triumphs, every common
    victory, the board, the array, and every option."""
    out = ["/board", "/placement", "/captured", "/captures/timing/after_move", "/movement/path_clear"]
    for shape in ("round", "triangle", "square", "pyramid"):
        d = doc["movement"].get(shape) or {}
        if d.get("moves"):
            out.append(f"/movement/{shape}")
        if d.get("flying"):
            out.append(f"/movement/{shape}/flying")
    out += [f"/captures/methods/{i}" for i, _m in enumerate(doc["captures"]["methods"])]
    if any((m.get("params") or {}).get("into_place") for m in doc["captures"]["methods"]):
        out.append("/captures/timing/before_move")
    out += [f"/triumphs/kinds/{k['name']}" for k in doc["triumphs"]["kinds"]]
    out += [f"/victories/common/{i}" for i, _v in enumerate(doc["victories"]["common"])]
    if doc["kings"].get("ransom"):
        out.append("/kings/ransom")
    return out


@pytest.mark.parametrize("kind", (1, 2, 3))
def test_every_rule_of_the_document_is_written_or_listed(written, kind):
    """No rule is left out in silence: each rule family is written by a define, or listed at the head of the
    description as not expressed (with its line and the ludeme that is missing); each option is a Ludii
    option of the description or listed."""
    doc = document(kind)
    entries = coverage(doc)
    met = {e.pointer for e in entries}
    for ptr in _rule_families(doc):
        assert ptr in met, ptr
    text = written[kind]
    head = " ".join(line.lstrip("/ ") for line in text.splitlines() if line.startswith("//"))
    for e in entries:
        if not e.expressed:
            said = "not carried" if e.pointer.startswith("/options/") else "not expressed"
            assert f"{said}: {e.pointer} " in head, e.pointer
            assert e.how
    for name in doc["options"]:
        carried = f'(option "{name}" ' in text
        listed = f"not carried: /options/{name} " in head
        unchanged = not carried and not listed
        assert carried or listed or unchanged
        if unchanged:  # an option that changes nothing the description writes: the same description either way
            from rithmocheck.ruleset.resolve import resolve

            for alt in doc["options"][name].get("alternatives", ()):
                other = description(resolve(doc, {name: alt["value"]}), with_options=False)
                assert _defines(other) == _defines(description(doc, with_options=False)), (name, alt["value"])


def test_an_option_the_compiler_does_not_know_is_listed():
    """A document may carry an option this compiler has never seen (a later edition, another helper's
    work): it is listed, never a crash, and its resolved value noted."""
    doc = copy.deepcopy(document(1))
    doc["options"]["some-new-reading"] = {"question": "a reading not known here", "default": "a",
                                          "witness": {"heading": "Of Equality.", "line": 453, "quote": "x"},
                                          "default_sets": {}, "alternatives": [{"value": "b", "sets": {}}]}
    doc["resolved"] = {"some-new-reading": "b"}
    head = " ".join(line.lstrip("/ ") for line in description(doc).splitlines() if line.startswith("//"))
    assert "not carried: /options/some-new-reading (line 453): a reading not known here" in head
    assert "an option this compiler does not know (the document chose b)" in head


def test_the_command_writes_a_ludii_game_and_refuses_more_than_one():
    r = CliRunner().invoke(cli, ["ruleset", "--kind", "3", "--format", "ludii"])
    assert r.exit_code == 0 and r.stdout.startswith("// Rithmomachia (lever-fulke-1563/kind-3)")
    assert '(game "Rithmomachia (lever-fulke-1563/kind-3)"' in r.stdout
    r = CliRunner().invoke(cli, ["ruleset", "--format", "ludii"])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1 and "--format" in r.stderr


def test_a_chosen_option_is_the_descriptions_first_item():
    """--option resolves the document before it is written: the choice is the default of the Ludii option
    that carries it (its first item), or the rule itself where no Ludii option carries it."""
    r = CliRunner().invoke(cli, ["ruleset", "--kind", "1", "--option", "obsidion-board-edge=true", "--format", "ludii"])
    assert r.exit_code == 0
    block = r.stdout.split('(option "obsidion-board-edge"', 1)[1]
    assert block.split("(item ", 1)[1].startswith('"true"')


# --- the recorded runs ------------------------------------------------------------------------------------

def test_the_generated_descriptions_were_run_live():
    assert set(RUNS) == {"ludii-kind-1", "ludii-kind-2", "ludii-kind-3"}
    for name, r in RUNS.items():
        kind = int(name[-1])
        assert r["profile"] == f"lever-fulke-1563/kind-{kind}" and r["repository"] == "PadLex/Ludii"
        assert len(r["commit"]) == 40 and r["description"]["ruleset"] == f"lever-fulke-1563/kind-{kind}"
        assert r["cases"] == len(r["results"]) == len([c for c in CASES if c.startswith(f"k{kind}-")])


def test_the_kind_1_run_used_the_golden_description():
    assert RUNS["ludii-kind-1"]["description"]["sha256"] == hashlib.sha256(GOLDEN.read_bytes()).hexdigest()


def test_nine_in_ten_kind_1_cases_pass_in_ludii():
    r = RUNS["ludii-kind-1"]
    assert r["by_class"].get("pass", 0) >= 0.9 * r["cases"]


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_recorded_ludii_result_is_what_the_book_makes_of_the_answer_today(name):
    profile = by_id(RUNS[name]["profile"])
    for row in RUNS[name]["results"]:
        case = CASES.get(row["case"])
        assert case is not None and row["case_sha256"] == case_digest(case), \
            f"{row['case']} changed since the run: run engines/ludii/run-generated.sh again"
        if row["class"] in ("not-implemented", "error"):
            continue
        o = row["outcome"]
        result = Result(case, "failed" if row.get("from_the_book") else "passed", tuple(row.get("from_the_book", ())),
                        Outcome(o["legal"], tuple(o["captures"]), tuple(o["victories"])))
        assert classify(result, profile)[0] == row["class"], (name, row["case"])


@pytest.mark.parametrize("name", sorted(RUNS))
def test_every_case_that_does_not_pass_names_a_rule_the_description_does_not_express(name, written):
    """Each failing case has its reason (engines/ludii/reasons.yaml, copied into the record): a rule the
    description lists as not expressed; and no reason names a case that passes."""
    kind = int(name[-1])
    reasons = yaml.safe_load((ROOT / "engines" / "ludii" / "reasons.yaml").read_text())[f"kind-{kind}"]
    explained = {c: e for e in reasons for c in e["cases"]}
    listed = {e.pointer for e in coverage(document(kind)) if not e.expressed}
    for row in RUNS[name]["results"]:
        if row["class"] == "pass":
            assert row["case"] not in explained, row["case"]
            continue
        why = row.get("explanation")
        assert why and why["kind"] == "not-expressible" and why["pointer"] in listed, row["case"]
        assert explained[row["case"]]["pointer"] == why["pointer"]


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_recorded_run_is_recorded_again_from_its_answers_byte_for_byte(name, written, record, tmp_path, capsys):
    """engines/ludii/record.py --replay classes the answers kept beside a description again, without Ludii:
    given the answers each committed run records (an outcome, or `unsupported` and its message) beside the
    description the tool writes today, it writes the committed record byte for byte (the classes, the
    differences, the reasons of reasons.yaml and the description's SHA-256 as they stand now)."""
    from rithmocheck.conformance.runner import case_document, protocol_input

    committed = RUNS[name]
    kind = int(name[-1])
    lud = tmp_path / f"kind-{kind}.lud"
    lud.write_text(written[kind], encoding="utf-8")
    kept = []
    for row in committed["results"]:
        case = CASES[row["case"]]
        answer = {"unsupported": row["message"]} if row["class"] == "not-implemented" else row["outcome"]
        kept.append(json.dumps({"input": json.dumps(protocol_input(case, case_document(case))),
                                "answer": json.dumps(answer)}))
    lud.with_suffix(".answers.jsonl").write_text("\n".join(kept) + "\n", encoding="utf-8")
    code = record.main(["--kind", str(kind), "--engine", "no-ludii-is-run", "--description", str(lud),
                        "--ludii", committed["ludii_version"], "--replay"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out == (ROOT / "rithmocheck" / "conformance" / "runs" / f"{name}.json").read_text(encoding="utf-8")


def test_replaying_answers_of_other_cases_is_refused(written, record, tmp_path):
    """--replay with answers kept for other cases (a case added or changed since): refused, naming the file."""
    lud = tmp_path / "kind-3.lud"
    lud.write_text(written[3], encoding="utf-8")
    lud.with_suffix(".answers.jsonl").write_text(json.dumps({"input": "{}", "answer": "{}"}) + "\n",
                                                 encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        record.main(["--kind", "3", "--engine", "x", "--description", str(lud), "--ludii", "1.3.12", "--replay"])
    assert "answers other cases" in str(refused.value) and str(lud.with_suffix(".answers.jsonl")) in str(refused.value)


def test_rithmocheck_engines_shows_ludii_live_and_each_description_as_a_row_of_its_own():
    """Ludii's own description is its profile's row, live; each kind's description run in Ludii is the row
    run/ludii-kind-N, and the closing lines (`written`) give its passes and the rule each other case names."""
    r = CliRunner().invoke(cli, ["engines", "--format", "json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    rows = {x["id"]: x for x in data["rows"]}
    assert rows["engine/ludii"]["run"] == "ludii"
    written = {w["run"]: w for w in data["written"]}
    assert set(written) == set(RUNS)
    text = CliRunner().invoke(cli, ["engines"]).stdout
    for name, run in RUNS.items():
        assert rows[f"run/{name}"]["run"] == name and rows[f"run/{name}"]["ruleset"] == run["profile"]
        w = written[name]
        assert w["by_class"] == run["by_class"] and w["description_sha256"] == run["description"]["sha256"]
        assert [f["case"] for f in w["not_passing"]] == [x["case"] for x in run["results"] if x["class"] != "pass"]
        assert f"run/{name}: {run['profile']} in Ludii" in text
        assert f"{run['by_class'].get('pass', 0)} of {run['cases']} cases pass" in " ".join(text.split())


def test_the_documented_ludii_figures_are_the_recorded_ones():
    text = (ROOT / "docs" / "engines.md").read_text()
    for name, r in RUNS.items():
        m = re.search(rf"^\| `{name}` \| (\d+) \| (\d+) \| (\d+) \|", text, re.M)
        assert m, name
        by = r["by_class"]
        assert [int(x) for x in m.groups()] == [by.get("pass", 0), r["cases"] - by.get("pass", 0), r["cases"]]


def test_the_playout_checks_are_recorded():
    for kind in (1, 2, 3):
        s = json.loads((ROOT / "engines" / "ludii" / "checks" / f"kind-{kind}.json").read_text())
        assert s["ruleset"] == f"lever-fulke-1563/kind-{kind}" and s["playout"]["plies"] >= 1000
        assert s["perft"]["ludii"] == s["perft"]["reference"]
        assert s["playout"]["disagreements"] == len(s["playout"]["listed"]) or len(s["playout"]["listed"]) == 200
        assert "none named" not in s["playout"]["by_reason"], kind  # every disagreement has its reason
        assert s["playout"]["positions"] >= 1000 and s["playout"]["legal moves"] > 10_000
    assert json.loads((ROOT / "engines/ludii/checks/kind-1.json").read_text())["perft"]["ludii"] == [59, 3422]


@pytest.mark.skipif(shutil.which("javac") is None or shutil.which("bash") is None, reason="needs a JDK and bash")
@pytest.mark.parametrize("layout, said", [
    ((), "does not exist"),
    (("Core/src",), "not a checkout of Ludii"),
    (("Core/src", "Common/src", "Language/src", "Common/res/lud", "Common/res/def"), "Trove4j_ApacheCommonsRNG.jar"),
])
def test_prepare_refuses_what_is_not_a_ludii_in_one_line(tmp_path, layout, said):
    """engines/ludii/prepare.sh LUDII: a class path that does not exist, or a directory that is not a checkout
    of Ludii's sources (or lacks the library its modules compile against), is said in one line, exit 2,
    before anything is compiled or written."""
    import subprocess

    ludii = tmp_path / "Ludii"
    for d in layout:
        (ludii / d).mkdir(parents=True)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([str(ROOT / "engines" / "ludii" / "prepare.sh"), str(ludii), "--build", str(tmp_path / "b")],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and said in done.stderr
    assert not (tmp_path / "cache").exists() and not (tmp_path / "b").exists()
