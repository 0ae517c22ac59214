"""The implementation under test as a subprocess: lines in, lines out, and nothing it does can stop the runner.

Requests are written by a writer thread and replies read by a reader thread, so a program that
stops reading or writing never blocks the runner: a missing reply is a timeout. Lines longer
than :data:`MAX_LINE` are discarded and reported; standard error is drained continuously and
only its last lines are kept, for error messages.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, TextIO

from duckcheck.protocol import BYE, ProtocolError, encode

MAX_LINE = 1 << 20
"""The longest reply line accepted, in bytes (a canonical state is well under 2 KB)."""
STDERR_LINE = 2000
"""Standard error lines are cut to this many bytes."""


class CannotStart(RuntimeError):
    """The program could not be started at all."""


class LineTooLong:
    """A reply line that exceeded :data:`MAX_LINE`; it was discarded."""

    def __init__(self, length: int) -> None:
        self.length = length


Line = str | LineTooLong | None  # None: the end of the output


def pump(stream: IO[bytes], put: Callable[[Line], None], limit: int) -> None:
    """Read ``stream`` line by line into ``put``; overlong lines become :class:`LineTooLong`."""
    with contextlib.suppress(OSError, ValueError):
        while True:
            line = stream.readline(limit + 1)
            if not line:
                break
            if len(line) > limit and not line.endswith(b"\n"):
                length = len(line)
                while line and not line.endswith(b"\n"):
                    line = stream.readline(limit)
                    length += len(line)
                put(LineTooLong(length))
            else:
                put(line.decode("utf-8", errors="replace"))
    put(None)


class Implementation:
    """A running adapter program."""

    def __init__(self, command: Sequence[str], timeout: float = 10.0) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.replies: queue.Queue[Line] = queue.Queue()
        self.requests: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.log: TextIO | None = None
        self.starts = 0

    def launch(self) -> None:
        try:
            self.process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise CannotStart(f"cannot start {shlex.join(self.command)}: {reason}") from None
        self.starts += 1
        self.replies, self.requests = queue.Queue(), queue.Queue()
        process = self.process
        assert process.stdout is not None and process.stderr is not None and process.stdin is not None
        threading.Thread(target=pump, args=(process.stdout, self.replies.put, MAX_LINE), daemon=True).start()
        threading.Thread(target=pump, args=(process.stderr, self._keep_stderr, STDERR_LINE), daemon=True).start()
        threading.Thread(target=self._write, args=(process.stdin, self.requests), daemon=True).start()

    def _keep_stderr(self, line: Line) -> None:
        if isinstance(line, str):
            self.stderr_tail.append(line.rstrip("\n"))

    @staticmethod
    def _write(stdin: IO[bytes], requests: queue.Queue[bytes | None]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while (data := requests.get()) is not None:
                stdin.write(data)
                stdin.flush()
        with contextlib.suppress(OSError, ValueError):
            stdin.close()

    def send(self, messages: Iterable[dict[str, Any]]) -> None:
        """Queue ``messages`` for writing; never blocks."""
        text = "".join(encode(message) for message in messages)
        if self.log is not None:
            self.log.write("".join(f"> {line}\n" for line in text.splitlines()))
        self.requests.put(text.encode("utf-8"))

    def reply(self) -> str:
        """The next reply line; :class:`ProtocolError` on a timeout, an overlong line or the end of output."""
        try:
            line = self.replies.get(timeout=self.timeout)
        except queue.Empty:
            raise ProtocolError(f"no reply within {self.timeout:g} s (the implementation may hang)") from None
        if isinstance(line, LineTooLong):
            raise ProtocolError(f"a reply line of {line.length:,} bytes, over the limit of {MAX_LINE:,}")
        if line is None:
            self.replies.put(None)
            raise ProtocolError(f"the implementation stopped answering ({self.exit_description()}){self.last_words()}")
        if self.log is not None:
            self.log.write(f"< {line.rstrip()}\n")
        return line

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

    def close(self) -> None:
        """Say bye, then end the program if it does not exit promptly."""
        if self.process is None:
            return
        if self.alive:
            self.send([BYE])
            self.requests.put(None)
            try:
                self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self.process.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=5)
        self.requests.put(None)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.process = None
