"""One line for an engine author, before the details: what kind of mistake
the findings on a ruleset add up to. The sides swapped (the values under
even are the odd army's and the other way round), the sides named by colour
(white and black: 1563 names them even and odd, and leaves the colours to
the players), or only a few values wrong (the rest follow the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..model import men as M
from ..words import count
from .findings import RulesetFinding

COLOURS = ("white", "black")
VALUE_RULES = frozenset({"value", "unknown-value", "wrong-side", "doubled", "missing", "king", "layer", "shape"})


def _sides(data: Any) -> dict[str, list[Any]] | None:
    """The values listed per side name: a plain list, or a document's men."""
    out: dict[str, list[Any]] = {}
    if isinstance(data, dict) and "ruleset" not in data:
        out = {str(k).lower(): v for k, v in data.items() if isinstance(v, list)}
        return out or None
    if isinstance(data, dict) and isinstance(data.get("men"), list):
        for m in data["men"]:
            if isinstance(m, dict) and isinstance(m.get("side"), str):
                out.setdefault(m["side"].lower(), []).append(m.get("value"))
        return out or None
    return None


def _share(values: list[Any], side: str, armies: M.Armies) -> float:
    """The share of values that belong to side's army and not the other's."""
    mine = {m.value for m in armies.army(side)}
    other = {m.value for m in armies.army("odd" if side == "even" else "even")}
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return sum(1 for v in ints if v in mine and v not in other) / len(ints) if ints else 0.0


def colour_reading(sides: dict[str, list[Any]], armies: M.Armies) -> dict[str, str] | None:
    """For sides named white and black: which colour's values are the even
    army's (the better fit), else None."""
    if not set(sides) & set(COLOURS) or set(sides) & set(M.SIDES):
        return None
    w, b = sides.get("white", []), sides.get("black", [])
    straight = _share(w, "even", armies) + _share(b, "odd", armies)
    crossed = _share(w, "odd", armies) + _share(b, "even", armies)
    return {"white": "even", "black": "odd"} if straight >= crossed else {"white": "odd", "black": "even"}


def headline(data: Any, findings: Sequence[RulesetFinding], armies: M.Armies) -> str | None:
    """The real errors first: the sides swapped, the schema, or the few values that are wrong (naming them);
    a list whose only findings are notes (sides labelled by colour) is valid, and the line says how it was
    read."""
    if not findings:
        return None
    errors = [f for f in findings if f.severity == "error"]
    notes = [f for f in findings if f.severity != "error"]
    if not errors:
        return "valid; " + notes[0].message if notes else None
    sides = _sides(data) or {}
    if all(s in sides for s in M.SIDES) and _share(sides["even"], "odd", armies) > 0.5 \
            and _share(sides["odd"], "even", armies) > 0.5:
        return ("the sides look swapped: most values listed under even are the odd army's, and most under odd "
                "the even army's")
    if any(f.rule == "schema" for f in errors):
        n = sum(1 for f in errors if f.rule == "schema")
        return f"the file does not follow the published schema ({count(n, 'place')}); its meaning is " \
               "checked once it does"
    plain = isinstance(data, dict) and "ruleset" not in data
    listed = sum(len(v) for k, v in sides.items() if plain or k in M.SIDES)
    placed = [f for f in errors if f.rule in VALUE_RULES and f.rule != "missing"]  # a man lacking follows from them
    wrong = {f.path for f in (placed or [f for f in errors if f.rule in VALUE_RULES])}
    if listed and wrong and len(wrong) <= max(1, listed // 4) and all(f.rule in VALUE_RULES for f in errors):
        places = f"{len(wrong)} places disagree" if len(wrong) != 1 else "1 place disagrees"
        numbers = sorted({n for f in placed if f.printed for n in f.printed})
        which = f" ({', '.join(map(str, numbers))})" if numbers else ""
        return f"only {places} with 1563 among the file's {listed} values{which}; the rest follow its rules"
    return None
