"""Rules §2 The cards, and the shared card notation."""

from __future__ import annotations

import pytest

from duckspec.cards import Card, CardNotationError, Rank, Suit, card_from_index, full_deck, parse_card, parse_cards
from duckspec.duck_soup.cards import Course, beats_in_suit, rank_strength


def test_notation_round_trips_for_every_card() -> None:
    for card in full_deck():
        assert parse_card(str(card)) == card


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("TC", Card(Suit.CLUBS, Rank.TEN)),
        ("as", Card(Suit.SPADES, Rank.ACE)),
        ("10h", Card(Suit.HEARTS, Rank.TEN)),
        (" 9d ", Card(Suit.DIAMONDS, Rank.NINE)),
    ],
)
def test_parse_card_accepts_the_notation(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1C", "TX", "ACE", "C9", "JJ"])
def test_parse_card_rejects_other_text_with_the_expected_form(text: str) -> None:
    with pytest.raises(CardNotationError, match=r"rank .* then the suit"):
        parse_card(text)


def test_parse_cards_names_the_bad_position() -> None:
    with pytest.raises(CardNotationError, match="card 1:"):
        parse_cards(["TC", "ZZ"])


def test_full_deck_is_52_distinct_cards_in_canonical_order() -> None:
    deck = full_deck()
    assert len(set(deck)) == 52
    assert list(deck) == sorted(deck)
    assert [card.index for card in deck] == list(range(52))
    assert all(card_from_index(card.index) == card for card in deck)
    assert str(deck[0]) == "AC" and str(deck[-1]) == "KS"


@pytest.mark.ruling("DS-R13")
def test_ace_is_best_in_both_courses() -> None:
    for suit in Suit:
        ace = Card(suit, Rank.ACE)
        for rank in list(Rank)[1:]:
            other = Card(suit, rank)
            for course in Course:
                assert beats_in_suit(ace, other, course)
                assert not beats_in_suit(other, ace, course)


@pytest.mark.ruling("DS-R13")
def test_rank_order_per_course() -> None:
    duck_best_first = sorted(Rank, key=lambda rank: -rank_strength(rank, Course.DUCK))
    soup_best_first = sorted(Rank, key=lambda rank: -rank_strength(rank, Course.SOUP))
    assert "".join(rank.letter for rank in duck_best_first) == "A23456789TJQK"
    assert "".join(rank.letter for rank in soup_best_first) == "AKQJT98765432"


def test_no_trumps_cards_of_different_suits_never_beat_each_other() -> None:
    for course in Course:
        assert not beats_in_suit(parse_card("2C"), parse_card("KH"), course)
        assert not beats_in_suit(parse_card("KH"), parse_card("2C"), course)
