"""The registry of the family's games, as the conformance suite knows them.

Each game lives in a folder of its own in every layer (``duckspec/<package>/``,
``duckcheck/<package>/``, ``ducksoup/<package>/``, ``conformance/traces/<game id>/``), and its
``duckcheck`` folder defines ``SUITE``, a :class:`GameSuite`: the game's facts as a record
(its identifier in traces, player counts, scopes, rule options, rules sections, error codes,
rulings) and its behaviour as a few named pieces (its oracle, a :class:`duckcheck.oracle.Table`
that plays a trace's setup on the specification; the players' views; its action codec; how to
describe an action; which sections a failure concerns; the generator's plan). The runner, the
linter, the generator, the reports and the reference's shared modules reach everything
game-specific through it, never by naming a game or importing a game's folder, so adding a game
means adding its folders. The games are found by looking for ``SUITE`` in the sub-packages of
``duckcheck``; a game's package name is its identifier with ``-`` written ``_``.

The model is OpenSpiel's registration (a game's facts as data beside a small behaviour
interface, and one way in by name), without its C++.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, TypeVar

import duckcheck
from duckcheck.codec import JSON, EncodingError, SetupError
from duckcheck.oracle import AnyTable
from duckcheck.recording import RuleCode
from duckspec.rulings import Ruling, load_rulings

DEFAULT_GAME = "duck-soup"
"""The game a command plays or checks when none is named: the first of the family."""


class Table(Protocol):
    """A trace's play on the specification: a deal, round, game or match in progress (immutable)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def needs_deck(self) -> bool: ...

    @property
    def decks_used(self) -> int:
        """How many of the setup's decks have been dealt (a deal's count in a game deals the next)."""

    def legal_actions(self) -> tuple[Any, ...]: ...

    def apply(self, action: Any) -> Table:
        """The table after ``action``; raises the game's ``IllegalAction`` (with a ``code``) if illegal."""
        ...

    def attempt(self, action: Any) -> Table | str:
        """The table after ``action``, or the error code the rules reject it with."""
        ...

    def to_json(self) -> JSON:
        """The canonical state (see the game's schema)."""
        ...


class Views(Protocol):
    """Follows a trace's accepted states and derives what each player may see."""

    def advance(self, state: JSON) -> list[JSON]:
        """The players' views once play has reached ``state``, the next accepted state of the trace."""
        ...


@dataclass(frozen=True)
class Setup:
    """What a trace starts from, as its JSON gives it (and a ``start`` request carries)."""

    game: str
    scope: Any
    options: Any
    players: Any
    first: Any
    """The first deal's dealer (``dealer`` in a trace), or the starting player in a game without a dealer."""
    decks: Any
    """The deck orders as given; each game's ``start`` checks them and the other fields (they come from outside)."""

    @classmethod
    def of(cls, trace: JSON) -> Setup:
        """The setup of a trace or of a ``start`` request (``players`` defaults to the game's only count)."""
        suite = game(trace.get("game"))
        players = trace.get("players", suite.players[0])
        first = trace["dealer"] if "dealer" in trace else trace.get("first")
        return cls(suite.id, trace.get("scope"), trace.get("options", {}), players, first, trace.get("decks"))


@dataclass(frozen=True)
class GameSuite:
    """One game of the family, as the conformance suite knows it: facts, then behaviour."""

    id: str
    """The game's identifier in traces and in the protocol (``duck-soup``)."""
    title: str
    designer: str | None
    family_order: int
    """Where the game stands in listings: Duck Soup first."""
    trace_prefix: str
    """Every trace ID of the game starts with it (``ds-``)."""
    players: tuple[int, ...]
    scopes: tuple[str, ...]
    option_values: Mapping[str, list[Any]]
    """Every rule option and its values; the first value is the standard rule."""
    sections: Mapping[str, str]
    """The normative rules sections, each with its title (``"§6": "Quacking"``)."""
    field_sections: Mapping[str, str]
    """The section that governs each field of the canonical state, for failure reports."""
    error_sections: Mapping[str, str]
    """Every error code, in order of precedence, with the section whose rule it enforces."""
    oracle: type[AnyTable]
    """The game's oracle: its specification behind the skeleton :class:`duckcheck.oracle.Table` (reading and
    checking a setup, playing a deal or a longer play). The reference reaches a game's oracle here."""
    views: Callable[[], Views]
    """A fresh follower of one trace's states, deriving the players' views."""
    parse_action: Callable[[Any, str], Any]
    """An action from its JSON (and where it was read, for the message); :class:`EncodingError` if it is none."""
    describe_action: Callable[[JSON], str]
    """An action's JSON in words, for reports (``player 1 plays 9C calling quack``)."""
    failure_sections: Callable[[Sequence[str], JSON | None, str | None, JSON], tuple[str, ...]]
    """The sections behind a divergence: (differing lines, the action, the expected error code, the state before)."""
    plan: Plan
    """Every trace of the game's suite: its ID and the function that builds it, in a fixed order."""

    @property
    def package(self) -> str:
        """The game's folder name in every layer (``duck_soup``)."""
        return package_of(self.id)

    def start(self, setup: Setup) -> Table:
        """The specification's table for a setup; raises :class:`SetupError` or :class:`EncodingError`."""
        return self.oracle.of(setup)

    def rulings(self) -> tuple[Ruling, ...]:
        """The game's rulings register."""
        return load_rulings(self.package)

    def section_title(self, section: str) -> str:
        """``§6 Quacking``."""
        return f"{section} {self.sections[section]}" if section in self.sections else section


def package_of(game_id: str) -> str:
    return game_id.replace("-", "_")


Plan = Callable[[], Iterable[tuple[str, Callable[[], JSON]]]]
"""A game's plan: every trace ID of its suite with the function that builds it, in a fixed order."""


def plan_in(module: str, name: str = "plan") -> Plan:
    """The plan ``name`` of ``module`` (``duckcheck.duck_soup.plan``), imported only when traces are built: the
    runner and the reference never need the generator's modules."""

    def plan() -> Iterable[tuple[str, Callable[[], JSON]]]:
        built: Plan = getattr(importlib.import_module(module), name)
        return built()

    return plan


def error_sections_of(codes: Iterable[RuleCode]) -> dict[str, str]:
    """Every error code of a game's ``ErrorCode`` (in its order, the order of precedence) with its section."""
    return {code.value: code.section for code in codes}


class RegistryError(RuntimeError):
    """A registry entry that is missing or points at nothing: the family is broken, not the input.

    Every layer's registry raises it at once, naming the package, the game and the target at fault, rather
    than leaving a game out in silence."""


T = TypeVar("T")


def registry_entry(package: str, name: str, kind: type[T]) -> T:
    """The registry object ``name`` of the game package ``package`` (``duckcheck.duck_soup``, ``SUITE``)."""
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as error:
        if error.name != package:
            raise  # the package exists and its own import is broken: its traceback says where
        raise RegistryError(
            f"there is no package {package}: a game of the family has its folder in each layer"
        ) from error
    entry = getattr(module, name, None)
    if entry is None:
        raise RegistryError(
            f"{package} defines no {name}: every game package of {package.split('.')[0]} defines {name}, "
            f"its {kind.__module__}.{kind.__name__}, in its __init__.py"
        )
    if not isinstance(entry, kind):
        raise RegistryError(f"{package}.{name} is a {type(entry).__name__}, not a {kind.__module__}.{kind.__name__}")
    return entry


@cache
def games() -> tuple[GameSuite, ...]:
    """Every game of the family, in family order: one for each sub-package of ``duckcheck``, each of which is a
    game's folder; :class:`RegistryError` for one that defines no ``SUITE`` or another game's."""
    found = []
    for module in pkgutil.iter_modules(duckcheck.__path__):
        if module.ispkg:
            suite = registry_entry(f"duckcheck.{module.name}", "SUITE", GameSuite)
            if suite.package != module.name:
                raise RegistryError(
                    f"duckcheck.{module.name}.SUITE is the game {suite.id!r}, whose folder is duckcheck/{suite.package}"
                )
            found.append(suite)
    return tuple(sorted(found, key=lambda suite: suite.family_order))


def game_ids() -> tuple[str, ...]:
    return tuple(suite.id for suite in games())


def game(game_id: Any) -> GameSuite:
    """The game named ``game_id``; :class:`UnknownGame` (a ``SetupError``) for any other value."""
    for suite in games():
        if suite.id == game_id:
            return suite
    raise UnknownGame(f"unknown game {game_id!r}; the family's games are {', '.join(game_ids())}")


class UnknownGame(SetupError):
    """A game identifier that names no game of the family."""


__all__ = [
    "DEFAULT_GAME",
    "EncodingError",
    "GameSuite",
    "RegistryError",
    "Setup",
    "SetupError",
    "Table",
    "UnknownGame",
    "Views",
    "error_sections_of",
    "game",
    "game_ids",
    "games",
    "plan_in",
    "registry_entry",
]
