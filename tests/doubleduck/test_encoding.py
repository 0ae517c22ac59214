"""The Doubleduck codec: options, actions and states to JSON and back, with one clear line for bad input."""

from __future__ import annotations

import re
from typing import Any

import pytest

from duckcheck.codec import SetupError
from duckcheck.doubleduck.encoding import (
    OPTION_VALUES,
    EncodingError,
    action_json,
    deal_state_json,
    options_json,
    parse_action,
    parse_options,
)
from duckcheck.doubleduck.oracle import Scope, Table
from duckcheck.games import Setup
from duckspec.doubleduck.actions import Call
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from tests.doubleduck.helpers import play, position, run


@pytest.mark.parametrize("call", list(Call))
def test_actions_round_trip(call: Call) -> None:
    action = play(2, "JH", call)
    encoded = action_json(action)
    assert ("call" in encoded) == (call is not Call.NONE)
    assert parse_action(encoded) == action
    assert parse_action({"player": 2, "play": "JH", "call": "none"}) == play(2, "JH")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("JH", "integer 'player'"),
        ({"player": True, "play": "JH"}, "integer 'player'"),
        ({"player": 1}, "'play'"),
        ({"player": 1, "play": "JH", "answer": "duck"}, "'play'"),
        ({"player": 1, "play": "JH", "call": "quack-quack-quack-quack"}, "unknown call"),
        ({"player": 1, "play": "JHJS"}, "one card"),
        ({"player": 1, "play": "1H"}, "not a card"),
    ],
)
def test_a_bad_action_is_refused_naming_where(data: Any, message: str) -> None:
    with pytest.raises(EncodingError, match=message) as error:
        parse_action(data, "step 7")
    assert str(error.value).startswith("step 7: ") and "\n" not in str(error.value)


def test_options_round_trip_and_missing_keys_take_the_standard() -> None:
    assert list(OPTION_VALUES) == ["draw"] and OPTION_VALUES["draw"][0] == "winner-first"
    for order in DrawOrder:
        assert parse_options(options_json(RuleOptions(draw=order))) == RuleOptions(draw=order)
    assert parse_options({}) == RuleOptions()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected an object"),
        ({"stock": "hidden"}, "unknown rule option 'stock'"),
        ({"draw": "loser-first"}, "cannot be"),
    ],
)
def test_bad_options_are_refused(data: Any, message: str) -> None:
    with pytest.raises(EncodingError, match=message):
        parse_options(data)


def test_the_canonical_state_of_a_trick_in_progress() -> None:
    state = run(position(("JS", "JH", "JC", "JS JD")), "0:JS 1:JH:quack")
    encoded = deal_state_json(state)
    assert encoded["table"] == "JSJH" and encoded["calls"] == ["none", "quack"]
    assert encoded["phase"] == "follow" and encoded["to_act"] == 2 and encoded["stock"] == 52
    assert encoded["piles"] == [[0, 0], [0, 0]] and encoded["keepers"] == [[None, None], [None, None]]
    assert encoded["scores"] is None and [len(hand) for hand in encoded["hands"]] == [24, 24, 26, 26]


def setup(scope: str = "deal", count: int = 1, **fields: Any) -> Setup:
    """A Doubleduck setup as a trace gives it: player 0 dealing from ``count`` ordered decks, unless ``fields`` say
    otherwise."""
    deck = "".join(str(card) for card in two_packs())
    trace: dict[str, Any] = {"game": "doubleduck", "scope": scope, "options": {}, "dealer": 0, "decks": [deck] * count}
    return Setup.of({**trace, **fields})


def test_the_oracle_refuses_a_setup_that_does_not_fit() -> None:
    assert Table.of(setup()).to_json()["to_act"] == 1
    with pytest.raises(SetupError, match="a game for 4, not 3"):
        Table.of(setup(players=3))
    with pytest.raises(SetupError, match="exactly one deck"):
        Table.of(setup(count=2))
    with pytest.raises(SetupError, match="at least one deck"):
        Table.of(setup("game", count=0))
    with pytest.raises(SetupError, match="2 pack"):
        Table.start(Scope.GAME, RuleOptions(), 0, [two_packs()[:52]])


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"scope": "match"}, "scope: 'match' is not one of deal, game"),
        ({"dealer": 4}, "dealer must be player 0, 1, 2 or 3, not 4"),
        ({"dealer": True}, "dealer must be player 0, 1, 2 or 3, not True"),
        ({"decks": [7]}, "decks: expected a list of deck orders"),
        ({"decks": ["9C4"]}, "decks[0]: '9C4' has an odd length"),
        ({"options": {"draw": "never"}}, "option 'draw' cannot be 'never'"),
    ],
)
def test_a_bad_setup_gets_one_line_saying_where(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(EncodingError, match=re.escape(message)):
        Table.of(setup(**fields))
