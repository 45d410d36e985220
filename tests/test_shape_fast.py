"""jsonschema-rs as the quick way to a valid verdict (rithmocheck.shape.surely_valid), held to
python-jsonschema, which decides every other verdict and names the problem.

The one property the build leans on: whatever jsonschema-rs finds valid, python-jsonschema finds valid
too, on every published schema. It is checked on the shipped documents of each schema and on documents
mutated from them (text with the characters the regular expressions' dialects read differently, numbers
at the edges, values of another type, fields dropped, added and doubled); a long run takes

    RITHMOCHECK_FUZZ_EXAMPLES=10000 pytest tests/test_shape_fast.py
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import jsonschema_rs
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rithmocheck.cli import cli
from rithmocheck.inputs import load_text
from rithmocheck.shape import AN_ID, NOT_BLANK, SCHEMA_DIR, _fast, problems, schema, surely_valid

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "sources" / "lever-fulke-1563"
CASES = sorted((ROOT / "rithmocheck" / "conformance" / "cases").glob("*.json"))
BUDGET = int(os.environ.get("RITHMOCHECK_FUZZ_EXAMPLES", "0")) or 400


def _yaml(path: Path) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def _documents() -> dict[str, list[object]]:
    """Documents of every published schema: the shipped edition's files, the cases, the output's."""
    out = ROOT / "output"
    rulesets = json.loads(CliRunner().invoke(cli, ["ruleset"]).stdout)
    cases = [_json(p) for p in CASES[::9]]
    docs: dict[str, list[object]] = {
        "edition-1.json": [_yaml(SOURCE / "edition.yaml")],
        "witness-1.json": [_yaml(SOURCE / "witness.yaml")],
        "book-1.json": [_yaml(SOURCE / "book.yaml")],
        "rules-1.json": [_yaml(SOURCE / "rules.yaml")],
        "examples-1.json": [_yaml(SOURCE / "examples.yaml")],
        "coverage-1.json": [_yaml(SOURCE / "coverage.yaml")],
        "pages-1.json": [_yaml(SOURCE / "pages.yaml")],
        "errata-1.json": [_yaml(ROOT / "corrections" / "lever-fulke-1563.yaml")],
        "conformance-case-1.json": cases,
        "engine-answer-1.json": [c["expect"] for c in cases] + [{"unsupported": "ransom"}, {"error": "no board"}],
        "position-1.json": [{"men": [{"square": "c5", "side": "even", "shape": "round", "value": 2}],
                             "to_move": "even"}],
        "ruleset-1.json": [_json(out / "ruleset" / f"kind-{k}.json") for k in (1, 2, 3)],
        "rulesets-1.json": [rulesets],
        "audit-1.json": [_json(out / "audit.json")],
        "collation-1.json": [_json(out / "collation.json")],
    }
    return docs


DOCUMENTS = _documents()
PAIRS = [(name, i) for name, docs in DOCUMENTS.items() for i in range(len(docs))]


@functools.cache
def reference(name: str) -> jsonschema.Draft202012Validator:
    """python-jsonschema, as the schemas are read (rithmocheck.shape._strict: a whole number is an integer, a
    pattern's `$` ends the text), on the published schema as it is (our $ids registered), not as
    shape.validator inlines it."""
    from referencing import Registry, Resource

    from rithmocheck.shape import _strict

    registry: Registry = Registry().with_resources(
        (f"urn:rithmocheck:schema:{p.stem}", Resource.from_contents(schema(p.name))) for p in SCHEMA_DIR.glob("*.json"))
    validator: jsonschema.Draft202012Validator = _strict()(schema(name), registry=registry)
    return validator


def python_valid(name: str, data: object) -> bool:
    """python-jsonschema's verdict, on the schema as published and as the build reads it (shape.validator)."""
    from rithmocheck.shape import validator

    valid = not list(reference(name).iter_errors(data))
    if name != "rulesets-1.json":  # (its rulesets are checked one by one against ruleset-1.json)
        assert valid == (not list(validator(name).iter_errors(data)))
    return valid


def test_every_published_schema_has_its_documents_here():
    assert sorted(DOCUMENTS) == sorted(p.name for p in SCHEMA_DIR.glob("*.json"))
    assert all(_fast(name) is not None for name in DOCUMENTS)


@pytest.mark.parametrize("name,i", PAIRS)
def test_the_shipped_documents_are_surely_valid(name, i):
    """Each agrees with python-jsonschema on the documents we ship and make (valid, both)."""
    doc = DOCUMENTS[name][i]
    assert python_valid(name, doc), f"{name} #{i} is not valid: fix the fixture, not the schema"
    assert surely_valid(name, doc)


def test_a_document_read_by_our_yaml_reader_is_surely_valid():
    """The YAML reader's keys and values are text and numbers of classes of their own (they keep their lines):
    made plain for jsonschema-rs, not refused."""
    data = load_text((SOURCE / "book.yaml").read_text(encoding="utf-8"), "book.yaml")
    assert type(next(iter(data))) is not str
    assert surely_valid("book-1.json", data)


def test_a_number_that_is_not_whole_is_refused_where_the_schema_asks_for_an_integer():
    """JSON Schema takes 2.0 for an integer, and jsonschema-rs does; the schemas as we read them do not (every
    number of every schema is whole, and the code counts with it: a 2.0 was an internal error): one line
    naming the place."""
    from rithmocheck.errors import InputError
    from rithmocheck.shape import check

    position = {"men": [{"square": "c5", "side": "even", "shape": "round", "value": 2.0}], "to_move": "even"}
    assert jsonschema_rs.validator_for(schema("position-1.json")).is_valid(position)
    assert not surely_valid("position-1.json", position) and problems("position-1.json", position) != []
    book = load_text((SOURCE / "book.yaml").read_text(encoding="utf-8"), "book.yaml")
    table = next(t for t in book["tables"] if isinstance(t.get("heading"), dict) and "column" in t["heading"])
    table["heading"]["column"] = 2.0
    with pytest.raises(InputError) as refused:
        check(book, "book-1.json", "book.yaml")
    assert refused.value.problem.endswith("must be a whole number, not 2.0"), refused.value.problem


def test_a_number_that_is_not_whole_is_refused_where_a_const_or_an_enum_names_a_whole_one():
    """python-jsonschema takes 8.0 for the const 8 and 1.0 for the enum [1, 2, 3] (a ruleset's board.files and
    kind were 'valid'): a number that is not whole is a problem wherever it stands, named at its place."""
    ruleset = json.loads(json.dumps(DOCUMENTS["ruleset-1.json"][0]))
    ruleset["board"]["files"] = float(ruleset["board"]["files"])
    found = problems("ruleset-1.json", ruleset)
    assert [list(e.absolute_path) for e in found] == [["board", "files"]]
    ruleset["board"]["files"] = int(ruleset["board"]["files"])
    ruleset["kind"] = float(ruleset["kind"])
    assert [list(e.absolute_path) for e in problems("ruleset-1.json", ruleset)] == [["kind"]]


def test_a_value_an_option_sets_is_held_to_whole_numbers_too():
    """What an option of rules.yaml sets at a place of the ruleset (shape.value_problem): 8.0 where the const 8
    stands is refused, as in the document."""
    from rithmocheck.shape import value_problem

    assert value_problem(8, "ruleset-1.json", "/board/files") is None
    assert value_problem(8.0, "ruleset-1.json", "/board/files") == "8.0 is not a whole number"


def test_an_anchored_pattern_refuses_a_last_new_line():
    """In Python's re `$` lets a last new line through ("men\\n" was taken for "men", then an internal error);
    the patterns are read as ECMA 262 reads them, as jsonschema-rs does."""
    from rithmocheck.errors import InputError
    from rithmocheck.shape import check

    book = load_text((SOURCE / "book.yaml").read_text(encoding="utf-8"), "book.yaml")
    table = next(t for t in book["tables"] if t.get("universes"))
    table["universes"][0] = str(table["universes"][0]) + "\n"
    assert not surely_valid("book-1.json", book)
    with pytest.raises(InputError) as refused:
        check(book, "book-1.json", "book.yaml")
    assert "universes[1]" in refused.value.problem


def test_what_jsonschema_rs_cannot_read_is_left_to_python_jsonschema():
    """A lone surrogate (which a JSON text may carry as an escape) where a pattern reads it: not surely
    valid (jsonschema-rs cannot read it), and the verdict is python-jsonschema's; nothing is raised."""
    edition = dict(DOCUMENTS["edition-1.json"][0])  # type: ignore[call-overload]
    edition["title"] = "\ud800"
    assert not surely_valid("edition-1.json", edition)
    assert problems("edition-1.json", edition) == list(reference("edition-1.json").iter_errors(edition)) == []
    for answer in ({"unsupported": "\ud800"}, {"error": "\udfff x"}):
        assert problems("engine-answer-1.json", answer) == []
    assert problems("engine-answer-1.json", {"legal": "yes"}) != []


def test_a_valid_document_is_checked_without_importing_python_jsonschema():
    """The quick way is quick: python-jsonschema (some 40 ms to import) is not imported for valid data."""
    code = ("import sys\n"
            "from rithmocheck.inputs import load_text\n"
            "from rithmocheck.shape import check\n"
            f"p = {str(SOURCE / 'rules.yaml')!r}\n"
            "check(load_text(open(p, encoding='utf-8').read(), p), 'rules-1.json', p)\n"
            "print('jsonschema' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "RITHMOCHECK_NO_CACHE": "1"}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_not_blank_reads_alike_in_python_and_in_jsonschema_rs():
    """The non-blank pattern of the schemas, character by character over the whole of Unicode: Python's re
    (python-jsonschema) and jsonschema-rs take the same characters for blank."""
    py = re.compile(NOT_BLANK)
    rs = jsonschema_rs.validator_for({"type": "string", "pattern": NOT_BLANK})
    differ = [hex(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000
              and (py.search(chr(c)) is not None) != rs.is_valid(chr(c))]
    assert differ == []
    blank = [hex(c) for c in (0x9, 0xA, 0x1C, 0x1F, 0x20, 0x85, 0xA0, 0x2028, 0x3000, 0xFEFF) if py.search(chr(c))]
    assert blank == []
    assert py.search(" a ") and py.search("é")


# Strings each pattern of the schemas takes (a pattern added to a schema needs its samples here).
SAMPLES = {
    NOT_BLANK: ["a", " x ", "é"],
    AN_ID: ["k1-addition@1.4.26", "kinds-of-playing-3"],
    "^[^@\\s\\x1c-\\x1f\\x85\\ufeff]+@[0-9]+[a-z]?$": ["12@244", "2/3@701a"],
    "^[0-9a-f]{64}$": ["0123456789abcdef" * 4],
    "^(/[^/]*)+$": ["/captures/methods/0", "/a"],
    "^[a-h]([1-9]|1[0-6])$": ["c5", "h16"],
    "^[a-z0-9][a-z0-9-]*$": ["k1-addition", "x"],
    "^[a-z0-9-]+$": ["1", "common"],
    "^[a-z0-9-]+(/[a-z0-9-]+)*$": ["lever-fulke-1563/kind-1", "seed-001"],
    "^[a-h]$": ["a"],
    "^[0-9a-f]{7,40}$": ["93ed321"],
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}$": ["1563-01-01"],
    "^[0-9]+/[0-9]+$": ["3/4"],
    "^(opposite:)?(men|men\\+layers|men-kings|men-kings\\+layers)$": ["opposite:men+layers", "men"],
    "^([a-h][0-9]{1,2}[-~x][a-h][0-9]{1,2}|[RTSPrtsp][0-9]+\\*?@[a-h][0-9]{1,2}|[a-h][0-9]{1,2}\\^[a-h][0-9]{1,2}"
    "=[0-9]+)$": ["c5-c7", "c5xd6", "R2*@c5", "c5^d6=12"],
}


def _patterns(node: object) -> set[str]:
    out: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str):
            out.add(node["pattern"])
        for k, v in node.items():
            if k == "patternProperties" and isinstance(v, dict):
                out |= set(v)
            out |= _patterns(v)
    elif isinstance(node, list):
        for v in node:
            out |= _patterns(v)
    return out


def _dialect_characters() -> list[str]:
    r"""The characters of the Basic Multilingual Plane that Python's re and jsonschema-rs class differently
    under \s, \d or \w; and the line ends (an anchor reads a last new line differently)."""
    out = {"\n", "\r", "\u2028", "\u2029"}
    for cls in ("\\s", "\\d", "\\w"):
        py = re.compile(f"^{cls}$")
        rs = jsonschema_rs.validator_for({"type": "string", "pattern": f"^{cls}$"})
        out |= {chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000
                and (py.search(chr(c)) is not None) != rs.is_valid(chr(c))}
    return sorted(out)


def test_every_pattern_of_the_schemas_is_read_alike_by_the_two_validators():
    """Each pattern of every schema, on strings it takes with each character the dialects read differently
    put in at each place and put in place of each character: what jsonschema-rs finds valid, Python's re (
    python-jsonschema's) finds valid too."""
    found = set().union(*(_patterns(schema(p.name)) for p in SCHEMA_DIR.glob("*.json")))
    assert found == set(SAMPLES), "a pattern without samples here, or samples of a pattern no schema has"
    odd = _dialect_characters()
    assert "\x1c" in odd and "\x85" in odd and "\ufeff" in odd
    for pattern, samples in SAMPLES.items():
        py = re.compile(pattern)
        rs = jsonschema_rs.validator_for({"type": "string", "pattern": pattern})
        for sample in samples:
            assert py.search(sample) and rs.is_valid(sample), (pattern, sample)
            for i in range(len(sample) + 1):
                for c in odd:
                    for text in (sample[:i] + c + sample[i:], sample[:i] + c + sample[i + 1:]):
                        assert not rs.is_valid(text) or py.search(text), (pattern, text)


def test_a_blank_text_is_named_blank():
    """A text of white space alone is refused as blank (or empty, for a field), not with the pattern."""
    from rithmocheck.errors import InputError
    from rithmocheck.shape import check

    witness = json.loads(json.dumps(DOCUMENTS["witness-1.json"][0]))
    key = next(k for k, v in witness.items() if isinstance(v, list) and v and all(isinstance(x, str) for x in v))
    witness[key] = [" \x85 "]
    with pytest.raises(InputError) as refused:
        check(witness, "witness-1.json", "witness.yaml")
    assert refused.value.problem.endswith(f"{key}[1] is blank"), refused.value.problem
    assert NOT_BLANK not in refused.value.problem


# --- documents mutated from the shipped ones -----------------------------------------------------------

TEXTS = st.one_of(
    st.sampled_from(["", " ", "\t", "\n", "a\n", "\na", "x", "\x1c", "\x1f", "\x85", "\ufeff", "\u2028", "\xa0",
                     " \x85 ", "c5", "c5\n", "a1", "k1-addition", "k1-addition\n", "0" * 64, "0" * 64 + "\n",
                     "1563-01-01", "1563-01-01\n", "/a", "/a\n", "men", "men\n", "even", "odd", "round",
                     "R2@c5", "c5-c7", "c5-c7\n", "x@1", "x@1\n", "abc1234", "3/4", "3/4\n"]),
    st.text(alphabet=st.sampled_from(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2028\ufeffab5-/@é"), max_size=6),
    st.text(max_size=8))
NUMBERS = st.one_of(st.sampled_from([0, 1, -1, 2, 8, 16, 7, 9, 2**31, 2**53 + 1, 2**63, 2**64 + 1, 10**30,
                                     0.0, 1.0, 8.0, 0.5, -0.0, 1e308]),
                    st.integers(), st.floats(allow_nan=False, allow_infinity=False))
VALUES = st.one_of(TEXTS, NUMBERS, st.none(), st.booleans(), st.just([]), st.just({}),
                   st.lists(st.one_of(TEXTS, NUMBERS), max_size=3))


def _places(doc: object, at: tuple = ()) -> list[tuple]:
    out = [at]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _places(v, (*at, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _places(v, (*at, i))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, object]:
    name, i = draw(st.sampled_from(PAIRS))
    doc = json.loads(json.dumps(DOCUMENTS[name][i]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from(_places(doc)))  # (each mutation on the document as the last left it)
        if not at:
            continue
        parent: object = doc
        for k in at[:-1]:
            parent = parent[k]  # type: ignore[index]
        assert isinstance(parent, (dict, list))
        here = parent[at[-1]]  # type: ignore[index]
        how = draw(st.integers(0, 5))
        if how == 0:  # a value like the one there (text for text, a number for a number), else any
            like = TEXTS if isinstance(here, str) else NUMBERS if isinstance(here, (int, float)) else VALUES
            parent[at[-1]] = draw(like)  # type: ignore[index]
        elif how == 1:
            parent[at[-1]] = draw(VALUES)  # type: ignore[index]
        elif how == 2:
            del parent[at[-1]]  # type: ignore[attr-defined]
        elif how == 3 and isinstance(parent, dict):
            parent[draw(TEXTS)] = here
        elif how == 4 and isinstance(here, list) and here:
            here.append(here[draw(st.integers(0, len(here) - 1))])
        else:
            parent[at[-1]] = [here] if draw(st.booleans()) else {"x": here}  # type: ignore[index]
    return name, doc


@settings(max_examples=BUDGET, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.data_too_large])
@given(mutated())
def test_what_jsonschema_rs_finds_valid_python_jsonschema_finds_valid(case):
    name, doc = case
    if surely_valid(name, doc):
        errors = list(reference(name).iter_errors(doc))
        assert errors == [], f"{name}: {[e.message[:120] for e in errors[:3]]}"
        assert python_valid(name, doc)


def test_what_was_found_valid_under_another_reading_is_checked_again(monkeypatch):
    """Data is remembered as valid under a key that holds the reading of the schemas (shape.READING): a memo
    filled before the reading became strict (when 8.0 passed for 8) is not trusted after it."""
    from rithmocheck import memo, shape

    monkeypatch.setattr(memo, "enabled", lambda: True)
    doc = {"legal": True}
    now = shape._valid_key(doc, "engine-answer-1.json")
    monkeypatch.setattr(shape, "READING", "an earlier reading")
    before = shape._valid_key(doc, "engine-answer-1.json")
    assert now is not None and before is not None and now != before
