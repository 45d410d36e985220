"""Reading a ruleset someone else wrote: a ruleset document (JSON or YAML,
or a list of them), or a plain list of piece values per side (JSON/YAML
{"even": [..], "odd": [..]}, or CSV `side,value`). Files are read through
rithmocheck.inputs (bounded size, regular files only, bounded nesting)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import load_json, load_text, read_text


def parse_text(text: str, name: str) -> Any:
    """A ruleset (JSON or YAML), a plain JSON/YAML list of values per side, or
    a CSV `side,value` list. Raises InputError when it cannot be read."""
    first = text.lstrip("\ufeff").lstrip().split("\n", 1)[0].strip()
    if name.lower().endswith(".csv") or first.replace(" ", "").lower().startswith("side,"):
        return parse_csv(text, name)
    if name.lower().endswith(".json") or first.startswith(("{", "[")):
        return load_json(text, name)
    return load_text(text, name)


def parse_csv(text: str, name: str) -> dict[str, list[int]]:
    """CSV with the header `side,value`: the plain engine format."""
    try:
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    except csv.Error as exc:
        raise InputError(name, None, f"malformed CSV: {exc}") from None
    if not rows or [c.strip().lower() for c in rows[0]] != ["side", "value"]:
        got = ",".join(rows[0]) if rows else "nothing"
        raise InputError(name, 1, f"CSV must have the header 'side,value', not {got!r}")
    sides = {row[0].strip().lower() for row in rows[1:] if row and row[0].strip()}
    colours = bool(sides) and sides <= {"white", "black"}
    out: dict[str, list[int]] = {"white": [], "black": []} if colours else {"even": [], "odd": []}
    for lineno, row in enumerate(rows[1:], 2):
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != 2:
            raise InputError(name, lineno, f"expected 2 fields (side,value), found {len(row)}")
        side, value = row[0].strip().lower(), row[1].strip()
        if side not in out:
            raise InputError(name, lineno, f"side must be even or odd (or white or black throughout), not "
                                           f"{row[0][:20]!r}")
        if not (value.isascii() and value.lstrip("-").isdigit()) or len(value) > 13:
            raise InputError(name, lineno, f"value must be a whole number, not {value[:20]!r}")
        out[side].append(int(value))
    return out


def load(path: str | Path) -> Any:
    """A ruleset or a plain list of piece values, read from a file."""
    return parse_text(read_text(path), str(path))
