"""output/datapackage.json: a Frictionless Data Package describing the data
of the build, so that data tools can load and check it (`frictionless
validate output/datapackage.json`).

* Every CSV file is a tabular resource with its schema: the columns whose
  meaning is fixed (positions, witness lines, pages) have their types and
  constraints; any other column is `integer` when every value in it is a
  whole number (empty cells are missing values), else `string`. A printed
  table's key is the position of a cell (passage, block, column, row); the
  errata of a table (`tables/ID/errata.csv`) refer to it by that key, and its
  corrected entries to the erratum that made them and to the printed cell.
* Every JSON file (the audit, the collation, the errata, the rulesets and
  their schema, the manifest) and the TEI errata are resources too.
* Every resource but the manifest (which holds the SHA-256 of this file)
  carries its size and SHA-256, so that a changed byte is found.
* The package names its licences (rithmocheck's, MIT; the second witness's,
  from its witness.yaml), its version (rithmocheck's), when it was created
  (the edition's `date` in edition.yaml: deterministic, so that a build is
  reproducible byte for byte, and what the data is as of), its contributors
  (the edition's editors, the rithmocheck developers) and its sources (the
  printed book, the second witness).

Pure but for reading the second witness's witness.yaml: the descriptor is
derived from the texts the build writes and from the edition.
"""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..witness.edition import Edition

_INTEGER = re.compile(r"-?\d+", re.ASCII)

# What the columns of the printed, corrected and errata tables mean.
COLUMNS: dict[str, str] = {
    "passage": "the transcription file (one printed run) the cell stands in",
    "block": "the block of the passage (1-based)",
    "column": "the column of the block (1-based)",
    "row": "the row of the cell in its printed column (1-based)",
    "role": "entry, heading, label, nothing, count, blank, prose, group, head or fragment",
    "printed": "the cell as printed (its tokens, verbatim)",
    "numbers": "the numbers the cell is read as (in prose, every integer in its words: 3/4 gives 3 4)",
    "witness_line": "the line of the primary witness (witness.txt) the cell was read from (a blank: its row's)",
    "image": "the page of the book the cell begins on: its EEBO image (image set 20707; one image is one opening)",
    "side": "the page of the book the cell begins on: left or right, of its EEBO image",
    "entry": "the entry, corrected where an erratum applies",
    "status": "printed, corrected or supplied (an entry); count or count corrected (a stated count)",
    "sic": "what is printed there (numbers, then any cossick signs as {powerofN}), where corrected",
    "erratum": "the id of the curated erratum applied",
    "id": "the erratum's stable id",
    "table": "the table id (rithmocheck tables)",
    "kind": "misprint, spurious, duplicate, omission, count or example",
    "position": "passage:block.column.row of the printed entry, or the worked example",
    "corr": "the correction: numbers, omit, or supply",
    "class": "the kind of slip",
    "confidence": "high, medium or low",
    "resp": "who is responsible: rithmocheck+editor or editor",
    "reason": "why, in words a reader can check against the book",
}

# The columns whose type is fixed, whatever a file holds (an empty table included).
TYPES = {"block": "integer", "column": "integer", "row": "integer", "witness_line": "integer", "image": "integer",
         "passage": "string", "side": "string", "id": "string", "erratum": "string"}
CONSTRAINTS: dict[str, dict[str, Any]] = {
    "block": {"minimum": 1}, "column": {"minimum": 1}, "row": {"minimum": 1}, "witness_line": {"minimum": 1},
    "image": {"minimum": 1}, "side": {"enum": ["left", "right"]},
}
POSITION = ["passage", "block", "column", "row"]  # a printed cell's key, unique in the edition

TITLES = {"printed": "as printed in 1563", "corrected": "with the curated errata applied",
          "regenerated": "regenerated from first principles", "errata": "its curated errata"}

DOCUMENTS = {  # the JSON and XML outputs: title, and what describes their form
    "audit.json": ("the audit report", "follows the JSON Schema schema/audit-1.json of the rithmocheck package"),
    "collation.json": ("the collation with the second witness",
                       "follows the JSON Schema schema/collation-1.json of the rithmocheck package"),
    "errata/errata.json": ("the curated errata", "one object per erratum, as errata/errata.csv has them"),
    "errata/errata.tei.xml": ("the curated errata in TEI P5, each pointing at its place in text.tei.xml",
                              "valid against TEI P5 tei_all"),
    "text.tei.xml": ("the TEI P5 text of the edition: the primary witness line by line and page by page, its tables "
                     "in their printed layout, its worked examples, the curated errata and the readings in place",
                     "valid against TEI P5 tei_all"),
    "ruleset/schema.json": ("the JSON Schema of the engine rulesets", "JSON Schema draft 2020-12"),
    "engines.json": ("the engines held to the book: the disputed points by ruleset (the book's first kind, the "
                     "modern readings, the engines' profiles), each cell made from its ruleset's own overrides at "
                     "the point's places, with their citations (absent, unspecified, in words, or as its base), and "
                     "the recorded live runs", "what rithmocheck engines --format json prints"),
    "manifest.json": ("every file of this build with its size and SHA-256",
                      "written by rithmocheck build after this descriptor, so it carries no hash here"),
}
MANIFEST = "manifest.json"

RITHMOCHECK = "The rithmocheck developers"
MIT = {"name": "MIT", "path": "https://opensource.org/licenses/MIT",
       "title": "MIT License: rithmocheck, the edition's own files and what rithmocheck build writes from them "
                "(LICENSE, in the rithmocheck package)"}
LICENCE_IDS = {"CC0 1.0": "CC0-1.0"}  # the Open Definition ids of the licences a witness.yaml names


def _name(path: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", path.lower().removesuffix(".csv"))


def _fields(text: str) -> list[dict[str, Any]]:
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    fields = []
    cited = "witness_line" in header  # a table of cells of the book: its columns mean what COLUMNS says
    for i, name in enumerate(header):
        values = [r[i] for r in body if i < len(r) and r[i] != ""]
        integer = bool(values) and all(_INTEGER.fullmatch(v) for v in values)
        known = cited and name in COLUMNS
        field: dict[str, Any] = {"name": name,
                                 "type": TYPES[name] if known and name in TYPES else "integer" if integer else "string"}
        if known:
            field["description"] = COLUMNS[name]
        elif name == "side":  # a regenerated table's side is an army's
            field["description"] = "the army: even or odd"
        if known and name in CONSTRAINTS:
            field["constraints"] = CONSTRAINTS[name]
        fields.append(field)
    return fields


def _parts(path: str) -> tuple[str, str] | None:
    """(table id, which) for tables/ID/WHICH.csv."""
    parts = path.removesuffix(".csv").split("/")
    return (parts[1], parts[2]) if parts[0] == "tables" and len(parts) == 3 else None


def _title(path: str) -> str:
    parts = _parts(path)
    if parts is not None:
        return f"{parts[0]}, {TITLES.get(parts[1], parts[1])}"
    if path.startswith("errata/"):
        return "the curated errata"
    return path


def _keys(path: str, files: Mapping[str, str]) -> dict[str, Any]:
    """The primary key and foreign keys of a table: a printed cell's position,
    an erratum's id; a table's errata and corrected entries refer to them."""
    if path == "errata/errata.csv":
        return {"primaryKey": ["id"]}
    parts = _parts(path)
    if parts is None:
        return {}
    table, which = parts
    printed = f"tables/{table}/printed.csv"
    to_printed = {"fields": POSITION, "reference": {"resource": _name(printed), "fields": POSITION}}
    if which == "printed":
        return {"primaryKey": POSITION}
    if which == "errata" and printed in files:
        return {"primaryKey": ["id"], "foreignKeys": [to_printed]}
    if which == "corrected" and printed in files:
        keys = [to_printed]
        if f"tables/{table}/errata.csv" in files:
            keys.append({"fields": ["erratum"],
                         "reference": {"resource": _name(f"tables/{table}/errata.csv"), "fields": ["id"]}})
        return {"foreignKeys": keys}
    return {}


def _integrity(text: str) -> dict[str, Any]:
    data = text.encode("utf-8")
    return {"bytes": len(data), "hash": "sha256:" + hashlib.sha256(data).hexdigest()}


def _document(path: str, text: str | None) -> dict[str, Any]:
    if path.startswith("ruleset/kind-"):
        kind = path.removeprefix("ruleset/kind-").removesuffix(".json")
        title, form = f"the engine ruleset of kind {kind}", "follows ruleset/schema.json"
    elif path.startswith("runs/"):
        name = path.removeprefix("runs/").removesuffix(".json")
        title = f"the live run of the engine {name} on the conformance cases, classed against its profile"
        form = ("as recorded through the engine's adapter at the commit it names: each case with its SHA-256, its "
                "class (pass, reading, departure, not-implemented, error) and the engine's answer")
    else:
        title, form = DOCUMENTS[path]
    xml = path.endswith(".xml")
    # type: json, said outright: frictionless reads a file named schema.json as a Table Schema otherwise
    return {"name": _name(path), "path": path, "title": title, "description": form, "profile": "data-resource",
            **({} if xml else {"type": "json"}), "format": "xml" if xml else "json",
            "mediatype": "application/tei+xml" if xml else "application/json", "encoding": "utf-8",
            **(_integrity(text) if text is not None else {})}


def created(edition: Edition) -> str | None:
    """The edition's date (edition.yaml `date: YYYY-MM-DD`) as an RFC 3339
    datetime, or None when it gives none."""
    from ..errors import InputError

    value = edition.edition_metadata.get("date")
    if value is None:
        return None
    day: datetime.date | None = None
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        day = value
    elif isinstance(value, str):
        try:
            day = datetime.date.fromisoformat(value.strip())
        except ValueError:
            day = None
    if day is None:
        raise InputError(edition.root / "edition.yaml", getattr(value, "line", None),
                         f"date must be the date of this state of the edition, YYYY-MM-DD, not {str(value)[:40]!r}")
    return f"{day.isoformat()}T00:00:00Z"


def _second_witness(edition: Edition) -> dict[str, Any]:
    """The second witness's witness.yaml (its licence and source), when the edition has one."""
    from ..inputs import load_file

    if edition.second_witness_path is None:
        return {}
    meta_file = edition.second_witness_path.parent / "witness.yaml"
    if not meta_file.is_file():
        return {}
    meta = load_file(meta_file)
    return dict(meta) if isinstance(meta, dict) else {}


def _mapping(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def _text(value: Any) -> str:
    return " ".join(str(value).split()) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""


def datapackage(files: Mapping[str, str], edition: Edition) -> str:
    """The descriptor of the data among files (relative path -> text) of the
    build of an edition."""
    from .. import __version__

    book = edition.book
    title = str(edition.edition_metadata.get("title") or edition.name)
    resources = []
    for path in sorted(files):
        if path.endswith(".csv"):
            resources.append({
                "name": _name(path), "path": path, "title": _title(path),
                "profile": "tabular-data-resource", "format": "csv", "mediatype": "text/csv", "encoding": "utf-8",
                **_integrity(files[path]),
                "schema": {"fields": _fields(files[path]), "missingValues": [""], **_keys(path, files)},
            })
        elif path.endswith(".json") or path.endswith(".tei.xml"):
            resources.append(_document(path, files[path]))
    resources.append(_document(MANIFEST, None))
    witness = _second_witness(edition)
    licence, source = _mapping(witness.get("licence")), _mapping(witness.get("source"))
    licences: list[dict[str, Any]] = [MIT]
    sources: list[dict[str, Any]] = [{"title": book.citation}]
    if witness and edition.second_witness_path is not None:
        where = edition.second_witness_path.relative_to(edition.root).as_posix()
        name, url = _text(licence.get("name")), _text(licence.get("url"))
        if url:
            licences.append({**({"name": LICENCE_IDS[name]} if name in LICENCE_IDS else {}), "path": url,
                             "title": f"{name or url}: the second witness, {where}, and what derives from it "
                                      "(the page map, the collation)"})
        repository = _text(source.get("repository"))
        dlps, commit = _text(_mapping(witness.get("identifiers")).get("DLPS")), _text(source.get("commit"))
        sources.append({"title": "; ".join(x for x in (f"EEBO-TCP {dlps}" if dlps else "",
                                                        _text(witness.get("short_title")).rstrip("."),
                                                        f"the edition's second witness, {where}",
                                                        f"commit {commit}" if commit else "") if x),
                        **({"path": _text(source.get("url")) or f"https://github.com/{repository}"}
                           if source.get("url") or repository else {})})
    editors = _text(edition.edition_metadata.get("editors"))
    contributors = ([{"title": editors, "role": "author"}] if editors else []) + [
        {"title": RITHMOCHECK, "role": "contributor"}]
    day = created(edition)
    descriptor = {
        "profile": "data-package",
        "name": "rithmocheck-output",
        "title": f"rithmocheck: the numeric tables of {title}, printed, corrected and regenerated",
        "description": "Written by rithmocheck build: every table as printed (with its position, witness line and "
                       "page), with the curated errata applied, and regenerated from first principles; the errata, "
                       "each keyed to the printed cell it corrects; the audit, the collation with the second "
                       "witness and the engine rulesets."
                       + (" " + book.attribution_note if book.attribution_note else ""),
        "version": __version__,
        **({"created": day} if day else {}),
        "licenses": licences,
        "contributors": contributors,
        "sources": sources,
        "resources": resources,
    }
    return json.dumps(descriptor, indent=2, ensure_ascii=False) + "\n"
