"""The shipped edition's paths and the witness's bounds, in this one place
(re-exported by rithmocheck.witness.edition). A module of constants that
imports nothing of the package, so that the readers of a witness (align,
pages, tcp) and the edition that uses them need not import each other."""

from __future__ import annotations

from pathlib import Path

EDITIONS = Path(__file__).resolve().parent.parent / "editions"
SHIPPED = EDITIONS / "lever-fulke-1563"  # the 1563 edition, package data
SHIPPED_ERRATA = SHIPPED / "errata.yaml"
SHIPPED_TCP_DIR = SHIPPED / "eebo-tcp-A05389"  # the second witness and its provenance (witness.yaml)
SHIPPED_TCP = SHIPPED_TCP_DIR / "A05389.xml"
SHIPPED_WITNESS = SHIPPED / "witness.txt"  # (Edition.witness_path of the shipped edition)
SHIPPED_PAGES = SHIPPED / "pages.yaml"  # (Edition.pages_path of the shipped edition)

MAX_FIGURES = 100  # of a number in the witness (the shipped one's longest has 4; a transcription's at most 12)
WITNESS_BYTES = 1_000_000
