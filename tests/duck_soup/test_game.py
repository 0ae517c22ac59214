"""Games and matches: deals in sequence (§3.1, §9, §11 Match play)."""

from __future__ import annotations

import random

import pytest

from duckspec.cards import Card, full_deck
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.game import (
    GameState,
    MatchState,
    add_decks,
    apply,
    legal_actions,
    match_add_decks,
    match_apply,
    match_legal_actions,
    new_game,
    new_match,
)
from duckspec.duck_soup.scoring import deal_score
from duckspec.duck_soup.variants import RuleOptions, match_winner
from duckspec.duck_soup.winning import GameEnd, GameResult


def decks(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    shuffled = []
    for _ in range(count):
        deck = list(full_deck())
        rng.shuffle(deck)
        shuffled.append(tuple(deck))
    return shuffled


def first_action(actions: tuple[Action, ...]) -> Action:
    return actions[0]


def play_game(state: GameState) -> GameState:
    while legal_actions(state):
        state = apply(state, first_action(legal_actions(state)))
    return state


def test_a_game_plays_deals_until_a_result_alternating_the_dealer() -> None:
    state = new_game(decks(12, 1), first_dealer=0)
    dealers = [state.deal.dealer]
    while not state.is_over:
        deal_count = len(state.deal_scores)
        state = apply(state, first_action(legal_actions(state)))
        if len(state.deal_scores) > deal_count and not state.is_over:
            dealers.append(state.deal.dealer)
    assert dealers == [i % 2 for i in range(len(dealers))]
    assert state.result is not None and state.result.totals == state.totals
    with pytest.raises(IllegalAction) as caught:
        apply(state, _any_action())
    assert caught.value.code is ErrorCode.GAME_OVER


def _any_action() -> Action:
    from duckspec.cards import parse_card
    from duckspec.duck_soup.actions import Play

    return Play(0, parse_card("AC"))


def quiet_deck() -> tuple[Card, ...]:
    """A deck on which the first-legal-action policy leaves both deal scores under 125 (no pond)."""
    for deck in decks(50, 2):
        scores = play_game(new_game([deck], first_dealer=1)).deal_scores[0]
        if max(scores) < 125:
            return deck
    raise AssertionError("no quiet deck among 50 seeded shuffles")


def test_a_game_waits_for_a_deck_and_goes_on_when_given_one() -> None:
    state = play_game(new_game([quiet_deck()], first_dealer=1))
    assert state.needs_deck and legal_actions(state) == ()
    with pytest.raises(IllegalAction) as caught:
        apply(state, _any_action())
    assert caught.value.code is ErrorCode.DEAL_OVER
    more = add_decks(state, decks(1, 3))
    assert not more.needs_deck and more.deal.dealer == 0 and legal_actions(more)


def test_deal_scores_and_totals_add_up() -> None:
    state = play_game(new_game(decks(20, 4), first_dealer=0))
    assert state.totals == (sum(s[0] for s in state.deal_scores), sum(s[1] for s in state.deal_scores))
    last = state.deal
    duck, soup = last.points(last.course.DUCK), last.points(last.course.SOUP)
    assert state.deal_scores[-1] == (deal_score(duck[0], soup[0]), deal_score(duck[1], soup[1]))


@pytest.mark.ruling("DS-R08")
def test_level_totals_after_250_deal_again() -> None:
    deck = quiet_deck()
    scores = play_game(new_game([deck], first_dealer=1)).deal_scores[0]
    # Four earlier deals, none in the pond, after which this deal leaves both totals level past 250.
    gap = scores[0] - scores[1]
    earlier = tuple(
        (70 + max(-gap, 0) // 4 + (i < max(-gap, 0) % 4), 70 + max(gap, 0) // 4 + (i < max(gap, 0) % 4))
        for i in range(4)
    )
    game = new_game([deck, deck], first_dealer=1)
    state = play_game(GameState(deal=game.deal, decks=game.decks, deal_scores=earlier))
    assert max(max(s) for s in earlier) < 125
    assert state.deal_scores[:5] == (*earlier, scores)
    level = tuple(sum(s[p] for s in state.deal_scores[:5]) for p in (0, 1))
    assert level[0] == level[1] >= 250
    assert len(state.deal_scores) == 6  # the extra deal was played


def test_match_winner_needs_a_majority() -> None:
    assert match_winner((1, 0), 1) == 0
    assert match_winner((1, 1), 3) is None
    assert match_winner((2, 1), 3) == 0
    assert match_winner((2, 2), 5) is None
    assert match_winner((0, 3), 5) == 1


@pytest.mark.ruling("DS-R11")
def test_double_game_counts_two_in_a_match() -> None:
    options = RuleOptions(best_of=3)
    state = MatchState(
        game=new_game(decks(1, 5), 0, options), options=options, results=(GameResult(1, GameEnd.POND, True, (130, 20)),)
    )
    assert state.games_won == (0, 2) and state.winner == 1 and state.is_over
    assert match_legal_actions(state) == ()


@pytest.mark.ruling("DS-R11")
def test_match_dealer_alternates_across_games() -> None:
    rng = random.Random(7)
    state = new_match(decks(60, 6), first_dealer=0, options=RuleOptions(best_of=5))
    dealers = [state.game.deal.dealer]
    deals_seen = 1
    while not state.is_over:
        before = (len(state.results), len(state.game.deal_scores))
        state = match_apply(state, rng.choice(match_legal_actions(state)))
        if (len(state.results), len(state.game.deal_scores)) != before and not state.is_over:
            dealers.append(state.game.deal.dealer)
            deals_seen += 1
    assert len(state.results) >= 2
    assert dealers == [i % 2 for i in range(len(dealers))]
    assert max(state.games_won) >= 3


def test_match_waits_for_decks() -> None:
    rng = random.Random(8)
    state = new_match(decks(1, 9), first_dealer=0, options=RuleOptions(best_of=3))
    while match_legal_actions(state):
        state = match_apply(state, rng.choice(match_legal_actions(state)))
    assert state.needs_deck
    state = match_add_decks(state, decks(1, 10))
    assert match_legal_actions(state)


def test_a_match_waiting_for_the_next_games_deck_refuses_with_deal_over_not_game_over() -> None:
    """A won game of a match that has no deck for the next game's first deal: the match goes on, so every action
    is refused with deal-over (and a message saying so), by the specification and by the engine alike."""
    from duckcheck.codec import parse_cards_text
    from duckcheck.duck_soup.encoding import parse_action
    from duckcheck.trace import load_suite
    from ducksoup.duck_soup.engine import Match

    trace = next(t for t in load_suite() if t["id"] == "ds-game-loser-at-125")  # a single game, won on 250
    decks = [parse_cards_text(deck) for deck in trace["decks"]]
    actions = [parse_action(step["action"]) for step in trace["steps"] if "state" in step]
    options = RuleOptions(best_of=3)
    spec = new_match(decks, trace["dealer"], options)
    engine = Match(decks, trace["dealer"], options)
    for action in actions:
        spec = match_apply(spec, action)
        engine.apply(action)
    assert spec.results and not spec.is_over and spec.needs_deck and engine.needs_deck and not engine.is_over
    assert match_legal_actions(spec) == () == engine.legal_actions()
    probe = actions[0]
    with pytest.raises(IllegalAction) as from_spec:
        match_apply(spec, probe)
    with pytest.raises(IllegalAction) as from_engine:
        engine.apply(probe)
    for refusal in (from_spec.value, from_engine.value):
        assert refusal.code is ErrorCode.DEAL_OVER
        assert "game 1 is won and the match goes on" in refusal.message
    spec = match_add_decks(spec, [decks[0]])
    assert spec.game.result is None and match_legal_actions(spec)
