"""rithmocheck: regenerate, audit and correct the numeric tables of the 1563
Philosophers game (Lever and Fulke)."""

__version__ = "0.1.0"
