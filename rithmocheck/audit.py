"""The audit: every printed entry against its regenerated table.

For each table the transcription (what was printed) is compared with the
table regenerated from first principles under the table's default universe
and reading (what is true), and every discrepancy becomes a Finding:

- misprint: a printed entry that fails its relation, with ranked candidates
  (rithmocheck.candidates) that satisfy it, lie in the universe and are not
  printed elsewhere; ranked by the slips needed, then whether the candidate
  fills an omission, then whether it keeps the printed order of the entry;
- spurious: a printed entry with no valid correction;
- duplicate: the same entry printed more often than the table has it;
- omission: a row of the complete table that the print lacks;
- count: a stated count that differs from the entries it counts;
- universe: which universe explains the print best (information, once per table).

Tables listed as entries (addition, proportions, ...) are compared entry by
entry; tables whose print names what each number is (the men, the kings,
the marking of the men, ...) are compared key by key. The worked examples
are checked in rithmocheck.examples; the curated errata are matched and
checked in rithmocheck.errata.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache

from . import candidates as cand
from .compare import ENTRY_TABLES, EVIDENCE_TABLES, evidence_table, generated_items, printed_key, row_key
from .findings import Finding, Suggestion
from .proportions import agrees, holds
from .sources import PrintedEntry, entries_of, entry_text
from .tables import REGISTRY, TABLE_IDS, Table, generate

KEYED_TABLES = ("men", "kings", "ratios", "standards", "k2-cossick-signs", "k2-kings", "k3-obsidion-only")
AUDITED = tuple(t for t in TABLE_IDS if t in ENTRY_TABLES or t in KEYED_TABLES)
CONFIDENCE_RANK = {"high": 0, "medium": 1, "low": 2}


# --- the relation each printed entry of an entry table must satisfy ------------

def satisfies(table: Table, numbers: tuple[int, ...], signs: tuple[int, ...] = ()) -> bool:
    """Whether a printed entry satisfies its table's relation, whatever its
    universe (rule of each table in the registry's `rule`)."""
    t = table.spec.id
    n = numbers
    if t == "k1-addition":
        return len(n) == 3 and n[0] + n[1] == n[2]
    if t == "k1-multiplication":
        return len(n) == 3 and min(n[0], n[1]) > 1 and n[0] * n[1] == n[2]
    if t == "k2-spaces-multiplication":
        p = table.params
        return len(n) == 3 and p["min_spaces"] <= n[1] <= p["max_spaces"] and n[0] * n[1] == n[2]
    if t == "k2-spaces-division":
        p = table.params
        return len(n) == 3 and p["min_spaces"] <= n[1] <= p["max_spaces"] and n[0] == n[1] * n[2]
    if t == "k2-cossick-taking":
        return len(n) == 2 and len(signs) == 1 and n[0] >= 2 and n[0] ** signs[0] == n[1]
    rels = table.spec.relations
    if len(rels) == 1:
        return len(n) == 3 and holds(rels[0], n)
    return len(n) == 4 and len(set(n)) == 4 and all(agrees(r, n, table.params["definition"]) for r in rels)


def entry_key(table_id: str, numbers: tuple[int, ...], signs: tuple[int, ...] = ()) -> tuple:
    return printed_key(table_id, PrintedEntry(table_id, None, "entry", tuple(numbers), "", tuple(signs)))


@lru_cache(maxsize=None)
def regenerated(table_id: str) -> Table:
    return generate(table_id)


# --- entry tables ----------------------------------------------------------------

def _position(e: PrintedEntry) -> dict:
    return e.position.as_dict()


def _neighbours(entries: list[PrintedEntry], i: int) -> tuple[int, ...]:
    """Numbers of the entries printed just before and after entry i in its column."""
    e = entries[i]
    out: list[int] = []
    for j in (i - 1, i + 1):
        if 0 <= j < len(entries):
            o = entries[j]
            if (o.position.block, o.position.column) == (e.position.block, e.position.column):
                out.extend(o.numbers)
    return tuple(out)


def _keeps_order(printed: tuple[int, ...], value: tuple[int, ...]) -> bool:
    """Whether the candidate keeps the printed order of the entry's numbers."""
    def order(t):
        return sorted(range(len(t)), key=lambda i: (t[i], i))
    return order(printed) == order(value)


def _owner(table_id: str, key: tuple) -> str | None:
    """Another table of the same shape whose complete table has this entry."""
    for other in ENTRY_TABLES:
        if other != table_id and len(REGISTRY[other].columns) == len(REGISTRY[table_id].columns):
            if key in generated_keys(other):
                return other
    return None


@lru_cache(maxsize=None)
def generated_keys(table_id: str) -> Counter:
    """The complete table's rows as comparable keys (with multiplicity)."""
    return generated_items(table_id, regenerated(table_id).rows)


def audit_entries(table_id: str) -> list[Finding]:
    table = regenerated(table_id)
    universe = table.universe.numbers
    complete = generated_keys(table_id)
    entries = [e for _p, e in entries_of(table_id) if e.role == "entry"]
    keys = [entry_key(table_id, e.numbers, e.signs) for e in entries]
    printed = Counter(keys)
    printed_set = frozenset(keys)
    findings: list[Finding] = []
    filled: Counter = Counter()
    seen: Counter = Counter()
    failing = []
    for i, (e, k) in enumerate(zip(entries, keys)):
        seen[k] += 1
        if k in complete:
            if seen[k] > complete[k]:
                findings.append(Finding(
                    table_id, "duplicate", f"{entry_text(e.numbers, e.signs)} is printed {printed[k]} times; "
                    f"the complete table has it {complete[k]} time{'s' if complete[k] > 1 else ''}",
                    _position(e), e.numbers, None))
            continue
        failing.append((i, e, k))
    missing = complete - printed
    found = {}
    for i, e, k in failing:
        def key_of(value, signs=e.signs):
            return entry_key(table_id, value, signs)

        found[i] = (key_of, cand.candidates(e.numbers, lambda v, key_of=key_of: key_of(v) in complete, universe,
                                            printed_set, _neighbours(entries, i), key=key_of))
    # The surest misprints claim the omissions they fill first (two misprints
    # may be read as the same missing entry; the likelier one takes it).
    order = sorted(failing, key=lambda f: ((found[f[0]][1][0].changes, CONFIDENCE_RANK[found[f[0]][1][0].confidence])
                                           if found[f[0]][1] else (9, 9), f[0]))
    by_index: dict[int, Finding] = {}
    for i, e, k in order:
        key_of, options = found[i]
        open_ = missing - filled

        def rank(c, e=e, key_of=key_of, open_=open_):
            return (c.changes, key_of(c.value) not in open_, not _keeps_order(e.numbers, c.value))

        ranked = sorted(options, key=lambda c: rank(c) + (CONFIDENCE_RANK[c.confidence], c.value))
        text = entry_text(e.numbers, e.signs)
        if not ranked:
            why = ("it satisfies the relation but a number is outside the universe "
                   f"({table.universe.name})" if satisfies(table, e.numbers, e.signs)
                   else "it fails the relation and no single or double slip mends it")
            owner = _owner(table_id, k)
            if owner:
                why += f"; it is an entry of {owner}"
            by_index[i] = Finding(table_id, "spurious", f"{text}: {why}", _position(e), e.numbers, None)
            continue
        top = ranked[0]
        tied = sum(1 for c in ranked if rank(c) == rank(top)) > 1
        suggestions = tuple(Suggestion(c.value, c.klass, "low" if tied else c.confidence) for c in ranked[:5])
        fills = key_of(top.value) in open_
        if fills:
            filled[key_of(top.value)] += 1
        by_index[i] = Finding(
            table_id, "misprint",
            f"{text} fails the relation ({table.spec.rule}); likeliest {entry_text(top.value, e.signs)} "
            f"({top.klass}{', filling an omission' if fills else ''})",
            _position(e), e.numbers, top.value, suggestions)
    findings.extend(by_index[i] for i in sorted(by_index))
    for k, n in sorted((missing - filled).items()):
        row = _row_of(table_id, k)
        for _ in range(n):
            findings.append(Finding(table_id, "omission", f"{' '.join(map(str, row))} is not printed",
                                    None, None, row))
    findings.extend(_nothing_findings(table_id, missing - filled))
    return findings


def _row_of(table_id: str, key: tuple) -> tuple[int, ...]:
    """The row of the regenerated table with this key, in the table's column
    order (integers only: the side of a spaces row is its printed column)."""
    for r in regenerated(table_id).rows:
        if row_key(table_id, r) == key:
            return tuple(v for v in (r[1:] if table_id.startswith("k2-spaces") else r) if isinstance(v, int))
    return tuple(key)


def _nothing_findings(table_id: str, missing: Counter) -> list[Finding]:
    """A printed 'nothing' for a number the complete table can take: its
    omissions are reported already; this names the wrong statement."""
    out = []
    for _p, e in entries_of(table_id):
        if e.role == "nothing" and e.numbers:
            rows = [k for k in missing if k and k[-1] == e.numbers[0]]
            if rows:
                out.append(Finding(table_id, "omission",
                                   f"'{e.text}': the print says nothing takes {e.numbers[0]}, but "
                                   + "; ".join(" ".join(map(str, r)) for r in sorted(rows)) + " do",
                                   _position(e), e.numbers, None))
    return out


# --- keyed tables ------------------------------------------------------------------

def _side_key(side: str, shape: str, order: int) -> str:
    # The king stands as the first-order square he is (men.yaml: "the King.153."...).
    return f"{side}/square/1" if shape == "pyramid" else f"{side}/{shape}/{order}"


def keyed_expected(table_id: str) -> dict[str, list[tuple]]:
    """What each printed key should hold, from the regenerated table; units
    are tuples (a number, or a number with its cossick signs)."""
    rows = regenerated(table_id).rows
    out: dict[str, list[tuple]] = defaultdict(list)
    if table_id == "men":
        from . import men

        for side in men.SIDES:
            for m in men.army(side):
                out[_side_key(side, m.shape, m.order)].append((m.value,))
            out[f"{side}/king/sides"] = [(layer.value,) for layer in men.king(side).layers]
    elif table_id == "kings":
        for side in ("even", "odd"):
            layers = [r for r in rows if r[0] == side]
            for n, r in enumerate(reversed(layers), 1):  # printed lowest first
                out[f"{side}/layers/{n}"].append((r[3],))
            out[f"{side}/total"].append((sum(r[3] for r in layers),))
    elif table_id == "ratios":
        for side in ("even", "odd"):
            squares = [r for r in rows if r[0] == side and r[2] == "square2:square1"]
            for n, r in enumerate(squares, 1):
                out[f"superpartient/{side}/{n}/numerator"].append((int(r[5].split(":")[0]),))
                out[f"superpartient/{side}/{n}/difference"].append((r[8],))
    elif table_id == "standards":
        for side, k, v in rows:
            out[f"{side}/{k}"].append((v,))
    elif table_id == "k2-cossick-signs":
        for side, shape, order, value, signs in rows:
            out[_side_key(side, shape, order)].append((value,) + tuple(int(s) for s in signs.split()))
    elif table_id == "k2-kings":
        for side, _step, root, quadrate in rows:
            out[f"{side}/roots"].append((root,))
            out[f"{side}/quadrates"].append((quadrate,))
    elif table_id == "k3-obsidion-only":
        for side, _shape, _order, value in rows:
            out[side].append((value,))
    return dict(out)


def _units(table_id: str, e: PrintedEntry) -> list[tuple]:
    if table_id == "k2-cossick-signs":
        return [e.numbers + e.signs]
    return [(n,) for n in e.numbers]


def _unit_text(u: tuple) -> str:
    return entry_text(u[:1], u[1:])


def _slip(printed: tuple, expected: tuple) -> Suggestion:
    if printed[0] == expected[0]:
        return Suggestion(expected, "cossick sign", "high")
    klass = cand.rereadings(printed[0]).get(expected[0])
    if klass is None:
        return Suggestion(expected, "wrong number", "medium")
    return Suggestion(expected, klass, cand.CONFIDENCE.get(klass, "low"))


def audit_keyed(table_id: str) -> list[Finding]:
    expected = keyed_expected(table_id)
    by_key: dict[str, list[tuple[PrintedEntry, tuple]]] = defaultdict(list)
    for _p, e in entries_of(table_id):
        if e.role == "entry":
            for u in _units(table_id, e):
                by_key[e.key or ""].append((e, u))
    findings = []
    for key, items in by_key.items():
        if key not in expected:
            for e, u in items:
                findings.append(Finding(table_id, "spurious", f"{_unit_text(u)}: the key {key!r} names nothing "
                                        "the rules produce", _position(e), (u[0],), None))
            continue
        want = Counter(expected[key])
        seen: Counter = Counter()
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
                best = min(absent, key=lambda x: (x[0] != u[0], cand.rereadings(u[0]).get(x[0]) is None,
                                                  abs(x[0] - u[0])))
                absent.remove(best)
                s = _slip(u, best)
                what = "its cossick signs" if s.klass == "cossick sign" else "the number"
                findings.append(Finding(
                    table_id, "misprint", f"{key}: printed {_unit_text(u)}, the rule gives {_unit_text(best)} "
                    f"({what}; {s.klass})", _position(e), u[:1] if s.klass != "cossick sign" else u,
                    best[:1] if s.klass != "cossick sign" else best, (s,)))
            else:
                findings.append(Finding(table_id, "spurious", f"{key}: {_unit_text(u)} is not produced by the rules",
                                        _position(e), (u[0],), None))
        for e, u in extra:
            findings.append(Finding(table_id, "duplicate", f"{key}: {_unit_text(u)} printed more often than the "
                                    "rules produce it", _position(e), (u[0],), None))
        for u in absent:
            findings.append(Finding(table_id, "omission", f"{key}: {_unit_text(u)} is not printed", None, None, (u[0],)))
    return findings


# --- counts and universes ------------------------------------------------------------

def audit_counts(table_id: str) -> list[Finding]:
    entries = entries_of(table_id)
    findings = []
    for _p, c in entries:
        if c.role != "count":
            continue
        counted = [e for _p2, e in entries if e.role == "entry"
                   and (c.scope is None or any(s.covers(e.position) for s in c.scope))]
        stated = c.numbers[0]
        if stated != len(counted):
            scope = "" if c.scope is None else " in its scope"
            findings.append(Finding(table_id, "count", f"the print states {stated}; {len(counted)} entries are "
                                    f"printed{scope}", _position(c), (stated,), (len(counted),)))
    return findings


def audit_universe(table_id: str) -> list[Finding]:
    if table_id not in EVIDENCE_TABLES:
        return []
    options = evidence_table(table_id)
    default = next(e for e in options if e.is_default)
    best = max(options, key=lambda e: (e.explained, e.is_default))
    rest = "; ".join(f"{e.universe}{' ' + ' '.join(e.params) if e.params else ''}: {e.explained}"
                     for e in options if e is not default)
    verdict = ("no other explains more" if best is default
               else f"{best.universe} {' '.join(best.params)} explains more ({best.explained})")
    return [Finding(table_id, "universe",
                    f"{default.universe}{' ' + ' '.join(default.params) if default.params else ''} (default) explains "
                    f"{default.explained} of {default.printed} printed entries; {verdict} (others: {rest})",
                    informational=True)]


def audit_table(table_id: str) -> list[Finding]:
    body = audit_entries(table_id) if table_id in ENTRY_TABLES else audit_keyed(table_id)
    return audit_universe(table_id) + body + audit_counts(table_id)


def audit_tables(ids: tuple[str, ...] | None = None) -> list[Finding]:
    out: list[Finding] = []
    for t in ids or AUDITED:
        out.extend(audit_table(t))
    return out


# --- why a row belongs to its table (the reason of a supplied omission) ------------------

def explain_row(table_id: str, row: tuple[int, ...]) -> str:
    """The relation a row satisfies, with its numbers, and its universe."""
    from .proportions import four_term, triples_in

    table = regenerated(table_id)
    n = tuple(row)
    u = f"all in the universe {table.universe.name}"
    if table_id == "k1-addition":
        return f"{n[0]} + {n[1]} = {n[2]}, {u}"
    if table_id == "k1-multiplication":
        return f"{n[0]} x {n[1]} = {n[2]}, {u}"
    if table_id == "k2-spaces-multiplication":
        return f"{n[0]} x {n[1]} void spaces = {n[2]}, men of opposite sides"
    if table_id == "k2-spaces-division":
        return f"{n[0]} / {n[1]} void spaces = {n[2]}, men of opposite sides"
    if table_id == "k2-cossick-taking":
        return f"{n[1]} is a power of {n[0]}, men of opposite sides"
    parts = []
    for rel in table.spec.relations:
        triples = triples_in(tuple(sorted(n)), rel) if len(n) == 4 else ((tuple(sorted(n)),) if holds(rel, n) else ())
        if triples:
            a, b, c = triples[0]
            parts.append(f"{rel} {a} {b} {c}")
        elif len(n) == 4 and four_term(rel, n):
            a, b, c, d = sorted(n)
            parts.append(f"{rel} {a}:{b} = {c}:{d}" if rel == "geometric" else f"{rel} {b}-{a} = {d}-{c}")
    return "; ".join(parts) + f"; {u}"
