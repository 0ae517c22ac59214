"""§3 Setup: an explicit deck order, a start player, 2-4 players."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks import PLAYERS
from duckspec.aw_ducks.components import full_deck
from duckspec.aw_ducks.objective import SUGGESTED_TARGETS
from duckspec.aw_ducks.rounds import Phase, legal_actions, new_round
from duckspec.aw_ducks.setting_up import (
    PLAYER_COUNTS,
    InvalidDeck,
    InvalidSetup,
    arrange_deck,
    check_deck,
    deck_problems,
    next_start_player,
)
from tests.aw_ducks.helpers import cards


def test_a_round_starts_with_everything_in_the_deck() -> None:
    state = new_round(full_deck(), 2, 3)
    assert state.phase is Phase.TURN and state.to_act == 2
    assert len(state.deck) == 96 and state.deck == full_deck()
    assert state.tableaux == ((), (), ()) and state.pond == () and state.discards == ()
    assert state.points == (0, 0, 0)
    assert [str(a) for a in legal_actions(state)] == ["player 2 draws"]


@pytest.mark.parametrize(("players", "start"), [(1, 0), (5, 0), (2, 2), (3, -1), (True, 0), (2, True)])
def test_a_bad_setup_is_refused_with_one_clear_line(players: int, start: int) -> None:
    with pytest.raises(InvalidSetup) as raised:
        new_round(full_deck(), start, players)
    assert "\n" not in str(raised.value)


def test_a_bad_deck_names_what_is_missing_and_what_is_too_many() -> None:
    deck = list(full_deck())
    deck[0] = deck[-1]  # a red one becomes a fifth rainbow duck
    with pytest.raises(InvalidDeck) as raised:
        check_deck(deck)
    assert "missing 1 x 1R" in str(raised.value) and "too many 1 x DW" in str(raised.value)
    with pytest.raises(InvalidDeck, match="95 cards"):
        check_deck(full_deck()[1:])
    assert deck_problems(full_deck()) == []


def test_arrange_deck_puts_the_named_cards_on_top() -> None:
    deck = arrange_deck(cards("DW 3R 3R"))
    assert deck[:3] == cards("DW 3R 3R")
    assert sorted(deck) == list(full_deck())
    with pytest.raises(InvalidDeck):
        arrange_deck(cards("3R 3R 3R"))


def test_next_start_player_passes_left() -> None:
    assert [next_start_player(start, 3) for start in range(3)] == [1, 2, 0]


@pytest.mark.ruling("AD-R19")
def test_two_to_four_players_only() -> None:
    assert PLAYER_COUNTS == PLAYERS == tuple(SUGGESTED_TARGETS) == (2, 3, 4)
    for players in PLAYER_COUNTS:
        assert new_round(full_deck(), players - 1, players).players == players
    for players in (1, 5, 6):
        with pytest.raises(InvalidSetup, match="2, 3 or 4 players"):
            new_round(full_deck(), 0, players)
