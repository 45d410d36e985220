"""Crashes: argv[1] "signal" dies of SIGSEGV; else an uncaught exception (its traceback on stderr, exit 1)."""
import os
import signal
import sys

sys.stdin.read()
if sys.argv[1:] == ["signal"]:
    os.kill(os.getpid(), signal.SIGSEGV)
raise RuntimeError("the engine's board is on fire")
