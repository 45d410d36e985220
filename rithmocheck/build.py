"""The main job: regenerate every table, audit every source, write output/.

`build_files()` computes every artefact as text (pure); `write_tree()` writes
them atomically: into a fresh sibling directory first, which then replaces
the old one, so a failed build leaves the previous output intact.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

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


def write_tree(files: dict[str, str], out: Path = OUTPUT) -> None:
    """Write files under out atomically (all or nothing)."""
    out = Path(out)
    parent = out.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=parent))
    try:
        for rel, text in sorted(files.items()):
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
        old = None
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=parent))
            os.rmdir(old)
            os.replace(out, old)
        os.replace(staging, out)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
