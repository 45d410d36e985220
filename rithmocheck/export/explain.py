"""The explanation of a number (rithmocheck.tables.explain) as text."""

from __future__ import annotations

from typing import Any

from ..words import count
from .render import report_line


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
    return "\n".join(report_line(line) for line in lines) + "\n"
