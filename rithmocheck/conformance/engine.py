"""An engine as an untrusted program (issue 36): started, bounded, stopped.

`command(text)` parses `--engine COMMAND` once, before any case runs: a
command that cannot be parsed (an unclosed quotation), an empty one, or one
whose program cannot be found is bad input (one line, exit 2).

`run(argv, payload, timeout)` runs the engine on one case:

* it starts in a session (and so a process group) of its own, its stdin
  given the case and closed;
* its stdout is read as it comes, at most MAX_ANSWER_BYTES (1 MB): an engine
  that writes more is stopped there, and so is one that answers nothing
  within the timeout; its stderr is kept only in its last STDERR_BYTES;
* the case is answered when the engine exits, or when it closes its stdout
  (then it has GRACE seconds to exit): what it left running (a child, a
  grandchild in its process group: `sleep 97 &`) never keeps the runner
  waiting;
* whatever happens, its whole process group is killed (SIGKILL) before the
  case is done, so that nothing it started outlives the case. (A program
  that leaves its process group on purpose, with setsid, escapes this: only
  a container or a cgroup holds such a program.)

The answer is then decoded strictly as UTF-8, parsed as JSON under the
bounds of every other input (rithmocheck.inputs: MAX_DEPTH, MAX_VALUES) and
checked against the published schema of an answer (engine-answer-1.json).
Every failure is a Failure naming what went wrong, which the runner makes a
result of class `error` naming the engine and the case; the run goes on.
"""

from __future__ import annotations

import os
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, printable
from ..inputs import MAX_DEPTH, MAX_VALUES, load_json

MAX_ANSWER_BYTES = 1_000_000  # an answer is a few hundred bytes; the largest the reference engine gives, some 2 kB
STDERR_BYTES = 4096  # the end of what an engine says on stderr, kept for its message
GRACE = 1.0  # seconds an engine that closed its stdout has to exit
POLL = 0.02  # seconds between looks at the engine, where the system gives no descriptor of its end
ANSWER_SCHEMA = "engine-answer-1.json"


class Failure(Exception):
    """What went wrong with an engine on one case (one line)."""


def command(text: str) -> tuple[str, ...]:
    """The program and arguments of --engine COMMAND (split as a POSIX shell splits words, no shell run);
    InputError when it is empty, cannot be split, or names no program that can be run."""
    try:
        argv = tuple(shlex.split(text))
    except ValueError as exc:
        raise InputError("--engine", None, f"cannot read the command {printable(text)[:80]!r}: {exc}") from None
    if not argv or not argv[0]:
        raise InputError("--engine", None, "the command is empty; give the engine's program and its arguments")
    program = argv[0]
    found = shutil.which(program) if os.sep not in program else (program if os.path.exists(program) else None)
    if found is None:
        raise InputError("--engine", None, f"cannot run {printable(program)[:80]!r}: no such program")
    if os.path.isdir(found) or not os.access(found, os.X_OK):
        raise InputError("--engine", None, f"cannot run {printable(program)[:80]!r}: not an executable file")
    return argv


def label(text: str) -> str:
    """The engine as a message names it: its command on one line, at most 64 characters (a longer one keeps
    its head and its tail, where an adapter's name stands)."""
    shown = printable(" ".join(text.split()))
    return shown if len(shown) <= 64 else shown[:20] + "..." + shown[-41:]


@dataclass(frozen=True)
class Run:
    """What an engine did on one case."""

    stdout: bytes
    returncode: int | None  # None: stopped by the runner (after closing its stdout, or at a bound)
    stderr: str  # its last line on stderr, if any
    seconds: float


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the engine's process group (its own session), while its leader is not yet reaped, so that
    the group's id cannot have been given to another process."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _exited(proc: subprocess.Popen[bytes]) -> bool:
    """Whether the engine's own process has ended, without reaping it (its id stays its group's)."""
    waitid = getattr(os, "waitid", None)
    if waitid is None:  # pragma: no cover - every system this runs on has waitid
        return proc.poll() is not None
    try:
        return waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def run(argv: tuple[str, ...], payload: bytes, timeout: float, limit: int = MAX_ANSWER_BYTES) -> Run:
    """Run the engine once: `payload` on its stdin, its stdout read up to `limit` bytes within `timeout`
    seconds; its process group killed before this returns. Failure when it cannot be started, writes more
    than `limit`, or neither exits nor closes its stdout in time."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, close_fds=True)
    except OSError as exc:
        raise Failure(f"cannot be started: {exc.strerror or exc}") from None
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    out, err = bytearray(), bytearray()
    sel = selectors.DefaultSelector()
    pidfd = None
    try:
        pidfd = os.pidfd_open(proc.pid) if hasattr(os, "pidfd_open") else None
    except OSError:  # pragma: no cover - a kernel before 5.3
        pidfd = None
    streams = {proc.stdout.fileno(): "out", proc.stderr.fileno(): "err"}
    for fd in streams:
        os.set_blocking(fd, False)
        sel.register(fd, selectors.EVENT_READ)
    stdin_fd = proc.stdin.fileno()
    os.set_blocking(stdin_fd, False)
    sent = 0
    if payload:
        sel.register(stdin_fd, selectors.EVENT_WRITE)
    else:
        proc.stdin.close()
    if pidfd is not None:
        sel.register(pidfd, selectors.EVENT_READ)
    deadline = start + timeout
    exited = closed = stopped = False
    problem: str | None = None

    def read(fd: int) -> bool:
        """Read what the engine wrote on fd; False at its end."""
        nonlocal problem
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if not chunk:
            return False
        if streams[fd] == "out":
            out.extend(chunk)
            if len(out) > limit:
                problem = f"its answer is larger than {limit:,} bytes (stopped there)"
        else:
            err.extend(chunk)
            del err[:-STDERR_BYTES]
        return True

    try:
        while problem is None:
            now = time.monotonic()
            if now >= deadline:
                if closed:  # it closed its stdout (answered) but did not exit: stopped, its answer taken
                    stopped = True
                    break
                problem = (f"gave no answer within {timeout:g} s" if not out else
                           f"neither exited nor closed its output within {timeout:g} s")
                break
            wait = deadline - now if pidfd is not None else min(deadline - now, POLL)
            for key, _mask in sel.select(wait):
                fd = int(key.fd)
                if fd == pidfd:
                    exited = True
                    sel.unregister(fd)
                elif fd == stdin_fd:
                    try:
                        sent += os.write(fd, payload[sent:sent + 65536])
                    except BlockingIOError:
                        continue
                    except OSError:  # it closed its stdin (it needs no more of the case)
                        sent = len(payload)
                    if sent >= len(payload):
                        sel.unregister(fd)
                        proc.stdin.close()
                elif not read(fd):
                    sel.unregister(fd)
                    if streams[fd] == "out":
                        closed = True
                        deadline = min(deadline, time.monotonic() + GRACE)
                if problem is not None:
                    break
            if problem is None and (exited or pidfd is None and _exited(proc)):
                # its answer is what it wrote before it ended (a child it left may hold the pipe open: no end
                # of file is awaited, only what is there now)
                for fd in [k.fd for k in sel.get_map().values() if int(k.fd) in streams]:
                    while problem is None and read(int(fd)):
                        if not _readable(int(fd)):
                            break
                exited = True
                break
    finally:
        _kill_group(proc)
        sel.close()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        if pidfd is not None:
            os.close(pidfd)
        proc.wait()
    seconds = time.monotonic() - start
    if problem is not None:
        raise Failure(problem + _said(err))
    return Run(bytes(out), None if stopped or not exited else proc.returncode, _last_line(err), seconds)


def _readable(fd: int) -> bool:
    """Whether fd has more to read now."""
    with selectors.DefaultSelector() as s:
        s.register(fd, selectors.EVENT_READ)
        return bool(s.select(0))


def _last_line(err: bytes | bytearray) -> str:
    lines = bytes(err).decode("utf-8", "replace").strip().splitlines()
    return printable(" ".join(lines[-1].split()))[:300] if lines else ""


def _said(err: bytes | bytearray) -> str:
    last = _last_line(err)
    return f" (its stderr: {last})" if last else ""


def answer(done: Run) -> dict[str, Any]:
    """The engine's answer: its stdout as strict UTF-8, JSON within the bounds of every input, of the shape
    of an answer (engine-answer-1.json); Failure naming what is wrong otherwise. A non-zero exit is a failure
    whatever it printed."""
    if done.returncode not in (0, None):
        code = done.returncode
        how = f"was killed by signal {-code}" if code < 0 else f"exited {code}"
        raise Failure(f"{how}" + (f": {done.stderr}" if done.stderr else ""))
    try:
        text = done.stdout.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Failure(f"its answer is not UTF-8 (byte {exc.start}: {done.stdout[exc.start:exc.start + 1]!r})"
                      + _tail(done)) from None
    if not text.strip():
        raise Failure("gave no answer (nothing on its stdout)" + _tail(done))
    try:
        data = load_json(text, "the answer")
    except InputError as exc:
        problem = exc.problem.removeprefix("malformed JSON: ")
        raise Failure(f"its answer is not JSON within the bounds of an input ({MAX_DEPTH} deep, {MAX_VALUES:,} "
                      f"values): {problem}: {_shown(text)}" + _tail(done)) from None
    from ..shape import problems

    found = problems(ANSWER_SCHEMA, data)
    if found:
        from jsonschema.exceptions import best_match

        error = best_match(found)
        where = "/" + "/".join(map(str, error.absolute_path))
        raise Failure(f"its answer is not of the protocol's shape at {where}: {printable(error.message)[:160]}")
    result: dict[str, Any] = data
    return result


def _shown(text: str) -> str:
    shown = printable(" ".join(text.split()))
    return repr(shown if len(shown) <= 80 else shown[:77] + "...")


def _tail(done: Run) -> str:
    return f" (its stderr: {done.stderr})" if done.stderr else ""
