"""The bots: legal, reproducible, blind to what their player cannot see, and (greedy) sensible.

Positions are built with :func:`duckspec.duck_soup.examples.arrange_deck`: player 1 deals, so
player 0 leads the first trick. Where a position would take a whole Duck to reach (the Soup,
the end of the Duck), the test edits the view instead: a bot decides from its view alone, so
the view is the position as far as the bot is concerned.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from ducksoup.duck_soup.bots import Bot, GreedyBot, Memory, RandomBot, Seen
from ducksoup.duck_soup.engine import PLAIN, Deal
from ducksoup.duck_soup.roster import BOTS
from ducksoup.duck_soup.simulate import new_deck, play_deal, play_game, seats
from ducksoup.duck_soup.strong import Budget, StrongBot
from ducksoup.stats import wilson
from duckspec.cards import parse_card, parse_cards
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.examples import arrange_deck
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import DoubleDraw, RuleOptions, StockVisibility

OPTIONS = [
    RuleOptions(),
    RuleOptions(stock=StockVisibility.HIDDEN),
    RuleOptions(double_draw=DoubleDraw.ALTERNATE),
]


def deal_of(leader: str, dealer: str, stock_top: str = "") -> Deal:
    """A deal where player 0 (leading) holds at least ``leader`` and player 1 (dealing) ``dealer``."""
    hands = (parse_cards(leader.split()), parse_cards(dealer.split()))
    return Deal(arrange_deck(1, hands, parse_cards(stock_top.split())), 1)


def play(player: int, card: str, call: Call = Call.NONE) -> Play:
    return Play(player, parse_card(card), call)


def choice(deal: Deal, **seen: Any) -> Action:
    """What a fresh greedy bot does in ``deal``, its player's view changed by ``seen``."""
    player = deal.to_act
    assert player is not None
    view = deal.observation(player)
    view.update(seen)
    return GreedyBot(0).choose(view, deal.legal_actions())


def hidden_twin(deal: Deal, player: int, rng: random.Random) -> Deal:
    """A copy of ``deal`` with every card ``player`` cannot see dealt afresh: the same view, other facts.

    The test may look inside the deal (the bots may not): the opponent's cards not seen going
    into its hand and the stock below its visible top are shuffled together and put back.
    """
    twin = copy.deepcopy(deal)
    opponent = 1 - player
    known = [c for c in twin.hand_lists[opponent] if twin.known[opponent] >> c & 1]
    unknown = [c for c in twin.hand_lists[opponent] if not twin.known[opponent] >> c & 1]
    first_hidden = twin.top if twin.hidden else twin.top + 1
    pool = unknown + twin.stock[first_hidden:]
    rng.shuffle(pool)
    twin.stock[first_hidden:] = pool[len(unknown) :]
    hand = sorted(known + pool[: len(unknown)])
    twin.hand_lists[opponent] = hand
    twin.hands[opponent] = sum(1 << c for c in hand)
    twin.hand_plays = [[PLAIN[p][c] for c in twin.hand_lists[p]] for p in (0, 1)]
    return twin


# Every bot


def test_the_bots_are_registered_by_name() -> None:
    assert {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot} == BOTS
    for name, kind in BOTS.items():
        assert kind.name == name


def test_random_is_uniform_among_the_legal_actions_and_reproducible() -> None:
    legal = Deal(new_deck(random.Random(1)), 1).legal_actions()[:4]
    bot = RandomBot(3)
    picks = [bot.choose({}, legal) for _ in range(4000)]
    counts = Counter(picks)
    assert set(counts) == set(legal) and all(850 < n < 1150 for n in counts.values())
    again = RandomBot(3)
    assert [again.choose({}, legal) for _ in range(4000)] == picks


@pytest.mark.parametrize("kind", [RandomBot, GreedyBot, StrongBot])
def test_a_bot_refuses_to_choose_when_nothing_is_legal(
    kind: type[RandomBot] | type[GreedyBot] | type[StrongBot],
) -> None:
    deal = Deal(new_deck(random.Random(2)), 0)
    with pytest.raises(ValueError, match="no legal action"):
        kind(0).choose(deal.observation(0), ())


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.stock}-{o.double_draw}")
def test_the_bots_play_legal_actions_and_the_same_seed_replays_the_same_deals(options: RuleOptions) -> None:
    def scores(seed: int) -> list[tuple[int, int]]:
        rng = random.Random(seed)
        bots: tuple[Bot, Bot] = (GreedyBot(seed), RandomBot(seed + 1))
        return [play_deal(new_deck(rng), *seats(i), bots, options).scores for i in range(12)]  # IllegalAction if not

    assert scores(5) == scores(5)
    assert scores(5) != scores(6)


def test_greedy_against_itself_is_reproducible_and_plays_whole_games_and_matches() -> None:
    options = RuleOptions(best_of=3)
    results = []
    for _ in range(2):
        bots: tuple[Bot, Bot] = (GreedyBot(1), GreedyBot(2))
        rng = random.Random(9)
        results.append([play_game(rng, *seats(i), bots, options) for i in range(3)])
    assert results[0] == results[1]
    assert all(game.value >= 2 and game.deals >= 2 for game in results[0])


class Peeker:
    """A cheat, to show the test below has teeth: it reads the opponent's hand from the deal."""

    deal: Deal | None = None

    def choose(self, view: Any, legal: Any) -> Action:
        assert self.deal is not None
        opponent = 1 - int(view["player"])
        return legal[sum(self.deal.hand_lists[opponent]) % len(legal)]  # type: ignore[no-any-return]


def blind_mismatches(make_bot: Any, deals: int = 12) -> tuple[int, int]:
    """Play ``deals`` deals; at every decision, deal the hidden cards afresh in a twin deal and
    count the choices that differ between the two (and the twins that differ from the deal)."""
    rng = random.Random(11)
    mismatches = differing = 0
    for number in range(deals):
        deal = Deal(new_deck(rng), number % 2, OPTIONS[number % 2])
        bots = (make_bot(number), RandomBot(number + 100))
        while not deal.is_over:
            player = deal.to_act
            assert player is not None
            twin = hidden_twin(deal, player, rng)
            view, twin_view = deal.observation(player), twin.observation(player)
            assert twin_view == view
            differing += twin.state() != deal.state()
            clone = copy.deepcopy(bots[player])
            Peeker.deal = deal
            action = bots[player].choose(view, deal.legal_actions())
            Peeker.deal = twin
            mismatches += clone.choose(twin_view, twin.legal_actions()) != action
            deal.apply(action)
    return mismatches, differing


@pytest.mark.parametrize("kind", [RandomBot, GreedyBot])
def test_a_bot_decides_from_its_players_view_alone(kind: type[RandomBot] | type[GreedyBot]) -> None:
    """At every decision of a dozen deals, a twin deal whose hidden cards are dealt afresh gives
    the same view and the same choice: what the player cannot see makes no difference."""
    mismatches, differing = blind_mismatches(kind)
    assert mismatches == 0
    assert differing > 100  # the twins really differed in what was hidden


def test_the_strong_bot_decides_from_its_players_view_alone() -> None:
    """The same twin deals for the strong bot, with a small budget so that the test stays quick:
    its samples and searches see only what the view shows."""
    light = Budget(duck_samples=2, duck_candidates=2, soup_samples=2, soup_nodes=3000)
    mismatches, differing = blind_mismatches(lambda seed: StrongBot(seed, light), deals=6)
    assert mismatches == 0
    assert differing > 50


def test_the_strong_bot_replays_the_same_deals_from_the_same_seed() -> None:
    def scores(seed: int) -> list[tuple[int, int]]:
        rng = random.Random(seed)
        bots: tuple[Bot, Bot] = (StrongBot(seed, Budget(duck_samples=2, soup_samples=2)), GreedyBot(seed + 1))
        return [play_deal(new_deck(rng), *seats(i), bots, RuleOptions()).scores for i in range(3)]

    assert scores(8) == scores(8)


def test_the_blindness_test_catches_a_bot_that_peeks() -> None:
    mismatches, _ = blind_mismatches(lambda seed: Peeker(), deals=2)
    assert mismatches > 5


def test_a_bot_is_given_nothing_but_a_view_and_the_legal_actions() -> None:
    """The view a bot gets has no hands but its own and no stock order; a bot that reached for
    them would fail here."""
    deal = Deal(new_deck(random.Random(4)), 1)
    view = deal.observation(0)
    assert "hands" not in view and not any(isinstance(value, list) and len(value) == 26 for value in view.values())
    for kind in (RandomBot, GreedyBot):
        assert kind(0).choose(dict(view), tuple(deal.legal_actions())) in deal.legal_actions()


def test_memory_holds_the_cards_seen_leaving_play_and_forgets_them_with_the_deal() -> None:
    deal = deal_of("9C 5S", "2C KD", "5H 6H 7H 8H")
    memory = Memory()
    assert memory.update(deal.observation(0)) == frozenset()
    for action in (play(0, "9C"), play(1, "2C"), play(1, "KD")):
        deal.apply(action)
    seen = memory.update(deal.observation(0))  # player 0 follows KD: it played 9C and saw KD led
    assert {parse_card("9C").index, parse_card("KD").index} <= seen
    assert parse_card("2C").index not in seen  # the opponent's card that won player 0's lead was never seen
    assert memory.update(Deal(new_deck(random.Random(1)), 0).observation(0)) == frozenset()


# Greedy's play


def test_greedy_calls_duck_soup_when_it_can() -> None:
    deal = deal_of("5S 5D", "5C 5H")
    for action in (play(0, "5S"), play(1, "5C", Call.QUACK), play(0, "5D", Call.QUACK_QUACK)):
        deal.apply(action)
    assert choice(deal) == play(1, "5H", Call.DUCK_SOUP)


def test_greedy_quacks_holding_the_rest_of_the_rank_led() -> None:
    deal = deal_of("9S", "9C 9H")
    deal.apply(play(0, "9S"))
    action = choice(deal)
    assert isinstance(action, Play) and action.call is Call.QUACK and action.card.rank == 9


def test_greedy_answers_quack_quack_when_it_holds_the_last_card_too() -> None:
    deal = deal_of("5S 5D 5H", "5C")
    deal.apply(play(0, "5S"))
    deal.apply(play(1, "5C", Call.QUACK))
    action = choice(deal)
    assert isinstance(action, Play) and action.call is Call.QUACK_QUACK


def test_greedy_says_duck_when_it_saw_the_quacker_take_the_last_card() -> None:
    deal = deal_of("9C 5S 5D QD", "2C KD 5C", "5H 6H 7H 8H")
    for action in (play(0, "9C"), play(1, "2C"), play(1, "KD"), play(0, "QD"), play(0, "5S")):
        deal.apply(action)  # player 1 won the first trick and took the face-up 5H
    deal.apply(play(1, "5C", Call.QUACK))
    assert deal.observation(0)["opponent_known"] == "5H"
    assert choice(deal) == SayDuck(0)


def test_greedy_wins_with_the_cheapest_winning_card_of_each_course() -> None:
    deal = deal_of("9C", "AC 3C 8C TC KC KD QD JD KH QH JH KS QS")
    deal.apply(play(0, "9C"))
    assert choice(deal) == play(1, "8C")  # in the Duck the lower card wins: 8 is the weakest that does
    assert choice(deal, course="soup", stock=0, face_up=None) == play(1, "TC")  # in the Soup, 10


def test_greedy_throws_its_worst_card_when_it_cannot_win() -> None:
    soup: dict[str, Any] = {"course": "soup", "stock": 0, "face_up": None}
    deal = deal_of("AC", "2C QC 7D KD AH 9S")
    deal.apply(play(0, "AC"))
    assert choice(deal, **soup) == play(1, "2C")  # nothing beats the Ace: the 2 of the suit costs 1 point
    deal = deal_of("AC", "2D 3D QD KD AH 9S 3H 4H 6H 8H TH JH QH")
    deal.apply(play(0, "AC"))
    assert choice(deal, **soup) == play(1, "2D")  # no club: the card least likely to win later


@pytest.mark.parametrize(("face_up", "wins"), [("AH", True), ("7H", False)])
def test_greedy_spends_an_ace_for_a_good_face_up_card_only(face_up: str, wins: bool) -> None:
    deal = deal_of("9C", "AC KD QD JD TD KH QH JH TH KS QS JS TS", face_up)
    deal.apply(play(0, "9C"))
    assert (choice(deal) == play(1, "AC")) is wins


@pytest.mark.parametrize(("duck_points", "wins"), [(0, True), (12, False)])
def test_greedy_fights_in_the_course_where_it_is_short_of_points(duck_points: int, wins: bool) -> None:
    """Late in the Duck, an Ace wins the trick for a player without Duck points; a player with
    plenty keeps it for the Soup."""
    deal = deal_of("9C", "AC KD QD JD TD KH QH JH TH KS QS JS TS", "8D")
    deal.apply(play(0, "9C"))
    assert (choice(deal, stock=4, points=[[3, 0], [duck_points, 0]]) == play(1, "AC")) is wins


def test_greedy_keeps_pairs() -> None:
    deal = deal_of("2C", "7D 7H")
    view = deal.observation(1)
    alone = dict(view, hand=view["hand"].replace("7H", "8H"))
    bot, seven = GreedyBot(0), parse_card("7D").index
    assert bot.keep(Seen.read(view), seven) > bot.keep(Seen.read(alone), seven)


def test_greedy_beats_random_clearly() -> None:
    """Greedy wins nearly every deal against random: the lower bound of the 95% interval of its
    deal win rate over 300 deals is far above one half."""
    rng = random.Random(2024)
    bots: tuple[Bot, Bot] = (GreedyBot(1), RandomBot(2))
    records = [play_deal(new_deck(rng), *seats(i), bots, RuleOptions()) for i in range(300)]
    wins = sum(r.scores[0] > r.scores[1] for r in records)
    assert wilson(wins, len(records))[0] > 0.9
