"""The audit of the printed tables: every printed entry against its
regenerated table.

For each table the transcription (what was printed) is compared with the
table regenerated from first principles under the table's default universe
and reading (what is true), and every discrepancy becomes a Finding:

- misprint: a printed entry that fails its relation, with ranked candidates
  (rithmocheck.audit.candidates) that satisfy it, lie in the universe and are
  not printed elsewhere; ranked by the slips needed, then whether the
  candidate fills an omission, then whether it keeps the printed order;
- spurious: a printed entry with no valid correction;
- duplicate: the same entry printed more often than the table has it;
- omission: a row of the complete table that the print lacks;
- count: a stated count that differs from the entries it counts;
- universe: which universe explains the print best (information, once per table).

How an entry is compared is its family's (rithmocheck.tables.family): entry
families by `key`, keyed families by `expected`. This module holds only the
two comparisons, the same for every family of their kind.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from ..tables import EntryFamily, Family, KeyedFamily, Registry, Table
from ..tables.family import Unit
from ..witness.edition import Edition
from ..witness.entries import PrintedEntry, entry_text
from ..words import count
from . import candidates as cand
from .evidence import evidence_table
from .findings import NOT_EXPLAINED, Finding, Kind, ReadingEvidence, Suggestion, as_printed, best_reading

CONFIDENCE_RANK = {"high": 0, "medium": 1, "low": 2}



def audited(edition: Edition) -> tuple[str, ...]:
    """The tables of the edition the audit compares with their regenerated
    tables (the entry and keyed families)."""
    return tuple(t for t, f in edition.registry.items() if f.comparison in ("entry", "keyed"))

def _at(table: str, kind: Kind, message: str, e: PrintedEntry, printed: tuple[int, ...] | None,
        expected: tuple[int, ...] | None = None, candidates: tuple[Suggestion, ...] = ()) -> Finding:
    """A finding at a printed entry (its position, witness line and page)."""
    return Finding(table, kind, message, e.position, e.witness_line, e.page, printed, expected, candidates)


def _unplaced(f: Family, edition: Edition, kind: Kind, message: str, expected: tuple[int, ...] | None) -> Finding:
    """A finding with no printed place (an omission): it cites the table's heading."""
    return Finding(f.id, kind, message, None, f.witness_line, edition.page_at(f.witness_line), None, expected)


# --- entry tables -----------------------------------------------------------------------------------

def _neighbours(entries: list[PrintedEntry], i: int) -> tuple[int, ...]:
    """Numbers of the entries printed just before and after entry i in its column."""
    e = entries[i]
    out: list[int] = []
    for j in (i - 1, i + 1):
        if 0 <= j < len(entries):
            o = entries[j]
            if (o.position.passage, o.position.block, o.position.column) == (
                    e.position.passage, e.position.block, e.position.column):
                out.extend(o.numbers)
    return tuple(out)


def _keeps_order(printed: tuple[int, ...], value: tuple[int, ...]) -> bool:
    """Whether the candidate keeps the printed order of the entry's numbers."""
    def order(t: tuple[int, ...]) -> list[int]:
        return sorted(range(len(t)), key=lambda i: (t[i], i))
    return order(printed) == order(value)


def _owner(f: EntryFamily, key: tuple[int, ...], registry: Registry) -> str | None:
    """Another entry table of the same shape whose complete table has this entry."""
    def has(other: EntryFamily) -> bool:
        return len(other.columns) == len(f.columns) and key in other.generated_items(other.default_table())

    for other in registry.values():
        if other is not f and other.match(has, lambda keyed: False):
            return other.id
    return None


def _keyer(f: EntryFamily, signs: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """How a candidate re-reading of an entry with these signs is compared."""
    return lambda value: f.key(value, signs)


def _in(key_of: Callable[[tuple[int, ...]], tuple[int, ...]],
        complete: Counter[tuple[Any, ...]]) -> Callable[[tuple[int, ...]], bool]:
    return lambda value: key_of(value) in complete


def audit_entries(f: EntryFamily, edition: Edition, table: Table | None = None) -> list[Finding]:
    """The findings of an entry table against its regenerated table (by
    default under its default universe and reading; rithmocheck.audit.evidence
    weighs the other readings with it)."""
    table = f.default_table() if table is None else table
    universe = table.universe.numbers
    complete = f.generated_items(table)
    entries = [e for e in edition.entries(f.id) if e.role == "entry"]
    keys = [f.key(e.numbers, e.signs) for e in entries]
    printed = Counter(keys)
    printed_set = frozenset(keys)
    findings: list[Finding] = []
    filled: Counter[tuple[int, ...]] = Counter()
    seen: Counter[tuple[int, ...]] = Counter()
    failing = []
    for i, (e, k) in enumerate(zip(entries, keys)):
        seen[k] += 1
        if k in complete:
            if seen[k] > complete[k]:
                findings.append(_at(f.id, Kind.DUPLICATE, f"{entry_text(e.numbers, e.signs)} is printed {printed[k]} "
                                    f"times; the complete table has it {count(complete[k], 'time')}", e, e.numbers))
            continue
        failing.append((i, e, k))
    missing = complete - printed
    found: dict[int, tuple[Callable[[tuple[int, ...]], tuple[int, ...]], list[cand.Candidate]]] = {}
    for i, e, _k in failing:
        key_of = _keyer(f, e.signs)
        # (an empty table, as a reading may make one, has no row a re-reading could be: no search)
        found[i] = (key_of, cand.candidates(e.numbers, _in(key_of, complete), universe, printed_set,
                                            _neighbours(entries, i), key=key_of) if complete else [])
    # The surest misprints claim the omissions they fill first (two misprints
    # may be read as the same missing entry; the likelier one takes it).
    def certainty(item: tuple[int, PrintedEntry, tuple[int, ...]]) -> tuple[int, int, int]:
        options = found[item[0]][1]
        if not options:
            return (9, 9, item[0])
        return (options[0].changes, CONFIDENCE_RANK[options[0].confidence], item[0])

    by_index: dict[int, Finding] = {}
    claimed: dict[tuple[int, ...], PrintedEntry] = {}  # an omission -> the misprint read as it
    for i, e, k in sorted(failing, key=certainty):
        key_of, options = found[i]
        open_ = missing - filled
        if options and not any(key_of(c.value) in open_ for c in options):
            # Every reading found is a row the corrected table already holds as often as the
            # complete table has it (printed, or the reading of a surer misprint): taking it would
            # print that row twice. The likeliest reading that fills an omission still open, if
            # any, with one or two slips; else the entry is spurious.
            taken = options
            options = cand.candidates(e.numbers, _in(key_of, open_), universe, printed_set,
                                      _neighbours(entries, i), key=key_of)
            if not options:
                t = taken[0]
                by = claimed.get(key_of(t.value))
                whose = f"the reading of {by.position} ({entry_text(by.numbers, by.signs)})" if by else "printed"
                by_index[i] = _at(f.id, Kind.SPURIOUS,
                                  f"{entry_text(e.numbers, e.signs)} fails the relation ({f.rule}) and no reading "
                                  "mends it without printing a row twice: its likeliest, "
                                  f"{entry_text(t.value, e.signs)} ({t.klass}), is {whose}", e, e.numbers)
                continue

        def rank(c: cand.Candidate, e: PrintedEntry = e, key_of: Callable[[tuple[int, ...]], tuple[int, ...]] = key_of,
                 open_: Counter[tuple[int, ...]] = open_) -> tuple[int, bool, bool]:
            return (c.changes, key_of(c.value) not in open_, not _keeps_order(e.numbers, c.value))

        ranked = sorted(options, key=lambda c: rank(c) + (CONFIDENCE_RANK[c.confidence], c.value))
        text = entry_text(e.numbers, e.signs)
        if not ranked:
            why = ("it satisfies the relation but a number is outside the universe "
                   f"({table.universe.name})" if f.satisfies(e.numbers, e.signs, table.params)
                   else "it fails the relation and no single or double slip mends it")
            owner = _owner(f, k, edition.registry)
            if owner:
                why += f"; it is an entry of {owner}"
            by_index[i] = _at(f.id, Kind.SPURIOUS, f"{text}: {why}", e, e.numbers)
            continue
        top = ranked[0]
        tied = sum(1 for c in ranked if rank(c) == rank(top)) > 1
        suggestions = tuple(Suggestion(c.value, c.klass, "low" if tied else c.confidence) for c in ranked[:5])
        fills = key_of(top.value) in open_
        if fills:
            filled[key_of(top.value)] += 1
            claimed.setdefault(key_of(top.value), e)
        by_index[i] = _at(f.id, Kind.MISPRINT,
                          f"{text} fails the relation ({f.rule}); likeliest {entry_text(top.value, e.signs)} "
                          f"({top.klass}{', filling an omission' if fills else ''})",
                          e, e.numbers, top.value, suggestions)
    findings.extend(by_index[i] for i in sorted(by_index))
    rows = {f.row_key(r): r for r in table.rows}
    for k, n in sorted((missing - filled).items()):
        numbers, signs = f.row_entry(rows[k])
        for _ in range(n):
            findings.append(_unplaced(f, edition, Kind.OMISSION, f"{entry_text(numbers, signs)} is not printed",
                                      numbers + signs))
    findings.extend(_nothing_findings(f, edition, missing - filled, rows))
    return findings


def _nothing_findings(f: EntryFamily, edition: Edition, missing: Counter[tuple[int, ...]],
                      rows: dict[tuple[int, ...], tuple[object, ...]]) -> list[Finding]:
    """A printed 'nothing' under a head the complete table has rows for:
    those omissions are reported already; this names the wrong statement."""
    out = []
    for e in edition.entries(f.id):
        if e.role == "nothing" and e.numbers:
            head = e.numbers[0]
            denied = [entry_text(*f.row_entry(rows[k])) for k in sorted(missing) if f.in_group(k, head)]
            if denied:
                out.append(_at(f.id, Kind.OMISSION, f"'{e.text}': the print says nothing follows {head}, but "
                               + "; ".join(denied) + " do", e, e.numbers))
    return out


# --- keyed tables -------------------------------------------------------------------------------------

def _slip(printed: Unit, expected: Unit) -> Suggestion:
    if printed[0] == expected[0]:
        return Suggestion(expected, "cossick sign", "high")
    klass = cand.rereadings(printed[0]).get(expected[0])
    if klass is None:
        return Suggestion(expected, "wrong number", "medium")
    return Suggestion(expected, klass, cand.CONFIDENCE.get(klass, "low"))


def _nearest(u: Unit) -> Callable[[Unit], tuple[bool, bool, int]]:
    """How near an expected unit is to the printed u: the same number first
    (its signs differ), then a number u may be a slip for, then the closest."""
    return lambda x: (x[0] != u[0], cand.rereadings(u[0]).get(x[0]) is None, abs(x[0] - u[0]))


def audit_keyed(f: KeyedFamily, edition: Edition) -> list[Finding]:
    expected = f.expected(f.default_table())
    by_key: dict[str, list[tuple[PrintedEntry, Unit]]] = defaultdict(list)
    for e in edition.entries(f.id):
        if e.role == "entry":
            for u in f.units(e):
                by_key[e.key or ""].append((e, u))
    findings = []
    for key, items in by_key.items():
        if key not in expected:
            for e, u in items:
                findings.append(_at(f.id, Kind.SPURIOUS, f"{as_printed(f, u)}: the key {key!r} names nothing "
                                    "the rules produce", e, (u[0],)))
            continue
        want = Counter(expected[key])
        seen: Counter[Unit] = Counter()
        extra = []
        for e, u in items:
            seen[u] += 1
            if u in want and seen[u] > want[u]:
                extra.append((e, u))
        wrong_units = [(e, u) for e, u in items if u not in want]
        absent = sorted((want - Counter(u for _e, u in items)).elements())
        # pair each printed unit that is not expected with an expected unit the print lacks
        for e, u in wrong_units:
            if absent:
                best = min(absent, key=_nearest(u))
                absent.remove(best)
                s = _slip(u, best)
                what = "its cossick signs" if s.klass == "cossick sign" else "the number"
                whole = s.klass == "cossick sign"
                findings.append(_at(f.id, Kind.MISPRINT, f"{key}: printed {as_printed(f, u)}, the rule gives "
                                    f"{as_printed(f, best)} ({what}; {s.klass})", e, u if whole else u[:1],
                                    best if whole else best[:1], (s,)))
            else:
                findings.append(_at(f.id, Kind.SPURIOUS, f"{key}: {as_printed(f, u)} is not produced by the rules",
                                    e, (u[0],)))
        for e, u in extra:
            findings.append(_at(f.id, Kind.DUPLICATE, f"{key}: {as_printed(f, u)} printed more often than the "
                                "rules produce it", e, (u[0],)))
        for u in absent:
            findings.append(_unplaced(f, edition, Kind.OMISSION, f"{key}: {as_printed(f, u)} is not printed",
                                      (u[0],)))
    return findings


# --- counts and universes ------------------------------------------------------------------------------

def audit_counts(f: Family, edition: Edition, findings: Sequence[Finding] = ()) -> list[Finding]:
    """Each stated count against the entries it counts that the table keeps:
    those printed in its scope, less those the audit finds spurious or
    printed twice (`findings`: the table's other findings)."""
    entries = edition.entries(f.id)
    dropped = {x.position for x in findings if x.kind in (Kind.SPURIOUS, Kind.DUPLICATE)}
    out = []
    for c in entries:
        if c.role != "count":
            continue
        counted = [e for e in entries if e.role == "entry" and c.counts(e)]
        kept = [e for e in counted if e.position not in dropped]
        stated = c.numbers[0]
        if stated != len(kept):
            scope = "" if c.scope is None else " in its scope"
            less = len(counted) - len(kept)
            why = f", {less} of them spurious or printed twice" if less else ""
            out.append(_at(f.id, Kind.COUNT, f"the print states {stated}; {len(counted)} entries are printed"
                           f"{scope}{why}, so the table has {len(kept)}", c, (stated,), (len(kept),)))
    return out


# where the universe finding of a four-number table goes on to weigh its readings (the HTML edition, which
# tabulates them, shows the finding up to here)
READINGS_WEIGHED = ". The readings of 'agree in a proportion'"


def audit_universe(f: Family, edition: Edition, readings: Sequence[ReadingEvidence] | None = None) -> list[Finding]:
    """Which universe explains the print best (once per table, information);
    for a four-number table, each reading under the default universe too
    (`readings`, else weighed here): the rows it explains, those it does
    not, the omissions it implies, and whether the default is the reading
    the evidence chooses."""
    if not f.shows_evidence:
        return []
    reading = f.params.get("definition")
    fixed = (f"definition={reading.default}",) if reading is not None else None
    options = [e for e in evidence_table(f, edition) if fixed is None or e.params == fixed]
    default = next(e for e in options if e.is_default)
    best = max(options, key=lambda e: (e.explained, e.is_default))
    rest = "; ".join(f"{e.universe}: {e.explained}" for e in options if e is not default)
    under = f" under {' '.join(fixed)}" if fixed else ""
    verdict = ("no other explains more" if best is default else f"{best.universe} explains more ({best.explained})")
    message = (f"{default.universe} (default) explains {default.explained} of {default.printed} printed entries"
               f"{under}; {verdict} (others: {rest})")
    if reading is not None:
        readings = reading_evidence(f, edition) if readings is None else readings
        chosen = best_reading(readings)
        verdict = ("the default is the reading that explains the most printed rows with the fewest omissions"
                   if chosen.is_default else f"{chosen.definition}, not the default, explains the most printed "
                   "rows with the fewest omissions")
        message += (f"{READINGS_WEIGHED}, under {default.universe}: "
                    + "; ".join(r.summary() for r in readings) + f": {verdict}")
    return [Finding(f.id, Kind.UNIVERSE, message, witness_line=f.witness_line, page=edition.page_at(f.witness_line),
                    informational=True)]


def audit_table(table_id: str, edition: Edition, readings: Sequence[ReadingEvidence] | None = None) -> list[Finding]:
    f = edition.registry.family(table_id)
    body = f.match(lambda entry: audit_entries(entry, edition), lambda keyed: audit_keyed(keyed, edition))
    return audit_universe(f, edition, readings) + body + audit_counts(f, edition, body)


# --- the readings of the four-number tables, each weighed against the print ----------------------------

def reading_evidence(f: Family, edition: Edition) -> tuple[ReadingEvidence, ...]:
    """Every reading of a four-number table against its print, in the order
    of FOUR_DEFINITIONS (the narrowest first); nothing for other tables."""
    reading = f.params.get("definition")
    if reading is None:
        return ()
    return f.match(lambda entry: _weigh(entry, edition, reading.choices, reading.default), lambda keyed: ())


def _weigh(f: EntryFamily, edition: Edition, choices: Sequence[str], default: object) -> tuple[ReadingEvidence, ...]:
    printed = sum(1 for e in edition.entries(f.id) if e.role == "entry")
    out = []
    for d in choices:
        table = f.default_table() if d == default else f.table(None, (f"definition={d}",))
        findings = audit_entries(f, edition, table)
        out.append(ReadingEvidence(
            f.id, d, table.universe.name, printed,
            tuple(x for x in findings if x.kind in NOT_EXPLAINED and x.position is not None),
            tuple(x.expected for x in findings
                  if x.kind is Kind.OMISSION and x.position is None and x.expected is not None),
            d == default))
    return tuple(out)
