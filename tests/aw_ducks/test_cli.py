"""The command line for Aw Ducks!: play driven by a script, simulate, examples, and replay/explain of its traces."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.strict import same
from duckcheck.trace import read_trace, trace_path
from ducksoup.aw_ducks.playing import parse_move
from ducksoup.cli import main
from ducksoup.games import reference
from ducksoup.narration import Loaded, StepNarrator
from ducksoup.playing import InputError
from ducksoup.saving import free_name
from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.components import parse_card

DUCKSOUP = [sys.executable, "-m", "ducksoup"]
PLAIN = {**os.environ, "NO_COLOR": "1"}
SCRIPT = "s\nd\n" * 3000
"""A player who tries to Score and else Draws: every turn is one of the two (a refused line changes nothing)."""


def play(tmp_path: Path, *args: str, text: str = SCRIPT) -> subprocess.CompletedProcess[str]:
    command = [*DUCKSOUP, "play", "--game", "aw-ducks", *args]
    return subprocess.run(command, input=text, capture_output=True, text=True, cwd=tmp_path, env=PLAIN, timeout=300)


def test_a_script_plays_a_three_player_game_to_its_end_and_it_is_saved_as_a_trace(tmp_path: Path) -> None:
    done = play(tmp_path, "--players", "3", "--seed", "11", "--bot", "greedy", "--bot", "random", "--target", "150")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "player 1 the greedy bot, player 2 the random bot" in done.stdout
    assert "wins the game (§2; AD-R15)" in done.stdout and "Traceback" not in done.stderr
    trace = read_trace(tmp_path / "aw-ducks-game.json")
    assert trace["players"] == 3 and trace["scope"] == "game" and trace["final"]["winner"] is not None
    assert max(trace["final"]["totals"]) >= 150 and trace["tags"] == ["recorded"]
    told = CliRunner().invoke(main, ["explain", str(tmp_path / "aw-ducks-game.json")], env={"NO_COLOR": "1"})
    assert told.exit_code == 0 and "wins the game" in told.output
    replayed = reference("aw-ducks").narrate(Loaded(trace), None, False)
    assert isinstance(replayed, StepNarrator) and replayed.check
    assert [told.stop for told in replayed.steps() if told.stop] == []
    assert same(replayed.outcome(), trace["final"]) and replayed.final_disagreement() is None


def test_a_saved_game_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "mine.json").write_text("keep me", encoding="utf-8")
    done = play(tmp_path, "--round", "--seed", "3", "--save", "mine.json")
    assert done.returncode == 0 and "mine.json exists and is kept" in done.stdout
    assert (tmp_path / "mine.json").read_text(encoding="utf-8") == "keep me"
    assert read_trace(tmp_path / "mine-2.json")["scope"] == "round"
    assert free_name(tmp_path / "mine.json") == tmp_path / "mine-3.json"


def test_input_that_ends_early_saves_the_game_so_far_and_exits_0(tmp_path: Path) -> None:
    done = play(tmp_path, "--players", "4", "--seed", "2", text="d\nhelp\nlook\nflap\n3x\n")
    assert done.returncode == 0 and "the input ended before the game did" in done.stdout
    assert "'flap' is not a turn" in done.stdout and "'3x' is not a card" in done.stdout
    assert read_trace(tmp_path / "aw-ducks-game.json")["players"] == 4


def test_ctrl_c_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    command = [*DUCKSOUP, "play", "--game", "aw-ducks", "--seed", "4"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=PLAIN
    ) as process:
        assert process.stdout is not None
        seen = b""
        while b"you> " not in seen:
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, seen.decode()
            seen += chunk
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
    assert process.returncode == 130 and b"interrupted" in out
    assert read_trace(tmp_path / "aw-ducks-game.json")["steps"] is not None


def test_play_refuses_a_seat_or_bots_that_do_not_fit(tmp_path: Path) -> None:
    assert play(tmp_path, "--players", "2", "--as", "2").returncode == 2
    assert play(tmp_path, "--players", "4", "--bot", "random", "--bot", "greedy").returncode == 2
    assert play(tmp_path, "--target", "120").returncode == 2
    assert not (tmp_path / "aw-ducks-game.json").exists()


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("d", Draw(1)),
        ("DRAW", Draw(1)),
        ("s", Score(1)),
        ("3r", Discard(1, parse_card("3R"))),
        ("discard 6K", Discard(1, parse_card("6K"))),
        ("x dw", Discard(1, parse_card("DW"))),
    ],
)
def test_turns_are_typed_as_words_or_cards(text: str, action: object) -> None:
    assert parse_move(text, 1) == action


@pytest.mark.parametrize("text", ["", "draw now", "9r", "pass", "discard"])
def test_anything_else_says_what_would_be_a_turn(text: str) -> None:
    with pytest.raises(InputError):
        parse_move(text, 0)


def test_simulate_reports_scores_round_lengths_and_ducks_reproducibly() -> None:
    args = ["simulate", "--game", "aw-ducks", "--players", "3", "--rounds", "40", "--games", "2", "--json"]
    first = json.loads(CliRunner().invoke(main, args).output)
    second = json.loads(CliRunner().invoke(main, [*args[:-1], "--seed", "0", "--json"]).output)
    first.pop("timing"), second.pop("timing")
    assert first == second
    assert [seat["bot"] for seat in first["scores"]["seats"]] == ["greedy", "random", "greedy"]
    assert sum(seat["win_share"] for seat in first["scores"]["seats"]) == pytest.approx(1)
    assert first["round_length"]["min"] > 0 and [duck["duck"] for duck in first["ducks"]][-1] == "DW"
    assert sum(first["endings"].values()) == pytest.approx(1)
    rainbow = first["ducks"][-1]
    assert 0 < rainbow["scored_per_round"] + rainbow["stashed_per_round"] <= 4
    assert first["games"]["count"] == 2 and sum(w["share"] for w in first["games"]["wins"]) == pytest.approx(1)
    table = CliRunner().invoke(main, ["simulate", "--game", "aw-ducks", "--rounds", "20"], env={"NO_COLOR": "1"})
    assert table.exit_code == 0 and "DW rainbow" in table.output and "Round length in actions" in table.output
    wrong = CliRunner().invoke(main, ["simulate", "--game", "aw-ducks", "--bots", "greedy,clever"])
    assert wrong.exit_code == 2 and "among greedy, random" in wrong.output


def test_examples_of_aw_ducks_agree_with_the_text() -> None:
    result = CliRunner().invoke(main, ["examples", "--game", "aw-ducks"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "5 passed, 0 failed" in result.output


def test_explain_takes_a_trace_id_and_cites_sections_and_rulings() -> None:
    result = CliRunner().invoke(main, ["explain", "ad-edge-quick-quack-duck"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "a 3 buys a Quick Quack (§8)" in result.output
    assert "no card is drawn in its place (AD-R10)" in result.output
    assert "the round is over; the count" in result.output


def test_as_a_player_the_stash_stays_hidden_until_the_count_even_from_its_owner() -> None:
    told = CliRunner().invoke(main, ["replay", "ad-edge-stashed-duck"], env={"NO_COLOR": "1"}).output
    hidden = CliRunner().invoke(main, ["replay", "ad-edge-stashed-duck", "--as", "0"], env={"NO_COLOR": "1"}).output
    before_count = hidden.split("the round is over")[0]
    assert "seen by nobody until the count (§8; AD-R17): " in told
    assert "seen by nobody until the count (§8; AD-R17)\n" in before_count and "stash card(s) unseen" in before_count
    assert "; points " not in before_count and "; banked " in before_count and "your tableau" in before_count
    assert ", stash " in hidden.split("the round is over")[1]


def test_at_a_step_lists_the_legal_actions_with_their_benefits() -> None:
    result = CliRunner().invoke(main, ["explain", "ad-edge-quick-quack-duck", "--at", "4"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "player 0 discards 3K (Quick Quack)" in result.output and "player 0 scores" in result.output


def test_a_step_the_rules_forbid_stops_the_narration_with_the_rule(tmp_path: Path) -> None:
    trace = json.loads(trace_path("ad-negative-not-your-turn").read_text(encoding="utf-8"))
    index = next(i for i, step in enumerate(trace["steps"]) if "reject" in step)
    trace["steps"][index] = {"action": trace["steps"][index]["action"], "state": trace["initial"]}
    path = tmp_path / "disputed.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1 and "That breaks Rules §4." in result.output


def test_a_name_that_is_neither_a_file_nor_a_trace_id_is_one_clear_line() -> None:
    result = CliRunner().invoke(main, ["replay", "ad-no-such-trace"])
    assert result.exit_code == 2 and "no trace of the bundled suite has that ID" in result.output
    too_many = CliRunner().invoke(main, ["explain", "ad-edge-stashed-duck", "--as", "3"])
    assert too_many.exit_code == 2 and "--as 3: the players of ad-edge-stashed-duck are 0 to 1" in too_many.output
