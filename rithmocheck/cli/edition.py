"""The command on editions: init (copy the shipped edition for a scholar to edit)."""

from __future__ import annotations

import click


@click.command()
@click.argument("directory", metavar="DIR")
def init(directory: str) -> None:
    """Copy the shipped 1563 edition into DIR, a new or empty directory, for
    editing: witness, transcriptions (tables/), worked examples, page map,
    curated errata (errata.yaml), metadata (edition.yaml) and the second
    witness. Every command then works on it with --edition DIR (or the
    variable RITHMOCHECK_EDITION=DIR). DIR holding anything, or lying inside
    an edition (however it is spelled), is refused (exit 2): nothing is
    overwritten.

    \b
    Example:
      rithmocheck init my-edition
      rithmocheck --edition my-edition audit
    """
    from ..errors import InputError, printable
    from ..export.outfiles import copy_tree, real_path
    from ..witness.edition import Edition
    from .options import protected_paths

    shipped = Edition.default()
    # never into the edition --edition names, nor into the shipped one, nor into any other edition
    protected = protected_paths(None)
    try:
        protected += tuple(a for a in real_path(directory, "DIR").parents
                           if (a / "witness.txt").is_file() and (a / "tables").is_dir())
    except InputError:
        pass  # (copy_tree names what is wrong with DIR)
    n = copy_tree(shipped.root, directory, protected)
    shown = printable(directory)
    click.echo(f"copied the edition {shipped.name} to {shown} ({n} files); give it its own edition, title "
               f"and editors in {shown}/edition.yaml, edit it, then run 'rithmocheck --edition {shown} audit'",
               err=True)


COMMANDS = (init,)
