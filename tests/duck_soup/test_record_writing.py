"""Duck Soup's ``write_record``: a player's record holds only what that player saw; and Duck Soup's edit function for
the shared edit sampling (``tests/record_edits.py``)."""

from __future__ import annotations

import random
import re

import pytest

from duckcheck.games import game
from duckcheck.trace import read_trace, trace_path
from ducksoup.duck_soup.record import parse_record, write_record
from tests.duck_soup.record_edits import KINDS, edit

CARD = re.compile(r"(?<![A-Za-z0-9])[+^]?([A2-9TJQK][CDHS])(?![A-Za-z0-9])")


def cards_written(text: str) -> set[str]:
    """Every card a record's body writes (hands, plays, draws, face-up cards), its tags and comments left out."""
    body = [line.split(";", 1)[0] for line in text.splitlines() if not line.startswith("[")]
    return {match.group(1) for line in body for match in CARD.finditer(line)}


def cards_seen(trace: dict[str, object], player: int) -> set[str]:
    """Every card played (in everyone's sight) and every card in any view ``player`` had of the game: their hands, the
    face-up cards."""
    follower = game("duck-soup").views()
    seen = {str(step["action"]["play"]) for step in trace["steps"] if "play" in step["action"]}  # type: ignore[attr-defined]
    states = [trace["initial"], *(step["state"] for step in trace["steps"] if "state" in step)]  # type: ignore[attr-defined]
    for state in states:
        text = repr(follower.advance(state)[player])
        seen |= set(re.findall(r"[A2-9TJQK][CDHS]", text))
    return seen


@pytest.mark.parametrize("trace_id", ["ds-game-quacky-01", "ds-game-quacky-hidden-01", "ds-game-random-alternate-01"])
@pytest.mark.parametrize("player", [0, 1])
def test_a_players_record_writes_no_card_they_did_not_see(trace_id: str, player: int) -> None:
    trace = read_trace(trace_path(trace_id))
    text = write_record(trace, player)
    assert cards_written(text) <= cards_seen(trace, player)
    record = parse_record(text)
    assert all(deal.hands[1 - player] == () for deal in record.deals)
    assert all(deal.hands[player] for deal in record.deals)


def test_the_full_record_writes_both_hands_and_every_draw() -> None:
    trace = read_trace(trace_path("ds-game-quacky-01"))
    record = parse_record(write_record(trace, None))
    assert all(deal.hands[0] and deal.hands[1] for deal in record.deals)
    assert all(None not in trick.drawn for deal in record.deals for trick in deal.tricks)


def test_a_player_not_in_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="player 0 and player 1, not player 2"):
        write_record(read_trace(trace_path("ds-edge-forgotten-quack")), 2)


# The edit function


def test_each_edit_changes_one_line_and_says_which() -> None:
    text = write_record(read_trace(trace_path("ds-deal-greedy-007")), None)
    rng = random.Random(7)
    kinds = set()
    for _ in range(200):
        changed = edit(text, rng)
        if changed is None:
            continue
        kinds.add(changed.kind)
        before, after = text.split("\n"), changed.text.split("\n")
        differing = [number for number, (old, new) in enumerate(zip(before, after, strict=True), 1) if old != new]
        assert len(before) == len(after) and differing == [changed.line], changed
    assert kinds == set(KINDS)


def test_a_record_without_scores_gives_no_score_edit() -> None:
    text = re.sub(r"\n\d+-\d+\n", "\n", write_record(read_trace(trace_path("ds-deal-greedy-007")), None))
    assert not re.search(r"^\d+-\d+$", text, re.MULTILINE)
    rng = random.Random(1)
    assert all(found is None or found.kind != "score" for found in (edit(text, rng) for _ in range(100)))
