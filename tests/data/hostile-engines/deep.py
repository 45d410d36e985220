"""Answers a JSON answer nested argv[1] deep (default 100,000) in its captures."""
import sys

sys.stdin.read()
n = int(sys.argv[1]) if sys.argv[1:] else 100_000
sys.stdout.write('{"legal": true, "victories": [], "captures": ' + "[" * n + "]" * n + "}\n")
