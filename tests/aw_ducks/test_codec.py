"""The suite's JSON codec for Aw Ducks!: options, actions, states and views, against the per-game schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from duckcheck.aw_ducks.encoding import (
    OPTION_VALUES,
    action_json,
    options_json,
    parse_action,
    parse_cards_text,
    parse_options,
    round_state_json,
)
from duckcheck.aw_ducks.views import view
from duckcheck.codec import EncodingError
from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.options import RuleOptions
from tests.aw_ducks.helpers import card, position, run
from tests.aw_ducks.suite import SCHEMA as SCHEMA_PATH

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def valid(definition: str, instance: Any) -> bool:
    schema = {"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]}
    return jsonschema.Draft202012Validator(schema).is_valid(instance)


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert {"trace", "options", "action", "state", "view"} <= set(SCHEMA["$defs"])
    assert SCHEMA["$id"] == "https://ducksoup.invalid/schema/games/aw-ducks/1"


@pytest.mark.parametrize("action", [Draw(0), Score(3), Discard(1, card("3R")), Discard(2, card("DW"))], ids=str)
def test_actions_round_trip_and_fit_the_schema(action: Any) -> None:
    data = action_json(action)
    assert parse_action(data) == action and valid("action", data)


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"turn": "draw"},
        {"player": True, "turn": "draw"},
        {"player": 0, "turn": "pass"},
        {"player": 0, "turn": "draw", "card": "3R"},
        {"player": 0, "turn": "discard"},
        {"player": 0, "turn": "discard", "card": "3"},
        {"player": 0, "turn": "discard", "card": "9R"},
        {"player": 0, "turn": "discard", "card": 3},
    ],
)
def test_a_bad_action_gets_one_line_naming_where(data: Any) -> None:
    with pytest.raises(EncodingError) as raised:
        parse_action(data, "step 4")
    assert str(raised.value).startswith("step 4: ") and "\n" not in str(raised.value)
    assert not valid("action", data)


def test_options_missing_keys_are_standard_and_unknown_ones_are_errors() -> None:
    assert parse_options({}) == RuleOptions() and options_json(RuleOptions()) == {"target": "suggested"}
    assert parse_options({"target": 150}) == RuleOptions(target=150)
    assert OPTION_VALUES["target"][0] == "suggested"
    bad_options: list[Any] = [{"target": 120}, {"target": True}, {"target": "400"}, {"players": 3}, []]
    for bad in bad_options:
        with pytest.raises(EncodingError, match="options"):
            parse_options(bad)
    for good in OPTION_VALUES["target"]:
        assert valid("options", {"target": good}) and parse_options(options_json(parse_options({"target": good})))


def test_states_and_views_fit_the_schema() -> None:
    state = run(position("6P 6R 1K 6Y DG 4Y"), "0:draw 1:draw 0:draw 1:draw 0:discard:6P")
    data = round_state_json(state)
    assert data["stashes"] == ["4YDG", ""] and data["points"] == [9, 0] and data["phase"] == "forced-score"
    assert valid("state", data) and valid("view", view(data, 1))
    assert not valid("view", {**view(data, 1), "stashes": data["stashes"]})
    assert not valid("state", {**data, "hand": ""})


def test_card_strings_name_the_place_of_an_error() -> None:
    assert [str(c) for c in parse_cards_text("3RDW")] == ["3R", "DW"]
    with pytest.raises(EncodingError, match="decks: card 1"):
        parse_cards_text("3RXX", "decks")
