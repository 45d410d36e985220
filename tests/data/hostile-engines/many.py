"""Answers a JSON answer of argv[1] values (default 60,000) in a few hundred kilobytes."""
import sys

sys.stdin.read()
n = int(sys.argv[1]) if sys.argv[1:] else 60_000
sys.stdout.write('{"legal": true, "victories": [], "captures": [' + ",".join(["0"] * n) + "]}\n")
