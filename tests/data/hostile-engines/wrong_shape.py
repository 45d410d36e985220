"""Answers valid JSON of the wrong shape (argv[1] chooses: list, legal, takers, captures, victory)."""
import json
import sys

sys.stdin.read()
shapes = {
    "list": [True, [], []],
    "legal": {"legal": "yes", "captures": [], "victories": []},
    "takers": {"legal": True, "captures": [{"method": "addition", "taken": "d8", "takers": [1, "e9"], "value": 12}],
               "victories": []},
    "captures": {"legal": True, "captures": {"d8": 12}, "victories": []},
    "victory": {"legal": True, "captures": [], "victories": [{"victory": "goods", "side": 7}]},
}
sys.stdout.write(json.dumps(shapes[sys.argv[1] if sys.argv[1:] else "list"]) + "\n")
