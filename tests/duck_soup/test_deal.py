"""The deal state machine: tricks (§4), drawing (§5), quacking (§6), changing course (§7), errors."""

from __future__ import annotations

import pytest

from duckspec.cards import Card, parse_card, parse_cards
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import DealState, Phase, apply, legal_actions
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.tricks import Trick, trick_points, trick_winner
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from tests.duck_soup.helpers import DEALER, LEADER, advance, duck, play, position, run


def rejected(state: DealState, action: Play | SayDuck) -> ErrorCode:
    """The error code ``action`` is rejected with; the state must come out unchanged."""
    before = state
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert state == before
    return caught.value.code


# §4 Playing a trick


def test_the_follower_need_not_follow_suit() -> None:
    state = run(position("9C", "4H"), play(LEADER, "9C"))
    assert Play(DEALER, parse_card("4H")) in legal_actions(state)
    assert len([a for a in legal_actions(state) if isinstance(a, Play) and a.call is Call.NONE]) == 13


@pytest.mark.parametrize(
    ("lead", "follow", "course", "winner"),
    [
        ("9C", "4C", Course.DUCK, "follower"),
        ("4C", "9C", Course.DUCK, "leader"),
        ("9C", "4C", Course.SOUP, "leader"),
        ("4C", "9C", Course.SOUP, "follower"),
        ("KC", "AC", Course.DUCK, "follower"),
        ("KC", "AC", Course.SOUP, "follower"),
        ("9C", "2H", Course.DUCK, "leader"),
        ("2C", "AH", Course.SOUP, "leader"),
    ],
)
def test_trick_winner(lead: str, follow: str, course: Course, winner: str) -> None:
    assert trick_winner(parse_card(lead), parse_card(follow), course) == winner


def test_trick_points_one_face_down_two_face_up() -> None:
    assert trick_points(parse_card("9C"), parse_card("4C")) == 1
    assert trick_points(parse_card("9C"), parse_card("4H")) == 2
    assert Trick(parse_card("9C"), parse_card("4H")).is_face_up


def test_the_trick_winner_leads_next() -> None:
    state = run(position("9C", "4C"), play(LEADER, "9C"), play(DEALER, "4C"))
    assert state.leader == DEALER and state.to_act == DEALER and state.phase is Phase.LEAD


# §5 Drawing


def test_winner_takes_the_face_up_card_and_the_loser_the_next() -> None:
    state = position("9C", "4C", stock_top="2D 3D 4D")
    assert state.face_up_card == parse_card("2D")
    state = run(state, play(LEADER, "9C"), play(DEALER, "4C"))
    assert parse_card("2D") in state.hands[DEALER] and parse_card("3D") in state.hands[LEADER]
    assert state.face_up_card == parse_card("4D")
    assert len(state.stock) == 24 and [len(h) for h in state.hands] == [13, 13]


@pytest.mark.ruling("DS-R09")
def test_hidden_stock_draws_the_same_cards() -> None:
    hidden = RuleOptions(stock=StockVisibility.HIDDEN)
    actions = (
        play(LEADER, "JS"),
        play(DEALER, "JH", Call.QUACK),
        play(LEADER, "JC", Call.QUACK_QUACK),
        play(DEALER, "9C"),
    )
    shown = run(position("JS JC 9S", "JH 9C", "2D 3D 4D 5D 6D"), *actions)
    unseen = run(position("JS JC 9S", "JH 9C", "2D 3D 4D 5D 6D", options=hidden), *actions)
    assert position("JS", "JH", options=hidden).face_up_card is None and unseen.face_up_card is None
    assert (shown.hands, shown.stock, shown.duck_tricks) == (unseen.hands, unseen.stock, unseen.duck_tricks)
    assert parse_card("6D") == unseen.stock[0]


# §6 Quacking


def quack_position(stock_top: str = "2D 3D 4D 5D JD") -> DealState:
    """JS led by player 0 and quacked with JH by player 1; player 0 also holds JC."""
    return run(position("JS JC 9S", "JH 9C 9H", stock_top), play(LEADER, "JS"), play(DEALER, "JH", Call.QUACK))


def test_a_quack_waits_for_the_leaders_answer() -> None:
    state = quack_position()
    assert state.phase is Phase.ANSWER and state.to_act == LEADER
    assert legal_actions(state) == (Play(LEADER, parse_card("JC"), Call.QUACK_QUACK), SayDuck(LEADER))


def test_duck_gives_the_quacker_a_face_up_trick_and_the_lead() -> None:
    state = run(quack_position(), duck(LEADER))
    assert state.duck_tricks[DEALER] == (Trick(parse_card("JS"), parse_card("JH")),)
    assert state.points(Course.DUCK) == (0, 2)
    assert state.leader == DEALER and parse_card("2D") in state.hands[DEALER]


def test_the_leader_may_say_duck_while_holding_the_third_card() -> None:
    state = quack_position()
    assert parse_card("JC") in state.hands[LEADER]
    assert SayDuck(LEADER) in legal_actions(state)
    run(state, duck(LEADER))


def test_forgotten_quack_is_an_ordinary_two_suit_trick_worth_two_to_the_leader() -> None:
    state = run(position("JS", "JH"), play(LEADER, "JS"), play(DEALER, "JH"))
    assert state.points(Course.DUCK) == (2, 0) and state.leader == LEADER


def test_quack_quack_leader_wins_both_second_trick_face_down_when_same_suit() -> None:
    state = run(quack_position(), play(LEADER, "JC", Call.QUACK_QUACK), play(DEALER, "9C"))
    assert state.points(Course.DUCK) == (3, 0)
    assert [t.points for t in state.duck_tricks[LEADER]] == [2, 1]


def test_quack_quack_second_trick_face_up_when_another_suit() -> None:
    state = run(quack_position(), play(LEADER, "JC", Call.QUACK_QUACK), play(DEALER, "9H"))
    assert state.points(Course.DUCK) == (4, 0)


def test_duck_soup_gives_the_follower_both_tricks_face_up() -> None:
    state = run(
        position("JS JC", "JH JD", "2D 3D 4D 5D"),
        play(LEADER, "JS"),
        play(DEALER, "JH", Call.QUACK),
        play(LEADER, "JC", Call.QUACK_QUACK),
        play(DEALER, "JD", Call.DUCK_SOUP),
    )
    assert state.points(Course.DUCK) == (0, 4)
    assert state.leader == DEALER
    assert {parse_card("2D"), parse_card("3D")} <= set(state.hands[DEALER])


@pytest.mark.ruling("DS-R03")
def test_forgotten_duck_soup_gives_the_leader_both_tricks() -> None:
    state = run(
        position("JS JC", "JH JD", "2D 3D 4D 5D"),
        play(LEADER, "JS"),
        play(DEALER, "JH", Call.QUACK),
        play(LEADER, "JC", Call.QUACK_QUACK),
        play(DEALER, "JD"),
    )
    assert state.points(Course.DUCK) == (4, 0) and state.leader == LEADER


@pytest.mark.ruling("DS-R04")
def test_double_draw_winner_takes_two_then_loser() -> None:
    state = run(quack_position(), play(LEADER, "JC", Call.QUACK_QUACK), play(DEALER, "9C"))
    assert set(parse_cards(["2D", "3D"])) <= set(state.hands[LEADER])
    assert set(parse_cards(["4D", "5D"])) <= set(state.hands[DEALER])
    assert state.face_up_card == parse_card("JD") and len(state.stock) == 22
    assert [len(h) for h in state.hands] == [13, 13]


@pytest.mark.ruling("DS-R04")
def test_double_draw_alternate_option() -> None:
    alternate = RuleOptions(double_draw=DoubleDraw.ALTERNATE)
    state = run(
        position("JS JC 9S", "JH 9C 9H", "2D 3D 4D 5D JD", options=alternate),
        play(LEADER, "JS"),
        play(DEALER, "JH", Call.QUACK),
        play(LEADER, "JC", Call.QUACK_QUACK),
        play(DEALER, "9C"),
    )
    assert set(parse_cards(["2D", "4D"])) <= set(state.hands[LEADER])
    assert set(parse_cards(["3D", "5D"])) <= set(state.hands[DEALER])


@pytest.mark.ruling("DS-R10")
def test_leader_must_answer_a_quack() -> None:
    state = quack_position()
    assert rejected(state, play(LEADER, "9S")) is ErrorCode.ANSWER_REQUIRED
    assert rejected(state, play(LEADER, "JC")) is ErrorCode.ANSWER_REQUIRED
    assert rejected(state, play(LEADER, "9S", Call.QUACK_QUACK)) is ErrorCode.CALL_RANK_MISMATCH


@pytest.mark.ruling("DS-R10")
def test_duck_is_required_without_a_third_card() -> None:
    state = run(position("JS 9S", "JH", stock_top="2D 3D JC JD"), play(LEADER, "JS"), play(DEALER, "JH", Call.QUACK))
    assert legal_actions(state) == (SayDuck(LEADER),)
    assert state.phase is Phase.ANSWER


SILENT = RuleOptions(calls=Calls.SILENT)


@pytest.mark.ruling("DS-R15")
def test_silent_calls_make_a_quack_without_a_word() -> None:
    state = run(position("8S 2C", "8H 3C", "JD QD 8C 8D", options=SILENT), play(LEADER, "8S"))
    assert legal_actions(state) == tuple(Play(DEALER, card) for card in state.hands[DEALER])
    quacked = apply(state, play(DEALER, "8H"))
    assert quacked.phase is Phase.ANSWER and quacked.to_act == LEADER
    assert legal_actions(quacked) == (SayDuck(LEADER),)  # no third eight: "duck" is still an action (DS-R10)
    after = apply(quacked, duck(LEADER))
    assert after.points(Course.DUCK) == (0, 2) and after.leader == DEALER
    spoken = run(position("8S 2C", "8H 3C", "JD QD"), play(LEADER, "8S"), play(DEALER, "8H"))
    assert spoken.points(Course.DUCK) == (2, 0)  # the same card, spoken rules: a forgotten quack


@pytest.mark.ruling("DS-R15")
def test_silent_calls_refuse_every_call() -> None:
    state = position("8S 8C JS 2C", "8H JH 3C", "JD QD", options=SILENT)
    assert rejected(state, play(LEADER, "8S", Call.QUACK)) is ErrorCode.CALL_NOT_ALLOWED
    state = apply(state, play(LEADER, "8S"))
    assert rejected(state, play(DEALER, "8H", Call.QUACK)) is ErrorCode.CALL_NOT_ALLOWED
    assert rejected(state, play(DEALER, "3C", Call.QUACK)) is ErrorCode.CALL_NOT_ALLOWED
    state = apply(state, play(DEALER, "8H"))
    assert rejected(state, play(LEADER, "8C", Call.QUACK_QUACK)) is ErrorCode.CALL_NOT_ALLOWED
    assert rejected(state, play(LEADER, "JS")) is ErrorCode.ANSWER_REQUIRED
    assert rejected(state, play(LEADER, "JS", Call.QUACK_QUACK)) is ErrorCode.ANSWER_REQUIRED
    assert rejected(state, play(LEADER, "8D")) is ErrorCode.CARD_NOT_IN_HAND
    assert legal_actions(state) == (play(LEADER, "8C"), SayDuck(LEADER))
    state = apply(state, play(LEADER, "8C"))
    assert rejected(state, play(DEALER, "JH", Call.DUCK_SOUP)) is ErrorCode.CALL_NOT_ALLOWED


@pytest.mark.ruling("DS-R15")
def test_silent_quack_quack_and_duck_soup() -> None:
    opening = (play(LEADER, "JS"), play(DEALER, "JH"), play(LEADER, "JC"))
    soup = run(position("JS JC", "JH JD", "2D 3D 4D 5D", options=SILENT), *opening, play(DEALER, "JD"))
    assert soup.points(Course.DUCK) == (0, 4) and soup.leader == DEALER
    assert {parse_card("2D"), parse_card("3D")} <= set(soup.hands[DEALER])
    other = run(position("JS JC", "JH 9C", "2D 3D 4D 5D", options=SILENT), *opening, play(DEALER, "9C"))
    assert other.points(Course.DUCK) == (3, 0) and other.leader == LEADER


@pytest.mark.ruling("DS-R16")
def test_silent_fourth_card_may_be_held_back() -> None:
    opening = (play(LEADER, "JS"), play(DEALER, "JH"), play(LEADER, "JC"))
    state = run(position("JS JC", "JH JD 9C", "2D 3D 4D 5D", options=SILENT), *opening)
    assert Play(DEALER, parse_card("9C")) in legal_actions(state)
    held = apply(state, play(DEALER, "9C"))
    assert held.points(Course.DUCK) == (3, 0) and parse_card("JD") in held.hands[DEALER]


@pytest.mark.ruling("DS-R02")
def test_quack_on_another_rank_is_rejected() -> None:
    state = run(position("JS", "9H"), play(LEADER, "JS"))
    assert rejected(state, play(DEALER, "9H", Call.QUACK)) is ErrorCode.CALL_RANK_MISMATCH


@pytest.mark.ruling("DS-R02")
def test_duck_soup_on_another_rank_is_rejected() -> None:
    state = run(quack_position(), play(LEADER, "JC", Call.QUACK_QUACK))
    assert rejected(state, play(DEALER, "9C", Call.DUCK_SOUP)) is ErrorCode.CALL_RANK_MISMATCH


@pytest.mark.ruling("DS-R12")
def test_call_on_a_lead_is_not_allowed() -> None:
    state = position("JS", "JH")
    for call in (Call.QUACK, Call.QUACK_QUACK, Call.DUCK_SOUP):
        assert rejected(state, play(LEADER, "JS", call)) is ErrorCode.CALL_NOT_ALLOWED
    after_lead = run(state, play(LEADER, "JS"))
    assert rejected(after_lead, play(DEALER, "JH", Call.DUCK_SOUP)) is ErrorCode.CALL_NOT_ALLOWED


@pytest.mark.ruling("DS-R12")
def test_quack_on_the_fourth_card_is_not_allowed() -> None:
    state = run(
        position("JS JC", "JH JD"),
        play(LEADER, "JS"),
        play(DEALER, "JH", Call.QUACK),
        play(LEADER, "JC", Call.QUACK_QUACK),
    )
    assert rejected(state, play(DEALER, "JD", Call.QUACK)) is ErrorCode.CALL_NOT_ALLOWED


# Error codes and their precedence


def test_not_your_turn_comes_before_everything_about_the_card() -> None:
    state = position("JS", "JH")
    assert rejected(state, play(DEALER, "JS", Call.QUACK)) is ErrorCode.NOT_YOUR_TURN


def test_duck_when_no_quack_waits() -> None:
    assert rejected(position("JS", "JH"), duck(LEADER)) is ErrorCode.DUCK_NOT_ALLOWED


def test_card_not_in_hand_before_a_bad_call() -> None:
    state = position("JS", "JH")
    assert rejected(state, play(LEADER, "JH", Call.QUACK)) is ErrorCode.CARD_NOT_IN_HAND


def test_deal_over_rejects_everything() -> None:
    state = advance(position("", ""), stock_left=0)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert legal_actions(state) == ()
    assert rejected(state, play(LEADER, "AC")) is ErrorCode.DEAL_OVER


def test_every_error_code_names_a_rule_and_what_is_wrong() -> None:
    with pytest.raises(IllegalAction) as caught:
        apply(position("JS", "JH"), play(LEADER, "JH"))
    assert caught.value.rule == "§4" and "not in player 0's hand" in str(caught.value)


# §7 Changing course


def test_winner_of_the_last_duck_trick_leads_the_first_soup_trick() -> None:
    state = advance(position("", ""), stock_left=2)
    leader = state.leader
    lead = next(a for a in legal_actions(state) if isinstance(a, Play))
    state = apply(state, lead)
    follow = next(a for a in legal_actions(state) if isinstance(a, Play) and a.card.suit != lead.card.suit)
    state = apply(state, follow)
    assert state.course is Course.SOUP and state.stock == ()
    assert state.leader == leader  # a different suit loses, so the leader won the last Duck trick
    assert [len(h) for h in state.hands] == [13, 13]


def late_quack_quack(stock_left: int) -> tuple[DealState, DealState, Card, Card]:
    """Both players hold two jacks; plain cards are played until ``stock_left`` cards remain, then
    the leader quack-quacks in jacks and the follower plays a plain card.

    Returns the state before the quack-quack, the state after it, the third jack and the fourth card.
    """
    before = advance(position("JS JC", "JH JD"), stock_left=stock_left, keep="JS JC JH JD")
    leader, follower = before.leader, 1 - before.leader
    jacks = [card for card in before.hands[leader] if card.rank.letter == "J"]
    answers = [card for card in before.hands[follower] if card.rank.letter == "J"]
    plain = next(card for card in before.hands[follower] if card.rank.letter != "J")
    after = run(
        before,
        Play(leader, jacks[0]),
        Play(follower, answers[0], Call.QUACK),
        Play(leader, jacks[1], Call.QUACK_QUACK),
        Play(follower, plain),
    )
    return before, after, jacks[1], plain


def test_quack_quack_with_two_cards_left_gives_a_twelve_trick_soup() -> None:
    _, state, _, _ = late_quack_quack(stock_left=2)
    assert state.course is Course.SOUP and state.stock == ()
    assert [len(h) for h in state.hands] == [12, 12]
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert sum(len(t) for t in state.soup_tricks) == 12


def test_quack_quack_in_the_soup_draws_nothing() -> None:
    before, after, third, fourth = late_quack_quack(stock_left=0)
    assert before.course is Course.SOUP and [len(h) for h in before.hands] == [13, 13]
    assert [len(h) for h in after.hands] == [11, 11]
    assert after.course is Course.SOUP and after.leader == before.leader and after.phase is Phase.LEAD
    assert after.points(Course.SOUP)[before.leader] == 4 - (fourth.suit == third.suit)


def test_only_the_duck_course_last_two_cards_case_makes_twelve_tricks() -> None:
    _, after, _, _ = late_quack_quack(stock_left=4)
    assert after.course is Course.SOUP and [len(h) for h in after.hands] == [13, 13]
