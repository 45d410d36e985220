"""Reads the case and exits 0 without a word."""
import sys

sys.stdin.read()
