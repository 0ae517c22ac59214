"""How the viewer draws Aw Ducks! (``ducksoup view``, ``check --html``, the trace pages of the docs).

An Aw Ducks! state (or one player's view, see :mod:`duckcheck.aw_ducks.views`) becomes a scene
(:mod:`ducksoup.viewer.scene`): each player's tableau, score pile and Secret Stash (face up and
marked in a state, since nobody sees it, its owner included; face down in a view until the round
is counted), the deck, the Duck Pond and the discard pile in the middle, and for a game the
scores of the rounds and the totals. Cards show their value (``D`` for a duck) above their
colour's letter, in their colour: the letter says the colour to whoever cannot tell it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ducksoup.viewer.scene import Drawing, Face, Scene, fact, scene, seat, split_cards, table, words_of_count, zone
from duckspec.aw_ducks.components import ALL_KINDS, Card, Colour

JSON = dict[str, Any]
COLOUR_NAMES = {
    Colour.RED: "red",
    Colour.YELLOW: "yellow",
    Colour.GREEN: "green",
    Colour.BLUE: "blue",
    Colour.PURPLE: "purple",
    Colour.BLACK: "black",
    Colour.RAINBOW: "rainbow",
}
TO_DO = {
    "turn": "to take a turn: draw, score or discard",
    "forced-score": "must score now (after a Quick Quack or a Secret Stash)",
    "final-score": "scores once more: the round has ended",
}


def card_face(card: Card) -> Face:
    colour = COLOUR_NAMES[card.colour]
    return {
        "rank": "D" if card.is_duck else str(card.value),
        "suit": card.colour.letter,
        "colour": colour,
        "name": f"{colour} duck" if card.is_duck else f"{colour} {card.value}",
    }


FACES: Mapping[str, Face] = {str(card): card_face(card) for card in ALL_KINDS}
"""The faces of the 42 different cards of Aw Ducks!."""


def player_name(player: int) -> str:
    return f"player {player}"


def stash_zone(shown: JSON, player: int, seat_of: int | None) -> JSON:
    """A Secret Stash: nobody sees it while the round lasts, its owner included; it is counted at the end."""
    if "stashes" in shown:
        cards = split_cards(shown["stashes"][player])
        hidden = shown["phase"] != "over"
        return zone("secret stash", cards, field=f"stashes[{player}]", hidden=hidden, note=words_of_count(len(cards)))
    count = shown["stash_sizes"][player]
    note = f"{words_of_count(count)}, face down"
    return zone("secret stash", [count] if count else [], field=f"stash_sizes[{player}]", note=note)


def player_facts(shown: JSON, player: int) -> list[JSON]:
    facts = []
    if "points" in shown:
        facts.append(fact("points in the score pile", shown["points"][player], f"points[{player}]"))
    if shown["scores"] is not None:
        facts.append(fact("round score", shown["scores"][player], f"scores[{player}]"))
    if "totals" in shown:
        facts.append(fact("game total", shown["totals"][player], f"totals[{player}]"))
    return facts


def player_badges(shown: JSON, player: int) -> list[str]:
    badges = []
    if shown["start"] == player:
        badges.append("start player")
    if shown["to_act"] == player:
        badges.append("to act")
    if shown["ender"] == player:
        badges.append("ended the round")
    if shown["winners"] and player in shown["winners"]:
        badges.append("wins the round")
    if shown.get("winner") == player:
        badges.append("wins the game")
    return badges


def player_seat(shown: JSON, player: int, seat_of: int | None) -> JSON:
    tableau = split_cards(shown["tableaux"][player])
    scored = split_cards(shown["scored"][player])
    zones = [
        zone("tableau", tableau, field=f"tableaux[{player}]", note=words_of_count(len(tableau))),
        zone("score pile", scored, field=f"scored[{player}]", note=words_of_count(len(scored))),
        stash_zone(shown, player, seat_of),
    ]
    return seat(player, player_name(player), zones, player_facts(shown, player), player_badges(shown, player))


def status_line(shown: JSON) -> str:
    if shown["phase"] == "over" or shown["to_act"] is None:
        return "the round is over and counted"
    return f"{player_name(shown['to_act'])} {TO_DO.get(shown['phase'], 'to act')}"


def game_tables(shown: JSON) -> list[JSON]:
    if "round_scores" not in shown:
        return []
    players = len(shown["tableaux"])
    head = ["Round", *(player_name(player) for player in range(players))]
    rows: list[list[object]] = [[number, *scores] for number, scores in enumerate(shown["round_scores"], 1)]
    rows.append(["total", *shown["totals"]])
    return [table(f"Round scores (target {shown['target']})", head, rows, field="round_scores")]


def result_line(shown: JSON) -> str | None:
    if shown.get("winner") is not None:
        return f"{player_name(shown['winner'])} wins the game with {shown['totals'][shown['winner']]}"
    if shown["winners"]:
        names = " and ".join(player_name(player) for player in shown["winners"])
        return f"the round is won by {names}"
    return None


def draw(shown: JSON, seat_of: int | None, previous: JSON | None, action: JSON | None) -> Scene:
    """The scene of an Aw Ducks! state (``seat_of`` None) or of the view of ``seat_of``."""
    number = shown.get("round", 0) + 1
    seats = [player_seat(shown, player, seat_of) for player in range(len(shown["tableaux"]))]
    deck = shown["deck"]
    pond = split_cards(shown["pond"])
    discards = split_cards(shown["discards"])
    middle = [
        zone("deck", [deck] if deck else [], field="deck", pile=True, note=f"{words_of_count(deck)}, face down"),
        zone("Duck Pond", pond, field="pond", note=words_of_count(len(pond), "duck")),
        zone("discard pile", discards, field="discards", note=words_of_count(len(discards))),
    ]
    facts = [fact("target", shown["target"], "target")] if "target" in shown else []
    return scene(
        f"Round {number}", number, status_line(shown), seats, middle, facts, game_tables(shown), result_line(shown)
    )


DRAWING = Drawing(faces=FACES, scene=draw, unit="round")
"""Aw Ducks!'s entry for the viewer (the registry's ``viewer`` target)."""
