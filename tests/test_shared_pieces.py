"""Machinery written once: each shared piece is defined in one shared module, and no game defines its own.

The acceptance test of issue 22 is :data:`SHARED_PIECES`: every piece of shared machinery (the strict JSON
comparison, the narrator's step loop, the play loop, the recorders, the generator plan's seeding and bot play,
the deck orders, the spec backend, the oracle's skeleton, the bot base and the report protocol) with its home,
and a check that no game module defines its own.
The oracle's pieces are also checked in detail, each with its one home:

* the oracle's skeleton, :class:`duckcheck.oracle.Table` (reading and checking a setup, quoting hostile values
  with ``excerpt()``; the scopes; the deal-versus-game dispatch), which each game's ``oracle.Table``
  subclasses with only its facts and its specification's functions;
* the spec backend, :class:`ducksoup.backends.SpecBackend`, the same class in every game's registry entry;
* the engine backend's protocol handling, :class:`ducksoup.backends.EngineBackend`, which each game's
  ``backends.EngineBackend`` subclasses with only the way to start its engine.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import duckcheck
import ducksoup
import duckspec
from duckcheck.codec import EncodingError, SetupError
from duckcheck.games import GameSuite, Setup, games
from duckcheck.oracle import Scope, TableSetup
from duckcheck.oracle import Table as Skeleton
from ducksoup.backends import EngineBackend, SpecBackend
from ducksoup.games import reference

PACKAGES = {
    "spec": Path(duckspec.__file__).parent,
    "conformance": Path(duckcheck.__file__).parent,
    "reference": Path(ducksoup.__file__).parent,
}
SHARED_CLASSES = {"Scope": Scope, "TableSetup": TableSetup, "SpecBackend": SpecBackend}
"""Classes that only their shared module defines."""
SHARED_FUNCTIONS = {"read_setup", "check_setup", "check_decks"}
"""What the skeleton does for every game, which no game's module defines at its top level."""
SKELETON_METHODS = {
    "of",
    "read_setup",
    "read_scope",
    "read_players",
    "read_decks",
    "check_setup",
    "start",
    "legal_actions",
    "apply",
    "attempt",
    "is_over",
    "needs_deck",
    "decks_used",
    "to_json",
}
"""The skeleton's own behaviour, which a game's Table inherits and never overrides."""


def param_id(value: object) -> str:
    return value.id if isinstance(value, GameSuite) else str(value)


def game_modules() -> list[Path]:
    """Every module of every game's folder in the specification, the suite and the reference."""
    return sorted(
        path for suite in games() for root in PACKAGES.values() for path in (root / suite.package).rglob("*.py")
    )


@pytest.mark.parametrize("path", game_modules(), ids=lambda path: "/".join(path.parts[-2:]))
def test_no_game_module_defines_a_shared_piece(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            assert node.name not in SHARED_CLASSES, f"{path}: {node.name} is {SHARED_CLASSES[node.name].__module__}'s"
        if isinstance(node, ast.FunctionDef):
            assert node.name not in SHARED_FUNCTIONS, f"{path}: {node.name} is duckcheck.oracle.Table's"


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_each_oracle_is_the_skeleton_with_what_differs(suite: GameSuite) -> None:
    assert issubclass(suite.oracle, Skeleton)
    assert suite.oracle.__module__ == f"duckcheck.{suite.package}.oracle"
    overridden = SKELETON_METHODS & set(vars(suite.oracle))
    assert not overridden, f"{suite.id}: its Table redefines the skeleton's {sorted(overridden)}"
    assert [scope.value for scope in suite.oracle.scopes] == list(suite.scopes)


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_each_game_serves_the_one_spec_backend_and_a_small_engine_backend(suite: GameSuite) -> None:
    entry = reference(suite.id)
    assert entry.backends["spec"] == "ducksoup.backends:SpecBackend"
    engine = entry.resolve("backends.engine")
    assert issubclass(engine, EngineBackend) and engine is not EngineBackend
    assert set(vars(engine)) - {"__module__", "__doc__", "__qualname__"} == {"start_engine"}, suite.id


REACHABLE = {"", ".encoding", ".oracle"}
"""What a game's reference folder imports of the game's conformance folder: its registry entry ``SUITE``, its
codec (``encoding``, the JSON forms the suite defines) and its oracle (``oracle``); the rest of the suite's
game folder (views, failures, recorder, plan) is the suite's own, reached through the registry if at all."""


def suite_imports(package: str) -> list[tuple[str, str]]:
    """Each (module, part of the suite's game folder) that the game's reference folder imports."""
    found = []
    prefix = f"duckcheck.{package}"
    for path in sorted((PACKAGES["reference"] / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            modules += [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            for module in modules:
                if module == prefix or module.startswith(f"{prefix}."):
                    found.append((path.stem, module.removeprefix(prefix)))
    return found


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_a_games_reference_imports_of_its_suite_only_the_registry_entry_codec_and_oracle(suite: GameSuite) -> None:
    imports = suite_imports(suite.package)
    assert ("__init__", "") in imports  # what the scan finds: the registry entry
    beyond = [(module, part) for module, part in imports if part not in REACHABLE]
    assert beyond == [], f"{suite.id}: reach these through the registry ({suite.package}'s SUITE) instead"


HUGE = "\x1b[2J" + "Q" * 100_000
"""A hostile value: huge, and starting with a terminal's clear-screen sequence."""


def hostile_setups(suite: GameSuite) -> list[tuple[str, dict[str, Any]]]:
    """Setups with one field hostile (huge, and starting with a terminal's clear-screen sequence), each with the
    start of its refusal: the field at fault."""
    huge = HUGE
    return [
        ("scope:", {"scope": huge}),
        ("players:", {"players": huge}),
        ("players:", {"players": 10**5000}),
        ("dealer", {"dealer": huge}),
        ("dealer", {"dealer": [huge] * 3}),
        ("decks:", {"decks": huge}),
        ("decks[0]:", {"decks": [huge]}),
        ("decks:", {"decks": [[huge]]}),
        ("options:", {"options": {huge: 1}}),
        ("options:", {"options": {next(iter(suite.option_values)): huge}}),
    ]


HOSTILE = [
    pytest.param(suite, where, change, id=f"{suite.id}-{number}")
    for suite in games()
    for number, (where, change) in enumerate(hostile_setups(suite))
]


@pytest.mark.parametrize(("suite", "where", "change"), HOSTILE)
def test_a_hostile_setup_value_gets_a_short_line(suite: GameSuite, where: str, change: dict[str, Any]) -> None:
    """The refusal is one line of at most a few hundred characters, naming the field and quoting at most an
    escaped excerpt, from the oracle and from both of the adapter's backends."""
    trace = {"game": suite.id, "scope": suite.scopes[0], "options": {}, "players": suite.players[0], "dealer": 0}
    setup = Setup.of({**trace, "decks": [], **change})
    entry = reference(suite.id)
    for start in (suite.start, lambda s: entry.backend("engine", s), lambda s: entry.backend("spec", s)):
        with pytest.raises((EncodingError, SetupError)) as refused:
            start(setup)
        message = str(refused.value)
        assert message.startswith(where) and "\n" not in message and "\x1b" not in message, message
        assert len(message) < 300, message


HOSTILE_ACTIONS = [
    pytest.param(suite, action, id=f"{suite.id}-{number}")
    for suite in games()
    for number, action in enumerate(
        [
            HUGE,
            {"player": HUGE},
            {"player": 0, "play": HUGE, "turn": HUGE, "card": HUGE, "call": HUGE},
            {"player": 0, "play": "TC", "turn": "discard", "card": HUGE, "call": HUGE},
            {"player": 0, "turn": HUGE},
        ]
    )
]


@pytest.mark.parametrize(("suite", "action"), HOSTILE_ACTIONS)
def test_a_hostile_action_gets_a_short_line(suite: GameSuite, action: Any) -> None:
    with pytest.raises(EncodingError) as refused:
        suite.parse_action(action, "action")
    message = str(refused.value)
    assert message.startswith("action") and "\n" not in message and "\x1b" not in message, message
    assert len(message) < 300, message


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_the_skeleton_refuses_a_scope_the_game_does_not_have(suite: GameSuite) -> None:
    """A record or a caller in code may name any scope of the family; the game's oracle refuses the others."""
    other = next(scope for scope in Scope if scope.value not in suite.scopes)
    expected = f"scope: {suite.title} has no {other} scope; one of {', '.join(suite.scopes)}"
    with pytest.raises(SetupError) as refused:
        suite.oracle.check_setup(other, suite.oracle.parse_options({}), 1, suite.players[0])
    assert str(refused.value) == expected


@dataclass(frozen=True)
class Piece:
    """A piece of machinery written once: where it lives, and the definitions that would be a game's own copy."""

    name: str
    homes: tuple[str, ...]
    """``module:attribute`` of each shared definition."""
    classes: frozenset[str] = frozenset()
    """Class names no game module defines."""
    functions: frozenset[str] = frozenset()
    """Functions no game module defines at its top level."""
    kind: str = ""
    """A fragment of a class name (``Narrator``, ``Recorder``...) marking a game's class of this kind..."""
    methods: frozenset[str] = frozenset()
    """... which must not define these methods: they are the shared piece's."""


PLAN_MACHINERY = ("seeded", "shuffled_decks", "seeded_setup", "bot_description", "bot_played", "played_deals")
"""What every game's generator plan uses of :mod:`duckcheck.planning`."""

SHARED_PIECES = (
    Piece(
        "comparison",
        tuple(f"duckcheck.strict:{name}" for name in ("same", "differences", "json_type", "loads_strict", "contains")),
        functions=frozenset({"same", "differences", "json_type", "loads_strict", "contains"}),
    ),
    Piece(
        "narrator loop",
        ("ducksoup.narration:StepNarrator",),
        classes=frozenset({"StepNarrator"}),
        kind="Narrator",
        methods=frozenset({"steps", "step", "refused", "disagreement", "final_disagreement", "to_the_end"}),
    ),
    Piece(
        "play loop",
        ("ducksoup.playing:Terminal",),
        classes=frozenset({"Terminal"}),
        kind="Seat",
        methods=frozenset({"run", "ask", "show_turn", "legal"}),
    ),
    Piece(
        "recorder",
        (
            "duckcheck.recording:Recorder",
            "duckcheck.recording:SetupRecorder",
            "ducksoup.recording:EngineRecorder",
            "ducksoup.recording:SetupRecorder",
        ),
        functions=frozenset({"rejection_code"}),
        kind="Recorder",
        methods=frozenset({"act", "reject", "trace", "play_out", "add_deck", "rejection_code", "decks_used"}),
    ),
    Piece(
        "generator plan",
        tuple(f"duckcheck.planning:{name}" for name in PLAN_MACHINERY),
        functions=frozenset(PLAN_MACHINERY),
    ),
    Piece("deck orders", ("duckspec.decks:checked_decks",), functions=frozenset({"checked_decks"})),
    Piece("spec backend", ("ducksoup.backends:SpecBackend",), classes=frozenset({"SpecBackend"})),
    Piece(
        "oracle skeleton",
        ("duckcheck.oracle:Table", "duckcheck.oracle:TableSetup", "duckcheck.oracle:Scope"),
        classes=frozenset({"Scope", "TableSetup"}),
        functions=frozenset({"read_setup", "check_setup"}),
        kind="Table",
        methods=frozenset(SKELETON_METHODS),
    ),
    Piece(
        "refusal",
        ("duckspec.refusals:RefusalCode", "duckspec.refusals:Refusal", "duckspec.refusals:most_urgent"),
        classes=frozenset({"RefusalCode", "Refusal"}),
        functions=frozenset({"most_urgent"}),
        kind="ErrorCode",
        methods=frozenset({"precedence"}),
    ),
    Piece("bot base", ("ducksoup.bots:Bot", "ducksoup.bots:RandomBot"), classes=frozenset({"Bot", "RandomBot"})),
    Piece("strong bots' choice", ("ducksoup.bots:clear_winner",), functions=frozenset({"clear_winner"})),
    Piece("typed card and call", ("ducksoup.playing:card_and_called",), functions=frozenset({"card_and_called"})),
    Piece(
        "simulation",
        tuple(
            f"ducksoup.stats:{name}"
            for name in ("deals_and_games_report", "play_turn", "play_deal_out", "play_game_out")
        ),
        functions=frozenset({"deals_and_games_report", "play_turn", "play_deal_out", "play_game_out"}),
    ),
    Piece(
        "trick just played",
        ("ducksoup.viewer.scene:trick_just_played", "ducksoup.viewer.scene:tricks_gained"),
        functions=frozenset({"trick_just_played", "tricks_gained"}),
    ),
    Piece(
        "analysis events",
        tuple(
            f"ducksoup.analysis_events:{name}"
            for name in ("ValuedDecision", "DealTotals", "DealHeading", "by_deal", "estimate_line")
        ),
        classes=frozenset({"ValuedDecision", "DealTotals", "DealHeading"}),
        functions=frozenset({"by_deal", "estimate_line"}),
    ),
    Piece(
        "report protocol",
        ("duckcheck.reports:Report",),
        classes=frozenset({"Report"}),
        kind="Report",
        methods=frozenset({"start", "add", "finish"}),
    ),
)
"""Every piece of shared machinery that issue 22 wrote once, each with its home."""


def copies_of_pieces(path: Path) -> list[str]:
    """What a module defines that a shared piece owns, as ``piece: Class``, ``piece: Class.method`` or
    ``piece: function()``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for piece in SHARED_PIECES:
        top = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
        found += [f"{piece.name}: {name}()" for name in top if name in piece.functions]
        for cls in (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)):
            if cls.name in piece.classes:
                found.append(f"{piece.name}: {cls.name}")
            if piece.kind and piece.kind in cls.name:
                methods = {item.name for item in cls.body if isinstance(item, ast.FunctionDef)}
                found += [f"{piece.name}: {cls.name}.{method}" for method in sorted(methods & piece.methods)]
    return found


@pytest.mark.parametrize("piece", SHARED_PIECES, ids=lambda piece: piece.name)
def test_each_shared_piece_lives_in_its_home(piece: Piece) -> None:
    shared = []
    for home in piece.homes:
        module, attribute = home.split(":")
        assert not any(suite.package in module.split(".") for suite in games()), f"{home} is a game's module"
        shared.append(getattr(importlib.import_module(module), attribute))
    provided = {name for item in shared for name in piece.methods if hasattr(item, name)}
    provided |= {name for item in shared for name in piece.functions if hasattr(item, name)}
    provided |= {getattr(item, "__name__", "") for item in shared}
    missing = (piece.methods | piece.functions) - provided
    assert not missing, f"{piece.name}: its homes define none of {sorted(missing)}: the piece's list is stale"


@pytest.mark.parametrize("path", game_modules(), ids=lambda path: "/".join(path.parts[-3:]))
def test_no_game_module_copies_a_shared_piece(path: Path) -> None:
    assert not copies_of_pieces(path), f"{path}: defines {copies_of_pieces(path)}, which the shared pieces own"


def test_a_game_module_that_copies_a_shared_piece_is_found(tmp_path: Path) -> None:
    copied = tmp_path / "copied.py"
    copied.write_text(
        "def same(a, b): ...\n"
        "class Narrator:\n    def steps(self): ...\n    def wording(self): ...\n"
        "class RandomBot: ...\n"
        "class JunitReport:\n    def finish(self, run): ...\n",
        encoding="utf-8",
    )
    assert copies_of_pieces(copied) == [
        "comparison: same()",
        "narrator loop: Narrator.steps",
        "bot base: RandomBot",
        "report protocol: JunitReport.finish",
    ]
