"""The round as a state machine: ``new_round``, ``legal_actions``, ``apply``.

This module holds no rule of its own. It composes the section modules in the order play
happens: set up from a deck order and a start player (§3), turns in order (§4), each a Draw
(§6), a Score (§7) or a Discard and its benefit (§8), chosen as §5 allows; then the round's end
and its final Score turns (§9), until every player has scored once more and the round is over.
Who acts, what each refusal is and which refusal comes first are the section modules' rules
(:mod:`~duckspec.aw_ducks.gameplay`, :mod:`~duckspec.aw_ducks.turn_options`,
:mod:`~duckspec.aw_ducks.discarding`, :mod:`~duckspec.aw_ducks.round_end`,
:mod:`~duckspec.aw_ducks.errors`).

A round moves through the phases ``TURN`` (the player to act chooses among the turn options),
``FORCED_SCORE`` (a Quick Quack or a Secret Stash calls for a Score), ``FINAL_SCORE`` (the
round has ended; the players take their last Score turns) and ``OVER``. States are immutable;
``apply`` returns a new one and never changes its argument.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from duckspec.aw_ducks.actions import Action, Discard, Draw, Score, check_well_formed, turn_option
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.discarding import benefit_of, discard_turn, forced_score_problem, forces_score, tableau_problem
from duckspec.aw_ducks.drawing import draw_turn
from duckspec.aw_ducks.gameplay import Layout, next_player, turn_problem
from duckspec.aw_ducks.objective import round_winners
from duckspec.aw_ducks.options import STANDARD, RuleOptions
from duckspec.aw_ducks.round_end import final_score_problem, is_last_final_score, pile_points, round_over_refusal
from duckspec.aw_ducks.scoring import score_turn
from duckspec.aw_ducks.setting_up import check_deck, check_players
from duckspec.aw_ducks.turn_options import discard_choices, draw_problem, must_draw
from duckspec.refusals import most_urgent

Cards = tuple[Card, ...]


class Phase(enum.StrEnum):
    """Where the round stands: what the player to act may do."""

    TURN = "turn"
    FORCED_SCORE = "forced-score"
    FINAL_SCORE = "final-score"
    OVER = "over"


@dataclass(frozen=True)
class RoundState:
    """Everything about a round in progress.

    ``player`` is the player whose turn it is (the last to act, once the round is over). The deck
    is top first; every other group of cards is in canonical order. A player's score pile is
    ``scored[p]`` (the cards banked by Score turns) together with ``stashes[p]`` (the Secret
    Stash cards, unseen until the count). ``ender`` is the player who ended the round, if it has.
    """

    options: RuleOptions
    players: int
    start: int
    phase: Phase
    player: int
    deck: Cards
    tableaux: tuple[Cards, ...]
    scored: tuple[Cards, ...]
    stashes: tuple[Cards, ...]
    pond: Cards = ()
    discards: Cards = ()
    ender: int | None = None

    @property
    def to_act(self) -> int | None:
        """The player who must act now, or None when the round is over."""
        return None if self.phase is Phase.OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def score_pile(self, player: int) -> Cards:
        """All of ``player``'s score pile, stash included, in canonical order (§4, §9)."""
        return tuple(sorted(self.scored[player] + self.stashes[player]))

    @property
    def points(self) -> tuple[int, ...]:
        """The worth of each player's score pile so far, stash included (§9); the scores once the round is over."""
        return tuple(pile_points(self.scored[p]) + pile_points(self.stashes[p]) for p in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest score, once the round is over (§2; AD-R16)."""
        return round_winners(self.points) if self.is_over else ()

    def layout(self) -> Layout:
        """The cards the acting player's turn works on (§4)."""
        return Layout(self.deck, self.tableaux[self.player], self.pond, self.discards, self.stashes[self.player])


def new_round(deck: Sequence[Card], start: int, players: int, options: RuleOptions = STANDARD) -> RoundState:
    """The round set up from ``deck`` (top first) with ``start`` to play first (§3).

    Raises :class:`duckspec.aw_ducks.setting_up.InvalidDeck` for a deck that is not the game's 96
    cards and :class:`~duckspec.aw_ducks.setting_up.InvalidSetup` for a wrong number of players
    or start player.
    """
    check_players(players, start)
    check_deck(deck)
    empty: tuple[Cards, ...] = ((),) * players
    return RoundState(options, players, start, Phase.TURN, start, tuple(deck), empty, empty, empty)


def legal_actions(state: RoundState) -> tuple[Action, ...]:
    """Every action the rules allow now, in canonical order; empty exactly when the round is over (§5).

    A free turn offers Draw, Score and one Discard per different tableau card, or Draw alone on
    an empty tableau; a forced or final Score turn offers Score alone.
    """
    player = state.to_act
    if player is None:
        return ()
    if state.phase is not Phase.TURN:
        return (Score(player),)
    tableau = state.tableaux[player]
    if must_draw(tableau):
        return (Draw(player),)
    return (Draw(player), Score(player), *(Discard(player, card) for card in discard_choices(tableau)))


def check_action(state: RoundState, action: Action) -> None:
    """Raise :class:`~duckspec.aw_ducks.errors.IllegalAction` if the rules forbid ``action`` now: the refusal of
    highest precedence.

    A malformed action (not an action at all, a player that is no ``int``, a card that is no
    :class:`~duckspec.aw_ducks.components.Card`) is first a ``TypeError``
    (:func:`~duckspec.aw_ducks.actions.check_well_formed`). Then every section module's refusal is gathered and
    :func:`~duckspec.refusals.most_urgent` picks the one to report, so the precedence is the order of
    :class:`~duckspec.aw_ducks.errors.ErrorCode` and nothing else.
    """
    check_well_formed(action)
    player = state.to_act
    if player is None:
        raise round_over_refusal()
    option, scoring = turn_option(action), isinstance(action, Score)
    problems = [
        turn_problem(action.player, player),
        final_score_problem(state.phase is Phase.FINAL_SCORE, scoring, player),
        forced_score_problem(state.phase is Phase.FORCED_SCORE, scoring, player),
    ]
    if state.phase is Phase.TURN:
        tableau = state.tableaux[player]
        problems.append(draw_problem(tableau, option, player))
        if isinstance(action, Discard):
            problems.append(tableau_problem(action.card, tableau, player))
    found = [problem for problem in problems if problem is not None]
    if found:
        raise most_urgent(found)


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; raises :class:`~duckspec.aw_ducks.errors.IllegalAction` (changing nothing) if it
    is not legal."""
    check_action(state, action)
    if isinstance(action, Score):
        return score(state)
    if isinstance(action, Draw):
        return finish_turn(state, draw_turn(state.layout()), forced=False)
    return finish_turn(state, discard_turn(state.layout(), action.card), forced=forces_score(benefit_of(action.card)))


def finish_turn(state: RoundState, layout: Layout, forced: bool) -> RoundState:
    """Put the turn's cards back, then pass the turn (§4), call for the forced Score (§8) or end the round (§9).

    A round ended during a Quick Quack or a Secret Stash goes straight to the final Score turns,
    the ender's first: that Score is also the one the benefit called for (AD-R03).
    """
    player, ender = state.player, state.ender
    if layout.ended:
        phase, ender = Phase.FINAL_SCORE, player
    elif forced:
        phase = Phase.FORCED_SCORE
    else:
        phase, player = Phase.TURN, next_player(player, state.players)
    return replace(
        state,
        phase=phase,
        player=player,
        ender=ender,
        deck=layout.deck,
        tableaux=with_entry(state.tableaux, state.player, layout.tableau),
        stashes=with_entry(state.stashes, state.player, layout.stash),
        pond=layout.pond,
        discards=layout.discards,
    )


def score(state: RoundState) -> RoundState:
    """A Score turn (§7), then the next turn, the next final Score turn, or the end of the round (§9)."""
    player = state.player
    banked, pond = score_turn(state.tableaux[player], state.pond)
    phase, after = Phase.TURN, next_player(player, state.players)
    if state.phase is Phase.FINAL_SCORE:
        assert state.ender is not None
        last = is_last_final_score(player, state.ender, state.players)
        phase, after = (Phase.OVER, player) if last else (Phase.FINAL_SCORE, after)
    return replace(
        state,
        phase=phase,
        player=after,
        tableaux=with_entry(state.tableaux, player, ()),
        scored=with_entry(state.scored, player, tuple(sorted(state.scored[player] + banked))),
        pond=pond,
    )


def with_entry(groups: tuple[Cards, ...], player: int, cards: Cards) -> tuple[Cards, ...]:
    """``groups`` with ``player``'s entry replaced by ``cards``."""
    return (*groups[:player], cards, *groups[player + 1 :])
