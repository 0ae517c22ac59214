"""Duck Soup's part of the suite: the plan the generator (:mod:`duckcheck.generator`) follows.

Every trace is computed by the specification (expected values are never typed by hand): regenerate
and review the diff. Traces come from three sources:

* bots (:mod:`duckcheck.duck_soup.policies`) playing whole deals, games and matches from seeded shuffles,
  sometimes trying illegal actions on the way;
* hand-made edge cases (:mod:`duckcheck.duck_soup.scenarios`);
* games and matches assembled from a pool of seeded deals so that rare endings occur: level
  totals past 250 (twice in a row too), a pond that beats a higher total, both players in the
  pond (in a later deal too, where the higher deal score and the higher total differ), and
  every boundary of §9 (a total of exactly 250, a deal of exactly 125, a loser on 124 or 125).

Each trace's randomness is seeded by its ID, so adding a trace never changes another. IDs are
permanent: a trace that must change keeps its ID only if it still tests the same thing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache, partial
from itertools import islice

from duckcheck.codec import JSON
from duckcheck.duck_soup.oracle import Scope, Table
from duckcheck.duck_soup.policies import POLICIES, random_policy
from duckcheck.duck_soup.recorder import Recorder, deal_rng
from duckcheck.duck_soup.scenarios import EDGE_CASES, EDGE_CASES_1_1
from duckcheck.planning import bot_description, bot_played, played_deals, seeded, seeded_setup, shuffled_decks
from duckspec.cards import Card, full_deck
from duckspec.duck_soup.actions import Play
from duckspec.duck_soup.errors import ErrorCode
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.seats import opponent

DECKS_PER_GAME = 40
STANDARD = RuleOptions()
HIDDEN = RuleOptions(stock=StockVisibility.HIDDEN)
ALTERNATE = RuleOptions(double_draw=DoubleDraw.ALTERNATE)
SILENT = RuleOptions(calls=Calls.SILENT)
VARIANTS = {"": STANDARD, "hidden-": HIDDEN, "alternate-": ALTERNATE}
"""The rule options of the bot traces of suite 1.0, by the prefix of their IDs (suite 1.1 adds ``silent-``)."""
HIDDEN_MATCH = RuleOptions(stock=StockVisibility.HIDDEN, best_of=3)


def bot_trace(
    trace_id: str,
    scope: Scope,
    options: RuleOptions,
    policy: str,
    inject: float = 0.0,
    end_with: ErrorCode | None = None,
) -> JSON:
    """A deal, game or match played by ``policy`` from seeded shuffles."""
    decks, dealer = seeded_setup(trace_id, full_deck, 1 if scope is Scope.DEAL else DECKS_PER_GAME, 2)
    what = {"deal": "A deal", "game": "A game", "match": f"A best-of-{options.best_of} match"}[scope.value]
    variant = (
        ""
        if options == STANDARD or (scope is Scope.MATCH and options == RuleOptions(best_of=options.best_of))
        else " with silent calls"
        if options.calls is Calls.SILENT
        else " with rule options"
    )
    description = bot_description(what, policy, inject, variant)
    recorder = Recorder(trace_id, description, scope, options, dealer, decks, tags=[policy])
    return bot_played(recorder, POLICIES[policy], Play(0, full_deck()[0]), inject, end_with)


# Games assembled from a pool of deals, for the rare endings of §9.

Outcome = tuple[tuple[Card, ...], tuple[int, int]]


def outcomes(dealer: int) -> Iterator[Outcome]:
    """Seeded decks, without end, and the scores the random bot makes on each with ``dealer`` dealing."""
    deal = partial(Table.start, Scope.DEAL, STANDARD, dealer)
    for deck, table in played_deals(f"pool-{dealer}", full_deck, lambda deck: deal((deck,)), random_policy, deal_rng):
        scores = table.deal.scores()
        yield deck, (scores[0], scores[1])


@cache
def deal_pool(dealer: int, size: int = 400) -> list[Outcome]:
    """The first ``size`` of :func:`outcomes` (computed once)."""
    return list(islice(outcomes(dealer), size))


def first_outcome(dealer: int, wanted: Callable[[tuple[int, int]], bool], limit: int = 5000) -> Outcome:
    """The first of :func:`outcomes` whose scores are ``wanted``."""
    for deck, scores in islice(outcomes(dealer), limit):
        if wanted(scores):
            return deck, scores
    raise RuntimeError(f"no such deal among the first {limit}")


def assembled_game(
    trace_id: str, description: str, decks: list[tuple[Card, ...]], options: RuleOptions = STANDARD
) -> JSON:
    """A game by the random bot from the given decks (player 1 deals first), with spare decks after them.

    With ``best_of`` 3 or 5 in ``options`` it is a match whose first game is played from these decks. The
    random bot plays a deck the same way whether the stock is face up or hidden (its choices depend on the
    deck and the dealer alone, :func:`~duckcheck.duck_soup.recorder.deal_rng`), so the pools serve both.
    """
    spare = shuffled_decks(seeded(trace_id), full_deck, DECKS_PER_GAME - len(decks))
    scope = Scope.GAME if options.best_of == 1 else Scope.MATCH
    recorder = Recorder(trace_id, description, scope, options, 1, decks + spare, tags=["random", "assembled"])
    recorder.play_out(random_policy)
    return recorder.trace()


def quiet(pool: list[Outcome]) -> list[Outcome]:
    return [outcome for outcome in pool if max(outcome[1]) < 125]


def level_totals_decks() -> Iterator[tuple[list[tuple[Card, ...]], tuple[int, int]]]:
    """Three quiet deals whose totals are level past 250 (DS-R08), with those totals, first found first."""
    first, second = quiet(deal_pool(1)), quiet(deal_pool(0))
    gaps: dict[int, tuple[tuple[Card, ...], tuple[int, int], tuple[Card, ...], tuple[int, int]]] = {}
    for deck2, s2 in second:
        for deck3, s3 in first:
            gaps.setdefault((s2[0] + s3[0]) - (s2[1] + s3[1]), (deck2, s2, deck3, s3))
    for deck1, s1 in first:
        found = gaps.get(s1[1] - s1[0])
        if found and s1[0] + found[1][0] + found[3][0] >= 250 and s1[0] + found[1][0] < 250 > s1[1] + found[1][1]:
            yield [deck1, found[0], found[2]], (s1[0] + found[1][0] + found[3][0],) * 2


def level_totals_game() -> JSON:
    """Three quiet deals whose totals are level past 250 (DS-R08), then whatever it takes."""
    for decks, _ in level_totals_decks():
        return assembled_game(
            "ds-game-level-totals", "Totals level past 250 after the third deal: a fourth is dealt", decks
        )
    raise RuntimeError("no level-totals game in the pool; enlarge it")


def level_totals_twice_game() -> JSON:
    """Totals level past 250, and level again after the extra deal: a fifth deal is dealt (DS-R08)."""
    equal = [deck for deck, scores in quiet(deal_pool(0)) if scores[0] == scores[1]]
    for (decks, _), deck4 in zip(islice(level_totals_decks(), 1, None), equal, strict=False):
        return assembled_game(
            "ds-game-level-totals-twice",
            "Totals level past 250, and level again after the extra deal: deals go on until they differ",
            [*decks, deck4],
        )
    raise RuntimeError("no game with level totals twice in the pool")


def pond_over_target_game() -> JSON:
    """Player 0 passes 250 with the higher total in the deal where player 1 is in the pond (DS-R06)."""
    first, second = quiet(deal_pool(1)), quiet(deal_pool(0))
    ponds = [o for o in deal_pool(1) if o[1][1] >= 125 > o[1][0]]
    for deck1, s1 in first:
        for deck2, s2 in second:
            for deck3, s3 in ponds:
                total0, total1 = s1[0] + s2[0] + s3[0], s1[1] + s2[1] + s3[1]
                if s1[0] + s2[0] < 250 and total0 >= 250 and total0 > total1:
                    return assembled_game(
                        "ds-game-pond-over-target",
                        "A pond wins although the opponent passes 250 with a higher total",
                        [deck1, deck2, deck3],
                    )
    raise RuntimeError("no pond-over-target game in the pool")


def both_in_the_pond_game() -> JSON:
    """Both players score 125 or more in one deal; the higher deal score wins (DS-R05)."""
    for deck, scores in deal_pool(1):
        if min(scores) >= 125 and scores[0] != scores[1]:
            return assembled_game(
                "ds-game-both-in-the-pond", "Both players in the pond in one deal: the higher deal score wins", [deck]
            )
    raise RuntimeError("no deal with both players in the pond")


def both_in_the_pond_later_game() -> JSON:
    """Both players reach 125 in the second deal, the higher deal score going to the player with the lower total:
    the deal score, not the total, decides the pond (DS-R05)."""
    ponds = [o for o in deal_pool(0) if min(o[1]) >= 125 and o[1][0] != o[1][1]]
    for deck2, s2 in ponds:
        better = 0 if s2[0] > s2[1] else 1
        for deck1, s1 in quiet(deal_pool(1)):
            totals = (s1[0] + s2[0], s1[1] + s2[1])
            if totals[opponent(better)] > totals[better]:
                return assembled_game(
                    "ds-game-both-in-the-pond-later",
                    "Both in the pond in a later deal: the higher deal score wins though the other total is higher",
                    [deck1, deck2],
                )
    raise RuntimeError("no later deal with both players in the pond")


def target_game(trace_id: str, soup: bool) -> JSON:
    """Quiet deals until someone passes 250: the higher total wins, doubled if the loser is under 125."""
    first, second = quiet(deal_pool(1)), quiet(deal_pool(0))
    for (deck1, s1), (deck2, s2), (deck3, s3) in zip(first, second, first[1:], strict=False):
        totals = (s1[0] + s2[0] + s3[0], s1[1] + s2[1] + s3[1])
        if (
            max(s1[p] + s2[p] for p in (0, 1)) < 250 <= max(totals)
            and totals[0] != totals[1]
            and (min(totals) < 125) == soup
        ):
            what = "the loser in the soup" if soup else "a single game"
            return assembled_game(
                trace_id, f"Quiet deals until a total passes 250: the higher total wins, {what}", [deck1, deck2, deck3]
            )
    raise RuntimeError("no target game in the pool")


def equal_ponds_game() -> JSON:
    """Both players score the same 125 or more in one deal: neither is in the pond, and play goes on (DS-R05)."""
    deck, _ = first_outcome(1, lambda scores: scores[0] == scores[1] >= 125)
    description = "Equal deal scores of 125 or more: neither player is in the pond, and the game goes on"
    return assembled_game("ds-game-both-in-the-pond-equal", description, [deck])


def pond_at_125_game() -> JSON:
    """A deal score of exactly 125 is in the pond (§9; DS-R14)."""
    deck, _ = first_outcome(1, lambda scores: max(scores) == 125 and min(scores) < 125)
    return assembled_game("ds-game-pond-at-125", "A deal score of exactly 125 wins a double game in the pond", [deck])


def later_pond_at_125_match() -> JSON:
    """A deal score of exactly 125 in the second deal of a match's first game, hidden stock (§9; DS-R14)."""
    first = quiet(deal_pool(1))[0][0]
    second, _ = first_outcome(0, lambda scores: max(scores) == 125 and min(scores) < 125)
    return assembled_game(
        "ds-match-pond-at-125",
        "Hidden stock, match play: a deal of exactly 125 in a later deal wins the game in the pond",
        [first, second],
        HIDDEN_MATCH,
    )


def quiet_pairs() -> Iterator[tuple[Outcome, Outcome, tuple[int, int]]]:
    """Two quiet deals (player 1 then player 0 dealing) after which both totals are under 250."""
    for first in quiet(deal_pool(1))[:150]:
        for second in quiet(deal_pool(0))[:150]:
            totals = (first[1][0] + second[1][0], first[1][1] + second[1][1])
            if max(totals) < 250:
                yield first, second, totals


def exact_totals_decks(winner_total: int | None, loser_total: int | None) -> Iterator[list[tuple[Card, ...]]]:
    """Three quiet deals ending the game on the 250 rule with an exact winner's or loser's total (DS-R14)."""
    by_score: dict[tuple[int, int], list[Outcome]] = defaultdict(list)
    for outcome in quiet(deal_pool(1)):
        for player in (0, 1):
            by_score[player, outcome[1][player]].append(outcome)
    for first, second, totals in quiet_pairs():
        for winner in (0, 1):
            loser = opponent(winner)
            key = (
                (winner, winner_total - totals[winner]) if winner_total else (loser, (loser_total or 0) - totals[loser])
            )
            for deck, scores in by_score.get(key, []):
                final = (totals[0] + scores[0], totals[1] + scores[1])
                if final[winner] >= 250 and final[winner] > final[loser]:
                    yield [first[0], second[0], deck]


def exact_totals_game(
    trace_id: str,
    description: str,
    winner_total: int | None,
    loser_total: int | None,
    options: RuleOptions = STANDARD,
    skip: int = 0,
) -> JSON:
    """A game (or a match's first game) ending on the 250 rule with an exact total, from the ``skip``-th fit."""
    for decks in islice(exact_totals_decks(winner_total, loser_total), skip, None):
        return assembled_game(trace_id, description, decks, options)
    raise RuntimeError(f"no game for {trace_id} in the pool")


# The plan of the suite.


def plan() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """Every trace ID with the function that builds it, in a fixed order."""
    counts = {"random": (60, 20, 15), "quacky": (40, 10, 10), "greedy": (30, 10, 5)}
    for policy, per_variant in counts.items():
        for (prefix, options), count in zip(VARIANTS.items(), per_variant, strict=True):
            for n in range(1, count + 1):
                trace_id = f"ds-deal-{policy}-{prefix}{n:03d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.DEAL, options, policy)
    for n in range(1, 31):
        trace_id = f"ds-deal-illegal-{n:03d}"
        options = list(VARIANTS.values())[n % 3]
        yield (
            trace_id,
            partial(
                bot_trace,
                trace_id,
                Scope.DEAL,
                options,
                ("random", "quacky")[n % 2],
                inject=0.15,
                end_with=ErrorCode.DEAL_OVER,
            ),
        )
    for policy in POLICIES:
        for prefix, options in VARIANTS.items():
            for n in range(1, 5 if prefix == "" else 3):
                trace_id = f"ds-game-{policy}-{prefix}{n:02d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.GAME, options, policy)
    for n in range(1, 6):
        trace_id = f"ds-game-illegal-{n:02d}"
        yield (
            trace_id,
            partial(bot_trace, trace_id, Scope.GAME, STANDARD, "random", inject=0.1, end_with=ErrorCode.GAME_OVER),
        )
    for best_of in (3, 5):
        for n in range(1, 7):
            trace_id = f"ds-match-bo{best_of}-{n:02d}"
            options = RuleOptions(best_of=best_of, stock=StockVisibility.HIDDEN if n == 6 else StockVisibility.FACE_UP)
            yield trace_id, partial(bot_trace, trace_id, Scope.MATCH, options, ("random", "quacky", "greedy")[n % 3])
    yield from EDGE_CASES.items()
    yield "ds-game-level-totals", level_totals_game
    yield "ds-game-pond-over-target", pond_over_target_game
    yield "ds-game-both-in-the-pond", both_in_the_pond_game
    yield "ds-game-target", lambda: target_game("ds-game-target", soup=False)
    yield "ds-game-target-in-the-soup", lambda: target_game("ds-game-target-in-the-soup", soup=True)
    yield "ds-game-pond-at-125", pond_at_125_game
    yield "ds-game-both-in-the-pond-equal", equal_ponds_game
    yield (
        "ds-game-target-exactly-250",
        lambda: exact_totals_game(
            "ds-game-target-exactly-250", "A total of exactly 250 ends the game, the higher total winning", 250, None
        ),
    )
    yield (
        "ds-game-loser-at-125",
        lambda: exact_totals_game(
            "ds-game-loser-at-125", "The loser ends on exactly 125: not in the soup, a single game", None, 125
        ),
    )


def plan_of_suite_1_1() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """The traces that suite 1.1 adds: silent calls (DS-R15, DS-R16), the other readings of DS-R05 and DS-R08,
    and each boundary of §9 in a second situation (a match, the hidden stock)."""
    counts = {"random": (10, 2), "quacky": (10, 2), "greedy": (5, 1)}
    for policy, (deals, games) in counts.items():
        for n in range(1, deals + 1):
            trace_id = f"ds-deal-{policy}-silent-{n:03d}"
            yield trace_id, partial(bot_trace, trace_id, Scope.DEAL, SILENT, policy)
        for n in range(1, games + 1):
            trace_id = f"ds-game-{policy}-silent-{n:02d}"
            yield trace_id, partial(bot_trace, trace_id, Scope.GAME, SILENT, policy)
    for n in range(1, 4):
        trace_id = f"ds-deal-illegal-silent-{n:03d}"
        policy = ("random", "quacky")[n % 2]
        yield (
            trace_id,
            partial(bot_trace, trace_id, Scope.DEAL, SILENT, policy, inject=0.15, end_with=ErrorCode.DEAL_OVER),
        )
    yield (
        "ds-match-bo3-silent-01",
        partial(bot_trace, "ds-match-bo3-silent-01", Scope.MATCH, RuleOptions(best_of=3, calls=Calls.SILENT), "quacky"),
    )
    yield from EDGE_CASES_1_1.items()
    yield "ds-game-both-in-the-pond-later", both_in_the_pond_later_game
    yield "ds-game-level-totals-twice", level_totals_twice_game
    yield "ds-match-pond-at-125", later_pond_at_125_match
    yield (
        "ds-match-target-exactly-250",
        partial(
            exact_totals_game,
            "ds-match-target-exactly-250",
            "Hidden stock, match play: a total of exactly 250 in a later deal ends the game",
            250,
            None,
            HIDDEN_MATCH,
            1,
        ),
    )
    yield (
        "ds-game-loser-at-124",
        partial(
            exact_totals_game,
            "ds-game-loser-at-124",
            "The loser ends on exactly 124: in the soup, a double game",
            None,
            124,
        ),
    )
    yield (
        "ds-match-loser-at-124",
        partial(
            exact_totals_game,
            "ds-match-loser-at-124",
            "Hidden stock, match play: a loser on exactly 124 is in the soup, and the double game wins the match",
            None,
            124,
            HIDDEN_MATCH,
            1,
        ),
    )
    yield (
        "ds-match-loser-at-125",
        partial(
            exact_totals_game,
            "ds-match-loser-at-125",
            "Hidden stock, match play: a loser on exactly 125 is not in the soup, and the match goes on",
            None,
            125,
            HIDDEN_MATCH,
            1,
        ),
    )


def level_totals_twice_match() -> JSON:
    """Hidden stock, match play: totals level past 250 in the first game, level again after the extra deal, so a
    fifth deal is dealt (DS-R08; the second trace pinning "one extra deal only", issue 23)."""
    equal = [deck for deck, scores in quiet(deal_pool(0)) if scores[0] == scores[1]]
    for (decks, _), deck4 in zip(islice(level_totals_decks(), 2, None), equal[1:], strict=False):
        return assembled_game(
            "ds-match-level-totals-twice",
            "Hidden stock, match play: totals level past 250 twice running in the first game, deals go on",
            [*decks, deck4],
            HIDDEN_MATCH,
        )
    raise RuntimeError("no second game with level totals twice in the pool")


def plan_of_suite_1_3() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """The Duck Soup traces that suite 1.3 adds: a second situation for "one extra deal only" (DS-R08)."""
    yield "ds-match-level-totals-twice", level_totals_twice_match


def full_plan() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """Every Duck Soup trace of the suite: those of suite 1.0, then those suites 1.1 and 1.3 add (the registry's
    plan)."""
    yield from plan()
    yield from plan_of_suite_1_1()
    yield from plan_of_suite_1_3()
