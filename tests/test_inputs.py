"""The strict YAML loader reads values exactly as PyYAML's safe loader does
(its shortcut for plain words and numbers included), and keeps their lines;
what is not JSON data (a date, binary, a set, .nan, a key that is no text) it
refuses by name (issue 36)."""

from __future__ import annotations

import datetime
import math

import pytest
import yaml
from hypothesis import assume, given
from hypothesis import strategies as st

from rithmocheck.inputs import InputError, LInt, LStr, load_json, load_text

# Plain scalars: digits, signs, dots, colons, letters a resolver claims
# (null, true, yes, on, .inf, 0x1f, 1_000, 1:20, 2026-11-23) and words none does.
PLAIN = st.text(alphabet="0123456789+-._:eEoOxXnNuUlLtTrRyYsfFaA~ bcdgkmpqw", min_size=0, max_size=14)


@given(PLAIN)
def test_plain_scalars_read_as_pyyaml_reads_them(text: str) -> None:
    doc = f"k: {text}\n"
    try:
        expected = yaml.safe_load(doc)
    except yaml.YAMLError:
        assume(False)
    assume(isinstance(expected, dict) and set(expected) == {"k"})
    want = expected["k"]
    if isinstance(want, (datetime.date, datetime.datetime)) or isinstance(want, float) and not math.isfinite(want):
        with pytest.raises(InputError, match="is a YAML date|not a number|infinite"):
            load_text(doc)
        return
    got = load_text(doc)["k"]
    plain = int(got) if isinstance(got, LInt) else str(got) if isinstance(got, LStr) else got
    assert type(plain) is type(want)
    assert repr(plain) == repr(want)  # repr, so that .nan equals itself


def test_the_shortcut_cases_by_hand() -> None:
    got = load_text("a: 64\nb: 0\nc: 012\nd: word\ne:\nf: yes\ng: 1_000\nh: '64'\ni: 123456789012345678901\n")
    assert got == {"a": 64, "b": 0, "c": 10, "d": "word", "e": None, "f": True, "g": 1000, "h": "64",
                   "i": 123456789012345678901}
    assert isinstance(got["a"], LInt) and got["a"].line == 1
    assert isinstance(got["d"], LStr) and got["d"].line == 4
    assert isinstance(got["h"], LStr)


@pytest.mark.parametrize("text,problem", [
    ("a: !!binary aGk=\n", "f.yaml:1: the value 'aGk=' tagged !!binary is not JSON data"),
    ("a:\n  b: [1, !!binary aGk=]\n", "f.yaml:2: the value 'aGk=' tagged !!binary"),
    ("a: !!set {x, y}\n", "f.yaml:1: a mapping tagged !!set is not JSON data"),
    ("a: !!omap [b: 1]\n", "f.yaml:1: a list tagged !!omap is not JSON data"),
    ("a: !!pairs [b: 1]\n", "f.yaml:1: a list tagged !!pairs is not JSON data"),
    ("a: !local x\n", "f.yaml:1: the value 'x' tagged !local is not JSON data"),
    ("a: !!python/name:os.system x\n", "tagged !!python/name:os.system"),
    ("date: 2026-11-26\n", 'f.yaml:1: 2026-11-26 is a YAML date (a timestamp), which is not JSON data: quote it '
                           '("2026-11-26")'),
    ("a: !!timestamp 2001-12-14\n", "f.yaml:1: 2001-12-14 is a YAML date"),
    ("a: 2001-12-14t21:59:43.10-05:00\n", "is a YAML date"),
    ("a: .nan\n", "f.yaml:1: .nan is not a number, which JSON cannot hold"),
    ("a: [-.inf]\n", "f.yaml:1: -.inf is infinite"),
    ("1: x\n", 'f.yaml:1: the key 1 reads as a number, not text: quote it ("1")'),
    ("a:\n  yes: x\n", "f.yaml:2: the key yes reads as true or false"),
    ("~: x\n", "f.yaml:1: a key is empty or null"),
    ("? !!binary aGk=\n: 1\n", "tagged !!binary"),
])
def test_what_is_not_json_data_is_refused_by_name(text, problem):
    with pytest.raises(InputError) as e:
        load_text(text, "f.yaml")
    assert problem in e.value.one_line()


def test_json_types_under_explicit_tags_and_quoted_dates_are_read():
    got = load_text('a: !!str 2026-11-26\nb: "2026-11-26"\nc: !!float 1\nd: !!map {e: !!seq [1]}\nf: =\n')
    assert got == {"a": "2026-11-26", "b": "2026-11-26", "c": 1.0, "d": {"e": [1]}, "f": "="}


@pytest.mark.parametrize("text", ['{"a": NaN}', "[Infinity]", "[1, -Infinity]"])
def test_json_refuses_nan_and_infinity(text):
    with pytest.raises(InputError, match="is not a number JSON holds"):
        load_json(text, "x.json")
