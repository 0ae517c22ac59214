"""SIGTERM and SIGHUP handled like Ctrl-C, for every long-running command (the runner, ``play``).

A run that is told to stop by a signal should stop as it does on Ctrl-C: end what it started, write its
reports or save its game, and exit with the signal's status. The commands get there by raising an
exception that is a :class:`KeyboardInterrupt`, so the code that handles Ctrl-C handles the signals too.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""The signals that stop a run like Ctrl-C: a termination request and the terminal closing."""


@contextlib.contextmanager
def signals_raise(stop: Callable[[int], KeyboardInterrupt]) -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise ``stop(number)``; the previous handlers come back after it.

    Only the main thread may set handlers, so elsewhere (a command run by a test in a thread) the block runs
    with the handlers as they are.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(number: int, frame: object) -> None:
        raise stop(number)

    previous = {number: signal.signal(number, interrupt) for number in STOPPING_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
