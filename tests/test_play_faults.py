"""``ducksoup play`` never loses a game, in every game of the family, whatever ends it.

Each test drives the command line in a real process, as a person or a script would: it answers the first
prompts with the first move offered, then at a chosen prompt does something that ends or endangers the
game (``quit``, the end of input, Ctrl-C, SIGTERM, SIGHUP, ``kill -9``, a full disk, a folder it may not
write). The game saved must then hold every completed move: it is byte for byte the file that ``quit``
leaves at that same prompt (the games are deterministic for a seed), whose own moves are counted and
replayed. The statuses are the documented ones (:mod:`ducksoup.saving`).
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.trace import validate_trace
from ducksoup.cli import main

FAILING_DISK = Path(__file__).parent / "play_faults" / "failing_disk.py"
PLAIN = {**os.environ, "NO_COLOR": "1"}
COLOURED = {**{k: v for k, v in os.environ.items() if k != "NO_COLOR"}, "TERM": "xterm-256color"}
PROMPT = 3
"""The prompt at which the game is ended: two moves of the human's are made, with the bots' around them."""


@dataclass(frozen=True)
class Game:
    name: str
    arguments: tuple[str, ...]

    def command(self, save: str, *extra: str) -> list[str]:
        return [sys.executable, "-m", "ducksoup", "play", "--game", self.name, *self.arguments, "--save", save, *extra]


GAMES = [
    Game("duck-soup", ("--seed", "1")),
    Game("doubleduck", ("--seed", "1")),
    Game("aw-ducks", ("--seed", "4")),
]
BY_NAME = {game.name: game for game in GAMES}
every_game = pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)


class Player:
    """A ``play`` process whose standard output is read up to each prompt, answered with the first move offered."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: int | None = None):
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if stdin is None else stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env or PLAIN,
            start_new_session=True,
        )
        self.seen = b""

    def wait_for_prompt(self, number: int) -> str:
        """Read until the ``number``-th prompt is shown; the first move it offers."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + 30
        while True:
            text = self.seen.decode(errors="replace")
            offers = text.split("your options: ")
            if len(offers) > number and "> " in offers[number]:
                return re.split(r"[;,] | \(|\n", offers[number])[0].strip()
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"no prompt {number} in 30 s:\n{text[-2000:]}"
            chunk = os.read(self.process.stdout.fileno(), 65536)
            assert chunk, f"the game ended before prompt {number}:\n{text[-2000:]}"
            self.seen += chunk

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def play_until(self, prompt: int) -> None:
        """Make the first move offered at every prompt before ``prompt``, and wait at that one."""
        for number in range(1, prompt):
            self.type(self.wait_for_prompt(number))
        self.wait_for_prompt(prompt)

    def finish(self, stdin: str | None = None) -> tuple[int, str, str]:
        """Let the process end (after ``stdin``, if given, and the end of input); status, output, errors."""
        assert self.process.stdin is not None
        if stdin is not None:
            self.type(stdin)
        self.process.stdin.close()
        self.process.stdin = None
        out, err = self.process.communicate(timeout=60)
        return self.process.returncode, (self.seen + out).decode(errors="replace"), err.decode(errors="replace")


@cache
def quit_at(game_name: str, prompt: int, folder: Path) -> str:
    """The file ``quit`` at ``prompt`` leaves (checked once: the moves made are in it and it replays)."""
    cwd = folder / f"quit-{game_name}-{prompt}"
    cwd.mkdir()
    player = Player(BY_NAME[game_name].command("game.json"), cwd)
    player.play_until(prompt)
    status, output, errors = player.finish("quit")
    assert status == 0 and "stopped" in output and "saved as game.json" in output, output[-2000:] + errors
    text = (cwd / "game.json").read_text(encoding="utf-8")
    trace = validate_trace(json.loads(text), "the saved game")
    human = [step for step in trace["steps"] if step["action"]["player"] == 0]
    assert len(human) == prompt - 1, "the human's moves are all in the file"
    assert len(trace["steps"]) > len(human), "and the bots' too"
    replayed = CliRunner().invoke(main, ["replay", str(cwd / "game.json")], env={"NO_COLOR": "1"})
    assert replayed.exit_code == 0, replayed.output[-2000:]
    return text


@pytest.fixture(scope="module")
def references(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("quit")


@every_game
def test_quit_and_the_end_of_input_keep_every_move_and_exit_0(game: Game, tmp_path: Path, references: Path) -> None:
    player = Player(game.command("game.json"), tmp_path)
    player.play_until(PROMPT)
    status, output, errors = player.finish()
    assert status == 0, output[-2000:] + errors
    assert "stopped: the input ended before the game did" in output and errors == ""
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == quit_at(game.name, PROMPT, references)


@every_game
@pytest.mark.parametrize(
    ("number", "status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
    ids=["int", "term", "hup"],
)
def test_a_signal_saves_every_move_and_exits_with_its_status(
    game: Game, number: int, status: int, tmp_path: Path, references: Path
) -> None:
    player = Player(game.command("game.json"), tmp_path)
    player.play_until(PROMPT)
    player.process.send_signal(number)
    ended, output, errors = player.finish()
    assert ended == status, output[-2000:] + errors
    assert "Traceback" not in errors and "saved as game.json" in output
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == quit_at(game.name, PROMPT, references)


@every_game
def test_kill_9_between_moves_loses_no_completed_move(game: Game, tmp_path: Path, references: Path) -> None:
    player = Player(game.command("game.json"), tmp_path)
    player.play_until(PROMPT)
    player.process.kill()
    assert player.process.wait(timeout=30) == -signal.SIGKILL
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == quit_at(game.name, PROMPT, references)
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"], "no temporary file is left behind"


@every_game
def test_typed_markup_is_shown_as_typed_in_colour_too(game: Game, tmp_path: Path, references: Path) -> None:
    player = Player(game.command("game.json"), tmp_path, env=COLOURED)
    player.play_until(PROMPT)
    status, output, errors = player.finish("[/]\n[bold]x[/bold]\n:duck:\nquit")
    assert status == 0, output[-2000:] + errors
    assert "'[/]'" in output and "'[bold]x[/bold]'" in output and "':duck:'" in output and "🦆" not in output
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == quit_at(game.name, PROMPT, references)


@every_game
@pytest.mark.parametrize("target", ["missing.json", "kept.json"], ids=["dangling", "to-a-file"])
def test_a_symbolic_link_is_refused_in_one_line_before_the_first_move(game: Game, target: str, tmp_path: Path) -> None:
    (tmp_path / "kept.json").write_text("mine\n", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(target)
    done = subprocess.run(
        game.command("link.json"), input="", capture_output=True, text=True, cwd=tmp_path, env=PLAIN, timeout=30
    )
    assert done.returncode == 2 and "your options" not in done.stdout
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(
        "error: --save link.json: link.json is a symbolic link"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.json", "link.json"]
    assert (tmp_path / "kept.json").read_text(encoding="utf-8") == "mine\n"


@every_game
def test_a_missing_folder_is_refused_in_one_line_before_the_first_move(game: Game, tmp_path: Path) -> None:
    done = subprocess.run(
        game.command("no/such/x.json"), input="", capture_output=True, text=True, cwd=tmp_path, env=PLAIN, timeout=30
    )
    assert done.returncode == 2 and "your options" not in done.stdout
    refusal = (
        "error: --save no/such/x.json: the folder no/such does not exist: create it, or give a path in an existing"
    )
    assert done.stderr == refusal + " folder\n"
    assert list(tmp_path.iterdir()) == []


@every_game
@pytest.mark.parametrize("code", ["ENOSPC", "EACCES"])
def test_a_failed_write_without_a_terminal_gives_the_game_on_stderr_and_exits_74(
    game: Game, code: str, tmp_path: Path, references: Path
) -> None:
    flag = tmp_path / "fail-now"
    games = tmp_path / "games"
    games.mkdir()
    command = [sys.executable, str(FAILING_DISK), code, str(flag), str(games), *game.command("games/game.json")[3:]]
    player = Player(command, tmp_path)
    player.play_until(PROMPT)
    flag.touch()
    move = player.wait_for_prompt(PROMPT)
    status, output, errors = player.finish(move)
    assert status == 74, output[-2000:] + errors
    assert re.search(rf"could not save the game to games/game.json: .* \({code}\)\n", output)
    assert "the game so far is written to standard error as JSON" in output
    before = quit_at(game.name, PROMPT, references)
    assert (games / "game.json").read_text(encoding="utf-8") == before, "the file keeps the last whole save"
    assert [path.name for path in games.iterdir()] == ["game.json"], "no temporary file is left behind"
    rescued = validate_trace(json.loads(errors), "standard error")
    kept = json.loads(before)["steps"]
    assert rescued["steps"][: len(kept)] == kept and rescued["steps"][len(kept)]["action"]["player"] == 0


@every_game
def test_a_failed_write_at_a_terminal_asks_for_another_file(game: Game, tmp_path: Path, references: Path) -> None:
    flag = tmp_path / "fail-now"
    games = tmp_path / "games"
    games.mkdir()
    command = [sys.executable, str(FAILING_DISK), "ENOSPC", str(flag), str(games), *game.command("games/game.json")[3:]]
    controller, terminal = pty.openpty()
    attributes = termios.tcgetattr(terminal)
    attributes[3] &= ~termios.ECHO  # the test reads the answers it types from nowhere
    termios.tcsetattr(terminal, termios.TCSANOW, attributes)
    player = Player(command, tmp_path, stdin=terminal)
    os.close(terminal)
    player.process.stdin = os.fdopen(controller, "wb")
    player.play_until(PROMPT)
    flag.touch()
    player.type(player.wait_for_prompt(PROMPT))
    player.type("elsewhere.json")
    player.wait_for_prompt(PROMPT + 1)
    player.type("quit")
    terminal_input, player.process.stdin = player.process.stdin, None
    out, errors_bytes = player.process.communicate(timeout=60)
    assert terminal_input is not None
    terminal_input.close()
    output, errors = (player.seen + out).decode(errors="replace"), errors_bytes.decode(errors="replace")
    assert player.process.returncode == 0, output[-2000:] + errors
    assert "could not save the game to games/game.json: No space left on device (ENOSPC)" in output, output + errors
    assert "saved as elsewhere.json" in output
    saved = validate_trace(json.loads((tmp_path / "elsewhere.json").read_text(encoding="utf-8")), "elsewhere.json")
    kept = json.loads(quit_at(game.name, PROMPT, references))["steps"]
    assert saved["steps"][: len(kept)] == kept and len(saved["steps"]) > len(kept)


@every_game
def test_an_existing_file_is_kept_and_a_numbered_name_taken_by_a_link_passed_over(game: Game, tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text("mine\n", encoding="utf-8")
    (tmp_path / "game-2.json").symlink_to("nowhere.json")
    done = subprocess.run(
        game.command("game.json"), input="", capture_output=True, text=True, cwd=tmp_path, env=PLAIN, timeout=30
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "the game is saved to game-3.json after every move" in done.stdout
    assert "saved as game-3.json (game.json exists and is kept)" in done.stdout
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == "mine\n"
    assert os.readlink(tmp_path / "game-2.json") == "nowhere.json" and not (tmp_path / "nowhere.json").exists()
    saved = validate_trace(json.loads((tmp_path / "game-3.json").read_text(encoding="utf-8")), "game-3.json")
    assert all(step["action"]["player"] != 0 for step in saved["steps"]), "the bots' moves before the first prompt"


@every_game
def test_the_help_of_every_game_gives_the_statuses_and_how_the_game_is_saved(game: Game) -> None:
    shown = CliRunner().invoke(main, ["play", "--game", game.name, "--help"], terminal_width=2000)
    assert shown.exit_code == 0
    text = " ".join(shown.output.split())
    assert "saved to --save before the first move and after every move" in text
    assert "0 when the game ends, on 'quit' and at the end of input; 130 on Ctrl-C, 143 on SIGTERM, 129 on" in text
    assert "2 when --save is refused; 74 when the game could not be saved to a file" in text
