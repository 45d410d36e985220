"""Shared test helpers: the shipped edition, positions and findings by kind."""

from __future__ import annotations

import pytest

from rithmocheck.witness.edition import Edition
from rithmocheck.witness.entries import Position

EDITION = Edition.default()
REGISTRY = EDITION.registry  # the shipped edition's tables, built from its book.yaml
TABLE_IDS = REGISTRY.ids
ARMIES = EDITION.armies  # the shipped edition's men, from its digits
family = REGISTRY.family
generate = REGISTRY.generate
default_table = REGISTRY.default_table


def _four_readings() -> dict[str, str]:
    """Each four-number table's default reading of `definition`, as the shipped book.yaml states it (the
    one place: the table's own `defaults`)."""
    import yaml

    book = yaml.safe_load((EDITION.root / "book.yaml").read_text(encoding="utf-8"))
    return {t["id"]: t["defaults"]["definition"] for t in book["tables"] if "definition" in t.get("defaults", {})}


FOUR_READINGS = _four_readings()


def copy_shipped(dest):
    """The shipped edition as `rithmocheck init` copies it into one directory: its files, and its curated
    errata (kept apart, in corrections/) as dest/errata.yaml, which dest/edition.yaml then names."""
    import shutil

    shutil.copytree(EDITION.root, dest)
    for name, data in EDITION.copy_also().items():
        (dest / name).write_bytes(data)
    return dest


def pos(passage: str, block: int, column: int, row: int) -> Position:
    return Position(passage, block, column, row)


def by_kind(findings, kind):
    return [f for f in findings if f.kind == kind]


@pytest.fixture(autouse=True, scope="session")
def _no_build_cache(tmp_path_factory):
    """Every build under test is made afresh (a cache hit would skip what a
    test patches or breaks), and no test touches the user's cache; the tests
    of the cache (test_cache.py) turn it on in a directory of their own. Text
    is wrapped at 100 columns, whatever the terminal."""
    patch = pytest.MonkeyPatch()
    patch.setenv("RITHMOCHECK_NO_CACHE", "1")
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    # Text wraps at COLUMNS, else at the terminal's width when stdout is one
    # (pytest -s): every test reads text at one width unless it asks another.
    patch.setenv("COLUMNS", "100")
    yield
    patch.undo()


@pytest.fixture(scope="session")
def edition() -> Edition:
    return EDITION
