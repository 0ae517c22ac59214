#!/usr/bin/env python3
"""A tiny Duck Soup adapter, written step by step in the tutorial of the ducksoup documentation.

It plays Duck Soup (David Parlett's game for two) on its own, with nothing but the Python
standard library, and speaks the conformance suite's adapter protocol (version 1): one JSON
request per line on standard input, one JSON reply per line on standard output.

It supports the base game: one deal (scope "deal") and a whole game to 250 (scope "game"),
with the standard rule options. Everything else is declared unsupported, so the runner skips
it. Check it with:

    ducksoup check --impl "python docs/tutorial/tiny_adapter.py"
"""

from __future__ import annotations

import json
import sys
from typing import Any

# Step 1: what the adapter supports ---------------------------------------------------------

HELLO = {
    "cmd": "hello",
    "protocol": 1,
    "implementation": {"name": "tiny-duck-soup", "version": "1.0", "language": "python"},
    "games": {
        "duck-soup": {
            "scopes": ["deal", "game"],
            "options": {"stock": ["face-up"], "best_of": [1], "double_draw": ["winner-first"]},
        }
    },
}
STANDARD = {"stock": "face-up", "best_of": 1, "double_draw": "winner-first"}

# Step 2: cards -----------------------------------------------------------------------------

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def split(text: str) -> list[str]:
    """ "9C4CAS" -> ["9C", "4C", "AS"]: a card is two characters, rank then suit."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def canonical(card: str) -> int:
    """The position of a card in the canonical order: clubs to spades, Ace to King in each."""
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def joined(cards: list[str]) -> str:
    """Cards in canonical order, as one string: how hands are reported."""
    return "".join(sorted(cards, key=canonical))


def strength(card: str, course: str) -> int:
    """How good a card is within its suit in a course; the higher number wins."""
    rank = RANKS.index(card[0])  # 0 for the Ace ... 12 for the King
    if course == "duck":
        return 13 - rank  # the lower card wins, and the Ace is the lowest of all
    return 13 if rank == 0 else rank  # the higher card wins, and the Ace is above the King


# Step 3: a deal ----------------------------------------------------------------------------


class Deal:
    """One deal of Duck Soup, from a deck order given top card first."""

    def __init__(self, deck: str, dealer: int) -> None:
        cards = split(deck)
        first = 1 - dealer  # the non-dealer gets the first card, and leads
        self.hands: list[list[str]] = [[], []]
        self.hands[first] = cards[0:26:2]
        self.hands[dealer] = cards[1:26:2]
        self.stock = cards[26:]  # top first; the top card lies face up
        self.dealer = dealer
        self.leader = first
        self.course = "duck"
        self.phase = "lead"
        self.table: list[str] = []
        self.tricks = [[0, 0], [0, 0]]  # per player: [duck, soup]
        self.points = [[0, 0], [0, 0]]
        self.seen: list[set[str]] = [set(), set()]  # face-up cards each player was seen to take

    @property
    def to_act(self) -> int | None:
        if self.phase == "over":
            return None
        return self.leader if self.phase in ("lead", "answer") else 1 - self.leader

    def score(self, player: int) -> int:
        duck, soup = self.points[player]
        return duck * soup

    def state(self) -> dict[str, Any]:
        over = self.phase == "over"
        return {
            "dealer": self.dealer,
            "course": self.course,
            "phase": self.phase,
            "to_act": self.to_act,
            "hands": [joined(hand) for hand in self.hands],
            "stock": len(self.stock),
            "face_up": self.stock[0] if self.stock else None,
            "table": "".join(self.table),
            "tricks": [list(counts) for counts in self.tricks],
            "points": [list(counts) for counts in self.points],
            "scores": [self.score(0), self.score(1)] if over else None,
        }

    # Step 4: refusing illegal actions ------------------------------------------------------

    def check(self, action: dict[str, Any]) -> str | None:
        """The error code for an illegal action (the first that applies), or None if it is legal."""
        calls = {"lead": [], "follow": ["quack"], "answer": ["quack-quack"], "fourth": ["duck-soup"]}
        if self.phase == "over":
            return "deal-over"
        if action["player"] != self.to_act:
            return "not-your-turn"
        if "answer" in action:
            return None if self.phase == "answer" else "duck-not-allowed"
        card, call = action["play"], action.get("call")
        if self.phase == "answer" and call != "quack-quack":
            return "answer-required"
        if card not in self.hands[action["player"]]:
            return "card-not-in-hand"
        if call is not None and call not in calls[self.phase]:
            return "call-not-allowed"
        if call is not None and card[0] != self.table[0][0]:
            return "call-rank-mismatch"
        return None

    # Step 5: playing a legal action --------------------------------------------------------

    def act(self, action: dict[str, Any]) -> None:
        if "answer" in action:  # "duck": the quacker wins a trick of two suits
            self.finish(1 - self.leader, points=2, tricks=1)
            return
        player, card, call = action["player"], action["play"], action.get("call")
        self.hands[player].remove(card)
        self.table.append(card)
        if self.phase == "lead":
            self.phase = "follow"
        elif self.phase == "follow" and call == "quack":
            self.phase = "answer"
        elif self.phase == "follow":
            lead = self.table[0]
            same_suit = card[1] == lead[1]
            better = same_suit and strength(card, self.course) > strength(lead, self.course)
            self.finish(player if better else self.leader, points=1 if same_suit else 2, tricks=1)
        elif self.phase == "answer":  # the leader's "quack-quack" card starts a second trick
            self.phase = "fourth"
        else:  # the fourth card: "duck soup" takes both tricks, anything else loses both
            same_suit = card[1] == self.table[2][1]
            winner = player if call == "duck-soup" else self.leader
            self.finish(winner, points=2 + (1 if same_suit else 2), tricks=2)

    # Step 6: the end of a trick: store it, draw, change course -----------------------------

    def finish(self, winner: int, points: int, tricks: int) -> None:
        course = 0 if self.course == "duck" else 1
        self.tricks[winner][course] += tricks
        self.points[winner][course] += points
        self.table = []
        self.leader = winner
        self.phase = "lead"
        if self.course == "soup":
            if not self.hands[winner]:
                self.phase = "over"
            return
        loser = 1 - winner
        order = [winner, winner, loser, loser] if tricks == 2 and len(self.stock) >= 4 else [winner, loser]
        self.seen[winner].add(self.stock[0])  # everyone saw the winner take the face-up card
        for player in order:
            self.hands[player].append(self.stock.pop(0))
        if not self.stock:
            self.course = "soup"


# Step 7: what each player sees -------------------------------------------------------------


def views(state: dict[str, Any], deal: Deal) -> list[dict[str, Any]]:
    result = []
    for player in (0, 1):
        opponent = 1 - player
        view = {key: value for key, value in state.items() if key != "hands"}
        view["player"] = player
        view["hand"] = state["hands"][player]
        view["opponent_hand"] = len(deal.hands[opponent])
        view["opponent_known"] = joined([card for card in deal.hands[opponent] if card in deal.seen[opponent]])
        result.append(view)
    return result


# Step 8: a game of several deals -----------------------------------------------------------


class Game:
    """Deals until a player wins: 125 or more in one deal ("in the pond"), or the higher total at 250."""

    def __init__(self, decks: list[str], dealer: int) -> None:
        self.decks = decks
        self.number = 0  # which deck (deal) is being played
        self.deal = Deal(decks[0], dealer)
        self.deal_scores: list[list[int]] = []
        self.deal_points: list[list[list[int]]] = []
        self.result: dict[str, Any] | None = None

    def totals(self) -> list[int]:
        return [sum(scores[player] for scores in self.deal_scores) for player in (0, 1)]

    def check(self, action: dict[str, Any]) -> str | None:
        return "game-over" if self.result else self.deal.check(action)

    def act(self, action: dict[str, Any]) -> None:
        self.deal.act(action)
        if self.deal.phase == "over":
            self.score_deal()

    def score_deal(self) -> None:
        scores = [self.deal.score(0), self.deal.score(1)]
        self.deal_scores.append(scores)
        self.deal_points.append(self.deal.state()["points"])
        totals = self.totals()
        if max(scores) >= 125 and scores[0] != scores[1]:
            winner, end = scores.index(max(scores)), "pond"
        elif max(totals) >= 250 and totals[0] != totals[1]:
            winner, end = totals.index(max(totals)), "target"
        else:  # play on, if there is a deck for the next deal; the dealer changes
            if self.number + 1 < len(self.decks):
                self.number += 1
                self.deal = Deal(self.decks[self.number], 1 - self.deal.dealer)
            return
        in_the_soup = totals[1 - winner] < 125
        value = 2 if end == "pond" or in_the_soup else 1
        self.result = {"winner": winner, "end": end, "in_the_soup": in_the_soup, "value": value}

    def state(self) -> dict[str, Any]:
        state = self.deal.state()
        games_won = [0, 0]
        if self.result:
            games_won[self.result["winner"]] = self.result["value"]
        state.update(
            deal=self.number,
            deal_scores=self.deal_scores,
            deal_points=self.deal_points,
            totals=self.totals(),
            result=self.result,
            games=[self.result] if self.result else [],
            games_won=games_won,
            winner=self.result["winner"] if self.result else None,
        )
        return state


# Step 1 again: the conversation ------------------------------------------------------------

play: Deal | Game | None = None  # the trace being played


def reply_with_state(seq: int, extra: dict[str, Any]) -> dict[str, Any]:
    assert play is not None
    state = play.state()
    deal = play.deal if isinstance(play, Game) else play
    return {"seq": seq, **extra, "state": state, "views": views(state, deal)}


def handle(request: dict[str, Any]) -> dict[str, Any]:
    global play
    if request["cmd"] == "hello":
        return HELLO
    seq = request["seq"]
    if request["cmd"] == "start":
        play = None
        options = {**STANDARD, **request["options"]}
        if request["game"] != "duck-soup" or request["scope"] not in ("deal", "game") or options != STANDARD:
            return {"seq": seq, "skipped": "only the base game: scopes deal and game, standard options"}
        if request["scope"] == "deal":
            play = Deal(request["decks"][0], request["dealer"])
        else:
            play = Game(request["decks"], request["dealer"])
        return reply_with_state(seq, {})
    if request["cmd"] == "act":
        if play is None:
            return {"seq": seq, "errored": "no trace is being played"}
        error = play.check(request["action"])
        if error is None:
            play.act(request["action"])
            return reply_with_state(seq, {"accepted": True})
        return reply_with_state(seq, {"accepted": False, "error": error})
    return {"seq": seq, "errored": f"unknown command {request['cmd']!r}"}


def main() -> None:
    global play
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            print(json.dumps({"seq": 0, "errored": f"not JSON: {error}"}), flush=True)
            continue
        if request.get("cmd") == "bye":
            break
        try:
            reply = handle(request)
        except Exception as error:  # a bug of ours: fail this trace, and say why
            play = None
            reply = {"seq": request.get("seq", 0), "errored": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
