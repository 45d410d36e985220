"""Other engines' game languages written from a ruleset document.

`rithmocheck.targets.ludii` compiles a ruleset document (what `rithmocheck
ruleset` prints, its options resolved) into a game description in Ludii's
ludeme language (a `.lud`), the rules as the reference engine reads them,
each cited by its line of the 1563 witness, and lists at its head what the
language cannot express. A target reads the document alone: never the
reference engine's code.
"""
