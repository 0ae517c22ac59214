"""Each game's part of the documentation, one module per game named after its package (``duck_soup``).

The shared extension (``ducksoup_docs``) reaches a game's module only through :func:`game_docs`, and uses
only what :class:`GameDocs` declares. Each game's module states that it is one (mypy checks the claim at the
module's end) and ``tests/test_registry.py`` checks every game's module at run time.
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any, Protocol, cast, get_type_hints

from duckcheck.games import RegistryError, game, package_of

if TYPE_CHECKING:
    from sphinx.application import Sphinx

JSON = dict[str, Any]


class GameDocs(Protocol):
    """What a game's docs module gives the shared extension (a module satisfies it with module-level names)."""

    SECTION_DOCUMENT: str
    """The source document whose numbered headings are the game's rules sections (``en``)."""
    SOURCE_DOCUMENTS: dict[str, str]
    """Every source document the game's rulings cite, by its short name, with its title for readers."""
    FAULTS_FILE: str
    """The file of the faulty implementations that play the other readings of the rulings."""
    POWER_TEST: str
    """The test that shows the suite rejects every faulty implementation."""
    FIRST_PLAYER: str
    """How a trace page labels the setup's ``dealer`` field (``First dealer``)."""
    ERROR_NOTES: dict[str, tuple[str, tuple[str, ...]]]
    """Every error code: what it means in words, and the rulings behind it."""
    FIELD_NOTES: dict[str, dict[str, str]]
    """The meaning of the fields of the game's schema, by definition and field, where the schema's own
    descriptions are not enough."""

    def source_rst(self, document: str, place: str) -> str | None:
        """A citation of ``place`` in ``document`` that only the game can word, or None for the shared wording."""
        ...

    def catalogue_group(self, trace_id: str) -> tuple[int, str]:
        """Where a trace stands in the catalogue: its group's rank and title."""
        ...

    def outcome_rst(self, trace: JSON) -> str:
        """A trace's outcome in a line."""
        ...

    def trace_body_rst(self, trace: JSON) -> list[str]:
        """The play of a trace, as reStructuredText lines of its page."""
        ...

    def setup(self, app: Sphinx) -> None:
        """The game's own roles, directives and style sheets."""
        ...


def game_docs(game_id: str) -> GameDocs:
    """The docs module of the game ``game_id``; :class:`~duckcheck.games.RegistryError` naming the module and what
    it lacks when the game has none or it is not a :class:`GameDocs`."""
    name = f"{__name__}.{package_of(game(game_id).id)}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise  # the module exists and its own import is broken: its traceback says where
        raise RegistryError(f"{game_id} has no docs module: add {name} (docs/_ext/game_docs/), a GameDocs") from error
    missing = interface_gaps(module)
    if missing:
        raise RegistryError(f"{name} is not a GameDocs: {'; '.join(missing)}")
    return cast(GameDocs, module)  # checked just above, member by member


def interface_gaps(module: Any) -> list[str]:
    """What ``module`` lacks to be a :class:`GameDocs`: each member missing, of another type, or with other
    parameters (the types of a function's parameters are left to mypy)."""
    gaps = []
    for member, wanted in get_type_hints(GameDocs).items():
        kind = str(wanted) if hasattr(wanted, "__origin__") else wanted.__name__  # dict[str, str], str
        if not hasattr(module, member):
            gaps.append(f"no {member} (of type {kind})")
        elif not isinstance(getattr(module, member), getattr(wanted, "__origin__", wanted)):
            gaps.append(f"{member} is of type {type(getattr(module, member)).__name__}, not {kind}")
    for member, function in inspect.getmembers(GameDocs, inspect.isfunction):
        if member.startswith("_"):
            continue
        given = getattr(module, member, None)
        wanted_parameters = list(inspect.signature(function).parameters)[1:]  # all but self
        if not callable(given):
            gaps.append(f"no function {member}({', '.join(wanted_parameters)})")
        elif list(inspect.signature(given).parameters) != wanted_parameters:
            gaps.append(f"{member} does not take ({', '.join(wanted_parameters)})")
    return gaps
