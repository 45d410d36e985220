"""The strict YAML loader reads values exactly as PyYAML's safe loader does
(its shortcut for plain words and numbers included), and keeps their lines."""

from __future__ import annotations

import yaml
from hypothesis import assume, given
from hypothesis import strategies as st

from rithmocheck.inputs import LInt, LStr, load_text

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
    got = load_text(doc)["k"]
    want = expected["k"]
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
