"""The shared bridge machinery (:mod:`ducksoup.bridges`): the base package never imports OpenSpiel, PettingZoo or
Gymnasium, and the pieces every game's bridges use behave as documented."""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ducksoup
from ducksoup.bridges.chance import copy_engine, copy_value
from ducksoup.bridges.encoding import Encoding
from ducksoup.doubleduck.engine import Deal

LIBRARIES = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")
BRIDGE_MODULES = (".openspiel", ".pettingzoo")
PASSED_ON = frozenset({"legal_ids", "engine_action", "action_text", "card_name", "num_actions"})
"""What a game's encoding gives the shared pieces: no game's episode, environment or OpenSpiel game passes it on."""


def base_modules() -> list[str]:
    """Every module of ``ducksoup`` but the bridges to the libraries and the environments' entries."""
    found = [info.name for info in pkgutil.walk_packages(ducksoup.__path__, "ducksoup.")]
    skipped = ("ducksoup.envs.", "ducksoup.__main__")  # the entries of the environments; running the command line
    return [name for name in found if not name.endswith(BRIDGE_MODULES) and not name.startswith(skipped)]


def test_the_base_package_never_imports_the_game_ai_libraries() -> None:
    """Every other module imported, even the bridges' NumPy-only pieces (chance, encodings, tensors): none of the
    libraries the ``openspiel`` and ``pettingzoo`` extras install is loaded."""
    modules = base_modules()
    assert "ducksoup.bridges.chance" in modules and "ducksoup.doubleduck.bridges.encoding" in modules
    program = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ModuleNotFoundError as missing:  # NumPy, which the extras install, for the tensors\n"
        "        assert missing.name == 'numpy', missing\n"
        f"print(sorted(name for name in sys.modules if name.split('.')[0] in {LIBRARIES!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_an_engine_copy_shares_nothing_that_changes() -> None:
    deal = Deal(list(range(52)) * 2, 3)
    copied = copy_engine(deal)
    copied.apply(copied.legal_actions()[0])
    assert deal.state() != copied.state() and deal.state() == Deal(list(range(52)) * 2, 3).state()


def test_an_engine_copy_copies_nested_lists_and_refuses_what_it_cannot_copy() -> None:
    """Lists are copied at every depth and their other items shared; a dict, set or bytearray anywhere is refused,
    since a copy sharing it would change with the engine."""
    action = object()
    nested = [[1, [2, action]], "text"]
    copied = copy_value(nested)
    copied[0][1].append(3)
    assert nested == [[1, [2, action]], "text"] and copied[0][1][1] is action
    holdings: list[object] = [{}, [[set()]], [1, [bytearray()]]]
    for holding in holdings:
        with pytest.raises(TypeError, match=r"^cannot copy an engine holding a (dict|set|bytearray)$"):
            copy_value(holding)


def test_information_rows_hold_actions_and_cards_in_order() -> None:
    pytest.importorskip("numpy")
    from ducksoup.bridges.tensors import information_layout, offsets, write_information

    layout = information_layout(2, (("dealer", (2,)),), 3, 4, events=3)
    assert offsets(layout) == {"player": 0, "dealer": 2, "events": 4, "end": 4 + 3 * 9}
    out = __import__("numpy").zeros(offsets(layout)["end"], dtype="float32")
    write_information(out, layout, 3, 1, [0], [(-1, 2), (0, 1)], lambda number: (number,))
    assert out.nonzero()[0].tolist() == [1, 2, 4 + 2 + 3 + 2, 13 + 0, 13 + 2 + 1]
    with pytest.raises(ValueError, match="an information state holds 3 events at most, not 4"):
        write_information(out, layout, 3, 1, [0], [(-1, 2)] * 4, lambda number: (number,))


@pytest.mark.parametrize("bridge", ["openspiel", "pettingzoo"])
def test_the_documented_family_example_runs(bridge: str) -> None:
    """docs/python/<bridge>_family_example.py, as the bridge's page shows it: one episode of Doubleduck and one of
    Aw Ducks!, every return or reward each game's."""
    pytest.importorskip("pyspiel" if bridge == "openspiel" else "pettingzoo")
    example = Path(__file__).resolve().parents[1] / "docs" / "python" / f"{bridge}_family_example.py"
    done = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    if bridge == "openspiel":
        assert lines[0].startswith("python_doubleduck: 104 chance nodes, 104 actions, returns [")
        assert lines[1].startswith("python_aw_ducks: ") and len(lines) == 2
    else:
        assert lines[0].startswith("doubleduck_v0 rewards: {'player_0': ") and "'player_3'" in lines[0]
        assert lines[1].startswith("aw_ducks_v0 rewards: {'player_0': ") and "'player_3'" in lines[1]


def game_bridge_classes(base: type, library: str) -> dict[str, list[Any]]:
    """The subclasses of ``base`` that each game's bridges define (``ducksoup.<game>.bridges``), by game: from its
    modules needing no library (``""``) or from its ``.openspiel`` or ``.pettingzoo`` module."""
    found: dict[str, list[Any]] = {}
    for info in pkgutil.walk_packages(ducksoup.__path__, "ducksoup."):
        match = re.fullmatch(r"ducksoup\.(\w+)\.bridges\.(\w+)", info.name)
        if not match or (match[2] in ("openspiel", "pettingzoo")) != bool(library) or (library and match[2] != library):
            continue
        module = importlib.import_module(info.name)
        classes = [
            kind
            for kind in vars(module).values()
            if isinstance(kind, type) and issubclass(kind, base) and kind is not base
        ]
        found.setdefault(match[1], []).extend(kind for kind in classes if kind.__module__ == info.name)
    return {game: classes for game, classes in found.items() if classes}


def game_encoding(game: str) -> Encoding:
    encoding: Encoding = importlib.import_module(f"ducksoup.{game}.bridges.encoding").ENCODING
    return encoding


def test_every_games_episode_takes_its_actions_and_cards_from_its_encoding() -> None:
    """Each game's episode names its encoding's record and passes none of it on (the shared episode calls it)."""
    pytest.importorskip("numpy")
    from ducksoup.bridges.chance import ChanceEpisode

    episodes = game_bridge_classes(ChanceEpisode, "")
    assert set(episodes) == {"duck_soup", "doubleduck", "aw_ducks"}
    for game, (episode,) in episodes.items():
        encoding = game_encoding(game)
        assert episode.encoding is encoding, game
        assert not PASSED_ON & set(vars(episode)), f"{episode.__qualname__} passes on {PASSED_ON & set(vars(episode))}"
        assert len(encoding.card_names) == episode.kinds, game


def test_every_games_environment_and_openspiel_game_use_the_encoding_as_it_is() -> None:
    """Each game's environment names the same record as its episode and passes none of it on; its OpenSpiel game
    passes on neither the record nor the tensors (the observer asks the episode), and counts the encoding's
    actions."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from ducksoup.bridges.openspiel import BridgeGame
    from ducksoup.bridges.pettingzoo import CardEnv

    environments = game_bridge_classes(CardEnv, "pettingzoo")
    games = game_bridge_classes(BridgeGame, "openspiel")
    assert set(environments) == set(games) == {"duck_soup", "doubleduck", "aw_ducks"}
    for game, (environment,) in environments.items():
        encoding = game_encoding(game)
        assert environment.encoding is encoding, game
        assert not PASSED_ON & set(vars(environment)), environment.__qualname__
        raw: Any = environment()
        assert raw.num_actions == raw.action_space("player_0").n == encoding.num_actions
    for game, (bridge_game,) in games.items():
        passed_on = (PASSED_ON | {"write_observation", "write_information_state"}) & set(vars(bridge_game))
        assert not passed_on, f"{bridge_game.__qualname__} passes on {passed_on}"
        loaded = pyspiel.load_game(bridge_game.facts.short_name)
        assert loaded.new_initial_state().deal.encoding is game_encoding(game)
        assert loaded.num_distinct_actions() == game_encoding(game).num_actions


def test_a_fourth_game_gets_its_bridges_from_its_own_pieces_only() -> None:
    """The toy of tests/toy_bridges.py gives only its engine, encoding, episode hooks and facts, and passes what every
    game's bridges pass: OpenSpiel's random simulation with serialization, PettingZoo's API and seed tests, and the
    bridge and the environment playing as its engine does for the same deck."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    from ducksoup.bridges.pettingzoo import wrapped
    from tests import toy_bridges
    from tests.bridge_checks import (
        check_api,
        check_differential,
        check_env_differential,
        check_hidden_cards,
        check_wrong_moves,
    )

    game = pyspiel.load_game(toy_bridges.ToyGame.facts.short_name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    check_differential(game, toy_bridges.ToyEngine, toy_bridges.PACK, toy_bridges.ToyEngine.returns)
    for player in (0, 1):  # the cards the other player took
        check_hidden_cards(
            game, player, lambda state, p: [n for n, seer in enumerate(state.deal.seers_of) if seer != p], player
        )
    check_wrong_moves(game.new_initial_state(), toy_bridges.ENCODING.num_actions)
    check_api(wrapped(toy_bridges.ToyEnv()))
    seed_test(lambda: wrapped(toy_bridges.ToyEnv()), num_cycles=100)
    check_env_differential(
        wrapped(toy_bridges.ToyEnv()), toy_bridges.ToyEngine, toy_bridges.PACK, toy_bridges.ToyEngine.returns
    )
