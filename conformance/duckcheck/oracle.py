"""The oracle's skeleton: a game's specification behind the one interface the suite plays traces on.

A *table* is what a trace plays on: its scope, rule options, first dealer (or first player), deck
orders and players. Every game of the family plays a trace the same way: it reads and checks the
trace's setup, then plays either one deal (``deal``, or ``round`` in a game that deals rounds) from
one deck or a longer play (``game``, ``match``) that deals again from the next deck while it goes
on. That reading, the checks and the dispatch between the two are written once here, in
:class:`Table`; each game's ``oracle`` module subclasses it with what differs (python-chess's
variants and the consensus specs' forks work the same way): its facts (title, player counts,
scopes, its card notation), the functions of its specification that deal, list the legal actions
and apply one, and the JSON of its canonical state.

The rule of the layers: the suite's generic machinery and the reference implementation reach a
game's oracle through the registry (:attr:`duckcheck.games.GameSuite.oracle`), never by importing a
game's ``oracle`` module; a game's own folders may import it. The module names no game.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from duckcheck.codec import JSON, EncodingError, SetupError
from duckcheck.untrusted import excerpt


class Scope(enum.StrEnum):
    """How much a trace plays: one deal or round from one deck, or a game or match of them."""

    DEAL = "deal"
    ROUND = "round"
    GAME = "game"
    MATCH = "match"


ONE_DECK = frozenset({Scope.DEAL, Scope.ROUND})
"""The scopes that play one deck's deal (or round) and no more."""


class Dealt(Protocol):
    """What the skeleton reads of a game's deal (or round): whether it is over."""

    @property
    def is_over(self) -> bool: ...


class Series(Dealt, Protocol):
    """What the skeleton reads of a game or match: whether it is decided, or waits for another deck."""

    @property
    def needs_deck(self) -> bool: ...


class SetupFields(Protocol):
    """A trace's setup as its JSON gives it (:class:`duckcheck.games.Setup`): every field may be anything."""

    @property
    def scope(self) -> Any: ...

    @property
    def options(self) -> Any: ...

    @property
    def players(self) -> Any: ...

    @property
    def first(self) -> Any: ...

    @property
    def decks(self) -> Any: ...


class Refusal(Protocol):
    """What the skeleton reads of a game's ``IllegalAction``: its stable error code."""

    @property
    def code(self) -> enum.StrEnum: ...


DealT = TypeVar("DealT", bound=Dealt)
SeriesT = TypeVar("SeriesT", bound=Series)
ActionT = TypeVar("ActionT")
OptionsT = TypeVar("OptionsT")
CardT = TypeVar("CardT")


@dataclass(frozen=True)
class TableSetup(Generic[OptionsT, CardT]):
    """A trace's setup in the specification's terms, checked."""

    scope: Scope
    options: OptionsT
    first: int
    """The first deal's dealer, or the first player in a game without a dealer (the trace's ``dealer``)."""
    decks: tuple[tuple[CardT, ...], ...]
    players: int

    @property
    def dealer(self) -> int:
        return self.first


def in_words(numbers: Sequence[int]) -> str:
    """``2``, ``2 or 3``, ``0, 1, 2 or 3``."""
    shown = [str(number) for number in numbers]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


@dataclass(frozen=True)
class Table(Generic[DealT, SeriesT, ActionT, OptionsT, CardT]):
    """A deal (or round), game or match in progress, immutable like the spec's states.

    A game's ``Table`` gives its facts as class attributes (``title``, ``scopes``, ``player_counts``, ...) and
    the hooks after the comment "The game's specification and codec" (how to deal, list the legal actions, apply
    one, write the canonical state). A hook that is one of the codec's functions may be that function itself
    (``deal_json = staticmethod(deal_state_json)``: the hooks take their arguments by position); one that calls
    the specification stays a method calling it, so that it plays whatever the spec's module holds when it runs
    (a patched rule, as in the faulty implementations). Everything else is the same for every game."""

    scope: Scope
    decks_given: int
    state: DealT | SeriesT
    finished: DealT | None = None
    """The deal (or round) the last step finished, as it stood at its end (a game may have dealt the next)."""

    title: ClassVar[str]
    """The game's name in messages (``Duck Soup``)."""
    scopes: ClassVar[tuple[Scope, ...]]
    """The scopes the game's traces may have, the one-deck scope first."""
    player_counts: ClassVar[tuple[int, ...]]
    first_player: ClassVar[str] = "dealer"
    """What the trace's ``dealer`` field names, in messages."""
    deck_example: ClassVar[str]
    """The start of a deck order in the game's notation, for messages (``9C4CAS...``)."""
    illegal_action: ClassVar[type[Exception]]
    """The specification's ``IllegalAction``, which has a ``code``."""

    # Reading and checking a setup: the same for every game.

    @classmethod
    def of(cls, setup: SetupFields) -> Self:
        """The table a trace's setup deals (the registry's ``start``)."""
        table = cls.read_setup(setup)
        return cls.start(table.scope, table.options, table.first, table.decks, table.players)

    @classmethod
    def read_setup(cls, setup: SetupFields) -> TableSetup[OptionsT, CardT]:
        """The setup of a trace or ``start`` request, checked.

        :class:`~duckcheck.codec.EncodingError` or :class:`~duckcheck.codec.SetupError` says what is wrong, where,
        and what would be right, quoting at most an escaped excerpt of what was given."""
        scope = cls.read_scope(setup.scope)
        players = cls.read_players(setup.players)
        if type(setup.first) is not int or not 0 <= setup.first < players:
            raise EncodingError(
                f"{cls.first_player} must be player {in_words(range(players))}, not {excerpt(setup.first)}"
            )
        decks = cls.read_decks(setup.decks)
        options = cls.parse_options(setup.options)
        cls.check_setup(scope, options, len(decks), players)
        return TableSetup(scope, options, setup.first, decks, players)

    @classmethod
    def read_scope(cls, value: Any) -> Scope:
        if not isinstance(value, str) or value not in cls.scopes:
            raise EncodingError(f"scope: {excerpt(value)} is not one of {', '.join(cls.scopes)}")
        return Scope(value)

    @classmethod
    def read_players(cls, value: Any) -> int:
        if type(value) is not int or value not in cls.player_counts:
            raise SetupError(f"players: {cls.title} is a game for {in_words(cls.player_counts)}, not {excerpt(value)}")
        return value

    @classmethod
    def read_decks(cls, value: Any) -> tuple[tuple[CardT, ...], ...]:
        if not isinstance(value, list | tuple) or not all(isinstance(deck, str) for deck in value):
            raise EncodingError(
                f"decks: expected a list of deck orders, each a string of cards like {cls.deck_example!r}, "
                f"not {excerpt(value)}"
            )
        decks = tuple(cls.parse_deck(deck, f"decks[{index}]") for index, deck in enumerate(value))
        for index, deck in enumerate(decks):
            try:
                cls.check_deck(deck)
            except ValueError as error:
                raise SetupError(f"decks[{index}]: {error}") from None
        return decks

    @classmethod
    def check_setup(cls, scope: Scope, options: OptionsT, decks: int, players: int | None = None) -> None:
        """Raise :class:`~duckcheck.codec.SetupError` unless the scope, the options, the number of decks and of
        players fit together."""
        if scope not in cls.scopes:
            raise SetupError(f"scope: {cls.title} has no {scope} scope; one of {', '.join(cls.scopes)}")
        if players is not None:
            cls.read_players(players)
        if not decks:
            raise SetupError("decks: at least one deck is needed")
        if scope in ONE_DECK and decks != 1:
            raise SetupError(f"decks: a {scope} is played from exactly one deck")
        cls.check_options(scope, options)

    @classmethod
    def start(
        cls,
        scope: Scope,
        options: OptionsT,
        first: int,
        decks: Sequence[Sequence[CardT]],
        players: int | None = None,
    ) -> Self:
        """Deal the first deck; raises :class:`~duckcheck.codec.SetupError` for a setup the scope does not allow.

        ``players`` may be left out in a game for one number of players."""
        count = cls.player_counts[0] if players is None and len(cls.player_counts) == 1 else players
        if count is None:
            raise SetupError(f"players: {cls.title} is a game for {in_words(cls.player_counts)}; say how many")
        cls.check_setup(scope, options, len(decks), count)
        try:
            state: DealT | SeriesT = (
                cls.new_deal(decks[0], first, count, options)
                if scope in ONE_DECK
                else cls.new_series(decks, first, count, options)
            )
        except (TypeError, ValueError) as error:
            raise SetupError(str(error)) from None
        return cls(scope, len(decks), state)

    # Playing: the dispatch between one deal and a longer play, the same for every game.

    @property
    def plays_one_deck(self) -> bool:
        return self.scope in ONE_DECK

    @property
    def current(self) -> DealT:
        """The deal (or round) being played, or the last one played."""
        return cast(DealT, self.state) if self.plays_one_deck else self.deal_of(cast(SeriesT, self.state))

    def legal_actions(self) -> tuple[ActionT, ...]:
        if self.plays_one_deck:
            return self.deal_actions(cast(DealT, self.state))
        return self.series_actions(cast(SeriesT, self.state))

    def apply(self, action: ActionT) -> Self:
        """The table after ``action``; raises the game's ``IllegalAction`` (and changes nothing) if illegal."""
        if self.plays_one_deck:
            after = self.deal_apply(cast(DealT, self.state), action)
            return type(self)(self.scope, self.decks_given, after, after if after.is_over else None)
        before = cast(SeriesT, self.state)
        series = self.series_apply(before, action)
        now = self.deal_of(series)
        finished = None
        if now.is_over:
            finished = now
        elif self.score_sheet(series) != self.score_sheet(before):  # a deal ended and the next was dealt
            finished = self.deal_apply(self.deal_of(before), action)
        return type(self)(self.scope, self.decks_given, series, finished)

    def attempt(self, action: ActionT) -> Self | str:
        """The table after ``action``, or the error code the rules reject it with (nothing changes)."""
        try:
            return self.apply(action)
        except self.illegal_action as error:
            return error_code(error)

    @property
    def is_over(self) -> bool:
        """Whether the trace's play is finished: the deal (or round) over, or the game or match decided."""
        return self.state.is_over

    @property
    def needs_deck(self) -> bool:
        return not self.plays_one_deck and cast(SeriesT, self.state).needs_deck

    @property
    def decks_used(self) -> int:
        if self.plays_one_deck:
            return 1
        return self.decks_given - self.decks_left(cast(SeriesT, self.state))

    def to_json(self) -> JSON:
        """The canonical state (see the game's schema)."""
        if self.plays_one_deck:
            return self.deal_json(cast(DealT, self.state))
        return self.series_json(cast(SeriesT, self.state), self.decks_given)

    # The game's specification and codec: each game overrides these.

    @classmethod
    def parse_options(cls, data: Any, /) -> OptionsT:
        """The rule options of the setup's JSON; :class:`~duckcheck.codec.EncodingError` naming what would be right."""
        raise NotImplementedError

    @classmethod
    def parse_deck(cls, text: str, where: str, /) -> tuple[CardT, ...]:
        """The cards of one deck order; :class:`~duckcheck.codec.EncodingError` naming ``where``."""
        raise NotImplementedError

    @classmethod
    def check_deck(cls, deck: Sequence[CardT], /) -> None:
        """Raise ``ValueError`` saying what is wrong unless ``deck`` is a whole deck of the game.

        Only for a game whose engine takes any deck: where the spec's and the engine's constructors check
        their decks (the error becomes a :class:`~duckcheck.codec.SetupError`), checking here too would
        check every deck twice."""

    @classmethod
    def check_options(cls, scope: Scope, options: OptionsT) -> None:
        """Raise :class:`~duckcheck.codec.SetupError` unless the options fit the scope (in most games any do)."""

    @classmethod
    def new_deal(cls, deck: Sequence[CardT], first: int, players: int, options: OptionsT) -> DealT:
        raise NotImplementedError

    @classmethod
    def new_series(cls, decks: Sequence[Sequence[CardT]], first: int, players: int, options: OptionsT) -> SeriesT:
        """A game (or match) whose first deal is dealt from ``decks[0]``."""
        raise NotImplementedError

    @classmethod
    def deal_actions(cls, deal: DealT, /) -> tuple[ActionT, ...]:
        raise NotImplementedError

    @classmethod
    def deal_apply(cls, deal: DealT, action: ActionT, /) -> DealT:
        raise NotImplementedError

    @classmethod
    def series_actions(cls, series: SeriesT, /) -> tuple[ActionT, ...]:
        raise NotImplementedError

    @classmethod
    def series_apply(cls, series: SeriesT, action: ActionT, /) -> SeriesT:
        raise NotImplementedError

    @classmethod
    def deal_of(cls, series: SeriesT) -> DealT:
        """The deal (or round) a game or match is playing, or played last."""
        raise NotImplementedError

    @classmethod
    def decks_left(cls, series: SeriesT) -> int:
        """How many of the decks given are still to be dealt."""
        raise NotImplementedError

    @classmethod
    def score_sheet(cls, series: SeriesT) -> object:
        """A value that changes exactly when a deal (or round) ends: the record of the finished ones."""
        raise NotImplementedError

    @classmethod
    def deal_json(cls, deal: DealT, /) -> JSON:
        raise NotImplementedError

    @classmethod
    def series_json(cls, series: SeriesT, decks_given: int, /) -> JSON:
        raise NotImplementedError


def error_code(error: Exception) -> str:
    """The stable error code of a game's ``IllegalAction``."""
    return str(cast(Refusal, error).code)


AnyTable = Table[Any, Any, Any, Any, Any]
"""Any game's table, as the registry holds it."""
