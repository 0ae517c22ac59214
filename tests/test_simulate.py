"""``ducksoup simulate``: the command through click's test runner, its statistics, its errors."""

from __future__ import annotations

import io
import json
import re
import time
import tracemalloc
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from ducksoup.cli import main
from ducksoup.duck_soup.simulate import EVENTS, DealRecord, deal_report, run, seats, simulate
from ducksoup.stats import (
    Tally,
    deals_and_games_report,
    distribution,
    per_second,
    percentile,
    throughput_text,
    wilson,
)
from duckspec.duck_soup.variants import RuleOptions

PLAIN_ENV = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None, "COLUMNS": None}
"""No forced terminal: under the test runner the command must see no terminal, as in a pipe."""


def invoke(*args: str, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner().invoke(simulate, list(args), env={**PLAIN_ENV, **(env or {})})


def report(*args: str) -> dict[str, Any]:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def check_rate(entry: dict[str, Any], trials: int) -> None:
    assert 0 <= entry["count"] <= trials
    assert entry["rate"] == round(entry["count"] / trials, 4)
    low, high = entry["ci95"]
    assert 0 <= low <= entry["rate"] <= high <= 1


def check_distribution(entry: dict[str, Any], values: int) -> None:
    percentiles = [entry["percentiles"][str(p)] for p in (10, 25, 50, 75, 90)]
    assert entry["min"] <= percentiles[0] and percentiles == sorted(percentiles) and percentiles[-1] <= entry["max"]
    assert entry["min"] <= entry["mean"] <= entry["max"]
    histogram = entry["histogram"]
    assert [bucket["from"] for bucket in histogram] == list(range(0, 25 * len(histogram), 25))
    assert all(bucket["to"] == bucket["from"] + 24 for bucket in histogram)
    assert histogram[-1]["from"] <= entry["max"] <= histogram[-1]["to"] and histogram[-1]["count"] > 0
    assert sum(bucket["count"] for bucket in histogram) == values


def test_the_json_report_has_every_statistic() -> None:
    data = report("--deals", "60", "--bots", "greedy,random", "--seed", "3", "--games", "6")
    assert (data["deals"], data["bots"], data["seed"]) == (60, ["greedy", "random"], 3)
    assert data["options"] == {"stock": "face-up", "best_of": 1, "double_draw": "winner-first"}

    scores = data["deal_scores"]
    assert [entry["bot"] for entry in scores["bots"]] == ["greedy", "random"]
    for entry in scores["bots"]:
        check_distribution(entry, 60)
    check_distribution(scores["overall"], 120)
    assert scores["overall"]["mean"] == pytest.approx((scores["bots"][0]["mean"] + scores["bots"][1]["mean"]) / 2)
    assert scores["bots"][0]["mean"] > scores["bots"][1]["mean"]
    assert [entry["bot"] for entry in data["mean_points"]] == ["greedy", "random"]

    events = data["events"]
    assert set(events) == set(EVENTS) == {"quack", "quack_quack", "duck_soup", "twelve_trick_soup", "zero_point_course"}
    for entry in events.values():
        check_rate(entry, 60)
    assert events["duck_soup"]["count"] <= events["quack_quack"]["count"] <= events["quack"]["count"]
    assert events["zero_point_course"]["count"] > 0  # random scores nothing in some course, often

    wins = data["deal_wins"]
    for entry in [*wins["bots"], wins["ties"]]:
        check_rate(entry, 60)
    assert wins["bots"][0]["count"] + wins["bots"][1]["count"] + wins["ties"]["count"] == 60
    assert wins["bots"][0]["ci95"][0] > 0.5

    games = data["games"]
    assert games["played"] == 6 and games["unit"] == "game" and games["mean_deals"] >= 1
    for entry in games["bots"]:
        check_rate(entry, 6)
    assert games["bots"][0]["count"] + games["bots"][1]["count"] == 6
    assert games["bots"][0]["double"] <= games["bots"][0]["count"]

    assert data["timing"]["deals_per_second"] > 0 and data["timing"]["game_deals_per_second"] > 0


def test_without_games_the_report_says_so() -> None:
    data = report("--deals", "5")
    assert data["games"] is None and "game_seconds" not in data["timing"]
    assert data["bots"] == ["greedy", "random"]  # the default pairing


def test_the_rule_options_reach_the_deals_and_games() -> None:
    data = report("--deals", "8", "--options", "stock=hidden, double-draw=alternate", "--bots", "greedy,greedy")
    assert data["options"] == {"stock": "hidden", "best_of": 1, "double_draw": "alternate"}
    standard = report("--deals", "8", "--bots", "greedy,greedy")
    assert data["deal_scores"] != standard["deal_scores"]  # the greedy bot values a face-up card it now never sees
    match = report("--deals", "2", "--games", "2", "--options", "best_of=3", "--bots", "random,random")
    assert match["games"]["unit"] == "match (best of 3)" and match["games"]["bots"][0]["double"] is None


def test_the_same_arguments_give_the_same_report_and_another_seed_another() -> None:
    def without_timing(data: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in data.items() if key != "timing"}

    args = ("--deals", "30", "--bots", "random,greedy", "--games", "3", "--seed", "42")
    first, second = report(*args), report(*args)
    assert without_timing(first) == without_timing(second)
    assert without_timing(first) != without_timing(report(*args[:-1], "43"))

    text = [invoke(*args).output.splitlines()[:-1] for _ in range(2)]  # the last line is the speed
    assert text[0] == text[1]


def test_the_printed_report_is_plain_text_off_a_terminal() -> None:
    result = invoke("--deals", "20", "--games", "2")
    assert result.exit_code == 0, result.output
    assert "\x1b[" not in result.output  # no colour, no progress bar
    for heading in ("Deal scores", "buckets of 25", "Deals", "Deals with", "2 games", "deals/s"):
        assert heading in result.output
    assert "greedy (A)" in result.output and "random (B)" in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_no_color_turns_colour_off_even_on_a_forced_terminal() -> None:
    coloured = invoke("--deals", "4", env={"FORCE_COLOR": "1"}).output
    plain = invoke("--deals", "4", env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).output
    colour = re.compile(r"\x1b\[[0-9;]*3[0-9]m")  # a foreground colour
    assert colour.search(coloured) and not colour.search(plain)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deals", "0"], "Invalid value for '--deals': play at least 1 deal, not 0"),
        (["--deals", "-5"], "play at least 1 deal, not -5"),
        (["--deals", "many"], "'many' is not a valid integer"),
        (["--games", "-1"], "Invalid value for '--games': the number of games cannot be negative"),
        (["--bots", "greedy,clever"], "Invalid value for '--bots': unknown bot 'clever'; the bots are greedy, random"),
        (["--bots", "greedy"], "give two bots separated by a comma"),
        (["--bots", "greedy,random,random"], "give two bots separated by a comma"),
        (["--options", "stock=sideways"], "Invalid value for '--options': option 'stock' cannot be 'sideways'"),
        (["--options", "best_of=2"], "option 'best_of' cannot be 2"),
        (["--options", "colour=red"], "unknown rule option 'colour'"),
        (["--options", "hidden"], "'hidden' is not KEY=VALUE"),
        (["--options", "stock=hidden,stock=face-up"], "option 'stock' is given twice"),
    ],
)
def test_a_wrong_argument_is_a_one_line_error_with_status_2(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], result.output


# The statistics, on figures worked out by hand


def test_each_bot_deals_half_the_deals_from_each_seat() -> None:
    plan = [seats(i) for i in range(8)]
    assert sum(dealer == seat_a for dealer, seat_a in plan) == 4  # bot A deals half the time
    assert sorted(plan[:4]) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_wilson_intervals() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentiles_interpolate_between_closest_ranks() -> None:
    values = [0, 10, 20, 30, 40]
    assert [percentile(values, p) for p in (0, 10, 25, 50, 90, 100)] == [0, 4, 10, 20, 36, 40]
    assert percentile([7], 90) == 7


def test_a_distribution_of_deal_scores() -> None:
    entry = distribution([0, 24, 25, 60, 130])
    assert (entry["mean"], entry["min"], entry["max"], entry["percentiles"]["50"]) == (47.8, 0, 130, 25)
    assert [bucket["count"] for bucket in entry["histogram"]] == [2, 1, 1, 0, 0, 1]


def test_a_deal_report_counts_wins_ties_and_events() -> None:
    records = [
        DealRecord((72, 90), ((8, 9), (9, 10)), {"quack"}),
        DealRecord((0, 40), ((0, 12), (4, 10)), {"quack", "quack_quack", "zero_point_course"}),
        DealRecord((50, 50), ((5, 10), (10, 5)), set()),
        DealRecord((120, 30), ((10, 12), (3, 10)), {"quack", "quack_quack", "duck_soup", "twelve_trick_soup"}),
    ]
    data = deal_report(records, ("a", "b"))
    assert [bot["count"] for bot in data["deal_wins"]["bots"]] == [1, 2]
    assert data["deal_wins"]["ties"]["count"] == 1
    assert {event: entry["count"] for event, entry in data["events"].items()} == {
        "quack": 3,
        "quack_quack": 2,
        "duck_soup": 1,
        "twelve_trick_soup": 1,
        "zero_point_course": 1,
    }
    assert data["deal_scores"]["bots"][0]["mean"] == 60.5 and data["deal_scores"]["overall"]["mean"] == 56.5
    assert data["mean_points"][1] == {"bot": "b", "duck": 6.5, "soup": 8.75}


def test_the_command_is_ready_for_the_ducksoup_group() -> None:
    """``main.add_command(simulate)`` in the command line: here on a group of its own, like ``main``."""
    group = click.Group("ducksoup", commands=[simulate])
    result = CliRunner().invoke(group, ["simulate", "--help"], env=PLAIN_ENV)
    assert result.exit_code == 0 and "--deals N" in result.output and "--options KEY=VALUE" in result.output
    result = CliRunner().invoke(group, ["simulate", "--deals", "2", "--json"], env=PLAIN_ENV)
    assert result.exit_code == 0 and json.loads(result.stdout)["deals"] == 2


# Memory: running statistics, not a record of every deal


def peak_memory(deals: int) -> int:
    """The peak of Python allocations (bytes) while ``run`` plays ``deals`` random deals."""
    tracemalloc.start()
    try:
        run(deals, ("random", "random"), 1, 0, RuleOptions(), Console(file=io.StringIO()))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_however_many_deals_are_played() -> None:
    """Twelve times the deals may add a few new score values to the tallies, never a record per deal
    (keeping every deal's record, as before, took about 550 bytes a deal: 330 KB more here)."""
    assert peak_memory(650) - peak_memory(50) < 120_000


def test_tallies_give_the_exact_percentiles_of_the_values() -> None:
    values = [0, 10, 10, 20, 30, 40, 40, 40]
    tally = Tally()
    for value in reversed(values):
        tally.add(value)
    assert [tally.percentile(p) for p in (0, 10, 25, 50, 75, 90, 100)] == [
        percentile(values, p) for p in (0, 10, 25, 50, 75, 90, 100)
    ]


@pytest.mark.parametrize(
    ("rate", "text"),
    [
        (12345.6, "12,346 deals/s"),
        (100.0, "100 deals/s"),
        (42.54, "42.5 deals/s"),
        (1.0, "1 deals/s"),
        (0.287, "3.48 s/deal"),
        (0.0417, "24 s/deal"),
        (0.001, "1,000 s/deal"),
        (0.0, "no deals"),
    ],
)
def test_a_throughput_is_printed_as_a_rate_or_below_one_a_second_as_a_time_each(rate: float, text: str) -> None:
    assert throughput_text(rate, "deal") == text


def test_a_slow_throughput_keeps_three_significant_figures_in_the_report() -> None:
    assert (per_second(1, 24.0), per_second(2, 7.0), per_second(123_456, 1.0), per_second(5, 0.0)) == (
        0.0417,
        0.286,
        123_456.0,
        5e9,
    )


class SlowClock:
    """A ``time.perf_counter`` that moves 8 seconds on at every reading: deals as slow as the strong bot's."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 8.0
        return self.now


@pytest.mark.parametrize(
    ("args", "key", "printed"),
    [
        (["simulate", "--deals", "2"], "deals_per_second", "4 s/deal"),
        (["simulate", "--game", "doubleduck", "--deals", "2"], "deals_per_second", "4 s/deal"),
        (["simulate", "--game", "aw-ducks", "--rounds", "2"], "rounds_per_second", "4 s/round"),
    ],
    ids=["duck-soup", "doubleduck", "aw-ducks"],
)
def test_slow_simulations_print_a_real_rate_not_zero(
    monkeypatch: pytest.MonkeyPatch, args: list[str], key: str, printed: str
) -> None:
    """The strong bot plays about one Duck Soup deal in 3 s: the report once said '0 deals/s'."""
    monkeypatch.setattr(time, "perf_counter", SlowClock())
    shown = CliRunner().invoke(main, args, env=PLAIN_ENV)
    assert shown.exit_code == 0, shown.output
    assert printed in shown.output.splitlines()[-1]
    monkeypatch.setattr(time, "perf_counter", SlowClock())
    data = json.loads(CliRunner().invoke(main, [*args, "--json"], env=PLAIN_ENV).stdout)
    assert data["timing"][key] == 0.25


def test_the_report_of_deals_and_games_counts_what_was_played_and_the_deals_games_took(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = iter(range(100))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))  # each deal or game series: 1 s
    played: list[str] = []

    def game(index: int) -> int:
        played.append(f"game {index}")
        return 3

    console = Console(file=io.StringIO())
    deals = (2, lambda index: played.append(f"deal {index}"), lambda: {"figures": len(played)})
    report = deals_and_games_report({"game": "g"}, console, deals, (2, game, lambda: {"played": len(played)}))
    assert played == ["deal 0", "deal 1", "game 0", "game 1"]
    assert [report["game"], report["figures"], report["games"]] == ["g", 2, {"played": 4}]
    timing = report["timing"]
    assert list(timing) == ["deal_seconds", "deals_per_second", "game_seconds", "game_deals_per_second"]
    assert (timing["deals_per_second"], timing["game_deals_per_second"]) == (per_second(2, 1), per_second(6, 1))
    without_games = deals_and_games_report({}, console, deals, (0, game, lambda: {}))
    assert without_games["games"] is None and list(without_games["timing"]) == ["deal_seconds", "deals_per_second"]
