"""What a build changed since the last build of the same output, and what an
audit changed since the last audit of the same edition: the findings added
and removed (a finding is the same when everything the audit says of it is
the same: its table, kind, position, line and page, numbers, candidates,
erratum and message), and the files added, removed and changed (by their
SHA-256, as the manifests record them)."""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..words import count
from .values import Table


@dataclass(frozen=True)
class Previous:
    """What an output directory holds from its last build: each file's SHA-256, and the audit's findings."""

    files: dict[str, str]
    findings: tuple[dict[str, Any], ...]
    manifest: str  # the manifest's own SHA-256


def previous_build(out: str | Path) -> Previous | None:
    """The last build of `out`, from its manifest and its audit.json; None when there is none (a new
    directory, or one no build wrote)."""
    root = Path(out)
    try:
        text = (root / "manifest.json").read_bytes()
        manifest = json.loads(text)
        files = {str(f["path"]): str(f["sha256"]) for f in manifest["files"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None
    findings: tuple[dict[str, Any], ...] = ()
    try:
        audit = json.loads((root / "audit.json").read_text(encoding="utf-8"))
        findings = tuple(f for f in audit["findings"] if isinstance(f, dict))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return Previous(files, findings, hashlib.sha256(text).hexdigest())


def _key(finding: Mapping[str, Any]) -> str:
    return json.dumps(finding, sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class Changes:
    """Findings added and removed, files added, removed and changed."""

    added: tuple[dict[str, Any], ...] = ()
    removed: tuple[dict[str, Any], ...] = ()
    files_added: tuple[str, ...] = ()
    files_removed: tuple[str, ...] = ()
    files_changed: tuple[str, ...] = ()
    first: bool = False  # there was no earlier build (or audit) to compare with
    since: str = field(default="", compare=False)  # what it is compared with: "the last build of output/"

    @property
    def nothing(self) -> bool:
        return not (self.added or self.removed or self.files_added or self.files_removed or self.files_changed)

    def document(self) -> dict[str, Any]:
        """As data (build --format json)."""
        return {"since": None if self.first else self.since,
                "findings": {"added": list(self.added), "removed": list(self.removed)},
                "files": {"added": list(self.files_added), "removed": list(self.files_removed),
                          "changed": list(self.files_changed)}}


def finding_changes(before: Iterable[Mapping[str, Any]], after: Iterable[Mapping[str, Any]]
                    ) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """The findings of `after` not in `before` (added) and of `before` not in `after` (removed), each as often
    as it is added or removed, in the order of its report."""
    old, new = list(before), list(after)
    left = Counter(_key(f) for f in old)
    added = []
    for f in new:
        k = _key(f)
        if left[k]:
            left[k] -= 1
        else:
            added.append(dict(f))
    right = Counter(_key(f) for f in new)
    removed = []
    for f in old:
        k = _key(f)
        if right[k]:
            right[k] -= 1
        else:
            removed.append(dict(f))
    return tuple(added), tuple(removed)


def build_changes(previous: Previous | None, files: Mapping[str, str], shas: Mapping[str, str] | None = None,
                  since: str = "") -> Changes:
    """What a build of `files` changes in an output that held `previous`."""
    if previous is None:
        return Changes(first=True, since=since)
    shas = dict(shas) if shas is not None else {
        p: hashlib.sha256(t.encode("utf-8")).hexdigest() for p, t in files.items()}
    shas["manifest.json"] = previous.files.get("manifest.json", "")  # (it records the rest)
    old = {p: s for p, s in previous.files.items() if p != "manifest.json"}
    new = {p: s for p, s in shas.items() if p != "manifest.json"}
    findings: list[dict[str, Any]] = []
    try:
        findings = [f for f in json.loads(files["audit.json"])["findings"] if isinstance(f, dict)]
    except (KeyError, ValueError, TypeError):
        pass
    added, removed = finding_changes(previous.findings, findings)
    return Changes(added, removed, tuple(sorted(set(new) - set(old))), tuple(sorted(set(old) - set(new))),
                   tuple(sorted(p for p in set(new) & set(old) if new[p] != old[p])), since=since)


def where(f: Mapping[str, Any]) -> str:
    """A finding's place as the audit's text names it: its position, line and page."""
    p = f.get("position")
    page = f.get("page")
    shown = f", image {page['image']} {page['side']}" if isinstance(page, dict) else ""
    line = f.get("witness_line")
    if isinstance(p, dict) and "passage" in p:
        return f"{p['passage']}:{p['block']}.{p['column']}.{p['row']} (line {line}{shown})"
    if isinstance(p, dict) and "example" in p:
        number = f":{p['number']}" if p.get("number") is not None else ""
        return f"{p['example']}{number} (line {p.get('witness_line')}{shown})"
    return f"{f.get('table')} (line {line}{shown})" if line else str(f.get("table"))


def summary(changes: Changes) -> str:
    """The changes in a line: the findings added and removed and, of a build, the files."""
    if changes.first:
        return f"no earlier {changes.since.removeprefix('the last ')} to compare with" if changes.since else ""
    if changes.nothing:
        return f"nothing changed since {changes.since}"
    files = (f"; {count(len(changes.files_changed), 'file')} changed, {len(changes.files_added)} added, "
             f"{len(changes.files_removed)} removed") if changes.files_changed or changes.files_added \
        or changes.files_removed or changes.since.startswith("the last build") else ""
    return (f"since {changes.since}: {count(len(changes.added), 'finding')} added, {len(changes.removed)} "
            f"removed{files}")


def _message(f: Mapping[str, Any]) -> str:
    return " ".join(str(f.get("message", "")).split())


def lines(changes: Changes, limit: int | None = 20) -> list[str]:
    """The changes in words, after their summary: a line per finding added (+) or removed (-), each with its
    position, then the files (the first `limit` of each kind, or all)."""
    out = [f"  {sign} {f.get('kind')} {where(f)}: {_message(f)}"
           for sign, found in (("+", changes.added), ("-", changes.removed)) for f in found]
    for what, names in (("changed", changes.files_changed), ("added", changes.files_added),
                        ("removed", changes.files_removed)):
        if names:
            shown = names if limit is None else names[:limit]
            more = f" and {len(names) - len(shown)} more" if len(names) > len(shown) else ""
            out.append(f"  files {what}: {', '.join(shown)}{more}")
    return out


COLUMNS = ("change", "item", "kind", "where", "message")


def report(changes: Changes) -> Table:
    """The changes as a command's value (build --format): a row per finding added or removed (its kind, its
    position as the audit's text names it, its message) and per file added, removed or changed; the document
    (json, yaml) holds each finding whole; text is the lines of `lines`, every file named."""
    rows = [(change, "finding", f.get("kind"), where(f), _message(f))
            for change, found in (("added", changes.added), ("removed", changes.removed)) for f in found]
    rows += [(change, "file", "", name, "")
             for change, names in (("added", changes.files_added), ("removed", changes.files_removed),
                                   ("changed", changes.files_changed)) for name in names]
    return Table(COLUMNS, rows, changes.document(),
                 views={"text": lambda: "".join(f"{line.strip()}\n" for line in lines(changes, None))})


def audit_changes(key: str, findings: list[dict[str, Any]], since: str) -> Changes:
    """What an audit's findings changed since the last audit remembered under `key` (rithmocheck.memo: the
    same edition, errata and tables); this audit's are remembered in its place."""
    from .. import memo

    found = memo.get(f"last-audit:{key}")
    memo.put(f"last-audit:{key}", findings)
    if found is None or not isinstance(found[0], list):
        return Changes(first=True, since=since)
    added, removed = finding_changes([f for f in found[0] if isinstance(f, dict)], findings)
    return Changes(added, removed, since=since)


def _noted_key(out: str | Path) -> str:
    return "out-files:" + hashlib.sha256(os.path.realpath(out).encode("utf-8", "surrogateescape")).hexdigest()


def noted_files(out: str | Path) -> dict[str, tuple[tuple[int, int, int, int], str, int]] | None:
    """OUT's files as the last build left them (rithmocheck.memo): each one's identity, SHA-256 and when it was
    noted, so that a file that stands as it stood need not be hashed again (rithmocheck.export.outfiles)."""
    from .. import memo

    found = memo.get(_noted_key(out))
    if found is None or not isinstance(found[0], dict):
        return None
    try:
        return {str(k): ((int(v[0][0]), int(v[0][1]), int(v[0][2]), int(v[0][3])), str(v[1]), int(v[2]))
                for k, v in found[0].items()}
    except (TypeError, ValueError, IndexError):
        return None


def keep_noted(out: str | Path, note: Mapping[str, tuple[tuple[int, int, int, int], str, int]]) -> None:
    from .. import memo

    memo.put(_noted_key(out), {k: [list(v[0]), v[1], v[2]] for k, v in note.items()})
