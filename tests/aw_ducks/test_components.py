"""§1 Components: the 96 cards and their notation."""

from __future__ import annotations

from collections import Counter

import pytest

from duckspec.aw_ducks.components import (
    ALL_KINDS,
    DECK_SIZE,
    Card,
    CardNotationError,
    Colour,
    card_from_index,
    copies,
    duck,
    exists,
    format_cards,
    full_deck,
    number,
    parse_card,
    parse_card_string,
    parse_cards,
)


def test_the_deck_holds_72_numbers_and_24_ducks() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 96
    assert sum(card.is_number for card in deck) == 72
    assert sum(card.is_duck for card in deck) == 24


def test_each_number_card_twice_and_each_duck_four_times() -> None:
    counts = Counter(full_deck())
    for colour in (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.PURPLE, Colour.BLACK):
        for value in range(1, 7):
            assert counts[number(colour, value)] == 2
    for colour in (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.PURPLE, Colour.RAINBOW):
        assert counts[duck(colour)] == 4
    assert len(counts) == len(ALL_KINDS) == 42


def test_there_are_no_black_ducks_and_no_rainbow_numbers() -> None:
    with pytest.raises(CardNotationError, match="no black ducks"):
        duck(Colour.BLACK)
    with pytest.raises(CardNotationError):
        number(Colour.RAINBOW, 3)
    with pytest.raises(CardNotationError):
        number(Colour.RED, 7)
    assert not exists(Card(Colour.BLACK, 0))
    assert not exists(Card(Colour.RAINBOW, 2))
    assert all(exists(card) for card in ALL_KINDS)


@pytest.mark.parametrize(
    ("text", "colour", "value"),
    [
        ("3R", Colour.RED, 3),
        ("6k", Colour.BLACK, 6),
        (" 1P ", Colour.PURPLE, 1),
        ("DW", Colour.RAINBOW, 0),
        ("dg", Colour.GREEN, 0),
    ],
)
def test_notation_is_value_then_colour(text: str, colour: Colour, value: int) -> None:
    card = parse_card(text)
    assert (card.colour, card.value) == (colour, value)
    assert str(card) == text.strip().upper()


@pytest.mark.parametrize("text", ["7R", "0R", "3W", "DK", "D", "RR", "3RR", "", "10R", "3X"])
def test_a_bad_card_gets_one_clear_message(text: str) -> None:
    with pytest.raises(CardNotationError) as raised:
        parse_card(text)
    message = str(raised.value)
    assert repr(text) in message and "'3R'" in message and "'DW'" in message


def test_errors_name_the_position() -> None:
    with pytest.raises(CardNotationError, match="card 2"):
        parse_cards(["3R", "DW", "9Z"])
    with pytest.raises(CardNotationError, match="odd length"):
        parse_card_string("3RD")


def test_canonical_order_numbers_by_colour_then_ducks() -> None:
    order = [str(card) for card in ALL_KINDS]
    assert order[:7] == ["1R", "2R", "3R", "4R", "5R", "6R", "1Y"]
    assert order[30:36] == ["1K", "2K", "3K", "4K", "5K", "6K"]
    assert order[36:] == ["DR", "DY", "DG", "DB", "DP", "DW"]
    assert sorted(parse_cards(["DW", "1K", "6R", "DR", "1R"])) == list(parse_cards(["1R", "6R", "1K", "DR", "DW"]))


def test_index_round_trip_and_copies() -> None:
    for index in range(42):
        card = card_from_index(index)
        assert card.index == index
        assert copies(card) == (4 if index >= 36 else 2)
    assert format_cards(parse_card_string("3RDW"), "") == "3RDW"
    assert format_cards(parse_card_string("3RDW")) == "3R DW"
