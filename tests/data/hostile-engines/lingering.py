"""Answers, closes its stdout, and stays (an hour): the answer stands; the runner stops it."""
import json
import os
import sys
import time

from _answer import ANSWER

sys.stdin.read()
sys.stdout.write(json.dumps(ANSWER) + "\n")
sys.stdout.flush()
os.close(1)
time.sleep(3600)
