"""The registry of the family's games, as the reference implementation knows them.

Each game's reference folder (``ducksoup/<package>/``) defines ``GAME``, a :class:`GameReference`:
the game's entry in the conformance suite's registry (:class:`duckcheck.games.GameSuite`, its
facts and the specification behind them) and what the reference adds: the adapter's backends
(the fast engine, and the specification), the bots, and the commands that tell, play, simulate
and (where the game has a solver) analyse the game. The adapter and every command of the CLI
reach a game only through it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from duckcheck.codec import JSON
from duckcheck.games import DEFAULT_GAME, GameSuite, Setup, UnknownGame, games
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


class WorkedExample(Protocol):
    """A worked example of a rule text, played through the specification."""

    title: str
    source: str
    expected: str

    def check(self) -> tuple[bool, str]: ...


class Analysis(Protocol):
    """The analysis of a recorded game (``ducksoup analyse``): the best play at each decision and what each
    mistake cost."""

    def to_json(self) -> JSON:
        """The whole analysis as one JSON object (``ducksoup analyse --json``)."""
        ...

    def report_lines(self, mistakes_only: bool = False) -> list[str]:
        """The analysis for people, decision by decision, then a summary per player."""
        ...

    def step_notes(self) -> Mapping[int, str]:
        """One line per analysed step, by step number (``ducksoup explain --analyse``)."""
        ...


class NoAnalysis(ValueError):
    """A game the reference cannot analyse; the message names the games it can."""


Target = str
"""Where a piece of a game lives, as ``"module:attribute"``; it is imported only when used, so that the
adapter and each command load no more than they need."""


def load(target: Target) -> Any:
    """The object at ``target`` (``"ducksoup.duck_soup.playing:play"``)."""
    module, attribute = target.split(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True)
class GameReference:
    """One game of the family in the reference implementation: where each of its pieces lives."""

    suite: GameSuite
    backends: Mapping[str, Target]
    """The adapter's backends by name: ``engine`` (the default, the fast engine) and ``spec``; each is made
    from a :class:`~duckcheck.games.Setup` and is a :class:`Backend`."""
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
    viewer: Target | None = None
    """How the trace viewer (``ducksoup view``, ``check --html``, the docs' trace pages) draws the game: a
    :class:`ducksoup.viewer.scene.Drawing` (its cards' faces, and its states and views as scenes)."""
    analyse: Target | None = None
    """Where the game can be analysed (``ducksoup analyse``, ``explain --analyse``): a function (a trace as JSON;
    keywords ``samples``, the sampled play-outs per action where values are estimated, ``seed`` and ``start``,
    the first step analysed) returning an :class:`Analysis`; it raises ``ValueError`` saying why a trace cannot
    be analysed."""

    @property
    def id(self) -> str:
        return self.suite.id

    def backend(self, name: str, setup: Setup) -> Backend:
        backend: Backend = load(self.backends[name])(setup)
        return backend

    def bot_classes(self) -> Mapping[str, Callable[[int | None], Any]]:
        bots: Mapping[str, Callable[[int | None], Any]] = load(self.bots)
        return bots

    def narrate(self, loaded: Loaded, as_player: int | None, symbols: bool) -> Narrator:
        narrator: Narrator = load(self.narrator)(loaded, as_player, symbols)
        return narrator

    def worked_examples(self) -> Sequence[WorkedExample]:
        examples: Sequence[WorkedExample] = load(self.examples)
        return examples

    def drawing(self) -> Drawing:
        """How the viewer draws the game; :class:`LookupError` for a game that does not say."""
        if self.viewer is None:
            raise LookupError(f"{self.suite.title} does not say how the viewer draws it (GameReference.viewer)")
        drawing: Drawing = load(self.viewer)
        return drawing

    def command(self, name: str) -> click.Command | None:
        """The game's own ``play`` or ``simulate`` command, or None when the game has none."""
        target = {"play": self.play, "simulate": self.simulate}[name]
        command: click.Command | None = None if target is None else load(target)
        return command

    def read_record_file(self, text: str, path: Path) -> Loaded | None:
        """A hand-written record, ready to tell, or None when the game has no record format."""
        if self.read_record is None:
            return None
        loaded: Loaded = load(self.read_record)(text, path)
        return loaded

    def analysis(self, trace: JSON, samples: int, seed: int = 0, start: int = 1) -> Analysis:
        """The analysis of ``trace``, a trace of this game; :class:`NoAnalysis` when the game has none."""
        if self.analyse is None:
            able = [entry.id for entry in references() if entry.analyse is not None]
            raise NoAnalysis(
                f"{self.suite.title} has no solver to analyse its games: "
                f"analysis is available for {', '.join(able) or 'no game'} only"
            )
        analysis: Analysis = load(self.analyse)(trace, samples=samples, seed=seed, start=start)
        return analysis


@cache
def references() -> tuple[GameReference, ...]:
    """Every game of the family, in family order."""
    found = []
    for suite in games():
        entry = getattr(importlib.import_module(f"ducksoup.{suite.package}"), "GAME", None)
        if not isinstance(entry, GameReference):
            raise RuntimeError(f"ducksoup.{suite.package} defines no GAME entry for {suite.id}")
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
    "Analysis",
    "Backend",
    "GameReference",
    "NoAnalysis",
    "Setup",
    "UnknownGame",
    "WorkedExample",
    "reference",
    "references",
]
