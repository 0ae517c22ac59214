"""``ducksoup simulate --game doubleduck``: per-side statistics of partnerships of bots, reproducible, with errors
in one line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ducksoup.cli import main
from ducksoup.doubleduck.simulate import EVENTS, seating

PLAIN_ENV = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None, "COLUMNS": None}


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, ["simulate", "--game", "doubleduck", *args], env=PLAIN_ENV)


def report(*args: str) -> dict[str, Any]:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_report_is_per_side_and_adds_up() -> None:
    data = report("--deals", "16", "--bots", "greedy,random", "--seed", "3")
    assert data["game"] == "doubleduck" and data["deals"] == 16 and data["options"] == {"draw": "winner-first"}
    sides = data["deal_scores"]["sides"]
    assert [side["bot"] for side in sides] == ["greedy", "random"]
    wins = data["deal_wins"]
    assert sum(side["count"] for side in wins["sides"]) + wins["ties"]["count"] == 16
    tricks = data["mean_tricks"]
    assert tricks[0]["duck"] + tricks[1]["duck"] == pytest.approx(13) and tricks[0]["soup"] + tricks[1]["soup"] == 13
    assert all(0 <= side[course] <= 52 for side in data["mean_piles"] for course in ("duck", "soup"))
    assert set(data["events"]) == set(EVENTS) and all(0 <= e["rate"] <= 1 for e in data["events"].values())
    assert sides[0]["mean"] > sides[1]["mean"]  # the greedy partnership outscores the random one


def test_the_same_arguments_give_the_same_figures() -> None:
    first, second = (report("--deals", "8", "--seed", "9", "--options", "draw=as-played") for _ in range(2))
    first.pop("timing"), second.pop("timing")
    assert first == second and first["options"] == {"draw": "as-played"}


def test_games_are_played_to_their_result() -> None:
    games = report("--deals", "4", "--games", "6", "--bots", "greedy,greedy")["games"]
    assert games["played"] == 6 and sum(side["count"] for side in games["sides"]) == 6
    assert sum(games["game_points"].values()) == 6 and games["mean_deals"] >= 1


def test_each_bot_deals_from_every_seat_and_sits_on_both_sides() -> None:
    assert sorted(seating(index) for index in range(8)) == [(dealer, side) for dealer in range(4) for side in (0, 1)]


def test_the_tables_for_people() -> None:
    result = invoke("--deals", "8")
    assert result.exit_code == 0, result.output
    assert "Deal scores by side" in result.output and "Deals by side" in result.output and "deals/s" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy"], "give two bots"),
        (["--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["--options", "draw=sometimes"], "option 'draw' cannot be 'sometimes'"),
        (["--options", "stock=hidden"], "unknown rule option 'stock'"),
        (["--deals", "0"], "play at least 1 deal"),
    ],
)
def test_bad_arguments_get_one_line(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
