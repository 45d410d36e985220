"""Shared test helpers: the shipped edition, positions and findings by kind."""

from __future__ import annotations

import pytest

from rithmocheck.witness.edition import Edition
from rithmocheck.witness.entries import Position

EDITION = Edition.default()


def pos(passage: str, block: int, column: int, row: int) -> Position:
    return Position(passage, block, column, row)


def by_kind(findings, kind):
    return [f for f in findings if f.kind == kind]


@pytest.fixture(scope="session")
def edition() -> Edition:
    return EDITION
