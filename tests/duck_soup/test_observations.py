"""Property tests: the engine's observations show a player what the rules let them see, and nothing more.

Random deals, games and matches are played on the reference engine (``ducksoup.duck_soup.engine``), with
calls favoured and a few illegal actions, and after every request both players' observations
are checked against the engine's full state:

* the observation has exactly the documented keys (``conformance/README.md``, "Each player's
  view"): the canonical state's public keys, equal to the state's values, then ``player``,
  ``hand``, ``opponent_hand`` and ``opponent_known``; no key holds the opponent's hand or the
  order of the stock;
* ``hand`` is the player's own hand and ``opponent_hand`` the size of the other;
* every card of ``opponent_known`` is still in the opponent's hand and was the face-up card when
  the opponent took it, as the player saw it (this test tracks that itself, deal by deal);
* no card the player has not seen appears anywhere in the observation: every card named in it is
  in the player's hand, on the table, the face-up card or in ``opponent_known``;
* under the hidden-stock option no card is ever face up and ``opponent_known`` stays empty;
* an observation is the caller's own copy: changing it changes nothing in the engine.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from duckcheck.codec import JSON
from ducksoup.duck_soup.engine import Deal, Match
from duckspec.cards import RANK_LETTERS, SUIT_LETTERS
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.variants import RuleOptions, StockVisibility
from tests.duck_soup.test_differential import (
    MAX_DEALS,
    Picker,
    dealers,
    deck_orders,
    double_draws,
    has_call,
    seeded_decks,
    seeds,
)
from tests.strategies import ALL_ACTIONS, MAX_DEAL_STEPS, scaled

DEAL_KEYS = frozenset(
    {"dealer", "course", "phase", "to_act", "stock", "face_up", "table", "tricks", "points", "scores"}
)
"""The canonical state's keys but ``hands``: what both players see of a deal."""
GAME_KEYS = DEAL_KEYS | {"deal", "deal_scores", "deal_points", "totals", "result", "games", "games_won", "winner"}
PERSONAL_KEYS = frozenset({"player", "hand", "opponent_hand", "opponent_known"})


def cards_of(text: str) -> set[str]:
    """The cards of a string of ``TC`` pairs."""
    return {text[i : i + 2] for i in range(0, len(text), 2)}


def is_cards_text(text: str) -> bool:
    return len(text) % 2 == 0 and all(
        text[i] in RANK_LETTERS and text[i + 1] in SUIT_LETTERS for i in range(0, len(text), 2)
    )


def named_cards(value: Any) -> set[str]:
    """Every card named anywhere in ``value``: in each string that is a list of cards, at any depth."""
    if isinstance(value, str):
        return cards_of(value) if is_cards_text(value) else set()
    if isinstance(value, dict):
        return set().union(*(named_cards(item) for item in [*value, *value.values()]))
    if isinstance(value, list | tuple):
        return set().union(*(named_cards(item) for item in value))
    return set()


class Watcher:
    """Plays on an engine and checks both observations after every request.

    ``taken[p]`` holds the cards player ``p`` took from the stock while they lay face up, in the
    current deal: what the opponent may know of ``p``'s hand.
    """

    def __init__(self, engine: Deal | Match, hidden: bool) -> None:
        self.engine = engine
        self.hidden = hidden
        self.taken: tuple[set[str], set[str]] = (set(), set())
        self.check()

    @property
    def deal(self) -> Deal:
        return self.engine.deal if isinstance(self.engine, Match) else self.engine

    def act(self, action: Action) -> bool:
        """Apply ``action`` (legal or not), follow the cards taken face up, and check; whether it was accepted."""
        deal, before = self.deal, self.engine.state()
        seen_face_up = [self.engine.observation(player)["face_up"] for player in (0, 1)]
        try:
            self.engine.apply(action)
        except IllegalAction:
            accepted = False
        else:
            accepted = True
        if self.deal is not deal:
            self.taken = (set(), set())  # a new deal: knowledge starts afresh
        elif accepted:
            after = self.engine.state()
            for player in (0, 1):
                face_up = seen_face_up[1 - player]  # the opponent saw it, and sees it go into this hand
                held_before, held = cards_of(before["hands"][player]), cards_of(after["hands"][player])
                self.taken[player].intersection_update(held)
                if face_up is not None and face_up in held - held_before:
                    self.taken[player].add(face_up)
                    event("a face-up card taken")
        self.check()
        return accepted

    def add_decks(self, count: int, seed: int) -> None:
        assert isinstance(self.engine, Match)
        deal = self.deal
        self.engine.add_decks(seeded_decks(seed, count))
        if self.deal is not deal:
            self.taken = (set(), set())
        self.check()

    def check(self) -> None:
        state = self.engine.state()
        public = GAME_KEYS if isinstance(self.engine, Match) else DEAL_KEYS
        assert set(state) == public | {"hands"}
        for player in (0, 1):
            opponent = 1 - player
            seen = self.engine.observation(player)
            assert set(seen) == public | PERSONAL_KEYS, f"keys: {sorted(set(seen) ^ (public | PERSONAL_KEYS))}"
            assert {key: seen[key] for key in public} == {key: state[key] for key in public}
            assert seen["player"] == player
            assert seen["hand"] == state["hands"][player]
            assert seen["opponent_hand"] == len(state["hands"][opponent]) // 2
            known = cards_of(seen["opponent_known"])
            assert known <= cards_of(state["hands"][opponent]), "a card 'known' that the opponent does not hold"
            assert known <= self.taken[opponent], f"{sorted(known - self.taken[opponent])} never lay face up when taken"
            if self.hidden:
                assert seen["face_up"] is None and not known, "the hidden stock revealed a card"
            visible = cards_of(seen["hand"]) | cards_of(seen["table"]) | known
            if seen["face_up"] is not None:
                visible.add(seen["face_up"])
            leaked = named_cards(seen) - visible
            assert not leaked, f"player {player} sees {sorted(leaked)}, cards they have not seen"
            if known:
                event("opponent_known not empty")
            scribble(seen)  # the caller's own copy: changing it changes nothing in the engine
        assert self.engine.state() == state, "changing an observation changed the engine"


def scribble(seen: JSON) -> None:
    """Change everything in an observation, its nested lists and dicts too."""
    for value in seen.values():
        if isinstance(value, list):
            value.append("scribbled")
            for item in value:
                if isinstance(item, list):
                    item.append(-1)
                elif isinstance(item, dict):
                    item["scribbled"] = True
        elif isinstance(value, dict):
            value["scribbled"] = True
    seen.clear()


def play(pick: Picker, watcher: Watcher, illegal_rate: int) -> None:
    """Random play to the end, calls favoured in half of the steps, decks added when needed."""
    steps = deals = 0
    current = watcher.deal
    while not watcher.engine.is_over:
        engine = watcher.engine
        if isinstance(engine, Match) and engine.needs_deck:
            watcher.add_decks(1 + pick.below(2, "decks"), pick.below(2**32, "seed"))
            continue
        if watcher.deal is not current:
            current, deals, steps = watcher.deal, deals + 1, 0
        assert deals < MAX_DEALS and steps < 2 * MAX_DEAL_STEPS
        steps += 1
        if illegal_rate and pick.below(100, "roll") >= 100 - illegal_rate:
            watcher.act(pick.choice(ALL_ACTIONS, "any action"))
            continue
        legal = engine.legal_actions()
        called = [action for action in legal if has_call(action)]
        watcher.act(pick.choice(called if called and pick.below(2, "call") else legal, "action"))


@pytest.mark.parametrize("stock", tuple(StockVisibility))
@settings(scaled(0.5))
@given(data=st.data())
def test_deal_observations(stock: StockVisibility, data: st.DataObject) -> None:
    """One random deal, face-up or hidden stock."""
    options = RuleOptions(stock=stock, double_draw=data.draw(double_draws, label="double draw"))
    deal = Deal(data.draw(deck_orders, label="deck"), data.draw(dealers, label="dealer"), options)
    play(Picker(data), Watcher(deal, stock is StockVisibility.HIDDEN), data.draw(st.sampled_from((0, 10))))


@pytest.mark.parametrize("stock", tuple(StockVisibility))
@settings(scaled(0.15))
@given(data=st.data())
def test_game_observations(stock: StockVisibility, data: st.DataObject) -> None:
    """A random game or match across its deals, face-up or hidden stock."""
    best_of = data.draw(st.sampled_from((1, 3, 5)), label="best of")
    options = RuleOptions(stock=stock, best_of=best_of, double_draw=data.draw(double_draws, label="double draw"))
    decks = seeded_decks(data.draw(seeds, label="seed of the decks"), data.draw(st.sampled_from((40, 2))))
    match = Match(decks, data.draw(dealers, label="dealer"), options)
    pick = Picker(data, data.draw(seeds, label="seed of play"))
    play(pick, Watcher(match, stock is StockVisibility.HIDDEN), data.draw(st.sampled_from((0, 10))))
