"""The rules of an edition's kinds of play: its rules.yaml, loaded and checked.

rules.yaml (schema rithmocheck/schema/rules-1.json) holds the rules in words,
each with its citation, that rithmocheck.ruleset.assemble makes into one
ruleset document per kind. Its shape is checked against the schema, and its
sense against the edition: every table it names is one of the book's
(book.yaml), the array of every kind places every man of the book and no
other. Every problem is one line naming rules.yaml, the YAML line and the
place (exit 2).
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..witness.checked import load_checked
from ..witness.edition import Edition

SCHEMA = "rules-1.json"


def rules(edition: Edition) -> dict[str, Any]:
    """The edition's rules.yaml, checked (kept with the edition object)."""
    memo = edition.derived
    if "rules" not in memo:
        memo["rules"] = _load(edition)
    data: dict[str, Any] = memo["rules"]
    return data


def _load(edition: Edition) -> dict[str, Any]:
    path = edition.rules_path
    if not path.is_file():
        raise InputError(path, None, "the edition has no rules.yaml (an edition made by an earlier rithmocheck: "
                                     "copy it from a new 'rithmocheck init DIR' and edit it)")
    data = load_checked(path, SCHEMA)
    ids = edition.facts.ids
    families = {t.id: t.family for t in edition.facts.tables}

    def table(value: Any, where: str, line: Any = None) -> None:
        if value not in ids:
            raise InputError(path, getattr(value, "line", None) or getattr(line, "line", None),
                             f"{where}: {value!r} is no table of the book (book.yaml)")

    for tid in data["table_uses"]:
        table(tid, "table_uses", data["table_uses"])
    for i, k in enumerate(data["triumphs"]["kinds"], 1):
        for tid in k["tables"]:
            table(tid, f"triumphs.kinds[{i}].tables", k)
    table(data["victories"]["standards"]["table"], "victories.standards.table", data["victories"]["standards"])
    from .expr import compile_test

    for i, p in enumerate(data["triumphs"]["proportions"], 1):
        if compile_test(p["test"]) is None:
            raise InputError(path, getattr(p, "line", None), f"triumphs.proportions[{i}].test: {p['test']!r} is not "
                                                              "a short comparison of a, b and c (b * b == a * c)")
    men = {m.id for m in edition.armies.all_men()}
    sides = {m.id: m.side for m in edition.armies.all_men()}
    seen: set[int] = set()
    for i, k in enumerate(data["kinds"], 1):
        where = f"kinds[{i}] (kind {k['kind']})"
        if k["kind"] in seen:
            raise InputError(path, k.line, f"{where}: the kind is also that of an earlier kind")
        seen.add(k["kind"])
        for tid in k["tables"]:
            table(tid, f"{where}.tables", k["tables"])
            if tid not in data["table_uses"]:
                raise InputError(path, k["tables"].line, f"{where}.tables: {tid} has no use in table_uses")
        if "signs" in k:
            table(k["signs"], f"{where}.signs", k)
            if k["signs"] not in k["tables"] or families[k["signs"]] != "cossick-signs":
                raise InputError(path, getattr(k["signs"], "line", None) or k.line,
                                 f"{where}.signs: {k['signs']} must be one of the kind's tables, of the family "
                                 "cossick-signs (the men's signs)")
        for j, c in enumerate(k["captures"], 1):
            if "table" in c["params"]:
                tid = c["params"]["table"]
                table(tid, f"{where}.captures[{j}].params.table", c["params"])
                if tid not in k["tables"]:
                    raise InputError(path, getattr(tid, "line", None) or c.line,
                                     f"{where}.captures[{j}].params.table: {tid} is not one of the kind's tables")
        for j, t in enumerate(data["triumphs"]["kinds"], 1):
            # the engine reads a triumph of more than one proportion from the kind's own tables
            missing = [tid for tid in t["tables"] if t["proportions"] > 1 and tid not in k["tables"]]
            if missing:
                raise InputError(path, k["tables"].line, f"{where}.tables: {missing[0]}, a table of the "
                                                         f"{t['name']} triumph (triumphs.kinds[{j}]), is not one "
                                                         "of the kind's tables")
        ranks, at = k["board"]["ranks"], dict[tuple[str, int, str], str]()
        for man, (rank, file) in k["array"].items():  # a rank counted from his own side's end
            other = at.setdefault((sides.get(man, ""), rank, file), man)
            if rank > ranks // 2 or other != man:
                why = (f"stands on rank {rank}, beyond his side's half of a board of {ranks} ranks"
                       if rank > ranks // 2 else f"stands where {other} stands ({file}, rank {rank})")
                raise InputError(path, getattr(k["array"][man], "line", None) or k["array"].line,
                                 f"{where}.array: {man} {why}")
        placed = set(k["array"])
        if placed != men:
            wrong = sorted(placed - men) or sorted(men - placed)
            what = "is no man of the book" if placed - men else "is not placed"
            at = next((m for m in k["array"] if m == wrong[0]), k["array"])  # the man's own line, if placed
            raise InputError(path, getattr(at, "line", None) or k["array"].line,
                             f"{where}.array: {wrong[0]} {what} (the men of book.yaml's digits, "
                             "side-shape-order-digit)")
    return dict(data)
