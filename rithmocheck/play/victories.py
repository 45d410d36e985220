"""The victories a side holds after its move.

The proper victory, the triumph (lines 579-596, 598-709): the enemy king
taken first (no pyramid of his left on the board), then three men in a
right line, next to each other, direct or cross, or four men like a square
(/triumphs/line, /triumphs/square), all within the adversary's camp (the
spaces from the front of his men as first placed to the end of the board,
/triumphs/camp/spaces: 40 is five ranks), their numbers in proportion: a
great triumph when three (or some three of four) stand in one proportion by
the ruleset's tests, a greater when the four are a row of a greater
triumph's table, the greatest when they are a row of the greatest's
(/triumphs/kinds, their tables from /tables). The men are the side's own
and the prisoners turned to it; the move that completes a triumph must not
be a flying draught (lines 586-587): the man who flew serves for none,
the others' triumphs stand. A triumph must also be proclaimed
(line 584), which no position records: the engine does not check it.

The common victories (lines 1053-1113), by agreement before play: the
agreement names one and its numbers, e.g. {"name": "goods", "sum": 100}.
Of the men a side has taken (a king taken whole is one man, but in a kind
where he "stands for so many men as he has steps", /kings/parts/stands_for):

* bodies: at least `men` men;
* goods: men amounting to at least `sum`;
* quarrel: some of them whose figures number exactly `characters`,
  amounting to at least `sum` ("more then 100 ... skilleth not");
* honour: some `men` of them amounting to at least `sum`;
* honour-and-quarrel: some `men` of them with `characters` figures,
  amounting to at least `sum`, and no one of them bearing `sum` or more;
* standards: the standards each side has won, the numbers it has taken
  divided by the men of one standard of the enemy's army (/victories/common
  standards params); he that wins more has the victory: after his move he
  has won more than his adversary (`decided_by` compare-hosts), or he has
  won the number of standards the agreement names, `standards`
  (agreed-number).
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from .captures import arrangements_from, proportions_of
from .move import Move
from .position import OTHER, Man, Position, square_name
from .rules import Rules


def victories(pos: Position, rules: Rules, side: str, move: Move | None,
              agreement: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    out = triumphs(pos, rules, side, move)
    if agreement:
        out.extend(common(pos, rules, side, agreement))
    return out


def triumphs(pos: Position, rules: Rules, side: str, move: Move | None) -> list[dict[str, Any]]:
    enemy = OTHER[side]
    if rules.king_taken_first and pos.has_king(enemy):
        return []
    # a man brought by a flying draught serves for no triumph (586-587); the others stand
    flown = move.to if move is not None and move.kind == "fly" and not _may_triumph(pos, rules, move) else None
    allowed = {t.name: t for t in rules.triumphs if t.allowed}
    found: list[dict[str, Any]] = []

    # the side's men in the enemy's camp: every arrangement of a triumph is made of them alone, so only those
    # that start on one of them are looked at (in the order of the board's arrangements, file then rank)
    mine = {sq: m for sq, m in pos.men(side) if rules.in_camp(side, sq) and sq != flown}
    if len(mine) < 3:
        return found
    starts = arrangements_from(rules)
    candidates = [a for sq in sorted(mine) for a in starts.get(sq, ()) if all(q in mine for q in a)]

    if "great" in allowed and 3 in allowed["great"].men:
        for line in candidates:
            if len(line) == 3:
                men = [mine[q] for q in line]
                props = proportions_of([m.value for m in men], rules, in_line=True)
                if props:
                    found.append(_triumph("great", side, line, men, props))
    for sqs in candidates:
        if len(sqs) != 4:
            continue
        men = [mine[q] for q in sqs]
        numbers = tuple(sorted(m.value for m in men))
        for name in ("greatest", "greater"):
            if name in allowed and numbers in allowed[name].rows:
                found.append(_triumph(name, side, sqs, men, []))
                break
        else:
            if "great" in allowed and 4 in allowed["great"].men:
                props = proportions_of(list(numbers), rules)
                if props:
                    found.append(_triumph("great", side, sqs, men, props))
    return found


def _may_triumph(pos: Position, rules: Rules, move: Move) -> bool:
    man = pos.at(move.to)
    return bool(man is not None and rules.flying.get(man.shape, {}).get("may_triumph", False))


def _triumph(name: str, side: str, sqs: tuple[tuple[int, int], ...], men: list[Man],
             props: list[str]) -> dict[str, Any]:
    d: dict[str, Any] = {"victory": f"{name}-triumph", "side": side, "men": [square_name(s) for s in sqs],
                         "numbers": [m.value for m in men]}
    if props:
        d["proportions"] = props
    return d


# --- the common victories ----------------------------------------------------------------------------

AGREEMENTS = {"bodies": ("men",), "goods": ("sum",), "quarrel": ("sum", "characters"), "honour": ("sum", "men"),
              "honour-and-quarrel": ("sum", "men", "characters"), "standards": ()}
OPTIONAL = {"standards": ("standards",)}  # the standards to be won, where the ruleset's standards-victory is agreed


def parse_agreement(text: str, where: str = "--agreement") -> dict[str, Any]:
    """A common victory agreed, from its text: NAME[:KEY=N,...], e.g. goods:sum=100 or honour:sum=100,men=8."""
    name, _, rest = text.partition(":")
    if name not in AGREEMENTS:
        raise InputError(where, None, f"{name[:30]!r} is no common victory: one of {', '.join(AGREEMENTS)}")
    out: dict[str, Any] = {"name": name}
    keys = AGREEMENTS[name] + OPTIONAL.get(name, ())
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq or key not in keys or not (value.isascii() and value.isdigit()) or len(value) > 9:
            takes = ", ".join(k + "=N" for k in keys)
            raise InputError(where, None, f"{part[:30]!r}: {name} takes {takes}" if takes
                             else f"{name} takes no numbers")
        out[key] = int(value)
    missing = [k for k in AGREEMENTS[name] if k not in out]
    if missing:
        raise InputError(where, None, f"{name} needs {', '.join(k + '=N' for k in missing)}")
    return out


def agreement_text(agreement: dict[str, Any]) -> str:
    """The text parse_agreement reads: goods:sum=100."""
    keys = AGREEMENTS[agreement["name"]] + OPTIONAL.get(agreement["name"], ())
    numbers = ",".join(f"{k}={agreement[k]}" for k in keys if k in agreement)
    return str(agreement["name"]) + (f":{numbers}" if numbers else "")


def characters(n: int) -> int:
    return len(str(n))


def _counted(m: Man, rules: Rules) -> list[Man]:
    """A taken man as the victories count him: a king whole stands for his steps where the rules say so."""
    if m.is_king and rules.doc.get("kings", {}).get("parts", {}).get("stands_for") == "steps":
        return [Man(m.side, l.shape, l.value) for l in m.layers]
    return [m]


def common(pos: Position, rules: Rules, side: str, agreement: dict[str, Any]) -> list[dict[str, Any]]:
    name = agreement["name"]
    if name not in rules.common:
        return []
    taken = [c for m in pos.taken_by(side) for c in _counted(m, rules)]
    values = [m.value for m in taken]
    won = False
    if name == "bodies":
        won = len(taken) >= agreement["men"]
    elif name == "goods":
        won = sum(values) >= agreement["sum"]
    elif name == "quarrel":
        won = _best(values, None, agreement["characters"]) >= agreement["sum"]
    elif name == "honour":
        won = _best(values, agreement["men"], None) >= agreement["sum"]
    elif name == "honour-and-quarrel":
        small = [v for v in values if v < agreement["sum"]]
        won = _best(small, agreement["men"], agreement["characters"]) >= agreement["sum"]
    elif name == "standards":
        won_by = standards_won(pos, rules)
        if rules.common["standards"]["params"].get("decided_by", "compare-hosts") == "agreed-number":
            if "standards" not in agreement:
                raise InputError("--agreement", None, "under standards-victory agreed-number the agreement names the "
                                                      "standards to be won: standards:standards=N")
            won = won_by[side] >= agreement["standards"]
        else:
            won = won_by[side] > won_by[OTHER[side]]
        return [{"victory": "standards", "side": side, "standards": won_by}] if won else []
    return [{"victory": name, "side": side}] if won else []


def _best(values: list[int], count: int | None, chars: int | None) -> int:
    """The greatest sum of some of the values with exactly `count` of them and exactly `chars` figures
    (either may be None: any); -1 when no such choice exists."""
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for v in values:
        c = characters(v)
        for (n, k), total in list(best.items()):
            key = (n + 1, k + c)
            if (count is None or key[0] <= count) and (chars is None or key[1] <= chars):
                if best.get(key, -1) < total + v:
                    best[key] = total + v
    return max((t for (n, k), t in best.items() if (count is None or n == count) and (chars is None or k == chars)),
               default=-1)


def standards_won(pos: Position, rules: Rules) -> dict[str, int]:
    params = rules.common["standards"]["params"]
    per = params["per_standard"]
    return {s: sum(c.value for m in pos.taken_by(s) for c in _counted(m, rules)) // per[OTHER[s]]
            for s in ("even", "odd")}
