"""Answers text that is no JSON."""
import sys

sys.stdin.read()
sys.stdout.write("Rithmomachia! {legal: yes, captures: none\n")
