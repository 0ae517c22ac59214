"""Narrating a Doubleduck trace: what the rules say happened at each step, and why (``ducksoup replay``, ``explain``).

The narration follows the executable specification, not the trace's expected states: in a
dispute the rules decide. Each call comes with what it means, each trick's winner with the rule
of the order of precedence that decided it (a doubleduck §4.2, the last quack §4.3, or the best
card of the suit led §4.4) and the rulings that settle the doubtful cases, each stored trick with
the pile it goes to, each draw with who took which card, and the change of course, the scores and
the game's end with their sections and rulings. Seen as one player (``as_player``), the other
hands and the cards the others draw stay hidden: the stock is face down (ruling DD-R18). A step
the rules forbid stops the narration with the rule it breaks; so does, with ``check`` (a
conformance trace, whose stored states are claims), a stored state, a refusal's code or the
trace's ``final`` outcome that the rules contradict, naming the field and its section.

A card whose place a record does not give (``inferred_at``: its deal and deck position, from
:func:`ducksoup.doubleduck.record.infer_decks`) is marked with ``?`` wherever it is shown before it is
played, as in Duck Soup. The two copies of a card are alike, so the narration follows each player's
inferred copies: a card the player is dealt or draws from an inferred position is one more, and a
card played is the written copy while the player holds one (the inference plays the written copy first).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from duckcheck.codec import JSON, parse_cards_text
from duckcheck.doubleduck.encoding import FIELD_SECTIONS, deal_outcome_json, parse_action, result_json
from duckcheck.doubleduck.oracle import Table
from duckcheck.games import Setup
from ducksoup.display import SUIT_WORDS, Style, in_hand_order
from ducksoup.narration import INFERRED_LEGEND, Loaded, StepNarrator, count
from duckspec.cards import Card, Rank
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import DECK_SIZE, Course
from duckspec.doubleduck.deal import DealState
from duckspec.doubleduck.dealing import DEALT, PLAYERS
from duckspec.doubleduck.duck_course import WonBy, draw_after_trick, winning_position, won_by
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.game import GameState
from duckspec.doubleduck.variants import DrawOrder
from duckspec.doubleduck.winning import GameEnd, has_reached_target
from duckspec.seats import partner, side_of, side_seats

SAID = {
    Call.QUACK: '"Quack!"',
    Call.QUACK_QUACK: '"Quack-quack!"',
    Call.QUACK_QUACK_QUACK: '"Quack-quack-quack!"',
    Call.DOUBLEDUCK: '"Doubleduck!"',
}


class Narrator(StepNarrator[Table]):
    """Plays a Doubleduck trace on the specification and tells what happens (the words; the loop is the base's)."""

    field_sections = FIELD_SECTIONS
    illegal = IllegalAction
    start_shows_position = True

    def __init__(
        self,
        trace: JSON,
        style: Style | None = None,
        as_player: int | None = None,
        check: bool = False,
        names: tuple[str, ...] | None = None,
        inferred_at: frozenset[tuple[int, int]] = frozenset(),
    ) -> None:
        super().__init__(trace, Table.of(Setup.of(trace)), as_player, names, check)
        self.style = style or Style()
        self.inferred_at = inferred_at
        """The deck positions whose cards the record does not place: (deal, from 1; position, from 0)."""
        self.decks = [parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(trace["decks"])]
        self.guessed: list[Counter[Card]] = [Counter() for _ in range(PLAYERS)]
        """The inferred copies each player holds, by card."""

    # Inferred cards

    def is_inferred(self, position: int) -> bool:
        """Whether the card at ``position`` of this deal's deck was placed by inference."""
        return (self.table.decks_used, position) in self.inferred_at

    def deal_guesses(self, deal: DealState) -> None:
        """The inferred copies dealt to each player at the start of ``deal`` (one card at a time, from the left)."""
        deck = self.decks[self.table.decks_used - 1]
        self.guessed = [Counter() for _ in range(PLAYERS)]
        for position in range(DEALT):
            if self.is_inferred(position):
                self.guessed[(deal.dealer + 1 + position) % PLAYERS][deck[position]] += 1

    def play_guess(self, deal: DealState, action: Play) -> None:
        """The copy ``action`` plays: the written one while the player holds one, else an inferred one."""
        guessed = self.guessed[action.player]
        if guessed[action.card] and deal.hands[action.player].count(action.card) <= guessed[action.card]:
            guessed[action.card] -= 1

    def hand(self, player: int, cards: list[Card]) -> str:
        """A hand as shown, its inferred copies marked ``?``."""
        left = Counter(self.guessed[player])
        shown = []
        for card in cards:
            shown.append(self.style.card(card) + ("?" if left[card] > 0 else ""))
            left[card] -= 1
        return " ".join(shown) or "-"

    def legend(self) -> list[str]:
        return [INFERRED_LEGEND] if self.inferred_at else []

    # Words

    def side(self, side: int) -> str:
        """``side 0 (players 0 and 2)``, or ``your side (you and player 2)``."""
        first, second = side_seats(side)
        if self.as_player is not None and side_of(self.as_player) == side:
            return f"your side (you and player {partner(self.as_player)})"
        return f"side {side} (players {first} and {second})"

    def side_short(self, side: int) -> str:
        """``side 0``, or ``your side``."""
        return "your side" if self.as_player is not None and side_of(self.as_player) == side else f"side {side}"

    def describe(self, before: Table, action: Play) -> str:
        return self.action_words(before.deal, action)

    def option(self, action: Play) -> str:
        return self.action_words(self.table.deal, action)

    def action_words(self, deal: DealState, action: Play) -> str:
        verb = self.who(action.player, "plays" if deal.table else "leads")
        said = f", saying {SAID[action.call]}" if action.call in SAID else ""
        return f"{verb} {self.style.card(action.card)}{said}"

    # What the step loop asks

    def parse_action(self, data: Any, where: str) -> Play:
        return parse_action(data, where)

    def start_lines(self, number: int) -> list[str]:
        return self.deal_lines(self.table.deal, number)

    def outcome_of(self, finished: DealState) -> JSON:
        return deal_outcome_json(finished)

    def outcome(self) -> JSON:
        final: JSON = {"deals": self.finished}
        if isinstance(self.table.state, GameState):
            result = self.table.state.result
            final["result"] = None if result is None else result_json(result)
        return final

    def unit_is_over(self) -> bool:
        return self.table.deal.is_over

    def play_ended(self) -> bool:
        """Whether the last step finished a trick: the next trick is to be led."""
        return not self.table.deal.table

    def to_act(self) -> int | None:
        return self.table.deal.to_act

    def held(self, player: int) -> str:
        return count(len(self.table.deal.hands[player]), "card")

    def consequences(self, before: Table, action: Play) -> list[str]:
        """What follows from a card: what its call means, then, when it completes a trick, the trick's fate."""
        deal = before.deal
        self.play_guess(deal, action)
        lines = self.call_lines(deal, action)
        if deal.options.draw is DrawOrder.AS_PLAYED and deal.course is Course.DUCK:
            card = self.shown(deal.stock[0], action.player, DECK_SIZE - len(deal.stock))
            lines.append(f"  {self.who(action.player, 'draws')} {card} at once (the as-played draw option, DD-R02)")
        if len(deal.table) < 3:
            return lines
        after = self.table.finished or self.table.deal
        lines += self.trick_lines(deal, action)
        lines += self.draw_lines(deal, after)
        lines += self.end_lines(before, after)
        return lines

    def call_lines(self, deal: DealState, action: Play) -> list[str]:
        """What a card of the rank led means, called or not (§4.2, §4.3)."""
        if not deal.table or action.card.rank != deal.table[0].card.rank:
            return []
        if action.call is Call.DOUBLEDUCK:
            return ["  a doubleduck: the other copy of the card led; it takes the trick whatever follows (§4.2)"]
        if action.call is Call.NONE:
            return [
                "  a card of the rank led played without its call is a plain card (DD-R09); "
                "it still counts for the quacks after it (DD-R03)"
            ]
        quacks = action.call.quacks
        words = {1: "one quack", 2: "two quacks", 3: "three quacks"}[quacks]
        duplicate = (
            "; the exact duplicate may quack instead of doubleducking (DD-R06)"
            if action.card == deal.table[0].card
            else ""
        )
        return [f"  card {quacks} of the rank led after the lead, so {words} (§4.3, DD-R03){duplicate}"]

    def trick_lines(self, deal: DealState, action: Play) -> list[str]:
        """Who takes the trick and by which rule, and what the winner's side stores (§4.2-§4.5)."""
        trick = (*deal.table, action)
        position = winning_position(trick, deal.course)
        winner = trick[position].player
        rule = won_by(trick)
        if rule is WonBy.DOUBLEDUCK:
            later = any(play.call.quacks for play in trick[position + 1 :])
            why = "the doubleduck takes the trick" + ("; the quacks after it count but lose (DD-R07)" if later else "")
        elif rule is WonBy.QUACK:
            later = any(p.card.rank == trick[0].card.rank and p.call is Call.NONE for p in trick[position + 1 :])
            why = "the last quack takes the trick" + (
                "; the silent card of the rank after it does not cancel it (DD-R08)" if later else ""
            )
        else:
            why = self.best_card_reason(trick, position, deal.course)
        suits = len({play.card.suit for play in trick})
        keeper = self.keeper(deal, winner)
        return [
            f"  {why}: {self.who(winner, 'wins')} it ({rule.paragraph})",
            f"  {self.side(side_of(winner))} stores {suits} card{'s' if suits > 1 else ''}, one of each suit in the "
            f"trick, on {keeper}; the rest go to the waste (§4.5, DD-R10, DD-R11)",
        ]

    def best_card_reason(self, trick: tuple[Play, ...], position: int, course: Course) -> str:
        """Why the best card of the suit led takes a trick nobody quacked or doubleducked (§1, §4.4, §5)."""
        led = trick[0].card
        word = "lowest" if course is Course.DUCK else "highest"
        why = f"no call takes it, so the {word} {SUIT_WORDS[led.suit]} wins in the {course.value.capitalize()} course"
        card = trick[position].card
        if card.rank is Rank.ACE and sum(play.card.suit == led.suit for play in trick) > 1:
            why += " (in either course no card of its suit beats the Ace, §1)"
        if sum(play.card == card for play in trick[:position]):
            silent = ", though played without its call (DD-R09)" if card == led else ""
            why += f"; of the two equal cards the later wins{silent}"
        return why

    def keeper(self, deal: DealState, winner: int) -> str:
        """The pile a trick's cards go to: the side's pile for the course, named by its keeper (ruling DD-R11)."""
        side = side_of(winner)
        duck, soup = deal.keepers[side]
        if deal.course is Course.DUCK:
            keeper = winner if duck is None else duck
            first = " (the partner who wins the side's first Duck trick keeps its Duck pile)" if duck is None else ""
            return f"{self.possessive(keeper)} Duck pile{first}"
        if soup is not None:
            return f"{self.possessive(soup)} Soup pile"
        if duck is None:
            return f"{self.possessive(winner)} Soup pile (the side won no Duck trick: its first Soup winner keeps it)"
        return f"{self.possessive(partner(duck))} Soup pile (the partner of the Duck pile's keeper keeps it)"

    def draw_lines(self, deal: DealState, after: DealState) -> list[str]:
        """The draw after a Duck trick, winner first, and the change of course once the stock is empty (§4.6, §5)."""
        if deal.course is not Course.DUCK:
            return []
        lines = []
        if deal.options.draw is DrawOrder.WINNER_FIRST:
            draw = draw_after_trick(deal.stock, after.leader)
            top = DECK_SIZE - len(deal.stock)
            drawn = ", ".join(
                f"{self.name(player)} {self.shown(card, player, top + k)}"
                for k, (player, card) in enumerate(draw.cards)
            )
            lines.append(
                f"  each draws a card from the stock, the winner first, then to the left: {drawn} (§4.6, DD-R02)"
            )
        if after.course is Course.SOUP:
            lines.append(
                "  the stock is empty after thirteen tricks: the Duck course ends (§2, §5). "
                f"Duck piles: {self.side_short(0)} {after.piles[0][0]}, {self.side_short(1)} {after.piles[1][0]}"
            )
            lines.append(
                "  the Soup course begins: no more drawing, the highest card of the suit led wins, Aces high; "
                f"{self.who(after.leader, 'leads')} (§5, §4.1)"
            )
        return lines

    def shown(self, card: Card, owner: int, position: int) -> str:
        """A card drawn by ``owner`` from ``position`` of the deck: hidden from the other players, for the stock is
        face down (DD-R18); marked ``?`` when inferred."""
        inferred = self.is_inferred(position)
        if inferred:
            self.guessed[owner][card] += 1
        if self.as_player is not None and self.as_player != owner:
            return "(unseen)"
        return self.style.card(card) + ("?" if inferred else "")

    def end_lines(self, before: Table, after: DealState) -> list[str]:
        if not after.is_over:
            return []
        lines = ["  the deal is over; each side scores its Duck pile times its Soup pile (§6):"]
        for side, (duck, soup) in enumerate(after.piles):
            nothing = " (no cards in one pile score nothing)" if duck * soup == 0 else ""
            lines.append(f"    {self.side(side)}: {duck} × {soup} = {duck * soup}{nothing}")
        scores = [duck * soup for duck, soup in after.piles]
        if scores[0] == scores[1]:
            lines.append(f"  the deal is drawn, {scores[0]} each")
        else:
            winner = 0 if scores[0] > scores[1] else 1
            lines.append(f"  {self.side_short(winner)} wins the deal, {scores[winner]} to {scores[1 - winner]} (§6)")
        if isinstance(self.table.state, GameState) and isinstance(before.state, GameState):
            lines += self.game_lines(before.state, self.table.state)
        return lines

    def game_lines(self, before: GameState, after: GameState) -> list[str]:
        """The running totals, and the game's end with its game points (§7; rulings DD-R12 to DD-R16)."""
        totals = after.totals
        reached = [side for side in (0, 1) if has_reached_target(totals[side])]
        newly = [side for side in reached if not has_reached_target(before.totals[side])]
        both = "; both sides reach 1000 in this deal (DD-R12)" if len(newly) == 2 else ""
        lines = [f"  totals: {self.side_short(0)} {totals[0]}, {self.side_short(1)} {totals[1]}{both}"]
        result = after.result
        if result is None:
            if totals[0] == totals[1]:
                lines.append("  the totals are level: another deal decides (§7, DD-R13)")
            lines.append("  the game goes on; the deal passes to the left (§2, DD-R15)")
            return lines
        if result.end is GameEnd.TARGET:
            how = "with a total of 1000 or more (§7, DD-R14)"
        else:
            how = f"with the higher total after {after.deals_played} deals (§7)"
        if result.game_points >= 2:
            unplayed = result.game_points - 2
            points = (
                f"{result.game_points} game points, 2 for reaching 1000 while the other side did not and 1 for each "
                f"of the {unplayed} deal{'s' if unplayed != 1 else ''} left unplayed (§7)"
            )
        else:
            other = ", for the other side reached 1000 too (DD-R12)" if len(reached) == 2 else ""
            points = f"1 game point{other} (§7)"
        lines.append(f"  {self.side(result.winner)} wins the game {how}: {points}; the game is over (DD-R16)")
        return lines

    # The position

    def position(self) -> list[str]:
        """The position now: hands (or the player's own and the others' sizes), stock, table, piles and keepers."""
        deal = self.table.deal
        lines = []
        for player in range(4):
            hand = deal.hands[player]
            seen = self.as_player in (None, player)
            shown = self.hand(player, in_hand_order(hand, deal.course)) if seen else count(len(hand), "card")
            owner = self.possessive(player)
            lines.append(f"{owner} hand: {shown}")
        lines.append(f"stock: {len(deal.stock)} cards, face down; course: {deal.course.value}")
        played = [
            self.style.card(play.card) + (f" {play.call.value}" if play.call is not Call.NONE else "")
            for play in deal.table
        ]
        lines.append(f"on the table: {', '.join(played) or '-'}")
        for side in (0, 1):
            (duck, soup), keepers = deal.piles[side], deal.keepers[side]
            kept = ", ".join(
                f"{course} pile {count}" + (f" kept by {self.name(seat)}" if seat is not None else "")
                for course, count, seat in (("Duck", duck, keepers[0]), ("Soup", soup, keepers[1]))
            )
            lines.append(f"{self.side(side)}: {kept}")
        return lines

    def rules_now(self) -> list[str]:
        """The rules that apply at this moment of the deal, each with its section and rulings."""
        deal = self.table.deal
        word = "lowest" if deal.course is Course.DUCK else "highest"
        lines = []
        if not deal.table:
            lines.append(f"{self.who(deal.leader, 'leads')} any card (§4.1)")
        else:
            lines += [
                "the others play any card, in turn to the left; following suit is never required (§4.1)",
                "a card of the rank led may be called: the first such card after the lead says quack, the second "
                "quack-quack, the third quack-quack-quack (§4.3, DD-R03); a miscounted call is refused "
                "(DD-R04, DD-R05)",
                "the other copy of the very card led may say doubleduck, or quack instead (§4.2, DD-R06)",
            ]
        lines += [
            f"who takes the trick: a doubleduck, else the last quack, else the {word} card of the suit led, the Ace "
            "beating all of its suit, the later of two equal cards winning (§4.2, §4.3, §4.4, §1, DD-R07, DD-R08)",
            "a card of the rank led played without its call is a plain card (DD-R09)",
            "the winning side stores one card of each suit in the trick on its pile for the course; the rest go to "
            "the waste (§4.5, DD-R10, DD-R11)",
        ]
        if deal.course is Course.DUCK:
            lines.append("after each Duck trick each player draws a card, the winner first (§4.6, DD-R02)")
            lines.append(
                "the stock is face down; after thirteen tricks it is empty, and the Soup course follows (§5, DD-R18)"
            )
        lines += [
            "a side scores its Duck pile times its Soup pile (§6)",
            "a game ends after four deals or when a side reaches 1000 at the end of a deal (§7, DD-R14); level "
            "totals deal again (DD-R13)",
        ]
        return lines

    def deal_lines(self, deal: DealState, number: int) -> list[str]:
        first = (deal.dealer + 1) % 4
        self.deal_guesses(deal)
        return [
            f"deal {number}: {self.who(deal.dealer, 'deals')} 13 cards each from two packs, one at a time, the first "
            f"to {self.name(first)} at the dealer's left; the other 52 are the stock, face down (§2, DD-R01, DD-R18)",
            *[f"  {line}" for line in self.position()],
            f"  {self.who(deal.leader, 'leads')} first, at the dealer's left (§4.1)",
        ]


def narrator(loaded: Loaded, as_player: int | None, symbols: bool) -> Narrator:
    """The narrator of a Doubleduck trace or record (the registry's entry point); a trace's stored states are
    checked against the rules, a record's players are named as it names them."""
    return Narrator(
        loaded.trace,
        Style(symbols=symbols),
        as_player,
        check=not loaded.is_record,
        names=loaded.names,
        inferred_at=loaded.inferred_at,
    )
