"""Keeping a game played in the terminal (``ducksoup play``, every game): where it is saved, and how it ends.

Every game's ``play`` hands its loop to :func:`play_and_keep`, so that no game is ever lost and every
game ends the same way:

- The ``--save`` path is checked before the first move: its folder must exist, and a symbolic link
  (dangling or not) is refused, so the game is never written through a link. When a file of that
  name exists it is kept and the next free numbered name is used (``game-2.json``, ``game-3.json``
  ...). The game before its first move is then written, which proves the folder writable (``chmod``
  alone says nothing to root).
- The game is saved after every move: the whole trace is written to a temporary file created
  exclusively in the same folder, then linked to the new name (which fails rather than overwrite) or
  renamed over the file this game wrote, so the file always holds a whole trace and a crash, even
  ``kill -9``, loses at most the move in progress.
- A failed write (disk full, permission denied) says so in one line and keeps the game in memory.
  At a terminal the player is asked for another file; otherwise the game so far is written to
  standard error as JSON and the exit status is :data:`NOT_SAVED`.
- Ctrl-C, SIGTERM, SIGHUP (the terminal closed), the end of input and ``quit`` end the game with
  the statuses of :data:`PLAY_HELP`, and the game so far is in the file in every case.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from duckcheck.interrupts import signals_ignored, signals_raise
from duckcheck.trace import dump_trace

JSON = dict[str, Any]
Read = Callable[[str], str]
"""Asks the player for a line after a prompt; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""

FINISHED = 0
"""The game ended, or the player typed ``quit``, or the input ended."""
REFUSED = 2
"""The ``--save`` path was refused before the first move; nothing was played."""
NOT_SAVED = 74
"""The game could not be saved to a file (sysexits' EX_IOERR); it was written to standard error as JSON."""
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that end a game, each with the status ``128 + number``: 130, 143 and 129."""

PLAY_HELP = (
    "The game is saved to --save before the first move and after every move (written to a temporary "
    "file beside it and renamed, so the file always holds a whole trace and a crash loses at most the "
    "move in progress). An existing file is kept and the next free numbered name is used; a symbolic "
    "link, or a folder that does not exist or cannot be written, is refused before the first move. If a "
    "save fails later (a full disk, no permission), the game stays in memory: at a terminal you are "
    "asked for another file; otherwise the game so far is written to standard error as JSON.\n\n"
    "Exit status: 0 when the game ends, on 'quit' and at the end of input; 130 on Ctrl-C, 143 on "
    "SIGTERM, 129 on SIGHUP (the terminal closed); 2 when --save is refused; 74 when the game could not "
    "be saved to a file. Everything typed is shown as typed."
)
"""The part of every game's ``play --help`` that says how the game is kept and how it ends."""


class Quit(Exception):
    """The player typed ``quit``: save and stop."""


class Signalled(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived; ``number`` is the signal's."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


class SaveRefused(ValueError):
    """A save path that cannot be used; the message says why and what would do."""


class NotSaved(Exception):
    """A save failed where nobody can be asked for another file: the game must end, written elsewhere."""


def free_name(path: Path) -> Path:
    """``path`` if nothing has that name (not even a dangling link), else the first free ``NAME-2.json``,
    ``NAME-3.json`` ... beside it."""
    candidate, number = path, 1
    while os.path.lexists(candidate):
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def check_save_path(path: Path) -> None:
    """Refuse (:class:`SaveRefused`) a symbolic link or a path whose folder does not exist."""
    if path.is_symlink():
        raise SaveRefused(
            f"{path} is a symbolic link (to {os.readlink(path)}): a game is never saved through a link; "
            "give the path of a new file"
        )
    folder = path.parent
    if not folder.exists():
        raise SaveRefused(f"the folder {folder} does not exist: create it, or give a path in an existing folder")
    if not folder.is_dir():
        raise SaveRefused(f"{folder} is not a folder: give a path in an existing folder")
    if path.is_dir():
        raise SaveRefused(f"{path} is a folder: give the path of a file")


def describe_error(error: OSError) -> str:
    """An OS error in words, with its code: ``No space left on device (ENOSPC)``."""
    reason = error.strerror or str(error)
    code = errno.errorcode.get(error.errno or 0)
    return f"{reason} ({code})" if code else reason


class SaveFile:
    """The file a game is kept in: created exclusively by the first save, replaced atomically by the later ones."""

    def __init__(self, requested: Path) -> None:
        check_save_path(requested)
        self.requested = requested
        self.path: Path | None = None
        """The file written, once the first save has created it (``requested`` or a free numbered name)."""

    def write(self, text: str) -> None:
        """Write ``text`` to a temporary file in the folder, then make it the save file (OSError if it fails)."""
        temporary = _temporary_file(self.requested.parent, text)
        try:
            if self.path is None:
                self.path = _link_new(temporary, self.requested)
            else:
                os.replace(temporary, self.path)  # a rename: never follows a link put in the file's place
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)


def _temporary_file(folder: Path, text: str) -> Path:
    """A new file in ``folder`` (created exclusively, never through a link) holding ``text``, flushed to disk."""
    descriptor, name = tempfile.mkstemp(dir=folder, prefix=".ducksoup-", suffix=".tmp")
    try:
        os.fchmod(descriptor, 0o666 & ~_umask())  # as an ordinary new file: mkstemp's are private to the owner
        data = memoryview(text.encode("utf-8"))
        while data:
            data = data[os.write(descriptor, data) :]
        # No fsync: the rename alone keeps the file whole through any crash of the program (kill -9 too); an
        # fsync per move (5 ms here) would guard against a power cut at the cost of slowing scripted games.
    except BaseException:
        os.close(descriptor)
        os.unlink(name)
        raise
    os.close(descriptor)
    return Path(name)


def _umask() -> int:
    """The process's file mode creation mask (reading it means setting it: it is set back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _link_new(temporary: Path, requested: Path) -> Path:
    """Give ``temporary`` the first free name from ``requested`` on: a link fails rather than replace anything,
    so a name taken meanwhile (even by a link) is passed over."""
    while True:
        target = free_name(requested)
        try:
            os.link(temporary, target)
            return target
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK):
                raise
        try:  # a file system without hard links: reserve the name exclusively, then rename over it
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)))
        except FileExistsError:
            continue
        os.replace(temporary, target)
        return target


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP until the block ends, so that a save is never cut in the middle."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@dataclass(frozen=True)
class Ending:
    """How a game ended: what is said, the exit status, and whether the player can still be asked something."""

    words: str
    status: int
    can_ask: bool = False


OVER = Ending("", FINISHED, can_ask=True)
QUIT = Ending("stopped", FINISHED, can_ask=True)
END_OF_INPUT = Ending("stopped: the input ended before the game did", FINISHED)
GAVE_UP = Ending("", NOT_SAVED)
"""A save failed with nobody to ask for another file: the game is written to standard error at once."""
BY_SIGNAL = {
    signal.SIGINT: Ending("interrupted", 128 + signal.SIGINT),
    signal.SIGTERM: Ending("terminated (SIGTERM)", 128 + signal.SIGTERM),
    signal.SIGHUP: Ending("the terminal was closed (SIGHUP)", 128 + signal.SIGHUP),
}


class Keeper:
    """Keeps a game on disk: the trace after the last completed move, and whether the file holds it."""

    def __init__(self, file: SaveFile, console: Console, read: Read | None) -> None:
        self.file, self.console, self.read = file, console, read
        self.text = ""
        self.saved = False

    def start(self, trace: JSON) -> str | None:
        """Save the game before its first move; what went wrong, or None."""
        with _signals_held():
            self.text = dump_trace(trace)
            return self._write()

    def keep(self, trace: JSON) -> None:
        """Save ``trace``, the game after a completed move; if that fails, ask for another file or raise
        :class:`NotSaved` when nobody can be asked."""
        with _signals_held():
            self.text, self.saved = dump_trace(trace), False
            failure = self._write()
        if failure is None:
            return
        self.say(f"could not save the game to {self.where}: {failure}")
        if self.read is None:
            raise NotSaved
        self.ask_for_another_file()

    @property
    def where(self) -> Path:
        return self.file.path or self.file.requested

    def _write(self) -> str | None:
        """Write the last trace kept to the file; what went wrong, or None."""
        try:
            self.file.write(self.text)
        except OSError as error:
            return describe_error(error)
        self.saved = True
        return None

    def ask_for_another_file(self) -> None:
        """Ask for files until one is written, or the player presses Enter to play on unsaved for now."""
        assert self.read is not None
        self.say("the game is kept in memory: type another file to save it to, or press Enter to play on")
        while not self.saved:
            answer = self.read("save to> ").strip()
            if not answer:
                self.say(f"playing on: {self.where} will be tried again after the next move")
                return
            try:
                self.file = SaveFile(Path(answer).expanduser())
            except SaveRefused as error:
                self.say(f"not saved: {error}")
                continue
            with _signals_held():
                failure = self._write()
            if failure is not None:
                self.say(f"could not save the game to {self.where}: {failure}")
        self.say(f"saved as {self.where}")

    def settle(self, ending: Ending) -> None:
        """After the game, write the last trace kept if the file does not hold it yet, and if that fails ask for
        another file when the player can still answer."""
        if ending.words:
            self.say(f"\n{ending.words}")
        if self.saved:
            return
        with _signals_held():
            failure = self._write()
        if failure is None:
            return
        self.say(f"could not save the game to {self.where}: {failure}")
        if ending.can_ask and self.read is not None:
            with contextlib.suppress(EOFError, KeyboardInterrupt):
                self.ask_for_another_file()

    def conclude(self, ending: Ending) -> int:
        """Say where the game is (in its file, or else written to standard error) and give the exit status."""
        if not self.saved:
            self.say("the game so far is written to standard error as JSON")
            with contextlib.suppress(OSError):
                sys.stderr.write(self.text)
                sys.stderr.flush()
            return NOT_SAVED
        kept = f" ({self.file.requested} exists and is kept)" if self.where != self.file.requested else ""
        self.say(f"saved as {self.where}{kept}: replay it with 'ducksoup replay {self.where}'")
        return ending.status

    def say(self, line: str) -> None:
        """Print ``line`` as it is (paths and answers are typed by the player); a closed terminal is no error."""
        with contextlib.suppress(OSError):
            self.console.print(line, markup=False, emoji=False)


def play_and_keep(
    console: Console,
    save: Path,
    trace: Callable[[], JSON],
    play: Callable[[Read, Callable[[], None]], None],
    read: Read,
) -> int:
    """Play a game, kept in ``save`` from before its first move, and return the exit status.

    ``trace`` gives the game so far; ``play(read, moved)`` plays it to its end, asking the player with
    ``read`` and calling ``moved`` after every completed move (the player's or a bot's). ``quit`` is
    :class:`Quit`; the end of input EOFError.
    """
    try:
        file = SaveFile(save)
    except SaveRefused as error:
        return _refuse(save, str(error))
    keeper = Keeper(file, console, read if sys.stdin.isatty() else None)
    failure = keeper.start(trace())
    if failure is not None:
        reason = f"cannot write in {save.parent}: {failure}; give a path in a folder you can write to"
        return _refuse(save, reason)
    keeper.say(f"the game is saved to {keeper.where} after every move")
    with signals_raise(Signalled):
        try:
            play(read, lambda: keeper.keep(trace()))
            ending = OVER
        except Quit:
            ending = QUIT
        except EOFError:
            ending = END_OF_INPUT
        except Signalled as signalled:
            ending = BY_SIGNAL[signal.Signals(signalled.number)]
        except KeyboardInterrupt:
            ending = BY_SIGNAL[signal.SIGINT]
        except NotSaved:
            ending = GAVE_UP
        if ending is not GAVE_UP:
            with contextlib.suppress(KeyboardInterrupt):  # a second signal: what is not written yet goes to stderr
                keeper.settle(ending)
    with signals_ignored():
        return keeper.conclude(ending)


def _refuse(save: Path, reason: str) -> int:
    """Say in one line on standard error why ``--save`` cannot be used; the status :data:`REFUSED`."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"error: --save {save}: {reason}", markup=False, emoji=False
    )
    return REFUSED
