"""Refresh constraints.txt, the lock CI and the README's commands install from.

    python tools/lock.py

Makes a fresh virtual environment, installs rithmocheck with its test and
openspiel extras there with no constraints (so pip takes the newest release of every
dependency that fits pyproject.toml), and writes what was installed, every
package pinned with ==, to constraints.txt. Commit the new file after the
README's test command has passed with it. `.ci/newest` runs the same test
command with no lock at all and reports what a newer release breaks.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
HEADER = """\
# The lock: every package the README's commands and CI install, pinned.
# pip install -c constraints.txt -e '.[test,openspiel]'
# Refreshed by: python tools/lock.py (the newest releases that fit pyproject.toml).
# .ci/newest runs the test command without it and reports what newer releases break.
"""


def freeze() -> list[str]:
    with tempfile.TemporaryDirectory(prefix="rithmocheck-lock-") as tmp:
        env = Path(tmp) / "venv"
        venv.create(env, with_pip=True)
        python = str(env / "bin" / "python")
        subprocess.run([python, "-m", "pip", "install", "-q", f"{ROOT}[test,openspiel]"], check=True)
        out = subprocess.run([python, "-m", "pip", "freeze", "--all", "--exclude", "rithmocheck",
                              "--exclude", "pip", "--exclude", "setuptools", "--exclude", "wheel"],
                             check=True, capture_output=True, text=True).stdout
    pins = sorted((line for line in out.splitlines() if "==" in line and not line.startswith("#")),
                  key=lambda line: line.split("==")[0].lower().replace("_", "-"))
    return pins


def main() -> int:
    pins = freeze()
    LOCK.write_text(HEADER + "".join(f"{p}\n" for p in pins), encoding="utf-8")
    print(f"wrote {LOCK.relative_to(ROOT)}: {len(pins)} packages pinned", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
