"""The error policy of every command, in one place.

Exit codes: 0 clean, 1 findings (and nothing else), 2 bad input (one line on
stderr naming the file, the place and the problem, never a traceback), 3 an
internal error (a bug: "please report", the traceback only under --debug).
Library code raises InputError for bad input; the CLI turns it into exit 2.
Exits 0 and 1 (and 2 for an input refused along the way) are decided by the
outcome of a run, rithmocheck.pipeline.outcome.Outcome, alone.
"""

from __future__ import annotations

from enum import IntEnum
from pathlib import Path


class Exit(IntEnum):
    OK = 0
    FINDINGS = 1
    BAD_INPUT = 2
    INTERNAL = 3


class InputError(Exception):
    """Bad input: one line naming the file, the place and the problem."""

    def __init__(self, path: str | Path | None, line: int | None, problem: str):
        self.path = str(path) if path is not None else None
        self.line = line
        self.problem = problem
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = self.path or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        return printable(" ".join(f"{where}: {self.problem}".split()))


def printable(text: object) -> str:
    """Text for one line of a message: control characters (a new line, a NUL,
    an escape) are shown escaped, never sent to the terminal."""
    line = str(text)
    if line.isprintable():  # (most are: no character to look at one by one)
        return line
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in line)
