"""Every line an engine's profile cites, re-read at the profile's commit.

A profile (rithmocheck/ruleset/readings/engine-*.yaml) cites the engine's
file and line at a pinned commit, with the words of that line (`quote`),
for each override and each explained departure. `citations()` lists them
all (CI needs no checkout for that); `reread()` takes checkouts a user
provides, one directory per engine, reads each cited file at the profile's
commit (`git show COMMIT:FILE` when the directory is a git repository, bare
or not; else the file as it stands, the commit then unproven) and says of
each citation whether its quoted words are at its line: `ok`, `not-at-line`
(with the lines where the words do stand, if any), `no-line` or `no-file`.

`rithmocheck engines --reread NAME=DIR` runs it; a failure is a finding
(exit 1). No line of an engine is kept: only the verdicts.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, printable


@dataclass(frozen=True)
class Citation:
    profile: str  # engine/NAME
    repository: str
    commit: str
    place: str  # the override's pointer, or "departure: CASE, ..."
    file: str
    line: int
    quote: str

    @property
    def engine(self) -> str:
        return self.profile.split("/", 1)[1]

    def key(self) -> tuple[str, str, str, int, str]:
        return (self.profile, self.commit, self.file, self.line, self.quote)


def citations() -> list[Citation]:
    """Every citation of every engine's profile, in the profile's order: its overrides', then its departures'."""
    from ..ruleset.readings import _files, _read

    out = []
    for path in _files().values():
        data = _read(path)
        src = data["source"]
        if src.get("kind") != "engine":
            continue
        places = [(str(o["pointer"]), o.get("cite")) for o in data["overrides"]]
        places += [("departure: " + ", ".join(map(str, d["cases"])), d.get("cite"))
                   for d in data.get("departures") or ()]
        for place, cite in places:
            if isinstance(cite, dict) and cite.get("file"):
                out.append(Citation(str(data["id"]), str(src["repository"]), str(src["commit"]), place,
                                    str(cite["file"]), int(cite["line"]), str(cite["quote"])))
    return out


def digest(found: list[Citation] | None = None) -> str:
    """A digest of what is cited (profile, commit, file, line, quote): it changes with any citation, so that the
    recorded result of a re-reading names the citations it read."""
    rows = sorted(c.key() for c in (citations() if found is None else found))
    return hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode("utf-8")).hexdigest()


def _words(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Checkout:
    path: Path
    git_dir: Path | None  # None: a plain directory of files, the commit unproven

    def read(self, commit: str, file: str) -> str | None:
        if self.git_dir is None:
            p = self.path / file
            return p.read_text(encoding="utf-8", errors="replace") if p.is_file() else None
        done = subprocess.run(["git", f"--git-dir={self.git_dir}", "show", f"{commit}:{file}"],
                              capture_output=True, check=False)
        return done.stdout.decode("utf-8", errors="replace") if done.returncode == 0 else None


def open_checkout(name: str, directory: str, commits: set[str]) -> Checkout:
    """A checkout of engine `name`: a git repository (its work tree or its git directory, bare or not) holding
    the profile's commit, or a plain directory of its files."""
    path = Path(directory)
    if not path.is_dir():
        raise InputError(directory, None, f"the checkout of {name} is not a directory")
    def git(*args: str) -> str | None:
        done = subprocess.run(["git", "-C", str(path), "rev-parse", *args], capture_output=True, text=True,
                              check=False)
        return done.stdout.strip() if done.returncode == 0 else None

    found = git("--absolute-git-dir")
    if found is None:
        return Checkout(path, None)
    if git("--is-bare-repository") != "true":
        top = git("--show-toplevel")
        if not top or Path(top).resolve() != path.resolve():
            return Checkout(path, None)  # a directory inside someone's repository, not a checkout: its files
    git_dir = Path(found)
    for commit in sorted(commits):
        known = subprocess.run(["git", f"--git-dir={git_dir}", "cat-file", "-e", f"{commit}^{{commit}}"],
                               capture_output=True, check=False)
        if known.returncode != 0:
            raise InputError(directory, None, f"the checkout of {name} does not hold the profile's commit {commit}")
    return Checkout(path, git_dir)


def parse_checkouts(pairs: tuple[str, ...]) -> dict[str, str]:
    """NAME=DIR pairs, NAME an engine with a profile (engine/NAME)."""
    profiles = {c.engine for c in citations()}
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, directory = pair.partition("=")
        if not sep or not name or not directory:
            raise InputError("--reread", None, f"{printable(pair)!r}: give NAME=DIR (an engine and its checkout)")
        if name not in profiles:
            raise InputError("--reread", None, f"no engine profile {printable(name)!r}: one of "
                                               f"{', '.join(sorted(profiles))}")
        out[name] = directory
    return out


def reread(checkouts: dict[str, str]) -> dict[str, Any]:
    """Each citation of the engines given checkouts, re-read at its commit; the others listed as not re-read."""
    found = citations()
    opened = {name: open_checkout(name, d, {c.commit for c in found if c.engine == name})
              for name, d in sorted(checkouts.items())}
    texts: dict[tuple[str, str, str], list[str] | None] = {}
    rows = []
    for c in found:
        row: dict[str, Any] = {"profile": c.profile, "commit": c.commit, "place": c.place, "file": c.file,
                               "line": c.line, "quote": c.quote}
        co = opened.get(c.engine)
        if co is None:
            row["status"] = "not-reread"
            rows.append(row)
            continue
        key = (c.engine, c.commit, c.file)
        if key not in texts:
            text = co.read(c.commit, c.file)
            texts[key] = None if text is None else text.split("\n")
        lines = texts[key]
        if lines is None:
            row["status"] = "no-file"
        elif not 1 <= c.line <= len(lines):
            row["status"] = "no-line"
        elif _words(c.quote) in _words(lines[c.line - 1]):
            row["status"] = "ok"
        else:
            row["status"] = "not-at-line"
            row["found_at"] = [i for i, text in enumerate(lines, 1) if _words(c.quote) in _words(text)][:5]
        if co.git_dir is None:
            row["commit_unproven"] = True
        rows.append(row)
    tally: dict[str, int] = {}
    for r in rows:
        tally[r["status"]] = tally.get(r["status"], 0) + 1
    by_profile: dict[str, dict[str, int]] = {}
    for r in rows:
        by_profile.setdefault(r["profile"], {}).setdefault(r["status"], 0)
        by_profile[r["profile"]][r["status"]] += 1
    return {"citations": len(rows), "digest": digest(found), "by_status": dict(sorted(tally.items())),
            "by_profile": {p: dict(sorted(t.items())) for p, t in sorted(by_profile.items())},
            "reread": sum(n for s, n in tally.items() if s != "not-reread"),
            "failures": sum(n for s, n in tally.items() if s not in ("ok", "not-reread")), "results": rows}
