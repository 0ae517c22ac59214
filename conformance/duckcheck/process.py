"""The implementation under test as a subprocess: lines in, lines out, and nothing it does can stop the runner.

The program runs in a session (and process group) of its own, so that everything it starts
(a wrapper script's child, a helper process) can be ended with it: on a timeout, before a
restart, at the end of the run and when the runner is interrupted, the whole group is ended.
A process that leaves the session (``setsid``, a daemon) escapes the group, but not the mark
(:data:`MARK`) it inherited in its environment: where ``/proc`` shows environments (Linux), the
marked processes are ended with the group. Elsewhere, or for a process started with a cleared
environment, they are not.

Requests are written by a writer thread and replies read by a reader thread; neither ever
waits on a pipe without a bound (they poll, and stop when told), so a program or a grandchild
that stops reading, stops writing or holds a pipe open never blocks the runner: a missing reply
is a timeout. Lines longer than :data:`MAX_LINE` are discarded and reported; standard error is
drained continuously and only its last lines are kept, for error messages.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import secrets
import select
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from duckcheck.protocol import BYE, ProtocolError, encode
from duckcheck.untrusted import shown

MAX_LINE = 1 << 20
"""The longest reply line accepted, in bytes (a canonical state is well under 2 KB)."""
STDERR_LINE = 2000
"""Standard error lines are cut to this many bytes."""
POLL = 0.1
"""How often (seconds) a waiting reader or writer looks whether it has been told to stop."""
CHUNK = 1 << 16
"""Bytes read from a pipe at a time."""
GRACE = 1.0
"""Seconds a program has to exit after ``bye`` before its process group is ended."""
MARK = "DUCKCHECK_RUN"
"""The environment variable that marks every process a start of the program makes: a mark new at each start
(after those of the runs the runner itself runs in, separated by spaces), which the processes inherit, so
that those that leave the program's session (``setsid``, a daemon's double fork) are found by it (in
``/proc``, on Linux) and ended with the program."""
EXITED_GRACE = 2.0
"""Seconds to wait for the last output of a program that has exited, when something it started still
holds its output open; after that, the program is taken to have stopped answering."""


class CannotStart(RuntimeError):
    """The program could not be started at all."""


class OutOfTime(Exception):
    """The run's overall time limit (:attr:`Implementation.deadline`) came while waiting for the program."""


LOG_LIMIT = 10 * 1024 * 1024
"""The most bytes the raw I/O log of one trace holds by default (10 MiB); the rest is counted, not written."""


class IOLog:
    """The raw I/O of one trace (requests ``>``, replies ``<``), written to ``path`` up to ``limit`` bytes.

    A program that answers with megabytes a step must not fill the disk: the first line that would
    pass the limit is replaced by a line saying the log is cut there, and the log ends by saying how
    much was left out. Only whole lines are written.
    """

    def __init__(self, path: Path, limit: int = LOG_LIMIT) -> None:
        self.file = path.open("w", encoding="utf-8", errors="backslashreplace")
        self.limit = limit
        self.written = 0
        self.dropped = 0
        self.dropped_lines = 0

    def write(self, text: str) -> None:
        for line in text.splitlines(keepends=True):
            size = len(line.encode("utf-8", errors="backslashreplace"))
            if self.dropped_lines or self.written + size > self.limit:
                if not self.dropped_lines:
                    self.file.write(f"[log truncated here: it reached its limit of {_size(self.limit)}]\n")
                self.dropped += size
                self.dropped_lines += 1
                continue
            self.file.write(line)
            self.written += size

    def close(self) -> None:
        if self.dropped_lines:
            self.file.write(
                f"[log truncated: {self.dropped_lines:,} more line(s), {self.dropped:,} bytes, were not logged; "
                f"raise the limit with --log-io-limit]\n"
            )
        self.file.close()


def _size(count: int) -> str:
    """A number of bytes for people: ``10 MiB``, ``64 KiB``, ``1,000 bytes``."""
    for unit, name in ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
        if count >= unit and count % unit == 0:
            return f"{count // unit:,} {name}"
    return f"{count:,} bytes"


class LineTooLong:
    """A reply line that exceeded :data:`MAX_LINE`; it was discarded."""

    def __init__(self, length: int) -> None:
        self.length = length


Line = str | LineTooLong | None  # None: the end of the output


def _wait_readable(descriptor: int, stop: threading.Event) -> bool:
    """Wait until ``descriptor`` can be read; False if told to stop first."""
    while not stop.is_set():
        with contextlib.suppress(InterruptedError):
            if select.select([descriptor], [], [], POLL)[0]:
                return True
    return False


def pump(descriptor: int, put: Callable[[Line], None], limit: int, stop: threading.Event) -> None:
    """Read ``descriptor`` line by line into ``put`` (lines without their newline), until the end of the
    output or until ``stop`` is set; a line over ``limit`` bytes becomes :class:`LineTooLong`. Ends with
    ``put(None)`` and closes the descriptor."""
    pending = bytearray()
    discarding = -1  # the length so far of an overlong line being discarded; -1 when none
    try:
        while _wait_readable(descriptor, stop):
            try:
                chunk = os.read(descriptor, CHUNK)
            except (BlockingIOError, InterruptedError):
                continue
            if not chunk:
                break
            start = 0
            while start < len(chunk):
                end = chunk.find(b"\n", start)
                piece = chunk[start:] if end < 0 else chunk[start:end]
                start = len(chunk) if end < 0 else end + 1
                if discarding >= 0:
                    discarding += len(piece)
                elif len(pending) + len(piece) > limit:
                    discarding = len(pending) + len(piece)
                    pending.clear()
                else:
                    pending += piece
                if end >= 0:
                    if discarding >= 0:
                        put(LineTooLong(discarding + 1))
                        discarding = -1
                    else:
                        put(pending.decode("utf-8", errors="replace"))
                        pending.clear()
        if pending and not stop.is_set():
            put(pending.decode("utf-8", errors="replace"))
    except OSError:
        pass
    finally:
        put(None)
        with contextlib.suppress(OSError):
            os.close(descriptor)


def write_all(descriptor: int, requests: queue.Queue[bytes | None], stop: threading.Event) -> None:
    """Write each item of ``requests`` to ``descriptor`` until None, ``stop`` or a closed pipe; then close it."""
    try:
        os.set_blocking(descriptor, False)
        while (data := requests.get()) is not None:
            view = memoryview(data)
            while view:
                if stop.is_set():
                    return
                with contextlib.suppress(InterruptedError):
                    if not select.select([], [descriptor], [], POLL)[1]:
                        continue
                try:
                    view = view[os.write(descriptor, view) :]
                except (BlockingIOError, InterruptedError):
                    continue
    except OSError:
        pass  # the program closed its input (or ended): nothing more to write
    finally:
        with contextlib.suppress(OSError):
            os.close(descriptor)


_RUNNING: weakref.WeakSet[Implementation] = weakref.WeakSet()


@atexit.register
def _end_all() -> None:
    """A last resort: end the process group of every implementation still running when the runner exits."""
    for implementation in list(_RUNNING):
        implementation.end_group()


class Implementation:
    """A running adapter program, in its own session and process group."""

    def __init__(self, command: Sequence[str], timeout: float = 10.0) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.replies: queue.Queue[Line] = queue.Queue()
        self.requests: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.log: IOLog | None = None
        self.deadline: float | None = None
        """When the whole run must stop (a :func:`time.monotonic` time), or None: past it, :meth:`reply` raises
        :class:`OutOfTime` instead of waiting on."""
        self.starts = 0
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.mark = ""
        """The value of :data:`MARK` in the environment of the program's latest start."""

    def launch(self) -> None:
        if not self.command:
            raise CannotStart("no command to start the implementation")
        self.mark = f"{os.getpid()}-{secrets.token_hex(8)}"
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                env={**os.environ, MARK: _marks_with(self.mark)},
            )
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise CannotStart(f"cannot start {shown(shlex.join(self.command), 300)}: {reason}") from None
        self.starts += 1
        _RUNNING.add(self)
        self.replies, self.requests, self.stop = queue.Queue(), queue.Queue(), threading.Event()
        self.stderr_tail.clear()
        process = self.process
        assert process.stdout is not None and process.stderr is not None and process.stdin is not None
        # The threads own copies of the descriptors and close them when they end; the Popen's own are closed now.
        out, err, into = (os.dup(stream.fileno()) for stream in (process.stdout, process.stderr, process.stdin))
        for stream in (process.stdout, process.stderr, process.stdin):
            stream.close()
        self.threads = []
        for target, args in (
            (pump, (out, self.replies.put, MAX_LINE, self.stop)),
            (pump, (err, self._keep_stderr, STDERR_LINE, self.stop)),
            (write_all, (into, self.requests, self.stop)),
        ):
            thread = threading.Thread(target=target, args=args, daemon=True)
            thread.start()
            self.threads.append(thread)

    def _keep_stderr(self, line: Line) -> None:
        if isinstance(line, str):
            self.stderr_tail.append(line.rstrip("\r"))

    def send(self, messages: Iterable[dict[str, Any]]) -> None:
        """Queue ``messages`` for writing; never blocks."""
        text = "".join(encode(message) for message in messages)
        if self.log is not None:
            self.log.write("".join(f"> {line}\n" for line in text.splitlines()))
        self.requests.put(text.encode("utf-8"))

    def reply(self) -> str:
        """The next reply line; :class:`ProtocolError` on a timeout, an overlong line or the end of output,
        :class:`OutOfTime` when the run's :attr:`deadline` passes while waiting.

        If the program has exited but something it started still holds its output open, the end of
        the output is taken to have come :data:`EXITED_GRACE` seconds after the exit.
        """
        deadline = time.monotonic() + self.timeout
        exited_at: float | None = None
        while True:
            left = min(deadline, self.deadline or deadline) - time.monotonic()
            try:
                line = self.replies.get(timeout=max(min(left, POLL * 2), 0.001))
                break
            except queue.Empty:
                self.check_time()
            now = time.monotonic()
            if exited_at is None and not self.alive:
                exited_at = now
            if exited_at is not None and now - exited_at >= EXITED_GRACE:
                line = None
                break
            if now >= deadline:
                raise ProtocolError(f"no reply within {self.timeout:g} s (the implementation may hang)")
        if isinstance(line, LineTooLong):
            raise ProtocolError(f"a reply line of {line.length:,} bytes, over the limit of {MAX_LINE:,}")
        if line is None:
            self.replies.put(None)
            ended = self.exit_description()
            if self.process is not None and self.process.poll() is not None and len(self.threads) > 1:
                self.threads[1].join(timeout=1.0)  # the program has exited: let its last words on stderr arrive
            raise ProtocolError(f"the implementation stopped answering ({ended}){self.last_words()}")
        if self.log is not None:
            self.log.write(f"< {line.rstrip()}\n")
        return line

    def check_time(self) -> None:
        """:class:`OutOfTime` if the run's :attr:`deadline` has passed."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise OutOfTime("the run's time limit was reached")

    def exit_description(self) -> str:
        if self.process is None:
            return "not started"
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=0.5)
        code = self.process.poll()
        if code is None:
            return "it closed its output but is still running"
        return f"exit status {code}" if code >= 0 else f"killed by signal {-code}"

    def last_words(self) -> str:
        tail = [line for line in self.stderr_tail if line.strip()][-3:]
        return f"; its last words on standard error: {' / '.join(tail)}" if tail else ""

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def close(self, polite: bool = True) -> None:
        """End the program and everything it started; every wait is bounded.

        ``polite``: say ``bye`` and give it :data:`GRACE` seconds to exit first (not when interrupted).
        Then its whole process group is ended (SIGTERM, then SIGKILL), the program reaped, and the
        reader and writer threads told to stop.
        """
        process = self.process
        if process is None:
            return
        try:
            if polite and self.alive:
                self.send([BYE])
                self.requests.put(None)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=GRACE)
        finally:
            self.end_group()
            self.requests.put(None)
            self.stop.set()
            for thread in self.threads:
                if thread.ident is not None:  # started (an interruption may come between creating and starting)
                    thread.join(timeout=POLL * 5)
            self.process = None
            _RUNNING.discard(self)

    def end_group(self) -> None:
        """SIGTERM to the program's process group and to every process carrying its mark, SIGKILL a moment later
        to whatever is left; reap the program."""
        process = self.process
        if process is None:
            return
        group = process.pid  # the program leads its own session, so its group's ID is its process ID
        try:
            if _anything_left(group, self.mark):
                _signal_all(group, self.mark, signal.SIGTERM)
                until = time.monotonic() + 0.2
                while time.monotonic() < until and _anything_left(group, self.mark):
                    time.sleep(0.01)
        finally:
            if _anything_left(group, self.mark):
                _signal_all(group, self.mark, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired, OSError):
                process.wait(timeout=5)


def _signal_all(group: int, mark: str, number: int) -> None:
    """Send ``number`` to the program's process group and to every process that carries its ``mark``."""
    _signal_group(group, number)
    for pid in marked_processes(mark):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, number)


def _anything_left(group: int, mark: str) -> bool:
    return _group_alive(group) or bool(marked_processes(mark))


def marked_processes(mark: str) -> list[int]:
    """The live processes (never this one) whose environment holds ``DUCKCHECK_RUN=mark``, from ``/proc``;
    none where there is no ``/proc`` or where a process's environment cannot be read.

    The environment is the one a process was started with: a program that clears it before
    starting another one, and that one leaves the session, is not found.
    """
    if not mark:
        return []
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    prefix, wanted = f"{MARK}=".encode(), mark.encode()
    found = []
    for name in names:
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as environ:
                variables = environ.read().split(b"\0")
        except OSError:
            continue
        marks = next((v.removeprefix(prefix).split() for v in variables if v.startswith(prefix)), [])
        if wanted in marks:
            found.append(int(name))
    return found


def _marks_with(mark: str) -> str:
    """The value of :data:`MARK` for a program started now: the marks of the runs this runner runs in (a runner
    checked by another one), and ``mark``, so that each run finds what it started."""
    return " ".join([*os.environ.get(MARK, "").split(), mark])


def _signal_group(group: int, number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, number)


def _group_alive(group: int) -> bool:
    """Whether a process of ``group`` is left that is not a zombie (where ``/proc`` cannot tell, any member)."""
    try:
        os.killpg(group, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return bool(group_members(group))


def group_members(group: int) -> list[int]:
    """The live (not zombie) processes of ``group``, from ``/proc``; ``[group]`` where there is no ``/proc``."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return [group]
    members = []
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat_file:
                fields = stat_file.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 2 and int(fields[2]) == group and fields[0] not in (b"Z", b"X"):
            members.append(int(name))
    return members
