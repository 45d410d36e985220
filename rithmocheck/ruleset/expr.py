"""A proportion's test, as a ruleset states it ("b * b == a * c"): a short
arithmetic comparison of a, b and c, vetted and evaluated in exact
arithmetic. Read by the validator (rithmocheck.ruleset.validate) and by the
engine (rithmocheck.play), which takes a triumph's proportions from the
ruleset's tests."""

from __future__ import annotations

import ast
from collections.abc import Callable
from fractions import Fraction
from typing import Any

# A declared test is a short arithmetic comparison of a, b and c; anything
# longer, deeper or with larger constants is refused before it is evaluated.
MAX_TEST_CHARS = 200
MAX_TEST_NODES = 64
MAX_TEST_CONSTANT = 10**6
_OPS: dict[type, Any] = {ast.Add: lambda x, y: x + y, ast.Sub: lambda x, y: x - y, ast.Mult: lambda x, y: x * y,
                         ast.Div: lambda x, y: Fraction(x) / y, ast.FloorDiv: lambda x, y: x // y,
                         ast.Mod: lambda x, y: x % y}
_CMP: dict[type, Any] = {ast.Eq: lambda x, y: x == y, ast.NotEq: lambda x, y: x != y}
_NODES = (ast.Expression, ast.Compare, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Name, ast.Constant, ast.Load,
          ast.USub, ast.And, ast.Or, *_OPS, *_CMP)


def _evaluate(node: ast.AST, env: dict[str, int]) -> Any:
    """A vetted expression (see compile_test) in exact arithmetic (division
    gives fractions, never floats)."""
    if isinstance(node, ast.Expression):
        return _evaluate(node.body, env)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.UnaryOp):
        return -_evaluate(node.operand, env)
    if isinstance(node, ast.BinOp):
        return _OPS[type(node.op)](_evaluate(node.left, env), _evaluate(node.right, env))
    if isinstance(node, ast.BoolOp):
        values = (_evaluate(v, env) for v in node.values)
        return all(values) if isinstance(node.op, ast.And) else any(values)
    assert isinstance(node, ast.Compare)
    left = _evaluate(node.left, env)
    for op, right_node in zip(node.ops, node.comparators):
        right = _evaluate(right_node, env)
        if not _CMP[type(op)](left, right):
            return False
        left = right
    return True


def compile_test(text: str) -> Callable[[int, int, int], bool] | None:
    """A declared relation test as a function of (a, b, c), or None when the
    text is not a short arithmetic comparison of a, b and c."""
    if not isinstance(text, str) or len(text) > MAX_TEST_CHARS:
        return None
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_TEST_NODES or not isinstance(tree.body, ast.Compare):
        return None
    for node in nodes:
        if not isinstance(node, _NODES):
            return None
        if isinstance(node, ast.Name) and node.id not in ("a", "b", "c"):
            return None
        if isinstance(node, ast.Constant) and (not isinstance(node.value, int) or isinstance(node.value, bool)
                                               or abs(node.value) > MAX_TEST_CONSTANT):
            return None

    def test(a: int, b: int, c: int) -> bool:
        try:
            return bool(_evaluate(tree, {"a": a, "b": b, "c": c}))
        except ZeroDivisionError:
            return False

    return test


