"""What the outputs promise other tools (issue 13), checked with those tools'
own validators: the TEI errata against tei_all (jing), the JSON Schemas under
a strict reading (the checks of ajv --strict, and ajv itself where CI
installs it), output/datapackage.json with frictionless, CITATION.cff
against the CFF 1.2.0 schema.

jing and ajv are programs, not Python packages: .ci/run installs them. Where
they are missing the tests that need them are skipped, except under CI
(CI=true), where a missing validator is a failure."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft7Validator, Draft202012Validator

from conftest import EDITION
from rithmocheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
OUTPUT = ROOT / "output"
SMALL = DATA / "editions" / "a-small-book"  # the second edition (tests/test_second_edition.py)
EDITION_META = yaml.safe_load((ROOT / "sources" / "lever-fulke-1563" / "edition.yaml").read_text(
    encoding="utf-8"))
SCHEMAS = sorted((ROOT / "rithmocheck" / "schema").glob("*.json"))
IN_CI = os.environ.get("CI") == "true"


def need(program: str | None, what: str) -> str:
    if program:
        return program
    if IN_CI:
        pytest.fail(f"{what} is not installed: .ci/run installs it")
    pytest.skip(f"{what} is not installed (.ci/run installs it)")


def test_test_data_is_what_its_provenance_says():
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in ("tei_all.rng", "cff-1.2.0.schema.json"):
        data = (DATA / name).read_bytes()
        section = readme.split(f"## {name}")[1].split("## ")[0]
        assert f"bytes: {len(data)}" in section and f"sha256: {hashlib.sha256(data).hexdigest()}" in section


# --- TEI ------------------------------------------------------------------------------------------------

def jing(*files: Path) -> subprocess.CompletedProcess[str]:
    program = need(shutil.which("jing"), "jing (Debian package jing)")
    return subprocess.run([program, str(DATA / "tei_all.rng"), *map(str, files)], capture_output=True, text=True)


def test_tei_errata_are_valid_against_tei_all(tmp_path):
    fresh = tmp_path / "errata.tei.xml"
    r = CliRunner().invoke(cli, ["errata", "--format", "tei", "-o", str(fresh)])
    assert r.exit_code == 0, r.output
    small = tmp_path / "small.tei.xml"  # the second edition's, its own title and errata (test_second_edition.py)
    r = CliRunner().invoke(cli, ["--edition", str(SMALL), "errata", "--format", "tei", "-o", str(small)])
    assert r.exit_code == 0, r.output
    done = jing(OUTPUT / "errata" / "errata.tei.xml", fresh, small)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and errors == [], done.stdout[:2000]


def test_tei_text_is_valid_against_tei_all(tmp_path):
    """Issue 25: the TEI text, as build writes it and as `rithmocheck tei`
    prints it; and a text whose apparatus breaks the schema (a <sic> outside
    a choice's, a cell outside a row) is refused."""
    fresh = tmp_path / "text.tei.xml"
    r = CliRunner().invoke(cli, ["tei", "-o", str(fresh)])
    assert r.exit_code == 0, r.output
    small = tmp_path / "small.tei.xml"  # the second edition's own text (test_second_edition.py)
    r = CliRunner().invoke(cli, ["--edition", str(SMALL), "tei", "-o", str(small)])
    assert r.exit_code == 0, r.output
    done = jing(OUTPUT / "text.tei.xml", fresh, small)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and errors == [], done.stdout[:2000]
    text = fresh.read_text(encoding="utf-8")
    bad = tmp_path / "bad.xml"
    assert '<row n="1">' in text and "<corr " in text
    bad.write_text(text.replace('<row n="1">', '<cell/><row n="1">', 1), encoding="utf-8")
    assert jing(bad).returncode != 0
    bad.write_text(text.replace("<corr ", '<corr type="a b" ', 1), encoding="utf-8")
    assert jing(bad).returncode != 0


def test_jing_refuses_invalid_tei(tmp_path):
    """The validator really validates: the kind of error the issue reported
    (a note/@type holding a space) and an unknown element are refused."""
    text = (OUTPUT / "errata" / "errata.tei.xml").read_text(encoding="utf-8")
    assert '<note type="digit-dropped">' in text
    bad = tmp_path / "bad.xml"
    bad.write_text(text.replace('<note type="digit-dropped">', '<note type="digit dropped">', 1), encoding="utf-8")
    done = jing(bad)
    assert done.returncode != 0 and '"type"' in done.stdout
    bad.write_text(text.replace("<list>", "<list><bogus/>", 1), encoding="utf-8")
    done = jing(bad)
    assert done.returncode != 0 and 'element "bogus" not allowed' in done.stdout


# --- JSON Schema, strictly --------------------------------------------------------------------------------

# The keywords of JSON Schema 2020-12 (core, applicator, unevaluated, validation,
# meta-data, format-annotation, content) and the draft-07 ones.
KEYWORDS_2020 = frozenset("""
$schema $id $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs
allOf anyOf oneOf not if then else dependentSchemas prefixItems items contains properties patternProperties
additionalProperties propertyNames unevaluatedItems unevaluatedProperties
type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern
maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired
title description default deprecated readOnly writeOnly examples format
contentEncoding contentMediaType contentSchema
""".split())
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SCHEMA_ONE = ("not", "if", "then", "else", "items", "contains", "additionalProperties", "propertyNames",
              "unevaluatedItems", "unevaluatedProperties", "contentSchema")
TYPED = {"array": ("minItems", "maxItems", "uniqueItems", "prefixItems", "items", "contains"),
         "object": ("properties", "required", "additionalProperties", "minProperties", "maxProperties"),
         "string": ("minLength", "maxLength", "pattern"),
         "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")}


def strict_problems(schema, path="#", defined=frozenset(), types=frozenset()):
    """What ajv's strict mode refuses: unknown keywords, unknown formats,
    union types (other than with null), keywords whose type is not stated,
    required properties not defined, tuples without their length."""
    if isinstance(schema, bool):
        return []
    out = []
    here_types = schema.get("type", [])
    here_types = {here_types} if isinstance(here_types, str) else set(here_types)
    if len(here_types - {"null"}) > 1:
        out.append(f"{path}: union type {sorted(here_types)}")
    known_types = (here_types or set(types)) | ({"number"} if "integer" in (here_types or types) else set())
    for k in schema:
        if k not in KEYWORDS_2020:
            out.append(f"{path}: unknown keyword {k!r}")
        for t, words in TYPED.items():
            if k in words and t not in known_types and "$ref" not in schema:
                out.append(f"{path}: {k!r} without type {t!r}")
    if "format" in schema:
        out.append(f"{path}: format {schema['format']!r} (a strict validator needs it declared)")
    props = set(schema.get("properties", {}))
    defined = defined | props
    for name in schema.get("required", []):
        if name not in defined:
            out.append(f"{path}: required property {name!r} is not defined")
    if "prefixItems" in schema:
        n = len(schema["prefixItems"])
        if schema.get("minItems") != n or not (schema.get("items") is False or schema.get("maxItems") == n):
            out.append(f"{path}: prefixItems of {n} without minItems {n} and items false")
    for k in SCHEMA_MAPS:
        for name, sub in schema.get(k, {}).items():
            out += strict_problems(sub, f"{path}/{k}/{name}")
    for k in SCHEMA_LISTS:
        for i, sub in enumerate(schema.get(k, [])):
            out += strict_problems(sub, f"{path}/{k}/{i}", defined if k != "prefixItems" else frozenset(),
                                   here_types or types if k != "prefixItems" else frozenset())
    for k in SCHEMA_ONE:
        if k in schema:
            inherit = k in ("then", "else", "if", "not")
            out += strict_problems(schema[k], f"{path}/{k}", defined if inherit else frozenset(),
                                   (here_types or types) if inherit else frozenset())
    return out


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schemas_are_strict(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert strict_problems(schema) == []


def test_the_strict_check_finds_what_ajv_refused():
    """The ruleset schema as ajv --strict refused it (issue 13)."""
    old = {"type": "object", "required": ["question", "default"],
           "properties": {"question": {"type": "string"},
                          "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}],
                                   "items": False},
                          "cell": {"type": ["integer", "string"]},
                          "when": {"type": "string", "format": "date", "x-note": 1}},
           "anyOf": [{"required": ["witness"]}]}
    found = "\n".join(strict_problems(old))
    for needle in ("'default' is not defined", "prefixItems of 2", "union type", "unknown keyword 'x-note'",
                   "format 'date'", "'witness' is not defined"):
        assert needle in found


@pytest.mark.parametrize("schema,documents", [
    ("ruleset-1.json", ["ruleset/kind-1.json", "ruleset/kind-2.json", "ruleset/kind-3.json"]),
    ("audit-1.json", ["audit.json"]),
])
def test_ajv_strict_accepts_the_schemas_and_the_output(schema, documents):
    """ajv-cli in strict mode (RITHMOCHECK_AJV names the program; .ci/run
    installs it from npm)."""
    ajv = need(os.environ.get("RITHMOCHECK_AJV"), "ajv-cli (RITHMOCHECK_AJV)")
    args = [ajv, "validate", "--spec=draft2020", "--strict=true", "-s", str(ROOT / "rithmocheck" / "schema" / schema)]
    for doc in documents:
        args += ["-d", str(OUTPUT / doc)]
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("schema,edition,name", [
    ("book-1.json", ROOT / "sources" / "lever-fulke-1563", "book.yaml"),
    ("book-1.json", SMALL, "book.yaml"),
    ("rules-1.json", ROOT / "sources" / "lever-fulke-1563", "rules.yaml"),
    ("rules-1.json", SMALL, "rules.yaml"),
    ("errata-1.json", ROOT / "corrections", "lever-fulke-1563.yaml"),
    ("errata-1.json", SMALL, "errata.yaml"),
])
def test_ajv_strict_accepts_the_editions_data(tmp_path, schema, edition, name):
    """An edition's own data files (the shipped edition's and the second edition's) against their
    published schemas, in ajv's strict mode (the shipped book.yaml is not checked when loaded)."""
    ajv = need(os.environ.get("RITHMOCHECK_AJV"), "ajv-cli (RITHMOCHECK_AJV)")
    doc = tmp_path / (name + ".json")
    doc.write_text(json.dumps(yaml.safe_load((edition / name).read_text(encoding="utf-8"))), encoding="utf-8")
    done = subprocess.run([ajv, "validate", "--spec=draft2020", "--strict=true", "-s",
                           str(ROOT / "rithmocheck" / "schema" / schema), "-d", str(doc)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ajv_strict_accepts_every_reading_and_profile(tmp_path):
    """Issues 23 and 29: every ruleset by id (the kinds, the modern readings, the nine engines' profiles),
    as the reference engine reads it, is valid against the published schema in ajv's strict mode."""
    from rithmocheck.ruleset.catalogue import by_id, ruleset_ids

    ajv = need(os.environ.get("RITHMOCHECK_AJV"), "ajv-cli (RITHMOCHECK_AJV)")
    ids = ruleset_ids()
    assert sum(r.startswith("engine/") for r in ids) == 9 and sum(r.startswith("seed-") for r in ids) == 4
    args = [ajv, "validate", "--spec=draft2020", "--strict=true", "-s",
            str(ROOT / "rithmocheck" / "schema" / "ruleset-1.json")]
    for rid in ids:
        p = tmp_path / (rid.replace("/", "-") + ".json")
        p.write_text(json.dumps(by_id(rid)))
        args += ["-d", str(p)]
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ajv_strict_accepts_the_conformance_cases_and_positions(tmp_path):
    """The cases' and the positions' published schemas, with the shipped cases
    and a position the engine writes (the starting array of each kind)."""
    from rithmocheck.play.rules import compile_rules
    from rithmocheck.ruleset import document

    ajv = need(os.environ.get("RITHMOCHECK_AJV"), "ajv-cli (RITHMOCHECK_AJV)")
    schema_dir = ROOT / "rithmocheck" / "schema"
    cases = sorted((ROOT / "rithmocheck" / "conformance" / "cases").glob("*.json"))
    assert len(cases) >= 13
    args = [ajv, "validate", "--spec=draft2020", "--strict=true", "-s", str(schema_dir / "conformance-case-1.json")]
    done = subprocess.run(args + [a for c in cases for a in ("-d", str(c))], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    positions = []
    for k in (1, 2, 3):
        p = tmp_path / f"start-{k}.json"
        p.write_text(json.dumps(compile_rules(document(k, EDITION)).start_position().as_json()))
        positions += ["-d", str(p)]
    done = subprocess.run([ajv, "validate", "--spec=draft2020", "--strict=true", "-s",
                           str(schema_dir / "position-1.json"), *positions], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# --- the data package --------------------------------------------------------------------------------------

def test_datapackage_describes_every_data_file_and_is_valid():
    """Issue 21: the data package as data users expect it: every CSV with its
    schema, keys and foreign keys, every JSON output (and the TEI errata) a
    resource, its licences, version, date and contributors; and frictionless
    validate finds it clean (keys, foreign keys, types, sizes and hashes)."""
    from frictionless import validate

    import rithmocheck

    descriptor = json.loads((OUTPUT / "datapackage.json").read_text(encoding="utf-8"))
    data = sorted(p.relative_to(OUTPUT).as_posix() for p in OUTPUT.rglob("*") if p.suffix in (".csv", ".json")
                  and p.name != "datapackage.json") + ["errata/errata.tei.xml", "text.tei.xml"]
    assert sorted(r["path"] for r in descriptor["resources"]) == sorted(data)
    report = validate(str(OUTPUT / "datapackage.json"))
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])[:10]
    fields = {r["path"]: {f["name"]: f["type"] for f in r["schema"]["fields"]} for r in descriptor["resources"]
              if "schema" in r}
    assert fields["tables/k1-musical/regenerated.csv"] == {"first": "integer", "middle": "integer", "last": "integer"}
    assert fields["tables/k1-musical/printed.csv"]["witness_line"] == "integer"
    assert fields["tables/k1-musical/printed.csv"]["image"] == "integer"
    assert fields["errata/errata.csv"]["reason"] == "string"
    # licences: the code's and the second witness's (the EEBO-TCP keying is CC0)
    assert [(lic["name"], lic["path"]) for lic in descriptor["licenses"]] == [
        ("MIT", "https://opensource.org/licenses/MIT"), ("CC0-1.0", "https://creativecommons.org/publicdomain/zero/1.0/")]
    assert descriptor["version"] == rithmocheck.__version__
    assert descriptor["created"] == f"{EDITION_META['date']}T00:00:00Z"  # (quoted in edition.yaml: text)
    assert {c["title"] for c in descriptor["contributors"]} == {EDITION_META["editors"], "The rithmocheck developers"}
    # every printed table is keyed by position; its errata and corrected entries refer to it
    by_path = {r["path"]: r for r in descriptor["resources"]}
    position = ["passage", "block", "column", "row"]
    for table in sorted({p.split("/")[1] for p in by_path if p.endswith("/printed.csv")}):
        schema = {w: by_path[f"tables/{table}/{w}.csv"]["schema"] for w in ("printed", "corrected", "errata")}
        printed = {"resource": f"tables-{table}-printed", "fields": position}
        assert schema["printed"]["primaryKey"] == position
        assert schema["errata"]["primaryKey"] == ["id"]
        assert schema["errata"]["foreignKeys"] == [{"fields": position, "reference": printed}]
        assert schema["corrected"]["foreignKeys"] == [
            {"fields": position, "reference": printed},
            {"fields": ["erratum"], "reference": {"resource": f"tables-{table}-errata", "fields": ["id"]}}]
    assert by_path["errata/errata.csv"]["schema"]["primaryKey"] == ["id"]
    # the table's errata are the curated errata of that table, every one but those of the worked examples
    every = list(csv.DictReader(io.StringIO((OUTPUT / "errata" / "errata.csv").read_text(encoding="utf-8"))))
    split = [row for p in sorted(OUTPUT.glob("tables/*/errata.csv"))
             for row in csv.DictReader(io.StringIO(p.read_text(encoding="utf-8")))]
    assert sorted(r["id"] for r in split) == sorted(r["id"] for r in every if r["table"] != "examples")


def test_frictionless_catches_a_broken_foreign_key(tmp_path):
    """An erratum moved to a cell the print does not have, and a corrected
    entry naming an erratum there is none of, are each a foreign-key error."""
    from frictionless import validate

    out = tmp_path / "out"
    shutil.copytree(OUTPUT, out)
    errata = out / "tables" / "k1-addition" / "errata.csv"
    corrected = out / "tables" / "k1-addition" / "corrected.csv"
    text = errata.read_text(encoding="utf-8")
    assert "k1-addition@1.4.26,k1-addition,misprint,k1-addition:1.4.26,k1-addition,1,4,26," in text
    errata.write_text(text.replace(",k1-addition,1,4,26,", ",k1-addition,1,4,99,", 1), encoding="utf-8")
    text = corrected.read_text(encoding="utf-8")
    assert ",k1-addition@1.2.10," in text
    corrected.write_text(text.replace(",k1-addition@1.2.10,", ",k1-addition@9.9.9,", 1), encoding="utf-8")
    descriptor = json.loads((out / "datapackage.json").read_text(encoding="utf-8"))
    for r in descriptor["resources"]:  # only the keys are to fail: the changed files' sizes and hashes go
        if r["path"] in ("tables/k1-addition/errata.csv", "tables/k1-addition/corrected.csv"):
            del r["bytes"], r["hash"]
    (out / "datapackage.json").write_text(json.dumps(descriptor), encoding="utf-8")
    report = validate(str(out / "datapackage.json"))
    assert not report.valid
    errors = report.flatten(["type", "note"])
    assert [e[0] for e in errors] == ["foreign-key", "foreign-key"], errors
    assert any("1, 4, 99" in e[1] for e in errors) and any("k1-addition@9.9.9" in e[1] for e in errors), errors
    assert validate(str(OUTPUT / "datapackage.json")).valid  # the committed package, untouched, is clean


def test_frictionless_catches_a_changed_byte(tmp_path):
    from frictionless import validate

    out = tmp_path / "out"
    shutil.copytree(OUTPUT, out)
    audit = out / "audit.json"
    audit.write_text(audit.read_text(encoding="utf-8").replace('"misprint"', '"mísprint"', 1), encoding="utf-8")
    report = validate(str(out / "datapackage.json"))
    assert not report.valid and {e[0] for e in report.flatten(["type"])} <= {"hash-count", "byte-count"}


def test_frictionless_finds_a_wrong_cell(tmp_path):
    shutil.copytree(OUTPUT, tmp_path / "out")
    from frictionless import validate

    path = tmp_path / "out" / "tables" / "k1-musical" / "regenerated.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("3,4,6", "3,four,6", 1), encoding="utf-8")
    report = validate(str(tmp_path / "out" / "datapackage.json"))
    assert not report.valid
    assert any(e[1] == "middle" and e[2] == "type-error" for e in report.flatten(["rowNumber", "fieldName", "type"]))


# --- CITATION.cff ------------------------------------------------------------------------------------------

def test_citation_cff_is_valid_cff_1_2():
    schema = json.loads((DATA / "cff-1.2.0.schema.json").read_text(encoding="utf-8"))
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    errors = sorted(Draft7Validator(schema).iter_errors(cff), key=str)
    assert errors == [], [e.message for e in errors[:5]]
    assert cff["cff-version"] == "1.2.0"


def test_citation_cff_carries_the_books_identifiers_and_both_attributions():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    book = cff["references"][0]
    values = {i["value"] for i in book["identifiers"]}
    assert {"STC 15542A", "ESTC S120022", "EEBO image set 20707", "EEBO-TCP A05389"} <= values
    assert "William Fulwood" in book["notes"] and "William Fulke" in book["notes"]
    assert book["year"] == 1563 and book["authors"][1] == {"alias": "W. F."}
    import rithmocheck

    assert cff["version"] == rithmocheck.__version__


def test_citation_cff_agrees_with_the_second_witness():
    from rithmocheck.witness.edition import SHIPPED_TCP_DIR

    meta = yaml.safe_load((SHIPPED_TCP_DIR / "witness.yaml").read_text(encoding="utf-8"))
    ids = meta["identifiers"]
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    values = {i["value"] for i in cff["references"][0]["identifiers"]}
    assert ids["STC"] in values and f"ESTC {ids['ESTC']}" in values and f"EEBO image set {ids['VID']}" in values
    assert f"EEBO-TCP {ids['DLPS']}" in values


def test_the_declared_licence_is_in_the_repository():
    """Issue 21: MIT was declared (pyproject.toml, CITATION.cff) with no
    LICENSE file. It is there, the MIT licence, declared as the SPDX
    expression MIT, and the wheel ships it (tests/test_wheel.py)."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in text
    assert "The rithmocheck developers" in text
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # (issue 38: an SPDX expression, PEP 639)
    assert 'license = "MIT"' in project and 'license-files = ["LICENSE"]' in project
    assert yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))["license"] == "MIT"


def test_every_citation_names_something_a_reader_can_find():
    """Issue 21: the TEI sourceDesc, datapackage.json, the HTML index, the
    errata's Markdown and witness.yaml cited seeds/README.md, a development
    path in neither the repository nor the wheel. No published file (output/,
    the shipped edition's descriptions, CITATION.cff) names a path outside
    them, and every file an attribution of the book names is shipped beside
    it; the rest of its source is a bibliographic description."""
    import re

    from rithmocheck.witness.edition import SHIPPED

    published = {p: p.read_text(encoding="utf-8") for p in [*(ROOT / "output").rglob("*"), ROOT / "CITATION.cff",
                                                             *SHIPPED.rglob("*.yaml")] if p.is_file()}
    assert len(published) > 200
    outside = re.compile(r"\.\./shared|seeds/|/work/")
    assert [str(p) for p, text in published.items() if outside.search(text)] == []
    docs = re.compile(r"docs/")  # the repository's documents, not in the wheel: no output cites them
    assert [str(p) for p, text in published.items() if p.is_relative_to(ROOT / "output") and docs.search(text)] == []
    for meta_file in (SHIPPED / "witness.yaml", SHIPPED / "eebo-tcp-A05389" / "witness.yaml"):
        meta = yaml.safe_load(meta_file.read_text(encoding="utf-8"))
        sources = [a["source"] for a in meta.get("attributions") or []] + [
            a["source"] for author in meta.get("authors") or [] if isinstance(author, dict)
            for a in author.get("attributions") or []]
        assert len(sources) == 2, meta_file
        for source in sources:
            for path in re.findall(r"[\w./-]+\.(?:md|txt|yaml|xml)\b", source):
                assert (meta_file.parent / path).is_file(), (meta_file, path)
            assert "William Fulke" in source or "Fulwood" in source
    fulke = yaml.safe_load((SHIPPED / "witness.yaml").read_text(encoding="utf-8"))["attributions"][0]
    assert fulke["who"] == "William Fulke" and "University of Michigan Press, 2001" in fulke["source"]
