"""Reading the files a user gives us, safely.

Every input file goes through `read_text`: regular files only (a device, a
FIFO or a directory is refused with one line, never read), at most a fixed
number of bytes, UTF-8. YAML is parsed strictly by `load_text` (PyYAML does
the parsing; this module refuses what a transcription, an errata file or a
ruleset must never contain: anchors, aliases, merge keys, duplicate keys,
nesting deeper than MAX_DEPTH, values PyYAML cannot construct) and keeps the
YAML line of every mapping, list and scalar so that errors can name the
place. JSON goes through `load_json`, with the same depth bound and
duplicate keys refused. Every failure is an InputError naming the file, the
line where known, and the problem.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

__all__ = ["InputError", "LDict", "LInt", "LList", "LStr", "MAX_BYTES", "MAX_DEPTH", "load_file", "load_json",
           "load_text", "read_text"]

MAX_BYTES = 2_000_000  # every input file, and any text parsed as YAML or JSON
MAX_DEPTH = 64  # nesting of mappings and lists; the deepest shipped file needs 8


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes."""
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
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(p, None, f"not UTF-8 text (byte {exc.start})") from None


# --- YAML ----------------------------------------------------------------------------------------

class LDict(dict):  # type: ignore[type-arg]
    line: int = 0


class LList(list):  # type: ignore[type-arg]
    line: int = 0


class LStr(str):
    line: int = 0


class LInt(int):
    line: int = 0


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _to_python(node: yaml.Node, path: str, loader: Any) -> Any:
    if isinstance(node, yaml.MappingNode):
        out = LDict()
        out.line = _line(node)
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError(path, _line(key_node), "mapping keys must be plain scalars")
            key = _construct(key_node, path, loader)
            if key == "<<":
                raise InputError(path, _line(key_node), "YAML merge keys are not allowed")
            try:
                duplicate = key in out
            except TypeError:
                raise InputError(path, _line(key_node), "mapping keys must be plain scalars") from None
            if duplicate:
                raise InputError(path, _line(key_node), f"duplicate key {key!r}")
            out[key] = _to_python(value_node, path, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = LList(_to_python(item, path, loader) for item in node.value)
        items.line = _line(node)
        return items
    value = _construct(node, path, loader)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        v = LInt(value)
        v.line = _line(node)
        return v
    if isinstance(value, str):
        s = LStr(value)
        s.line = _line(node)
        return s
    return value


def _construct(node: yaml.Node, path: str, loader: Any) -> Any:
    """A scalar's value; a value PyYAML cannot construct (a bad date, an
    integer of thousands of digits, a wrong tag) is bad input, not a crash."""
    try:
        return loader.construct_object(node)
    except yaml.MarkedYAMLError:
        raise
    except (ValueError, TypeError, OverflowError, ArithmeticError, AttributeError) as exc:
        tag = f" (tag {node.tag})" if node.tag and not node.tag.startswith("tag:yaml.org,2002:str") else ""
        raise InputError(path, _line(node), f"malformed YAML: cannot read the value {_short(node.value)}{tag}: "
                                            f"{_short(str(exc))}") from None


def _short(value: object, limit: int = 60) -> str:
    text = repr(value) if not isinstance(value, str) else value
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


_CLoader = getattr(yaml, "CSafeLoader", None)
_START = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_END = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _mark(event: Any) -> Any:
    return event.start_mark


def _scan(text: str, loader: Any) -> None:
    """One pass over the event stream (flat, never recursive): refuse
    anchors, aliases and nesting deeper than MAX_DEPTH before anything is
    composed (composing recurses once per level)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            raise yaml.MarkedYAMLError(None, None, "YAML aliases are not allowed", _mark(event))
        if getattr(event, "anchor", None):
            raise yaml.MarkedYAMLError(None, None, "YAML anchors are not allowed", _mark(event))
        if isinstance(event, _START):
            depth += 1
            if depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(None, None, f"nested more than {MAX_DEPTH} levels deep",
                                           _mark(event))
        elif isinstance(event, _END):
            depth -= 1


def load_text(text: str, path: str | Path = "<input>") -> Any:
    """Parse YAML text strictly; returns data whose containers carry `.line`."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(path, None, f"file is larger than {MAX_BYTES} bytes")
    loader = None
    try:
        _scan(text, _CLoader or yaml.SafeLoader)
        loader = (_CLoader or yaml.SafeLoader)(text)
        node = loader.get_single_node()
        if node is None:
            raise InputError(path, 1, "the file is empty")
        return _to_python(node, str(path), loader)
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
    finally:
        if loader is not None:
            loader.dispose()


def load_file(path: str | Path) -> Any:
    """A YAML file, read and parsed strictly."""
    return load_text(read_text(path), path)


# --- JSON ----------------------------------------------------------------------------------------

def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (a linear scan
    that skips strings)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def load_json(text: str, path: str | Path = "<input>") -> Any:
    """Parse JSON text: duplicate keys, nesting deeper than MAX_DEPTH and
    integers too long to read are bad input."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(path, None, f"file is larger than {MAX_BYTES} bytes")
    if json_depth(text) > MAX_DEPTH:
        raise InputError(path, None, f"malformed JSON: nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise InputError(path, exc.lineno, f"malformed JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:
        raise InputError(path, None, f"malformed JSON: {_short(str(exc), 120)}") from None
