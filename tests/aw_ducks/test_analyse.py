"""``ducksoup analyse`` of Aw Ducks!: each decision streamed as soon as it is estimated, the family's statistics (no
loss negative, a mistake only when its interval lies above zero), the same seed the same analysis, the docs' worked
example what the command prints, and what cannot be analysed refused in one line naming the game (the statistics
themselves: ``tests/test_analysis.py``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ducksoup.aw_ducks.analyse as analyse
from ducksoup.analysis import CHOOSING_ROUNDS, MIN_SAMPLES, Verdict
from ducksoup.aw_ducks.analyse import AnalysisError, Decision, RoundNote, analysis, estimate_decision
from ducksoup.aw_ducks.strong import outcome
from ducksoup.cli import main
from ducksoup.games import reference
from ducksoup.telling import find_game_file, load_game_file
from tests.aw_ducks.test_strong import greedy_until, hidden_reshuffled, shuffled_round

TRACE = "ad-round-2p-greedy-01"
GAME_TRACE = "ad-game-3p-greedy-01"


def load(name: str) -> dict[str, Any]:
    """A trace of the bundled suite, by its ID, as ``ducksoup analyse`` reads it."""
    return load_game_file(find_game_file(name)).trace


def test_the_registry_gives_aw_ducks_its_analysis() -> None:
    entry = reference("aw-ducks")
    found = entry.analysis(load(TRACE), samples=MIN_SAMPLES, start=88)
    assert isinstance(found, analyse.RoundsAnalysis) and found.players == 2


def test_each_decision_is_streamed_as_soon_as_it_is_estimated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first decision comes after exactly the play-outs it needs (every legal action on the choosing worlds, two
    on each fresh one), before any later decision is looked at."""
    played: list[int] = []

    def counted(*args: Any) -> float:
        played.append(1)
        return outcome(*args)

    monkeypatch.setattr(analyse, "outcome", counted)
    events = analysis(load(TRACE), samples=MIN_SAMPLES, start=84).events()
    assert next(events) == RoundNote(1)
    first = next(events)
    assert isinstance(first, Decision) and first.step == 84
    candidates = len(first.estimate.means)
    assert candidates >= 2 and len(played) == choosing_play_outs(candidates, MIN_SAMPLES) + MIN_SAMPLES * 2


def choosing_play_outs(candidates: int, samples: int) -> int:
    """The play-outs that choose the rival: ``samples`` worlds in :data:`CHOOSING_ROUNDS` rounds, each with every
    action still in play, the taken one and the better half (rounded up) of the others going on after a round."""
    rounds = min(CHOOSING_ROUNDS, samples)
    sizes = [samples // rounds + (index < samples % rounds) for index in range(rounds)]
    total, playing = 0, candidates
    for size in sizes:
        total += size * playing
        playing = 1 + (playing - 1 + 1) // 2
    return total


def test_no_loss_is_negative_and_a_mistake_is_sure() -> None:
    decisions = [event for event in analysis(load(TRACE), samples=MIN_SAMPLES, start=80).events()]
    found = [event for event in decisions if isinstance(event, Decision)]
    assert [d.step for d in found] == sorted(d.step for d in found) and found[0].step >= 80
    assert len(found) >= 5
    for decision in found:
        difference = decision.estimate.difference
        assert difference is not None and difference.samples == MIN_SAMPLES
        loss = decision.judged().loss
        assert (loss is not None) == (decision.verdict is Verdict.MISTAKE)
        assert loss is None or (loss > 0 and difference.low > 0)
    assert isinstance(decisions[-1], RoundNote) and decisions[-1].scores == (120, 145)


def test_the_same_seed_gives_the_same_analysis_and_another_seed_other_worlds() -> None:
    def run(seed: int) -> list[Any]:
        events = analysis(load(TRACE), samples=MIN_SAMPLES, seed=seed, start=84).events()
        return [event.to_json() for event in events if isinstance(event, Decision)]

    first = run(1)
    assert run(1) == first != run(2)


def test_a_game_is_analysed_round_by_round_with_the_scores_of_each() -> None:
    trace = load(GAME_TRACE)
    last = len(trace["steps"])
    events = list(analysis(trace, samples=2, start=last - 12).events())
    ends = [event for event in events if isinstance(event, RoundNote) and event.scores is not None]
    scores = [tuple(round_["scores"]) for round_ in trace["final"]["rounds"]]
    assert [end.scores for end in ends] == scores and len(scores) >= 2
    assert [end.round for end in ends] == list(range(1, len(scores) + 1))
    assert any(isinstance(event, Decision) for event in events)


def test_the_command_streams_json_lines() -> None:
    result = CliRunner().invoke(
        main, ["analyse", "--game", "aw-ducks", TRACE, "--from", "86", "--samples", "8", "--json"]
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert lines[0]["type"] == "analysis" and lines[0]["game"] == "aw-ducks"
    assert lines[0]["settings"]["objective"] == analyse.OBJECTIVE
    decisions = [line for line in lines if line["type"] == "decision"]
    assert [d["step"] for d in decisions] == [86, 87, 89, 90]
    assert {"taken", "rival", "verdict", "loss", "difference", "values"} <= set(decisions[0])
    assert lines[-2] == {"type": "round", "round": 1, "scores": [120, 145]}
    assert lines[-1]["type"] == "summary" and lines[-1]["stopped"] is None


def test_what_cannot_be_analysed_is_refused_in_one_line_naming_the_game(tmp_path: Path) -> None:
    duck_soup = load("ds-deal-greedy-001")
    with pytest.raises(AnalysisError, match=r"^Aw Ducks!: the trace is of the game 'duck-soup', not 'aw-ducks'$"):
        analysis(duck_soup)
    broken = dict(load(TRACE), decks=["3R3R"])
    with pytest.raises(AnalysisError) as refused:
        analysis(broken)
    assert str(refused.value).startswith("Aw Ducks!: the trace cannot be set up: ") and "\n" not in str(refused.value)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


DOCS = Path(__file__).resolve().parents[2] / "docs" / "aw-ducks" / "analysis.rst"


def documented_example() -> tuple[list[str], list[str]]:
    """The worked example of the analysis page: its command's arguments, and the output the page shows."""
    text = DOCS.read_text(encoding="utf-8")
    block = text[text.index(f"   $ ducksoup analyse {TRACE}") :].split("\n\n", 1)[0].splitlines()
    return block[0].strip().removeprefix("$ ducksoup ").split(), [line[3:] for line in block[1:]]


def test_the_docs_worked_example_is_what_analyse_prints() -> None:
    command, shown = documented_example()
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == shown
    assert "a mistake, estimated loss" in result.output and "within the noise" in result.output


def test_a_decision_is_estimated_from_the_players_view_only() -> None:
    """The round's unseen cards dealt again (deck and stashes): the same estimate, with the same seed."""
    game = greedy_until(shuffled_round(5, 3), 30, 2)
    other = hidden_reshuffled(game, 9)
    player = game.p
    assert other.observation(player) == game.observation(player) and other.deck != game.deck
    legal = game.legal_actions()

    def estimated(view: dict[str, Any]) -> Any:
        found = estimate_decision(view, legal, legal[0], MIN_SAMPLES, random.Random(4))
        return found.means, found.difference

    assert estimated(other.observation(player)) == estimated(game.observation(player))
