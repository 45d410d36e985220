"""Symbolic proofs, for every digit a, of the identities the witness relies on.

Only `rithmocheck explain` and the tests import this module (sympy is slow to
import). Each proof states an identity, the witness passage it backs, and
whether sympy reduces the difference of its two sides to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from . import men

a = sp.Symbol("a", integer=True, positive=True)
k = sp.Symbol("k", integer=True, positive=True)


@dataclass(frozen=True)
class Proof:
    name: str
    statement: str
    witness: str
    holds: bool

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "statement": self.statement, "witness": self.witness, "holds": self.holds}


def rule_expr(shape: str, order: int) -> sp.Expr:
    return sp.sympify(men.RULE_BY_KEY[(shape, order)].formula, locals={"a": a})


def _zero(expr: Any) -> bool:
    return bool(sp.simplify(sp.expand(expr)) == 0)


def _ratio_proof(hi: tuple[str, int], lo: tuple[str, int], p: sp.Expr, q: sp.Expr, cls: str,
                 witness: str) -> Proof:
    ratio = sp.cancel(rule_expr(*hi) / rule_expr(*lo))
    same = _zero(ratio - p / q)
    # the class: multiplex q = 1; superparticular p - q = 1; superpartient
    # p - q = a >= 2 parts with q - (p - q) = 1, so p, q are coprime (Euclid).
    if cls == "multiplex":
        klass = _zero(q - 1)
    elif cls == "superparticular":
        klass = _zero(p - q - 1)
    else:
        klass = _zero(p - q - a) and _zero(q - (p - q) - 1)
    name = f"{hi[0]}{hi[1]}:{lo[0]}{lo[1]}"
    return Proof(name, f"{name} = ({p}):({q}), {cls}", witness, same and klass)


def proofs(armies: men.Armies) -> tuple[Proof, ...]:
    r1, r2 = rule_expr("round", 1), rule_expr("round", 2)
    t1, t2 = rule_expr("triangle", 1), rule_expr("triangle", 2)
    s1, s2 = rule_expr("square", 1), rule_expr("square", 2)
    out = [
        Proof("triangle1 = round1 + round2", "triangle1 (a + a**2) = round1 (a) + round2 (a**2)",
              "The first order of the triangles are found by addinge two of the roundes together (291)",
              _zero(t1 - (r1 + r2))),
        Proof("square1 = triangle1 + triangle2",
              "the first-order square is the sum of the two triangles of its digit",
              "The first order of squares ... be made by adding two triangles together (303)",
              _zero(s1 - (t1 + t2))),
        Proof("square1 = (a+1)(2a+1)", f"{sp.expand(s1)} = (a + 1)*(2*a + 1)",
              "The first order of squares (303)", _zero(s1 - (a + 1) * (2 * a + 1))),
        _ratio_proof(("round", 2), ("round", 1), a, sp.Integer(1), "multiplex",
                     "Of multiplex. ... The second order be these. doble. quadruple ... (337-349)"),
        _ratio_proof(("triangle", 1), ("round", 2), a + 1, a, "superparticular",
                     "Of superparticuler proportion. ... 12. contains.9. and 3. (352-361)"),
        _ratio_proof(("triangle", 2), ("triangle", 1), a + 1, a, "superparticular",
                     "Of superparticuler proportion. (352-361)"),
        _ratio_proof(("square", 1), ("triangle", 2), 2 * a + 1, a + 1, "superpartient",
                     "Superpartiens proportion. ... 15. conteyneth.9. and.6. (364-370)"),
        _ratio_proof(("square", 2), ("square", 1), 2 * a + 1, a + 1, "superpartient",
                     "The second order follows. ... superbipartiens tertias ... (377-390)"),
        Proof("square2 - square1 = a(2a+1)",
              "the differences printed under the second order (10. 36. 78. 136. / 21. 55. 105. 171.)",
              "The second order follows. (377-385)", _zero(s2 - s1 - a * (2 * a + 1))),
    ]
    for side in (men.SIDES if armies.has_kings() else ()):
        king = armies.king(side)
        roots = [layer.root for layer in king.layers]
        lo, hi = min(roots), max(roots)
        pyramid = sp.summation(k ** 2, (k, lo, hi))
        closed = sp.summation(k ** 2, (k, 1, a))
        out.append(Proof(
            f"{side} king = sum of squares {lo}..{hi}",
            f"sum(k**2, k={lo}..{hi}) = {pyramid} = square1 at a = {king.digit}",
            "Of the kings. (392-404)",
            bool(pyramid == s1.subs(a, king.digit) == king.value)))
        if lo == 1:
            out.append(Proof(
                "sum of the first a squares = a(a+1)(2a+1)/6",
                "so the pyramid rising to the point of one is square1 / 6 * a, = square1 exactly at a = 6",
                "the king of the even ... has a pointed top (275-278)",
                _zero(closed - a * s1 / 6) and sp.solve(sp.Eq(closed, s1), a) == [6]))
    return tuple(out)


def formula_matches_rule(shape: str, order: int, digits: range = range(1, 50)) -> bool:
    """The rule's formula text (as sympy reads it) and its computing function agree."""
    rule = men.RULE_BY_KEY[(shape, order)]
    expr = rule_expr(shape, order)
    return all(int(expr.subs(a, d)) == rule.fn(d) for d in digits)
