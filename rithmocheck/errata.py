"""Curated errata: loading, matching to findings, checking, applying, exporting.

The curated errata (corrections/lever-fulke-1563.yaml) are an editor's
decisions about the findings of the audit. Each names the table, the
printed position, the reading as printed (sic) and the correction (corr:
numbers, or "omit"; an omission has corr "supply" and the supplied `entry`),
with the class of slip, the reason, a confidence and who is responsible
(`rithmocheck+editor`: derived by rithmocheck and confirmed by an editor;
`editor`: an editor's judgement against the tool). The errata are checked
like everything else: an erratum whose sic no longer matches the
transcription, whose correction fails the relation, or whose application
leaves a misprint, spurious entry or duplicate is itself a finding.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .audit import (ENTRY_TABLES, KEYED_TABLES, audit_tables, entry_key, explain_row, generated_keys,
                    keyed_expected, regenerated)
from .findings import Finding
from .sources import SOURCE_DIR, PrintedEntry, entries_of, entry_text
from .tables import TABLE_IDS
from .yamlsafe import InputError, LDict, LList, load_file

CORRECTIONS = SOURCE_DIR.parent.parent / "corrections" / "lever-fulke-1563.yaml"
KINDS = ("misprint", "spurious", "duplicate", "omission", "count", "example")
CONFIDENCES = ("high", "medium", "low")
RESPONSIBLE = {"rithmocheck+editor": "derived by rithmocheck and confirmed by an editor",
               "editor": "an editor's judgement against the tool"}
FIELDS = ("id", "table", "kind", "position", "sic", "corr", "entry", "class", "reason", "confidence", "resp")


@dataclass(frozen=True)
class Erratum:
    id: str
    table: str
    kind: str
    position: dict | None
    sic: tuple[int, ...] | None
    corr: tuple[int, ...] | str  # numbers, "omit" or "supply"
    entry: tuple[int, ...] | None  # the entry supplied (corr "supply")
    klass: str
    reason: str
    confidence: str
    resp: str
    line: int | None = None  # in the corrections file

    @property
    def replaces(self) -> bool:
        return isinstance(self.corr, tuple)

    @property
    def result(self) -> tuple[int, ...] | None:
        """The numbers the erratum puts in the table (None when it omits)."""
        return self.corr if self.replaces else self.entry

    def as_dict(self) -> dict:
        return {"id": self.id, "table": self.table, "kind": self.kind, "position": self.position,
                "sic": list(self.sic) if self.sic is not None else None,
                "corr": list(self.corr) if self.replaces else self.corr,
                "entry": list(self.entry) if self.entry is not None else None,
                "class": self.klass, "reason": self.reason, "confidence": self.confidence, "resp": self.resp}


# --- loading -------------------------------------------------------------------------

def _numbers(value, path, line, what) -> tuple[int, ...]:
    if not isinstance(value, list) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        raise InputError(path, line, f"{what} must be a non-empty list of whole numbers")
    return tuple(int(v) for v in value)


def _position(raw, path, line, what) -> dict | None:
    if raw is None:
        return None
    if isinstance(raw, dict) and set(raw) == {"block", "column", "line"} and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in raw.values()):
        return {"block": int(raw["block"]), "column": int(raw["column"]), "line": int(raw["line"])}
    if isinstance(raw, dict) and set(raw) == {"example", "line"} and isinstance(raw["example"], str) and isinstance(
            raw["line"], int):
        return {"example": str(raw["example"]), "line": int(raw["line"])}
    raise InputError(path, line, f"{what}: position must be {{block, column, line}}, {{example, line}} or null")


def parse_errata(data, path: str) -> tuple[Erratum, ...]:
    if not isinstance(data, LDict) or not isinstance(data.get("errata"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'errata'")
    out, seen = [], set()
    for raw in data["errata"]:
        line = getattr(raw, "line", None)
        if not isinstance(raw, LDict):
            raise InputError(path, line, "an erratum must be a mapping")
        for key in raw:
            if key not in FIELDS:
                raise InputError(path, line, f"unknown field {key!r}")
        for key in ("id", "table", "kind", "corr", "class", "reason", "confidence", "resp"):
            if key not in raw:
                raise InputError(path, line, f"erratum: missing field {key!r}")
        eid = str(raw["id"])
        what = f"erratum {eid}"
        if eid in seen:
            raise InputError(path, line, f"duplicate erratum id {eid!r}")
        seen.add(eid)
        table, kind = raw["table"], raw["kind"]
        if table != "examples" and table not in TABLE_IDS:
            raise InputError(path, line, f"{what}: unknown table id {table!r}")
        if kind not in KINDS:
            raise InputError(path, line, f"{what}: kind must be one of {', '.join(KINDS)}")
        if raw["confidence"] not in CONFIDENCES:
            raise InputError(path, line, f"{what}: confidence must be high, medium or low")
        if raw["resp"] not in RESPONSIBLE:
            raise InputError(path, line, f"{what}: resp must be {' or '.join(RESPONSIBLE)} (a proposal "
                                         "must be confirmed by an editor before it is curated)")
        corr = raw["corr"]
        if corr in ("omit", "supply"):
            corr = str(corr)
        else:
            corr = _numbers(corr, path, line, f"{what}: corr")
        entry = _numbers(raw["entry"], path, line, f"{what}: entry") if raw.get("entry") is not None else None
        if (corr == "supply") != (entry is not None):
            raise InputError(path, line, f"{what}: corr 'supply' goes with an 'entry' (and only it)")
        position = _position(raw.get("position"), path, line, what)
        sic = _numbers(raw["sic"], path, line, f"{what}: sic") if raw.get("sic") is not None else None
        if (position is None) != (kind == "omission" and sic is None):
            raise InputError(path, line, f"{what}: every erratum but a supplied omission has a position and a sic")
        out.append(Erratum(eid, str(table), str(kind), position, sic, corr, entry, str(raw["class"]),
                           " ".join(str(raw["reason"]).split()), str(raw["confidence"]), str(raw["resp"]), line))
    return tuple(out)


def load_errata(path: Path | str = CORRECTIONS) -> tuple[Erratum, ...]:
    path = Path(path)
    if not path.exists():
        return ()
    return parse_errata(load_file(path), str(path))


# --- matching and checking ---------------------------------------------------------------

def _key(table: str, numbers: tuple[int, ...]) -> tuple:
    return entry_key(table, numbers) if table in ENTRY_TABLES else tuple(numbers)


def match(findings: list[Finding], errata: tuple[Erratum, ...]) -> tuple[list[Finding], set[str]]:
    """Each finding with the id of the erratum covering it; and the ids used."""
    at = {(e.table, _pos(e.position)): e for e in errata if e.position is not None}
    supplies = {(e.table, _key(e.table, e.result)): e for e in errata if e.result is not None}
    used: set[str] = set()
    out = []
    for f in findings:
        e = None
        if f.informational:
            out.append(f)
            continue
        if f.position is not None:
            e = at.get((f.table, _pos(f.position)))
            if e is not None and e.sic != f.printed:
                e = None
        elif f.kind == "omission" and f.expected is not None:
            e = supplies.get((f.table, _key(f.table, f.expected)))
        if e is not None:
            used.add(e.id)
        out.append(f.with_erratum(e.id if e else None))
    return out, used


def _pos(p: dict | None) -> tuple:
    return tuple(sorted(p.items())) if p else ()


def _entry_at(table_id: str, position: dict | None) -> PrintedEntry | None:
    """The printed entry (or count) of a table at a position, if any."""
    if table_id == "examples" or position is None:
        return None
    for _p, entry in entries_of(table_id):
        if entry.position.as_dict() == position:
            return entry
    return None


def _printed_at(e: Erratum) -> tuple[int, ...] | None:
    """What the transcription prints at the erratum's position."""
    entry = _entry_at(e.table, e.position)
    return entry.numbers if entry else None


def check_errata(errata: tuple[Erratum, ...], used: set[str], example_expected: dict[str, tuple] | None = None
                 ) -> list[Finding]:
    """Stale or wrong errata, as findings of kind 'erratum' (never covered)."""
    out = []

    def bad(e: Erratum, message: str) -> None:
        out.append(Finding(e.table, "erratum", f"erratum {e.id}: {message}", e.position, e.sic,
                           e.result, erratum=None))

    for e in errata:
        if e.id not in used:
            printed = _printed_at(e)
            if e.table != "examples" and e.position and printed is None:
                bad(e, "no printed entry stands at its position")
            elif printed is not None and e.sic is not None and not _contains(printed, e.sic, e.table):
                bad(e, f"its sic {_text(e.sic)} no longer matches the transcription ({_text(printed)})")
            else:
                bad(e, "it covers no finding of the audit (the reading it corrects is not found wrong)")
            continue
        problem = _wrong_correction(e, example_expected or {})
        if problem:
            bad(e, problem)
    return out


def _contains(printed: tuple[int, ...], sic: tuple[int, ...], table: str) -> bool:
    return printed == sic or (table in KEYED_TABLES and sic[0] in printed)


def _text(numbers) -> str:
    return entry_text(numbers)


def _wrong_correction(e: Erratum, example_expected: dict[str, tuple]) -> str | None:
    if e.kind == "example":
        want = example_expected.get(e.position["example"]) if e.position else None
        if e.replaces and want is not None and tuple(e.corr) != tuple(want):
            return f"its corr {_text(e.corr)} is not what the arithmetic gives ({_text(want)})"
        return None
    if e.kind == "count":
        return None  # checked against the corrected table in audit_corrected
    if e.result is None:
        return None
    if e.table in ENTRY_TABLES:
        if _key(e.table, e.result) not in generated_keys(e.table):
            return (f"its correction {_text(e.result)} does not satisfy the relation of {e.table} "
                    f"within its universe ({regenerated(e.table).universe.name})")
        return None
    entry = _entry_at(e.table, e.position)
    key = entry.key if entry else None
    units = keyed_expected(e.table).get(key or "", [])
    if tuple(e.result) not in units and tuple(e.result[:1]) not in units:
        return f"its correction {_text(e.result)} is not what the rules give for {key}"
    return None


# --- applying ----------------------------------------------------------------------------

@dataclass(frozen=True)
class CorrectedEntry:
    position: dict | None
    numbers: tuple[int, ...]
    signs: tuple[int, ...]
    status: str  # printed, corrected, omitted, supplied
    sic: tuple[int, ...] | None = None
    erratum: str | None = None
    key: str | None = None


def _apply_one(entry: PrintedEntry, e: Erratum) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The entry's numbers and signs with the erratum applied."""
    if entry.table == "k2-cossick-signs":  # the unit is the number with its signs
        return e.corr[:1], tuple(e.corr[1:])
    if entry.table in KEYED_TABLES and entry.numbers != e.sic:
        numbers = list(entry.numbers)
        numbers[numbers.index(e.sic[0])] = e.corr[0]
        return tuple(numbers), entry.signs
    return tuple(e.corr), entry.signs


def corrected_entries(table_id: str, errata: tuple[Erratum, ...], supply: bool = False,
                      keep_omitted: bool = False) -> list[CorrectedEntry]:
    """The printed entries of a table with the errata applied (in printed
    order); omitted entries kept (marked) if asked; supplied omissions appended."""
    at = {_pos(e.position): e for e in errata if e.table == table_id and e.position is not None}
    out = []
    for _p, entry in entries_of(table_id):
        if entry.role != "entry":
            continue
        pos = entry.position.as_dict()
        e = at.get(_pos(pos))
        if e is None or e.kind == "count":
            out.append(CorrectedEntry(pos, entry.numbers, entry.signs, "printed", key=entry.key))
        elif e.replaces:
            numbers, signs = _apply_one(entry, e)
            out.append(CorrectedEntry(pos, numbers, signs, "corrected", entry.numbers, e.id, entry.key))
        elif keep_omitted:
            out.append(CorrectedEntry(pos, entry.numbers, entry.signs, "omitted", entry.numbers, e.id, entry.key))
    if supply:
        for e in errata:
            if e.table == table_id and e.corr == "supply":
                out.append(CorrectedEntry(None, e.entry, (), "supplied", None, e.id))
    return out


def audit_corrected(table_id: str, errata: tuple[Erratum, ...]) -> list[Finding]:
    """The errata checked like everything else: in the corrected table no
    entry may fail, lie outside the universe or stand twice; and a count's
    correction must be the number of entries it counts once corrected."""
    out = []
    rows = corrected_entries(table_id, errata)
    if table_id in ENTRY_TABLES:
        # a correction must not make an entry stand twice (a correction that
        # fails the relation is reported by check_errata)
        complete = generated_keys(table_id)
        keys = [entry_key(table_id, r.numbers, r.signs) for r in rows]
        counts = Counter(keys)
        corrected = {k for k, r in zip(keys, rows) if r.status == "corrected"}
        for k in sorted(corrected):
            if k in complete and counts[k] > complete[k]:
                r = next(r for kk, r in zip(keys, rows) if kk == k and r.status == "corrected")
                out.append(Finding(table_id, "erratum", f"erratum {r.erratum}: after the errata "
                                   f"{_text(r.numbers)} stands {counts[k]} times", r.position, r.sic,
                                   r.numbers, erratum=None))
    for e in errata:
        if e.table == table_id and e.kind == "count" and e.replaces:
            scope = _count_scope(table_id, e.position)
            n = sum(1 for r in rows if r.position and (scope is None or any(
                s.covers(_as_position(r.position)) for s in scope)))
            if e.corr != (n,):
                out.append(Finding(table_id, "erratum", f"erratum {e.id}: the corrected table has {n} entries "
                                   f"where the count stands, not {_text(e.corr)}", e.position, e.sic, (n,)))
    return out


def _as_position(p: dict):
    from .sources import Position

    return Position(p["block"], p["column"], p["line"])


def _count_scope(table_id: str, position: dict | None):
    c = _entry_at(table_id, position)
    return c.scope if c is not None and c.role == "count" else None


# --- proposals ---------------------------------------------------------------------------

def _proposal_id(f: Finding) -> str:
    p = f.position
    if p is None:
        return f"{f.table}+{'-'.join(map(str, f.expected or ()))}"
    if "example" in p:
        return f"example-{p['example']}"
    return f"{f.table}@{p['block']}.{p['column']}.{p['line']}"


def propose(findings: list[Finding]) -> list[dict]:
    """Proposed errata (resp 'rithmocheck', unconfirmed) for uncovered findings."""
    out = []
    for f in findings:
        if f.covered or f.kind in ("erratum", "universe"):
            continue
        d = {"id": _proposal_id(f), "table": f.table, "kind": f.kind, "position": f.as_dict()["position"],
             "sic": list(f.printed) if f.printed is not None else None}
        if f.kind == "omission" and f.position is None:
            d.update(corr="supply", entry=list(f.expected), **{"class": "omission"},
                     reason=f"{explain_row(f.table, f.expected)}; not printed", confidence="medium")
        elif f.kind in ("spurious", "duplicate"):
            d.update(corr="omit", **{"class": f.kind}, reason=f.message, confidence="medium")
        elif f.kind == "misprint" and f.candidates:
            top = f.candidates[0]
            d.update(corr=list(top.value), **{"class": top.klass},
                     reason=f"{f.message}; {explain_row(f.table, top.value) if f.table in ENTRY_TABLES else ''}"
                     .rstrip("; "), confidence=top.confidence)
        else:
            d.update(corr=list(f.expected) if f.expected is not None else "omit",
                     **{"class": "wrong count" if f.kind == "count" else "arithmetic slip"},
                     reason=f.message, confidence="high")
        d["resp"] = "rithmocheck"
        out.append(d)
    return out


def full_audit(ids: tuple[str, ...] | None = None, errata: tuple[Erratum, ...] | None = None,
               with_examples: bool = True) -> list[Finding]:
    """Every finding: the tables, the worked examples, and the errata themselves."""
    errata = load_errata() if errata is None else errata
    findings = audit_tables(ids)
    example_expected: dict[str, tuple] = {}
    if with_examples:
        from .examples import check_all, findings as example_findings

        checks = check_all()
        findings += example_findings(checks)
        example_expected = {f.position["example"]: f.expected for f in findings
                            if f.kind == "example" and f.expected is not None}
    matched, used = match(findings, errata)
    scope = set(ids or TABLE_IDS) | ({"examples"} if with_examples else set())
    mine = tuple(e for e in errata if e.table in scope)
    matched += check_errata(mine, used, example_expected)
    for t in ids or TABLE_IDS:
        if t in ENTRY_TABLES or t in KEYED_TABLES:
            matched += audit_corrected(t, mine)
    return matched

