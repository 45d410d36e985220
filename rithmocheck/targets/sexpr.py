"""A small writer of s-expressions, as Ludii's ludeme language reads them.

A node is a `Sx`: a head and its arguments, written `(head arg ...)`; a
`Braces` is a list written `{a b ...}`; a `Named` argument is written
`name:value`; a `Quoted` string is written in double quotes; anything else
(a ludeme's name, a number, a role such as `Mover`) is written as it is.
`render` lays a node out: on one line when it fits the width, else its head
on the first line and each argument on a line of its own, indented. The
layout depends only on the node, so the same rules give the same text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Atom = str | int
Node = "Sx | Braces | Named | Quoted | Atom"


@dataclass(frozen=True)
class Quoted:
    text: str

    def __post_init__(self) -> None:
        if '"' in self.text or "\n" in self.text:
            raise ValueError(f"a Ludii string holds no double quote or new line: {self.text[:40]!r}")


@dataclass(frozen=True)
class Named:
    name: str
    value: object


@dataclass(frozen=True)
class Sx:
    head: str
    args: tuple[object, ...]


@dataclass(frozen=True)
class Braces:
    items: tuple[object, ...]


def sx(head: str, *args: object) -> Sx:
    return Sx(head, tuple(a for a in args if a is not None))


def braces(items: Iterable[object]) -> Braces:
    return Braces(tuple(i for i in items if i is not None))


def q(text: str) -> Quoted:
    return Quoted(text)


def named(name: str, value: object) -> Named:
    return Named(name, value)


STEP = 2  # the indentation of an argument under its head
DEEP = 24  # from this column on, a node is written on one line (the layout's spaces would outgrow the rules)


def flat(node: object, memo: dict[int, str] | None = None) -> str:
    """The node on one line (`memo` keeps the text of the nodes already written, by identity)."""
    if memo is None:
        memo = {}
    got = memo.get(id(node))
    if got is not None:
        return got
    if isinstance(node, Sx):
        text = "(" + " ".join([node.head, *(flat(a, memo) for a in node.args)]) + ")"
    elif isinstance(node, Braces):
        text = "{" + " ".join(flat(a, memo) for a in node.items) + "}"
    elif isinstance(node, Named):
        text = f"{node.name}:{flat(node.value, memo)}"
    elif isinstance(node, Quoted):
        text = f'"{node.text}"'
    elif isinstance(node, bool):
        text = "True" if node else "False"
    elif isinstance(node, (str, int)):
        text = str(node)
    else:
        raise TypeError(f"not an s-expression: {node!r}")
    if isinstance(node, (Sx, Braces, Named)):
        memo[id(node)] = text
    return text


def render(node: object, indent: int = 0, width: int = 118, memo: dict[int, str] | None = None) -> str:
    """The node laid out from column `indent` (the first line is not indented)."""
    if memo is None:
        memo = {}
    one = flat(node, memo)
    if indent + len(one) <= width or not isinstance(node, (Sx, Braces, Named)) or indent >= DEEP:
        return one
    pad = " " * (indent + STEP)
    if isinstance(node, Named):
        return f"{node.name}:" + render(node.value, indent + len(node.name) + 1, width, memo)
    if isinstance(node, Braces):
        if all(not isinstance(a, (Sx, Braces, Named)) for a in node.items):  # a list of atoms: filled lines
            lines, cur = [], ""
            for a in node.items:
                word = flat(a, memo)
                if cur and len(pad) + len(cur) + 1 + len(word) > width:
                    lines.append(cur)
                    cur = word
                else:
                    cur = f"{cur} {word}" if cur else word
            lines.append(cur)
            return "{\n" + "\n".join(pad + line for line in lines) + "\n" + " " * indent + "}"
        inner = [render(a, indent + STEP, width, memo) for a in node.items]
        return "{\n" + "\n".join(pad + i for i in inner) + "\n" + " " * indent + "}"
    head = node.head
    args = list(node.args)
    first = f"({head}"
    # keep leading atoms (a ludeme's type word, a name) on the head's line
    while args and not isinstance(args[0], (Sx, Braces, Named)) and len(first) + len(flat(args[0], memo)) < 60:
        first += " " + flat(args.pop(0), memo)
    if not args:
        return first + ")"
    inner = [render(a, indent + STEP, width, memo) for a in args]
    return first + "\n" + "\n".join(pad + i for i in inner) + ")"
