"""Engine rulesets: the kinds of play of an edition as versioned data.

`document(kind, edition)` assembles one kind's ruleset from the edition's
rules in words (its rules.yaml, rithmocheck.ruleset.rules, each rule with its
witness line) and from everything the project computes: the edition's men
(rithmocheck.model.men), the moves (from each shape's directions and
distances), the parameters of the captures and victories, and the corrected
lookup tables (the edition's registry). `documents(edition)` and `schema()`
are what the build writes to output/ruleset/. A kind's ruleset id is the
edition's id and the kind: EDITION/kind-N.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import InputError
from ..model import men as M
from ..witness.edition import SHIPPED, SHIPPED_IN_REPOSITORY, Edition
from .draughts import knight as knight
from .draughts import offsets as offsets
from .rules import rules

if TYPE_CHECKING:
    from ..witness.edition import Edition

SCHEMA_VERSION = 1
SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / f"ruleset-{SCHEMA_VERSION}.json"
SCHEMA_ID = f"urn:rithmocheck:schema:ruleset-{SCHEMA_VERSION}"
SHAPES = ("round", "triangle", "square", "pyramid")
OTHER = {"even": "odd", "odd": "even"}



# --- building the documents -------------------------------------------------

def kinds(edition: Edition) -> tuple[int, ...]:
    """The kinds of play of an edition, in its order."""
    return tuple(int(k["kind"]) for k in rules(edition)["kinds"])


def ruleset_id(kind: int, edition: Edition) -> str:
    """The id of a kind's ruleset: the edition's id and the kind."""
    return f"{edition.name}/kind-{kind}"


def _kind(kind: int, edition: Edition) -> dict[str, Any]:
    for k in rules(edition)["kinds"]:
        if k["kind"] == kind:
            found: dict[str, Any] = k
            return found
    raise KeyError(kind)


def _rule_cite(rule: M.Rule, edition: Edition) -> dict[str, Any]:
    """Where the book gives one of the six rules: its heading, line and first words."""
    heading, _line = edition.rules_heading
    words = edition.facts.quotes[M.RULES.index(rule)]
    return {"heading": heading, "line": edition.armies.line(rule), "quote": " ".join(words.split()[:6])}


def _man(m: M.Man, signs: dict[tuple[str, str, int, int], list[int]] | None, edition: Edition) -> dict[str, Any]:
    d: dict[str, Any] = {"id": m.id, "side": m.side, "shape": m.shape, "order": m.order, "digit": m.digit,
                         "value": m.value, "rule": m.rule, "derivation": m.derivation,
                         "witness": _rule_cite(M.RULE_BY_KEY[(_rule_shape(m.shape), m.order)], edition)}
    if m.is_king:
        d["layers"] = [{"step": i, "root": l.root, "value": l.value, "shape": l.shape}
                       for i, l in enumerate(m.layers, 1)]
    elif signs is not None:
        d["signs"] = signs[(m.side, m.shape, m.order, m.value)]
    return d


def _rule_shape(shape: str) -> str:
    return "square" if shape == "pyramid" else shape


def _signs_by_man(rows: Iterable[Sequence[Any]]) -> dict[tuple[str, str, int, int], list[int]]:
    return {(side, shape, order, value): [int(s) for s in signs.split()]
            for side, shape, order, value, signs in rows}


def _numbers(edition: Edition) -> dict[str, Any]:
    armies = edition.armies
    return {
        "digits": {side: list(armies.digits(side)) for side in M.SIDES},
        "rules": [{"shape": r.shape, "order": r.order, "formula": r.formula,
                   "arises_from": list(r.arises_from) if r.arises_from else None, "witness": _rule_cite(r, edition)}
                  for r in M.RULES],
        "king": rules(edition)["king"],
    }


def _movement(kind: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, entry in kind["movement"].items():
        e = dict(entry)
        if key in SHAPES:
            e["moves"] = offsets(e["directions"], e["distances"])
            if "flying" in e:
                e["flying"] = dict(e["flying"], moves=knight(e["flying"]["leg"]))
        out[key] = e
    return out


def start_squares(kind: dict[str, Any], armies: M.Armies, ranks: int = 16) -> dict[str, str]:
    """Each man's starting square (man id -> square), from the array of the kind."""
    out: dict[str, str] = {}
    for m in armies.all_men():
        rank, file = kind["array"][m.id]
        out[m.id] = f"{file}{rank if m.side == 'even' else ranks + 1 - rank}"
    return out


def _placement(kind: dict[str, Any], armies: M.Armies) -> dict[str, Any]:
    p = dict(kind["placement"], squares=start_squares(kind, armies, kind["board"]["ranks"]),
             squares_source=kind["array_source"])
    if "ranks_note" in kind:  # the men set rank by rank, one rank per rule
        by_rule: dict[tuple[str, int], list[M.Man]] = {(r.shape, r.order): [] for r in M.RULES}
        for m in armies.all_men():
            by_rule[(_rule_shape(m.shape), m.order)].append(m)
        p["ranks"] = [{"rank": i, "shape": r.shape, "order": r.order,
                       "men": {s: [m.id for m in by_rule[(r.shape, r.order)] if m.side == s] for s in M.SIDES}}
                      for i, r in enumerate(M.RULES, 1)]
        p["ranks_note"] = kind["ranks_note"]
    return p


def equal_values(values_by_side: dict[str, list[int]]) -> list[int]:
    """The numbers borne by men of both armies: those taken by equality."""
    return sorted(set(values_by_side["even"]) & set(values_by_side["odd"]))


def standards_params(values_by_side: dict[str, list[int]], edition: Edition) -> dict[str, Any]:
    """The victory of standards from the armies' totals, the captains, bearers
    and standards the book's table of standards takes out and fills."""
    from ..tables.keyed import Standards

    table_id = rules(edition)["victories"]["standards"]["table"]
    counts = next((f for f in edition.registry.of(Standards) if f.id == table_id), None)
    if counts is None:
        raise InputError(edition.rules_path, None, f"victories.standards.table: {table_id} is no table of the "
                                                   "family standards")
    army = {s: sum(values_by_side[s]) for s in M.SIDES}
    soldiers = {s: army[s] - counts.captains - counts.bearers for s in M.SIDES}
    return {"captains": counts.captains, "bearers": counts.bearers, "standards": counts.standards, "army": army,
            "soldiers": soldiers, "per_standard": {s: soldiers[s] // counts.standards for s in M.SIDES},
            "table": table_id}


def _derived_values(edition: Edition) -> dict[str, list[int]]:
    return {s: [m.value for m in edition.armies.army(s)] for s in M.SIDES}


def _captures(kind: dict[str, Any], tables: dict[str, dict[str, Any]], edition: Edition) -> dict[str, Any]:
    methods = []
    for c in kind["captures"]:
        c = dict(c, params=dict(c["params"]))
        if c["method"] in ("equality", "encountering"):
            c["params"]["equal_values"] = equal_values(_derived_values(edition))
        table = c["params"].get("table")
        if table and tables[table]["params"]:
            c["params"].update(tables[table]["params"])
        methods.append(c)
    return {"methods": methods, **rules(edition)["captures"]}


def _victories(edition: Edition) -> dict[str, Any]:
    v = rules(edition)["victories"]
    params = standards_params(_derived_values(edition), edition)
    params["decided_by"] = v["standards"].get("decided_by", "compare-hosts")
    standards = {"name": "standards", "rule": v["standards"]["rule"], "params": params, "examples": [],
                 "witness": v["standards"]["witness"]}
    if "option" in v["standards"]:
        standards["option"] = v["standards"]["option"]
    return {"proper": v["proper"], "common": [*v["common"], standards], "witness": v["witness"]}


def _tables(kind: dict[str, Any], edition: Edition) -> list[dict[str, Any]]:
    uses = rules(edition)["table_uses"]
    out = []
    for tid in kind["tables"]:
        f = edition.registry.family(tid)
        t = f.default_table()
        out.append({"id": tid, "title": f.title,
                    "witness": {"heading": f.title, "line": f.witness_line},
                    "kind": f.kind, "used_for": uses[tid], "rule": f.rule,
                    "columns": list(f.columns), "rows": [list(r) for r in t.rows],
                    "universe": t.universe.name, "params": dict(t.params)})
    return out


def _triumphs(kind: dict[str, Any], edition: Edition) -> dict[str, Any]:
    t = rules(edition)["triumphs"]
    return {"kinds": t["kinds"], "conditions": t["conditions"], **kind["triumph"], "proportions": t["proportions"],
            **t["place"]}


def _document_json(kind: int, edition: Edition) -> str:
    memo = edition.derived.setdefault("rulesets", {})
    if kind not in memo:
        memo[kind] = _assemble(kind, edition)
    text: str = memo[kind]
    return text


def _assemble(kind: int, edition: Edition) -> str:
    k = _kind(kind, edition)
    r = rules(edition)
    tables = _tables(k, edition)
    by_id = {t["id"]: t for t in tables}
    signs = _signs_by_man(by_id[k["signs"]]["rows"]) if "signs" in k else None
    heading = k["heading"]
    armies = edition.armies
    doc = {
        "ruleset": ruleset_id(kind, edition),
        "schema": SCHEMA_ID,
        "schema_version": SCHEMA_VERSION,
        "produced_by": {"program": "rithmocheck", "version": __version__},
        "kind": kind,
        "title": heading["title"],
        "witness": dict(_witness(edition), kind_heading={"heading": heading["title"], "line": heading["line"]}),
        "sources": {s: r["sources"][s] for s in sorted(r["sources"])},
        "options": {},
        "board": k["board"],
        "sides": {"even": {"digits": list(armies.digits("even")), "king": armies.king("even").id},
                  "odd": {"digits": list(armies.digits("odd")), "king": armies.king("odd").id},
                  **r["sides"]},
        "numbers": _numbers(edition),
        "men": [_man(m, signs, edition) for m in armies.all_men()],
        "captured": k["captured"],
        "kings": dict(k["kings"], moves="/movement/pyramid", layers="the layers of each pyramid man, top to bottom"),
        "placement": _placement(k, armies),
        "movement": _movement(k),
        "captures": _captures(k, by_id, edition),
        "triumphs": _triumphs(k, edition),
        "victories": _victories(edition),
        "tables": tables,
    }
    doc["options"] = _options(kind, by_id, k["captures"], doc, edition)
    text = json.dumps(doc, ensure_ascii=False)
    if edition.root != SHIPPED:  # (the shipped edition's rulesets are held to the schema by the tests)
        _check_assembled(text, kind, edition)
    return text


def _check_assembled(text: str, kind: int, edition: Edition) -> None:
    """A ruleset the edition's rules make (its JSON text) must follow the
    published schema: a rule rules.yaml's own schema lets through but the
    document cannot hold is bad input, named by the place in the document.
    So must every value an option of it sets (its default_sets and each
    alternative's sets), at its place: a ruleset with any of its options
    chosen is again one the engine can play. A text found valid is
    remembered by its digest (in this process, and in the memo)."""
    import hashlib

    from .. import memo
    from ..shape import READING

    key = hashlib.sha256(f"{READING}\0{_schema_text()}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
    if key in _VALID_RULESETS:
        return

    def check() -> bool:
        _check_document(json.loads(text), kind, edition)
        return True

    memo.remember("valid-ruleset", key, check, lambda v: v is True)
    _VALID_RULESETS.add(key)


_VALID_RULESETS: set[str] = set()


def _check_document(doc: dict[str, Any], kind: int, edition: Edition) -> None:
    from ..shape import problems, value_problem

    errors = sorted(problems(SCHEMA_FILE.name, doc), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        e = errors[0]
        where = "/" + "/".join(map(str, e.absolute_path))
        raise InputError(edition.rules_path, None, f"kind {kind}: the ruleset its rules make breaks the ruleset "
                                                   f"schema at {where}: {e.message[:160]}")
    for name, option in doc["options"].items():
        sets = [("default_sets", option["default_sets"])]
        sets += [(f"alternatives[{i}].sets", a["sets"]) for i, a in enumerate(option["alternatives"], 1)]
        for where, values in sets:
            for ptr, value in values.items():
                problem = value_problem(value, SCHEMA_FILE.name, ptr)
                if problem is not None:
                    raise InputError(edition.rules_path, _line(edition, name),
                                     f"options.{name}.{where}: the value at {ptr} breaks the ruleset schema: "
                                     f"{problem}")


def _line(edition: Edition, option: str) -> int | None:
    """The line of rules.yaml an option stands on."""
    options = rules(edition)["options"]
    return next((getattr(k, "line", None) for k in options if k == option), getattr(options, "line", None))


def _options(kind: int, tables: dict[str, dict[str, Any]], methods: list[dict[str, Any]],
             doc: dict[str, Any], edition: Edition) -> dict[str, Any]:
    """The kind's options, each with the JSON Pointers its values set (the
    placeholders {method:NAME}, {table:ID} and {victory:NAME} made indices; a place the
    kind does not have, such as the flying of a round that does not fly,
    left out)."""
    from .resolve import pointer_place_exists

    index = {f"method:{m['method']}": str(i) for i, m in enumerate(methods)}
    index.update({f"table:{tid}": str(i) for i, tid in enumerate(tables)})
    index.update({f"victory:{v['name']}": str(i) for i, v in enumerate(doc["victories"]["common"])})

    def ptrs(sets: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for ptr, value in sets.items():
            for key, i in index.items():
                ptr = ptr.replace("{" + key + "}", i)
            if "{" not in ptr and pointer_place_exists(doc, ptr):  # else: a place this kind lacks
                out[ptr] = value
        return out

    out = {}
    for name, o in rules(edition)["options"].items():
        if kind not in o["kinds"]:
            continue
        opt = {k: v for k, v in o.items() if k not in ("kinds", "default_sets", "alternatives", "table_defaults")}
        opt["default_sets"] = ptrs(o["default_sets"])
        if "table_defaults" in o:  # each table that takes the parameter keeps its own default (book.yaml)
            param = o["table_defaults"]
            own = {tid: t["params"][param] for tid, t in tables.items() if param in t["params"]}
            opt["default_sets"].update(ptrs({f"/tables/{{table:{tid}}}/params/{param}": v for tid, v in own.items()}))
            by_value: dict[Any, list[str]] = {}
            for tid, v in own.items():
                by_value.setdefault(v, []).append(tid)
            said = "; ".join(f"{v} for {', '.join(ts)}" for v, ts in by_value.items())
            if said:
                opt["default_reading"] = f"{opt['default_reading']}: {said}" if "default_reading" in opt else said
        opt["alternatives"] = [dict(a, sets=ptrs(a["sets"])) for a in o["alternatives"]]
        out[name] = opt
    return out


def document(kind: int, edition: Edition) -> dict[str, Any]:
    """One kind's ruleset (a fresh copy: callers may mutate it)."""
    if kind not in kinds(edition):
        raise KeyError(kind)
    data: dict[str, Any] = json.loads(_document_json(kind, edition))
    return data


def documents(edition: Edition) -> dict[str, dict[str, Any]]:
    """Every kind's ruleset of the edition, by the file name the build writes it under."""
    return {f"kind-{k}.json": document(k, edition) for k in kinds(edition)}


@cache
def _schema_text() -> str:
    return SCHEMA_FILE.read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The published JSON Schema (draft 2020-12) of ruleset documents."""
    data: dict[str, Any] = json.loads(_schema_text())
    return data


WITNESS_KEYS = ("title", "authors", "year", "identifiers", "attributions", "sha256")


def _witness(edition: Edition) -> dict[str, Any]:
    """The book and witness a ruleset cites: the edition's witness.yaml, read
    from the one place it is recorded. The witness's file is named where a
    reader finds it: the shipped witness (the edition's, byte for byte: the
    same SHA-256) where the repository keeps it (sources/, the design card's
    layout), else the edition's own (EDITION/witness.txt,
    by the edition's id), so that the same witness is cited the same way
    from any directory."""
    meta = edition.metadata
    shipped = Edition.default()
    out = {k: meta[k] for k in WITNESS_KEYS if k in meta}
    where = (f"{SHIPPED_IN_REPOSITORY}/{shipped.root.name}" if meta.get("sha256") == shipped.metadata.get("sha256")
             else edition.name)
    out["file"] = f"{where}/{meta['file']}"
    out["lines"] = meta["lines"]
    plain: dict[str, Any] = json.loads(json.dumps(out))  # the loader's line-carrying values as plain data
    return plain


COLLECTION_ID = "urn:rithmocheck:schema:rulesets-1"


def collection(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several rulesets as one document (schema rulesets-1.json)."""
    return {"schema": COLLECTION_ID, "produced_by": {"program": "rithmocheck", "version": __version__},
            "rulesets": docs}


def _edition(edition: Edition | None) -> Edition:
    from ..witness.edition import Edition

    return edition if edition is not None else Edition.default()


def kind_document(rid: str, where: str = "--ruleset", edition: Edition | None = None) -> dict[str, Any]:
    """The document of a kind of the edition (the shipped one when none is
    given) by its id (EDITION/kind-N, kind-N or N): what a reading reads
    (every ruleset by its id, readings too, is
    rithmocheck.ruleset.catalogue.by_id)."""
    ed = _edition(edition)
    for k in kinds(ed):
        if rid in (ruleset_id(k, ed), f"kind-{k}", str(k)):
            return document(k, ed)
    raise InputError(where, None, f"no kind {rid!r} of {ed.name}: one of "
                                  f"{', '.join(ruleset_id(k, ed) for k in kinds(ed))}")
