"""The inference search's skeleton: the deck orders a record does not give, completed so that the game is legal.

A game's inference replays its record on its engine part by part (a deal, a round), placing
each card where the record shows it as the game reaches it, and stops at the first line that
no deck can explain, naming the rule. The bookkeeping every game needs is here:
:class:`DeckPlacement` (which card is at which position of a deck, where the record puts it,
a card in two places refused, the rest completed in canonical order), :class:`InferredCard`
and :class:`Inference` (what was placed by inference, and why), and :class:`Search` (the parts
inferred one after another, stopping at the first broken rule when asked to go as far as it
can). The game gives where its cards may go and its rules: :func:`infer_parts` runs its part
inferences (each a :class:`PartInference`, ending in a :class:`Part`) one after another, carries each
finished part into the whole game on the engine (a :class:`WholeGame`), and refuses a part the game
cannot reach as its :class:`Continuation` says; :func:`playable` refuses a header that describes no
game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from duckcheck.codec import SetupError
from ducksoup.records.errors import NOWHERE, Pos, RecordError

ActionT = TypeVar("ActionT")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
ValueT = TypeVar("ValueT")
GAME_OVER = "game-over"
"""The error code of a part played after the game was won, in every game."""


@dataclass(frozen=True)
class InferredCard:
    """A card whose place in a deal's deck the record does not give, and where it was put."""

    deal: int
    """The deal (or round), from 1."""
    card: str
    position: int
    """Its position in the deck, top first from 0."""
    reason: str
    """``"played"`` (placed in the hand of the player who played it) or ``"unseen"`` (never in the record)."""
    note: str
    """Where it was put, in words."""


@dataclass(frozen=True)
class Inference(Generic[ActionT]):
    """Deck orders consistent with a record, the actions it records, and the cards placed by inference.

    ``broken``, when the inference was asked to go as far as it can, is the rule the record
    breaks where it stops; the decks and actions are then those of the record up to that point.
    """

    decks: tuple[str, ...]
    actions: tuple[tuple[ActionT, ...], ...]
    inferred: tuple[InferredCard, ...]
    broken: RecordError | None = None


class DeckPlacement:
    """The cards of one deck placed so far: at which position each is, and where the record shows it.

    ``size`` is the number of cards; ``name`` writes a card's index (its place in the canonical
    order) in the game's notation; ``two_places`` is the rule a card in two places breaks.
    """

    def __init__(self, size: int, name: Callable[[int], str], two_places: str) -> None:
        self.size = size
        self.name = name
        self.two_places = two_places
        self.card_at: dict[int, int] = {}  # deck position -> card
        self.position: dict[int, int] = {}  # card -> deck position
        self.source: dict[int, str] = {}  # card -> where the record puts it, in words
        self.played_at: dict[int, Pos] = {}  # card -> where the record plays it
        self.by_play: set[int] = set()  # the cards placed where their player held them, when played

    def completed(self) -> list[int]:
        """The deck: the cards placed so far, and the others in canonical order in the remaining positions."""
        free = iter(sorted(set(range(self.size)) - set(self.position)))
        return [self.card_at[p] if p in self.card_at else next(free) for p in range(self.size)]

    def where(self, card: int) -> str:
        """Where the record shows ``card``, in words: ``was played at line 11, column 4``, ``is in Ben's hand ...``."""
        if card in self.played_at:
            line, column = self.played_at[card]
            return f"was played at line {line}, column {column}" if line else "was played before"
        return self.source[card]

    def is_free(self, position: int) -> bool:
        """Whether the record leaves ``position`` free (no card placed there yet)."""
        return position not in self.card_at

    def place(self, card: int, position: int, what: str, at: Pos, hint: str = "", by_play: bool = False) -> None:
        """Put ``card`` at ``position``; ``what`` says how the record shows it there (``drawn after trick 2``).

        Raises :class:`~ducksoup.records.errors.RecordError` (the rule ``two_places``) for a card
        already elsewhere, or a position that holds another card; ``hint`` is added to the latter.
        ``by_play``: the record only plays the card, and the inference chose this position among
        its player's.
        """
        name = self.name(card)
        rule = self.two_places
        if card in self.position:
            if self.position[card] == position:
                return
            raise RecordError(
                f"a card in two places ({rule}): {name} is {what}, but it {self.where(card)}", at, rule=rule
            )
        if position in self.card_at:
            other = self.card_at[position]
            raise RecordError(
                f"a card in two places ({rule}): {name} is {what}, but that card of the stock is {self.name(other)}, "
                f"which {self.where(other)}{hint}",
                at,
                rule=rule,
            )
        self.card_at[position] = card
        self.position[card] = position
        self.source[card] = f"is {what} at line {at[0]}, column {at[1]}" if at[0] else f"is {what}"
        if by_play:
            self.by_play.add(card)

    def played(self, card: int, at: Pos) -> None:
        """Note where the record plays ``card``, for later messages."""
        self.played_at[card] = at

    def inferred(self, deck: list[int], part: int, place_of: Callable[[int], str]) -> list[InferredCard]:
        """The cards of ``deck`` (completed) that the inference placed, in deck order: those placed when played
        and those never seen. ``part`` numbers the deal or round (from 1); ``place_of`` says a position in words."""
        found = []
        for position, card in enumerate(deck):
            if card in self.position and card not in self.by_play:
                continue
            place = place_of(position)
            if card in self.by_play:
                line, column = self.played_at.get(card, NOWHERE)
                played = f"played at line {line}, column {column}" if line else "played"
                found.append(InferredCard(part, self.name(card), position, "played", f"{played}: {place}"))
            else:
                found.append(InferredCard(part, self.name(card), position, "unseen", f"never seen: {place}"))
        return found


class Search(Generic[ActionT]):
    """The parts of a record (deals, rounds) inferred one after another, into one :class:`Inference`.

    With ``until_broken``, a part that breaks a rule (a
    :class:`~ducksoup.records.errors.RecordError` naming one) ends the search with what was
    inferred up to there; without it, or for an error of the record's own notation (no rule),
    the error is raised.
    """

    def __init__(self, until_broken: bool) -> None:
        self.until_broken = until_broken
        self.decks: list[str] = []
        self.actions: list[tuple[ActionT, ...]] = []
        self.inferred: list[InferredCard] = []

    def add(self, deck: str, actions: tuple[ActionT, ...], inferred: list[InferredCard]) -> None:
        """One part inferred: its deck, its actions and the cards placed by inference."""
        self.decks.append(deck)
        self.actions.append(actions)
        self.inferred.extend(inferred)

    def add_part(self, part: Part[ActionT]) -> None:
        """One part inferred (:class:`Part`)."""
        self.add(part.text, part.actions, part.inferred)

    def stop(self, error: RecordError) -> None:
        """Stop the search at ``error``: it is raised, unless the search goes as far as the record keeps to the
        rules and ``error`` names the rule broken (the caller then returns :meth:`Search.result` with it)."""
        if not self.until_broken or not error.breaks_a_rule:
            raise error

    def result(self, broken: RecordError | None = None) -> Inference[ActionT]:
        """The inference of the parts added, stopped at ``broken`` if given."""
        return Inference(tuple(self.decks), tuple(self.actions), tuple(self.inferred), broken)


@dataclass(frozen=True)
class Part(Generic[ActionT]):
    """One part (a deal, a round) inferred: its deck as the engine deals it and as a trace writes it, its
    actions, and the cards placed by inference."""

    deck: list[int]
    text: str
    actions: tuple[ActionT, ...]
    inferred: list[InferredCard]


class PartInference(Protocol[ActionT]):
    """A game's inference of one part: ``run`` places the record's cards and replays them (raising the
    :class:`~ducksoup.records.errors.RecordError` of the first line no deck explains); ``part`` completes the
    deck, as far as the part was run."""

    def run(self) -> None: ...

    def part(self) -> Part[ActionT]: ...


class WholeGame(Protocol[ActionT_contra]):
    """A game's engine over several parts (a game of deals, a match): what :func:`infer_parts` asks of it."""

    @property
    def is_over(self) -> bool: ...

    @property
    def needs_deck(self) -> bool: ...

    def add_decks(self, decks: Sequence[Sequence[int]]) -> None: ...

    def apply(self, action: ActionT_contra) -> None: ...


@dataclass(frozen=True)
class Continuation:
    """How a game's record refuses a part the whole game cannot reach, in the game's words and rules.

    A part after the game was won: ``the game was won in deal 2: nothing more is played (game-over, §9)``, citing
    ``won`` (``§9``, ``§7, DD-R16``) and breaking ``won_rule``; a part before the last one is over:
    ``deal 2 is not finished: a deal is played out before the next is dealt (§7)``, ``unfinished`` being the
    words after the colon and ``unfinished_rule`` the rule. A record with no part is told ``nothing``.
    """

    word: str
    won: str
    won_rule: str
    unfinished: str
    unfinished_rule: str
    nothing: str

    def check_some(self, parts: Sequence[object]) -> None:
        """Refuse a record with no part: there is nothing to infer."""
        if not parts:
            raise RecordError(self.nothing, NOWHERE)

    def refusal(self, game: WholeGame[ActionT], number: int, at: Pos, what: str = "game") -> RecordError | None:
        """The rule part ``number`` + 1 (written at ``at``) breaks where ``game`` (a ``what``) stands after
        ``number`` parts, if any."""
        if game.is_over:
            return RecordError(
                f"the {what} was won in {self.word} {number}: nothing more is played ({GAME_OVER}, {self.won})",
                at,
                GAME_OVER,
                self.won_rule,
            )
        if not game.needs_deck:
            return RecordError(
                f"{self.word} {number} is not finished: {self.unfinished} ({self.unfinished_rule})",
                at,
                rule=self.unfinished_rule,
            )
        return None


def playable(setup: Callable[[], ValueT], at: Pos) -> ValueT:
    """What ``setup`` gives (the record's rule options, checked against its scope, parts and players), or a
    :class:`~ducksoup.records.errors.RecordError` at ``at`` (the Scope tag) for a header that describes no game."""
    try:
        return setup()
    except (ValueError, SetupError) as error:
        raise RecordError(f"the header does not describe a game that can be played: {error}", at) from None


def infer_parts(
    search: Search[ActionT],
    starts: Sequence[Pos],
    work_of: Callable[[int], PartInference[ActionT]],
    begin: Callable[[list[int]], WholeGame[ActionT]] | None,
    next_part: Callable[[WholeGame[ActionT], int, Pos], RecordError | None],
) -> Inference[ActionT]:
    """The inference of a record's parts, written at ``starts``, one after another (``work_of(n)`` infers part
    ``n`` from 0), into ``search``.

    For a record of several parts, ``begin`` starts the whole game with the first part's deck, and each part's
    actions are played on it, so that ``next_part(game, n, at)`` may refuse part ``n`` + 1 (written at ``at``)
    where the game stands after ``n`` parts (:meth:`Continuation.refusal`). The search stops at the first rule
    broken, as :class:`Search` does.
    """
    game: WholeGame[ActionT] | None = None
    for number, at in enumerate(starts):
        if game is not None:
            between = next_part(game, number, at)
            if between is not None:
                search.stop(between)
                return search.result(between)
        work = work_of(number)
        try:
            work.run()
        except RecordError as error:
            search.stop(error)
            search.add_part(work.part())
            return search.result(error)
        part = work.part()
        search.add_part(part)
        if begin is not None:
            if game is None:
                game = begin(part.deck)
            else:
                game.add_decks([part.deck])
            for action in part.actions:
                game.apply(action)
    return search.result()
