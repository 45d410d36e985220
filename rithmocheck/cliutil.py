"""Helpers shared by the Click commands: the output-format option, the
bad-input policy (one line on stderr, exit 2) and the exit codes."""

from __future__ import annotations

import functools
import sys

import click

from .yamlsafe import InputError

EXIT_FINDINGS = 1
EXIT_BAD_INPUT = 2


def format_option(formats=("text", "md", "csv", "tsv", "json", "yaml")):
    return click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                        help="Output format.")


def bad_input(fn):
    """Turn InputError (and unreadable files) into one line on stderr, exit 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            click.echo(f"Error: {exc.one_line()}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper


def out(text: str) -> None:
    click.echo(text, nl=False)
