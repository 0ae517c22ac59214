"""A game of several rounds as a state machine (Rules §2 Objective, §3 Setup).

A game is a run of rounds, each from a fresh deck order, until at the end of a round some total
has reached the target and one player alone has the highest total (§2; ruling AD-R15). The start
player passes to the left from round to round (AD-R14). The rounds' deck orders are inputs,
given in advance as a tuple of decks (top first), consumed one per round; a game that needs a
round more than it was given waits (:attr:`GameState.needs_deck`) until :func:`add_decks`
supplies more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from duckspec.aw_ducks import rounds
from duckspec.aw_ducks.actions import Action
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.objective import game_winner, target_for
from duckspec.aw_ducks.options import STANDARD, RuleOptions
from duckspec.aw_ducks.setting_up import check_deck, next_start_player
from duckspec.decks import checked_decks

Deck = tuple[Card, ...]


@dataclass(frozen=True)
class GameState:
    """A game in progress: the current round, the scores of the rounds before it, the decks to come."""

    round: rounds.RoundState
    decks: tuple[Deck, ...] = ()
    round_scores: tuple[tuple[int, ...], ...] = ()
    winner: int | None = None

    @property
    def players(self) -> int:
        return self.round.players

    @property
    def options(self) -> RuleOptions:
        return self.round.options

    @property
    def target(self) -> int:
        """The total that ends the game (§2)."""
        return target_for(self.options, self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's running total over the rounds counted so far (§2)."""
        return tuple(sum(scores[p] for scores in self.round_scores) for p in range(self.players))

    @property
    def needs_deck(self) -> bool:
        """Whether the game goes on but no deck is left for its next round."""
        return self.winner is None and self.round.is_over

    @property
    def is_over(self) -> bool:
        return self.winner is not None


def new_game(decks: Sequence[Sequence[Card]], start: int, players: int, options: RuleOptions = STANDARD) -> GameState:
    """A game whose first round is played from ``decks[0]`` with ``start`` playing first (§3).

    pre: len(decks) >= 1
    """
    checked = checked_decks(decks, check_deck)
    return GameState(round=rounds.new_round(checked[0], start, players, options), decks=checked[1:])


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the current round; empty when the game is over or waits for a deck."""
    return () if state.is_over else rounds.legal_actions(state.round)


def apply(state: GameState, action: Action) -> GameState:
    """The game after ``action``: a finished round is counted, then the game ends or the next round starts (§2)."""
    if state.winner is not None:
        raise IllegalAction(ErrorCode.GAME_OVER, "§2", f"the game is over: player {state.winner} has won it")
    after = rounds.apply(state.round, action)
    if not after.is_over:
        return replace(state, round=after)
    counted = replace(state, round=after, round_scores=state.round_scores + (after.points,))
    winner = game_winner(counted.totals, counted.target)
    if winner is not None:
        return replace(counted, winner=winner)
    return _next_round(counted)


def add_decks(state: GameState, decks: Sequence[Sequence[Card]]) -> GameState:
    """The game with more decks to play from; a game waiting for a deck starts its next round at once."""
    more = replace(state, decks=state.decks + checked_decks(decks, check_deck))
    return _next_round(more) if more.needs_deck and more.decks else more


def _next_round(state: GameState) -> GameState:
    if not state.decks:
        return state
    last = state.round
    start = next_start_player(last.start, last.players)
    return replace(
        state, round=rounds.new_round(state.decks[0], start, last.players, last.options), decks=state.decks[1:]
    )
