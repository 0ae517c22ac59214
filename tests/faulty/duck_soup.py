"""Deliberately wrong implementations, each breaking one rule, served over the adapter protocol.

Run as ``python tests/faulty/duck_soup.py FAULT``. Each fault patches the bundled reference in
this process only, so everything else stays right, then serves it: a *spec* fault replaces one
function of the specification and serves the spec backend, an *engine* fault patches one method
or table of the fast engine (:mod:`ducksoup.duck_soup.engine`) and serves the engine backend. The
conformance suite must reject every one of them (``tests/duck_soup/test_suite_power.py``).

Every patch's docstring names the rules section (``§N``) or the ruling (``DS-Rnn``) it breaks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import ducksoup.duck_soup.engine as engine
import duckspec.duck_soup.deal as deal
import duckspec.duck_soup.drawing as drawing
import duckspec.duck_soup.game as game
import duckspec.duck_soup.tricks as tricks
import duckspec.duck_soup.winning as winning
import duckspec.trick_taking as trick_taking
from ducksoup.duck_soup.engine import (
    ALLOWED_CALLS,
    ANSWER,
    DUCK,
    DUCK_SOUP,
    DUCKS,
    FOLLOW,
    FOURTH,
    LEAD,
    NONE,
    OVER,
    PLAYS,
    QUACK,
    QUACK_QUACK,
    RANK,
    SOUP,
    SUIT,
    Deal,
)
from duckspec.cards import Card, Rank
from duckspec.duck_soup.actions import Action, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.variants import RuleOptions

Backend = Literal["spec", "engine"]


@dataclass(frozen=True)
class Fault:
    """A wrong implementation: the patch that makes it wrong, and the backend it patches."""

    patch: Callable[[], None]
    backend: Backend

    @property
    def rule(self) -> str:
        """The patch's docstring: the rule it breaks, and how."""
        return (self.patch.__doc__ or "").strip()


FAULTS: dict[str, Fault] = {}
"""Every fault by name, in the order they are defined."""


def fault(name: str, backend: Backend) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the decorated patch as the fault ``name`` of ``backend``."""

    def register(patch: Callable[[], None]) -> Callable[[], None]:
        FAULTS[name] = Fault(patch, backend)
        return patch

    return register


# Faults of the specification: one rule function replaced.


@fault("ace-high-in-the-duck", "spec")
def ace_high_in_the_duck() -> None:
    """§2, DS-R13: the Ace ranks above the King in the Duck course too (Aces high throughout)."""

    original = trick_taking.rank_strength
    trick_taking.rank_strength = lambda rank, course: (
        0 if rank is Rank.ACE and course is Course.DUCK else original(rank, course)
    )


@fault("face-up-card-to-the-loser", "spec")
def face_up_card_to_the_loser() -> None:
    """§5: the loser of a trick takes the face-up card and the winner the next."""
    setattr(drawing, "draw_after_trick", lambda stock: drawing.Draw(stock[1:2], stock[:1], stock[2:]))  # noqa: B010


@fault("score-summed", "spec")
def score_summed() -> None:
    """§8: the deal score is the sum of the course points instead of their product."""
    setattr(deal, "deal_score", lambda duck, soup: duck + soup)  # noqa: B010


@fault("mixed-suit-trick-worth-1", "spec")
def mixed_suit_trick_worth_1() -> None:
    """§4 (4.4): a trick of two suits (face up) is worth 1 point, like a trick of one suit."""
    setattr(tricks, "trick_points", lambda lead, follow: 1)  # noqa: B010


@fault("quack-quack-draws-nothing", "spec")
def quack_quack_draws_nothing() -> None:
    """§6: after a quack-quack in the Duck course nobody draws (each should draw two, §5)."""
    setattr(drawing, "draw_after_quack_quack", lambda stock, order: drawing.Draw((), (), stock))  # noqa: B010


@fault("pond-at-126", "spec")
def pond_at_126() -> None:
    """§9, DS-R14: a deal score of exactly 125 is not "in the pond" (the line taken as more than 125)."""
    setattr(winning, "is_in_the_pond", lambda deal_score: deal_score >= 126)  # noqa: B010


@fault("in-the-soup-at-125", "spec")
def in_the_soup_at_125() -> None:
    """§9, DS-R14: a loser with a total of exactly 125 is "in the soup" (the line taken as 125 or less)."""
    setattr(winning, "is_in_the_soup", lambda loser_total: loser_total <= 125)  # noqa: B010


@fault("target-above-250", "spec")
def target_above_250() -> None:
    """§9, DS-R14: a total of exactly 250 does not end the game (the target taken as more than 250)."""
    setattr(winning, "has_reached_target", lambda totals: max(totals) > 250)  # noqa: B010


@fault("target-before-pond", "spec")
def target_before_pond() -> None:
    """DS-R06: the 250 rule is checked before the pond, so a higher total past 250 beats a pond."""

    def game_result(totals: tuple[int, int], deal_scores: tuple[int, int]) -> winning.GameResult | None:
        end = winning.GameEnd.TARGET
        winner = winning.higher_total(totals) if winning.has_reached_target(totals) else None
        if winner is None:
            winner, end = winning.pond_winner(deal_scores), winning.GameEnd.POND
        if winner is None:
            return None
        return winning.GameResult(winner, end, winning.is_in_the_soup(totals[1 - winner]), totals)

    setattr(game, "game_result", game_result)  # noqa: B010


@fault("both-in-the-pond-play-on", "spec")
def both_in_the_pond_play_on() -> None:
    """DS-R05: when both players score 125 or more in one deal, neither is in the pond (not the higher)."""
    original = winning.pond_winner
    setattr(winning, "pond_winner", lambda scores: None if min(scores) >= 125 else original(scores))  # noqa: B010


@fault("level-totals-to-player-0", "spec")
def level_totals_to_player_0() -> None:
    """DS-R08: level totals past 250 end the game in player 0's favour instead of calling for another deal."""
    setattr(winning, "higher_total", lambda totals: 0 if totals[0] >= totals[1] else 1)  # noqa: B010


@fault("double-game-counts-three", "spec")
def double_game_counts_three() -> None:
    """DS-R07: a game won in the pond against a loser in the soup counts three games (one each way doubled)."""

    def game_value(end: winning.GameEnd, loser_in_the_soup: bool) -> int:
        return 1 + (end is winning.GameEnd.POND) + loser_in_the_soup

    setattr(winning, "game_value", game_value)  # noqa: B010


@fault("double-game-counts-4-in-a-match", "spec")
def double_game_counts_4_in_a_match() -> None:
    """DS-R11, §11: in match play a double game counts as four games won instead of two."""

    def games_won(self: game.MatchState) -> tuple[int, int]:
        won = [0, 0]
        for result in self.results:
            won[result.winner] += 4 if result.value == 2 else 1
        return won[0], won[1]

    setattr(game.MatchState, "games_won", property(games_won))  # noqa: B010


@fault("dealer-keeps-dealing", "spec")
def dealer_keeps_dealing() -> None:
    """§3 (3.1), DS-R11: the same player deals every deal instead of the players taking turns."""
    setattr(game, "next_dealer", lambda dealer: dealer)  # noqa: B010


@fault("loser-deals-the-next-game", "spec")
def loser_deals_the_next_game() -> None:
    """DS-R11: the loser of a game deals the first deal of the next, instead of the deal simply passing on."""

    def next_game(state: game.MatchState) -> game.MatchState:
        finished = state.game
        if state.is_over or not finished.decks or finished.result is None:
            return state
        dealer = finished.result.loser
        return replace(state, game=game.new_game(finished.decks, dealer, state.options))

    setattr(game, "_next_game", next_game)  # noqa: B010


@fault("pond-by-higher-total", "spec")
def pond_by_higher_total() -> None:
    """DS-R05: when both players score 125 or more in one deal, the higher *total* wins the double game (not the
    higher deal score)."""
    original = winning.game_result

    def game_result(totals: tuple[int, int], deal_scores: tuple[int, int]) -> winning.GameResult | None:
        if min(deal_scores) >= 125 and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            return winning.GameResult(winner, winning.GameEnd.POND, winning.is_in_the_soup(totals[1 - winner]), totals)
        return original(totals, deal_scores)

    setattr(game, "game_result", game_result)  # noqa: B010


@fault("pond-and-soup-compound", "spec")
def pond_and_soup_compound() -> None:
    """DS-R07: a pond against a loser in the soup doubles twice and counts four games."""

    def game_value(end: winning.GameEnd, loser_in_the_soup: bool) -> int:
        return (2 if end is winning.GameEnd.POND else 1) * (2 if loser_in_the_soup else 1)

    setattr(winning, "game_value", game_value)  # noqa: B010


@fault("one-extra-deal-only", "spec")
def one_extra_deal_only() -> None:
    """DS-R08: only one more deal is played after level totals past 250; level again, the game ends all the same,
    the first player taking the tie."""
    original = game.apply

    def apply(state: game.GameState, action: Action) -> game.GameState:
        after = original(state, action)
        scored = len(after.deal_scores) > len(state.deal_scores)
        before, totals = state.totals, after.totals
        level_twice = before[0] == before[1] >= 250 and totals[0] == totals[1]
        if not scored or after.result is not None or not level_twice:
            return after
        finished = deal.apply(state.deal, action)
        result = winning.GameResult(0, winning.GameEnd.TARGET, winning.is_in_the_soup(totals[1]), totals)
        return replace(after, deal=finished, decks=state.decks, result=result)

    setattr(game, "apply", apply)  # noqa: B010


@fault("first-dealer-deals-each-game", "spec")
def first_dealer_deals_each_game() -> None:
    """DS-R11, §3.1: each game of a match starts afresh, its first deal dealt by the match's first dealer (the
    choice of the first dealer taken to apply to every game)."""

    def next_game(state: game.MatchState) -> game.MatchState:
        if state.is_over or not state.game.decks:
            return state
        last = state.game
        first = last.deal.dealer if len(last.deal_scores) % 2 else 1 - last.deal.dealer
        return replace(state, game=game.new_game(last.decks, first, state.options))

    setattr(game, "_next_game", next_game)  # noqa: B010


@fault("double-game-counts-one-in-a-match", "spec")
def double_game_counts_one_in_a_match() -> None:
    """DS-R11, §11: a double game counts as one game won, the doubling left to a single game's stakes."""

    def games_won(self: game.MatchState) -> tuple[int, int]:
        won = [0, 0]
        for result in self.results:
            won[result.winner] += 1
        return won[0], won[1]

    setattr(game.MatchState, "games_won", property(games_won))  # noqa: B010


@fault("in-the-soup-under-124", "spec")
def in_the_soup_under_124() -> None:
    """§9, DS-R14: a loser with a total of exactly 124 is not "in the soup" (the line taken as fewer than 124)."""
    setattr(winning, "is_in_the_soup", lambda loser_total: loser_total < 124)  # noqa: B010


# Faults of the engine: one method wrapped, or one table replaced.

Apply = Callable[[Deal, Action], None]


def around_apply(wrapper: Callable[[Apply, Deal, Action], None]) -> None:
    """Make ``Deal.apply`` go through ``wrapper(original_apply, deal, action)``."""
    original: Apply = Deal.apply

    def apply(self: Deal, action: Action) -> None:
        wrapper(original, self, action)

    setattr(Deal, "apply", apply)  # noqa: B010


def after_init(extra: Callable[[Deal, int], None]) -> None:
    """Run ``extra(deal, dealer)`` at the end of ``Deal.__init__``."""
    original = Deal.__init__

    def __init__(self: Deal, deck: Sequence[Card | int | str], dealer: int, options: RuleOptions | None = None) -> None:
        original(self, deck, dealer, options)
        extra(self, dealer)

    setattr(Deal, "__init__", __init__)  # noqa: B010


Finish = Callable[[Deal, int, int, int, bool], None]


def around_finish(wrapper: Callable[[Finish, Deal, int, int, int, bool], None]) -> None:
    """Make ``Deal._finish`` (store the trick, draw, change course) go through ``wrapper``."""
    original: Finish = Deal._finish

    def finish(self: Deal, winner: int, points: int, won: int, double: bool) -> None:
        wrapper(original, self, winner, points, won, double)

    setattr(Deal, "_finish", finish)  # noqa: B010


def parts(action: Action) -> tuple[int, int, int]:
    """The player, the card (-1 for "duck") and the call number of an action, as the engine reads them."""
    _, player, card, call = engine._describe(action)
    return player, card, call


def holds(play: Deal, player: int, card: int) -> bool:
    return card >= 0 and bool(play.hands[player] >> card & 1)


def is_legal_plain_play(play: Deal, action: Action, phase: str) -> bool:
    """Whether ``action`` is a card without a call, from the hand of the player to act in ``phase``."""
    player, card, call = parts(action)
    return play.phase == phase and player == play.to_act and call == NONE and holds(play, player, card)


def remove_card(play: Deal, player: int, card: int) -> None:
    play.hands[player] &= ~(1 << card)
    index = play.hand_lists[player].index(card)
    del play.hand_lists[player][index]
    del play.hand_plays[player][index]


@fault("ace-low-in-the-soup", "engine")
def ace_low_in_the_soup() -> None:
    """§2, DS-R13: the Ace ranks below the Two in the Soup course (it stays low after the Duck)."""
    setattr(engine, "STRENGTH", (engine.STRENGTH[DUCK], tuple(i % 13 for i in range(52))))  # noqa: B010


@fault("first-card-to-the-dealer", "engine")
def first_card_to_the_dealer() -> None:
    """§3, DS-R01: the dealer receives the first card of the deck, the non-dealer the second."""
    original = Deal.__init__

    def __init__(self: Deal, deck: Sequence[Card | int | str], dealer: int, options: RuleOptions | None = None) -> None:
        original(self, deck, 1 - dealer, options)  # deals the hands the other way round
        self.dealer, self.leader = dealer, 1 - dealer

    setattr(Deal, "__init__", __init__)  # noqa: B010


@fault("dealer-leads-first", "engine")
def dealer_leads_first() -> None:
    """§4: the dealer leads the first trick of a deal instead of the non-dealer."""

    def dealer_leads(play: Deal, dealer: int) -> None:
        play.leader = dealer

    after_init(dealer_leads)


@fault("must-follow-suit", "engine")
def must_follow_suit() -> None:
    """§4: a follower who holds the suit led must follow suit (a quack excepted); Duck Soup never requires it."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, _ = parts(action)
        if is_legal_plain_play(play, action, FOLLOW):
            led = SUIT[play.table[0]]
            if SUIT[card] != led and any(SUIT[held] == led for held in play.hand_lists[player]):
                raise IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "§4", "follow suit")
        original(play, action)

    around_apply(apply)


@fault("unseen-draw-shown", "engine")
def unseen_draw_shown() -> None:
    """§5: the card the loser of a trick draws from under the face-up card shows in the winner's view."""

    def finish(original: Finish, play: Deal, winner: int, points: int, won: int, double: bool) -> None:
        top, course = play.top, play.course
        original(play, winner, points, won, double)
        if course == DUCK and not double:
            play.known[1 - winner] |= 1 << play.stock[top + 1]

    around_finish(finish)


@fault("leader-keeps-the-lead-after-duck", "engine")
def leader_keeps_the_lead_after_duck() -> None:
    """§6: after "duck" the quacker wins the trick but the leader leads the next one."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        leader, ducked = play.leader, isinstance(action, SayDuck)
        original(play, action)
        if ducked and play.phase != OVER:
            play.leader = leader

    around_apply(apply)


@fault("forgotten-quack-wins", "engine")
def forgotten_quack_wins() -> None:
    """§6: a card of the rank led played without "quack" still takes the trick for the follower."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, _ = parts(action)
        if is_legal_plain_play(play, action, FOLLOW) and RANK[card] == RANK[play.table[0]]:
            original(play, PLAYS[player][card][QUACK])
            original(play, DUCKS[1 - player])  # as if quacked and answered "duck"
            return
        original(play, action)

    around_apply(apply)


@fault("forgotten-quack-worth-4", "engine")
def forgotten_quack_worth_4() -> None:
    """§6, §4 (4.4): a forgotten quack (the rank led, no call) gives the leader 4 points instead of 2."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        _, card, _ = parts(action)
        forgotten = is_legal_plain_play(play, action, FOLLOW) and RANK[card] == RANK[play.table[0]]
        leader, course = play.leader, play.course
        original(play, action)
        if forgotten:
            play.points[leader][course] += 2

    around_apply(apply)


@fault("quack-on-wrong-rank-accepted", "engine")
def quack_on_wrong_rank_accepted() -> None:
    """DS-R02: "quack" with a card not of the rank led is accepted as a plain card instead of rejected."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, call = parts(action)
        if (
            play.phase == FOLLOW
            and player == play.to_act
            and call == QUACK
            and holds(play, player, card)
            and RANK[card] != RANK[play.table[0]]
        ):
            action = PLAYS[player][card][NONE]
        original(play, action)

    around_apply(apply)


@fault("no-quack-in-the-soup", "engine")
def no_quack_in_the_soup() -> None:
    """§6: quacking is refused in the Soup course (it works the same in both courses)."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, call = parts(action)
        if (
            play.course == SOUP
            and play.phase == FOLLOW
            and player == play.to_act
            and call == QUACK
            and holds(play, player, card)
        ):
            raise IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "§6", "no quacking in the Soup")
        original(play, action)

    around_apply(apply)


@fault("duck-refused-holding-third-card", "engine")
def duck_refused_holding_third_card() -> None:
    """§6: "duck" is refused while the leader holds a third card of the quacked rank ("can't or won't")."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        if isinstance(action, SayDuck) and play.phase == ANSWER and action.player == play.to_act:
            rank = RANK[play.table[0]]
            if any(RANK[held] == rank for held in play.hand_lists[action.player]):
                raise IllegalAction(ErrorCode.ANSWER_REQUIRED, "§6", "you hold a third card: quack-quack")
        original(play, action)

    around_apply(apply)


@fault("quack-quack-one-trick", "engine")
def quack_quack_one_trick() -> None:
    """§6: a quack-quack is counted as one trick won instead of two (the points stay right)."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        fourth, course = play.phase == FOURTH, play.course
        original(play, action)
        if fourth:  # reached only if the fourth card was accepted
            play.tricks[play.leader][course] -= 1

    around_apply(apply)


@fault("duck-soup-worth-2", "engine")
def duck_soup_worth_2() -> None:
    """§6: duck soup gives the follower 2 points in all for the two tricks instead of 2 + 2."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, _, call = parts(action)
        soup, course = play.phase == FOURTH and call == DUCK_SOUP, play.course
        original(play, action)
        if soup:
            play.points[player][course] -= 2

    around_apply(apply)


@fault("forgotten-duck-soup-wins", "engine")
def forgotten_duck_soup_wins() -> None:
    """DS-R03: the last card of the rank played to a quack-quack without "duck soup" still takes both tricks."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, _ = parts(action)
        if is_legal_plain_play(play, action, FOURTH) and RANK[card] == RANK[play.table[2]]:
            action = PLAYS[player][card][DUCK_SOUP]
        original(play, action)

    around_apply(apply)


@fault("last-two-cards-to-the-winner", "engine")
def last_two_cards_to_the_winner() -> None:
    """§6: a quack-quack that meets a stock of two gives both cards to its winner (no 12-trick Soup)."""

    def finish(original: Finish, play: Deal, winner: int, points: int, won: int, double: bool) -> None:
        last_two = double and play.course == DUCK and play.top == 24
        original(play, winner, points, won, double)
        if last_two:  # the winner draws two first, as after any quack-quack, and the stock is gone
            card = play.stock[25]
            remove_card(play, 1 - winner, card)
            play._take(winner, card)

    around_finish(finish)


@fault("soup-led-by-the-non-dealer", "engine")
def soup_led_by_the_non_dealer() -> None:
    """§7: the non-dealer leads the first Soup trick instead of the winner of the last Duck trick."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        course = play.course
        original(play, action)
        if course == DUCK and play.course == SOUP and play.phase == LEAD:
            play.leader = 1 - play.dealer

    around_apply(apply)


@fault("alternate-draw-by-default", "engine")
def alternate_draw_by_default() -> None:
    """DS-R04: after a quack-quack the cards are drawn winner, loser, winner, loser under the standard rules."""

    def alternate(play: Deal, dealer: int) -> None:
        play.double_draw_alternate = True

    after_init(alternate)


@fault("hidden-stock-card-seen", "engine")
def hidden_stock_card_seen() -> None:
    """DS-R09: with the hidden stock, the card the winner takes from the top shows in the loser's view."""

    def finish(original: Finish, play: Deal, winner: int, points: int, won: int, double: bool) -> None:
        top, course = play.top, play.course
        original(play, winner, points, won, double)
        if play.hidden and course == DUCK:
            play.known[winner] |= 1 << play.stock[top]

    around_finish(finish)


@fault("hidden-stock-face-up", "engine")
def hidden_stock_face_up() -> None:
    """DS-R09, §11: with the hidden stock, the top card of the stock is still shown face up."""
    setattr(Deal, "face_up", property(lambda play: None if play.top >= 26 else play.stock[play.top]))  # noqa: B010


@fault("rejected-card-still-played", "engine")
def rejected_card_still_played() -> None:
    """DS-R02 (errors: a rejected action changes nothing): the card of a rejected play leaves the hand."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        try:
            original(play, action)
        except IllegalAction:
            player, card, _ = parts(action)
            if holds(play, player, card):
                remove_card(play, player, card)
            raise

    around_apply(apply)


@fault("card-not-in-hand-before-not-your-turn", "engine")
def card_not_in_hand_before_not_your_turn() -> None:
    """§4 (error precedence): a card not in the hand is reported before a play out of turn."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, _ = parts(action)
        if play.phase != OVER and player != play.to_act and card >= 0 and not holds(play, player, card):
            raise IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"card {card} is not in player {player}'s hand")
        original(play, action)

    around_apply(apply)


@fault("rank-mismatch-before-call-not-allowed", "engine")
def rank_mismatch_before_call_not_allowed() -> None:
    """DS-R12, DS-R02 (error precedence): a call on a card of another rank is reported as call-rank-mismatch
    even where the call is not allowed at all (call-not-allowed comes first)."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, call = parts(action)
        if (
            play.phase in (FOLLOW, FOURTH)
            and player == play.to_act
            and call != NONE
            and holds(play, player, card)
            and RANK[card] != RANK[play.table[0]]
        ):
            raise IllegalAction(ErrorCode.CALL_RANK_MISMATCH, "DS-R02", "the call needs a card of the rank led")
        original(play, action)

    around_apply(apply)


@fault("hidden-stock-loser-draws-first", "engine")
def hidden_stock_loser_draws_first() -> None:
    """DS-R09: with the hidden stock the loser of a trick takes the top card and the winner the next (no face-up
    card to win, so no winner's first draw)."""

    def finish(original: Finish, play: Deal, winner: int, points: int, won: int, double: bool) -> None:
        top, course = play.top, play.course
        original(play, winner, points, won, double)
        if play.hidden and course == DUCK and not double:
            first, second = play.stock[top], play.stock[top + 1]
            remove_card(play, winner, first)
            remove_card(play, 1 - winner, second)
            play._take(winner, second)
            play._take(1 - winner, first)

    around_finish(finish)


@fault("duck-automatic-without-third-card", "engine")
def duck_automatic_without_third_card() -> None:
    """DS-R10: a leader who holds no third card of the quacked rank does not answer: the quacker takes the trick at
    once, and "duck" is not an action then."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        original(play, action)
        if play.phase == ANSWER:
            rank = RANK[play.table[0]]
            if not any(RANK[held] == rank for held in play.hand_lists[play.leader]):
                original(play, DUCKS[play.leader])

    around_apply(apply)


@fault("third-card-without-call-accepted", "engine")
def third_card_without_call_accepted() -> None:
    """DS-R10: while a quack waits, the leader's third card of the rank without "quack-quack" is taken as the
    quack-quack (the call as colour) instead of being refused with answer-required."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, call = parts(action)
        if (
            play.phase == ANSWER
            and not play.silent
            and player == play.to_act
            and call == NONE
            and holds(play, player, card)
            and RANK[card] == RANK[play.table[0]]
        ):
            action = PLAYS[player][card][QUACK_QUACK]
        original(play, action)

    around_apply(apply)


@fault("call-out-of-place-ignored", "engine")
def call_out_of_place_ignored() -> None:
    """DS-R12: a call said where it has no meaning (on a lead, "duck soup" on a follow ...) is ignored, the card
    played as an ordinary card, instead of being refused with call-not-allowed."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, call = parts(action)
        if (
            play.phase in (LEAD, FOLLOW, FOURTH)
            and player == play.to_act
            and call >= 0
            and call not in ALLOWED_CALLS[play.phase]
            and holds(play, player, card)
        ):
            action = PLAYS[player][card][NONE]
        original(play, action)

    around_apply(apply)


@fault("silent-calls-by-default", "engine")
def silent_calls_by_default() -> None:
    """DS-R15: the standard rules played with silent calls (the Korean reading): any card of the rank led is a
    quack, and no call is said."""

    def silent(play: Deal, dealer: int) -> None:
        play.silent = True

    after_init(silent)


@fault("spoken-calls-under-silent", "engine")
def spoken_calls_under_silent() -> None:
    """DS-R15: the option calls = silent is ignored, the calls spoken and deciding the play as in the standard rules."""

    def spoken(play: Deal, dealer: int) -> None:
        play.silent = False

    after_init(spoken)


@fault("silent-calls-ignored", "engine")
def silent_calls_ignored() -> None:
    """DS-R15: with silent calls a call said with a card is ignored (the card played without it) instead of being
    refused with call-not-allowed."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, call = parts(action)
        if play.silent and play.phase != OVER and player == play.to_act and call > 0 and holds(play, player, card):
            action = PLAYS[player][card][NONE]
        original(play, action)

    around_apply(apply)


@fault("silent-fourth-card-compulsory", "engine")
def silent_fourth_card_compulsory() -> None:
    """DS-R16: with silent calls a follower who holds the fourth card of the rank must play it to the quack-quack."""

    def apply(original: Apply, play: Deal, action: Action) -> None:
        player, card, _ = parts(action)
        if play.silent and play.phase == FOURTH and player == play.to_act and holds(play, player, card):
            rank = RANK[play.table[0]]
            if RANK[card] != rank and any(RANK[held] == rank for held in play.hand_lists[player]):
                raise IllegalAction(ErrorCode.ANSWER_REQUIRED, "§6", "play the fourth card of the rank")
        original(play, action)

    around_apply(apply)


THRESHOLDS: dict[str, tuple[str, ...]] = {
    "target-above-250": ("ds-game-target-exactly-250", "ds-match-target-exactly-250"),
    "pond-at-126": ("ds-game-pond-at-125", "ds-match-pond-at-125"),
    "in-the-soup-at-125": ("ds-game-loser-at-125", "ds-match-loser-at-125"),
    "in-the-soup-under-124": ("ds-game-loser-at-124", "ds-match-loser-at-124"),
    "level-totals-to-player-0": ("ds-game-level-totals", "ds-game-level-totals-twice"),
    "one-extra-deal-only": ("ds-game-level-totals-twice", "ds-match-level-totals-twice"),
}
"""The faults that move a line of §9 by one (the target, the pond, the soup line, level totals), each with traces
in different situations that reject it: two at least (``tests/test_suite_power.py``; ``nox -s suite-power``
counts every rejecting trace)."""


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] not in FAULTS:
        print(f"usage: duck_soup.py {{{','.join(FAULTS)}}}", file=sys.stderr)
        return 2
    chosen = FAULTS[sys.argv[1]]
    chosen.patch()
    from ducksoup.adapter import serve

    return serve(backend=chosen.backend)


if __name__ == "__main__":
    sys.exit(main())
