"""A progress bar for long work on a file, shown only when the work is long and someone watches.

Reading a file the size of the suite takes a fraction of a second and says nothing; reading one of
thousands of steps may take seconds, and then a bar on standard error (a terminal only: never in a
pipe, a log or a test's captured output) says how far it is. The bar disappears when the work ends.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

QUIET_SECONDS = 2.0
"""How long work may take before its progress is shown."""
CHECK_EVERY = 256
"""How many items go by between two looks at the clock (looking costs more than an item of cheap work)."""


def progress_display(console: Console, redirect_stdout: bool = True) -> Progress:
    """The progress bar of every long piece of work (reading a file, a simulation): what, how far of how many,
    and the time left; gone from the terminal when the work ends.

    While it shows, what is written to standard output is printed above the bar; ``redirect_stdout`` false leaves
    standard output alone (for work that streams its results to a file or a pipe while the bar is on the terminal).
    """
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        redirect_stdout=redirect_stdout,
    )


@contextmanager
def slow_progress(
    total: int, what: str, console: Console | None = None, quiet: float = QUIET_SECONDS
) -> Iterator[Callable[[int], None]]:
    """Yields the function to call with the number of items done so far (of ``total``); once the work has taken
    ``quiet`` seconds, a progress bar labelled ``what`` shows on ``console`` (standard error) if it is a terminal."""
    console = console or Console(stderr=True)
    started = time.monotonic()
    bar: Progress | None = None
    task = None

    def advance(done: int) -> None:
        nonlocal bar, task
        if done % CHECK_EVERY:
            return
        if bar is None:
            if not console.is_terminal or time.monotonic() - started < quiet:
                return
            bar = progress_display(console)
            bar.start()
            task = bar.add_task(what, total=total)
        assert task is not None
        bar.update(task, completed=done)

    try:
        yield advance
    finally:
        if bar is not None:
            bar.stop()
