"""The table as text, in the words ``ducksoup play`` uses: who played what, who won the trick and its
points, the draws, the face-up card, the points, and the hand and options of the player to act.

The PettingZoo environment's ``render_mode="ansi"`` shows this text. It sees the whole table, so
unlike ``play``, which shows one player's view, it names both players' draws and shows the hand of
whoever is to act. Suits are symbols in colour (ANSI codes), or plain letters under ``NO_COLOR`` or
a dumb terminal, as in ``play``.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from ducksoup.display import Style, plain_output
from ducksoup.duck_soup.engine import CARDS, Deal
from duckspec.cards import parse_card
from duckspec.duck_soup.actions import Action, SayDuck
from duckspec.duck_soup.quacking import Call

JSON = dict[str, Any]


class TableText:
    """Lines of text about a deal, as ``ducksoup play`` prints them, naming players by number."""

    def __init__(self, symbols: bool | None = None) -> None:
        self.style = Style(symbols=not plain_output() if symbols is None else symbols)

    def cards(self, text: str) -> str:
        return self.style.cards([parse_card(text[i : i + 2]) for i in range(0, len(text), 2)])

    def describe(self, action: Action) -> str:
        if isinstance(action, SayDuck):
            return "duck"
        call = "" if action.call is Call.NONE else f" {action.call.value.replace('-', ' ')}"
        return self.style.card(action.card) + call

    def deal_start(self, state: JSON) -> list[str]:
        """The deal's first lines: who dealt, who leads, the face-up card."""
        face_up = self.cards(state["face_up"]) if state["face_up"] else "none (hidden stock)"
        return [
            f"player {state['dealer']} dealt; player {state['to_act']} leads first",
            f"face-up card: {face_up}",
        ]

    def action(self, before: JSON, action: Action, after: JSON) -> list[str]:
        """The action taken in the position ``before``, and what it led to (the state ``after``)."""
        verb = "says" if isinstance(action, SayDuck) else "leads" if before["phase"] in ("lead", "answer") else "plays"
        lines = [f"player {action.player} {verb} {self.describe(action)}"]
        if after["table"] or after["phase"] == before["phase"] == "lead":
            return lines
        gained = [sum(after["points"][p]) - sum(before["points"][p]) for p in (0, 1)]
        winner = 0 if gained[0] > gained[1] else 1
        lines.append(f"player {winner} won {gained[winner]} point(s)")
        if before["stock"] != after["stock"]:
            if before["face_up"]:
                lines.append(f"player {winner} took the face-up {self.cards(before['face_up'])}")
            for player in (0, 1):
                lines.append(
                    f"player {player} drew {self.cards(_added(before['hands'][player], after['hands'][player]))}"
                )
        if after["phase"] == "over":
            scores = after["scores"]
            lines.append(f"the deal is over: player 0 scores {scores[0]}, player 1 {scores[1]}")
            return lines
        if after["course"] != before["course"]:
            lines.append("the stock is empty: the Soup course begins (higher cards win, Aces high)")
        elif after["face_up"]:
            lines.append(f"face-up card: {self.cards(after['face_up'])}; stock: {after['stock']} cards")
        points = after["points"]
        lines.append(
            f"points: player 0 Duck {points[0][0]}, Soup {points[0][1]}; "
            f"player 1 Duck {points[1][0]}, Soup {points[1][1]}"
        )
        return lines

    def turn(self, deal: Deal) -> list[str]:
        """The hand and the options of the player to act (nothing once the deal is over)."""
        player = deal.to_act
        if player is None:
            return []
        hand = self.style.cards([CARDS[card] for card in deal.hand_lists[player]])
        options = ", ".join(self.describe(action) for action in deal.legal_actions())
        return [f"player {player}'s hand: {hand}", f"player {player}'s options: {options}"]

    def text(self, lines: list[str]) -> str:
        """The lines as one string: with ANSI colour codes when suits are symbols, else plain."""
        if not self.style.symbols:
            return "\n".join(lines)
        out = io.StringIO()
        console = Console(file=out, force_terminal=True, color_system="standard", highlight=False, soft_wrap=True)
        for line in lines:
            console.print(line)
        return out.getvalue().rstrip("\n")


def _added(before: str, after: str) -> str:
    """The cards in hand ``after`` that were not in hand ``before`` (both in ``TC`` pairs)."""
    held = {before[i : i + 2] for i in range(0, len(before), 2)}
    return "".join(after[i : i + 2] for i in range(0, len(after), 2) if after[i : i + 2] not in held)
