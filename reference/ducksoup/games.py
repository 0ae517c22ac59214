"""The registry of the family's games, as the reference implementation knows them.

Each game's reference folder (``ducksoup/<package>/``) defines ``GAME``, a :class:`GameReference`:
the game's entry in the conformance suite's registry (:class:`duckcheck.games.GameSuite`, its
facts and the specification behind them) and what the reference adds: the adapter's backends
(the fast engine, and the specification), the bots, and the commands that tell, play, simulate
and (where the game has a solver) analyse the game. The adapter and every command of the CLI
reach a game only through it.

The rule of the layers for a game's conformance pieces: the reference's shared modules reach a
game's oracle (:attr:`duckcheck.games.GameSuite.oracle`, a subclass of the skeleton
:class:`duckcheck.oracle.Table`), its action codec and its views through the entry's ``suite``,
never by importing the game's folder of ``duckcheck``; a game's own reference folder imports of
that folder only the registry entry ``SUITE``, the codec (``encoding``: the JSON forms the suite
defines, which the reference speaks too) and the oracle, never the suite's own machinery (its
recorder, failures, plan). ``tests/test_shared_pieces.py`` holds the rule.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from duckcheck.codec import JSON
from duckcheck.games import DEFAULT_GAME, GameSuite, RegistryError, Setup, UnknownGame, games, registry_entry
from ducksoup.analysis import Analysis
from ducksoup.narration import Loaded, Narrator
from ducksoup.viewer.scene import Drawing

if TYPE_CHECKING:
    import click  # only for the commands' type: the adapter starts without loading click


class Backend(Protocol):
    """A trace's play behind the adapter: a deal, round, game or match of one game."""

    def act(self, action: Any) -> str | None:
        """Play the action given as JSON: None if accepted, else the error code it is rejected with (nothing
        changes). Raises :class:`duckcheck.codec.EncodingError` for JSON that is no action of the game."""
        ...

    def state(self) -> JSON: ...

    def views(self) -> list[JSON]: ...


@runtime_checkable
class WorkedExample(Protocol):
    """A worked example of a rule text, played through the specification."""

    title: str
    source: str
    expected: str

    def check(self) -> tuple[bool, str]: ...


class NoAnalysis(ValueError):
    """A game the reference cannot analyse; the message names the games it can."""


Target = str
"""Where a piece of a game lives, as ``"module:attribute"``; it is imported only when used, so that the
adapter and each command load no more than they need."""


def load(target: Target) -> Any:
    """The object at ``target`` (such as ``ducksoup.duck_soup.playing:play``, a game's play command);
    :class:`~duckcheck.games.RegistryError` naming the target when it is not of that form or points at nothing."""
    module, colon, attribute = target.partition(":")
    if not (colon and module and attribute.isidentifier()):
        raise RegistryError(f"target {target!r} is not of the form 'package.module:attribute'")
    try:
        loaded = importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is None or not f"{module}.".startswith(f"{error.name}."):
            raise  # the module exists and its own import is broken: its traceback says where
        raise RegistryError(f"target {target!r}: there is no module {error.name}") from error
    if not hasattr(loaded, attribute):
        raise RegistryError(f"target {target!r}: module {module} has no attribute {attribute!r}")
    return getattr(loaded, attribute)


def _is_command(value: object) -> bool:
    import click  # only here: a command's target loads click anyway, and the adapter never asks

    return isinstance(value, click.Command)


def _is_bot_mapping(value: object) -> bool:
    return isinstance(value, Mapping) and all(isinstance(name, str) and callable(bot) for name, bot in value.items())


def _is_examples(value: object) -> bool:
    return isinstance(value, Sequence) and all(isinstance(example, WorkedExample) for example in value)


# What each target of a GameReference must point at, checked whenever one is loaded (a comment, not a docstring:
# autodoc would print the functions' addresses).
TARGET_KINDS: Mapping[str, tuple[Callable[[object], bool], str]] = {
    "backends": (callable, "a class made from the game's GameSuite and a Setup"),
    "bots": (_is_bot_mapping, "a mapping of bot names to bot classes"),
    "narrator": (callable, "a function returning a Narrator"),
    "examples": (_is_examples, "a sequence of worked examples"),
    "play": (_is_command, "a click command"),
    "simulate": (_is_command, "a click command"),
    "read_record": (callable, "a function reading a record"),
    "write_record": (callable, "a function writing a trace as a record"),
    "viewer": (lambda value: isinstance(value, Drawing), "a ducksoup.viewer.scene.Drawing"),
    "analyse": (callable, "a function returning an Analysis"),
    "compiled_analyse": (callable, "a function returning an Analysis searched by a compiled solver"),
}


@dataclass(frozen=True)
class GameReference:
    """One game of the family in the reference implementation: where each of its pieces lives."""

    suite: GameSuite
    backends: Mapping[str, Target]
    """The adapter's backends by name: ``engine`` (the default, the fast engine: the game's subclass of
    :class:`ducksoup.backends.EngineBackend`) and ``spec`` (:class:`ducksoup.backends.SpecBackend`, the same for
    every game); each is made from the game's :class:`~duckcheck.games.GameSuite` and a
    :class:`~duckcheck.games.Setup`, and is a :class:`Backend`."""
    bots: Target
    """A mapping of bot names to bot classes, each made from a seed; ``random`` and ``greedy`` at least."""
    narrator: Target
    """A function (a :class:`~ducksoup.narration.Loaded` trace or record, the player it is told to or None,
    whether to show suit symbols) returning a :class:`~ducksoup.narration.Narrator`."""
    examples: Target
    """The worked examples of the game's rule texts, a sequence of :class:`WorkedExample`."""
    play: Target | None = None
    """``ducksoup play --game ...``: the game against bots in the terminal, a click command with its own options."""
    simulate: Target | None = None
    """``ducksoup simulate --game ...``: bots against bots and the statistics a rules question needs (a click
    command)."""
    read_record: Target | None = None
    """Where the game has a hand-written record format: a function (the record's text, its path) returning a
    :class:`~ducksoup.narration.Loaded`; it raises ``ValueError`` naming the line and column of a mistake."""
    write_record: Target | None = None
    """The way back from a trace to a record (a game with ``read_record`` has it too): a function (a trace as JSON,
    the player whose record it is, or None for everything the trace holds) returning the record's text; a
    player's record holds only what that player saw, and reads back to a game that agrees with every fact
    written. It raises ``ValueError`` saying why a trace cannot be written so."""
    viewer: Target | None = None
    """How the trace viewer (``ducksoup view``, ``check --html``, the docs' trace pages) draws the game: a
    :class:`ducksoup.viewer.scene.Drawing` (its cards' faces, and its states and views as scenes)."""
    analyse: Target | None = None
    """Where the game can be analysed (``ducksoup analyse``, ``explain --analyse``): a function (a trace as JSON;
    keywords ``samples``, the sampled worlds where values are estimated, ``seed``, ``start``, the first step
    analysed, and ``all_actions``, whether every action is valued where values are exact) returning a
    :class:`ducksoup.analysis.Analysis`, which the family's machinery streams; it raises ``ValueError`` saying
    why a trace cannot be analysed."""
    compiled_analyse: Target | None = None
    """Where the game's analysis can search with a copy of its solver compiled by mypyc (``ducksoup analyse
    --compiled``, :mod:`ducksoup.compiling`): a function taking what ``analyse`` takes, returning the same
    analysis; it raises :class:`ducksoup.compiling.Unavailable` saying why where the copy cannot be built or
    loaded."""

    @property
    def id(self) -> str:
        return self.suite.id

    def targets(self) -> dict[str, Target]:
        """Every target the entry gives, by field (``narrator``; ``backends.engine`` for a backend)."""
        given = {f"backends.{name}": target for name, target in self.backends.items()}
        for name in TARGET_KINDS:
            target = None if name == "backends" else getattr(self, name)
            if target is not None:
                given[name] = target
        return given

    def resolve(self, field: str) -> Any:
        """The object at the target of ``field`` (as :meth:`targets` names it), checked to be of the kind the field
        calls for; :class:`~duckcheck.games.RegistryError` naming the game, the field and the target otherwise."""
        target = self.targets().get(field)
        if target is None:
            raise RegistryError(f"{self.id}: its GameReference gives no target {field!r}")
        where = f"{self.id}: GameReference.{field}"
        try:
            value = load(target)
        except RegistryError as error:
            raise RegistryError(f"{where}: {error}") from error
        is_kind, kind = TARGET_KINDS[field.partition(".")[0]]
        if not is_kind(value):
            raise RegistryError(f"{where}: target {target!r} is a {type(value).__name__}, not {kind}")
        return value

    def backend(self, name: str, setup: Setup) -> Backend:
        backend: Backend = self.resolve(f"backends.{name}")(self.suite, setup)
        return backend

    def bot_classes(self) -> Mapping[str, Callable[[int | None], Any]]:
        bots: Mapping[str, Callable[[int | None], Any]] = self.resolve("bots")
        return bots

    def narrate(self, loaded: Loaded, as_player: int | None, symbols: bool) -> Narrator:
        narrator: Narrator = self.resolve("narrator")(loaded, as_player, symbols)
        return narrator

    def worked_examples(self) -> Sequence[WorkedExample]:
        examples: Sequence[WorkedExample] = self.resolve("examples")
        return examples

    def drawing(self) -> Drawing:
        """How the viewer draws the game; :class:`LookupError` for a game that does not say."""
        if self.viewer is None:
            raise LookupError(f"{self.suite.title} does not say how the viewer draws it (GameReference.viewer)")
        drawing: Drawing = self.resolve("viewer")
        return drawing

    def command(self, name: str) -> click.Command | None:
        """The game's own ``play`` or ``simulate`` command, or None when the game has none."""
        target = {"play": self.play, "simulate": self.simulate}[name]
        command: click.Command | None = None if target is None else self.resolve(name)
        return command

    def read_record_file(self, text: str, path: Path) -> Loaded | None:
        """A hand-written record, ready to tell, or None when the game has no record format."""
        if self.read_record is None:
            return None
        loaded: Loaded = self.resolve("read_record")(text, path)
        return loaded

    def record_text(self, trace: JSON, as_player: int | None = None) -> str | None:
        """``trace`` written as a record (``as_player``'s own, or everything), or None when the game has none."""
        if self.write_record is None:
            return None
        text: str = self.resolve("write_record")(trace, as_player)
        return text

    def analysis(
        self,
        trace: JSON,
        samples: int,
        seed: int = 0,
        start: int = 1,
        all_actions: bool = False,
        compiled: bool = False,
    ) -> Analysis:
        """The analysis of ``trace``, a trace of this game; :class:`NoAnalysis` when the game has none, or, with
        ``compiled``, no solver to compile."""
        if self.analyse is None:
            able = [entry.id for entry in references() if entry.analyse is not None]
            raise NoAnalysis(
                f"{self.suite.title} has no solver to analyse its games: "
                f"analysis is available for {', '.join(able) or 'no game'} only"
            )
        if compiled and self.compiled_analyse is None:
            able = [entry.id for entry in references() if entry.compiled_analyse is not None]
            raise NoAnalysis(
                f"--compiled: {self.suite.title}'s analysis runs in pure Python only; "
                f"a compiled solver is available for {', '.join(able) or 'no game'}"
            )
        analysis: Analysis = self.resolve("compiled_analyse" if compiled else "analyse")(
            trace, samples=samples, seed=seed, start=start, all_actions=all_actions
        )
        return analysis


@cache
def references() -> tuple[GameReference, ...]:
    """Every game of the family, in family order."""
    found = []
    for suite in games():
        entry = registry_entry(f"ducksoup.{suite.package}", "GAME", GameReference)
        if entry.suite is not suite:
            raise RegistryError(f"ducksoup.{suite.package}.GAME is the entry of {entry.id!r}, not of {suite.id!r}")
        found.append(entry)
    return tuple(found)


def reference(game_id: str | None = None) -> GameReference:
    """The game named ``game_id`` (Duck Soup when None); :class:`UnknownGame` for any other name."""
    wanted = DEFAULT_GAME if game_id is None else game_id
    for entry in references():
        if entry.id == wanted:
            return entry
    raise UnknownGame(f"unknown game {wanted!r}; the family's games are {', '.join(e.id for e in references())}")


__all__ = [
    "Backend",
    "GameReference",
    "NoAnalysis",
    "RegistryError",
    "Setup",
    "UnknownGame",
    "WorkedExample",
    "reference",
    "references",
]
