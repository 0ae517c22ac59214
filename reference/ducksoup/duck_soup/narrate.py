"""Narrating a trace: what the rules say happened at each step, and why (``ducksoup replay`` and ``explain``).

The narration follows the executable specification, not the trace's expected states: in a
dispute the rules decide. Each trick's winner comes with the rule that decided it, each draw
with who took which card, and the change of course, the scores and the game's end with their
sections and rulings. Seen as one player (``as_player``), cards that player could not see are
hidden. A step the rules forbid stops the narration with the rule it breaks; so does a stored
state that the rules contradict (``check``, for conformance traces, whose states are claims).

Players are called by their names when the record gives them (``names``), and a card whose
place the record does not give (``inferred``, from :func:`ducksoup.duck_soup.record.infer_decks`) is
marked with ``?`` wherever it is shown before it is played.
"""

from __future__ import annotations

from typing import Any

from duckcheck.codec import parse_cards_text
from duckcheck.duck_soup import SUITE
from duckcheck.duck_soup.encoding import parse_action, parse_options, result_json
from duckcheck.duck_soup.oracle import Scope, Table
from ducksoup.display import SUIT_WORDS, Style, in_hand_order
from ducksoup.narration import INFERRED_LEGEND, Loaded, StepNarrator, count
from duckspec.cards import Card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course, beats_in_suit
from duckspec.duck_soup.deal import DealState, Phase
from duckspec.duck_soup.drawing import draw_after
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.quacking import Call, is_duck_soup, is_quack
from duckspec.duck_soup.variants import Calls, DoubleDraw, StockVisibility
from duckspec.seats import opponent

JSON = dict[str, Any]
NUMBER_WORDS = {1: "a card", 2: "two cards"}


class Narrator(StepNarrator[Table]):
    """Plays a Duck Soup trace on the specification and tells what happens (the words; the loop is the base's)."""

    field_sections = SUITE.field_sections
    illegal = IllegalAction
    start_shows_position = True

    def __init__(
        self,
        trace: JSON,
        style: Style | None = None,
        as_player: int | None = None,
        names: tuple[str, ...] | None = None,
        inferred: frozenset[tuple[int, str]] = frozenset(),
        check: bool = False,
    ) -> None:
        decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(trace["decks"]))
        table = Table.start(Scope(trace["scope"]), parse_options(trace["options"]), trace["dealer"], decks)
        super().__init__(trace, table, as_player, names, check)
        self.style = style or Style()
        self.inferred = inferred
        """The cards whose place the record does not give: (deal, from 1; card, ``TC``)."""

    # Cards

    def card(self, card: Card) -> str:
        """A card as shown before it is played: marked ``?`` when its place was inferred."""
        mark = "?" if (self.table.decks_used, str(card)) in self.inferred else ""
        return self.style.card(card) + mark

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "-"

    def legend(self) -> list[str]:
        if not self.inferred:
            return []
        return [INFERRED_LEGEND]

    # What the step loop asks

    def parse_action(self, data: Any, where: str) -> Action:
        return parse_action(data, where)

    def start_lines(self, number: int) -> list[str]:
        return self.deal_lines(self.table.deal, number)

    def outcome_of(self, finished: DealState) -> JSON:
        return _deal_outcome(finished)

    def outcome(self) -> JSON:
        final: JSON = {"deals": self.finished}
        state = self.table.state
        if isinstance(state, MatchState):
            final["games"] = [result_json(result) for result in state.results]
            final["games_won"] = list(state.games_won)
            final["winner"] = state.winner
        return final

    def unit_is_over(self) -> bool:
        return self.table.deal.is_over

    def play_ended(self) -> bool:
        """Whether the last step finished a trick: the next trick is to be led."""
        deal = self.table.deal
        return deal.phase is Phase.LEAD and not deal.table

    def to_act(self) -> int | None:
        return self.table.deal.to_act

    def held(self, player: int) -> str:
        return count(len(self.table.deal.hands[player]), "card")

    def describe(self, before: Table, action: Action) -> str:
        return self.action_words(before.deal, action)

    def option(self, action: Action) -> str:
        return self.action_words(self.table.deal, action)

    def action_words(self, deal: DealState, action: Action) -> str:
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
        silent = deal.options.calls is Calls.SILENT
        if (
            isinstance(action, Play)
            and deal.phase is Phase.FOLLOW
            and is_quack(deal.table[0], action.card, action.call, deal.options.calls)
        ):
            how = "the rank led, which is a quack without a word (silent calls, DS-R15)" if silent else "a quack"
            answer = "lead a third card of the rank" + ("" if silent else " with quack-quack")
            return [f"  {how}: the leader must answer duck, or {answer} (§6, DS-R10)"]
        if deal.phase in (Phase.LEAD, Phase.ANSWER) and isinstance(action, Play):
            if deal.phase is Phase.ANSWER and silent:
                return ["  a third card of the rank: a quack-quack, without a word (silent calls, DS-R15)"]
            return []
        lines = self.trick_lines(deal, action)
        after_deal = self.table.finished or self.table.deal
        lines += self.draw_lines(deal, after_deal)
        lines += self.end_lines(before, after_deal)
        return lines

    def trick_lines(self, deal: DealState, action: Action) -> list[str]:
        lead, course, leader = deal.table[0], deal.course, deal.leader
        follower = opponent(leader)
        if isinstance(action, SayDuck):
            return [f"  the quacker, {self.name(follower)}, wins the trick: two suits, face up, 2 points (§6, §4.4)"]
        assert isinstance(action, Play)
        if deal.phase is Phase.FOURTH:
            third = deal.table[2]
            second = 1 if third.suit == action.card.suit else 2
            if is_duck_soup(third, action.card, action.call, deal.options.calls):
                how = "duck soup" if deal.options.calls is Calls.SPOKEN else "duck soup, without a word (DS-R15)"
                return [
                    f"  {how}: the fourth card of the rank takes both tricks, 2 + 2 points, "
                    f"for {self.name(follower)} (§6)"
                ]
            kept = ""
            if action.card.rank == lead.rank:
                kept = " (the fourth card of the rank without the call counts as an ordinary card, DS-R03)"
            elif self.sees_hand(follower) and self.holds_rank(deal, follower, lead):
                kept = " (the fourth card of the rank is held back, as the follower may, DS-R16)"
            return [f"  {self.who(leader, 'wins')} both tricks: 2 points and {second} (§6){kept}"]
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

    def sees_hand(self, player: int) -> bool:
        """Whether the narration may tell what ``player`` holds: told to everyone, or to that player."""
        return self.as_player is None or self.as_player == player

    @staticmethod
    def holds_rank(deal: DealState, follower: int, lead: Card) -> bool:
        """Whether, under silent calls, the follower kept back a card of the rank led (a choice DS-R16 allows)."""
        return deal.options.calls is Calls.SILENT and any(card.rank == lead.rank for card in deal.hands[follower])

    def draw_lines(self, deal: DealState, after: DealState) -> list[str]:
        """Who drew which cards from the stock after the trick (§5; §6 after a quack-quack)."""
        if deal.course is not Course.DUCK:
            return []
        winner = after.leader
        loser = opponent(winner)
        hidden = deal.options.stock is StockVisibility.HIDDEN
        tricks = 2 if deal.phase is Phase.FOURTH else 1
        draw = draw_after(deal.course, deal.stock, tricks, deal.options.double_draw)
        lines = []
        if len(draw.winner_cards) == 2:
            alternate = deal.options.double_draw is DoubleDraw.ALTERNATE
            order = "alternately, winner first, DS-R04 option" if alternate else "the winner's two first, DS-R04"
            lines.append(f"  after a quack-quack each draws two ({order}):")
        elif tricks == 2:
            lines.append(
                "  only two cards are left in the stock: one each, and the Soup course will have 12 tricks (§6)"
            )
        lines.append(f"  {self.who(winner, 'takes')} {self.taken(draw.winner_cards, winner, hidden)} (§5)")
        lines.append(f"  {self.who(loser, 'draws')} {self.drawn(draw.loser_cards, loser)} (§5)")
        if after.course is Course.SOUP:
            duck = after.points(Course.DUCK)
            lines.append(
                f"  the stock is empty: the Duck course ends. Duck points: "
                f"{self.name(0)} {duck[0]}, {self.name(1)} {duck[1]} (§7)"
            )
            lines.append(f"  the Soup course begins, higher cards winning, Aces high; {self.who(winner, 'leads')} (§7)")
        elif after.face_up_card is not None:
            lines.append(f"  the new face-up card is {self.card(after.face_up_card)} (§5.3)")
        return lines

    def taken(self, cards: tuple[Card, ...], winner: int, hidden: bool) -> str:
        """The winner's cards: the face-up card (seen by both) and any card after it, or, hidden, the top card(s)."""
        if hidden:
            what = "the top card of the stock" if len(cards) == 1 else "two cards from the top of the stock"
            return f"{what}, {self.drawn(cards, winner)}, face down (hidden stock, DS-R09)"
        text = f"the face-up card {self.card(cards[0])}"
        if len(cards) == 2:
            text += f" and then {self.drawn(cards[1:], winner)}"
        return text

    def drawn(self, cards: tuple[Card, ...], owner: int) -> str:
        """Cards drawn unseen by ``owner``: shown, unless the narration is one player's and they are the other's."""
        if self.as_player is None or self.as_player == owner:
            return self.cards(cards)
        return f"{NUMBER_WORDS[len(cards)]} you do not see"

    def end_lines(self, before: Table, after_deal: DealState) -> list[str]:
        if not after_deal.is_over:
            return []
        duck, soup = after_deal.points(Course.DUCK), after_deal.points(Course.SOUP)
        lines = ["  the deal is over; each scores Duck points times Soup points (§8):"]
        for player in (0, 1):
            score = duck[player] * soup[player]
            nothing = " (nothing in one course scores nothing)" if score == 0 else ""
            lines.append(f"    {self.name(player)}: {duck[player]} × {soup[player]} = {score}{nothing}")
        lines.append(self.deal_winner(after_deal.scores()))
        if isinstance(self.table.state, MatchState) and isinstance(before.state, MatchState):
            lines += self.game_lines(before.state, self.table.state)
        return lines

    def deal_winner(self, scores: tuple[int, int]) -> str:
        """Who won the deal, by how much: the higher deal score (§8)."""
        if scores[0] == scores[1]:
            return f"  the deal is drawn, {scores[0]} each"
        winner = 0 if scores[0] > scores[1] else 1
        return f"  {self.who(winner, 'wins')} the deal, {scores[winner]} to {scores[opponent(winner)]} (§8)"

    def game_lines(self, before: MatchState, after: MatchState) -> list[str]:
        if len(after.results) == len(before.results):
            totals = after.game.totals
            level = (
                " The totals are level past 250: another deal (§9, DS-R08)."
                if totals[0] == totals[1] and max(totals) >= 250
                else ""
            )
            return [f"  totals: {self.name(0)} {totals[0]}, {self.name(1)} {totals[1]}.{level} Next deal (§3.1, §9)."]
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
            state = f"{self.who(after.winner, 'wins')} the match" if after.winner is not None else "the match goes on"
            lines.append(f"  games won: {self.name(0)} {won[0]}, {self.name(1)} {won[1]}; {state} (§11, DS-R11)")
        return lines

    def position(self) -> list[str]:
        """The position now: hands (or the player's view), stock, face-up card, table, points."""
        deal = self.table.deal
        lines = []
        for player in (0, 1):
            if self.sees_hand(player):
                lines.append(
                    f"{self.possessive(player)} hand: {self.cards(in_hand_order(deal.hands[player], deal.course))}"
                )
            else:
                lines.append(f"{self.possessive(player)} hand: {count(len(deal.hands[player]), 'card')}")
        if deal.options.stock is StockVisibility.HIDDEN:
            stock = f"stock: {len(deal.stock)} cards, face down (hidden stock, DS-R09)"
        else:
            face_up = self.card(deal.face_up_card) if deal.face_up_card else "none"
            stock = f"stock: {len(deal.stock)} cards, face-up card: {face_up}"
        lines.append(f"{stock}; course: {deal.course.value}")
        lines.append(f"on the table: {self.style.cards(list(deal.table))}")
        duck, soup = deal.points(Course.DUCK), deal.points(Course.SOUP)
        lines.append(f"points (Duck, Soup): {self.name(0)} {duck[0]}, {soup[0]}; {self.name(1)} {duck[1]}, {soup[1]}")
        return lines

    def rules_now(self) -> list[str]:
        """The rules that apply at this moment of the deal, each with its section and rulings."""
        deal = self.table.deal
        silent = deal.options.calls is Calls.SILENT
        lines = [self.course_rule(deal.course), *self.moment_rules(deal, silent)]
        if deal.course is Course.DUCK:
            if deal.options.stock is StockVisibility.HIDDEN:
                lines.append("after each trick the winner draws the top card of the stock, then the loser (§5, DS-R09)")
            else:
                lines.append("after each trick the winner takes the face-up card, the loser the next card (§5)")
            lines.append("the stock's last card ends the Duck course; the Soup course follows (§7)")
        lines.append("a deal scores Duck points times Soup points, so nothing in one course scores nothing (§8)")
        lines.append(
            "250 or more wins the game, the higher total if both (§9, DS-R14); 125 in one deal wins at once, "
            "in the pond (§9, DS-R05, DS-R06)"
        )
        return lines

    @staticmethod
    def course_rule(course: Course) -> str:
        if course is Course.DUCK:
            return "the Duck course: in the suit led the lower card wins, the Ace lowest (§2, DS-R13)"
        return "the Soup course: in the suit led the higher card wins, the Ace highest (§2, DS-R13)"

    def moment_rules(self, deal: DealState, silent: bool) -> list[str]:
        """What the player to act may do now: play to the trick, or call quack and answer it (§4, §6)."""
        worth = "a trick of one suit is worth 1 point, of two suits 2 (§4.4)"
        if deal.phase is Phase.LEAD:
            return [f"{self.who(deal.leader, 'leads')} any card (§4); following suit is never required (§4)", worth]
        if deal.phase is Phase.FOLLOW:
            call = (
                "a card of the rank led is a quack without a word (DS-R15)"
                if silent
                else (
                    "a card of the rank led may be played saying quack, to steal the trick (§6); a call on any other "
                    "card is refused (DS-R02)"
                )
            )
            return ["the follower plays any card; only the suit led can win the trick (§4.3)", call, worth]
        if deal.phase is Phase.ANSWER:
            third = "lead a third card of the rank" + ("" if silent else " saying quack-quack")
            return [f"a quack is answered: say duck, giving the quacker the trick, or {third} (§6, DS-R10)"]
        fourth = "the fourth card of the rank" + ("" if silent else " saying duck soup")
        return [
            f"{fourth} takes both tricks (§6); any other card leaves both to the leader (§6, DS-R03)"
            + (", and the fourth card may be held back (DS-R16)" if silent else "")
        ]

    def deal_lines(self, deal: DealState, number: int) -> list[str]:
        return [
            f"deal {number}: {self.who(deal.dealer, 'deals')} 13 cards each, one at a time, "
            f"the first to {self.name(opponent(deal.dealer))} (§3, DS-R01)",
            *[f"  {line}" for line in self.position()],
            f"  {self.who(deal.leader, 'leads')} first: the non-dealer (§4)",
        ]


def _deal_outcome(deal: DealState) -> JSON:
    duck, soup = deal.points(Course.DUCK), deal.points(Course.SOUP)
    return {"points": [[duck[p], soup[p]] for p in (0, 1)], "scores": list(deal.scores())}


def narrator(loaded: Loaded, as_player: int | None, symbols: bool) -> Narrator:
    """The narrator of a Duck Soup trace or record (the registry's entry point); a trace's stored states are
    checked against the rules, a record's are not (it has none of its own)."""
    return Narrator(
        loaded.trace,
        Style(symbols=symbols),
        as_player,
        names=loaded.names,
        inferred=loaded.inferred,
        check=not loaded.is_record,
    )
