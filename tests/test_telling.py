"""``ducksoup replay`` and ``ducksoup explain``: narrating a trace with the rules behind each step."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from duckcheck import trace as suite_files
from duckcheck.trace import dump_trace, load_suite
from ducksoup.cli import main

SUITE = load_suite()


def trace_path(trace_id: str) -> str:
    return str(suite_files.trace_path(trace_id))


def game_with(*tags: str) -> str:
    return str(next(t["id"] for t in SUITE if t["scope"] == "game" and all(tag in t["tags"] for tag in tags)))


def test_explain_narrates_a_quack_quack_the_change_of_course_and_the_game_end() -> None:
    trace_id = game_with("quack-quack", "change-of-course", "game-end")
    result = CliRunner().invoke(main, ["explain", trace_path(trace_id)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    text = result.output
    for phrase in ('saying "Quack-quack"', "both tricks", "the Duck course ends", "(§7)", "wins the game", "(§9"):
        assert phrase in text, phrase
    assert "wins in the Duck course" in text and "(§2, §4.3, §4.4)" in text
    assert "Duck points times Soup points (§8)" in text


def test_at_shows_the_position_and_every_legal_action() -> None:
    result = CliRunner().invoke(main, ["explain", trace_path("ds-edge-duck-soup"), "--at", "2"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert "position after step 2:" in text and "legal actions here:" in text
    assert 'player 0 leads JC, saying "Quack-quack"' in text and "player 0 says duck" in text
    assert "step 3" not in text


def test_as_a_player_hides_what_that_player_could_not_see() -> None:
    result = CliRunner().invoke(main, ["replay", trace_path("ds-deal-random-001"), "--as", "0"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "player 1's hand: 13 cards" in result.output and "your hand:" in result.output
    assert "draws (unseen)" in result.output


def test_an_illegal_step_stops_the_narration_with_the_rule_it_breaks(tmp_path: Path) -> None:
    trace = json.loads(dump_trace(next(t for t in SUITE if t["id"] == "ds-edge-forgotten-quack")))
    trace["steps"][1]["action"] = {"player": 1, "play": "AS"}  # player 1 does not hold it
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(trace))
    result = CliRunner().invoke(main, ["explain", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1
    assert "stopped at step 2: player 1 plays AS: refused, card-not-in-hand" in result.output
    assert "That breaks Rules §4." in result.output


def test_a_refused_step_in_a_negative_trace_is_told_and_play_goes_on() -> None:
    result = CliRunner().invoke(main, ["explain", trace_path("ds-negative-not-your-turn")], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "refused, not-your-turn" in result.output and "play goes on from the same position" in result.output


def test_a_bad_file_gets_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and "broken.json: line 1, column 3: not valid JSON" in result.output
    assert "Traceback" not in result.output
    missing = CliRunner().invoke(main, ["replay", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 2 and "does not exist" in missing.output


def test_at_beyond_the_trace_is_an_error() -> None:
    result = CliRunner().invoke(main, ["explain", trace_path("ds-edge-duck-soup"), "--at", "999"])
    assert result.exit_code == 2 and "the trace has steps 0 to" in result.output
