"""Reading conformance cases: one JSON file per case, checked against the
published schema and for meaning (its position reads under its ruleset, its
citation says what the witness has), every problem an InputError naming the
file and the place."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import load_json, read_text

CASES_DIR = Path(__file__).resolve().parent / "cases"
SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "conformance-case-1.json"
SCHEMA_ID = "urn:rithmocheck:schema:conformance-case-1"


@cache
def _schema_text() -> str:
    return SCHEMA_FILE.read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_schema_text())
    return data


@dataclass(frozen=True)
class Case:
    data: dict[str, Any]
    path: str

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def ruleset(self) -> str:
        return str(self.data["ruleset"])

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.data.get("options", {}))

    def citation(self) -> str:
        """The case's source in a line: the witness line and quotation, or why it is constructed."""
        src = self.data["source"]
        w = src.get("witness")
        if "constructed" in src:
            tail = f" (cf. witness line {w['line']})" if w else ""
            return f"constructed: {src['constructed']}{tail}"
        return f"witness line {w['line']}: \"{w['quote']}\""


def schema_problems(data: Any) -> list[tuple[str, str]]:
    out = []
    from ..shape import problems

    for err in sorted(problems(SCHEMA_FILE.name, data), key=lambda e: list(e.absolute_path)):
        ptr = "/" + "/".join(str(p) for p in err.absolute_path)
        out.append((ptr, err.message if len(err.message) < 160 else err.message[:157] + "..."))
    return out


def read_case(path: str | Path) -> Case:
    """One case file, checked against the schema and its citation against the witness."""
    from ..witness.edition import Edition
    from ..witness.quotes import citation_problems

    name = str(path)
    data = load_json(read_text(path), name)
    problems = schema_problems(data)
    if problems:
        ptr, msg = problems[0]
        raise InputError(name, None, f"{ptr}: {msg}")
    w = data["source"].get("witness")
    if w is not None:
        for fld, problem in citation_problems(w["line"], w["quote"], w.get("heading"), Edition.default()):
            raise InputError(name, None, f"/source/witness/{fld}: {problem}")
    return Case(data, name)


def load_cases(directory: str | Path | None = None) -> list[Case]:
    """Every case of a directory (default: the shipped cases), by id; two files with one id are refused."""
    d = Path(directory) if directory is not None else CASES_DIR
    if not d.is_dir():
        raise InputError(d, None, "no such directory of conformance cases")
    if directory is None:
        return list(_shipped())
    return _read_all(d)


def cases_stating(statements: Collection[str]) -> list[Case]:
    """The shipped cases whose source is one of these statements of the worked examples, by id, each read and
    checked as `load_cases` reads it; the others are only parsed, to see what they state (a page of the worked
    examples draws a dozen of the cases: reading all 137, checked, was a third of its making)."""
    if _shipped.cache_info().currsize:
        return [c for c in _shipped() if c.data.get("source", {}).get("statement") in statements]
    out = []
    for p in sorted(CASES_DIR.glob("*.json")):
        try:
            source = json.loads(p.read_text(encoding="utf-8")).get("source")
        except (OSError, ValueError, AttributeError):
            source = None  # read (and refused, naming the file) as load_cases reads it
        if not isinstance(source, dict) or source.get("statement") in statements:
            out.append(read_case(p))
    return sorted(out, key=lambda c: c.id)


@cache
def _shipped() -> tuple[Case, ...]:
    """The shipped cases, read and checked once a process."""
    return tuple(_read_all(CASES_DIR))


def _read_all(d: Path) -> list[Case]:
    cases = [read_case(p) for p in sorted(d.glob("*.json"))]
    seen: dict[str, str] = {}
    for c in cases:
        if c.id in seen:
            raise InputError(c.path, None, f"the case id {c.id!r} is also the id of {seen[c.id]}")
        seen[c.id] = c.path
    return sorted(cases, key=lambda c: c.id)


def case_digest(case: Case) -> str:
    """The SHA-256 of a case's content (its JSON, keys sorted): a recorded result names the case it ran."""
    import hashlib

    return hashlib.sha256(json.dumps(case.data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
