"""Rules §4 Play (Duck course): the lead, the calls, the order of precedence, what is stored, the draw."""

from __future__ import annotations

import pytest

from duckspec.cards import parse_card, parse_cards
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.deal import legal_actions
from duckspec.doubleduck.duck_course import (
    WonBy,
    allowed_calls,
    cards_stored,
    draw_after_trick,
    draw_order,
    first_leader,
    quacks_due,
    winning_position,
    won_by,
)
from duckspec.trick_taking import best_of_suit_led
from tests.doubleduck.helpers import moves, play, position, run


def trick(text: str) -> tuple[Play, ...]:
    return tuple(moves(text))


def test_the_player_at_the_dealers_left_leads_first() -> None:
    assert [first_leader(dealer) for dealer in range(4)] == [1, 2, 3, 0]


@pytest.mark.ruling("DD-R17")
def test_any_card_may_be_played() -> None:
    state = run(position(("5S", "4S 9D", "KS", "QS")), "0:5S")
    plain = {action.card for action in legal_actions(state) if action.call is Call.NONE}
    assert plain == set(state.hands[1])  # no need to follow suit, though player 1 holds a spade
    after = run(state, "1:9D 2:KS 3:QS")
    assert after.leader == 0  # 5S is the lowest spade; the diamond cannot win: no trumps


@pytest.mark.ruling("DD-R03")
def test_quacks_due_count_every_card_of_the_rank() -> None:
    js, jh, jc, two = parse_cards(["JS", "JH", "JC", "2C"])
    assert quacks_due(js, ()) == 1
    assert quacks_due(js, (two,)) == 1
    assert quacks_due(js, (jh,)) == 2  # whether JH was silent, quacked or (as JS) doubleducked
    assert quacks_due(js, (jh, jc)) == 3
    assert allowed_calls(jc, (js, jh)) == (Call.NONE, Call.QUACK_QUACK)


@pytest.mark.ruling("DD-R06")
def test_the_duplicate_may_quack_instead() -> None:
    js, jh = parse_cards(["JS", "JH"])
    assert allowed_calls(js, (js,)) == (Call.NONE, Call.QUACK, Call.DOUBLEDUCK)
    assert allowed_calls(js, (js, jh)) == (Call.NONE, Call.QUACK_QUACK, Call.DOUBLEDUCK)
    assert winning_position(trick("0:JS 1:JS:quack 2:2S 3:3S"), Course.DUCK) == 1


def test_nothing_is_called_with_a_lead_or_a_card_of_another_rank() -> None:
    js, qs = parse_cards(["JS", "QS"])
    assert allowed_calls(js, ()) == (Call.NONE,)
    assert allowed_calls(qs, (js,)) == (Call.NONE,)


def test_a_doubleduck_takes_the_trick_whatever_else_is_played() -> None:
    assert winning_position(trick("0:3H 1:3H:doubleduck 2:8H 3:6H"), Course.DUCK) == 1
    assert winning_position(trick("0:JS 1:JH:quack 2:JS:doubleduck 3:JC:quack-quack-quack"), Course.DUCK) == 2


def test_the_last_quack_takes_the_trick() -> None:
    assert winning_position(trick("0:7C 1:7D:quack 2:7H:quack-quack 3:7S:quack-quack-quack"), Course.DUCK) == 3
    assert winning_position(trick("0:7C 1:7D:quack 2:2C 3:AC"), Course.SOUP) == 1


@pytest.mark.ruling("DD-R08")
def test_a_later_silent_match_does_not_cancel_a_quack() -> None:
    assert winning_position(trick("0:JS 1:JH:quack 2:JC 3:2S"), Course.DUCK) == 1


@pytest.mark.ruling("DD-R09")
def test_a_silent_match_is_a_plain_card() -> None:
    assert winning_position(trick("0:9S 1:9H 2:8S 3:KD"), Course.DUCK) == 2
    assert winning_position(trick("0:9S 1:9H 2:KD 3:KD"), Course.DUCK) == 0


@pytest.mark.ruling("DD-R09")
def test_a_silent_duplicate_wins_as_the_later_equal_card() -> None:
    assert winning_position(trick("0:AS 1:AS 2:KS 3:2S"), Course.DUCK) == 1  # the Ace is the best spade
    assert winning_position(trick("0:AS 1:AS 2:KS 3:2S"), Course.SOUP) == 1
    assert winning_position(trick("0:9S 1:9S 2:3S 3:KH"), Course.DUCK) == 2  # 3S beats both nines in the Duck


def test_the_best_card_of_the_suit_led_wins_and_the_later_of_two_equal() -> None:
    cards = parse_cards(["9C", "2C", "2C", "KD"])
    assert best_of_suit_led(cards, Course.DUCK) == 2
    assert best_of_suit_led(parse_cards(["9C", "KC", "AD", "QC"]), Course.SOUP) == 1
    assert best_of_suit_led(parse_cards(["9C", "KC", "AD", "AC"]), Course.SOUP) == 3


@pytest.mark.ruling("DD-R10")
def test_one_card_stored_per_suit() -> None:
    assert cards_stored(parse_cards(["3H", "3H", "8H", "6H"])) == 1
    assert cards_stored(parse_cards(["JS", "JH", "JC", "JS"])) == 3
    assert cards_stored(parse_cards(["JS", "JH", "JC", "JD"])) == 4
    state = run(position(("JS", "JH", "JC", "JS JD")), "0:JS 1:JH:quack 2:JC:quack-quack 3:JD:quack-quack-quack")
    assert state.piles == ((0, 0), (4, 0)) and state.tricks == ((0, 0), (1, 0))


@pytest.mark.ruling("DD-R02")
def test_the_winner_draws_first_then_to_the_left() -> None:
    stock = parse_cards(["2D", "3D", "4D", "5D"])
    assert draw_order(2) == (2, 3, 0, 1)
    assert draw_after_trick((*stock, *stock), 2).cards == tuple(zip((2, 3, 0, 1), stock, strict=True))
    state = position(("5S", "9S", "2S", "KS"), stock_top="2D 3D 4D 5D")
    after = run(state, "0:5S 1:9S 2:2S 3:KS")  # player 2 wins with the lowest spade
    assert after.leader == 2 and len(after.stock) == 48
    drawn = {seat: card for seat, card in zip((2, 3, 0, 1), stock, strict=True)}
    assert all(drawn[seat] in after.hands[seat] and len(after.hands[seat]) == 13 for seat in range(4))


def test_play_passes_to_the_left_and_the_winner_leads() -> None:
    state = position(("JS", "JH", "JC", "JS JD"))
    assert [state.to_act] == [0]
    state = run(state, "0:JS 1:JH:quack")
    assert state.to_act == 2
    state = run(state, "2:JC:quack-quack 3:JS:doubleduck")
    assert state.to_act == 3 and state.piles[1][0] == 3


def test_a_card_held_twice_is_one_choice() -> None:
    state = position(("3H 3H", "", "", ""))
    cards = [action.card for action in legal_actions(state)]
    assert cards.count(parse_card("3H")) == 1 and len(cards) == len(set(state.hands[0]))
    assert play(0, "3H") in legal_actions(state)


def test_won_by_names_the_rule_that_decided_the_trick() -> None:
    assert won_by(trick("0:3H 1:3H:doubleduck 2:8H 3:6H")) is WonBy.DOUBLEDUCK
    assert won_by(trick("0:JS 1:JH:quack 2:JC 3:2S")) is WonBy.QUACK
    assert won_by(trick("0:9S 1:9H 2:8S 3:KD")) is WonBy.BEST_CARD
    assert [how.paragraph for how in WonBy] == ["§4.2", "§4.3", "§4.4"]
