"""The engine's public API: decks in any form, clear refusals of bad input, its own doctest."""

from __future__ import annotations

import doctest

import pytest

import ducksoup.doubleduck.engine as engine
from ducksoup.doubleduck.engine import Deal, Game
from duckspec.cards import parse_card
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import two_packs
from tests.doubleduck.helpers import MALFORMED


def test_the_doctest_passes() -> None:
    assert doctest.testmod(engine).failed == 0


def test_a_deck_may_be_cards_numbers_or_notation() -> None:
    cards = list(two_packs())
    states = [Deal(form, 1).state() for form in (cards, [c.index for c in cards], [str(c) for c in cards])]
    assert states[0] == states[1] == states[2]
    assert states[0]["to_act"] == 2 and states[0]["stock"] == 52


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (list(range(52)), "this one has 52 cards"),
        (list(range(52)) * 2 + [0], "too many: AC"),
        ([0] + list(range(1, 52)) * 2 + [1], "missing: AC; too many: 2C"),
        (list(range(51)) * 2 + [52, 52], "0 to 51"),
        (["ZZ"] * 104, "is not a card"),
    ],
)
def test_a_bad_deck_is_refused_in_one_line(deck: list[int] | list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        Deal(deck, 0)
    assert "\n" not in str(error.value)


def test_a_bad_dealer_or_no_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="dealer must be"):
        Deal(two_packs(), 4)
    with pytest.raises(ValueError, match="at least one deck"):
        Game([], 0)


def test_an_action_made_afresh_is_recognised() -> None:
    deal = Deal(two_packs(), 3)
    fresh = Play(0, parse_card("AC"), Call.NONE)
    assert fresh in deal.legal_actions() and fresh is not deal.legal_actions()[0]
    deal.apply(fresh)
    assert deal.state()["table"] == "AC" and deal.to_act == 1


def test_the_legal_actions_are_cached_until_the_next_step() -> None:
    deal = Deal(two_packs(), 3)
    first = deal.legal_actions()
    assert deal.legal_actions() is first
    deal.apply(first[0])
    assert deal.legal_actions() is not first


@pytest.mark.parametrize(("action", "message"), MALFORMED, ids=[message for _, message in MALFORMED])
def test_a_malformed_action_is_refused_as_the_spec_refuses_it(action: object, message: str) -> None:
    deal = Deal(two_packs(), 3)
    before = deal.state()
    with pytest.raises(TypeError) as error:
        deal.apply(action)  # type: ignore[arg-type]
    assert str(error.value).startswith(message)
    assert deal.state() == before
