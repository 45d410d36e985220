"""Strict YAML reading for user-supplied files.

PyYAML does the parsing; this module only refuses what a transcription or
ruleset must never contain (anchors, aliases, duplicate keys, huge files) and
keeps the YAML line of every mapping, list and scalar so that errors can name
the place.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError

__all__ = ["InputError", "LDict", "LList", "LStr", "LInt", "load_file", "load_text"]

MAX_BYTES = 2_000_000


class LDict(dict):
    line: int = 0


class LList(list):
    line: int = 0


class LStr(str):
    line: int = 0


class LInt(int):
    line: int = 0


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _to_python(node: yaml.Node, path: str, loader: yaml.SafeLoader):
    if isinstance(node, yaml.MappingNode):
        out = LDict()
        out.line = _line(node)
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError(path, _line(key_node), "mapping keys must be plain scalars")
            key = loader.construct_object(key_node)
            if key == "<<":
                raise InputError(path, _line(key_node), "YAML merge keys are not allowed")
            if key in out:
                raise InputError(path, _line(key_node), f"duplicate key {key!r}")
            out[key] = _to_python(value_node, path, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LList(_to_python(item, path, loader) for item in node.value)
        out.line = _line(node)
        return out
    value = loader.construct_object(node)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        v = LInt(value)
        v.line = _line(node)
        return v
    if isinstance(value, str):
        v = LStr(value)
        v.line = _line(node)
        return v
    return value


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases at the event level."""

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise yaml.MarkedYAMLError(
                None, None, "YAML aliases are not allowed", event.start_mark
            )
        if getattr(event, "anchor", None):
            raise yaml.MarkedYAMLError(
                None, None, "YAML anchors are not allowed", event.start_mark
            )
        return super().compose_node(parent, index)


_CLoader = getattr(yaml, "CSafeLoader", None)


def _fast_loader(text: str):
    """libyaml's loader (about ten times faster) after an event scan that
    refuses anchors and aliases as _StrictLoader does."""
    for event in yaml.parse(text, Loader=_CLoader):
        if isinstance(event, yaml.AliasEvent):
            raise yaml.MarkedYAMLError(None, None, "YAML aliases are not allowed", event.start_mark)
        if getattr(event, "anchor", None):
            raise yaml.MarkedYAMLError(None, None, "YAML anchors are not allowed", event.start_mark)
    return _CLoader(text)


def load_text(text: str, path: str | Path = "<input>"):
    """Parse YAML text strictly; returns data whose containers carry `.line`."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(path, None, f"file is larger than {MAX_BYTES} bytes")
    loader = None
    try:
        loader = _fast_loader(text) if _CLoader is not None else _StrictLoader(text)
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
        raise InputError(path, None, "malformed YAML: " + " ".join(str(exc).split())) from None
    except RecursionError:
        raise InputError(path, None, "malformed YAML: nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_file(path: str | Path):
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise InputError(p, None, f"cannot read file: {exc.strerror}") from None
    if size > MAX_BYTES:
        raise InputError(p, None, f"file is larger than {MAX_BYTES} bytes")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(p, None, f"not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(p, None, f"cannot read file: {exc.strerror}") from None
    return load_text(text, p)
