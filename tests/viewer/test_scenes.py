"""Each game's drawing for the viewer: its scenes show exactly what the states and views hold, for every seat.

The checks are the same for every game of the family: a zone or fact that names a field of the
state (``hands[0]``, ``stock``, ``points[1][0]``) must show that field's value, the cards face up in
a player's scene must be cards that player could see, and every card code has a face.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from duckcheck.games import games
from duckcheck.trace import load_suite
from ducksoup.games import reference
from ducksoup.narration import Loaded
from ducksoup.viewer.document import shown_positions, view_document
from ducksoup.viewer.scene import COLOURS, split_cards, trick_just_played, tricks_gained

JSON = dict[str, Any]
PATH = re.compile(r"([a-z_]+)((?:\[\d+\])*)$")
ALL = load_suite()


def suite_sample() -> list[JSON]:
    """For each game and scope (a deal or round, a game, a match), with and without refused actions: the first
    trace with the most players, the shortest of a game or match."""
    chosen: dict[tuple[str, str, bool], JSON] = {}
    for trace in ALL:
        key = (trace["game"], trace["scope"], any("reject" in step for step in trace["steps"]))
        best = chosen.get(key)
        if best is None or (trace["players"], -len(trace["steps"])) > (best["players"], -len(best["steps"])):
            chosen[key] = trace
    return list(chosen.values())


SAMPLE = suite_sample()
BY_ID = {trace["id"]: trace for trace in ALL}


def resolve(shown: JSON, field: str) -> Any:
    """The value a zone's or fact's ``field`` names in a state or view (``hands[0]`` -> the first hand)."""
    found = PATH.match(field)
    assert found is not None, f"field {field!r} is not a state path"
    value = shown[found.group(1)]
    for index in re.findall(r"\[(\d+)\]", found.group(2)):
        value = value[int(index)]
    return value


def drawn_parts(scene: JSON) -> Iterator[JSON]:
    """Every zone and fact of a scene, seats and middle."""
    for seat in scene["seats"]:
        yield from seat["zones"]
        yield from seat["facts"]
    yield from scene["middle"]
    yield from scene["facts"]


def seats_of(trace: JSON) -> list[int | None]:
    return [None, *range(trace["players"])]


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_every_game_says_how_it_is_drawn_with_a_face_for_each_card(suite: Any) -> None:
    drawing = reference(suite.id).drawing()
    assert drawing.unit in ("deal", "round")
    for code, face in drawing.faces.items():
        assert set(face) == {"rank", "suit", "colour", "name"}, code
        assert face["colour"] in COLOURS and face["name"] and face["rank"] and face["suit"]
    traces = [trace for trace in SAMPLE if trace["game"] == suite.id]
    for trace in traces:
        for deck in trace["decks"]:
            assert set(split_cards(deck)) <= set(drawing.faces)


@pytest.mark.parametrize("trace", SAMPLE, ids=lambda trace: trace["id"])
def test_scenes_show_the_fields_they_name(trace: JSON) -> None:
    """Every zone with cards shows the cards (or the count) of its field; every fact shows its field's value."""
    suite = reference(trace["game"]).suite
    for seat in seats_of(trace):
        document = view_document(Loaded(trace), seat)
        shown = list(shown_positions(trace, suite, seat))
        scene = None
        for step, position in zip(document["steps"], shown, strict=True):
            assert ("scene" in step) == (position is not None)
            if position is None:
                continue
            scene = unpacked(step["scene"], document["pool"])
            assert "raw" not in scene, scene["status"]
            checked = 0
            for part in drawn_parts(scene):
                if "field" not in part or ("[" not in part["field"] and part["field"] not in position):
                    continue
                value = resolve(position, part["field"])
                checked += 1
                if "cards" in part:
                    if isinstance(value, str) and part["label"] == "hand":  # sorted as the course ranks: below
                        assert sorted(part["cards"]) == sorted(split_cards(value)), (step["n"], part)
                    elif isinstance(value, str):
                        assert part["cards"] == split_cards(value), (step["n"], part)
                    elif isinstance(value, int):
                        assert sum(item if isinstance(item, int) else 1 for item in part["cards"]) == value
                elif isinstance(value, list):
                    assert part["value"] == "–".join(str(item) for item in value)
                else:
                    assert part["value"] == (value.capitalize() if isinstance(value, str) else str(value))
            assert checked >= 3, f"step {step['n']}: hardly anything drawn is tied to the state"


def unpacked(value: Any, pool: list[Any]) -> Any:
    """A packed scene with its shared parts in place, as the page's script does it."""
    if isinstance(value, list):
        return [unpacked(item, pool) for item in value]
    if isinstance(value, dict):
        if set(value) == {"@"}:
            return unpacked(pool[value["@"]], pool)
        return {key: unpacked(item, pool) for key, item in value.items()}
    return value


def codes_in(value: Any) -> set[str]:
    """Every two-character piece of every text in a JSON value: a superset of the cards it mentions."""
    if isinstance(value, str):
        return {value[i : i + 2] for i in range(0, len(value) - 1)}
    if isinstance(value, list):
        return set().union(*(codes_in(item) for item in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(codes_in(item) for item in value.values())) if value else set()
    return set()


@pytest.mark.parametrize("trace", SAMPLE, ids=lambda trace: trace["id"])
def test_a_player_is_shown_no_card_they_could_not_see(trace: JSON) -> None:
    """Seen by one seat, every card face up at a step is in that seat's view then or just before, or in the action."""
    suite = reference(trace["game"]).suite
    for seat in range(trace["players"]):
        document = view_document(Loaded(trace), seat)
        views = list(shown_positions(trace, suite, seat))
        previous: JSON | None = None
        for step, view in zip(document["steps"], views, strict=True):
            if view is None:
                continue
            action = trace["steps"][step["n"] - 1]["action"] if step["n"] else {}
            allowed = codes_in(view) | codes_in(previous or {}) | codes_in(action)
            scene = unpacked(step["scene"], document["pool"])
            for part in drawn_parts(scene):
                for card in part.get("cards", []):
                    assert isinstance(card, int) or card in allowed, (seat, step["n"], part["label"], card)
            previous = view


def test_seen_by_player_1_the_narration_never_names_a_card_of_player_0_unseen() -> None:
    """Duck Soup, ``--as 1``: up to each step, no line names a card that player 0 then holds unseen by player 1."""
    trace = BY_ID["ds-deal-greedy-007"]
    document = view_document(Loaded(trace), 1)
    views = list(shown_positions(trace, reference(trace["game"]).suite, 1))
    said = ""
    states = [trace["initial"], *(step.get("state") for step in trace["steps"])]
    faces = reference(trace["game"]).drawing().faces
    for step, view, state in zip(document["steps"], views, states, strict=True):
        said += "\n".join(step["say"]) + "\n"
        if state is None or view is None:
            continue
        unseen = set(split_cards(state["hands"][0])) - set(split_cards(view["opponent_known"]))
        for card in unseen:
            symbols = faces[card]["rank"] + faces[card]["suit"]
            assert not re.search(rf"(?<![0-9A-Z]){re.escape(symbols)}", said), (step["n"], card)


def test_the_deal_boundaries_of_a_game_are_its_chapters() -> None:
    trace = BY_ID["ds-game-greedy-01"]
    document = view_document(Loaded(trace))
    assert [chapter["label"] for chapter in document["chapters"]] == [
        f"Deal {number}" for number in range(1, len(trace["decks"]) + 1)
    ]
    firsts = [chapter["step"] for chapter in document["chapters"]]
    deals = [trace["initial"]["deal"], *(step["state"]["deal"] for step in trace["steps"] if "state" in step)]
    assert firsts[0] == 0 and len(firsts) == len(set(deals))
    for first in firsts[1:]:
        assert trace["steps"][first - 1]["state"]["deal"] == trace["steps"][first - 2]["state"]["deal"] + 1


def test_the_trick_just_played_is_the_table_before_and_the_card_played() -> None:
    before = {"table": "9C", "tricks": [[1, 0], [0, 0]], "dealer": 0}
    after = {"table": "", "tricks": [[1, 0], [1, 0]], "dealer": 0}
    assert trick_just_played(after, before, {"player": 1, "play": "TC"}) == ["9C", "TC"]
    assert trick_just_played({**after, "table": "TC"}, before, {"player": 1, "play": "TC"}) is None  # still on
    assert trick_just_played(after, None, None) is None
    assert tricks_gained(after, before, (0, 1)) == [0, 1]
    assert tricks_gained({**after, "dealer": 1, "tricks": [[0, 0], [0, 0]]}, before, (0, 1)) is None  # a new deal
