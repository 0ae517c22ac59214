"""Twin traces: the same play seen by one player, with everything that player could not see changed.

A *twin* of a trace for player P keeps what P saw (P's own cards, every card turned or played in
front of P, the actions and the refusals) and changes what P could not see (the other hands, the
order of the stock or deck, the Secret Stashes, the decks of deals not yet reached). Whatever is
told or drawn as P (``explain``, ``replay`` and ``view`` with ``--as P``) must be the same for a
trace and its twins, byte for byte. Looking for hidden cards in the output would not do: Doubleduck
and Aw Ducks! hold several copies of a card, so a card shown may be a copy P holds.

A twin swaps pairs of cards in the decks. Which swaps P cannot see is not worked out from each
game's rules but found by playing: the trace's actions are played on the game's engine (its
adapter backend) from the swapped decks, and the twin holds as long as every step is refused with
the same code and P's view (the suite's rules of what a player sees, the registry's ``views``) is
the same after every step. A swap stops holding where one of its cards comes into P's sight;
the twin is cut there (:attr:`Twin.horizon`), so a twin of the first N steps may change cards that
P sees later. A deal's count opens its hidden cards to everyone (Aw Ducks!'s stashes, §9); in a game the view
after the count is already of the next deal, so the views never show them, and a swap in a deal's deck is cut
before the step that counts that deal and deals the next (:func:`counted_out_of_view`). One builder serves
every game through the registry, for every game's decks are strings of two-character card codes: a game
supplies its engine and its views, nothing more.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from duckcheck.games import Setup, game
from ducksoup.games import Backend, reference

JSON = dict[str, Any]


@dataclass(frozen=True)
class Swap:
    """Two cards of one deck exchanged: their positions in ``decks[deck]``, counted in cards from the top."""

    deck: int
    first: int
    second: int


@dataclass(frozen=True)
class Seen:
    """What a player saw of a trace: their view after every step (step 0: the deal), and each step's refusal."""

    views: tuple[JSON, ...]
    refusals: tuple[str | None, ...]
    counts: tuple[Counter[str], ...]
    """How many times each card code is in the view after each step (:func:`shown`)."""
    counted: dict[int, int]
    """The deals counted out of view (:func:`counted_out_of_view`)."""

    def shown(self, step: int) -> Counter[str]:
        return self.counts[step]

    def together(self, first: str, second: str) -> int | None:
        """The first step after which more of both codes are in view than before it, or None.

        A view shows a hand or a pile as a set, so two cards that come into sight in one step (two cards drawn
        at once, ducks turned up one after another in one Draw) could be swapped without the views telling;
        but the player saw them come in order, so a twin keeps them where they were.
        """
        before = self.shown(0)
        for step in range(1, len(self.views)):
            now = self.shown(step)
            if now[first] > before[first] and now[second] > before[second]:
                return step
            before = now
        return None


def cards(deck: str) -> list[str]:
    return [deck[index : index + 2] for index in range(0, len(deck), 2)]


def swapped_decks(trace: JSON, swaps: Sequence[Swap]) -> list[str]:
    decks = [cards(deck) for deck in trace["decks"]]
    for swap in swaps:
        deck = decks[swap.deck]
        deck[swap.first], deck[swap.second] = deck[swap.second], deck[swap.first]
    return ["".join(deck) for deck in decks]


def backend(trace: JSON, decks: Sequence[str]) -> Backend:
    """The game's engine at the start of ``trace`` dealt from ``decks``."""
    return reference(trace["game"]).backend("engine", Setup.of({**trace, "decks": list(decks)}))


def played(trace: JSON, decks: Sequence[str], player: int, upto: int) -> Iterator[tuple[JSON, str | None, JSON]]:
    """The trace's first ``upto`` steps played from ``decks``: (the state, the step's refusal, ``player``'s view)
    after each, starting with the deal (refusal None)."""
    engine = backend(trace, decks)
    yield engine.state(), None, engine.views()[player]
    for step in trace["steps"][:upto]:
        refusal = engine.act(step["action"])
        yield engine.state(), refusal, engine.views()[player]


def shown(view: JSON) -> Counter[str]:
    """How many times each card code is in ``view`` (in its texts, read two characters at a time; a word such as
    ``duck`` reads as two codes that are no card)."""
    found: Counter[str] = Counter()
    for value in view.values():
        for text in value if isinstance(value, list) else [value]:
            if isinstance(text, str):
                found.update(cards(text))
    return found


def seen_by(trace: JSON, player: int) -> Seen:
    views, refusals = [], []
    for _, refusal, view in played(trace, trace["decks"], player, len(trace["steps"])):
        views.append(view)
        refusals.append(refusal)
    counts = tuple(shown(view) for view in views)
    return Seen(tuple(views), tuple(refusals), counts, counted_out_of_view(trace))


def counted_out_of_view(trace: JSON) -> dict[int, int]:
    """For each deck whose deal ends before the trace does, the step that counts it and deals the next deck.

    Read from the specification's table (its ``finished`` deal), so no game's state fields are named here."""
    suite = game(trace["game"])
    table = suite.start(Setup.of(trace))
    counted: dict[int, int] = {}
    for number, step in enumerate(trace["steps"], start=1):
        if "reject" in step:
            continue
        before = table.decks_used
        table = table.apply(suite.parse_action(step["action"], f"steps[{number - 1}]/action"))
        if table.decks_used > before:
            counted[before - 1] = number
    return counted


def horizon(trace: JSON, swaps: Sequence[Swap], player: int, seen: Seen) -> int:
    """The last step up to which ``player`` sees the swapped play as the trace's (-1: not even the deal), and
    never past the count of a deal whose deck a swap changed."""
    last = min((seen.counted[swap.deck] - 1 for swap in swaps if swap.deck in seen.counted), default=None)
    by_views = horizon_by_views(trace, swaps, player, seen)
    return by_views if last is None else min(last, by_views)


def horizon_by_views(trace: JSON, swaps: Sequence[Swap], player: int, seen: Seen) -> int:
    last = -1
    decks = swapped_decks(trace, swaps)
    for number, (_, refusal, view) in enumerate(played(trace, decks, player, len(trace["steps"]))):
        if refusal != seen.refusals[number] or view != seen.views[number]:
            break
        last = number
    return last


def unseen_positions(trace: JSON, seen: Seen) -> list[tuple[int, int]]:
    """(deck, position) of every card the player may not see when play starts: a card of the first deck whose
    code is nowhere in the player's first view, and every card of the later decks (their deals lie ahead)."""
    shown = seen.shown(0)
    return [
        (number, position)
        for number, deck in enumerate(trace["decks"])
        for position, card in enumerate(cards(deck))
        if number or card not in shown
    ]


@dataclass(frozen=True)
class Candidate:
    """A swap, and the last step up to which the player cannot tell it (cards seen together stay in place)."""

    swap: Swap
    horizon: int


def candidates(trace: JSON, player: int, seen: Seen, rng: random.Random, tries: int) -> list[Candidate]:
    """Up to ``tries`` random swaps of two different unseen cards, each with how long the player cannot tell it."""
    unseen = unseen_positions(trace, seen)
    decks = [cards(deck) for deck in trace["decks"]]
    found = []
    for _ in range(tries if len(unseen) > 1 else 0):
        (deck, first), (other, second) = rng.sample(unseen, 2)
        if other != deck:
            second = rng.choice([position for number, position in unseen if number == deck])
        if decks[deck][first] == decks[deck][second]:
            continue  # two copies of one card: swapping them changes nothing
        swap = Swap(deck, first, second)
        reach = horizon(trace, [swap], player, seen)
        together = seen.together(decks[deck][first], decks[deck][second])
        if together is not None:
            reach = min(reach, together - 1)
        if reach >= 0:
            found.append(Candidate(swap, reach))
    return found


@dataclass(frozen=True)
class Twin:
    """A twin of a trace's first ``horizon`` steps (all of them when ``horizon`` is the trace's length)."""

    trace: JSON
    horizon: int
    swaps: tuple[Swap, ...]


def twin_covering(
    trace: JSON,
    player: int,
    seen: Seen,
    found: Sequence[Candidate],
    step: int,
    cut: bool = False,
    most: int | None = None,
) -> Twin:
    """A twin that holds at least up to ``step`` (and is ``cut`` there, if asked): the candidates that hold that
    far, as many together (up to ``most``, if given) as hold together, those that hold longest first; with none,
    the trace itself."""
    chosen: list[Swap] = []
    reach = len(trace["steps"])
    for candidate in sorted(found, key=lambda candidate: -candidate.horizon):
        if candidate.horizon < step or len(chosen) == most:  # most None: no limit
            continue
        together = horizon(trace, [*chosen, candidate.swap], player, seen) if chosen else candidate.horizon
        if together >= step:
            chosen.append(candidate.swap)
            reach = min(reach, together, candidate.horizon)
    reach = step if cut else reach
    return Twin(recorded(trace, chosen, player, reach), reach, tuple(chosen))


def recorded(trace: JSON, swaps: Sequence[Swap], player: int, upto: int) -> JSON:
    """The trace dealt from the swapped decks, cut after step ``upto``, its states played again on the engine."""
    decks = swapped_decks(trace, swaps)
    positions = list(played(trace, decks, player, upto))
    steps = []
    for step, (state, refusal, _) in zip(trace["steps"][:upto], positions[1:], strict=True):
        steps.append(
            {"action": step["action"], "reject": refusal} if refusal else {"action": step["action"], "state": state}
        )
    return {**trace, "decks": decks, "initial": positions[0][0], "steps": steps}
