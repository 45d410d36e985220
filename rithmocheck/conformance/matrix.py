"""The engines held to the book: a matrix of the disputed points.

Rows are the points on which engines and readings part from the 1563 book
(each shape's draught, flying, the king, who moves first and the camp,
equality, the counting of spaces, obsidion, where the takers stand,
several captures at once, the king by parts, cossick signs, proportion,
the victories, prisoners and ransom, the men's values). Columns are the
book's first kind, the modern readings and the engines' profiles. Each cell
is read from that ruleset's document (never typed in), with its citation:
the reading's or engine's own line where it overrides the book, else the
book's line; a rule the reading states only in words (`differs`) is shown
with its words. For an engine whose live run is recorded
(rithmocheck/conformance/runs/), a cell also counts the classes of the
conformance cases that bear on the point (their `disputes`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..ruleset.diff import citation_at

RUNS_DIR = Path(__file__).resolve().parent / "runs"


def book() -> str:
    """The ruleset the engines are held to: the shipped edition's first kind
    of play (the readings and the engines' profiles read it)."""
    from ..ruleset.assemble import kinds, ruleset_id
    from ..witness.edition import Edition

    shipped = Edition.default()
    return ruleset_id(kinds(shipped)[0], shipped)


def _at(doc: Any, ptr: str) -> Any:
    cur = doc
    for part in ptr.split("/")[1:]:
        if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            return None
    return cur


def _method(doc: dict[str, Any], *names: str) -> tuple[str, dict[str, Any]] | None:
    for i, m in enumerate(doc.get("captures", {}).get("methods", [])):
        if m.get("method") in names and m.get("enabled", True):
            return f"/captures/methods/{i}", m
    return None


def _draught(shape: str) -> Callable[[dict[str, Any]], tuple[str, str]]:
    def cell(doc: dict[str, Any]) -> tuple[str, str]:
        d = _at(doc, f"/movement/{shape}") or {}
        dirs = d.get("directions") or []
        way = "any way" if set(dirs) == {"orthogonal", "diagonal"} else "/".join(dirs) or "none"
        return f"{way} {','.join(map(str, d.get('distances') or []))}", f"/movement/{shape}"
    return cell


def _flying(doc: dict[str, Any]) -> tuple[str, str]:
    parts = []
    for shape in ("round", "triangle", "square", "pyramid"):
        f = _at(doc, f"/movement/{shape}/flying")
        if isinstance(f, dict):
            take = "takes" if f.get("may_take") else "takes none"
            parts.append(f"{shape} {tuple(f.get('leg', ()))} {take}")
    return ("; ".join(parts) or "none"), "/movement/triangle/flying"


def _king(doc: dict[str, Any]) -> tuple[str, str]:
    p = _at(doc, "/movement/pyramid") or {}
    how = "as his shapes" if p.get("as_shapes") else f"like the queen to {max(p.get('distances') or [0])}"
    lost = {"any-layer": "a draught lost with any layer of its shape", "all-layers": "with all its layers",
            "none": "never loses a draught"}.get(str(_at(doc, "/kings/parts/draughts_lost")), "")
    return f"{how}; {lost}", "/movement/pyramid"


def _first(doc: dict[str, Any]) -> tuple[str, str]:
    return str(_at(doc, "/sides/first/value") or "unspecified"), "/sides/first"


def _camp(doc: dict[str, Any]) -> tuple[str, str]:
    return f"{_at(doc, '/triumphs/camp/spaces')} spaces", "/triumphs/camp/spaces"


def _equality(doc: dict[str, Any]) -> tuple[str, str]:
    found = _method(doc, "equality", "encountering")
    if found is None:
        return "none", "/captures/methods"
    ptr, m = found
    into = "removing into his place before the move" if m.get("params", {}).get("into_place") else "not into place"
    return f"yes; {into}", ptr


def _counting(doc: dict[str, Any]) -> tuple[str, str]:
    found = _method(doc, "multiplication-by-spaces", "division-by-spaces", "eruption")
    if found is None:
        return "no taking by spaces", "/captures/methods"
    ptr, m = found
    counting = {"void-between": "the void spaces between", "both-ends": "with both end squares"}
    return counting.get(str(m.get("params", {}).get("counting")), str(m.get("params", {}).get("counting"))), \
        f"{ptr}/params/counting"


def _obsidion(doc: dict[str, Any]) -> tuple[str, str]:
    found = _method(doc, "obsidion")
    if found is None:
        return "none", "/captures/methods"
    ptr, m = found
    p = m.get("params", {})
    blocks = "his draughts hindered" if p.get("blocks", "draughts") == "draughts" else \
        f"his next spaces ({p.get('next_spaces', 'directly')})"
    return (f"{blocks}; own men {'count' if p.get('own_men_count') else 'do not count'}; the edge "
            f"{'counts' if p.get('board_edge_counts') else 'does not count'}"), f"{ptr}/params"


def _takers(doc: dict[str, Any]) -> tuple[str, str]:
    found = _method(doc, "addition", "lying-in-wait")
    if found is None:
        return "no taking by two men", "/captures/methods"
    ptr, m = found
    reach = {"draught": "both able to remove into his space", "adjacent": "in the next spaces about him"}
    return reach.get(str(m.get("params", {}).get("reach")), str(m.get("params", {}).get("reach"))), \
        f"{ptr}/params/reach"


def _several(doc: dict[str, Any]) -> tuple[str, str]:
    return str(_at(doc, "/captures/per_move/value")), "/captures/per_move"


def _parts(doc: dict[str, Any]) -> tuple[str, str]:
    eq = "by equality too" if _at(doc, "/kings/parts/by_equality") else "not by equality"
    return f"layers taken, {eq}; takes with {_at(doc, '/kings/takes_with')}", "/kings/parts"


def _cossick(doc: dict[str, Any]) -> tuple[str, str]:
    found = _method(doc, "cossick-signs")
    return ("yes", found[0]) if found else ("none", "/captures/methods")


def _proportion(doc: dict[str, Any]) -> tuple[str, str]:
    for i, m in enumerate(doc.get("captures", {}).get("methods", [])):
        if m.get("method") == "proportion":
            return ("by agreement" if not m.get("enabled", True) else "yes"), f"/captures/methods/{i}"
    return "none", "/captures/methods"


def _triumphs(doc: dict[str, Any]) -> tuple[str, str]:
    kinds = [k["name"] for k in _at(doc, "/triumphs/kinds") or [] if k.get("allowed", True)]
    first = "the king taken first" if _at(doc, "/triumphs/king_taken_first") else "the king need not be taken"
    return (f"{', '.join(kinds) or 'none'}; {first}"), "/triumphs"


def _common(doc: dict[str, Any]) -> tuple[str, str]:
    names = [v["name"] for v in _at(doc, "/victories/common") or []]
    return ", ".join(names) or "none", "/victories/common"


def _prisoners(doc: dict[str, Any]) -> tuple[str, str]:
    ransom = "ransom" if _at(doc, "/kings/ransom") else "no ransom"
    return f"{_at(doc, '/captured/becomes')}; {ransom}", "/captured"


@cache
def _book_values() -> tuple[tuple[str, str, int], ...]:
    from ..ruleset.catalogue import by_id

    return tuple((m["side"], m["id"], m["value"]) for m in by_id(book())["men"])


def _men(doc: dict[str, Any]) -> tuple[str, str]:
    mine = {m["id"]: m.get("value") for m in doc.get("men", [])}
    wrong = [f"{mine.get(i)} for {v}" for _s, i, v in _book_values() if mine.get(i) != v]
    return ("as the book's" if not wrong else "; ".join(wrong)), "/men"


@dataclass(frozen=True)
class Point:
    id: str
    label: str
    cell: Callable[[dict[str, Any]], tuple[str, str]]
    disputes: tuple[str, ...]  # the conformance cases' dispute names that bear on it
    line: int  # the book's line


POINTS = (
    Point("round", "the round's draught", _draught("round"), ("round-moves",), 421),
    Point("triangle", "the triangle's draught", _draught("triangle"), ("triangle-moves",), 425),
    Point("square", "the square's draught", _draught("square"), (), 432),
    Point("flying", "flying", _flying, ("flying-takes",), 428),
    Point("king", "the king's draught", _king, ("king-moves", "king-loses-draughts"), 440),
    Point("first", "who moves first", _first, (), 0),
    Point("camp", "the camp", _camp, (), 583),
    Point("equality", "equality", _equality, ("equality-exists",), 453),
    Point("counting", "the counting of spaces", _counting, ("eruption-counting",), 903),
    Point("obsidion", "obsidion", _obsidion, ("obsidion-own-men", "obsidion-board-edge"), 467),
    Point("takers", "where the takers of + - x / stand", _takers, ("takers-placement",), 483),
    Point("several", "several captures at once", _several, ("several-captures",), 0),
    Point("parts", "the king by parts", _parts, ("king-by-equality",), 534),
    Point("cossick", "cossick signs", _cossick, (), 914),
    Point("proportion", "taking by proportion", _proportion, (), 570),
    Point("triumphs", "the triumphs", _triumphs, ("king-taken-first",), 580),
    Point("common", "the common victories", _common, (), 1054),
    Point("prisoners", "prisoners and ransom", _prisoners, ("prisoners",), 541),
    Point("men", "the men's values", _men, (), 282),
)


def columns() -> list[str]:
    from ..ruleset.catalogue import ruleset_ids

    readings = [r for r in ruleset_ids() if r.startswith("seed-")]
    engines = [r for r in ruleset_ids() if r.startswith("engine/")]
    return [book(), *readings, *engines]


@cache
def _runs() -> dict[str, str]:
    if not RUNS_DIR.is_dir():  # package data: missing is a broken install, never a silent empty matrix
        raise RuntimeError(f"no recorded runs in {RUNS_DIR}: the package is incomplete")
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(RUNS_DIR.glob("*.json"))}


def runs() -> dict[str, dict[str, Any]]:
    """The recorded live runs, by engine name (dagaz, ...)."""
    return {name: json.loads(text) for name, text in _runs().items()}


def cell_cite(doc: dict[str, Any], ptr: str) -> dict[str, Any] | None:
    """A cell's citation: the reading's own word at the place or below it (a reading that sets a draught's
    directions speaks to the draught), else what the document cites for the place."""
    reading = doc.get("reading") or {}
    for o in reading.get("overrides", []) + reading.get("unspecified", []):
        p = o["pointer"]
        if o.get("op") != "remove" and (p == ptr or p.startswith(ptr.rstrip("/") + "/")):
            if o.get("op") == "unspecified":
                return {"reading": reading["id"], "unspecified": o.get("note", "")}
            if o.get("cite"):
                return {"reading": reading["id"], **o["cite"]}
    return citation_at(doc, ptr)


def _words(doc: dict[str, Any], ptr: str) -> str | None:
    reading = doc.get("reading") or {}
    for o in reading.get("overrides", []):
        if o.get("op") == "differs" and (o["pointer"] == ptr or o["pointer"].startswith(ptr.rstrip("/") + "/")
                                         or ptr.startswith(o["pointer"].rstrip("/") + "/")):
            return str(o.get("rule"))
    return None


def cells() -> list[dict[str, Any]]:
    """Every cell: point, ruleset, value (with the reading's words where it states the rule only in words),
    its citation (and the URL of an engine's cited line), the cases behind the point and, for an engine with a
    recorded run, their classes. (Made once a process; each call a fresh copy.)"""
    data: list[dict[str, Any]] = json.loads(_cells_json())
    return data


@cache
def _cells_json() -> str:
    return json.dumps(_cells(), ensure_ascii=False)


def _cells(cases_by_dispute: dict[str, list[str]] | None = None) -> list[dict[str, Any]]:
    from ..ruleset.catalogue import by_id

    if cases_by_dispute is None:
        from .cases import load_cases

        cases_by_dispute = {}
        for case in load_cases():
            for d in case.data.get("disputes", ()):
                cases_by_dispute.setdefault(d, []).append(case.id)
    recorded = runs()
    out = []
    for rid in columns():
        doc = by_id(rid)
        run = recorded.get(rid.split("/", 1)[1]) if rid.startswith("engine/") else None
        classes = {r["case"]: r["class"] for r in run["results"]} if run else {}
        for p in POINTS:
            value, ptr = p.cell(doc)
            words = _words(doc, ptr)
            behind = sorted({cid for d in p.disputes for cid in cases_by_dispute.get(d, ())})
            cite = cell_cite(doc, ptr)
            cell: dict[str, Any] = {"point": p.id, "ruleset": rid, "value": value, "pointer": ptr,
                                    "cite": cite, "url": source_url(doc, cite), "cases": behind}
            if words:
                cell["in_words"] = words
            if run:
                tally: dict[str, int] = {}
                for cid in behind:
                    if cid in classes:
                        tally[classes[cid]] = tally.get(classes[cid], 0) + 1
                cell["live"] = dict(sorted(tally.items()))
            out.append(cell)
    return out


def source_url(doc: dict[str, Any], cite: dict[str, Any] | None) -> str | None:
    """Where a reader finds an engine's cited line: the file at the commit, on its forge."""
    src = (doc.get("reading") or {}).get("source") or {}
    if not cite or src.get("kind") != "engine" or not cite.get("file"):
        return None
    repo = str(src.get("repository", "")).removeprefix("https://github.com/").split(" ")[0]
    from urllib.parse import quote

    return f"https://github.com/{repo}/blob/{src['commit']}/{quote(str(cite['file']), safe='/')}#L{cite['line']}"


def matrix_document() -> dict[str, Any]:
    """The matrix as one document (what `rithmocheck engines --format json` prints and the build writes to
    output/engines.json): the points, the rulesets, the recorded runs, every cell with the URL of an engine's
    cited line."""
    found = cells()
    recorded = {name: {k: run[k] for k in ("engine", "profile", "repository", "commit", "by_class")}
                for name, run in runs().items()}
    return {"points": [{"id": p.id, "label": p.label, "line": p.line or None} for p in POINTS],
            "rulesets": columns(), "runs": recorded, "cells": found, "written": written_runs()}


def written_runs() -> list[dict[str, Any]]:
    """The rules rithmocheck writes in another engine's language, run live there (issue 34: each kind as a
    Ludii game, runs/ludii-kind-N.json): one row each, with the engine, the description's digest, the classes
    of the kind's cases, and the rule each case that does not pass names."""
    out = []
    for name, run in runs().items():
        if "description" not in run:
            continue
        failing = [{"case": r["case"], "class": r["class"], "pointer": (r.get("explanation") or {}).get("pointer")}
                   for r in run["results"] if r["class"] != "pass"]
        out.append({"run": name, "ruleset": run["profile"], "engine": run["engine"],
                    "repository": run["repository"], "commit": run["commit"], "version": run.get("ludii_version"),
                    "description_sha256": run["description"]["sha256"], "cases": run["cases"],
                    "by_class": run["by_class"], "not_passing": failing})
    return out
