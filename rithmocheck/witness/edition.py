"""An edition: the primary witness, its transcribed tables and worked
examples, and the curated errata that go with them, in one directory.

An edition directory holds `edition.yaml` (its id, title and the names of
its files), the witness byte for byte (witness.txt, described in
witness.yaml), the book's facts (book.yaml: the digits of its men, the
readings and the tables, from which the registry of its tables is built;
rithmocheck.witness.facts), the rules of its kinds of play (rules.yaml, read
by rithmocheck.ruleset), one transcription per printed run (tables/*.yaml), the worked
examples (examples.yaml), the record of lines with no checkable number
(coverage.yaml), the page map (pages.yaml, optional), the curated errata
(errata.yaml, or wherever edition.yaml's `errata` names) and, optionally, a
second witness (the EEBO-TCP keying).

The shipped edition is the 1563 book. In the repository it follows the
design card: the transcriptions as printed in `sources/lever-fulke-1563/`,
the curated errata apart in `corrections/lever-fulke-1563.yaml` (its
edition.yaml names them). The build backend maps both into the wheel
(setup.py: `rithmocheck/editions/`, `rithmocheck/corrections/`, the same
layout one level down), so that an installation is self-contained; SHIPPED
is the one or the other, whichever this copy of the package has. Every path
of it is named in rithmocheck.witness.shipped (re-exported here) and nowhere
else. `rithmocheck --edition DIR` (or the variable RITHMOCHECK_EDITION)
selects another edition; `rithmocheck init DIR` copies the shipped one.
Everything is loaded once per edition and kept (an Edition is immutable).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..inputs import read_text
from ..model.men import Armies
from ..tables.registry import Registry, build
from .checked import load_checked
from .entries import Position, PrintedEntry, printed_entries
from .examples import Example, ExamplePassage, load_coverage, load_examples, load_passages
from .facts import BookFacts, load_book, resolve, table_specs
from .layout import Passage, load_passage
from .page import Page
from .pages import PageMap, load_map
from .shipped import CORRECTIONS as CORRECTIONS
from .shipped import EDITIONS as EDITIONS
from .shipped import MAX_FIGURES as MAX_FIGURES
from .shipped import METADATA as METADATA
from .shipped import SHIPPED as SHIPPED
from .shipped import SHIPPED_ERRATA as SHIPPED_ERRATA
from .shipped import SHIPPED_IN_REPOSITORY as SHIPPED_IN_REPOSITORY
from .shipped import SHIPPED_TCP as SHIPPED_TCP
from .shipped import SHIPPED_TCP_DIR as SHIPPED_TCP_DIR
from .shipped import WITNESS_BYTES as WITNESS_BYTES

# --- the shipped edition: its paths, in this one place ------------------------------------------------
# (named in rithmocheck.witness.shipped, which the witness's readers import without this module)
_LONG_NUMBER = re.compile(rf"\d{{{MAX_FIGURES + 1},}}")
_ERRATA_KEY = re.compile(r"^errata:[^\n]*$", re.MULTILINE)
ENV_VAR = "RITHMOCHECK_EDITION"


def _key_line(meta: dict[str, Any], key: str) -> int | None:
    """The line of edition.yaml a key stands on (the loader keeps it on the key)."""
    return next((getattr(k, "line", None) for k in meta if k == key), getattr(meta, "line", None))


def _relative(root: Path, meta: dict[str, Any], key: str, default: str | None, required: bool = False) -> Path | None:
    """The file edition.yaml names under key (relative to the edition), the
    default when the key is absent; None only when the file is optional."""
    value = meta.get(key, default)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or not value.isprintable():  # (a NUL, a new line)
        raise InputError(root / METADATA, _key_line(meta, key), f"{key} must be a file name relative to the edition")
    return root / value


TEXT_KEYS = ("edition", "title", "editors")  # edition.yaml: what is text, if given


@dataclass(frozen=True)
class Book:
    """The printed book an edition transcribes, as its witness.yaml
    describes it: what every output's metadata cites."""

    title: str
    authors: tuple[str, ...]
    imprint: str
    year: str
    identifiers: tuple[tuple[str, str], ...]  # (scheme, identifier as cited): ("STC", "STC 15542A"), ...
    attributions: tuple[tuple[str, str, str], ...]  # (initials as printed, who, on whose word)

    @property
    def citation(self) -> str:
        """One line: authors, title, imprint and year, identifiers."""
        head = "; ".join(self.authors)
        where = ", ".join(x for x in (self.imprint, self.year) if x)
        text = ". ".join(x for x in (head, self.title, where) if x)
        return text + ("" if text.endswith(".") else ".") + (
            " " + "; ".join(v for _, v in self.identifiers) + "." if self.identifiers else "")

    @property
    def attribution_note(self) -> str:
        """The readings of initials the print leaves open, each on whose word
        ("" when none)."""
        notes = []
        for initials in dict.fromkeys(i for i, _, _ in self.attributions):
            readings = [f"{who} ({source})" for i, who, source in self.attributions if i == initials]
            notes.append(f"\"{initials}\" is read as " + " and as ".join(readings)
                         + ("; the print decides neither." if len(readings) > 1 else "."))
        return " ".join(notes)


def _book(meta: dict[str, Any], path: Path) -> Book:
    def text(key: str) -> str:
        value = meta.get(key, "")
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise InputError(path, getattr(value, "line", None), f"{key} must be text")
        return str(value).strip()

    authors = meta.get("authors") or []
    ids = meta.get("identifiers") or {}
    found = meta.get("attributions") or []
    if not isinstance(authors, list) or not all(isinstance(a, str) for a in authors):
        raise InputError(path, getattr(authors, "line", None), "authors must be a list of names")
    if not isinstance(ids, dict) or not all(isinstance(v, str) for v in ids.values()):
        raise InputError(path, getattr(ids, "line", None),
                         "identifiers must map a scheme to the identifier as cited (STC: STC 15542A)")
    if not isinstance(found, list) or not all(isinstance(a, dict) and all(isinstance(a.get(k), str) for k in
                                                                          ("initials", "who", "source"))
                                              for a in found):
        raise InputError(path, getattr(found, "line", None),
                         "attributions must be a list of initials: (as printed), who: and source:")
    return Book(text("title"), tuple(authors), text("imprint"), text("year"),
                tuple((str(k), v) for k, v in ids.items()),
                tuple((a["initials"], a["who"], a["source"]) for a in found))


@dataclass(frozen=True)
class Edition:
    root: Path  # edition.yaml, witness.txt, witness.yaml, tables/, examples.yaml, coverage.yaml, pages.yaml
    errata_path: Path  # the curated errata
    second_witness_path: Path | None = None  # the EEBO-TCP keying, when the edition has one

    @staticmethod
    def default() -> Edition:
        """The shipped 1563 edition."""
        return _default()

    @staticmethod
    def open(root: str | Path) -> Edition:
        """The edition in directory root (InputError when it is not one)."""
        if str(root) == "":
            raise InputError("--edition", None, "no such edition directory: the name is empty")
        try:
            return _open(Path(root).absolute())
        except (OSError, ValueError) as exc:  # a name too long, a NUL
            raise InputError(root, None, f"not an edition directory: {exc}") from None

    @property
    def name(self) -> str:
        """The edition's id (edition.yaml), else its directory's name."""
        meta = self.edition_metadata
        value = meta.get("edition")
        return str(value) if isinstance(value, str) and value else self.root.name

    @property
    def errata_title(self) -> str:
        """The title of the errata document (edition.yaml's errata_title; the TEI and Markdown errata)."""
        value = self.edition_metadata.get("errata_title")
        if value is None:
            return f"Errata to the edition {self.name}"
        if not isinstance(value, str) or not value.strip():
            raise InputError(self.root / METADATA, getattr(value, "line", None), "errata_title must be text")
        return " ".join(value.split())

    def with_errata(self, path: str | Path | None) -> Edition:
        """The same edition with another errata file (None: this one)."""
        if path is None or Path(path) == self.errata_path:
            return self
        if self.root == SHIPPED:  # the shipped edition's files do not change: cached
            return _edition(self.root, Path(path), self.second_witness_path)
        return Edition(self.root, Path(path), self.second_witness_path)

    # --- files --------------------------------------------------------------------------------------

    @property
    def witness_path(self) -> Path:
        return self.root / "witness.txt"

    @property
    def tables_dir(self) -> Path:
        return self.root / "tables"

    @property
    def book_path(self) -> Path:
        return self.root / "book.yaml"

    @property
    def rules_path(self) -> Path:
        return self.root / "rules.yaml"

    @property
    def examples_path(self) -> Path:
        return self.root / "examples.yaml"

    @property
    def coverage_path(self) -> Path:
        return self.root / "coverage.yaml"

    @property
    def pages_path(self) -> Path:
        return self.root / "pages.yaml"

    @property
    def errata_cited(self) -> str:
        """The errata file as a reader finds it: the shipped edition's where the repository keeps it
        (corrections/...), else by its name."""
        if self.errata_path == SHIPPED_ERRATA:
            return f"{SHIPPED_ERRATA.parent.name}/{SHIPPED_ERRATA.name}"
        return self.errata_path.name

    def copy_also(self) -> dict[str, bytes]:
        """What a copy of the edition (`init`) needs beyond its directory's files: errata that lie outside it
        (the shipped edition's, in corrections/) become the copy's errata.yaml, which its edition.yaml then
        names. Nothing when the errata are within the directory."""
        from ..inputs import read_bytes

        if self.errata_path.resolve().is_relative_to(self.root.resolve()):
            return {}
        meta = self.root / METADATA
        text = read_text(meta)
        named, n = _ERRATA_KEY.subn("errata: errata.yaml", text)
        if n != 1:
            raise InputError(meta, None, "the errata must be named on one line of their own (errata: FILE)")
        return {"errata.yaml": read_bytes(self.errata_path), METADATA: named.encode("utf-8")}

    def read_paths(self) -> tuple[Path, ...]:
        """Every file (and directory) the edition reads, as named from its
        directory: a link among them stands for the file it points to,
        wherever that lies (compared on disk by rithmocheck.export.outfiles)."""
        named = [self.root / n for n in (METADATA, "witness.txt", "witness.yaml", "book.yaml", "rules.yaml",
                                         "examples.yaml", "coverage.yaml", "pages.yaml", "collation.json", "tables")]
        try:
            named += sorted(self.tables_dir.glob("*.yaml"))
        except OSError:
            pass
        return tuple(named) + tuple(p for p in (self.errata_path, self.second_witness_path) if p is not None)

    def protected(self) -> tuple[Path, ...]:
        """What no command may write onto or into: this edition and every
        file it reads (its errata and second witness too, wherever they lie),
        and the shipped edition (with everything in it)."""
        return (self.root, *self.read_paths(), SHIPPED, SHIPPED_ERRATA)

    # --- contents ------------------------------------------------------------------------------------

    @cached_property
    def witness(self) -> tuple[str, ...]:
        text = read_text(self.witness_path, WITNESS_BYTES)
        long = _LONG_NUMBER.search(text)
        if long is not None:
            raise InputError(self.witness_path, text.count("\n", 0, long.start()) + 1,
                             f"a number of {len(long.group())} figures; a number of the witness has at most "
                             f"{MAX_FIGURES}")
        return tuple(text.split("\n"))

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """The witness's lines, 1..N (the empty string after its final
        newline is no line)."""
        w = self.witness
        return w[:-1] if w and w[-1] == "" else w

    @cached_property
    def derived(self) -> dict[str, Any]:
        """What other layers derive from this edition object and keep with it
        (two equal editions, one read afresh, share nothing of it)."""
        return {}

    @cached_property
    def edition_metadata(self) -> dict[str, Any]:
        """edition.yaml (empty when the edition has none)."""
        return _metadata(self.root)

    @cached_property
    def metadata(self) -> dict[str, Any]:
        data = load_checked(self.root / "witness.yaml", "witness-1.json")
        if not isinstance(data, dict):  # (the schema says so)
            raise InputError(self.root / "witness.yaml", None, "expected a mapping")
        return dict(data)

    def witness_drift(self) -> str | None:
        """Why witness.yaml no longer describes witness.txt (its SHA-256 or its
        number of lines), or None. A scholar who edits the witness keeps the
        two in step; the commands that read it say so (a warning)."""
        import hashlib

        if not (self.root / "witness.yaml").is_file():
            return None  # (an edition without a description: nothing to keep in step)
        meta, where = self.metadata, self.root / "witness.yaml"
        data = self.witness_path.read_bytes()
        recorded, actual = meta.get("sha256"), hashlib.sha256(data).hexdigest()
        if isinstance(recorded, str) and recorded != actual:
            return (f"{where}: sha256 is not that of witness.txt (an edited witness? record its SHA-256, "
                    f"{actual}, before you publish)")
        lines, n = meta.get("lines"), len(self.lines)
        if isinstance(lines, int) and not isinstance(lines, bool) and lines != n:
            return f"{where}: lines is {lines}, witness.txt has {n}"
        return None

    @cached_property
    def book(self) -> Book:
        """The printed book, from witness.yaml."""
        return _book(self.metadata, self.root / "witness.yaml")

    @cached_property
    def page_map(self) -> PageMap | None:
        """The pages of the book the witness's lines stand on (None when the
        edition has no page map)."""
        if not self.pages_path.is_file():
            return None
        return load_map(str(self.pages_path))

    def page_span(self, first: int, last: int) -> tuple[Page | None, Page | None]:
        """The pages witness lines first..last run over: where the first
        begins and where the last ends (after a page break inside it)."""
        end = len(self.witness[last - 1]) if 1 <= last <= len(self.witness) else 0
        return self.page_at(first), self.page_at(last, end)

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
    def facts(self) -> BookFacts:
        """The book's facts (book.yaml): its men's digits, its readings and its tables."""
        if not self.book_path.is_file():
            raise InputError(self.book_path, None, "the edition has no book.yaml (an edition made by an earlier "
                                                   "rithmocheck: copy book.yaml and rules.yaml from a new "
                                                   "'rithmocheck init DIR' and edit them)")
        return load_book(self.book_path, len(self.lines))

    @property
    def armies(self) -> Armies:
        """The men of the book, derived from its digits."""
        return self.facts.armies

    @cached_property
    def registry(self) -> Registry:
        """The tables of the book by id: the families the edition's data makes."""
        return build(table_specs(self.facts, self.passages, self.lines), self.armies)

    @cached_property
    def rules_heading(self) -> tuple[str, int]:
        """The heading the six rules of the men stand under, and its line."""
        return resolve(self.facts, self.facts.rules_heading, "numbers: heading", self.passages, self.lines)

    @cached_property
    def passages(self) -> tuple[Passage, ...]:
        known = self.facts.ids
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

    def _printed(self, p: Passage) -> tuple[PrintedEntry, ...]:
        """A passage's printed entries, once."""
        found = self._printed_of.get(p.passage)
        if found is None:
            found = self._printed_of[p.passage] = tuple(printed_entries(p, self.page_at))
        return found

    @cached_property
    def _printed_of(self) -> dict[str, tuple[PrintedEntry, ...]]:
        return {}

    @cached_property
    def _entries_of(self) -> dict[str, tuple[PrintedEntry, ...]]:
        return {}

    def entries(self, table_id: str) -> tuple[PrintedEntry, ...]:
        """Every printed entry, 'nothing' and stated count of a table, in printed order (the passages of the
        table read alone)."""
        found = self._entries_of.get(table_id)
        if found is None:
            found = self._entries_of[table_id] = tuple(e for p in self.passages_for(table_id)
                                                       for e in self._printed(p) if e.table == table_id)
        return found

    @cached_property
    def _at_of(self) -> dict[str, dict[tuple[int, int, int], tuple[PrintedEntry, ...]]]:
        return {}

    def entries_at(self, table_id: str, block: int, column: int, row: int,
                   passage: str | None = None) -> tuple[PrintedEntry, ...]:
        """The entries of a table at a position (passage optional: every
        passage of the table when it is not given)."""
        at = self._at_of.get(table_id)
        if at is None:
            out: dict[tuple[int, int, int], list[PrintedEntry]] = {}
            for e in self.entries(table_id):
                out.setdefault((e.position.block, e.position.column, e.position.row), []).append(e)
            at = self._at_of[table_id] = {k: tuple(v) for k, v in out.items()}
        return tuple(e for e in at.get((block, column, row), ()) if passage is None or e.position.passage == passage)

    def entry_at(self, table_id: str, position: Position) -> PrintedEntry | None:
        found = self.entries_at(table_id, position.block, position.column, position.row, position.passage)
        return found[0] if found else None

    @cached_property
    def example_passages(self) -> tuple[ExamplePassage, ...]:
        """The worked examples as passages: numbers, words, places, ratio
        names and statements, as printed (examples.yaml)."""
        return tuple(replace(p, page=self.page_at(p.first_line),
                             statements=tuple(replace(x, page=self.page_at(x.witness_line)) for x in p.statements),
                             tokens=tuple(replace(t, page=self.page_at(t.line)) for t in p.tokens))
                     for p in load_passages(self.examples_path, self.witness, None, self._examples_data))

    def example_passages_of(self, ids: Collection[str]) -> tuple[ExamplePassage, ...]:
        """The passages of worked examples named (in the file's order), read alone when the others are not
        read yet: each as `example_passages` gives it (what concerns the others is not checked)."""
        if "example_passages" in self.__dict__:
            return tuple(p for p in self.example_passages if p.id in ids)
        return tuple(replace(p, page=self.page_at(p.first_line),
                             statements=tuple(replace(x, page=self.page_at(x.witness_line)) for x in p.statements),
                             tokens=tuple(replace(t, page=self.page_at(t.line)) for t in p.tokens))
                     for p in load_passages(self.examples_path, self.witness, frozenset(ids), self._examples_data))

    @cached_property
    def _examples_data(self) -> Any:
        return load_examples(self.examples_path)

    @cached_property
    def examples(self) -> tuple[Example, ...]:
        """Every statement of every passage, in order, with its numbers as printed."""
        return tuple(x for p in self.example_passages for x in p.statements)

    @cached_property
    def coverage(self) -> tuple[tuple[int, int, str], ...]:
        return load_coverage(self.coverage_path)


def _metadata(root: Path) -> dict[str, Any]:
    path = root / METADATA
    if not path.exists():
        return {}
    data = load_checked(path, "edition-1.json")
    if not isinstance(data, dict):  # (the schema says so)
        raise InputError(path, getattr(data, "line", 1), "expected a mapping (edition, title, witness, errata, ...)")
    for key in TEXT_KEYS:
        if key in data and not (isinstance(data[key], str) and data[key].strip()):
            raise InputError(path, _key_line(data, key), f"{key} must be text")
    return data


@lru_cache(maxsize=8)
def _edition(root: Path, errata_path: Path, second_witness: Path | None = None) -> Edition:
    return Edition(root, errata_path, second_witness)


def _open(root: Path) -> Edition:
    """A scholar's edition, read afresh (its files may change between two
    commands run in one process)."""
    if not root.exists():
        raise InputError(root, None, "no such edition directory")
    if not root.is_dir():
        raise InputError(root, None, "is not a directory; an edition is a directory (see rithmocheck init)")
    meta = _metadata(root)
    witness = _relative(root, meta, "witness", "witness.txt")
    if witness is not None and witness != root / "witness.txt":
        raise InputError(root / METADATA, None, "witness must be witness.txt")
    if not (root / "witness.txt").is_file():
        raise InputError(root, None, "is not an edition: it has no witness.txt (make one with rithmocheck init DIR)")
    if not (root / "tables").is_dir():
        raise InputError(root, None, "is not an edition: it has no tables/ directory")
    errata = _relative(root, meta, "errata", "errata.yaml", required=True)
    assert errata is not None  # (required)
    return Edition(root, errata, _relative(root, meta, "second_witness", None))


def _default() -> Edition:
    return _edition(SHIPPED, SHIPPED_ERRATA, SHIPPED_TCP)
