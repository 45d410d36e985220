"""A ruleset with some of its alternatives chosen.

Every option of a ruleset says what its values set, as JSON Pointers into
the document (`default_sets`, and `sets` on each alternative). Choosing a
value writes those pointers, then re-derives what depends on them: each
draught's `moves` from its directions and distances (or flying leg), and
each table whose parameters changed, regenerated. The result records the
choices under `/resolved`, and is again a ruleset of the same schema: the
engine (rithmocheck.play) reads it and nothing else.

`parse_choice("camp-spaces=48")` reads a command-line choice: the value is
read as JSON where it is JSON (48, true, [3,1]), else as the word given.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from .draughts import knight, offsets

if TYPE_CHECKING:
    from ..tables import Registry


def parse_choice(text: str, where: str = "--option") -> tuple[str, Any]:
    name, eq, raw = text.partition("=")
    if not eq or not name:
        raise InputError(where, None, f"{text[:40]!r} is not NAME=VALUE, e.g. camp-spaces=48")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def _allowed(option: Mapping[str, Any]) -> list[Any]:
    return [option["default"], *(a["value"] for a in option.get("alternatives", ()))]


def _show(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def pointer_parts(ptr: str) -> list[str]:
    """The reference tokens of a JSON Pointer (RFC 6901: ~1 is "/", ~0 is "~")."""
    return [p.replace("~1", "/").replace("~0", "~") for p in str(ptr).split("/")[1:]]


def pointer_place_exists(doc: Any, ptr: str) -> bool:
    """Whether a JSON Pointer names a place of the document: its parent
    exists (a key of an object may be new; an index of a list may not)."""
    parts = pointer_parts(ptr)
    if not parts:
        return False
    cur = doc
    for part in parts[:-1]:
        if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            return False
    if isinstance(cur, list):
        return parts[-1] == "-" or (parts[-1].isdigit() and int(parts[-1]) < len(cur))
    return isinstance(cur, dict)


def set_pointer(doc: Any, ptr: str, value: Any, where: str = "<ruleset>") -> None:
    """Write value at a JSON Pointer (RFC 6901) whose parent exists."""
    parts = pointer_parts(ptr)
    if not parts:
        raise InputError(where, None, f"{ptr!r}: a pointer to the whole document cannot be set")
    cur = doc
    for part in parts[:-1]:
        if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise InputError(where, None, f"{ptr}: no such place in the ruleset")
    last = parts[-1]
    if isinstance(cur, list):
        if last == "-":
            cur.append(value)
        elif last.isdigit() and int(last) < len(cur):
            cur[int(last)] = value
        else:
            raise InputError(where, None, f"{ptr}: no such place in the ruleset")
    elif isinstance(cur, dict):
        cur[last] = value
    else:
        raise InputError(where, None, f"{ptr}: no such place in the ruleset")


def resolve(doc: Mapping[str, Any], choices: Mapping[str, Any] | Iterable[tuple[str, Any]],
            where: str = "--option", registry: Registry | None = None) -> dict[str, Any]:
    """The document with each named option set to the chosen value; an
    unknown name or value is bad input naming the allowed ones. A table
    whose parameters the choice changes is regenerated from the registry of
    the document's edition (by default the shipped edition's, for its kinds
    and readings)."""
    items = list(choices.items() if isinstance(choices, Mapping) else choices)
    out = _copied(doc, _pointers(doc.get("options", {}), items))
    options = out.get("options", {})
    resolved = dict(out.get("resolved", {}))
    for name, value in items:
        if name not in options:
            known = ", ".join(sorted(options)) or "none"
            raise InputError(where, None, f"{out.get('ruleset', 'the ruleset')} has no option {name!r} "
                                          f"(its options: {known})")
        option = options[name]
        if value == option["default"]:
            sets = option.get("default_sets", {})
        else:
            alt = next((a for a in option.get("alternatives", ()) if a["value"] == value), None)
            if alt is None:
                allowed = ", ".join(_show(v) for v in _allowed(option))
                raise InputError(where, None, f"option {name} cannot be {_show(value)}: one of {allowed}")
            sets = alt.get("sets", {})
        for ptr, v in sets.items():
            set_pointer(out, ptr, copy.deepcopy(v), where)
        resolved[name] = value
    if resolved:
        out["resolved"] = resolved
    rederive(out, registry)
    return out


def _copied(doc: Mapping[str, Any], pointers: Iterable[str]) -> dict[str, Any]:
    """The document to write the choices into: the containers on each pointer's path copied, everything else
    shared with `doc`, which is left as it was (rederive() replaces what it rewrites rather than changing it;
    a deep copy of the whole took a third of the engine side of a build: some 80 rulesets resolved, each with
    its tables). Values written are deep copies of the option's. The result shares with `doc` what the
    choices leave as it was (a table's rows among them): a caller that would change it in place copies it
    first."""
    out = dict(doc)
    for ptr in pointers:
        cur: Any = out
        for part in pointer_parts(ptr)[:-1]:
            if isinstance(cur, dict) and part in cur and isinstance(cur[part], (dict, list)):
                cur[part] = copy.copy(cur[part])
                cur = cur[part]
            elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur) \
                    and isinstance(cur[int(part)], (dict, list)):
                cur[int(part)] = copy.copy(cur[int(part)])
                cur = cur[int(part)]
            else:
                break  # no such place: set_pointer refuses it
    return out


def _pointers(options: Any, items: list[tuple[str, Any]]) -> list[str]:
    """The pointers the choices may set (each alternative's and the default's of each option chosen)."""
    out: list[str] = []
    for name, _value in items:
        option = options.get(name) if isinstance(options, Mapping) else None
        if isinstance(option, Mapping):
            out += list(option.get("default_sets", {}))
            out += [p for a in option.get("alternatives", ()) if isinstance(a, Mapping) for p in a.get("sets", {})]
    return out


def _shipped(doc: Mapping[str, Any]) -> Registry | None:
    """The shipped edition's registry, when the document is one of its kinds or readings."""
    from ..witness.edition import Edition

    shipped = Edition.default()
    rid = str(doc.get("ruleset", ""))
    reading = doc.get("reading")
    base = str(reading.get("base", "")) if isinstance(reading, Mapping) else rid
    return shipped.registry if base.startswith(f"{shipped.name}/") else None


def rederive(doc: dict[str, Any], registry: Registry | None = None) -> None:
    """What the document derives from other parts: the draughts' moves, and
    the tables whose parameters differ from the regenerated ones."""
    movement = doc.get("movement")
    if isinstance(movement, dict):  # (each container rewritten is replaced: resolve() shares the rest)
        movement = doc["movement"] = dict(movement)
        for shape in ("round", "triangle", "square", "pyramid"):
            d = movement.get(shape)
            if isinstance(d, dict) and "directions" in d and "distances" in d:
                d = movement[shape] = {**d, "moves": offsets(d["directions"], d["distances"])}
                if isinstance(d.get("flying"), dict) and "leg" in d["flying"]:
                    d["flying"] = {**d["flying"], "moves": knight(d["flying"]["leg"])}
    tables = registry if registry is not None else _shipped(doc)
    if tables is not None and isinstance(doc.get("tables"), list):
        doc["tables"] = [_regenerated(t, tables) if isinstance(t, dict) else t for t in doc["tables"]]


def _regenerated(t: dict[str, Any], registry: Registry) -> dict[str, Any]:
    """The table with its rows as its parameters make them (itself where they already are)."""
    if t.get("id") not in registry:
        return t
    base = registry.default_table(t["id"])
    params = dict(t.get("params", {}))
    if params == dict(base.params):
        rows = _default_rows(base)
        # (a ruleset's tables are most often its default ones: left as they are)
        return t if t.get("rows") == rows else {**t, "rows": [list(r) for r in rows]}
    table = registry.generate(t["id"], base.universe.name, tuple(f"{k}={v}" for k, v in params.items()))
    return {**t, "rows": [list(r) for r in table.rows]}


_DEFAULT_ROWS: dict[int, tuple[Any, list[list[Any]]]] = {}  # id of a default table -> (the table, its rows)


def _default_rows(table: Any) -> list[list[Any]]:
    """A default table's rows as a ruleset writes them (kept, never handed out: compared, or copied)."""
    kept = _DEFAULT_ROWS.get(id(table))
    if kept is None or kept[0] is not table:
        kept = _DEFAULT_ROWS[id(table)] = (table, [list(r) for r in table.rows])
    return kept[1]
