"""How the viewer draws Duck Soup (``ducksoup view``, ``check --html``, the trace pages of the docs).

A Duck Soup state (or one player's view, see :mod:`duckcheck.duck_soup.views`) becomes a scene
(:mod:`ducksoup.viewer.scene`): the two hands, with their tricks and points in each course; in
the middle the stock and its face-up card, the trick in progress and the trick just won (which
the state no longer holds: it follows from the step before and the action); under them, for a
game or a match, the scores of the finished deals, the totals and the games won.
"""

from __future__ import annotations

from typing import Any

from ducksoup.display import hand_in_order
from ducksoup.viewer.scene import (
    PLAYING_CARD_FACES,
    Drawing,
    Scene,
    fact,
    scene,
    seat,
    split_cards,
    table,
    trick_just_played,
    tricks_gained,
    words_of_count,
    zone,
)

JSON = dict[str, Any]
PLAYERS = (0, 1)
TO_DO = {
    "lead": "to lead",
    "follow": "to follow",
    "answer": "to answer the quack: duck, or quack-quack",
    "fourth": "to play the fourth card",
}
"""What the player to act does next, by phase."""


def player_name(player: int) -> str:
    return f"player {player}"


def hand_zones(shown: JSON, player: int, seat_of: int | None) -> list[JSON]:
    """A player's hand: face up in a state (marked, since the other player does not see it); in a view, the
    seat's own hand face up and the opponent's face down, with the cards of it that the seat saw taken from the
    stock beside it."""
    if seat_of is None:
        cards = hand_in_order(shown["hands"][player], shown["course"])
        return [zone("hand", cards, field=f"hands[{player}]", hidden=True, note=words_of_count(len(cards)))]
    if player == seat_of:
        cards = hand_in_order(shown["hand"], shown["course"])
        return [zone("hand", cards, field="hand", note=words_of_count(len(cards)))]
    count = shown["opponent_hand"]
    zones = [zone("hand", [count] if count else [], field="opponent_hand", note=f"{words_of_count(count)}, face down")]
    known = split_cards(shown["opponent_known"])
    if known:
        note = f"still in {player_name(player)}'s hand: seen when taken from the stock"
        zones.append(zone("known cards", known, field="opponent_known", note=note))
    return zones


def player_facts(shown: JSON, player: int) -> list[JSON]:
    tricks, points = shown["tricks"][player], shown["points"][player]
    facts = [
        fact("Duck tricks", tricks[0], f"tricks[{player}][0]"),
        fact("Duck points", points[0], f"points[{player}][0]"),
        fact("Soup tricks", tricks[1], f"tricks[{player}][1]"),
        fact("Soup points", points[1], f"points[{player}][1]"),
    ]
    if shown["scores"] is not None:
        facts.append(fact("deal score", shown["scores"][player], f"scores[{player}]"))
    if "totals" in shown:
        facts.append(fact("game total", shown["totals"][player], f"totals[{player}]"))
    return facts


def leader_of(shown: JSON) -> int:
    """Who led the trick on the table: the player to act when an even number of cards is down (a lead, the answer
    to a quack), else the other one."""
    to_act: int = shown["to_act"]
    return to_act if len(split_cards(shown["table"])) % 2 == 0 else 1 - to_act


def table_captions(leader: int, count: int) -> list[str]:
    """Who played each card of a trick: the leader and the follower in turn."""
    return [player_name(leader if index % 2 == 0 else 1 - leader) for index in range(count)]


def middle_zones(shown: JSON, previous: JSON | None, action: JSON | None) -> list[JSON]:
    stock = shown["stock"]
    face_up = shown["face_up"]
    face_note = "none" if face_up is None else None
    if face_up is None and stock and shown.get("phase") != "over":
        face_note = "none: the stock is hidden"
    zones = [
        zone("stock", [stock] if stock else [], field="stock", pile=True, note=words_of_count(stock)),
        zone("face-up card", [face_up] if face_up else [], field="face_up", note=face_note),
    ]
    on_table = split_cards(shown["table"])
    captions = table_captions(leader_of(shown), len(on_table)) if on_table else []
    zones.append(zone("table", on_table, field="table", captions=captions, note=None if on_table else "empty"))
    last = last_trick(shown, previous, action)
    if last is not None:
        zones.append(last)
    return zones


def last_trick(shown: JSON, previous: JSON | None, action: JSON | None) -> JSON | None:
    """The trick (or the two tricks of a quack-quack) that the action just finished, or None."""
    cards = trick_just_played(shown, previous, action)
    if cards is None or previous is None:
        return None
    captions = table_captions(leader_of(previous), len(cards))
    note = None
    gained = tricks_gained(shown, previous, PLAYERS)
    if gained is not None:
        winners = [player for player in PLAYERS if gained[player] > 0]
        if len(winners) == 1:
            tricks = "both tricks" if gained[winners[0]] == 2 else "it"
            note = f"{player_name(winners[0])} won {tricks}"
        elif len(winners) == 2:
            note = "one trick each"
    return zone("trick just played", cards, captions=captions, note=note)


def status_line(shown: JSON) -> str:
    course = f"{shown['course'].capitalize()} course"
    if shown["phase"] == "over" or shown["to_act"] is None:
        return f"{course}: the deal is over"
    return f"{course}: {player_name(shown['to_act'])} {TO_DO.get(shown['phase'], 'to play')}"


def game_tables(shown: JSON) -> list[JSON]:
    """A game's or match's finished deals with the running totals, and a match's finished games."""
    if "deal_scores" not in shown:
        return []
    heads = ["Deal", *(player_name(p) for p in PLAYERS)]
    rows: list[list[object]] = [[number, *scores] for number, scores in enumerate(shown["deal_scores"], 1)]
    rows.append(["total", *shown["totals"]])
    tables = [table("Deal scores of this game", heads, rows, field="deal_scores")]
    if shown.get("games"):
        game_rows: list[list[object]] = [
            [number, player_name(result["winner"]), result_words(result), result["value"]]
            for number, result in enumerate(shown["games"], 1)
        ]
        tables.append(table("Games", ["Game", "Won by", "How", "Counts"], game_rows, field="games"))
    return tables


def result_words(result: JSON) -> str:
    how = "in the pond (125 in one deal)" if result["end"] == "pond" else "at 250"
    return how + (", the loser in the soup" if result["in_the_soup"] else "")


def result_line(shown: JSON) -> str | None:
    """The outcome once it is known: the deal scores of a lone deal; a game's result, and the games won once the
    play has its winner."""
    result = shown.get("result")
    if result:
        counts = f"it counts as {result['value']} game" + ("s" if result["value"] == 2 else "")
        line = f"{player_name(result['winner'])} wins the game {result_words(result)} ({counts})"
        if shown.get("winner") is not None:
            won = shown["games_won"]
            line += f". Games won {won[0]}–{won[1]}: {player_name(shown['winner'])} has won."
        return line
    if shown["scores"] is not None and "deal_scores" not in shown:
        scores = shown["scores"]
        return f"Deal scores: player 0 {scores[0]}, player 1 {scores[1]}"
    return None


def draw(shown: JSON, seat_of: int | None, previous: JSON | None, action: JSON | None) -> Scene:
    """The scene of a Duck Soup state (``seat_of`` None) or of the view of ``seat_of``."""
    number = shown.get("deal", 0) + 1
    seats = []
    for player in PLAYERS:
        badges = ["dealer"] if shown["dealer"] == player else []
        if shown["to_act"] == player:
            badges.append("to play")
        seats.append(
            seat(player, player_name(player), hand_zones(shown, player, seat_of), player_facts(shown, player), badges)
        )
    facts = [fact("course", shown["course"].capitalize(), "course")]
    if "games_won" in shown:
        facts.append(fact("games won", f"{shown['games_won'][0]}–{shown['games_won'][1]}", "games_won"))
    return scene(
        f"Deal {number}",
        number,
        status_line(shown),
        seats,
        middle_zones(shown, previous, action),
        facts,
        game_tables(shown),
        result_line(shown),
    )


DRAWING = Drawing(faces=PLAYING_CARD_FACES, scene=draw)
"""Duck Soup's entry for the viewer (the registry's ``viewer`` target)."""
