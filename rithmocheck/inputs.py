"""Reading the files a user gives us, safely.

Every input file goes through `read_text`: regular files only (a device, a
FIFO or a directory is refused with one line, never read), at most a fixed
number of bytes, UTF-8. YAML is parsed strictly by `load_text` (PyYAML does
the parsing; this module refuses what a transcription, an errata file or a
ruleset must never contain: anchors, aliases, merge keys, duplicate keys,
nesting deeper than MAX_DEPTH, values PyYAML cannot construct) and keeps the
YAML line of every mapping, list and scalar so that errors can name the
place. What it reads is JSON data and nothing else: text, whole numbers,
finite numbers, true, false, null, lists, and mappings whose keys are text.
YAML's other types are refused by name, wherever they stand: an explicit
tag other than those (!!binary, !!set, !!omap, !!pairs, !!timestamp,
!!python/..., a local !tag), a plain scalar YAML 1.1 reads as a date or a
time (2026-11-26: quote it to make it text), .nan and .inf, and a key that
is a number, true/false or null. JSON goes through `load_json`, with the
same depth bound, duplicate keys and NaN/Infinity refused. Every failure is
an InputError naming the file, the line where known, and the problem.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

__all__ = ["InputError", "LDict", "LInt", "LList", "LStr", "MAX_BYTES", "MAX_DEPTH", "MAX_VALUES", "check_values",
           "lined_data", "lined_of", "load_file", "load_json", "load_text", "read_bytes", "read_text"]

MAX_BYTES = 2_000_000  # every input file, and any text parsed as YAML or JSON
MAX_DEPTH = 64  # nesting of mappings and lists; the deepest shipped file needs 8
MAX_VALUES = 50_000  # scalars, lists and mappings of one file; the largest shipped needs 6,735 (`ruleset --kind all`
#                      about 17,000), and checking a ruleset of this many values takes about 150 MB


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, None, f"not UTF-8 text (byte {exc.start})") from None


def read_bytes(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes."""
    p = Path(path)
    if str(path) == "":
        raise InputError("<input>", None, "the file name is empty")
    try:
        st = os.stat(p)
    except OSError as exc:
        raise InputError(p, None, f"cannot read file: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(p, None, "is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(p, None, "is not a regular file (a device, a FIFO or a socket); give a file")
    if st.st_size > limit:
        raise InputError(p, None, f"file is larger than {limit} bytes")
    try:
        with open(p, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(p, None, f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise InputError(p, None, f"file is larger than {limit} bytes")
    return data


# --- YAML ----------------------------------------------------------------------------------------

class LDict(dict):  # type: ignore[type-arg]
    line: int = 0


class LList(list):  # type: ignore[type-arg]
    line: int = 0


class LStr(str):
    line: int = 0


class LInt(int):
    line: int = 0


_CLoader = getattr(yaml, "CSafeLoader", None)
_Loader: Any = _CLoader or yaml.SafeLoader
_YAML = "tag:yaml.org,2002:"
_STR = _YAML + "str"
# The scalar types of JSON (text, numbers, true/false, null): every other tag is refused by name.
_JSON_SCALARS = frozenset(_YAML + t for t in ("str", "int", "float", "bool", "null"))
_MAP_TAGS = frozenset((None, "!", _YAML + "map"))
_SEQ_TAGS = frozenset((None, "!", _YAML + "seq"))
# Plain scalars YAML 1.1 claims for a type that is no value of data ("=", "<<" as a value): text.
_PLAIN_AS_TEXT = frozenset((_YAML + "value", _YAML + "merge"))
# The first characters of a plain scalar that some implicit resolver of the
# loader (null, bool, int, float, merge, timestamp, value) may claim ("" is
# the empty scalar, null); a resolver for any first character (key None)
# would leave no shortcut.
_RESOLVED_FIRST = (frozenset(_Loader.yaml_implicit_resolvers)
                   if None not in _Loader.yaml_implicit_resolvers else None)


def _short(value: object, limit: int = 60) -> str:
    text = repr(value) if not isinstance(value, str) else value
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def tag_name(tag: str) -> str:
    """A YAML tag as a file spells it: !!binary, !!python/name:os.system, !local."""
    return "!!" + tag[len(_YAML):] if tag.startswith(_YAML) else tag


_NOT_JSON = "is not JSON data (only text, numbers, true, false, null, lists and mappings are read)"


class _Builder:
    """Builds the data of a YAML document from its event stream in one flat
    pass (never recursive, so no nesting can exhaust a stack): containers
    carry the line they start on; anchors, aliases, merge keys, complex and
    duplicate keys and nesting deeper than MAX_DEPTH are refused; a value
    PyYAML cannot construct is bad input."""

    def __init__(self, path: str):
        self.path = path
        self.loader = _Loader("")  # its resolver and constructor only

    def scalar(self, ev: Any) -> Any:
        line = int(ev.start_mark.line) + 1
        tag = ev.tag
        if tag is None and ev.implicit[0] and _RESOLVED_FIRST is not None:
            # Plain scalars, most of a transcription: a short run of decimal
            # digits is an int and a word no implicit resolver starts with is
            # a string, as the resolver would find (tests/test_inputs.py
            # checks the shortcut against it); the rest go to the resolver.
            value = ev.value
            if value[:1] not in _RESOLVED_FIRST:
                tag = _STR
            elif len(value) <= 18 and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
                n = LInt(value)
                n.line = line
                return n
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
            if tag in _PLAIN_AS_TEXT:
                tag = _STR
        if tag == _STR:
            s = LStr(ev.value)
            s.line = line
            return s
        if tag not in _JSON_SCALARS:
            if tag == _YAML + "timestamp":
                raise InputError(self.path, line, f"{_short(ev.value)} is a YAML date (a timestamp), which is not "
                                                  f"JSON data: quote it (\"{_short(ev.value)}\") to make it text")
            raise InputError(self.path, line, f"the value {_short(ev.value, 30)!r} tagged {_short(tag_name(tag))} "
                                              f"{_NOT_JSON}")
        node = yaml.ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark, ev.style)
        try:
            value = self.loader.construct_object(node)
        except yaml.MarkedYAMLError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever PyYAML cannot construct from a user's file is bad input
            shown = f" (tag {tag})" if not tag.startswith("tag:yaml.org,2002:") else ""
            raise InputError(self.path, line, f"malformed YAML: cannot read the value {_short(ev.value)}{shown}: "
                                              f"{_short(str(exc))}") from None
        if isinstance(value, int) and not isinstance(value, bool):
            n = LInt(value)
            n.line = line
            return n
        if isinstance(value, float) and not math.isfinite(value):
            what = "not a number" if value != value else "infinite"
            raise InputError(self.path, line, f"{_short(ev.value)} is {what}, which JSON cannot hold: give a finite "
                                              "number")
        return value

    def container(self, ev: Any, tags: frozenset[str | None]) -> None:
        """A mapping or a list tagged as another YAML type (!!set, !!omap, !!pairs, a local !tag): refused."""
        if ev.tag not in tags:
            raise InputError(self.path, int(ev.start_mark.line) + 1,
                             f"a {'mapping' if tags is _MAP_TAGS else 'list'} tagged {_short(tag_name(ev.tag))} "
                             f"{_NOT_JSON}")

    def build(self, text: str) -> Any:
        stack: list[list[Any]] = []  # [container, pending key or None]
        root: Any = None
        done = False
        events: Iterable[Any] = yaml.parse(text, Loader=_Loader)
        values = 0
        for ev in events:
            kind = type(ev)
            if kind is yaml.ScalarEvent or kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                values += 1
                if values > MAX_VALUES:
                    raise InputError(self.path, int(ev.start_mark.line) + 1, _too_many())
            if kind is yaml.ScalarEvent:
                if ev.anchor:
                    raise yaml.MarkedYAMLError(None, None, "YAML anchors are not allowed", ev.start_mark)
                item = self.scalar(ev)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                if ev.anchor:
                    raise yaml.MarkedYAMLError(None, None, "YAML anchors are not allowed", ev.start_mark)
                if len(stack) >= MAX_DEPTH:
                    raise yaml.MarkedYAMLError(None, None, f"nested more than {MAX_DEPTH} levels deep",
                                               ev.start_mark)
                if ev.tag is not None:
                    self.container(ev, _MAP_TAGS if kind is yaml.MappingStartEvent else _SEQ_TAGS)
                container: Any = LDict() if kind is yaml.MappingStartEvent else LList()
                container.line = int(ev.start_mark.line) + 1
                stack.append([container, None])
                continue
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                item = stack.pop()[0]
            elif kind is yaml.AliasEvent:
                raise yaml.MarkedYAMLError(None, None, "YAML aliases are not allowed", ev.start_mark)
            elif kind is yaml.DocumentStartEvent and done:
                raise yaml.MarkedYAMLError(None, None, "expected a single document in the stream", ev.start_mark)
            else:
                continue
            if not stack:
                root, done = item, True
                continue
            top = stack[-1]
            if isinstance(top[0], LDict):
                if top[1] is None:
                    if isinstance(item, (dict, list)):
                        raise InputError(self.path, getattr(item, "line", None), "mapping keys must be plain scalars")
                    if item == "<<" and isinstance(item, str):
                        raise InputError(self.path, getattr(item, "line", None), "YAML merge keys are not allowed")
                    if not isinstance(item, str):
                        raise InputError(self.path, int(ev.start_mark.line) + 1, _not_text_key(item, ev.value))
                    try:
                        duplicate = item in top[0]
                    except TypeError:
                        raise InputError(self.path, None, "mapping keys must be plain scalars") from None
                    if duplicate:
                        raise InputError(self.path, getattr(item, "line", None), f"duplicate key {_short(item)!r}")
                    top[1] = (item,)
                else:
                    top[0][top[1][0]] = item
                    top[1] = None
            else:
                top[0].append(item)
        return root


def _not_text_key(key: Any, spelled: str) -> str:
    """Why a key that YAML reads as null, true/false or a number is refused (JSON's keys are text)."""
    if key is None:
        return "a key is empty or null; every key is text"
    what = "true or false" if isinstance(key, bool) else "a number"
    return f"the key {_short(spelled)} reads as {what}, not text: quote it (\"{_short(spelled)}\")"


def _too_many() -> str:
    return f"holds more than {MAX_VALUES:,} values (scalars, lists and mappings), the most an input may hold"


def check_values(data: Any, path: str | Path) -> None:
    """InputError when data read otherwise (a CSV list) holds more than
    MAX_VALUES values: refused before anything checks it."""
    n, stack = 0, [data]
    while stack:
        item = stack.pop()
        n += 1
        if n > MAX_VALUES:
            raise InputError(path, None, _too_many())
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


def load_text(text: str, path: str | Path = "<input>") -> Any:
    """Parse YAML text strictly; returns data whose containers carry `.line`."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(path, None, f"file is larger than {MAX_BYTES} bytes")
    try:
        data = _Builder(str(path)).build(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = (exc.problem or exc.context or "malformed YAML").strip()
        raise InputError(path, line, f"malformed YAML: {problem}") from None
    except yaml.reader.ReaderError as exc:
        raise InputError(path, None, f"malformed YAML: {exc.reason} (character {exc.character!r})") from None
    except yaml.YAMLError as exc:
        raise InputError(path, None, "malformed YAML: " + _short(str(exc), 200)) from None
    except RecursionError:
        raise InputError(path, None, "malformed YAML: nested too deeply") from None
    if data is None:
        raise InputError(path, 1, "the file is empty")
    return data


def load_file(path: str | Path) -> Any:
    """A YAML file, read and parsed strictly."""
    return load_text(read_text(path), path)


def lined_data(value: Any) -> Any:
    """Data as `load_text` gives it, as JSON that keeps each value's line (`lined_of` reads it back, equal and
    with the same lines); TypeError for a value of another kind (a time of day)."""
    import datetime

    t = type(value)
    if t is LStr:
        return ["s", value.line, str(value)]
    if t is LInt:
        return ["i", value.line, int(value)]
    if t is LDict:
        return ["d", value.line, [x for k, v in value.items() for x in (lined_data(k), lined_data(v))]]
    if t is LList:
        return ["l", value.line, [lined_data(x) for x in value]]
    if t is datetime.date:
        return ["t", 0, value.isoformat()]
    if value is None or t is bool or t is float or t is str:
        return value
    raise TypeError(f"no lined form of {t.__name__}")


def lined_of(data: Any) -> Any:
    """The data `lined_data` wrote."""
    import datetime

    if type(data) is not list:
        return data
    kind, line, value = data
    out: Any
    if kind == "s":
        out = LStr(value)
    elif kind == "i":
        out = LInt(value)
    elif kind == "l":
        out = LList(lined_of(x) for x in value)
    elif kind == "d":
        out = LDict()
        items = iter(value)
        for k in items:
            out[lined_of(k)] = lined_of(next(items))
    elif kind == "t":
        return datetime.date.fromisoformat(value)
    else:
        raise ValueError(f"no lined kind {kind!r}")
    out.line = line
    return out


# --- JSON ----------------------------------------------------------------------------------------

def json_shape(text: str) -> tuple[int, int]:
    """The deepest nesting of arrays and objects in JSON text and (at least)
    how many values it holds: a linear scan that skips strings, before any
    parsing (each comma and each opening bracket begins a value)."""
    import re

    depth = deepest = 0
    values = 1
    # outside strings only brackets, commas and quotes matter: jump from one to the next
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"?|[\[{\]},]', text):
        ch = m.group()[0]
        if ch == '"':
            continue
        if ch in "[{":
            depth += 1
            values += 1
            deepest = max(deepest, depth)
        elif ch == ",":
            values += 1
        else:
            depth -= 1
    return deepest, values


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text."""
    return json_shape(text)[0]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON holds (RFC 8259): give a finite number")


def load_json(text: str, path: str | Path = "<input>") -> Any:
    """Parse JSON text: duplicate keys, nesting deeper than MAX_DEPTH and
    integers too long to read are bad input."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(path, None, f"file is larger than {MAX_BYTES} bytes")
    depth, values = json_shape(text)
    if depth > MAX_DEPTH:
        raise InputError(path, None, f"malformed JSON: nested more than {MAX_DEPTH} levels deep")
    if values > MAX_VALUES:
        raise InputError(path, None, _too_many())
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise InputError(path, exc.lineno, f"malformed JSON: {exc.msg}") from None
    except _TooLong as exc:
        raise InputError(path, None, f"malformed JSON: a whole number of {exc.args[0]:,} digits (at most "
                                     f"{MAX_INT_DIGITS:,})") from None
    except (ValueError, RecursionError) as exc:
        raise InputError(path, None, f"malformed JSON: {_short(str(exc), 120)}") from None


# The digits of a whole number in JSON input (Python reads at most 4,300 by default, and refuses more in its own words).
MAX_INT_DIGITS = 4000


class _TooLong(ValueError):
    pass


def _json_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise _TooLong(digits)
    return int(text)
