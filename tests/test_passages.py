"""Worked examples as whole passages: the transcription proves every figure
read, the named cases of issue 12, the passage solver (hand cases and
properties), the example errata and their checks."""

import dataclasses
import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import EDITION
from rithmocheck.audit.candidates import rereadings
from rithmocheck.audit.errata import Replace, load_errata
from rithmocheck.audit.passages import (
    MAX_CHANGES,
    check_example_errata,
    check_passage,
    check_passages,
    example_correction,
    passage_findings,
)
from rithmocheck.audit.run import run_audit
from rithmocheck.audit.statements import check
from rithmocheck.errors import InputError
from rithmocheck.pipeline.outcome import Outcome
from rithmocheck.witness.examples import (
    Example,
    ExamplePassage,
    ExamplePosition,
    Token,
    assemble,
    bind,
    load_passages,
)

ERRATA = load_errata(EDITION)
PASSAGES = {p.id: p for p in EDITION.example_passages}
RESULTS = {r.passage.id: r for r in check_passages(EDITION)}
ROOT = Path(__file__).resolve().parent.parent


def top(passage_id):
    return example_correction(passage_id)[0].values()


def audit(errata):
    return run_audit(EDITION, errata, ("examples",))


def exit_code(report):
    return Outcome(audit=report).exit_code


def replace_errata(drop=(), add=()):
    return tuple(e for e in ERRATA if e.id not in drop) + tuple(add)


def example_erratum(eid, example, number, line, sic, corr, resp="rithmocheck+editor"):
    template = next(e for e in ERRATA if e.table == "examples")
    return dataclasses.replace(template, id=eid, position=ExamplePosition(example, line, number), sic=sic,
                               corr=Replace(tuple(corr)), resp=resp, reason="an erratum made by the test",
                               witness_line=line)


# --- the shipped passages -------------------------------------------------------------------------

def test_exactly_these_passages_are_wrong_and_each_has_one_top_correction():
    wrong = {pid: r.top.values() for pid, r in RESULTS.items() if r.status == "wrong"}
    assert wrong == {
        "addition": {"69@493": 169},
        "arithmetic-rule": {"20@616": 25, "30@617": 25, "35@618": 25},
        "k3-obsidion": {"135@1031": 153},
        "superpartient": {"odd-5": (11, 6)},
        "victory-of-quarrel": {"24@1071": 20},
    }
    for pid in wrong:
        corrections = RESULTS[pid].corrections
        assert corrections[0].rank == 1 and not corrections[0].tied
        assert all(len(c.changes) > len(corrections[0].changes) or c.cost > corrections[0].cost
                   for c in corrections[1:])


def test_the_readme_counts_passages_and_statements_from_the_data():
    text = " ".join((ROOT / "README.md").read_text().split())
    m = re.search(r"([0-9]+) passages hold ([0-9]+) statements", text)
    assert m and (int(m.group(1)), int(m.group(2))) == (len(PASSAGES), len(EDITION.examples))
    assert len(EDITION.examples) == 333 and len(PASSAGES) == 63


def test_every_claim_of_the_earlier_transcription_keeps_its_id():
    ids = {e.id for e in EDITION.examples}
    for kept in ("addition-120-49", "arithmetic-rule-add", "arithmetic-rule-half", "arithmetic-rule-middle",
                 "arithmetic-rule-result", "victory-quarrel", "victory-bodies", "k3-obsidion-only-even",
                 "men-48", "standards-odd-wins-390", "common-victory-kinds-6", "superpartient-28-16"):
        assert kept in ids


def test_every_position_letter_of_a_passage_is_read():
    """Every single letter printed with its stop in a passage's lines is one of its places (the pronoun
    'I' of 'so have I.5.15.35.' and 'so have I.6.8.12.' aside)."""
    pronoun = {("I", 618), ("I", 668)}
    for p in PASSAGES.values():
        printed = [(m.group(1), i) for i in range(p.first_line, p.last_line + 1)
                   for m in re.finditer(r"(?<![A-Za-z^])([A-Za-z])\.(?=\S|\s|$)", EDITION.witness[i - 1])]
        read = [(t.printed, t.line) for t in p.tokens if t.kind == "place"]
        assert sorted(read) == sorted(x for x in printed if x not in pronoun), p.id


def test_the_check_of_every_passage_gives_each_statement_a_status_and_a_message():
    # what the HTML edition renders, one page per passage
    for r in RESULTS.values():
        assert [c.example.id for c in r.checks] == [s.id for s in r.passage.statements]
        assert all(c.status in ("ok", "wrong", "unchecked") and c.message for c in r.checks)
        assert r.status == ("wrong" if r.wrong else "ok")


# --- the named cases of issue 12 ------------------------------------------------------------------

def test_the_arithmetic_rule_is_corrected_as_a_whole():
    """'between.5. and 25. first I add.5. to.20. that is.30. the half of thirty is.15. which is middle in
    proportion between.5. and.30. so have I.5.15.35.': reading 20, the later 30 and 35 as 25 makes every
    statement true (5 + 25 = 30, half of 30 is 15, 5 15 25), three changes, the only correction of that
    size; correcting the sum to 25 (the earlier errata) leaves 'the half of thirty is 15' against it."""
    (c,) = example_correction("arithmetic-rule")
    assert c.values() == {"20@616": 25, "30@617": 25, "35@618": 25}
    assert [x.slip for x in c.changes] == ["digit changed", "neighbour repeated", "digit changed"]
    assert "5 + 25 is 30" in c.evidence and "half of 30 is 15" in c.evidence
    earlier = (example_erratum("e-sum", "arithmetic-rule", "30@616", 616, (30,), (25,)),
               example_erratum("e-between", "arithmetic-rule", "30@617", 617, (30,), (25,)),
               example_erratum("e-result", "arithmetic-rule", "35@618", 618, (35,), (25,)))
    report = audit(replace_errata(drop={e.id for e in ERRATA if e.id.startswith("example-arithmetic-rule")},
                                  add=earlier))
    assert exit_code(report) == 1
    [inv] = [f for f in report.findings if f.kind == "invariant"]
    assert "passage arithmetic-rule as corrected by e-sum, e-between, e-result still contradicts itself" \
        in inv.message
    assert "25 and 20 are printed for one number" in inv.message  # the question's 25, the 20 added
    assert "25 and 30 are printed for one number" in inv.message  # the sum 25, 'the half of thirty'


def test_the_victory_of_quarrel_reads_20_for_24():
    """'As.2.4.6.8.24.64. so you have.100. in.8. characters ... more then.100. by.4.': 24 is no man's
    number; 20 (an even triangle) makes 104, 100 and 4 in 8 characters, every number an even man."""
    (c,) = example_correction("victory-of-quarrel")
    assert c.values() == {"24@1071": 20} and c.confidence == "high"
    assert "2 + 4 + 6 + 8 + 20 + 64 is 104, more than 100 by 4, in 8 characters" in c.evidence
    excess = example_erratum("e-excess", "victory-of-quarrel", "4@1073", 1073, (4,), (8,), resp="editor")
    report = audit(replace_errata(drop={"example-victory-of-quarrel:24@1071"}, add=(excess,)))
    assert exit_code(report) == 1
    [inv] = [f for f in report.findings if f.kind == "invariant"]
    assert "24 is no man's number" in inv.message


def test_septimas_where_the_numbers_make_sextas():
    """'superquintupartie^s. septimas.' (389) names 12:7; the figure prints 11 over the sixth part, and
    121:66 is 11:6, superquintupartiens sextas. The name is a finding with its erratum."""
    [f] = [f for f in passage_findings(RESULTS["superpartient"], EDITION) if f.position.number == "odd-5"]
    assert (f.printed, f.expected, f.witness_line) == ((12, 7), (11, 6), 389)
    assert "'superquintupartie^s. septimas.' names 12:7" in f.message
    assert "read as superquintupartiens sextas (11:6, not 12:7)" in f.message
    assert top("superpartient") == {"odd-5": (11, 6)}
    report = audit(replace_errata(drop={"example-superpartient:odd-5"}))
    assert [x.position for x in report.uncovered] == [ExamplePosition("superpartient", 389, "odd-5")]


def test_every_ratio_name_of_the_witness_is_checked_against_what_it_names():
    names = [c for r in RESULTS.values() for c in r.checks if c.example.kind == "ratio-name"]
    assert len(names) == 24  # 8 multiplex, 8 superparticular, 8 superpartient
    assert [c.example.id for c in names if c.status != "ok"] == ["superpartient-name-odd-5"]
    by_id = {c.example.id: c for c in names}
    assert by_id["multiplex-name-even-2"].message == (
        "4:2 (the even round2:round1 of 2) is 2:1, dupla: 'doble.' names it")
    assert by_id["superparticular-name-even-6"].message == (
        "49:42 (the even triangle2:triangle1 of 6) is 7:6, sesquisexta: 'sesqui. sext.' names it")


def test_the_word_or_printed_as_02_is_no_number():
    """'4.02.5.02.6.02.10. men' (1059): each '02' is recorded as the word 'or', with the reason, and no
    statement reads it as a number; the victory of bodies is 4 or 5 or 6 or 10 men."""
    p = PASSAGES["victory-of-bodies"]
    ors = [t for t in p.tokens if t.printed == "02"]
    assert [(t.line, t.reading) for t in ors] == [(1059, ("word", "or"))] * 3
    assert all(t.reason and not t.is_value for t in ors)
    (s,) = p.statements
    assert s.stated == {"type": "bodies", "men": [4, 5, 6, 10]} and check(s, EDITION).status == "ok"
    assert not {t.id for t in ors} & set(s.tokens())


def test_the_figure_standing_for_a_letter_is_a_place():
    """'9. the triangle standing in.6.' (502): the places are letters; the 6 is recorded as the letter G,
    with the reason, and is the place of the triangle 9, no number of the subtraction."""
    p = PASSAGES["subtraction"]
    six = p.token["6@502"]
    assert six.reading == ("letter", "G") and "place" in six.reason and not six.is_value
    placed = {s.id: dict(s.refs).get("at") for s in p.statements if s.kind == "man"}
    assert placed["subtraction-9-triangle"] == "6@502"
    assert all("6@502" not in s.tokens() for s in p.statements)
    assert RESULTS["subtraction"].status == "ok"


# --- the transcription: every figure read, nothing read that is not printed -----------------------

PASSAGE = """\
passages:
  - id: test-passage
    heading: "Of taking by Substraction."
    lines: [501, 503]
    numbers: [2@501, 9@501, 6@502, 7@502, 2@503, 9@503, 7@503, 2@503b]
    places: [B@501, A@502, A@503]
    readings:
      6@502: {letter: G, reason: "a place meant"}
    unchecked:
      2@503b: "the next example"
    statements:
      - {id: t-taking, kind: taking, of: [2@501, 9@501], is: 7@502, method: subtraction, line: 501,
         quote: "2. the round standing in.B."}
      - {id: t-difference, kind: difference, of: [9@503, 2@503], is: 7@503, line: 503,
         quote: "for.2. out of.9. remains.7."}
      - {id: t-same-2, kind: same, of: [2@501, 2@503], line: 501, quote: "2. the round"}
      - {id: t-same-9, kind: same, of: [9@501, 9@503], line: 501, quote: "9. the triangle"}
      - {id: t-same-7, kind: same, of: [7@502, 7@503], line: 502, quote: "adversary.7."}
"""


def load(tmp_path, text=PASSAGE):
    path = tmp_path / "examples.yaml"
    path.write_text(textwrap.dedent(text))
    return load_passages(path, EDITION.witness)


def test_a_small_passage_loads(tmp_path):
    (p,) = load(tmp_path)
    assert [t.id for t in p.tokens if t.is_value] == ["2@501", "9@501", "7@502", "2@503", "9@503", "7@503",
                                                     "2@503b"]
    assert check_passage(p, EDITION).status == "ok"


@pytest.mark.parametrize("old, new, problem", [
    ("2@503, 9@503, 7@503, 2@503b]", "2@503, 9@503, 7@503]",
     "number 8 is nothing more, the witness prints 2@503"),
    ("[2@501, 9@501, 6@502", "[9@501, 2@501, 6@502", "number 1 is 9@501, the witness prints 2@501"),
    ("6@502, 7@502", "7@502", "number 3 is 7@502, the witness prints 6@502"),
    ("places: [B@501, A@502, A@503]", "places: [B@501, C@502, A@503]", "no position letter 'C' is printed"),
    ("quote: \"for.2. out of.9. remains.7.\"", "quote: \"for.2. out of.9. remains.8.\"",
     "the quote is not found at witness line 503"),
    ("of: [9@503, 2@503], is: 7@503", "of: [9@503, 6@502], is: 7@503",
     "6@502 is no number (it reads as the letter 'G')"),
    ("    unchecked:\n      2@503b: \"the next example\"\n", "", "no statement is about 2@503b"),
    ("kind: difference", "kind: differences", "statement t-difference: kind must be one of sum, difference, product"),
    ("method: subtraction, line: 501", "method: subtraction, times: 7@502, line: 501",
     "statement t-taking: a taking statement has no field 'times'"),
    ("is: 7@503, line: 503", "is: 7@504, line: 503", "is names no token of the passage ('7@504')"),
    ("  - id: test-passage\n", "  - id: test-passage\n    words: {seven@503: 7}\n",
     "the word 'seven' is not printed on line 503"),
])
def test_a_passage_that_misreads_the_witness_is_refused(tmp_path, old, new, problem):
    assert old in PASSAGE
    with pytest.raises(InputError) as err:
        load(tmp_path, PASSAGE.replace(old, new))
    assert problem in str(err.value)


def test_two_passages_never_read_one_line(tmp_path):
    second = PASSAGE.split("passages:\n", 1)[1].replace("id: test-passage", "id: again").replace("id: t-", "id: u-")
    with pytest.raises(InputError, match="overlap those of passage test-passage"):
        load(tmp_path, PASSAGE + second)


def test_a_ratio_name_that_names_no_ratio_is_refused(tmp_path):
    text = PASSAGE.replace("    readings:", "    names:\n      n: {printed: \"standing in\", line: 501}\n"
                                            "    readings:")
    with pytest.raises(InputError, match="names no ratio"):
        load(tmp_path, text)


# --- the solver --------------------------------------------------------------------------------------

REF_KEYS = {"of", "is", "name", "at", "times", "remainder", "part", "target", "men", "characters", "excess"}


def passage(values, statements):
    """A passage of figures (line 1) with statements given as dicts, as examples.yaml gives them."""
    tokens = tuple(Token(t, "figure", str(v), 1, v) for t, v in values.items())
    out = []
    for d in statements:
        d = dict(d)
        sid, kind = d.pop("id"), d.pop("kind")
        refs = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in d.items() if k in REF_KEYS)
        params = tuple((k, v) for k, v in d.items() if k not in REF_KEYS)
        operands, stated = assemble(kind, dict(refs), dict(params), values)
        out.append(Example(sid, 1, 1, "heading", "quote", kind, operands, stated, dict(params).get("method"),
                           None, None, None, "p", refs, params))
    return ExamplePassage("p", "heading", 1, 1, tokens, tuple(out))


def rich(a, b):
    """'a and b make s, a times b is p, s less b is a': every number stated twice or more."""
    values = {"a": a, "b": b, "s": a + b, "p": a * b, "a2": a, "b2": b, "s2": a + b, "a3": a}
    return values, [
        {"id": "sum", "kind": "sum", "of": ["a", "b"], "is": "s"},
        {"id": "product", "kind": "product", "of": ["a2", "b2"], "is": "p"},
        {"id": "difference", "kind": "difference", "of": ["s2", "b"], "is": "a3"},
        {"id": "same-a", "kind": "same", "of": ["a", "a2", "a3"]},
        {"id": "same-b", "kind": "same", "of": ["b", "b2"]},
        {"id": "same-s", "kind": "same", "of": ["s", "s2"]},
    ]


def test_a_single_statement_has_two_corrections_tied():
    # '2 and 5 make 6': read 2 as 1, 5 as 4, or 6 as 7; the tool cannot choose, and says so
    p = passage({"a": 2, "b": 5, "s": 6}, [{"id": "sum", "kind": "sum", "of": ["a", "b"], "is": "s"}])
    result = check_passage(p, EDITION)
    assert [c.values() for c in result.corrections] == [{"a": 1}, {"b": 4}, {"s": 7}]
    assert all(c.tied and c.confidence == "low" for c in result.corrections)
    assert "(tied: the tool cannot choose)" in passage_findings(result, EDITION)[0].message
    # an erratum said to be the tool's cannot be either of them
    e = example_erratum("e", "p", "a", 1, (2,), (1,))
    [f] = check_example_errata([result], (e,), EDITION)
    assert f.kind == "erratum" and "cannot choose between its top-ranked corrections" in f.message
    assert check_example_errata([result], (dataclasses.replace(e, resp="editor"),), EDITION) == []


def test_a_consistent_passage_has_no_correction_and_no_finding():
    p = passage(*rich(7, 12))
    result = check_passage(p, EDITION)
    assert result.status == "ok" and result.corrections == () and passage_findings(result, EDITION) == []


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 400), st.integers(2, 400), st.sampled_from(["a", "b", "s", "p", "a2", "b2", "s2", "a3"]),
       st.data())
def test_a_number_perturbed_by_one_slip_is_read_back_ranked_first(a, b, token, data):
    values, statements = rich(a, b)
    slips = sorted(v for v in rereadings(values[token]) if v > 0)
    assume(slips)
    printed = data.draw(st.sampled_from(slips))
    p = passage({**values, token: printed}, statements)
    result = check_passage(p, EDITION)
    assert result.status == "wrong"
    first = result.corrections[0]
    assert first.values() == {token: values[token]} and not first.tied
    assert first.changes[0].slip == rereadings(printed).get(values[token], first.changes[0].slip)
    assert [(f.position.number, f.printed, f.expected) for f in passage_findings(result, EDITION)] == [
        (token, (printed,), (values[token],))]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 60), st.integers(2, 60), st.lists(st.sampled_from(["a", "b", "s", "p", "a2", "b2", "s2",
                                                                         "a3"]), min_size=1, max_size=3,
                                                          unique=True),
       st.integers(1, 9))
def test_every_correction_makes_every_statement_hold(a, b, tokens, delta):
    values, statements = rich(a, b)
    p = passage({**values, **{t: values[t] + delta for t in tokens}}, statements)
    result = check_passage(p, EDITION)
    for c in result.corrections:
        read = {**p.values(), **c.values()}
        assert all(check(bind(s, read), EDITION).status != "wrong" for s in p.statements)
        assert len(c.changes) <= MAX_CHANGES
        assert all(read[x.token] != p.values()[x.token] for x in c.changes)
    sizes = [len(c.changes) for c in result.corrections]
    assert sizes == sorted(sizes) and len(set(sizes)) <= 1  # the smallest size only


def test_names_change_only_when_numbers_cannot():
    # a name against its numbers: '6 over the third part, superbipartiens tertias' (5:3): the printed 6 is
    # read back as 5 (one number) rather than the name read as 'dupla' (one name): numbers before names
    values = {"n": 6, "d": 3}
    tokens = (Token("n", "figure", "6", 1, 6), Token("d", "word", "third", 1, 3),
              Token("name", "name", "superbipartiens tertias", 1, (5, 3)))
    refs = (("name", "name"), ("of", ("n", "d")))
    params = (("printed", "superbipartiens tertias"),)
    operands, stated = assemble("ratio-name", dict(refs), {}, {**values, "name": (5, 3)})
    s = Example("r", 1, 1, "h", "q", "ratio-name", operands, stated, None, None, None, None, "p", refs, params)
    result = check_passage(ExamplePassage("p", "h", 1, 1, tokens, (s,)), EDITION)
    assert [c.values() for c in result.corrections][:2] == [{"n": 5}, {"name": (2, 1)}]


# --- the example errata --------------------------------------------------------------------------------

EXAMPLE_ERRATA = [e for e in ERRATA if e.table == "examples"]


def test_the_example_errata_are_the_tools_top_ranked_corrections():
    assert len(EXAMPLE_ERRATA) == 7
    for e in EXAMPLE_ERRATA:
        assert e.resp == "rithmocheck+editor" and e.position.number is not None
        [change] = [c for c in example_correction(e.position.example)[0].changes if c.token == e.position.number]
        assert change.numbers == (e.sic, e.corr.numbers) and change.slip == e.klass, e.id
    assert check_example_errata(tuple(RESULTS.values()), ERRATA, EDITION) == []


@pytest.mark.parametrize("i", range(7))
@pytest.mark.parametrize("mutation", ["delete", "corr", "sic", "duplicate"])
def test_any_mutated_example_erratum_fails_the_audit(i, mutation):
    e = EXAMPLE_ERRATA[i]
    rest = tuple(x for x in ERRATA if x.id != e.id)
    if mutation == "delete":
        errata = rest
    elif mutation == "corr":
        errata = rest + (dataclasses.replace(e, corr=Replace(e.corr.numbers[:-1] + (e.corr.numbers[-1] + 1,))),)
    elif mutation == "sic":
        errata = rest + (dataclasses.replace(e, sic=e.sic[:-1] + (e.sic[-1] + 1,)),)
    else:
        errata = ERRATA + (dataclasses.replace(e, id=e.id + "-again"),)
    assert exit_code(audit(errata)) == 1


def test_a_consistent_correction_that_is_not_the_top_is_only_an_editors():
    # the quarrel made consistent by two changes: 24 read as 36 and the excess 4 as 20 (2 4 6 8 36 64 is 120)
    other = (example_erratum("e-36", "victory-of-quarrel", "24@1071", 1071, (24,), (36,)),
             example_erratum("e-20", "victory-of-quarrel", "4@1073", 1073, (4,), (20,)))
    errata = replace_errata(drop={"example-victory-of-quarrel:24@1071"}, add=other)
    report = audit(errata)
    assert exit_code(report) == 1
    messages = [f.message for f in report.findings if f.kind == "erratum"]
    assert len(messages) == 2 and all("the passage's top-ranked consistent correction is 24 (line 1071) read as 20"
                                      in m for m in messages)
    editors = tuple(dataclasses.replace(e, resp="editor") if e.id in ("e-36", "e-20") else e for e in errata)
    assert exit_code(audit(editors)) == 0


def test_an_example_erratum_names_a_number_of_its_passage(tmp_path):
    from rithmocheck.audit.errata import parse_errata
    from rithmocheck.inputs import load_text

    def erratum(position):
        return load_text(textwrap.dedent(f"""\
            errata:
              - {{id: e, table: examples, kind: example, position: {position}, sic: [24], corr: [20],
                 class: digit changed, reason: the test, confidence: high, resp: editor}}
            """), "errata.yaml")

    (e,) = parse_errata(erratum('{example: victory-of-quarrel, number: "24@1071", witness_line: 1071}'), "x",
                        EDITION)
    assert e.position == ExamplePosition("victory-of-quarrel", 1071, "24@1071")
    with pytest.raises(InputError, match="stands on witness line 1071, not 1070"):
        parse_errata(erratum('{example: victory-of-quarrel, number: "24@1071", witness_line: 1070}'), "x", EDITION)
    with pytest.raises(InputError, match="no number '24@1070' in a worked example's passage"):
        parse_errata(erratum('{example: victory-of-quarrel, number: "24@1070", witness_line: 1070}'), "x", EDITION)


def test_proposals_for_the_examples_are_the_tools_corrections_and_pass_the_audit():
    from rithmocheck.audit.errata import parse_errata, propose
    from rithmocheck.inputs import LDict, LList

    findings = audit(tuple(e for e in ERRATA if e.table != "examples")).findings
    proposals = [p for p in propose(findings, EDITION.registry) if p["table"] == "examples"]
    assert {(p["id"], tuple(p["sic"]), tuple(p["corr"]), p["class"]) for p in proposals} == {
        (e.id, e.sic, e.corr.numbers, e.klass) for e in EXAMPLE_ERRATA}
    # confirmed by an editor, they are the curated example errata again: the audit is clean
    data = LDict(errata=LList(LDict({**p, "resp": "rithmocheck+editor"}) for p in proposals))
    confirmed = parse_errata(data, "proposed.yaml", EDITION)
    assert exit_code(audit(tuple(e for e in ERRATA if e.table != "examples") + confirmed)) == 0


def test_what_a_statement_implies_gives_back_every_number_it_holds_with():
    """For every statement of the witness that holds and every number it is about (once): with that
    number unknown, the values the statement implies include the printed one (or the statement does
    not determine it, None): the solver never misses a reading for want of an inversion."""
    from rithmocheck.audit.passages import implied

    determined = 0
    for r in RESULTS.values():
        values = r.passage.values()
        for c in r.checks:
            s = c.example
            if c.status != "ok":
                continue
            for t in s.tokens():
                slots = [k for k, ref in s.refs for x in (ref if isinstance(ref, tuple) else (ref,)) if x == t]
                if len(slots) != 1:
                    continue
                got = implied(s, t, {**values, t: 10**6 + 7}, EDITION)
                assert got is None or values[t] in got, (s.id, t, got)
                determined += got is not None
    assert determined > 400


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.integers(0, 2),
       st.sampled_from(["arithmetic", "geometric", "musical"]))
def test_a_proportion_implies_every_term_that_completes_it(p, q, i, relation):
    # no term exceeds 60 x 60 (the greatest: q*q/p, p*q/(2p - q)); all are searched
    from rithmocheck.audit.passages import _proportion
    from rithmocheck.model.proportions import holds

    known = [p, q]
    got = _proportion(relation, known[:i] + [0] + known[i:], i)
    want = [v for v in range(1, 60 * 60 + 1) if holds(relation, tuple(known[:i] + [v] + known[i:]))]
    assert sorted(got) == want


def test_a_finding_of_a_worked_example_cites_the_page_of_its_own_line():
    """The passage arithmetic-rule runs over witness lines 612-618, and the
    print turns the page within line 615 (image 27 left to right; the TCP's
    page break, pages.yaml): the wrong 35 on line 618 stands on image 27
    right, as its erratum says, not on the page where the passage begins."""
    report = run_audit(EDITION, load_errata(EDITION), ("examples",))
    found = [f for f in report.findings if f.table == "examples" and f.witness_line is not None]
    assert found
    for f in found:
        assert f.page == EDITION.page_at(f.witness_line), f
    [f35] = [f for f in found if getattr(f.position, "number", None) == "35@618"]
    assert (f35.witness_line, str(f35.page)) == (618, "image 27 right")
    assert str(EDITION.page_at(612)) == "image 27 left"
