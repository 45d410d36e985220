"""The TEI text in a real TEI consumer: CETEIcean (tests/data/ceteicean/, its
provenance there), the TEI community's library that publishes a TEI
document in a browser, reads output/text.tei.xml in headless Chromium; the
test finds every line, page, table cell and apparatus element there, by its
id. The standalone errata's pointers become links into the text.
Needs Debian's `chromium` and `chromium-driver` (as tests/test_html_browser.py);
without them the tests are skipped, with the reason.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_html_browser import headless_chromium

from conftest import EDITION

ROOT = Path(__file__).resolve().parent.parent
CETEI = Path(__file__).parent / "data" / "ceteicean" / "CETEI.js"
CETEI_SHA256 = "d0302b30107aaa57ec47342e490113f8529a1fc69b3231dfee2df048bceac525"
TEXT = ROOT / "output" / "text.tei.xml"
ERRATA = ROOT / "output" / "errata" / "errata.tei.xml"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>TEI</title><script src="CETEI.js"></script></head>
<body><main id="tei"></main></body></html>
"""
LOAD_JS = """
const done = arguments[arguments.length - 1];
const holder = document.getElementById('tei');
holder.textContent = '';
const cetei = new CETEI();
holder.appendChild(cetei.makeHTML5(arguments[0]));
done(document.querySelectorAll('[data-origname]').length);
"""


@pytest.fixture(scope="module")
def page() -> Iterator[tuple[Any, Path]]:
    with tempfile.TemporaryDirectory(prefix="rithmocheck-cetei-") as tmp:
        shutil.copy(CETEI, Path(tmp) / "CETEI.js")
        (Path(tmp) / "index.html").write_text(PAGE, encoding="utf-8")
        with headless_chromium(Path(tmp) / "profile", script_timeout=60) as driver:
            driver.get((Path(tmp) / "index.html").as_uri())
            yield driver, Path(tmp)


def _load(driver: Any, path: Path) -> int:
    count: int = driver.execute_async_script(LOAD_JS, path.read_text(encoding="utf-8"))
    return count


def test_ceteicean_is_the_recorded_file() -> None:
    assert hashlib.sha256(CETEI.read_bytes()).hexdigest() == CETEI_SHA256


def test_ceteicean_publishes_every_element_of_the_text(page: Any) -> None:
    driver, _tmp = page
    tree = ET.parse(TEXT).getroot()
    elements = sum(1 for _ in tree.iter())
    assert _load(driver, TEXT) == elements  # every element of the document, as a custom element
    counts = driver.execute_script(
        "return ['tei-lb', 'tei-pb', 'tei-table', 'tei-cell', 'tei-choice', 'tei-supplied', 'tei-surplus']"
        ".map(s => document.querySelectorAll(s).length);")
    tags = ("lb", "pb", "table", "cell", "choice", "supplied", "surplus")
    want = [sum(1 for el in tree.iter(f"{{http://www.tei-c.org/ns/1.0}}{t}")) for t in tags]
    assert counts == want and counts[0] == len(EDITION.lines)
    # every xml:id is an id of the published page, on the element of its name
    ids = {el.get(XML_ID): el.tag.split("}")[1].lower() for el in tree.iter() if el.get(XML_ID)}
    shown = dict(driver.execute_script(
        "return [...document.querySelectorAll('[data-origname][id]')].map(e => [e.id, e.localName]);"))
    assert shown == {i: f"tei-{tag}" for i, tag in ids.items()}
    # the misprint 72 28 361 in its cell of its row of its table, as printed and corrected
    cell = driver.execute_script(
        "const c = document.getElementById('k1-addition.1.4.26');"
        "return [c.parentElement.localName, c.closest('tei-table').id, c.querySelector('tei-sic').textContent,"
        " c.querySelector('tei-corr').textContent, c.querySelector('tei-corr').getAttribute('cert')];")
    assert cell == ["tei-row", "k1-addition.1", "72. 28. 361.", "72 289 361", "high"]
    # a reading: the 6 of line 502, read as the place letter G
    assert driver.execute_script(
        "const c = document.getElementById('subtraction.6.502');"
        "return [c.localName, c.querySelector('tei-orig').textContent, c.querySelector('tei-reg').textContent];"
    ) == ["tei-choice", "6", "G"]
    # the header is kept out of the text shown
    assert driver.execute_script("return document.querySelector('tei-teiheader').innerText.trim();") == ""


def test_the_errata_pointers_become_links_into_the_text(page: Any) -> None:
    driver, _tmp = page
    _load(driver, ERRATA)
    hrefs = driver.execute_script(
        "return [...document.querySelectorAll('tei-ptr a')].map(a => a.getAttribute('href'));")
    items = sum(1 for _ in ET.parse(ERRATA).getroot().iter("{http://www.tei-c.org/ns/1.0}item"))
    ids = {el.get(XML_ID) for el in ET.parse(TEXT).getroot().iter() if el.get(XML_ID)}
    # (CETEIcean resolves a relative pointer against the page's address, as a link would be)
    assert len(hrefs) == items and all("/../text.tei.xml#" in h and h.split("#")[1] in ids for h in hrefs)
