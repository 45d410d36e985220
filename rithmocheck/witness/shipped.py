"""The shipped edition's paths and the witness's bounds, in this one place
(re-exported by rithmocheck.witness.edition, which tells where the shipped
edition lives: in a checkout, the design card's sources/ and corrections/;
installed, the same layout as package data). A module of constants that
imports nothing of the package, so that the readers of a witness (align,
pages, tcp) and the edition that uses them need not import each other."""

from __future__ import annotations

from pathlib import Path

METADATA = "edition.yaml"
_PACKAGE = Path(__file__).resolve().parent.parent
# installed (a wheel): the edition and its corrections are package data; a checkout: the card's layout (a
# directory left behind in the package by an older checkout, without the edition in it, changes nothing)
_HOME = _PACKAGE if (_PACKAGE / "editions" / "lever-fulke-1563" / METADATA).is_file() else _PACKAGE.parent
EDITIONS = _HOME / ("editions" if _HOME == _PACKAGE else "sources")
CORRECTIONS = _HOME / "corrections"
SHIPPED = EDITIONS / "lever-fulke-1563"  # the 1563 edition
SHIPPED_IN_REPOSITORY = "sources"  # where the repository keeps it, for citations of its files
SHIPPED_ERRATA = CORRECTIONS / "lever-fulke-1563.yaml"  # its curated errata (named by its edition.yaml)
SHIPPED_TCP_DIR = SHIPPED / "eebo-tcp-A05389"  # the second witness and its provenance (witness.yaml)
SHIPPED_TCP = SHIPPED_TCP_DIR / "A05389.xml"
SHIPPED_WITNESS = SHIPPED / "witness.txt"  # (Edition.witness_path of the shipped edition)
SHIPPED_PAGES = SHIPPED / "pages.yaml"  # (Edition.pages_path of the shipped edition)

MAX_FIGURES = 100  # of a number in the witness (the shipped one's longest has 4; a transcription's at most 12)
WITNESS_BYTES = 1_000_000
