"""The audit: findings derived by hand from the witness, asserted exactly."""

from collections import Counter

from hypothesis import given, settings, strategies as st

from rithmocheck.audit import (AUDITED, audit_counts, audit_entries, audit_keyed, audit_table, audit_universe,
                               entry_key, generated_keys, regenerated, satisfies)
from rithmocheck import candidates as cand
from rithmocheck.sources import entries_of


def by_kind(findings, kind):
    return [f for f in findings if f.kind == kind]


def test_misprint_with_its_correction():
    # k1-arithmetic, column 3 line 6 (witness 620ff.): "56 64 71" has differences 8 and 7;
    # 56 64 72 is arithmetic, 72 an even triangle, and the print lacks it.
    [m] = by_kind(audit_entries("k1-arithmetic"), "misprint")
    assert m.position == {"block": 1, "column": 3, "line": 6}
    assert m.printed == (56, 64, 71) and m.expected == (56, 64, 72)
    assert m.candidates[0].klass == "digit changed"
    assert "filling an omission" in m.message


def test_misprints_of_the_musical_table():
    found = {f.printed: f.expected for f in by_kind(audit_entries("k1-musical"), "misprint")}
    # 5 45 225 -> 25 45 225: (45-25)*225 = (225-45)*25 = 4500, the 2 dropped;
    # 30 45 49 -> 30 45 90: 30*45/(2*30-45) = 90; 3 15 16 -> 3 5 15: 2*15 = 10*3
    assert found == {(5, 45, 225): (25, 45, 225), (30, 45, 49): (30, 45, 90), (3, 15, 16): (3, 5, 15)}


def test_omissions_of_the_geometric_table():
    # 30*30 = 4*225 = 9*100 = 900 and 190*190 = 100*361: all men, none printed
    assert [f.expected for f in by_kind(audit_entries("k1-geometric"), "omission")] == [
        (4, 30, 225), (9, 30, 100), (100, 190, 361)]


def test_count_mismatch_of_the_musical_table():
    [c] = audit_counts("k1-musical")
    assert (c.printed, c.expected, c.position) == ((17,), (18,), {"block": 1, "column": 1, "line": 19})


def test_counts_in_their_scope_agree():
    # kind 2, spaces: 21 and 17 count one list each; 20 and 27 one column each
    assert audit_counts("k2-spaces-multiplication") == []
    assert audit_counts("k2-spaces-division") == []
    assert audit_counts("k1-arithmetic") == [] and audit_counts("k1-geometric") == []


def test_duplicate_and_spurious():
    f = audit_entries("k1-arithmetic-geometric")
    [d] = by_kind(f, "duplicate")
    assert d.printed == (9, 12, 16, 20) and d.position == {"block": 1, "column": 2, "line": 6}
    spurious = {s.printed for s in by_kind(audit_entries("k1-addition"), "spurious")}
    assert spurious == {(7, 12), (121, 169, 190)}  # 121 + 169 = 290, no man


def test_two_misprints_do_not_claim_one_omission():
    f = by_kind(audit_entries("k1-all-three"), "misprint")
    fills = [x for x in f if "filling an omission" in x.message]
    assert Counter(x.expected for x in fills).most_common(1)[0][1] == 1
    assert {x.printed: x.expected for x in fills}[(5, 6, 25, 45)] == (5, 9, 25, 45)  # a turned 9


def test_keyed_tables():
    [m] = by_kind(audit_keyed("k3-obsidion-only"), "misprint")
    assert (m.printed, m.expected, m.candidates[0].klass) == ((135,), (153,), "digits transposed")
    signs = {f.printed: f.expected for f in by_kind(audit_keyed("k2-cossick-signs"), "misprint")}
    # 81 is no odd first-order triangle (12 30 56 90); 64 = 8^2 = 4^3 = 2^6 of the even
    assert signs == {(81,): (90,), (64, 1, 3, 6): (64, 2, 3, 6)}
    for t in ("men", "kings", "ratios", "standards", "k2-kings"):
        assert [f for f in audit_table(t) if not f.informational] == [], t


def test_universe_reported_once_per_table():
    [u] = audit_universe("k1-addition")
    assert u.informational and u.kind == "universe"
    assert u.message.startswith("men+layers (default) explains 80 of 83 printed entries")


def test_every_printed_entry_is_accounted_for():
    """No entry is silently skipped: each printed entry of an entry table is
    in the complete table or is the subject of a finding."""
    for t in AUDITED:
        findings = audit_table(t)
        flagged = {tuple(sorted(f.position.items())) for f in findings if isinstance(f.position, dict)}
        if t.startswith("k1-") or t.startswith("k2-spaces") or t == "k2-cossick-taking":
            complete = generated_keys(t)
            for _p, e in entries_of(t):
                if e.role == "entry" and entry_key(t, e.numbers, e.signs) not in complete:
                    assert tuple(sorted(e.position.as_dict().items())) in flagged, (t, e)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_candidates_are_valid_entries(data):
    """A corrupted valid entry gets only candidates that satisfy the relation,
    lie in the universe and are not printed elsewhere."""
    t = data.draw(st.sampled_from(["k1-arithmetic", "k1-geometric", "k1-musical", "k1-addition",
                                   "k1-multiplication", "k2-spaces-division"]))
    table = regenerated(t)
    row = data.draw(st.sampled_from(sorted(generated_keys(t))))
    entry = tuple(row)  # a row key is a printable entry (proportions ascending)
    i = data.draw(st.integers(0, len(entry) - 1))
    wrong = data.draw(st.sampled_from(sorted(cand.rereadings(entry[i]))))
    bad = entry[:i] + (wrong,) + entry[i + 1:]
    printed = frozenset(entry_key(t, e.numbers) for _p, e in entries_of(t) if e.role == "entry")
    complete = generated_keys(t)
    for c in cand.candidates(bad, lambda v: entry_key(t, v) in complete, table.universe.numbers, printed,
                             key=lambda v: entry_key(t, v)):
        assert satisfies(table, c.value)
        assert all(n in table.universe.numbers for n in c.value)
        assert entry_key(t, c.value) not in printed
