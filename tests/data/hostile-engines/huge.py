"""Answers a valid answer of argv[1] MB (default 100): a list of captures, written in chunks of a megabyte (the
engine itself holds one chunk at a time); it writes until the runner stops reading."""
import sys

sys.stdin.read()
megabytes = int(sys.argv[1]) if sys.argv[1:] else 100
one = '{"method": "addition", "taken": "d8", "takers": ["e9", "f8"], "value": 12}, '
chunk = one * (1_000_000 // len(one))
out = sys.stdout
try:
    out.write('{"legal": true, "victories": [], "captures": [')
    for _ in range(megabytes):
        out.write(chunk)
    out.write(one[:-2] + "]}\n")
    out.flush()
except BrokenPipeError:
    pass
