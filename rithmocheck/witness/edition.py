"""An edition: the primary witness, its transcribed tables and worked
examples, and the curated errata that go with them.

The shipped edition is the 1563 book: `sources/lever-fulke-1563/` holds the
witness byte for byte (witness.txt, described in witness.yaml), one
transcription per printed run (tables/*.yaml), the worked examples
(examples.yaml) and the record of lines with no checkable number
(coverage.yaml); the curated errata are `corrections/lever-fulke-1563.yaml`.
Everything is loaded once per edition and kept (an Edition is immutable).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import load_file, read_text
from .entries import Position, PrintedEntry, printed_entries
from .examples import Example, ExamplePassage, load_coverage, load_passages
from .layout import Passage, load_passage
from .page import Page
from .pages import PageMap, load_map

PROJECT = Path(__file__).resolve().parent.parent.parent
SOURCE_DIR = PROJECT / "sources" / "lever-fulke-1563"
CORRECTIONS = PROJECT / "corrections" / "lever-fulke-1563.yaml"
WITNESS_BYTES = 1_000_000


def known_tables() -> frozenset[str]:
    from ..tables import TABLE_IDS

    return frozenset(TABLE_IDS)


@dataclass(frozen=True)
class Edition:
    root: Path  # witness.txt, witness.yaml, tables/, examples.yaml, coverage.yaml
    errata_path: Path  # the curated errata

    @staticmethod
    def default() -> Edition:
        return _default()

    def with_errata(self, path: str | Path | None) -> Edition:
        """The same edition with another errata file (None: this one)."""
        if path is None or Path(path) == self.errata_path:
            return self
        return _edition(self.root, Path(path))

    # --- files --------------------------------------------------------------------------------------

    @property
    def witness_path(self) -> Path:
        return self.root / "witness.txt"

    @property
    def tables_dir(self) -> Path:
        return self.root / "tables"

    @property
    def examples_path(self) -> Path:
        return self.root / "examples.yaml"

    @property
    def coverage_path(self) -> Path:
        return self.root / "coverage.yaml"

    @property
    def pages_path(self) -> Path:
        return self.root / "pages.yaml"

    def protected(self) -> tuple[Path, ...]:
        """What no command may write onto or into: this edition, its errata,
        and the project's sources/ and corrections/."""
        return (self.root, self.errata_path, SOURCE_DIR.parent, CORRECTIONS.parent, CORRECTIONS)

    # --- contents ------------------------------------------------------------------------------------

    @cached_property
    def witness(self) -> tuple[str, ...]:
        return tuple(read_text(self.witness_path, WITNESS_BYTES).split("\n"))

    @cached_property
    def metadata(self) -> dict[str, Any]:
        data = load_file(self.root / "witness.yaml")
        if not isinstance(data, dict):
            raise InputError(self.root / "witness.yaml", None, "expected a mapping")
        return dict(data)

    @cached_property
    def page_map(self) -> PageMap | None:
        """The pages of the book the witness's lines stand on (None when the
        edition has no page map)."""
        if not self.pages_path.is_file():
            return None
        return load_map(str(self.pages_path))

    def page_at(self, witness_line: int, column: int = 0) -> Page | None:
        """The page of the book at a line (and column) of the witness."""
        pm = self.page_map
        if pm is None or not 1 <= witness_line <= pm.lines:
            return None
        return pm.page_at(witness_line, column)

    def passage_files(self) -> tuple[Path, ...]:
        if not self.tables_dir.is_dir():
            raise InputError(self.tables_dir, None, "the edition has no tables/ directory")
        return tuple(sorted(self.tables_dir.glob("*.yaml")))

    @cached_property
    def passages(self) -> tuple[Passage, ...]:
        known = known_tables()
        out = tuple(load_passage(str(p), self.witness, known) for p in self.passage_files())
        seen: dict[str, str] = {}
        for p in out:
            if p.passage in seen:
                raise InputError(p.path, None, f"passage id {p.passage!r} is also the id of {seen[p.passage]}")
            seen[p.passage] = p.path
        return out

    def passages_for(self, table_id: str) -> tuple[Passage, ...]:
        """The passages holding columns of a table (a table may run on into
        the next printed run)."""
        return tuple(p for p in self.passages if table_id in p.tables)

    @cached_property
    def _entries(self) -> dict[str, tuple[PrintedEntry, ...]]:
        out: dict[str, list[PrintedEntry]] = {}
        for p in self.passages:
            for e in printed_entries(p, self.page_at):
                out.setdefault(e.table, []).append(e)
        return {t: tuple(es) for t, es in out.items()}

    def entries(self, table_id: str) -> tuple[PrintedEntry, ...]:
        """Every printed entry, 'nothing' and stated count of a table, in printed order."""
        return self._entries.get(table_id, ())

    @cached_property
    def _at(self) -> dict[tuple[str, int, int, int], tuple[PrintedEntry, ...]]:
        out: dict[tuple[str, int, int, int], list[PrintedEntry]] = {}
        for table_id, entries in self._entries.items():
            for e in entries:
                out.setdefault((table_id, e.position.block, e.position.column, e.position.row), []).append(e)
        return {k: tuple(v) for k, v in out.items()}

    def entries_at(self, table_id: str, block: int, column: int, row: int,
                   passage: str | None = None) -> tuple[PrintedEntry, ...]:
        """The entries of a table at a position (passage optional: every
        passage of the table when it is not given)."""
        return tuple(e for e in self._at.get((table_id, block, column, row), ())
                     if passage is None or e.position.passage == passage)

    def entry_at(self, table_id: str, position: Position) -> PrintedEntry | None:
        found = self.entries_at(table_id, position.block, position.column, position.row, position.passage)
        return found[0] if found else None

    @cached_property
    def example_passages(self) -> tuple[ExamplePassage, ...]:
        """The worked examples as passages: numbers, words, places, ratio
        names and statements, as printed (examples.yaml)."""
        return tuple(replace(p, page=self.page_at(p.first_line),
                             statements=tuple(replace(x, page=self.page_at(x.witness_line)) for x in p.statements))
                     for p in load_passages(self.examples_path, self.witness))

    @cached_property
    def examples(self) -> tuple[Example, ...]:
        """Every statement of every passage, in order, with its numbers as printed."""
        return tuple(x for p in self.example_passages for x in p.statements)

    @cached_property
    def coverage(self) -> tuple[tuple[int, int, str], ...]:
        return load_coverage(self.coverage_path)


@lru_cache(maxsize=8)
def _edition(root: Path, errata_path: Path) -> Edition:
    return Edition(root, errata_path)


def _default() -> Edition:
    return _edition(SOURCE_DIR, CORRECTIONS)
