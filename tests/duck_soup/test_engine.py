"""The reference engine's API: creating deals and games, errors, traces in and out."""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable
from typing import Any

import pytest

import ducksoup.duck_soup.engine
import ducksoup.duck_soup.traces
from duckcheck.codec import parse_cards_text
from duckcheck.duck_soup.encoding import parse_action, parse_options
from duckcheck.duck_soup.oracle import Scope, Table
from duckcheck.trace import load_suite
from ducksoup.duck_soup.engine import Deal, Match
from ducksoup.duck_soup.traces import TraceMismatch, TraceRecorder, replay
from duckspec.cards import Card, full_deck, parse_card
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.deal import new_deal
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.game import new_match
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import RuleOptions

SUITE = [trace for trace in load_suite() if trace["game"] == GAME_ID]
"""Duck Soup's traces: the ones this engine plays."""


@pytest.mark.parametrize("module", [ducksoup.duck_soup.engine, ducksoup.duck_soup.traces], ids=lambda m: m.__name__)
def test_the_documented_examples_run(module: object) -> None:
    failures, attempted = doctest.testmod(module)  # type: ignore[arg-type]
    assert attempted > 0 and failures == 0


def test_the_engine_replays_every_trace_of_the_suite() -> None:
    for trace in SUITE:
        states = replay(trace)
        assert len(states) == 1 + sum("state" in step for step in trace["steps"])


def test_a_wrong_trace_is_reported_with_its_step() -> None:
    trace = dict(SUITE[0])
    steps = [dict(step) for step in trace["steps"]]
    steps[4] = {**steps[4], "state": {**steps[4]["state"], "stock": 99}}
    with pytest.raises(TraceMismatch, match="step 5"):
        replay({**trace, "steps": steps})


@pytest.mark.parametrize("trace", SUITE[::20], ids=lambda t: t["id"])
def test_recording_the_engine_reproduces_the_trace(trace: dict[str, object]) -> None:
    decks = [parse_cards_text(deck) for deck in trace["decks"]]  # type: ignore[attr-defined]
    recorder = TraceRecorder(
        str(trace["id"]),
        str(trace["description"]),
        str(trace["scope"]),
        decks,
        int(trace["dealer"]),  # type: ignore[call-overload]
        parse_options(trace["options"]),
    )
    for step in trace["steps"]:  # type: ignore[attr-defined]
        try:
            recorder.apply(parse_action(step["action"]))
        except IllegalAction:
            assert "reject" in step
    recorded = recorder.trace()
    assert (recorded["initial"], recorded["steps"], recorded["final"]) == (
        trace["initial"],
        trace["steps"],
        trace["final"],
    )


def test_decks_may_be_cards_numbers_or_notation() -> None:
    cards = full_deck()
    states = {
        str(Deal(cards, 0).state()),
        str(Deal([card.index for card in cards], 0).state()),
        str(Deal([str(card) for card in cards], 0).state()),
    }
    assert len(states) == 1


@pytest.mark.parametrize(
    ("deck", "message"),
    [(list(range(51)), "51 cards, missing KS"), ([*range(51), 0], "missing KS"), ([*range(51), 60], "0 to 51")],
)
def test_a_bad_deck_is_refused_with_what_is_wrong(deck: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Deal(deck, 0)


def test_a_bad_dealer_is_refused() -> None:
    with pytest.raises(ValueError, match="player 0 or 1"):
        Deal(full_deck(), 3)


def test_illegal_actions_raise_the_specs_codes_and_change_nothing() -> None:
    deal = Deal(full_deck(), dealer=1)
    before = deal.state()
    cases: list[tuple[Play | SayDuck, ErrorCode]] = [
        (Play(1, parse_card("KS")), ErrorCode.NOT_YOUR_TURN),
        (SayDuck(0), ErrorCode.DUCK_NOT_ALLOWED),
        (Play(0, parse_card("KS")), ErrorCode.CARD_NOT_IN_HAND),
        (Play(0, parse_card("AC"), Call.QUACK), ErrorCode.CALL_NOT_ALLOWED),
    ]
    for action, code in cases:
        with pytest.raises(IllegalAction) as caught:
            deal.apply(action)
        assert caught.value.code is code
        assert deal.state() == before


def test_actions_built_by_the_caller_work_like_the_engines_own() -> None:
    deal = Deal(full_deck(), dealer=1)
    deal.apply(Play(0, parse_card("AC")))
    assert deal.state()["table"] == "AC"
    with pytest.raises(TypeError, match="Play or a SayDuck"):
        deal.apply("AC")  # type: ignore[arg-type]


def test_a_match_waits_for_decks_and_goes_on_when_given_more() -> None:
    match = Match([full_deck()], 0, RuleOptions(best_of=3))
    while match.legal_actions():
        match.apply(match.legal_actions()[-1])
    assert match.needs_deck and not match.is_over
    with pytest.raises(IllegalAction):
        match.apply(Play(0, parse_card("AC")))
    match.add_decks([list(reversed(full_deck()))])
    assert match.legal_actions() and match.state()["deal"] == 1


# Misuse of the API: the engine checks types where the specification does, raises what it raises, changes nothing


def malformed_actions(player: int, card: Card) -> list[object]:
    """Actions a program could build by mistake: wrong types in every field, and things that are not actions."""
    return [
        Play(player, None),  # type: ignore[arg-type]
        Play(player, "AC"),  # type: ignore[arg-type]
        Play(player, card.index),  # type: ignore[arg-type]
        Play(player, card, "bogus"),  # type: ignore[arg-type]
        Play(player, card, "none"),  # type: ignore[arg-type]
        Play(player, card, None),  # type: ignore[arg-type]
        Play(bool(player), card),
        Play(float(player), card),  # type: ignore[arg-type]
        Play(str(player), card),  # type: ignore[arg-type]
        SayDuck(bool(player)),
        SayDuck(float(player)),  # type: ignore[arg-type]
        "AC",
        None,
        (player, card),
    ]


def outcome(apply: Callable[[Any], object], action: object) -> tuple[type[BaseException], str | None] | None:
    """The exception type (and error code) ``apply(action)`` raises, or None if it accepts the action."""
    try:
        apply(action)
    except IllegalAction as error:
        return IllegalAction, error.code.value
    except Exception as error:
        return type(error), None
    return None


def test_malformed_actions_raise_what_the_specification_raises_and_change_nothing() -> None:
    """Across whole deals and games (every phase, the end of a deal, the end of a game), each malformed action
    gets the same exception type from the engine as from the specification, and leaves the state as it was."""
    rng = random.Random(11)
    for scope, options in (("deal", RuleOptions()), ("game", RuleOptions())):
        decks = [[parse_card(str(card)) for card in rng.sample(full_deck(), 52)] for _ in range(6)]
        table = Table.start(
            Scope(scope), options, 1, tuple(tuple(deck) for deck in decks[: 1 if scope == "deal" else 6])
        )
        engine = ducksoup.duck_soup.traces.start(scope, options, 1, decks[: 1 if scope == "deal" else 6])
        checked = 0
        while True:
            to_act = table.deal.to_act
            for action in malformed_actions(0 if to_act is None else to_act, rng.choice(full_deck())):
                before = engine.state()
                expected = outcome(table.apply, action)
                assert expected is not None, action  # the specification refuses every malformed action
                if expected[0] is IllegalAction:  # only when nothing may be played at all
                    assert expected[1] == "game-over", (action, expected)
                assert outcome(engine.apply, action) == expected, (scope, action)
                assert engine.state() == before
                checked += 1
            legal = table.legal_actions()
            if not legal:
                break
            action = rng.choice(legal)
            table, _ = table.apply(action), engine.apply(action)
        assert checked > 100


@pytest.mark.parametrize(
    ("dealer", "error"),
    [(1.0, TypeError), (True, TypeError), ("1", TypeError), (None, TypeError), (2, ValueError), (-1, ValueError)],
)
def test_a_dealer_that_is_not_player_0_or_1_is_refused_like_the_specification(
    dealer: object, error: type[Exception]
) -> None:
    deck = full_deck()
    for build in (
        lambda: Deal(deck, dealer),  # type: ignore[arg-type]
        lambda: Match([deck], dealer),  # type: ignore[arg-type]
        lambda: new_deal(deck, dealer),  # type: ignore[arg-type]
        lambda: new_match([deck], dealer),  # type: ignore[arg-type]
    ):
        with pytest.raises(error):
            build()


def test_options_that_are_not_rule_options_are_refused() -> None:
    for build in (
        lambda: Deal(full_deck(), 0, {"stock": "hidden"}),  # type: ignore[arg-type]
        lambda: new_deal(full_deck(), 0, {"stock": "hidden"}),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="RuleOptions"):
            build()


@pytest.mark.parametrize("wrong", [40.0, True, None, b"AC"])
def test_a_deck_holding_something_that_is_not_a_card_is_refused(wrong: object) -> None:
    deck: list[object] = list(range(52))
    deck[40] = wrong
    with pytest.raises(TypeError, match="a card is a Card, an int 0-51 or a name"):
        Deal(deck, 0)  # type: ignore[arg-type]


def test_a_deal_built_from_a_bad_dealer_never_exists_half_made() -> None:
    """The reported failure: a dealer of 1.0 was accepted, and the first action corrupted the state."""
    with pytest.raises(TypeError, match="the dealer is an int"):
        Deal(full_deck(), 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("player", "error"), [(True, TypeError), (1.0, TypeError), (2, ValueError)])
def test_an_observation_is_for_player_0_or_1(player: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        Deal(full_deck(), 0).observation(player)  # type: ignore[arg-type]
