"""The conformance protocol's side of the Python adapters of engines/ (leungwk, wdjoyner): read one case
as JSON on stdin, answer it with the engine's captures and victories as JSON on stdout, an `unsupported`
answer for a rule the engine lacks, and a crash of the engine as exit 1 naming its file and line.
rithmocheck's own code (MIT), no engine's."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any


class Unsupported(Exception):
    """A rule the engine does not implement: answered as {"unsupported": why}."""


def engine_frame(tb: Any, root: str) -> str:
    """Where an exception arose: the innermost frame inside the engine's checkout, as FILE:LINE in NAME."""
    frames = traceback.extract_tb(tb)
    inside = [f for f in frames if os.path.abspath(f.filename).startswith(root)] or frames
    f = inside[-1]
    where = os.path.relpath(f.filename, root) if os.path.abspath(f.filename).startswith(root) else f.filename
    return f"{where}:{f.lineno} in {f.name}"


def serve(root: str, answer: Callable[[dict[str, Any]], dict[str, Any]]) -> int:
    """Answer the case on stdin with `answer` (the engine imported from `root`, put first on sys.path)."""
    sys.path.insert(0, root)
    try:
        req = json.load(sys.stdin)
    except ValueError as e:
        print(f"the case on stdin is not JSON: {e}", file=sys.stderr)
        return 2
    try:
        with contextlib.redirect_stdout(sys.stderr):  # whatever the engine prints stays off the answer
            out = answer(req)
    except Unsupported as u:
        out = {"unsupported": str(u)}
    except Exception as e:  # the engine's exception (or ours) is an error of the run, never a result
        traceback.print_exc(file=sys.stderr)
        print(f"{engine_frame(e.__traceback__, root)}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    print(json.dumps(out))
    return 0
