"""Answers bytes that are not UTF-8 (argv[1] "inside": within a JSON string of an otherwise valid answer)."""
import sys

sys.stdin.read()
if sys.argv[1:] == ["inside"]:
    sys.stdout.buffer.write(b'{"legal": true, "captures": [], "victories": [], "note": "\xff\xfe"}\n')
else:
    sys.stdout.buffer.write(b"\xff\xfe\x00{")
