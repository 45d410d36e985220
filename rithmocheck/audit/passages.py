"""Worked examples checked as whole passages, and their smallest consistent
correction.

A passage (rithmocheck.witness.examples) holds the numbers, words, places and
ratio names printed in a stretch of the witness and the statements the text
makes about them. All statements are checked together
(rithmocheck.audit.examples judges each one); a passage is consistent when
none is wrong. When one is, the passage's correction is searched for:

* a correction re-reads some tokens of the passage (numbers, numbers printed
  in words, ratio names) so that every statement holds;
* the values tried for a token are those the statements imply (5 + x = 30
  gives x = 25; a ratio name is what its numbers make; a man named a
  triangle is one of the triangles) and, for a figure, the compositor's
  slips of it (rithmocheck.audit.candidates.rereadings);
* corrections are found smallest first: every set of one token, then of
  two, up to MAX_CHANGES, that touches every wrong statement; the search
  stops at the first size that has any;
* they are ranked by the number of changes, then fewer names changed than
  numbers, then how likely the slips are (SLIP_COST), then printed order.

`check_passages(edition)` gives one PassageCheck per passage (every
statement's Check as printed, and the ranked corrections);
`example_correction(passage_id)` the ranked corrections of one passage;
`audit_examples(edition, errata)` the findings of the audit (kind example,
one per token the correction changes, each positioned at its token) and the
checks of the example errata (`check_example_errata`): the errata of a
passage must make it consistent (else a finding of kind invariant), and
errata said to be derived by the tool must be its top-ranked correction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import isqrt, prod
from typing import TYPE_CHECKING, Any

from ..model.proportions import holds
from ..model.ratio_names import ratio_name
from ..witness.examples import EXAMPLES, Example, ExamplePassage, ExamplePosition, Token, bind
from ..words import count
from .candidates import rereadings
from .errata import Erratum, Replace, Resp
from .findings import Finding, Kind, Suggestion
from .statements import OTHER, SHAPES, UNCHECKED, WRONG, Check, check, derived, quote, standard

if TYPE_CHECKING:
    from ..witness.edition import Edition

MAX_CHANGES = 3  # the most tokens a correction re-reads (the arithmetic rule of 613-618 needs three)
MAX_NODES = 200_000  # a bound on the search per passage (never reached by the shipped edition)
MAX_CORRECTIONS = 6  # corrections listed per passage
# How unlikely a change is: a compositor's slip by its class (as candidates.CONFIDENCE ranks them),
# a number no single slip explains (the author's or the compositor's other number), a word, a name.
SLIP_COST = {"turned figure": 1, "digit dropped": 1, "digit changed": 2, "digits transposed": 2,
             "digit added": 3, "neighbour repeated": 3, "ratio name": 2, "number in words": 4,
             "arithmetic slip": 4}
MAX_VALUE = 10**7


@dataclass(frozen=True)
class Change:
    """One token re-read: printed as `printed`, read as `value`."""

    token: str
    line: int
    kind: str  # figure, word, name
    printed: Any  # the printed value (an int, or the ratio (p, q) a name names)
    value: Any
    slip: str  # the class of slip (SLIP_COST)
    printed_text: str  # as printed ("20", "thirty", "superquintupartie^s. septimas.")

    @property
    def numbers(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(sic, corr) as numbers: (n,) for a number, (p, q) for a ratio name."""
        def nums(v: Any) -> tuple[int, ...]:
            return tuple(v) if isinstance(v, tuple) else (int(v),)
        return nums(self.printed), nums(self.value)

    def __str__(self) -> str:
        if self.kind == "name":
            return (f"'{self.printed_text}' (line {self.line}) read as {ratio_name(*self.value).name} "
                    f"({self.value[0]}:{self.value[1]}, not {self.printed[0]}:{self.printed[1]})")
        shown = self.printed_text if self.kind == "word" else str(self.printed)
        return f"{shown} (line {self.line}) read as {self.value}"


@dataclass(frozen=True)
class Correction:
    """A set of changes that makes every statement of the passage hold."""

    changes: tuple[Change, ...]
    evidence: tuple[str, ...]  # what the statements touched give under the correction
    rank: int = 0  # 1 = first
    tied: bool = False  # another correction ranks the same

    @property
    def cost(self) -> tuple[int, int, int]:
        return (len(self.changes), sum(c.kind == "name" for c in self.changes),
                sum(SLIP_COST[c.slip] for c in self.changes))

    @property
    def confidence(self) -> str:
        if self.tied:
            return "low"
        slips = all(c.slip not in ("arithmetic slip", "number in words") for c in self.changes)
        return "high" if slips and len(self.changes) == 1 else "medium"

    def values(self) -> dict[str, Any]:
        return {c.token: c.value for c in self.changes}

    def __str__(self) -> str:
        n = len(self.changes)
        return f"{', '.join(map(str, self.changes))} ({count(n, 'change')})"


@dataclass(frozen=True)
class PassageCheck:
    passage: ExamplePassage
    checks: tuple[Check, ...]  # every statement, as printed
    corrections: tuple[Correction, ...] = ()  # ranked; empty when consistent, or when none is found
    bounded: bool = False  # the search stopped at MAX_NODES

    @property
    def status(self) -> str:
        """ok (every statement holds or is unchecked), wrong (one is wrong)."""
        return WRONG if self.wrong else "ok"

    @property
    def wrong(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if c.status == WRONG)

    @property
    def top(self) -> Correction | None:
        return self.corrections[0] if self.corrections else None


# --- evaluating a passage under other readings -----------------------------------------------------

def _holds(ex: Example, values: Mapping[str, Any], ed: Edition) -> bool:
    return check(bind(ex, values), ed).status != WRONG


def _slots(ex: Example, tid: str) -> list[tuple[str, int]]:
    out = []
    for key, ref in ex.refs:
        for i, r in enumerate(ref if isinstance(ref, tuple) else (ref,)):
            if r == tid:
                out.append((key, i))
    return out


def _whole(x: Fraction | int) -> list[int]:
    f = Fraction(x)
    return [int(f)] if f.denominator == 1 and 0 <= f <= MAX_VALUE else []


def _taking(method: str | None, taken: int, others: list[int], is_taken: bool, ops: list[int]) -> list[int]:
    if is_taken:
        if method == "equality":
            return ops[:1]
        if method == "addition":
            return [sum(ops)]
        if method == "subtraction" and len(ops) == 2:
            return [abs(ops[0] - ops[1])]
        if method == "multiplication":
            return [prod(ops)]
        if method == "division" and len(ops) == 2 and min(ops) > 0:
            return _whole(Fraction(max(ops), min(ops)))
        return []
    if method == "equality":
        return [taken]
    if method == "addition":
        return _whole(taken - sum(others))
    if method == "subtraction" and len(others) == 1:
        return _whole(others[0] + taken) + _whole(others[0] - taken)
    if method == "multiplication" and prod(others) > 0:
        return _whole(Fraction(taken, prod(others)))
    if method == "division" and len(others) == 1 and taken > 0:
        return _whole(others[0] * taken) + _whole(Fraction(others[0], taken))
    return []


def _proportion(relation: str, ops: list[int], i: int) -> list[int]:
    """Every value of term i that puts the three in the relation, the other
    two kept: as the least, the middle or the greatest term (the relation
    takes the three in ascending order), from arithmetic b - a = c - b,
    geometric b*b = a*c, musical (b - a)*c = (c - b)*a."""
    p, q = sorted(ops[:i] + ops[i + 1:])

    def frac(num: int, den: int) -> Fraction | None:
        return Fraction(num, den) if den else None

    solve: dict[str, tuple[Fraction | None, ...]] = {
        "arithmetic": (Fraction(2 * p - q), frac(p + q, 2), Fraction(2 * q - p)),
        "geometric": (frac(p * p, q), Fraction(isqrt(p * q)) if p * q >= 0 else None, frac(q * q, p)),
        "musical": (frac(p * q, 2 * q - p), frac(2 * p * q, p + q), frac(p * q, 2 * p - q)),
    }
    out = []
    for x in solve.get(relation, ()):
        for v in _whole(x) if x is not None else []:
            triple = ops[:i] + [v] + ops[i + 1:]
            if v > 0 and v not in out and holds(relation, (triple[0], triple[1], triple[2])):
                out.append(v)
    return out


def implied(ex: Example, tid: str, values: Mapping[str, Any], ed: Edition) -> list[Any] | None:
    """The values of token `tid` that the statement implies, the others kept
    as `values` give them; None when the statement does not determine them
    (they are then tried from the compositor's slips)."""
    slots = _slots(ex, tid)
    refs = dict(ex.refs)
    if ex.kind == "same":
        return list({values[r] if isinstance(r, str) else r for r in refs["of"] if r != tid})[:1]
    if len(slots) != 1:
        return None
    key, i = slots[0]
    b = bind(ex, values)
    ops = list(b.operands)
    st = b.stated
    others = ops[:i] + ops[i + 1:] if key == "of" else ops
    k = ex.kind
    try:
        if k == "sum":
            return _whole(st - sum(others)) if key == "of" else [sum(ops)]
        if k == "difference":
            return [ops[0] - ops[1]] if key == "is" else _whole(ops[1] + st) if i == 0 else _whole(ops[0] - st)
        if k == "product":
            return [prod(ops)] if key == "is" else _whole(Fraction(st, prod(others))) if prod(others) else []
        if k == "quotient":
            if key == "is":
                return _whole(Fraction(ops[0], ops[1]))
            return _whole(st * ops[1]) if i == 0 else _whole(Fraction(ops[0], st)) if st else []
        if k == "square":
            return [ops[0] * ops[0]] if key == "is" else [r for r in [isqrt(st)] if r * r == st]
        if k == "root":
            return [r for r in [isqrt(ops[0])] if r * r == ops[0]] if key == "is" else [st * st]
        if k == "half":
            return _whole(Fraction(ops[0], 2)) if key == "is" else [2 * st]
        if k == "taking":
            return _taking(ex.method, st, others, key == "is", ops)
        if k == "proportion":
            return _proportion(str(st), ops, i)
        if k == "man":
            shape, side = st.get("shape"), st.get("side")
            return sorted({m.value for m in ed.armies.all_men()
                           if m.shape == SHAPES.get(shape) and side in (None, m.side)})
        if k == "list":
            found = derived(b, ed)
            if found is None or found.of_printed:
                return None  # what the list should be depends on the numbers printed (a root and its power)
            if found.ordered:
                return [found.values[i]] if i < len(found.values) else []
            left = Counter(found.values) - Counter(others)
            return sorted(left)
        if k == "ratio-name":
            if key == "name":
                c = check(b, ed)
                return [c.expected] if isinstance(c.expected, tuple) else []
            p, q = st
            other = ops[1 - i]
            return _whole(Fraction(p * other, q)) if i == 0 else _whole(Fraction(q * other, p))
        if k == "victory":
            if key == "of":
                if "target" in st and "excess" in st and not isinstance(st["target"], list):
                    return _whole(st["target"] + st["excess"] - sum(others))
                return None
            if key == "target" and "excess" in st and ops:
                return _whole(sum(ops) - st["excess"])
            c = check(b, ed)
            want = c.expected.get(key) if isinstance(c.expected, dict) else None
            return [want] if isinstance(want, int) and key != "target" else None
        if k == "contains" and key == "of":
            rem = st.get("remainder", 0)
            if "part" in st:
                return _whole(ops[1] + rem) if i == 0 else _whole(ops[0] - rem)
            times = st.get("times")
            if times:
                return _whole(times * ops[1] + rem) if i == 0 else _whole(Fraction(ops[0] - rem, times))
            return None
        if k == "standards" and "won" in st:
            per = standard(OTHER[st["army"]], ed)[2]  # the won men are the other army's
            return _whole(st["standards"] * per) if key == "won" else _whole(Fraction(st["won"]) / per)
        if k in ("count", "standards", "ranks", "contains"):
            c = check(b, ed)
            if isinstance(c.expected, dict):
                if key == "part" and "/" in str(c.expected.get("part")):
                    return [int(str(c.expected["part"]).split("/")[i])]
                want = c.expected.get(key)
                return [want] if isinstance(want, int) and not isinstance(want, bool) else None
            return [c.expected] if isinstance(c.expected, int) and not isinstance(c.expected, bool) else None
    except (ZeroDivisionError, TypeError, ValueError, KeyError, IndexError):
        return []
    return None


def _slip(t: Token, value: Any, others: Sequence[int]) -> str:
    """The class of slip a change is: a name or a word changed; a compositor's
    slip of the figures (rereadings); the figure of another number of the
    passage printed again ("between 5 and 30", the sum 30 for the last term
    25); else a number no single slip explains (an arithmetic slip)."""
    if t.kind == "name":
        return "ratio name"
    if t.kind == "word":
        return "number in words"
    slip = rereadings(int(t.value)).get(int(value))
    if slip is not None:
        return slip
    return "neighbour repeated" if int(t.value) in others else "arithmetic slip"


@dataclass
class _Search:
    passage: ExamplePassage
    ed: Edition
    nodes: int = 0
    bounded: bool = False
    found: dict[tuple[tuple[str, Any], ...], dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        p = self.passage
        self.printed = p.values()
        self.token = p.token
        self.statements = [s for s in p.statements]
        self.of_token: dict[str, list[Example]] = {}
        for s in self.statements:
            for t in s.tokens():
                self.of_token.setdefault(t, []).append(s)

    def candidates(self, tid: str) -> list[Any]:
        t = self.token[tid]
        if t.kind == "figure":
            return sorted(rereadings(int(t.value)))
        return []

    def assign(self, free: tuple[str, ...], current: dict[str, Any]) -> Iterator[dict[str, Any]]:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.bounded = True
            return
        values = {**self.printed, **current}
        open_ = [t for t in free if t not in current]
        if not open_:
            touched = {s.id: s for t in free for s in self.of_token.get(t, [])}
            if all(_holds(s, values, self.ed) for s in touched.values()):
                yield dict(current)
            return
        choice: tuple[str, list[Any]] | None = None
        for t in open_:
            for s in self.of_token.get(t, []):
                if any(u in free and u not in current and u != t for u in s.tokens()):
                    continue
                got = implied(s, t, values, self.ed)
                if got is not None:
                    choice = (t, got)
                    break
            if choice:
                break
        if choice is None:
            choice = (open_[0], self.candidates(open_[0]))
        tid, options = choice
        printed = self.printed[tid]
        for v in options:
            if v == printed or v is None:
                continue
            if self.token[tid].kind != "name" and not (isinstance(v, int) and 0 <= v <= MAX_VALUE):
                continue
            if self.token[tid].kind == "figure" and v == 0:
                continue
            current[tid] = v
            values[tid] = v
            done = [s for s in self.of_token.get(tid, [])
                    if all(u not in free or u in current for u in s.tokens())]
            if all(_holds(s, values, self.ed) for s in done):
                yield from self.assign(free, current)
            del current[tid]
            values[tid] = printed

    def run(self, wrong: list[Example]) -> None:
        # the tokens that can matter: those of statements linked to a wrong one
        reach = {t for s in wrong for t in s.tokens()}
        for _ in range(MAX_CHANGES - 1):
            reach |= {u for t in list(reach) for s in self.of_token.get(t, []) for u in s.tokens()}
        order = [t.id for t in self.passage.tokens if t.id in reach and t.is_value and not t.unchecked]
        need = [set(s.tokens()) for s in wrong]
        for size in range(1, MAX_CHANGES + 1):
            for free in combinations(order, size):
                if not all(n & set(free) for n in need):
                    continue
                for sol in self.assign(free, {}):
                    self.found[tuple(sorted(sol.items(), key=lambda kv: order.index(kv[0])))] = sol
                if self.bounded:
                    return
            if self.found:
                return


def _evidence(passage: ExamplePassage, values: Mapping[str, Any], changed: set[str], ed: Edition) -> tuple[str, ...]:
    """What the statements linked to the changed numbers give under the
    correction (linked: sharing a number with them, or with a statement
    linked to them), restatements aside, each once."""
    reach, linked = set(changed), []
    grew = True
    while grew:
        grew = False
        for s in passage.statements:
            if s not in linked and reach & set(s.tokens()):
                linked.append(s)
                reach |= set(s.tokens())
                grew = True
    out: list[str] = []
    for s in passage.statements:
        if s in linked and s.kind != "same":
            c = check(bind(s, values), ed)
            if c.status != UNCHECKED and c.message not in out:
                out.append(c.message)
    return tuple(out)


def corrections(passage: ExamplePassage, ed: Edition,
                wrong: Sequence[Example] | None = None) -> tuple[tuple[Correction, ...], bool]:
    """The ranked consistent corrections of a passage, and whether the search was bounded."""
    if wrong is None:
        wrong = [s for s in passage.statements if check(s, ed).status == WRONG]
    if not wrong:
        return (), False
    search = _Search(passage, ed)
    search.run(list(wrong))
    printed = passage.values()
    token = passage.token
    order = [t.id for t in passage.tokens]
    found = []
    for sol in search.found.values():
        changes = tuple(Change(t, token[t].line, token[t].kind, printed[t], v,
                               _slip(token[t], v, [int(x.value) for x in passage.tokens
                                                   if x.kind == "figure" and x.is_value and x.id != t]),
                               token[t].printed)
                        for t, v in sorted(sol.items(), key=lambda kv: order.index(kv[0])))
        found.append(Correction(changes, _evidence(passage, {**printed, **sol}, set(sol), ed)))
    found.sort(key=lambda c: (c.cost, [order.index(x.token) for x in c.changes], [repr(x.value) for x in c.changes]))
    out = []
    for n, c in enumerate(found[:MAX_CORRECTIONS], 1):
        tied = any(o is not c and o.cost == c.cost for o in found)
        out.append(Correction(c.changes, c.evidence, n, tied))
    return tuple(out), search.bounded


def check_passage(passage: ExamplePassage, ed: Edition) -> PassageCheck:
    checks = tuple(check(s, ed) for s in passage.statements)
    wrong = [c.example for c in checks if c.status == WRONG]
    found, bounded = corrections(passage, ed, wrong) if wrong else ((), False)
    return PassageCheck(passage, checks, found, bounded)


def check_passages(edition: Edition) -> tuple[PassageCheck, ...]:
    """Every passage of the edition, its statements checked together, with
    its ranked corrections when it is wrong. Kept with the edition object
    (the audit and the HTML edition of one build both ask; an edition read
    afresh is a new object, checked afresh)."""
    memo = edition.derived
    if "passage_checks" not in memo:
        memo["passage_checks"] = tuple(check_passage(p, edition) for p in edition.example_passages)
    checks: tuple[PassageCheck, ...] = memo["passage_checks"]
    return checks


def example_correction(passage_id: str, edition: Edition | None = None) -> tuple[Correction, ...]:
    """The ranked consistent corrections of one passage (empty when it is
    consistent as printed, or when no correction of up to MAX_CHANGES
    tokens is found). Raises KeyError for an unknown passage."""
    from ..witness.edition import Edition

    ed = edition or Edition.default()
    for p in ed.example_passages:
        if p.id == passage_id:
            return check_passage(p, ed).corrections
    raise KeyError(passage_id)


# --- findings and the example errata ---------------------------------------------------------------

def _applied(passage: ExamplePassage, errata: Sequence[Erratum]) -> dict[str, Any] | None:
    """The passage's values with its errata applied (None when one does not apply)."""
    values = passage.values()
    for e in errata:
        pos = e.position
        if not isinstance(pos, ExamplePosition) or pos.number is None or pos.number not in values \
                or not isinstance(e.corr, Replace):
            return None
        t = passage.token[pos.number]
        values[pos.number] = e.corr.numbers if t.kind == "name" else e.corr.numbers[0]
    return values


def _passage_errata(passage: ExamplePassage, errata: Sequence[Erratum]) -> list[Erratum]:
    return [e for e in errata if isinstance(e.position, ExamplePosition)
            and (e.position.example == passage.id or e.position.example in {s.id for s in passage.statements})]


def _describe(result: PassageCheck) -> str:
    wrong = "; ".join(c.message for c in result.wrong)
    if not result.corrections:
        bound = " (the search was bounded)" if result.bounded else ""
        return f"the passage contradicts itself ({wrong}); no correction of up to {MAX_CHANGES} numbers makes " \
               f"it consistent{bound}"
    ranked = "; ".join(f"{c.rank}. {c}" for c in result.corrections)
    tie = " (tied: the tool cannot choose)" if result.corrections[0].tied else ""
    return f"the passage contradicts itself ({wrong}); its consistent corrections, ranked{tie}: {ranked}"


def _suggestions(result: PassageCheck, tid: str) -> tuple[Suggestion, ...]:
    out = []
    for c in result.corrections:
        for ch in c.changes:
            if ch.token == tid:
                out.append(Suggestion(ch.numbers[1], ch.slip, c.confidence))
    return tuple(out)


def passage_findings(result: PassageCheck, ed: Edition, errata: Sequence[Erratum] = ()) -> list[Finding]:
    """The findings of a wrong passage: one per token its correction changes
    (the errata's, when they make the passage consistent; else the
    top-ranked), or, when no correction is found, one per wrong statement."""
    p = result.passage
    if not result.wrong:
        return []
    mine = _passage_errata(p, errata)
    values = _applied(p, mine) if mine else None
    message = _describe(result)
    changes: list[Change] = []
    if values is not None and all(_holds(s, values, ed) for s in p.statements):
        printed = p.values()
        changes = [Change(t, p.token[t].line, p.token[t].kind, printed[t], values[t], "", p.token[t].printed)
                   for t in printed if values[t] != printed[t]]
    elif result.top is not None:
        changes = list(result.top.changes)
    if not changes:
        out = []
        for c in result.wrong:
            ex = c.example
            out.append(Finding(EXAMPLES, Kind.EXAMPLE, f'"{quote(ex.quote)}": {message}.', ex.position,
                               ex.witness_line, ex.page, _numbers(ex.operands) or None, None))
        return out
    out = []
    for ch in changes:
        sic, corr = ch.numbers
        where = ExamplePosition(p.id, ch.line, ch.token)
        shown = f"'{ch.printed_text}'" if ch.kind != "figure" else ch.printed_text
        out.append(Finding(EXAMPLES, Kind.EXAMPLE, f"{shown} (line {ch.line}) of passage {p.id}: {message}.",
                           where, ch.line, _page(p, ch.token), sic, corr, _suggestions(result, ch.token)))
    return out


def _page(p: ExamplePassage, token: str) -> Any:
    """The page a token's line stands on (a passage may turn the page)."""
    return p.token[token].page


def _numbers(values: Sequence[Any]) -> tuple[int, ...]:
    return tuple(int(v) for v in values if isinstance(v, int) and not isinstance(v, bool))


def check_example_errata(results: Sequence[PassageCheck], errata: Sequence[Erratum], ed: Edition) -> list[Finding]:
    """The example errata of each passage: applied together they must make
    the passage consistent (a finding of kind invariant when they do not);
    and where the tool is said to derive them (resp rithmocheck+editor) they
    must be its top-ranked consistent correction, and that one alone (a
    finding of kind erratum when they are not, or when the top rank is
    tied)."""
    out: list[Finding] = []
    for r in results:
        p = r.passage
        mine = _passage_errata(p, errata)
        if not mine:
            continue
        values = _applied(p, mine)
        if values is None:
            out.append(Finding(EXAMPLES, Kind.INVARIANT,
                               f"the errata of passage {p.id} ({', '.join(e.id for e in mine)}) cannot be applied "
                               "to it: an example erratum names a number of the passage (position {example, "
                               "number, witness_line})",
                               ExamplePosition(p.id, p.first_line), p.first_line, p.page))
            continue
        still = [check(bind(s, values), ed) for s in p.statements]
        wrong = [c.message for c in still if c.status == WRONG]
        if wrong:
            out.append(Finding(EXAMPLES, Kind.INVARIANT,
                               f"passage {p.id} as corrected by {', '.join(e.id for e in mine)} still contradicts "
                               f"itself: {'; '.join(wrong)}", ExamplePosition(p.id, p.first_line), p.first_line,
                               p.page))
            continue
        tool = [e for e in mine if e.resp is Resp.TOOL_AND_EDITOR]
        if not tool:
            continue
        printed = p.values()
        made = {t: v for t, v in values.items() if v != printed[t]}
        top = r.top
        if top is not None and not top.tied and top.values() == made:
            continue
        if top is None:
            why = "the tool finds no consistent correction of it"
        elif top.tied:
            why = f"the tool cannot choose between its top-ranked corrections ({_describe(r)})"
        else:
            why = f"the passage's top-ranked consistent correction is {top}"
        for e in tool:
            out.append(Finding(e.table, Kind.ERRATUM,
                               f"erratum {e.id}: it is marked as derived by the tool (resp rithmocheck+editor), but "
                               f"{why}; if this is an editor's judgement, say so (resp editor) and give the reason",
                               e.position, e.witness_line, e.page, e.sic, e.result))
    return out


@dataclass(frozen=True)
class ExampleAudit:
    results: tuple[PassageCheck, ...]
    findings: tuple[Finding, ...]
    statements: int


def audit_examples(edition: Edition, errata: Sequence[Erratum] = ()) -> ExampleAudit:
    results = check_passages(edition)
    found = [f for r in results for f in passage_findings(r, edition, errata)]
    return ExampleAudit(results, tuple(found), sum(len(r.checks) for r in results))
