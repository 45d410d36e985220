"""Victories: the common victories (the men taken, their sum, number and
characters) and the victory of standards."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...model.men import SIDES
from ...tables.keyed import Standards
from ...witness.edition import Edition
from ...witness.examples import Example
from .base import OTHER, Check, _int, _ints, _ok, _show, _unchecked, _whole, _wholes, _wrong
from .men import assign_men

VICTORY_TYPES = ("bodies", "goods", "quarrel", "honour", "honour-and-quarrel")
VICTORY_FIELDS = ("target", "men", "characters", "excess")


def _alternatives(value: Any) -> tuple[int, ...]:
    return _ints(value) if isinstance(value, list) else (int(value),)


def check_victory(ex: Example, ed: Edition) -> Check:
    """The men as printed against the stated fields: their sum reaches the
    target and exceeds it by `excess`, their number is `men`, their digits
    are `characters`, and they are distinct men of one army (the men taken).
    A rule given without men (bodies, goods) is checked to be attainable: no
    more men than an army has, no target above an army's whole number."""
    st = ex.stated
    if (not isinstance(st, dict) or st.get("type") not in VICTORY_TYPES
            or not set(st) - {"type"} <= set(VICTORY_FIELDS)
            or not all(_wholes(v) for k, v in st.items() if k != "type")):
        return _unchecked(ex, "malformed example: a victory states {type, target, men, characters, excess}")
    if not all(_whole(n) and n > 0 for n in ex.operands):
        return _unchecked(ex, "malformed example: the men's numbers must be positive whole numbers")
    ops = _ints(ex.operands)
    expected = {k: (list(v) if isinstance(v, list) else v) for k, v in st.items()}
    facts, problems = [], []
    if not ops:
        most_men = min(len(ed.armies.army(s)) for s in SIDES)
        least_total = min(sum(m.value for m in ed.armies.army(s)) for s in SIDES)
        for key, limit, what in (("men", most_men, "the men of an army"),
                                 ("target", least_total, "the smaller army's whole number")):
            if key in st:
                alts = _alternatives(st[key])
                too_many = [n for n in alts if n > limit]
                facts.append(f"{key} {' or '.join(map(str, alts))}, within {limit} ({what})")
                if too_many:
                    problems.append(f"{_show(too_many)} exceeds {limit} ({what})")
        if "characters" in st or "excess" in st:
            return _unchecked(ex, "malformed example: characters or excess without the men's numbers")
    else:
        total = sum(ops)
        chars = sum(len(str(n)) for n in ops)
        facts.append(f"{' + '.join(map(str, ops))} is {total}")
        if "target" in st:
            targets = _alternatives(st["target"])
            if not any(total >= t for t in targets):
                problems.append(f"{total} does not reach {' or '.join(map(str, targets))}")
            if "excess" in st and len(targets) == 1:
                expected["excess"] = total - targets[0]
                facts.append(f"more than {targets[0]} by {total - targets[0]}")
        if "men" in st:
            expected["men"] = len(ops)
            facts.append(f"in {len(ops)} men")
        if "characters" in st:
            expected["characters"] = chars
            facts.append(f"in {chars} characters")
        if not any(assign_men(ops, side, ed.armies) for side in SIDES):
            strays = [n for n in ops if not ed.armies.men_bearing(n)]
            problems.append(f"{_show(strays)} is no man's number" if strays
                            else "no army has distinct men bearing all these numbers")
    for key in VICTORY_FIELDS:
        if key in st and expected[key] != st[key]:
            problems.insert(0, f"{key} is {_show(expected[key])}, printed {_show(st[key])}")
    if not facts:
        return _unchecked(ex, "malformed example: a victory with neither men nor a target or number of men")
    message = ", ".join(facts)
    if problems:
        return _wrong(ex, expected, f"{message}: " + "; ".join(problems))
    return _ok(ex, expected, message)


# --- standards ----------------------------------------------------------------

def _standards_table(ed: Edition) -> Standards | None:
    """The book's table of the victory of standards (its captains, bearers and standards), if it has one."""
    found = ed.registry.of(Standards)
    return found[0] if found else None


def standard(side: str, ed: Edition) -> tuple[int, int, Fraction]:
    """An army's whole number (each king by his whole pyramidal number), what
    remains when its captains and standard bearers are taken out, and the
    men to a standard; the book's table of standards says how many."""
    table = _standards_table(ed)
    assert table is not None  # (check_standards asks first)
    total = sum(m.value for m in ed.armies.army(side))
    remaining = total - table.captains - table.bearers
    return total, remaining, Fraction(remaining, table.standards)


def check_standards(ex: Example, ed: Edition) -> Check:
    st = ex.stated
    if (not isinstance(st, dict) or st.get("army") not in SIDES
            or not all(_whole(v) for k, v in st.items() if k != "army")):
        return _unchecked(ex, "malformed example: a standards claim states {army, ...} with whole numbers")
    table = _standards_table(ed)
    if table is None:
        return _unchecked(ex, "the edition has no table of the victory of standards (family standards) to "
                              "say how many captains, bearers and standards an army has")
    side = st["army"]
    if "won" in st:
        if set(st) != {"army", "won", "standards"}:
            return _unchecked(ex, "malformed example: {army, won, standards} expected")
        other = OTHER[side]
        per = standard(other, ed)[2]
        won = int(st["won"])
        standards = _int(Fraction(won) / per)
        expected = {"army": side, "won": won, "standards": standards}
        message = f"{won} of the {other} men at {per} to a standard is {standards} standards"
    else:
        total, remaining, per = standard(side, ed)
        values = {"total": total, "captains": table.captains, "bearers": table.bearers, "standards": table.standards,
                  "remaining": remaining, "per_standard": _int(per)}
        unknown = set(st) - set(values) - {"army"}
        if unknown:
            return _unchecked(ex, f"malformed example: unknown fields {sorted(unknown)}")
        expected = {k: (side if k == "army" else values[k]) for k in st}
        message = (f"the {side} men sum to {total}; {total} - {table.captains} captains - {table.bearers} bearers "
                   f"is {remaining}, {table.standards} standards of {_int(per)}")
    if expected == dict(st):
        return _ok(ex, expected, message)
    wrong = [f"{k} is {expected[k]}, printed {st[k]}" for k in st if expected[k] != st[k]]
    return _wrong(ex, expected, f"{message}: " + "; ".join(wrong))
