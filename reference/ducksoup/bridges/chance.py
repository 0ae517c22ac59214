"""An episode whose deck order is chosen one card at a time, when the rules take each card: the chance of a
game-AI library, on a game's reference engine (pure Python).

The engines play from a whole deck order. OpenSpiel's samplers and searches want each card chosen when it
is needed instead, so :class:`ChanceEpisode` drives an engine that way, for any game:

* **Dealing**: the cards the engine's start depends on (the hands dealt, a face-up card) are chosen first;
  the engine is created only then, with the chosen cards on top and the cards not chosen yet below them.
* **Drawing**: before a player's action is applied, it is tried on a copy of the engine. If the copy took
  cards from the deck that chance has not chosen yet, the action is held back (the episode is at a chance
  node) until they are chosen; each chosen card is put in its place in the engine's deck, and the action
  is tried again (a Draw chain of Aw Ducks! goes on while it draws ducks, so one card may call for the
  next). Once the copy takes only chosen cards, it becomes the engine.

So for the same deck order and the same actions the engine goes through exactly the states it goes through
when given the whole deck at once, without the bridge knowing when a game draws. The outcomes of a chance
node are the distinct cards still in the deck, ascending, each with the probability of its remaining
copies (two packs hold each card twice).

A game supplies a subclass giving its engine, its action numbers, who sees each card taken, its returns
and its tensors (:class:`ChanceEpisode`'s methods that raise ``NotImplementedError``). Each player's
**information state** is kept as it grows, with perfect recall: one event per action of any player (every
action of the three games is public) and one per card the player saw taken from the deck, in order.
"""

from __future__ import annotations

import json
import numbers
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ducksoup.arguments import check_int, check_player

JSON = dict[str, Any]
EVERYONE = -1
"""The seers of a card every player sees (:meth:`ChanceEpisode.seers`)."""
NOBODY = -2
"""The seers of a card nobody sees."""


_MUTABLE = (dict, set, bytearray)
"""What an engine's copy cannot share and does not copy (a tuple, not a union: ``isinstance`` is faster with it)."""
_NOT_SHARED = (list, *_MUTABLE)


def copy_value(value: Any) -> Any:
    """A copy of one of an engine's fields: lists are copied (nested too), immutable values shared."""
    if type(value) is not list:
        if isinstance(value, _MUTABLE):
            raise TypeError(f"cannot copy an engine holding a {type(value).__name__}")
        return value
    copied = value[:]
    for index, item in enumerate(copied):  # only what is not shared calls again: copies are on the hot path
        if isinstance(item, _NOT_SHARED):
            copied[index] = copy_value(item)
    return copied


def copy_engine(engine: Any, shared: object = None) -> Any:
    """A copy of an engine with ``__slots__`` that shares its action objects (a deep copy would not, and the
    engines recognise their own actions by identity), and ``shared``, a field the copy may share (the deck
    order, which the engine only reads, when the copy is a trial of an action)."""
    kind: Any = type(engine)
    copied = kind.__new__(kind)
    for name in kind.__slots__:
        value = getattr(engine, name)
        setattr(copied, name, value if value is shared else copy_value(value))
    return copied


class ChanceEpisode:
    """One episode (a deal or a round): its deck chosen card by card at chance nodes by :meth:`apply`.

    ``apply(n)`` takes a card number at a chance node and an action number at a player's turn. The subclass
    sets the class facts (:attr:`pack`, :attr:`kinds`, :attr:`num_actions`, :attr:`unit`) and the methods below
    that raise ``NotImplementedError``, and gives ``players`` to this constructor.
    """

    pack: ClassVar[tuple[int, ...]] = ()
    """Every card of the deck, as the engine's numbers (a card in two copies twice), ascending."""
    kinds: ClassVar[int] = 0
    """How many distinct card numbers there are (the chance outcomes are 0 to ``kinds - 1``)."""
    num_actions: ClassVar[int] = 0
    """How many action numbers there are."""
    unit: ClassVar[str] = "deal"
    """What an episode is: ``deal`` or ``round``."""
    deck_start: ClassVar[int] = 0
    """The deck position of the first card of :meth:`engine_deck`: 0 when the engine keeps the whole deck order, else
    how many cards it dealt out of it before keeping the rest (an engine that keeps only its stock)."""
    fixed_draws: ClassVar[bool] = False
    """Whether how many cards an action takes is known before they are seen (a Doubleduck draw), so that a held
    action is applied on the engine itself once they are all chosen; else it is tried on a copy again after every
    card (a Draw chain of Aw Ducks!)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.deck: list[int] = []
        """The deck order chosen so far, top first."""
        self.left = [0] * self.kinds
        """The copies of each card not chosen yet."""
        for card in self.pack:
            self.left[card] += 1
        self.engine: Any = None
        """The engine, once the cards its start depends on are chosen."""
        self.pending: int | None = None
        """An action number waiting for the cards it takes to be chosen."""
        self.pending_player = -1
        self.trial: Any = self.new_engine(list(self.pack))
        """The engine that tells who sees each card chosen now: before the start, one dealt from the pack in order
        (who is dealt which position does not depend on the cards); later, the copy a held action was tried on."""
        self.target = self.revealed(self.trial)
        """How many cards must be chosen before the engine starts or the held action can be applied."""
        self.seers_of: list[int] = []
        """For each chosen card, who sees it: a player, :data:`EVERYONE` or :data:`NOBODY`."""
        self.moves: list[int] = []
        """Every chance outcome and action number applied, in order (the OpenSpiel history)."""
        self.events: list[tuple[int, int, int]] = []
        """The history as events: (player, action number, -1) for an action, (-1, card, seers) for a card."""
        if self.target == 0:
            self._start()

    # What the game supplies

    def new_engine(self, deck: list[int]) -> Any:
        """The game's engine for this deck order (top first) and the episode's options."""
        raise NotImplementedError

    def engine_deck(self, engine: Any) -> list[int]:
        """The engine's own list of the deck order, whose cards are swapped into the order chance chooses."""
        raise NotImplementedError

    def revealed(self, engine: Any) -> int:
        """How many cards from the top of the deck the engine's state depends on (those taken, and a face-up
        card)."""
        raise NotImplementedError

    def seers(self, engine: Any, position: int, actor: int) -> int:
        """Who sees the card at ``position`` of the deck once ``engine`` took it (for ``actor``'s action; -1 while
        the start is dealt): a player, :data:`EVERYONE`, or :data:`NOBODY` (a card put face down unseen)."""
        raise NotImplementedError

    def legal_ids(self, engine: Any) -> list[int]:
        """The legal action numbers, ascending (the engine's canonical order)."""
        raise NotImplementedError

    def engine_action(self, player: int, number: int) -> Any:
        """The engine's own action object for ``player`` taking action ``number``."""
        raise NotImplementedError

    def action_text(self, number: int) -> str:
        raise NotImplementedError

    def card_name(self, card: int) -> str:
        raise NotImplementedError

    def may_take_cards(self, engine: Any, number: int) -> bool:
        """Whether action ``number`` may take cards from the deck (tried on a copy of the engine first); by default
        every action may. A game says which cannot, so that they are applied at once, without a copy."""
        return True

    def final_returns(self, engine: Any) -> list[float]:
        """Each player's return at the end of the episode."""
        raise NotImplementedError

    def header(self) -> str:
        """The first line of every information state after the player's number (the dealer, the players)."""
        raise NotImplementedError

    def dealing_view(self, player: int) -> JSON:
        """What ``player`` sees while the cards the start depends on are chosen (before the engine exists)."""
        raise NotImplementedError

    # Where the episode is

    @property
    def is_chance(self) -> bool:
        """Whether chance chooses the next card (the start is dealt, or an action's cards chosen)."""
        return self.engine is None or self.pending is not None

    @property
    def is_over(self) -> bool:
        return self.engine is not None and self.pending is None and self.engine.is_over

    @property
    def to_act(self) -> int | None:
        """The player to act; None at chance nodes and at the end."""
        if self.engine is None or self.pending is not None:
            return None
        to_act: int | None = self.engine.to_act
        return to_act

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards chance may choose now, ascending, each with its probability (its copies left / cards left)."""
        total = len(self.pack) - len(self.deck)
        return [(card, copies / total) for card, copies in enumerate(self.left) if copies]

    def legal_actions(self) -> list[int]:
        """The legal action numbers of the player to act, ascending; empty at chance nodes and at the end."""
        if self.to_act is None:
            return []
        return self.legal_ids(self.engine)

    def returns(self) -> list[float]:
        """Each player's return once the episode is over; zeros before."""
        if not self.is_over:
            return [0.0] * self.players
        return self.final_returns(self.engine)

    # Playing

    def apply(self, number: int) -> None:
        """Choose card ``number`` at a chance node, or take action ``number``; an illegal one changes nothing.

        ``TypeError`` unless ``number`` is an int (a bool or a float is no card and no action), ``ValueError``
        for a card not left to choose or an action number out of range; the engine's ``IllegalAction`` for an
        action the rules refuse.
        """
        if type(number) is not int:
            what = (
                f"a chance outcome, a card number 0-{self.kinds - 1}"
                if self.is_chance
                else f"an action number 0-{self.num_actions - 1}"
            )
            check_int(number, what, "an int")
        if self.is_chance:
            self._choose(number)
        else:
            self._act(number)
        self.moves.append(number)

    def _choose(self, card: int) -> None:
        if not 0 <= card < self.kinds or not self.left[card]:
            left = " ".join(str(c) for c, copies in enumerate(self.left) if copies)
            raise ValueError(f"chance chooses a card still in the deck ({left}); {card} is not one")
        position = len(self.deck)
        self.deck.append(card)
        self.left[card] -= 1
        self._saw(self.trial, position)
        if self.engine is None:
            if len(self.deck) == self.target:
                self._start()
            return
        deck = self.engine_deck(self.engine)  # put the card in its place; the cards not chosen yet stay below it
        place = position - self.deck_start
        found = deck.index(card, place)
        deck[place], deck[found] = deck[found], deck[place]
        # Tried again after every card: whether the engine takes the next card may depend on this one (a Draw
        # chain goes on while it draws ducks); it has taken this one, whatever it was, so it never needs fewer.
        assert self.pending is not None
        if not self.fixed_draws:
            self._try(self.pending_player, self.engine_action(self.pending_player, self.pending))
        elif len(self.deck) == self.target:
            self._apply_held()

    def _start(self) -> None:
        rest = self.left[:]
        self.engine = self.new_engine(self.deck + [card for card in self.pack if _take(rest, card)])
        self.trial = None

    def _act(self, number: int) -> None:
        engine = self.engine
        player = engine.to_act
        if player is None:
            raise ValueError(f"the {self.unit} is over: no action can be taken")
        if not 0 <= number < self.num_actions:
            raise ValueError(f"an action is a number from 0 to {self.num_actions - 1}, not {number}")
        if number not in self.legal_ids(engine):
            engine.apply(self.engine_action(player, number))  # raises IllegalAction with the rules' code, unchanged
            raise RuntimeError(f"the engine accepted action {number} though it is not among its legal actions")
        self.events.append((player, number, -1))
        if not self.may_take_cards(engine, number):
            engine.apply(self.engine_action(player, number))
            if self.revealed(engine) != len(self.deck):
                raise RuntimeError(f"action {number} took cards from the deck though the game says it takes none")
            return
        if not self._try(player, self.engine_action(player, number)):
            self.pending, self.pending_player = number, player

    def _try(self, player: int, action: Any) -> bool:
        """Apply ``action`` on a copy of the engine: the copy becomes the engine if it took only chosen cards
        (True); else the action waits for more cards (:attr:`target`), the copy telling who sees them."""
        trial = copy_engine(self.engine, self.engine_deck(self.engine))
        trial.apply(action)
        needed = self.revealed(trial)
        if needed > len(self.deck):
            self.target, self.trial = needed, trial
            return False
        if needed < len(self.deck):
            raise RuntimeError(
                f"the engine depends on {needed} cards of the deck after an action, fewer than the {len(self.deck)} "
                "chosen: the bridge's reading of the engine's deck disagrees with the engine"
            )
        self.engine, self.pending, self.trial = trial, None, None
        return True

    def _apply_held(self) -> None:
        """Apply the held action on the engine itself, without a copy: it takes a known number of cards
        (:attr:`fixed_draws`), and every one of them is chosen now."""
        assert self.pending is not None
        self.engine.apply(self.engine_action(self.pending_player, self.pending))
        if self.revealed(self.engine) != len(self.deck):
            raise RuntimeError(
                f"the engine depends on {self.revealed(self.engine)} cards of the deck after a held action, not the "
                f"{len(self.deck)} chosen: the bridge's reading of the engine's deck disagrees with the engine"
            )
        self.pending, self.trial = None, None

    def _saw(self, engine: Any, position: int) -> None:
        """Record who sees the card just chosen at ``position`` (``engine`` has taken it, or will)."""
        seers = self.seers(engine, position, self.pending_player if self.engine is not None else -1)
        self.seers_of.append(seers)
        self.events.append((-1, self.deck[position], seers))

    # What a player knows

    def sees(self, seers: int, player: int) -> bool:
        return seers in (player, EVERYONE)

    def own_events(self, player: int) -> list[tuple[int, int]]:
        """``player``'s history: (actor, action number) for each action, (-1, card) for each card it saw."""
        return [
            (actor, number) if actor >= 0 else (-1, number)
            for actor, number, seers in self.events
            if actor >= 0 or self.sees(seers, player)
        ]

    def information_state(self, player: int) -> str:
        """What ``player`` has seen and done so far: the header, then :meth:`history_lines`."""
        check_player(player, self.players)
        return "\n".join([f"player {player}, {self.header()}", *self.history_lines(player)])

    def history_lines(self, player: int) -> list[str]:
        """``player``'s history as text, one line per event: ``0: <action>`` or ``sees <card>``. A game may tell the
        same events in its own lines (the cards of one deal or one draw on one line), from :attr:`events`."""
        return [
            f"{actor}: {self.action_text(number)}" if actor >= 0 else f"sees {self.card_name(number)}"
            for actor, number in self.own_events(player)
        ]

    def view(self, player: int) -> JSON:
        """What ``player`` sees now, in the form of the engine's ``observation(player)``: while the start is dealt,
        :meth:`dealing_view`; while a held action's cards are chosen, the view before it."""
        check_player(player, self.players)
        if self.engine is None:
            return self.dealing_view(player)
        view: JSON = self.engine.observation(player)
        return view

    def observation_string(self, player: int) -> str:
        return json.dumps(self.view(player), separators=(",", ":"))

    def shown_later(self) -> set[int]:
        """Cards every player has seen since they were taken (played face up): a game whose cards are played says
        which; by default none."""
        return set()

    def unseen_positions(self, player: int) -> list[int]:
        """The positions of the deck chosen so far whose cards ``player`` has not seen, nor any card of the same
        kind since (an exchange among them keeps every action of the history legal and the player's view)."""
        shown = self.shown_later()
        return [
            position
            for position, seers in enumerate(self.seers_of)
            if not self.sees(seers, player) and self.deck[position] not in shown
        ]

    def resampled_moves(self, player: int, uniform: Callable[[], float]) -> list[int]:
        """The moves of an episode ``player`` cannot tell from this one: the cards of :meth:`unseen_positions`
        shuffled among their places (``uniform()`` draws from [0, 1)), the actions unchanged."""
        check_player(player, self.players)
        unseen = self.unseen_positions(player)
        cards = [self.deck[position] for position in unseen]
        for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates
            j = min(i, int(uniform_sample(uniform) * (i + 1)))
            cards[i], cards[j] = cards[j], cards[i]
        deck = self.deck[:]
        for position, card in zip(unseen, cards, strict=True):
            deck[position] = card
        replayed = type(self)(**self.parameters())
        moves = []
        for number in self.moves:
            move = deck[len(replayed.deck)] if replayed.is_chance else number
            replayed.apply(move)
            moves.append(move)
        return moves

    # Copies, for OpenSpiel's clone and serialization

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceEpisode:
        copied = type(self).__new__(type(self))
        for name, value in vars(self).items():
            if name in ("engine", "trial") and value is not None:
                value = copy_engine(value)
            elif type(value) is list:  # the episode's history; its other fields are never changed in place
                value = copy_value(value)
            setattr(copied, name, value)
        return copied

    def parameters(self) -> JSON:
        """The episode's parameters, as :func:`~ducksoup.bridges.chance.replay` takes them back (its constructor's)."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class, parameters and moves, and rebuilt by replaying them."""
        return replay, (type(self), self.parameters(), tuple(self.moves))


def replay(kind: type[ChanceEpisode], parameters: JSON, moves: Sequence[int]) -> ChanceEpisode:
    """The episode reached by playing ``moves`` from the start (how a pickled episode is rebuilt)."""
    episode = kind(**parameters)
    for move in moves:
        episode.apply(move)
    return episode


def uniform_sample(uniform: Callable[[], float]) -> float:
    """A draw of ``uniform()``, refused unless a number in [0, 1): a sampler out of range would otherwise bias a
    shuffle without a word (a negative index counts from the end; NaN fails inside ``int``)."""
    sample = uniform()
    if isinstance(sample, bool) or not isinstance(sample, numbers.Real):
        raise TypeError(f"the probability sampler gives a float in [0, 1), not {sample!r}")
    if not 0.0 <= sample < 1.0:
        raise ValueError(f"the probability sampler gives a float in [0, 1), not {sample!r}")
    return float(sample)


def _take(left: list[int], card: int) -> bool:
    """Whether a copy of ``card`` is left in ``left``, taking it."""
    if left[card]:
        left[card] -= 1
        return True
    return False
