"""``ducksoup analyse --game doubleduck``: the endgame's double-dummy losses add up, the estimates elsewhere are
honest, the analysis is reached through the registry, and what cannot be analysed is refused in one line naming the
game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ducksoup.analysis import MIN_SAMPLES, Verdict
from ducksoup.cli import main
from ducksoup.doubleduck.analyse import ENDGAME, AnalysisError, DealAnalysis, DealsAnalysis, sampled_decision
from ducksoup.doubleduck.engine import Deal
from ducksoup.games import reference
from ducksoup.telling import find_game_file, load_game_file

TRACE = "dd-deal-greedy-001"
ENDGAME_FROM = 81
"""A step a little before the endgame of :data:`TRACE` (it starts at step 85), so that a test is quick."""
DOCS = Path(__file__).resolve().parents[2] / "docs" / "doubleduck" / "analysis.rst"


def load(name: str) -> dict[str, Any]:
    return load_game_file(find_game_file(name)).trace


def deals_of(trace: dict[str, Any], **settings: Any) -> list[DealAnalysis]:
    return [event for event in DealsAnalysis(trace, **settings).events() if isinstance(event, DealAnalysis)]


@pytest.mark.parametrize(("trace_id", "exact_cards"), [(TRACE, 5), ("dd-deal-quacky-001", 4)])
def test_the_endgame_losses_add_up_to_its_value_minus_the_result(trace_id: str, exact_cards: int) -> None:
    (deal,) = deals_of(load(trace_id), samples=0, exact_cards=exact_cards)
    assert deal.endgame_start is not None and deal.result is not None
    endgame = [decision for decision in deal.decisions if decision.part == ENDGAME]
    assert endgame and all(decision.loss is not None and decision.loss >= 0 for decision in endgame)
    assert deal.endgame_start - deal.result == deal.losses(0) - deal.losses(1)
    assert deal.identity_holds()


def test_the_identity_is_not_vacuous() -> None:
    """The greedy players of the trace do lose points in the endgame, and a wrong loss breaks the identity."""
    (deal,) = deals_of(load(TRACE), samples=0, exact_cards=4)
    assert deal.losses(0) > 0 and deal.losses(1) > 0
    mistake = next(decision for decision in deal.decisions if decision.loss)
    mistake.loss = (mistake.loss or 0) + 1
    assert not deal.identity_holds()


def test_every_action_valued_names_every_best_one_and_loses_the_same() -> None:
    trace = load(TRACE)
    (some,) = deals_of(trace, samples=0, exact_cards=4)
    (every,) = deals_of(trace, samples=0, exact_cards=4, all_actions=True)
    assert [d.loss for d in some.decisions] == [d.loss for d in every.decisions]
    for decision in every.decisions:
        assert {action for action, value in decision.values if value == decision.value_best} == set(decision.best)


def test_an_estimate_repeats_with_the_seed_and_never_gives_a_negative_loss() -> None:
    rng = random.Random(5)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    deal = Deal(deck, 1)
    while len(deal.hands[0]) > 8 or deal.course == 0:  # the Soup with 8 cards each: short play-outs
        deal.apply(rng.choice(deal.legal_actions()))
    action = deal.legal_actions()[0]
    hands = [list(hand) for hand in deal.hands]
    first = sampled_decision(1, deal, action, MIN_SAMPLES, random.Random("0:1"))
    again = sampled_decision(1, deal, action, MIN_SAMPLES, random.Random("0:1"))
    assert first == again and first.estimate is not None and first.estimate.difference is not None
    assert first.loss is None or first.loss > 0
    assert (first.loss is not None) == (first.verdict is Verdict.MISTAKE)
    assert deal.hands == hands  # the real deal is untouched


def test_analyse_prints_the_report_and_json_lines_through_the_registry() -> None:
    assert reference("doubleduck").analyse == "ducksoup.doubleduck.analyse:analysis"
    runner = CliRunner()
    late = ["analyse", "--game", "doubleduck", TRACE, "--samples", "0", "--from", str(ENDGAME_FROM)]
    text = runner.invoke(main, late)
    assert text.exit_code == 0, text.output
    assert "double dummy" in text.output and "(holds)" in text.output and "loses" in text.output
    data = runner.invoke(main, [*late, "--json"])
    assert data.exit_code == 0, data.output
    header, *events, summary = [json.loads(line) for line in data.output.splitlines()]
    assert header["settings"]["objective"].startswith("deal score difference")
    (deal,) = [event for event in events if event["type"] == "deal"]
    assert deal["identity_holds"] and deal["endgame_value"] - deal["result"] == (
        deal["endgame_losses"][0] - deal["endgame_losses"][1]
    )
    assert [row["player"] for row in summary["players"]] == [0, 1, 2, 3]
    assert sum(row["endgame"]["points_lost"] for row in summary["players"]) == sum(deal["endgame_losses"])


def test_a_trace_that_cannot_be_analysed_is_refused_in_one_line_naming_the_game(tmp_path: Path) -> None:
    trace = load(TRACE)
    trace["steps"][5]["action"] = trace["steps"][4]["action"]  # a card played out of turn
    with pytest.raises(AnalysisError, match=r"^doubleduck: step 6: .* is (refused by the rules|not a legal action)"):
        deals_of(trace, samples=0)
    broken = load(TRACE)
    broken["decks"] = ["ACAC"]
    with pytest.raises(AnalysisError, match=r"^doubleduck: the trace cannot be set up: ") as refused:
        DealsAnalysis(broken)
    assert "\n" not in str(refused.value)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(trace), encoding="utf-8")
    told = CliRunner().invoke(main, ["analyse", "--game", "doubleduck", str(wrong), "--samples", "0"])
    assert told.exit_code == 1 and "not analysed: it stops at step 6" in told.output
    assert "Traceback" not in told.output


def documented_example() -> tuple[list[str], list[str]]:
    """The worked example of the analysis page: its command's arguments, and the output the page shows."""
    text = DOCS.read_text(encoding="utf-8")
    block = text[text.index(f"   $ ducksoup analyse --game doubleduck {TRACE}") :].split("\n\n", 1)[0].splitlines()
    return block[0].strip().removeprefix("$ ducksoup ").split(), [line[3:] for line in block[1:]]


def test_the_docs_worked_example_is_what_analyse_prints() -> None:
    command, shown = documented_example()
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == shown
    assert "(holds)" in result.output and "within the noise" in result.output and "loses 204" in result.output
