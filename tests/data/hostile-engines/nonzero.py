"""Prints a lawful answer, says why it is unhappy on stderr, and exits 3."""
import json
import sys

from _answer import ANSWER

sys.stdin.read()
sys.stdout.write(json.dumps(ANSWER) + "\n")
sys.stderr.write("warning: the engine found no rules file\n")
sys.exit(3)
