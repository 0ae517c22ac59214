"""The engines of all three games check their arguments alike (:mod:`ducksoup.arguments`).

A player, a dealer, a start player or a card number is a plain ``int``: a bool, a float, a string
or a NumPy integer is a ``TypeError`` naming the argument, a number out of range a ``ValueError``
naming the range, and other rule options than the game's own are refused. Nothing is half made:
a refused action leaves the state as it was.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ducksoup.aw_ducks import engine as aw_ducks
from ducksoup.doubleduck import engine as doubleduck
from ducksoup.duck_soup import engine as duck_soup
from duckspec.aw_ducks import components as aw_components
from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.options import RuleOptions as AwDucksOptions
from duckspec.cards import full_deck, parse_card
from duckspec.doubleduck.actions import Call as DoubleduckCall
from duckspec.doubleduck.actions import Play as DoubleduckPlay
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions as DoubleduckOptions
from duckspec.duck_soup.variants import RuleOptions as DuckSoupOptions


@dataclass(frozen=True)
class Engine:
    """One way into one game's engine: ``build(deck, first, options)``; ``first`` is the dealer or start."""

    name: str
    build: Callable[[list[Any], Any, Any], Any]
    deck: Callable[[], list[Any]]
    players: int
    first: str
    seats: str
    options: type


ENGINES = [
    Engine("Deal", duck_soup.Deal, lambda: list(full_deck()), 2, "the dealer", "player 0 or 1", DuckSoupOptions),
    Engine(
        "Match",
        lambda d, f, o: duck_soup.Match([d], f, o),
        lambda: list(full_deck()),
        2,
        "the dealer",
        "player 0 or 1",
        DuckSoupOptions,
    ),
    Engine(
        "Doubleduck Deal",
        doubleduck.Deal,
        lambda: list(two_packs()),
        4,
        "the dealer",
        "player 0, 1, 2 or 3",
        DoubleduckOptions,
    ),
    Engine(
        "Doubleduck Game",
        lambda d, f, o: doubleduck.Game([d], f, o),
        lambda: list(two_packs()),
        4,
        "the dealer",
        "player 0, 1, 2 or 3",
        DoubleduckOptions,
    ),
    Engine(
        "Aw Ducks! Round",
        lambda d, f, o: aw_ducks.Round(d, f, 3, o),
        lambda: list(aw_components.full_deck()),
        3,
        "the start player",
        "player 0, 1 or 2",
        AwDucksOptions,
    ),
    Engine(
        "Aw Ducks! Game",
        lambda d, f, o: aw_ducks.Game([d], f, 3, o),
        lambda: list(aw_components.full_deck()),
        3,
        "the start player",
        "player 0, 1 or 2",
        AwDucksOptions,
    ),
]
OTHER_OPTIONS = [AwDucksOptions(), DoubleduckOptions(), DuckSoupOptions()]
NOT_INTS = [1.0, True, False, "1", None, math.nan]


def engine_id(engine: Engine) -> str:
    return engine.name


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
@pytest.mark.parametrize("first", NOT_INTS, ids=repr)
def test_a_dealer_or_start_player_that_is_no_int_is_a_type_error_naming_it(engine: Engine, first: object) -> None:
    with pytest.raises(TypeError, match=f"^{engine.first} is an int, .*not {first!r}"):
        engine.build(engine.deck(), first, None)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_a_dealer_or_start_player_out_of_range_is_a_value_error_naming_the_range(engine: Engine) -> None:
    for first in (-1, engine.players):
        with pytest.raises(ValueError, match=f"^{engine.first} must be {engine.seats}, not {first}$"):
            engine.build(engine.deck(), first, None)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
@pytest.mark.parametrize("wrong", [7.0, True, None, b"AC"], ids=repr)
def test_a_deck_holding_something_that_is_no_card_is_a_type_error(engine: Engine, wrong: object) -> None:
    numbers = [card.index for card in engine.deck()]
    numbers[7] = wrong  # a float or a bool equal to a card number must not pass for it
    with pytest.raises(TypeError, match=r"^a card is a Card, an int 0-\d+ or a name like '\w\w', not "):
        engine.build(numbers, 0, None)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_the_rule_options_of_another_game_or_a_dict_are_refused(engine: Engine) -> None:
    for options in [*OTHER_OPTIONS, {"stock": "hidden"}, "standard"]:
        if type(options) is engine.options:
            continue
        with pytest.raises(TypeError, match=r"^the rule options are RuleOptions"):
            engine.build(engine.deck(), 0, options)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_an_observation_is_only_for_a_player_at_the_table(engine: Engine) -> None:
    game = engine.build(engine.deck(), 0, None)
    before = game.state()
    assert game.observation(engine.players - 1)["player"] == engine.players - 1
    for player in (-1, engine.players):
        with pytest.raises(ValueError, match=f"^a player must be {engine.seats}, not {player}$"):
            game.observation(player)
    for wrong in (True, 0.0, "0", None):
        with pytest.raises(TypeError, match=r"^a player is an int"):
            game.observation(wrong)
    assert game.state() == before


def test_numpy_integers_are_refused_alike_by_every_engine_with_a_hint_to_convert() -> None:
    np = pytest.importorskip("numpy")
    for engine in ENGINES:
        with pytest.raises(TypeError, match=r"not np\.int64\(0\) \(a int64: convert it with int\(\)\)"):
            engine.build(engine.deck(), np.int64(0), None)
        numbers: list[Any] = [card.index for card in engine.deck()]
        numbers[0] = np.int64(numbers[0])
        with pytest.raises(TypeError, match=r"convert it with int\(\)"):
            engine.build(numbers, 0, None)
        with pytest.raises(TypeError, match=r"convert it with int\(\)"):
            engine.build(engine.deck(), 0, None).observation(np.int64(0))


@pytest.mark.parametrize("players", [3.0, True, "3", None], ids=repr)
def test_the_number_of_aw_ducks_players_is_an_int(players: object) -> None:
    deck = list(aw_components.full_deck())
    for build in (lambda: aw_ducks.Round(deck, 0, players), lambda: aw_ducks.Game([deck], 0, players)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=f"^the number of players is an int, 2, 3 or 4, not {players!r}$"):
            build()


def test_malformed_doubleduck_actions_are_type_errors_and_change_nothing() -> None:
    deal = doubleduck.Deal(two_packs(), 3)
    deal.apply(deal.legal_actions()[0])
    first = deal.legal_actions()[0]
    assert first.player == 1
    before = deal.state()
    malformed = [
        DoubleduckPlay(True, first.card),  # True == 1 must not pass for player 1
        DoubleduckPlay(1.0, first.card),  # type: ignore[arg-type]
        DoubleduckPlay(1, str(first.card)),  # type: ignore[arg-type]
        DoubleduckPlay(1, first.card, "none"),  # type: ignore[arg-type]
    ]
    for action in malformed:
        with pytest.raises(TypeError, match=r"^(a Play's|an action's) (player|card|call) is an? "):
            deal.apply(action)
        assert deal.state() == before
    deal.apply(DoubleduckPlay(1, first.card, DoubleduckCall.NONE))  # made afresh, well formed: played
    assert deal.to_act == 2


def test_a_doubleduck_player_not_at_the_table_is_never_the_one_to_act() -> None:
    """Seat -1 once passed for the player to act after the deal (its internal 'nobody')."""
    deal = doubleduck.Deal(two_packs(), 3)
    while deal.legal_actions():
        deal.apply(deal.legal_actions()[0])
    card = parse_card("AC")
    with pytest.raises(IllegalAction) as refused:
        deal.apply(DoubleduckPlay(-1, card))
    assert refused.value.code.value == "deal-over"


def test_malformed_aw_ducks_actions_are_type_errors_and_change_nothing() -> None:
    game = aw_ducks.Round(aw_components.full_deck(), 1, 2)
    before = game.state()
    for action in (Draw(True), Draw(1.0), Score(True), Discard(1, "1R")):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^a (Draw|Score|Discard)'s (player|card) is "):
            game.apply(action)
        assert game.state() == before
    game.apply(Draw(1))
    assert game.to_act == 0


def test_every_engine_checks_its_arguments_with_the_shared_helpers() -> None:
    """One set of checks (ducksoup.arguments), not a copy per game: no engine tests for bools by hand."""
    for module in (duck_soup, doubleduck, aw_ducks):
        source = Path(str(module.__file__)).read_text(encoding="utf-8")
        assert "from ducksoup.arguments import" in source, module.__name__
        assert ", bool)" not in source, f"{module.__name__} checks for a bool itself"
