"""Reading a ruleset someone else wrote: a ruleset document (JSON or YAML,
or a list of them), or a plain list of piece values per side (JSON/YAML
{"even": [..], "odd": [..]}, or CSV `side,value`). Files are read through
rithmocheck.inputs (bounded size, regular files only, bounded nesting)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..inputs import load_json, load_text, read_text
from .plain import parse_csv


def parse_text(text: str, name: str) -> Any:
    """A ruleset (JSON or YAML), a plain JSON/YAML list of values per side, or
    a CSV list with a header naming side and value. Raises InputError when it
    cannot be read."""
    first = text.lstrip("\ufeff").lstrip().split("\n", 1)[0].strip()
    header = [c.strip().lower() for c in first.split(",")]
    if name.lower().endswith(".csv") or ("side" in header and "value" in header):
        return parse_csv(text, name)
    if name.lower().endswith(".json") or first.startswith(("{", "[")):
        return load_json(text, name)
    return load_text(text, name)


def load(path: str | Path) -> Any:
    """A ruleset or a plain list of piece values, read from a file."""
    return parse_text(read_text(path), str(path))
