"""Curated errata: loading, matching to findings, checking, applying, proposing.

The curated errata (an edition's errata.yaml; the shipped edition's is
rithmocheck/editions/lever-fulke-1563/errata.yaml) are an editor's
decisions about the findings of the audit. Each names the table, the printed
position, the reading as printed (sic) and the correction (corr: numbers, or
"omit"; an omission has corr "supply" and the supplied `entry`), with the
class of slip, the reason, a confidence and who is responsible
(`rithmocheck+editor`: derived by rithmocheck and confirmed by an editor;
`editor`: an editor's judgement against the tool).

Loading resolves every position against the edition: a position that
matches no printed entry, or more than one, is bad input (the erratum is
named). The errata are then checked like everything else: an erratum whose
sic no longer matches the transcription, whose correction fails the
relation, or whose application leaves a duplicate or a wrong count is itself
a finding (kind `erratum`). How a correction is applied to an entry is the
table family's (`Family.apply`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import LDict, LList, load_file
from ..tables import EntryFamily, Family, KeyedFamily, Registry
from ..witness.edition import Edition
from ..witness.entries import Position, entry_text
from ..witness.examples import EXAMPLES, ExamplePosition
from ..witness.page import Page
from ..words import count
from .findings import Finding, Kind, as_printed
from .reasons import problems as reason_problems

ERRATUM_KINDS = ("misprint", "spurious", "duplicate", "omission", "count", "example")
CONFIDENCES = ("high", "medium", "low")
RESPONSIBLE = {"rithmocheck+editor": "derived by rithmocheck and confirmed by an editor",
               "editor": "an editor's judgement against the tool"}
FIELDS = ("id", "table", "kind", "position", "witness_line", "page", "sic", "corr", "entry", "class", "reason",
          "confidence", "resp")


@dataclass(frozen=True)
class Erratum:
    id: str
    table: str  # a table id, or "examples"
    kind: str
    position: Position | ExamplePosition | None  # resolved against the edition; None: a supplied omission
    sic: tuple[int, ...] | None
    corr: tuple[int, ...] | str  # numbers, "omit" or "supply"
    entry: tuple[int, ...] | None  # the entry supplied (corr "supply")
    klass: str
    reason: str
    confidence: str
    resp: str
    yaml_line: int | None = None  # in the errata file
    witness_line: int | None = None  # where it stands in the primary witness
    page: Page | None = None  # and in the book
    family: Family | None = field(default=None, compare=False, repr=False)  # its table's (None: an example's)

    @property
    def replaces(self) -> bool:
        return isinstance(self.corr, tuple)

    @property
    def result(self) -> tuple[int, ...] | None:
        """The numbers the erratum puts in the table (None when it omits)."""
        if isinstance(self.corr, tuple):
            return self.corr
        return self.entry

    @property
    def on_example(self) -> bool:
        return isinstance(self.position, ExamplePosition)

    def written(self, values: tuple[int, ...] | None) -> str:
        """Its sic, corr or supplied entry as the print writes it (as_printed)."""
        return as_printed(self.family, values)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "table": self.table, "kind": self.kind,
                "position": self.position.as_dict() if self.position is not None else None,
                "witness_line": self.witness_line,
                "page": self.page.as_dict() if self.page is not None else None,
                "sic": list(self.sic) if self.sic is not None else None,
                "corr": list(self.corr) if isinstance(self.corr, tuple) else self.corr,
                "entry": list(self.entry) if self.entry is not None else None,
                "class": self.klass, "reason": self.reason, "confidence": self.confidence, "resp": self.resp}


# --- loading -------------------------------------------------------------------------------------

def _numbers(value: Any, path: str, line: int | None, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**12 for v in value):
        raise InputError(path, line, f"{what} must be a non-empty list of whole numbers")
    return tuple(int(v) for v in value)


def _text(raw: LDict, key: str, path: str, line: int | None, what: str) -> str:
    value = raw[key]
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise InputError(path, line, f"{what}: {key!r} must be text")
    return str(value)


def _int(raw: dict[str, Any], key: str) -> int | None:
    v = raw.get(key)
    return int(v) if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else None


def _position(raw: Any, table: str, edition: Edition, path: str, line: int | None,
              what: str) -> tuple[Position | ExamplePosition | None, int | None, Page | None]:
    """The erratum's position resolved against the edition: (position, its
    witness line, its page); an omission cites its table's heading."""
    if raw is None:
        registry = edition.registry
        heading = registry[table].witness_line if table in registry else None
        return None, heading, edition.page_at(heading) if heading else None
    if isinstance(raw, dict) and set(raw) == {"example", "number", "witness_line"}:
        # a number (or ratio name) of a worked example's passage
        ex_id, tid, wl = raw["example"], raw["number"], _int(raw, "witness_line")
        token = next((p.token.get(str(tid)) for p in edition.example_passages if p.id == ex_id), None)
        if table != EXAMPLES or token is None or not token.is_value or wl is None:
            raise InputError(path, line, f"{what}: no number {tid!r} in a worked example's passage {ex_id!r} "
                                         f"(an example erratum has table '{EXAMPLES}')")
        if token.line != wl:
            raise InputError(path, line, f"{what}: {tid} of passage {ex_id} stands on witness line {token.line}, "
                                         f"not {wl}")
        return ExamplePosition(str(ex_id), wl, str(tid)), wl, edition.page_at(wl)
    if isinstance(raw, dict) and set(raw) == {"example", "witness_line"}:
        ex_id, wl = raw["example"], _int(raw, "witness_line")
        match = [x for x in edition.examples if x.id == ex_id]
        if table != EXAMPLES or not match or wl is None:
            raise InputError(path, line, f"{what}: no worked example {ex_id!r} (an example erratum has table "
                                         f"'{EXAMPLES}')")
        if match[0].witness_line != wl:
            raise InputError(path, line, f"{what}: example {ex_id} begins on witness line "
                                         f"{match[0].witness_line}, not {wl}")
        return match[0].position, wl, match[0].page
    if isinstance(raw, dict) and {"block", "column", "row"} <= set(raw) <= {"passage", "block", "column", "row"}:
        block, column, row = _int(raw, "block"), _int(raw, "column"), _int(raw, "row")
        passage = raw.get("passage")
        if block is None or column is None or row is None or (passage is not None and not isinstance(passage, str)):
            raise InputError(path, line, f"{what}: block, column and row must be whole numbers from 1, "
                                         "passage a passage id")
        found = edition.entries_at(table, block, column, row, None if passage is None else str(passage))
        where = f"{passage + ':' if passage else ''}{block}.{column}.{row}"
        if not found:
            raise InputError(path, line, f"{what}: no printed entry of {table} stands at {where}")
        if len(found) > 1:
            passages = ", ".join(e.position.passage for e in found)
            raise InputError(path, line, f"{what}: the position {where} matches {len(found)} entries of {table} "
                                         f"(in the passages {passages}); give its passage")
        return found[0].position, found[0].witness_line, found[0].page
    raise InputError(path, line, f"{what}: position must be {{passage?, block, column, row}}, "
                                 "{example, number, witness_line}, {example, witness_line} or null")


def parse_errata(data: Any, path: str, edition: Edition) -> tuple[Erratum, ...]:
    if not isinstance(data, LDict) or not isinstance(data.get("errata"), LList):
        raise InputError(path, getattr(data, "line", 1), "expected a mapping with a list 'errata'")
    out, seen = [], set()
    for raw in data["errata"]:
        line = getattr(raw, "line", None)
        if not isinstance(raw, LDict):
            raise InputError(path, line, "an erratum must be a mapping")
        named = raw.get("id")
        who = f"erratum {named}" if isinstance(named, (str, int)) and not isinstance(named, bool) else "erratum"
        for key in raw:
            if key not in FIELDS:
                raise InputError(path, line, f"{who}: unknown field {key!r}")
        for key in ("id", "table", "kind", "corr", "class", "reason", "confidence", "resp"):
            if key not in raw:
                raise InputError(path, line, f"{who}: missing field {key!r}")
        eid = _text(raw, "id", path, line, "erratum")
        what = f"erratum {eid}"
        for key in ("id", "class", "reason"):
            if not _text(raw, key, path, line, what).strip():
                raise InputError(path, line, f"{what}: {key!r} is empty")
        if eid in seen:
            raise InputError(path, line, f"duplicate erratum id {eid!r}")
        seen.add(eid)
        table, kind = _text(raw, "table", path, line, what), _text(raw, "kind", path, line, what)
        if table != EXAMPLES and table not in edition.registry:
            raise InputError(path, line, f"{what}: unknown table id {table!r}")
        if kind not in ERRATUM_KINDS:
            raise InputError(path, line, f"{what}: kind must be one of {', '.join(ERRATUM_KINDS)}")
        if (kind == "example") != (table == EXAMPLES):
            raise InputError(path, line, f"{what}: an erratum of kind example has table '{EXAMPLES}', and only it")
        confidence, resp = raw["confidence"], raw["resp"]
        if not isinstance(confidence, str) or confidence not in CONFIDENCES:
            raise InputError(path, line, f"{what}: confidence must be high, medium or low")
        if not isinstance(resp, str) or resp not in RESPONSIBLE:
            raise InputError(path, line, f"{what}: resp must be {' or '.join(RESPONSIBLE)} (a proposal "
                                         "must be confirmed by an editor before it is curated)")
        corr: tuple[int, ...] | str
        if raw["corr"] in ("omit", "supply"):
            corr = str(raw["corr"])
        else:
            corr = _numbers(raw["corr"], path, line, f"{what}: corr")
        entry = _numbers(raw["entry"], path, line, f"{what}: entry") if raw.get("entry") is not None else None
        if (corr == "supply") != (entry is not None):
            raise InputError(path, line, f"{what}: corr 'supply' goes with an 'entry' (and only it)")
        sic = _numbers(raw["sic"], path, line, f"{what}: sic") if raw.get("sic") is not None else None
        if (raw.get("position") is None) != (kind == "omission" and sic is None):
            raise InputError(path, line, f"{what}: every erratum but a supplied omission has a position and a sic")
        position, witness_line, page = _position(raw.get("position"), table, edition, path, line, what)
        if raw.get("page") is not None and (page is None or raw["page"] != page.as_dict()):
            raise InputError(path, line, f"{what}: it stands on {page or 'no known page'}, not {raw['page']!r}")
        if raw.get("witness_line") is not None and raw["witness_line"] != witness_line:
            raise InputError(path, line, f"{what}: it stands on witness line {witness_line}, not "
                                         f"{raw['witness_line']!r}")
        out.append(Erratum(eid, table, kind, position, sic, corr, entry, _text(raw, "class", path, line, what),
                           " ".join(_text(raw, "reason", path, line, what).split()), str(confidence), str(resp), line,
                           witness_line, page, edition.registry.get(table)))
    return tuple(out)


def load_errata(edition: Edition, path: Path | str | None = None) -> tuple[Erratum, ...]:
    """The curated errata of an edition (or the file at path), checked against it."""
    p = Path(path) if path is not None else edition.errata_path
    return parse_errata(load_file(p), str(p), edition)


# --- matching and checking -------------------------------------------------------------------------

def match(findings: Iterable[Finding], errata: tuple[Erratum, ...],
          registry: Registry) -> tuple[list[Finding], set[str]]:
    """Each finding with the id of the erratum covering it; and the ids used."""
    at = {(e.table, e.position): e for e in errata if e.position is not None}
    supplies = {(e.table, registry[e.table].supply_key(e.result)): e
                for e in errata if e.result is not None and e.table in registry}
    used: set[str] = set()
    out = []
    for f in findings:
        e = None
        if f.informational:
            out.append(f)
            continue
        if f.position is not None:
            e = at.get((f.table, f.position))
            if e is not None and e.sic != f.printed:
                e = None
        elif f.kind is Kind.OMISSION and f.expected is not None:
            e = supplies.get((f.table, registry[f.table].supply_key(f.expected)))
        if e is not None:
            used.add(e.id)
        out.append(f.with_erratum(e.id if e else None))
    return out, used


def check_minimal(findings: Iterable[Finding], errata: tuple[Erratum, ...]) -> list[Finding]:
    """An erratum the tool is said to derive (resp rithmocheck+editor) must
    make the tool's minimal consistent correction of the finding it covers:
    a misprint's top-ranked candidate (and its class of slip), omit for a
    spurious or repeated entry, the row for an omission, the arithmetic's
    value for a worked example (and its class of slip). An editor's erratum
    (resp editor) records a judgement against the tool and is exempt; a
    count follows the corrected table and is checked by the invariant."""
    by_id = {e.id: e for e in errata}
    out = []
    for f in findings:
        e = by_id.get(f.erratum or "")
        if e is None or e.resp != "rithmocheck+editor" or e.kind == "count":
            continue
        if f.kind is Kind.MISPRINT:
            want: tuple[int, ...] | str | None = f.candidates[0].value if f.candidates else None
        elif f.kind in (Kind.SPURIOUS, Kind.DUPLICATE):
            want = "omit"
        elif f.kind is Kind.OMISSION and f.position is None:
            want = "supply"
        elif f.kind is Kind.EXAMPLE:
            want = f.expected
        else:
            continue
        got = e.corr if e.corr != "supply" else "supply"
        # the class of the candidate the correction is (a worked example's token lists every
        # correction's suggestion; its first need not be the top correction's)
        chosen = next((c for c in f.candidates if c.value == want), None)
        if f.kind in (Kind.MISPRINT, Kind.EXAMPLE) and chosen is not None and got == want and e.klass != chosen.klass:
            out.append(_wrong(e, f"it is marked as derived by the tool (resp rithmocheck+editor), but the tool "
                                 f"classes the slip as {chosen.klass!r}, not {e.klass!r}; if this is an "
                                 "editor's judgement, say so (resp editor) and give the reason"))
        if want is not None and got != want:
            shown = (entry_text(want) if isinstance(want, tuple)
                     else "to leave the entry out (omit)" if want == "omit" else "to supply the missing row (supply)")
            out.append(_wrong(e, f"it is marked as derived by the tool (resp rithmocheck+editor), but the tool's "
                                 f"minimal consistent correction is {shown}; if this is an editor's judgement, "
                                 "say so (resp editor) and give the reason"))
    return out


def _wrong(e: Erratum, message: str) -> Finding:
    return Finding(e.table, Kind.ERRATUM, f"erratum {e.id}: {message}", e.position, e.witness_line, e.page, e.sic,
                   e.result)


def check_errata(errata: tuple[Erratum, ...], used: set[str], edition: Edition,
                 example_expected: dict[ExamplePosition, tuple[int, ...]] | None = None) -> list[Finding]:
    """Stale or wrong errata, as findings of kind 'erratum' (never covered)."""
    out = []
    first: dict[tuple[str, Any], Erratum] = {}
    for e in errata:
        place = (e.table, e.position if e.position is not None else ("supply", e.entry))
        if place in first:
            what = "stands at the same position as" if e.position is not None else "supplies the same entry as"
            out.append(_wrong(e, f"it {what} erratum {first[place].id}"))
            continue
        first[place] = e
        if e.kind == "count" and isinstance(e.position, Position):
            count = edition.entry_at(e.table, e.position)
            if count is None or count.role != "count" or count.numbers != e.sic:
                out.append(_wrong(e, "its sic is not the count printed at its position"))
            continue  # a count's correction follows the corrected table: audit_invariant checks it
        if e.id not in used and e.corr == "supply":
            # an entry supplied where the tool reads a misprint as filling it: the
            # invariant decides (the corrected table must hold it exactly once)
            problem = _wrong_correction(e, edition, example_expected or {})
            if problem:
                out.append(_wrong(e, problem))
            continue
        if e.id not in used:
            entry = edition.entry_at(e.table, e.position) if isinstance(e.position, Position) else None
            if entry is not None and e.sic is not None and not edition.registry[e.table].holds_sic(entry, e.sic):
                out.append(_wrong(e, f"its sic {entry_text(e.sic)} no longer matches the transcription "
                                     f"({entry_text(entry.numbers, entry.signs)})"))
            else:
                out.append(_wrong(e, "it covers no finding of the audit (the reading it corrects is not found "
                                     "wrong)"))
            continue
        problem = _wrong_correction(e, edition, example_expected or {})
        if problem:
            out.append(_wrong(e, problem))
    for e in errata:
        for fact in reason_problems(e.reason, tuple((e.sic or ()) + (e.result or ())), edition):
            out.append(_wrong(e, f"its reason is wrong: {fact}"))
    return out


def _wrong_correction(e: Erratum, edition: Edition,
                      example_expected: dict[ExamplePosition, tuple[int, ...]]) -> str | None:
    if isinstance(e.position, ExamplePosition):
        want = example_expected.get(e.position)
        if isinstance(e.corr, tuple) and want is not None and tuple(e.corr) != tuple(want):
            return f"its corr {entry_text(e.corr)} is not what the arithmetic gives ({entry_text(want)})"
        return None
    if e.kind == "count" or e.result is None:
        return None  # a count's correction is checked against the corrected table in audit_corrected
    result = e.result
    table = edition.registry.default_table(e.table)

    def entry(f: EntryFamily) -> str | None:
        if f.key(result) not in f.generated_items(table):
            return (f"its correction {entry_text(result)} does not satisfy the relation of {e.table} "
                    f"within its universe ({table.universe.name})")
        return None

    def keyed(f: KeyedFamily) -> str | None:
        printed = edition.entry_at(e.table, e.position) if isinstance(e.position, Position) else None
        key = printed.key if printed else None
        units = f.expected(table).get(key or "", [])
        if tuple(result) not in units and tuple(result[:1]) not in units:
            return f"its correction {entry_text(result)} is not what the rules give for {key}"
        return None

    return edition.registry[e.table].match(entry, keyed)


# --- applying --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CorrectedEntry:
    """An entry of the corrected table: as printed, corrected, omitted or supplied."""

    position: Position | None
    numbers: tuple[int, ...]
    signs: tuple[int, ...]
    status: str  # printed, corrected, omitted, supplied
    sic: tuple[int, ...] | None = None  # the numbers as printed, where corrected or omitted
    erratum: str | None = None
    key: str | None = None
    witness_line: int | None = None
    page: Page | None = None
    sic_signs: tuple[int, ...] = ()  # the cossick signs as printed, with sic


def corrected_entries(table_id: str, errata: tuple[Erratum, ...], edition: Edition, supply: bool = False,
                      keep_omitted: bool = False, counts: bool = False) -> list[CorrectedEntry]:
    """The printed entries of a table with the errata applied (in printed
    order); omitted entries kept (marked) if asked; the stated counts where
    they stand if asked (status `count`, or `count corrected` with the
    printed count as sic); supplied omissions appended. An erratum whose sic
    is not what the entry prints is not applied (the audit reports it)."""
    f = edition.registry.family(table_id)
    at = {e.position: e for e in errata if e.table == table_id and e.position is not None}
    out = []
    for entry in edition.entries(table_id):
        if entry.role == "count" and counts:
            e = at.get(entry.position)
            if e is not None and e.kind == "count" and e.sic == entry.numbers and isinstance(e.corr, tuple):
                out.append(CorrectedEntry(entry.position, e.corr, (), "count corrected", entry.numbers, e.id,
                                          entry.key, entry.witness_line, entry.page))
            else:
                out.append(CorrectedEntry(entry.position, entry.numbers, (), "count", key=entry.key,
                                          witness_line=entry.witness_line, page=entry.page))
        if entry.role != "entry":
            continue
        e = at.get(entry.position)
        if e is not None and (e.sic is None or not f.holds_sic(entry, e.sic)):
            e = None
        if e is None or e.kind == "count":
            out.append(CorrectedEntry(entry.position, entry.numbers, entry.signs, "printed", key=entry.key,
                                      witness_line=entry.witness_line, page=entry.page))
        elif isinstance(e.corr, tuple) and e.sic is not None:
            numbers, signs = f.apply(entry, e.sic, e.corr)
            out.append(CorrectedEntry(entry.position, numbers, signs, "corrected", entry.numbers, e.id, entry.key,
                                      entry.witness_line, entry.page, entry.signs))
        elif keep_omitted:
            out.append(CorrectedEntry(entry.position, entry.numbers, entry.signs, "omitted", entry.numbers, e.id,
                                      entry.key, entry.witness_line, entry.page, entry.signs))
    if supply:
        for e in errata:
            if e.table == table_id and e.corr == "supply" and e.entry is not None:
                out.append(CorrectedEntry(None, e.entry, (), "supplied", None, e.id, witness_line=e.witness_line,
                                          page=e.page))
    return out


def _item_text(f: Family, item: tuple[Any, ...]) -> str:
    return f.match(lambda entry: entry_text(*entry.split(item)),
                   lambda keyed: f"{item[0]}: {entry_text(*keyed.split(item[1]))}")


def audit_invariant(table_id: str, errata: tuple[Erratum, ...], edition: Edition) -> list[Finding]:
    """The corrected edition equals the regenerated table: the printed
    entries, minus those the errata remove, with the corrections applied,
    plus the supplied omissions, are the regenerated table under its
    universe as a multiset (nothing missing, nothing twice, nothing extra);
    and every stated count, as corrected, is the number of entries of the
    corrected table it counts (supplied omissions, never printed under it,
    aside). Each violation is a finding of kind `invariant` (never covered)
    naming the erratum, or the entry no erratum accounts for."""
    f = edition.registry.family(table_id)
    table = f.default_table()
    rows = corrected_entries(table_id, errata, edition, supply=True)
    by_item: dict[tuple[Any, ...], list[CorrectedEntry]] = {}
    for r in rows:
        for item in f.items(r):
            by_item.setdefault(item, []).append(r)
    got = Counter({item: len(rs) for item, rs in by_item.items()})
    want = f.generated_items(table)
    out = []
    for item in sorted(got - want, key=repr):
        producers = by_item[item]
        by = sorted({r.erratum for r in producers if r.erratum and r.status in ("corrected", "supplied")})
        cause = (f"by erratum {', '.join(by)}" if by else "as printed, and no erratum removes it")
        first = next((r for r in producers if r.erratum in by), producers[0])
        out.append(Finding(table_id, Kind.INVARIANT,
                           f"the corrected table holds {_item_text(f, item)} {count(got[item], 'time')} ({cause}); "
                           f"the regenerated table has it {count(want[item], 'time')}",
                           first.position, first.witness_line or f.witness_line, first.page,
                           first.sic if first.status in ("corrected", "omitted")
                           else first.numbers if first.status == "printed" else None, None))
    for item in sorted(want - got, key=repr):
        out.append(Finding(table_id, Kind.INVARIANT,
                           f"the corrected table lacks {_item_text(f, item)}, a row of the regenerated table: "
                           "no erratum supplies or corrects to it", None, f.witness_line,
                           edition.page_at(f.witness_line), None, None))
    counted = [r for r in rows if r.status != "supplied"]
    count_errata = {e.position: e for e in errata if e.table == table_id and e.kind == "count"}
    for c in edition.entries(table_id):
        if c.role != "count":
            continue
        e = count_errata.get(c.position)
        if e is not None and e.sic != c.numbers:
            e = None  # a stale count erratum is reported by check_errata
        stated = e.corr if e is not None and isinstance(e.corr, tuple) else c.numbers
        n = sum(1 for r in counted if r.position is not None and (c.scope is None or any(
            r.position.in_scope(c.position.passage, s) for s in c.scope)))
        if stated != (n,):
            who = f"erratum {e.id} corrects it to {entry_text(stated)}" if e else "no erratum corrects it"
            out.append(Finding(table_id, Kind.INVARIANT,
                               f"the count printed {entry_text(c.numbers)} stands over {n} entries of the corrected "
                               f"table ({who})", c.position, c.witness_line, c.page, c.numbers, (n,)))
    return out


# --- proposals -------------------------------------------------------------------------------------

def erratum_id(table: str, position: Position | ExamplePosition | None, expected: tuple[int, ...] | None) -> str:
    """The stable id of an erratum: TABLE@BLOCK.COLUMN.ROW (with the passage
    when it is not the table's own: TABLE@PASSAGE:BLOCK.COLUMN.ROW),
    TABLE+ENTRY for a supplied omission, example-ID for a worked example."""
    if position is None:
        return f"{table}+{'-'.join(map(str, expected or ()))}"
    if isinstance(position, ExamplePosition):
        return f"example-{position.example}" + (f":{position.number}" if position.number else "")
    where = f"{position.block}.{position.column}.{position.row}"
    return f"{table}@{where}" if position.passage == table else f"{table}@{position.passage}:{where}"


def _position_data(position: Position | ExamplePosition | None) -> dict[str, Any] | None:
    if isinstance(position, Position):
        return {"passage": position.passage, "block": position.block, "column": position.column,
                "row": position.row}
    return position.as_dict() if position is not None else None


def _why(fam: Family | None, values: tuple[int, ...], otherwise: str, split: bool) -> str:
    """Why a row belongs to an entry table (its family's explanation), else `otherwise`."""
    def entry(f: EntryFamily) -> str:
        numbers, signs = f.split(values) if split else (values, ())
        return f.explain(numbers, signs, f.default_table())

    return otherwise if fam is None else fam.match(entry, lambda keyed: otherwise)


def propose(findings: Iterable[Finding], registry: Registry) -> list[dict[str, Any]]:
    """Proposed errata (resp 'rithmocheck', unconfirmed) for the uncovered
    findings an erratum covers (of the kinds ERRATUM_KINDS: not an erratum's
    own finding, the invariant of the corrected table, which the errata
    proposed restore, nor the universe)."""
    out = []
    for f in findings:
        if f.covered or f.kind.value not in ERRATUM_KINDS:
            continue
        d: dict[str, Any] = {"id": erratum_id(f.table, f.position, f.expected), "table": f.table,
                             "kind": f.kind.value, "position": _position_data(f.position),
                             "sic": list(f.printed) if f.printed is not None else None}
        fam = registry.get(f.table)
        if f.kind is Kind.OMISSION and f.position is None and f.expected is not None:
            why = _why(fam, f.expected, f.message, split=True)
            d.update(corr="supply", entry=list(f.expected), **{"class": "omission"},
                     reason=f"{why}; not printed", confidence="medium")
        elif f.kind in (Kind.SPURIOUS, Kind.DUPLICATE):
            d.update(corr="omit", **{"class": f.kind.value}, reason=f.message, confidence="medium")
        elif f.kind is Kind.OMISSION:  # a printed 'nothing' under a head whose group the table fills
            d.update(corr="omit", **{"class": "wrong 'nothing'"}, reason=f.message, confidence="medium")
        elif f.kind is Kind.MISPRINT and f.candidates:
            top = f.candidates[0]
            why = _why(fam, top.value, "", split=False)
            d.update(corr=list(top.value), **{"class": top.klass},
                     reason=f"{f.message}; {why}".rstrip("; "), confidence=top.confidence)
        elif f.kind is Kind.EXAMPLE and f.candidates and f.expected is not None:
            # a number of a worked example: the passage's top-ranked correction changes it
            top = f.candidates[0]
            d.update(corr=list(f.expected), **{"class": top.klass}, reason=f.message, confidence=top.confidence)
        else:
            d.update(corr=list(f.expected) if f.expected is not None else "omit",
                     **{"class": {Kind.COUNT: "wrong count", Kind.EXAMPLE: "arithmetic slip"}.get(f.kind, "misprint")},
                     reason=f.message, confidence="high")
        d["resp"] = "rithmocheck"
        out.append(d)
    return out
