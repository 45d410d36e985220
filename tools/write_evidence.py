"""Regenerate the evidence section of docs/universes.md.

    python tools/write_evidence.py

The section between the markers is computed by rithmocheck.audit.evidence; a test
fails when the committed document differs from what this script writes.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rithmocheck.export.evidence import evidence_markdown  # noqa: E402
from rithmocheck.witness.edition import Edition  # noqa: E402

BEGIN, END = "<!-- evidence:begin -->", "<!-- evidence:end -->"


def updated(text: str) -> str:
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{evidence_markdown(Edition.default())}{END}{tail}"


if __name__ == "__main__":
    doc = ROOT / "docs" / "universes.md"
    doc.write_text(updated(doc.read_text(encoding="utf-8")), encoding="utf-8")
