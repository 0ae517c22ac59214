"""One ``play`` and one narrator loop for every game (issue 22): no game keeps a copy of the shared machinery."""

from __future__ import annotations

import ast
import importlib
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.text import Text

from duckcheck.games import games
from duckcheck.trace import read_trace, trace_path
from ducksoup.cli import main
from ducksoup.games import reference
from ducksoup.narration import Loaded, StepNarrator, Voice
from ducksoup.playing import InputError, RecordedSeats, card_and_call, card_and_called, fitted, listed
from ducksoup.recording import EngineRecorder
from tests.play_driver import Answer, Turn, drive, first_option, scripted

REFERENCE = Path(__file__).resolve().parent.parent / "reference" / "ducksoup"
GAMES = [suite.id for suite in games()]
LOOP = {
    "steps",
    "step",
    "tell",
    "refused",
    "disagreement",
    "final_disagreement",
    "to_the_end",
    "between_tricks",
    "legal_lines",
}
"""The narrator's step loop and claim check: :class:`ducksoup.narration.StepNarrator`'s, never a game's."""
PLAY_LOOP = {"run", "ask", "human_turn", "legal", "show_turn"}
"""The play loop: :class:`ducksoup.playing.Terminal`'s, never a game's."""
SHARED_OPTIONS = ("--game", "--seed", "--save", "--as", "--one", "--bot")


def functions_defined(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def package_of(game: str) -> str:
    return game.replace("-", "_")


@pytest.mark.parametrize("game", GAMES)
def test_no_game_defines_its_own_narrator_loop_or_play_loop(game: str) -> None:
    folder = REFERENCE / package_of(game)
    assert not functions_defined(folder / "narrate.py") & LOOP
    assert not functions_defined(folder / "playing.py") & PLAY_LOOP


def test_a_game_that_copied_the_loop_would_be_found(tmp_path: Path) -> None:
    copied = tmp_path / "narrate.py"
    copied.write_text("class Narrator:\n    def steps(self):\n        yield 0\n", encoding="utf-8")
    assert functions_defined(copied) & LOOP == {"steps"}


@pytest.mark.parametrize("game", GAMES)
def test_every_games_narrator_is_built_on_the_step_loop(game: str) -> None:
    trace_id = {"duck-soup": "ds-deal-greedy-007", "doubleduck": "dd-deal-greedy-001", "aw-ducks": "ad-edge-blue-four"}
    narrator = reference(game).narrate(Loaded(read_trace(trace_path(trace_id[game]))), None, False)
    assert isinstance(narrator, StepNarrator)
    assert narrator.rules_now() and all(isinstance(line, str) for line in narrator.rules_now())


@pytest.mark.parametrize("game", GAMES)
def test_every_games_play_has_the_shared_options_and_names_the_game_option(game: str) -> None:
    shown = CliRunner().invoke(main, ["play", "--game", game, "--help"], env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    for option in SHARED_OPTIONS:
        assert option in shown.output, option
    assert "'rules'" in shown.output and "'help' or '?'" in shown.output
    module = importlib.import_module(f"ducksoup.{package_of(game)}.playing")
    assert hasattr(module, "Seating") and hasattr(module, "parse_move")


def test_plain_play_help_mentions_the_game_option() -> None:
    shown = CliRunner().invoke(main, ["play", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and "--game GAME" in shown.output


def test_the_rules_messages_speak_to_you_when_told_to_you() -> None:
    told_to_1 = Voice(1)
    assert told_to_1.named("player 1 holds no 9C") == "you hold no 9C"
    assert told_to_1.named("player 0 must act now, not player 1") == "player 0 must act now, not you"
    assert told_to_1.named("the game is over: player 1 has won it") == "the game is over: you have won it"
    assert told_to_1.named("9C is not in player 1's hand") == "9C is not in your hand"
    assert Voice(None, ("Anna", "Ben")).named("player 1 holds no 9C") == "Ben holds no 9C"


def test_replay_shows_a_new_deals_hands_once() -> None:
    told = CliRunner().invoke(main, ["replay", "ds-game-greedy-01"], env={"NO_COLOR": "1"})
    assert told.exit_code == 0
    lines = told.output.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith("deal ")]
    assert len(starts) > 1
    for start in starts:
        first = next(index for index in range(start, len(lines)) if "leads first" in lines[index])
        assert lines[first + 1].startswith("step "), lines[start : first + 8]


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("9c quack quack", "quackquack"),
        ("9c quack-quack", "quackquack"),
        ("9C Quack-Quack!", "quackquack"),
        ("9♣ QQ", "qq"),
        ("10h duck soup", "ducksoup"),
        ("3h double duck", "doubleduck"),
    ],
)
def test_a_call_is_read_however_a_person_spells_it(typed: str, key: str) -> None:
    card, call = card_and_call(typed, "help")
    assert call == key and card in ("9C", "9c", "10h", "3h")


def test_an_empty_line_is_not_a_move() -> None:
    with pytest.raises(InputError, match="an empty line is not a move: help"):
        card_and_call("  ", "help")


CALLS = {"quack": "QUACK", "q": "QUACK", "qq": "QUACK_QUACK", "quackquack": "QUACK_QUACK"}
"""A game's table of call words, as a trick-taking game's ``playing`` module gives it."""


@pytest.mark.parametrize(
    ("typed", "card", "call"),
    [("9♣", "9C", None), ("10h Quack-Quack!", "TH", "QUACK_QUACK"), ("  qs q ", "QS", "QUACK")],
)
def test_a_card_and_its_call_are_read_from_the_games_table(typed: str, card: str, call: str | None) -> None:
    found, called = card_and_called(typed, "help", CALLS, "quack or qq")
    assert (str(found), called) == (card, call)


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        ("", "an empty line is not a move: help"),
        ("9x", "; help"),
        ("9c honk honk", "'honk honk' is not a call: say quack or qq"),
    ],
)
def test_a_move_that_is_not_one_is_refused_saying_what_would_be(typed: str, refusal: str) -> None:
    with pytest.raises(InputError) as refused:
        card_and_called(typed, "help", CALLS, "quack or qq")
    assert refusal in str(refused.value)


def quit_at_deal(number: int) -> Answer:
    """Play the first option until deal ``number`` has begun, then quit at the next prompt."""

    def answer(turn: Turn) -> str:
        return "quit" if f"\ndeal {number}: " in turn.transcript else first_option(turn)

    return answer


@pytest.mark.parametrize(
    ("arguments", "deal"),
    [
        (["--game", "duck-soup", "--seed", "2", "--one"], 1),
        (["--game", "doubleduck", "--seed", "5", "--one"], 1),
        (["--game", "doubleduck", "--seed", "5"], 2),
    ],
    ids=["duck-soup-first-deal", "doubleduck-first-deal", "doubleduck-second-deal"],
)
def test_a_deal_the_human_leads_at_once_shows_the_table_once(arguments: list[str], deal: int, tmp_path: Path) -> None:
    code, transcript = drive(arguments, tmp_path, quit_at_deal(deal))
    lines = transcript.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith(f"deal {deal}: "))
    led = next(index for index in range(start, len(lines)) if lines[index].startswith("  you lead first"))
    assert code == 0 and lines[led + 1].startswith("your options: "), lines[start : led + 8]
    assert [line for line in lines[start:] if "your hand: " in line] == [lines[start + 1]]


def test_look_shows_the_table_again_at_the_start_of_a_deal(tmp_path: Path) -> None:
    transcript = drive(["--seed", "2", "--one"], tmp_path, scripted(["look", "quit"]))[1]
    hands = [line for line in transcript.splitlines() if "your hand: " in line]
    assert len(hands) == 2 and hands[0] == f"  {hands[1]}"


TRACES = {"duck-soup": "ds-deal-greedy-007", "doubleduck": "dd-deal-greedy-001", "aw-ducks": "ad-edge-blue-four"}
"""A short trace of each game, told to the end by the shared loop."""


@pytest.mark.parametrize("game", GAMES)
def test_told_to_the_end_every_step_then_a_closing_stop_for_an_outcome_the_rules_contradict(game: str) -> None:
    trace = read_trace(trace_path(TRACES[game]))
    told = list(reference(game).narrate(Loaded(trace), None, False).to_the_end())
    assert [step.number for step in told] == list(range(len(trace["steps"]) + 1))
    assert not any(step.stop or step.closing for step in told)
    wrong = {**trace, "final": {**trace["final"], "claimed": True}}
    told = list(reference(game).narrate(Loaded(wrong), None, False).to_the_end())
    assert told[-1].closing and told[-1].lines == [] and told[-1].number == len(trace["steps"])
    unknown = "final.claimed is unknown to the rules (the trace gives boolean true)"
    assert told[-1].stop == f"the outcome: the trace disagrees with the rules: {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_told_to_the_end_a_step_the_rules_forbid_closes_the_telling_there(game: str) -> None:
    trace = read_trace(trace_path(TRACES[game]))
    steps = [*trace["steps"][:2], {**trace["steps"][1], "state": trace["steps"][1]["state"]}]
    told = list(reference(game).narrate(Loaded({**trace, "steps": steps}), None, False).to_the_end())
    assert [step.number for step in told] == [0, 1, 2, 3] and told[-1].closing
    assert told[-1].stop is not None and told[-1].stop.startswith("step 3: ")


def test_a_long_line_of_play_is_fitted_to_the_terminal_with_its_continuation_indented() -> None:
    console = Console(width=30, file=io.StringIO())
    line = Text("  your tableau: 1R 2R 3R 4R 5R 6R 1Y 2Y 3Y 4Y 5Y 6Y 1G 2G")
    parts = [part.plain for part in fitted(line, console)]
    assert all(len(part) <= 30 for part in parts) and len(parts) == 3
    assert parts[0].startswith("  your") and all(part.startswith("    ") and part[4] != " " for part in parts[1:])
    assert " ".join(parts).split() == line.plain.split()
    assert [part.plain for part in fitted(Text("short"), console)] == ["short"]


def test_options_are_listed_whole_within_the_width() -> None:
    options = ["d (draw)", "3R (discard for a Safe Draw)", "5Y (discard for a Secret Stash)", "s (score)"]
    assert listed("your options:", options, 50) == [
        "your options: d (draw),",
        "  3R (discard for a Safe Draw),",
        "  5Y (discard for a Secret Stash), s (score)",
    ]
    assert listed("your options:", ["an option far wider than the width"], 10) == [
        "your options: an option far wider than the width"
    ]


SHARED_SEATS = {"engine", "record", "bot_move", "engine_state", "snapshot"}
"""What :class:`ducksoup.playing.RecordedSeats` does for every game: a seating that redefines one records its own
way."""


@pytest.mark.parametrize("game", GAMES)
def test_every_games_seating_records_on_its_engine_recorder_the_shared_way(game: str) -> None:
    playing = importlib.import_module(f"ducksoup.{package_of(game)}.playing")
    traces = importlib.import_module(f"ducksoup.{package_of(game)}.traces")
    assert issubclass(playing.Seating, RecordedSeats) and not SHARED_SEATS & set(vars(playing.Seating))
    assert issubclass(traces.TraceRecorder, EngineRecorder)
    built = ast.parse((REFERENCE / package_of(game) / "playing.py").read_text(encoding="utf-8"))
    recorders = {
        node.value.func.id
        for node in ast.walk(built)
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Attribute) and target.attr == "recorder" for target in node.targets)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
    }
    assert recorders == {"TraceRecorder"} and playing.TraceRecorder is traces.TraceRecorder
