"""The worked examples of the witness, as claims (examples.yaml), and the
record of lines that carry a number but no checkable claim (coverage.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import LDict, LList, load_file
from .layout import DIGITS, SIGN, _span
from .page import Page

EXAMPLE_KINDS = ("sum", "difference", "product", "quotient", "square", "root", "half", "contains",
                 "proportion", "taking", "list", "count", "victory", "standards")
EXAMPLES = "examples"  # the table name under which findings and errata on examples stand


@dataclass(frozen=True, order=True)
class ExamplePosition:
    """Where a worked example stands: its id and the witness line its quote begins on."""

    example: str
    witness_line: int

    def as_dict(self) -> dict[str, Any]:
        return {"example": self.example, "witness_line": self.witness_line}

    def __str__(self) -> str:
        return f"{self.example} (witness line {self.witness_line})"


@dataclass(frozen=True)
class Example:
    id: str
    witness_line: int  # where the quote begins
    last_line: int  # where it ends
    heading: str
    quote: str
    kind: str
    operands: tuple[Any, ...]
    stated: Any
    method: str | None
    what: str | None
    note: str | None
    page: Page | None = None  # where the quote begins in the book

    @property
    def position(self) -> ExamplePosition:
        return ExamplePosition(self.id, self.witness_line)


def _quote_span(quote: str, line: int, witness: tuple[str, ...]) -> int | None:
    """The last witness line of a quote beginning on `line` (whitespace folded)."""
    want = " ".join(quote.split())
    text = ""
    for last in range(line, min(line + 12, len(witness)) + 1):
        text = " ".join((text + " " + witness[last - 1]).split())
        if want in text:
            return last
    return None


def _text(raw: LDict, key: str, path: Path, what: str, required: bool = True) -> str | None:
    value = raw.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise InputError(path, raw.line, f"{what}: {key!r} must be text")
    return str(value)


def load_examples(path: Path, witness: tuple[str, ...]) -> tuple[Example, ...]:
    data = load_file(path)
    if not isinstance(data, LDict) or not isinstance(data.get("examples"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'examples'")
    out, seen = [], set()
    for raw in data["examples"]:
        if not isinstance(raw, LDict):
            raise InputError(path, getattr(raw, "line", None), "an example must be a mapping")
        for key in ("id", "witness_line", "heading", "quote", "kind"):
            if key not in raw:
                raise InputError(path, raw.line, f"example: missing field {key!r}")
        ex_id, line = raw["id"], raw["witness_line"]
        if not isinstance(ex_id, str):
            raise InputError(path, raw.line, "example: 'id' must be text")
        ex_id = str(ex_id)
        if ex_id in seen:
            raise InputError(path, raw.line, f"duplicate example id {ex_id!r}")
        seen.add(ex_id)
        what = f"example {ex_id}"
        kind = _text(raw, "kind", path, what)
        if kind not in EXAMPLE_KINDS:
            raise InputError(path, raw.line, f"{what}: unknown kind {kind!r}")
        if not isinstance(line, int) or isinstance(line, bool) or not 1 <= line <= len(witness):
            raise InputError(path, raw.line, f"{what}: witness_line {line!r} is not a line of the witness")
        quote = _text(raw, "quote", path, what) or ""
        last = _quote_span(quote, int(line), witness)
        if last is None:
            raise InputError(path, raw.line, f"{what}: the quote is not found at witness line {line}")
        operands = raw.get("operands", [])
        if not isinstance(operands, list):
            raise InputError(path, raw.line, f"{what}: 'operands' must be a list")
        out.append(Example(ex_id, int(line), last, _text(raw, "heading", path, what) or "", quote, kind,
                           tuple(operands), raw.get("stated"), _text(raw, "method", path, what, False),
                           _text(raw, "what", path, what, False), _text(raw, "note", path, what, False)))
    return tuple(out)


def load_coverage(path: Path) -> tuple[tuple[int, int, str], ...]:
    """Witness passages recorded as carrying no checkable number, with the reason."""
    data = load_file(path)
    if not isinstance(data, LDict) or not isinstance(data.get("unchecked"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'unchecked'")
    out = []
    for raw in data["unchecked"]:
        if not isinstance(raw, LDict) or not isinstance(raw.get("reason"), str):
            raise InputError(path, getattr(raw, "line", None), "each entry needs 'witness_lines' and a 'reason'")
        span = _span(raw, "witness_lines", str(path))
        out.append((span[0], span[1], str(raw["reason"])))
    return tuple(out)


def digit_lines(witness: tuple[str, ...]) -> tuple[int, ...]:
    """Witness lines that carry a number (cossick sign markers aside)."""
    return tuple(i for i, line in enumerate(witness, 1) if DIGITS.search(SIGN.sub(" ", line)))
