"""How the viewer draws Doubleduck (``ducksoup view``, ``check --html``, the trace pages of the docs).

A Doubleduck state (or one player's view, see :mod:`duckcheck.doubleduck.views`) becomes a scene
(:mod:`ducksoup.viewer.scene`): the four hands, each seat with its side and the piles it keeps;
in the middle the face-down stock, the trick in progress with what was said with each card, the
trick just won (from the step before and the action), and the two sides' tricks and piles; for a
game, the scores of the finished deals and the totals.
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
from duckspec.seats import partner, side_of, side_seats

JSON = dict[str, Any]
SEATS = (0, 1, 2, 3)
SIDES = (0, 1)
CALL_WORDS = {
    "quack": "quack",
    "quack-quack": "quack-quack",
    "quack-quack-quack": "quack-quack-quack",
    "doubleduck": "doubleduck",
}


def player_name(player: int) -> str:
    return f"player {player}"


def side_name(side: int) -> str:
    first, second = side_seats(side)
    return f"side {side} (players {first} and {second})"


def hand_zone(shown: JSON, player: int, seat_of: int | None) -> JSON:
    """A hand: face up in a state (marked: nobody else sees it); in a view, the seat's own face up, the others'
    face down (the partner's too)."""
    if seat_of is None:
        cards = hand_in_order(shown["hands"][player], shown["course"])
        return zone("hand", cards, field=f"hands[{player}]", hidden=True, note=words_of_count(len(cards)))
    if player == seat_of:
        cards = hand_in_order(shown["hand"], shown["course"])
        return zone("hand", cards, field="hand", note=words_of_count(len(cards)))
    count = shown["hand_sizes"][player]
    note = f"{words_of_count(count)}, face down"
    return zone("hand", [count] if count else [], field=f"hand_sizes[{player}]", note=note)


def seat_badges(shown: JSON, player: int) -> list[str]:
    badges = ["dealer"] if shown["dealer"] == player else []
    if shown["to_act"] == player:
        badges.append("to play")
    keepers = shown["keepers"][side_of(player)]
    if keepers[0] == player:
        badges.append("keeps the Duck pile")
    if keepers[1] == player:
        badges.append("keeps the Soup pile")
    return badges


def table_captions(shown: JSON, leader: int) -> list[str]:
    """Who played each card of the table, and what they said with it."""
    calls = shown["calls"]
    captions = []
    for index in range(len(split_cards(shown["table"]))):
        said = CALL_WORDS.get(calls[index], "") if index < len(calls) else ""
        captions.append(player_name((leader + index) % 4) + (f": {said}" if said else ""))
    return captions


def leader_of(shown: JSON) -> int:
    """Who led the trick on the table: play goes to the left, so the seat to act less the cards down."""
    to_act: int = shown["to_act"]
    return (to_act - len(split_cards(shown["table"]))) % 4


def last_trick(shown: JSON, previous: JSON | None, action: JSON | None) -> JSON | None:
    """The trick that the action just finished (four cards), or None."""
    cards = trick_just_played(shown, previous, action)
    if cards is None or previous is None or action is None:
        return None
    before = {**previous, "calls": [*previous["calls"], action.get("call", "none")]}
    captions = table_captions({**before, "table": "".join(cards)}, leader_of(previous))
    note = None
    gained = tricks_gained(shown, previous, SIDES)
    if gained is not None:
        winners = [side for side in SIDES if gained[side] > 0]
        if len(winners) == 1:
            note = f"{side_name(winners[0])} won it"
    return zone("trick just played", cards, captions=captions, note=note)


def sides_table(shown: JSON) -> JSON:
    """The two sides' tricks and stored piles in each course (who keeps each pile is a badge of the seat)."""
    rows: list[list[object]] = [
        [
            side_name(side),
            shown["tricks"][side][0],
            shown["piles"][side][0],
            shown["tricks"][side][1],
            shown["piles"][side][1],
        ]
        for side in SIDES
    ]
    head = ["Side", "Duck tricks", "Duck pile", "Soup tricks", "Soup pile"]
    return table("Tricks won and cards stored", head, rows, field="piles")


def game_tables(shown: JSON) -> list[JSON]:
    tables = [sides_table(shown)]
    if shown["scores"] is not None:
        scores = [[side_name(side), shown["scores"][side]] for side in SIDES]
        tables.append(table("This deal's scores", ["Side", "Score"], scores, field="scores"))
    if "deal_scores" in shown:
        rows: list[list[object]] = [[number, *scores] for number, scores in enumerate(shown["deal_scores"], 1)]
        rows.append(["total", *shown["totals"]])
        tables.append(table("Deal scores of this game", ["Deal", "side 0", "side 1"], rows, field="deal_scores"))
    return tables


def status_line(shown: JSON) -> str:
    course = f"{shown['course'].capitalize()} course"
    if shown["phase"] == "over" or shown["to_act"] is None:
        return f"{course}: the deal is over"
    doing = "to lead" if shown["phase"] == "lead" else "to play"
    return f"{course}: {player_name(shown['to_act'])} {doing}; {words_of_count(shown['stock'])} in the stock"


def result_line(shown: JSON) -> str | None:
    result = shown.get("result")
    if result:
        how = "a total of 1000 reached" if result["end"] == "target" else "the deals played out"
        return f"{side_name(result['winner'])} wins the game ({how}), worth {result['game_points']} game points"
    return None


def draw(shown: JSON, seat_of: int | None, previous: JSON | None, action: JSON | None) -> Scene:
    """The scene of a Doubleduck state (``seat_of`` None) or of the view of ``seat_of``."""
    number = shown.get("deal", 0) + 1
    seats = [
        seat(
            player,
            player_name(player),
            [hand_zone(shown, player, seat_of)],
            [fact("side", f"{side_of(player)}, with player {partner(player)}")],
            seat_badges(shown, player),
        )
        for player in SEATS
    ]
    on_table = split_cards(shown["table"])
    captions = table_captions(shown, leader_of(shown)) if on_table else []
    stock = shown["stock"]
    middle = [
        zone("stock", [stock] if stock else [], field="stock", pile=True, note=f"{words_of_count(stock)}, face down"),
        zone("table", on_table, field="table", captions=captions, note=None if on_table else "empty"),
    ]
    last = last_trick(shown, previous, action)
    if last is not None:
        middle.append(last)
    facts = [fact("course", shown["course"].capitalize(), "course")]
    return scene(
        f"Deal {number}", number, status_line(shown), seats, middle, facts, game_tables(shown), result_line(shown)
    )


DRAWING = Drawing(faces=PLAYING_CARD_FACES, scene=draw)
"""Doubleduck's entry for the viewer (the registry's ``viewer`` target)."""
