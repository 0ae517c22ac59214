"""``ducksoup replay``, ``ducksoup explain`` and ``ducksoup analyse``: telling a recorded deal, game or match
step by step, and analysing its play.

Both take a conformance trace of any game of the family (a JSON file, or the ID of a trace of
the bundled suite) or a hand-written record of a game that has a record format (Duck Soup's;
``--game`` names the game of a record); the game's narrator tells it (:mod:`ducksoup.narration`).
``explain`` tells each step with the rules behind it, ``replay`` adds the position after every
finished trick. ``--as PLAYER`` tells only what that player could see (with ``--at``, another player's
legal actions are not listed: only whose turn it is and what they hold; ``--analyse`` is refused with it);
``--at N`` stops after step N and lists every legal action there.

What the rules say decides. A conformance trace's stored states are claims: the first one the
rules contradict stops the telling, which says where and how they differ. A record that breaks a
rule is told up to the step (or card) that breaks it, and the telling stops there, naming the
rule and the line. Either way the exit status is 1; a file that cannot be read at all is 2.

``analyse`` (and ``explain --analyse``, beside the narration) gives the best play at each decision
and what each mistake cost, from the game's own analysis (:meth:`ducksoup.games.GameReference.analysis`);
a game without one is refused with the names of the games that have one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from duckcheck.codec import EncodingError, SetupError
from duckcheck.trace import TraceError, parse_trace, trace_path
from duckcheck.untrusted import STDIN, UnreadableFile, read_text, shown
from ducksoup import compiling
from ducksoup.analysis import Output, StepNotes, stream
from ducksoup.command_options import game_option
from ducksoup.display import plain_output
from ducksoup.games import NoAnalysis, reference, references
from ducksoup.narration import Loaded

JSON = dict[str, Any]
STOP_LIMIT = 2000
"""The most characters of the reason a telling stops that are printed (it quotes values from the file)."""


def find_game_file(name: str) -> Path:
    """The file ``name`` names: a path (``-``: standard input), or else the ID (or file name) of a trace of the
    bundled suite."""
    path = Path(name)
    if name == STDIN or path.exists():
        return path  # reading it refuses what is not a file or a pipe, and says why
    trace_id = path.name.removesuffix(".json")
    if path.parent == Path(".") and trace_id:
        try:
            return trace_path(trace_id)
        except TraceError:
            pass
    raise TraceError(
        f"{shown(name)}: no such file, and no trace of the bundled suite has that ID (see ducksoup check --list)"
    )


def load_game_file(path: Path, game: str | None = None) -> Loaded:
    """A trace from a JSON trace file, or a hand-written record of ``game`` (``-``: standard input); one clear
    error otherwise.

    Files over 50 MB, folders and devices are refused (:func:`duckcheck.untrusted.read_text`).
    """
    name = "standard input" if str(path) == STDIN else shown(str(path))
    try:
        text = read_text(path, "trace or record")
    except UnreadableFile as error:
        raise TraceError(str(error)) from None
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        trace = parse_trace(text, name, states=False)
        _same_game(trace, game, name)
        return Loaded(trace)
    return load_record(text, path, game, name)


class RecordBreaksRule(TraceError):
    """A record that cannot be read because what it writes breaks a rule before any play (a card written twice,
    a hand of 14 cards); ``explain`` cannot tell it (exit 2), ``record check`` names the rule (exit 1)."""


def load_record(text: str, path: Path, game: str | None, name: str) -> Loaded:
    """The hand-written record ``text`` (from ``path``, called ``name`` in messages), read by the game its
    ``[Game]`` tag names, or else ``game`` (``--game``; Duck Soup by default); :class:`TraceError` in one line for
    a record that cannot be read, of a game without a record format, or whose tag disagrees with ``--game``."""
    from duckcheck.games import games
    from ducksoup.records import RecordError, record_game

    try:
        entry = reference(record_game(text, game, {suite.id: suite.title for suite in games()}))
        loaded = entry.read_record_file(text, path)
    except RecordError as error:
        raise (RecordBreaksRule if error.breaks_a_rule else TraceError)(f"{name}: {error}") from None
    except ValueError as error:
        raise TraceError(f"{name}: {error}") from None
    if loaded is None:
        able = ", ".join(other.id for other in references() if other.read_record is not None) or "no game"
        raise TraceError(
            f"{name}: not a JSON trace, and {entry.suite.title} has no record format to read it as "
            f"(the games with one: {able})"
        )
    return loaded


def _same_game(trace: JSON, game: str | None, name: str) -> None:
    """Refuse a ``--game`` that is not the game of the trace (a trace names its own game; a silent
    disagreement would tell the user nothing about which of the two was meant)."""
    if game is not None and game != trace["game"]:
        raise TraceError(
            f"{name}: --game {game}, but this is a trace of {reference(trace['game']).suite.title} "
            f"({trace['game']}): leave --game out (a trace names its own game) or give --game {trace['game']}"
        )


def rules_disagreement(loaded: Loaded) -> str | None:
    """Where the game file contradicts the rules, as ``replay`` would stop (``step 4: ...``), or None.

    The file is told silently to its end: a stored state, a step the trace says is accepted or the
    final outcome that the rules disagree with, or a record's broken rule, is found as ``replay`` finds it.
    """
    narrator = reference(loaded.trace["game"]).narrate(loaded, None, False)
    stops = (told.stop for told in narrator.to_the_end() if told.stop)
    return next(stops, None) or loaded.stopped


def tell(
    name: str,
    as_player: int | None,
    at: int | None,
    positions: bool,
    game: str | None = None,
    samples: int | None = None,
) -> int:
    """Tell the game in the file (or suite trace) ``name``; the exit status (0 told, 1 stopped by the rules or
    an analysis refused, 2 a bad file or a game without analysis).

    With ``samples`` (not None), each analysed decision is followed by its analysis line (:func:`analyse`).
    """
    console = Console(highlight=False, no_color=plain_output(), soft_wrap=True)
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    if samples is not None and as_player is not None:
        errors.print(f"error: {ANALYSIS_SEES_ALL.format(player=as_player)}", markup=False)
        return 2
    try:
        loaded = load_game_file(find_game_file(name), game)
        trace = loaded.trace
        if as_player is not None and as_player >= trace["players"]:
            raise TraceError(f"--as {as_player}: the players of {trace['id']} are 0 to {trace['players'] - 1}")
        narrator = reference(trace["game"]).narrate(loaded, as_player, not plain_output())
    except TraceError as error:
        errors.print(f"error: {shown(str(error))}", markup=False)
        return 2
    except (EncodingError, SetupError) as error:
        errors.print(f"error: {shown(name)}: {shown(str(error))}", markup=False)
        return 2
    if at is not None and not 0 <= at <= len(trace["steps"]):
        errors.print(f"error: --at {at}: the trace has steps 0 to {len(trace['steps'])}", markup=False)
        return 2
    notes: StepNotes | None = None
    if samples is not None:
        try:
            notes = StepNotes(reference(trace["game"]).analysis(trace, samples=samples))
        except NoAnalysis as error:
            errors.print(f"error: {error}", markup=False)
            return 2
        except ValueError as error:
            errors.print(f"error: {shown(name)} cannot be analysed: {shown(str(error))}", markup=False)
            return 1
    console.print(f"{trace['id']}: {shown(trace['description'])}", markup=False)
    for told in narrator.to_the_end():
        for line in told.lines:
            console.print(line)
        note = None if notes is None or told.closing else notes.at(told.number)
        if note is not None:  # made now: each decision is told as soon as it is analysed
            console.print(f"  analysis: {note}", markup=False)
        if told.stop:
            # a step's stop quotes the trace's stored values, unchecked by the light schema check: never markup
            stop = told.stop if told.closing else escape(shown(told.stop, STOP_LIMIT))
            console.print(f"[red]stopped[/red] at {stop}")
            return 1
        if positions and told.number and narrator.between_tricks():
            for line in narrator.position():
                console.print(f"    {line}")
        if at is not None and told.number == at:
            console.print(f"position after step {at}:")
            for line in narrator.position():
                console.print(f"  {line}")
            console.print("legal actions here:")
            for line in narrator.legal_lines():
                console.print(line)
            return 0
    if loaded.stopped:
        console.print(f"[red]stopped[/red] at {loaded.stopped}", markup=True)
        return 1
    if notes is not None and notes.refused is not None:
        errors.print(f"error: {shown(name)} cannot be analysed: {shown(str(notes.refused))}", markup=False)
        return 1
    return 0


ANALYSIS_SEES_ALL = (
    "--analyse cannot be told as player {player} (--as {player}): the analysis looks at every hand; "
    "leave out --as or --analyse"
)
"""Why ``explain --analyse --as P`` is refused: no game's analysis is made from P's knowledge alone (Duck Soup's and
Doubleduck's solvers read every hand; Aw Ducks!'s estimate of each player's turn is made from that player's view,
which holds what P may not have seen)."""

DEFAULT_SAMPLES = 16
"""Sampled worlds that choose, and as many that measure, each decision whose value is estimated rather than solved."""


AS_PLAYER = click.option("--as", "as_player", type=click.IntRange(0, 3), help="Show only what this player could see.")
GAME = game_option(
    "The game of a hand-written record without a [Game] tag (default: duck-soup); a JSON trace, or a record with "
    "the tag, names its own game, and a different --game is refused."
)
AT_STEP = click.option(
    "--at", "at", type=click.IntRange(min=0), metavar="N", help="Stop after step N; list the legal actions."
)
GAME_FILE = click.argument("name", metavar="FILE_OR_TRACE_ID")


@click.command(short_help="Replay a trace or record, with the position after every trick.")
@GAME_FILE
@AS_PLAYER
@AT_STEP
@GAME
def replay(name: str, as_player: int | None, at: int | None, game: str | None) -> None:
    """Replay a trace or record: every step, the rules behind it, and the position after each trick.

    FILE_OR_TRACE_ID is a conformance trace (.json), a hand-written record, or the ID of a trace of the
    bundled suite (ds-deal-greedy-007). Exit status: 0 told, 1 stopped where the game breaks a rule or
    a stored state disagrees with the rules, 2 the file cannot be read.
    """
    raise SystemExit(tell(name, as_player, at, positions=True, game=game))


@click.command(short_help="Explain a trace or record step by step, citing the rules.")
@GAME_FILE
@AS_PLAYER
@AT_STEP
@GAME
@click.option(
    "--analyse", "analyse", is_flag=True, help="Show each decision's analysis beside it (see 'ducksoup analyse')."
)
@click.option(
    "--samples",
    type=click.IntRange(min=0),
    default=DEFAULT_SAMPLES,
    show_default=True,
    help="With --analyse: sampled worlds (to choose, and as many to measure) where a value is estimated.",
)
def explain(name: str, as_player: int | None, at: int | None, game: str | None, analyse: bool, samples: int) -> None:
    """Explain a trace or record step by step, citing the rules sections and rulings.

    FILE_OR_TRACE_ID is a conformance trace (.json), a hand-written record, or the ID of a trace of the
    bundled suite (ds-deal-greedy-007). With --as P, everything told is what player P saw at the table; with
    --at N, where another player is to act, only whose turn it is and how many cards they hold. With
    --analyse, each decision is followed by its analysis (for the games that have one: see 'ducksoup
    analyse'); the analysis looks at every hand, so --analyse with --as is refused. Exit status: 0 told,
    1 stopped where the game breaks a rule or a stored state disagrees with the rules (or the analysis
    refuses the play), 2 the file cannot be read (or, with --analyse, its game has no analysis, or --as is
    given too).
    """
    raise SystemExit(tell(name, as_player, at, positions=False, game=game, samples=samples if analyse else None))


def seconds(value: float | None) -> float | None:
    """A time budget: a number of seconds above 0 and at most a year (or None, no budget)."""
    if value is not None and not 0 < value <= MOST_SECONDS:
        raise click.BadParameter(
            f"{value:g} is not a time budget: give a number of seconds above 0 and at most a year "
            f"({MOST_SECONDS}), like 60"
        )
    return value


MOST_SECONDS = 366 * 24 * 3600
"""The longest time budget (a year): longer ones are surely a mistake, and too long for the system's timer."""


@click.command(short_help="Analyse a trace or record: the best play and what mistakes cost.")
@GAME_FILE
@GAME
@click.option(
    "--json", "as_json", is_flag=True, help="Print the analysis as JSON Lines: a header, each decision, a summary."
)
@click.option(
    "--samples",
    type=click.IntRange(min=0),
    default=DEFAULT_SAMPLES,
    show_default=True,
    help="Sampled worlds that choose each estimated decision's rival, and as many that measure it (0: the exact "
    "values only; below 8: no verdict).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled worlds.")
@click.option("--mistakes", is_flag=True, help="List only the decisions that lost points.")
@click.option(
    "--from",
    "start",
    type=click.IntRange(min=1),
    default=1,
    metavar="STEP",
    help="Analyse only the decisions from step STEP on.",
)
@click.option("--all-actions", is_flag=True, help="Value every action where values are exact, not only the best.")
@click.option(
    "--compiled",
    is_flag=True,
    help="Search with the solver compiled by mypyc: the same values in about half the time (Duck Soup; built once "
    "in your own cache folder, which needs a C compiler).",
)
@click.option(
    "--budget",
    type=float,
    callback=lambda context, parameter, value: seconds(value),
    metavar="SECONDS",
    help="Stop after this many seconds with what is done (exit status 124).",
)
def analyse(
    name: str,
    game: str | None,
    as_json: bool,
    samples: int,
    seed: int,
    mistakes: bool,
    start: int,
    all_actions: bool,
    compiled: bool,
    budget: float | None,
) -> None:
    """Analyse a trace or record: the best play at each decision and the points each mistake cost.

    FILE_OR_TRACE_ID is a conformance trace (.json), a hand-written record, or the ID of a trace of the
    bundled suite (ds-deal-greedy-007). Every game of the family can be analysed: Duck Soup (its Soup
    solved exactly, its Duck estimated in sampled worlds), Doubleduck (its endgame solved double dummy, the
    rest estimated) and Aw Ducks! (each turn estimated in sampled worlds). The trace's claims are checked first, as
    'ducksoup replay' checks them: a stored state, an accepted step or an outcome that the rules contradict
    is named and nothing is analysed. Each decision is printed as soon as it is analysed, with a progress bar
    on a terminal. Exit status: 0 analysed, 1 the trace contradicts the rules (the step is named), 2 the file
    cannot be read or analysed (or --from is past its last step), 124 --budget ran out, 130 interrupted by
    Ctrl-C (143 SIGTERM, 129 SIGHUP); stopped, it prints what is done and says where it stopped.
    """
    output = Output(as_json=as_json, mistakes_only=mistakes, budget=budget)
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    raise SystemExit(_analyse(name, game, samples, seed, start, all_actions, compiled, output, errors))


def _analyse(
    name: str,
    game: str | None,
    samples: int,
    seed: int,
    start: int,
    all_actions: bool,
    compiled: bool,
    output: Output,
    errors: Console,
) -> int:
    """``ducksoup analyse``; its exit status."""
    try:
        loaded = load_game_file(find_game_file(name), game)
        trace = loaded.trace
        last = len(trace["steps"])
        if start > max(last, 1):
            raise TraceError(f"--from {start}: the trace has steps 1 to {last}")
        broken = rules_disagreement(loaded)
        if broken is not None:
            errors.print(f"error: {shown(name)}: not analysed: it stops at {shown(broken)}", markup=False)
            return 1
        analysis = reference(trace["game"]).analysis(
            trace, samples=samples, seed=seed, start=start, all_actions=all_actions, compiled=compiled
        )
        header = {"trace": str(trace["id"]), "description": trace["description"], "game": trace["game"]}
        return stream(analysis, header, output, total=last, first=start)
    except (TraceError, NoAnalysis) as error:
        errors.print(f"error: {shown(str(error))}", markup=False)
        return 2
    except compiling.Unavailable as error:  # --compiled: no compiler here, or a cache folder that is not private
        errors.print(f"error: --compiled: {shown(str(error))}", markup=False)
        return 2
    except ValueError as error:  # the game's analysis refuses the trace (EncodingError and SetupError are too)
        errors.print(f"error: {shown(name)} cannot be analysed: {shown(str(error))}", markup=False)
        return 2
