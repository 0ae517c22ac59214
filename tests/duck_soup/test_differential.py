"""Differential tests: the reference engine (``ducksoup.duck_soup.engine``) against the specification, step by step.

The same random deck orders, dealer and rule options are played on the engine and, through the
conformance suite's oracle (:class:`duckcheck.duck_soup.oracle.Table`), on the specification. Before and
after every action both must agree exactly on:

* the legal actions, as a tuple in the same (canonical) order;
* whether the action is accepted, and for a rejected one the error code (the engine raises the
  specification's :class:`~duckspec.duck_soup.errors.IllegalAction`); a rejection changes
  nothing, neither the engine's internals nor the specification's state;
* the canonical state JSON (``conformance/README.md``), compared as JSON text, so that ``1``
  and ``true`` or a missing key differ;
* both players' observations, against :func:`duckcheck.duck_soup.views.views` with what each player has
  seen tracked by :func:`duckcheck.duck_soup.views.known_after`;
* whether the deal, game or match is over or waits for a deck; and when a deal ends, its points
  and scores; at the end, the game and match results.

Random play includes illegal actions: any of the 2 x 52 x 4 plays and two "duck"s, or actions
near the legal ones (a card of the hand with any call, the other player's moves, "duck"). Play is
biased (:class:`Bias`) toward calls, so that quacks, quack-quacks and duck soups occur, or toward
low-scoring tricks, so that games run over several deals to the 250 rule. Games and matches are
given one, two or forty decks, and get more (``add_decks``) when they run out; sometimes more
decks arrive in the middle of a deal or after the end. Where the play stops for a deck and at the
end, and at every step of :func:`test_deal_every_illegal_action`, all 418 actions are tried.
Deals are played by Hypothesis's own choices (which shrink); games and matches by a generator
seeded from Hypothesis (:class:`Picker`), whose choices make games of realistic length.

The CrossHair tests at the end compare small pairs of functions symbolically (``tests/duck_soup/diffpairs.py``);
they run in the background while the Hypothesis tests do.

On a failure the message shows the setup and every action up to the divergence as JSON, in the
conformance trace notation, so that it can be replayed on either side.
"""

from __future__ import annotations

import copy
import enum
import importlib.util
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from duckcheck.codec import JSON, cards_text
from duckcheck.compare import diff
from duckcheck.duck_soup.encoding import action_json, options_json, result_json
from duckcheck.duck_soup.oracle import Scope, Table
from duckcheck.duck_soup.views import NOTHING_KNOWN, Known, known_after, views
from duckcheck.strict import same
from ducksoup.duck_soup import engine as fast
from ducksoup.duck_soup.engine import Deal, Match
from duckspec.cards import Card, full_deck
from duckspec.duck_soup import deal as deals
from duckspec.duck_soup import game as games
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course, beats_in_suit
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from tests.duck_soup import diffpairs
from tests.strategies import ALL_ACTIONS, MAX_DEAL_STEPS, scaled

T = TypeVar("T")
DECK = full_deck()
CALLS = tuple(Call)
MAX_DEALS = 150
"""No random game or match here gets near this many deals."""
GAME_DECKS = 40


# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------


class Bias(enum.StrEnum):
    """How random play chooses among the legal actions (drawn again for every deal)."""

    LOW = "low"
    """No calls; the player with the higher score so far gives tricks away, so that deal scores stay low."""
    UNIFORM = "uniform"
    CALLS = "calls"
    """A call whenever one is legal: quack, quack-quack rather than duck, duck soup."""
    MIXED = "mixed"
    """A coin decides at each step between a call (if any) and any legal action."""


class DeckForm(enum.StrEnum):
    """How the decks are handed to the engine, which accepts cards, card numbers or notation."""

    CARDS = "cards"
    NUMBERS = "numbers"
    TEXT = "text"


stocks = st.sampled_from(tuple(StockVisibility))
double_draws = st.sampled_from(tuple(DoubleDraw))
call_options = st.sampled_from(tuple(Calls))
dealers = st.sampled_from((0, 1))
deck_orders = st.permutations(DECK).map(tuple)
deck_forms = st.sampled_from(tuple(DeckForm))
deal_biases = st.sampled_from(tuple(Bias)).map(lambda bias: (bias,))
game_biases = st.sampled_from(((*[Bias.LOW] * 9, Bias.UNIFORM, Bias.CALLS, Bias.MIXED), (Bias.LOW, Bias.LOW, *Bias)))
"""The biases the deals of one game or match are drawn from: half or three quarters keep scores low, so that
games last several deals and end by the 250 rule, with or without a loser in the soup."""
illegal_rates = st.sampled_from((0, 5, 20))
"""Percent of the steps that try a wrong action, most of them illegal."""
seeds = st.integers(0, 2**32 - 1)


def rule_options(best_of: st.SearchStrategy[int]) -> st.SearchStrategy[RuleOptions]:
    return st.builds(RuleOptions, stock=stocks, best_of=best_of, double_draw=double_draws, calls=call_options)


def seeded_decks(seed: int, count: int) -> tuple[tuple[Card, ...], ...]:
    """``count`` deck orders shuffled from ``seed``: cheap to draw for games of many deals."""
    rng = random.Random(seed)
    return tuple(tuple(rng.sample(DECK, len(DECK))) for _ in range(count))


def engine_deck(deck: Sequence[Card], form: DeckForm) -> list[Card] | list[int] | list[str]:
    if form is DeckForm.NUMBERS:
        return [card.index for card in deck]
    if form is DeckForm.TEXT:
        return [str(card) for card in deck]
    return list(deck)


def has_call(action: Action) -> bool:
    return isinstance(action, Play) and action.call is not Call.NONE


def pooled(action: Action) -> Action:
    """The engine's own object for ``action`` (it recognises its own actions by identity, a faster path)."""
    if isinstance(action, SayDuck):
        return fast.DUCKS[action.player]
    return fast.PLAYS[action.player][action.card.index][fast.CALL_NUMBER[action.call]]


# --------------------------------------------------------------------------------------------
# The engine and the specification side by side
# --------------------------------------------------------------------------------------------


def engine_internals(engine: Deal | Match) -> list[tuple[str, object]]:
    """A deep copy of every field of the engine, to prove that a rejected action changed nothing."""
    if isinstance(engine, Deal):
        return [(name, copy.deepcopy(getattr(engine, name))) for name in Deal.__slots__]
    fields = sorted(vars(engine).items())
    return [
        (name, engine_internals(value) if isinstance(value, Deal) else copy.deepcopy(value)) for name, value in fields
    ]


def json_diff(engine: JSON, spec: JSON) -> str:
    """Where the engine's JSON differs from the spec's (the spec's taken as expected), compared strictly."""
    return "; ".join(diff(spec, engine, ""))


class Duel:
    """One deal, game or match played on the engine and on the specification at once.

    ``history`` records the setup and every request (actions, rejected or not, and added decks)
    in the conformance trace notation, for the failure messages.
    """

    def __init__(
        self,
        scope: Scope,
        options: RuleOptions,
        dealer: int,
        decks: tuple[tuple[Card, ...], ...],
        form: DeckForm = DeckForm.CARDS,
        own_actions: bool = True,
    ) -> None:
        self.scope = scope
        self.form = form
        self.own_actions = own_actions
        self.table = Table.start(scope, options, dealer, decks)
        given = [engine_deck(deck, form) for deck in decks]
        self.engine: Deal | Match = (
            Deal(given[0], dealer, options) if scope is Scope.DEAL else Match(given, dealer, options)
        )
        self.known: Known = NOTHING_KNOWN
        self.history: list[JSON] = [
            {
                "scope": scope.value,
                "options": options_json(options),
                "dealer": dealer,
                "decks": [cards_text(deck) for deck in decks],
                "deck_form": form.value,
                "engine_own_actions": own_actions,
            }
        ]
        self.deals_played = 0
        self.check("start")

    # What the two sides say

    @property
    def deal(self) -> deals.DealState:
        return self.table.deal

    @property
    def match(self) -> games.MatchState:
        assert isinstance(self.table.state, games.MatchState)
        return self.table.state

    @property
    def engine_match(self) -> Match:
        assert isinstance(self.engine, Match)
        return self.engine

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    @property
    def needs_deck(self) -> bool:
        return self.table.needs_deck

    def where(self, what: str) -> str:
        lines = "\n".join(json.dumps(entry) for entry in self.history)
        return f"{what}\nsetup and requests so far (the last one diverged):\n{lines}"

    def check(self, when: str) -> None:
        """Everything both sides show must be equal."""
        state = self.table.to_json()
        engine_state = self.engine.state()
        assert same(state, engine_state), self.where(f"{when}: states differ: {json_diff(engine_state, state)}")
        legal = self.table.legal_actions()
        engine_legal = self.engine.legal_actions()
        assert engine_legal == legal, self.where(
            f"{when}: legal actions differ: engine {[action_json(a) for a in engine_legal]} "
            f"!= spec {[action_json(a) for a in legal]}"
        )
        for player, expected in enumerate(views(state, self.known)):
            for seen in (self.engine.observation(player), self.engine.observation(player, engine_state)):
                assert same(expected, seen), self.where(
                    f"{when}: player {player}'s observations differ: {json_diff(seen, expected)}"
                )
        assert self.engine.is_over == self.table.is_over, self.where(f"{when}: is_over differs")
        if isinstance(self.engine, Match):
            assert self.engine.needs_deck == self.table.needs_deck, self.where(f"{when}: needs_deck differs")

    # Requests

    def act(self, action: Action) -> ErrorCode | None:
        """Play ``action`` on both sides; the error code if both reject it, None if both accept it."""
        self.history.append(action_json(action))
        before = self.table.to_json()
        try:
            after = self.table.apply(action)
        except IllegalAction as error:
            spec_code: ErrorCode | None = error.code
        else:
            spec_code = None
        internals = engine_internals(self.engine) if spec_code is not None else None
        finished_deal = self.engine.deal if isinstance(self.engine, Match) else self.engine
        try:
            self.engine.apply(action if not self.own_actions else pooled(action))
        except IllegalAction as error:
            engine_code: ErrorCode | None = error.code
        else:
            engine_code = None
        assert engine_code == spec_code, self.where(
            f"acceptance differs: engine {engine_code or 'accepted'}, spec {spec_code or 'accepted'}"
        )
        if spec_code is not None:
            event(f"rejected: {spec_code}")
            assert engine_internals(self.engine) == internals, self.where(
                f"the engine changed on a rejected action ({spec_code})"
            )
            assert same(before, self.table.to_json())
        else:
            self.label(action)
            self.table = after
            self.known = known_after(before, self.table.to_json(), self.known)
            if after.finished is not None:
                self.deal_finished(finished_deal, after.finished)
        self.check(f"after {action_json(action)}")
        return spec_code

    def deal_finished(self, engine_deal: Deal, spec_deal: deals.DealState) -> None:
        """The deal just finished scored the same points and scores on both sides."""
        self.deals_played += 1
        points = [[spec_deal.points(Course.DUCK)[p], spec_deal.points(Course.SOUP)[p]] for p in (0, 1)]
        assert engine_deal.is_over, self.where("the engine's deal is not over")
        assert engine_deal.points == points, self.where(f"deal points differ: {engine_deal.points} != {points}")
        assert engine_deal.scores() == spec_deal.scores(), self.where("deal scores differ")
        event(f"soup of {len(spec_deal.soup_tricks[0]) + len(spec_deal.soup_tricks[1])} tricks")

    def add_decks(self, decks: tuple[tuple[Card, ...], ...]) -> None:
        """Give both sides more decks."""
        self.history.append({"add_decks": [cards_text(deck) for deck in decks]})
        before = self.table.to_json()
        needed = self.needs_deck
        state = games.match_add_decks(self.match, decks)
        self.table = Table(self.table.scope, self.table.decks_given + len(decks), state)
        self.engine_match.add_decks([engine_deck(deck, self.form) for deck in decks])
        self.known = known_after(before, self.table.to_json(), self.known)
        event(f"add_decks {'when needed' if needed else 'after the end' if self.is_over else 'in a deal'}")
        self.check("after add_decks")

    def sweep(self) -> None:
        """Try every action that can be written down: each illegal one is rejected alike and changes nothing."""
        legal = set(self.table.legal_actions())
        before_spec = copy.deepcopy(self.table.to_json())
        before_engine = engine_internals(self.engine)
        for action in ALL_ACTIONS:
            if action in legal:
                continue
            try:
                self.table.apply(action)
            except IllegalAction as error:
                spec_code = error.code
            else:
                raise AssertionError(self.where(f"the spec accepts {action_json(action)}, not in its legal actions"))
            try:
                self.engine.apply(action if not self.own_actions else pooled(action))
            except IllegalAction as error:
                assert error.code == spec_code, self.where(
                    f"sweep: {action_json(action)} rejected with {error.code}, spec says {spec_code}"
                )
            else:
                raise AssertionError(
                    self.where(f"sweep: the engine accepts {action_json(action)}, spec says {spec_code}")
                )
        assert engine_internals(self.engine) == before_engine, self.where("sweep: rejected actions changed the engine")
        assert same(before_spec, self.table.to_json())
        self.check("after a sweep of every illegal action")

    def label(self, action: Action) -> None:
        phase = self.deal.phase
        if isinstance(action, SayDuck):
            event("duck")
        elif action.call is not Call.NONE:
            event(str(action.call))
        elif phase is deals.Phase.FOURTH and action.card.rank == self.deal.table[0].rank:
            event("forgotten duck soup")

    def final_checks(self) -> None:
        """The outcome: points and scores of the deal, or the results of the game or match."""
        if isinstance(self.engine, Deal):
            spec_deal = self.deal
            points = [[spec_deal.points(Course.DUCK)[p], spec_deal.points(Course.SOUP)[p]] for p in (0, 1)]
            assert self.engine.points == points, self.where("points differ")
            assert self.engine.scores() == spec_deal.scores(), self.where("scores differ")
            return
        match, engine = self.match, self.engine_match
        assert engine.games == [result_json(result) for result in match.results], self.where("game results differ")
        assert engine.games_won == list(match.games_won), self.where("games won differ")
        assert engine.winner == match.winner, self.where("winners differ")
        assert engine.totals == match.game.totals, self.where("totals differ")
        assert engine.deal_scores == list(match.game.deal_scores), self.where("deal scores differ")
        for result in match.results:
            event(f"game won: {result.end}{', in the soup' if result.in_the_soup else ''}, value {result.value}")


# --------------------------------------------------------------------------------------------
# Random play
# --------------------------------------------------------------------------------------------


class Picker:
    """The random choices of play: drawn by Hypothesis (``data``), or by a generator seeded from it.

    Hypothesis draws shrink to a short counterexample, but favour the first choices, which skews long
    games (most end in the pond after one deal); games and matches use the seeded generator.
    """

    def __init__(self, data: st.DataObject, seed: int | None = None) -> None:
        self.data = data
        self.rng = None if seed is None else random.Random(seed)

    def below(self, count: int, label: str) -> int:
        """A number from 0 to ``count - 1``."""
        if self.rng is not None:
            return self.rng.randrange(count)
        return self.data.draw(st.integers(0, count - 1), label=label)

    def choice(self, items: Sequence[T], label: str) -> T:
        return items[0] if len(items) == 1 else items[self.below(len(items), label)]


def choose_legal(pick: Picker, state: deals.DealState, legal: tuple[Action, ...], bias: Bias) -> Action:
    """One of ``legal``, drawn among those ``bias`` prefers."""
    candidates: Sequence[Action] = legal
    called = [action for action in legal if has_call(action)]
    if called and (bias is Bias.CALLS or (bias is Bias.MIXED and pick.below(2, "call"))):
        candidates = called
    elif bias is Bias.LOW:
        candidates = low_scoring(state, [action for action in legal if not has_call(action)] or list(legal))
    return pick.choice(candidates, "action")


def low_scoring(state: deals.DealState, plain: list[Action]) -> list[Action]:
    """The plays ``Bias.LOW`` prefers, so that both deal scores stay low: the player with the higher score so
    far gives the trick away, the other takes it, both looking at the other hand; tricks of one suit preferred."""
    player = state.to_act
    if player is None or state.phase not in (deals.Phase.LEAD, deals.Phase.FOLLOW):
        return plain
    duck, soup = state.points(Course.DUCK), state.points(Course.SOUP)
    scores = [(duck[p] + 1) * (soup[p] + 1) for p in (0, 1)]
    take = scores[player] < scores[1 - player]
    cards: dict[Card, Action] = {action.card: action for action in plain if isinstance(action, Play)}
    if state.phase is deals.Phase.LEAD:
        other = state.hands[1 - player]
        beaten = {card for card in cards if any(beats_in_suit(o, card, state.course) for o in other)}
        followed = {card for card in cards if any(o.suit == card.suit for o in other)}
        wanted = (beaten & followed) if not take else (followed - beaten)
        return [cards[card] for card in sorted(wanted)] or plain
    led = state.table[0]
    same_suit = [card for card in cards if card.suit == led.suit]
    chosen = [cards[card] for card in same_suit if beats_in_suit(card, led, state.course) is take]
    return chosen or [cards[card] for card in same_suit] or plain


def wrong_action(pick: Picker, state: deals.DealState) -> Action:
    """An action that is probably illegal: any action at all, or one near the legal ones (a card of the hand,
    the table or the other hand with any call, a legal action by the wrong player, "duck" by the player to act)."""
    kind = pick.below(4, "kind of wrong action")
    if kind == 0:
        return pick.choice(ALL_ACTIONS, "any action")
    player = state.to_act if state.to_act is not None else pick.below(2, "player")
    if kind == 3:
        return SayDuck(player)
    if kind == 1:
        cards = (*state.hands[player], *state.table, *state.hands[1 - player][:2])
        near: list[Action] = [Play(player, card, call) for card in cards for call in CALLS]
        near += [SayDuck(player)]
    else:
        near = [flipped(action) for action in deals.legal_actions(state)] or [SayDuck(1 - player)]
    return pick.choice(near, "near action")


def flipped(action: Action) -> Action:
    """``action`` by the other player."""
    if isinstance(action, SayDuck):
        return SayDuck(1 - action.player)
    return Play(1 - action.player, action.card, action.call)


def play_out(
    pick: Picker,
    duel: Duel,
    biases: Sequence[Bias],
    illegal_rate: int,
    sweep_every_step: bool = False,
) -> None:
    """Play ``duel`` to its end: random legal actions (a bias from ``biases`` for each deal), wrong ones at
    ``illegal_rate`` percent, decks when needed (and one in the middle of a deal)."""
    extra_deck_at = pick.below(400, "step at which a deck arrives") if isinstance(duel.engine, Match) else -1
    bias, deal_number, steps, total = pick.choice(biases, "bias"), duel.deals_played, 0, 0
    while not duel.is_over:
        if duel.needs_deck:
            duel.sweep()
            duel.add_decks(seeded_decks(pick.below(2**32, "seed"), 1 + pick.below(3, "decks")))
            continue
        assert duel.deals_played < MAX_DEALS, duel.where("the game does not end")
        if duel.deals_played != deal_number:
            bias, deal_number, steps = pick.choice(biases, "bias"), duel.deals_played, 0
        assert steps < MAX_DEAL_STEPS, duel.where("the deal does not end")
        if sweep_every_step:
            duel.sweep()
        if illegal_rate and pick.below(100, "roll") >= 100 - illegal_rate:
            duel.act(wrong_action(pick, duel.deal))
            continue
        if total == extra_deck_at and isinstance(duel.engine, Match):
            duel.add_decks(seeded_decks(extra_deck_at, 1))
        if duel.act(choose_legal(pick, duel.deal, duel.table.legal_actions(), bias)) is None:
            steps, total = steps + 1, total + 1
    duel.sweep()
    for _ in range(pick.below(3, "actions after the end")):
        duel.act(wrong_action(pick, duel.deal))
    if isinstance(duel.engine, Match) and pick.below(2, "decks after the end"):
        duel.add_decks(seeded_decks(total, 1))  # changes nothing but the decks left
    duel.final_checks()


# --------------------------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------------------------


@given(data=st.data())
def test_deal(data: st.DataObject) -> None:
    """One deal from a random deck, dealer and options, with random legal and illegal actions."""
    options = data.draw(rule_options(st.just(1)), label="options")
    duel = Duel(
        Scope.DEAL,
        options,
        data.draw(dealers, label="dealer"),
        (data.draw(deck_orders, label="deck"),),
        data.draw(deck_forms, label="deck form"),
        data.draw(st.booleans(), label="engine gets its own action objects"),
    )
    play_out(Picker(data), duel, data.draw(deal_biases, label="bias"), data.draw(illegal_rates, label="illegal %"))


@settings(scaled(0.1))
@given(data=st.data())
def test_deal_every_illegal_action(data: st.DataObject) -> None:
    """At every step of a deal, each of the 418 actions not legal is rejected with the same code on both sides."""
    options = data.draw(rule_options(st.just(1)), label="options")
    deck = data.draw(deck_orders, label="deck")
    duel = Duel(Scope.DEAL, options, data.draw(dealers, label="dealer"), (deck,), own_actions=data.draw(st.booleans()))
    play_out(Picker(data), duel, data.draw(deal_biases, label="bias"), 0, sweep_every_step=True)


def start_game(data: st.DataObject, scope: Scope, best_of: st.SearchStrategy[int]) -> Duel:
    options = data.draw(rule_options(best_of), label="options")
    count = data.draw(st.sampled_from((GAME_DECKS, GAME_DECKS, 1, 2)), label="decks")
    decks = seeded_decks(data.draw(seeds, label="seed of the decks"), count)
    return Duel(
        scope,
        options,
        data.draw(dealers, label="dealer"),
        decks,
        data.draw(deck_forms, label="deck form"),
        data.draw(st.booleans(), label="engine gets its own action objects"),
    )


@settings(scaled(0.3))
@given(data=st.data())
def test_game(data: st.DataObject) -> None:
    """A game (best of 1) of random deals to its result, more decks given whenever it needs them."""
    duel = start_game(data, Scope.GAME, st.just(1))
    pick = Picker(data, data.draw(seeds, label="seed of play"))
    play_out(pick, duel, data.draw(game_biases, label="biases"), data.draw(illegal_rates, label="illegal %"))
    event(f"deals in the game: {min(duel.deals_played, 10)}{'+' if duel.deals_played >= 10 else ''}")


@settings(scaled(0.2))
@given(data=st.data())
def test_match(data: st.DataObject) -> None:
    """A match (best of 3 or 5) of random games to its winner."""
    duel = start_game(data, Scope.MATCH, st.sampled_from((3, 5)))
    pick = Picker(data, data.draw(seeds, label="seed of play"))
    play_out(pick, duel, data.draw(game_biases, label="biases"), data.draw(illegal_rates, label="illegal %"))
    event(f"games in the match: {len(duel.match.results)}")


# --------------------------------------------------------------------------------------------
# CrossHair: small pairs of functions compared symbolically
# --------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
CROSSHAIR_ITERATIONS = 50
CROSSHAIR_TIMEOUT = 600
"""Seconds after which one comparison is stopped and fails: a guard against a hang, not a budget (each takes 3 to
13 s on an idle machine; its effort is bounded by :data:`CROSSHAIR_ITERATIONS`, which does not depend on the
machine's load, and a shared machine can be many times slower)."""


CROSSHAIR_WORKERS = 2
"""Comparisons run at once: one per core of the two-core machines the tests run on."""


def crosshair_diffbehavior(pair: str) -> subprocess.CompletedProcess[str]:
    """``python -m crosshair diffbehavior`` on ``spec_<pair>`` and ``engine_<pair>`` of
    ``tests/duck_soup/diffpairs.py``."""
    path = os.pathsep.join(str(ROOT / folder) for folder in ("", "spec", "reference", "conformance"))
    inherited = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": (inherited + os.pathsep if inherited else "") + path}
    command = [
        sys.executable,
        "-m",
        "crosshair",
        "diffbehavior",
        f"tests.duck_soup.diffpairs.spec_{pair}",
        f"tests.duck_soup.diffpairs.engine_{pair}",
        f"--max_uninteresting_iterations={CROSSHAIR_ITERATIONS}",
    ]
    try:
        return subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=CROSSHAIR_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -1, "", f"stopped after {CROSSHAIR_TIMEOUT} s")


@pytest.fixture(scope="module", autouse=True)
def crosshair_runs(request: pytest.FixtureRequest) -> Iterator[dict[str, Future[subprocess.CompletedProcess[str]]]]:
    """Every pair's comparison, on a pool of :data:`CROSSHAIR_WORKERS`, slowest first.

    The comparisons start in the background with the module's first test, so that they run while the
    Hypothesis tests do; only if :func:`test_crosshair_diffbehavior` is selected and CrossHair is installed.
    """
    selected = any(getattr(item, "originalname", "") == "test_crosshair_diffbehavior" for item in request.session.items)
    if not selected or importlib.util.find_spec("crosshair") is None:
        yield {}
        return
    with ThreadPoolExecutor(max_workers=CROSSHAIR_WORKERS) as pool:
        yield {pair: pool.submit(crosshair_diffbehavior, pair) for pair in diffpairs.PAIRS}


@pytest.mark.parametrize("pair", diffpairs.PAIRS)
def test_crosshair_diffbehavior(crosshair_runs: dict[str, Future[subprocess.CompletedProcess[str]]], pair: str) -> None:
    """CrossHair finds no input on which ``spec_<pair>`` and ``engine_<pair>`` behave differently."""
    if pair not in crosshair_runs:
        pytest.skip("crosshair is not installed")
    run = crosshair_runs[pair].result()
    output = run.stdout + run.stderr
    assert run.returncode == 0, f"crosshair diffbehavior on {pair} (exit {run.returncode}):\n{output}"
    assert "No differences found" in output, output


def test_pairs_agree_on_samples() -> None:
    """The pairs, run concretely on a few inputs: a fast check that the wrappers and their domains are sound."""
    samples: dict[str, list[tuple[Any, ...]]] = {
        "rank_strength": [(0, False), (0, True), (12, True), (51, False), (52, True), (-1, False)],
        "trick": [(0, 1, False), (0, 1, True), (13, 0, True), (5, 5, False)],
        "quack_quack": [(0, 13, 26, 39, True), (0, 13, 26, 40, False), (0, 13, 26, 40, True)],
        "draw": [
            (26, 0, True, True, False),
            (2, 1, True, False, True),
            (4, 0, False, True, False),
            (3, 0, True, True, True),
        ],
        "game_result": [(250, 249, 50, 60, 0, 0, 1), (300, 130, 125, 124, 1, 0, 3), (260, 260, 10, 10, 0, 0, 5)],
    }
    assert set(samples) == set(diffpairs.PAIRS)
    for name, inputs in samples.items():
        spec, engine = getattr(diffpairs, f"spec_{name}"), getattr(diffpairs, f"engine_{name}")
        for args in inputs:
            assert spec(*args) == engine(*args), (name, args)
