"""Validating an engine ruleset.

`validate(data, name)` checks a ruleset someone else wrote or edited, in
stages: the published JSON Schema (schema/ruleset-1.json) first; then the men
and kings; then, when the men are sound, what is derived from them (tables
regenerated from the file's own men under each table's own universe and
parameters, cossick signs, victory parameters), since nothing can be judged
against men that are themselves wrong; the moves, the relations and the
examples of the victories are checked in any case. It also accepts the plain
format most engines have: `{"even": [..], "odd": [..]}` (or CSV `side,value`),
each king as his whole pyramid value.

Findings are rithmocheck.ruleset.findings.RulesetFinding: the document, a
JSON Pointer `path`, the `rule` broken (listed in RULES there) and a message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations
from typing import Any

from ..errors import InputError
from ..model import men as M
from ..tables.universe import Universe
from ..witness.edition import Edition
from .assemble import OTHER, SHAPES, _rule_shape, _signs_by_man, equal_values, knight, offsets, standards_params
from .expr import compile_test
from .findings import RulesetFinding
from .resolve import pointer_place_exists

# --- validation -------------------------------------------------------------

def _quote(text: object, limit: int = 80) -> str:
    """A value quoted in a message, cut to `limit` characters."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[:limit - 4] + "...'"


def pointer(*parts: object) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def is_plain(data: Any) -> bool:
    from .plain import is_plain as plain

    return plain(data)


def validate(data: Any, edition: Edition, name: str = "<input>", even: str | None = None) -> list[RulesetFinding]:
    """Every finding on a ruleset document or a plain list of values per side
    (`even`: the label of a plain list's even side, else found from the
    values), against the edition's book: its men, its tables, its witness."""
    if is_plain(data):
        from .plain import check_plain

        return check_plain(data, name, edition.armies, even)
    errors = schema_findings(data, name)
    if errors:
        return errors
    table = data["ruleset"]
    found = check_numbers(data, table, edition) + check_men(data, table, edition)
    if not found:
        found += (check_tables(data, table, edition) + check_signs(data, table, edition)
                  + check_derived_params(data, table, edition))
    return (found + check_movement(data, table) + check_relations(data, table)
            + check_examples(data, table) + check_options(data, table) + check_citations(data, table, edition))


def validate_any(data: Any, edition: Edition, name: str = "<input>",
                 even: str | None = None) -> list[RulesetFinding]:
    """As validate; a list of documents (what `ruleset --kind all` prints)
    is validated document by document, positions prefixed by the index."""
    from dataclasses import replace

    if isinstance(data, list) and data and all(isinstance(d, dict) and "ruleset" in d for d in data):
        return [replace(f, path=pointer(i) + (f.path or ""))
                for i, d in enumerate(data) for f in validate(d, edition, name)]
    if is_collection(data):
        return [replace(f, path=pointer("rulesets", i) + (f.path or ""))
                for i, d in enumerate(data["rulesets"]) for f in validate(d, edition, name)]
    return validate(data, edition, name, even)


def is_collection(data: Any) -> bool:
    """Several rulesets in one document (what `ruleset` prints for all kinds; schema rulesets-1.json)."""
    from .assemble import COLLECTION_ID

    return (isinstance(data, dict) and data.get("schema") == COLLECTION_ID and isinstance(data.get("rulesets"), list)
            and set(data) <= {"schema", "produced_by", "rulesets"})


def documents_in(data: Any) -> list[Any]:
    """The ruleset documents a file holds: one, a list, or a collection."""
    if isinstance(data, list):
        return data
    if is_collection(data):
        return list(data["rulesets"])
    return [data]


def schema_findings(data: Any, name: str) -> list[RulesetFinding]:
    from ..shape import problems

    table = str(data["ruleset"]) if isinstance(data, dict) and isinstance(data.get("ruleset"), str) else name
    out = []
    for e in sorted(problems("ruleset-1.json", data), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        msg = e.message if len(e.message) <= 200 else e.message[:197] + "..."
        out.append(RulesetFinding(table, "schema", msg, pointer(*e.absolute_path)))
    return out


def _men_key(m: dict[str, Any]) -> tuple[str, str, int, int]:
    return (m["side"], _rule_shape(m["shape"]), m["order"], m["digit"])


def _derived_by_key(armies: M.Armies) -> dict[tuple[str, str, int, int], M.Man]:
    return {(m.side, _rule_shape(m.shape), m.order, m.digit): m for m in armies.all_men()}


def _name(m: M.Man) -> str:
    what = "king" if m.is_king else f"{m.shape} of order {m.order}"
    return f"the {m.side} {what} with digit {m.digit}"


def _describe(m: M.Man) -> str:
    return f"{_name(m)} ({m.value})"


def check_numbers(data: dict[str, Any], table: str, edition: Edition) -> list[RulesetFinding]:
    out = []
    armies = edition.armies
    for side in M.SIDES:
        got = data["numbers"]["digits"].get(side)
        if got != list(armies.digits(side)):
            out.append(RulesetFinding(table, "rule",
                                      f"the {side} digits are {list(armies.digits(side))} "
                                      f"(line {armies.line(M.RULES[0])}), not {got}",
                                      pointer("numbers", "digits", side)))
    by_key = {(r["shape"], r["order"]): (i, r) for i, r in enumerate(data["numbers"]["rules"])}
    for rule in M.RULES:
        i, r = by_key.get((rule.shape, rule.order), (None, None))
        if r is None:
            out.append(RulesetFinding(table, "rule", f"the rule of the {rule.shape}s of order {rule.order} is missing",
                                      pointer("numbers", "rules")))
        elif r["formula"].replace(" ", "") != rule.formula.replace(" ", ""):
            out.append(RulesetFinding(table, "rule", f"the {rule.shape}s of order {rule.order} are {rule.formula} "
                                              f"(line {armies.line(rule)}), not {r['formula']}",
                                      pointer("numbers", "rules", i, "formula")))
    return out


def check_men(data: dict[str, Any], table: str, edition: Edition) -> list[RulesetFinding]:
    """Each man's value from his digit by his rule, the kings' shape and
    layers, and no man missing or doubled."""
    armies = edition.armies
    derived = _derived_by_key(armies)
    out: list[RulesetFinding] = []
    first_at: dict[tuple[str, str, int, int], int] = {}
    for i, m in enumerate(data["men"]):
        side, digit = m["side"], m["digit"]
        if digit not in armies.digits(side):
            out.append(RulesetFinding(table, "wrong-side",
                                      f"digit {digit} is {OTHER[side]}: the man {m['id']} cannot be {side}",
                                      pointer("men", i, "side")))
            continue
        key = _men_key(m)
        exp = derived.get(key)
        if exp is None:
            out.append(RulesetFinding(table, "value", f"no rule makes a {m['shape']} of order {m['order']}",
                                      pointer("men", i, "order")))
            continue
        if key in first_at:
            out.append(RulesetFinding(table, "doubled", f"{_describe(exp)} is listed twice: "
                                      f"{pointer('men', first_at[key])} and {pointer('men', i)}",
                                      pointer("men", i), printed=(m["value"],)))
            continue
        first_at[key] = i
        out += _check_man(m, i, exp, table, armies)
    for key, exp in derived.items():
        if key not in first_at:
            out.append(RulesetFinding(table, "missing", f"{_describe(exp)} is missing", pointer("men"),
                                      expected=(exp.value,)))
    return out


def _check_man(m: dict[str, Any], i: int, exp: M.Man, table: str, armies: M.Armies) -> list[RulesetFinding]:
    out = []
    value = m["value"]
    if value != exp.value:
        hint = ""
        if sorted(str(value)) == sorted(str(exp.value)):
            hint = f" (the digits of {exp.value} shuffled)"
        elif any(k.value == value for k in (armies.king("even"), armies.king("odd"))):
            hint = f" ({value} is the {'even' if armies.king('even').value == value else 'odd'} king)"
        out.append(RulesetFinding(table, "value", f"{_name(exp)} is "
                                           f"{exp.rule} = {exp.value}, not {value}{hint}",
                                  pointer("men", i, "value"), printed=(value,), expected=(exp.value,)))
    if exp.is_king and m["shape"] != "pyramid":
        out.append(RulesetFinding(table, "king", f"{exp.value} is the {exp.side} king: a pyramid, not a {m['shape']}",
                                  pointer("men", i, "shape")))
    elif not exp.is_king and m["shape"] == "pyramid":
        out.append(RulesetFinding(table, "king", f"{_describe(exp)} is no king: the {exp.side} king is "
                                          f"{armies.king(exp.side).value}", pointer("men", i, "shape")))
    for key, want in (("rule", exp.rule), ("derivation", exp.derivation)):
        if key in m and m[key] != want:
            out.append(RulesetFinding(table, "rule", f"the {key} of {_describe(exp)} is {want!r}, not {_quote(m[key])}",
                                      pointer("men", i, key)))
    if "id" in m and m["id"] != exp.id:
        out.append(RulesetFinding(table, "value", f"the id of {_describe(exp)} is {exp.id}, not {m['id']}",
                                  pointer("men", i, "id")))
    if "layers" in m and not exp.is_king:
        out.append(RulesetFinding(table, "layer", f"only a king has layers; {_describe(exp)} is none",
                                  pointer("men", i, "layers")))
    elif exp.is_king and m["shape"] == "pyramid":
        out += check_layers(m.get("layers"), i, exp, table, armies)
    return out


def _layer_tuple(layers: Any) -> tuple[Any, ...]:
    return tuple((l["root"], l["value"], l["shape"]) for l in layers)


def check_layers(layers: Any, i: int, king: M.Man, table: str, armies: M.Armies) -> list[RulesetFinding]:
    """A king's layers: the quadrates of his side's roots, least highest,
    summing to his number."""
    at = pointer("men", i, "layers")
    if layers is None:
        return [RulesetFinding(table, "layer", f"the {king.side} king's layers are missing", at)]
    expected = tuple((l.root, l.value, l.shape) for l in king.layers)
    got = _layer_tuple(layers)
    if got == expected:
        return []
    other = armies.king(OTHER[king.side])
    values = [l["value"] for l in layers]
    if tuple(values) == tuple(l.value for l in other.layers):
        return [RulesetFinding(table, "wrong-side",
                               f"the layers {' '.join(map(str, values))} given to the {king.side} king are the "
                               f"{other.side} king's ({other.value}); the {king.side} king's are "
                               f"{' '.join(str(l.value) for l in king.layers)}", at,
                               printed=tuple(values), expected=tuple(l.value for l in king.layers))]
    out = []
    for j, (root, value, shape) in enumerate(got):
        if value != root * root:
            out.append(RulesetFinding(table, "layer", f"layer {j + 1} of the {king.side} king: {value} is not the "
                                               f"quadrate of {root} ({root * root})",
                                      pointer("men", i, "layers", j, "value"), printed=(value,),
                                      expected=(root * root,)))
        elif j < len(expected) and (root, value, shape) != expected[j]:
            r, v, s = expected[j]
            out.append(RulesetFinding(table, "layer",
                                      f"layer {j + 1} of the {king.side} king is the {s} {v} (root {r}), "
                                               f"not the {shape} {value} (root {root})",
                                      pointer("men", i, "layers", j), printed=(value,), expected=(v,)))
    if len(got) != len(expected):
        out.append(RulesetFinding(table, "layer",
                                  f"the {king.side} king has {len(expected)} layers, not {len(got)}", at))
    if not out and sum(values) != king.value:
        out.append(RulesetFinding(table, "layer", f"the layers sum to {sum(values)}, not the king's {king.value}", at))
    return out


def _values_by_side(data: dict[str, Any], layers: bool = False, kings: bool = True) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {s: [] for s in M.SIDES}
    for m in data["men"]:
        if m["shape"] != "pyramid" or kings:
            out[m["side"]].append(m["value"])
        if layers:
            out[m["side"]] += [l["value"] for l in m.get("layers", ())]
    return out


def file_universe(data: dict[str, Any], name: str, armies: M.Armies) -> Universe:
    """The universe `name` (e.g. men+layers, opposite:men) rebuilt from the
    file's own men."""
    from ..tables.universe import BASE_TEXT, BASES

    opposite = name.startswith("opposite:")
    base = name.split(":", 1)[1] if opposite else name
    values = _values_by_side(data, **BASES[base])
    return Universe(name, BASE_TEXT[base] + " (from the file's men)", frozenset(values["even"]),
                    frozenset(values["odd"]), opposite, armies)


def regenerate(data: dict[str, Any], table_id: str, universe: str, params: dict[str, Any],
               edition: Edition) -> tuple[list[list[Any]] | None, str | None]:
    """The table regenerated from the file's men under its own universe and
    parameters; None (with a problem) when the universe or parameters are not
    the table's."""
    f = edition.registry[table_id]
    if universe not in f.universes:
        return None, f"universe {universe!r} does not apply to table {table_id} (one of: {', '.join(f.universes)})"
    try:
        p = f.parse_params(tuple(f"{k}={v}" for k, v in params.items()))
    except InputError as exc:
        return None, exc.problem
    return [list(r) for r in f.rows(file_universe(data, universe, edition.armies), p)], None


def check_tables(data: dict[str, Any], table: str, edition: Edition) -> list[RulesetFinding]:
    registry = edition.registry

    out = []
    for i, t in enumerate(data["tables"]):
        tid = t["id"]
        if tid not in registry:
            out.append(RulesetFinding(table, "table", f"unknown table id {tid!r}", pointer("tables", i, "id")))
            continue
        rows, problem = regenerate(data, tid, t["universe"], t["params"], edition)
        if problem or rows is None:
            out.append(RulesetFinding(table, "table", problem or "cannot be regenerated", pointer("tables", i)))
            continue
        if list(t["columns"]) != list(registry[tid].columns):
            out.append(RulesetFinding(table, "table", f"table {tid} has the columns {', '.join(registry[tid].columns)}",
                                      pointer("tables", i, "columns")))
        out += _compare_rows(t["rows"], rows, i, tid, registry[tid].rule, table)
    return out


def _ints(row: Any) -> tuple[int, ...] | None:
    ints = tuple(v for v in row if isinstance(v, int) and not isinstance(v, bool))
    return ints or None


def _compare_rows(got_rows: Any, want_rows: list[list[Any]], i: int, tid: str, rule: str,
                  table: str) -> list[RulesetFinding]:
    want = Counter(tuple(r) for r in want_rows)
    out = []
    for j, row in enumerate(got_rows):
        key = tuple(row)
        if want[key] > 0:
            want[key] -= 1
        else:
            out.append(RulesetFinding(table, "table", f"table {tid} row {j} {list(row)} does not follow from the men "
                                               f"({rule})", pointer("tables", i, "rows", j), printed=_ints(row)))
    for row in want_rows:
        key = tuple(row)
        if want[key] > 0:
            want[key] -= 1
            out.append(RulesetFinding(table, "table", f"table {tid} lacks the row {list(row)}",
                                      pointer("tables", i, "rows"), expected=_ints(row)))
    return out


def check_signs(data: dict[str, Any], table: str, edition: Edition) -> list[RulesetFinding]:
    """Each man's cossick signs, in a kind whose men bear them (its rules
    name the table of the marking of the men)."""
    from ..tables.taking import cossick_signs
    from .rules import rules

    kind = next((k for k in rules(edition)["kinds"] if k["kind"] == data["kind"]), None)
    signs = kind.get("signs") if kind is not None else None
    if signs is None:
        return []
    t = next((t for t in data["tables"] if t["id"] == signs), None)
    universe = t["universe"] if t else edition.registry[signs].default_universe
    expected = _signs_by_man(cossick_signs(file_universe(data, universe, edition.armies)))
    out = []
    for i, m in enumerate(data["men"]):
        if m["shape"] == "pyramid":
            continue
        want = expected[(m["side"], m["shape"], m["order"], m["value"])]
        got = m.get("signs")
        if got is None:
            out.append(RulesetFinding(table, "sign", f"the {m['side']} {m['shape']} {m['value']} has no signs entry "
                                              f"(signs {want or 'none'})", pointer("men", i)))
        elif sorted(got) != want:
            out.append(RulesetFinding(table, "sign", f"the {m['side']} {m['shape']} {m['value']} bears the signs "
                                              f"{' '.join(map(str, want)) or 'none'}, not "
                                              f"{' '.join(map(str, got)) or 'none'}",
                                      pointer("men", i, "signs"), printed=tuple(got), expected=tuple(want)))
    return out


def check_derived_params(data: dict[str, Any], table: str, edition: Edition) -> list[RulesetFinding]:
    """Capture and victory parameters against the file's men and tables."""
    out = []
    values = _values_by_side(data)
    tables = {t["id"]: t for t in data["tables"]}
    for i, c in enumerate(data["captures"]["methods"]):
        p = c.get("params", {})
        if "equal_values" in p and p["equal_values"] != equal_values(values):
            out.append(RulesetFinding(table, "capture", f"the men borne by both armies are "
                                                 f"{' '.join(map(str, equal_values(values)))}",
                                      pointer("captures", "methods", i, "params", "equal_values"),
                                      printed=tuple(p["equal_values"]), expected=tuple(equal_values(values))))
        tid = p.get("table")
        if tid and tid in tables:
            for k, v in tables[tid]["params"].items():
                if k in p and p[k] != v:
                    out.append(RulesetFinding(table, "capture", f"{k} is {v} in table {tid}, not {p[k]}",
                                              pointer("captures", "methods", i, "params", k)))
        elif tid:
            out.append(RulesetFinding(table, "capture", f"table {tid} is not in the document",
                                      pointer("captures", "methods", i, "params", "table")))
    want = standards_params(values, edition)
    for i, v in enumerate(data["victories"]["common"]):
        if v["name"] != "standards":
            continue
        for path, expected in _leaves(want):
            got = _get(v["params"], path)
            if got != expected:
                out.append(RulesetFinding(table, "victory", f"standards {'.'.join(path)} is {expected} by the men "
                                                     f"(sum of the army, less {want['captains']} captains and "
                                                     f"{want['bearers']} bearers, in {want['standards']} "
                                                     f"standards), not {got}",
                                          pointer("victories", "common", i, "params", *path),
                                          printed=(got,) if isinstance(got, int) else None, expected=(expected,)
                                          if isinstance(expected, int) else None))
    return out


def _leaves(d: dict[str, Any], prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _leaves(v, prefix + (k,))
        else:
            yield prefix + (k,), v


def _get(d: Any, path: tuple[str, ...]) -> Any:
    for k in path:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def check_movement(data: dict[str, Any], table: str) -> list[RulesetFinding]:
    """Each shape's moves are exactly its directions times its distances, and
    the flying moves exactly the knight-like leaps of its leg."""
    out = []
    for shape in SHAPES:
        e = data["movement"].get(shape)
        if e is None:
            out.append(RulesetFinding(table, "movement", f"the {shape}'s movement is missing", pointer("movement")))
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


def _compare_moves(got: Any, want: Any, at: tuple[Any, ...], who: str, what: str,
                   table: str) -> list[RulesetFinding]:
    out = []
    want_set = {tuple(m) for m in want}
    seen = set()
    for j, m in enumerate(got):
        t = tuple(m)
        if t not in want_set:
            out.append(RulesetFinding(table, "movement", f"{who}: {list(t)} is not a move of {what}", pointer(*at, j),
                                      printed=t))
        elif t in seen:
            out.append(RulesetFinding(table, "movement",
                                      f"{who}: {list(t)} is listed twice", pointer(*at, j), printed=t))
        seen.add(t)
    for m in want:
        if tuple(m) not in seen:
            out.append(RulesetFinding(table, "movement", f"{who} lack {list(m)} ({what})", pointer(*at),
                                      expected=tuple(m)))
    return out


# A proportion's test is an expression in a < b < c; it must hold exactly
# where the relation holds (rithmocheck.proportions), on every triple below.
_TEST_RANGE = 30


@cache
def _triples() -> tuple[Any, ...]:
    return tuple(combinations(range(1, _TEST_RANGE + 1), 3))


def relation_counterexample(relation: str, test: Callable[[int, int, int], bool]
                            ) -> tuple[tuple[int, int, int], bool] | None:
    """The least triple on which the test and the relation disagree, with the
    relation's verdict; None when they agree on all."""
    from ..model.proportions import holds

    for t in _triples():
        truth = holds(relation, t)
        if test(*t) != truth:
            return t, truth
    return None


def check_relations(data: dict[str, Any], table: str) -> list[RulesetFinding]:
    from ..model.proportions import RELATIONS, holds

    out = []
    for i, p in enumerate(data["triumphs"]["proportions"]):
        name = p["name"]
        if name not in RELATIONS:
            out.append(RulesetFinding(table, "relation", f"unknown proportion {name!r}",
                                      pointer("triumphs", "proportions", i, "name")))
            continue
        test = compile_test(p["test"])
        if test is None:
            out.append(RulesetFinding(table, "relation",
                                      f"the test of {name} proportion is not an arithmetic comparison "
                                                  f"of a, b and c: {_quote(p['test'])}",
                                      pointer("triumphs", "proportions", i, "test")))
            continue
        bad = relation_counterexample(name, test)
        if bad:
            t, truth = bad
            others = [r for r in RELATIONS if r != name and holds(r, t)]
            also = f" ({' '.join(map(str, t))} is {' and '.join(others)})" if others and not truth else ""
            verdict = "fails" if truth else "passes"
            out.append(RulesetFinding(table, "relation", f"the test declared for {name} proportion, "
                                                         f"{_quote(p['test'])}, "
                                                  f"{verdict} {' '.join(map(str, t))}, which is "
                                                  f"{'' if truth else 'not '}{name}{also}",
                                      pointer("triumphs", "proportions", i, "test"), printed=t))
        if not holds(name, tuple(p["example"])):
            out.append(RulesetFinding(table, "relation", f"the example {p['example']} is not in {name} proportion",
                                      pointer("triumphs", "proportions", i, "example"), printed=tuple(p["example"])))
    return out


def check_examples(data: dict[str, Any], table: str) -> list[RulesetFinding]:
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
                out.append(RulesetFinding(table, "victory", f"the example takes {len(taken)} men, not {ex['men']}", at))
            if "sum" in ex and sum(taken) < ex["sum"]:
                out.append(RulesetFinding(table, "victory",
                                          f"the example's men make {sum(taken)}, less than {ex['sum']}",
                                          at))
            chars = sum(len(str(abs(n))) for n in taken)
            if "characters" in ex and chars != ex["characters"]:
                out.append(RulesetFinding(table, "victory", f"the example's numbers have {chars} characters, not "
                                                     f"{ex['characters']}", at))
    return out


def check_options(data: dict[str, Any], table: str) -> list[RulesetFinding]:
    """Every option a rule names is defined in the document's options."""
    out = []

    reading = data.get("reading")
    decided = set(reading.get("decides", ())) if isinstance(reading, dict) else set()

    def walk(x: Any, path: tuple[Any, ...]) -> None:
        if isinstance(x, dict):
            opt = x.get("option")
            if isinstance(opt, str) and opt not in data["options"] and opt not in decided:
                out.append(RulesetFinding(table, "option", f"option {opt!r} is not defined in /options",
                                          pointer(*path, "option")))
            for k, v in x.items():
                if k != "options":
                    walk(v, path + (k,))
        elif isinstance(x, list):
            for j, v in enumerate(x):
                walk(v, path + (j,))

    walk({k: v for k, v in data.items() if k != "tables"}, ())
    for name, option in data.get("options", {}).items():
        if not isinstance(option, dict):
            continue
        sets = [("default_sets", option.get("default_sets", {}))]
        sets += [(f"alternatives/{i}/sets", a.get("sets", {})) for i, a in enumerate(option.get("alternatives", []))
                 if isinstance(a, dict)]
        for where, values in sets:
            for ptr in values if isinstance(values, dict) else ():
                if not pointer_place_exists(data, ptr):
                    out.append(RulesetFinding(table, "option", f"option {name!r} sets {ptr}, which is no place of "
                                                               f"the document", pointer("options", name) + "/" + where))
    return out


def check_citations(data: dict[str, Any], table: str, edition: Edition) -> list[RulesetFinding]:
    """Every citation of the 1563 witness ({heading, line, quote}) says what
    the witness has there: the line is one of its lines, the quote begins on
    that line, and the heading stands at or before it."""
    from ..witness.quotes import citation_problems

    out = []

    def walk(x: Any, path: tuple[Any, ...]) -> None:
        if isinstance(x, dict):
            if ({"heading", "line"} <= set(x) <= {"heading", "line", "quote"} and isinstance(x["heading"], str)
                    and isinstance(x["line"], int) and not isinstance(x["line"], bool)
                    and isinstance(x.get("quote", ""), str)):  # (a citation's shape; the schema says where)
                for fld, problem in citation_problems(x["line"], x.get("quote"), x["heading"], edition):
                    out.append(RulesetFinding(table, "citation", problem, pointer(*path, fld)))
            for k, v in x.items():
                walk(v, path + (k,))
        elif isinstance(x, list):
            for j, v in enumerate(x):
                walk(v, path + (j,))

    walk(data, ())
    return out


def findings_document(name: str, findings: list[RulesetFinding], edition: Edition,
                      data: Any = None) -> dict[str, Any]:
    """{"file", "valid", "summary" (one line, or null), "findings": [...]}."""
    from .diagnose import headline

    return {"file": name, "valid": not errors(findings), "summary": headline(data, findings, edition.armies),
            "findings": [f.as_dict(name) for f in findings]}


def errors(findings: list[RulesetFinding]) -> list[RulesetFinding]:
    """The findings that fail a ruleset (notes aside)."""
    return [f for f in findings if f.severity == "error"]
