"""``ducksoup replay`` and ``ducksoup explain``: narrating a trace with the rules behind each step."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from duckcheck import trace as suite_files
from duckcheck.trace import dump_trace, load_suite
from ducksoup.cli import main

KITCHEN = Path(__file__).resolve().parent.parent / "docs" / "players" / "kitchen-table.txt"

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
    assert "player 1 draws a card you do not see" in result.output


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
    assert missing.exit_code == 2 and "no such file, and no trace of the bundled suite has that ID" in missing.output


def test_at_beyond_the_trace_is_an_error() -> None:
    result = CliRunner().invoke(main, ["explain", trace_path("ds-edge-duck-soup"), "--at", "999"])
    assert result.exit_code == 2 and "the trace has steps 0 to" in result.output


def test_a_suite_trace_is_named_by_its_id() -> None:
    by_id = CliRunner().invoke(main, ["explain", "ds-edge-duck-soup"], env={"NO_COLOR": "1"})
    by_file = CliRunner().invoke(main, ["explain", "ds-edge-duck-soup.json"], env={"NO_COLOR": "1"})
    by_path = CliRunner().invoke(main, ["explain", trace_path("ds-edge-duck-soup")], env={"NO_COLOR": "1"})
    assert by_id.exit_code == by_file.exit_code == by_path.exit_code == 0
    assert by_id.output == by_file.output == by_path.output


def test_a_stored_state_the_rules_contradict_stops_the_telling_and_says_where(tmp_path: Path) -> None:
    trace = json.loads(dump_trace(next(t for t in SUITE if t["id"] == "ds-edge-forgotten-quack")))
    trace["steps"][1]["state"]["points"][0][0] = 3  # the rules give the leader 2
    path = tmp_path / "claims.json"
    path.write_text(json.dumps(trace))
    result = CliRunner().invoke(main, ["explain", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1
    assert (
        "stopped at step 2: the trace disagrees with the rules: state.points[0][0] (§4): the trace says integer 3, "
        in (result.output)
    )
    assert "the rules give integer 2" in result.output and "step 3" not in result.output


def test_a_final_outcome_the_rules_contradict_is_reported(tmp_path: Path) -> None:
    trace = json.loads(dump_trace(next(t for t in SUITE if t["id"] == "ds-edge-forgotten-quack")))
    trace["final"]["deals"][0]["scores"][1] += 1
    path = tmp_path / "outcome.json"
    path.write_text(json.dumps(trace))
    result = CliRunner().invoke(main, ["explain", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1 and "stopped at the outcome: the trace disagrees with the rules: final.deals[0]" in (
        result.output
    )


def test_a_record_that_breaks_a_rule_is_told_up_to_there_and_exits_1(tmp_path: Path) -> None:
    text = KITCHEN.read_text(encoding="utf-8").replace("5. QS JS", "5. QS AH")  # Anna holds the AH
    path = tmp_path / "dispute.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1, result.output
    assert "step 9: Anna leads QS" in result.output and "step 10" not in result.output
    assert "stopped at dispute.txt, line 13, column 7 (after step 9): an illegal play, card-not-in-hand (§4)" in (
        result.output
    )
    wrong_score = tmp_path / "score.txt"
    wrong_score.write_text(KITCHEN.read_text(encoding="utf-8").replace("90-28", "90-29"), encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(wrong_score)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1 and "Ben: 7 × 4 = 28" in result.output
    assert "the scores are 90-28 (Duck points times Soup points, §8), not 90-29" in result.output


def test_a_record_is_told_with_its_players_names_and_inferred_cards_marked() -> None:
    result = CliRunner().invoke(main, ["explain", str(KITCHEN)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    text = result.output
    assert "deal 1: Ben deals 13 cards each, one at a time, the first to Anna" in text
    assert "player 0" not in text and "player 1" not in text
    assert "cards marked ? are inferred" in text
    assert "Anna's hand: AC 7C JC AD 5D 7D QD AH 2H 6S 9S TS QS\n" in text  # written by Anna: no mark
    assert "Ben draws 2D? (§5)" in text  # Anna never saw it
    seen_as_ben = CliRunner().invoke(main, ["explain", str(KITCHEN), "--as", "1"], env={"NO_COLOR": "1"})
    assert "you take the face-up card JS" in seen_as_ben.output and "Ben" not in seen_as_ben.output.split("\n", 2)[2]


def test_the_draws_say_who_took_the_face_up_card_and_what_followed_it() -> None:
    face_up = CliRunner().invoke(main, ["explain", "ds-edge-quack-quack-same-suit"], env={"NO_COLOR": "1"})
    assert "player 0 takes the face-up card 2H and then 3H (§5)" in face_up.output
    assert "player 1 draws 4H 5H (§5)" in face_up.output
    hidden = CliRunner().invoke(main, ["explain", "ds-edge-hidden-double-draw"], env={"NO_COLOR": "1"})
    assert "takes two cards from the top of the stock, 2H 3H, face down (hidden stock, DS-R09) (§5)" in hidden.output
    seen_by_1 = CliRunner().invoke(
        main, ["explain", "ds-edge-quack-quack-same-suit", "--as", "1"], env={"NO_COLOR": "1"}
    )
    assert "player 0 takes the face-up card 2H and then a card you do not see (§5)" in seen_by_1.output
    assert "you draw 4H 5H (§5)" in seen_by_1.output
    assert "Duck points: player 0 " in seen_by_1.output or "Duck points: you " in seen_by_1.output
    assert "player 1" not in seen_by_1.output.split("\n", 1)[1], "player 1 is 'you' throughout"


def test_silent_calls_are_told_as_the_rank_alone_decides() -> None:
    result = CliRunner().invoke(main, ["explain", "ds-edge-silent-fourth-card-held-back"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert "the rank led, which is a quack without a word (silent calls, DS-R15)" in text
    assert "a third card of the rank: a quack-quack, without a word (silent calls, DS-R15)" in text
    assert "the fourth card of the rank is held back, as the follower may, DS-R16" in text
    soup = CliRunner().invoke(main, ["explain", "ds-edge-silent-duck-soup"], env={"NO_COLOR": "1"})
    assert "duck soup, without a word (DS-R15): the fourth card of the rank takes both tricks" in soup.output


def test_the_worked_dispute_of_the_recording_page_is_what_explain_prints() -> None:
    """The Duck Soup page's dispute, as the page shows it: the last lines of ``explain``, which stops with exit 1."""
    page = (KITCHEN.parent / "recording.rst").read_text(encoding="utf-8")
    block = page[page.index("   $ ducksoup explain kitchen-table-dispute.txt --as 0") :].split("\n\n", 1)[0]
    shown = [line[3:] for line in block.splitlines()[1:]]
    result = CliRunner().invoke(main, ["explain", str(KITCHEN.parent / "kitchen-table-dispute.txt"), "--as", "0"])
    assert result.exit_code == 1, result.output
    printed = result.output.replace(str(KITCHEN.parent) + "/", "").splitlines()
    assert shown[0] == "..." and shown[1:] == printed[-len(shown) + 1 :]
    assert "call-not-allowed (DS-R12)" in shown[-1]
