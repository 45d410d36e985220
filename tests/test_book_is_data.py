"""The book is data, not code (issue 24): no module outside rithmocheck/tables/ asks which family a
table is, and no table id of any edition is written in the code outside rithmocheck/tables/ (the
editions' data names them). The package is read as Python (its syntax tree), so comments and
docstrings, which may cite the book, are not code."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import yaml

from rithmocheck.tables.registry import FAMILIES
from rithmocheck.witness.examples import EXAMPLE_KINDS, STANDARD_FIELDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rithmocheck"
EDITIONS = [ROOT / "sources" / "lever-fulke-1563", ROOT / "tests" / "data" / "editions" / "a-small-book"]
FAMILY_CLASSES = {"Family", "EntryFamily", "KeyedFamily"} | {cls.__name__ for cls in FAMILIES.values()}
# A file of the shipped edition a report names as the example of a form (a cell's reading), not a
# table: the collation's text (issue 21). The one place the code names a file of the edition.
NAMES_A_FILE = {("rithmocheck/export/collation.py", "tables/k1-multiplication.yaml")}
# Calls and keys whose argument or value is a table id wherever it stands.
ID_CALLS = {"family", "default_table", "generate", "entries", "passages_for", "entries_at"}
ID_KEYS = {"table", "id", "counts"}


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "tables" not in p.relative_to(PACKAGE).parts[:1])


def table_ids() -> set[str]:
    ids = set()
    for edition in EDITIONS:
        book = yaml.safe_load((edition / "book.yaml").read_text(encoding="utf-8"))
        ids |= {t["id"] for t in book["tables"]}
    return ids


def vocabulary() -> set[str]:
    """The words of the published schemas (property names and enumerated values) and of the worked
    examples' statements: a table id that is also such a word ("men", "kings", "standards") is that
    word where it stands alone, and a table id only where the code uses it as one (ID_CALLS, ID_KEYS)."""
    words: set[str] = set(EXAMPLE_KINDS) | set(STANDARD_FIELDS)

    def walk(x: object) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in ("properties", "$defs"):
                    words.update(v)
                if k in ("enum", "const"):
                    words.update(w for w in (v if isinstance(v, list) else [v]) if isinstance(w, str))
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for schema in (PACKAGE / "schema").glob("*.json"):
        walk(json.loads(schema.read_text(encoding="utf-8")))
    return words


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def family_isinstance(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance",
                                                                                               "issubclass"):
            kinds = node.args[1].elts if len(node.args) > 1 and isinstance(node.args[1], ast.Tuple) else node.args[1:]
            for k in kinds:
                name = k.id if isinstance(k, ast.Name) else k.attr if isinstance(k, ast.Attribute) else ""
                if name in FAMILY_CLASSES:
                    out.append(f"{path.relative_to(root)}:{node.lineno}: isinstance on {name}")
    return sorted(out, key=_line)


def written_ids(path: Path, ids: set[str], words: set[str], root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    plain = {i for i in ids if i not in words}
    alternatives = "|".join(map(re.escape, sorted(plain, key=len, reverse=True)))
    pattern = re.compile(r"(?<![\w-])(" + alternatives + r")(?![\w-])")
    out = []

    def flag(node: ast.AST, what: str) -> None:
        out.append(f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            found = pattern.search(node.value)
            names = {f for p, f in NAMES_A_FILE if p == str(path.relative_to(root))}
            if found and not any(f in node.value and f.split("/")[1].startswith(found.group(1)) for f in names):
                flag(node, f"the table id {found.group(1)!r} in {node.value[:60]!r}")
        # a word that is also a table id, used as a table id
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ID_CALLS:
                for a in node.args[:1]:
                    if isinstance(a, ast.Constant) and a.value in ids:
                        flag(a, f"the table id {a.value!r} passed to {name}()")
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value in ids:
            target = node.value
            owner = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if owner.lower() in ("registry", "families", "tables", "by_id"):
                flag(node, f"the table id {node.slice.value!r} looked up in {owner}")
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if isinstance(k, ast.Constant) and k.value in ID_KEYS and isinstance(v, ast.Constant) \
                        and v.value in ids:
                    flag(v, f"the table id {v.value!r} as the {k.value!r} of a dict")
    return sorted(out, key=_line)


def _line(hit: str) -> int:
    return int(hit.split(":")[1])


def test_no_module_outside_tables_asks_which_family_a_table_is():
    found = [hit for p in modules() for hit in family_isinstance(p)]
    assert found == []


def test_no_table_id_is_written_outside_tables_and_the_editions_data():
    ids, words = table_ids(), vocabulary()
    assert {"men", "k1-addition", "k2-kings", "musical"} <= ids  # both editions' ids
    found = [hit for p in modules() for hit in written_ids(p, ids, words)]
    assert found == []


def test_the_checks_find_what_they_look_for(tmp_path):
    """Each check finds a planted case: the tests cannot pass for want of looking."""
    planted = tmp_path / "planted.py"
    planted.write_text('''"""A docstring may name k2-kings and cite 'standards'."""
from rithmocheck.tables import EntryFamily


def f(x, registry, edition):
    if isinstance(x, EntryFamily):
        return registry["standards"]
    edition.registry.family("men")
    print(f"the king's roots (k2-kings)")
    return {"table": "kings", "rule": "men"}
''', encoding="utf-8")
    hits = family_isinstance(planted, tmp_path) + written_ids(planted, table_ids(), vocabulary(), tmp_path)
    assert [h.split(": ", 1)[1] for h in hits] == [
        "isinstance on EntryFamily",
        "the table id 'standards' looked up in registry",
        "the table id 'men' passed to family()",
        'the table id \'k2-kings\' in "the king\'s roots (k2-kings)"',
        "the table id 'kings' as the 'table' of a dict",
    ]
