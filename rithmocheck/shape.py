"""The shape of a data file, checked against its published JSON Schema.

The edition's data files (book.yaml, rules.yaml, the curated errata) each
have a schema in rithmocheck/schema/. `check` validates the data a file
was loaded into (rithmocheck.inputs keeps the YAML line of every value) and
turns the first problem into one line naming the file, the YAML line of the
value at fault, where in the document it stands and what is wrong: bad
input, exit 2, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .errors import InputError

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
TYPES = {"object": "a mapping", "array": "a list", "string": "text", "integer": "a whole number",
         "number": "a number", "boolean": "true or false", "null": "null"}


@cache
def schema(name: str) -> dict[str, Any]:
    """A published schema by its file name (rithmocheck/schema/NAME)."""
    data: dict[str, Any] = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    return data


# White space as every regular expression's dialect reads it: ECMA 262's \s (JSON Schema's dialect, read by
# jsonschema-rs and ajv), with what Python's adds (the separators U+001C-U+001F and U+0085), ECMA's having
# U+FEFF, which Python's lacks. Every class of the schemas that names white space names it so (a text that is
# not blank, NOT_BLANK; the token of a worked example), never as a bare \s or \S, so that jsonschema-rs,
# python-jsonschema and ajv take the same strings (`surely_valid`; tests/test_shape_fast.py).
NOT_BLANK = "[^\\s\\x1c-\\x1f\\x85\\ufeff]"
AN_ID = "^[^\\s\\x1c-\\x1f\\x85\\ufeff]+$"  # an id: no white space in it, a new line at its end included

# How the schemas are read (`_strict`), part of every key under which data is remembered as valid: a change
# of the reading makes what was found valid before be checked again.
READING = "strict-1"


@cache
def _fast(name: str | tuple[str, str]) -> Any:
    """jsonschema-rs's validator of a published schema (or, for (SCHEMA, ITEMS), of the schema of each item
    of the document's array ITEMS, `_item_schema`), made once a process; None where it cannot be had (the
    library missing on this platform)."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a platform without its wheel: python-jsonschema alone
        return None
    root = schema(name) if isinstance(name, str) else _item_schema(*name)
    if root is None:  # (no item schema: the whole document is checked)
        return None
    return jsonschema_rs.validator_for(root, validate_formats=False, retriever=_retrieve)


def _retrieve(uri: str) -> Any:
    """The published schema an "$id" of ours names (urn:rithmocheck:schema:NAME); no other is fetched."""
    prefix = "urn:rithmocheck:schema:"
    if not uri.startswith(prefix) or not (SCHEMA_DIR / f"{uri[len(prefix):]}.json").is_file():
        raise ValueError(f"{uri} is not a schema of rithmocheck")
    return schema(f"{uri[len(prefix):]}.json")


def surely_valid(name: str | tuple[str, str], data: Any) -> bool:
    """True when the data surely follows the schema (a file name in rithmocheck/schema/, or (SCHEMA, ITEMS)
    for an item of the array ITEMS): jsonschema-rs, some thirty times faster than python-jsonschema and
    without its import (some 40 ms a process), finds it valid. False otherwise, and where it cannot tell (a
    value it cannot read, such as a lone surrogate; a key that is not text): python-jsonschema then decides,
    and names the problem (`problems`). Whatever the one finds valid the other does (tests/test_shape_fast.py
    holds them to it on every schema: the two read the schemas' classes of white space alike, and a pattern's
    `$` ends the text in both, python-jsonschema reading the patterns as `_strict` does)."""
    fast = _fast(name)
    if fast is None:  # pragma: no cover - see _fast
        return False
    try:
        return bool(fast.is_valid(_plain(data)))
    except (ValueError, TypeError, OverflowError, RecursionError):  # (UnicodeError: a lone surrogate)
        return False


def _plain(data: Any) -> Any:
    """The data with each key and value that is text or a number of a class of its own (the YAML reader's,
    which keep their lines) made plain (jsonschema-rs reads neither); TypeError for a key that is not text
    (to turn 1 into "1" would check other data) and for a number that is not whole (jsonschema-rs takes 2.0
    for an integer, as JSON Schema does; the schemas as we read them do not: `_strict`)."""
    if isinstance(data, dict):
        out = {}
        for k, v in data.items():
            if not isinstance(k, str):
                raise TypeError("a key that is not text")
            out[str.__str__(k)] = _plain(v)
        return out
    if isinstance(data, list):
        return [_plain(v) for v in data]
    if isinstance(data, str):
        return str.__str__(data)
    if isinstance(data, int) and not isinstance(data, bool):
        return int(data)
    if isinstance(data, float):
        raise TypeError("a number that is not whole")
    return data


def problems(name: str, data: Any) -> list[Any]:
    """python-jsonschema's errors of the data under a published schema: none, without asking it, when the
    data is surely valid (`surely_valid`); and a number that is not whole is one wherever it stands (a const
    or an enum of whole numbers takes 8.0 for 8 in python-jsonschema too)."""
    if surely_valid(name, data):
        return []
    return list(validator(name).iter_errors(data)) or _not_whole(data)


def _not_whole(data: Any, path: tuple[Any, ...] = ()) -> list[Any]:
    """The first number of the data that is not whole, as python-jsonschema's error of the type integer."""
    if isinstance(data, float):
        from jsonschema.exceptions import ValidationError

        return [ValidationError(f"{data!r} is not a whole number", validator="type", validator_value="integer",
                                instance=data, path=path)]
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        found = _not_whole(v, (*path, k))
        if found:
            return found
    return []


@cache
def validator(name: str) -> Any:
    """The validator of a published schema, made once a process (making it costs more than most checks); its
    local references are followed once here, not at every value (a third to a half of the time jsonschema
    takes over a large file goes to looking them up)."""
    root = schema(name)
    return _strict()(_inline(root, root, ()))


@cache
def _strict() -> Any:
    """Draft 2020-12 as the schemas mean it, and as jsonschema-rs reads it with `surely_valid`: a whole number
    is an integer (JSON Schema takes 2.0 for one; no schema of ours has a number that is not whole, and the
    code that reads one counts with it), and a pattern's `$` ends the text, as in ECMA 262, JSON Schema's
    dialect (in Python's `re` it lets a last new line through: "men\n" was taken for "men")."""
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    def whole(_checker: Any, instance: Any) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    def pattern(validator: Any, expected: str, instance: Any, _schema: Any) -> Any:
        if validator.is_type(instance, "string") and not _ecma(expected).search(instance):
            yield ValidationError(f"{instance!r} does not match {expected!r}")

    return validators.extend(  # type: ignore[no-untyped-call]  # (jsonschema's stubs leave extend untyped)
        Draft202012Validator, validators={"pattern": pattern},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", whole))


@cache
def _ecma(expected: str) -> Any:
    """A pattern of the schemas compiled for Python's `re` so that it reads as ECMA 262 does: an anchor `$` at
    its end ends the text (`\\Z`)."""
    import re

    if expected.endswith("$") and not expected.endswith("\\$"):
        expected = expected[:-1] + "\\Z"
    return re.compile(expected)


def _inline(root: dict[str, Any], node: Any, seen: tuple[str, ...]) -> Any:
    """The schema with every local "$ref" ("#/$defs/NAME") standing alone replaced by what it names (a
    reference within its own expansion, a recursive one, is kept as it is: $defs stay in the root)."""
    if isinstance(node, list):
        return [_inline(root, x, seen) for x in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/") and len(node) == 1 and ref not in seen:
        target = _resolve_ref(root, node)
        if isinstance(target, (dict, bool)):
            return _inline(root, target, (*seen, ref))
    return {k: (v if k == "$defs" else _inline(root, v, seen)) for k, v in node.items()}


def _line(data: Any, path: Sequence[Any], fallback: int | None) -> int | None:
    """The YAML line of the deepest value on the path that has one."""
    line = getattr(data, "line", None) or fallback
    node = data
    for step in path:
        try:
            child = node[step]
        except (KeyError, IndexError, TypeError):
            break
        # a value that keeps no line (null, true, 1.5) stands on its key's line
        key = next((k for k in node if k == step), None) if isinstance(node, dict) else None
        line = getattr(child, "line", None) or getattr(key, "line", None) or line
        node = child
    return line


Namer = Callable[[Sequence[Any]], "tuple[str, Sequence[Any]]"]


def _dotted(path: Sequence[Any]) -> str:
    out = ""
    for step in path:
        out += f"[{step + 1}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _where(path: Sequence[Any], namer: Namer | None = None) -> str:
    """A place in the document, as a reader finds it: tables[3].heading (or,
    where the file names its items, by the item's name: erratum ID: sic[2])."""
    if namer is not None:
        name, rest = namer(path)
        if name:
            return f"{name}: {_dotted(rest)}" if rest else name
    return _dotted(path) or "the document"
def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _message(error: Any, namer: Namer | None = None) -> str:
    """One problem in words."""
    v, expected = error.validator, error.validator_value
    path = list(error.absolute_path)
    where = _where(path, namer)
    if v == "required":
        missing = [k for k in expected if not isinstance(error.instance, dict) or k not in error.instance]
        return f"{where}: missing field {missing[0]!r}" if missing else f"{where}: {error.message}"
    if v == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in error.instance if k not in known)
        return f"{where}: unknown field {extra[0]!r}" if extra else f"{where}: {error.message}"
    if (v == "minLength" or v == "pattern" and expected == NOT_BLANK) and path and isinstance(path[-1], str) \
            and isinstance(error.instance, str):
        return f"{_where(path[:-1], namer)}: {path[-1]!r} is empty"
    if v == "pattern" and expected == NOT_BLANK:
        return f"{where} is blank"
    if v == "pattern" and expected == AN_ID:
        return f"{where} must be an id, with no space or new line in it, not {_short(error.instance)}"
    if v == "type":
        names = [expected] if isinstance(expected, str) else list(expected)
        return f"{where} must be {' or '.join(TYPES.get(n, n) for n in names)}, not {_short(error.instance)}"
    if v == "enum":
        words = [str(x) for x in expected]
        which = " or ".join(words) if len(words) == 2 else "one of " + ", ".join(words)
        hint = error.schema.get("description") if isinstance(error.schema, dict) else None
        return f"{where} must be {which}, not {_short(error.instance)}" + (f" ({hint})" if hint else "")
    if v == "const":
        return f"{where} must be {_short(expected)}, not {_short(error.instance)}"
    if v in ("minimum", "maximum"):
        return f"{where} must be {'at least' if v == 'minimum' else 'at most'} {expected}, not {error.instance}"
    if v in ("minItems", "maxItems"):
        return f"{where} must hold {'at least' if v == 'minItems' else 'at most'} {expected} items"
    if v == "minLength":
        return f"{where} must not be empty"
    if v == "pattern":
        hint = error.schema.get("description") if isinstance(error.schema, dict) else None
        return f"{where}: {_short(error.instance)} is not of the form {expected}" + (f" ({hint})" if hint else "")
    if v == "uniqueItems":
        return f"{where}: an item is repeated"
    return f"{where}: {error.message}"[:240]


def _valid_key(data: Any, schema_name: str, part: str = "") -> str | None:
    """The memo's key for data found valid under a schema (or under the schema of the items of its array
    `part`): the digest of the schema's text and of the data (its values' types told apart: a date is not its
    text); None when the memo is off."""
    import hashlib

    from . import memo

    if not memo.enabled():
        return None
    try:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=lambda o: f"{type(o).__name__}:{o}")
    except (TypeError, ValueError, RecursionError):
        return None
    h = hashlib.sha256(f"{READING}\0{_schema_text(schema_name)}".encode())
    h.update(b"\0" + text.encode("utf-8", "surrogatepass"))
    return f"valid:{schema_name}{'#' + part if part else ''}:{h.hexdigest()}"


def _item_schema(schema_name: str, items: str) -> dict[str, Any] | None:
    """The schema of each item of the document's array `items`, when the schema asks nothing else of the
    document (an object whose one property, required, is that array, with no bound on the array itself): the
    document is then valid exactly when each item is. None for a schema of another shape."""
    s = schema(schema_name)
    prop = s.get("properties", {}).get(items)
    if not (s.get("type") == "object" and s.get("required") == [items] and s.get("additionalProperties") is False
            and set(s.get("properties", {})) == {items} and isinstance(prop, dict)
            and set(prop) == {"type", "items"} and prop["type"] == "array" and isinstance(prop["items"], dict)):
        return None
    return {k: v for k, v in s.items() if k in ("$schema", "$defs")} | prop["items"]


@cache
def _item_validator(schema_name: str, items: str) -> Any:
    found = _item_schema(schema_name, items)
    assert found is not None
    return _strict()(found)


def _items_valid(data: Any, schema_name: str, items: str) -> bool:
    """Whether the document is valid, told item by item: each item found valid before (rithmocheck.memo) is
    not checked again, so that an edit of one item checks that item alone. False when the document is not of
    the shape `_item_schema` needs, or an item is invalid (the whole is then checked, to name its problem)."""
    from . import memo

    if _item_schema(schema_name, items) is None or not isinstance(data, dict) or set(data) != {items} \
            or not isinstance(data[items], list):
        return False
    keys = [_valid_key(item, schema_name, items) for item in data[items]]
    if any(k is None for k in keys):
        return False
    known = memo.get_many(sorted({k for k in keys if k is not None}))
    for key, item in zip(keys, data[items]):
        if key is not None and key not in known:
            if not surely_valid((schema_name, items), item) and not (
                    _item_validator(schema_name, items).is_valid(item) and not _not_whole(item)):
                return False
            memo.put(key, True)
            known[key] = (True, "")
    return True


@cache
def _schema_text(name: str) -> str:
    return (SCHEMA_DIR / name).read_text(encoding="utf-8")


def check(data: Any, schema_name: str, path: str | Path, fallback_line: int | None = 1,
          namer: Namer | None = None, items: str | None = None) -> None:
    """InputError (the file, the line, the place and the problem) unless the
    data follows the schema. Of several problems, the first in the file is
    named (the deepest of those on one line): the place a reader mends first.
    `namer` names the items of a file that names its own (an erratum by its id).
    Data found valid is remembered as such (rithmocheck.memo, by the digest of
    the schema and of the data), so that the same data is not checked again
    (nor jsonschema imported) in a later run; with `items`, the array of the
    document that holds its items (the errata), each item is remembered so,
    and a document of which one item changed checks that item alone."""
    key = _valid_key(data, schema_name)
    if key is not None:
        from . import memo

        if memo.has(key):
            return
        if items is not None and _items_valid(data, schema_name, items):
            memo.put(key, True)
            return
    errors = problems(schema_name, data)
    if not errors:
        if key is not None:
            memo.put(key, True)
        return

    def order(e: Any) -> tuple[int, int]:
        return (_line(data, list(e.absolute_path), fallback_line) or 0, -len(e.absolute_path))

    error = min(errors, key=order)
    while error.context:  # an anyOf/oneOf: the branch that went deepest
        deepest = max(len(e.absolute_path) for e in error.context)
        error = min((e for e in error.context if len(e.absolute_path) == deepest), key=order)
    raise InputError(path, _line(data, list(error.absolute_path), fallback_line), _message(error, namer))


def _resolve_ref(root: dict[str, Any], node: Any) -> Any:
    """A schema with its local $ref ("#/$defs/NAME") followed."""
    seen = 0
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/") \
            and seen < 32:
        target: Any = root
        for part in node["$ref"][2:].split("/"):
            target = target.get(part) if isinstance(target, dict) else None
        node, seen = target, seen + 1
    return node



def _below(root: dict[str, Any], node: Any, key: str) -> Any:
    """The schema a value at `key` of an instance of `node` must follow (True: anything goes, as far as a
    schema of one place can say: a branch of anyOf or oneOf that allows anything there allows anything)."""
    node = _resolve_ref(root, node)
    if not isinstance(node, dict):
        return True
    parts: list[Any] = []
    props = node.get("properties")
    if isinstance(props, dict) and key in props:
        parts.append(props[key])
    elif key.isdigit() and isinstance(node.get("prefixItems"), list) and int(key) < len(node["prefixItems"]):
        parts.append(node["prefixItems"][int(key)])
    elif (key.isdigit() or key == "-") and isinstance(node.get("items"), (dict, bool)):
        parts.append(node["items"])
    elif isinstance(node.get("additionalProperties"), (dict, bool)) and not key.isdigit():
        parts.append(node["additionalProperties"])
    for branch in node.get("allOf", ()):
        parts.append(_below(root, branch, key))
    for combinator in ("anyOf", "oneOf"):
        branches = [_below(root, b, key) for b in node.get(combinator, ())]
        if branches and True not in branches:
            parts.append({"anyOf": branches})
    parts = [p for p in parts if p is not True]
    return True if not parts else parts[0] if len(parts) == 1 else {"allOf": parts}


def value_problem(value: Any, schema_name: str, pointer: str) -> str | None:
    """Why a value may not stand at a JSON Pointer of a document of the schema (the schema's message), or
    None."""
    root = schema(schema_name)
    node: Any = root
    for raw in pointer.split("/")[1:]:
        node = _below(root, node, raw.replace("~1", "/").replace("~0", "~"))
        if node is True:
            return None
    if node is False:
        return "no value may stand there"
    sub = dict(node, **{"$defs": root.get("$defs", {})})
    error = next(iter(_strict()(sub).iter_errors(value)), None) or next(iter(_not_whole(value)), None)
    return None if error is None else error.message[:160]
