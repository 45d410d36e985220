"""The parts of a build of output/ and what each reads (rithmocheck.export.incremental).

The edition side, in the build's own process:

* `audit/TABLE`: a table's audit with its errata (rithmocheck.audit.run.Unit), reading the transcriptions of
  the passages that print the table, their lines of the witness, the table's errata, the lines their reasons
  cite, and the edition's tables as book.yaml describes them (`specs`);
* `audit/examples`: the worked examples' audit, reading examples.yaml, the passages' lines (and the line of
  each passage's heading), their errata and the lines those cite;
* `collation/PASSAGE` and `collation/examples`: a passage's collation with the second witness, reading its
  transcription, the second witness and the lines of the pages it stands on (the witnesses are aligned page
  by page); the edition's collation.json stands for all of them while the digest of its inputs holds;
* the files of output/, a part for each group of files: `out/tables/TABLE` (printed, corrected,
  regenerated, errata), `out/html/tables/TABLE` (its page, reading its audit and its neighbours' links),
  `out/html/index`, `out/html/examples`, `out/html/witness`, `out/html/concordance`, `out/errata`,
  `out/audit.json` (reading the audits), `out/collation`, `out/text.tei.xml`;

the engine side, in a lane of its own (forked, on the other core, when it has work to do): `holds` (the
rulesets each conformance case holds for: some 2,200 runs of the engine), `out/engines` (engines.json and
the live runs) and `out/html/engines` (a page per case, the matrix, a page per engine), reading the package
and the shipped edition, whose rulesets the engines are held to; and `out/ruleset` (the edition's own
rulesets, reading its rules and tables).

To add a part: write a function making its value from the edition (for files, a dictionary of path to
text), and call `job.part(NAME, READS, make)` where the build assembles its files (`edition_side` or
`engine_side`), READS naming everything `make` reads (`base` and `code` stand for the rest of the edition
and the package; `part:NAME` for another part's value; a line range of the witness as `lines:A-B`). A part
that reads the whole edition may name `every_input`. The tests of the build (tests/test_incremental.py) make
every remembered part again (RITHMOCHECK_VERIFY_PARTS=1) after edits of each kind and compare the build with
a cold one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import memo
from ..audit.errata import Erratum
from ..audit.findings import Finding, Report
from ..witness.examples import EXAMPLES
from .incremental import FILES, Job, PartFiles, sha256, value_read

if TYPE_CHECKING:
    from ..audit.run import Unit
    from ..witness.disagreements import CollationReport
    from ..witness.edition import Edition
    from ..witness.examples import ExamplePassage
    from ..witness.layout import Passage


class EditionJob(Job):
    """A job on an edition: its inputs named as the parts read them, and what the parts share (the errata,
    the audit's units, the report) made when a part that is made needs it."""

    # --- what the parts read -----------------------------------------------------------------------

    def fingerprint(self, read: str) -> str:
        """Besides the job's: `passage:ID`, a transcription as read (its file's comments and layout aside)."""
        kind, _, name = read.partition(":")
        if kind == "passage":
            return self._passages[name]
        return super().fingerprint(read)

    @cached_property
    def _passages(self) -> dict[str, str]:
        return {p.passage: sha256(repr(p)) for p in self.ed.passages}

    def rel(self, path: str | Path) -> str:
        return Path(path).resolve().relative_to(self.ed.root.resolve()).as_posix()

    @cached_property
    def specs(self) -> str:
        """The edition's tables as book.yaml and the transcriptions' headings make them (the registry's specs)."""
        from ..witness.facts import table_specs

        ed = self.ed
        return value_read("specs", [repr(s) for s in table_specs(ed.facts, ed.passages, ed.lines)])

    def span(self, p: Passage) -> str:
        """A table passage's lines: its heading's first to its run's last."""
        return f"lines:{min(p.heading_lines[0], p.run_lines[0])}-{p.run_lines[1]}"

    def passage_reads(self, passages: Sequence[Passage]) -> list[str]:
        return [r for p in passages for r in (f"passage:{p.passage}", self.span(p))]

    def holders(self, table: str) -> list[str]:
        """The passages that print a table, as read, with their lines."""
        return self.passage_reads(self.ed.passages_for(table))

    def every_table(self) -> list[str]:
        return self.passage_reads(self.ed.passages)

    @cached_property
    def _errata_spans(self) -> dict[str, Any]:
        """The lines each unit's errata's reasons cite, and the errata's ids in the file's order (read from the
        errata file's own words)."""
        def make() -> dict[str, Any]:
            from ..audit.reasons import read_spans

            try:
                data = self.errata_plain()
                spans: dict[str, list[list[int]]] = {}
                for item in data["errata"]:
                    spans.setdefault(str(item["table"]), []).extend(
                        [a, b] for a, b in read_spans(" ".join(str(item.get("reason", "")).split())))
                return {"spans": spans, "order": [" ".join(str(i["id"]).split()) for i in data["errata"]]}
            except Exception:  # noqa: BLE001 - an errata file the audit refuses: it reads every line
                return {"spans": {"*": [[1, 10**9]]}, "order": []}

        key = sha256(f"{self.code}\0{self.fingerprint('errata')}")
        found: dict[str, Any] = (memo.remember("errata-spans", key, make, lambda v: isinstance(v, dict)
                                               and isinstance(v.get("spans"), dict))
                                 if self.remember else make())
        return found

    def cited(self, unit: str) -> list[str]:
        """The lines a unit's errata's reasons cite."""
        spans = self._errata_spans["spans"]
        return sorted({f"lines:{a}-{b}" for a, b in spans.get("*", spans.get(unit, []))})

    @cached_property
    def errata_order(self) -> dict[str, int]:
        """Each erratum's place in the errata file, by its id."""
        if "parsed_errata" in self.__dict__:
            return {e.id: i for i, e in enumerate(self.parsed_errata)}
        return {i: n for n, i in enumerate(self._errata_spans["order"])}

    @cached_property
    def _example_index(self) -> dict[str, Any]:
        """The passages of worked examples as examples.yaml places them: each one's lines and heading."""
        path = self.ed.examples_path

        def make() -> dict[str, Any]:
            import yaml

            try:
                data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader",
                                                                                  yaml.SafeLoader))
                return {"passages": [[int(p["lines"][0]), int(p["lines"][1]), str(p.get("heading", "")),
                                      str(p.get("id", ""))] for p in data["passages"]]}
            except Exception:  # noqa: BLE001 - a file the loader refuses: it reads every line
                return {"passages": [[1, 10**9, "", ""]]}

        if not self.remember:  # the passages as the edition reads them, which a build made afresh reads anyway
            return {"passages": [[x.first_line, x.last_line, x.heading, x.id] for x in self.ed.example_passages]}
        key = sha256(f"{self.code}\0{self._read(path)}")
        index: dict[str, Any] = memo.remember("example-index", key, make, lambda v: isinstance(v, dict))
        return index

    def example_reads(self) -> list[str]:
        """examples.yaml, the lines of its passages (a quotation may run on two lines past a passage), and the
        first line of the witness that holds each passage's heading."""
        return list(self._example_reads)

    @cached_property
    def _example_reads(self) -> tuple[str, ...]:
        passages = self._example_index["passages"]
        first: dict[str, int] = {}
        for n, text in enumerate(self.ed.lines, 1):
            first.setdefault(text.strip(), n)
        return ("file:examples.yaml", *[f"lines:{a}-{b + 2}" for a, b, _h, _i in passages],
                value_read("example-headings", [first.get(h) for _a, _b, h, _i in passages]))

    def example_tokens(self, ids: Sequence[str]) -> tuple[ExamplePassage, ...]:
        """The passages of worked examples named, with their tokens and not their statements: what the TEI text
        reads of them, from a part (`examples/tokens`) made again only when examples.yaml or a passage's lines
        change (so that a region of the text is written without reading the worked examples)."""
        from ..witness.examples import ExamplePassage, Token

        def make() -> list[Any]:
            return [[x.id, x.heading, x.first_line, x.last_line,
                     [[t.id, t.kind, t.printed, t.line, t.value, t.reading, t.reason, t.unchecked] for t in x.tokens]]
                    for x in self.ed.example_passages]

        def plain(v: Any) -> Any:
            return tuple(v) if isinstance(v, list) else v

        data = self.part("examples/tokens", ["base", *self.example_reads()], make,
                         valid=lambda v: isinstance(v, list))
        page_at = self.ed.page_at
        return tuple(ExamplePassage(pid, heading, first, last, tuple(
            Token(tid, kind, printed, line, plain(value), plain(reading), reason, unchecked, page_at(line))
            for tid, kind, printed, line, value, reading, reason, unchecked in tokens), (), page_at(first))
            for pid, heading, first, last, tokens in data if pid in ids)

    def unit_reads(self, unit: str) -> list[str]:
        """What a unit's transcriptions are: its table's passages, or the worked examples."""
        return self.example_reads() if unit == EXAMPLES else self.holders(unit)

    # --- the errata ----------------------------------------------------------------------------------

    @cached_property
    def errata_data(self) -> Any:
        return self.errata_plain()

    @cached_property
    def _shape_key(self) -> str:
        """The memo's note that the errata file's bytes passed the errata's schema and every check of a whole
        file (each id once, each table the edition's, ...), under these tables."""
        return "errata-shaped:" + sha256(f"{self.code}\0{self.fingerprint('errata')}\0{self.specs}")

    def shaped(self) -> bool:
        return self.remember and memo.has(self._shape_key)

    @cached_property
    def parsed_errata(self) -> tuple[Erratum, ...]:
        """Every curated erratum, the whole file checked and resolved against the edition (remembered as
        checked, so that a later build resolves each table's errata alone)."""
        from ..audit.errata import parse_errata

        done = parse_errata(self.errata_data, str(self.ed.errata_path), self.ed, shaped=self.shaped())
        if self.remember:
            memo.put(self._shape_key, True)
        return done

    def check_errata(self) -> None:
        """The errata file checked whole (bad input raised) unless these bytes were checked before: its schema,
        and every check of an erratum but its position, which each table's errata part resolves (`errata_for`;
        those of a table whose errata and passages are unchanged were resolved before)."""
        from ..audit.errata import parse_errata

        if self.remember and not self.shaped():
            parse_errata(self.errata_data, str(self.ed.errata_path), self.ed, (), shaped=False)
            memo.put(self._shape_key, True)
        elif not self.remember:
            self.parsed_errata  # noqa: B018

    def errata_of(self, unit: str) -> tuple[Erratum, ...]:
        """The errata of one table (or `examples`), resolved against the edition: the others' are not read,
        once the whole file has been checked (and remembered so)."""
        if "parsed_errata" in self.__dict__ or not self.shaped():
            return tuple(e for e in self.parsed_errata if e.table == unit)
        from ..audit.errata import parse_errata
        from ..inputs import LDict, LList, lined_of

        items = self.errata_index["items"].get(unit) if "_errata_plain" not in self.__dict__ else None
        if items is None or not self.remember:
            return parse_errata(self.errata_data, str(self.ed.errata_path), self.ed, {unit}, shaped=True)
        # the file checked whole before (shaped): its unit's items alone, as read, are all the unit's errata read
        data = LDict(errata=LList(lined_of(x) for x in items))
        return parse_errata(data, str(self.ed.errata_path), self.ed, {unit}, shaped=True)

    def errata_for(self, unit: str) -> tuple[Erratum, ...]:
        """A unit's errata as a part (`errata/UNIT`): what reads them reads `part:errata/UNIT`, and is made again
        only when they change."""
        from ..audit.errata import erratum_data, erratum_of

        key = f"errata:{unit}"
        if key not in self.__dict__:
            data = self.part(f"errata/{unit}", self._errata_part_reads(unit),
                             lambda: [erratum_data(e) for e in self.errata_of(unit)])
            self.__dict__[key] = tuple(erratum_of(d, self.ed.registry) for d in data)
        found: tuple[Erratum, ...] = self.__dict__[key]
        return found

    def _errata_part_reads(self, unit: str) -> list[str]:
        return ["base", self.specs, f"errata:{unit}", *self.unit_reads(unit)]

    @cached_property
    def errata_units(self) -> tuple[str, ...]:
        """Every table of the registry, and the worked examples: what an erratum may correct."""
        return (*self.ed.registry.ids, EXAMPLES)

    @cached_property
    def errata(self) -> tuple[Erratum, ...]:
        """Every curated erratum, in the order of the errata file, from the units' parts."""
        if "parsed_errata" in self.__dict__:
            return self.parsed_errata
        found = [e for u in self.errata_units for e in self.errata_for(u)]
        order = self.errata_order
        return tuple(sorted(found, key=lambda e: order.get(e.id, 0)))

    def errata_reads(self) -> list[str]:
        return [f"part:errata/{u}" for u in self.errata_units if self.errata_for(u) is not None]

    @cached_property
    def units(self) -> tuple[str, ...]:
        from ..audit.tables import audited

        return (*audited(self.ed), EXAMPLES)

    def _unit_reads(self, name: str) -> list[str]:
        return ["base", self.specs, f"part:errata/{name}", *self.cited(name), *self.unit_reads(name)]

    def unit(self, name: str) -> Unit:
        from ..audit.run import audit_unit, unit_data, unit_of

        errata = self.errata_for(name)
        data = self.part(f"audit/{name}", self._unit_reads(name),
                         lambda: unit_data(audit_unit(self.ed, name, errata)))
        key = f"unit:{name}"
        if key not in self.__dict__:
            self.__dict__[key] = unit_of(data)
        found: Unit = self.__dict__[key]
        return found

    @cached_property
    def report(self) -> Report:
        from ..audit.run import assemble

        return assemble([self.unit(u) for u in self.units], self.errata_order)

    def report_of(self, ids: Sequence[str]) -> Report:
        """The audit of the tables named (all when none is; and `examples` for the worked examples), from the
        units' parts: what `run_audit` gives."""
        from ..audit.run import assemble, audit_ids

        self.check_errata()
        tables, with_examples = audit_ids(ids, self.ed)
        units = (*tables, *((EXAMPLES,) if with_examples else ()))
        self.prefetch((f"errata/{u}", self._errata_part_reads(u)) for u in units)
        for u in units:
            self.errata_for(u)
        self.prefetch((f"audit/{u}", self._unit_reads(u)) for u in units)
        return assemble([self.unit(u) for u in units], self.errata_order)

    @cached_property
    def by_table(self) -> dict[str, list[Finding]]:
        out: dict[str, list[Finding]] = {}
        for x in self.report.findings:
            out.setdefault(x.table, []).append(x)
        return out

    def audit_reads(self) -> list[str]:
        self.prefetch((f"errata/{u}", self._errata_part_reads(u)) for u in self.errata_units)
        for u in self.errata_units:
            self.errata_for(u)
        self.prefetch((f"audit/{u}", self._unit_reads(u)) for u in self.units)
        for u in self.units:
            self.unit(u)
        return [f"part:audit/{u}" for u in self.units]

    # --- the collation ------------------------------------------------------------------------------

    @cached_property
    def collation(self) -> CollationReport | None:
        """The collation with the second witness (None when the edition names none): a part reading what each
        passage's collation reads (so that an edit that touches none is one look in the memo), made from a part
        per passage of tables and per passage of worked examples (`_collation_made`)."""
        from ..witness import collate
        from ..witness.disagreements import CollationReport

        if collate.second_witness(self.ed) is None:
            return None
        specs = self._collation_specs()
        reads = list(dict.fromkeys(r for _name, rs, _make, _finer in specs for r in rs))
        return CollationReport.from_dict(self.part("collation", reads,
                                                   lambda: self._collation_made(specs).as_dict()))

    def _collation_specs(self) -> list[tuple[str, list[str], Callable[[], Any], Callable[[], Sequence[str]]]]:
        """Each passage's collation as a part (its name, what it reads, how it is made, what it reads narrowly):
        the passages of tables, then those of worked examples."""
        specs: list[tuple[str, list[str], Callable[[], Any], Callable[[], Sequence[str]]]] = [
            (f"collation/{p.passage}", self._passage_collation_reads(p), partial(self._collate_data, p),
             partial(self._finer, [f"passage:{p.passage}"], min(p.heading_lines[0], p.run_lines[0]), p.run_lines[1]))
            for p in self.ed.passages]
        for a, b, _heading, pid in self._example_index["passages"]:
            span = self._pages_span(a, b + 2)
            specs.append((f"collation/examples/{pid}", ["base", "second", *self.example_reads(),
                                                        f"lines:{span[0]}-{span[1]}" if span else f"lines:1-{10**9}"],
                          partial(self._collate_example, pid), partial(self._finer, self.example_reads(), a, b)))
        return specs

    def _collation_made(self, specs: list[tuple[str, list[str], Callable[[], Any], Callable[[], Sequence[str]]]]
                        ) -> CollationReport:
        """The collation: the edition's own (collation.json) while its inputs are those it was made from, else
        summed from the passages' parts (the worked examples' summed into one passage)."""
        from ..witness import collate
        from ..witness.disagreements import CollationReport

        ed = self.ed
        path = collate.second_witness(ed)
        assert path is not None
        cache = ed.root / collate.CACHE_FILE
        if cache.is_file():
            try:
                data = json.loads(cache.read_text(encoding="utf-8"))
                if isinstance(data, dict) and data.get("inputs") == collate.inputs_digest(ed, path):
                    return CollationReport.from_dict(data["report"])
            except Exception:  # noqa: BLE001 - a damaged cache, whatever its damage, is collated afresh
                pass
        return self._collation_of_parts(specs)

    def _collation_of_parts(self, specs: list[tuple[str, list[str], Callable[[], Any], Callable[[], Sequence[str]]]]
                            ) -> CollationReport:
        """The collation summed from the passages' parts (the worked examples' summed into one passage)."""
        from ..witness.disagreements import CollationReport, PassageCollation

        self.prefetch((name, reads) for name, reads, _make, _finer in specs)
        found = [CollationReport.from_dict(self.part(name, reads, make, finer=finer))
                 for name, reads, make, finer in specs]
        tables = [r for r, (name, *_rest) in zip(found, specs) if not name.startswith("collation/examples/")]
        examples = [r for r, (name, *_rest) in zip(found, specs) if name.startswith("collation/examples/")]
        pcs = [r.passages[0] for r in examples]
        summed = CollationReport((PassageCollation(EXAMPLES, "examples", (), sum(p.compared for p in pcs),
                                                   sum(p.agreeing for p in pcs), 0,
                                                   sum(p.unexplained for p in pcs)),),
                                 tuple(d for r in examples for d in r.disagreements),
                                 examples[0].second_witness if examples else "")
        every = [*tables, summed]
        return CollationReport(tuple(pc for r in every for pc in r.passages),
                               tuple(d for r in every for d in r.disagreements), every[0].second_witness)

    def _passage_collation_reads(self, p: Passage) -> list[str]:
        return ["base", "second", f"passage:{p.passage}", *self.page_lines(p)]

    def _finer(self, own: list[str], first: int, last: int) -> list[str]:
        """What a passage's collation reads, narrowly: its own lines, and how their tokens are paired with the
        second witness's (the pages they stand on aligned, which an edit elsewhere on the page may leave as
        they were)."""
        from ..witness import collate
        from ..witness.compare import ties_of

        ed = self.ed
        path = collate.second_witness(ed)
        assert path is not None
        span = self._pages_span(first, last)
        ties = ties_of(ed.witness, str(path), ed.page_map, span)
        al = ties.alignment
        pairs = []
        for n in range(first, last + 1):
            for i in ties.by_line.get(n, ()):
                w, t = al.witness[i], al.tcp_token(i)
                pairs.append([w.line, w.start, w.end, w.text, al.how[i], None if t is None else [
                    t.start, t.end, t.text, ties.index_of(t)]])
        return ["base", "second", *own, f"lines:{first}-{last}", value_read("pairs", [span, pairs])]

    def _collate_data(self, p: Passage | None) -> dict[str, Any]:
        return self._collate(p).as_dict()

    def _collate(self, p: Passage | None) -> CollationReport:
        from ..witness import collate
        from ..witness.compare import collate_examples, collate_passage, ties_of
        from ..witness.disagreements import CollationReport

        ed = self.ed
        path = collate.second_witness(ed)
        assert path is not None
        within = self._pages_span(min(p.heading_lines[0], p.run_lines[0]), p.run_lines[1]) if p is not None else None
        ties = ties_of(ed.witness, str(path), ed.page_map, within)
        pc, ds = (collate_passage(p, ties, ed.page_at) if p is not None
                  else collate_examples(ed.example_passages, ed.witness, ties))
        return CollationReport((pc,), ds, sha256(path.read_bytes()))

    def _collate_example(self, pid: str) -> dict[str, Any]:
        """One passage of worked examples against the TCP (the ties of its pages alone)."""
        from ..witness import collate
        from ..witness.compare import collate_examples, ties_of
        from ..witness.disagreements import CollationReport

        ed = self.ed
        path = collate.second_witness(ed)
        assert path is not None
        [x] = ed.example_passages_of((pid,))
        ties = ties_of(ed.witness, str(path), ed.page_map, self._pages_span(x.first_line, x.last_line + 2))
        pc, ds = collate_examples((x,), ed.witness, ties)
        return CollationReport((pc,), ds, sha256(path.read_bytes())).as_dict()

    def page_lines(self, p: Passage) -> list[str]:
        """The lines of the pages a passage stands on and of the pages either side (aligned with the second
        witness page by page, and read so by its collation)."""
        span = self._pages_span(min(p.heading_lines[0], p.run_lines[0]), p.run_lines[1])
        return [f"lines:{span[0]}-{span[1]}"] if span is not None else [f"lines:1-{10**9}"]

    def _pages_span(self, first: int, last: int) -> tuple[int, int] | None:
        """The lines of the pages lines first..last stand on (whole pages: the stretch of the two witnesses a
        passage's collation reads, the witnesses being aligned page by page)."""
        pm = self.ed.page_map
        if pm is None:
            return None
        pages = self._page_lines
        spans = [pages.get(pm.page_at(n, c)) for n in range(max(1, first), min(pm.lines, last) + 1)
                 for c in (0, 10**6)]
        found = [s for s in spans if s is not None]
        if not found:
            return None
        return min(s[0] for s in found), max(s[1] for s in found)

    @cached_property
    def _page_lines(self) -> dict[Any, tuple[int, int]]:
        """The lines that begin on each page of the page map."""
        pm = self.ed.page_map
        out: dict[Any, tuple[int, int]] = {}
        if pm is not None:
            for r in pm.ranges:
                a, b = out.get(r.page, (r.first, r.last))
                out[r.page] = (min(a, r.first), max(b, r.last))
        return out


# --- the files of output/ ----------------------------------------------------------------------------

def table_files(job: EditionJob, table_id: str) -> dict[str, str]:
    """tables/ID/: regenerated (CSV, Markdown), and where the table is printed, printed, corrected and its
    errata."""
    from ..audit.errata import corrected_entries
    from .errata import ERRATA_HEADERS, errata_rows
    from .printed import CORRECTED_HEADERS, PRINTED_HEADERS, corrected_rows, for_reading, printed_rows
    from .values import FORMATS, Table, render

    ed = job.ed
    csv, md = FORMATS["csv"], FORMATS["md"]
    f = ed.registry[table_id]
    rows = f.default_table().rows
    printed = printed_rows(table_id, ed) if ed.passages_for(table_id) else []
    errata = job.errata_for(table_id) if printed else ()
    corrected = (corrected_rows(corrected_entries(table_id, errata, ed, supply=True, counts=True)) if printed else [])
    files: dict[str, str] = {}
    for fmt in (csv, md):
        files[f"tables/{table_id}/regenerated.{fmt}"] = render(Table(f.columns, rows), fmt)
        if printed:
            files[f"tables/{table_id}/printed.{fmt}"] = render(
                Table(PRINTED_HEADERS, printed, reading=for_reading(PRINTED_HEADERS, printed)), fmt)
            files[f"tables/{table_id}/corrected.{fmt}"] = render(
                Table(CORRECTED_HEADERS, corrected, reading=for_reading(CORRECTED_HEADERS, corrected)), fmt)
    if printed:  # the table's errata, each keyed to the printed cell it stands at (datapackage.json)
        files[f"tables/{table_id}/errata.csv"] = render(Table(ERRATA_HEADERS, errata_rows(errata)), csv)
    return files


def errata_files(job: EditionJob) -> dict[str, str]:
    from .errata import errata_table
    from .values import FORMATS, TEI, render

    value = errata_table(job.errata, job.ed)
    return {f"errata/{name}": render(value, fmt) for fmt, name in (
        (FORMATS["md"], "errata.md"), (FORMATS["csv"], "errata.csv"), (FORMATS["json"], "errata.json"),
        (TEI, "errata.tei.xml"))}


def site(job: EditionJob, sections: bool = False, index: bool = False) -> Any:
    """The site as a page reads it: the book, and for the index the summary of the audit, the tables' links and
    the worked examples' checks; the sections of worked examples for their pages."""
    from .html import sections_of, site_of, table_links
    from .html.model import CHECKS

    links = tuple(table_links(job.ed, job.by_table).values()) if index else ()
    summary = job.report.summary_line() if index else ""
    if index:
        tally = dict(job.unit(EXAMPLES).passages)
        return site_of(job.ed, summary, links, (), sum(tally.values()),
                       tuple((s, tally[s]) for s in CHECKS if tally.get(s)))
    if not sections:
        return site_of(job.ed, summary, links)
    made, n, counts = sections_of(job.ed, job.errata_for(EXAMPLES), job.by_table.get(EXAMPLES, []))
    return site_of(job.ed, summary, links, made, n, counts)


def links_read(job: EditionJob, tables: Sequence[str] | None = None) -> str:
    """The links of the tables' pages (all, or those named), as a read."""
    links = table_links_of(job)
    return value_read("links", [repr(links[t]) for t in (tables if tables is not None else links) if t in links])


def edition_side(job: EditionJob) -> list[PartFiles]:
    """The files of the edition side of output/ (every part remembered apart; what makes a part is imported
    when it is made)."""
    ed = job.ed
    base = ["base", job.specs]
    job.check_errata()
    audits = job.audit_reads()
    specs: list[tuple[str, Sequence[str], Any, Any]] = []
    for t in ed.registry:
        printed = bool(ed.passages_for(t))
        specs.append((f"out/tables/{t}", [*base, *([f"part:errata/{t}", *job.holders(t)] if printed else [])],
                      partial(table_files, job, t), FILES))
    specs.append(("out/audit.json", audits, lambda: _audit_files(job), FILES))
    every = job.every_table()
    specs.append(("out/errata", [*base, "errata", *job.errata_reads()], lambda: errata_files(job), FILES))
    report = job.collation
    if report is not None:
        specs.append(("out/collation", [value_read("collation", report.as_dict())],
                      lambda: _collation_files(report), FILES))
    ids = list(table_ids(job))
    for i, t in enumerate(ids):
        neighbours = ids[max(0, i - 1):i + 2]
        specs.append((f"out/html/tables/{t}", [*base, f"part:errata/{t}", *job.holders(t), f"part:audit/{t}",
                                               links_read(job, neighbours)],
                      partial(table_page_files, job, t), FILES))
    specs.append(("out/html/index", ["base", links_read(job), value_read("summary", job.report.summary_line()),
                                     f"part:audit/{EXAMPLES}"],
                  lambda: _html("index_files", site(job, index=True)), FILES))
    specs.append(("out/html/examples", [*base, f"part:errata/{EXAMPLES}", *job.example_reads(),
                                        f"part:audit/{EXAMPLES}", "shipped"],
                  lambda: _html("example_files", site(job, sections=True), ed, job.errata_for(EXAMPLES),
                                job.by_table.get(EXAMPLES, []), _html("boards_of", ed)), FILES))
    specs.append(("out/html/witness", ["base", f"lines:1-{len(ed.lines)}"],
                  lambda: _html("witness_files", site(job), tuple(ed.lines)), FILES))
    places = job.part("concordance/examples", ["base", *job.example_reads()], lambda: _example_places(ed))
    specs.append(("out/html/concordance", [*base, *every, "part:concordance/examples"],
                  lambda: _html("concordance_files", site(job), ed, places), FILES))
    specs.append(("out/html/css", [], lambda: _html("css_files"), FILES))
    return [*job.parts(specs), tei_files(job)]


def _html(name: str, *args: Any) -> Any:
    """A function of rithmocheck.export.html, imported when a part needs it (Jinja2 with it)."""
    from . import html

    return getattr(html, name)(*args)


def _example_places(ed: Edition) -> Any:
    from .html.concordance import example_places

    return example_places(ed)


def _audit_files(job: EditionJob) -> dict[str, str]:
    from .report import report_json

    return {"audit.json": report_json(job.report)}


def _ruleset_files(ed: Edition) -> dict[str, str]:
    from ..ruleset.assemble import documents, schema
    from .render import document

    return {**{f"ruleset/{n}": document(d, "json") for n, d in documents(ed).items()},
            "ruleset/schema.json": document(schema(), "json")}


def _collation_files(report: CollationReport) -> dict[str, str]:
    from .collation import collation_table
    from .values import FORMATS, render

    return {f"collation.{fmt}": render(collation_table(report), fmt) for fmt in (FORMATS["md"], FORMATS["json"])}


def tei_files(job: EditionJob) -> PartFiles:
    """text.tei.xml: its body a part per region (a table's run, or the lines between two runs), each reading
    its own lines, passages, errata and readings; the whole put together from them, its header and its back."""
    from .tei import TEXT_FILE, Piece, plan_of, region_examples, region_piece, tei_regions, tei_text

    ed = job.ed
    readings = [f for f in job.report.findings if f.kind.value == "reading"]
    plan = plan_of(job.errata, readings)
    index = job._example_index["passages"]
    last_of: dict[str, str] = {}  # table -> the passage after whose run its omissions are supplied
    for p in ed.passages:
        for t in p.tables:
            if t not in last_of or p.run_lines > next(q.run_lines for q in ed.passages if q.passage == last_of[t]):
                last_of[t] = p.passage
    pieces: dict[Any, str] = {}
    specs: dict[Any, tuple[str, Sequence[str], Any, Any]] = {}

    def spec(r: Any) -> tuple[str, Sequence[str], Any, Any]:
        mine = [p for p in ed.passages if any(r.first <= n <= r.last for n in (p.heading_lines[0], p.run_lines[0],
                                                                               p.run_lines[1]))]
        names = {p.passage for p in mine}
        tables = sorted({t for p in mine for t in p.tables} | {t for t, q in last_of.items() if q in names})
        examples = [pid for a, b, _h, pid in index if a <= r.last and r.first <= b]
        held = [f for f in readings if (getattr(f.position, "passage", None) in names)
                or (getattr(f.position, "example", None) in examples)]
        reads = ["base", "second", f"lines:{r.first}-{r.last}", *(f"passage:{p.passage}" for p in mine),
                 *(f"part:errata/{t}" for t in tables),
                 value_read("supplied-after", sorted((t, q) for t, q in last_of.items() if q in names)),
                 value_read("readings", [(f.table, f.message, str(f.position)) for f in held])]
        if examples:
            reads += [f"part:errata/{EXAMPLES}", *job.example_reads(), value_read("examples", examples)]
        name = f"tei/{r.first}-{r.last}"
        pieces[r] = name
        return name, reads, lambda: region_piece(
            ed, plan, r, region_examples(r, job.example_tokens(examples)) if examples else ()).as_data(), None

    def piece(r: Any) -> Piece:
        name, reads, make, _valid = specs[r]
        return Piece.of(job.part(name, reads, make))

    regions = tei_regions(ed)
    specs.update((r, spec(r)) for r in regions)
    job.parts([specs[r] for r in regions])
    return job.files(
        "out/text.tei.xml", ["base", "second", *job.errata_reads(), *(f"part:{pieces[r]}" for r in regions),
                             value_read("readings", [(f.table, f.message, str(f.position)) for f in readings])],
        lambda: {TEXT_FILE: tei_text(ed, job.errata, readings, piece)})


def table_page_files(job: EditionJob, table_id: str) -> dict[str, str]:
    from .html import table_files as page

    return page(site(job), job.ed, table_id, job.errata_for(table_id), job.by_table.get(table_id, []),
                table_links_of(job), [r for r in job.report.readings if r.table == table_id])


def table_ids(job: EditionJob) -> dict[str, None]:
    held = {t for p in job.ed.passages for t in p.tables}
    return {t: None for t in job.ed.registry if t in held}


def table_links_of(job: EditionJob) -> Any:
    """The links of the tables' pages (each one's title, kind, printed entries and findings by state): a part
    (`links`) reading the tables, their passages and their audits."""
    if "links" not in job.__dict__:
        from .html.model import TableLink

        def make() -> dict[str, list[Any]]:
            from .html import table_links

            return {t: [x.id, x.title, x.kind, x.entries, [list(c) for c in x.counts], x.uncovered]
                    for t, x in table_links(job.ed, job.by_table).items()}

        data = job.part("links", ["base", job.specs, *job.every_table(), *job.audit_reads()], make,
                        lambda v: isinstance(v, dict))
        job.__dict__["links"] = {t: TableLink(i, title, kind, entries, tuple((str(a), int(b)) for a, b in counts),
                                              uncovered) for t, (i, title, kind, entries, counts, uncovered)
                                 in data.items()}
    return job.__dict__["links"]


ENGINE_READS = ("shipped", "base")


def engine_parts(job: EditionJob) -> list[tuple[str, Sequence[str]]]:
    """The engine side's costly parts, with what they read: when the memo has them, the side is quick (the
    pages of the cases and engines follow from them)."""
    return [("holds", ["shipped"]), ("out/engines", ENGINE_READS)]


def engine_side(job: EditionJob) -> list[PartFiles]:
    """The engine side of output/: the rulesets each case holds for, the matrix and the live runs, the pages of
    the cases and the engines, reading the package and the shipped edition (and the book's title, in `base`);
    and the edition's own rulesets (out/ruleset/), what an engine reads of the edition (here, so that the two
    sides of a cold build take about as long)."""
    from .html import holds, holds_shape

    ed = job.ed
    engines = job.files("out/engines", ENGINE_READS, _engine_files)
    known = job.part("holds", ["shipped"], holds, holds_shape)
    return [engines, job.files("out/html/engines", [*ENGINE_READS, "part:holds"],
                               lambda: _html("engine_files", _html("site_of", job.ed), known)),
            job.files("out/ruleset", ["base", job.specs, "shipped", value_read("rules-heading", ed.rules_heading)],
                      lambda: _ruleset_files(ed))]


def _engine_files() -> dict[str, str]:
    from ..conformance.matrix import matrix_document, runs
    from .render import document

    return {"engines.json": document(matrix_document(), "json"),
            **{f"runs/{name}.json": document(run, "json") for name, run in runs().items()}}
