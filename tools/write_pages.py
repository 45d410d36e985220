"""Regenerate the page map of the primary witness of the shipped edition,
sources/lever-fulke-1563/pages.yaml.

    python tools/write_pages.py          # write the file
    python tools/write_pages.py --check  # exit 1 if the committed file is stale

The map is computed by rithmocheck.witness.pages.compute (an alignment of
witness.txt with the TCP keying, about a second); a test fails when the
committed file differs from what this script writes.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rithmocheck.witness.edition import Edition  # noqa: E402
from rithmocheck.witness.pages import compute, dump  # noqa: E402

PAGES_FILE = Edition.default().pages_path


def main(argv: list[str]) -> int:
    text = dump(compute())
    if "--check" in argv:
        current = PAGES_FILE.read_text(encoding="utf-8") if PAGES_FILE.exists() else ""
        if current != text:
            print(f"{PAGES_FILE.relative_to(ROOT)} is stale: run python tools/write_pages.py", file=sys.stderr)
            return 1
        return 0
    PAGES_FILE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
