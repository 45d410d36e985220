"""Answers at once (a lawful answer) but leaves children behind that hold its stdout open: `sleep SECONDS`
(argv[1], default 97) twice, one of them in a grandchild."""
import json
import subprocess
import sys

from _answer import ANSWER

sys.stdin.read()
seconds = sys.argv[1] if sys.argv[1:] else "97"
subprocess.Popen(["sleep", seconds])
subprocess.Popen(["sh", "-c", f"sleep {seconds} & wait"])
sys.stdout.write(json.dumps(ANSWER) + "\n")
sys.stdout.flush()
