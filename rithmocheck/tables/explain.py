"""`rithmocheck explain N`: where a number comes from and where it goes."""

from __future__ import annotations

from typing import Any

from ..model.men import Armies
from ..words import count
from .armies import ratio_rows
from .keyed import Ratios
from .registry import Registry
from .universe import named

# Columns whose numbers count or index something (a man's order and digit, a
# king's step, a number of standards or of spaces, a cossick sign) rather
# than bear the value of a man: a number found there is listed, marked.
COUNT_COLUMNS = frozenset({"order", "digit", "step", "standards", "spaces", "sign", "signs"})


def _is(v: Any, n: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v == n


def proofs(armies: Armies) -> list[dict[str, Any]]:
    """The symbolic proofs of the armies' rules (rithmocheck.model.symbolic), as data: made with sympy once,
    then remembered (rithmocheck.memo) under the digest of the package, sympy's version and the armies'
    digits and lines, so that `explain` imports sympy only when the proofs are to be made."""
    from importlib.metadata import version

    from ..digest import digest
    from ..memo import remember

    def make() -> list[dict[str, Any]]:
        from ..model.symbolic import proofs as made  # sympy only here

        return [p.as_dict() for p in made(armies)]

    key = digest((), salt=f"proofs; sympy {version('sympy')}; armies {armies.even} {armies.odd} {armies.lines}")
    def shaped(value: Any) -> bool:
        return isinstance(value, list) and all(
            isinstance(p, dict) and set(p) == {"name", "statement", "witness", "holds"}
            and all(isinstance(p[k], str) for k in ("name", "statement", "witness")) and isinstance(p["holds"], bool)
            for p in value)

    return make() if key is None else list(remember("proofs", key, make, shaped))


def explain(n: int, registry: Registry) -> dict[str, Any]:
    """Every man of the registry's armies bearing n, his derivation and
    ratios, the identities behind his rule, and the tables of the registry
    n appears in."""
    ratios = ratio_rows(named("men", registry.armies))
    found = []
    rule_names = set()
    for m, layer in registry.armies.men_bearing(n):
        entry = {"side": m.side, "shape": m.shape, "order": m.order, "digit": m.digit, "value": m.value,
                 "derivation": m.derivation}
        if layer is not None:
            step = m.layers.index(layer) + 1
            entry["layer"] = {"step": step, "root": layer.root, "value": layer.value, "shape": layer.shape,
                              "derivation": f"{layer.root} * {layer.root} = {layer.value}"}
        shape = "square" if m.is_king else m.shape
        tag = f"{shape}{m.order}"
        entry["ratios"] = [
            dict(zip(Ratios.COLUMNS, r))
            for r in ratios
            if r[0] == m.side and r[1] == m.digit and tag in r[2].split(":")
        ] if layer is None else []
        rule_names.add(tag)
        found.append(entry)
    relevant = [p for p in proofs(registry.armies) if any(t in p["name"] for t in rule_names)]
    in_tables = []
    for s in registry.values():
        t = s.default_table()
        columns = []
        for i, c in enumerate(s.columns):
            hits = sum(1 for r in t.rows if _is(r[i], n))
            if hits:
                columns.append({"column": c, "rows": hits, "counts": c in COUNT_COLUMNS})
        if columns:
            rows = sum(1 for r in t.rows if any(_is(v, n) for v in r))
            in_tables.append({"table": s.id, "rows": rows, "columns": columns})
    return {"number": n, "men": found, "proofs": relevant, "tables": in_tables}


def explain_text(data: dict[str, Any]) -> str:
    """The explanation of a number as lines of text."""
    n = data["number"]
    lines = [] if data["men"] else [f"{n} is borne by no man."]
    for m in data["men"]:
        layer = m.get("layer")
        where = f" (layer {layer['step']} of the king, a {layer['shape']})" if layer else ""
        lines.append(f"{m['side']} {m['shape']} of order {m['order']}, digit {m['digit']}: {m['value']}{where}")
        lines.append(f"  derivation: {layer['derivation'] if layer else m['derivation']}")
        for r in m["ratios"]:
            lines.append(f"  {r['relation']}: {r['greater']}:{r['lesser']} = {r['ratio']}, {r['class']} ({r['name']})")
    if data["proofs"]:
        lines.append("identities (sympy, for every digit a):")
        lines += [f"  [{'proved' if p['holds'] else 'FAILS'}] {p['statement']}" for p in data["proofs"]]
    if data["tables"]:
        lines.append("appears in (table: rows; each column with its rows):")
        for t in data["tables"]:
            cols = ", ".join(f"{c['column']} {c['rows']}" + (" (as a count)" if c["counts"] else "")
                             for c in t["columns"])
            lines.append(f"  {t['table']}: {count(t['rows'], 'row')}; {cols}")
    from ..export.render import report_line

    return "\n".join(report_line(line) for line in lines) + "\n"
