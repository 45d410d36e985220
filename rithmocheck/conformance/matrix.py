"""The engines held to the book: a matrix of the disputed points.

The points are the places where engines and readings part from the 1563
book (each shape's draught, flying, the king, who moves first, the camp,
when men are taken, equality, taking by the spaces, obsidion, where the
takers stand, several captures at once, the king by parts, cossick signs,
proportion, manners of taking stated only in words, the triumphs, the
victories, prisoners and ransom, the men's values). The rows of the matrix
(shown as its columns) are the book's first kind, the modern readings, the
engines' profiles and any further recorded run (`rows()`).

Each point reads one or more *facets*, each a place in the ruleset
document (a JSON Pointer; a manner of taking, a victory, a triumph or a
table named by `{method:NAME}`, `{victory:NAME}`, `{triumph:NAME}` or
`{table:ID}`). A reading's override belongs to exactly one facet: the
deepest facet at or above its pointer (`facet_of`); an override under no
facet is in no cell (`ruleset diff` lists it). A cell is made from its own
facets only:

* `book`: the book's kind itself, cited by the book's line;
* `as-base`: the reading has no override there ("not in the profile"):
  the base kind's value, cited by the book's line;
* `set`: the reading's overrides there set or remove the rule (each cited:
  the engine's file and line at its commit, or the seed's line);
* `in-words`: the reading states the rule there only in words (`differs`
  at the facet's own place): the words, never the base's value;
* `absent`: the engine has no code for the rule (the evidence cited), and
  `unspecified`: the reading is silent or unread there. Neither prints a
  value: the base's rule stands in for play only.

A `differs` below the facet's place (a part of the rule in words) joins
the cell's words beside the value. For a row with a recorded live run
(rithmocheck/conformance/runs/), a cell also counts the classes of the
conformance cases that bear on the point (their `disputes`).

A new row: record a run (engines/run.sh NAME CHECKOUT writes
runs/NAME.json, whose `profile` names the ruleset it is classed under).
The run joins its profile's row when the profile is engine/NAME; any other
run is a row of its own, `run/NAME`, reading its profile's ruleset.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..ruleset.diff import citation_at

RUNS_DIR = Path(__file__).resolve().parent / "runs"

# the lists of named things, by their place: the selector's kind and the field naming an item
NAMED = {"/captures/methods": ("method", "method"), "/victories/common": ("victory", "name"),
         "/triumphs/kinds": ("triumph", "name"), "/tables": ("table", "id")}
_SELECTOR = re.compile(r"\{(method|victory|triumph|table):([a-z0-9|-]+)\}")


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


def _exists(doc: Any, ptr: str) -> bool:
    cur = doc
    for part in ptr.split("/")[1:]:
        if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            return False
    return True


def named(doc: dict[str, Any], ptr: str) -> str:
    """A pointer with each item of a list of named things written by its name: /captures/methods/3/params
    -> /captures/methods/{method:obsidion}/params (an index the document lacks, or `-`, is kept)."""
    parts = ptr.split("/")[1:]
    out: list[str] = []
    cur: Any = doc
    for part in parts:
        here = "/" + "/".join(out)
        kind = NAMED.get(here) if not _SELECTOR.search(here) else None
        if kind and isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            item = cur[int(part)]
            out.append(f"{{{kind[0]}:{item.get(kind[1])}}}")
            cur = item
            continue
        out.append(part)
        if isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict):
            cur = cur.get(part)
        else:
            cur = None
    return "/" + "/".join(out)


def resolve(doc: dict[str, Any], place: str) -> str | None:
    """The document's pointer for a named place (`{method:a|b}`: the first of the names the document has);
    None where the document has no such item."""
    def index(m: re.Match[str], prefix: str) -> str | None:
        field = {"method": "method", "victory": "name", "triumph": "name", "table": "id"}[m.group(1)]
        items = _at(doc, prefix) or []
        for name in m.group(2).split("|"):
            for i, item in enumerate(items):
                if isinstance(item, dict) and item.get(field) == name:
                    return str(i)
        return None

    out = ""
    rest = place
    while (m := _SELECTOR.search(rest)) is not None:
        prefix = out + rest[:m.start()].rstrip("/")
        i = index(m, prefix)
        if i is None:
            return None
        out = f"{prefix}/{i}"
        rest = rest[m.end():]
    return out + rest


def alternatives(place: str) -> tuple[str, ...]:
    """A named place with alternatives ({method:a|b}) as the places it stands for."""
    m = _SELECTOR.search(place)
    if m is None or "|" not in m.group(2):
        return (place,)
    return tuple(alt for name in m.group(2).split("|")
                 for alt in alternatives(place[:m.start()] + f"{{{m.group(1)}:{name}}}" + place[m.end():]))


def _under(ptr: str, place: str) -> bool:
    return ptr == place or ptr.startswith(place.rstrip("/") + "/")


# --- the values of the facets, in words -------------------------------------------------------------------------

def _distances(ds: list[Any]) -> str:
    ns = sorted(int(d) for d in ds or [])
    if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}-{ns[-1]}"
    return ",".join(map(str, ns))


def _way(dirs: list[str]) -> str:
    return "any way" if set(dirs or ()) == {"orthogonal", "diagonal"} else "/".join(dirs or ()) or "no way"


def _draught(d: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(d, dict):
        return "none"
    return f"{_way(d.get('directions') or [])} {_distances(d.get('distances') or [])}".strip()


def _fly(f: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(f, dict):
        return ""
    leg = tuple(f.get("leg") or ())
    return (f"{leg} {'takes' if f.get('may_take') else 'takes none'}, "
            f"{'besieges' if f.get('may_besiege') else 'besieges none'}, "
            f"{'triumphs' if f.get('may_triumph') else 'no triumph'}")


def _king(p: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(p, dict):
        return "none"
    if p.get("as_shapes"):
        return "as his shapes"
    return _draught(p, _doc)


LOST = {"any-layer": "a draught lost with any layer of its shape", "all-layers": "a draught lost with all its layers",
        "none": "never loses a draught"}


def _first(v: Any, _doc: dict[str, Any]) -> str:
    return str(v.get("value")) if isinstance(v, dict) and v.get("value") else ""


def _camp(c: Any, _doc: dict[str, Any]) -> str:
    return f"{c.get('spaces')} spaces" if isinstance(c, dict) else "none"


def _timing(t: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(t, dict):
        return ""
    after = t.get("after_move") or {}
    return "after each move, " + ("the mover among the takers" if after.get("mover_among_takers", True)
                                  else "by any men, the mover need not take part")


def _into(p: dict[str, Any]) -> str:
    return "removing into his place before the move" if p.get("into_place") else "not into his place"


def _equality(m: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(m, dict):
        return "none"
    p = m.get("params", {})
    reach = "" if p.get("reach", "draught") == "draught" else f"; reach {p.get('reach')}"
    return f"yes ({m.get('method')}); {_into(p)}{reach}"


COUNTING = {"void-between": "the void spaces between", "both-ends": "with both end squares"}
LINES = {"straight": "", "orthogonal": ", ranks and files only", "diagonal": ", corner-wise only"}


def _spaces(m: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(m, dict):
        return ""
    p = m.get("params", {})
    greater = "" if p.get("lesser_takes_greater") is not None else ", no test of the greater"
    return (f"{COUNTING.get(str(p.get('counting')), str(p.get('counting')))}{LINES.get(str(p.get('lines')), '')}, "
            f"{p.get('min_spaces')}-{p.get('max_spaces')}{greater}")


def _obsidion(m: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(m, dict):
        return "none"
    p = m.get("params", {})
    blocks = "his draughts hindered" if p.get("blocks", "draughts") == "draughts" else \
        f"his next spaces ({p.get('next_spaces', 'directly')})"
    return (f"{blocks}; own men {'count' if p.get('own_men_count') else 'do not count'}; the edge "
            f"{'counts' if p.get('board_edge_counts') else 'does not count'}")


REACH = {"draught": "both able to remove into his space", "adjacent": "in the next spaces about him"}


def _takers(m: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(m, dict):
        return ""
    p = m.get("params", {})
    return f"{REACH.get(str(p.get('reach')), str(p.get('reach')))}; {_into(p)}"


def _several(v: Any, _doc: dict[str, Any]) -> str:
    return str(v.get("value")) if isinstance(v, dict) else ""


def _parts(p: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(p, dict):
        return ""
    return "layers taken, " + ("by equality too" if p.get("by_equality") else "not by equality")


def _takes_with(v: Any, _doc: dict[str, Any]) -> str:
    return {"whole": "takes with his whole number", "whole-or-layer": "takes with his whole number or a layer"}.get(
        str(v), str(v) if v else "")


def _cossick(m: Any, _doc: dict[str, Any]) -> str:
    return "yes" if isinstance(m, dict) and m.get("enabled", True) else "none"


def _proportion(m: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(m, dict):
        return "none"
    return "yes" if m.get("enabled", True) else "by agreement"


def _kinds(ks: Any, _doc: dict[str, Any]) -> str:
    allowed = [f"{k['name']} ({'/'.join(map(str, k.get('men') or []))} men)"
               for k in ks or [] if k.get("allowed", True)]
    return ", ".join(allowed) or "none"


def _king_first(v: Any, _doc: dict[str, Any]) -> str:
    return "the king taken first" if v else "the king need not be taken"


def _triumph_rest(t: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(t, dict):
        return ""
    line = t.get("line") or {}
    return (f"{'proclaimed' if t.get('proclaimed') else 'not proclaimed'}; men "
            f"{'next to each other' if line.get('adjacent', True) else 'at equal spaces'} in line; order "
            f"{t.get('order')}")


def _common(vs: Any, _doc: dict[str, Any]) -> str:
    return ", ".join(v["name"] for v in vs or []) or "none"


def _captured(c: Any, _doc: dict[str, Any]) -> str:
    if not isinstance(c, dict):
        return ""
    enters = f", entered into {c['enters']}" if c.get("enters") else ""
    return f"{c.get('becomes')}{enters}"


def _ransom(v: Any, _doc: dict[str, Any]) -> str:
    return "ransom" if v else "no ransom"


@cache
def _book_values() -> tuple[tuple[str, str, int], ...]:
    from ..ruleset.catalogue import by_id

    return tuple((m["side"], m["id"], m["value"]) for m in by_id(book())["men"])


def _men(men: Any, _doc: dict[str, Any]) -> str:
    mine = {m["id"]: m.get("value") for m in men or []}
    wrong = [f"{mine.get(i)} for {v}" for _s, i, v in _book_values() if mine.get(i) != v]
    return "as the book's" if not wrong else "; ".join(wrong)


def _nothing(_v: Any, _doc: dict[str, Any]) -> str:
    return ""


@dataclass(frozen=True)
class Facet:
    place: str  # a named place; {method:a|b}: the first of the names the document has
    words: Callable[[Any, dict[str, Any]], str]  # the value at the place (None if the document lacks it), in words
    label: str = ""  # said before the value where a point has several facets


@dataclass(frozen=True)
class Point:
    id: str
    label: str
    facets: tuple[Facet, ...]
    disputes: tuple[str, ...]  # the conformance cases' dispute names that bear on it
    line: int  # the book's line (0: the book is silent)


def _m(name: str) -> str:
    return f"/captures/methods/{{method:{name}}}"


POINTS = (
    Point("round", "the round's draught", (Facet("/movement/round", _draught),), ("round-moves",), 421),
    Point("triangle", "the triangle's draught", (Facet("/movement/triangle", _draught),), ("triangle-moves",), 425),
    Point("square", "the square's draught", (Facet("/movement/square", _draught),), (), 432),
    Point("flying", "flying", (Facet("/movement/round/flying", _fly, "round"),
                               Facet("/movement/triangle/flying", _fly, "triangle"),
                               Facet("/movement/square/flying", _fly, "square"),
                               Facet("/movement/pyramid/flying", _fly, "king"),
                               Facet("/movement/pyramid/flies_as_shapes",
                                     lambda v, _d: "as his shapes fly" if v else "", "king")),
          ("flying-takes",), 428),
    Point("king", "the king's draught", (Facet("/movement/pyramid", _king),
                                         Facet("/kings/parts/draughts_lost", lambda v, _d: LOST.get(str(v), ""))),
          ("king-moves", "king-loses-draughts"), 440),
    Point("first", "who moves first", (Facet("/sides/first", _first), Facet("/sides/turns", _nothing, "turns")),
          (), 0),
    Point("camp", "the camp", (Facet("/triumphs/camp", _camp),), (), 583),
    Point("timing", "when men are taken", (Facet("/captures/timing", _timing),), (), 0),
    Point("equality", "equality", (Facet(_m("equality|encountering"), _equality),), ("equality-exists",), 453),
    Point("counting", "taking by the spaces: how they are counted",
          (Facet(_m("multiplication-by-spaces|eruption"), _spaces, "multiplying"),
           Facet(_m("division-by-spaces"), _spaces, "dividing")), ("eruption-counting",), 903),
    Point("obsidion", "obsidion", (Facet(_m("obsidion"), _obsidion),), ("obsidion-own-men", "obsidion-board-edge"),
          467),
    Point("takers", "where the takers of + - x / stand",
          (Facet(_m("addition|lying-in-wait"), _takers, "adding"), Facet(_m("subtraction"), _takers, "subtracting"),
           Facet(_m("multiplication"), _takers, "multiplying"), Facet(_m("division"), _takers, "dividing")),
          ("takers-placement",), 483),
    Point("several", "several captures at once", (Facet("/captures/per_move", _several),), ("several-captures",), 0),
    Point("parts", "the king by parts", (Facet("/kings/parts", _parts), Facet("/kings/taken", _nothing, "taken"),
                                         Facet("/kings/takes_with", _takes_with),
                                         Facet("/kings/takes_with_rule", _nothing, "takes with")),
          ("king-by-equality",), 534),
    Point("cossick", "cossick signs", (Facet(_m("cossick-signs"), _cossick),), (), 914),
    Point("proportion", "taking by proportion", (Facet(_m("proportion"), _proportion),), (), 570),
    Point("other", "manners of taking stated in words only", (Facet("/captures/methods/-", _nothing),), (), 0),
    Point("triumphs", "the triumphs", (Facet("/triumphs/kinds", _kinds, "kinds"),
                                       Facet("/triumphs/king_taken_first", _king_first),
                                       Facet("/triumphs", _triumph_rest)), ("king-taken-first",), 580),
    Point("common", "the common victories", (Facet("/victories/common", _common),
                                             Facet("/victories/proper", _nothing, "other ends")), (), 1054),
    Point("prisoners", "prisoners and ransom", (Facet("/captured", _captured), Facet("/kings/ransom", _ransom)),
          ("prisoners",), 541),
    Point("men", "the men's values", (Facet("/men", _men),), (), 282),
)


@cache
def _places() -> tuple[tuple[str, str, int], ...]:
    """Every facet's place (each alternative), with its point and the facet's index."""
    return tuple((alt, p.id, i) for p in POINTS for i, f in enumerate(p.facets) for alt in alternatives(f.place))


def facet_of(pointer: str) -> tuple[str, int] | None:
    """The point and facet an override at `pointer` (named) belongs to: the deepest facet at or above it."""
    best: tuple[int, str, int] | None = None
    for place, pid, i in _places():
        if _under(pointer, place):
            depth = len(place.split("/"))
            if best is None or depth > best[0]:
                best = (depth, pid, i)
    return None if best is None else (best[1], best[2])


# --- the rows ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    id: str  # the row's id: the ruleset's, or run/NAME for a run that is not its profile's own
    ruleset: str
    run: str | None  # the recorded run whose classes its cells count
    label: str


@cache
def _runs() -> dict[str, str]:
    if not RUNS_DIR.is_dir():  # package data: missing is a broken install, never a silent empty matrix
        raise RuntimeError(f"no recorded runs in {RUNS_DIR}: the package is incomplete")
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(RUNS_DIR.glob("*.json"))}


def runs() -> dict[str, dict[str, Any]]:
    """The recorded live runs, by their name (dagaz, ...)."""
    return {name: json.loads(text) for name, text in _runs().items()}


def rows() -> list[Row]:
    """The book's first kind, the modern readings, the engines' profiles (each with its recorded run, if any),
    then each other recorded run under the ruleset it was classed by."""
    return list(_rows())


@cache
def _rows() -> tuple[Row, ...]:
    """(rows(), worked out once: the shipped edition's rulesets and the recorded runs are the package's data;
    the matrix's pages ask for them some 160 times a build.)"""
    from ..ruleset.catalogue import ruleset_ids

    recorded = runs()
    ids = [book(), *[r for r in ruleset_ids() if r.startswith("seed-")],
           *[r for r in ruleset_ids() if r.startswith("engine/")]]
    out = []
    placed = set()
    for rid in ids:
        name = rid.split("/", 1)[1] if rid.startswith("engine/") else None
        run = name if name in recorded and recorded[name].get("profile") == rid else None
        placed.add(run)
        out.append(Row(rid, rid, run, rid))
    for name, run_doc in sorted(recorded.items()):
        if name not in placed:
            out.append(Row(f"run/{name}", str(run_doc["profile"]), name, f"{name} (under {run_doc['profile']})"))
    return tuple(out)


def columns() -> list[str]:
    """The rows' ids, in order (shown as the matrix's columns)."""
    return [r.id for r in rows()]


# --- the cells ---------------------------------------------------------------------------------------------------

def overrides(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """A reading's overrides and silences, each with its named pointer (`named`: a removal named in the base's
    numbering) and the facet it belongs to (`point`, `facet`; None for a place no point reads)."""
    reading = doc.get("reading") or {}
    if not reading:
        return []
    from ..ruleset.catalogue import by_id

    base = by_id(str(reading["base"]))
    out = []
    for o in reading.get("overrides", []) + reading.get("unspecified", []):
        name = named(base if o["op"] == "remove" else doc, o["pointer"])
        found = facet_of(name)
        out.append({**o, "named": name, "point": found[0] if found else None, "facet": found[1] if found else None})
    return out


def _base_cite(doc: dict[str, Any], ptr: str | None) -> dict[str, Any] | None:
    """What the book says at the place (the reading's overrides set aside): its line."""
    if ptr is None:
        return None
    plain = {k: v for k, v in doc.items() if k != "reading"}
    return citation_at(plain, ptr)


def _cite(doc: dict[str, Any], o: dict[str, Any]) -> dict[str, Any]:
    reading = doc["reading"]
    c: dict[str, Any] = {"reading": reading["id"], "op": o["op"], "pointer": o["named"], **(o.get("cite") or {})}
    if o["op"] == "unspecified":
        c["unspecified"] = o.get("note", "")
    for key in ("note", "rule"):
        if o.get(key):
            c[key] = o[key]
    url = source_url(doc, c)
    if url:
        c["url"] = url
    return c


def _facet_cell(doc: dict[str, Any], p: Point, i: int, mine: list[dict[str, Any]]) -> dict[str, Any]:
    f = p.facets[i]
    at = next((r for r in (resolve(doc, alt) for alt in alternatives(f.place)) if r is not None and _exists(doc, r)),
              None)
    place = named(doc, at) if at is not None else alternatives(f.place)[0]
    value_there = _at(doc, at) if at is not None else None
    ops = {o["op"] for o in mine}
    whole = [o for o in mine if o["op"] == "differs" and o["named"] in alternatives(f.place) + (place,)]
    cell: dict[str, Any] = {"place": place, "pointer": at, "label": f.label}
    if "absent" in ops:
        cell.update(status="absent", value="absent")
    elif "unspecified" in ops:
        cell.update(status="unspecified", value="unspecified")
    elif whole:
        cell.update(status="in-words", value="; ".join(str(o["rule"]) for o in whole))
    else:
        status = "set" if mine else ("as-base" if doc.get("reading") else "book")
        text = f.words(value_there, doc)
        if not text and at is None and any(o["op"] == "remove" for o in mine):
            text = "none"  # the rule taken away
        cell.update(status=status, value=text)
    words = [str(o["rule"]) for o in mine if o["op"] == "differs" and o not in whole]
    if words:
        cell["in_words"] = words
    if mine:
        cell["cites"] = [_cite(doc, o) for o in mine]
    else:
        base = _base_cite(doc, at)
        cell["cites"] = [{**base, **({"not_in_profile": True} if doc.get("reading") else {})}] if base else []
    return cell


def _compose(p: Point, facets: list[dict[str, Any]]) -> str:
    """The cell's value in words: each facet that has something to say (or that the reading speaks to), with
    its label where the point has several; facets saying the same are said once."""
    said: list[tuple[list[str], str]] = []
    for f in facets:
        text = "in words" if f["status"] == "in-words" else f["value"]
        if not text and f["status"] in ("book", "as-base"):
            continue
        text = text or ("in words" if f.get("in_words") else "as cited")
        if said and said[-1][1] == text:
            said[-1][0].append(f["label"])
        else:
            said.append(([f["label"]], text))
    if not said:
        return "none"
    if len(said) == 1 or len(p.facets) == 1:
        return "; ".join(text for _labels, text in said)
    return "; ".join((", ".join(x for x in labels if x) + ": " if any(labels) else "") + text
                     for labels, text in said)


def cells() -> list[dict[str, Any]]:
    """Every cell: its point, row and ruleset, its value in words, each facet (its place, value, status and
    citations: an override's, with the URL of an engine's line, or the book's), the words of the reading, the
    cases behind the point and, for a row with a recorded run, their classes. (Made once a process; each call a
    fresh copy.)"""
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
    for row in rows():
        doc = by_id(row.ruleset)
        run = recorded.get(row.run) if row.run else None
        classes = {r["case"]: r["class"] for r in run["results"]} if run else {}
        said = overrides(doc)
        for p in POINTS:
            facets = [_facet_cell(doc, p, i, [o for o in said if o["point"] == p.id and o["facet"] == i])
                      for i in range(len(p.facets))]
            behind = sorted({cid for d in p.disputes for cid in cases_by_dispute.get(d, ())})
            statuses = sorted({f["status"] for f in facets})
            cell: dict[str, Any] = {"point": p.id, "row": row.id, "ruleset": row.ruleset,
                                    "value": _compose(p, facets), "statuses": statuses, "facets": facets,
                                    "cases": behind}
            words = [w for f in facets for w in ([f["value"]] if f["status"] == "in-words" else [])
                     + f.get("in_words", [])]
            if words:
                cell["in_words"] = " | ".join(words)
            if run:
                tally: dict[str, int] = {}
                for cid in behind:
                    if cid in classes:
                        tally[classes[cid]] = tally.get(classes[cid], 0) + 1
                cell["live"] = dict(sorted(tally.items()))
            out.append(cell)
    return out


def unmapped(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """A reading's overrides that no point of the matrix reads (listed by `ruleset diff` and on the engine's
    page)."""
    return [o for o in overrides(doc) if o["point"] is None]


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
    output/engines.json): the points (each with its facets' places), the rows, the recorded runs, every cell, and
    the rules written in another engine's language and run there (`written_runs`)."""
    found = cells()
    recorded = {name: {k: run[k] for k in ("engine", "profile", "repository", "commit", "by_class")}
                for name, run in runs().items()}
    return {"points": [{"id": p.id, "label": p.label, "line": p.line or None,
                        "places": [f.place for f in p.facets]} for p in POINTS],
            "rows": [{"id": r.id, "ruleset": r.ruleset, "run": r.run, "label": r.label} for r in rows()],
            "rulesets": columns(), "runs": recorded, "cells": found, "written": written_runs()}


def written_runs() -> list[dict[str, Any]]:
    """The rules rithmocheck writes in another engine's language, run live there (issue 34: each kind as a
    Ludii game, runs/ludii-kind-N.json, each also the matrix's row run/NAME): one entry each, with the engine,
    the description's digest, the classes of the kind's cases, and the rule each case that does not pass names."""
    out = []
    for name, run in runs().items():
        if "description" not in run:
            continue
        failing = [{"case": r["case"], "class": r["class"], "pointer": (r.get("explanation") or {}).get("pointer")}
                   for r in run["results"] if r["class"] != "pass"]
        out.append({"run": name, "row": f"run/{name}", "ruleset": run["profile"], "engine": run["engine"],
                    "repository": run["repository"], "commit": run["commit"], "version": run.get("ludii_version"),
                    "description_sha256": run["description"]["sha256"], "cases": run["cases"],
                    "by_class": run["by_class"], "not_passing": failing})
    return out
