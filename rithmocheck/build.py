"""The main job: regenerate every table, audit every source, write output/.

`build_files()` computes every artefact as text (pure);
`rithmocheck.outfiles.write_tree()` writes them safely and atomically.
"""

from __future__ import annotations

from pathlib import Path

from .outfiles import write_tree  # noqa: F401 - the writer of build_files' tree

from .findings import Finding

OUTPUT = Path("output")


def build_files(findings: list[Finding] | None = None) -> tuple[dict[str, str], list[Finding]]:
    """Every output file (relative path -> text) and the audit's findings."""
    from .errata import corrected_entries, full_audit, load_errata
    from .export import CORRECTED_HEADERS, corrected_rows, errata_document, findings_json
    from .printed import printed_rows
    from .render import grid
    from .sources import passages_for
    from .tables import REGISTRY, generate

    errata = load_errata()
    findings = full_audit(errata=errata) if findings is None else findings
    files: dict[str, str] = {"audit.json": findings_json(findings)}
    for fmt, name in (("md", "errata.md"), ("csv", "errata.csv"), ("json", "errata.json"), ("tei", "errata.tei.xml")):
        files[f"errata/{name}"] = errata_document(errata, fmt)
    for table_id, s in REGISTRY.items():
        t = generate(table_id)
        for fmt in ("csv", "md"):
            files[f"tables/{table_id}/regenerated.{fmt}"] = grid(s.columns, t.rows, fmt)
            if passages_for(table_id):
                files[f"tables/{table_id}/printed.{fmt}"] = grid(
                    ("block", "column", "line", "role", "printed", "numbers"), printed_rows(table_id), fmt)
                files[f"tables/{table_id}/corrected.{fmt}"] = grid(
                    CORRECTED_HEADERS, corrected_rows(corrected_entries(table_id, errata, supply=True)), fmt)
    from .render import document
    from .ruleset import documents, schema

    for name, doc in documents().items():
        files[f"ruleset/{name}"] = document(doc, "json")
    files["ruleset/schema.json"] = document(schema(), "json")
    return files, findings
