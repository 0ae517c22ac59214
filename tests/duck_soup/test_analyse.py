"""``ducksoup analyse``: the Soup's losses add up, the Duck's estimates are sampled as documented, the
knowledge behind the samples is exactly what the player had seen, and the analysis streams, keeps to its budget and
stops on Ctrl-C with what is done (the statistics themselves: ``tests/test_analysis.py``)."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ducksoup import compiling
from ducksoup.analysis import MIN_SAMPLES, OUT_OF_TIME, step_notes
from ducksoup.cli import main
from ducksoup.duck_soup.analyse import AnalysisError, DealsAnalysis, Decision, analyse_trace
from ducksoup.duck_soup.bots import GreedyBot, RandomBot
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.sampling import Knowledge
from ducksoup.duck_soup.simulate import new_deck
from ducksoup.games import NoAnalysis, reference
from ducksoup.telling import find_game_file, load_game_file
from duckspec.duck_soup.variants import DoubleDraw, RuleOptions, StockVisibility
from tests.compiled import compiled_or_skip

TRACE = "ds-deal-greedy-001"
QUICK = "ds-deal-greedy-027"
"""A deal of the greedy bot whose Soup is among the quickest of the suite to solve (seconds)."""


def load(name: str) -> dict[str, Any]:
    """A trace of the bundled suite, by its ID, as ``ducksoup analyse`` reads it."""
    return load_game_file(find_game_file(name)).trace


@pytest.fixture(scope="module")
def soup_analysis() -> object:
    return analyse_trace(load(QUICK), samples=0)


def test_the_value_lost_in_the_soup_is_the_sum_of_the_listed_losses(soup_analysis: object) -> None:
    """The value at the Soup's start minus the deal's result equals player 0's listed losses minus
    player 1's: every point the result falls short of (or exceeds) perfect play is accounted for."""
    from ducksoup.duck_soup.analyse import AnalysedTrace

    assert isinstance(soup_analysis, AnalysedTrace)
    (deal,) = soup_analysis.deals
    assert deal.soup_start is not None and deal.result is not None
    assert deal.soup_start - deal.result == deal.losses(0, "soup") - deal.losses(1, "soup")
    assert deal.identity_holds()
    assert any((d.loss or 0) > 0 for d in deal.decisions)  # the greedy bot does make mistakes
    for decision in deal.decisions:
        values = dict(decision.values)
        assert decision.loss is not None and decision.loss == decision.value_best - values[decision.taken] >= 0
        assert all(values[action] == decision.value_best for action in decision.best)


def test_by_default_only_the_taken_and_a_best_action_are_valued_and_the_losses_are_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--all-actions`` values every legal action; the default values the action taken and, when it was not best,
    the first action found to be best (``Solver.best_and_played``, once a decision): the same losses and verdicts
    for a fraction of the searches."""
    from ducksoup.duck_soup.solver import Solver

    asked: list[int] = []
    best_and_played = Solver.best_and_played

    def counted(solver: Solver, *args: Any, **kwargs: Any) -> Any:
        asked.append(1)
        return best_and_played(solver, *args, **kwargs)

    monkeypatch.setattr(Solver, "best_and_played", counted)
    trace = load(QUICK)
    quick = analyse_trace(trace, samples=0, start=30).deals[0]
    assert len(asked) == len(quick.decisions) and all(len(d.values) <= 2 for d in quick.decisions)
    every = analyse_trace(trace, samples=0, start=30, all_actions=True).deals[0]
    assert len(asked) == len(quick.decisions), "--all-actions values every action instead"
    assert [(d.step, d.loss) for d in quick.decisions] == [(d.step, d.loss) for d in every.decisions]
    assert quick.soup_start == every.soup_start and quick.identity_holds() and every.identity_holds()
    legal_counts = [len(d.values) for d in every.decisions]
    assert [len(d.values) for d in quick.decisions] != legal_counts and sum(legal_counts) > 2 * len(legal_counts)
    for short, full in zip(quick.decisions, every.decisions, strict=True):
        assert set(short.values) <= set(full.values) and set(short.best) <= set(full.best)
        if short.loss == 0:
            assert short.values == ((short.taken, full.value_taken),) and short.best == (short.taken,)
        else:
            first_best = next(action for action, value in full.values if value == full.value_best)
            assert short.best == (first_best,)


def test_a_listed_mistake_changes_the_result_in_a_replayed_deal(soup_analysis: object) -> None:
    """The deal's result is the engine's: player 0's deal score minus player 1's."""
    from ducksoup.duck_soup.analyse import AnalysedTrace, replay

    assert isinstance(soup_analysis, AnalysedTrace)
    last = None
    for _, deal, _ in replay(load(QUICK)):
        last = deal
    assert last is not None and last.is_over
    scores = last.scores()
    assert soup_analysis.deals[0].result == scores[0] - scores[1]


def test_duck_estimates_repeat_with_the_seed_and_never_give_a_negative_loss() -> None:
    """Each Duck decision states its samples and its interval from fresh worlds; a loss only for a mistake, and
    then above zero; the same seed gives the same estimates, another seed others."""
    trace = load(TRACE)

    def duck(seed: int) -> list[Decision]:
        return analyse_trace(trace, samples=MIN_SAMPLES, seed=seed, soup=False, start=24).deals[0].decisions

    first, again, other = duck(5), duck(5), duck(6)
    assert [d.to_json() for d in first] == [d.to_json() for d in again] != [d.to_json() for d in other]
    assert len(first) >= 2
    for decision in first:
        found = decision.estimate
        assert found is not None and found.samples == MIN_SAMPLES and found.difference is not None
        assert found.difference.samples == MIN_SAMPLES and found.rival != decision.taken
        assert decision.loss == found.loss and (decision.loss is None or decision.loss > 0)
        assert (decision.loss is not None) == (found.difference.low > 0)


def test_one_sample_gives_no_loss_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--samples 1``: a mean for each action, no interval, no verdict, no loss, in the text and in the JSON (the
    Duck only here, to be quick)."""
    import ducksoup.duck_soup.analyse

    monkeypatch.setattr(
        ducksoup.duck_soup.analyse, "analysis", lambda trace, **given: DealsAnalysis(trace, **given, soup=False)
    )
    result = CliRunner().invoke(main, ["analyse", QUICK, "--samples", "1", "--from", "20", "--json"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert "too few for a verdict (at least 8), so no loss is given" in lines[0]["method"][-1]
    duck = [line for line in lines if line["type"] == "decision"]
    assert len(duck) >= 5 and all(line["loss"] is None and line["difference"] is None for line in duck)
    assert {line["verdict"] for line in duck} == {"too few samples"}
    assert [row["duck"]["points_lost"] for row in lines[-1]["players"]] == [0, 0]
    text = CliRunner().invoke(main, ["analyse", QUICK, "--samples", "1", "--from", "20"])
    notes = [line for line in text.output.splitlines() if line.startswith("  step")]
    assert notes and all(note.endswith("too few samples for a verdict (at least 8)") for note in notes)
    assert "loss" not in text.output.replace("no loss is given", "")


@pytest.mark.parametrize(
    "options",
    [RuleOptions(), RuleOptions(stock=StockVisibility.HIDDEN), RuleOptions(double_draw=DoubleDraw.ALTERNATE)],
    ids=["face-up", "hidden", "alternate"],
)
def test_the_worlds_sampled_agree_with_everything_the_player_saw(options: RuleOptions) -> None:
    """At every decision of a dozen deals: the real deal is one of the worlds the player's knowledge
    allows, and every sampled world shows the player exactly the view it had."""
    rng = random.Random(31)
    decisions = slots = 0
    for number in range(12):
        deal = Deal(new_deck(rng), number % 2, options)
        bots = (GreedyBot(number), RandomBot(number) if number % 3 else GreedyBot(number + 50))
        knowledge = (Knowledge(), Knowledge())
        while not deal.is_over:
            player = deal.to_act
            assert player is not None
            view = deal.observation(player)
            known = knowledge[player]
            known.observe(view)
            pool, held, stock = known.unplaced()
            opponent = 1 - player
            unknown = {c for c in deal.hand_lists[opponent] if not deal.known[opponent] >> c & 1}
            below = set(deal.stock[deal.top if deal.hidden else deal.top + 1 :])
            gone_unseen = set(pool) - unknown - below
            assert unknown | below <= set(pool) and (held, stock) == (len(unknown), len(below))
            assert len(gone_unseen) == len(known.slots)
            for slot in known.slots:
                assert any(slot.allows(card) for card in gone_unseen)
            world = known.world_deal(known.sample(random.Random(decisions)), options)
            assert world.observation(player) == view
            decisions += 1
            slots += len(known.slots)
            action = bots[player].choose(view, deal.legal_actions())
            known.acted(action)
            deal.apply(action)
    assert decisions > 500 and slots > 1000  # cards did leave play unseen, and were accounted for


def test_analyse_prints_a_report_and_json_lines(tmp_path: Path) -> None:
    runner = CliRunner()
    late = ["--samples", "0", "--from", "40"]  # the last tricks of the Soup: quick to solve
    text = runner.invoke(main, ["analyse", TRACE, *late, "--mistakes"])
    assert text.exit_code == 0, text.output
    assert "value at the Soup's start" in text.output and "(holds)" in text.output and "loses" in text.output
    assert ": best" not in text.output  # --mistakes
    data = runner.invoke(main, ["analyse", TRACE, *late, "--json"])
    assert data.exit_code == 0
    header, *events, summary = [json.loads(line) for line in data.output.splitlines()]
    assert header["type"] == "analysis" and header["trace"] == TRACE
    assert header["settings"]["objective"].startswith("deal score difference")
    decisions = [event for event in events if event["type"] == "decision"]
    (deal,) = [event for event in events if event["type"] == "deal"]
    assert deal["soup_start_step"] == min(d["step"] for d in decisions) >= 40 and deal["identity_holds"]
    assert deal["soup_start_value"] - deal["result"] == deal["soup_losses"][0] - deal["soup_losses"][1]
    assert summary["type"] == "summary" and summary["stopped"] is None
    assert [row["player"] for row in summary["players"]] == [0, 1]
    assert sum(row["soup"]["points_lost"] for row in summary["players"]) == sum(deal["soup_losses"])


def test_analyse_reads_trace_files_and_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["analyse", "no-such-trace"])
    assert missing.exit_code == 2 and "no such file" in missing.output and "Traceback" not in missing.output
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    broken = runner.invoke(main, ["analyse", str(bad)])
    assert broken.exit_code == 2 and "error:" in broken.output
    refused = load(TRACE)
    refused["steps"][3]["action"] = refused["steps"][2]["action"]  # a card played twice
    with pytest.raises(AnalysisError):
        analyse_trace(refused, samples=0)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(refused), encoding="utf-8")
    told = runner.invoke(main, ["analyse", str(wrong), "--samples", "0"])
    assert told.exit_code == 1 and "not analysed: it stops at step 4: " in told.output
    assert "Traceback" not in told.output


def test_analysis_is_reached_through_the_registry_and_refused_for_a_game_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Duck Soup's entry names its analysis; a game whose entry names none is refused with one clear message,
    by ``analyse`` and by ``explain --analyse``, naming the games that have one."""
    import dataclasses

    import ducksoup.telling

    entry = reference("duck-soup")
    assert entry.analyse == "ducksoup.duck_soup.analyse:analysis"
    trace = load(TRACE)
    assert min(step_notes(entry.analysis(trace, samples=0, start=40))) == 40
    without = dataclasses.replace(entry, analyse=None)
    with pytest.raises(NoAnalysis, match="analysis is available for duck-soup"):
        without.analysis(trace, samples=0)
    monkeypatch.setattr(ducksoup.telling, "reference", lambda game=None: without)
    for command in (["analyse", TRACE], ["explain", TRACE, "--analyse"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, result.output
        assert "analysis is available for duck-soup" in result.output and "Traceback" not in result.output


def test_explain_shows_the_analysis_beside_the_narration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each analysed step is followed by its analysis line (the Duck and the end of the Soup here, to be quick)."""
    import ducksoup.duck_soup.analyse

    path = tmp_path / "deal.json"
    path.write_text(json.dumps(load(TRACE)), encoding="utf-8")
    for course, part in (("Duck", {"soup": False}), ("Soup", {"start": 40})):
        monkeypatch.setattr(
            ducksoup.duck_soup.analyse,
            "analysis",
            lambda trace, part=part, **given: DealsAnalysis(trace, **{**given, **part}),
        )
        result = CliRunner().invoke(main, ["explain", str(path), "--analyse", "--samples", "1"])
        assert result.exit_code == 0, result.output
        notes = [line for line in result.output.splitlines() if line.startswith("  analysis: ")]
        assert notes and all(line.startswith(f"  analysis: {course}:") for line in notes)


def _changed(tmp_path: Path, change: Any) -> Path:
    """A copy of :data:`TRACE` with ``change`` applied to its JSON, as a file."""
    trace = load(TRACE)
    change(trace)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda trace: trace["steps"][6]["state"].update(stock=99), "step 7: the trace disagrees with the rules: "),
        (lambda trace: trace["steps"][-1]["state"].update(scores=[0, 0]), f"step {55}: the trace disagrees"),
        (lambda trace: trace["final"]["deals"][0].update(scores=[1, 2]), "the outcome"),
    ],
    ids=["a-stored-state", "the-last-state", "the-outcome"],
)
def test_analyse_checks_the_traces_claims_as_replay_does(change: Any, where: str, tmp_path: Path) -> None:
    """A trace whose stored state (or outcome) the rules contradict is not analysed: exit 1, naming the step,
    as ``replay`` stops there (the analysis itself plays the actions only, and would not notice)."""
    path = _changed(tmp_path, change)
    assert len(load(TRACE)["steps"]) == 55
    replayed = CliRunner().invoke(main, ["replay", str(path)])
    assert replayed.exit_code == 1 and where in replayed.output
    result = CliRunner().invoke(main, ["analyse", str(path), "--samples", "0", "--from", "50"])
    assert result.exit_code == 1, result.output
    assert f"error: {path}: not analysed: it stops at " in result.output and where in result.output
    assert "Traceback" not in result.output and "summary:" not in result.output


@pytest.mark.parametrize("start", [56, 1000])
def test_analyse_from_past_the_last_step_is_refused_like_explain_at(start: int) -> None:
    """``--from N`` beyond the last step analyses nothing: refused in the words and with the status of ``--at``."""
    at = CliRunner().invoke(main, ["explain", TRACE, "--at", str(start)])
    assert at.exit_code == 2 and at.output == f"error: --at {start}: the trace has steps 0 to 55\n"
    result = CliRunner().invoke(main, ["analyse", TRACE, "--samples", "0", "--from", str(start)])
    assert result.exit_code == 2 and result.output == f"error: --from {start}: the trace has steps 1 to 55\n"
    last = CliRunner().invoke(main, ["analyse", TRACE, "--samples", "0", "--from", "55", "--json"])
    assert last.exit_code == 0, last.output


@pytest.mark.parametrize("during", ["checking", "analysing", "explain --analyse"])
def test_ctrl_c_stops_analyse_with_status_130(during: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (a KeyboardInterrupt wherever it lands: checking the claims, analysing, or explaining with the
    analysis) ends the command with one line and status 130, never a traceback or click's "Aborted!"."""
    import ducksoup.telling

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    if during == "checking":
        monkeypatch.setattr(ducksoup.telling, "rules_disagreement", interrupted)
    else:
        monkeypatch.setattr(type(reference("duck-soup")), "analysis", interrupted)
    command = ["explain", TRACE, "--analyse"] if during == "explain --analyse" else ["analyse", TRACE]
    result = CliRunner().invoke(main, [*command, "--samples", "0"])
    assert result.exit_code == 130, result.output
    assert result.output == "interrupted (SIGINT): stopped before the end\n"


@pytest.mark.skipif(not Path("/proc/self/wchan").exists(), reason="waits for the command by /proc (Linux)")
def test_a_real_ctrl_c_ends_analyse_with_status_130(tmp_path: Path) -> None:
    """SIGINT, as a terminal sends it on Ctrl-C, to ``analyse`` while it works (here: waiting for the trace on
    standard input, which the kernel shows in ``/proc/PID/wchan``, so the signal surely lands in the command)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "analyse", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    try:
        deadline = time.monotonic() + 120
        while "pipe" not in Path(f"/proc/{process.pid}/wchan").read_text():
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err
    assert (out, err) == (b"", b"interrupted (SIGINT): stopped before the end\n")


def test_the_analysis_streams_and_ctrl_c_prints_what_is_done_with_status_130(tmp_path: Path) -> None:
    """The header and the first decision arrive while the analysis goes on (read from the process before it
    ends); SIGINT then stops it: the decisions done, the summary, where it stopped, and status 130."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "analyse", TRACE, "--from", "20"],  # minutes of work in all
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        text=True,
    )
    try:
        assert process.stdout is not None
        header = process.stdout.readline()
        first = ""
        while not first.startswith("  step"):
            first = process.stdout.readline()
            assert first, "the output ended before a decision"
        assert process.poll() is None, "the analysis ended before its first decision was read"
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert header.startswith(f"{TRACE}: ") and first.startswith("  step  20  Duck: player ")
    assert process.returncode == 130, err
    lines = rest.splitlines()
    assert "summary:" in lines and lines[-1].startswith("stopped: interrupted (SIGINT); the decisions up to step ")
    assert err == "", "no progress bar (nor anything else) on standard error in a pipe"


def test_explain_analyse_streams_each_decision_beside_its_step(tmp_path: Path) -> None:
    """``explain --analyse`` tells each decision's analysis under its step while later ones are still being analysed
    (read from the process before it ends), the narration of the steps up to it before it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "explain", TRACE, "--analyse", "--samples", "8"],  # half a minute in all
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        text=True,
    )
    try:
        assert process.stdout is not None
        before = []
        while not (line := process.stdout.readline()).startswith("  analysis: "):
            assert line, "the output ended before an analysis"
            before.append(line)
        assert process.poll() is None, "the command ended before its first analysis was read"
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert before[0].startswith(f"{TRACE}: ") and before[-1].startswith("step 1: player 1 leads ")
    assert line.startswith("  analysis: Duck: player 1 ") and "95% interval" in line
    assert process.returncode == 130


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_progress_bar_shows_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal the steps analysed show as a bar while the analysis works; it goes when it ends."""
    import pty

    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "analyse", TRACE, "--from", "20", "--budget", "1"],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        cwd=tmp_path,
    )
    os.close(secondary)
    shown = b""
    try:
        while chunk := _read(primary):
            shown += chunk
        process.wait(timeout=120)
    finally:
        os.close(primary)
        if process.poll() is None:
            process.kill()
            process.wait()
    text = shown.decode(errors="replace")
    assert process.returncode == OUT_OF_TIME, text
    assert "analysing steps" in text and "stopped: the time budget of 1 s ran out" in text


def _read(descriptor: int) -> bytes:
    """What a pseudo-terminal shows next; nothing once the other side is closed (Linux says so with an error)."""
    try:
        return os.read(descriptor, 4096)
    except OSError:
        return b""


def test_a_budget_stops_the_analysis_with_what_is_done() -> None:
    result = CliRunner().invoke(main, ["analyse", TRACE, "--from", "20", "--budget", "1"])
    assert result.exit_code == OUT_OF_TIME, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{TRACE}: ") and "summary:" in lines
    assert lines[-1].startswith("stopped: the time budget of 1 s ran out (--budget); ")


DOCS = Path(__file__).resolve().parents[2] / "docs" / "duck-soup" / "analysis.rst"


def documented_example() -> tuple[list[str], list[str]]:
    """The worked example of the analysis page: its command's arguments, and the output the page shows."""
    text = DOCS.read_text(encoding="utf-8")
    block = text[text.index("   $ ducksoup analyse ds-deal-greedy-027") :].split("\n\n", 1)[0].splitlines()
    return block[0].strip().removeprefix("$ ducksoup ").split(), [line[3:] for line in block[1:]]


def test_the_docs_worked_example_is_what_analyse_prints_and_no_loss_is_negative() -> None:
    command, shown = documented_example()
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == shown
    losses = [float(found) for found in re.findall(r"(?:loss|loses|lost) (-?[0-9.]+)", result.output)]
    assert len(losses) >= 10 and min(losses) >= 0
    assert "a mistake, estimated loss" in result.output and "within the noise" in result.output
    assert "(holds)" in result.output


@pytest.mark.parametrize("budget", ["0", "-3", "nan", "inf", "1e300"])
def test_a_budget_that_is_no_time_is_refused_in_one_line(budget: str) -> None:
    result = CliRunner().invoke(main, ["analyse", TRACE, "--budget", budget])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "is not a time budget: give a number of seconds above 0 and at most a year" in result.output


def test_compiled_analysis_is_refused_with_the_reason_where_it_cannot_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--compiled`` is Duck Soup's; without a C compiler, or with a cache folder others may write, it says why."""
    runner = CliRunner()
    other = runner.invoke(main, ["analyse", "dd-deal-greedy-001", "--compiled"])
    assert other.exit_code == 2 and "Traceback" not in other.output
    assert (
        "Doubleduck's analysis runs in pure Python only; a compiled solver is available for duck-soup" in other.output
    )
    monkeypatch.setenv("CC", "no-such-compiler-here")
    missing = runner.invoke(main, ["analyse", TRACE, "--compiled", "--samples", "0"])
    assert missing.exit_code == 2 and "Traceback" not in missing.output
    assert "error: --compiled: no C compiler ('no-such-compiler-here' is not on the PATH)" in missing.output
    monkeypatch.delenv("CC")
    monkeypatch.setenv("DUCKSOUP_CACHE", str(tmp_path))
    (tmp_path / "ducksoup").mkdir(mode=0o777)
    (tmp_path / "ducksoup").chmod(0o777)
    if compiling.compiler_missing() is None:
        shared = runner.invoke(main, ["analyse", TRACE, "--compiled", "--samples", "0"])
        assert shared.exit_code == 2 and "may be written by others (mode 777)" in shared.output


def test_the_compiled_solver_gives_the_same_analysis() -> None:
    """The same decisions, values and losses from the compiled copy (built in soak only: see tests.compiled)."""
    from ducksoup.duck_soup import solver

    compiled_or_skip(solver)
    runner = CliRunner()
    late = [TRACE, "--samples", "0", "--from", "30", "--json"]
    pure, compiled = (runner.invoke(main, ["analyse", *late, *more]) for more in ([], ["--compiled"]))
    assert compiled.exit_code == pure.exit_code == 0, compiled.output
    assert compiled.output == pure.output
