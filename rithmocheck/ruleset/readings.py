"""Readings of the rules other than the 1563 book's, each a ruleset: a kind
of 1563 and its overrides, every override citing the reading's own words.

A reading is a YAML file in rithmocheck/ruleset/readings/ (the modern
readings of ../shared/seeds and the engines' profiles):

    id: seed-001                          # the ruleset id (an engine's profile: engine/NAME)
    title: ...
    base: lever-fulke-1563/kind-1         # the kind it reads
    source: {kind: modern-reading, description: ..., file: ...}
            # or {kind: engine, repository: owner/name, commit: 40 hex, licence: ..., description: ...}
    overrides:
      - pointer: /movement/round/directions
        value: [orthogonal, diagonal]
        cite: {line: 31, quote: "Pieces must travel in a straight line"}   # the reading's line
                                                       # (an engine: {file: src/x.py, line: 12, quote: ...})
      - pointer: /captures/methods/{method:equality}
        op: remove                                     # a rule the reading lacks
        cite: ...
      - pointer: /movement/triangle/flying
        op: unspecified                                # the reading is silent: the 1563 rule stands in for play
        note: ...
      - pointer: /victories/common/{victory:honour-and-quarrel}
        op: differs                                    # a rule the engine cannot yet play, in words
        rule: "the sum of the digits of the men taken reaches the agreed number"
        cite: ...
      - pointer: /captures/per_move
        op: absent                                     # the engine has no code for the rule at all
        cite: {file: README.md, line: 12, quote: "no captures are implemented"}   # the evidence
        note: ...

An engine's profile may add `departures`: the conformance cases on which
the engine departs even from its own reading, each with why (`kind`: bug,
not-expressible (a rule no value expresses yet: a candidate option), or
adapter), the rule in words and the engine's line.

A pointer may name a manner of taking, a common victory, a triumph or a
table by name ({method:NAME}, {victory:NAME}, {triumph:NAME},
{table:ID}); they are read against the base document. `/-` at the end of
a pointer to a list appends (a manner of taking the base lacks). `differs`
records, in words, a rule of the reading that no value of the document can
express yet: `ruleset diff` lists it, the engine plays the base's rule
there, and the reading says so. `absent` says that an engine has no code
for the rule at all (a stub, or its README saying so), citing that
evidence; `unspecified`, that the reading is silent there (or was not
read). Under both the base's rule stands in for play only: the matrix
shows the place absent or unspecified, never the base's value. The reading's
document is the base with every `set` written and every `remove` done, its
derived parts made again, and a `reading` block recording the overrides and
the silences, so that `ruleset diff` can cite both sides. The options the
reading decides (those whose pointers it overrides) are no longer offered.
"""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import InputError

READINGS_DIR = Path(__file__).resolve().parent / "readings"
OPS = ("set", "remove", "unspecified", "differs", "absent")
SOURCE_KINDS = ("modern-reading", "engine")
# Why an engine departs from its own profile on a case: a plain bug of the engine, a rule no value of the
# ruleset expresses yet (a candidate option), or what its adapter cannot ask of it.
DEPARTURES = ("bug", "not-expressible", "adapter")
_PLACEHOLDER = re.compile(r"\{(method|victory|triumph|table):([a-z0-9-]+)\}")


@cache
def _files() -> dict[str, Path]:
    out = {p.stem: p for p in sorted(READINGS_DIR.glob("*.yaml"))}
    if not out:  # package data: none found is a broken install, never a silent empty list
        raise RuntimeError(f"no reading found in {READINGS_DIR}: the package is incomplete")
    return out


def reading_ids() -> list[str]:
    return sorted(_read(p)["id"] for p in _files().values())


def reading_base(rid: str) -> str:
    """The ruleset a reading reads (the kind of the book it overrides)."""
    return next(str(_read(p)["base"]) for p in _files().values() if _read(p)["id"] == rid)


@cache
def _read(path: Path) -> dict[str, Any]:
    from ..inputs import load_file

    data = load_file(path)
    name = str(path)
    if not isinstance(data, dict):
        raise InputError(name, 1, "a reading is a mapping with id, title, base, source and overrides")
    for key in ("id", "title", "base", "source", "overrides"):
        if key not in data:
            raise InputError(name, getattr(data, "line", None), f"a reading needs {key!r}")
    extra = set(data) - {"id", "title", "base", "source", "overrides", "note", "departures"}
    if extra:
        raise InputError(name, getattr(data, "line", None), f"unknown key {sorted(extra)[0]!r}")
    src = data["source"]
    if not isinstance(src, dict) or src.get("kind") not in SOURCE_KINDS or not src.get("description"):
        raise InputError(name, getattr(src, "line", None), f"source must name its kind ({', '.join(SOURCE_KINDS)}) "
                                                           f"and a description")
    if src["kind"] == "engine":
        for key in ("repository", "commit", "licence"):
            if not isinstance(src.get(key), str) or not src[key]:
                raise InputError(name, getattr(src, "line", None), f"an engine's source needs {key!r}")
        if not re.fullmatch(r"[0-9a-f]{7,40}", src["commit"]):
            raise InputError(name, getattr(src, "line", None), "commit must be the hexadecimal id of a commit")
    for d in data.get("departures", ()) or ():
        line = getattr(d, "line", None)
        if not isinstance(d, dict) or not isinstance(d.get("cases"), list) or not d["cases"] \
                or d.get("kind") not in DEPARTURES or not d.get("rule"):
            raise InputError(name, line, f"a departure lists its cases, its kind ({', '.join(DEPARTURES)}) and its "
                                         f"rule in words")
        extra = set(d) - {"cases", "kind", "rule", "cite", "note"}
        if extra:
            raise InputError(name, line, f"unknown key {sorted(extra)[0]!r} in a departure")
    if not isinstance(data["overrides"], list):
        raise InputError(name, getattr(data, "line", None), "overrides must be a list")
    for o in data["overrides"]:
        line = getattr(o, "line", None)
        if not isinstance(o, dict) or not isinstance(o.get("pointer"), str) or not o["pointer"].startswith("/"):
            raise InputError(name, line, "each override has a pointer (a JSON Pointer, /...)")
        op = o.get("op", "set")
        if op not in OPS:
            raise InputError(name, line, f"op must be one of {', '.join(OPS)}, not {str(op)[:20]!r}")
        if op == "set" and "value" not in o:
            raise InputError(name, line, f"the override of {o['pointer']} sets no value")
        if op == "unspecified":
            if not o.get("note"):
                raise InputError(name, line, f"an unspecified {o['pointer']} says in a note what the reading leaves "
                                             f"open")
        elif op == "differs" and not o.get("rule"):
            raise InputError(name, line, f"the difference at {o['pointer']} says the reading's rule in words (rule:)")
        elif not isinstance(o.get("cite"), dict) or not isinstance(o["cite"].get("line"), int) \
                or not o["cite"].get("quote"):
            raise InputError(name, line, f"the override of {o['pointer']} cites no line and quote of the reading")
        extra = set(o) - {"pointer", "op", "value", "cite", "note", "rule"}
        if extra:
            raise InputError(name, line, f"unknown key {sorted(extra)[0]!r} in an override")
    return data


def _expand(ptr: str, doc: dict[str, Any], where: str) -> str:
    def index(kind: str, key: str) -> str:
        if kind == "method":
            items, field = doc["captures"]["methods"], "method"
        elif kind == "victory":
            items, field = doc["victories"]["common"], "name"
        elif kind == "triumph":
            items, field = doc["triumphs"]["kinds"], "name"
        else:
            items, field = doc["tables"], "id"
        for i, item in enumerate(items):
            if item.get(field) == key:
                return str(i)
        raise InputError(where, None, f"{ptr}: the base has no {kind} {key!r}")

    return _PLACEHOLDER.sub(lambda m: index(m.group(1), m.group(2)), ptr)


def reading_document(rid: str) -> dict[str, Any]:
    """The ruleset document of a reading (a fresh copy: callers may change it)."""
    import json

    data: dict[str, Any] = json.loads(_reading_json(rid))
    return data


@cache
def _reading_json(rid: str) -> str:
    import json

    return json.dumps(_reading_document(rid), ensure_ascii=False)


def _reading_document(rid: str) -> dict[str, Any]:
    from .assemble import kind_document
    from .resolve import pointer_place_exists, rederive, set_pointer

    path = next((p for p in _files().values() if _read(p)["id"] == rid), None)
    if path is None:
        raise InputError("--ruleset", None, f"no reading {rid!r}")
    data = _read(path)
    where = str(path)
    base = kind_document(str(data["base"]), where)
    doc = kind_document(str(data["base"]), where)  # a fresh copy each call: doc is changed, base read
    overrides, silent, removals = [], [], []
    for o in data["overrides"]:
        ptr = _expand(o["pointer"], base, where)
        op = o.get("op", "set")
        if not pointer_place_exists(doc, ptr):
            raise InputError(where, getattr(o, "line", None), f"{o['pointer']}: no such place in {data['base']}")
        record = {"pointer": ptr, "op": op, **({"cite": _plain(o["cite"])} if "cite" in o else {}),
                  **({"note": str(o["note"])} if "note" in o else {})}
        if op == "set":
            record["value"] = _plain(o["value"])
            set_pointer(doc, ptr, copy.deepcopy(record["value"]), where)
            if ptr.endswith("/-"):  # appended: the record names the place it took
                parent = ptr[:-2]
                record["pointer"] = f"{parent}/{len(_at(doc, parent)) - 1}"
            overrides.append(record)
        elif op == "remove":
            removals.append(ptr)
            overrides.append(record)
        elif op == "differs":
            record["rule"] = str(o["rule"])
            overrides.append(record)
        elif op == "absent":
            overrides.append(record)
        else:
            silent.append(record)
    for ptr in sorted(removals, key=_sort_key, reverse=True):
        _remove(doc, ptr)
        for record in overrides + silent:  # what stood after the removed item moves up one place
            if record["op"] != "remove":  # (a removal names what is gone, in the base's numbering)
                record["pointer"] = _shifted(record["pointer"], ptr)
    decided = sorted(name for name, opt in base.get("options", {}).items()
                     if any(_under(p, r["pointer"]) or _under(r["pointer"], p)
                            for p in opt.get("default_sets", {}) for r in overrides
                            if r["op"] not in ("differs", "absent")))
    doc["options"] = {k: v for k, v in doc.get("options", {}).items() if k not in decided}
    if removals:
        _reindex_options(doc, base)
    doc["ruleset"] = data["id"]
    doc["title"] = data["title"]
    doc["reading"] = {"id": data["id"], "title": data["title"], "base": data["base"], "source": _plain(data["source"]),
                      "overrides": overrides, "unspecified": silent, "decides": decided}
    if data.get("departures"):
        doc["reading"]["departures"] = _plain(data["departures"])
    rederive(doc)
    return doc


def _at(doc: Any, ptr: str) -> Any:
    for part in ptr.split("/")[1:]:
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def _plain(x: Any) -> Any:
    import json

    return json.loads(json.dumps(x))


def _under(ptr: str, prefix: str) -> bool:
    return ptr == prefix or ptr.startswith(prefix.rstrip("/") + "/")


def _sort_key(ptr: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else -1 for p in ptr.split("/")[1:])


def _shifted(ptr: str, removed: str) -> str:
    """A pointer as it reads once the list item at `removed` is gone: an item after it in the same list is
    one place earlier (the removed item's own pointer is left as it was: it names what is gone)."""
    head, _, index = removed.rpartition("/")
    prefix = head + "/"
    if not ptr.startswith(prefix) or ptr == removed:
        return ptr
    rest = ptr[len(prefix):]
    first, sep, tail = rest.partition("/")
    if first.isdigit() and index.isdigit() and int(first) > int(index):
        return f"{prefix}{int(first) - 1}{sep}{tail}"
    return ptr


def _remove(doc: Any, ptr: str) -> None:
    parts = ptr.split("/")[1:]
    cur = doc
    for part in parts[:-1]:
        cur = cur[int(part)] if isinstance(cur, list) else cur[part]
    if isinstance(cur, list):
        del cur[int(parts[-1])]
    else:
        del cur[parts[-1]]


def _reindex_options(doc: dict[str, Any], base: dict[str, Any]) -> None:
    """After manners of taking (or victories) are removed, the options that point at them by index are made
    to point at them again, and those pointing at what is gone are dropped."""
    from .resolve import pointer_place_exists

    old = {i: m["method"] for i, m in enumerate(base["captures"]["methods"])}
    new = {m["method"]: i for i, m in enumerate(doc["captures"]["methods"])}

    def move(ptr: str) -> str | None:
        m = re.match(r"^/captures/methods/(\d+)(/.*)?$", ptr)
        if not m:
            return ptr if pointer_place_exists(doc, ptr) else None
        name = old.get(int(m.group(1)))
        return None if name not in new else f"/captures/methods/{new[name]}{m.group(2) or ''}"

    for name in list(doc.get("options", {})):
        opt = doc["options"][name]
        sets = {move(p): v for p, v in opt.get("default_sets", {}).items()}
        if None in sets:
            del doc["options"][name]
            continue
        opt["default_sets"] = sets
        for alt in opt.get("alternatives", ()):
            alt["sets"] = {move(p): v for p, v in alt.get("sets", {}).items()}
