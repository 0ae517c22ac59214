"""Recording an Aw Ducks! trace: play on the oracle, write down every state it reaches and what each step exercises.

Expected values are never typed by hand: a :class:`Recorder` plays actions on the specification
(:class:`duckcheck.aw_ducks.oracle.Table`) and records what it says, accepted states and error
codes alike. :func:`step_events` names the rules each step triggers, so a trace's ``sections``,
``rulings`` and ``tags`` are computed, never typed.
"""

from __future__ import annotations

import random

from duckcheck import recording
from duckcheck.aw_ducks.encoding import action_json, cards_text, options_json
from duckcheck.aw_ducks.oracle import Table
from duckcheck.codec import JSON
from duckcheck.recording import rejection_code
from duckspec.aw_ducks import GAME_ID
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import ALL_KINDS, Card, Colour
from duckspec.aw_ducks.discarding import Benefit, benefit_of
from duckspec.aw_ducks.drawing import duck_matches
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.game import GameState
from duckspec.aw_ducks.rounds import Phase, RoundState
from duckspec.seats import left_of

EVENT_SECTIONS: dict[str, tuple[str, ...]] = {
    "setup": ("§1", "§3", "§4"),
    "turn": ("§4", "§5"),
    "draw": ("§6",),
    "duck-drawn": ("§6",),
    "duck-discards": ("§6",),
    "duck-spares-other-tableaux": ("§6",),
    "rainbow-duck": ("§6",),
    "black-spared": ("§6",),
    "score": ("§7",),
    "duck-scored": ("§7",),
    "duck-condition-missed": ("§7",),
    "several-ducks": ("§7",),
    "empty-score-rainbow": ("§7",),
    "final-empty-score-rainbow": ("§7", "§9"),
    "discard": ("§8",),
    "last-card-discarded": ("§5", "§8"),
    "safe-draw": ("§8",),
    "safe-draw-duck": ("§8",),
    "quick-quack": ("§8",),
    "quick-quack-duck": ("§8",),
    "secret-stash": ("§8",),
    "stashed-duck": ("§8", "§9"),
    "stash-from-empty-deck": ("§8", "§9"),
    "stash-takes-the-last-card": ("§8", "§9"),
    "forced-score": ("§8",),
    "play-with-empty-deck": ("§9",),
    "round-ends-in-draw": ("§9",),
    "round-ends-in-draw-chain": ("§6", "§9"),
    "round-ends-in-safe-draw": ("§8", "§9"),
    "round-ends-in-quick-quack": ("§8", "§9"),
    "round-ends-in-secret-stash": ("§8", "§9"),
    "final-score": ("§9",),
    "round-counted": ("§2", "§9"),
    "round-tie": ("§2",),
    "next-round": ("§2", "§3"),
    "game-won": ("§2",),
    "level-totals": ("§2",),
    "target-exact": ("§2",),
    "several-past-target": ("§2",),
    "one-short-of-target": ("§2",),
    "level-twice": ("§2",),
    "players-two-to-four": ("§2",),
    "pond-left-for-nobody": ("§9",),
}
"""The rules sections behind each event. The last four are tags that a hand-made trace is given by its builder
(:mod:`duckcheck.aw_ducks.scenarios`), which checks that they hold, never found by :func:`step_events`: found, they
would be new in traces already published, which are frozen."""

EVENT_RULINGS: dict[str, tuple[str, ...]] = {
    "setup": ("AD-R13", "AD-R17"),
    "turn": ("AD-R13",),
    "duck-discards": ("AD-R11", "AD-R12"),
    "duck-spares-other-tableaux": ("AD-R11",),
    "duck-scored-red": ("AD-R06",),
    "duck-scored-yellow": ("AD-R07",),
    "duck-scored-green": ("AD-R08",),
    "duck-scored-blue": ("AD-R08",),
    "duck-scored-purple": ("AD-R08",),
    "several-ducks": ("AD-R09",),
    "empty-score-rainbow": ("AD-R04",),
    "final-empty-score-rainbow": ("AD-R04",),
    "discard": ("AD-R12",),
    "last-card-discarded": ("AD-R05",),
    "safe-draw": ("AD-R10",),
    "safe-draw-duck": ("AD-R10",),
    "quick-quack": ("AD-R10",),
    "quick-quack-duck": ("AD-R10",),
    "secret-stash": ("AD-R17", "AD-R18"),
    "stashed-duck": ("AD-R18",),
    "stash-from-empty-deck": ("AD-R02",),
    "stash-takes-the-last-card": ("AD-R02",),
    "play-with-empty-deck": ("AD-R01",),
    "round-ends-in-draw": ("AD-R01",),
    "round-ends-in-quick-quack": ("AD-R03",),
    "round-ends-in-secret-stash": ("AD-R02", "AD-R03"),
    "final-score": ("AD-R13",),
    "round-tie": ("AD-R16",),
    "next-round": ("AD-R14",),
    "game-won": ("AD-R15",),
    "level-totals": ("AD-R15",),
    "target-exact": ("AD-R15",),
    "several-past-target": ("AD-R15",),
    "one-short-of-target": ("AD-R15",),
    "level-twice": ("AD-R15",),
    "players-two-to-four": ("AD-R19",),
    "pond-left-for-nobody": ("AD-R20",),
}
"""The rulings behind each event (the scored ducks' events are per colour)."""


def setup_events(table: Table) -> set[str]:
    events = {"setup", f"players-{table.players}", table.scope.value}
    if table.options.target is not None:
        events.add(f"target-{table.options.target}")
    return events


def new_cards(before: tuple[Card, ...], after: tuple[Card, ...]) -> list[Card]:
    """The cards of ``after`` beyond those of ``before`` (both in canonical order, ``before`` a sub-multiset)."""
    left = list(before)
    extra = []
    for card in after:
        if card in left:
            left.remove(card)
        else:
            extra.append(card)
    return extra


def step_events(before: Table, action: Action, after: Table) -> set[str]:
    """The events of the rules that ``action`` triggers, from the spec's states before and after it."""
    was = before.round
    now = after.finished or after.round
    player = action.player
    events = {"turn"}
    if not was.deck and was.phase is Phase.TURN and isinstance(action, Score):
        events.add("play-with-empty-deck")
    if isinstance(action, Draw):
        events |= _draw_events(was, now, player)
    elif isinstance(action, Discard):
        events |= _discard_events(was, now, action)
    if isinstance(action, Score):
        events |= _score_events(was, now, player)
    if was.ender is None and now.ender is not None:
        kind = benefit_of(action.card).value if isinstance(action, Discard) else "draw"
        events.add(f"round-ends-in-{kind}")
        if isinstance(action, Draw) and len(now.pond) > len(was.pond):
            events.add("round-ends-in-draw-chain")
    if now.is_over:
        events.add("round-counted")
        if len(now.winners) > 1:
            events.add("round-tie")
    events |= _game_events(before, after)
    return events


def _draw_events(was: RoundState, now: RoundState, player: int) -> set[str]:
    events = {"draw"}
    ducks = new_cards(was.pond, now.pond)
    if ducks:
        events.add("duck-drawn")
    if len(now.discards) > len(was.discards):
        events.add("duck-discards")
    for duck in ducks:
        if duck.colour is Colour.RAINBOW:
            events.add("rainbow-duck")
        for other in range(was.players):
            if other != player and any(duck_matches(duck, card) for card in was.tableaux[other]):
                events.add("duck-spares-other-tableaux")
    if any(duck.colour is Colour.RAINBOW for duck in ducks) and any(
        card.colour is Colour.BLACK for card in now.tableaux[player] + was.tableaux[player]
    ):
        events.add("black-spared")
    return events


def _discard_events(was: RoundState, now: RoundState, action: Discard) -> set[str]:
    benefit = benefit_of(action.card)
    events = {"discard", benefit.value}
    if len(was.tableaux[action.player]) == 1:
        events.add("last-card-discarded")
    ducks = new_cards(was.pond, now.pond)
    if ducks and benefit is Benefit.SAFE_DRAW:
        events.add("safe-draw-duck")
    if ducks and benefit is Benefit.QUICK_QUACK:
        events.add("quick-quack-duck")
    stashed = new_cards(was.stashes[action.player], now.stashes[action.player])
    if any(card.is_duck for card in stashed):
        events.add("stashed-duck")
    if benefit is Benefit.SECRET_STASH and now.ender is not None:
        events.add("stash-from-empty-deck" if not stashed else "stash-takes-the-last-card")
    return events


def _score_events(was: RoundState, now: RoundState, player: int) -> set[str]:
    events = {"score"}
    if was.phase is Phase.FORCED_SCORE:
        events.add("forced-score")
    if was.phase is Phase.FINAL_SCORE:
        events.add("final-score")
    taken = new_cards(now.pond, was.pond)
    for duck in taken:
        events |= {"duck-scored", f"duck-scored-{duck.colour.name.lower()}"}
    if len(taken) > 1:
        events.add("several-ducks")
    if was.tableaux[player] and any(duck.colour is not Colour.RAINBOW for duck in now.pond):
        events.add("duck-condition-missed")
    if not was.tableaux[player] and taken:
        events.add("empty-score-rainbow")
        if was.phase is Phase.FINAL_SCORE:
            events.add("final-empty-score-rainbow")
    return events


def _game_events(before: Table, after: Table) -> set[str]:
    if not isinstance(after.state, GameState) or not isinstance(before.state, GameState):
        return set()
    game = after.state
    if len(game.round_scores) == len(before.state.round_scores):
        return set()
    events = set()
    totals = game.totals
    reached = [total for total in totals if total >= game.target]
    if game.winner is not None:
        events.add("game-won")
        if totals[game.winner] == game.target:
            events.add("target-exact")
        if len(reached) > 1:
            events.add("several-past-target")
    elif reached:
        events.add("level-totals")
    if game.winner is None and not game.needs_deck:
        events.add("next-round")
    return events


def round_rng(table: Table) -> random.Random:
    """The random source of the current round: a function of its deck order and start player only."""
    current = table.round
    return random.Random(cards_text(list(current.deck)) + str(current.start) + str(current.players))


def illegal_actions(table: Table) -> list[Action]:
    """Actions the rules forbid now, of every kind the position offers (for negative steps)."""
    current = table.round
    player = current.to_act
    if player is None:
        return [Draw(0), Score(current.players - 1)]
    other = left_of(player, current.players)
    tableau = current.tableaux[player]
    absent = next(card for card in ALL_KINDS if card.is_number and card not in tableau)
    candidates: list[Action] = [Draw(other), Score(other), Discard(player, ALL_KINDS[-1]), Discard(player, absent)]
    if tableau:
        candidates.append(Discard(other, tableau[0]))
    if current.phase is not Phase.TURN:
        candidates.append(Draw(player))
        if tableau:
            candidates.append(Discard(player, tableau[-1]))
    elif not tableau:
        candidates.append(Score(player))
    return [action for action in candidates if rejection_code(table, action, IllegalAction) is not None]


class Recorder(recording.SetupRecorder[Table, Action, ErrorCode]):
    """Builds one Aw Ducks! trace by playing on the oracle, from a setup: ``Recorder(trace_id, description, scope,
    options, start, decks, players, tags)``, ``start`` the first round's start player (the trace's ``dealer``)."""

    oracle = Table
    event_sections = EVENT_SECTIONS
    event_rulings = EVENT_RULINGS
    error_codes = ErrorCode
    setup_events = staticmethod(setup_events)
    step_events = staticmethod(step_events)
    action_json = staticmethod(action_json)
    rng_of = staticmethod(round_rng)
    illegal_actions = staticmethod(illegal_actions)

    def setting(self) -> JSON:
        return {
            "game": GAME_ID,
            "players": self.table.players,
            "options": options_json(self.table.options),
            "dealer": self.initial["start"],
        }

    def outcome(self, table: Table) -> JSON:
        """A finished round's scores and winners."""
        finished = table.finished
        assert finished is not None
        return {"scores": list(finished.points), "winners": list(finished.winners)}

    def final(self) -> JSON:
        """The outcome: every finished round's scores and winners, and for a game its result."""
        final: JSON = {"rounds": self.outcomes}
        state = self.table.state
        if isinstance(state, GameState):
            final["totals"] = list(state.totals)
            final["winner"] = state.winner
        return final
