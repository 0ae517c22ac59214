"""Narrating an Aw Ducks! trace: what the rules say happened at each turn, and why (``ducksoup replay`` and
``explain``).

The narration follows the executable specification, not the trace's expected states: in a
dispute the rules decide. Each Draw tells the cards turned up and what each duck knocked out of
the tableau, each Score the cards banked and every pond duck taken or left with its condition,
each Discard the benefit bought and the cards it took; the end of the round, the count and the
game's totals come with their sections (``§n``, numbered in the order of the text) and rulings
(``AD-Rnn``). Told to one player (``as_player``), the Secret Stash cards stay hidden until the
count, even from their owner, and so do the score piles' worths (ruling AD-R17): everything else
of the game lies face up or was seen going face down.

:class:`Teller` holds the words; :class:`Narrator` plays a trace with them, and the terminal game
(:mod:`ducksoup.aw_ducks.playing`) tells its turns with them too. A conformance trace's stored
states and outcome are claims: the narrator compares each with the rules' (``check``) and stops
at the first the rules contradict, naming the field and the section that governs it; a step
refused with another code than the trace's stops it too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from duckcheck.aw_ducks import SUITE
from duckcheck.aw_ducks.encoding import parse_action
from duckcheck.aw_ducks.oracle import Table
from duckcheck.codec import JSON, SetupError
from duckcheck.games import Setup
from ducksoup.aw_ducks.display import COLOUR_WORDS, CardStyle
from ducksoup.narration import Loaded, StepNarrator, Voice, count
from duckspec.aw_ducks.actions import Action, Discard, Draw
from duckspec.aw_ducks.components import Card, Colour
from duckspec.aw_ducks.discarding import Benefit, benefit_of, forces_score
from duckspec.aw_ducks.drawing import matching_numbers
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.game import GameState
from duckspec.aw_ducks.round_end import pile_points
from duckspec.aw_ducks.rounds import Phase, RoundState
from duckspec.aw_ducks.scoring import condition_met

CONDITIONS = {
    Colour.RED: ("five or more odd numbers, or five or more even ones", "AD-R06"),
    Colour.YELLOW: ("four values in a row, in any colours", "AD-R07"),
    Colour.GREEN: ("three or more cards of one value", "AD-R08"),
    Colour.BLUE: ("five or more different colours, black counting", "AD-R08"),
    Colour.PURPLE: ("three or more cards of one colour, black counting", "AD-R08"),
}
"""Each coloured duck's condition in words, with the ruling that reads it (§7)."""
BENEFIT_NAMES = {
    Benefit.SAFE_DRAW: "Safe Draw",
    Benefit.QUICK_QUACK: "Quick Quack",
    Benefit.SECRET_STASH: "Secret Stash",
}


def removed(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``before`` that ``after`` no longer holds (as multisets), in canonical order."""
    gone = Counter(before)
    gone.subtract(after)
    return tuple(sorted(gone.elements()))


def taken_from_deck(was: RoundState, now: RoundState) -> tuple[Card, ...]:
    """The cards a turn took from the top of the deck, in the order they came."""
    return was.deck[: len(was.deck) - len(now.deck)]


class Teller(Voice):
    """The words of the game, told to everyone (``as_player`` None) or to one player."""

    def __init__(
        self, style: CardStyle | None = None, as_player: int | None = None, names: Sequence[str] | None = None
    ) -> None:
        super().__init__(as_player, names)
        self.style = style or CardStyle()

    def cards(self, cards: Sequence[Card]) -> str:
        return self.style.cards(cards)

    # Actions

    def describe(self, current: RoundState, action: Action) -> str:
        """The action in words, as the phase it is taken in names it."""
        player = action.player
        if isinstance(action, Draw):
            return self.act(player, "draws", "draw")
        if isinstance(action, Discard):
            card = self.style.card(action.card)
            return self.act(player, f"discards {card}", f"discard {card}")
        if current.phase is Phase.FORCED_SCORE:
            return self.act(player, "takes the Score the benefit calls for", "take the Score the benefit calls for")
        if current.phase is Phase.FINAL_SCORE:
            return self.act(player, "takes a final Score", "take a final Score")
        return self.act(player, "scores", "score")

    def option(self, current: RoundState, action: Action) -> str:
        """A legal action with what it would buy: a Discard names its benefit."""
        text = self.describe(current, action)
        if isinstance(action, Discard) and action.card.is_number:
            return f"{text} ({BENEFIT_NAMES[benefit_of(action.card)]})"
        return text

    def consequences(self, before: Table, after: Table, action: Action) -> list[str]:
        """What follows from an accepted action: cards moved, the round's end, the count, the game's totals."""
        was = before.round
        now = after.finished or after.round
        if isinstance(action, Draw):
            lines = self.draw_lines(was, now, action.player)
        elif isinstance(action, Discard):
            lines = self.discard_lines(was, now, action)
        else:
            lines = self.score_lines(was, now, action.player)
        if was.ender is None and now.ender is not None:
            lines += self.ending_lines(now, action)
        if now.is_over:
            lines += self.count_lines(now)
        if isinstance(after.state, GameState) and isinstance(before.state, GameState):
            lines += self.game_lines(before.state, after.state)
        return lines

    def duck_lines(self, duck: Card, tableau: list[Card], player: int, harmless: bool) -> list[str]:
        """A duck turned up: into the pond, and what it knocks out of ``tableau`` (which it updates)."""
        if harmless:
            return [f"  {self.style.card(duck)}, a duck, goes into the Duck Pond and does nothing more (AD-R10)"]
        hit = matching_numbers(duck, tuple(tableau))
        for card in hit:
            tableau.remove(card)
        if hit:
            what = (
                f"it knocks {self.cards(hit)} out of {self.possessive(player)} tableau to the discard pile (§6; AD-R11)"
            )
        else:
            what = f"nothing in {self.possessive(player)} tableau matches it (§6)"
        spared = duck.colour is Colour.RAINBOW and any(card.colour is Colour.BLACK for card in tableau)
        black = "; black numbers are matched by no duck (§6)" if spared else ""
        return [
            f"  {self.style.card(duck)}, a {COLOUR_WORDS[duck.colour]} duck, goes into the Duck Pond; {what}{black}"
        ]

    def draw_lines(self, was: RoundState, now: RoundState, player: int) -> list[str]:
        tableau = list(was.tableaux[player])
        lines = []
        for card in taken_from_deck(was, now):
            if card.is_number:
                tableau.append(card)
                lines.append(
                    f"  {self.style.card(card)}, a number, goes into {self.possessive(player)} tableau; "
                    "the Draw is over (§6)"
                )
            else:
                lines += self.duck_lines(card, tableau, player, harmless=False)
                lines[-1] += "; the Draw goes on (§6)"
        return lines

    def discard_lines(self, was: RoundState, now: RoundState, action: Discard) -> list[str]:
        player, card = action.player, action.card
        benefit = benefit_of(card)
        tableau = list(was.tableaux[player])
        tableau.remove(card)
        lines = [
            f"  {self.style.card(card)} goes to the discard pile, where everyone knows it (AD-R12); "
            f"a {card.value} buys a {BENEFIT_NAMES[benefit]} (§8)"
        ]
        if not tableau:
            lines.append(f"  it was {self.possessive(player)} last card, which may be discarded too (AD-R05)")
        taken = taken_from_deck(was, now)
        if benefit is Benefit.SECRET_STASH:
            shown = f": {self.cards(taken)}" if self.as_player is None and taken else ""
            if taken:
                lines.append(
                    f"  the deck's top {len(taken)} card(s) go face down into {self.possessive(player)} score pile, "
                    f"seen by nobody until the count (§8; AD-R17){shown}"
                )
            return lines
        for drawn in taken:
            if drawn.is_number:
                tableau.append(drawn)
                lines.append(f"  {self.style.card(drawn)}, a number, goes into {self.possessive(player)} tableau")
            else:
                lines += self.duck_lines(drawn, tableau, player, harmless=benefit is Benefit.SAFE_DRAW)
                if benefit is Benefit.QUICK_QUACK:
                    lines[-1] += "; no card is drawn in its place (AD-R10)"
        count = "two cards" if benefit is Benefit.SAFE_DRAW else "three cards"
        if len(taken) == (2 if benefit is Benefit.SAFE_DRAW else 3):
            lines.append(f"  a {BENEFIT_NAMES[benefit]} takes exactly {count}, whatever they are (AD-R10)")
        if forces_score(benefit) and now.ender is None:
            lines.append(f"  now {self.act(player, 'must', 'must')} Score (§8)")
        return lines

    def score_lines(self, was: RoundState, now: RoundState, player: int) -> list[str]:
        tableau = was.tableaux[player]
        if tableau:
            lines = [
                f"  {self.possessive(player)} tableau {self.cards(tableau)} goes face down into the score pile: "
                f"{pile_points(tableau)} point(s) (§7, §9)"
            ]
        else:
            lines = [f"  {self.possessive(player)} tableau is empty: no number to bank (§7)"]
        taken = removed(was.pond, now.pond)
        missed = []
        for colour in sorted({duck.colour for duck in was.pond}):
            shown = self.cards(tuple(duck for duck in was.pond if duck.colour is colour))
            if colour is Colour.RAINBOW:
                empty = "; even an empty tableau takes them (AD-R04)" if not tableau else ""
                lines.append(f"  {shown} taken: a rainbow duck wants nothing (§7){empty}; 5 points each (§9)")
            elif condition_met(colour, tableau):
                words, ruling = CONDITIONS[colour]
                lines.append(f"  {shown} taken: the tableau has {words} ({ruling}); 5 points each (§9)")
            else:
                words, ruling = CONDITIONS[colour]
                wants = "wants" if len(shown.split()) == 1 else "want"
                missed.append(f"    {shown} {wants} {words} ({ruling})")
        if missed:
            lines += ["  left in the pond, their conditions not met (§7):", *missed]
        if len({duck.colour for duck in taken}) > 1:
            lines.append("  one Score takes the ducks of every condition met, all copies of each (AD-R09)")
        if was.phase is Phase.FINAL_SCORE and not now.is_over:
            lines.append(f"  next final Score: {self.name(now.player)} (§9)")
        return lines

    def ending_lines(self, now: RoundState, action: Action) -> list[str]:
        """The round ends: the deck was empty when a card was wanted (§9)."""
        assert now.ender is not None
        who = self.name(now.ender)
        if isinstance(action, Discard) and benefit_of(action.card) is Benefit.SECRET_STASH:
            why = "a Secret Stash found the deck empty: the round ends (§9; AD-R02)"
        else:
            why = "a card was wanted from the empty deck: the round ends (§9; AD-R01)"
        lines = [f"  {why}; {who} ended it"]
        if isinstance(action, Discard) and forces_score(benefit_of(action.card)):
            lines.append(f"  the Score the benefit calls for is {self.possessive(now.ender)} final Score (AD-R03)")
        lines.append(f"  each player takes one final Score, starting with {who} and going to the left (§9; AD-R13)")
        return lines

    def count_lines(self, now: RoundState) -> list[str]:
        """The count at the round's end: every score pile opened, stashes included (§9)."""
        lines = ["  the round is over; the count: each number card its value, each duck 5 points (§9)"]
        for player in range(now.players):
            stash = now.stashes[player]
            hidden = f", stash {self.cards(stash)}" if stash else ""
            lines.append(
                f"    {self.name(player)}: {now.points[player]} ({len(now.scored[player])} card(s) banked{hidden})"
            )
        winners = now.winners
        if len(winners) == 1:
            lines.append(f"  {self.act(winners[0], 'wins', 'win')} the round with the highest score (§2)")
        else:
            names = " and ".join(self.name(player) for player in winners)
            lines.append(f"  {names} share the highest score, and the win (§2; AD-R16)")
        return lines

    def game_lines(self, before: GameState, after: GameState) -> list[str]:
        if len(after.round_scores) == len(before.round_scores):
            return []
        totals = ", ".join(f"{self.name(player)} {total}" for player, total in enumerate(after.totals))
        lines = [f"  totals: {totals}; the target is {after.target} (§2)"]
        if after.winner is not None:
            lines.append(
                f"  {self.act(after.winner, 'has', 'have')} the highest total, alone, at or past the target: "
                f"{self.act(after.winner, 'wins', 'win')} the game (§2; AD-R15)"
            )
        elif max(after.totals) >= after.target:
            lines.append("  the highest totals are level at or past the target: another round is played (§2; AD-R15)")
        else:
            lines.append("  no total has reached the target: another round is played (§2)")
        if after.needs_deck:
            lines.append("  no deck is given for the next round: the play stops here")
        return lines

    def round_lines(self, current: RoundState, number: int, target: int | None = None) -> list[str]:
        """A round begins: the shuffled deck, the start player, the empty places (§3, §4)."""
        left = ", the player to the left of the last round's start player (§3; AD-R14)" if number > 1 else " (§3)"
        lines = [
            f"round {number}: all 96 cards, shuffled, make the deck; {self.act(current.start, 'starts', 'start')}{left}"
        ]
        if target is not None and number == 1:
            agreed = "the suggested total" if current.options.target is None else "the total agreed"
            lines.append(f"  a game to {target} points, {agreed} for {current.players} players (§2)")
        lines.append("  every tableau, score pile, the Duck Pond and the discard pile start empty (§4)")
        return lines

    # What applies now

    def pond_legend(self, pond: Sequence[Card]) -> list[str]:
        """What each kind of duck in the pond wants of a tableau to be taken by a Score, in words (§7)."""
        lines = []
        for colour in sorted({duck.colour for duck in pond}):
            duck = self.style.card(next(card for card in pond if card.colour is colour))
            wants = (
                "nothing: any Score takes it, even with an empty tableau"
                if colour is Colour.RAINBOW
                else (f"a tableau with {CONDITIONS[colour][0]}")
            )
            lines.append(f"{duck} ({COLOUR_WORDS[colour]} duck) wants {wants}")
        return lines

    def rules_now(self, current: RoundState) -> list[str]:
        """The rules that apply at this moment of the round, each with its section and rulings."""
        if current.phase is Phase.FORCED_SCORE:
            lines = ["the benefit just bought calls for a Score now, and nothing else (§8): type s"]
        elif current.phase is Phase.FINAL_SCORE:
            lines = ["the round is ending: each player takes one final Score in turn, to the left (§9, AD-R13)"]
        else:
            lines = [
                "on a turn: Draw, Score or Discard (§5)",
                "Draw: turn up cards until a number comes, which joins your tableau; each duck turned up goes into "
                "the Duck Pond and knocks the numbers of its colour out of your tableau (a rainbow duck every colour "
                "but black) (§6, AD-R11)",
                "Score: your tableau goes into your score pile, with every pond duck whose condition it meets, all "
                "copies of each (§7, AD-R09)",
                "Discard a tableau card for what its value buys: 1-2 a Safe Draw (two cards, ducks harmless), 3-4 a "
                "Quick Quack (three cards, then Score), 5-6 a Secret Stash (two cards face down into your score "
                "pile, then Score) (§8, AD-R10)",
            ]
        lines += [f"in the pond: {line}" for line in self.pond_legend(current.pond)]
        lines += [
            "a draw from the empty deck ends the round; then everyone takes one final Score (§9, AD-R01)",
            "the count: each number its value, each duck 5 points (§9); the highest score wins the round (§2)",
        ]
        return lines

    # Positions

    def position(self, current: RoundState) -> list[str]:
        """The round as it stands, as seen by everyone (or by ``as_player``: no stash, no worth, AD-R17)."""
        seen_all = self.as_player is None or current.is_over
        lines = [
            f"deck: {len(current.deck)} card(s); Duck Pond: {self.cards(current.pond)}; "
            f"discard pile: {self.cards(current.discards)}"
        ]
        for player in range(current.players):
            stash = current.stashes[player]
            line = (
                f"{self.possessive(player)} tableau: {self.cards(current.tableaux[player])}; "
                f"score pile: {self.cards(current.scored[player])}"
            )
            if stash:
                line += f", stash {self.cards(stash)}" if seen_all else f", and {len(stash)} stash card(s) unseen"
            if seen_all:
                line += f"; points {current.points[player]}"
            else:
                line += f"; banked {pile_points(current.scored[player])}"
            lines.append(line)
        if current.to_act is not None:
            phase = {Phase.TURN: "", Phase.FORCED_SCORE: ", who must Score", Phase.FINAL_SCORE: ", a final Score"}
            lines.append(f"to act: {self.name(current.to_act)}{phase[current.phase]}")
        return lines


class Narrator(StepNarrator[Table]):
    """Plays a trace on the specification and tells what happens, in the :class:`Teller`'s words (the loop is the
    base's)."""

    field_sections = SUITE.field_sections
    illegal = IllegalAction
    unit = "round"

    def __init__(self, trace: JSON, teller: Teller | None = None, check: bool = True) -> None:
        self.teller = teller or Teller()
        super().__init__(trace, Table.of(Setup.of(trace)), self.teller.as_player, self.teller.names, check)
        player = self.as_player
        if player is not None and not 0 <= player < self.table.players:
            raise SetupError(f"--as {player}: the trace's players are 0 to {self.table.players - 1}")
        self.banked = False
        """Whether the last step told was a Score or ended a round (where ``replay`` shows the position)."""

    @property
    def target(self) -> int | None:
        state = self.table.state
        return state.target if isinstance(state, GameState) else None

    def parse_action(self, data: Any, where: str) -> Action:
        return parse_action(data, where)

    def describe(self, before: Table, action: Action) -> str:
        return self.teller.describe(before.round, action)

    def option(self, action: Action) -> str:
        return self.teller.option(self.table.round, action)

    def consequences(self, before: Table, action: Action) -> list[str]:
        self.banked = not isinstance(action, (Draw, Discard)) or self.table.finished is not None
        return self.teller.consequences(before, self.table, action)

    def opening_lines(self) -> list[str]:
        return self.teller.round_lines(self.table.round, 1, self.target)

    def start_lines(self, number: int) -> list[str]:
        return self.teller.round_lines(self.table.round, number)

    def outcome_of(self, finished: RoundState) -> JSON:
        return {"scores": list(finished.points), "winners": list(finished.winners)}

    def outcome(self) -> JSON:
        final: JSON = {"rounds": self.finished}
        state = self.table.state
        if isinstance(state, GameState):
            final["totals"] = list(state.totals)
            final["winner"] = state.winner
        return final

    def unit_is_over(self) -> bool:
        return self.table.round.is_over

    def play_ended(self) -> bool:
        """Whether the last step was a Score or ended a round: ``replay`` shows the position there."""
        return self.banked

    def to_act(self) -> int | None:
        return self.table.round.to_act

    def held(self, player: int) -> str:
        return f"a tableau of {count(len(self.table.round.tableaux[player]), 'card')}"

    def position(self) -> list[str]:
        """The round as it stands, as everyone (or the narration's player) sees it."""
        return self.teller.position(self.table.round)

    def rules_now(self) -> list[str]:
        return self.teller.rules_now(self.table.round)


def narrator(loaded: Loaded, as_player: int | None, symbols: bool) -> Narrator:
    """The narrator of an Aw Ducks! trace or record (the registry's entry point): a trace's stored states are checked
    against the rules; a record's players are called by their names."""
    teller = Teller(CardStyle(colours=symbols), as_player, loaded.names)
    return Narrator(loaded.trace, teller, check=not loaded.is_record)
