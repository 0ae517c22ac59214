"""The fast engine's own behaviour: setup forms, errors, caches, games waiting for decks."""

from __future__ import annotations

import random

import pytest

from ducksoup.aw_ducks.engine import FULL, Game, Round
from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.components import full_deck
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.options import RuleOptions
from tests.aw_ducks.helpers import card
from tests.aw_ducks.test_errors import MALFORMED


def test_decks_as_cards_numbers_or_notation_give_the_same_round() -> None:
    as_cards = Round(full_deck(), 1, 3)
    as_numbers = Round(list(FULL), 1, 3)
    as_text = Round([str(c) for c in full_deck()], 1, 3)
    assert as_cards.state() == as_numbers.state() == as_text.state()


@pytest.mark.parametrize(
    ("deck", "players", "start", "message"),
    [
        (list(FULL)[:-1], 2, 0, "95 cards"),
        ([0] + list(FULL)[1:-1] + [0], 2, 0, "too many of 1R"),
        (list(FULL), 5, 0, "2, 3 or 4 players"),
        (list(FULL), 2, 2, "the start player must be player 0 or 1, not 2"),
        (["3R"] * 96, 2, 0, "too many of 3R"),
    ],
)
def test_a_bad_setup_is_one_clear_message(deck: list[object], players: int, start: int, message: str) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        Round(deck, start, players)  # type: ignore[arg-type]
    assert "\n" not in str(raised.value)


def test_actions_made_elsewhere_are_checked_on_the_slow_path() -> None:
    game = Round(full_deck(), 0, 2)
    game.apply(Draw(0))  # not the engine's own object
    assert game.to_act == 1
    with pytest.raises(IllegalAction) as raised:
        game.apply(Discard(1, card("DW")))
    assert raised.value.code is ErrorCode.DRAW_REQUIRED
    with pytest.raises(TypeError):
        game.apply("draw")  # type: ignore[arg-type]


@pytest.mark.parametrize(("action", "message"), MALFORMED, ids=[message for _, message in MALFORMED])
def test_a_malformed_action_is_refused_as_the_spec_refuses_it(action: object, message: str) -> None:
    game = Round(full_deck(), 0, 2)
    with pytest.raises(TypeError) as raised:
        game.apply(action)  # type: ignore[arg-type]
    assert str(raised.value) == message
    assert game.to_act == 0 and game.state()["tableaux"] == ["", ""]


def test_legal_actions_are_cached_tuples_of_prebuilt_actions() -> None:
    game = Round(full_deck(), 0, 2)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    first = game.legal_actions()
    assert first is game.legal_actions()
    assert [str(a) for a in first] == ["player 0 draws", "player 0 scores", "player 0 discards 1R"]


def test_a_game_waits_for_decks_and_ends_at_the_target() -> None:
    rng = random.Random(4)
    deck = list(FULL)
    game = Game([deck], 0, 2, RuleOptions(target=1000))
    while not game.needs_deck:
        game.apply(rng.choice(game.legal_actions()))
    assert game.legal_actions() == () and game.state()["round"] == 0
    with pytest.raises(IllegalAction) as raised:
        game.apply(Score(1))
    assert raised.value.code is ErrorCode.ROUND_OVER
    game.add_decks([deck])
    assert game.round.start == 1 and game.state()["round"] == 1 and not game.needs_deck
    small = Game([deck] * 10, 0, 4, RuleOptions(target=50))
    while not small.is_over:
        small.apply(rng.choice(small.legal_actions()))
    assert small.winner is not None and small.totals[small.winner] >= 50 and small.to_act is None
    with pytest.raises(IllegalAction) as raised:
        small.apply(Draw(0))
    assert raised.value.code is ErrorCode.GAME_OVER
