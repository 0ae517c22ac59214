"""The strong bot of Aw Ducks!, and the sampled worlds and play-outs it shares with the analysis.

**What a player cannot see** (ruling AD-R17): the deck's order and every stash card, their owner's
included. Every other card is in plain sight or was seen going where it is: the tableaux, the
pond, the discard pile, the cards banked by a Score. The cards not seen are therefore
exchangeable: nothing a player saw tells one order of them from another, since a Secret Stash
takes the deck's top cards, whatever they are, unseen. A **world** (:func:`sample_world`) deals
them at random, the stashes their sizes and the deck the rest, and every world agrees with the
view; drawn uniformly, they are drawn from the player's true beliefs.

**A play-out** (:func:`play_out`) plays a world to the end of the round with the greedy bot's
rule in every seat (:class:`FastGreedy`, the same choices as :class:`~ducksoup.aw_ducks.bots.GreedyBot`
read from the engine instead of from views). Its result for a player is the **objective**
(:func:`margin`): the player's round score minus the mean of the others'. Minus the mean, not
minus the best other: points carry over from round to round in a game, so every point counts,
not only the round's win, and the mean is smoother (a play-out's noise in one opponent's score
counts for 1/(n-1), not in full); with two players the two are the same.

**The strong bot** (:class:`StrongBot`) plays each legal action (up to :attr:`Budget.candidates`
of them, the greedy bot's best first) out in the same sampled worlds, each world with the same
play-out seed for every action, so that the comparison is paired, and takes the one with the best
mean objective; among equals, the greedy bot's choice. Every budget is a count, never a time, and
every draw comes from the bot's own seeded generator: the same seed and views give the same play
on any machine. It decides from its view alone: a round that differs only in what the player
cannot see gives the same choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ducksoup.aw_ducks.bots import DUCK_POINTS, GreedyBot, Seen, banked, cards_of
from ducksoup.aw_ducks.engine import (
    DECK_SIZE,
    FINAL,
    FORCED,
    FULL,
    KINDS,
    MATCH,
    NUMBERS,
    OVER,
    POINTS,
    TURN,
    VALUE,
    Round,
)
from ducksoup.bots import NoLegalAction, clear_winner
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score

View = Mapping[str, Any]
PHASES = {phase: phase for phase in (TURN, FORCED, FINAL, OVER)}
"""The engine's phases by their name in a view (the engine tells them apart by identity)."""


class NotAwDucks(ValueError):
    """A view that is no Aw Ducks! view of a round in progress."""


# Worlds: what a player cannot see, dealt at random


VIEW_KEYS = (
    *("player", "start", "phase", "to_act", "ender", "deck"),
    *("pond", "discards", "tableaux", "scored", "stash_sizes"),
)
"""What the bot and the analysis read of a view."""


def check_view(view: object) -> None:
    """:class:`NotAwDucks`, in one line naming the game, unless ``view`` is an Aw Ducks! view of a round in play."""
    if not isinstance(view, Mapping):
        raise NotAwDucks(
            f"Aw Ducks!: a player's view is a mapping (the engine's observation), not {type(view).__name__}"
        )
    missing = [key for key in VIEW_KEYS if key not in view]
    if missing:
        raise NotAwDucks(
            f"Aw Ducks!: this is not an Aw Ducks! view (the engine's observation of a player): it has no "
            f"{', '.join(repr(key) for key in missing)}"
        )
    if view["phase"] not in PHASES or view["phase"] == OVER:
        raise NotAwDucks(f"Aw Ducks!: there is nothing to decide in a view of phase {view['phase']!r}")


def unseen_cards(view: View) -> list[int]:
    """The cards ``view``'s player cannot place (the deck's and the stashes'), sorted by card number."""
    check_view(view)
    unseen = Counter(FULL)
    for key in ("pond", "discards"):
        unseen.subtract(cards_of(view[key]))
    for group in ("tableaux", "scored"):
        for text in view[group]:
            unseen.subtract(cards_of(text))
    if any(count < 0 for count in unseen.values()):
        raise NotAwDucks("Aw Ducks!: the view shows more of some card than the game's 96 cards hold")
    return sorted(unseen.elements())


def sample_world(view: View, rng: random.Random, unseen: Sequence[int] | None = None) -> Round:
    """A round agreeing with everything ``view`` shows, its unseen cards dealt at random by ``rng``.

    ``unseen`` (:func:`unseen_cards` of the view) saves reading the view again for each world.
    """
    hidden = list(unseen_cards(view) if unseen is None else unseen)
    sizes = view["stash_sizes"]
    if len(hidden) != view["deck"] + sum(sizes):
        raise NotAwDucks(
            f"Aw Ducks!: the view's {len(hidden)} unseen cards do not fill its deck ({view['deck']}) and stashes "
            f"({sum(sizes)})"
        )
    rng.shuffle(hidden)
    players = len(view["tableaux"])
    world = Round(FULL, view["start"], players)
    stashes, rest = [], hidden
    for size in sizes:
        stashes.append(rest[:size])
        rest = rest[size:]
    # The engine reads its deck only from its pointer on: the cards before it (those gone by) may be any.
    world.top = DECK_SIZE - len(rest)
    world.deck = list(FULL[: world.top]) + rest
    world.tableaux = [cards_of(text) for text in view["tableaux"]]
    world.masks = [_mask(tableau) for tableau in world.tableaux]
    world.pond = _pond(view["pond"])
    world.discards = _counts(cards_of(view["discards"]))
    world.scored = [cards_of(text) for text in view["scored"]]
    world.stashes = stashes
    world.points = [sum(POINTS[c] for c in world.scored[p] + stashes[p]) for p in range(players)]
    world.phase = PHASES[view["phase"]]
    world.p = view["to_act"] if view["to_act"] is not None else view["start"]
    world.ender = view["ender"]
    return world


def _mask(tableau: Sequence[int]) -> int:
    mask = 0
    for c in tableau:
        mask |= 1 << c
    return mask


def _pond(text: str) -> list[int]:
    pond = [0] * 6
    for duck in cards_of(text):
        pond[duck - NUMBERS] += 1
    return pond


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    return counts


def clone(world: Round) -> Round:
    """A copy of ``world`` to play on; the deck is shared, since play only reads it."""
    copy = Round.__new__(Round)
    copy.deck, copy.options, copy.players, copy.start = world.deck, world.options, world.players, world.start
    copy.p, copy.phase, copy.top, copy.ender = world.p, world.phase, world.top, world.ender
    copy.tableaux = [list(tableau) for tableau in world.tableaux]
    copy.masks = list(world.masks)
    copy.pond = list(world.pond)
    copy.discards = list(world.discards)
    copy.scored = [list(cards) for cards in world.scored]
    copy.stashes = [list(cards) for cards in world.stashes]
    copy.points = list(world.points)
    return copy


# Play-outs


class Unseen:
    """The cards a player cannot place, as the greedy rule weighs them: the ducks of each kind, and the count and
    total value of the numbers. A play-out keeps it up to date as cards leave the deck (a stash's stay unseen)."""

    __slots__ = ("ducks", "numbers", "values")

    def __init__(self, cards: Sequence[int]) -> None:
        self.ducks = [0] * 6
        self.numbers = self.values = 0
        self.remove(cards, sign=-1)

    def remove(self, cards: Sequence[int], sign: int = 1) -> None:
        """``cards`` are seen now (with ``sign`` -1: they are unseen after all)."""
        for c in cards:
            if c >= NUMBERS:
                self.ducks[c - NUMBERS] -= sign
            else:
                self.numbers -= sign
                self.values -= sign * VALUE[c]

    @classmethod
    def of(cls, world: Round) -> Unseen:
        """The unseen cards of ``world``: the deck's from its pointer on, and every stash's."""
        return cls(world.deck[world.top :] + [c for stash in world.stashes for c in stash])


class FastGreedy:
    """The greedy bot's rule read from the engine: the same choice as :class:`~ducksoup.aw_ducks.bots.GreedyBot`
    with the same seed (the same values, computed the same way, and the tie-breaks drawn the same way), without
    building and reading a view, and with what it knows of the unseen cards worked out once per decision."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, world: Round, legal: Sequence[Action], unseen: Unseen) -> Action:
        values = self.values(world, legal, unseen)
        rng = self.rng
        scored = [(value, rng.random(), index) for index, value in enumerate(values)]
        return legal[max(scored)[2]]

    @staticmethod
    def values(world: Round, legal: Sequence[Action], unseen: Unseen) -> list[float]:
        """``GreedyBot.value`` of each action, for the player to act."""
        ducks = sum(unseen.ducks)
        total = ducks + unseen.numbers
        odds = ducks / total if total else 0.0
        mean = unseen.values / unseen.numbers if unseen.numbers else 3.5
        tableau, pond = world.tableaux[world.p], world.pond

        def loss(cards: Sequence[int]) -> float:
            if not ducks:
                return 0.0
            kinds = unseen.ducks
            return sum(n * sum(VALUE[c] for c in cards if MATCH[kind][c]) for kind, n in enumerate(kinds) if n) / ducks

        values: list[float] = []
        for action in legal:
            if isinstance(action, Score):
                now = banked(tableau, pond)
                coloured = now - sum(VALUE[c] for c in tableau) - DUCK_POINTS * pond[5]
                late = len(world.deck) - world.top <= world.players - 1
                values.append(now + (10 if coloured else 0) + (20 if late else 0) - GreedyBot.BANK_AT)
            elif isinstance(action, Draw):
                values.append((1 - odds) * mean - 2 * (odds * loss(tableau)) - len(tableau) / 2)
            else:
                values.append(_discard_value(action, tableau, pond, odds, mean, loss))
        return values


def _discard_value(
    action: Action, tableau: list[int], pond: list[int], odds: float, mean: float, loss: Callable[[list[int]], float]
) -> float:
    """The greedy rule's value of a Discard (as ``GreedyBot.value``)."""
    assert isinstance(action, Discard)
    card = action.card.index
    rest = list(tableau)
    rest.remove(card)
    value = VALUE[card]
    if value <= 2:
        return 2 * (1 - odds) * mean - value - len(tableau) / 2
    if value <= 4:
        gained = 3 * (1 - odds) * mean - 3 * odds * loss(rest)
        return banked(rest, pond) + gained - GreedyBot.BANK_AT - 2
    stash = 2 * (odds * DUCK_POINTS + (1 - odds) * mean)
    return banked(rest, pond) + stash - value - GreedyBot.BANK_AT + 4


def play_out(world: Round, seed: int) -> list[int]:
    """Play ``world`` (changed in place) to the end of the round by the greedy rule in every seat, its tie-breaks
    drawn from ``seed``; the round's scores."""
    policy = FastGreedy(random.Random(seed))
    unseen = Unseen.of(world)
    deck, stashes = world.deck, world.stashes
    while world.phase is not OVER:
        legal = world.legal_actions()
        player, top = world.p, world.top
        stashed = len(stashes[player])
        world.apply(legal[0] if len(legal) == 1 else policy.choose(world, legal, unseen))
        if world.top != top and len(stashes[player]) == stashed:  # a stash's cards stay unseen
            unseen.remove(deck[top : world.top])
    return world.points


def margin(scores: Sequence[int], player: int) -> float:
    """The objective: ``player``'s round score minus the mean of the others' (see the module's description)."""
    others = sum(scores) - scores[player]
    return scores[player] - others / (len(scores) - 1)


def outcome(world: Round, action: Action, player: int, seed: int) -> float:
    """``action`` in a copy of ``world``, then a play-out from ``seed``: ``player``'s objective."""
    trial = clone(world)
    trial.apply(action)
    return margin(play_out(trial, seed), player)


# The bot


@dataclass(frozen=True)
class Budget:
    """How much the strong bot may think per decision (counts, never seconds)."""

    samples: int = 16
    """Worlds sampled for each decision with a choice."""
    candidates: int = 8
    """Actions played out, the greedy bot's best first (a tableau seldom offers more than eight)."""
    margin: float = 0.0
    """How many standard errors of the paired difference another candidate must gain over the greedy bot's first
    choice to replace it. Measured over 100 rounds for three players (one strong bot, two greedy ones), playing
    out every action and taking the best mean (0) did at least as well as playing out the greedy bot's best three
    and asking for one standard error: +6.0 points a round against the greedy players' mean (95% CI +/- 5.6)
    against +4.8 (+/- 4.6)."""


DEFAULT_BUDGET = Budget()


class StrongBot:
    """Sampled play-outs of every legal action, the best mean taken (see the module's description)."""

    name = "strong"

    def __init__(self, seed: int | None = None, budget: Budget = DEFAULT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.greedy = GreedyBot(self.rng.randrange(2**32))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, from ``view`` alone."""
        if not legal:
            raise NoLegalAction()
        check_view(view)
        if len(legal) == 1:
            return legal[0]
        candidates = self.ranked(view, legal)[: self.budget.candidates]
        if len(candidates) == 1 or self.budget.samples < 2:
            return candidates[0]
        player = int(view["player"])
        unseen = unseen_cards(view)
        results: list[list[float]] = [[] for _ in candidates]
        for _ in range(self.budget.samples):
            world = sample_world(view, self.rng, unseen)
            seed = self.rng.randrange(2**32)
            for index, action in enumerate(candidates):
                results[index].append(outcome(world, action, player, seed))
        return candidates[clear_winner(results, self.budget.margin)]

    def ranked(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The legal actions, best first by the greedy bot's estimate (canonical order among equals)."""
        seen = Seen.read(view)
        values = [self.greedy.value(seen, action) for action in legal]
        return [legal[i] for i in sorted(range(len(legal)), key=lambda i: (-values[i], i))]
