"""What the program prints, run at build time: a protocol session with the reference adapter
(``.. adapter-session::``), a ``ducksoup`` command (``.. ducksoup-command::``) and the tutorial's
``ducksoup check`` (``.. tutorial-check::``), so that no output on a page is typed by hand."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from duckcheck import PROTOCOL_VERSION
from ducksoup_docs.common import JSON, GeneratedDirective, suite

SESSION_TRACE = "ds-edge-forgotten-quack"


def adapter_session(command: Sequence[str], trace: JSON, acts: int = 2) -> list[tuple[str, str]]:
    """Run an adapter on the start of ``trace``: hello, start, one action out of turn, ``acts`` real actions.

    Returns the transcript as (direction, line) pairs: ``>`` runner to adapter, ``<`` adapter to runner.
    """
    requests: list[JSON] = [{"cmd": "hello", "protocol": PROTOCOL_VERSION}]
    requests.append(
        {
            "cmd": "start",
            "seq": 1,
            "trace": trace["id"],
            "game": trace["game"],
            "scope": trace["scope"],
            "options": trace["options"],
            "players": trace["players"],
            "dealer": trace["dealer"],
            "decks": trace["decks"],
        }
    )
    seq = 2
    for index, step in enumerate(trace["steps"][:acts]):
        requests.append({"cmd": "act", "seq": seq, "action": step["action"]})
        seq += 1
        if index == 0:  # the same player again: out of turn
            requests.append({"cmd": "act", "seq": seq, "action": {**step["action"], "play": "AC"}})
            seq += 1
    requests.append({"cmd": "bye"})
    text = "".join(json.dumps(request, separators=(",", ":")) + "\n" for request in requests)
    done = subprocess.run(command, input=text, capture_output=True, text=True, timeout=120, check=True)
    replies = done.stdout.splitlines()
    transcript: list[tuple[str, str]] = []
    for request in requests:
        transcript.append((">", json.dumps(request, separators=(",", ":"))))
        if request["cmd"] != "bye":
            transcript.append(("<", replies.pop(0)))
    return transcript


def adapter_session_rst(transcript: Sequence[tuple[str, str]]) -> list[str]:
    lines = [".. code-block:: text", "   :class: ds-session", ""]
    lines += [f"   {direction} {line}" for direction, line in transcript]
    return [*lines, ""]


@cache
def reference_session() -> tuple[tuple[str, str], ...]:
    trace = next(trace for trace in suite() if trace["id"] == SESSION_TRACE)
    return tuple(adapter_session([sys.executable, "-m", "ducksoup", "adapter"], trace))


# Command output ----------------------------------------------------------------------------


def command_output(arguments: Sequence[str], cwd: Path) -> list[str]:
    """The lines ``ducksoup ARGUMENTS`` prints, run in ``cwd`` with suit symbols and no colour codes."""
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update({"TERM": "xterm", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"})
    done = subprocess.run(
        [sys.executable, "-m", "ducksoup", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=environment,
    )
    if done.returncode != 0:
        raise ValueError(f"ducksoup {' '.join(arguments)} exited with {done.returncode}: {done.stderr.strip()}")
    return done.stdout.splitlines()


def command_rst(arguments: Sequence[str], output: Sequence[str], first: int | None, start: str | None) -> list[str]:
    """A console block: the command, then its output (from the line containing ``start``, ``first`` lines)."""
    shown = list(output)
    if start is not None:
        found = [index for index, line in enumerate(shown) if start in line]
        if not found:
            raise ValueError(f"no line of the output of ducksoup {' '.join(arguments)} contains {start!r}")
        shown = shown[found[0] :]
    if first is not None and len(shown) > first:
        shown = [*shown[:first], "..."]
    lines = [".. code-block:: text", ""]
    lines += ["   $ ducksoup " + " ".join(arguments)]
    lines += [f"   {line}" if line else "" for line in shown]
    return [*lines, ""]


def tutorial_check(
    adapter: Path, extra: Sequence[str] = (), replace: tuple[str, str] | None = None
) -> tuple[int, list[str]]:
    """Run ``ducksoup check`` on a copy of the tutorial's adapter (changed by ``replace``, if given).

    Runs in a temporary folder, so that the runner's cache of failures stays out of the source tree.
    Returns the exit status and the lines printed.
    """
    text = adapter.read_text(encoding="utf-8")
    if replace is not None:
        if replace[0] not in text:
            raise ValueError(f"{adapter.name} does not contain {replace[0]!r}")
        text = text.replace(replace[0], replace[1], 1)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / adapter.name).write_text(text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "ducksoup", "check", "--impl", f"{shlex.quote(sys.executable)} {adapter.name}"]
            + list(extra),
            cwd=folder,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=600,
            env={**os.environ, "COLUMNS": "200", "TERM": "xterm"},
        )
    return done.returncode, done.stdout.splitlines()


class AdapterSession(GeneratedDirective):
    """``.. adapter-session::``: a real session with the bundled reference adapter."""

    def lines(self) -> list[str]:
        return adapter_session_rst(reference_session())


class DucksoupCommand(GeneratedDirective):
    """``.. ducksoup-command:: explain FILE --as 0``: the command run at build time, with its output.

    ``:lines: N`` keeps the first N lines; ``:from: TEXT`` starts at the first line containing TEXT.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {"lines": directives.positive_int, "from": directives.unchanged}

    def lines(self) -> list[str]:
        arguments = self.arguments[0].split()
        folder = Path(self.env.doc2path(self.env.docname)).parent
        for argument in arguments:
            if (folder / argument).is_file():
                self.env.note_dependency(str(folder / argument))
        output = command_output(arguments, folder)
        return command_rst(arguments, output, self.options.get("lines"), self.options.get("from"))


class TutorialCheck(GeneratedDirective):
    """``.. tutorial-check:: tiny_adapter.py``: ``ducksoup check`` run on the tutorial's adapter at build time.

    ``:args:`` adds options to the command; ``:replace: OLD => NEW`` breaks a copy of the adapter on
    purpose; ``:status:`` is the exit status expected (0 by default), anything else is a warning.
    """

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "args": directives.unchanged,
        "replace": directives.unchanged,
        "status": directives.nonnegative_int,
    }

    def lines(self) -> list[str]:
        adapter = Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]
        self.env.note_dependency(str(adapter))
        extra = shlex.split(self.options.get("args", ""))
        replace = None
        if "replace" in self.options:
            old, _, new = self.options["replace"].partition(" => ")
            replace = (old, new)
        status, output = tutorial_check(adapter, extra, replace)
        if status != self.options.get("status", 0):
            raise ValueError(f"ducksoup check exited with {status}: {' / '.join(output[-3:])}")
        command = f'ducksoup check --impl "python3 {adapter.name}"' + "".join(f" {shlex.quote(a)}" for a in extra)
        return [".. code-block:: text", "", f"   $ {command}", *(f"   {line}" if line else "" for line in output), ""]


def setup(app: Sphinx) -> None:
    app.add_directive("adapter-session", AdapterSession)
    app.add_directive("ducksoup-command", DucksoupCommand)
    app.add_directive("tutorial-check", TutorialCheck)
