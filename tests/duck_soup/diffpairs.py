"""Pairs of small functions for ``crosshair diffbehavior``: the specification against the engine.

``crosshair diffbehavior`` ignores preconditions, so both functions of a pair take plain ints
(cards as 0 to 51, canonical order) and bools, and return :data:`ILLEGAL` for inputs outside
the pair's domain, through the same guard. Each ``spec_*`` function calls the specification's
rule functions; each ``engine_*`` function computes the same decision with the reference engine's
tables (``STRENGTH``, ``SUIT``) or runs the engine's own code on a prepared object.
``tests/duck_soup/test_differential.py`` runs every pair in :data:`PAIRS`.
"""

from __future__ import annotations

from ducksoup.duck_soup.engine import DUCK, SOUP, STRENGTH, SUIT, Deal, Match
from duckspec.cards import card_from_index
from duckspec.duck_soup.cards import Course, rank_strength
from duckspec.duck_soup.courses import course_after_drawing
from duckspec.duck_soup.drawing import draw_after_quack_quack, draw_after_trick, face_up_card
from duckspec.duck_soup.quacking import Call, quack_quack_result
from duckspec.duck_soup.tricks import Role, trick_points, trick_winner
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility, match_winner
from duckspec.duck_soup.winning import game_result

ILLEGAL = "illegal"
"""What both functions of a pair return for inputs outside the pair's domain."""

PAIRS = ("quack_quack", "game_result", "trick", "draw", "rank_strength")
"""The pairs, ``spec_<name>`` and ``engine_<name>`` for each name, the slowest to compare first."""

MAX_DEAL_SCORE = 26 * 26
"""No deal score is higher: at most 26 points in each course."""
MAX_TOTAL = 2000
"""A bound on running totals for the game-result pair (a game ends soon after 250)."""
DECK_IN_ORDER = tuple(range(52))
"""The deck order the engine pairs deal from: the stock is then cards 26 to 51, top first."""


def is_card(card: int) -> bool:
    return 0 <= card < 52


def same_rank(card: int, other: int) -> bool:
    return card % 13 == other % 13


def course_of(soup: bool) -> Course:
    return Course.SOUP if soup else Course.DUCK


# --------------------------------------------------------------------------------------------
# §2 rank strength
# --------------------------------------------------------------------------------------------


def spec_rank_strength(card: int, soup: bool) -> int | str:
    """How strong ``card`` is within its suit in the Soup (``soup``) or the Duck."""
    if not is_card(card):
        return ILLEGAL
    return rank_strength(card_from_index(card).rank, course_of(soup))


def engine_rank_strength(card: int, soup: bool) -> int | str:
    if not is_card(card):
        return ILLEGAL
    return STRENGTH[SOUP if soup else DUCK][card]


# --------------------------------------------------------------------------------------------
# §4 an ordinary trick: who wins it (0 the leader, 1 the follower) and its points
# --------------------------------------------------------------------------------------------


def spec_trick(lead: int, follow: int, soup: bool) -> tuple[int, int] | str:
    if not (is_card(lead) and is_card(follow)) or lead == follow:
        return ILLEGAL
    led, followed = card_from_index(lead), card_from_index(follow)
    role = trick_winner(led, followed, course_of(soup))
    return (1 if role is Role.FOLLOWER else 0), trick_points(led, followed)


def engine_trick(lead: int, follow: int, soup: bool) -> tuple[int, int] | str:
    """The decision of ``Deal.apply`` in the follow phase without a quack."""
    if not (is_card(lead) and is_card(follow)) or lead == follow:
        return ILLEGAL
    course = SOUP if soup else DUCK
    if SUIT[follow] == SUIT[lead] and STRENGTH[course][follow] > STRENGTH[course][lead]:
        return 1, 1
    return 0, (1 if SUIT[follow] == SUIT[lead] else 2)


# --------------------------------------------------------------------------------------------
# §6 quacking: the two tricks of a quack-quack, decided by the fourth card
# --------------------------------------------------------------------------------------------


def spec_quack_quack(lead: int, quack: int, third: int, fourth: int, duck_soup: bool) -> tuple[int, int, int] | str:
    """The winner (0 the leader, 1 the follower), tricks and points of both tricks of a quack-quack."""
    if not quack_quack_domain(lead, quack, third, fourth, duck_soup):
        return ILLEGAL
    led, quacked, led_again, last = (card_from_index(card) for card in (lead, quack, third, fourth))
    call = Call.DUCK_SOUP if duck_soup else Call.NONE
    role, tricks = quack_quack_result(led, quacked, led_again, last, call, Calls.SPOKEN)
    return (1 if role is Role.FOLLOWER else 0), len(tricks), sum(trick.points for trick in tricks)


def engine_quack_quack(lead: int, quack: int, third: int, fourth: int, duck_soup: bool) -> tuple[int, int, int] | str:
    """The decision of ``Deal.apply`` in the fourth phase."""
    if not quack_quack_domain(lead, quack, third, fourth, duck_soup):
        return ILLEGAL
    second = 1 if SUIT[fourth] == SUIT[third] else 2
    return (1 if duck_soup else 0), 2, 2 + second


def quack_quack_domain(lead: int, quack: int, third: int, fourth: int, duck_soup: bool) -> bool:
    """Four different cards, the first three of one rank; "duck soup" only on a fourth of that rank."""
    cards = (lead, quack, third, fourth)
    if not all(is_card(card) for card in cards) or len(set(cards)) != 4:
        return False
    return same_rank(lead, quack) and same_rank(lead, third) and (same_rank(lead, fourth) or not duck_soup)


# --------------------------------------------------------------------------------------------
# §5, §6, §7 drawing after a Duck trick or quack-quack, and the change of course
# --------------------------------------------------------------------------------------------

DrawOutcome = tuple[tuple[int, ...], tuple[int, ...], int, bool, int | None, tuple[int, ...]]
"""The cards the winner and the loser drew (canonical order), the stock left, whether the Soup
has begun, the face-up card, and the cards of the winner the loser saw taken."""


STOCK_SIZES = tuple(range(2, 27, 2))
"""The sizes a stock can have before a Duck trick is stored: 26, 24, ... 2."""


def draw_size(stock: int, winner: int) -> int | None:
    """``stock`` as a plain int if the pair is defined for it, else None.

    Comparing with each possible size in turn gives CrossHair one path per size (13 in all),
    each with concrete values from then on, instead of symbolic list indexes.
    """
    if winner not in (0, 1):
        return None
    return next((size for size in STOCK_SIZES if stock == size), None)


def spec_draw(stock: int, winner: int, double: bool, alternate: bool, hidden: bool) -> DrawOutcome | str:
    """The draw after a Duck trick (or a quack-quack, ``double``) with ``stock`` cards left, cards 52-stock to 51."""
    size = draw_size(stock, winner)
    if size is None:
        return ILLEGAL
    cards = tuple(card_from_index(card) for card in DECK_IN_ORDER[52 - size :])
    order = DoubleDraw.ALTERNATE if alternate else DoubleDraw.WINNER_FIRST
    visibility = StockVisibility.HIDDEN if hidden else StockVisibility.FACE_UP
    draw = draw_after_quack_quack(cards, order) if double else draw_after_trick(cards)
    seen = face_up_card(cards, visibility)
    face_up = face_up_card(draw.stock, visibility)
    return (
        tuple(sorted(card.index for card in draw.winner_cards)),
        tuple(sorted(card.index for card in draw.loser_cards)),
        len(draw.stock),
        course_after_drawing(Course.DUCK, draw.stock) is Course.SOUP,
        None if face_up is None else face_up.index,
        () if seen is None else (seen.index,),
    )


def engine_draw(stock: int, winner: int, double: bool, alternate: bool, hidden: bool) -> DrawOutcome | str:
    """``Deal._finish`` in the Duck course on a deal whose stock holds ``stock`` cards."""
    size = draw_size(stock, winner)
    if size is None:
        return ILLEGAL
    options = RuleOptions(
        stock=StockVisibility.HIDDEN if hidden else StockVisibility.FACE_UP,
        double_draw=DoubleDraw.ALTERNATE if alternate else DoubleDraw.WINNER_FIRST,
    )
    deal = Deal(list(DECK_IN_ORDER), 1, options)
    deal.top = 26 - size
    before = [set(hand) for hand in deal.hand_lists]
    deal._finish(winner, 1, 2 if double else 1, double)
    drawn = [tuple(sorted(set(deal.hand_lists[p]) - before[p])) for p in (0, 1)]
    known = tuple(card for card in deal.hand_lists[winner] if deal.known[winner] >> card & 1)
    return drawn[winner], drawn[1 - winner], 26 - deal.top, deal.course == SOUP, deal.face_up, known


# --------------------------------------------------------------------------------------------
# §9, §11 the result of a game after a deal, and the match
# --------------------------------------------------------------------------------------------

ResultOutcome = tuple[int, str, bool, int, int | None] | None
"""The winner, the end, whether the loser is in the soup, the game's value and the match winner; None to play on."""


def result_domain(totals: tuple[int, int], scores: tuple[int, int], won: tuple[int, int], best_of: int) -> bool:
    if best_of not in (1, 3, 5) or not all(0 <= scores[p] <= min(MAX_DEAL_SCORE, totals[p]) for p in (0, 1)):
        return False
    return max(totals) <= MAX_TOTAL and all(0 <= won[p] <= best_of // 2 for p in (0, 1))


def spec_game_result(
    total0: int, total1: int, score0: int, score1: int, won0: int, won1: int, best_of: int
) -> ResultOutcome | str:
    """The result of a deal scoring ``score`` and bringing the totals to ``total``, games won before it ``won``."""
    if not result_domain((total0, total1), (score0, score1), (won0, won1), best_of):
        return ILLEGAL
    result = game_result((total0, total1), (score0, score1))
    if result is None:
        return None
    won = [won0, won1]
    won[result.winner] += result.value
    return result.winner, result.end.value, result.in_the_soup, result.value, match_winner((won[0], won[1]), best_of)


def engine_game_result(
    total0: int, total1: int, score0: int, score1: int, won0: int, won1: int, best_of: int
) -> ResultOutcome | str:
    """``Match._score`` on a match whose deal scored ``score`` after deals worth ``total - score``."""
    if not result_domain((total0, total1), (score0, score1), (won0, won1), best_of):
        return ILLEGAL
    match = Match([list(DECK_IN_ORDER)], 0, RuleOptions(best_of=best_of))
    match.deal_scores = [(total0 - score0, total1 - score1)]
    match.games_won = [won0, won1]
    deal = match.deal
    deal.points = [[score0, 1], [score1, 1]]  # Duck points times Soup points
    match._score(deal)
    result = match.result
    if result is None:
        return None
    return result["winner"], result["end"], result["in_the_soup"], result["value"], match.winner
