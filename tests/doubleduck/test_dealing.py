"""Rules §2 Deal: 13 cards each, one at a time from the dealer's left, a stock of 52, the deal passing left."""

from __future__ import annotations

import pytest

from duckspec.cards import parse_cards
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.deal import new_deal
from duckspec.doubleduck.dealing import (
    STOCK_SIZE,
    InvalidDeck,
    arrange_deck,
    check_deck,
    deal_hands,
    dealt_to,
    first_receiver,
    initial_stock,
    next_dealer,
)
from duckspec.doubleduck.duck_course import player_to_play
from duckspec.seats import partner, side_of


@pytest.mark.ruling("DD-R01")
@pytest.mark.parametrize("dealer", range(4))
def test_first_card_goes_to_the_dealers_left(dealer: int) -> None:
    assert first_receiver(dealer) == (dealer + 1) % 4
    assert dealt_to(0, dealer) == (dealer + 1) % 4
    deck = two_packs()[::2] + two_packs()[1::2]  # every card once, then every card again
    hands = deal_hands(deck, dealer)
    assert deck[0] in hands[(dealer + 1) % 4]


@pytest.mark.ruling("DD-R01")
def test_cards_go_round_one_at_a_time() -> None:
    deck = two_packs()[::2] + two_packs()[1::2]
    hands = deal_hands(deck, dealer=3)
    assert [dealt_to(position, 3) for position in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert hands[0] == tuple(sorted(deck[0:52:4]))
    assert hands[3] == tuple(sorted(deck[3:52:4]))
    assert initial_stock(deck) == tuple(deck[52:]) and len(initial_stock(deck)) == STOCK_SIZE == 52


@pytest.mark.ruling("DD-R15")
@pytest.mark.parametrize("dealer", range(4))
def test_any_seat_may_deal_first(dealer: int) -> None:
    state = new_deal(two_packs(), dealer)
    assert state.dealer == dealer and state.to_act == (dealer + 1) % 4
    assert next_dealer(dealer) == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", [4, -1, True])
def test_a_dealer_other_than_the_four_seats_is_refused(dealer: int) -> None:
    with pytest.raises(ValueError, match="dealer must be player 0, 1, 2 or 3"):
        new_deal(two_packs(), dealer)


def test_a_deck_that_is_not_two_packs_is_refused_in_one_line() -> None:
    with pytest.raises(InvalidDeck, match="missing: AC; too many: KS") as error:
        check_deck([*two_packs()[1:], two_packs()[-1]])
    assert "\n" not in str(error.value)
    with pytest.raises(InvalidDeck, match="this one has 52 cards"):
        new_deal(two_packs()[::2], 0)


def test_arrange_deck_deals_the_named_cards_to_their_seats() -> None:
    hands = [parse_cards(text.split()) for text in ("JS JS", "JH", "", "3C 3C")]
    for dealer in range(4):
        deck = arrange_deck(dealer, hands, parse_cards(["AD", "KD"]))
        check_deck(deck)
        dealt = deal_hands(deck, dealer)
        assert all(set(hands[seat]) <= set(dealt[seat]) for seat in range(4))
        assert dealt[0].count(hands[0][0]) == 2
        assert initial_stock(deck)[:2] == parse_cards(["AD", "KD"])


def test_arrange_deck_refuses_a_third_copy() -> None:
    with pytest.raises(InvalidDeck, match="at most twice"):
        arrange_deck(3, [parse_cards(["JS", "JS"]), parse_cards(["JS"]), (), ()])


@pytest.mark.ruling("DD-R19")
def test_partners_sit_opposite() -> None:
    """Seats 0 and 2 are side 0, 1 and 3 side 1; play goes to the left, so the four cards of a trick alternate
    between the sides whoever leads."""
    assert [side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    for leader in range(4):
        turns = [player_to_play(leader, played) for played in range(4)]
        assert [side_of(seat) for seat in turns] == [side_of(leader), 1 - side_of(leader)] * 2
