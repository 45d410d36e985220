"""What the hostile engines share: a lawful answer to any case (no capture, no victory), and reading the case."""

import json
import sys

ANSWER = {"legal": True, "captures": [], "victories": []}


def read_case() -> dict:
    return json.loads(sys.stdin.read())
