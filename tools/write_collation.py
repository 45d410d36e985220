"""Regenerate the collation the build reads, the shipped edition's collation.json.

    python tools/write_collation.py          # write the file
    python tools/write_collation.py --check  # exit 1 if the committed file is stale

The collation of the edition with its second witness (rithmocheck collate)
aligns the two witnesses, which takes about a second; `rithmocheck build`
reads the result from this file while the SHA-256 of the collation's inputs
(witness, page map, transcriptions, worked examples, TCP keying) is the one
recorded there, and collates afresh otherwise. A test fails when the
committed file differs from what this script writes.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rithmocheck.witness.collate import CACHE_FILE, cache_text, collate  # noqa: E402
from rithmocheck.witness.edition import Edition  # noqa: E402


def main(argv: list[str]) -> int:
    edition = Edition.default()
    path = edition.root / CACHE_FILE
    text = cache_text(edition, collate(edition))
    if "--check" in argv:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"{path.relative_to(ROOT)} is stale: run python tools/write_collation.py", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
