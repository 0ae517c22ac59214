"""Rules §3 Setup."""

from __future__ import annotations

import pytest

from duckspec.cards import full_deck, parse_card, parse_cards
from duckspec.duck_soup.deal import new_deal
from duckspec.duck_soup.dealing import InvalidDeck, check_deck, deal_hands, initial_stock, next_dealer
from duckspec.duck_soup.examples import arrange_deck
from duckspec.duck_soup.tricks import first_leader


@pytest.mark.ruling("DS-R01")
@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_goes_to_the_non_dealer(dealer: int) -> None:
    deck = full_deck()
    hands = deal_hands(deck, dealer)
    non_dealer = 1 - dealer
    assert deck[0] in hands[non_dealer]
    assert deck[1] in hands[dealer]
    assert set(hands[non_dealer]) == set(deck[0:26:2])
    assert set(hands[dealer]) == set(deck[1:26:2])


def test_thirteen_each_and_a_stock_of_26_with_the_27th_card_on_top() -> None:
    deck = full_deck()
    state = new_deal(deck, dealer=0)
    assert [len(hand) for hand in state.hands] == [13, 13]
    assert state.stock == initial_stock(deck) == deck[26:]
    assert state.face_up_card == deck[26]


def test_hands_are_kept_in_canonical_order() -> None:
    hands = deal_hands(tuple(reversed(full_deck())), 0)
    assert all(list(hand) == sorted(hand) for hand in hands)


def test_the_non_dealer_leads_and_the_deal_alternates() -> None:
    assert first_leader(0) == 1 and first_leader(1) == 0
    assert next_dealer(0) == 1 and next_dealer(1) == 0
    assert new_deal(full_deck(), dealer=1).leader == 0


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (full_deck()[:51], "has 51 cards.*missing: KS"),
        ((*full_deck()[:51], parse_card("AC")), "repeated: AC; missing: KS"),
        ((), "has 0 cards"),
    ],
)
def test_a_deck_that_is_not_one_pack_is_refused_with_what_is_wrong(deck: tuple[object, ...], message: str) -> None:
    with pytest.raises(InvalidDeck, match=message):
        check_deck(deck)  # type: ignore[arg-type]


def test_a_dealer_other_than_0_or_1_is_refused() -> None:
    with pytest.raises(ValueError, match="player 0 or 1"):
        new_deal(full_deck(), dealer=2)


def test_arrange_deck_deals_the_named_cards() -> None:
    hands = (parse_cards(["9C", "JS"]), parse_cards(["4C"]))
    deck = arrange_deck(1, hands, parse_cards(["2D", "3D"]))
    check_deck(deck)
    dealt = deal_hands(deck, 1)
    assert {parse_card("9C"), parse_card("JS")} <= set(dealt[0])
    assert parse_card("4C") in dealt[1]
    assert initial_stock(deck)[:2] == parse_cards(["2D", "3D"])


def test_arrange_deck_refuses_a_card_named_twice() -> None:
    with pytest.raises(InvalidDeck):
        arrange_deck(0, (parse_cards(["9C"]), parse_cards(["9C"])))
