"""Engine rulesets: the three kinds of play as validated, versioned data.

`document(kind)` assembles one kind's ruleset from the rules in words
(rithmocheck.ruleset_data, each with its witness line) and from everything
the project computes: the men (rithmocheck.men), the moves (from each shape's
directions and distances), the parameters of the captures and victories, and
the corrected lookup tables (rithmocheck.tables). `documents()` and
`schema()` are what the build writes to output/ruleset/.

`validate(data, name)` checks a ruleset someone else wrote or edited, in
stages: the published JSON Schema (schema/ruleset-1.json) first; then the men
and kings; then, when the men are sound, what is derived from them (tables
regenerated from the file's own men under each table's own universe and
parameters, cossick signs, victory parameters), since nothing can be judged
against men that are themselves wrong; the moves, the relations and the
examples of the victories are checked in any case. It also accepts the plain
format most engines have: `{"even": [..], "odd": [..]}` (or CSV `side,value`),
each king as his whole pyramid value.

Findings (rithmocheck.findings.Finding, `position` a JSON Pointer) of kinds:
  schema         the file does not follow the published schema
  rule           the digits or the six rules differ from 1563
  value          a man's value is not what his rule makes of his digit
  king           the king is not listed as a pyramid, or a man who is no king is
  layer          a king's layer is wrong, or a layer is listed as a man
  wrong-side     a man, a digit, a king or a king's layers given to the wrong side
  missing        a man the rules make is absent
  doubled        a man is listed more often than the rules make him
  unknown-value  (plain lists) a value no rule derives for either side
  table          a table row does not follow, or a row is missing
  sign           a man's cossick signs do not follow their rule
  capture        a capture parameter disagrees with the men or the tables
  movement       a move disagrees with its stated directions and distances
  relation       a proportion's declared test is not that proportion
  victory        a victory's parameters or examples disagree with the men
  option         a rule names an option the document does not define
"""

from __future__ import annotations

import ast
import csv
import io
import json
from collections import Counter
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from . import __version__
from . import men as M
from . import ruleset_data as D
from .findings import Finding
from .yamlsafe import InputError

SCHEMA_VERSION = 1
SCHEMA_FILE = Path(__file__).resolve().parent / "schema" / f"ruleset-{SCHEMA_VERSION}.json"
SCHEMA_ID = f"urn:rithmocheck:schema:ruleset-{SCHEMA_VERSION}"
KINDS = (1, 2, 3)
SHAPES = ("round", "triangle", "square", "pyramid")
OTHER = {"even": "odd", "odd": "even"}

VECTORS = {"orthogonal": ((0, 1), (1, 0), (0, -1), (-1, 0)),
           "diagonal": ((1, 1), (1, -1), (-1, -1), (-1, 1))}

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


def offsets(directions, distances) -> list[list[int]]:
    """Every ordinary draught: each direction's unit steps times each distance."""
    return [[ux * d, uy * d] for d in distances for direction in directions for ux, uy in VECTORS[direction]]


def knight(leg) -> list[list[int]]:
    """The flying draught: `long` spaces one way and `short` to the side."""
    long, short = leg
    return [[x, y] for x, y in ((short, long), (long, short), (long, -short), (short, -long),
                                (-short, -long), (-long, -short), (-long, short), (-short, long))]


def _rule_cite(rule: M.Rule) -> dict:
    return D.W(D.NUMBERS_CITE["heading"], rule.line, " ".join(rule.witness.split()[:6]))


def _man(m: M.Man, signs: dict | None) -> dict:
    d = {"id": m.id, "side": m.side, "shape": m.shape, "order": m.order, "digit": m.digit, "value": m.value,
         "rule": m.rule, "derivation": m.derivation,
         "witness": _rule_cite(M.RULE_BY_KEY[(_rule_shape(m.shape), m.order)])}
    if m.is_king:
        d["layers"] = [{"step": i, "root": l.root, "value": l.value, "shape": l.shape}
                       for i, l in enumerate(m.layers, 1)]
    elif signs is not None:
        d["signs"] = signs[(m.side, m.shape, m.order, m.value)]
    return d


def _rule_shape(shape: str) -> str:
    return "square" if shape == "pyramid" else shape


def _signs_by_man(rows) -> dict:
    return {(side, shape, order, value): [int(s) for s in signs.split()]
            for side, shape, order, value, signs in rows}


def _numbers() -> dict:
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


def _movement(kind: int) -> dict:
    out = {}
    for key, entry in D.MOVEMENT[kind].items():
        e = dict(entry)
        if key in SHAPES:
            e["moves"] = offsets(e["directions"], e["distances"])
            if "flying" in e:
                e["flying"] = dict(e["flying"], moves=knight(e["flying"]["leg"]))
        out[key] = e
    return out


def _placement(kind: int) -> dict:
    p = dict(D.PLACEMENT[kind])
    if kind == 2:
        by_rule = {(r.shape, r.order): [] for r in M.RULES}
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


def standards_params(values_by_side: dict[str, list[int]]) -> dict:
    """The victory of standards (lines 1090-1101) from the armies' totals."""
    from .tables.armies import BEARERS, CAPTAINS, STANDARDS

    army = {s: sum(values_by_side[s]) for s in M.SIDES}
    soldiers = {s: army[s] - CAPTAINS - BEARERS for s in M.SIDES}
    return {"captains": CAPTAINS, "bearers": BEARERS, "standards": STANDARDS, "army": army,
            "soldiers": soldiers, "per_standard": {s: soldiers[s] // STANDARDS for s in M.SIDES},
            "table": "standards"}


def _derived_values() -> dict[str, list[int]]:
    return {s: [m.value for m in M.army(s)] for s in M.SIDES}


def _captures(kind: int, tables: dict) -> dict:
    methods = []
    for c in D.CAPTURES[kind]:
        c = dict(c, params=dict(c["params"]))
        if c["method"] in ("equality", "encountering"):
            c["params"]["equal_values"] = equal_values(_derived_values())
        table = c["params"].get("table")
        if table and tables[table]["params"]:
            c["params"].update(tables[table]["params"])
        methods.append(c)
    return {"methods": methods, "not_into_place": D.NOT_INTO_PLACE}


def _victories() -> dict:
    standards = {"name": "standards", "rule": "two armies counterfeited: the first and last of each are "
                                              "captains, ten standard bearers taken out, the rest divided into "
                                              "ten standards; he that wins more standards has the victory",
                 "params": standards_params(_derived_values()), "examples": [],
                 "witness": D.STANDARDS_CITE}
    return {"proper": {"rule": "the triumph, after the king is taken", "witness": D.TRIUMPHS[1]["witness"]},
            "common": [*D.COMMON_VICTORIES, standards], "witness": D.COMMON_VICTORIES_CITE}


def _tables(kind: int) -> list[dict]:
    from .tables import generate

    out = []
    for tid in KIND_TABLES[kind]:
        t = generate(tid)
        out.append({"id": tid, "title": t.spec.title,
                    "witness": {"heading": t.spec.title, "line": t.spec.witness_line},
                    "kind": t.spec.kind, "used_for": TABLE_USES[tid], "rule": t.spec.rule,
                    "columns": list(t.spec.columns), "rows": [list(r) for r in t.rows],
                    "universe": t.universe.name, "params": dict(t.params)})
    return out


@lru_cache(maxsize=None)
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
        "witness": dict(D.WITNESS, kind_heading={"heading": heading, "line": line}),
        "sources": {k: D.SOURCES[k] for k in used_sources},
        "options": {k: {kk: vv for kk, vv in o.items() if kk != "kinds"}
                    for k, o in D.OPTIONS.items() if kind in o["kinds"]},
        "board": dict(D.BOARD[kind], files=8, ranks=16, spaces=128,
                      **({"option": "short-board"} if kind == 3 else {})),
        "sides": {"even": {"digits": list(M.DIGITS["even"]), "king": M.king("even").id},
                  "odd": {"digits": list(M.DIGITS["odd"]), "king": M.king("odd").id},
                  "colours": "the players' choice", **D.SIDES_RULE},
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
    return json.dumps(doc, ensure_ascii=False)


def document(kind: int) -> dict:
    """One kind's ruleset (a fresh copy: callers may mutate it)."""
    return json.loads(_document_json(kind))


def documents() -> dict[str, dict]:
    """Every kind's ruleset, by the file name the build writes it under."""
    return {f"kind-{k}.json": document(k) for k in KINDS}


@lru_cache(maxsize=None)
def _schema_text() -> str:
    return SCHEMA_FILE.read_text(encoding="utf-8")


def schema() -> dict:
    """The published JSON Schema (draft 2020-12) of ruleset documents."""
    return json.loads(_schema_text())


# --- reading files (I/O at the edge) ---------------------------------------

def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def parse_text(text: str, name: str):
    """A ruleset (JSON or YAML), a plain JSON/YAML list of values per side, or
    a CSV `side,value` list. Raises InputError when it cannot be read."""
    first = text.lstrip("\ufeff").lstrip().split("\n", 1)[0].strip()
    if name.lower().endswith(".csv") or first.replace(" ", "").lower().startswith("side,"):
        return parse_csv(text, name)
    if name.lower().endswith(".json") or first.startswith(("{", "[")):
        try:
            return json.loads(text, object_pairs_hook=_no_duplicates)
        except json.JSONDecodeError as exc:
            raise InputError(name, exc.lineno, f"malformed JSON: {exc.msg}") from None
        except ValueError as exc:
            raise InputError(name, None, f"malformed JSON: {exc}") from None
    from .yamlsafe import load_text

    return load_text(text, name)


def parse_csv(text: str, name: str) -> dict:
    """CSV with the header `side,value`: the plain engine format."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows or [c.strip().lower() for c in rows[0]] != ["side", "value"]:
        got = ",".join(rows[0]) if rows else "nothing"
        raise InputError(name, 1, f"CSV must have the header 'side,value', not {got!r}")
    out: dict = {"even": [], "odd": []}
    for lineno, row in enumerate(rows[1:], 2):
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != 2:
            raise InputError(name, lineno, f"expected 2 fields (side,value), found {len(row)}")
        side, value = row[0].strip().lower(), row[1].strip()
        if side not in out:
            raise InputError(name, lineno, f"side must be even or odd, not {row[0]!r}")
        try:
            out[side].append(int(value))
        except ValueError:
            raise InputError(name, lineno, f"value must be a whole number, not {value!r}") from None
    return out


def load(path: str | Path):
    p = Path(path)
    try:
        if p.stat().st_size > 2_000_000:
            raise InputError(p, None, "file is larger than 2000000 bytes")
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(p, None, f"not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(p, None, f"cannot read file: {exc.strerror}") from None
    return parse_text(text, str(p))


# --- validation -------------------------------------------------------------

def pointer(*parts) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def is_plain(data) -> bool:
    return isinstance(data, dict) and "ruleset" not in data and ("even" in data or "odd" in data)


def validate(data, name: str = "<input>") -> list[Finding]:
    """Every finding on a ruleset document or a plain list of values per side."""
    if is_plain(data):
        return check_plain(data, name)
    errors = schema_findings(data, name)
    if errors:
        return errors
    table = data["ruleset"]
    found = check_numbers(data, table) + check_men(data, table)
    if not found:
        found += check_tables(data, table) + check_signs(data, table) + check_derived_params(data, table)
    return (found + check_movement(data, table) + check_relations(data, table)
            + check_examples(data, table) + check_options(data, table))


def validate_any(data, name: str = "<input>") -> list[Finding]:
    """As validate; a list of documents (what `ruleset --kind all` prints)
    is validated document by document, positions prefixed by the index."""
    if isinstance(data, list) and data and all(isinstance(d, dict) and "ruleset" in d for d in data):
        from dataclasses import replace

        return [replace(f, position=pointer(i) + (f.position or ""))
                for i, d in enumerate(data) for f in validate(d, name)]
    return validate(data, name)


def schema_findings(data, name: str) -> list[Finding]:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(schema())
    table = data.get("ruleset") if isinstance(data, dict) and isinstance(data.get("ruleset"), str) else name
    out = []
    for e in sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        msg = e.message if len(e.message) <= 200 else e.message[:197] + "..."
        out.append(Finding(table, "schema", msg, pointer(*e.absolute_path)))
    return out


def _men_key(m: dict) -> tuple:
    return (m["side"], _rule_shape(m["shape"]), m["order"], m["digit"])


@lru_cache(maxsize=None)
def _derived_by_key() -> dict:
    return {(m.side, _rule_shape(m.shape), m.order, m.digit): m for m in M.all_men()}


def _name(m: M.Man) -> str:
    what = "king" if m.is_king else f"{m.shape} of order {m.order}"
    return f"the {m.side} {what} with digit {m.digit}"


def _describe(m: M.Man) -> str:
    return f"{_name(m)} ({m.value})"


def check_numbers(data: dict, table: str) -> list[Finding]:
    out = []
    for side in M.SIDES:
        got = data["numbers"]["digits"].get(side)
        if got != list(M.DIGITS[side]):
            out.append(Finding(table, "rule", f"the {side} digits are {list(M.DIGITS[side])} (line 284), not {got}",
                               pointer("numbers", "digits", side)))
    by_key = {(r["shape"], r["order"]): (i, r) for i, r in enumerate(data["numbers"]["rules"])}
    for rule in M.RULES:
        i, r = by_key.get((rule.shape, rule.order), (None, None))
        if r is None:
            out.append(Finding(table, "rule", f"the rule of the {rule.shape}s of order {rule.order} is missing",
                               pointer("numbers", "rules")))
        elif r["formula"].replace(" ", "") != rule.formula.replace(" ", ""):
            out.append(Finding(table, "rule", f"the {rule.shape}s of order {rule.order} are {rule.formula} "
                                              f"(line {rule.line}), not {r['formula']}",
                               pointer("numbers", "rules", i, "formula")))
    return out


def check_men(data: dict, table: str) -> list[Finding]:
    """Each man's value from his digit by his rule, the kings' shape and
    layers, and no man missing or doubled."""
    derived = _derived_by_key()
    out: list[Finding] = []
    first_at: dict[tuple, int] = {}
    for i, m in enumerate(data["men"]):
        side, digit = m["side"], m["digit"]
        if digit not in M.DIGITS[side]:
            out.append(Finding(table, "wrong-side", f"digit {digit} is {OTHER[side]}: the man {m['id']} cannot be "
                                                    f"{side}", pointer("men", i, "side")))
            continue
        key = _men_key(m)
        exp = derived.get(key)
        if exp is None:
            out.append(Finding(table, "value", f"no rule makes a {m['shape']} of order {m['order']}",
                               pointer("men", i, "order")))
            continue
        if key in first_at:
            out.append(Finding(table, "doubled", f"{_describe(exp)} is listed twice: "
                                                 f"{pointer('men', first_at[key])} and {pointer('men', i)}",
                               pointer("men", i), printed=(m["value"],)))
            continue
        first_at[key] = i
        out += _check_man(m, i, exp, table)
    for key, exp in derived.items():
        if key not in first_at:
            out.append(Finding(table, "missing", f"{_describe(exp)} is missing", pointer("men"),
                               expected=(exp.value,)))
    return out


def _check_man(m: dict, i: int, exp: M.Man, table: str) -> list[Finding]:
    out = []
    value = m["value"]
    if value != exp.value:
        hint = ""
        if sorted(str(value)) == sorted(str(exp.value)):
            hint = f" (the digits of {exp.value} shuffled)"
        elif any(k.value == value for k in (M.king("even"), M.king("odd"))):
            hint = f" ({value} is the {'even' if M.king('even').value == value else 'odd'} king)"
        out.append(Finding(table, "value", f"{_name(exp)} is "
                                           f"{exp.rule} = {exp.value}, not {value}{hint}",
                           pointer("men", i, "value"), printed=(value,), expected=(exp.value,)))
    if exp.is_king and m["shape"] != "pyramid":
        out.append(Finding(table, "king", f"{exp.value} is the {exp.side} king: a pyramid, not a {m['shape']}",
                           pointer("men", i, "shape")))
    elif not exp.is_king and m["shape"] == "pyramid":
        out.append(Finding(table, "king", f"{_describe(exp)} is no king: the {exp.side} king is "
                                          f"{M.king(exp.side).value}", pointer("men", i, "shape")))
    if "id" in m and m["id"] != exp.id:
        out.append(Finding(table, "value", f"the id of {_describe(exp)} is {exp.id}, not {m['id']}",
                           pointer("men", i, "id")))
    if "layers" in m and not exp.is_king:
        out.append(Finding(table, "layer", f"only a king has layers; {_describe(exp)} is none",
                           pointer("men", i, "layers")))
    elif exp.is_king and m["shape"] == "pyramid":
        out += check_layers(m.get("layers"), i, exp, table)
    return out


def _layer_tuple(layers) -> tuple:
    return tuple((l["root"], l["value"], l["shape"]) for l in layers)


def check_layers(layers, i: int, king: M.Man, table: str) -> list[Finding]:
    """A king's layers: the quadrates of his side's roots, least highest,
    summing to his number."""
    at = pointer("men", i, "layers")
    if layers is None:
        return [Finding(table, "layer", f"the {king.side} king's layers are missing", at)]
    expected = tuple((l.root, l.value, l.shape) for l in king.layers)
    got = _layer_tuple(layers)
    if got == expected:
        return []
    other = M.king(OTHER[king.side])
    values = [l["value"] for l in layers]
    if tuple(values) == tuple(l.value for l in other.layers):
        return [Finding(table, "wrong-side",
                        f"the layers {' '.join(map(str, values))} given to the {king.side} king are the "
                        f"{other.side} king's ({other.value}); the {king.side} king's are "
                        f"{' '.join(str(l.value) for l in king.layers)}", at,
                        printed=tuple(values), expected=tuple(l.value for l in king.layers))]
    out = []
    for j, (root, value, shape) in enumerate(got):
        if value != root * root:
            out.append(Finding(table, "layer", f"layer {j + 1} of the {king.side} king: {value} is not the "
                                               f"quadrate of {root} ({root * root})",
                               pointer("men", i, "layers", j, "value"), printed=(value,), expected=(root * root,)))
        elif j < len(expected) and (root, value, shape) != expected[j]:
            r, v, s = expected[j]
            out.append(Finding(table, "layer", f"layer {j + 1} of the {king.side} king is the {s} {v} (root {r}), "
                                               f"not the {shape} {value} (root {root})",
                               pointer("men", i, "layers", j), printed=(value,), expected=(v,)))
    if len(got) != len(expected):
        out.append(Finding(table, "layer", f"the {king.side} king has {len(expected)} layers, not {len(got)}", at))
    if not out and sum(values) != king.value:
        out.append(Finding(table, "layer", f"the layers sum to {sum(values)}, not the king's {king.value}", at))
    return out


def _values_by_side(data: dict, layers: bool = False, kings: bool = True) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {s: [] for s in M.SIDES}
    for m in data["men"]:
        if m["shape"] != "pyramid" or kings:
            out[m["side"]].append(m["value"])
        if layers:
            out[m["side"]] += [l["value"] for l in m.get("layers", ())]
    return out


def file_universe(data: dict, name: str):
    """The universe `name` (e.g. men+layers, opposite:men) rebuilt from the
    file's own men."""
    from .tables.universe import BASES, BASE_TEXT, Universe

    opposite = name.startswith("opposite:")
    base = name.split(":", 1)[1] if opposite else name
    values = _values_by_side(data, **BASES[base])
    return Universe(name, BASE_TEXT[base] + " (from the file's men)", frozenset(values["even"]),
                    frozenset(values["odd"]), opposite)


def regenerate(data: dict, table_id: str, universe: str, params: dict):
    """The table regenerated from the file's men under its own universe and
    parameters; None (with a problem) when the universe or parameters are not
    the table's."""
    from .tables import REGISTRY, parse_params

    spec = REGISTRY[table_id]
    if universe not in spec.universes:
        return None, f"universe {universe!r} does not apply to table {table_id} (one of: {', '.join(spec.universes)})"
    try:
        p = parse_params(spec, tuple(f"{k}={v}" for k, v in params.items()))
    except InputError as exc:
        return None, exc.problem
    return [list(r) for r in spec.build(file_universe(data, universe), p)], None


def check_tables(data: dict, table: str) -> list[Finding]:
    from .tables import REGISTRY

    out = []
    for i, t in enumerate(data["tables"]):
        tid = t["id"]
        if tid not in REGISTRY:
            out.append(Finding(table, "table", f"unknown table id {tid!r}", pointer("tables", i, "id")))
            continue
        rows, problem = regenerate(data, tid, t["universe"], t["params"])
        if problem:
            out.append(Finding(table, "table", problem, pointer("tables", i)))
            continue
        if list(t["columns"]) != list(REGISTRY[tid].columns):
            out.append(Finding(table, "table", f"table {tid} has the columns {', '.join(REGISTRY[tid].columns)}",
                               pointer("tables", i, "columns")))
        out += _compare_rows(t["rows"], rows, i, tid, REGISTRY[tid].rule, table)
    return out


def _ints(row) -> tuple[int, ...] | None:
    ints = tuple(v for v in row if isinstance(v, int) and not isinstance(v, bool))
    return ints or None


def _compare_rows(got_rows, want_rows, i: int, tid: str, rule: str, table: str) -> list[Finding]:
    want = Counter(tuple(r) for r in want_rows)
    out = []
    for j, row in enumerate(got_rows):
        key = tuple(row)
        if want[key] > 0:
            want[key] -= 1
        else:
            out.append(Finding(table, "table", f"table {tid} row {j} {list(row)} does not follow from the men "
                                               f"({rule})", pointer("tables", i, "rows", j), printed=_ints(row)))
    for row in want_rows:
        key = tuple(row)
        if want[key] > 0:
            want[key] -= 1
            out.append(Finding(table, "table", f"table {tid} lacks the row {list(row)}",
                               pointer("tables", i, "rows"), expected=_ints(row)))
    return out


def check_signs(data: dict, table: str) -> list[Finding]:
    """Kind 2: each man's cossick signs ("The marking of the men.", 762)."""
    if data["kind"] != 2:
        return []
    from .tables import REGISTRY
    from .tables.taking import cossick_signs

    t = next((t for t in data["tables"] if t["id"] == "k2-cossick-signs"), None)
    universe = t["universe"] if t else REGISTRY["k2-cossick-signs"].default_universe
    expected = _signs_by_man(cossick_signs(file_universe(data, universe)))
    out = []
    for i, m in enumerate(data["men"]):
        if m["shape"] == "pyramid":
            continue
        want = expected[(m["side"], m["shape"], m["order"], m["value"])]
        got = m.get("signs")
        if got is None:
            out.append(Finding(table, "sign", f"the {m['side']} {m['shape']} {m['value']} has no signs entry "
                                              f"(signs {want or 'none'})", pointer("men", i)))
        elif sorted(got) != want:
            out.append(Finding(table, "sign", f"the {m['side']} {m['shape']} {m['value']} bears the signs "
                                              f"{' '.join(map(str, want)) or 'none'}, not "
                                              f"{' '.join(map(str, got)) or 'none'}",
                               pointer("men", i, "signs"), printed=tuple(got), expected=tuple(want)))
    return out


def check_derived_params(data: dict, table: str) -> list[Finding]:
    """Capture and victory parameters against the file's men and tables."""
    out = []
    values = _values_by_side(data)
    tables = {t["id"]: t for t in data["tables"]}
    for i, c in enumerate(data["captures"]["methods"]):
        p = c.get("params", {})
        if "equal_values" in p and p["equal_values"] != equal_values(values):
            out.append(Finding(table, "capture", f"the men borne by both armies are "
                                                 f"{' '.join(map(str, equal_values(values)))}",
                               pointer("captures", "methods", i, "params", "equal_values"),
                               printed=tuple(p["equal_values"]), expected=tuple(equal_values(values))))
        tid = p.get("table")
        if tid and tid in tables:
            for k, v in tables[tid]["params"].items():
                if k in p and p[k] != v:
                    out.append(Finding(table, "capture", f"{k} is {v} in table {tid}, not {p[k]}",
                                       pointer("captures", "methods", i, "params", k)))
        elif tid:
            out.append(Finding(table, "capture", f"table {tid} is not in the document",
                               pointer("captures", "methods", i, "params", "table")))
    want = standards_params(values)
    for i, v in enumerate(data["victories"]["common"]):
        if v["name"] != "standards":
            continue
        for path, expected in _leaves(want):
            got = _get(v["params"], path)
            if got != expected:
                out.append(Finding(table, "victory", f"standards {'.'.join(path)} is {expected} by the men "
                                                     f"(sum of the army, less 2 captains and 10 bearers, in 10 "
                                                     f"standards), not {got}",
                                   pointer("victories", "common", i, "params", *path),
                                   printed=(got,) if isinstance(got, int) else None, expected=(expected,)
                                   if isinstance(expected, int) else None))
    return out


def _leaves(d: dict, prefix=()):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _leaves(v, prefix + (k,))
        else:
            yield prefix + (k,), v


def _get(d, path):
    for k in path:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def check_movement(data: dict, table: str) -> list[Finding]:
    """Each shape's moves are exactly its directions times its distances, and
    the flying moves exactly the knight-like leaps of its leg."""
    out = []
    for shape in SHAPES:
        e = data["movement"].get(shape)
        if e is None:
            out.append(Finding(table, "movement", f"the {shape}'s movement is missing", pointer("movement")))
            continue
        what = f"{' or '.join(e['directions'])}, {' or '.join(map(str, e['distances']))} spaces"
        out += _compare_moves(e["moves"], offsets(e["directions"], e["distances"]),
                              ("movement", shape, "moves"), f"the {shape}'s moves", what, table)
        if "flying" in e:
            f = e["flying"]
            out += _compare_moves(f["moves"], knight(f["leg"]), ("movement", shape, "flying", "moves"),
                                  f"the {shape}'s flying moves", f"knight-like leg {f['leg'][0]} by {f['leg'][1]}",
                                  table)
    return out


def _compare_moves(got, want, at: tuple, who: str, what: str, table: str) -> list[Finding]:
    out = []
    want_set = {tuple(m) for m in want}
    seen = set()
    for j, m in enumerate(got):
        t = tuple(m)
        if t not in want_set:
            out.append(Finding(table, "movement", f"{who}: {list(t)} is not a move of {what}", pointer(*at, j),
                               printed=t))
        elif t in seen:
            out.append(Finding(table, "movement", f"{who}: {list(t)} is listed twice", pointer(*at, j), printed=t))
        seen.add(t)
    for m in want:
        if tuple(m) not in seen:
            out.append(Finding(table, "movement", f"{who} lack {list(m)} ({what})", pointer(*at),
                               expected=tuple(m)))
    return out


# A proportion's test is an expression in a < b < c; it must hold exactly
# where the relation holds (rithmocheck.proportions), on every triple below.
_TEST_RANGE = 30
_NODES = (ast.Expression, ast.Compare, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Name, ast.Constant, ast.Load,
          ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.USub, ast.Eq, ast.NotEq, ast.And,
          ast.Or)


def compile_test(text: str):
    """A declared relation test as a function of (a, b, c), or None when the
    text is not an arithmetic comparison of a, b and c."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            return None
        if isinstance(node, ast.Name) and node.id not in ("a", "b", "c"):
            return None
        if isinstance(node, ast.Constant) and (not isinstance(node.value, int) or isinstance(node.value, bool)):
            return None
    code = compile(tree, "<test>", "eval")

    def test(a, b, c):
        try:
            return bool(eval(code, {"__builtins__": {}}, {"a": a, "b": b, "c": c}))  # noqa: S307 - vetted AST
        except ZeroDivisionError:
            return False

    return test


@lru_cache(maxsize=None)
def _triples() -> tuple:
    return tuple(combinations(range(1, _TEST_RANGE + 1), 3))


def relation_counterexample(relation: str, test) -> tuple[tuple[int, int, int], bool] | None:
    """The least triple on which the test and the relation disagree, with the
    relation's verdict; None when they agree on all."""
    from .proportions import holds

    for t in _triples():
        truth = holds(relation, t)
        if test(*t) != truth:
            return t, truth
    return None


def check_relations(data: dict, table: str) -> list[Finding]:
    from .proportions import RELATIONS, holds

    out = []
    for i, p in enumerate(data["triumphs"]["proportions"]):
        name = p["name"]
        if name not in RELATIONS:
            out.append(Finding(table, "relation", f"unknown proportion {name!r}",
                               pointer("triumphs", "proportions", i, "name")))
            continue
        test = compile_test(p["test"])
        if test is None:
            out.append(Finding(table, "relation", f"the test of {name} proportion is not an arithmetic comparison "
                                                  f"of a, b and c: {p['test']!r}",
                               pointer("triumphs", "proportions", i, "test")))
            continue
        bad = relation_counterexample(name, test)
        if bad:
            t, truth = bad
            others = [r for r in RELATIONS if r != name and holds(r, t)]
            also = f" ({' '.join(map(str, t))} is {' and '.join(others)})" if others and not truth else ""
            verdict = "fails" if truth else "passes"
            out.append(Finding(table, "relation", f"the test declared for {name} proportion, {p['test']}, "
                                                  f"{verdict} {' '.join(map(str, t))}, which is "
                                                  f"{'' if truth else 'not '}{name}{also}",
                               pointer("triumphs", "proportions", i, "test"), printed=t))
        if not holds(name, tuple(p["example"])):
            out.append(Finding(table, "relation", f"the example {p['example']} is not in {name} proportion",
                               pointer("triumphs", "proportions", i, "example"), printed=tuple(p["example"])))
    return out


def check_examples(data: dict, table: str) -> list[Finding]:
    """The worked examples of the common victories: the men, the sum and the
    characters (digits) they name."""
    out = []
    for i, v in enumerate(data["victories"]["common"]):
        for j, ex in enumerate(v.get("examples", ())):
            taken = ex.get("taken")
            if taken is None:
                continue
            at = pointer("victories", "common", i, "examples", j)
            if "men" in ex and len(taken) != ex["men"]:
                out.append(Finding(table, "victory", f"the example takes {len(taken)} men, not {ex['men']}", at))
            if "sum" in ex and sum(taken) < ex["sum"]:
                out.append(Finding(table, "victory", f"the example's men make {sum(taken)}, less than {ex['sum']}",
                                   at))
            chars = sum(len(str(abs(n))) for n in taken)
            if "characters" in ex and chars != ex["characters"]:
                out.append(Finding(table, "victory", f"the example's numbers have {chars} characters, not "
                                                     f"{ex['characters']}", at))
    return out


def check_options(data: dict, table: str) -> list[Finding]:
    """Every option a rule names is defined in the document's options."""
    out = []

    def walk(x, path):
        if isinstance(x, dict):
            opt = x.get("option")
            if isinstance(opt, str) and opt not in data["options"]:
                out.append(Finding(table, "option", f"option {opt!r} is not defined in /options",
                                   pointer(*path, "option")))
            for k, v in x.items():
                if k != "options":
                    walk(v, path + (k,))
        elif isinstance(x, list):
            for j, v in enumerate(x):
                walk(v, path + (j,))

    walk({k: v for k, v in data.items() if k != "tables"}, ())
    return out


# --- the plain engine format ------------------------------------------------

def check_plain(data: dict, name: str) -> list[Finding]:
    """A list of piece values per side, each king as his whole pyramid value:
    values no rule derives, men missing or doubled, a king (or any man) on
    the wrong side, a king's layer listed as a man."""
    out = []
    for key in data:
        if key not in M.SIDES:
            out.append(Finding(name, "schema", f"unknown key {key!r}: expected only even and odd", pointer(key)))
    for side in M.SIDES:
        values = data.get(side)
        if not isinstance(values, list):
            out.append(Finding(name, "schema", f"the {side} values must be a list of whole numbers", pointer(side)))
            continue
        out += _plain_side(side, values, name)
    return out


def _plain_side(side: str, values: list, name: str) -> list[Finding]:
    want = Counter(m.value for m in M.army(side))
    seen: Counter = Counter()
    out = []
    for j, v in enumerate(values):
        at = pointer(side, j)
        if isinstance(v, bool) or not isinstance(v, int):
            out.append(Finding(name, "schema", f"{v!r} is not a whole number", at))
            continue
        if v in want:
            seen[v] += 1
            if seen[v] > want[v]:
                out.append(Finding(name, "doubled", f"{side} {v} is listed {seen[v]} times; the rules make "
                                                    f"{want[v]} ({_bearers(side, v)}){_layer_hint(v)}", at,
                                   printed=(v,)))
            continue
        out.append(_stray(side, v, at, name))
    for v in sorted(want):
        for _ in range(want[v] - seen[v]):
            out.append(Finding(name, "missing", f"{side} lacks {v} ({_bearers(side, v)})", pointer(side),
                               expected=(v,)))
    return out


def _layer_hint(v: int) -> str:
    kings = [k for k in (M.king(s) for s in M.SIDES) if any(l.value == v for l in k.layers)]
    return "".join(f"; {v} is also a layer of the {k.side} king ({k.value}): list each king as his whole "
                   f"pyramid value only" for k in kings)


def _bearers(side: str, v: int) -> str:
    return " and ".join(_describe(m) for m in M.army(side) if m.value == v)


def _stray(side: str, v: int, at: str, name: str) -> Finding:
    other = OTHER[side]
    if v in {m.value for m in M.army(other)}:
        k = M.king(other)
        what = f"the {other} king" if v == k.value else _bearers(other, v)
        return Finding(name, "wrong-side", f"{v} is {what}; it is listed under {side}", at, printed=(v,))
    for s in M.SIDES:
        k = M.king(s)
        if any(l.value == v for l in k.layers):
            return Finding(name, "layer", f"{v} is a layer of the {s} king ({k.value}), not a man: list each king "
                                          f"as his whole pyramid value", at, printed=(v,))
    shuffled = [x for x in sorted(M.values(side)) if sorted(str(x)) == sorted(str(v))]
    near = min(sorted(M.values(side)), key=lambda x: (abs(x - v), x))
    hint = (f" (the digits of {shuffled[0]} shuffled?)" if shuffled
            else f" (nearest {side} man: {near})" if v > 0 else " (a man's number is positive)")
    return Finding(name, "unknown-value", f"no rule derives {v} for either side{hint}", at, printed=(v,))


def findings_document(name: str, findings: list[Finding]) -> dict:
    return {"file": name, "valid": not findings, "findings": [f.as_dict() for f in findings]}
