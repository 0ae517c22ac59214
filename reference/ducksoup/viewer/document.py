"""A trace (or record) as a *view document*: the scene and the narration of every step, ready for the page.

The document is JSON (the page's script reads nothing else):

* the trace's header: ``id``, ``description``, ``game`` (its title), ``players``, ``scope``,
  ``options`` (in words), ``first`` (the first dealer or starting player), and ``seat`` (the
  player it is seen by, or None for every hand face up) with ``mode``, a sentence saying so;
* ``faces``: the face of every card code (:mod:`ducksoup.viewer.scene`);
* ``steps``: step 0 (the position dealt) and one per action, each with ``action`` (in the game's
  words), ``refused`` (the error code of a refused action), ``scene`` (left out when the position
  is the one before: a refused action changes nothing) and ``say``, the narration's lines;
* ``pool``: the parts the scenes share, written once (see :class:`Pool`);
* ``chapters``: the first step of each deal or round, for the deal boundaries;
* ``refs``: the rules sections and rulings that the header and the narration cite, each with its
  title (and a ruling's decision), so that the page explains them without the network;
* ``problems``: why the narration stops early, if it does, and ``stopped``: whether it stops because
  the play breaks a rule or a stored state disagrees with the rules.

Seen by one player (``seat``), the document holds that player's views, derived from the trace's
states by the game's own rules of what a player sees (its ``views`` in the suite's registry), and
the narration told to that player: no card that player could not see is anywhere in it.

States come from the trace and the narration from the rules (the game's narrator): where a trace's
stored state disagrees with the rules, the narration stops there and says how. A state the game
cannot draw (a hand-made trace whose states hold together only by the schema) is shown as its JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from rich.errors import MarkupError
from rich.text import Text

from duckcheck.games import GameSuite
from ducksoup.games import GameReference, reference
from ducksoup.narration import Loaded, Told
from ducksoup.viewer.scene import Drawing, Scene
from duckspec.rulings import Ruling

JSON = dict[str, Any]
DOCUMENT_VERSION = 1
SECTION = re.compile(r"§(\d+)")
RULING = re.compile(r"\b([A-Z]{2}-R\d{2})\b")
PLAYER = re.compile(r"\bplayer (\d)\b")


def view_document(loaded: Loaded, seat: int | None = None, start: int | None = None, upto: int | None = None) -> JSON:
    """The view document of a trace or record, seen by ``seat`` (None: every hand face up).

    ``start`` is the step the page opens at; ``upto`` keeps the steps up to that one only.
    """
    trace = loaded.trace
    entry = reference(trace["game"])
    suite = entry.suite
    shown = list(shown_positions(trace, suite, seat))
    scenes = list(drawn_scenes(entry.drawing(), trace, shown, seat))
    said, problems, stopped = narration(entry, loaded, seat)
    steps: list[JSON] = []
    for number, scene in enumerate(scenes):
        step: JSON = {"n": number}
        if number:
            trace_step = trace["steps"][number - 1]
            step["action"] = suite.describe_action(trace_step["action"])
            if "reject" in trace_step:
                step["refused"] = trace_step["reject"]
        if scene is not None:
            step["scene"] = rename(scene, loaded.names, seat) if loaded.names or seat is not None else scene
        step["say"] = said.get(number, [])
        steps.append(step)
    mark_inferred(steps, loaded.inferred)
    if upto is not None:
        steps = steps[: upto + 1]
    found_chapters = chapters(steps)
    pool = Pool()
    for step in steps:
        if "scene" in step:
            step["scene"] = pool.pack(step["scene"])
    document: JSON = {
        "version": DOCUMENT_VERSION,
        "id": trace["id"],
        "description": trace["description"],
        "game": suite.title,
        "game_id": suite.id,
        "players": trace["players"],
        "scope": trace["scope"],
        "options": options_words(suite, trace["options"]),
        "first": trace["dealer"],
        "seat": seat,
        "mode": mode_sentence(seat, trace["players"], loaded.names),
        "unit": entry.drawing().unit,
        "faces": dict(entry.drawing().faces),
        "pool": pool.values,
        "steps": steps,
        "chapters": found_chapters,
        "refs": references(suite, trace, steps),
        "problems": problems,
        "stopped": stopped,
        "inferred": bool(loaded.inferred),
    }
    if start is not None:
        document["start"] = max(0, min(start, len(steps) - 1))
    return document


def shown_positions(trace: JSON, suite: GameSuite, seat: int | None) -> Iterator[JSON | None]:
    """What is shown after each step: the state (or the seat's view) after an accepted step, None after a refused
    one."""
    follower = suite.views() if seat is not None else None

    def shown(state: JSON) -> JSON:
        if follower is None or seat is None:
            return state
        try:
            view: JSON = follower.advance(state)[seat]
        except Exception:  # a stored state that is not one (replay reads files with the light schema check)
            return {"unshown": "this stored state is not a state of the game, so the seat's view of it is not shown"}
        return view

    yield shown(trace["initial"])
    for step in trace["steps"]:
        yield None if "reject" in step else shown(step["state"])


def drawn_scenes(
    drawing: Drawing, trace: JSON, shown: Sequence[JSON | None], seat: int | None
) -> Iterator[Scene | None]:
    """The scene of each step (None where a refused action leaves the position as it was)."""
    previous: JSON | None = None
    for number, position in enumerate(shown):
        if position is None:
            yield None
            continue
        action = trace["steps"][number - 1]["action"] if number else None
        yield safe_scene(drawing, position, seat, previous, action)
        previous = position


def safe_scene(drawing: Drawing, shown: JSON, seat: int | None, previous: JSON | None, action: JSON | None) -> Scene:
    """The game's scene of ``shown``; for a state the game cannot draw, a scene that shows its JSON instead.

    States come from files and from implementations under test, so any of them may be wrong in a way the game's
    drawing does not expect; whatever goes wrong there, the page still shows the state and says why.
    """
    try:
        return drawing.scene(shown, seat, previous, action)
    except Exception as error:  # untrusted data meets the game's code: show it, never crash
        return raw_scene(shown, f"this position cannot be drawn ({type(error).__name__}: {error}); its JSON:")


RAW_LIMIT = 100_000
"""At most this many characters of a value that cannot be drawn are shown."""


def raw_scene(shown: Any, why: str) -> Scene:
    """A scene that shows a value as JSON text, for a state that cannot be drawn (cut after :data:`RAW_LIMIT`)."""
    raw = json.dumps(shown, indent=1, ensure_ascii=False, sort_keys=True, default=repr)
    if len(raw) > RAW_LIMIT:
        raw = raw[:RAW_LIMIT] + f"\n... ({len(raw) - RAW_LIMIT} more characters not shown)"
    return {
        "chapter": "",
        "number": 0,
        "status": why,
        "seats": [],
        "middle": [],
        "facts": [],
        "tables": [],
        "raw": raw,
    }


def plain(line: str) -> str:
    """A narration line without its colour markup (``[red]10♥[/red]`` -> ``10♥``)."""
    if "[" not in line:
        return line
    try:
        return Text.from_markup(line).plain
    except MarkupError:
        return line


def narration(entry: GameReference, loaded: Loaded, seat: int | None) -> tuple[dict[int, list[str]], list[str], bool]:
    """Each step's narration lines (the words of ``ducksoup explain``), why the narration stops early if it does,
    and whether it stops because the play breaks a rule (or a stored state disagrees with the rules).

    A game's narrator that fails is reported as a problem (the page still draws the play), never as a crash.
    """
    said: dict[int, list[str]] = {}
    problems: list[str] = []
    try:
        narrator = entry.narrate(loaded, seat, True)
        told: Told
        for told in narrator.to_the_end():
            if not told.closing:
                said[told.number] = [plain(line) for line in told.lines]
            if told.stop:
                problems.append(f"the narration stops at {plain(told.stop)}")
                if not told.closing:
                    return said, problems, True
    except Exception as error:  # the game's narrator fails: the page still shows the play
        problems.append(f"the narrator of {entry.suite.title} failed: {type(error).__name__}: {error}")
        return said, problems, False
    if loaded.stopped:
        problems.append(f"the record stops at {loaded.stopped}")
    return said, problems, bool(problems)


def rename(value: Any, names: Sequence[str] | None, seat: int | None) -> Any:
    """A scene with "player N" replaced by the players' names from a record, and the seat's own name marked."""
    if isinstance(value, str):
        return PLAYER.sub(lambda match: names[int(match.group(1))], value) if names else value
    if isinstance(value, list):
        return [rename(item, names, seat) for item in value]
    if isinstance(value, dict):
        renamed = {key: item if key in ("cards", "field") else rename(item, names, seat) for key, item in value.items()}
        if seat is not None and "player" in renamed and renamed["player"] == seat and "name" in renamed:
            renamed["name"] = f"{renamed['name']} (you)"
        return renamed
    return value


def mark_inferred(steps: list[JSON], inferred: frozenset[tuple[int, str]]) -> None:
    """Mark, in the seats' zones, the cards whose place a record does not give (``guessed``)."""
    if not inferred:
        return
    for step in steps:
        scene = step.get("scene")
        if scene is None:
            continue
        guessed = {card for number, card in inferred if number == scene["number"]}
        for seat in scene["seats"]:
            for zone in seat["zones"]:
                marked = [card for card in zone["cards"] if isinstance(card, str) and card in guessed]
                if marked:
                    zone["guessed"] = marked


def chapters(steps: Sequence[JSON]) -> list[JSON]:
    """The first step of each deal or round, with its name: the deal boundaries of a game or match."""
    found: list[JSON] = []
    for step in steps:
        scene = step.get("scene")
        if scene is not None and scene["chapter"] and (not found or found[-1]["label"] != scene["chapter"]):
            found.append({"step": step["n"], "label": scene["chapter"]})
    return found


def options_words(suite: GameSuite, options: Mapping[str, Any]) -> str:
    changed = [f"{key} {value}" for key, value in sorted(options.items()) if value != suite.option_values[key][0]]
    return "the standard rules" if not changed else "options: " + ", ".join(changed)


def mode_sentence(seat: int | None, players: int, names: Sequence[str] | None) -> str:
    if seat is None:
        return (
            "Seen by everyone at once: every hand is shown face up, and marked, although at the table "
            "only its owner sees it."
        )
    who = names[seat] if names else f"player {seat}"
    return f"Seen by {who}: only what {who} could see at the table; the other hands are face down."


def references(suite: GameSuite, trace: JSON, steps: Sequence[JSON]) -> JSON:
    """The rules sections and rulings cited by the trace's header and by the narration, with their titles."""
    rulings = register(suite.id)
    cited: set[str] = set(trace["sections"]) | set(trace["rulings"])
    for step in steps:
        for line in step["say"]:
            cited |= {f"§{number}" for number in SECTION.findall(line)}
            cited |= set(RULING.findall(line))
    refs: JSON = {}
    for key in sorted(cited, key=_reference_order):
        if key in suite.sections:
            refs[key] = {"title": suite.section_title(key)}
        elif key in rulings:
            ruling = rulings[key]
            question, decision = " ".join(ruling.question.split()), " ".join(ruling.decision.split())
            refs[key] = {"title": f"{ruling.id}: {ruling.title}", "text": f"{question} {decision}"}
    return refs


@cache
def register(game_id: str) -> Mapping[str, Ruling]:
    """A game's rulings by ID (read once)."""
    return {ruling.id: ruling for ruling in reference(game_id).suite.rulings()}


def _reference_order(key: str) -> tuple[int, str, int]:
    if key.startswith("§"):
        return 0, "", int(key[1:]) if key[1:].isdigit() else 0
    return 1, key[:2], int(key[4:]) if key[4:].isdigit() else 0


class Pool:
    """Shares the parts that scenes repeat from step to step (a hand that did not change, a deal's score table).

    Every list and object of a scene that is worth it is stored once, in ``pool``, and wherever it occurs
    it is written ``{"@": index}``; a pooled value refers only to values pooled before it. A deal of 53
    steps takes about a sixth of the room it would take written out.
    """

    SMALLEST = 12
    """Values whose JSON is shorter than this are written out: a reference would not be shorter."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.index: dict[str, int] = {}

    def pack(self, value: Any) -> Any:
        if isinstance(value, list):
            value = [self.pack(item) for item in value]
        elif isinstance(value, dict):
            value = {key: self.pack(item) for key, item in value.items()}
        else:
            return value
        key = repr(value)  # scenes hold only text, numbers, lists and objects built in one order: a fair key
        if len(key) < self.SMALLEST:
            return value
        if key not in self.index:
            self.index[key] = len(self.values)
            self.values.append(value)
        return {"@": self.index[key]}
