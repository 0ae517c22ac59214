"""The recording and bot pieces are written once and shared by every game: the recorder base of the generator
(:class:`duckcheck.recording.Recorder`), the engine-side recorder (:class:`ducksoup.recording.EngineRecorder`),
the ``Bot`` protocol and ``RandomBot`` (:mod:`ducksoup.bots`), and the simulations' machinery
(:mod:`ducksoup.stats`). No game package defines its own; each game's subclasses give only what differs, and
they record what the specification says."""

from __future__ import annotations

import ast
import enum
import importlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import click
import pytest
from click.testing import CliRunner

import duckcheck
import ducksoup
from duckcheck import recording
from duckcheck.codec import JSON
from duckcheck.games import GameSuite, games
from duckcheck.recording import RecordingError
from duckcheck.strict import same
from ducksoup.bots import NoLegalAction, RandomBot
from ducksoup.cli import main
from ducksoup.games import reference
from ducksoup.recording import EngineRecorder
from ducksoup.stats import check_counts, seeded_bots

CONFORMANCE = Path(duckcheck.__file__).resolve().parent
REFERENCE = Path(ducksoup.__file__).resolve().parent
SHARED_ONLY_CLASSES = {"Bot", "RandomBot"}
"""Classes that only :mod:`ducksoup.bots` defines."""
SHARED_ONLY_FUNCTIONS = {"rejection_code", "rejection"}
"""Functions (or methods) that only :mod:`duckcheck.recording` defines."""
RECORDER_METHODS = {"act", "reject", "trace", "snapshot", "play_out", "apply", "add_deck"}
"""What the recorder bases do for every game; a game's recorder class gives only what differs."""


def param_id(value: object) -> str:
    return value.id if isinstance(value, GameSuite) else str(value)


def game_files(suite: GameSuite) -> list[Path]:
    """Every module of the game's conformance and reference packages."""
    return sorted((CONFORMANCE / suite.package).rglob("*.py")) + sorted((REFERENCE / suite.package).rglob("*.py"))


GAME_FILES = [
    pytest.param(suite, path, id=str(path.relative_to(CONFORMANCE.parent.parent)))
    for suite in games()
    for path in game_files(suite)
]


def own_definitions(path: Path) -> list[str]:
    """The shared pieces a game module defines for itself, as ``Class`` or ``Class.method`` or ``function``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            if node.name in SHARED_ONLY_CLASSES:
                found.append(node.name)
            if "Recorder" in node.name:
                methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
                found += [f"{node.name}.{method}" for method in sorted(methods & RECORDER_METHODS)]
        elif isinstance(node, ast.FunctionDef) and node.name in SHARED_ONLY_FUNCTIONS:
            found.append(node.name)
    return found


@pytest.mark.parametrize(
    ("suite", "path"), GAME_FILES, ids=lambda value: param_id(value) if not isinstance(value, Path) else value.name
)
def test_no_game_defines_its_own_bot_protocol_random_bot_rejection_code_or_recorder_steps(
    suite: GameSuite, path: Path
) -> None:
    found = own_definitions(path)
    assert not found, f"{path}: defines {found}; use ducksoup.bots, duckcheck.recording or ducksoup.recording"


def test_the_structure_check_finds_a_game_module_that_copies_a_shared_piece(tmp_path: Path) -> None:
    copied = tmp_path / "copied.py"
    copied.write_text(
        "class RandomBot: ...\n"
        "class Recorder:\n    def act(self): ...\n    def outcome(self): ...\n"
        "def rejection_code(table, action): ...\n"
    )
    assert own_definitions(copied) == ["RandomBot", "Recorder.act", "rejection_code"]


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_each_game_builds_on_the_shared_pieces(suite: GameSuite) -> None:
    recorder = importlib.import_module(f"duckcheck.{suite.package}.recorder").Recorder
    traces = importlib.import_module(f"ducksoup.{suite.package}.traces").TraceRecorder
    assert issubclass(recorder, recording.Recorder)
    assert issubclass(traces, EngineRecorder)
    assert reference(suite.id).bot_classes()["random"] is RandomBot


# The generator's recorder base, on a toy oracle: a counter that only goes up by one


class Code(enum.Enum):
    NOT_NEXT = "not-next"
    NOT_POSITIVE = "not-positive"

    @property
    def section(self) -> str:
        return "§2" if self is Code.NOT_NEXT else "§3"

    @property
    def ruling(self) -> str | None:
        return "XX-R02" if self is Code.NOT_NEXT else None


class Scope(enum.Enum):
    DEAL = "deal"


class Refused(Exception):
    def __init__(self, code: Code) -> None:
        super().__init__(code.value)
        self.code = code


@dataclass(frozen=True)
class Counter:
    scope: Scope = Scope.DEAL
    count: int = 0
    finished: object | None = None

    @property
    def is_over(self) -> bool:
        return self.count == 3

    @property
    def needs_deck(self) -> bool:
        return False

    @property
    def decks_used(self) -> int:
        return 1

    def apply(self, step: int) -> Counter:
        if step != self.count + 1:
            raise Refused(Code.NOT_NEXT if step > 0 else Code.NOT_POSITIVE)
        return replace(self, count=step, finished=True if step == 3 else None)

    def to_json(self) -> JSON:
        return {"count": self.count}


class CounterRecorder(recording.Recorder[Counter, int, Code]):
    event_sections: ClassVar[dict[str, tuple[str, ...]]] = {"to-3": ("§1",), "to-9": ("§9",)}
    event_rulings: ClassVar[dict[str, tuple[str, ...]]] = {"to-2": ("XX-R01",)}
    error_codes = Code

    def __init__(self) -> None:
        super().__init__("toy-1", "counting", ["AC2C"], Counter(), Refused, {"setup"})

    def action_json(self, action: int) -> JSON:
        return {"step": action}

    def step_events(self, before: Counter, action: int, after: Counter) -> set[str]:
        return {f"to-{after.count}"}

    def setting(self) -> JSON:
        return {"game": "toy", "players": 1, "options": {}, "dealer": 0}

    def outcome(self, table: Counter) -> JSON:
        return {"reached": table.count}

    def final(self) -> JSON:
        return {"deals": self.outcomes}

    def rng_of(self, table: Counter) -> random.Random:
        return random.Random(table.count)

    def illegal_actions(self, table: Counter) -> list[int]:
        return [0, table.count + 2]


def test_the_recorder_base_records_states_rejections_events_and_the_outcome() -> None:
    recorder = CounterRecorder()
    recorder.act(1)
    assert recorder.reject(5) is Code.NOT_NEXT
    recorder.act(2)
    recorder.act(3)
    trace = recorder.trace()
    assert trace["steps"] == [
        {"action": {"step": 1}, "state": {"count": 1}},
        {"action": {"step": 5}, "reject": "not-next"},
        {"action": {"step": 2}, "state": {"count": 2}},
        {"action": {"step": 3}, "state": {"count": 3}},
    ]
    assert trace["tags"] == ["error-not-next", "negative", "setup", "to-1", "to-2", "to-3"]
    assert (trace["sections"], trace["rulings"]) == (["§1", "§2"], ["XX-R01", "XX-R02"])  # events' and code's
    assert (trace["final"], trace["decks"]) == ({"deals": [{"reached": 3}]}, ["AC2C"])
    assert (trace["game"], trace["scope"], trace["initial"]) == ("toy", "deal", {"count": 0})


def test_the_recorder_base_refuses_a_scenario_that_does_not_do_what_it_says() -> None:
    recorder = CounterRecorder()
    with pytest.raises(RecordingError, match="toy-1: step 0: 2 is illegal"):
        recorder.act(2)
    with pytest.raises(RecordingError, match="1 was meant to be illegal but is accepted"):
        recorder.reject(1)
    with pytest.raises(RecordingError, match=r"is rejected with Code\.NOT_POSITIVE, not Code\.NOT_NEXT"):
        recorder.reject(0, expected=Code.NOT_NEXT)
    assert recorder.steps == [] and recorder.table == Counter()  # nothing recorded, nothing changed


def test_the_recorder_base_plays_out_with_injected_rejections() -> None:
    recorder = CounterRecorder()
    recorder.play_out(lambda table, rng: table.count + 1, inject=1.0, only=Code.NOT_POSITIVE)
    assert recorder.table.is_over
    assert [step.get("reject") for step in recorder.steps] == ["not-positive", None] * 3


# The engine-side recorder, the same for every game: it records what the specification says


def shuffled_deck(suite: GameSuite, rng: random.Random) -> list[Any]:
    """One deck of the game's cards, shuffled by ``rng``."""
    cards = _full_deck(suite)
    rng.shuffle(cards)
    return cards


def oracle_recorder(suite: GameSuite, scope: str, options: JSON, decks: Sequence[Any]) -> Any:
    """The generator's recorder of the game on ``decks``, player 1 first (as dealer or start player)."""
    spec = importlib.import_module(f"duckcheck.{suite.package}.recorder")
    oracle = importlib.import_module(f"duckcheck.{suite.package}.oracle")
    parsed = importlib.import_module(f"duckcheck.{suite.package}.encoding").parse_options(options)
    players = {"players": suite.players[0]} if len(suite.players) > 1 else {}
    return spec.Recorder("both-ways", "both ways", oracle.Scope(scope), parsed, 1, decks, **players)


def engine_recorder(suite: GameSuite, scope: str, options: JSON, decks: Sequence[Any]) -> Any:
    """The game's engine recorder on ``decks``, player 1 first."""
    traces = importlib.import_module(f"ducksoup.{suite.package}.traces")
    parsed = importlib.import_module(f"duckcheck.{suite.package}.encoding").parse_options(options)
    return traces.TraceRecorder("both-ways", "both ways", scope, decks, 1, parsed, players=suite.players[0])


def assert_the_same_play(expected: JSON, trace: JSON) -> None:
    for part in ("initial", "steps", "final", "decks", "scope", "dealer", "players", "game", "options"):
        assert same(expected[part], trace[part]), part
    assert trace["tags"] == ["recorded"] and trace["sections"] == []


def _full_deck(suite: GameSuite) -> list[Any]:
    """The cards of one deck of the game (the trace of its first published trace tells how many and which)."""
    parse = importlib.import_module(f"duckcheck.{suite.package}.encoding").parse_cards_text
    first = sorted((CONFORMANCE.parent / "traces" / suite.id).glob("*.json"))[0]
    deck: list[Any] = list(parse(json.loads(first.read_text(encoding="utf-8"))["decks"][0], "decks[0]"))
    return sorted(deck, key=str)


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_the_engine_recorder_records_what_the_specification_says(suite: GameSuite) -> None:
    scope = suite.scopes[0]  # a deal or round
    decks = [shuffled_deck(suite, random.Random(suite.id))]
    recorder, oracle = engine_recorder(suite, scope, {}, decks), oracle_recorder(suite, scope, {}, decks)
    illegal = importlib.import_module(f"duckspec.{suite.package}.errors").IllegalAction
    bot = RandomBot(7)
    while not recorder.play.is_over:
        before = json.dumps(recorder.play.state())
        wrong = next(iter(oracle.illegal_actions(oracle.table)))
        with pytest.raises(illegal) as refused:
            recorder.apply(wrong)
        assert refused.value.code is oracle.reject(wrong)  # recorded with the specification's code
        assert json.dumps(recorder.play.state()) == before  # and nothing changed
        with pytest.raises(illegal):
            recorder.apply(wrong, keep_rejected=False)  # a slip that is no part of the game
        assert recorder.steps[-1]["reject"] == refused.value.code.value
        action = bot.choose({}, recorder.play.legal_actions())
        recorder.apply(action)
        oracle.act(action)
    assert_the_same_play(oracle.trace(), recorder.trace())


SEVERAL_DEALS: dict[str, tuple[JSON, int]] = {
    "duck-soup": ({}, 4),
    "doubleduck": ({}, 5),
    "aw-ducks": ({"target": 150}, 0),
}
"""Each game's options and a seed of a random game that takes several deals or rounds (one deck each) to win."""


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_a_whole_game_is_recorded_deck_by_deck_as_the_specification_plays_it(suite: GameSuite) -> None:
    options, seed = SEVERAL_DEALS[suite.id]
    rng = random.Random(f"{suite.id} game {seed}")
    decks = [shuffled_deck(suite, rng) for _ in range(40)]
    recorder = engine_recorder(suite, "game", options, decks[:1])  # given each deck only when it needs it
    oracle = oracle_recorder(suite, "game", options, decks)  # as a replay is: every deck at the start
    bot = RandomBot(seed)
    while not recorder.play.is_over:
        if recorder.play.needs_deck:
            recorder.add_deck(decks[len(recorder.decks)])
            continue
        action = bot.choose({}, recorder.play.legal_actions())
        recorder.apply(action)
        oracle.act(action)
    trace = recorder.trace()
    assert len(trace["decks"]) > 1  # a game of several deals or rounds, each from its own deck
    assert_the_same_play(oracle.trace(), trace)


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_a_single_deal_or_round_takes_no_more_decks(suite: GameSuite) -> None:
    decks = [shuffled_deck(suite, random.Random(1))]
    recorder = engine_recorder(suite, suite.scopes[0], {}, decks)
    with pytest.raises(TypeError, match="only a game takes more"):
        recorder.add_deck(decks[0])
    assert len(recorder.snapshot()["decks"]) == 1


# The bots and the simulations


def test_the_random_bot_draws_from_its_own_seed_only() -> None:
    legal = list(range(10))
    rng = random.Random(3)
    expected = [legal[rng.randrange(10)] for _ in range(50)]
    bot = RandomBot(3)
    assert [bot.choose({"ignored": True}, legal) for _ in range(50)] == expected
    with pytest.raises(NoLegalAction, match="no legal action"):
        bot.choose({}, [])


def test_seeded_bots_are_the_same_for_the_same_seed_and_independent_of_the_decks() -> None:
    def maker(name: str) -> Callable[[int], tuple[str, int]]:
        return lambda seed: (name, seed)

    kinds = {"a": maker("a"), "b": maker("b")}
    first = seeded_bots(["a", "b", "a"], kinds, 5)
    assert first == seeded_bots(["a", "b", "a"], kinds, 5) != seeded_bots(["a", "b", "a"], kinds, 6)
    assert [name for name, _ in first] == ["a", "b", "a"] and len({seed for _, seed in first}) == 3


def test_counts_are_checked_in_one_line() -> None:
    with pytest.raises(click.BadParameter, match="play at least 1 round, not 0"):
        check_counts(0, "round", 0)
    with pytest.raises(click.BadParameter, match="cannot be negative"):
        check_counts(1, "deal", -1)
    check_counts(1, "deal", 0)


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_every_simulation_report_names_its_game(suite: GameSuite) -> None:
    command = reference(suite.id).resolve("simulate")
    unit = "--deals" if any(param.name == "deals" for param in command.params) else "--rounds"
    result = CliRunner().invoke(main, ["simulate", "--game", suite.id, unit, "2", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["game"] == suite.id
