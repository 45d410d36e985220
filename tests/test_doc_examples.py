"""Every example of README.md and docs/*.md that a reader would run, run
(issue 33).

Each fenced block names its language (a block without one fails here,
naming its line). The `sh` and `python` blocks of a document run in order in
one fresh directory, as a reader following the document does, so that what
one block writes (kind-1.json) the next reads. A command passes when it
exits 0 or 1 (1 is the tool's answer that there are findings or failures)
and prints no traceback; a Python block when it raises nothing. The files
an example names as the reader's own are made first: `my-engine.json` and
`my-rules.json` (a ruleset, the first kind's with one man's number
miscopied), `adapter.py` and `my-adapter.py` (an engine that answers every
conformance case "legal, nothing taken"); `$EDITOR` is `true`.

A block that cannot run in CI says so, with the reason, in an HTML comment
among the comment lines just above it: `<!-- not run in CI: REASON -->`
(a live engine run needs the engine's checkout; the quick start makes a
virtual environment and runs the whole test command, which CI runs itself;
a long fuzz run or benchmark has its small budget in the tests). Such a
block is listed as skipped with its reason, never passed over silently.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUN = ("sh", "python")
LANGUAGES = (*RUN, "json", "yaml", "text")
FENCE = re.compile(r"^( *)```([^\n`]*)\n(.*?)^\1```[ \t]*$", re.S | re.M)
NOT_RUN = re.compile(r"<!-- not run in CI: (.+?) -->")


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int
    language: str
    body: str
    not_run: str | None  # the reason it cannot run in CI, or None


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    lines = text.split("\n")
    out = []
    for m in FENCE.finditer(text):
        line = text[:m.start()].count("\n") + 1
        indent = len(m.group(1))
        body = "\n".join(x[indent:] for x in m.group(3).split("\n"))
        above, reason = line - 2, None  # the comment lines just above the fence (0-based index)
        while above >= 0 and lines[above].strip().startswith("<!--"):
            found = NOT_RUN.search(lines[above])
            reason = found.group(1) if found else reason
            above -= 1
        out.append(Block(doc, line, m.group(2).strip(), body, reason))
    return out


ALL = [b for d in DOCS for b in blocks(d)]
RUNNABLE = {d: [b for b in blocks(d) if b.language in RUN] for d in DOCS}


def test_every_block_names_its_language():
    bad = [f"{b.doc.name}:{b.line}" for b in ALL if b.language not in LANGUAGES]
    assert not bad, f"a fenced block names none of {', '.join(LANGUAGES)}: {bad}"


def test_there_are_examples_to_run_and_each_one_not_run_says_why():
    runnable = [b for bs in RUNNABLE.values() for b in bs]
    assert sum(1 for b in runnable if b.not_run is None) >= 12
    assert all(len(b.not_run.split()) >= 4 for b in runnable if b.not_run is not None)
    assert not [b for b in ALL if b.not_run is not None and b.language not in RUN], "only sh and python blocks run"


# --- what the examples name as the reader's own --------------------------------------------------------

ECHO_ENGINE = """import json, sys
case = json.load(sys.stdin)
print(json.dumps({"legal": True, "captures": [], "victories": []}))
"""


def _fixtures(where: Path) -> None:
    from rithmocheck.ruleset import document
    from rithmocheck.witness.edition import Edition

    doc = document(1, Edition.default())
    doc["men"][0]["value"] += 1  # a value miscopied: the validator finds it
    for name in ("my-engine.json", "my-rules.json"):
        (where / name).write_text(json.dumps(doc), encoding="utf-8")
    for name in ("adapter.py", "my-adapter.py"):
        (where / name).write_text(ECHO_ENGINE, encoding="utf-8")


def _env(where: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", EDITOR="true",
               RITHMOCHECK_NO_CACHE="1", XDG_CACHE_HOME=str(where / ".cache"), COLUMNS="100")
    env.pop("RITHMOCHECK_EDITION", None)
    return env


def _commands(body: str) -> list[str]:
    """The commands of a shell block, one a line (a line ending in a backslash goes on)."""
    out, cur = [], ""
    for raw in body.split("\n"):
        cur += raw
        if cur.endswith("\\"):
            cur = cur[:-1] + " "
            continue
        if cur.strip() and not cur.strip().startswith("#"):
            out.append(cur.strip())
        cur = ""
    return out


def _run_block(b: Block, where: Path, env: dict[str, str]) -> None:
    at = f"{b.doc.relative_to(ROOT)}:{b.line}"
    if b.language == "python":
        script = where / f"example-{b.line}.py"
        script.write_text(b.body, encoding="utf-8")
        r = subprocess.run([sys.executable, str(script)], cwd=where, env=env, capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, f"{at}: the Python example fails:\n{r.stderr[-2000:]}"
        return
    for cmd in _commands(b.body):
        r = subprocess.run(["bash", "-c", cmd], cwd=where, env=env, capture_output=True, text=True, timeout=300)
        assert r.returncode in (0, 1) and "Traceback" not in r.stderr, \
            f"{at}: {cmd!r} exits {r.returncode}:\n{r.stderr[-2000:]}"


@pytest.mark.parametrize("doc", [d for d in DOCS if RUNNABLE[d]], ids=lambda d: d.name)
def test_the_examples_of_each_document_run(doc, tmp_path):
    _fixtures(tmp_path)
    env = _env(tmp_path)
    skipped = []
    for b in RUNNABLE[doc]:
        if b.not_run is not None:
            skipped.append(f"{doc.name}:{b.line} ({b.not_run})")
            continue
        _run_block(b, tmp_path, env)
    if skipped:
        print("not run in CI:", "; ".join(skipped))
