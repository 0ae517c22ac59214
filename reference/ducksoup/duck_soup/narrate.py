"""Narrating a trace: what the rules say happened at each step, and why (``ducksoup replay`` and ``explain``).

The narration follows the executable specification, not the trace's expected states: in a
dispute the rules decide. Each trick's winner comes with the rule that decided it, each draw
with who took which card, and the change of course, the scores and the game's end with their
sections and rulings. Seen as one player (``as_player``), cards that player could not see are
hidden. A step the rules forbid stops the narration with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from duckcheck.codec import parse_cards_text
from duckcheck.duck_soup.encoding import parse_action, parse_options
from duckcheck.duck_soup.oracle import Scope, Table
from ducksoup.display import SUIT_WORDS, Style
from ducksoup.narration import NarrationStopped
from duckspec.cards import Card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course, beats_in_suit
from duckspec.duck_soup.deal import DealState, Phase
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import DoubleDraw, StockVisibility

JSON = dict[str, Any]


@dataclass
class Narrator:
    """Plays a trace on the specification and tells what happens."""

    trace: JSON
    style: Style = field(default_factory=Style)
    as_player: int | None = None
    accepted: bool = False
    """Whether the last step told was accepted (a refused step changes nothing)."""

    def __post_init__(self) -> None:
        decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(self.trace["decks"]))
        self.table = Table.start(
            Scope(self.trace["scope"]), parse_options(self.trace["options"]), self.trace["dealer"], decks
        )

    def name(self, player: int) -> str:
        return "you" if player == self.as_player else f"player {player}"

    def possessive(self, player: int) -> str:
        return "your" if player == self.as_player else f"player {player}'s"

    def who(self, player: int, verb: str) -> str:
        """``player`` doing ``verb`` (third person): "player 0 takes", or "you take" as that player."""
        if player == self.as_player:
            return "you " + {"is": "are", "says": "say"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
        return f"player {player} {verb}"

    def steps(self) -> Iterator[tuple[int, list[str]]]:
        """Each step's number (0 for the deal) and the lines that tell it; raises NarrationStopped."""
        yield 0, self.deal_lines(self.table.deal, 1)
        for number, step in enumerate(self.trace["steps"], 1):
            dealt = self.table.decks_used
            action = parse_action(step["action"], f"step {number}")
            before = self.table
            try:
                self.table = before.apply(action)
            except IllegalAction as error:
                said = f"step {number}: {self.describe(before.deal, action)}: refused, {error.code}: {error.message}"
                if "reject" in step:
                    self.accepted = False
                    yield number, [f"{said} ({_rule(error.rule)}); play goes on from the same position"]
                    continue
                raise NarrationStopped(f"{said}. That breaks {_rule(error.rule)}.") from None
            if "reject" in step:
                raise NarrationStopped(
                    f"step {number}: {self.describe(before.deal, action)} is legal, "
                    f"but the trace says it must be refused with {step['reject']}"
                )
            self.accepted = True
            lines = [f"step {number}: {self.describe(before.deal, action)}", *self.consequences(before, action)]
            if self.table.decks_used != dealt and not self.table.deal.is_over:
                lines += self.deal_lines(self.table.deal, self.table.decks_used)
            yield number, lines

    def describe(self, deal: DealState, action: Action) -> str:
        if isinstance(action, SayDuck):
            return f"{self.who(action.player, 'says')} duck"
        verb = self.who(action.player, "leads" if deal.phase in (Phase.LEAD, Phase.ANSWER) else "plays")
        said = {Call.NONE: "", Call.QUACK: ', saying "Quack!"', Call.QUACK_QUACK: ', saying "Quack-quack"'}.get(
            action.call, ', saying "Duck soup!"'
        )
        return f"{verb} {self.style.card(action.card)}{said}"

    def consequences(self, before: Table, action: Action) -> list[str]:
        """What follows from the action: a quack waiting, a trick decided, draws, course and deal ends."""
        deal = before.deal
        if isinstance(action, Play) and deal.phase is Phase.FOLLOW and action.call is Call.QUACK:
            return ["  a quack: the leader must answer duck, or lead a third card of the rank with quack-quack (§6)"]
        if deal.phase in (Phase.LEAD, Phase.ANSWER) and isinstance(action, Play):
            return []
        lines = self.trick_lines(deal, action)
        after_deal = before.apply(action).finished or self.table.deal
        lines += self.draw_lines(deal, after_deal)
        lines += self.end_lines(before, after_deal)
        return lines

    def trick_lines(self, deal: DealState, action: Action) -> list[str]:
        lead, course, leader = deal.table[0], deal.course, deal.leader
        follower = 1 - leader
        if isinstance(action, SayDuck):
            return [f"  the quacker, {self.name(follower)}, wins the trick: two suits, face up, 2 points (§6, §4.4)"]
        assert isinstance(action, Play)
        if deal.phase is Phase.FOURTH:
            third = deal.table[2]
            second = 1 if third.suit == action.card.suit else 2
            if action.call is Call.DUCK_SOUP:
                return [
                    "  duck soup: the fourth card of the rank takes both tricks, 2 + 2 points, "
                    f"for {self.name(follower)} (§6)"
                ]
            forgotten = (
                " (the fourth card of the rank without the call counts as an ordinary card, DS-R03)"
                if action.card.rank == lead.rank
                else ""
            )
            return [f"  {self.who(leader, 'wins')} both tricks: 2 points and {second} (§6){forgotten}"]
        card = action.card
        points = "one suit, face down, 1 point" if card.suit == lead.suit else "two suits, face up, 2 points"
        if card.suit != lead.suit:
            why = "only the suit led can win, so the leader wins"
            if card.rank == lead.rank:
                why = "the rank led without the call quack is an ordinary card (§6): the leader wins"
            return [f"  {why}: {self.who(leader, 'takes')} it, {points} (§4.3, §4.4)"]
        winner = follower if beats_in_suit(card, lead, course) else leader
        word = "lower" if course is Course.DUCK else "higher"
        ace = (
            " (no card of its suit outranks the Ace, in either course, DS-R13)"
            if "A" in (lead.rank.letter, card.rank.letter)
            else ""
        )
        return [
            f"  the {word} {SUIT_WORDS[lead.suit]} wins in the {course.value.capitalize()} course{ace}: "
            f"{self.who(winner, 'takes')} it, {points} (§2, §4.3, §4.4)"
        ]

    def draw_lines(self, deal: DealState, after: DealState) -> list[str]:
        if deal.course is not Course.DUCK:
            return []
        taken = len(deal.stock) - len(after.stock)
        winner = after.leader
        loser = 1 - winner
        hidden = deal.options.stock is StockVisibility.HIDDEN
        gained = [tuple(c for c in after.hands[p] if c not in deal.hands[p]) for p in (0, 1)]
        top = deal.stock[0]
        gained[winner] = (top, *[c for c in gained[winner] if c != top])  # the top card first: it was face up
        lines = []
        if taken == 4:
            order = (
                "alternately, DS-R04 option"
                if deal.options.double_draw is DoubleDraw.ALTERNATE
                else "the winner first, DS-R04"
            )
            lines.append(f"  after a quack-quack each draws two ({order}):")
        elif deal.phase is Phase.FOURTH:
            lines.append(
                "  only two cards are left in the stock: one each, and the Soup course will have 12 tricks (§6)"
            )
        face_up = "the top card, unseen (hidden stock, DS-R09)" if hidden else "the face-up card"
        lines.append(
            f"  {self.who(winner, 'takes')} {face_up} "
            f"{self.shown(gained[winner], winner, public_first=not hidden)} (§5)"
        )
        lines.append(f"  {self.who(loser, 'draws')} {self.shown(gained[loser], loser, public_first=False)} (§5)")
        if after.course is Course.SOUP:
            duck = after.points(Course.DUCK)
            lines.append(
                f"  the stock is empty: the Duck course ends. Duck points: player 0 {duck[0]}, player 1 {duck[1]} (§7)"
            )
            lines.append(f"  the Soup course begins, higher cards winning, Aces high; {self.who(winner, 'leads')} (§7)")
        elif after.face_up_card is not None:
            lines.append(f"  the new face-up card is {self.style.card(after.face_up_card)} (§5.3)")
        return lines

    def shown(self, cards: tuple[Card, ...], owner: int, public_first: bool) -> str:
        """Cards drawn by ``owner``, hidden from the other player (the face-up card is public)."""
        if self.as_player is None or self.as_player == owner:
            return self.style.cards(cards)
        visible = [self.style.card(cards[0])] if public_first and cards else []
        return " ".join(visible + ["(unseen)"] * (len(cards) - len(visible)))

    def end_lines(self, before: Table, after_deal: DealState) -> list[str]:
        if not after_deal.is_over:
            return []
        duck, soup = after_deal.points(Course.DUCK), after_deal.points(Course.SOUP)
        lines = ["  the deal is over; each scores Duck points times Soup points (§8):"]
        for player in (0, 1):
            score = duck[player] * soup[player]
            nothing = " (nothing in one course scores nothing)" if score == 0 else ""
            lines.append(f"    {self.name(player)}: {duck[player]} × {soup[player]} = {score}{nothing}")
        if isinstance(self.table.state, MatchState) and isinstance(before.state, MatchState):
            lines += self.game_lines(before.state, self.table.state)
        return lines

    def game_lines(self, before: MatchState, after: MatchState) -> list[str]:
        if len(after.results) == len(before.results):
            totals = after.game.totals
            level = (
                " The totals are level past 250: another deal (§9, DS-R08)."
                if totals[0] == totals[1] and max(totals) >= 250
                else ""
            )
            return [f"  totals: player 0 {totals[0]}, player 1 {totals[1]}.{level} Next deal (§3.1, §9)."]
        result = after.results[-1]
        how = (
            "in the pond: 125 or more in one deal wins a double game at once (§9, DS-R05, DS-R06)"
            if result.end.value == "pond"
            else "a total of 250 or more, and the higher total wins (§9, DS-R14)"
        )
        soup = f"; {self.who(result.loser, 'is')} in the soup, under 125 (§9)" if result.in_the_soup else ""
        lines = [f"  {self.who(result.winner, 'wins')} the game: {how}{soup}; it counts {result.value} (DS-R07)"]
        if after.options.best_of > 1:
            won = after.games_won
            state = f"player {after.winner} wins the match" if after.winner is not None else "the match goes on"
            lines.append(f"  games won: {won[0]} to {won[1]}; {state} (§11, DS-R11)")
        return lines

    def position(self) -> list[str]:
        """The position now: hands (or the player's view), stock, face-up card, table, points."""
        deal = self.table.deal
        lines = []
        for player in (0, 1):
            if self.as_player is None or self.as_player == player:
                lines.append(f"{self.possessive(player)} hand: {self.style.cards(list(deal.hands[player]))}")
            else:
                lines.append(f"{self.possessive(player)} hand: {len(deal.hands[player])} cards")
        face_up = self.style.card(deal.face_up_card) if deal.face_up_card else "none"
        lines.append(f"stock: {len(deal.stock)} cards, face-up card: {face_up}; course: {deal.course.value}")
        lines.append(f"on the table: {self.style.cards(list(deal.table))}")
        duck, soup = deal.points(Course.DUCK), deal.points(Course.SOUP)
        lines.append(f"points (Duck, Soup): player 0 {duck[0]}, {soup[0]}; player 1 {duck[1]}, {soup[1]}")
        return lines

    def legal_lines(self) -> list[str]:
        """Every legal action in the current position, described ("could I have quacked here?")."""
        actions = self.table.legal_actions()
        if not actions:
            over = "the play is over" if self.table.is_over else "the next deal needs a deck"
            return [f"no action is possible: {over}"]
        return [f"  {self.describe(self.table.deal, action)}" for action in actions]

    def between_tricks(self) -> bool:
        """Whether the last step told finished a trick: it was accepted, and the next trick is to be led."""
        deal = self.table.deal
        return self.accepted and deal.phase is Phase.LEAD and not deal.table

    def deal_lines(self, deal: DealState, number: int) -> list[str]:
        return [
            f"deal {number}: player {deal.dealer} deals 13 cards each, one at a time, "
            f"the first to player {1 - deal.dealer} (§3, DS-R01)",
            *[f"  {line}" for line in self.position()],
            f"  {self.who(deal.leader, 'leads')} first: the non-dealer (§4)",
        ]


def _rule(rule: str) -> str:
    return f"ruling {rule}" if rule.startswith("DS-") else f"Rules {rule}"


def narrator(trace: JSON, as_player: int | None, symbols: bool) -> Narrator:
    """The narrator of a Duck Soup trace (the registry's entry point)."""
    return Narrator(trace, Style(symbols=symbols), as_player)
