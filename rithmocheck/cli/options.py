"""What every command shares: the command group that applies the error
policy of rithmocheck.errors, the options (`output_options`: --format and
-o/--output; --errata) and the output of a command's value in the format
asked for (`write`: stdout, or a file written atomically)."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

import click
from click.shell_completion import CompletionItem

from ..errors import Exit, InputError, printable
from ..export.values import FORMATS, Format, Value, chunks
from ..witness.edition import ENV_VAR, Edition

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

class Group(click.Group):
    """A command group whose every command follows the error policy: bad
    input is one line and exit 2, an unexpected exception is exit 3 with
    "internal error, please report" (the traceback only with --debug or
    RITHMOCHECK_DEBUG=1), Ctrl-C is exit 130; exit 1 means findings only.
    Given no arguments at all, it prints its help, laid out, and exits 0 (a
    question, not a mistake; Click 8.2 made it a usage error, exit 2)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), color=ctx.color)
            ctx.exit(0)
        return super().parse_args(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        _DEBUG.set(False)
        _EDITION.set(None)
        argv = args[0] if args else kwargs.get("args")
        if argv is not None and any("\0" in str(a) for a in argv):  # no shell passes one; a caller might
            click.echo("Error: an argument holds a NUL character", err=True)
            sys.exit(Exit.BAD_INPUT)
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.UsageError as exc:  # one line, like every other bad input
            where = exc.ctx.command_path if exc.ctx is not None else "rithmocheck"
            message = " ".join(exc.format_message().split())
            click.echo(f"Error: {where}: {message} (see '{where} --help')", err=True)
            sys.exit(Exit.BAD_INPUT)
        except click.ClickException as exc:
            click.echo(f"Error: {' '.join(exc.format_message().split())}", err=True)
            sys.exit(Exit.BAD_INPUT)
        except (click.Abort, KeyboardInterrupt):
            click.echo("Aborted.", err=True)
            sys.exit(130)
        except InputError as exc:
            click.echo(f"Error: {exc.one_line()}", err=True)
            sys.exit(Exit.BAD_INPUT)
        except SystemExit:
            raise
        except OSError as exc:  # a path the file system refuses (too long, a loop, no permission ...)
            where = exc.filename if exc.filename is not None else "<file system>"
            click.echo(f"Error: {InputError(where, None, exc.strerror or str(exc)).one_line()}", err=True)
            sys.exit(Exit.BAD_INPUT)
        except RecursionError:
            click.echo("Error: the input is nested too deeply", err=True)
            sys.exit(Exit.BAD_INPUT)
        except Exception as exc:  # noqa: BLE001 - the policy for bugs
            if _debug():
                traceback.print_exc()
            click.echo(f"internal error, please report: {type(exc).__name__}: {exc}"
                       + ("" if _debug() else " (run with --debug for the traceback)"), err=True)
            sys.exit(Exit.INTERNAL)


_DEBUG: ContextVar[bool] = ContextVar("rithmocheck_debug", default=False)
_EDITION: ContextVar[str | None] = ContextVar("rithmocheck_edition", default=None)


def _debug() -> bool:
    return _DEBUG.get() or os.environ.get("RITHMOCHECK_DEBUG") == "1"


def debug_option(fn: F) -> F:
    def callback(_ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
        _DEBUG.set(value)
        return value

    return click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=callback,
                        help="Show the traceback of an internal error.")(fn)


def edition_option(fn: F) -> F:
    def callback(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
        _EDITION.set(value)
        return value

    return click.option("--edition", "edition_dir", type=str, default=None, envvar=ENV_VAR, expose_value=False,
                        callback=callback, metavar="DIR",
                        help=f"The edition to work on: a directory made by 'rithmocheck init' [env {ENV_VAR}; "
                             "default: the shipped 1563 edition].")(fn)


# --- shell completion (click's shell_complete: `_RITHMOCHECK_COMPLETE=bash_source rithmocheck`) ----------

def _completion(values: Callable[[], Iterable[str]]) -> Callable[[click.Context, click.Parameter, str],
                                                                   list[CompletionItem]]:
    """A completion of the ids `values` gives that begin with what is typed: never an error (a broken
    edition completes nothing)."""
    def complete(_ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        try:
            return [CompletionItem(v) for v in values() if v.startswith(incomplete)]
        except Exception:  # noqa: BLE001 - whatever fails, a completion offers nothing rather than a traceback
            return []
    return complete


def _edition_for_completion() -> Edition:
    """The edition --edition (or RITHMOCHECK_EDITION) names on the line being completed, else the shipped one."""
    named = _EDITION.get() or os.environ.get(ENV_VAR)
    return Edition.default() if not named else Edition.open(named)


def _table_ids() -> list[str]:
    return list(_edition_for_completion().registry.ids)


def _audit_ids() -> list[str]:
    from ..audit.tables import audited
    from ..witness.examples import EXAMPLES

    return [*audited(_edition_for_completion()), EXAMPLES]


def _passage_ids() -> list[str]:
    from ..witness.examples import EXAMPLES

    return [p.passage for p in _edition_for_completion().passages] + [EXAMPLES]


def _case_ids() -> list[str]:
    from ..conformance.cases import load_cases

    return [c.id for c in load_cases()]


def _ruleset_ids() -> list[str]:
    from ..ruleset.catalogue import ruleset_ids

    return ruleset_ids(_edition_for_completion())


complete_table_ids = _completion(_table_ids)  # generate, show
complete_audit_ids = _completion(_audit_ids)  # audit: the audited tables and `examples`
complete_passages = _completion(_passage_ids)  # collate
complete_case_ids = _completion(_case_ids)  # conformance
complete_ruleset_ids = _completion(_ruleset_ids)  # --ruleset, --reading, --profile, ruleset diff


class Number(click.IntRange):
    """A whole number written in ASCII digits (as in the book's tables and
    every other input: '١٤' or '1_4' is not 14), within [min, max]."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not (value.isascii() and value.isdigit()):
            self.fail(f"{value!r} is not a whole number in digits 0-9", param, ctx)
        if isinstance(value, str) and self.max is not None and len(value.lstrip("0")) > len(str(self.max)):
            shown = value if len(value) <= 40 else f"a number of {len(value)} digits"
            self.fail(f"{shown} is out of range: at most {self.max}", param, ctx)
        return super().convert(value, param, ctx)


def output_options(extra: tuple[Format, ...] = (), default: str = "text",
                   only: tuple[Format, ...] | None = None) -> Callable[[F], F]:
    """--format (every shared format, and the `extra` ones the command's
    value has its own rendering for; or `only` those, for a value that has
    no other) and -o/--output FILE: the command receives them as `fmt` (a
    Format) and `output`, and hands its value to `write`."""
    offered = {f.name: f for f in only} if only is not None else {**FORMATS, **{f.name: f for f in extra}}

    def to_format(_ctx: click.Context, _param: click.Parameter, name: str) -> Format:
        return offered[name]

    def decorate(fn: F) -> F:
        fn = click.option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None,
                          metavar="FILE", help="Write the data to FILE (atomically) instead of stdout.")(fn)
        return click.option("--format", "fmt", type=click.Choice(tuple(offered)), default=default,
                            show_default=True, callback=to_format, help="Output format.")(fn)

    return decorate


def write(value: Value, fmt: Format, output: str | None, ed: Edition | None = None) -> None:
    """A command's value in the format asked for: to stdout, or to the file
    -o names (atomically; never onto the edition or the curated errata)."""
    emit_stream(chunks(value, fmt), output, ed)


def batch(fn: F) -> F:
    """A command that makes many objects and exits (build, audit): Python's cyclic garbage collector is off
    while it runs. Its passes over the objects made cost about a tenth of such a command's processor time,
    and the cycles they find are few (a cold build's peak memory grows by some 3 MB without them; measured
    for issue 38). In a process that ends with the command (`one_command`), the collector is left off: turned
    on again, it would pass over every object made at the next allocation (some 25 ms after a cold build)."""
    import functools
    import gc

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        was = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was and not _ONE_COMMAND:
                gc.enable()

    return run  # type: ignore[return-value]


_ONE_COMMAND = False


def one_command() -> None:
    """This process runs one command and ends (the console entry point, `python -m rithmocheck`), so that a
    batch command leaves the collector off when done (`batch`)."""
    global _ONE_COMMAND  # noqa: PLW0603 - (one switch, set once, by the entry point alone)
    _ONE_COMMAND = True


def errata_option(fn: F) -> F:
    return click.option("--errata", "errata_path", type=click.Path(dir_okay=False), default=None,
                        metavar="FILE", help="Curated errata file [default: the edition's].")(fn)


def current_edition() -> Edition:
    """The edition --edition (or RITHMOCHECK_EDITION) names, else the shipped one."""
    root = _EDITION.get()
    return Edition.default() if root is None else Edition.open(root)


def edition(errata_path: str | None = None) -> Edition:
    """The edition the command works on, with the errata file asked for
    (which must exist: a missing --errata is bad input, not "no errata")."""
    ed = current_edition()
    if errata_path is not None:
        if str(errata_path) == "" or not Path(errata_path).exists():
            raise InputError(errata_path or "--errata", None, "no such errata file")
        if not Path(errata_path).is_file():
            what = "a directory" if Path(errata_path).is_dir() else "not a regular file (a device, a FIFO or a socket)"
            raise InputError(errata_path, None, f"is {what}; --errata takes an errata file")
        ed = ed.with_errata(Path(errata_path))
    return ed


def check_output(output: str | None, ed: Edition | None = None) -> None:
    """Refuse a bad -o target before any work is done."""
    if output is not None:
        from ..export.outfiles import check_out_file

        check_out_file(output, protected_paths(ed))


def protected_paths(ed: Edition | None) -> tuple[Path, ...]:
    """What no command may write onto or into: the edition worked on (ed,
    else the one --edition names) and the shipped edition."""
    if ed is not None:
        return ed.protected()
    try:
        return current_edition().protected()
    except InputError:  # a bad --edition: still never write into it, nor onto the shipped edition
        named = _EDITION.get()
        return Edition.default().protected() + ((Path(named),) if named else ())


def emit_stream(pieces: Iterable[str], output: str | None, ed: Edition | None = None) -> None:
    """Data written as it is made: to stdout, or to the file -o names (atomically)."""
    if output is None:
        for piece in pieces:
            click.echo(piece, nl=False)
        return
    from ..export.outfiles import write_file

    write_file(output, pieces, protected_paths(ed))
    click.echo(f"written to {printable(output)}", err=True)


class Progress:
    """What a long job says on stderr while it runs: after a second, its
    elapsed time (and rows, when it counts them), every quarter second, on
    one line it rewrites; off when stderr is not a terminal, so logs and pipes
    stay clean. The line is cleared as soon as the rows it counts end, and
    when the job ends, so that the next message ("written to FILE") begins a
    line of its own."""

    DELAY = 1.0  # seconds of silence before the first progress line

    def __init__(self, label: str, delay: float | None = None):
        import threading

        self.label, self.delay, self.rows = label, self.DELAY if delay is None else delay, 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.shown = False

    def count(self, rows: Iterable[T]) -> Iterator[T]:
        for row in rows:
            self.rows += 1
            yield row
        self.stop()  # the rows are made: what comes next (writing the file's end, a message) is not progress

    def _run(self) -> None:
        import time

        start = time.monotonic()
        if self.done.wait(self.delay):
            return
        while not self.done.is_set():
            rows = f", {self.rows:,} rows" if self.rows else ""
            click.echo(f"\r{self.label}: {time.monotonic() - start:.1f} s{rows}", err=True, nl=False)
            self.shown = True
            self.done.wait(0.25)

    def stop(self) -> None:
        """No more progress: the thread ends and its line is cleared."""
        self.done.set()
        if self.thread.is_alive():
            self.thread.join()
        if self.shown:
            click.echo("\r\033[K", err=True, nl=False)
            self.shown = False

    def __enter__(self) -> Progress:
        if _stderr_is_terminal():
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()

