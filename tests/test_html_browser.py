"""The HTML edition in a real browser: headless Chromium driven by Selenium.

Every flagged entry of the audit is visible and marked on its table's page;
selecting one (a click, or keyboard focus) shows its finding with the
erratum's reason; the "Corrected" toggle shows the corrected table, and every
cell cites itself in the corrected view; axe-core finds no accessibility
violation and judges the contrast of every text, at 1200 and 390 px; no page
scrolls sideways at 390 px. The last two check a sample of each kind of page
in the test command (_sample: every template, every kind of page, every
element and class) and every page by `pytest -m full`.

Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them; by
hand: `apt-get install -y chromium chromium-driver`) and Selenium (the test
extra). Where no browser is installed the tests are skipped, with the reason.
Run alone with `pytest tests/test_html_browser.py -rs`.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import EDITION
from rithmocheck.audit.errata import Supply, corrected_entries, load_errata
from rithmocheck.audit.findings import Kind
from rithmocheck.audit.run import run_audit
from rithmocheck.cli import cli
from rithmocheck.export.html import html_files
from rithmocheck.export.html.model import cell_id
from rithmocheck.export.html.render import TEMPLATES
from rithmocheck.witness.entries import Position, entry_text
from rithmocheck.witness.examples import ExamplePosition

AXE = Path(__file__).parent / "data" / "axe-core" / "axe.min.js"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
CHROME_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1200,900")


def _browser() -> tuple[str, str] | str:
    """(chromium, chromedriver), or why there is none."""
    chromium = os.environ.get("RITHMOCHECK_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    driver = os.environ.get("RITHMOCHECK_CHROMEDRIVER") or shutil.which("chromedriver")
    if not chromium or not driver:
        return ("no browser: Debian's chromium and chromium-driver are not installed "
                "(apt-get install -y chromium chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return chromium, driver


@pytest.fixture(scope="module")
def audit() -> Any:
    errata = load_errata(EDITION)
    return errata, run_audit(EDITION, errata)


# a short game of the first kind with a capture and an entered prisoner (the addition of line 489)
REPLAYED = """\
ruleset: lever-fulke-1563/kind-1
agreement: bodies:men=2
limit: 40
start: d8=t12,e9=R6,f10=T6,a16=r3,h1=R2 even
1. f10-f8 {addition: 12 on d8 by e9, f8}
2. a16-b15
3. t12@a1
result: unfinished
"""


@pytest.fixture(scope="module")
def built(audit: Any) -> Iterator[tuple[Path, dict[str, str]]]:
    """The HTML edition as build writes it, in a directory of its own, and the template of each page (path
    under html/ -> the template's name, as render.template hands it out)."""
    from rithmocheck.export.html import render

    errata, report = audit
    made: list[tuple[str, str]] = []  # (template, page) as rendered
    original = render.template

    def recording(name: str) -> Any:
        real = original(name)

        class Recorded:
            def render(self, *args: Any, **kwargs: Any) -> str:
                text = real.render(*args, **kwargs)
                made.append((name, text))
                return text
        return Recorded()

    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory(prefix="rithmocheck-html-") as tmp:
        patch.setattr(render, "template", recording)
        files = html_files(EDITION, errata, report)
        patch.undo()
        templates = {}
        for name, text in files.items():
            path = Path(tmp) / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            templates.update({name.removeprefix("html/"): t for t, page in made if page is text})
        # the one page made outside the edition: a game record replayed (`rithmocheck replay --format html`)
        record = Path(tmp) / "game.txt"
        record.write_text(REPLAYED, encoding="utf-8")
        page = Path(tmp) / "html" / "replay" / "game.html"
        page.parent.mkdir()
        result = CliRunner().invoke(cli, ["replay", str(record), "--format", "html", "-o", str(page)])
        assert result.exit_code == 0, result.output
        templates["replay/game.html"] = "replay.html"
        yield Path(tmp) / "html", templates


@pytest.fixture(scope="module")
def site(built: tuple[Path, dict[str, str]]) -> Path:
    return built[0]


@contextmanager
def headless_chromium(profile: Path, script_timeout: int = 30) -> Iterator[Any]:
    """A headless Chromium driven by Selenium, its profile in `profile`; the test is skipped when there is
    no browser (also for tests/test_tei_consumer.py)."""
    found = _browser()
    if isinstance(found, str):
        pytest.skip(found)
    chromium, chromedriver = found
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROME_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(script_timeout)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with tempfile.TemporaryDirectory(prefix="rithmocheck-chromium-") as profile, \
            headless_chromium(Path(profile)) as driver:
        yield driver


def _open(driver: Any, site: Path, page: str, fragment: str = "") -> None:
    driver.get((site / page).as_uri() + (f"#{fragment}" if fragment else ""))


# the state of elements by id, in one round trip: exists, shown, its classes, its visible text
STATE_JS = """
return arguments[0].map(id => {
  const el = document.getElementById(id);
  if (!el) return [id, false, false, "", ""];
  return [id, true, el.checkVisibility({checkVisibilityCSS: true, checkOpacity: true}), el.className,
          el.innerText];
});
"""


def _flagged(report: Any) -> dict[str, list[Any]]:
    """Each table's findings that stand on a printed cell or are omissions (not information)."""
    out: dict[str, list[Any]] = {}
    for f in report.findings:
        if f.informational or f.kind is Kind.EXAMPLE:
            continue
        out.setdefault(f.table, []).append(f)
    return out


MARKS = {"misprint": "\u2260", "spurious": "\u00d7", "duplicate": "=", "count": "#", "omission": "\u2205",
         "erratum": "!"}


def test_every_flagged_entry_is_visible_and_marked(browser: Any, site: Path, audit: Any) -> None:
    errata, report = audit
    flagged = _flagged(report)
    assert sum(len(v) for v in flagged.values()) == 112  # 18 misprint, 3 spurious, 1 duplicate, 87 omission, 3 count
    problems = []
    for table, findings in flagged.items():
        _open(browser, site, f"tables/{table}.html")
        placed = {cell_id(f.position): f for f in findings if isinstance(f.position, Position)}
        states = browser.execute_script(STATE_JS, sorted(placed))
        for id_, exists, shown, classes, text in states:
            kind = placed[id_].kind.value
            if not (exists and shown and f"st-{kind}" in classes.split() and MARKS[kind] in text):
                problems.append(f"{table} {id_}: exists {exists}, shown {shown}, classes {classes!r}, text {text!r}")
        # the omissions have no printed place: each is a supplied entry, in brackets
        # (what the errata supply; an omission an erratum fills by correcting a misprint stands at its place)
        supplied_entries = [e.entry for e in errata if e.table == table and isinstance(e.corr, Supply)]
        supplied = browser.execute_script(
            "return [...document.querySelectorAll('td.st-supplied')].map(el => [el.id, "
            "el.checkVisibility({checkVisibilityCSS: true}), el.innerText]);")
        texts = sorted(m.group() for _id, shown, text in supplied if shown and (m := re.search(r"\[[^]]*\]", text)))
        want = sorted(f"[{entry_text(entry)}]" for entry in supplied_entries if entry is not None)
        if texts != want:
            problems.append(f"{table}: supplied shown {texts[:3]}..., the errata supply {want[:3]}...")
    assert problems == []


def test_selecting_a_flagged_entry_shows_its_reason(browser: Any, site: Path, audit: Any) -> None:
    from selenium.webdriver.common.by import By

    errata, report = audit
    reasons = {e.id: e.reason for e in errata}
    problems = []
    for table, findings in _flagged(report).items():
        placed = [f for f in findings if isinstance(f.position, Position)]
        if not placed:
            continue
        _open(browser, site, f"tables/{table}.html")
        for f in placed:
            id_ = cell_id(f.position)
            detail = browser.find_element(By.ID, id_).find_element(By.CSS_SELECTOR, ".detail")
            assert not detail.is_displayed() or browser.current_url.endswith(f"#{id_}")
            browser.find_element(By.ID, id_).find_element(By.TAG_NAME, "a").click()
            reason = reasons[f.erratum] if f.erratum else f.message
            if not browser.current_url.endswith(f"#{id_}"):
                problems.append(f"{id_}: the address does not name the cell ({browser.current_url})")
            if not detail.is_displayed():
                problems.append(f"{id_}: clicked, its finding is not shown")
            elif " ".join(reason.split()) not in " ".join(detail.text.split()):
                problems.append(f"{id_}: the finding shown lacks the reason {reason[:60]!r}")
    assert problems == []


def test_keyboard_focus_shows_the_finding_and_a_link_names_the_cell(browser: Any, site: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    # a link citing the misprint 72 28 361 opens the page with its finding shown
    _open(browser, site, "tables/k1-addition.html", "k1-addition.1.4.26")
    cited = browser.find_element(By.ID, "k1-addition.1.4.26")
    assert cited.find_element(By.CSS_SELECTOR, ".detail").is_displayed()
    assert "72 289 361" in cited.find_element(By.CSS_SELECTOR, ".detail").text
    # Tab from the entry before the spurious 7 12 in its row moves the focus onto it: its finding replaces
    # the cited one
    browser.execute_script("document.getElementById('k1-addition.1.1.10').querySelector('a').focus()")
    browser.switch_to.active_element.send_keys(Keys.TAB)
    focused = browser.switch_to.active_element
    assert focused.get_attribute("href").endswith("#k1-addition.1.2.10")
    spurious = browser.find_element(By.ID, "k1-addition.1.2.10").find_element(By.CSS_SELECTOR, ".detail")
    assert spurious.is_displayed() and "no single or double slip mends it" in spurious.text
    assert not cited.find_element(By.CSS_SELECTOR, ".detail").is_displayed()


def test_selecting_a_reading_shows_it_with_its_reason(browser: Any, site: Path, audit: Any) -> None:
    """Issue 25: every cell and word the audit notes as a reading shows its
    mark; a cell, selected, shows the reading's reason; a word links to it."""
    from selenium.webdriver.common.by import By

    _errata, report = audit
    problems = []
    readings = [f for f in report.findings if f.kind == "reading"]
    assert len(readings) == 10
    for f in readings:
        if isinstance(f.position, Position):
            id_ = cell_id(f.position)
            _open(browser, site, f"tables/{f.table}.html")
            cell = browser.find_element(By.ID, id_)
            if "\u25c7" not in cell.text:
                problems.append(f"{id_}: no mark shown")
            cell.find_element(By.TAG_NAME, "a").click()
            detail = cell.find_element(By.CSS_SELECTOR, ".detail")
            if not detail.is_displayed() or " ".join(f.message.split()) not in " ".join(detail.text.split()):
                problems.append(f"{id_}: selected, its reading is not shown")
        else:
            _open(browser, site, f"examples/{f.position.example}.html")
            words = browser.find_elements(By.CSS_SELECTOR, "pre a.has-reading")
            word = next((w for w in words if w.is_displayed() and "\u25c7" in w.text
                         and " ".join(f.message.split()) in " ".join(browser.find_element(
                             By.ID, w.get_attribute("href").split("#")[1]).find_element(
                             By.XPATH, "following-sibling::dd[1]").text.split())), None)
            if word is None:
                problems.append(f"{f.position}: no word shown marked with its reading")
    assert problems == []


def test_every_cell_is_cited_in_the_corrected_view(browser: Any, site: Path) -> None:
    """Issue 25: in the corrected view, selecting any cell gives an address that
    names the cell and the view: opened, it shows the corrected view with that
    cell's finding (it used to fall back to "as printed")."""
    from selenium.webdriver.common.by import By

    cells_js = """
    return [...document.querySelectorAll('.views td[id]')].map(td => {
      const a = [...td.querySelectorAll(':scope > a')].find(x => x.checkVisibility());
      return [td.id, a ? a.getAttribute('href') : null];
    });"""
    state_js = """
    const td = document.getElementById(arguments[0]);
    return [document.querySelector('.views > h2').innerText,
            td.querySelector(':scope > .detail').checkVisibility(),
            [...td.querySelectorAll(':scope > a')].filter(x => x.checkVisibility()).length];"""
    problems = []
    checked = 0
    for page in sorted((site / "tables").glob("*.html")):
        _open(browser, site, f"tables/{page.name}", "corrected")
        cells = browser.execute_script(cells_js)
        for id_, href in cells:
            if href != f"#corrected.{id_}":
                problems.append(f"{page.name} {id_}: the corrected view links {href}")
                continue
            browser.execute_script("location.hash = arguments[0]", href)
            heading, shown, links = browser.execute_script(state_js, id_)
            if (heading, shown, links) != ("Corrected", True, 1):
                problems.append(f"{page.name} {href}: view {heading!r}, finding shown {shown}, links shown {links}")
            checked += 1
    assert checked > 600 and problems == []
    # a real click, then the address opened afresh: the misprint 72 28 361, corrected
    _open(browser, site, "tables/k1-addition.html", "corrected")
    browser.find_element(By.ID, "k1-addition.1.4.26").find_element(By.CSS_SELECTOR, "a.sel-c").click()
    url = browser.current_url
    assert url.endswith("#corrected.k1-addition.1.4.26")
    browser.get("about:blank")
    browser.get(url)
    assert browser.find_element(By.CSS_SELECTOR, ".views > h2").text == "Corrected"
    cell = browser.find_element(By.ID, "k1-addition.1.4.26")
    assert "72 289 361" in cell.find_element(By.CSS_SELECTOR, ".detail").text
    assert "72. 28. 361." not in cell.text.split("\n")[0]
    # and the printed view's address still opens as printed
    _open(browser, site, "tables/k1-addition.html", "k1-addition.1.4.26")
    assert browser.find_element(By.CSS_SELECTOR, ".views > h2").text == "As printed"


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def test_the_corrected_toggle_shows_the_corrected_table(browser: Any, site: Path, audit: Any) -> None:
    from selenium.webdriver.common.by import By

    errata, _report = audit
    cells_js = ("return [...document.querySelectorAll('[data-status]')].map(el => [el.id, el.dataset.status, "
                "el.innerText, el.checkVisibility({checkVisibilityCSS: true})]);")
    for table in ("k1-addition", "k1-musical", "k1-arithmetic-geometric", "k2-cossick-signs", "k1-all-three"):
        _open(browser, site, f"tables/{table}.html")
        browser.find_element(By.LINK_TEXT, "Corrected").click()
        assert browser.current_url.endswith("#corrected")
        assert browser.find_element(By.CSS_SELECTOR, ".views > h2").text == "Corrected"
        expected = {}
        supplied = []
        for c in corrected_entries(table, errata, EDITION, supply=True, keep_omitted=True):
            if c.position is None:
                supplied.append(_numbers(entry_text(c.numbers, c.signs)))
            else:
                expected[cell_id(c.position)] = (c.status, _numbers(entry_text(c.numbers, c.signs)))
        shown: dict[str, tuple[str, list[int]]] = {}
        shown_supplied = []
        for id_, status, text, visible in browser.execute_script(cells_js):
            assert visible, id_
            if status == "supplied":
                shown_supplied.append(_numbers(text))
            else:
                shown[id_] = (status, _numbers(text))
        assert shown == expected
        assert shown_supplied == supplied
        # what was printed wrong is gone from the corrected view, and back as printed
        sic = {"k1-addition": ("k1-addition.1.4.26", "72. 28. 361."), "k1-musical": ("k1-musical.1.1.3", "3 15 16"),
               "k1-arithmetic-geometric": ("k1-arithmetic-geometric.1.2.8", "9 8 153 289"),
               "k2-cossick-signs": ("k2-cossick-signs.1.1.23", "81"),
               "k1-all-three": ("k1-all-three.1.2.10", "30")}[table]
        assert sic[1] not in browser.find_element(By.ID, sic[0]).text.split("\n")[0]
        browser.find_element(By.LINK_TEXT, "As printed").click()
        assert browser.find_element(By.CSS_SELECTOR, ".views > h2").text == "As printed"
        assert sic[1] in browser.find_element(By.ID, sic[0]).text


def test_worked_examples_show_their_check(browser: Any, site: Path, audit: Any) -> None:
    from selenium.webdriver.common.by import By

    errata, report = audit
    reasons = {e.id: e.reason for e in errata}
    _open(browser, site, "examples/index.html")
    links = {a.text: a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "tbody th[scope=row] a")}
    assert len(links) == 63  # passages of worked examples
    wrong = [f for f in report.findings if isinstance(f.position, ExamplePosition) and not f.informational]
    assert len(wrong) == 7  # a finding per number the passage's correction changes
    for f in wrong:
        browser.get(links[f.position.example])
        article = browser.find_element(By.ID, f.position.example)
        assert "check-wrong" in article.get_attribute("class").split()
        assert "\u2717" in article.find_element(By.TAG_NAME, "h2").text
        assert article.find_element(By.TAG_NAME, "mark").is_displayed()
        assert " ".join(reasons[f.erratum].split()) in " ".join(article.text.split())


# axe-core's contrast check made stricter, never looser: text of symbols only (the marks, a single letter) is
# measured like any text rather than left for review (ignoreUnicode false), and a short text that fails is a
# violation rather than a question (ignoreLength true)
AXE_OPTIONS = {"resultTypes": ["violations", "incomplete"],
               "checks": {"color-contrast": {"options": {"ignoreUnicode": False, "ignoreLength": True}}}}


def _axe(driver: Any) -> list[str]:
    """Every violation on the current page, of any impact, and every text whose colour contrast axe-core
    could not judge (left "incomplete", for review)."""
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0])"
        ".then(r => done(r.violations.map(v => [v.id, v.impact, v.help, v.nodes.map(n => n.target.join(' '))])"
        "  .concat(r.incomplete.filter(v => v.id === 'color-contrast').map(v => [v.id, 'not judged', v.help,"
        "    v.nodes.map(n => n.target.join(' ') + ': ' + ((n.any[0] || {}).message || ''))]))))"
        ".catch(e => done([['axe-error', 'critical', String(e), []]]));", AXE_OPTIONS)
    return [f"{rule} ({impact}): {help_} at {', '.join(nodes[:3])}" for rule, impact, help_, nodes in result]


def test_axe_core_is_the_recorded_file() -> None:
    assert hashlib.sha256(AXE.read_bytes()).hexdigest() == AXE_SHA256


STATES = [("tables/k1-musical.html", "k1-musical.1.1.3"), ("tables/k1-addition.html", "k1-addition.supplied.1-90-91"),
          ("tables/k1-addition.html", "corrected.k1-addition.1.4.26"),
          *((f"tables/{table}.html", "corrected")
            for table in ("k1-addition", "k1-musical", "k1-arithmetic-geometric", "k2-cossick-signs")),
          ("examples/subtraction.html", "reading-1"), ("witness.html", "L583"), ("concordance.html", "n72")]


def _pages(site: Path) -> list[tuple[str, str]]:
    """Every page of the edition, and the states a fragment puts a page in (STATES): a table corrected, a
    finding shown (as printed and corrected), an omission supplied, a reading, a line of the witness."""
    return [(p.relative_to(site).as_posix(), "") for p in sorted(site.rglob("*.html"))] + STATES


def _features(page: Path) -> set[str]:
    """The elements and classes a page holds: what its layout is made of."""
    text = page.read_text(encoding="utf-8")
    return ({f"<{tag}" for tag in re.findall(r"<([a-z][a-z0-9]*)", text)}
            | {f".{c}" for value in re.findall(r'class="([^"]*)"', text) for c in value.split()})


def _kind(site: Path, page: Path) -> tuple[str, str]:
    """A kind of page: its directory (the template follows from it and from being an index), and whether it
    is the directory's index or else which kind of the game (k1, k2, k3) it belongs to."""
    kind = re.match(r"k\d+-", page.name)
    return (page.parent.relative_to(site).as_posix(),
            "index" if page.name == "index.html" else kind.group(0) if kind else "")


def _sample(site: Path) -> list[tuple[str, str]]:
    """A sample of the edition for the test command (`pytest -m full` checks every page): every page at the
    top (each has a template of its own) and every index; the largest page of each kind (_kind); then, in each
    directory, the page holding most of what no page chosen yet holds, until every element and class of the
    directory's pages is in one (so that each template, each kind of page and each thing a page is built of
    is checked); and every state of STATES."""
    pages = sorted(site.rglob("*.html"))
    chosen: list[Path] = []
    kinds: dict[tuple[str, str], list[Path]] = {}
    for page in pages:
        kinds.setdefault(_kind(site, page), []).append(page)
    for (directory, kind), those in sorted(kinds.items()):
        chosen += those if directory == "." or kind == "index" else [max(those, key=lambda p: (p.stat().st_size,
                                                                                              p.name))]
    features = {page: _features(page) for page in pages}
    for directory in sorted({d for d, _ in kinds}):
        here = [p for p in pages if p.parent.relative_to(site).as_posix() == directory]
        missing = set().union(*(features[p] for p in here)) - set().union(*(features[p] for p in chosen
                                                                             if p in here))
        while missing:
            best = max(here, key=lambda p: (len(features[p] & missing), p.stat().st_size, p.name))
            chosen.append(best)
            missing -= features[best]
    sample = [(p.relative_to(site).as_posix(), "") for p in dict.fromkeys(chosen)] + STATES
    assert {_kind(site, site / p) for p, _ in sample} == set(kinds)  # every kind of page
    assert len(sample) < len(pages) / 4, "the sample is no longer a sample"
    return sample


# a sample of each kind of page in the test command, every page by `pytest -m full`
SCOPES = ["sample", pytest.param("all", marks=pytest.mark.full)]


def _states(site: Path, scope: str) -> list[tuple[str, str]]:
    if scope == "all":
        pages = _pages(site)
        assert len(pages) > 200
        return pages
    return _sample(site)


def test_the_sample_covers_every_template(built: tuple[Path, dict[str, str]]) -> None:
    """Every page template (all but base.html and the partials, named _x.html) renders some page, and some
    page of the sample."""
    site, templates = built
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    assert set(templates) == pages
    every = {p.name for p in TEMPLATES.glob("*.html") if not p.name.startswith("_")} - {"base.html"}
    assert set(templates.values()) == every
    assert {templates[page] for page, _ in _sample(site)} == every


@pytest.mark.parametrize("scope", SCOPES)
@pytest.mark.parametrize("width", [1200, 390])
def test_no_accessibility_violation_and_every_contrast_judged(browser: Any, site: Path, width: int,
                                                              scope: str) -> None:
    """Issue 25: axe-core finds no violation of any impact on any page of the edition (a sample of each kind
    in the test command, every page by `pytest -m full`), in every state a fragment gives it, at a desktop's
    width and a phone's; and it judges the contrast of every text (none left for review)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    # axe-core is put into every page as it loads (Chromium's DevTools protocol), not sent each time
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": AXE.read_text(encoding="utf-8")})
    problems = []
    pages = _states(site, scope)
    try:
        for page, fragment in pages:
            _open(browser, site, page, fragment)
            problems += [f"{page}#{fragment}: {v}" for v in _axe(browser)]
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert problems == []


@pytest.mark.parametrize("scope", SCOPES)
def test_no_page_scrolls_sideways_at_390_px(browser: Any, site: Path, scope: str) -> None:
    """Issue 25: at a phone's width (390 px) no page of the edition (a sample of each kind in the test
    command, every page by `pytest -m full`) is wider than the window, in any state a fragment gives it: a
    wide table scrolls inside its own container, never the page."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    problems = []
    pages = _states(site, scope)
    try:
        for page, fragment in pages:
            _open(browser, site, page, fragment)
            inner, client, scroll = browser.execute_script(
                "const d = document.documentElement; return [window.innerWidth, d.clientWidth, d.scrollWidth];")
            assert inner == 390
            if scroll > client:
                problems.append(f"{page}#{fragment}: {scroll} px wide in a window {client} px wide")
        # the tables too wide for the phone scroll in their containers
        _open(browser, site, "tables/k1-addition.html")
        assert browser.execute_script(
            "return [...document.querySelectorAll('.scroll')].some(el => el.scrollWidth > el.clientWidth)")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert problems == []


MATRIX_JS = """
const w = document.querySelector('.matrix-wrap');
w.scrollIntoView();
w.scrollLeft = arguments[0]; w.scrollTop = arguments[1];
const box = w.getBoundingClientRect();
const corner = document.querySelector('table.matrix thead th.corner').getBoundingClientRect();
const heads = [...document.querySelectorAll('table.matrix thead th:not(.corner)')].map(t => t.getBoundingClientRect());
const points = [...document.querySelectorAll('table.matrix tbody th[scope=row]')].map(t => t.getBoundingClientRect());
const inView = r => r.bottom > box.top + 1 && r.top < box.bottom - 1;
const d = document.documentElement;
return {box: [box.left, box.top, box.right, box.bottom], corner: [corner.left, corner.top],
        caption: document.querySelector('table.matrix caption').getBoundingClientRect().height,
        heads: heads.filter(r => r.right > box.left && r.left < box.right).map(r => r.top),
        points: points.filter(inView).map(r => r.left), scrolled: [w.scrollLeft, w.scrollTop],
        overflowing: w.scrollWidth > w.clientWidth && w.scrollHeight > w.clientHeight,
        page: [d.scrollWidth, d.clientWidth],
        cut: [...document.querySelectorAll('table.matrix td, table.matrix th')].filter(
            c => c.scrollWidth > c.clientWidth + 1).map(c => c.id || c.textContent.slice(0, 30))};
"""


def test_the_matrix_keeps_its_header_and_points_in_view_while_it_scrolls(browser: Any, site: Path) -> None:
    """Issue 35: at 1280 px the matrix of the engines scrolls in its own box, both ways, the page never
    sideways; scrolled right and down, its header row stays at the box's top and its point column at the box's
    left edge; no cell's text is cut at its edge (a citation wraps)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    try:
        _open(browser, site, "engines.html")
        for x, y in ((0, 0), (900, 600), (10**6, 10**6)):
            got = browser.execute_script(MATRIX_JS, x, y)
            left, top = got["box"][0], got["box"][1]
            assert got["overflowing"] and got["page"][0] <= got["page"][1], got
            # unscrolled, the caption stands above the header row, inside the box; scrolled, the header is at its top
            head_top = top + (got["caption"] if not y else 0)
            assert abs(got["corner"][0] - left) <= 1.5 and abs(got["corner"][1] - head_top) <= 1.5, (x, y, got)
            assert got["heads"] and all(abs(t - head_top) <= 1.5 for t in got["heads"]), (x, y, got)
            assert got["points"] and all(abs(p - left) <= 1.5 for p in got["points"]), (x, y, got)
            assert got["cut"] == [], got["cut"][:5]
            if x:
                assert got["scrolled"][0] > 0 and got["scrolled"][1] > 0
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_reader_chooses_the_columns_of_the_matrix_without_script(browser: Any, site: Path) -> None:
    """Issue 35: unticking an engine's box hides its column (its head and its cells), ticking it shows it
    again; the page has no script, the choice is the page's own style."""
    from selenium.webdriver.common.by import By

    _open(browser, site, "engines.html")
    shown = "return [...arguments].map(id => document.getElementById(id).checkVisibility());"
    cells = ["round--engine-dagaz", "men--engine-dagaz", "round--engine-ludii"]
    assert browser.execute_script(shown, *cells) == [True, True, True]
    box = browser.find_element(By.ID, "show-engine-dagaz")
    box.click()
    assert browser.execute_script(shown, *cells) == [False, False, True]
    assert not browser.find_element(By.CSS_SELECTOR, "thead th.col-engine-dagaz").is_displayed()
    box.click()
    assert browser.execute_script(shown, *cells) == [True, True, True]
    assert browser.execute_script("return document.scripts.length") == 0


def test_the_accessibility_check_finds_what_it_should(browser: Any, tmp_path: Path) -> None:
    """The harness is live: a page with a nameless link and an image without text fails it; so do text of too
    little contrast, a lone mark of too little contrast, and text whose contrast axe-core cannot judge (drawn
    inside an SVG picture)."""
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html lang="en"><head><title>bad</title></head><body><main>'
                    '<img src="x.png"><a href="#x"></a><p style="color: #999">grey text</p>'
                    '<p style="color: #aaa">\u2260</p>'
                    '<svg width="100" height="40"><rect width="100" height="40" fill="#ccc"/>'
                    '<text x="10" y="20">svg text</text></svg></main></body></html>', encoding="utf-8")
    browser.get(page.as_uri())
    found = _axe(browser)
    assert any(v.startswith("image-alt (critical)") for v in found)
    assert any(v.startswith("link-name (serious)") for v in found)
    contrast = next(v for v in found if v.startswith("color-contrast (serious)"))
    assert contrast.count("p:nth-child") == 2  # the grey words and the grey mark
    assert any(v.startswith("color-contrast (not judged)") and "text" in v for v in found)


def test_without_a_browser_the_test_is_skipped_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RITHMOCHECK_CHROMIUM", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert _browser() == ("no browser: Debian's chromium and chromium-driver are not installed "
                          "(apt-get install -y chromium chromium-driver)")
