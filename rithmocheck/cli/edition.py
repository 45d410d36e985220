"""The command on editions: init (copy the shipped edition for a scholar to edit)."""

from __future__ import annotations

import click


@click.command()
@click.argument("directory", metavar="DIR")
def init(directory: str) -> None:
    """Copy the shipped 1563 edition into DIR, a new or empty directory, for
    editing: witness, transcriptions (tables/), worked examples, page map,
    curated errata (DIR/errata.yaml, from corrections/), metadata
    (edition.yaml, naming them) and the second witness. Every command then works on it with --edition DIR (or the
    variable RITHMOCHECK_EDITION=DIR). DIR holding anything, or lying inside
    an edition (however it is spelled), is refused (exit 2): nothing is
    overwritten.

    \b
    Example:
      rithmocheck init my-edition
      rithmocheck --edition my-edition audit
    """
    from ..errors import printable
    from ..export.outfiles import copy_tree
    from ..witness.edition import Edition
    from .options import protected_paths

    shipped = Edition.default()
    # never into the edition --edition names, nor into the shipped one (nor, copy_tree sees, into any edition)
    n = copy_tree(shipped.root, directory, protected_paths(None), also=shipped.copy_also())
    shown = printable(directory)
    click.echo(f"copied the edition {shipped.name} to {shown} ({n} files); give it its own edition, title, "
               f"editors and date in {shown}/edition.yaml, edit it, then run 'rithmocheck --edition {shown} audit'",
               err=True)


COMMANDS = (init,)
