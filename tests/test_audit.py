"""The audit: findings derived by hand from the witness, asserted exactly."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EDITION, by_kind, default_table, family, pos
from rithmocheck.audit import candidates as cand
from rithmocheck.audit.run import audit_ids
from rithmocheck.audit.tables import audit_counts, audit_entries, audit_keyed, audit_table, audit_universe
from rithmocheck.tables import EntryFamily


def AUDITED() -> tuple[str, ...]:
    return audit_ids((), EDITION)[0]


def entries(t):
    return audit_entries(family(t), EDITION)


def keyed(t):
    return audit_keyed(family(t), EDITION)


def counts(t):
    return audit_counts(family(t), EDITION)


def test_misprint_with_its_correction():
    # k1-arithmetic, column 3 line 6 (witness 620ff.): "56 64 71" has differences 8 and 7;
    # 56 64 72 is arithmetic, 72 an even triangle, and the print lacks it.
    [m] = by_kind(entries("k1-arithmetic"), "misprint")
    assert m.position == pos("k1-arithmetic", 1, 3, 6) and m.witness_line == 622  # "... 56 64 71 2 16 30 ..."
    assert m.printed == (56, 64, 71) and m.expected == (56, 64, 72)
    assert m.candidates[0].klass == "digit changed"
    assert "filling an omission" in m.message


def test_misprints_of_the_musical_table():
    found = {f.printed: f.expected for f in by_kind(entries("k1-musical"), "misprint")}
    # 5 45 225 -> 25 45 225: (45-25)*225 = (225-45)*25 = 4500, the 2 dropped;
    # 30 45 49 -> 30 45 90: 30*45/(2*30-45) = 90; 3 15 16 -> 3 5 15: 2*15 = 10*3
    assert found == {(5, 45, 225): (25, 45, 225), (30, 45, 49): (30, 45, 90), (3, 15, 16): (3, 5, 15)}


def test_omissions_of_the_geometric_table():
    # 30*30 = 4*225 = 9*100 = 900 and 190*190 = 100*361: all men, none printed
    assert [f.expected for f in by_kind(entries("k1-geometric"), "omission")] == [
        (4, 30, 225), (9, 30, 100), (100, 190, 361)]


def test_count_mismatch_of_the_musical_table():
    [c] = counts("k1-musical")
    assert (c.printed, c.expected, c.position) == ((17,), (18,), pos("k1-musical", 1, 1, 19))


def test_counts_in_their_scope_agree():
    # kind 2, spaces: 21 and 17 count one list each; 20 and 27 one column each
    assert counts("k2-spaces-multiplication") == []
    assert counts("k2-spaces-division") == []
    assert counts("k1-arithmetic") == [] and counts("k1-geometric") == []


def test_duplicate_and_spurious():
    f = entries("k1-arithmetic-geometric")
    [d] = by_kind(f, "duplicate")
    assert d.printed == (9, 12, 16, 20) and d.position == pos("k1-arithmetic-geometric", 1, 2, 6)
    spurious = {s.printed for s in by_kind(entries("k1-addition"), "spurious")}
    assert spurious == {(7, 12), (121, 169, 190)}  # 121 + 169 = 290, no man


def test_two_misprints_do_not_claim_one_omission():
    f = by_kind(entries("k1-all-three"), "misprint")
    fills = [x for x in f if "filling an omission" in x.message]
    assert Counter(x.expected for x in fills).most_common(1)[0][1] == 1
    assert {x.printed: x.expected for x in fills}[(5, 6, 25, 45)] == (5, 9, 25, 45)  # a turned 9


def test_keyed_tables():
    [m] = by_kind(keyed("k3-obsidion-only"), "misprint")
    assert (m.printed, m.expected, m.candidates[0].klass) == ((135,), (153,), "digits transposed")
    signs = {f.printed: f.expected for f in by_kind(keyed("k2-cossick-signs"), "misprint")}
    # 81 is no odd first-order triangle (12 30 56 90); 64 = 8^2 = 4^3 = 2^6 of the even
    assert signs == {(81,): (90,), (64, 1, 3, 6): (64, 2, 3, 6)}
    for t in ("men", "kings", "ratios", "standards", "k2-kings"):
        assert [f for f in audit_table(t, EDITION) if not f.informational] == [], t


def test_universe_reported_once_per_table():
    [u] = audit_universe(family("k1-addition"), EDITION)
    assert u.informational and u.kind == "universe"
    assert u.message.startswith("men+layers (default) explains 80 of 83 printed entries")


def test_every_printed_entry_is_accounted_for():
    """No entry is silently skipped: each printed entry of an entry table is
    in the complete table or is the subject of a finding."""
    checked = 0
    for t in AUDITED():
        f = family(t)
        if not isinstance(f, EntryFamily):
            continue
        flagged = {x.position for x in audit_table(t, EDITION) if x.position is not None}
        complete = f.generated_items(default_table(t))
        for e in EDITION.entries(t):
            if e.role == "entry" and f.key(e.numbers, e.signs) not in complete:
                assert e.position in flagged, (t, e)
                checked += 1
    # 15 misprints (3 k1-all-three, 3 k1-musical, 2 k1-arithmetic-geometric, 2 k1-arithmetic-musical,
    # 2 k2-spaces-division, 1 each k1-addition, k1-multiplication, k1-arithmetic) and 3 spurious
    # entries: two of k1-addition ("7 12" under the head "50", and 121 169 190) and 5 15 25 45 of
    # k1-all-three (its one reading, 5 9 25 45, is the reading of 5 6 25 45)
    assert checked == 18


def test_the_audits_own_corrections_make_the_complete_table():
    """The tool's minimal correction of each entry table (a misprint read as
    its likeliest reading, a spurious or repeated entry left out, an omission
    supplied) holds every row of the regenerated table as often as it has
    it: two misprints are never read as the same row."""
    for t in AUDITED():
        f = family(t)
        if not isinstance(f, EntryFamily):
            continue
        found = audit_table(t, EDITION)
        at = {x.position: x for x in found if x.kind.value in ("misprint", "spurious", "duplicate")}
        got: Counter = Counter()
        for e in EDITION.entries(t):
            x = at.get(e.position) if e.role == "entry" else None
            if e.role == "entry" and x is None:
                got[f.key(e.numbers, e.signs)] += 1
            elif x is not None and x.kind.value == "misprint":
                got[f.key(x.expected, e.signs)] += 1
        for x in found:
            if x.kind.value == "omission" and x.position is None:  # (a printed "nothing" names omissions again)
                got[f.key(*f.split(x.expected))] += 1
        assert got == f.generated_items(default_table(t)), t


def test_a_misprint_whose_readings_are_all_taken_is_spurious():
    """k1-all-three prints 5 6 25 45 (row 16) and 5 15 25 45 (row 19), and
    the complete table has 5 9 25 45 once: the turned 6 takes it, so 5 15
    25 45, whose only reading it is (9 for 15, a number of the entry below, 6 8 9 12),
    is spurious, and the stated 30 (row 10 of column 2) stands over 28."""
    found = {(x.position.row, x.position.column): x for x in audit_table("k1-all-three", EDITION)
             if x.position is not None}
    assert found[(16, 1)].kind.value == "misprint" and found[(16, 1)].expected == (5, 9, 25, 45)
    assert found[(19, 1)].kind.value == "spurious"
    assert "5 9 25 45 (number of a neighbouring entry), is the reading of k1-all-three:1.1.16" in found[(19, 1)].message
    assert (found[(10, 2)].kind.value, found[(10, 2)].printed, found[(10, 2)].expected) == ("count", (30,), (28,))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_candidates_are_valid_entries(data):
    """A corrupted valid entry gets only candidates that satisfy the relation,
    lie in the universe and are not printed elsewhere."""
    t = data.draw(st.sampled_from(["k1-arithmetic", "k1-geometric", "k1-musical", "k1-addition",
                                   "k1-multiplication", "k2-spaces-division"]))
    f = family(t)
    table = default_table(t)
    complete = f.generated_items(table)
    row = data.draw(st.sampled_from(sorted(complete)))
    entry = tuple(row)  # a row key is a printable entry (proportions ascending)
    i = data.draw(st.integers(0, len(entry) - 1))
    wrong = data.draw(st.sampled_from(sorted(cand.rereadings(entry[i]))))
    bad = entry[:i] + (wrong,) + entry[i + 1:]
    printed = frozenset(f.key(e.numbers) for e in EDITION.entries(t) if e.role == "entry")
    for c in cand.candidates(bad, lambda v: f.key(v) in complete, table.universe.numbers, printed, key=f.key):
        assert f.satisfies(c.value, (), table.params)
        assert all(n in table.universe.numbers for n in c.value)
        assert f.key(c.value) not in printed


def test_audit_json_follows_the_published_schema():
    import json

    from click.testing import CliRunner
    from jsonschema import Draft202012Validator

    from rithmocheck.audit.findings import AUDIT_SCHEMA_ID, KINDS
    from rithmocheck.cli import cli
    from rithmocheck.export.report import audit_schema

    schema = audit_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == AUDIT_SCHEMA_ID and schema["$defs"]["kind"]["enum"] == list(KINDS)
    r = CliRunner().invoke(cli, ["audit", "--format", "json"])
    data = json.loads(r.stdout)
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    assert all(f["witness_line"] for f in data["findings"])  # every finding says where it stands
    assert data["summary"]["tables"] == 19 and data["summary"]["examples"] == 333
    # the schema can fail: a finding of an unknown kind, or without its witness line field
    bad = json.loads(r.stdout)
    bad["findings"][0]["kind"] = "typo"
    del bad["findings"][1]["witness_line"]
    assert len(list(Draft202012Validator(schema).iter_errors(bad))) == 2


def test_every_recorded_reading_is_a_note_of_the_audit():
    # the readings are counted from the edition's files as data, not by the audit's code: the cells
    # carrying `reading:` in tables/*.yaml and the figures under `readings:` in examples.yaml
    import yaml

    from rithmocheck.audit.run import run_audit

    root = EDITION.root
    cells = sum(1 for path in (root / "tables").glob("*.yaml")
                for b in yaml.safe_load(path.read_text())["blocks"] for c in b["columns"] for x in c["cells"]
                if isinstance(x, dict) and "reading" in x)
    passages = yaml.safe_load((root / "examples.yaml").read_text())["passages"]
    figures = sum(len(p.get("readings") or {}) for p in passages)
    report = run_audit(EDITION)
    notes = [f for f in report.findings if f.kind == "reading"]
    assert len(notes) == cells + figures == 10  # six cells (the lone 153 ... 361 and a blank), four figures
    assert all(f.informational and f.covered and f.erratum is None for f in notes)
    assert report.exit_code == 0 and "reading" not in report.summary()["by_kind"]
    assert "10 readings noted" in report.summary_line()
    by_place = {str(f.position): f for f in notes}
    six = by_place["subtraction:6@502 (witness line 502)"]
    assert six.table == "examples" and six.witness_line == 502 and "'6' read as the place letter 'G'" in six.message
    ors = [f for f in notes if f.position is not None and getattr(f.position, "example", "") == "victory-of-bodies"]
    assert [f.position.number for f in ors] == ["02@1059", "02@1059b", "02@1059c"]
    assert all("read as the word 'or'" in f.message for f in ors)
    lone = by_place["k1-multiplication:1.1.12"]  # 153 on the multiplication page, a column of the addition table
    assert lone.table == "k1-addition" and lone.printed == (153,) and lone.witness_line == 562
    assert "read as a printed 'nothing', where the second witness keys an entry" in lone.message
    blank = by_place["k1-arithmetic-musical:1.1.1"]
    assert blank.printed is None and "'Arithmeticall and musicall proportion.'" in blank.message
    # an audit of one table notes its own readings only
    assert {str(f.position) for f in run_audit(EDITION, ids=["k1-addition"]).findings if f.kind == "reading"} == {
        "k1-multiplication:1.1.12", "k1-multiplication:1.1.13", "k1-multiplication:1.1.15",
        "k1-multiplication:1.1.16", "k1-multiplication:1.1.17"}
