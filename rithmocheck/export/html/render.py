"""The HTML edition rendered with Jinja2 (the only module that imports it).

The environment and its templates are made once per process; each page is
one render of one template over data made by rithmocheck.export.html.model.
Autoescaping is on: no text of the edition reaches a page unescaped, and no
HTML is built in Python.

Compiling the templates takes longer than rendering every page, so the
compiled templates are kept as Python keeps its bytecode: in the package's
`__pycache__`, read when their source is unchanged (Jinja2 checks the
source's checksum, its own version and Python's), written atomically when
the directory is writable and bytecode writing is not turned off
(PYTHONDONTWRITEBYTECODE). The pages are the same either way.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined, Template
from jinja2.bccache import Bucket

from .concordance import Concordance
from .model import Site
from .play import PlaySite, ReplayView

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"


class _Cache(FileSystemBytecodeCache):
    """Compiled templates beside the package's bytecode; never an error."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        if sys.dont_write_bytecode:
            return
        try:
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError:
            pass  # a read-only installation compiles the templates each time


@lru_cache(maxsize=1)
def environment() -> Environment:
    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, auto_reload=False,
                       bytecode_cache=_Cache(str(HERE / "__pycache__"), "jinja2-%s.cache"))


@lru_cache(maxsize=8)
def template(name: str) -> Template:
    return environment().get_template(name)


def render_site(site: Site, play: PlaySite, concordance: Concordance | None = None) -> dict[str, str]:
    """Every file of the edition (path under html/ -> text)."""
    files = {"edition.css": (TEMPLATES / "edition.css").read_text(encoding="utf-8"),
             "index.html": template("index.html").render(site=site, root="")}
    table = template("table.html")
    for page in site.table_pages:
        files[f"tables/{page.id}.html"] = table.render(site=site, page=page, root="../")
    files["examples/index.html"] = template("examples.html").render(site=site, root="../")
    example = template("example.html")
    for sec in site.sections:
        for x in sec.examples:
            files[f"examples/{x.file}"] = example.render(site=site, sec=sec, x=x, root="../",
                                                         boards=play.boards_by_passage.get(x.id, ()))
    files["conformance/index.html"] = template("cases.html").render(site=site, play=play, root="../")
    case = template("case.html")
    for c in play.cases:
        files[f"conformance/{c.id}.html"] = case.render(site=site, c=c, root="../")
    files["engines.html"] = template("engines.html").render(site=site, play=play, root="")
    engine = template("engine.html")
    for e in play.engines:
        files[f"engines/{e.name}.html"] = engine.render(site=site, e=e, root="../")
    files["witness.html"] = template("witness.html").render(site=site, play=play, root="")
    if concordance is not None:
        files["concordance.html"] = template("concordance.html").render(site=site, c=concordance, root="")
    return files


def render_replay(view: ReplayView) -> str:
    """A replayed game record as one page of HTML, its style within it (it stands alone, outside the edition)."""
    css = (TEMPLATES / "edition.css").read_text(encoding="utf-8")
    return template("replay.html").render(v=view, css=css)
