"""Doubleduck's part of the suite: the plan the generator (:mod:`duckcheck.generator`) follows.

Every trace is computed by the specification (expected values are never typed by hand): regenerate
(``python -m duckcheck.generator --game doubleduck``) and review the diff. Traces come from three
sources, all with IDs starting ``dd-``:

* bots (:mod:`duckcheck.doubleduck.policies`) playing whole deals and games from seeded shuffles,
  sometimes trying illegal actions on the way;
* hand-made edge cases and negative traces (:mod:`duckcheck.doubleduck.scenarios`);
* games assembled from a pool of seeded deals so that rare endings occur: a side reaching 1000 in
  the first deal, both sides reaching 1000 in one deal, level totals at 1000 and after four deals,
  a total of exactly 1000, four deals without a side reaching 1000.

Each trace's randomness is seeded by its ID, so adding a trace never changes another. IDs are
permanent: a trace that must change keeps its ID only if it still tests the same thing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial
from itertools import islice

from duckcheck.codec import JSON
from duckcheck.doubleduck.oracle import Scope, Table
from duckcheck.doubleduck.policies import POLICIES, random_policy, throwing_policy
from duckcheck.doubleduck.recorder import Policy, Recorder, deal_rng
from duckcheck.doubleduck.scenarios import EDGE_CASES
from duckcheck.planning import bot_description, bot_played, played_deals, seeded, seeded_setup, shuffled_decks
from duckspec.cards import Card
from duckspec.doubleduck.actions import Play
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.errors import ErrorCode
from duckspec.doubleduck.variants import DrawOrder, RuleOptions

DECKS_PER_GAME = 8
"""More than any bot game needs: four deals, and a few more after level totals."""
STANDARD = RuleOptions()
AS_PLAYED = RuleOptions(draw=DrawOrder.AS_PLAYED)
VARIANTS = {"": STANDARD, "as-played-": AS_PLAYED}
FIRST_DEALER = 3
"""The first dealer of the assembled games, so that player 0 leads the first trick."""

Deck = tuple[Card, ...]
Outcome = tuple[Deck, tuple[int, int]]
"""A deck and the two sides' scores when the random bot plays it."""


def bot_trace(
    trace_id: str,
    scope: Scope,
    options: RuleOptions,
    policy: str,
    inject: float = 0.0,
    end_with: ErrorCode | None = None,
) -> JSON:
    """A deal or game played by ``policy`` from seeded shuffles and a seeded first dealer."""
    decks, dealer = seeded_setup(trace_id, two_packs, 1 if scope is Scope.DEAL else DECKS_PER_GAME, 4)
    variant = "" if options == STANDARD else " with rule options"
    description = bot_description(f"A {scope.value}", policy, inject, variant)
    recorder = Recorder(trace_id, description, scope, options, dealer, decks, tags=[policy])
    return bot_played(recorder, POLICIES[policy], Play(0, two_packs()[0]), inject, end_with)


# Games assembled from a pool of deals, for the rare endings of §7.


def outcomes(dealer: int, policy: Policy = random_policy, name: str = "pool") -> Iterator[Outcome]:
    """Seeded decks, without end, and the scores that ``policy`` makes on each with ``dealer`` dealing."""
    deal = partial(Table.start, Scope.DEAL, STANDARD, dealer)
    for deck, table in played_deals(f"{name}-{dealer}", two_packs, lambda deck: deal((deck,)), policy, deal_rng):
        scores = table.deal.scores()
        yield deck, (scores[0], scores[1])


@cache
def deal_pool(dealer: int, size: int = 160) -> list[Outcome]:
    """The first ``size`` of :func:`outcomes` for ``dealer`` (computed once)."""
    return list(islice(outcomes(dealer), size))


def pool_of_deal(number: int) -> list[Outcome]:
    """The pool for deal ``number`` (from 0) of an assembled game: the dealer moves to the left from seat 3."""
    return deal_pool((FIRST_DEALER + number) % 4)


def assembled_game(
    trace_id: str,
    description: str,
    decks: Sequence[Deck],
    policy: Policy = random_policy,
    first_dealer: int = FIRST_DEALER,
) -> JSON:
    """A game by ``policy`` from the given decks (player 3 dealing first unless told), with spare decks after them."""
    spare = shuffled_decks(seeded(trace_id), two_packs, DECKS_PER_GAME - len(decks))
    recorder = Recorder(trace_id, description, Scope.GAME, STANDARD, first_dealer, [*decks, *spare], tags=["assembled"])
    recorder.play_out(policy)
    return recorder.trace()


def plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


def under_target(totals: tuple[int, int]) -> bool:
    return max(totals) < 1000


def first_deal_at_1000() -> JSON:
    """Side 0 reaches 1000 in the first deal while side 1 gives every trick away: 2 + 3 game points (§7; DD-R14)."""
    for deck, scores in islice(outcomes(FIRST_DEALER, throwing_policy, "throwing"), 200):
        if scores[0] >= 1000:
            return assembled_game(
                "dd-game-first-deal-1000",
                "Side 0 reaches 1000 in the first deal: 2 game points and 3 for the deals left unplayed",
                [deck],
                throwing_policy,
            )
    raise RuntimeError("no first deal reaching 1000 among 200 thrown deals")


def both_at_1000() -> JSON:
    """Both sides pass 1000 in the third deal: the higher total wins 1 game point (DD-R12)."""
    for first, second, third in zip(pool_of_deal(0), pool_of_deal(1), pool_of_deal(2), strict=True):
        two = plus(first[1], second[1])
        three = plus(two, third[1])
        if under_target(two) and min(three) >= 1000 and three[0] != three[1]:
            return assembled_game(
                "dd-game-both-at-1000",
                "Both sides reach 1000 in the same deal: the higher total wins a single game point",
                [first[0], second[0], third[0]],
            )
    raise RuntimeError("no game with both sides reaching 1000 in one deal in the pool")


def level_at_1000() -> JSON:
    """Level totals of 1000 or more after the third deal: a fourth deal decides (DD-R13)."""
    by_gap: dict[int, list[Outcome]] = defaultdict(list)
    for outcome in pool_of_deal(2):
        by_gap[outcome[1][0] - outcome[1][1]].append(outcome)
    for first in pool_of_deal(0):
        for second in pool_of_deal(1):
            two = plus(first[1], second[1])
            if not under_target(two):
                continue
            for third in by_gap.get(two[1] - two[0], []):
                three = plus(two, third[1])
                if min(three) >= 1000:
                    return assembled_game(
                        "dd-game-level-at-1000",
                        "Level totals past 1000 after the third deal: another deal decides",
                        [first[0], second[0], third[0]],
                    )
    raise RuntimeError("no level totals past 1000 in the pool")


def low(pool: list[Outcome]) -> list[Outcome]:
    return [outcome for outcome in pool if max(outcome[1]) < 240]


def level_after_four() -> JSON:
    """Level totals under 1000 after four deals: a fifth deal decides (DD-R13)."""
    return assembled_game(
        "dd-game-level-after-four-deals",
        "Level totals under 1000 after four deals: a fifth deal decides",
        level_after_four_decks(),
    )


def level_after_four_decks() -> list[Deck]:
    """Four low deals (player 3 dealing first) after which the totals are level and under 1000."""
    pairs: dict[int, tuple[Outcome, Outcome]] = {}
    for third in low(pool_of_deal(2)):
        for fourth in low(pool_of_deal(3)):
            pairs.setdefault(third[1][0] + fourth[1][0] - third[1][1] - fourth[1][1], (third, fourth))
    for first in low(pool_of_deal(0)):
        for second in low(pool_of_deal(1)):
            two = plus(first[1], second[1])
            found = pairs.get(two[1] - two[0])
            if found and under_target(plus(plus(two, found[0][1]), found[1][1])):
                return [first[0], second[0], found[0][0], found[1][0]]
    raise RuntimeError("no level totals after four low deals in the pool")


def four_deals() -> JSON:
    """Four deals without a side reaching 1000: the higher total wins a single game point (§7)."""
    decks: list[Deck] = []
    totals = (0, 0)
    for number in range(4):
        deck, scores = next(o for o in low(pool_of_deal(number)) if under_target(plus(totals, o[1])))
        decks.append(deck)
        totals = plus(totals, scores)
    if totals[0] == totals[1]:
        raise RuntimeError("the four low deals end level")
    return assembled_game(
        "dd-game-four-deals", "Four deals without a side reaching 1000: the higher total wins one game point", decks
    )


def exactly_1000() -> JSON:
    """A side's total is exactly 1000 after the third deal: it has reached the target (DD-R14)."""
    by_score: dict[int, list[Outcome]] = defaultdict(list)
    for outcome in pool_of_deal(2):
        by_score[outcome[1][0]].append(outcome)
    for first in pool_of_deal(0):
        for second in pool_of_deal(1):
            two = plus(first[1], second[1])
            if not under_target(two):
                continue
            for third in by_score.get(1000 - two[0], []):
                if plus(two, third[1])[1] < 1000:
                    return assembled_game(
                        "dd-game-exactly-1000",
                        "A total of exactly 1000 reaches the target: 2 game points and 1 for the deal left",
                        [first[0], second[0], third[0]],
                    )
    raise RuntimeError("no total of exactly 1000 in the pool")


# Second traces for each boundary of §7, in other situations (issue 23: a fault moving a line by one must fail
# at least two traces): exactly 1000 in another deal and for the other side, 999 (one short of the target)
# twice, level totals twice in a row after four deals and at 1000.


def by_side_score(pool: list[Outcome], side: int) -> dict[int, list[Outcome]]:
    found: dict[int, list[Outcome]] = defaultdict(list)
    for outcome in pool:
        found[outcome[1][side]].append(outcome)
    return found


def two_deals_to(total: int, side: int) -> list[Deck]:
    """The first two deals (player 3 dealing first) after which ``side`` has exactly ``total`` and the other side
    has not reached 1000."""
    seconds = by_side_score(pool_of_deal(1), side)
    for first in pool_of_deal(0):
        for second in seconds.get(total - first[1][side], []):
            if under_target(plus(first[1], second[1])) or total >= 1000 > plus(first[1], second[1])[1 - side]:
                return [first[0], second[0]]
    raise RuntimeError(f"no two deals bring side {side} to exactly {total} in the pool")


def exactly_1000_second_deal() -> JSON:
    """Side 1's total is exactly 1000 after the second deal: it has reached the target, with two deals left
    (DD-R14)."""
    return assembled_game(
        "dd-game-exactly-1000-second-deal",
        "Side 1 reaches exactly 1000 in the second deal: 2 game points and 2 for the deals left",
        two_deals_to(1000, 1),
    )


def at_999(trace_id: str, side: int, deals: int) -> JSON:
    """``side``'s total is 999 after ``deals`` deals (2 or 3), one point short: the game goes on (DD-R14)."""
    decks = two_deals_to(999, side) if deals == 2 else three_deals_to(999, side)
    description = f"Side {side} has 999 after deal {deals}, one point short of the target: the game goes on"
    return assembled_game(trace_id, description, decks)


def three_deals_to(total: int, side: int) -> list[Deck]:
    """Three deals (player 3 dealing first) after which ``side`` has exactly ``total``, both sides under 1000
    after two and the other side under 1000 after three."""
    thirds = by_side_score(pool_of_deal(2), side)
    for first in pool_of_deal(0):
        for second in pool_of_deal(1):
            two = plus(first[1], second[1])
            if not under_target(two):
                continue
            for third in thirds.get(total - two[side], []):
                if plus(two, third[1])[1 - side] < 1000:
                    return [first[0], second[0], third[0]]
    raise RuntimeError(f"no three deals bring side {side} to exactly {total} in the pool")


def tied_deals(dealer: int) -> list[Outcome]:
    """The deals of ``dealer``'s pool that score the same for both sides."""
    return [outcome for outcome in deal_pool(dealer) if outcome[1][0] == outcome[1][1]]


def level_twice_after_four() -> JSON:
    """Level totals under 1000 after four deals, level again after the fifth (a tied deal): a sixth deal decides
    (DD-R13: not one extra deal only)."""
    tie = tied_deals((FIRST_DEALER + 4) % 4)[0]
    return assembled_game(
        "dd-game-level-twice-after-four-deals",
        "Level totals after four deals and again after the fifth: a sixth deal decides",
        [*level_after_four_decks(), tie[0]],
    )


def level_twice_at_1000() -> JSON:
    """Level totals of 1000 or more after the third deal and again after the fourth (a tied deal), player 0
    dealing first: a fifth deal decides (DD-R13)."""
    tie = tied_deals(3)[0]
    by_gap: dict[int, list[Outcome]] = defaultdict(list)
    for outcome in deal_pool(2):
        by_gap[outcome[1][0] - outcome[1][1]].append(outcome)
    for first in deal_pool(0):
        for second in deal_pool(1):
            two = plus(first[1], second[1])
            if not under_target(two):
                continue
            for third in by_gap.get(two[1] - two[0], []):
                if min(plus(two, third[1])) >= 1000:
                    return assembled_game(
                        "dd-game-level-twice-at-1000",
                        "Level totals past 1000 after the third deal and again after the fourth: a fifth deal decides",
                        [first[0], second[0], third[0], tie[0]],
                        first_dealer=0,
                    )
    raise RuntimeError("no level totals past 1000 after three deals dealt from seat 0 in the pool")


# The plan of the Doubleduck traces.


def plan() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """Every Doubleduck trace ID with the function that builds it, in a fixed order."""
    counts = {"random": (30, 6), "quacky": (25, 6), "greedy": (20, 4)}
    for policy, per_variant in counts.items():
        for (prefix, options), count in zip(VARIANTS.items(), per_variant, strict=True):
            for n in range(1, count + 1):
                trace_id = f"dd-deal-{policy}-{prefix}{n:03d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.DEAL, options, policy)
    for n in range(1, 13):
        trace_id = f"dd-deal-illegal-{n:03d}"
        options = list(VARIANTS.values())[n % 2]
        policy = ("random", "quacky")[n % 2]
        yield (
            trace_id,
            partial(bot_trace, trace_id, Scope.DEAL, options, policy, inject=0.15, end_with=ErrorCode.DEAL_OVER),
        )
    for policy in ("random", "quacky", "greedy"):
        for prefix, options in VARIANTS.items():
            for n in range(1, 3 if prefix == "" else 2):
                trace_id = f"dd-game-{policy}-{prefix}{n:02d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.GAME, options, policy)
    for n in range(1, 3):
        trace_id = f"dd-game-illegal-{n:02d}"
        yield (
            trace_id,
            partial(bot_trace, trace_id, Scope.GAME, STANDARD, "random", inject=0.05, end_with=ErrorCode.GAME_OVER),
        )
    yield from EDGE_CASES.items()
    yield "dd-game-first-deal-1000", first_deal_at_1000
    yield "dd-game-both-at-1000", both_at_1000
    yield "dd-game-level-at-1000", level_at_1000
    yield "dd-game-level-after-four-deals", level_after_four
    yield "dd-game-four-deals", four_deals
    yield "dd-game-exactly-1000", exactly_1000
    yield "dd-game-exactly-1000-second-deal", exactly_1000_second_deal
    yield "dd-game-999-after-two-deals", partial(at_999, "dd-game-999-after-two-deals", 0, 2)
    yield "dd-game-999-after-three-deals", partial(at_999, "dd-game-999-after-three-deals", 1, 3)
    yield "dd-game-level-twice-after-four-deals", level_twice_after_four
    yield "dd-game-level-twice-at-1000", level_twice_at_1000
