"""The differences between two rulesets, each with both values and both
citations.

The rules of the two documents (board, sides, captured, kings, placement,
movement, captures, triumphs, victories; the men and tables aside, which
the validator checks) are compared value by value. Lists of named things
(manners of taking, victories, triumphs) are matched by name, not by place,
so that one removed manner of taking is one difference. Each difference is
a JSON Pointer (into the first document, or the second where only it has
the place), the value in each, and each side's citation: the reading's
override where one set the value, else the nearest citation of the
document above the place (a witness line of 1563, or a source).
"""

from __future__ import annotations

from typing import Any

SECTIONS = ("board", "sides", "captured", "kings", "placement", "movement", "captures", "triumphs", "victories")
KEYS = {"methods": "method", "common": "name", "kinds": "name"}
MISSING = object()


def _leaves(x: Any, ptr: str, out: dict[str, tuple[str, Any]], key_path: str,
            items: dict[str, tuple[str, Any]]) -> None:
    """Leaves by a path of names (lists of named things by name), each with its JSON Pointer; the named
    things themselves in `items`."""
    if isinstance(x, dict) and x:
        items[key_path] = (ptr, x)
        for k, v in x.items():
            if k in ("witness", "source", "by_shape_witness", "order_source", "enters_source", "squares_source",
                     "own_men_witness", "equal_values_witness", "direction_source", "option", "rule", "counting",
                     "note", "question", "lost", "ranks_note", "moves"):  # (moves: derived from the draughts)
                continue
            _leaves(v, f"{ptr}/{k}", out, f"{key_path}/{k}", items)
        return
    last = ptr.rsplit("/", 1)[-1]
    if isinstance(x, list) and x and all(isinstance(i, dict) for i in x) and last in KEYS:
        for i, name in enumerate(_names(x, last)):
            items[f"{key_path}/{name}"] = (f"{ptr}/{i}", x[i])
            _leaves(x[i], f"{ptr}/{i}", out, f"{key_path}/{name}", items)
        return
    out[key_path] = (ptr, x)


def _names(items: list[Any], key: str) -> list[str]:
    """Each named item's name, a second of one name written name#2 (a reading may add a second manner)."""
    seen: dict[str, int] = {}
    out = []
    for i, item in enumerate(items):
        name = str(item.get(KEYS[key], i)) if isinstance(item, dict) else str(i)
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def translate(ptr: str, src: Any, dst: Any) -> str | None:
    """The place in `dst` that is `ptr` of `src`: an item of a list of named things by its name (and
    occurrence), anything else by its key or index; None where `dst` has no such place."""
    parts = ptr.split("/")[1:]
    out: list[str] = []
    a, b = src, dst
    parent = ""
    for part in parts:
        if isinstance(a, list) and isinstance(b, list) and parent in KEYS and part.isdigit():
            i = int(part)
            if i >= len(a):
                return None
            name = _names(a, parent)[i]
            there = _names(b, parent)
            if name not in there:
                return None
            j = there.index(name)
            out.append(str(j))
            a, b = a[i], b[j]
        elif isinstance(a, list) and isinstance(b, list) and part.isdigit():
            i = int(part)
            if i >= len(a) or i >= len(b):
                return None
            out.append(part)
            a, b = a[i], b[i]
        elif isinstance(a, dict) and isinstance(b, dict) and part in a and part in b:
            out.append(part)
            a, b = a[part], b[part]
        else:
            return None
        parent = part
    return "/" + "/".join(out) if out else ""


def _named(item: dict[str, Any]) -> str:
    name = next((str(item[k]) for k in KEYS.values() if k in item), "")
    if isinstance(item.get("rule"), str):
        return f"{name}: {item['rule']}" if name else item["rule"]
    return name or "(a rule)"


def reading_cite(doc: dict[str, Any], ptr: str, removed: bool = False) -> dict[str, Any] | None:
    """A reading's own word on the place: its override (or its silence) there or above. A place the reading
    removed (`removed`, its pointer in the base's numbering) is cited by its removal only."""
    reading = doc.get("reading")
    if isinstance(reading, dict):
        for o in reading.get("overrides", []) + reading.get("unspecified", []):
            p = o["pointer"]
            if (o.get("op") == "remove") != removed:
                continue
            if ptr == p or (not removed and ptr.startswith(p.rstrip("/") + "/")):
                if o.get("op") == "unspecified":
                    return {"reading": reading["id"], "unspecified": o.get("note", "")}
                if o.get("op") == "differs" and not o.get("cite"):
                    return {"reading": reading["id"], "differs": o.get("rule", "")}
                return {"reading": reading["id"], **o.get("cite", {})}
    return None


def citation_at(doc: dict[str, Any], ptr: str) -> dict[str, Any] | None:
    """What a document cites for the place: a reading's override (or silence), else the line of the option
    that governs it, else the nearest citation above the place."""
    own = reading_cite(doc, ptr)
    if own is not None:
        return own
    for opt in doc.get("options", {}).values():  # a place an option governs: the option's line
        if any(ptr == p or ptr.startswith(p.rstrip("/") + "/") for p in opt.get("default_sets", {})):
            if isinstance(opt.get("witness"), dict):
                return dict(opt["witness"])
    parts = ptr.split("/")[1:]
    for n in range(len(parts), -1, -1):
        cur: Any = doc
        try:
            for part in parts[:n]:
                cur = cur[int(part)] if isinstance(cur, list) else cur[part]
        except (KeyError, IndexError, ValueError, TypeError):
            continue
        if isinstance(cur, list) and cur and isinstance(cur[0], dict):
            cur = cur[0]  # a list of rules (the ways a king is taken): its first rule's citation
        if isinstance(cur, dict):
            for key in ("witness", "source"):
                c = cur.get(key)
                if isinstance(c, dict) and ("line" in c or c.get("not_from_1563")):  # a citation, not the book
                    return dict(c)
    return None


def diff(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    la: dict[str, tuple[str, Any]] = {}
    lb: dict[str, tuple[str, Any]] = {}
    ia: dict[str, tuple[str, Any]] = {}
    ib: dict[str, tuple[str, Any]] = {}
    for section in SECTIONS:
        _leaves(a.get(section, {}), f"/{section}", la, f"/{section}", ia)
        _leaves(b.get(section, {}), f"/{section}", lb, f"/{section}", ib)
    out: list[dict[str, Any]] = []
    # a rule only one side has (a manner of taking, a victory, a flying draught): one difference
    alone = [k for k in sorted(set(ia) ^ set(ib)) if not any(k.startswith(o + "/") for o in set(ia) ^ set(ib))]
    for key in alone:
        side_a = key in ia
        ptr, item = ia[key] if side_a else ib[key]
        here = citation_at(a if side_a else b, ptr)
        there = reading_cite(b if side_a else a, ptr, removed=True)  # the other's: its reading's removal
        out.append({"pointer": ptr, "a": _named(item) if side_a else None, "b": None if side_a else _named(item),
                    "absent": "b" if side_a else "a", "same_value": False,
                    "cite_a": here if side_a else there, "cite_b": there if side_a else here})
    for key in sorted(set(la) | set(lb)):
        if any(key == item or key.startswith(item + "/") for item in alone):
            continue
        pa, va = la.get(key, (None, MISSING))
        pb, vb = lb.get(key, (None, MISSING))
        ca = citation_at(a, pa) if pa else None
        cb = citation_at(b, pb) if pb else None
        if va == vb:
            # the same rule, stated by one side where the other is silent (its value the tool's reading)
            if not (_stated(ca) and _silent(cb) or _stated(cb) and _silent(ca)):
                continue
        out.append({"pointer": pa or pb, "a": None if va is MISSING else va, "b": None if vb is MISSING else vb,
                    "absent": "a" if va is MISSING else ("b" if vb is MISSING else None),
                    "same_value": va == vb, "cite_a": ca, "cite_b": cb})
    listed = {d["pointer"]: d for d in out}
    for side, doc, other in (("a", a, b), ("b", b, a)):  # what a reading says in words, or is silent on
        reading = doc.get("reading")
        if not isinstance(reading, dict):
            continue
        for r in reading.get("overrides", []) + reading.get("unspecified", []):
            if r["op"] not in ("differs", "unspecified", "absent"):
                continue
            words = {"differs": f"differs: {r.get('rule')}", "absent": f"absent: {r.get('note', '')}".rstrip(": "),
                     "unspecified": "unspecified"}[r["op"]]
            cite = {"reading": reading["id"], **r["cite"]} if r.get("cite") else citation_at(doc, r["pointer"])
            ptr = r["pointer"] if side == "b" else r["pointer"]
            there_ptr = translate(r["pointer"], doc, other)
            entry = listed.get(ptr if side == "a" else (there_ptr or ptr))
            if entry is not None:  # the same place differs in value too: the words join it
                entry[side] = words
                entry[f"cite_{side}"] = cite
                entry["same_value"] = False
                continue
            theirs = _value_at(other, there_ptr) if there_ptr is not None else None
            entry = {"pointer": there_ptr if side == "b" and there_ptr else r["pointer"],
                     "a": words if side == "a" else theirs, "b": words if side == "b" else theirs, "absent": None,
                     "same_value": False,
                     "cite_a": cite if side == "a" else (citation_at(other, there_ptr) if there_ptr else None),
                     "cite_b": cite if side == "b" else (citation_at(other, there_ptr) if there_ptr else None),
                     "in_words": side}
            out.append(entry)
            listed[entry["pointer"]] = entry
    return sorted(out, key=lambda d: d["pointer"])


def _value_at(doc: dict[str, Any], ptr: str) -> Any:
    cur: Any = doc
    try:
        for part in ptr.split("/")[1:]:
            cur = cur[int(part)] if isinstance(cur, list) else cur[part]
    except (KeyError, IndexError, ValueError, TypeError):
        return None
    if isinstance(cur, dict) and isinstance(cur.get("rule"), str):
        return cur["rule"]  # a rule in words stands for its place
    return cur


def _stated(c: dict[str, Any] | None) -> bool:
    return bool(c) and "reading" in c and "unspecified" not in c  # type: ignore[operator]


def _silent(c: dict[str, Any] | None) -> bool:
    return not c or bool(c.get("not_from_1563"))


def cite_text(c: dict[str, Any] | None) -> str:
    if not c:
        return ""
    if "unspecified" in c:
        return f"{c['reading']}: silent ({c['unspecified']})"
    if c.get("not_from_1563"):
        return f"not from 1563: {c.get('source', '')}"
    where = c.get("reading") or "1563"
    file = f" {c['file']}" if c.get("file") else ""
    quote = f" \"{c['quote']}\"" if c.get("quote") else ""
    lead = "not in the profile, as its base: " if c.get("not_in_profile") else \
        "absent, the evidence: " if c.get("op") == "absent" else ""
    return f"{lead}{where}{file} line {c.get('line')}:{quote}"
