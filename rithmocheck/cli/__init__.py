"""Command-line interface: Click commands only; parse, call the core, render.

Data goes to stdout (or -o FILE), messages to stderr. Exit 0 clean, 1
findings (and nothing else), 2 bad input, 3 an internal error (the policy is
rithmocheck.errors, applied to every command by options.Group). One module
per group of commands: tables.py (men, tables, generate, explain),
witness.py (check-source, show, collate), audit.py (audit, errata, build),
ruleset.py (ruleset, ruleset validate), edition.py (init), play.py (moves,
move, conformance, engines, replay: the reference engine). The group's
--edition DIR (or RITHMOCHECK_EDITION) selects the edition every command
works on.
"""

from __future__ import annotations

import click

from .. import __version__
from . import audit, edition, play, ruleset, tables, witness
from .options import Group, debug_option, edition_option


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="rithmocheck")
@debug_option
@edition_option
def cli() -> None:
    """Regenerate, audit and correct the numeric tables of the 1563
    Philosophers game (Lever and Fulke).

    \b
    Example:
      rithmocheck tables
      rithmocheck generate k1-geometric --format md
    """


for _module in (tables, witness, audit, edition, play):
    for _command in _module.COMMANDS:
        cli.add_command(_command)
cli.add_command(ruleset.ruleset)


def main() -> None:  # pragma: no cover - console entry point
    """The console entry point (and `python -m rithmocheck`): one command, then the process ends. The objects
    the command made are frozen out of the collector's sight as it ends: the interpreter's exit passes over
    every object tracked, and after a cold build that pass took some 70 ms of the 0.9 s (issue 38); what
    they hold is given back to the system with the process all the same."""
    import gc

    from .options import one_command

    one_command()
    try:
        cli(prog_name="rithmocheck")
    finally:
        gc.freeze()
