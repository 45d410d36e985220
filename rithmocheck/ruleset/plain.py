"""The piece lists engines have, checked against the 1563 men.

A plain list names two sides, by any labels (even and odd, White and Black,
W and B, P1 and P2, whatever the engine calls them), each a list of men: a
number, or an object with its `value` and, optionally, its `shape` (round,
triangle, square, pyramid) and a pyramid's `layers` (other keys, such as a
square, are ignored). Each king is his whole pyramid value. The CSV form has
a header with at least `side` and `value` and optionally `shape` and
`layers` (numbers separated by spaces); `rithmocheck men --format csv` is
one.

Which label is the even army is found from the values (the side most of
whose values only the even army bears), or given (`--even LABEL`); sides
labelled otherwise than even and odd are a note (severity "note"), never a
failure: 1563 names them even and odd and leaves the colours to the
players. Then each side against its army: values no rule derives (with a
hint: the digits of a man shuffled, else the nearest man the list lacks),
men missing or doubled, a man of the other army, a king's layer listed as a
man, a shape that is not his (a 25 listed as a round), a king's layers.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

from ..errors import InputError
from ..model import men as M
from .findings import RulesetFinding

SHAPES = ("round", "triangle", "square", "pyramid")


def pointer(*parts: object) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def is_plain(data: Any) -> bool:
    """A plain list: an object of two lists (or more, which is then a finding), no ruleset."""
    return (isinstance(data, dict) and bool(data) and "ruleset" not in data and "rulesets" not in data
            and any(isinstance(v, list) for v in data.values()))


def parse_csv(text: str, name: str) -> dict[str, list[Any]]:
    """CSV with a header naming at least side and value (shape and layers optional), as engines and
    `rithmocheck men --format csv` write it."""
    try:
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    except csv.Error as exc:
        raise InputError(name, None, f"malformed CSV: {exc}") from None
    header = [c.strip().lower() for c in rows[0]] if rows else []
    if "side" not in header or "value" not in header:
        got = ",".join(rows[0]) if rows else "nothing"
        raise InputError(name, 1, f"CSV must have a header with the columns side and value (shape and layers "
                                  f"optional), not {got[:60]!r}")
    col = {h: i for i, h in enumerate(header)}
    out: dict[str, list[Any]] = {}
    for lineno, row in enumerate(rows[1:], 2):
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != len(header):
            raise InputError(name, lineno, f"expected {len(header)} fields, as the header has, found {len(row)}")
        side, value = row[col["side"]].strip(), row[col["value"]].strip()
        if not side:
            raise InputError(name, lineno, "the side is empty")
        if not (value.isascii() and value.lstrip("-").isdigit()) or len(value) > 13:
            raise InputError(name, lineno, f"value must be a whole number, not {value[:20]!r}")
        item: dict[str, Any] = {"value": int(value)}
        if "shape" in col and row[col["shape"]].strip():
            item["shape"] = row[col["shape"]].strip().lower()
        if "layers" in col and row[col["layers"]].strip():
            parts = row[col["layers"]].split()
            if not all(p.isascii() and p.isdigit() and len(p) <= 13 for p in parts):
                raise InputError(name, lineno, "layers must be whole numbers separated by spaces")
            item["layers"] = [int(p) for p in parts]
        out.setdefault(side, []).append(item)
    return out


# --- which label is even ----------------------------------------------------------------------------

def _values(items: list[Any]) -> list[int]:
    out = []
    for x in items:
        v = x.get("value") if isinstance(x, dict) else x
        if isinstance(v, int) and not isinstance(v, bool):
            out.append(v)
    return out


def _share(values: list[int], side: str, armies: M.Armies) -> float:
    mine = {m.value for m in armies.army(side)}
    other = {m.value for m in armies.army(M.SIDES[1] if side == M.SIDES[0] else M.SIDES[0])}
    return sum(1 for v in values if v in mine and v not in other) / len(values) if values else 0.0


def sides_of(data: dict[str, Any], name: str, armies: M.Armies,
             even: str | None = None) -> tuple[dict[str, str], list[RulesetFinding]]:
    """{label: even|odd} for the two lists, and the findings of reading them (a note for labels that are
    not even and odd; an error for a file with other than two sides)."""
    labels = [k for k, v in data.items() if isinstance(v, list)]
    others = [k for k, v in data.items() if not isinstance(v, list)]
    out = [RulesetFinding(name, "schema", f"{k!r} is not a list of men", pointer(k)) for k in others]
    if len(labels) != 2:
        out.append(RulesetFinding(name, "schema", f"a piece list has two sides; this one has {len(labels)}"
                                                  + (f" ({', '.join(map(repr, labels))})" if labels else ""), ""))
        return {}, out
    lower = {str(k).lower(): k for k in labels}
    if set(lower) == set(M.SIDES):
        return {lower["even"]: "even", lower["odd"]: "odd"}, out
    if even is not None:
        match = [k for k in labels if str(k).lower() == even.lower()]
        if not match:
            raise InputError("--even", None, f"{name} has no side {even!r}: its sides are "
                                             f"{', '.join(map(repr, labels))}")
        e = match[0]
        how = "as --even says"
    else:
        a, b = labels
        straight = _share(_values(data[a]), "even", armies) + _share(_values(data[b]), "odd", armies)
        crossed = _share(_values(data[a]), "odd", armies) + _share(_values(data[b]), "even", armies)
        e = a if straight >= crossed else b
        how = "its values are the even army's"
    o = labels[1] if e == labels[0] else labels[0]
    note = RulesetFinding(name, "colour", f"the sides are labelled {labels[0]!r} and {labels[1]!r}; 1563 names them "
                                          f"even and odd and leaves the colours to the players: {e!r} read as even "
                                          f"({how}), {o!r} as odd", pointer(e), severity="note")
    return {e: "even", o: "odd"}, out + [note]


# --- each side against its army -----------------------------------------------------------------------

def check_plain(data: dict[str, Any], name: str, armies: M.Armies, even: str | None = None) -> list[RulesetFinding]:
    reading, out = sides_of(data, name, armies, even)
    for label, side in reading.items():
        out += _side(label, side, data[label], name, armies)
    return out


def _describe(m: M.Man) -> str:
    if m.is_king:
        return f"the {m.side} king"
    return f"the {m.side} {m.shape} of order {m.order} with digit {m.digit} ({m.value})"


def _bearers(side: str, v: int, armies: M.Armies) -> str:
    return " and ".join(_describe(m) for m in armies.army(side) if m.value == v)


def _side(label: str, side: str, items: list[Any], name: str, armies: M.Armies) -> list[RulesetFinding]:
    army = armies.army(side)
    want = Counter(m.value for m in army)
    seen: Counter[int] = Counter()
    out: list[RulesetFinding] = []
    strays: list[tuple[str, int]] = []
    shapes_given = [x for x in items if isinstance(x, dict) and x.get("shape") is not None]
    for j, x in enumerate(items):
        at = pointer(label, j)
        v = x.get("value") if isinstance(x, dict) else x
        if isinstance(v, bool) or not isinstance(v, int):
            out.append(RulesetFinding(name, "schema", f"{v!r} is not a whole number", at))
            continue
        if v not in want:
            strays.append((at, v))
            continue
        seen[v] += 1
        if seen[v] > want[v]:
            out.append(RulesetFinding(name, "doubled", f"{label} {v} is listed {seen[v]} times; the rules make "
                                                       f"{want[v]} ({_bearers(side, v, armies)})"
                                                       f"{_layer_hint(v, armies)}", at,
                                      printed=(v,)))
        if isinstance(x, dict):
            out += _shape_and_layers(x, v, side, label, at, name, armies)
    missing = sorted(v for v in want for _ in range(want[v] - seen[v]))
    for at, v in strays:
        out.append(_stray(label, side, v, at, name, missing, armies))
    for v in missing:
        out.append(RulesetFinding(name, "missing", f"{label} lacks {v} ({_bearers(side, v, armies)})", pointer(label),
                                  expected=(v,)))
    if shapes_given and len(shapes_given) == len(items):  # every man with his shape: the shapes counted too
        got: Counter[tuple[int, str]] = Counter(
            (x["value"], str(x["shape"])) for x in items
            if isinstance(x, dict) and isinstance(x.get("value"), int) and x["value"] in want)
        wanted: Counter[tuple[int, str]] = Counter((m.value, m.shape) for m in army)
        for (v, shape), n in sorted((got - wanted).items()):
            if wanted[(v, shape)] and seen[v] <= want[v]:  # (a shape no man of v has is said at the man)
                out.append(RulesetFinding(name, "shape", f"{label} lists {n + wanted[(v, shape)]} {shape}s {v}; the "
                                                         f"rules make {wanted[(v, shape)]}", pointer(label),
                                          printed=(v,)))
    return out


def _shape_and_layers(x: dict[str, Any], v: int, side: str, label: str, at: str, name: str,
                      armies: M.Armies) -> list[RulesetFinding]:
    out = []
    shape = x.get("shape")
    shapes = sorted({m.shape for m in armies.army(side) if m.value == v})
    if shape is not None and shape not in shapes:
        known = " or ".join(shapes)
        out.append(RulesetFinding(name, "shape", f"{label} {v} is a {known} ({_bearers(side, v, armies)}), not "
                                                 f"{shape if shape in SHAPES else repr(shape)}", at + "/shape",
                                  printed=(v,)))
    layers = x.get("layers")
    king = armies.king(side)
    if layers is not None and v == king.value:
        want = [l.value for l in king.layers]
        if not isinstance(layers, list) or sorted(l for l in layers if isinstance(l, int)) != sorted(want) \
                or len(layers) != len(want):
            out.append(RulesetFinding(name, "layer", f"the {side} king {v} has the layers {' '.join(map(str, want))} "
                                                     f"(top to bottom), not {layers!r}"[:300], at + "/layers",
                                      expected=tuple(want)))
    return out


def _layer_hint(v: int, armies: M.Armies) -> str:
    kings = [k for k in (armies.king(s) for s in M.SIDES) if any(l.value == v for l in k.layers)]
    return "".join(f"; {v} is also a layer of the {k.side} king ({k.value}): list each king as his whole "
                   f"pyramid value only" for k in kings)


def _stray(label: str, side: str, v: int, at: str, name: str, missing: list[int], armies: M.Armies) -> RulesetFinding:
    other = "odd" if side == "even" else "even"
    if v in {m.value for m in armies.army(other)}:
        k = armies.king(other)
        what = f"the {other} king" if v == k.value else _bearers(other, v, armies)
        return RulesetFinding(name, "wrong-side", f"{v} is {what}; it is listed under {label}", at, printed=(v,))
    for s in M.SIDES:
        k = armies.king(s)
        if any(l.value == v for l in k.layers):
            return RulesetFinding(name, "layer", f"{v} is a layer of the {s} king ({k.value}), not a man: list each "
                                                 f"king as his whole pyramid value", at, printed=(v,))
    shuffled = [x for x in sorted(set(missing) or armies.values(side)) if sorted(str(x)) == sorted(str(v))]
    if shuffled:
        hint = f" (the digits of {shuffled[0]} shuffled?)"
    elif missing:
        near = min(missing, key=lambda x: (abs(x - v), x))
        hint = f" (the nearest man the {label} list lacks: {near}, {_bearers(side, near, armies)})"
    elif v <= 0:
        hint = " (a man's number is positive)"
    else:
        hint = ""
    return RulesetFinding(name, "unknown-value", f"no rule derives {v} for either side{hint}", at, printed=(v,),
                          expected=(shuffled[0],) if shuffled else ((min(missing, key=lambda x: (abs(x - v), x)),)
                                                                    if missing else None))
