"""The strong bot of Aw Ducks!: its worlds agree with the view, its play-outs play the greedy bot's rule, it decides
from its own view only, a seeded game replays, and it refuses what it cannot do in one line naming the game.

Its strength against the greedy bot is measured by ``nox -s bench-aw-ducks-analysis`` (too slow for a test)."""

from __future__ import annotations

import random

import pytest

from ducksoup.aw_ducks.bots import GreedyBot, Seen
from ducksoup.aw_ducks.engine import FULL, Round
from ducksoup.aw_ducks.roster import BOTS
from ducksoup.aw_ducks.strong import (
    Budget,
    FastGreedy,
    NotAwDucks,
    StrongBot,
    Unseen,
    clone,
    margin,
    play_out,
    sample_world,
)
from ducksoup.bots import NoLegalAction
from duckspec.aw_ducks.actions import Action

SMALL = Budget(samples=4, candidates=3, margin=1.0)
"""A budget small enough for tests: the same code as the default one, fewer play-outs."""
TINY = Budget(samples=2, candidates=2)
"""For whole rounds of the strong bot."""


def shuffled_round(seed: int, players: int) -> Round:
    deck = list(FULL)
    random.Random(seed).shuffle(deck)
    return Round(deck, seed % players, players)


def greedy_until(game: Round, turns: int, seed: int) -> Round:
    """``game`` after ``turns`` turns of greedy play, stopped early at a decision with a choice once past them."""
    bots = [GreedyBot(seed + seat) for seat in range(game.players)]
    for _ in range(turns):
        player = game.to_act
        assert player is not None
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    return game


def hidden_reshuffled(game: Round, seed: int) -> Round:
    """A copy of ``game`` whose unseen cards (the deck from its pointer on, every stash) are dealt again at random,
    each stash keeping its size: what no player can see is different, everything else the same."""
    other = clone(game)
    hidden = game.deck[game.top :] + [card for stash in game.stashes for card in stash]
    random.Random(seed).shuffle(hidden)
    for seat, stash in enumerate(game.stashes):
        other.stashes[seat] = hidden[: len(stash)]
        hidden = hidden[len(stash) :]
    other.deck = game.deck[: game.top] + hidden
    other.points = [
        game.points[seat] - sum(map(point, game.stashes[seat])) + sum(map(point, other.stashes[seat]))
        for seat in range(game.players)
    ]
    return other


def point(card: int) -> int:
    return card % 6 + 1 if card < 36 else 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sampled_world_shows_every_player_what_the_round_shows(players: int) -> None:
    game = greedy_until(shuffled_round(players, players), 40, 1)
    for seed in range(3):
        world = sample_world(game.observation(game.p), random.Random(seed))
        assert [world.observation(seat) for seat in range(players)] == [
            game.observation(seat) for seat in range(players)
        ]
        assert world.legal_actions() == game.legal_actions()
    worlds = {tuple(sample_world(game.observation(game.p), random.Random(seed)).deck) for seed in range(3)}
    assert len(worlds) == 3, "the worlds deal the unseen cards at random"


def test_the_play_outs_play_the_greedy_bots_rule() -> None:
    """The same choices as :class:`GreedyBot` at every decision, and a play-out ends where greedy bots end, drawing
    their tie-breaks from one generator."""
    for players in (2, 3, 4):
        deck = list(FULL)
        random.Random(10 + players).shuffle(deck)
        game, fast = Round(deck, 0, players), FastGreedy(random.Random(players))
        rule = GreedyBot()
        rule.rng = fast.rng
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) > 1:
                assert fast.values(game, legal, Unseen.of(game)) == [
                    rule.value(_seen(game), action) for action in legal
                ]
            game.apply(legal[0] if len(legal) == 1 else rule.choose(game.observation(game.p), legal))
        assert play_out(Round(deck, 0, players), players) == game.points


def _seen(game: Round) -> Seen:
    return Seen.read(game.observation(game.p))


def test_the_objective_is_the_score_minus_the_mean_of_the_others() -> None:
    assert margin([100, 80], 0) == 20
    assert margin([60, 90, 30], 1) == 45
    assert margin([10, 20, 30, 40], 0) == -20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_decision_does_not_change_with_what_the_bot_cannot_see(players: int) -> None:
    """The deck's order and every stash dealt again (the stashes are hidden from their owner too, ruling AD-R17): the
    same seed makes the same choice. The rounds really differ: they end differently."""
    for turns in (25, 45):
        game = greedy_until(shuffled_round(20 + players, players), turns, players)
        other = hidden_reshuffled(game, turns)
        player = game.p
        assert other.observation(player) == game.observation(player)
        assert other.deck != game.deck
        legal = game.legal_actions()
        chosen = StrongBot(7, SMALL).choose(game.observation(player), legal)
        assert StrongBot(7, SMALL).choose(other.observation(player), legal) == chosen
        assert play_out(clone(game), 1) != play_out(clone(other), 1)


def play_round(bots: list[StrongBot | GreedyBot], seed: int) -> list[Action]:
    game = shuffled_round(seed, len(bots))
    actions = []
    while not game.is_over:
        player = game.to_act
        assert player is not None
        legal = game.legal_actions()
        action = bots[player].choose(game.observation(player), legal)
        assert action in legal
        actions.append(action)
        game.apply(action)
    return actions


def test_a_seeded_strong_game_replays_identically() -> None:
    def seats(seed: int) -> list[StrongBot | GreedyBot]:
        return [StrongBot(seed, TINY), GreedyBot(seed + 1)]

    first = play_round(seats(3), 5)
    assert play_round(seats(3), 5) == first
    assert play_round(seats(4), 5) != first, "another seed plays otherwise"


@pytest.mark.parametrize("players", [3, 4])
def test_the_strong_bot_plays_whole_rounds_with_legal_actions(players: int) -> None:
    bots: list[StrongBot | GreedyBot] = [StrongBot(seat, TINY) for seat in range(players)]
    assert play_round(bots, players)


def test_the_strong_bot_is_in_the_bots_mapping() -> None:
    bot = BOTS["strong"](1)
    assert isinstance(bot, StrongBot) and bot.budget == Budget()


def test_the_strong_bot_refuses_what_it_cannot_do_in_one_line_naming_the_game() -> None:
    game = shuffled_round(1, 2)
    with pytest.raises(NoLegalAction, match="there is no legal action"):
        StrongBot(1).choose(game.observation(0), [])
    greedy_until(game, 10, 1)
    legal = game.legal_actions()
    duck_soup_view = {"player": 0, "hand": ["AS"], "course": "duck", "phase": "lead"}
    for view, wrong in ((duck_soup_view, "not an Aw Ducks! view"), ([1, 2], "is a mapping")):
        with pytest.raises(NotAwDucks) as refused:
            StrongBot(1).choose(view, legal)  # type: ignore[arg-type]
        message = str(refused.value)
        assert message.startswith("Aw Ducks!: ") and wrong in message and "\n" not in message
    broken = dict(game.observation(game.p), deck=3)
    with pytest.raises(NotAwDucks, match=r"^Aw Ducks!: the view's \d+ unseen cards do not fill its deck"):
        StrongBot(1).choose(broken, legal)
