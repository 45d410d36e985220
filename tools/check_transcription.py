"""Developer aid: check one or more transcription files and print their entries.

    python tools/check_transcription.py sources/lever-fulke-1563/tables/k1-arithmetic.yaml
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rithmocheck.sources import load_passage, printed_entries  # noqa: E402
from rithmocheck.yamlsafe import InputError  # noqa: E402

status = 0
for name in sys.argv[1:]:
    try:
        p = load_passage(name)
    except InputError as exc:
        print(exc.one_line())
        status = 2
        continue
    print(f"{name}: OK, re-flattens to the run")
    for e in printed_entries(p):
        pos = e.position
        print(f"  {e.table:28} b{pos.block} c{pos.column} l{pos.line:<3} {e.role:8} {e.numbers} {e.text!r}")
sys.exit(status)
