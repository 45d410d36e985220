"""Helpers shared by the Click commands: the command group that applies the
error policy of rithmocheck.errors to every command, the output-format
option, and output."""

from __future__ import annotations

import functools
import os
import sys
import traceback
from contextvars import ContextVar
from typing import Any

import click

from .errors import Exit, InputError

EXIT_FINDINGS = Exit.FINDINGS
EXIT_BAD_INPUT = Exit.BAD_INPUT


class Group(click.Group):
    """A command group whose every command follows the error policy: bad
    input is one line and exit 2, an unexpected exception is exit 3 with
    "internal error, please report" (the traceback only with --debug or
    RITHMOCHECK_DEBUG=1), Ctrl-C is exit 130; exit 1 means findings only."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        kwargs["standalone_mode"] = False
        _DEBUG.set(False)
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(Exit.BAD_INPUT)
        except (click.Abort, KeyboardInterrupt):
            click.echo("Aborted.", err=True)
            sys.exit(130)
        except InputError as exc:
            click.echo(f"Error: {exc.one_line()}", err=True)
            sys.exit(Exit.BAD_INPUT)
        except SystemExit:
            raise
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


def _debug() -> bool:
    return _DEBUG.get() or os.environ.get("RITHMOCHECK_DEBUG") == "1"


def debug_option(fn):
    def callback(_ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
        _DEBUG.set(value)
        return value

    return click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=callback,
                        help="Show the traceback of an internal error.")(fn)


def format_option(formats=("text", "md", "csv", "tsv", "json", "yaml")):
    return click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                        help="Output format.")


def bad_input(fn):
    """Kept for commands that catch InputError themselves; the group applies
    the policy to every command."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def out(text: str) -> None:
    click.echo(text, nl=False)
