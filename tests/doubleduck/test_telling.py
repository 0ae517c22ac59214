"""``ducksoup replay`` and ``explain`` of Doubleduck: each trick told with the rule that decided it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from duckcheck.trace import dump_trace, trace_path
from ducksoup.cli import main
from tests.doubleduck.traces import load_traces


def tell(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), env={"NO_COLOR": "1"})


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
    assert all(line.endswith("cards") for line in hands)


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
    assert result.exit_code == 2 and "no such file, and the suite has no trace of that ID" in result.output
