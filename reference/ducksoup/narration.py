"""What ``ducksoup replay``, ``explain`` and ``play`` ask of a game's narrator, and the base every narrator is built on.

A narrator plays a trace on the game's specification and tells each step with the rule behind
it. What the rules say decides: a conformance trace's stored states are claims, and with
``check`` the first one the rules contradict stops the telling. :class:`StepNarrator` owns that
step loop (apply each step, tell it, compare the trace's claims strictly, stop at the first
contradiction) and :class:`Voice` the naming of the players ("you" for the player it is told to);
each game's narrator (``ducksoup.<game>.narrate``) gives only its wording: how an action, a trick
or turn, a deal or round and a position are told. ``ducksoup.telling`` and ``ducksoup.playing``
drive it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from duckcheck import strict
from duckcheck.strict import typed
from duckcheck.untrusted import shown

JSON = dict[str, Any]


class NarrationStopped(Exception):
    """A step the rules forbid, though the trace says it is accepted."""


@dataclass(frozen=True)
class Told:
    """One step told: its number (0 for the first deal), its lines, and why the narration stops there, if it does."""

    number: int
    lines: list[str]
    stop: str | None = None
    closing: bool = False
    """Whether this tells no step but only why the telling stops after the steps (:meth:`StepNarrator.to_the_end`):
    its ``stop`` is in the narration's own words and markup, not a quotation of the trace's claims alone."""


@dataclass(frozen=True)
class Loaded:
    """What a game file holds, ready to tell: a trace, and what a hand-written record adds to it."""

    trace: JSON
    is_record: bool = False
    names: tuple[str, ...] | None = None
    """The players' names, from a record; "player 0", "player 1" ... without them."""
    inferred: frozenset[tuple[int, str]] = frozenset()
    """The cards whose place a record does not give: (deal, from 1; the card)."""
    stopped: str | None = None
    """Why a record could be told only up to a point: the rule it breaks there, with its line and column."""
    inferred_at: frozenset[tuple[int, int]] = frozenset()
    """Where the cards a record does not place were put: (deal, from 1; deck position, from 0), for a game whose
    pack holds a card twice, where the card alone does not say which copy was inferred."""


INFERRED_LEGEND = (
    "cards marked ? are inferred: the record does not say where they lay, so a place that fits it was chosen"
)
"""The first line of a record's telling when it holds cards placed by inference, each marked ``?`` where shown."""


class Narrator(Protocol):
    """Tells one trace step by step."""

    check: bool
    """Whether the trace's stored states and outcome are compared with the rules' (a trace, not a record)."""

    def steps(self) -> Iterator[Told]:
        """Each step told, in order; raises :class:`NarrationStopped` at a step the rules forbid."""
        ...

    def position(self) -> list[str]:
        """The position now, as lines (hands, table, stock, points), seen as the narrator's player if any."""
        ...

    def legal_lines(self) -> list[str]:
        """Every legal action now, described ("could I have quacked here?"); told to one player while another is
        to act, only whose turn it is (:func:`turn_of_another`)."""
        ...

    def between_tricks(self) -> bool:
        """Whether the last step told finished a trick (or its game's unit of play): ``replay`` shows the position."""
        ...

    def final_disagreement(self) -> str | None:
        """Where the trace's ``final`` outcome disagrees with the rules' (once every step is told), or None."""
        ...

    def to_the_end(self) -> Iterator[Told]:
        """Each step told, then why the telling stops short, if it does (:meth:`StepNarrator.to_the_end`)."""
        ...

    def rules_now(self) -> list[str]:
        """The rules that apply at this moment (``play``'s ``rules``), each with its section and rulings."""
        ...


def turn_of_another(who: str, held: str) -> list[str]:
    """What ``--at N --as P`` says instead of the legal actions when ``who`` (not P) is to act: their legal actions
    would show what P cannot see (their hand), so only whose turn it is and what they hold (``held``: ``13 cards``).
    """
    return [f"  it is {who}'s turn, holding {held}: only your own choices are listed"]


def count(number: int, noun: str) -> str:
    """``1 card``, ``13 cards``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


# Comparing a trace's claims with the rules (for every game's narrator)

SHOWN = 5
"""How many differences a disagreement names before it says how many more there are."""


def differences(stored: Any, rules: Any, path: str, field_sections: Mapping[str, str]) -> list[str]:
    """Every place where the trace's ``stored`` JSON value differs from the ``rules``' value, compared strictly
    (:mod:`duckcheck.strict`: JSON's ``true`` is not ``1``), in the rules' field order, each with the section
    that governs its field (``field_sections``: a game's ``GameSuite.field_sections``).

    ``path`` names the value compared (``state``, ``final``): a difference reads
    ``state.piles[0][1] (§4): the trace says integer 7, the rules give integer 6``.
    """
    return [_told(found, field_sections) for found in strict.differences(rules, stored, path)]


def _told(found: strict.Difference, field_sections: Mapping[str, str]) -> str:
    where = found.path
    if found.kind is strict.Kind.MISSING:
        section = _section(where, field_sections)
        return f"{where}{section} is missing from the trace (the rules give {typed(found.expected)})"
    if found.kind is strict.Kind.UNEXPECTED:
        return f"{shown(where, 80)} is unknown to the rules (the trace gives {typed(found.received)})"
    return (
        f"{where}{_section(where, field_sections)}: the trace says {typed(found.received)}, "
        f"the rules give {typed(found.expected)}"
    )


def disagreement(where: str, found: Sequence[str]) -> str | None:
    """Why the telling stops at ``where`` (``step 4``, ``the outcome``) given the ``found`` differences, or None."""
    if not found:
        return None
    more = f" (and {len(found) - SHOWN} more)" if len(found) > SHOWN else ""
    return f"{where}: the trace disagrees with the rules: " + "; ".join(found[:SHOWN]) + more


def _section(path: str, field_sections: Mapping[str, str]) -> str:
    """`` (§n)``: the section of the innermost field of ``path`` that has one (of ``final.result.game_points``,
    ``result``'s)."""
    for key in reversed(re.findall(r"\.(\w+)", path)):
        if key in field_sections:
            return f" ({field_sections[key]})"
    return ""


# The players' names, for every game's narrator

RULING = re.compile(r"[A-Z]{2}-R\d+")
"""A ruling ID (two capitals, ``-R`` and a number), as opposed to a section (``§4``)."""
SECOND_PERSON = {"is": "are", "has": "have", "was": "were"}
"""The irregular verbs that change for "you"; the others lose their final ``s``."""


def rule_named(rule: str) -> str:
    """``ruling XX-R07`` or ``Rules §4``: a rule as the narration cites a broken one."""
    return f"ruling {rule}" if RULING.fullmatch(rule) else f"Rules {rule}"


class Voice:
    """How the narration names the players: "you" for the player it is told to (``as_player``), a record's names
    (``names``) or "player 0", "player 1" ... for the others."""

    def __init__(self, as_player: int | None = None, names: Sequence[str] | None = None) -> None:
        self.as_player = as_player
        self.names = tuple(names) if names else None

    def name(self, player: int) -> str:
        if player == self.as_player:
            return "you"
        return self.names[player] if self.names else f"player {player}"

    def possessive(self, player: int) -> str:
        return "your" if player == self.as_player else f"{self.name(player)}'s"

    def who(self, player: int, verb: str) -> str:
        """``player`` doing ``verb`` (given in the third person): "player 0 takes", or "you take" as that player."""
        if player != self.as_player:
            return f"{self.name(player)} {verb}"
        return "you " + SECOND_PERSON.get(verb, verb[:-1] if verb.endswith("s") else verb)

    def act(self, player: int, third: str, second: str) -> str:
        """``player 0 draws``, or ``you draw`` when told to that player (for phrases :meth:`who` cannot turn)."""
        return f"you {second}" if player == self.as_player else f"{self.name(player)} {third}"

    def named(self, text: str) -> str:
        """``text`` (a message of the rules, which names seats "player N") with the names in use: "you" for the
        player it is told to, and the verb after it turned ("player 1 holds" told to player 1: "you hold")."""

        def replaced(match: re.Match[str]) -> str:
            player, possessive, verb = int(match.group(1)), match.group(2), match.group(3)
            if possessive:
                return self.possessive(player)
            if verb:
                return self.who(player, verb)
            return self.name(player)

        return re.sub(rf"\bplayer (\d)\b(?:('s)|(?: ({'|'.join(RULE_VERBS)})\b))?", replaced, text)


RULE_VERBS = ("is", "has", "was", "holds", "must", "takes", "plays", "draws", "scores", "discards", "wins", "leads")
"""The verbs the rules' messages put after "player N": turned for "you" by :meth:`Voice.named`."""


# The step loop, for every game's narrator


class Refusal(Protocol):
    """What a game's ``IllegalAction`` carries: its code (a ``StrEnum``), the rule it breaks, what would be right."""

    code: Any
    rule: str
    message: str


class PlayTable(Protocol):
    """What the step loop needs of a game's oracle ``Table``: play an action, and what it finished."""

    @property
    def decks_used(self) -> int: ...

    @property
    def finished(self) -> Any: ...

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: Any) -> Any: ...

    def legal_actions(self) -> tuple[Any, ...]: ...

    def to_json(self) -> JSON: ...


TableT = TypeVar("TableT", bound=PlayTable)
"""A game's oracle ``Table`` (a :class:`PlayTable`), the type a game's narrator plays on."""


class StepNarrator(Voice, Generic[TableT]):
    """Plays a trace on a game's oracle ``Table`` and tells each step; a game's narrator subclasses it and gives only
    its words (the methods that raise ``NotImplementedError``).

    The loop is the same for every game: the initial state, then each step applied by the rules; a step the
    rules forbid is told as refused (or stops the telling, if the trace says it is accepted); with
    ``check`` each stored state, refusal code and the ``final`` outcome are compared strictly with the
    rules', and the first disagreement stops the telling.
    """

    field_sections: ClassVar[Mapping[str, str]] = {}
    """The section of each state field (a game's ``FIELD_SECTIONS``), named where a stored value disagrees."""
    illegal: ClassVar[type[Exception]] = Exception
    """The game's ``IllegalAction``: the refusal of its rules (a :class:`Refusal`)."""
    unit: ClassVar[str] = "deal"
    """What the game deals anew: ``deal`` or ``round``."""
    start_shows_position: ClassVar[bool] = False
    """Whether :meth:`start_lines` tell the position dealt (hands, stock, table): then ``play`` does not show the
    table again when the human is first to act."""

    def __init__(
        self,
        trace: JSON,
        table: TableT,
        as_player: int | None = None,
        names: Sequence[str] | None = None,
        check: bool = False,
    ) -> None:
        super().__init__(as_player, names)
        self.trace, self.table, self.check = trace, table, check
        self.accepted = False
        """Whether the last step told was accepted (a refused step changes nothing)."""
        self.began = False
        """Whether the last step told began a new deal or round (whose start is told, position and all)."""
        self.finished: list[JSON] = []
        """Each deal or round finished so far, as the trace's ``final`` lists it (by the rules, not the trace)."""

    # What each game says

    def parse_action(self, data: Any, where: str) -> Any:
        """The game's action from a trace's JSON (``where``: ``step 4``, for the error)."""
        raise NotImplementedError

    def describe(self, before: TableT, action: Any) -> str:
        """The action as taken at ``before`` ("player 1 leads 9♣", "you draw")."""
        raise NotImplementedError

    def consequences(self, before: TableT, action: Any) -> list[str]:
        """What follows from an accepted action (``self.table`` is the table after it), with the rules behind it."""
        raise NotImplementedError

    def start_lines(self, number: int) -> list[str]:
        """A deal or round begins (``number`` from 1): how it is dealt, and for a deal the position."""
        raise NotImplementedError

    def opening_lines(self) -> list[str]:
        """What is told before the first step: the legend, if any, and the first deal or round."""
        return [*self.legend(), *self.start_lines(1)]

    def legend(self) -> list[str]:
        """What the marks of the telling mean (a record's inferred cards: :data:`INFERRED_LEGEND`), if any."""
        return []

    def outcome_of(self, finished: Any) -> JSON:
        """A finished deal or round as the trace's ``final`` lists it."""
        raise NotImplementedError

    def outcome(self) -> JSON:
        """The trace's ``final`` outcome by the rules, once every step is told (from ``finished``)."""
        raise NotImplementedError

    def unit_is_over(self) -> bool:
        """Whether the current deal or round is over (none follows it)."""
        raise NotImplementedError

    def play_ended(self) -> bool:
        """Whether the last accepted step ended a trick (or the game's unit of play): the position is shown."""
        raise NotImplementedError

    def to_act(self) -> int | None:
        """Who is to act now, if anyone."""
        raise NotImplementedError

    def held(self, player: int) -> str:
        """What ``player`` holds, as told to another (``13 cards``)."""
        raise NotImplementedError

    def option(self, action: Any) -> str:
        """A legal action now, described (``describe`` of the current table, by default)."""
        return self.describe(self.table, action)

    def position(self) -> list[str]:
        """The position now, as lines, seen as ``as_player`` if any."""
        raise NotImplementedError

    def rules_now(self) -> list[str]:
        """The rules that apply at this moment (for ``play``'s ``rules``), each with its section and rulings."""
        raise NotImplementedError

    # The loop

    def steps(self) -> Iterator[Told]:
        """Each step told in turn (0 for the first deal or round); raises :class:`NarrationStopped` at a step the
        rules forbid that the trace says is accepted. A ``Told.stop`` ends the telling."""
        stop = self.disagreement(self.trace["initial"], "the initial state")
        yield Told(0, self.opening_lines(), stop)
        if stop:
            return
        for number, step in enumerate(self.trace["steps"], 1):
            told = self.step(number, step)
            yield told
            if told.stop:
                return

    def to_the_end(self) -> Iterator[Told]:
        """The whole trace told, as ``replay``, ``analyse`` and the viewer tell it: each step (:meth:`steps`) and,
        where the telling stops short, why. A step's own ``stop`` ends it; so does a last :class:`Told` that tells
        no step (``closing``) for a step the rules forbid though the trace accepts it, or, under ``check``, for a
        ``final`` outcome the rules contradict. Never raises :class:`NarrationStopped`."""
        number = 0
        try:
            for told in self.steps():
                number = told.number
                yield told
                if told.stop:
                    return
        except NarrationStopped as error:
            yield Told(number + 1, [], str(error), closing=True)
            return
        final = self.final_disagreement() if self.check else None
        if final:
            yield Told(number, [], final, closing=True)

    def step(self, number: int, step: JSON) -> Told:
        """Step ``number`` of the trace, applied and told."""
        action = self.parse_action(step["action"], f"step {number}")
        said = f"step {number}: {self.describe(self.table, action)}"
        try:
            lines = self.tell(action)
        except self.illegal as error:
            return self.refused(number, step, said, cast(Refusal, error))
        if "reject" in step:
            raise NarrationStopped(f"{said} is legal, but the trace says it must be refused with {step['reject']}")
        return Told(number, [said, *lines[1:]], self.disagreement(step["state"], f"step {number}"))

    def tell(self, action: Any) -> list[str]:
        """Apply ``action`` by the rules and tell it: the action, what follows, and a new deal or round it begins.
        An action the rules refuse raises the game's :attr:`illegal` and changes nothing (``play`` asks again)."""
        before = self.table
        self.table = before.apply(action)
        self.accepted = True
        if self.table.finished is not None:
            self.finished.append(self.outcome_of(self.table.finished))
        lines = [self.describe(before, action), *self.consequences(before, action)]
        self.began = self.table.decks_used != before.decks_used and not self.unit_is_over()
        if self.began:
            lines += self.start_lines(self.table.decks_used)
        return lines

    def refused(self, number: int, step: JSON, said: str, error: Refusal) -> Told:
        """A step the rules refuse: told, if the trace says so too (with the same code under ``check``)."""
        rule = rule_named(error.rule)
        refused = f"{said}: refused, {error.code}: {self.named(error.message)}"
        if "reject" not in step:
            raise NarrationStopped(f"{refused}. That breaks {rule}.")
        self.accepted = self.began = False
        stop = None
        if self.check and step["reject"] != error.code.value:
            expected = step["reject"]
            stop = f"step {number}: the trace says it is refused with {expected}, the rules with {error.code} ({rule})"
        return Told(number, [f"{refused} ({rule}); play goes on from the same position"], stop)

    def disagreement(self, stored: JSON, where: str) -> str | None:
        """Where a stored state disagrees with the rules' state now (each field with its section), or None;
        always None without ``check``."""
        if not self.check:
            return None
        return disagreement(where, differences(stored, self.table.to_json(), "state", self.field_sections))

    def final_disagreement(self) -> str | None:
        """Where the trace's ``final`` outcome disagrees with the rules' (once every step is told), or None."""
        return disagreement(
            "the outcome", differences(self.trace["final"], self.outcome(), "final", self.field_sections)
        )

    def between_tricks(self) -> bool:
        """Whether ``replay`` shows the position after the last step: it ended a trick or turn, and began no new
        deal or round (whose start already shows it)."""
        return self.accepted and not self.began and self.play_ended()

    def legal_lines(self) -> list[str]:
        """Every legal action now, described ("could I have quacked here?"); told to one player while another is
        to act, only whose turn it is (:func:`turn_of_another`)."""
        actions = self.table.legal_actions()
        if not actions:
            over = "the play is over" if self.table.is_over else f"the next {self.unit} needs a deck"
            return [f"no action is possible: {over}"]
        player = self.to_act()
        if player is not None and self.as_player not in (None, player):
            return turn_of_another(self.name(player), self.held(player))
        return [f"  {self.option(action)}" for action in actions]
