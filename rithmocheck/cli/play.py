"""The commands of the reference engine: `moves` (the legal moves of a
position, each with its captures), `move` (one move played: its captures,
victories and the position after), `conformance` (the conformance cases run
against the reference engine or any engine).

Each computes a value that one renderer writes (rithmocheck.export.values).
A bad position or move is exit 2 with one line naming the square or the
man; an illegal move is bad input to `move`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..errors import InputError, printable
from ..export.values import HTML, Format, Table
from ..pipeline.outcome import Outcome
from ..words import count
from .options import check_output, edition, output_options, write

F = TypeVar("F", bound=Callable[..., Any])


def rules_options(fn: F) -> F:
    """--ruleset ID and --option NAME=VALUE: the rules a command plays by."""
    fn = click.option("--option", "choices", multiple=True, metavar="NAME=VALUE",
                      help="Choose a reading the ruleset leaves open (repeatable); "
                           "'rithmocheck ruleset --ruleset ID' lists its options.")(fn)
    return click.option("--ruleset", "ruleset_id", default=None, metavar="ID",
                        help="The rules: a kind of the edition (lever-fulke-1563/kind-1, -2, -3, or 1, 2, 3; "
                             "default: its first kind), or a reading ('rithmocheck ruleset --list').")(fn)


def chosen_document(ruleset_id: str | None, choices: tuple[str, ...]) -> dict[str, Any]:
    from ..ruleset.assemble import kinds
    from ..ruleset.catalogue import by_id
    from ..ruleset.resolve import parse_choice, resolve

    ed = edition()
    doc = by_id(ruleset_id if ruleset_id is not None else str(kinds(ed)[0]), edition=ed)
    return resolve(doc, [parse_choice(c) for c in choices], registry=ed.registry) if choices else doc


def read_position(text: str, rules: Any) -> Any:
    """POSITION: the one-line notation, 'start' (the ruleset's starting
    position), or a JSON file of a position."""
    from ..inputs import load_json, read_text
    from ..play.position import from_json, parse

    if text == "start":
        return rules.start_position()
    if text.endswith(".json") and " " not in text:
        return from_json(load_json(read_text(text), text), rules.kings, rules.ranks, text)
    return parse(text, rules.kings, rules.ranks, "POSITION")


def _capture_text(c: dict[str, Any]) -> str:
    part = " (a layer)" if c.get("layer") else ""
    return f"{c['method']}: {c['value']}{part} on {c['taken']} by {', '.join(c['takers'])}"


def _victory_text(v: dict[str, Any]) -> str:
    return f"{v['victory']} of the {v['side']} side"


@click.command()
@click.argument("position", metavar="POSITION")
@rules_options
@output_options()
def moves(position: str, ruleset_id: str | None, choices: tuple[str, ...], fmt: Format, output: str | None) -> None:
    """Every legal move of POSITION, each with the captures and victories it
    makes. POSITION is the one-line notation (docs/play.md), 'start' for the
    ruleset's starting position, or a JSON file of a position.

    \b
    Example:
      rithmocheck moves start
      rithmocheck moves "d8=t12,e9=R6,f10=T6 even"
      rithmocheck moves "d8=r9,f10=T9 even" --ruleset 2 --format json
    """
    from ..play.moves import legal_moves, play
    from ..play.rules import compile_rules

    check_output(output)
    doc = chosen_document(ruleset_id, choices)
    rules = compile_rules(doc)
    pos = read_position(position, rules)
    listed: list[dict[str, Any]] = []
    for m in legal_moves(pos, rules):
        out = play(pos, m, rules)
        listed.append({"move": m.text(rules.kings), "kind": m.kind,
                       "captures": [c.as_json(out.before) for c in out.captures],
                       "victories": list(out.victories)})
    rows = [[d["move"], d["kind"], "; ".join(_capture_text(c) for c in d["captures"]),
             "; ".join(_victory_text(v) for v in d["victories"])] for d in listed]
    data = {"ruleset": doc["ruleset"], "resolved": doc.get("resolved", {}), "position": pos.notation(rules.kings),
            "moves": listed}
    write(Table(("move", "kind", "captures", "victories"), rows, data,
                heading=f"{count(len(listed), 'legal move')} of {pos.to_move} under {doc['ruleset']}"), fmt, output)


@click.command()
@click.argument("position", metavar="POSITION")
@click.argument("move_text", metavar="MOVE")
@rules_options
@click.option("--agreement", "agreement_text", metavar="NAME[:KEY=N,...]", default=None,
              help="The common victory agreed, e.g. goods:sum=100 or honour:sum=100,men=8.")
@output_options()
def move(position: str, move_text: str, ruleset_id: str | None, choices: tuple[str, ...], agreement_text: str | None,
         fmt: Format, output: str | None) -> None:
    """Play MOVE in POSITION: its captures (manner, man taken, takers), the
    victories it makes and the position after. MOVE is FROM-TO (a draught),
    FROM~TO (a flying draught), FROMxTO (taking an enemy already in danger,
    removing into his place) or MAN@SQUARE (a prisoner entered). A move the
    position does not allow is exit 2, naming the square or the man.

    \b
    Example:
      rithmocheck move "d8=t12,e9=R6,f10=T6 even" f10-f8
      rithmocheck move "d8=r9,f8=T9 even" f8xd8 --format json
    """
    from ..play.moves import parse_move, play
    from ..play.rules import compile_rules
    from ..play.victories import parse_agreement

    check_output(output)
    doc = chosen_document(ruleset_id, choices)
    rules = compile_rules(doc)
    pos = read_position(position, rules)
    agreement = parse_agreement(agreement_text) if agreement_text else None
    m = parse_move(move_text, pos, rules, "MOVE")
    out = play(pos, m, rules, agreement)
    caps = [c.as_json(out.before) for c in out.captures]
    data = {"ruleset": doc["ruleset"], "resolved": doc.get("resolved", {}), "position": pos.notation(rules.kings),
            "move": m.text(rules.kings), "kind": m.kind, "captures": caps, "victories": list(out.victories),
            "after": out.position.notation(rules.kings)}
    rows = [[c["method"], c["taken"], c["value"], ", ".join(c["takers"])] for c in caps]
    notes = tuple(f"victory: {_victory_text(v)}" for v in out.victories) + (f"after: {data['after']}",)
    heading = f"{m.text(rules.kings)} ({m.kind}) under {doc['ruleset']}: {count(len(caps), 'capture')}"
    write(Table(("method", "taken", "number", "takers"), rows, data, heading, notes), fmt, output)


@click.command()
@click.argument("case_ids", nargs=-1, metavar="[CASE]...")
@click.option("--engine", "engine", default=None, metavar="COMMAND",
              help="Run the cases against this engine (docs/conformance.md gives the protocol) instead of the "
                   "reference engine.")
@click.option("--cases", "cases_dir", default=None, metavar="DIR", help="A directory of cases [default: the shipped].")
@click.option("--timeout", default=20.0, show_default=True, type=click.FloatRange(0.1, 3600),
              help="Seconds an engine has for a case.")
@click.option("--export", "export_dir", default=None, metavar="DIR",
              help="Write every case (with --reading, those that hold for it) with its position, its move and "
                   "the rulesets it holds for as JSON into DIR (new or empty) and run nothing.")
@click.option("--reading", "reading_id", default=None, metavar="ID",
              help="Only the cases whose expectation holds under this ruleset (a kind, a modern reading or an "
                   "engine's profile: see 'ruleset --list'), each played under it.")
@click.option("--profile", "profile_id", default=None, metavar="ID",
              help="With --engine: class each failure against the engine's own reading (a ruleset id, e.g. "
                   "engine/dagaz): a reading of its profile, or a departure even from it.")
@click.option("--fit", "show_fit", is_flag=True,
              help="With --engine: which rulesets and option settings the engine's answers fit best.")
@output_options()
def conformance(case_ids: tuple[str, ...], engine: str | None, cases_dir: str | None, timeout: float,
                export_dir: str | None, reading_id: str | None, profile_id: str | None, show_fit: bool, fmt: Format,
                output: str | None) -> None:
    """Run the conformance cases: each a position and a move under a
    ruleset, with the captures and victories the 1563 rules make of it and
    the line of the book (or the reason) behind it. Against the reference
    engine by default, or against any engine with --engine COMMAND (the
    engine reads one case as JSON on stdin and prints its captures and
    victories as JSON on stdout). Each case holds for some rulesets besides
    its own (--export writes them as holds_for); --reading ID runs those
    that hold for ID, under ID: the cases an engine following that reading
    must pass. Exit 0 when every case passes, 1 when one fails or the
    engine errs.

    \b
    Example:
      rithmocheck conformance
      rithmocheck conformance k1-addition-489-six-and-six --format json
      rithmocheck conformance --engine "python3 my_adapter.py"
      rithmocheck conformance --engine "python3 my_adapter.py" --reading seed-002
      rithmocheck conformance --engine "$(engines/dagaz/prepare.sh ~/Dagaz)" --profile engine/dagaz
      rithmocheck conformance --engine "$(engines/dagaz/prepare.sh ~/Dagaz)" --fit
    """
    from ..conformance import load_cases, run_cases

    check_output(output)
    cases = load_cases(cases_dir)
    if case_ids:
        known = {c.id: c for c in cases}
        unknown = [c for c in case_ids if c not in known]
        if unknown:
            raise InputError("CASE", None, f"no conformance case {unknown[0]!r} ({count(len(known), 'case')} known; "
                                           f"'rithmocheck conformance' lists them)")
        cases = [known[c] for c in case_ids]
    from ..ruleset.catalogue import by_id

    reading = None
    if reading_id is not None:
        from ..conformance.runner import holds_for

        reading = by_id(reading_id, "--reading")
        cases = [c for c in cases if holds_for(c, (reading_id,))]
        if not cases:
            raise InputError("--reading", None, f"no case holds for {reading_id}")
    if export_dir is not None:
        _export(cases, export_dir)
        return
    if (profile_id or show_fit) and engine is None:
        raise InputError("--profile", None, "--profile and --fit class an engine's answers: give --engine COMMAND")
    profile = by_id(profile_id, "--profile") if profile_id is not None else None
    results = run_cases(cases, engine, timeout, reading)
    if show_fit:
        _fit(results, fmt, output)
        return
    if profile is not None:
        _classed(results, profile, str(engine), fmt, output)
        return
    tally: dict[str, int] = {}
    for r in results:
        tally[r.status] = tally.get(r.status, 0) + 1
    rows = [[r.case.id, r.status, "; ".join(r.differences) or r.message, r.case.citation()] for r in results]
    data = {"engine": engine or "rithmocheck (reference engine)", "cases": len(results), "by_status": tally,
            "results": [r.as_json() for r in results]}
    summary = ", ".join(f"{n} {s}" for s, n in sorted(tally.items()))
    write(Table(("case", "status", "differences", "source"), rows, data,
                heading=f"{count(len(results), 'case')} against {data['engine']}: {summary}"), fmt, output)
    outcome = Outcome(failures=sum(n for s, n in tally.items() if s in ("failed", "error")))
    click.echo(f"conformance: {count(len(results), 'case')}, {summary}", err=True)
    sys.exit(outcome.exit_code)


def _classed(results: list[Any], profile: dict[str, Any], engine: str, fmt: Format, output: str | None) -> None:
    """An engine's run classed (issue 29): its record as the document, a row per case in the tables."""
    from ..conformance.runner import record

    rid = str(profile.get("ruleset", ""))
    data = record(results, profile, rid.removeprefix("engine/") if rid.startswith("engine/") else engine)
    rows = []
    for row in data["results"]:
        why = row.get("explanation")
        said = "; ".join(row.get("from_the_profile", ()) or row.get("from_the_book", ())) or row.get("message", "")
        rows.append([row["case"], row["class"], said,
                     f"{why['kind']}: {why['rule']}" if why else ""])
    summary = ", ".join(f"{n} {c}" for c, n in data["by_class"].items())
    write(Table(("case", "class", "differences", "explanation"), rows, data,
                heading=f"{count(len(rows), 'case')} against {engine}, under {data['profile']}: {summary}"),
          fmt, output)
    click.echo(f"conformance: {count(len(rows), 'case')}, {summary}", err=True)
    sys.exit(Outcome(failures=sum(n for c, n in data["by_class"].items() if c in ("departure", "error"))).exit_code)


def _fit(results: list[Any], fmt: Format, output: str | None) -> None:
    from ..conformance.runner import fit

    ranked = fit(results)
    rows = [[d["ruleset"], d["fits"], d["of"], ", ".join(d["still_failing"][:12])
             + (" ..." if len(d["still_failing"]) > 12 else "")] for d in ranked[:20]]
    best = ranked[0] if ranked else None
    heading = (f"best fit: {best['ruleset']} ({best['fits']} of {best['of']} answered cases)" if best
               else "no answered case to fit")
    write(Table(("ruleset", "fits", "of", "still failing"), rows, {"fits": ranked}, heading=heading), fmt, output)


def _export(cases: list[Any], directory: str) -> None:
    import json

    from ..conformance.runner import case_document, protocol_input
    from ..export.outfiles import write_file

    d = Path(directory)
    if d.exists() and (not d.is_dir() or any(d.iterdir())):
        raise InputError(directory, None, "--export writes into a new or empty directory")
    d.mkdir(parents=True, exist_ok=True)
    from ..conformance.runner import holds_for

    for c in cases:
        data = dict(protocol_input(c, case_document(c)), expect=c.data["expect"], source=c.data["source"],
                    title=c.data["title"], holds_for=list(holds_for(c)))
        write_file(str(d / f"{c.id}.json"), json.dumps(data, indent=2, ensure_ascii=False) + "\n", ())
    click.echo(f"wrote {count(len(cases), 'case')} to {printable(directory)}", err=True)


@click.command()
@click.option("--reread", "reread_pairs", multiple=True, metavar="NAME=DIR",
              help="Re-read every line engine NAME's profile cites, in DIR (a checkout of the engine: a git "
                   "repository holding the profile's commit, read at that commit; or a plain directory of its "
                   "files), instead of printing the matrix (repeatable). A quote not at its line is a finding.")
@output_options()
def engines(reread_pairs: tuple[str, ...], fmt: Format, output: str | None) -> None:
    """The engines held to the book: for each point on which engines and
    readings part (each shape's draught, flying, the king, who moves first,
    the camp, when men are taken, equality, taking by the spaces, obsidion,
    where the takers stand, several captures, the king by parts, cossick
    signs, proportion, manners in words only, the triumphs, the victories,
    prisoners, the men's values), what the book's first kind, each modern
    reading and each engine's profile say, each cell read from the
    reading's own overrides at the point's places (absent, unspecified, in
    words, set, or not in the profile: as its base), with every citation
    (the book's line, or the engine's file and line at its commit), and for
    an engine whose live run is recorded, the classes of the cases behind
    the point (pass, reading, departure, not-implemented, error).

    With --reread NAME=DIR, the profiles' citations are re-read instead:
    each quote at its line of the file at the profile's commit.

    \b
    Example:
      rithmocheck engines
      rithmocheck engines --format json
      rithmocheck engines --reread dagaz=~/src/Dagaz --reread wdjoyner=~/src/rithmomachia
    """
    from ..export.render import report_line
    from ..ruleset.diff import cite_text

    check_output(output)
    if reread_pairs:
        _reread(reread_pairs, fmt, output)
        return
    from ..conformance.matrix import POINTS, matrix_document

    data = matrix_document()
    found = data["cells"]

    def live(c: dict[str, Any]) -> str:
        return ", ".join(f"{n} {k}" for k, n in c.get("live", {}).items())

    def cites(c: dict[str, Any]) -> str:
        return " | ".join(cite_text(x) for f in c["facets"] for x in f["cites"])

    def report() -> str:  # text: each point, then each row's reading of it with its citations
        lines = []
        for p in POINTS:
            lines.append(f"{p.label}" + (f" (the book, line {p.line})" if p.line else ""))
            for c in found:
                if c["point"] == p.id:
                    value = c["value"] + (f" (in words: {c['in_words']})" if c.get("in_words") else "")
                    tail = f" [live: {live(c)}]" if c.get("live") else ""
                    lines.append(report_line(f"  {c['row']}: {value}{tail} -- {cites(c)}"))
        return "\n".join(lines) + "\n"

    rows = [[c["point"], c["row"], c["value"], ",".join(c["statuses"]), c.get("in_words", ""), cites(c),
             " ".join(x["url"] for f in c["facets"] for x in f["cites"] if x.get("url")), live(c), len(c["cases"])]
            for c in found]
    write(Table(("point", "row", "value", "status", "in_words", "cite", "url", "live", "cases"), rows, data,
                views={"text": report}), fmt, output)


def _reread(pairs: tuple[str, ...], fmt: Format, output: str | None) -> None:
    from ..conformance.citations import parse_checkouts, reread

    data = reread(parse_checkouts(pairs))
    rows = [[r["profile"], r["file"], r["line"], r["status"], ",".join(map(str, r.get("found_at", ()))),
             r["quote"]] for r in data["results"] if r["status"] != "not-reread"]
    unproven = sorted({r["profile"] for r in data["results"] if r.get("commit_unproven")})
    notes = tuple(f"{p}: read from a plain directory, its commit not proven by git" for p in unproven)
    summary = (f"{count(data['reread'], 'citation')} re-read at their commits, {count(data['failures'], 'failure')}; "
               f"{data['citations'] - data['reread']} of {data['citations']} not re-read (no checkout given); "
               f"citations digest {data['digest'][:16]}")
    write(Table(("profile", "file", "line", "status", "found at", "quote"), rows, data, heading=summary,
                notes=notes), fmt, output)
    click.echo(f"engines --reread: {summary}", err=True)
    sys.exit(Outcome(failures=data["failures"]).exit_code)


@click.command()
@click.argument("record_file", metavar="FILE")
@output_options(extra=(HTML,))
def replay(record_file: str, fmt: Format, output: str | None) -> None:
    """Replay a game record: its start and each move in the notation of
    docs/play.md with the captures it made (the record's form is in
    docs/play.md, "Game records"; the OpenSpiel game writes one). Every move
    is checked: legal, making exactly the captures written, the game not
    ended before it, the result the one the moves make. Prints each move
    with its board (text), or every board drawn in one page of HTML
    (--format html); a bad record is exit 2, one line naming the file, the
    line, the move and the problem.

    \b
    Example:
      rithmocheck replay game.txt
      rithmocheck replay game.txt --format html -o game.html
      rithmocheck replay game.txt --format json
    """
    from ..inputs import read_text
    from ..play.record import board_text, ending, read_record, start_position, victory_text
    from ..play.record import replay as replay_record
    from ..play.rules import compile_rules
    from ..play.victories import agreement_text
    from ..ruleset.catalogue import by_id
    from ..ruleset.resolve import parse_choice, resolve

    check_output(output)
    rec = read_record(read_text(record_file), record_file)
    ed = edition()
    doc = by_id(rec.ruleset, f"{record_file}:{rec.lines['ruleset']}: ruleset", edition=ed)
    for i, o in enumerate(rec.options):  # one at a time, so that a refusal names its line
        where = f"{record_file}:{rec.lines[f'option {i}']}: option"
        doc = resolve(doc, [parse_choice(o, where)], where, registry=ed.registry)
    rules = compile_rules(doc)
    start = start_position(rec, rules)
    plies = replay_record(rec, rules)
    end = plies[-1].outcome.position if plies else start
    result, note = ending(rules, plies, end, rec.limit)
    said = f"{result} ({note})" if note else result
    facts = [("Ruleset", str(doc["ruleset"]))]
    facts += [("Option", o) for o in rec.options]
    if rec.agreement:
        facts.append(("Agreement", agreement_text(rec.agreement)))
    if rec.limit is not None:
        facts.append(("Limit", f"{count(rec.limit, 'move')}"))
    facts.append(("Start", start.notation(rules.kings)))
    listed: list[dict[str, Any]] = [{"move": p.number, "side": p.side, "played": p.move_text, "kind": p.kind,
               "captures": [c.as_json(p.outcome.before) for c in p.outcome.captures],
               "victories": list(p.outcome.victories), "after": p.outcome.position.notation(rules.kings)}
              for p in plies]
    data = {"record": record_file, "ruleset": doc["ruleset"], "resolved": doc.get("resolved", {}),
            "agreement": rec.agreement, "limit": rec.limit, "start": start.notation(rules.kings), "moves": listed,
            "result": {"result": result, "note": note}}
    rows = [[d["move"], d["side"], d["played"], d["kind"], "; ".join(p.captures),
             "; ".join(victory_text(v) for v in p.outcome.victories), d["after"]] for d, p in zip(listed, plies)]

    def text() -> str:
        out = [f"{k.lower()}: {x}" for k, x in facts]
        out += ["", board_text(start, rules)]
        for p in plies:
            caps = f" {{{'; '.join(p.captures)}}}" if p.captures else ""
            vic = "".join(f" -- {victory_text(v)}" for v in p.outcome.victories)
            out += ["", f"{p.number}. {p.side} {p.move_text}{caps}{vic}", board_text(p.outcome.position, rules)]
        out += ["", f"result: {said}"]
        return "\n".join(out) + "\n"

    def html() -> str:
        from ..export.html.play import replay_view
        from ..export.html.render import render_replay

        return render_replay(replay_view(record_file, facts, start, plies, rules, said))

    heading = f"{record_file}: {count(len(plies), 'move')} under {doc['ruleset']}, {said}"
    write(Table(("move", "side", "played", "kind", "captures", "victories", "after"), rows, data, heading,
                views={"text": text, "html": html}), fmt, output)
    click.echo(f"replay: {count(len(plies), 'move')} checked, {said}", err=True)


COMMANDS = (moves, move, conformance, engines, replay)
