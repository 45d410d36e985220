"""Says a great deal on stderr, its answer too, and nothing on stdout; exits 0."""
import json
import sys

from _answer import ANSWER

sys.stdin.read()
for i in range(2000):
    sys.stderr.write(f"thinking about move {i}...\n")
sys.stderr.write(json.dumps(ANSWER) + "\n")
