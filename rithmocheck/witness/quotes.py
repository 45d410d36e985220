"""Whether a citation of the primary witness says what the witness has
there: the line is one of its lines, the quote (its whitespace runs made one
space) begins on that line, and the heading stands at or before it. Read by
the ruleset validator and the conformance cases."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .edition import Edition


def witness_text(edition: Edition) -> tuple[str, tuple[int, ...]]:
    """An edition's witness as one text, its whitespace runs made one space,
    and where each of its lines begins in that text (kept with the edition)."""
    memo = edition.derived
    if "witness_text" not in memo:
        memo["witness_text"] = _text(edition.lines)
    found: tuple[str, tuple[int, ...]] = memo["witness_text"]
    return found


def _text(lines: tuple[str, ...]) -> tuple[str, tuple[int, ...]]:
    starts, parts, at = [], [], 0
    for line in lines:
        words = " ".join(line.split())
        starts.append(at)
        parts.append(words)
        at += len(words) + 1
    return " ".join(parts), tuple(starts) + (at,)


def _shown(text: object, limit: int = 80) -> str:
    s = " ".join(str(text).split())
    return repr(s if len(s) <= limit else s[:limit - 3] + "...")


def citation_problems(line: int, quote: str | None, heading: str | None,
                      edition: Edition) -> list[tuple[str, str]]:
    """(field, problem) for each way the citation misstates the edition's witness."""
    text, starts = witness_text(edition)
    lines = len(starts) - 1
    if not 1 <= line <= lines:
        return [("line", f"line {line} is not a line of the witness (1 to {lines})")]
    out = []
    if quote is not None:
        q = " ".join(quote.split())
        found = text.find(q, starts[line - 1])
        if not q or found < 0 or found >= starts[line]:
            out.append(("quote", f"the quote {_shown(q)} does not begin on witness line {line}, which reads "
                                 f"{_shown(text[starts[line - 1]:starts[line] - 1])}"))
    if heading is not None:
        h = " ".join(heading.split())
        found = text.find(h)
        if not h or found < 0 or found >= starts[line]:
            out.append(("heading", f"the heading {_shown(h)} stands nowhere in the witness at or before line {line}"))
    return out
