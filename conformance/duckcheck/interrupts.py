"""SIGTERM and SIGHUP handled like Ctrl-C, for every long-running command (the runner, ``play``).

A run that is told to stop by a signal should stop as it does on Ctrl-C: end what it started, write its
reports or save its game, and exit with the signal's status. The commands get there by raising an
exception that is a :class:`KeyboardInterrupt`, so the code that handles Ctrl-C handles the signals too.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""The signals that stop a run like Ctrl-C: a termination request and the terminal closing."""


@contextlib.contextmanager
def signals_raise(stop: Callable[[int], KeyboardInterrupt]) -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise ``stop(number)``; the previous handlers come back after it."""

    def interrupt(number: int, frame: object) -> None:
        raise stop(number)

    with _handled(STOPPING_SIGNALS, interrupt):
        yield


@contextlib.contextmanager
def alarm_calls(seconds: float, call: Callable[[], None]) -> Iterator[None]:
    """Within the block, ``call()`` runs once ``seconds`` of real time have passed (it may raise, to stop the work
    under way: a time budget); the timer is cancelled after the block. Off the main thread nothing is set, and the
    caller checks its clock instead."""

    def ring(number: int, frame: object) -> None:
        call()

    with _handled((signal.SIGALRM,), ring):
        if threading.current_thread() is threading.main_thread():
            signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
        try:
            yield
        finally:
            if threading.current_thread() is threading.main_thread():
                signal.setitimer(signal.ITIMER_REAL, 0)


@contextlib.contextmanager
def signals_ignored() -> Iterator[None]:
    """Within the block, Ctrl-C, SIGTERM and SIGHUP are ignored (one that arrives meanwhile is dropped): for
    the work of stopping (ending an implementation's processes, the last save of a game), which a second
    signal must not cut short."""
    with _handled((signal.SIGINT, *STOPPING_SIGNALS), signal.SIG_IGN):
        yield


@contextlib.contextmanager
def _handled(numbers: Iterable[signal.Signals], handler: Any) -> Iterator[None]:
    """``handler`` for each of ``numbers`` within the block, the previous handlers after it. Only the main
    thread may set handlers, so elsewhere (a command run by a test in a thread) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, handler) for number in numbers}
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)
