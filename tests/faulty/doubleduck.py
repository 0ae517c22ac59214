"""Deliberately wrong Doubleduck implementations, each breaking one rule or taking one ruling's other reading.

Run as ``python tests/faulty/doubleduck.py FAULT``: the fault patches the bundled reference in this
process only (with a :class:`pytest.MonkeyPatch` that is never undone), then serves Doubleduck over
the adapter protocol, so that ``ducksoup check --game doubleduck --impl ...`` checks it like any
other implementation. A *spec* fault replaces one function of the specification and serves the
spec backend; an *engine* fault patches one method or table of the fast engine
(:mod:`ducksoup.doubleduck.engine`) and serves the engine backend. The Doubleduck traces must
reject every one of them (``tests/doubleduck/test_faults.py``); every alternative reading listed in
the rulings register (``spec/duckspec/doubleduck/rulings.toml``) names one of these faults.

Every patch's docstring names the rules section (``§N``) or the ruling (``DD-Rnn``) it breaks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from pytest import MonkeyPatch

import duckcheck.doubleduck.oracle as oracle
import ducksoup.doubleduck.engine as engine
import duckspec.doubleduck.deal as deal_module
import duckspec.doubleduck.dealing as dealing
import duckspec.doubleduck.duck_course as duck_course
import duckspec.doubleduck.game as game_module
import duckspec.doubleduck.scoring as scoring
import duckspec.doubleduck.soup_course as soup_course
import duckspec.doubleduck.winning as winning
import duckspec.trick_taking as trick_taking
from ducksoup.doubleduck.engine import DOUBLEDUCK, DUCK, NAMES, NONE, PLAYS, SOUP, Deal, Game
from duckspec.cards import Card
from duckspec.doubleduck import GAME_ID
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.variants import RuleOptions

Backend = Literal["spec", "engine"]
Patch = Callable[[MonkeyPatch], None]


@dataclass(frozen=True)
class Fault:
    """A wrong implementation: the patch that makes it wrong, and the backend it patches."""

    patch: Patch
    backend: Backend

    @property
    def rule(self) -> str:
        """The patch's docstring: the rule it breaks, and how."""
        return (self.patch.__doc__ or "").strip()


FAULTS: dict[str, Fault] = {}
"""Every fault by name, in the order they are defined."""


def fault(name: str, backend: Backend) -> Callable[[Patch], Patch]:
    """Register the decorated patch as the fault ``name`` of ``backend``."""

    def register(patch: Patch) -> Patch:
        FAULTS[name] = Fault(patch, backend)
        return patch

    return register


# --------------------------------------------------------------------------------------------
# Faults of the specification: one rule function replaced.
# --------------------------------------------------------------------------------------------


@fault("first-card-to-the-dealer", "spec")
def first_card_to_the_dealer(mp: MonkeyPatch) -> None:
    """DD-R01: the dealer receives the first card, and the cards go round to the left from there."""
    mp.setattr(dealing, "dealt_to", lambda position, dealer: (dealer + position) % 4)


@fault("deal-in-blocks", "spec")
def deal_in_blocks(mp: MonkeyPatch) -> None:
    """§2 (against DD-R01's deal): each player takes thirteen cards in one block, not one card at a time."""

    def deal_hands(deck: Sequence[Card], dealer: int) -> dealing.Hands:
        blocks = {(dealer + 1 + k) % 4: tuple(sorted(deck[13 * k : 13 * k + 13])) for k in range(4)}
        return blocks[0], blocks[1], blocks[2], blocks[3]

    mp.setattr(deal_module, "deal_hands", deal_hands)


@fault("quacks-count-the-lead", "spec")
def quacks_count_the_lead(mp: MonkeyPatch) -> None:
    """DD-R03: the card led counts as a duplicate, so the first match says quack-quack (and three at most)."""

    def quacks_due(led: Card, follows: Sequence[Card]) -> int:
        return min(3, 2 + sum(1 for card in follows if card.rank == led.rank))

    mp.setattr(duck_course, "quacks_due", quacks_due)


@fault("doubleduck-by-any-match", "spec")
def doubleduck_by_any_match(mp: MonkeyPatch) -> None:
    """DD-R05: any card of the rank led may call doubleduck, not only the second copy of the card led."""
    mp.setattr(duck_course, "is_exact_duplicate", lambda card, other: card.rank == other.rank)


@fault("quack-beats-doubleduck", "spec")
def quack_beats_doubleduck(mp: MonkeyPatch) -> None:
    """DD-R07: the last call wins, so a quack after a doubleduck takes the trick."""

    def winning_position(trick: Sequence[Play], course: Course) -> int:
        called = [i for i, play in enumerate(trick) if play.call is not Call.NONE]
        return called[-1] if called else trick_taking.best_of_suit_led([p.card for p in trick], course)

    mp.setattr(deal_module, "winning_position", winning_position)


@fault("silent-match-cancels-quack", "spec")
def silent_match_cancels_quack(mp: MonkeyPatch) -> None:
    """DD-R08: only the last card of the rank led can win by quacking; if it was played silently, no quack wins."""

    def winning_position(trick: Sequence[Play], course: Course) -> int:
        doubleduck = duck_course.doubleduck_position(trick)
        if doubleduck is not None:
            return doubleduck
        matches = [i for i, play in enumerate(trick) if i > 0 and play.card.rank == trick[0].card.rank]
        if matches and trick[matches[-1]].call.quacks:
            return matches[-1]
        return trick_taking.best_of_suit_led([play.card for play in trick], course)

    mp.setattr(deal_module, "winning_position", winning_position)


@fault("forgotten-quack-wins", "spec")
def forgotten_quack_wins(mp: MonkeyPatch) -> None:
    """DD-R09: a card of the rank led takes the trick as a quack even when nothing is said."""

    def last_quack_position(trick: Sequence[Play]) -> int | None:
        quacked = [
            i
            for i, play in enumerate(trick)
            if play.call.quacks or (i > 0 and play.call is Call.NONE and play.card.rank == trick[0].card.rank)
        ]
        return quacked[-1] if quacked else None

    mp.setattr(duck_course, "last_quack_position", last_quack_position)


@fault("silent-duplicate-cannot-win", "spec")
def silent_duplicate_cannot_win(mp: MonkeyPatch) -> None:
    """DD-R09: a silent exact duplicate of the card led is dead: it cannot take the trick even as the best card."""
    original = trick_taking.best_of_suit_led

    def best_of_suit_led(cards: Sequence[Card], course: Course) -> int:
        alive = [position for position, card in enumerate(cards) if position == 0 or card != cards[0]]
        return alive[original([cards[position] for position in alive], course)]

    mp.setattr(duck_course, "best_of_suit_led", best_of_suit_led)


@fault("earlier-equal-wins", "spec")
def earlier_equal_wins(mp: MonkeyPatch) -> None:
    """§4 (4.4): of two equal best cards of the suit led, the earlier wins instead of the later."""

    def best_of_suit_led(cards: Sequence[Card], course: Course) -> int:
        best = 0
        for position, card in enumerate(cards):
            if trick_taking.beats_in_suit(card, cards[best], course):
                best = position
        return best

    mp.setattr(duck_course, "best_of_suit_led", best_of_suit_led)


@fault("lowest-wins-in-the-soup", "spec")
def lowest_wins_in_the_soup(mp: MonkeyPatch) -> None:
    """§5: the Soup course keeps the Duck's order (lowest wins, Ace low) instead of the highest winning."""
    original = trick_taking.rank_strength
    mp.setattr(trick_taking, "rank_strength", lambda rank, course: original(rank, Course.DUCK))


@fault("one-card-per-trick", "spec")
def one_card_per_trick(mp: MonkeyPatch) -> None:
    """DD-R10, §4 (4.5): the winner keeps one card per trick, whatever its suits."""
    mp.setattr(deal_module, "cards_stored", lambda cards: 1)


@fault("partners-store-own-winnings", "spec")
def partners_store_own_winnings(mp: MonkeyPatch) -> None:
    """§5, DD-R11: each partner keeps the cards of the tricks he wins himself (the side's lower seat in the first
    place of its piles, the higher in the second), and the score multiplies the two partners' piles."""
    original = deal_module.finish_trick

    def finish_trick(state: deal_module.DealState) -> deal_module.DealState:
        winner = state.table[duck_course.winning_position(state.table, state.course)].player
        after = original(state)
        side, course = winner % 2, 0 if state.course is Course.DUCK else 1
        stored = after.piles[side][course] - state.piles[side][course]
        own = [state.piles[side][0], state.piles[side][1]]
        own[winner // 2] += stored
        piles = deal_module.with_item(after.piles, side, (own[0], own[1]))
        return replace(after, piles=piles)

    mp.setattr(deal_module, "finish_trick", finish_trick)


@fault("both-at-1000-scores-the-bonus", "spec")
def both_at_1000_scores_the_bonus(mp: MonkeyPatch) -> None:
    """DD-R12: the higher total scores 2 and the bonus even when the other side also reached 1000."""

    def game_points(totals: tuple[int, int], winner: int, deals_played: int) -> int:
        return 2 + winning.deals_unplayed(deals_played) if winning.has_reached_target(totals[winner]) else 1

    mp.setattr(winning, "game_points", game_points)


@fault("level-game-drawn", "spec")
def level_game_drawn(mp: MonkeyPatch) -> None:
    """DD-R13: level totals at the end of the game make a draw, with no winner and no game points."""
    original = winning.game_result

    def game_result(totals: tuple[int, int], deals_played: int) -> winning.GameResult | None:
        if winning.is_game_complete(totals, deals_played) and totals[0] == totals[1]:
            return winning.GameResult(None, winning.GameEnd.DEALS, 0, totals)  # type: ignore[arg-type]
        return original(totals, deals_played)

    mp.setattr(game_module, "game_result", game_result)


@fault("target-above-1000", "spec")
def target_above_1000(mp: MonkeyPatch) -> None:
    """DD-R14: a total of exactly 1000 does not reach the target (taken as more than 1000)."""
    mp.setattr(winning, "has_reached_target", lambda total: total > 1000)


@fault("no-bonus-for-unplayed-deals", "spec")
def no_bonus_for_unplayed_deals(mp: MonkeyPatch) -> None:
    """DD-R14, §7: a win at 1000 scores 2 with no extra points for the deals left unplayed."""
    mp.setattr(winning, "deals_unplayed", lambda deals_played: 0)


@fault("deal-passes-right", "spec")
def deal_passes_right(mp: MonkeyPatch) -> None:
    """DD-R15, §2: the deal passes to the right, the seat below the last dealer dealing next."""
    mp.setattr(game_module, "next_dealer", lambda dealer: (dealer + 3) % 4)


@fault("score-summed", "spec")
def score_summed(mp: MonkeyPatch) -> None:
    """§6: a side's deal score is the sum of its two piles instead of their product."""
    mp.setattr(scoring, "side_score", lambda duck, soup: duck + soup)


@fault("soup-starts-early", "spec")
def soup_starts_early(mp: MonkeyPatch) -> None:
    """§5, §2: the Soup course begins after twelve Duck tricks, with four cards still in the stock."""
    mp.setattr(
        deal_module,
        "course_after_trick",
        lambda course, stock_left: Course.SOUP if course is Course.SOUP or stock_left <= 4 else Course.DUCK,
    )


@fault("target-at-999", "spec")
def target_at_999(mp: MonkeyPatch) -> None:
    """§7, DD-R14: the target is taken one point low, a total of 999 reaching it."""
    mp.setattr(winning, "has_reached_target", lambda total: total >= 999)


@fault("three-deals-a-game", "spec")
def three_deals_a_game(mp: MonkeyPatch) -> None:
    """§7: a game is three deals or 1000 points instead of four deals (and three deals are counted as unplayed)."""
    mp.setattr(winning, "DEALS_PER_GAME", 3)


@fault("five-deals-a-game", "spec")
def five_deals_a_game(mp: MonkeyPatch) -> None:
    """§7: a game is five deals or 1000 points instead of four deals."""
    mp.setattr(winning, "DEALS_PER_GAME", 5)


@fault("one-extra-deal-only", "spec")
def one_extra_deal_only(mp: MonkeyPatch) -> None:
    """DD-R13: only one more deal is played after level totals; level again, the game ends all the same, side 0
    taking the tie with a single game point."""
    original = game_module.apply

    def apply(state: game_module.GameState, action: Play) -> game_module.GameState:
        after = original(state, action)
        if after.deals_played == state.deals_played or after.result is not None or not state.deals_played:
            return after
        before, totals = state.totals, after.totals
        extra = winning.is_game_complete(before, state.deals_played) and before[0] == before[1]
        if not extra or totals[0] != totals[1]:
            return after
        end = winning.GameEnd.TARGET if winning.has_reached_target(max(totals)) else winning.GameEnd.DEALS
        finished = deal_module.apply(state.deal, action)
        return replace(after, deal=finished, decks=state.decks, result=winning.GameResult(0, end, 1, totals))

    mp.setattr(game_module, "apply", apply)


@fault("partners-side-by-side", "spec")
def partners_side_by_side(mp: MonkeyPatch) -> None:
    """DD-R19: partners sit side by side (seats 0 and 1 against 2 and 3), so two turns of one side follow each
    other."""
    mp.setattr(deal_module, "side_of", lambda seat: seat // 2)
    mp.setattr(soup_course, "partner", lambda seat: seat ^ 1)


@fault("no-call-on-partners-lead", "spec")
def no_call_on_partners_lead(mp: MonkeyPatch) -> None:
    """DD-R20: a player may not quack or doubleduck the card the partner led: such a call is refused."""
    original_check, original_legal = deal_module.check_action, deal_module.legal_actions

    def on_partners_lead(state: deal_module.DealState, action: Play) -> bool:
        return action.call is not Call.NONE and bool(state.table) and (state.table[0].player - action.player) % 2 == 0

    def check_action(state: deal_module.DealState, action: Play) -> None:
        original_check(state, action)
        if on_partners_lead(state, action):
            raise IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "DD-R20", "no call on the partner's lead")

    def legal_actions(state: deal_module.DealState) -> tuple[Play, ...]:
        return tuple(action for action in original_legal(state) if not on_partners_lead(state, action))

    mp.setattr(deal_module, "check_action", check_action)
    mp.setattr(deal_module, "legal_actions", legal_actions)


@fault("keepers-fixed-by-seat", "spec")
def keepers_fixed_by_seat(mp: MonkeyPatch) -> None:
    """DD-R11: a side's keepers are fixed before play, its lower seat (0 or 1) keeping the Duck pile and its
    higher seat the Soup pile, whoever wins the tricks."""

    def keepers_after_trick(keepers: soup_course.Keepers, winner: int, course: Course) -> soup_course.Keepers:
        lower = winner % 2
        if course is Course.DUCK:
            return lower, keepers[1]
        return keepers[0], lower + 2

    mp.setattr(deal_module, "keepers_after_trick", keepers_after_trick)


@fault("first-dealer-is-seat-0", "spec")
def first_dealer_is_seat_0(mp: MonkeyPatch) -> None:
    """DD-R15: seat 0 always deals first, whatever seat the trace names."""
    original = oracle.Table.start

    def start(
        cls: type[oracle.Table], scope: oracle.Scope, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]]
    ) -> oracle.Table:
        return original(scope, options, 0, decks)

    mp.setattr(oracle.Table, "start", classmethod(start))


# --------------------------------------------------------------------------------------------
# Faults of the engine: one method wrapped, or one table replaced.
# --------------------------------------------------------------------------------------------

Apply = Callable[[Deal, Play], None]
Finish = Callable[[Deal], None]


def around_apply(mp: MonkeyPatch, wrapper: Callable[[Apply, Deal, Play], None]) -> None:
    """Make ``Deal.apply`` go through ``wrapper(original_apply, deal, action)``."""
    original: Apply = Deal.apply

    def apply(self: Deal, action: Play) -> None:
        wrapper(original, self, action)

    mp.setattr(Deal, "apply", apply)


def around_finish(mp: MonkeyPatch, wrapper: Callable[[Finish, Deal], None]) -> None:
    """Make ``Deal._finish`` (decide and store the trick, draw, change course) go through ``wrapper``."""
    original: Finish = Deal._finish

    def finish(self: Deal) -> None:
        wrapper(original, self)

    mp.setattr(Deal, "_finish", finish)


def after_init(mp: MonkeyPatch, extra: Callable[[Deal, int], None]) -> None:
    """Run ``extra(deal, dealer)`` at the end of ``Deal.__init__``."""
    original = Deal.__init__

    def __init__(self: Deal, deck: Sequence[Card | int | str], dealer: int, options: RuleOptions | None = None) -> None:
        original(self, deck, dealer, options)
        extra(self, dealer)

    mp.setattr(Deal, "__init__", __init__)


def filter_legal(mp: MonkeyPatch, banned: Callable[[Deal, int, int, int], bool]) -> None:
    """Drop from ``legal_actions()`` every action (player, card, call) that ``banned`` says the fault forbids."""
    original = Deal.legal_actions

    def legal_actions(self: Deal) -> tuple[Play, ...]:
        return tuple(action for action in original(self) if not banned(self, *parts(action)))

    mp.setattr(Deal, "legal_actions", legal_actions)


def parts(action: Play) -> tuple[int, int, int]:
    """The player, the card and the call number of an action, as the engine reads them."""
    _, player, card, call = engine._describe(action)
    return player, card, call


def to_play_with(deal: Deal, action: Play) -> bool:
    """Whether ``action`` names the player to act and a card that player holds."""
    player, card, _ = parts(action)
    return player == deal.to_move and bool(deal.counts[player][card])


def is_match(deal: Deal, card: int) -> bool:
    """Whether a card follows to a trick and has the rank led."""
    return bool(deal.table) and card % 13 == deal.led % 13


def remove_card(deal: Deal, player: int, card: int) -> None:
    """Take one copy of ``card`` out of ``player``'s hand, with its counts and lists."""
    deal.counts[player][card] -= 1
    deal.rank_counts[player][card % 13] -= 1
    deal.hands[player].remove(card)
    if not deal.counts[player][card]:
        index = deal.distinct[player].index(card)
        del deal.distinct[player][index]
        del deal.plays[player][index]
    deal.legal = None


@fault("draw-from-the-leader", "engine")
def draw_from_the_leader(mp: MonkeyPatch) -> None:
    """DD-R02, §4 (4.6): after a Duck trick the players draw in the order they played, the leader first."""

    def finish(original: Finish, deal: Deal) -> None:
        leader = (deal.to_move + 1) & 3  # the fourth player is to move while the trick is decided
        saved = engine.DRAWERS
        engine.DRAWERS = tuple(saved[leader] for _ in range(4))
        try:
            original(deal)
        finally:
            engine.DRAWERS = saved

    around_finish(mp, finish)


@fault("as-played-draw-by-default", "engine")
def as_played_draw_by_default(mp: MonkeyPatch) -> None:
    """DD-R02: under the standard rules too, each player draws straight after playing to a Duck trick."""

    def as_played(deal: Deal, dealer: int) -> None:
        deal.as_played = True

    after_init(mp, as_played)


@fault("quacks-count-earlier-calls", "engine")
def quacks_count_earlier_calls(mp: MonkeyPatch) -> None:
    """DD-R03: only the quacks called before count, not cards of the rank played silently or with doubleduck."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        _, card, call = parts(action)
        uncounted = to_play_with(deal, action) and is_match(deal, card) and call in (NONE, DOUBLEDUCK)
        original(deal, action)
        if uncounted and deal.table:
            deal.matches -= 1

    around_apply(mp, apply)


@fault("doubleduck-not-counted", "engine")
def doubleduck_not_counted(mp: MonkeyPatch) -> None:
    """DD-R03, DD-R07: a card played with doubleduck is not counted for the quacks that follow it."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        uncounted = to_play_with(deal, action) and parts(action)[2] == DOUBLEDUCK and bool(deal.table)
        original(deal, action)
        if uncounted and deal.table:
            deal.matches -= 1

    around_apply(mp, apply)


def miscounted(deal: Deal, action: Play) -> bool:
    _, card, call = parts(action)
    return to_play_with(deal, action) and is_match(deal, card) and 1 <= call <= 3 and call != deal.matches + 1


@fault("miscounted-quack-plain", "engine")
def miscounted_quack_plain(mp: MonkeyPatch) -> None:
    """DD-R04: a card with the wrong number of quacks is played as a plain card instead of being refused."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        if miscounted(deal, action):
            player, card, _ = parts(action)
            action = PLAYS[player][card][NONE]
        original(deal, action)

    around_apply(mp, apply)


@fault("miscounted-quack-accepted", "engine")
def miscounted_quack_accepted(mp: MonkeyPatch) -> None:
    """DD-R04: a card with the wrong number of quacks is taken as if the right number had been called."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        if miscounted(deal, action):
            player, card, _ = parts(action)
            action = PLAYS[player][card][deal.matches + 1]
        original(deal, action)

    around_apply(mp, apply)


@fault("wrong-call-played-plain", "engine")
def wrong_call_played_plain(mp: MonkeyPatch) -> None:
    """DD-R05: a call the card is not entitled to (on a lead, on another rank, doubleduck on another card of the
    rank) is ignored and the card played plain, instead of the action being refused."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        player, card, call = parts(action)
        if (
            to_play_with(deal, action)
            and call
            and (not deal.table or card % 13 != deal.led % 13 or (call == DOUBLEDUCK and card != deal.led))
        ):
            action = PLAYS[player][card][NONE]
        original(deal, action)

    around_apply(mp, apply)


@fault("duplicate-cannot-quack", "engine")
def duplicate_cannot_quack(mp: MonkeyPatch) -> None:
    """DD-R06: the exact duplicate of the card led may call only doubleduck; quacks with it are refused."""

    def banned(deal: Deal, player: int, card: int, call: int) -> bool:
        return bool(deal.table) and card == deal.led and 1 <= call <= 3

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        if to_play_with(deal, action) and banned(deal, *parts(action)):
            raise IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "DD-R06", "the duplicate must doubleduck")
        original(deal, action)

    filter_legal(mp, banned)
    around_apply(mp, apply)


@fault("no-quack-after-doubleduck", "engine")
def no_quack_after_doubleduck(mp: MonkeyPatch) -> None:
    """DD-R07: once a doubleduck is down, quacks are refused."""

    def banned(deal: Deal, player: int, card: int, call: int) -> bool:
        return bool(deal.table) and deal.doubleducked and 1 <= call <= 3

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        if to_play_with(deal, action) and banned(deal, *parts(action)):
            raise IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "DD-R07", "no quack after a doubleduck")
        original(deal, action)

    filter_legal(mp, banned)
    around_apply(mp, apply)


@fault("must-follow-suit", "engine")
def must_follow_suit(mp: MonkeyPatch) -> None:
    """DD-R17, §4 (4.1): a player who holds the suit led must follow suit unless quacking, as in the later game."""

    def banned(deal: Deal, player: int, card: int, call: int) -> bool:
        if not deal.table or call:
            return False
        led = deal.led // 13
        return card // 13 != led and any(held // 13 == led for held in deal.hands[player])

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        if to_play_with(deal, action) and banned(deal, *parts(action)):
            raise IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "DD-R17", "follow suit")
        original(deal, action)

    filter_legal(mp, banned)
    around_apply(mp, apply)


@fault("whole-trick-stored", "engine")
def whole_trick_stored(mp: MonkeyPatch) -> None:
    """DD-R10, §4 (4.5): the winner keeps every card of the trick, four, whatever its suits."""
    mp.setattr(engine, "SUITS_IN", (4,) * 16)


@fault("last-duck-winner-keeps", "engine")
def last_duck_winner_keeps(mp: MonkeyPatch) -> None:
    """DD-R11: the side's Duck pile passes to whichever partner won the side's latest Duck trick."""

    def finish(original: Finish, deal: Deal) -> None:
        course = deal.course
        original(deal)
        if course == DUCK:
            winner = deal.to_move
            deal.keepers[winner & 1][0] = winner

    around_finish(mp, finish)


@fault("no-duck-pile-no-soup-pile", "engine")
def no_duck_pile_no_soup_pile(mp: MonkeyPatch) -> None:
    """DD-R11: a side that won no Duck trick has no keeper for its Soup cards and stores nothing there."""

    def finish(original: Finish, deal: Deal) -> None:
        winner = deal.call_seat if deal.call_seat >= 0 else deal.best_seat
        side = winner & 1
        lost = deal.course == SOUP and deal.keepers[side][0] is None
        stored = engine.SUITS_IN[deal.suits]
        original(deal)
        if lost:
            deal.piles[side][1] -= stored
            deal.keepers[side][1] = None

    around_finish(mp, finish)


@fault("dealer-leads-first", "engine")
def dealer_leads_first(mp: MonkeyPatch) -> None:
    """DD-R15, §4 (4.1): the dealer leads the first trick of the deal instead of the player at the dealer's left."""

    def dealer_leads(deal: Deal, dealer: int) -> None:
        deal.to_move = dealer

    after_init(mp, dealer_leads)


@fault("winner-does-not-lead", "engine")
def winner_does_not_lead(mp: MonkeyPatch) -> None:
    """§4 (4.1): the lead passes to the left after each trick instead of going to the trick's winner."""

    def finish(original: Finish, deal: Deal) -> None:
        leader = (deal.to_move + 1) & 3
        original(deal)
        if deal.to_move >= 0:
            deal.to_move = (leader + 1) & 3

    around_finish(mp, finish)


@fault("ace-high-in-the-duck", "engine")
def ace_high_in_the_duck(mp: MonkeyPatch) -> None:
    """§1: the Ace ranks above the King in the Duck course too, so it is the worst card of its suit there."""
    duck = tuple(
        tuple((1 if c % 13 == 0 else 14 - c % 13) if c // 13 == suit else 0 for c in range(52)) for suit in range(4)
    )
    mp.setattr(engine, "KEYS", (duck, engine.KEYS[SOUP]))


@fault("game-continues-after-result", "engine")
def game_continues_after_result(mp: MonkeyPatch) -> None:
    """DD-R16: play goes on after a result, the next deal starting a new game whose points would add up."""
    original = Game._score

    def score(self: Game, deal: Deal) -> None:
        original(self, deal)
        if self.result is not None:
            self.result = None
            self.deal_scores = []
            self._next_deal()

    mp.setattr(Game, "_score", score)


@fault("stock-top-shown", "engine")
def stock_top_shown(mp: MonkeyPatch) -> None:
    """DD-R18: the top card of the stock lies face up, as in Duck Soup, and shows in every view."""
    original = Deal.observation

    def observation(self: Deal, player: int, state: engine.JSON | None = None) -> engine.JSON:
        seen = original(self, player, state)
        seen["face_up"] = NAMES[self.stock[self.top]] if self.top < engine.DECK_SIZE else None
        return seen

    mp.setattr(Deal, "observation", observation)


@fault("partner-hand-shown", "engine")
def partner_hand_shown(mp: MonkeyPatch) -> None:
    """DD-R18: partners see each other's hands."""
    original = Deal.observation

    def observation(self: Deal, player: int, state: engine.JSON | None = None) -> engine.JSON:
        seen = original(self, player, state)
        seen["partner_hand"] = engine.cards_text(self.hands[player ^ 2])
        return seen

    mp.setattr(Deal, "observation", observation)


@fault("waste-shown", "engine")
def waste_shown(mp: MonkeyPatch) -> None:
    """DD-R10: the waste pile lies face up, and every view shows how many cards it holds."""
    original = Deal.observation

    def observation(self: Deal, player: int, state: engine.JSON | None = None) -> engine.JSON:
        seen = original(self, player, state)
        in_hands = sum(len(hand) for hand in self.hands)
        played = engine.DECK_SIZE - in_hands - (engine.DECK_SIZE - self.top) - len(self.table)
        seen["waste"] = played - sum(sum(side) for side in self.piles)
        return seen

    mp.setattr(Deal, "observation", observation)


@fault("rejected-card-still-played", "engine")
def rejected_card_still_played(mp: MonkeyPatch) -> None:
    """§4 (errors: a rejected action changes nothing): the card of a refused play leaves the hand all the same."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        try:
            original(deal, action)
        except IllegalAction:
            player, card, _ = parts(action)
            if 0 <= player < 4 and deal.counts[player][card]:
                remove_card(deal, player, card)
            raise

    around_apply(mp, apply)


@fault("card-not-in-hand-before-not-your-turn", "engine")
def card_not_in_hand_before_not_your_turn(mp: MonkeyPatch) -> None:
    """§4 (error precedence): a card the player does not hold is reported before a play out of turn."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        player, card, _ = parts(action)
        if deal.to_move >= 0 and player != deal.to_move and 0 <= player < 4 and not deal.counts[player][card]:
            raise IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"player {player} holds no {NAMES[card]}")
        original(deal, action)

    around_apply(mp, apply)


@fault("count-before-rank", "engine")
def count_before_rank(mp: MonkeyPatch) -> None:
    """DD-R05, DD-R04 (error precedence): a wrong number of quacks is reported before a card of another rank."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        _, _, call = parts(action)
        if to_play_with(deal, action) and deal.table and 1 <= call <= 3 and call != deal.matches + 1:
            raise IllegalAction(ErrorCode.QUACK_COUNT_MISMATCH, "DD-R04", "wrong number of quacks")
        original(deal, action)

    around_apply(mp, apply)


@fault("deal-over-as-not-your-turn", "engine")
def deal_over_as_not_your_turn(mp: MonkeyPatch) -> None:
    """§5 (error codes): an action after the end of the deal is refused as out of turn instead of deal-over."""

    def apply(original: Apply, deal: Deal, action: Play) -> None:
        if deal.to_move < 0:
            raise IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", "nobody is to play")
        original(deal, action)

    around_apply(mp, apply)


THRESHOLDS: dict[str, tuple[str, ...]] = {
    "target-above-1000": ("dd-game-exactly-1000", "dd-game-exactly-1000-second-deal"),
    "target-at-999": ("dd-game-999-after-two-deals", "dd-game-999-after-three-deals"),
    "both-at-1000-scores-the-bonus": ("dd-game-both-at-1000", "dd-game-999-after-three-deals"),
    "level-game-drawn": ("dd-game-level-at-1000", "dd-game-level-after-four-deals"),
    "one-extra-deal-only": ("dd-game-level-twice-after-four-deals", "dd-game-level-twice-at-1000"),
    "three-deals-a-game": ("dd-game-four-deals", "dd-game-level-after-four-deals"),
    "five-deals-a-game": ("dd-game-four-deals", "dd-game-greedy-as-played-01"),
    "soup-starts-early": ("dd-edge-last-duck-trick", "dd-edge-ace-high-in-the-soup"),
}
"""The faults that move a line of the rules by one (the target, the other side's reaching it, level totals, the
number of deals, the end of the Duck course), each with traces in different situations that reject it: two at
least (``tests/test_suite_power.py``; ``nox -s suite-power`` counts every rejecting trace)."""


def main() -> int:
    """Serve the fault named on the command line over the adapter protocol (Doubleduck only)."""
    if len(sys.argv) != 2 or sys.argv[1] not in FAULTS:
        print(f"usage: doubleduck.py {{{','.join(FAULTS)}}}", file=sys.stderr)
        return 2
    chosen = FAULTS[sys.argv[1]]
    chosen.patch(MonkeyPatch())  # never undone: the process serves the fault until it ends
    from ducksoup.adapter import serve

    return serve(backend=chosen.backend, games=(GAME_ID,))


if __name__ == "__main__":
    sys.exit(main())
