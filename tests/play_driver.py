"""Driving ``ducksoup play`` as a person would, in a pseudo-terminal: every game's play tests use it.

:func:`drive` starts ``ducksoup play`` on a pseudo-terminal 80 columns wide (so it sees a terminal, as a
person's game does: prompts, echo, and a save that fails asks for another file), with plain output
(``NO_COLOR``), and answers each prompt with what ``answer`` says: by default the first option of the last
``your options:`` line. The transcript comes back with the typed lines echoed after their prompts.
"""

from __future__ import annotations

import fcntl
import itertools
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PROMPT = re.compile(r"(you( \w+)?|save to)> $")
"""A prompt waiting for a line: ``you play> ``, ``you> ``, ``save to> ``."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
COLUMNS = 80


@dataclass(frozen=True)
class Turn:
    """What the player sees when asked: the transcript so far, the options of the last ``your options:`` line (each
    as typed), and how many times they have been asked."""

    transcript: str
    options: list[str]
    asked: int


Answer = Callable[[Turn], str | None]
"""What to type at a prompt; None sends a Ctrl-C."""


def first_option(turn: Turn) -> str:
    return turn.options[0]


def last_option(turn: Turn) -> str:
    return turn.options[-1]


def scripted(lines: list[str], then: Answer = first_option) -> Answer:
    """Type ``lines`` at the first prompts, one each, then answer as ``then`` does."""

    def answer(turn: Turn) -> str | None:
        return lines[turn.asked] if turn.asked < len(lines) else then(turn)

    return answer


def options_of(transcript: str) -> list[str]:
    """The options of the last ``your options:`` line and the indented lines that continue it (a long list is
    wrapped to the terminal's width), each as it is typed (what precedes `` (``)."""
    lines = transcript.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith("your options: ")]
    if not starts:
        return []
    listed = [lines[starts[-1]].removeprefix("your options: ")]
    listed += [
        line.strip() for line in itertools.takewhile(lambda line: line.startswith("  "), lines[starts[-1] + 1 :])
    ]
    return [option.split(" (", 1)[0] for option in " ".join(listed).split(", ")]


def drive(arguments: list[str], folder: Path, answer: Answer = first_option, timeout: float = 120) -> tuple[int, str]:
    """Play ``ducksoup play ARGUMENTS`` in ``folder`` through its prompts; the exit status and the transcript."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, COLUMNS, 0, 0))
    environment = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(COLUMNS), "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "play", *arguments],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=folder,
        env=environment,
        start_new_session=True,
    )
    os.close(slave)
    output, asked, answered_at = "", 0, -1
    deadline = time.monotonic() + timeout
    try:
        while True:
            ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError(f"ducksoup play did not finish in {timeout} s:\n{output[-3000:]}")
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other side closed: the game is over
                break
            if not chunk:
                break
            output += ANSI.sub("", chunk.decode("utf-8", errors="replace")).replace("\r\n", "\n")
            if len(output) != answered_at and PROMPT.search(output.rsplit("\n", 1)[-1]):
                line = answer(Turn(output, options_of(output), asked))
                asked, answered_at = asked + 1, len(output)
                if line is None:
                    process.send_signal(signal.SIGINT)
                else:
                    os.write(master, (line + "\n").encode())
    finally:
        os.close(master)
        if process.poll() is None:
            process.kill()
    return process.wait(timeout=10), output


CITED = re.compile(r"§(\d+)|\b([A-Z]{2}-R\d+)\b")


def sections_of(game: str) -> set[str]:
    """The sections the spec of ``game`` (its package name, ``duck_soup``) has a module for (``Rules §4``)."""
    import importlib
    import pkgutil

    package = importlib.import_module(f"duckspec.{game}")
    found = set()
    for module in pkgutil.iter_modules(package.__path__):
        doc = importlib.import_module(f"duckspec.{game}.{module.name}").__doc__ or ""
        found |= set(re.findall(r"Rules §(\d+)", doc))
    return found


def unknown_citations(game: str, lines: list[str]) -> list[str]:
    """The sections (``§4``, ``§4.3`` by its section) and rulings cited in ``lines`` that the spec of ``game`` does
    not have; and, as ``"none"``, a list of lines that cite nothing at all."""
    from duckspec.rulings import load_rulings

    rulings = {ruling.id for ruling in load_rulings(game)}
    sections = sections_of(game)
    unknown = []
    cited = 0
    for line in lines:
        for section, ruling in CITED.findall(line):
            cited += 1
            if section and section not in sections:
                unknown.append(f"§{section}")
            if ruling and ruling not in rulings:
                unknown.append(ruling)
    return unknown if cited else ["none"]


def rules_answer(transcript: str) -> list[str]:
    """The lines of the first answer to ``rules``."""
    lines = transcript.splitlines()
    start = lines.index("the rules now:") + 1
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("  "))
    return lines[start:end]
