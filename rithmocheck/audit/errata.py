"""Curated errata: loading, matching to findings, checking, applying, proposing.

The curated errata (an edition's errata.yaml; the shipped edition's is
corrections/lever-fulke-1563.yaml) are an editor's
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
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import load_file
from ..shape import check
from ..tables import EntryFamily, Family, KeyedFamily, Registry
from ..witness.edition import Edition
from ..witness.entries import Position, entry_text
from ..witness.examples import EXAMPLES, ExamplePosition
from ..witness.page import Page
from ..words import Word, count
from .findings import Finding, Kind, as_printed
from .reasons import problems as reason_problems


class ErratumKind(Word):
    """What an erratum corrects (the kinds of finding an erratum covers)."""

    MISPRINT = "misprint"
    SPURIOUS = "spurious"
    DUPLICATE = "duplicate"
    OMISSION = "omission"
    COUNT = "count"
    EXAMPLE = "example"


class Confidence(Word):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Resp(Word):
    """Who answers for an erratum (a proposal, resp rithmocheck, is never curated)."""

    TOOL_AND_EDITOR = "rithmocheck+editor"  # derived by rithmocheck and confirmed by an editor
    EDITOR = "editor"  # an editor's judgement against the tool


ERRATUM_KINDS = ErratumKind.values()
CONFIDENCES = Confidence.values()
RESPONSIBLE = {Resp.TOOL_AND_EDITOR.value: "derived by rithmocheck and confirmed by an editor",
               Resp.EDITOR.value: "an editor's judgement against the tool"}
SCHEMA = "errata-1.json"  # rithmocheck/schema/errata-1.json: the shape of an errata file


@dataclass(frozen=True)
class Replace:
    """A correction: the numbers that should stand there."""

    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Omit:
    """A correction: the entry printed should not stand (spurious, or printed twice)."""


@dataclass(frozen=True)
class Supply:
    """A correction: an entry the print lacks, supplied."""

    entry: tuple[int, ...]


Correction = Replace | Omit | Supply


def correction_word(c: Correction) -> list[int] | str:
    """A correction as the errata file writes it: the numbers, omit or supply."""
    return list(c.numbers) if isinstance(c, Replace) else "omit" if isinstance(c, Omit) else "supply"


@dataclass(frozen=True)
class Erratum:
    id: str
    table: str  # a table id, or "examples"
    kind: ErratumKind
    position: Position | ExamplePosition | None  # resolved against the edition; None: a supplied omission
    sic: tuple[int, ...] | None
    corr: Correction
    klass: str
    reason: str
    confidence: Confidence
    resp: Resp
    yaml_line: int | None = None  # in the errata file
    witness_line: int | None = None  # where it stands in the primary witness
    page: Page | None = None  # and in the book
    family: Family | None = field(default=None, compare=False, repr=False)  # its table's (None: an example's)

    def __post_init__(self) -> None:
        # the vocabulary's words, however the erratum was made (dataclasses.replace(e, resp="editor"))
        object.__setattr__(self, "kind", ErratumKind(self.kind))
        object.__setattr__(self, "confidence", Confidence(self.confidence))
        object.__setattr__(self, "resp", Resp(self.resp))

    @property
    def replaces(self) -> bool:
        return isinstance(self.corr, Replace)

    @property
    def numbers(self) -> tuple[int, ...] | None:
        """The numbers a replacing correction puts there (None for omit and supply)."""
        return self.corr.numbers if isinstance(self.corr, Replace) else None

    @property
    def entry(self) -> tuple[int, ...] | None:
        """The entry a supplying correction supplies (None otherwise)."""
        return self.corr.entry if isinstance(self.corr, Supply) else None

    @property
    def result(self) -> tuple[int, ...] | None:
        """The numbers the erratum puts in the table (None when it omits)."""
        return self.numbers if self.numbers is not None else self.entry

    @property
    def on_example(self) -> bool:
        return isinstance(self.position, ExamplePosition)

    def written(self, values: tuple[int, ...] | None) -> str:
        """Its sic, corr or supplied entry as the print writes it (as_printed)."""
        return as_printed(self.family, values)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "table": self.table, "kind": self.kind.value,
                "position": self.position.as_dict() if self.position is not None else None,
                "witness_line": self.witness_line,
                "page": self.page.as_dict() if self.page is not None else None,
                "sic": list(self.sic) if self.sic is not None else None,
                "corr": correction_word(self.corr),
                "entry": list(self.entry) if self.entry is not None else None,
                "class": self.klass, "reason": self.reason, "confidence": self.confidence.value,
                "resp": self.resp.value}


def erratum_data(e: Erratum) -> dict[str, Any]:
    """An erratum as plain data (but its line in the errata file, which an edit above it moves): `erratum_of`
    reads it back."""
    return e.as_dict()


def erratum_of(d: dict[str, Any], registry: Registry) -> Erratum:
    """An erratum from `erratum_data`, its table's family from the registry."""
    p = d["position"]
    position: Position | ExamplePosition | None = (
        None if p is None else Position(str(p["passage"]), int(p["block"]), int(p["column"]), int(p["row"]))
        if "passage" in p else ExamplePosition(str(p["example"]), int(p["witness_line"]),
                                               None if p.get("number") is None else str(p["number"])))
    corr: Correction = (Supply(tuple(int(v) for v in d["entry"])) if d["corr"] == "supply" else Omit()
                        if d["corr"] == "omit" else Replace(tuple(int(v) for v in d["corr"])))
    page = d["page"]
    return Erratum(str(d["id"]), str(d["table"]), ErratumKind(d["kind"]), position, _numbers(d["sic"]), corr,
                   str(d["class"]), str(d["reason"]), Confidence(d["confidence"]), Resp(d["resp"]), None,
                   d["witness_line"], None if page is None else Page(int(page["image"]), str(page["side"])),
                   registry.get(str(d["table"])))


# --- loading -------------------------------------------------------------------------------------

def _int(raw: dict[str, Any], key: str) -> int | None:
    v = raw.get(key)
    return int(v) if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else None


def _at(raw: Any, key: str, line: int | None) -> int | None:
    """The YAML line of a field of an erratum (its own line where the loader kept one)."""
    value = raw.get(key) if isinstance(raw, dict) else None
    return getattr(value, "line", None) or line


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


def _namer(data: Any) -> Callable[[Sequence[Any]], tuple[str, Sequence[Any]]]:
    """Name an erratum by its id in a message about it (erratum ID: corr[2] ...)."""
    def name(path: Sequence[Any]) -> tuple[str, Sequence[Any]]:
        if len(path) >= 2 and path[0] == "errata" and isinstance(path[1], int):
            raw = data["errata"][path[1]]
            named = raw.get("id") if isinstance(raw, dict) else None
            who = f"erratum {named}" if isinstance(named, str) and named.strip() else f"erratum {path[1] + 1}"
            return who, list(path[2:])
        return "", path
    return name


def _numbers(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(int(v) for v in value)


def parse_errata(data: Any, path: str, edition: Edition, tables: Collection[str] | None = None,
                 shaped: bool = False) -> tuple[Erratum, ...]:
    """The errata of a file: its shape checked against the published schema
    (errata-1.json; not again when `shaped` says an earlier check of the same
    bytes passed), then what the schema cannot say: each id once, each
    table the edition's, kind and table, corr and entry, position and sic
    going together, and the position resolved against the edition (each
    problem one line naming the erratum and its line). With `tables`, the
    errata of those tables (a table id, or `examples`) alone are resolved and
    given: what the others' positions read is not read (their other checks
    are made all the same; with an empty `tables`, the file is checked and
    nothing resolved)."""
    if not shaped:
        check(data, SCHEMA, path, namer=_namer(data), items="errata")
    out, seen = [], set()
    registry = edition.registry
    for raw in data["errata"]:
        line = raw.line
        eid = " ".join(str(raw["id"]).split())
        what = f"erratum {eid}"
        if eid in seen:
            raise InputError(path, _at(raw, "id", line), f"duplicate erratum id {eid!r}")
        seen.add(eid)
        table, kind = str(raw["table"]), ErratumKind(raw["kind"])
        if table != EXAMPLES and table not in registry:
            raise InputError(path, _at(raw, "table", line), f"{what}: unknown table id {table!r}")
        if (kind is ErratumKind.EXAMPLE) != (table == EXAMPLES):
            raise InputError(path, _at(raw, "kind", line),
                             f"{what}: an erratum of kind example has table '{EXAMPLES}', and only it")
        entry = _numbers(raw.get("entry"))
        corr: Correction
        if raw["corr"] == "supply":
            if entry is None:
                raise InputError(path, _at(raw, "corr", line),
                                 f"{what}: corr 'supply' goes with an 'entry' (and only it)")
            corr = Supply(entry)
        else:
            if entry is not None:
                raise InputError(path, _at(raw, "entry", line),
                                 f"{what}: corr 'supply' goes with an 'entry' (and only it)")
            corr = Omit() if raw["corr"] == "omit" else Replace(tuple(int(v) for v in raw["corr"]))
        sic = _numbers(raw.get("sic"))
        if (raw.get("position") is None) != (kind is ErratumKind.OMISSION and sic is None):
            raise InputError(path, _at(raw, "position", line),
                             f"{what}: every erratum but a supplied omission has a position and a sic")
        if tables is not None and table not in tables:
            continue
        position, witness_line, page = _position(raw.get("position"), table, edition, path,
                                                 _at(raw, "position", line), what)
        if raw.get("page") is not None and (page is None or raw["page"] != page.as_dict()):
            raise InputError(path, _at(raw, "page", line),
                             f"{what}: it stands on {page or 'no known page'}, not {raw['page']!r}")
        if raw.get("witness_line") is not None and raw["witness_line"] != witness_line:
            raise InputError(path, _at(raw, "witness_line", line), f"{what}: it stands on witness line "
                                                                   f"{witness_line}, not {raw['witness_line']!r}")
        out.append(Erratum(eid, table, kind, position, sic, corr, str(raw["class"]),
                           " ".join(str(raw["reason"]).split()), Confidence(raw["confidence"]), Resp(raw["resp"]),
                           line, witness_line, page, registry.get(table)))
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
        if e is None or e.resp is not Resp.TOOL_AND_EDITOR or e.kind is ErratumKind.COUNT:
            continue
        want: Correction | None  # (a supply stands for any entry: the invariant checks which)
        if f.kind is Kind.MISPRINT:
            want = Replace(f.candidates[0].value) if f.candidates else None
        elif f.kind in (Kind.SPURIOUS, Kind.DUPLICATE):
            want = Omit()
        elif f.kind is Kind.OMISSION and f.position is None:
            want = Supply(())
        elif f.kind is Kind.EXAMPLE:
            want = Replace(f.expected) if f.expected is not None else None
        else:
            continue
        got = e.corr if not isinstance(e.corr, Supply) else Supply(())
        # the class of the candidate the correction is (a worked example's token lists every
        # correction's suggestion; its first need not be the top correction's)
        chosen = next((c for c in f.candidates if isinstance(want, Replace) and c.value == want.numbers), None)
        if f.kind in (Kind.MISPRINT, Kind.EXAMPLE) and chosen is not None and got == want and e.klass != chosen.klass:
            out.append(_wrong(e, f"it is marked as derived by the tool (resp rithmocheck+editor), but the tool "
                                 f"classes the slip as {chosen.klass!r}, not {e.klass!r}; if this is an "
                                 "editor's judgement, say so (resp editor) and give the reason"))
        if want is not None and got != want:
            shown = (entry_text(want.numbers) if isinstance(want, Replace)
                     else "to leave the entry out (omit)" if isinstance(want, Omit)
                     else "to supply the missing row (supply)")
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
    order = {e.id: i for i, e in enumerate(errata)}
    return [f for _key, f in sorted(check_errata_keyed(errata, used, edition, example_expected),
                                    key=lambda c: (c[0][0], order[c[0][1]]))]


def check_errata_keyed(errata: Sequence[Erratum], used: set[str], edition: Edition,
                       example_expected: dict[ExamplePosition, tuple[int, ...]] | None = None
                       ) -> list[tuple[tuple[int, str], Finding]]:
    """`check_errata`'s findings, each with its place in the order of the report: the pass that found it (its
    place, its correction; then its reason) and the erratum's id, whose place in the errata file orders the
    findings of the errata of several tables, checked apart, as one run over them all gives them."""
    out: list[tuple[tuple[int, str], Finding]] = []
    first: dict[tuple[str, Any], Erratum] = {}

    def wrong(e: Erratum, message: str, check: int = 0) -> None:
        out.append(((check, e.id), _wrong(e, message)))

    for e in errata:
        place = (e.table, e.position if e.position is not None else ("supply", e.entry))
        if place in first:
            what = "stands at the same position as" if e.position is not None else "supplies the same entry as"
            wrong(e, f"it {what} erratum {first[place].id}")
            continue
        first[place] = e
        if e.kind is ErratumKind.COUNT and isinstance(e.position, Position):
            count = edition.entry_at(e.table, e.position)
            if count is None or count.role != "count" or count.numbers != e.sic:
                wrong(e, "its sic is not the count printed at its position")
            continue  # a count's correction follows the corrected table: audit_invariant checks it
        if e.id not in used and isinstance(e.corr, Supply):
            # an entry supplied where the tool reads a misprint as filling it: the
            # invariant decides (the corrected table must hold it exactly once)
            problem = _wrong_correction(e, edition, example_expected or {})
            if problem:
                wrong(e, problem)
            continue
        if e.id not in used:
            entry = edition.entry_at(e.table, e.position) if isinstance(e.position, Position) else None
            if entry is not None and e.sic is not None and not edition.registry[e.table].holds_sic(entry, e.sic):
                wrong(e, f"its sic {entry_text(e.sic)} no longer matches the transcription "
                         f"({entry_text(entry.numbers, entry.signs)})")
            else:
                wrong(e, "it covers no finding of the audit (the reading it corrects is not found wrong)")
            continue
        problem = _wrong_correction(e, edition, example_expected or {})
        if problem:
            wrong(e, problem)
    for e in errata:
        for fact in reason_problems(e.reason, tuple((e.sic or ()) + (e.result or ())), edition):
            wrong(e, f"its reason is wrong: {fact}", 1)
    return out


def _wrong_correction(e: Erratum, edition: Edition,
                      example_expected: dict[ExamplePosition, tuple[int, ...]]) -> str | None:
    if isinstance(e.position, ExamplePosition):
        want = example_expected.get(e.position)
        if isinstance(e.corr, Replace) and want is not None and e.corr.numbers != tuple(want):
            return f"its corr {entry_text(e.corr.numbers)} is not what the arithmetic gives ({entry_text(want)})"
        return None
    if e.kind is ErratumKind.COUNT or e.result is None:
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
            if e is not None and e.kind is ErratumKind.COUNT and e.sic == entry.numbers and \
                    isinstance(e.corr, Replace):
                out.append(CorrectedEntry(entry.position, e.corr.numbers, (), "count corrected", entry.numbers, e.id,
                                          entry.key, entry.witness_line, entry.page))
            else:
                out.append(CorrectedEntry(entry.position, entry.numbers, (), "count", key=entry.key,
                                          witness_line=entry.witness_line, page=entry.page))
        if entry.role != "entry":
            continue
        e = at.get(entry.position)
        if e is not None and (e.sic is None or not f.holds_sic(entry, e.sic)):
            e = None
        if e is None or e.kind is ErratumKind.COUNT:
            out.append(CorrectedEntry(entry.position, entry.numbers, entry.signs, "printed", key=entry.key,
                                      witness_line=entry.witness_line, page=entry.page))
        elif isinstance(e.corr, Replace) and e.sic is not None:
            numbers, signs = f.apply(entry, e.sic, e.corr.numbers)
            out.append(CorrectedEntry(entry.position, numbers, signs, "corrected", entry.numbers, e.id, entry.key,
                                      entry.witness_line, entry.page, entry.signs))
        elif keep_omitted:
            out.append(CorrectedEntry(entry.position, entry.numbers, entry.signs, "omitted", entry.numbers, e.id,
                                      entry.key, entry.witness_line, entry.page, entry.signs))
    if supply:
        for e in errata:
            if e.table == table_id and isinstance(e.corr, Supply):
                out.append(CorrectedEntry(None, e.corr.entry, (), "supplied", None, e.id, witness_line=e.witness_line,
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
    count_errata = {e.position: e for e in errata if e.table == table_id and e.kind is ErratumKind.COUNT}
    for c in edition.entries(table_id):
        if c.role != "count":
            continue
        e = count_errata.get(c.position)
        if e is not None and e.sic != c.numbers:
            e = None  # a stale count erratum is reported by check_errata
        stated = e.corr.numbers if e is not None and isinstance(e.corr, Replace) else c.numbers
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
        elif f.kind is Kind.EXAMPLE and f.candidates:
            # a number of a worked example: the passage's top-ranked correction changes it (proposed whatever its
            # confidence, which the proposal states; the audit's `expected` names only a sure one)
            top = f.candidates[0]
            d.update(corr=list(top.value), **{"class": top.klass}, reason=f.message, confidence=top.confidence)
        else:
            d.update(corr=list(f.expected) if f.expected is not None else "omit",
                     **{"class": {Kind.COUNT: "wrong count", Kind.EXAMPLE: "arithmetic slip"}.get(f.kind, "misprint")},
                     reason=f.message, confidence="high")
        d["resp"] = "rithmocheck"
        out.append(d)
    return out
