"""The reference engine's API: creating deals and games, errors, traces in and out."""

from __future__ import annotations

import doctest

import pytest

import ducksoup.duck_soup.engine
import ducksoup.duck_soup.traces
from duckcheck.codec import parse_cards_text
from duckcheck.duck_soup.encoding import parse_action, parse_options
from duckcheck.trace import load_suite
from ducksoup.duck_soup.engine import Deal, Match
from ducksoup.duck_soup.traces import TraceMismatch, TraceRecorder, replay
from duckspec.cards import full_deck, parse_card
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import RuleOptions

SUITE = [trace for trace in load_suite() if trace["game"] == GAME_ID]
"""Duck Soup's traces (each game's engine replays its own)."""


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
