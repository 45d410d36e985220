"""The worked examples of the witness, as passages (examples.yaml), and the
record of lines that carry a number but no checkable claim (coverage.yaml).

A passage is a stretch of witness lines with everything it prints that a
statement can be about, read as printed (the transcription never corrects):

* numbers: every figure printed in the passage's lines, in printed order,
  each named `PRINTED@LINE` (a letter after the line when the same figure
  stands twice on a line: `5@616`, `5@616b`). The loader proves the list is
  complete: the figures of the lines, in order, are exactly these.
* words: numbers printed in words (`thirty@617: 30`), each found on its line.
* places: the position letters of the board (`A@489`), each found on its line.
* names: the ratio names, as printed (`odd-2: {printed: "superquintupartie^s.
  septimas.", line: 389}`), each read by the Latin namer.
* readings: figures that are not numbers: a figure standing for a letter
  (`6@502: {letter: G, reason: ...}`) or a word read as a number (`02@1059:
  {word: or, reason: ...}`); no statement may use them.
* unchecked: numbers no statement is about, each with the reason.
* statements: what the passage claims about its numbers (kinds below), each
  with an id, the witness line its quote begins on and the quote. A field
  names a token of the passage, or is a literal number the words imply but do
  not print (`2` in "the whole difference is.3.": the two differences).

Each statement is also an `Example`: its operands and stated value bound to
the printed values, so that one checker per kind (rithmocheck.audit.examples)
judges it; `bind` gives the same statement under other values (the passage
solver re-reads numbers with it).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import LDict, LList
from ..model.ratio_names import read_ratio_name
from .checked import by_id, load_checked
from .layout import DIGITS, SIGN, _span
from .page import Page

EXAMPLE_KINDS = ("sum", "difference", "product", "quotient", "square", "root", "half", "contains",
                 "proportion", "taking", "list", "count", "victory", "standards", "same", "man", "ratio-name",
                 "ranks")
EXAMPLES = "examples"  # the table name under which findings and errata on examples stand

# The fields of a statement that name tokens (or give literal numbers), and
# the fields that are the statement's own words (a relation, a key ...).
SCALAR_KINDS = ("sum", "difference", "product", "quotient", "square", "root", "half", "taking", "count")
VICTORY_FIELDS = ("target", "men", "characters", "excess")
STANDARD_FIELDS = ("total", "captains", "bearers", "standards", "remaining", "per_standard", "won")
RANK_FIELDS = ("numerator", "denominator", "difference")
# kind: (required token fields, optional token fields, required words, optional words)
KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    **{k: (("of", "is"), (), (), ()) for k in ("sum", "difference", "product", "quotient", "square", "root", "half")},
    "taking": (("of", "is"), (), ("method",), ()),
    "count": (("is",), (), ("what",), ("derive", "unchecked")),
    "contains": (("of",), ("times", "remainder", "part"), (), ()),
    "proportion": (("of",), (), ("relation",), ()),
    "list": (("of",), (), ("key",), ("rank", "scope")),
    "victory": ((), ("of",) + VICTORY_FIELDS, ("type",), ()),
    "standards": ((), STANDARD_FIELDS, ("army",), ()),
    "same": (("of",), (), (), ()),
    "man": (("of",), ("at",), ("shape",), ("side",)),
    "ratio-name": (("name",), ("of",), (), ("ranks", "side", "digit")),
    "ranks": ((), RANK_FIELDS, ("side", "digit", "ranks"), ()),
}
COMMON_FIELDS = ("id", "kind", "line", "quote", "note")

TOKEN_ID = re.compile(r"(?P<printed>[^@\s]+)@(?P<line>[0-9]+)(?P<suffix>[a-z]?)")
READINGS = ("letter", "word")  # what a figure stands for when it is no number
PLACE = r"(?<![A-Za-z^]){}\.(?=\S|\s|$)"  # a position letter: a single letter with its stop


@dataclass(frozen=True, order=True)
class ExamplePosition:
    """Where a finding on a worked example stands: the passage (or one of its
    statements) and the witness line; `number` names the passage's token (a
    number or a ratio name) when the finding is about one."""

    example: str
    witness_line: int
    number: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"example": self.example, "witness_line": self.witness_line}
        if self.number is not None:
            out["number"] = self.number
        return out

    def __str__(self) -> str:
        what = f"{self.example}:{self.number}" if self.number is not None else self.example
        return f"{what} (witness line {self.witness_line})"


@dataclass(frozen=True)
class Token:
    """One thing printed in a passage that a statement can be about."""

    id: str
    kind: str  # figure, word, place, name
    printed: str
    line: int
    value: Any = None  # an int (figure, word), a ratio (p, q) for a name, None for a place
    reading: tuple[str, str] | None = None  # ("letter", "G") / ("word", "or"): a figure that is no number
    reason: str | None = None  # why the reading, or why the number is unchecked
    unchecked: bool = False
    page: Page | None = None  # the page of the book its line begins on (set by the edition)

    @property
    def is_value(self) -> bool:
        """Whether statements may be about it (a number, a word, a name)."""
        return self.kind in ("figure", "word", "name") and self.reading is None


Ref = Any  # a token id (str) or a literal number (int); a tuple of them for a list field


@dataclass(frozen=True)
class Example:
    """One statement of a passage, with its numbers as printed."""

    id: str
    witness_line: int  # where the quote begins
    last_line: int  # where it ends
    heading: str
    quote: str
    kind: str
    operands: tuple[Any, ...]
    stated: Any
    method: str | None
    what: str | None
    note: str | None
    page: Page | None = None  # where the quote begins in the book
    passage: str = ""
    refs: tuple[tuple[str, Ref], ...] = ()  # field -> token id(s) or literal number(s)
    params: tuple[tuple[str, Any], ...] = ()  # the statement's words: relation, key, type, army, shape ...
    yaml_line: int | None = None  # where the statement stands in examples.yaml

    @property
    def position(self) -> ExamplePosition:
        return ExamplePosition(self.id, self.witness_line)

    def param(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)

    def tokens(self) -> tuple[str, ...]:
        """The token ids the statement is about (numbers, words, names), in field order."""
        out: list[str] = []
        for key, ref in self.refs:
            if key == "at":
                continue
            for r in (ref if isinstance(ref, tuple) else (ref,)):
                if isinstance(r, str) and r not in out:
                    out.append(r)
        return tuple(out)


@dataclass(frozen=True)
class ExamplePassage:
    id: str
    heading: str
    first_line: int
    last_line: int
    tokens: tuple[Token, ...]
    statements: tuple[Example, ...]
    page: Page | None = None
    note: str | None = None

    @cached_property
    def token(self) -> dict[str, Token]:
        return {t.id: t for t in self.tokens}

    def values(self) -> dict[str, Any]:
        """The printed value of every token statements may be about."""
        return {t.id: t.value for t in self.tokens if t.is_value}


def _value_of(values: Mapping[str, Any]) -> Callable[[Ref], Any]:
    def value(ref: Ref) -> Any:
        return ref if not isinstance(ref, str) else values[ref]
    return value


def assemble(kind: str, refs: Mapping[str, Ref], params: Mapping[str, Any],
             values: Mapping[str, Any]) -> tuple[tuple[Any, ...], Any]:
    """The operands and stated value of a statement under `values` (token id -> value)."""
    value = _value_of(values)
    of = refs.get("of", ())
    operands = tuple(value(r) for r in (of if isinstance(of, tuple) else (of,)))
    stated: Any
    if kind in SCALAR_KINDS:
        stated = value(refs["is"])
    elif kind == "proportion":
        stated = params["relation"]
    elif kind == "list":
        stated = params["key"]
    elif kind == "contains":
        stated = {k: value(refs[k]) for k in ("times", "remainder") if k in refs}
        part = refs.get("part")
        if isinstance(part, tuple):
            stated["part"] = f"{value(part[0])}/{value(part[1])}"
        elif "part" in params:  # said in words: "a third part", "one half", "two thirdes"
            stated["part"] = params["part"]
    elif kind == "victory":
        stated = {"type": params["type"]}
        for k in VICTORY_FIELDS:
            if k in refs:
                r = refs[k]
                stated[k] = [value(x) for x in r] if isinstance(r, tuple) else value(r)
    elif kind == "standards":
        stated = {"army": params["army"], **{k: value(refs[k]) for k in STANDARD_FIELDS if k in refs}}
    elif kind == "same":
        stated = None
    elif kind == "man":
        stated = {k: params[k] for k in ("shape", "side") if k in params}
    elif kind == "ratio-name":
        stated = value(refs["name"])
    elif kind == "ranks":
        stated = {k: value(refs[k]) for k in RANK_FIELDS if k in refs}
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return operands, stated


def bind(ex: Example, values: Mapping[str, Any]) -> Example:
    """The statement with its tokens read as `values` (token id -> value;
    tokens not given keep the value they are bound to)."""
    if not ex.refs:
        return ex
    operands, stated = assemble(ex.kind, dict(ex.refs), dict(ex.params), values)
    return replace(ex, operands=operands, stated=stated)


# --- loading ---------------------------------------------------------------------------------------

def _quote_span(quote: str, line: int, witness: tuple[str, ...]) -> int | None:
    """The last witness line of a quote beginning on `line` (whitespace folded)."""
    want = " ".join(quote.split())
    text = ""
    for last in range(line, min(line + 12, len(witness)) + 1):
        text = " ".join((text + " " + witness[last - 1]).split())
        if want in text:
            return last
    return None


def _text(raw: LDict, key: str, path: Path, what: str, required: bool = True) -> str | None:
    value = raw.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise InputError(path, raw.line, f"{what}: {key!r} must be text")
    return str(value)


def _line(raw: Any, key: str, path: Path, what: str, witness: tuple[str, ...], at: int) -> int:
    value = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= len(witness):
        raise InputError(path, at, f"{what}: {key} {value!r} is not a line of the witness")
    return int(value)


def _figures(witness: tuple[str, ...], first: int, last: int) -> list[tuple[str, int]]:
    """The figures printed on the lines first..last, in order (cossick signs aside)."""
    return [(m, i) for i in range(first, last + 1) for m in DIGITS.findall(SIGN.sub(" ", witness[i - 1]))]


def _parse_id(tid: Any, path: Path, at: int, what: str) -> tuple[str, int]:
    m = TOKEN_ID.fullmatch(str(tid)) if isinstance(tid, str) else None
    if m is None:
        raise InputError(path, getattr(tid, "line", at), f"{what}: {tid!r} is not PRINTED@LINE")
    return m.group("printed"), int(m.group("line"))


def _occurrences(pattern: str, text: str) -> int:
    return len(re.findall(pattern, text, flags=re.IGNORECASE))


class _Reader:
    """Reads one passage of examples.yaml against the witness."""

    def __init__(self, raw: LDict, path: Path, witness: tuple[str, ...]):
        self.raw, self.path, self.witness = raw, path, witness
        self.pid = str(raw["id"])
        self.what = f"passage {self.pid}"
        self.first, self.last = _span(raw, "lines", str(path))
        if self.last > len(witness):
            raise InputError(path, raw.line, f"{self.what}: lines {self.first}..{self.last} run past the witness")
        self.tokens: dict[str, Token] = {}
        self.printed: dict[str, Any] = {}  # the printed value of each token, once all are read

    def fail(self, node: Any, problem: str) -> InputError:
        return InputError(self.path, getattr(node, "line", None) or self.raw.line, f"{self.what}: {problem}")

    def _in_span(self, node: Any, tid: str, line: int) -> None:
        if not self.first <= line <= self.last:
            raise self.fail(node, f"{tid} stands outside the passage's lines {self.first}..{self.last}")

    def _add(self, node: Any, token: Token) -> None:
        if token.id in self.tokens:
            raise self.fail(node, f"token {token.id!r} is named twice")
        self.tokens[token.id] = token

    def read_tokens(self) -> None:
        raw = self.raw
        numbers = raw.get("numbers", [])
        if not isinstance(numbers, list):
            raise self.fail(numbers, "'numbers' must be a list of PRINTED@LINE")
        printed = []
        for tid in numbers:
            figure, line = _parse_id(tid, self.path, raw.line, self.what)
            if not figure.isdigit():
                raise self.fail(tid, f"{tid}: a number is printed in figures (a word goes under 'words')")
            self._in_span(tid, tid, line)
            printed.append((figure, line))
            self._add(tid, Token(str(tid), "figure", figure, line, int(figure)))
        want = _figures(self.witness, self.first, self.last)
        if printed != want:
            at = next((i for i, (a, b) in enumerate(zip(printed, want)) if a != b), min(len(printed), len(want)))
            got = f"{printed[at][0]}@{printed[at][1]}" if at < len(printed) else "nothing more"
            exp = f"{want[at][0]}@{want[at][1]}" if at < len(want) else "nothing more"
            raise self.fail(numbers, f"its numbers must be every figure of lines {self.first}..{self.last} in "
                                     f"printed order: number {at + 1} is {got}, the witness prints {exp}")
        words = raw.get("words", {})
        if not isinstance(words, dict):
            raise self.fail(words, "'words' must map WORD@LINE to the number it says")
        seen: Counter[tuple[str, int]] = Counter()
        for tid, value in words.items():
            word, line = _parse_id(tid, self.path, raw.line, self.what)
            self._in_span(words, tid, line)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise self.fail(words, f"{tid}: the number a word says must be a whole number")
            seen[(word.lower(), line)] += 1
            pattern = rf"(?<![A-Za-z^]){re.escape(word)}(?![A-Za-z^])"
            if _occurrences(pattern, self.witness[line - 1]) < seen[(word.lower(), line)]:
                raise self.fail(words, f"{tid}: the word {word!r} is not printed on line {line} (that often)")
            self._add(words, Token(str(tid), "word", word, line, int(value)))
        places = raw.get("places", [])
        if not isinstance(places, list):
            raise self.fail(places, "'places' must be a list of LETTER@LINE")
        seen.clear()
        for tid in places:
            letter, line = _parse_id(tid, self.path, raw.line, self.what)
            self._in_span(tid, tid, line)
            seen[(letter, line)] += 1
            if (len(letter) != 1 or not letter.isalpha()
                    or len(re.findall(PLACE.format(letter), self.witness[line - 1])) < seen[(letter, line)]):
                raise self.fail(tid, f"{tid}: no position letter {letter!r} is printed on line {line} (that often)")
            self._add(tid, Token(str(tid), "place", letter, line))
        names = raw.get("names", {})
        if not isinstance(names, dict):
            raise self.fail(names, "'names' must map a name's id to {printed, line}")
        for nid, spec in names.items():
            if not isinstance(spec, dict) or set(spec) != {"printed", "line"} or not isinstance(spec["printed"], str):
                raise self.fail(spec, f"name {nid}: give {{printed, line}}")
            line = _line(spec, "line", self.path, f"{self.what}: name {nid}", self.witness,
                         getattr(names, "line", self.raw.line))
            self._in_span(spec, str(nid), line)
            text = str(spec["printed"])
            if _quote_span(text, line, self.witness) is None:
                raise self.fail(spec, f"name {nid}: {text!r} is not printed from line {line}")
            try:
                ratio = read_ratio_name(text)
            except ValueError:
                raise self.fail(spec, f"name {nid}: {text!r} names no ratio") from None
            self._add(spec, Token(str(nid), "name", text, line, ratio))
        readings = raw.get("readings", {})
        if not isinstance(readings, dict):
            raise self.fail(readings, "'readings' must map a figure to {letter|word, reason}")
        for tid, spec in readings.items():
            t = self.tokens.get(str(tid))
            if t is None or t.kind != "figure":
                raise self.fail(readings, f"reading {tid}: no figure {tid} among the passage's numbers")
            if (not isinstance(spec, dict) or len(set(spec) & set(READINGS)) != 1 or not set(spec) <= {*READINGS,
                                                                                                         "reason"}
                    or not isinstance(spec.get("reason"), str)):
                raise self.fail(spec, f"reading {tid}: give one of {', '.join(READINGS)} and a reason")
            (as_what,) = set(spec) & set(READINGS)
            self.tokens[t.id] = replace(t, reading=(as_what, str(spec[as_what])), reason=str(spec["reason"]))
        unchecked = raw.get("unchecked", {})
        if not isinstance(unchecked, dict):
            raise self.fail(unchecked, "'unchecked' must map a number to the reason no statement is about it")
        for tid, reason in unchecked.items():
            t = self.tokens.get(str(tid))
            if t is None or not t.is_value or not isinstance(reason, str) or not reason.strip():
                raise self.fail(unchecked, f"unchecked {tid}: a number of the passage, with its reason")
            self.tokens[t.id] = replace(t, unchecked=True, reason=str(reason))

    def _ref(self, node: Any, sid: str, key: str, ref: Any) -> Ref:
        """A field's value: a token id (checked), a literal number, or a list of them."""
        if isinstance(ref, list):
            if key not in ("of", "part") + VICTORY_FIELDS or not ref:
                raise self.fail(node, f"statement {sid}: {key} takes one token, not a list")
            return tuple(self._ref(node, sid, key, r) for r in ref)
        if isinstance(ref, int) and not isinstance(ref, bool):
            if key in ("name", "at") or ref < 0:
                raise self.fail(node, f"statement {sid}: {key} must name a token of the passage")
            return int(ref)
        t = self.tokens.get(str(ref)) if isinstance(ref, str) else None
        if t is None:
            raise self.fail(node, f"statement {sid}: {key} names no token of the passage ({ref!r})")
        if key == "at":
            if not (t.kind == "place" or t.reading is not None and t.reading[0] == "letter"):
                raise self.fail(node, f"statement {sid}: at {ref} is no position letter")
        elif key == "name":
            if t.kind != "name":
                raise self.fail(node, f"statement {sid}: {ref} is no ratio name")
        elif not t.is_value or t.kind == "name":
            why = f" (it reads as the {t.reading[0]} {t.reading[1]!r})" if t.reading else ""
            raise self.fail(node, f"statement {sid}: {ref} is no number{why}")
        return str(ref)

    def read_statement(self, raw: Any, heading: str) -> Example:
        if not isinstance(raw, LDict):
            raise self.fail(raw, "a statement must be a mapping")
        for key in ("id", "kind", "line", "quote"):
            if key not in raw:
                raise self.fail(raw, f"statement: missing field {key!r}")
        sid = str(raw["id"])
        kind = str(raw["kind"])
        if kind not in KIND_FIELDS:
            raise self.fail(raw, f"statement {sid}: unknown kind {kind!r}")
        need_refs, may_refs, need_words, may_words = KIND_FIELDS[kind]
        for key in raw:
            if key not in COMMON_FIELDS + need_refs + may_refs + need_words + may_words:
                raise self.fail(raw, f"statement {sid}: a {kind} statement has no field {key!r}")
        for key in need_refs + need_words:
            if key not in raw:
                raise self.fail(raw, f"statement {sid}: a {kind} statement needs {key!r}")
        line = _line(raw, "line", self.path, f"{self.what}: statement {sid}", self.witness, raw.line)
        self._in_span(raw, sid, line)
        quote = _text(raw, "quote", self.path, f"statement {sid}") or ""
        last = _quote_span(quote, line, self.witness)
        if last is None:
            raise self.fail(raw, f"statement {sid}: the quote is not found at witness line {line}")
        said = raw.get("part")
        if isinstance(said, str):  # a part said in words, given as a fraction: the statement's words
            if not re.fullmatch(r"[0-9]+/[0-9]+", said):
                raise self.fail(raw, f"statement {sid}: a part in words is a fraction p/q, not {said!r}")
        refs = tuple((k, self._ref(raw, sid, k, raw[k])) for k in need_refs + may_refs
                     if k in raw and not (k == "part" and isinstance(said, str)))
        params = tuple((k, raw[k]) for k in need_words + may_words if k in raw)
        params += (("part", str(said)),) if isinstance(said, str) else ()
        for k, v in params:
            if not isinstance(v, (str, int, list)) or isinstance(v, bool):
                raise self.fail(raw, f"statement {sid}: {k} must be text")
        if kind == "victory" and not any(k in dict(refs) for k in ("of",) + VICTORY_FIELDS):
            raise self.fail(raw, f"statement {sid}: a victory names its men or its terms")
        if kind == "ratio-name":
            if ("of" in raw) == ("ranks" in raw):
                raise self.fail(raw, f"statement {sid}: a ratio name names its numbers (of) or the ranks of men")
            params += (("printed", self.tokens[str(raw["name"])].printed),)
        try:
            operands, stated = assemble(kind, dict(refs), dict(params), self.printed)
        except (KeyError, TypeError) as exc:
            raise self.fail(raw, f"statement {sid}: malformed ({exc})") from None
        method = raw.get("method") if kind == "taking" else None
        return Example(sid, line, last, heading, quote, kind, operands, stated,
                       None if method is None else str(method), _text(raw, "what", self.path, sid, False),
                       _text(raw, "note", self.path, sid, False), None, self.pid, refs, params, raw.line)

    def values(self) -> dict[str, Any]:
        return {t.id: t.value for t in self.tokens.values() if t.is_value}


def load_examples(path: Path) -> Any:
    """examples.yaml read, its shape checked against its schema (examples-1.json) before any of it is used."""
    return load_checked(path, "examples-1.json", by_id(("passages", "passage"), ("statements", "statement")))


def load_passages(path: Path, witness: tuple[str, ...], only: Collection[str] | None = None,
                  data: Any = None) -> tuple[ExamplePassage, ...]:
    """The passages of worked examples (with `only`, those passages alone, read as the whole file reads them:
    what concerns the others, their ids and lines aside, is not read, nor checked); `data`, the file as read
    and checked against its schema (`load_examples`), when it is."""
    data = load_examples(path) if data is None else data
    if not isinstance(data, LDict) or not isinstance(data.get("passages"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'passages'")
    out: list[ExamplePassage] = []
    ids: set[str] = set()
    headings: dict[str, int] = {}  # each line's text, stripped, at its first line
    for i, text in enumerate(witness, 1):
        headings.setdefault(text.strip(), i)
    allowed = {"id", "heading", "lines", "numbers", "words", "places", "names", "readings", "unchecked",
               "statements", "note"}
    for raw in data["passages"]:
        if not isinstance(raw, LDict):
            raise InputError(path, getattr(raw, "line", None), "a passage must be a mapping")
        for key in ("id", "heading", "lines", "statements"):
            if key not in raw:
                raise InputError(path, raw.line, f"passage: missing field {key!r}")
        for key in raw:
            if key not in allowed:
                raise InputError(path, raw.line, f"passage {raw.get('id')}: unknown field {key!r}")
        reader = _Reader(raw, path, witness)
        if not isinstance(raw["id"], str) or reader.pid in ids:
            raise InputError(path, raw.line, f"passage id {raw['id']!r} is not text or is used twice")
        ids.add(reader.pid)
        if only is not None and reader.pid not in only:
            continue
        heading = _text(raw, "heading", path, reader.what) or ""
        if headings.get(heading, reader.first + 1) > reader.first:
            raise reader.fail(raw, f"its heading {heading!r} is not a line of the witness at or before line "
                                   f"{reader.first}")
        reader.read_tokens()
        reader.printed = reader.values()
        if not isinstance(raw["statements"], list) or not raw["statements"]:
            raise reader.fail(raw, "'statements' must be a non-empty list")
        statements = []
        for s in raw["statements"]:
            ex = reader.read_statement(s, heading)
            if ex.id in ids:
                raise reader.fail(s, f"statement id {ex.id!r} is used twice")
            ids.add(ex.id)
            statements.append(ex)
        used = {r for ex in statements for r in ex.tokens()}
        for t in reader.tokens.values():
            if t.is_value and not t.unchecked and t.id not in used:
                raise reader.fail(raw, f"no statement is about {t.id}: give it a statement, or say under "
                                       "'unchecked' why none is")
            if t.unchecked and t.id in used:
                raise reader.fail(raw, f"{t.id} is said to be unchecked, but a statement is about it")
        for other in out:
            if other.first_line <= reader.last and reader.first <= other.last_line:
                raise reader.fail(raw, f"its lines {reader.first}..{reader.last} overlap those of passage {other.id} "
                                       f"({other.first_line}..{other.last_line}): a figure is read in one passage")
        out.append(ExamplePassage(reader.pid, heading, reader.first, reader.last, tuple(reader.tokens.values()),
                                  tuple(statements), None, _text(raw, "note", path, reader.what, False)))
    return tuple(out)


def load_coverage(path: Path) -> tuple[tuple[int, int, str], ...]:
    """Witness passages recorded as carrying no checkable number, with the reason (coverage-1.json)."""
    data = load_checked(path, "coverage-1.json")
    if not isinstance(data, LDict) or not isinstance(data.get("unchecked"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'unchecked'")
    out = []
    for raw in data["unchecked"]:
        if not isinstance(raw, LDict) or not isinstance(raw.get("reason"), str):
            raise InputError(path, getattr(raw, "line", None), "each entry needs 'witness_lines' and a 'reason'")
        span = _span(raw, "witness_lines", str(path))
        out.append((span[0], span[1], str(raw["reason"])))
    return tuple(out)


def digit_lines(witness: tuple[str, ...]) -> tuple[int, ...]:
    """Witness lines that carry a number (cossick sign markers aside)."""
    return tuple(i for i, line in enumerate(witness, 1) if DIGITS.search(SIGN.sub(" ", line)))


Spot = tuple[tuple[int, int], tuple[int, int]]  # (line, column) where a token begins, and where it ends (exclusive)


def token_spots(passage: ExamplePassage, witness: tuple[str, ...]) -> dict[str, Spot]:
    """Where the figures, the numbers in words and the ratio names of a
    passage stand in the witness, found as the loader proves them: the n-th
    figure of a line is the line's n-th run of digits (cossick signs aside),
    the n-th token of a word on a line its n-th occurrence there, a name the
    first place its words (whitespace folded) begin on its line. Places are
    not looked for."""
    out: dict[str, Spot] = {}
    figures: dict[int, list[re.Match[str]]] = {}
    taken: Counter[int] = Counter()
    words: Counter[tuple[str, int]] = Counter()
    for t in passage.tokens:
        line = witness[t.line - 1] if 1 <= t.line <= len(witness) else ""
        if t.kind == "figure":
            if t.line not in figures:
                masked = SIGN.sub(lambda m: " " * len(m.group()), line)
                figures[t.line] = list(DIGITS.finditer(masked))
            k = taken[t.line]
            taken[t.line] += 1
            if k < len(figures[t.line]):
                m = figures[t.line][k]
                out[t.id] = ((t.line, m.start()), (t.line, m.end()))
        elif t.kind == "word":
            words[(t.printed.lower(), t.line)] += 1
            pattern = rf"(?<![A-Za-z^]){re.escape(t.printed)}(?![A-Za-z^])"
            found = list(re.finditer(pattern, line, flags=re.IGNORECASE))
            n = words[(t.printed.lower(), t.line)]
            if n <= len(found):
                out[t.id] = ((t.line, found[n - 1].start()), (t.line, found[n - 1].end()))
        elif t.kind == "name":
            lines = witness[t.line - 1:passage.last_line]
            text = "\n".join(lines)
            name = re.search(r"\s+".join(map(re.escape, t.printed.split())), text)
            if name is not None and name.start() <= len(lines[0]):
                out[t.id] = ((t.line, name.start()), _line_column(lines, t.line, name.end()))
    return out


def _line_column(lines: tuple[str, ...], first: int, offset: int) -> tuple[int, int]:
    """A place in lines (joined by newlines) as (witness line, column)."""
    for i, text in enumerate(lines):
        if offset <= len(text):
            return first + i, offset
        offset -= len(text) + 1
    return first + len(lines) - 1, len(lines[-1]) if lines else 0
