"""Deliberately wrong implementations of Aw Ducks!, each breaking one rule or taking one ruling's other reading.

Run as ``python tests/faulty/aw_ducks.py FAULT``: the fault patches the bundled reference in this
process only, so everything else stays right, then serves Aw Ducks! over the adapter protocol,
so that ``ducksoup check --game aw-ducks --impl "python tests/faulty/aw_ducks.py FAULT"`` must
fail (``tests/aw_ducks/test_suite_power.py``). A fault patches through a ``setattr``/``setitem``
pair (:class:`Patch`: :class:`ForGood` in the served process; pytest's ``MonkeyPatch``, which
undoes it, in-process): a *spec* fault replaces one function or table of the specification
(``duckspec.aw_ducks``) and serves the spec backend (the suite's oracle), an *engine* fault
wraps one method or replaces one table of the fast engine (:mod:`ducksoup.aw_ducks.engine`) and
serves the engine backend.

Every patch's docstring names the rules section (``§N``) or the ruling (``AD-Rnn``) it breaks.
Each alternative reading of the rulings register names its fault here by name.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

import ducksoup.aw_ducks.engine as engine
import duckspec.aw_ducks.discarding as discarding
import duckspec.aw_ducks.drawing as drawing
import duckspec.aw_ducks.game as game
import duckspec.aw_ducks.objective as objective
import duckspec.aw_ducks.round_end as round_end
import duckspec.aw_ducks.rounds as rounds
import duckspec.aw_ducks.scoring as scoring
from ducksoup.aw_ducks.engine import DECK_SIZE, FINAL, FORCED, NUMBERS, OVER, TURN, VALUE, Round
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Card, Colour
from duckspec.aw_ducks.discarding import Benefit
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.gameplay import Layout, take_top, with_card
from duckspec.aw_ducks.rounds import Phase, RoundState

Backend = Literal["spec", "engine"]
JSON = dict[str, Any]


class Patch(Protocol):
    """What a fault patches with: ``setattr`` and ``setitem`` that can be undone (pytest's ``MonkeyPatch``)."""

    def setattr(self, target: object, name: str, value: object) -> None: ...

    def setitem(self, mapping: Any, name: object, value: object) -> None: ...


@dataclass(frozen=True)
class Fault:
    """A wrong implementation: the patch that makes it wrong, and the backend it patches."""

    patch: Callable[[Patch], None]
    backend: Backend

    @property
    def rule(self) -> str:
        """The patch's docstring: the rule it breaks, and how."""
        return (self.patch.__doc__ or "").strip()


FAULTS: dict[str, Fault] = {}
"""Every fault by name, in the order they are defined."""


def fault(name: str, backend: Backend) -> Callable[[Callable[[Patch], None]], Callable[[Patch], None]]:
    """Register the decorated patch as the fault ``name`` of ``backend``."""

    def register(patch: Callable[[Patch], None]) -> Callable[[Patch], None]:
        FAULTS[name] = Fault(patch, backend)
        return patch

    return register


# --------------------------------------------------------------------------------------------
# The alternative readings of the rulings
# --------------------------------------------------------------------------------------------


@fault("round-ends-when-deck-runs-out", "engine")
def round_ends_when_deck_runs_out(patch: Patch) -> None:
    """AD-R01: the round ends the moment the deck's last card is taken, not at a draw from the empty deck."""
    original = Round._after

    def after(self: Round, p: int, ended: bool, forced: bool) -> None:
        original(self, p, ended or self.top == DECK_SIZE, forced)

    patch.setattr(Round, "_after", after)


@fault("stash-never-ends-the-round", "spec")
def stash_never_ends_the_round(patch: Patch) -> None:
    """AD-R02: a Secret Stash from an empty deck takes nothing and does not end the round."""

    def secret_stash(layout: Layout) -> Layout:
        for _ in range(discarding.STASH_CARDS):
            if not layout.deck:
                break
            card, layout = take_top(layout)
            assert card is not None
            layout = layout._replace(stash=with_card(layout.stash, card))
        return layout

    patch.setitem(discarding.BENEFITS, Benefit.SECRET_STASH, secret_stash)


@fault("ender-scores-twice", "spec")
def ender_scores_twice(patch: Patch) -> None:
    """AD-R03: a round ended in a Quick Quack or a Secret Stash: the ender takes the forced Score, then a final one."""
    finish_turn, score = rounds.finish_turn, rounds.score

    def finish(state: RoundState, layout: Layout, forced: bool) -> RoundState:
        after = finish_turn(state, layout, forced)
        return replace(after, phase=Phase.FORCED_SCORE) if layout.ended and forced else after

    def scored(state: RoundState) -> RoundState:
        after = score(state)
        if state.phase is Phase.FORCED_SCORE and state.ender is not None:
            return replace(after, phase=Phase.FINAL_SCORE, player=state.player)
        return after

    patch.setattr(rounds, "finish_turn", finish)
    patch.setattr(rounds, "score", scored)


@fault("empty-score-takes-nothing", "engine")
def empty_score_takes_nothing(patch: Patch) -> None:
    """AD-R04: a Score with an empty tableau leaves the rainbow ducks in the pond."""
    original = Round._score

    def score(self: Round, p: int) -> None:
        if self.tableaux[p]:
            original(self, p)
            return
        pond = list(self.pond)
        self.pond[:] = [0] * 6
        original(self, p)
        self.pond[:] = pond

    patch.setattr(Round, "_score", score)


@fault("empty-forced-score-skipped", "engine")
def empty_forced_score_skipped(patch: Patch) -> None:
    """AD-R04: an empty tableau must Draw (§5), so the Score a Quick Quack or a Secret Stash calls for is skipped
    when the benefit left the tableau empty, and the turn passes (the rainbow ducks stay in the pond)."""
    original = Round._after

    def after(self: Round, p: int, ended: bool, forced: bool) -> None:
        original(self, p, ended, forced and bool(self.tableaux[p]))

    patch.setattr(Round, "_after", after)


@fault("last-card-kept", "engine")
def last_card_kept(patch: Patch) -> None:
    """AD-R05: a Discard must leave at least one card in the tableau."""
    original = Round.apply

    def apply(self: Round, action: Action) -> None:
        if (
            isinstance(action, Discard)
            and self.phase is TURN
            and action.player == self.p
            and len(self.tableaux[self.p]) == 1
        ):
            raise IllegalAction(ErrorCode.CARD_NOT_IN_TABLEAU, "§8", "keep your last card")
        original(self, action)

    patch.setattr(Round, "apply", apply)


def values(tableau: tuple[Card, ...]) -> list[int]:
    return [card.value for card in tableau]


@fault("red-exactly-five", "spec")
def red_exactly_five(patch: Patch) -> None:
    """AD-R06: red wants exactly five odd or exactly five even numbers; six do not meet it."""

    def red(tableau: tuple[Card, ...]) -> bool:
        odd = sum(value % 2 for value in values(tableau))
        return odd == 5 or len(tableau) - odd == 5

    patch.setitem(scoring.CONDITIONS, Colour.RED, red)


@fault("red-counts-values", "spec")
def red_counts_values(patch: Patch) -> None:
    """AD-R06: red counts different values, five odd or five even ones, which no tableau has."""

    def red(tableau: tuple[Card, ...]) -> bool:
        kinds = set(values(tableau))
        return len({v for v in kinds if v % 2}) >= 5 or len({v for v in kinds if not v % 2}) >= 5

    patch.setitem(scoring.CONDITIONS, Colour.RED, red)


def longest_run(present: set[int]) -> int:
    best = run = 0
    for value in range(1, 7):
        run = run + 1 if value in present else 0
        best = max(best, run)
    return best


@fault("yellow-exactly-four", "spec")
def yellow_exactly_four(patch: Patch) -> None:
    """AD-R07: yellow wants a longest run of exactly four values; five or six in a row do not meet it."""
    patch.setitem(scoring.CONDITIONS, Colour.YELLOW, lambda tableau: longest_run(set(values(tableau))) == 4)


@fault("yellow-one-colour", "spec")
def yellow_one_colour(patch: Patch) -> None:
    """AD-R07: yellow's four values in a row must share one colour."""

    def yellow(tableau: tuple[Card, ...]) -> bool:
        colours = {card.colour for card in tableau}
        return any(longest_run({c.value for c in tableau if c.colour == colour}) >= 4 for colour in colours)

    patch.setitem(scoring.CONDITIONS, Colour.YELLOW, yellow)


@fault("yellow-repeats-break", "spec")
def yellow_repeats_break(patch: Patch) -> None:
    """AD-R07: the tableau sorted by value must show four adjacent cards of consecutive values (a repeat breaks it)."""

    def yellow(tableau: tuple[Card, ...]) -> bool:
        row = sorted(values(tableau))
        return any(all(row[i + k + 1] == row[i + k] + 1 for k in range(3)) for i in range(len(row) - 3))

    patch.setitem(scoring.CONDITIONS, Colour.YELLOW, yellow)


@fault("yellow-wraps", "spec")
def yellow_wraps(patch: Patch) -> None:
    """AD-R07: values wrap round, so 5-6-1-2 and 6-1-2-3 are runs of four."""

    def yellow(tableau: tuple[Card, ...]) -> bool:
        present = set(values(tableau))
        return any(all((low + k - 1) % 6 + 1 in present for k in range(4)) for low in range(1, 7))

    patch.setitem(scoring.CONDITIONS, Colour.YELLOW, yellow)


def placed_in_a_row(tableau: list[int]) -> bool:
    """Four cards placed one after another whose values go up (or down) by one each time."""
    placed = [VALUE[card] for card in tableau]
    return any(
        all(placed[i + k + 1] - placed[i + k] == step for k in range(3))
        for i in range(len(placed) - 3)
        for step in (1, -1)
    )


def around_met_kinds(change: Callable[[list[bool], list[int]], None]) -> Callable[[Patch], None]:
    """A patch of the engine's duck conditions: ``change(met, tableau)`` edits the answers."""

    def install(patch: Patch) -> None:
        original = engine.met_kinds

        def met_kinds(tableau: list[int]) -> list[bool]:
            met = original(tableau)
            change(met, tableau)
            return met

        patch.setattr(engine, "met_kinds", met_kinds)

    return install


def most_of(tableau: list[int], key: Callable[[int], int]) -> int:
    return max(Counter(map(key, tableau)).values(), default=0)


@fault("yellow-placed-in-a-row", "engine")
def yellow_placed_in_a_row(patch: Patch) -> None:
    """AD-R07: "in a row" is where the cards lie: yellow wants four cards placed in the tableau one after another,
    each one more (or one less) than the card before it."""

    def change(met: list[bool], tableau: list[int]) -> None:
        met[1] = placed_in_a_row(tableau)

    around_met_kinds(change)(patch)


@fault("green-exactly-three", "engine")
def green_exactly_three(patch: Patch) -> None:
    """AD-R08: green wants exactly three cards of one value; four of a value do not meet it."""

    def change(met: list[bool], tableau: list[int]) -> None:
        met[2] = 3 in Counter(VALUE[c] for c in tableau).values()

    around_met_kinds(change)(patch)


@fault("blue-exactly-five", "engine")
def blue_exactly_five(patch: Patch) -> None:
    """AD-R08: blue wants exactly five colours; all six do not meet it."""

    def change(met: list[bool], tableau: list[int]) -> None:
        met[3] = len({c // 6 for c in tableau}) == 5

    around_met_kinds(change)(patch)


@fault("purple-exactly-three", "engine")
def purple_exactly_three(patch: Patch) -> None:
    """AD-R08: purple wants exactly three cards of one colour; four do not meet it."""

    def change(met: list[bool], tableau: list[int]) -> None:
        met[4] = 3 in Counter(c // 6 for c in tableau).values()

    around_met_kinds(change)(patch)


@fault("one-duck-per-colour", "spec")
def one_duck_per_colour(patch: Patch) -> None:
    """AD-R09: a met condition takes one duck of that colour, the other copies staying in the pond."""
    original = scoring.ducks_scored

    def ducks_scored(pond: tuple[Card, ...], tableau: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        taken, left = original(pond, tableau)
        once = tuple(dict.fromkeys(taken))
        extra = list(taken)
        for card in once:
            extra.remove(card)
        return once, tuple(sorted(left + tuple(extra)))

    patch.setattr(scoring, "ducks_scored", ducks_scored)


@fault("one-colour-per-score", "spec")
def one_colour_per_score(patch: Patch) -> None:
    """AD-R09: a Score takes the rainbow ducks and the ducks of the first met colour only."""
    original = scoring.ducks_scored

    def ducks_scored(pond: tuple[Card, ...], tableau: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        taken, left = original(pond, tableau)
        coloured = [card.colour for card in taken if card.colour is not Colour.RAINBOW]
        keep = {Colour.RAINBOW, *coloured[:1]}
        return (
            tuple(card for card in taken if card.colour in keep),
            tuple(sorted(left + tuple(card for card in taken if card.colour not in keep))),
        )

    patch.setattr(scoring, "ducks_scored", ducks_scored)


@fault("safe-draw-ducks-discard", "engine")
def safe_draw_ducks_discard(patch: Patch) -> None:
    """AD-R10: a Safe Draw's ducks discard the tableau's numbers they match, like drawn ducks."""
    original = Round._discard

    def discard(self: Round, p: int, card: int) -> None:
        before = list(self.pond)
        original(self, p, card)
        if VALUE[card] <= 2:
            for kind in range(6):
                for _ in range(self.pond[kind] - before[kind]):
                    self._duck(p, NUMBERS + kind)
                    self.pond[kind] -= 1

    patch.setattr(Round, "_discard", discard)


@fault("safe-draw-draws-on", "spec")
def safe_draw_draws_on(patch: Patch) -> None:
    """AD-R10: a Safe Draw draws on past its ducks until two numbers have come."""

    def safe_draw(layout: Layout) -> Layout:
        numbers = 0
        while numbers < 2:
            card, layout = take_top(layout)
            if card is None:
                break
            if card.is_number:
                numbers += 1
                layout = drawing.to_tableau(layout, card)
            else:
                layout = drawing.to_pond(layout, card)
        return layout

    patch.setitem(discarding.BENEFITS, Benefit.SAFE_DRAW, safe_draw)


@fault("quick-quack-draws-on", "spec")
def quick_quack_draws_on(patch: Patch) -> None:
    """AD-R10: a Quick Quack's duck makes the player draw on until a number, the extra cards not counting."""

    def quick_quack(layout: Layout) -> Layout:
        for _ in range(3):
            layout = drawing.draw_turn(layout)
            if layout.ended:
                break
        return layout

    patch.setitem(discarding.BENEFITS, Benefit.QUICK_QUACK, quick_quack)


@fault("quick-quack-duck-discards-every-number", "spec")
def quick_quack_duck_discards_every_number(patch: Patch) -> None:
    """AD-R10: "each Duck discards numbers from your tableau" read to the letter: a Quick Quack's duck discards every
    number of the tableau, whatever its colour, not only those it matches."""

    def quick_quack(layout: Layout) -> Layout:
        for _ in range(discarding.QUICK_QUACK_CARDS):
            card, layout = take_top(layout)
            if card is None:
                break
            if card.is_number:
                layout = drawing.to_tableau(layout, card)
                continue
            discards = layout.discards
            for number in layout.tableau:
                discards = with_card(discards, number)
            layout = drawing.to_pond(layout, card)._replace(tableau=(), discards=discards)
        return layout

    patch.setitem(discarding.BENEFITS, Benefit.QUICK_QUACK, quick_quack)


@fault("duck-hits-every-tableau", "engine")
def duck_hits_every_tableau(patch: Patch) -> None:
    """AD-R11: a drawn duck discards the matching numbers of every player's tableau."""
    original = Round._duck

    def duck(self: Round, p: int, card: int) -> None:
        original(self, p, card)
        for other in range(self.players):
            if other != p:
                original(self, other, card)
                self.pond[card - NUMBERS] -= 1

    patch.setattr(Round, "_duck", duck)


@fault("discarded-card-hidden", "engine")
def discarded_card_hidden(patch: Patch) -> None:
    """AD-R12: the card of a Discard turn lies face down, so the other players' views do not list it."""
    discarded: dict[int, list[tuple[int, int]]] = {}
    original_discard, original_view = Round._discard, Round.observation

    def discard(self: Round, p: int, card: int) -> None:
        discarded.setdefault(id(self), []).append((p, card))
        original_discard(self, p, card)

    def observation(self: Round, player: int, state: JSON | None = None) -> JSON:
        seen = original_view(self, player, state)
        hidden = Counter(engine.NAMES[card] for p, card in discarded.get(id(self), []) if p != player)
        pile = seen["discards"]
        kept = []
        for name in (pile[i : i + 2] for i in range(0, len(pile), 2)):
            if hidden[name]:
                hidden[name] -= 1
            else:
                kept.append(name)
        seen["discards"] = "".join(kept)
        return seen

    patch.setattr(Round, "_discard", discard)
    patch.setattr(Round, "observation", observation)


@fault("two-discard-piles", "engine")
def two_discard_piles(patch: Patch) -> None:
    """AD-R12: two discard piles, one by the deck (§4) for the numbers ducks discard, and one by the Duck Pond (§8)
    for the cards of Discard turns; the state's discard pile is the one by the deck, so it lists only the first."""
    by_the_pond: dict[int, Counter[str]] = {}
    original_discard, original_state = Round._discard, Round.state

    def discard(self: Round, p: int, card: int) -> None:
        by_the_pond.setdefault(id(self), Counter())[engine.NAMES[card]] += 1
        original_discard(self, p, card)

    def state(self: Round) -> JSON:
        shown = original_state(self)
        aside = Counter(by_the_pond.get(id(self), Counter()))
        pile = shown["discards"]
        kept = []
        for name in (pile[i : i + 2] for i in range(0, len(pile), 2)):
            if aside[name]:
                aside[name] -= 1
            else:
                kept.append(name)
        shown["discards"] = "".join(kept)
        return shown

    patch.setattr(Round, "_discard", discard)
    patch.setattr(Round, "state", state)


@fault("turns-to-the-right", "engine")
def turns_to_the_right(patch: Patch) -> None:
    """AD-R13: turns pass to the right, the next player number down, the final Scores too."""
    original_after, original_score = Round._after, Round._score

    def after(self: Round, p: int, ended: bool, forced: bool) -> None:
        original_after(self, p, ended, forced)
        if not ended and not forced:
            self.p = (p - 1) % self.players

    def score(self: Round, p: int) -> None:
        final = self.phase is FINAL
        original_score(self, p)
        right = (p - 1) % self.players
        if final:
            self.phase, self.p = (OVER, p) if right == self.ender else (FINAL, right)
        else:
            self.p = right

    patch.setattr(Round, "_after", after)
    patch.setattr(Round, "_score", score)


@fault("same-start-player", "spec")
def same_start_player(patch: Patch) -> None:
    """AD-R14: the same player starts every round of a game."""
    patch.setattr(game, "next_start_player", lambda start, players: start)


@fault("ender-starts-next-round", "spec")
def ender_starts_next_round(patch: Patch) -> None:
    """AD-R14: the player who ended a round starts the next one."""

    def next_round(state: game.GameState) -> game.GameState:
        if not state.decks:
            return state
        last = state.round
        start = last.start if last.ender is None else last.ender
        return replace(
            state, round=rounds.new_round(state.decks[0], start, last.players, last.options), decks=state.decks[1:]
        )

    patch.setattr(game, "_next_round", next_round)


@fault("random-start-each-round", "spec")
def random_start_each_round(patch: Patch) -> None:
    """AD-R14: §3's random choice of the start player is made afresh for every round of a game (by a seeded random
    source, so that the run is repeatable), instead of the start passing to the left."""
    chosen = random.Random(14)
    patch.setattr(game, "next_start_player", lambda start, players: chosen.randrange(players))


@fault("target-strictly-above", "spec")
def target_strictly_above(patch: Patch) -> None:
    """AD-R15: the target must be passed; a total equal to it does not end the game."""
    patch.setattr(objective, "has_reached_target", lambda totals, target: max(totals) > target)


@fault("level-totals-to-first-seat", "spec")
def level_totals_to_first_seat(patch: Patch) -> None:
    """AD-R15: level highest totals past the target end the game, won by the first of them in seat order."""

    def game_winner(totals: tuple[int, ...], target: int) -> int | None:
        return objective.leaders(totals)[0] if objective.has_reached_target(totals, target) else None

    patch.setattr(game, "game_winner", game_winner)


def level_past_target(totals: tuple[int, ...], target: int) -> bool:
    """Whether some total has reached ``target`` and the highest totals are level."""
    return objective.has_reached_target(totals, target) and len(objective.leaders(totals)) > 1


@fault("level-totals-share-the-win", "spec")
def level_totals_share_the_win(patch: Patch) -> None:
    """AD-R15: level highest totals past the target end the game with the win shared, as AD-R16 shares a single
    round's; no round follows (a game's state names one winner, so it names none here)."""
    original = game._next_round

    def next_round(state: game.GameState) -> game.GameState:
        return state if level_past_target(state.totals, state.target) else original(state)

    patch.setattr(game, "_next_round", next_round)


@fault("one-extra-round-only", "spec")
def one_extra_round_only(patch: Patch) -> None:
    """AD-R15: level highest totals past the target call for exactly one extra round; if the highest totals are level
    again after it, the game ends all the same, won by the first of them in seat order."""
    original = game.apply

    def apply(state: game.GameState, action: Action) -> game.GameState:
        after = original(state, action)
        counted = len(after.round_scores) > len(state.round_scores)
        if not counted or after.winner is not None or not level_past_target(after.totals, after.target):
            return after
        if not level_past_target(state.totals, state.target):
            return after
        finished = rounds.apply(state.round, action)
        return replace(after, round=finished, decks=state.decks, winner=objective.leaders(after.totals)[0])

    patch.setattr(game, "apply", apply)


@fault("round-tie-to-start-player", "spec")
def round_tie_to_start_player(patch: Patch) -> None:
    """AD-R16: a tie for the top score of a round is won by the tied player first in turn order from the start."""

    def winners(state: RoundState) -> tuple[int, ...]:
        if not state.is_over:
            return ()
        top = objective.leaders(state.points)
        return (min(top, key=lambda player: (player - state.start) % state.players),)

    patch.setattr(RoundState, "winners", property(winners))


@fault("owner-sees-stash", "engine")
def owner_sees_stash(patch: Patch) -> None:
    """AD-R17: a player's view shows the cards of their own stash."""
    original = Round.observation

    def observation(self: Round, player: int, state: JSON | None = None) -> JSON:
        seen = original(self, player, state)
        if self.phase is not OVER:
            seen["stashes"] = [engine.cards_text(self.stashes[p]) if p == player else "" for p in range(self.players)]
        return seen

    patch.setattr(Round, "observation", observation)


@fault("score-piles-hidden", "engine")
def score_piles_hidden(patch: Patch) -> None:
    """AD-R17: score piles lie face down, so a view shows only how many cards each holds."""
    original = Round.observation

    def observation(self: Round, player: int, state: JSON | None = None) -> JSON:
        seen = original(self, player, state)
        if self.phase is not OVER:
            seen["scored"] = ["" for _ in seen["scored"]]
            seen["scored_sizes"] = [len(cards) for cards in self.scored]
        return seen

    patch.setattr(Round, "observation", observation)


@fault("stashed-duck-worth-nothing", "engine")
def stashed_duck_worth_nothing(patch: Patch) -> None:
    """AD-R18: a stashed duck counts nothing; only ducks scored from the pond are worth 5."""
    original = Round._discard

    def discard(self: Round, p: int, card: int) -> None:
        before = len(self.stashes[p])
        original(self, p, card)
        self.points[p] -= 5 * sum(1 for c in self.stashes[p][before:] if c >= NUMBERS)

    patch.setattr(Round, "_discard", discard)


@fault("two-players-only", "engine")
def two_players_only(patch: Patch) -> None:
    """AD-R19: Aw Ducks! is for two players (the box holds two rules cards and two reference cards), so a round of
    three or four players cannot be set up."""
    original = Round.__init__

    def __init__(self: Round, deck: Any, start: int, players: int, options: Any = None) -> None:
        if players != 2:
            raise ValueError(f"this Aw Ducks! is a game for two players, not {players}")
        original(self, deck, start, players, options)

    patch.setattr(Round, "__init__", __init__)


@fault("pond-left-to-ender", "engine")
def pond_left_to_ender(patch: Patch) -> None:
    """AD-R20: the ducks still in the Duck Pond when the round is over go to the score pile of the player who ended
    the round, 5 points each."""
    original = Round._score

    def score(self: Round, p: int) -> None:
        original(self, p)
        if self.phase is OVER and self.ender is not None:
            for kind, count in enumerate(self.pond):
                self.scored[self.ender].extend([NUMBERS + kind] * count)
                self.points[self.ender] += 5 * count
            self.scored[self.ender].sort()
            self.pond[:] = [0] * 6

    patch.setattr(Round, "_score", score)


@fault("pond-carried-to-next-round", "engine")
def pond_carried_to_next_round(patch: Patch) -> None:
    """AD-R20: the ducks still in the Duck Pond at the end of a round stay there for the next round of the game, and
    a Score of the next round may take them."""
    original = engine.Game._next_round

    def next_round(self: engine.Game) -> None:
        left, before = list(self.round.pond), self.round
        original(self)
        if self.round is not before:
            self.round.pond[:] = left

    patch.setattr(engine.Game, "_next_round", next_round)


# --------------------------------------------------------------------------------------------
# Rules broken outright
# --------------------------------------------------------------------------------------------


@fault("black-not-a-colour", "spec")
def black_not_a_colour(patch: Patch) -> None:
    """§7: black numbers do not count as a colour for blue and purple."""
    blue, purple = scoring.blue_met, scoring.purple_met

    def without_black(check: Callable[[tuple[Card, ...]], bool]) -> Callable[[tuple[Card, ...]], bool]:
        return lambda tableau: check(tuple(card for card in tableau if card.colour is not Colour.BLACK))

    patch.setitem(scoring.CONDITIONS, Colour.BLUE, without_black(blue))
    patch.setitem(scoring.CONDITIONS, Colour.PURPLE, without_black(purple))


@fault("rainbow-discards-black", "spec")
def rainbow_discards_black(patch: Patch) -> None:
    """§6: a rainbow duck matches black numbers too."""
    original = drawing.duck_matches
    patch.setattr(drawing, "duck_matches", lambda duck, card: duck.colour is Colour.RAINBOW or original(duck, card))


@fault("draw-stops-at-a-duck", "spec")
def draw_stops_at_a_duck(patch: Patch) -> None:
    """§6: a Draw turns up one card only; after a duck the player does not draw again."""

    def draw_turn(layout: Layout) -> Layout:
        card, layout = take_top(layout)
        if card is None:
            return layout
        return drawing.to_tableau(layout, card) if card.is_number else drawing.duck_arrives(layout, card)

    patch.setattr(rounds, "draw_turn", draw_turn)


@fault("benefits-shifted", "spec")
def benefits_shifted(patch: Patch) -> None:
    """§8: the benefits are bought by 1 (Safe Draw), 2-3 (Quick Quack) and 4-6 (Secret Stash)."""

    def benefit_of(card: Card) -> Benefit:
        if card.value <= 1:
            return Benefit.SAFE_DRAW
        return Benefit.QUICK_QUACK if card.value <= 3 else Benefit.SECRET_STASH

    patch.setattr(rounds, "benefit_of", benefit_of)
    patch.setattr(discarding, "benefit_of", benefit_of)


@fault("no-forced-score", "engine")
def no_forced_score(patch: Patch) -> None:
    """§8: after a Quick Quack or a Secret Stash the turn simply passes; no Score is forced."""
    original = Round._after

    def after(self: Round, p: int, ended: bool, forced: bool) -> None:
        original(self, p, ended, False)

    patch.setattr(Round, "_after", after)


@fault("ender-takes-no-final-score", "engine")
def ender_takes_no_final_score(patch: Patch) -> None:
    """§9: the final Score turns start with the player after the one who ended the round, who takes none."""
    original = Round._after

    def after(self: Round, p: int, ended: bool, forced: bool) -> None:
        original(self, p, ended, forced)
        if ended:
            self.p = (p + 1) % self.players

    patch.setattr(Round, "_after", after)


@fault("duck-worth-1", "spec")
def duck_worth_1(patch: Patch) -> None:
    """§9: a duck in a score pile counts 1 point instead of 5."""
    patch.setattr(round_end, "DUCK_POINTS", 1)


@fault("scored-cards-stay-in-the-tableau", "engine")
def scored_cards_stay_in_the_tableau(patch: Patch) -> None:
    """§7: a Score banks the tableau's points but leaves its cards in the tableau (they are counted again later)."""
    original = Round._score

    def score(self: Round, p: int) -> None:
        tableau, mask = list(self.tableaux[p]), self.masks[p]
        original(self, p)
        scored = self.scored[p]
        for card in tableau:
            scored.remove(card)
        self.tableaux[p][:] = tableau
        self.masks[p] = mask

    patch.setattr(Round, "_score", score)


@fault("start-player-ignored", "engine")
def start_player_ignored(patch: Patch) -> None:
    """§3: player 0 starts every round, whoever was chosen."""
    original = Round.__init__

    def __init__(self: Round, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.p = 0

    patch.setattr(Round, "__init__", __init__)


@fault("deck-drawn-from-the-bottom", "engine")
def deck_drawn_from_the_bottom(patch: Patch) -> None:
    """§3: cards are taken from the end of the deck order instead of its top (the first card listed)."""
    original = Round.__init__

    def __init__(self: Round, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.deck.reverse()

    patch.setattr(Round, "__init__", __init__)


@fault("rejected-action-passes-the-turn", "engine")
def rejected_action_passes_the_turn(patch: Patch) -> None:
    """§5 (errors: a rejected action changes nothing): a Score refused on an empty tableau still passes the turn."""
    original = Round.apply

    def apply(self: Round, action: Action) -> None:
        try:
            original(self, action)
        except IllegalAction as error:
            if error.code is ErrorCode.DRAW_REQUIRED and isinstance(action, Score):
                self.p = (self.p + 1) % self.players
            raise

    patch.setattr(Round, "apply", apply)


@fault("draw-required-before-not-your-turn", "engine")
def draw_required_before_not_your_turn(patch: Patch) -> None:
    """§4, §5 (error precedence): an action by a player with an empty tableau is refused as draw-required
    even when it is not their turn (not-your-turn comes first)."""
    original = Round.apply

    def apply(self: Round, action: Action) -> None:
        player = action.player
        if (
            self.phase is not OVER
            and player != self.p
            and 0 <= player < self.players
            and not self.tableaux[player]
            and not isinstance(action, Draw)
        ):
            raise IllegalAction(ErrorCode.DRAW_REQUIRED, "§5", "your tableau is empty")
        original(self, action)

    patch.setattr(Round, "apply", apply)


@fault("card-checked-before-forced-score", "engine")
def card_checked_before_forced_score(patch: Patch) -> None:
    """§8 (error precedence): during a forced Score, a Discard of a card not in the tableau is refused as
    card-not-in-tableau (score-required comes first)."""
    original = Round.apply

    def apply(self: Round, action: Action) -> None:
        if (
            self.phase is FORCED
            and isinstance(action, Discard)
            and action.player == self.p
            and action.card.index not in self.tableaux[self.p]
        ):
            raise IllegalAction(ErrorCode.CARD_NOT_IN_TABLEAU, "§8", "not in your tableau")
        original(self, action)

    patch.setattr(Round, "apply", apply)


# --------------------------------------------------------------------------------------------
# Thresholds moved by one: each number the text or a ruling fixes, one too high and one too low
# --------------------------------------------------------------------------------------------


@fault("target-one-below", "spec")
def target_one_below(patch: Patch) -> None:
    """AD-R15: the game ends at a total one point short of the target."""
    patch.setattr(objective, "has_reached_target", lambda totals, target: max(totals) >= target - 1)


def moved_by_one(module: Any, constant: str, step: int, rule: str) -> Callable[[Patch], None]:
    """A spec fault that sets ``module.constant`` one more (``step`` 1) or one less (-1) than the rules say."""

    def install(patch: Patch) -> None:
        patch.setattr(module, constant, getattr(module, constant) + step)

    install.__doc__ = rule
    return install


THRESHOLD_CONSTANTS: dict[str, tuple[Any, str, str]] = {
    "red": (scoring, "RED_COUNT", "§7, AD-R06: red wants {n} odd or {n} even numbers, not five."),
    "yellow": (scoring, "YELLOW_RUN", "§7, AD-R07: yellow wants {n} values in a row, not four."),
    "green": (scoring, "GREEN_COUNT", "§7, AD-R08: green wants {n} cards of one value, not three."),
    "blue": (scoring, "BLUE_COLOURS", "§7, AD-R08: blue wants {n} different colours, not five."),
    "purple": (scoring, "PURPLE_COUNT", "§7, AD-R08: purple wants {n} cards of one colour, not three."),
    "safe-draw": (discarding, "SAFE_DRAW_CARDS", "§8, AD-R10: a Safe Draw takes {n} cards, not exactly two."),
    "quick-quack": (discarding, "QUICK_QUACK_CARDS", "§8, AD-R10: a Quick Quack takes {n} cards, not exactly three."),
    "secret-stash": (discarding, "STASH_CARDS", "§8: a Secret Stash takes {n} cards, not two."),
    "duck": (round_end, "DUCK_POINTS", "§9: a duck in a score pile is worth {n} points, not 5."),
}
"""Each number of the rules the threshold faults move: the module holding it, its name, and the fault's rule."""

_MOVED = ["target-strictly-above", "target-one-below", "round-ends-when-deck-runs-out"]
_MOVED += ["level-totals-to-first-seat", "level-totals-share-the-win", "one-extra-round-only"]

for _name, (_module, _constant, _rule) in THRESHOLD_CONSTANTS.items():
    for _step, _way in ((1, "more"), (-1, "less")):
        _value = getattr(_module, _constant) + _step
        _fault = f"{_name}-one-{_way}"
        fault(_fault, "spec")(moved_by_one(_module, _constant, _step, _rule.format(n=_value)))
        _MOVED.append(_fault)

THRESHOLDS = tuple(_MOVED)
"""The faults that move a threshold by one (the target, the level of totals, the round's end, the scoring
conditions, the benefits' cards, a duck's worth): every one must be rejected by at least two traces
(``tests/aw_ducks/test_suite_power.py``, and the count of ``python -m tests.suite_power``)."""


class ForGood:
    """Patches that stay: the served process exists for one fault."""

    def setattr(self, target: object, name: str, value: object) -> None:
        setattr(target, name, value)

    def setitem(self, mapping: Any, name: object, value: object) -> None:
        mapping[name] = value


def main() -> int:
    """Serve Aw Ducks! with the fault named on the command line (exit status 2 for an unknown name)."""
    if len(sys.argv) != 2 or sys.argv[1] not in FAULTS:
        print(f"usage: aw_ducks.py {{{','.join(FAULTS)}}}", file=sys.stderr)
        return 2
    chosen = FAULTS[sys.argv[1]]
    chosen.patch(ForGood())
    from ducksoup.adapter import serve
    from duckspec.aw_ducks import GAME_ID

    return serve(backend=chosen.backend, games=[GAME_ID])


if __name__ == "__main__":
    sys.exit(main())
