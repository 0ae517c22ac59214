"""``ducksoup replay`` and ``explain`` of Doubleduck: each trick told with the rule that decided it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from duckcheck import trace as trace_files
from duckcheck.trace import dump_trace, trace_path
from ducksoup.cli import main
from tests.doubleduck.traces import JSON, load_traces


def tell(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), env={"NO_COLOR": "1"})


def altered(tmp_path: Path, trace_id: str, change: Callable[[JSON], object]) -> str:
    """A copy of a suite trace with one claim changed by ``change``, as a file to tell."""
    trace = json.loads(dump_trace(next(t for t in load_traces() if t["id"] == trace_id)))
    change(trace)
    path = tmp_path / f"{trace_id}-altered.json"
    path.write_text(json.dumps(trace))
    return str(path)


def test_every_trace_is_told_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Doubleduck trace of the suite, its stored states, refusals and outcome all checked: exit status 0.

    The schema check of each file (the slow part of reading it, and the linter's job) is skipped here.
    """
    monkeypatch.setattr(trace_files, "validate_trace", lambda trace, where, states=True: trace)
    told = 0
    for trace in load_traces():
        result = tell("replay" if trace["scope"] == "game" else "explain", trace["id"])
        assert result.exit_code == 0, f"{trace['id']}: {result.output[-500:]}"
        assert "stopped" not in result.output
        told += 1
    assert told == len(load_traces()) >= 100


def test_a_stored_state_the_rules_contradict_stops_the_telling_naming_the_field(tmp_path: Path) -> None:
    def more_stored(trace: JSON) -> None:
        trace["steps"][3]["state"]["piles"][1][0] += 1  # the first trick: side 1 stores 1 card, not 2

    result = tell("explain", altered(tmp_path, "dd-edge-notes-3386", more_stored))
    assert result.exit_code == 1, result.output
    assert (
        "stopped at step 4: the trace disagrees with the rules: state.piles[1][0] (§4): the trace says integer 2, "
        in (result.output)
    )
    assert "the rules give integer 1" in result.output and "step 5" not in result.output


def test_a_contradicted_initial_state_stops_before_any_step(tmp_path: Path) -> None:
    def other_leader(trace: JSON) -> None:
        trace["initial"]["to_act"] = trace["initial"]["dealer"]

    result = tell("explain", altered(tmp_path, "dd-deal-random-001", other_leader))
    assert result.exit_code == 1
    assert "stopped at the initial state: the trace disagrees with the rules: state.to_act (§4)" in result.output
    assert "step 1" not in result.output


def test_a_refusal_with_another_code_stops_the_telling(tmp_path: Path) -> None:
    def other_code(trace: JSON) -> None:
        step = next(step for step in trace["steps"] if "reject" in step)
        step["reject"] = "not-your-turn" if step["reject"] != "not-your-turn" else "card-not-in-hand"

    result = tell("explain", altered(tmp_path, "dd-negative-quack-count-mismatch", other_code))
    assert result.exit_code == 1
    refused = "the trace says it is refused with not-your-turn, the rules with quack-count-mismatch (ruling DD-R04)"
    assert refused in result.output


def test_a_final_outcome_the_rules_contradict_is_reported(tmp_path: Path) -> None:
    def more_game_points(trace: JSON) -> None:
        trace["final"]["result"]["game_points"] -= 1

    result = tell("replay", altered(tmp_path, "dd-game-first-deal-1000", more_game_points))
    assert result.exit_code == 1
    assert "stopped at the outcome: the trace disagrees with the rules: final.result.game_points (§7): the trace " in (
        result.output
    )
    assert "says integer 4, the rules give integer 5" in result.output


def test_explain_a_trace_by_its_id_names_the_rule_of_each_trick() -> None:
    result = tell("explain", "dd-edge-quack-after-doubleduck")
    assert result.exit_code == 0, result.output
    text = result.output
    assert 'player 1 plays JS, saying "Doubleduck!"' in text
    assert (
        "the doubleduck takes the trick; the quacks after it count but lose (DD-R07): player 1 wins it (§4.2)" in text
    )
    assert "card 3 of the rank led after the lead, so three quacks (§4.3, DD-R03)" in text
    assert "stores 3 cards, one of each suit in the trick, on player 1's Duck pile" in text
    assert "each draws a card from the stock, the winner first, then to the left: player 1 " in text
    assert "wins in the Duck course" in text and "(§4.4)" in text
    assert "the Soup course begins" in text and "each side scores its Duck pile times its Soup pile (§6)" in text


def test_the_doubtful_tricks_cite_their_rulings() -> None:
    silent = tell("explain", "dd-edge-silent-match-after-quack").output
    assert "the silent card of the rank after it does not cancel it (DD-R08)" in silent
    duplicate = tell("explain", "dd-edge-silent-duplicate-wins").output
    assert "the later wins, though played without its call (DD-R09)" in duplicate
    assert "(in either course no card of its suit beats the Ace, §1)" in duplicate
    keeper = tell("explain", "dd-edge-side-without-duck-trick").output
    assert "(the side won no Duck trick: its first Soup winner keeps it)" in keeper


def test_replay_of_a_game_file_tells_the_totals_and_the_game_points() -> None:
    result = tell("replay", str(trace_path("dd-game-first-deal-1000")))
    assert result.exit_code == 0, result.output
    assert "5 game points, 2 for reaching 1000 while the other side did not" in result.output
    level = tell("explain", "dd-game-level-at-1000").output
    assert "the totals are level: another deal decides (§7, DD-R13)" in level
    assert "deal 4: player" in level and "1 game point, for the other side reached 1000 too (DD-R12)" in level


def test_as_a_player_hides_the_other_hands_and_their_draws() -> None:
    result = tell("replay", "dd-deal-random-001", "--as", "2")
    assert result.exit_code == 0, result.output
    text = result.output
    assert "your hand:" in text and "player 0's hand: 13 cards" in text and "player 3's hand: 13 cards" in text
    assert "player 0 (unseen)" in text and "you " in text and "your side (you and player 0)" in text
    hands = [line for line in text.splitlines() if "hand:" in line and "your hand" not in line]
    assert all(line.endswith((" cards", " 1 card")) for line in hands)


def test_at_lists_every_legal_call() -> None:
    result = tell("explain", "dd-edge-notes-jjj-doubleduck", "--at", "3")
    assert result.exit_code == 0, result.output
    assert "legal actions here:" in result.output
    assert 'player 3 plays JS, saying "Doubleduck!"' in result.output
    assert 'player 3 plays JD, saying "Quack-quack-quack!"' in result.output


def test_a_step_the_rules_forbid_stops_the_narration(tmp_path: Path) -> None:
    trace = json.loads(dump_trace(next(t for t in load_traces() if t["id"] == "dd-edge-notes-3386")))
    trace["steps"][2]["action"]["call"] = "quack"  # an 8 called quack on a 3 led
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(trace))
    result = tell("explain", str(path))
    assert result.exit_code == 1
    assert 'stopped at step 3: player 2 plays 8H, saying "Quack!": refused, call-rank-mismatch' in result.output
    assert "That breaks ruling DD-R05." in result.output


def test_an_unknown_id_gets_one_line() -> None:
    result = tell("replay", "dd-no-such-trace")
    assert result.exit_code == 2 and "no such file, and no trace of the bundled suite has that ID" in result.output
