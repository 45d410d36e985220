"""Engine rulesets: the three kinds of play as versioned data.

`document(kind)` assembles one kind's ruleset from the rules in words
(rithmocheck.ruleset.data, each with its witness line) and from everything
the project computes: the men (rithmocheck.model.men), the moves (from each
shape's directions and distances), the parameters of the captures and
victories, and the corrected lookup tables (rithmocheck.tables).
`documents()` and `schema()` are what the build writes to output/ruleset/.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .. import __version__
from ..model import men as M
from . import data as D
from .draughts import knight as knight
from .draughts import offsets as offsets

SCHEMA_VERSION = 1
SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / f"ruleset-{SCHEMA_VERSION}.json"
SCHEMA_ID = f"urn:rithmocheck:schema:ruleset-{SCHEMA_VERSION}"
KINDS = (1, 2, 3)
SHAPES = ("round", "triangle", "square", "pyramid")
OTHER = {"even": "odd", "odd": "even"}

# The tables each kind uses: its own, the common ones, and those its rules
# send the reader to (with the witness line that does so).
TABLE_USES = {
    "kings": "the king's layers, taken one by one",
    "standards": "the common victory of standards",
    "k1-addition": "taking by addition and, read back, subtraction (kind 3: lying in wait, line 1016)",
    "k1-multiplication": "taking by multiplication and, read back, division",
    "k1-arithmetic": "the great triumph (and taking by proportion)",
    "k1-geometric": "the great triumph (and taking by proportion)",
    "k1-musical": "the great triumph (and taking by proportion)",
    "k1-arithmetic-geometric": "the greater triumph",
    "k1-arithmetic-musical": "the greater triumph",
    "k1-geometric-musical": "the greater triumph",
    "k1-all-three": "the greatest triumph",
    "k2-cossick-signs": "the signs marked on the men",
    "k2-spaces-multiplication": "taking by multiplication by void spaces (kind 3: eruption, line 1010)",
    "k2-spaces-division": "taking by division by void spaces",
    "k2-cossick-taking": "taking by cossick signs",
    "k2-kings": "the king's steps: roots and quadrates",
    "k3-obsidion-only": "the men that can be taken only by obsidion",
}
_TRIUMPH_TABLES = ("k1-arithmetic", "k1-geometric", "k1-musical", "k1-arithmetic-geometric",
                   "k1-arithmetic-musical", "k1-geometric-musical", "k1-all-three")
KIND_TABLES = {
    1: ("kings", "standards", "k1-addition", "k1-multiplication") + _TRIUMPH_TABLES,
    2: ("kings", "standards", "k2-cossick-signs", "k2-spaces-multiplication", "k2-spaces-division",
        "k2-cossick-taking", "k2-kings", "k1-addition") + _TRIUMPH_TABLES,
    3: ("kings", "standards", "k3-obsidion-only", "k2-spaces-multiplication", "k1-addition") + _TRIUMPH_TABLES,
}


# --- building the documents -------------------------------------------------

def ruleset_id(kind: int) -> str:
    return f"lever-fulke-1563/kind-{kind}"


def _rule_cite(rule: M.Rule) -> dict[str, Any]:
    return D.W(D.NUMBERS_CITE["heading"], rule.line, " ".join(rule.witness.split()[:6]))


def _man(m: M.Man, signs: dict[tuple[str, str, int, int], list[int]] | None) -> dict[str, Any]:
    d: dict[str, Any] = {"id": m.id, "side": m.side, "shape": m.shape, "order": m.order, "digit": m.digit,
                         "value": m.value, "rule": m.rule, "derivation": m.derivation,
                         "witness": _rule_cite(M.RULE_BY_KEY[(_rule_shape(m.shape), m.order)])}
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


def _numbers() -> dict[str, Any]:
    return {
        "digits": {side: list(M.DIGITS[side]) for side in M.SIDES},
        "rules": [{"shape": r.shape, "order": r.order, "formula": r.formula,
                   "arises_from": list(r.arises_from) if r.arises_from else None, "witness": _rule_cite(r)}
                  for r in M.RULES],
        "king": {"rule": "the first-order square that is a sum of consecutive quadrates is the king; his layers "
                         "are those quadrates, the least highest: two squares at the foundation, two triangles "
                         "on them, rounds above",
                 "witness": [D.LAYERS_CITE, D.LAYER_SHAPES_CITE, D.LAYER_ORDER_CITE]},
    }


def _movement(kind: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, entry in D.MOVEMENT[kind].items():
        e = dict(entry)
        if key in SHAPES:
            e["moves"] = offsets(e["directions"], e["distances"])
            if "flying" in e:
                e["flying"] = dict(e["flying"], moves=knight(e["flying"]["leg"]))
        out[key] = e
    return out


def start_squares(kind: int, ranks: int = 16) -> dict[str, str]:
    """Each man's starting square (man id -> square), from the array of the kind."""
    out: dict[str, str] = {}
    for m in M.all_men():
        rank, file = D.LAYOUT[kind][m.id]
        out[m.id] = f"{file}{rank if m.side == 'even' else ranks + 1 - rank}"
    return out


def _placement(kind: int) -> dict[str, Any]:
    p = dict(D.PLACEMENT[kind], squares=start_squares(kind), squares_source=D.LAYOUT_SOURCE[kind])
    if kind == 2:
        by_rule: dict[tuple[str, int], list[M.Man]] = {(r.shape, r.order): [] for r in M.RULES}
        for m in M.all_men():
            by_rule[(_rule_shape(m.shape), m.order)].append(m)
        p["ranks"] = [{"rank": i, "shape": r.shape, "order": r.order,
                       "men": {s: [m.id for m in by_rule[(r.shape, r.order)] if m.side == s] for s in M.SIDES}}
                      for i, r in enumerate(M.RULES, 1)]
        p["ranks_note"] = "rank 1 is the front, rank 6 the furthermost edge of the board; the king stands in " \
                          "the rank of the first-order squares"
    return p


def equal_values(values_by_side: dict[str, list[int]]) -> list[int]:
    """The numbers borne by men of both armies: those taken by equality."""
    return sorted(set(values_by_side["even"]) & set(values_by_side["odd"]))


def standards_params(values_by_side: dict[str, list[int]]) -> dict[str, Any]:
    """The victory of standards (lines 1090-1101) from the armies' totals."""
    from ..tables.armies import BEARERS, CAPTAINS, STANDARDS

    army = {s: sum(values_by_side[s]) for s in M.SIDES}
    soldiers = {s: army[s] - CAPTAINS - BEARERS for s in M.SIDES}
    return {"captains": CAPTAINS, "bearers": BEARERS, "standards": STANDARDS, "army": army,
            "soldiers": soldiers, "per_standard": {s: soldiers[s] // STANDARDS for s in M.SIDES},
            "table": "standards"}


def _derived_values() -> dict[str, list[int]]:
    return {s: [m.value for m in M.army(s)] for s in M.SIDES}


def _captures(kind: int, tables: dict[str, dict[str, Any]]) -> dict[str, Any]:
    methods = []
    for c in D.CAPTURES[kind]:
        c = dict(c, params=dict(c["params"]))
        if c["method"] in ("equality", "encountering"):
            c["params"]["equal_values"] = equal_values(_derived_values())
        table = c["params"].get("table")
        if table and tables[table]["params"]:
            c["params"].update(tables[table]["params"])
        methods.append(c)
    return {"methods": methods, "not_into_place": D.NOT_INTO_PLACE, "timing": D.TIMING, "per_move": D.PER_MOVE}


def _victories() -> dict[str, Any]:
    standards = {"name": "standards", "rule": "two armies counterfeited: the first and last of each are "
                                              "captains, ten standard bearers taken out, the rest divided into "
                                              "ten standards; he that wins more standards has the victory",
                 "params": standards_params(_derived_values()), "examples": [],
                 "witness": D.STANDARDS_CITE}
    return {"proper": {"rule": "the triumph, after the king is taken", "witness": D.TRIUMPHS[1]["witness"]},
            "common": [*D.COMMON_VICTORIES, standards], "witness": D.COMMON_VICTORIES_CITE}


def _tables(kind: int) -> list[dict[str, Any]]:
    from ..tables import default_table

    out = []
    for tid in KIND_TABLES[kind]:
        t = default_table(tid)
        f = t.family
        out.append({"id": tid, "title": f.title,
                    "witness": {"heading": f.title, "line": f.witness_line},
                    "kind": f.kind, "used_for": TABLE_USES[tid], "rule": f.rule,
                    "columns": list(f.columns), "rows": [list(r) for r in t.rows],
                    "universe": t.universe.name, "params": dict(t.params)})
    return out


@cache
def _document_json(kind: int) -> str:
    if kind not in KINDS:
        raise KeyError(kind)
    tables = _tables(kind)
    by_id = {t["id"]: t for t in tables}
    signs = None
    if kind == 2:
        signs = _signs_by_man(by_id["k2-cossick-signs"]["rows"])
    heading, line = D.KIND_TITLES[kind]
    used_sources = sorted(D.SOURCES)
    doc = {
        "ruleset": ruleset_id(kind),
        "schema": SCHEMA_ID,
        "schema_version": SCHEMA_VERSION,
        "produced_by": {"program": "rithmocheck", "version": __version__},
        "kind": kind,
        "title": heading,
        "witness": dict(_witness(), kind_heading={"heading": heading, "line": line}),
        "sources": {k: D.SOURCES[k] for k in used_sources},
        "options": {},
        "board": dict(D.BOARD[kind], files=8, ranks=16, spaces=128,
                      **({"option": "short-board"} if kind == 3 else {})),
        "sides": {"even": {"digits": list(M.DIGITS["even"]), "king": M.king("even").id},
                  "odd": {"digits": list(M.DIGITS["odd"]), "king": M.king("odd").id},
                  "colours": "the players' choice", "first": D.FIRST_MOVE, **D.SIDES_RULE},
        "numbers": _numbers(),
        "men": [_man(m, signs) for m in M.all_men()],
        "captured": D.CAPTURED[kind],
        "kings": dict(D.KINGS[kind], moves="/movement/pyramid", layers="the layers of each pyramid man, top to bottom"),
        "placement": _placement(kind),
        "movement": _movement(kind),
        "captures": _captures(kind, by_id),
        "triumphs": dict(D.TRIUMPHS[kind], proportions=D.PROPORTIONS, **D.TRIUMPH_PLACE),
        "victories": _victories(),
        "tables": tables,
    }
    doc["options"] = _options(kind, by_id, D.CAPTURES[kind], doc)
    return json.dumps(doc, ensure_ascii=False)


def _options(kind: int, tables: dict[str, dict[str, Any]], methods: list[dict[str, Any]],
             doc: dict[str, Any]) -> dict[str, Any]:
    """The kind's options, each with the JSON Pointers its values set (the
    placeholders {method:NAME} and {table:ID} made indices; a place the
    kind does not have, such as the flying of a round that does not fly,
    left out)."""
    from .resolve import pointer_place_exists

    index = {f"method:{m['method']}": str(i) for i, m in enumerate(methods)}
    index.update({f"table:{tid}": str(i) for i, tid in enumerate(tables)})

    def ptrs(sets: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for ptr, value in sets.items():
            for key, i in index.items():
                ptr = ptr.replace("{" + key + "}", i)
            if "{" not in ptr and pointer_place_exists(doc, ptr):  # else: a place this kind lacks
                out[ptr] = value
        return out

    out = {}
    for name, o in D.OPTIONS.items():
        if kind not in o["kinds"]:
            continue
        opt = {k: v for k, v in o.items() if k not in ("kinds", "default_sets", "alternatives")}
        opt["default_sets"] = ptrs(o["default_sets"])
        opt["alternatives"] = [dict(a, sets=ptrs(a["sets"])) for a in o["alternatives"]]
        out[name] = opt
    return out


def document(kind: int) -> dict[str, Any]:
    """One kind's ruleset (a fresh copy: callers may mutate it)."""
    data: dict[str, Any] = json.loads(_document_json(kind))
    return data


def documents() -> dict[str, dict[str, Any]]:
    """Every kind's ruleset, by the file name the build writes it under."""
    return {f"kind-{k}.json": document(k) for k in KINDS}


@cache
def _schema_text() -> str:
    return SCHEMA_FILE.read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The published JSON Schema (draft 2020-12) of ruleset documents."""
    data: dict[str, Any] = json.loads(_schema_text())
    return data


WITNESS_KEYS = ("title", "authors", "year", "identifiers", "attributions", "sha256")


@cache
def _witness() -> dict[str, Any]:
    """The book and witness a ruleset cites: the shipped edition's
    witness.yaml, read from the one place it is recorded."""
    from ..witness.edition import SHIPPED, Edition

    meta = Edition.default().metadata
    out = {k: meta[k] for k in WITNESS_KEYS if k in meta}
    out["file"] = f"rithmocheck/editions/{SHIPPED.name}/{meta['file']}"
    out["lines"] = meta["lines"]
    plain: dict[str, Any] = json.loads(json.dumps(out))  # the loader's line-carrying values as plain data
    return plain


COLLECTION_ID = "urn:rithmocheck:schema:rulesets-1"


def collection(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several rulesets as one document (schema rulesets-1.json)."""
    return {"schema": COLLECTION_ID, "produced_by": {"program": "rithmocheck", "version": __version__},
            "rulesets": docs}


def kind_document(rid: str, where: str = "--ruleset") -> dict[str, Any]:
    """The document of a kind of 1563 by its id (lever-fulke-1563/kind-N,
    kind-N or N): what a reading reads (every ruleset by its id, readings
    too, is rithmocheck.ruleset.catalogue.by_id)."""
    from ..errors import InputError

    for k in KINDS:
        if rid in (ruleset_id(k), f"kind-{k}", str(k)):
            return document(k)
    raise InputError(where, None, f"no kind of 1563 {rid!r}: one of {', '.join(ruleset_id(k) for k in KINDS)}")
