"""The deal as a state machine: the calls and their refusals, the draw option, illegal actions changing nothing."""

from __future__ import annotations

import pytest

from duckspec.cards import parse_card
from duckspec.doubleduck.actions import Call, Play, action_sort_key
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.deal import DealState, Phase, apply, legal_actions
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from tests.doubleduck.helpers import MALFORMED, play, position, run

AS_PLAYED = RuleOptions(draw=DrawOrder.AS_PLAYED)
JACKS = ("JS JC", "JH JD", "JC 2C", "JS 3C")


def refused(state: DealState, action: Play, code: ErrorCode) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert error.value.code is code, str(error.value)
    assert error.value.message and "\n" not in str(error.value)
    return error.value


@pytest.mark.ruling("DD-R03")
def test_a_silent_match_still_counts_for_the_next_quack() -> None:
    state = run(position(JACKS), "0:JS 1:JH")
    refused(state, play(2, "JC", Call.QUACK), ErrorCode.QUACK_COUNT_MISMATCH)
    state = run(state, "2:JC:quack-quack")
    assert play(3, "JS", Call.QUACK_QUACK_QUACK) in legal_actions(state)
    assert run(state, "3:3C").leader == 2


@pytest.mark.ruling("DD-R04")
def test_a_miscounted_quack_is_rejected() -> None:
    state = run(position(JACKS), "0:JS")
    for call in (Call.QUACK_QUACK, Call.QUACK_QUACK_QUACK):
        error = refused(state, play(1, "JH", call), ErrorCode.QUACK_COUNT_MISMATCH)
        assert error.rule == "DD-R04" and "call 1 quack" in error.message
    state = run(state, "1:JH:quack")
    refused(state, play(2, "JC", Call.QUACK), ErrorCode.QUACK_COUNT_MISMATCH)


@pytest.mark.ruling("DD-R05")
def test_a_call_on_a_lead_is_rejected() -> None:
    state = position(JACKS)
    for call in (Call.QUACK, Call.DOUBLEDUCK):
        refused(state, play(0, "JS", call), ErrorCode.CALL_NOT_ALLOWED)


@pytest.mark.ruling("DD-R05")
def test_a_call_on_another_rank_is_rejected() -> None:
    state = run(position(JACKS), "0:JS 1:JH:quack")
    refused(state, play(2, "2C", Call.QUACK_QUACK), ErrorCode.CALL_RANK_MISMATCH)
    refused(state, play(2, "2C", Call.DOUBLEDUCK), ErrorCode.CALL_RANK_MISMATCH)


@pytest.mark.ruling("DD-R05")
def test_doubleduck_needs_the_exact_duplicate() -> None:
    state = run(position(JACKS), "0:JS 1:JH:quack")
    refused(state, play(2, "JC", Call.DOUBLEDUCK), ErrorCode.NOT_THE_DUPLICATE)
    state = run(state, "2:JC:quack-quack 3:JS:doubleduck")
    assert state.leader == 3


@pytest.mark.ruling("DD-R06")
def test_a_quacking_duplicate_can_be_outquacked() -> None:
    state = run(position(("JS", "JS", "JH", "2C")), "0:JS 1:JS:quack 2:JH:quack-quack 3:2C")
    assert state.leader == 2 and state.piles == ((3, 0), (0, 0))  # spades, hearts, clubs


@pytest.mark.ruling("DD-R07")
def test_a_quack_after_a_doubleduck_is_legal_but_loses() -> None:
    state = run(position(("JS", "JS", "JH", "JC")), "0:JS 1:JS:doubleduck")
    assert play(2, "JH", Call.QUACK_QUACK) in legal_actions(state)
    state = run(state, "2:JH:quack-quack 3:JC:quack-quack-quack")
    assert state.leader == 1 and state.piles == ((0, 0), (3, 0))


@pytest.mark.ruling("DD-R02")
def test_the_as_played_option_draws_after_each_card() -> None:
    state = position(JACKS, stock_top="2D 3D 4D 5D", options=AS_PLAYED)
    state = run(state, "0:JS")
    assert len(state.hands[0]) == 13 and parse_card("2D") in state.hands[0] and len(state.stock) == 51
    state = run(state, "1:JH:quack 2:JC:quack-quack 3:JS:doubleduck")
    drawn = {0: "2D", 1: "3D", 2: "4D", 3: "5D"}  # in the order of play, the leader first
    assert all(parse_card(drawn[seat]) in state.hands[seat] and len(state.hands[seat]) == 13 for seat in range(4))
    standard = run(position(JACKS, stock_top="2D 3D 4D 5D"), "0:JS 1:JH:quack 2:JC:quack-quack 3:JS:doubleduck")
    assert parse_card("2D") in standard.hands[3]  # the winner draws first under the standard rule


def test_illegal_actions_change_nothing_and_play_goes_on() -> None:
    state = run(position(JACKS), "0:JS")
    for action, code in (
        (play(2, "JC"), ErrorCode.NOT_YOUR_TURN),
        (play(1, "KS"), ErrorCode.CARD_NOT_IN_HAND),
        (play(1, "JH", Call.QUACK_QUACK), ErrorCode.QUACK_COUNT_MISMATCH),
    ):
        before = state
        refused(state, action, code)
        assert state == before
    assert run(state, "1:JH").to_act == 2


def test_the_deal_over_refuses_everything() -> None:
    state = position(("", "", "", ""))
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.OVER and state.to_act is None and legal_actions(state) == ()
    refused(state, play(0, "AC"), ErrorCode.DEAL_OVER)


def test_error_codes_are_reported_in_their_order_of_precedence() -> None:
    assert [code.precedence for code in ErrorCode] == list(range(1, 9))
    state = run(position(("8S 2S", "8H 3H", "8D 5C", "8S 9H"), stock_top="KS KS"), "0:8S")
    refused(state, play(2, "8D", Call.QUACK_QUACK), ErrorCode.NOT_YOUR_TURN)
    refused(state, play(1, "KS", Call.DOUBLEDUCK), ErrorCode.CARD_NOT_IN_HAND)
    refused(state, play(1, "3H", Call.DOUBLEDUCK), ErrorCode.CALL_RANK_MISMATCH)
    state = run(state, "1:8H:quack")
    refused(state, play(2, "5C", Call.QUACK_QUACK_QUACK), ErrorCode.CALL_RANK_MISMATCH)
    refused(state, play(2, "8D", Call.DOUBLEDUCK), ErrorCode.NOT_THE_DUPLICATE)
    assert {code.section for code in ErrorCode} <= {"§4", "§5", "§7"}


def test_legal_actions_are_canonically_sorted_and_each_legal() -> None:
    state = position(("", "", "", ""))
    for _ in range(60):
        actions = legal_actions(state)
        assert list(actions) == sorted(actions, key=action_sort_key) and len(set(actions)) == len(actions)
        for action in actions:
            apply(state, action)
        state = apply(state, actions[-1])
    assert state.course is Course.SOUP or len(state.stock) < 52


@pytest.mark.parametrize(("action", "message"), MALFORMED, ids=[message for _, message in MALFORMED])
def test_a_malformed_action_is_a_type_error_naming_it_and_changes_nothing(action: object, message: str) -> None:
    state = position(JACKS)
    with pytest.raises(TypeError) as error:
        apply(state, action)  # type: ignore[arg-type]
    assert str(error.value).startswith(message)
    assert state == position(JACKS)


def test_the_deal_module_holds_no_refusal_of_its_own() -> None:
    """``deal.py`` composes the section modules: every refusal is built in the section that states its rule."""
    import inspect

    import duckspec.doubleduck.deal as deal_module

    source = inspect.getsource(deal_module)
    assert "IllegalAction(" not in source and "ErrorCode." not in source
    assert "turn_problem" in source and "call_problem" in source and "deal_over_refusal" in source


@pytest.mark.ruling("DD-R20")
def test_a_call_on_the_partners_lead_is_legal() -> None:
    quacked = run(position(JACKS), "0:JS 1:JH")
    assert play(2, "JC", Call.QUACK_QUACK) in legal_actions(quacked)
    assert run(quacked, "2:JC:quack-quack 3:3C").leader == 2  # seat 2 takes its partner's trick
    doubled = run(position(("JS", "2C", "JS", "3C")), "0:JS 1:2C")
    assert play(2, "JS", Call.DOUBLEDUCK) in legal_actions(doubled)
    assert run(doubled, "2:JS:doubleduck 3:3C").leader == 2


@pytest.mark.ruling("DD-R21")
def test_a_call_comes_with_its_card() -> None:
    """A card and its call are one action: once the card is down silently, no later call can be added to it."""
    state = run(position(JACKS), "0:JS 1:JH")
    assert state.table[1].call is Call.NONE
    late = refused(state, play(1, "JH", Call.QUACK), ErrorCode.NOT_YOUR_TURN)
    assert late.rule == "§4"
    assert all(action.player == 2 for action in legal_actions(state))
