"""Reads the case and never answers (sleeps an hour)."""
import sys
import time

sys.stdin.read()
time.sleep(3600)
