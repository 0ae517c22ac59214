"""Aw Ducks!'s part of the documentation (``docs/_ext/game_docs/aw_ducks.py`` and ``docs/aw-ducks/``): its play drawn
from every trace, the stash kept face down until the count, its cards named and not only coloured, every field of
its schema explained. ``tests/test_docs.py`` checks what every game's pages must hold; ``nox -s docs`` builds them."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("sphinx")

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import roles

from duckcheck.data import load_schema
from duckcheck.games import game
from tests.aw_ducks.suite import load

DOCS = Path(__file__).resolve().parents[2] / "docs"
JSON = dict[str, Any]
TRACES = load()


@pytest.fixture(scope="module")
def ext() -> ModuleType:
    folder = str(DOCS / "_ext")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("ducksoup_docs")


@pytest.fixture(scope="module")
def notes(ext: ModuleType) -> ModuleType:
    module: ModuleType = ext.game_docs("aw-ducks")
    return module


def trace(trace_id: str) -> JSON:
    return next(trace for trace in TRACES if trace["id"] == trace_id)


def test_every_trace_plays_out_to_its_final_scores_and_totals(notes: ModuleType) -> None:
    for played in TRACES:
        rounds = notes.play_out(played)
        counted = [play for play in rounds if play.end is not None]
        assert [list(play.end.points) for play in counted] == [r["scores"] for r in played["final"]["rounds"]]
        assert [list(play.end.winners) for play in counted] == [r["winners"] for r in played["final"]["rounds"]]
        turns = sum(len(play.turns) for play in rounds)
        refused = sum(len(turn.refused) for play in rounds for turn in play.turns) + len(rounds[-1].refused_after)
        assert turns + refused == len(played["steps"]), played["id"]
        if played["scope"] == "game":
            assert list(rounds[-1].totals or ()) == played["final"]["totals"], played["id"]
            assert rounds[-1].winner == played["final"]["winner"], played["id"]


def test_a_stash_stays_face_down_until_the_count(notes: ModuleType) -> None:
    played = trace("ad-edge-stashed-duck")
    rows = [notes.turn_cells(turn, notes.RST) for play in notes.play_out(played) for turn in play.turns]
    stashes = [row for row in rows if "Secret Stash" in row[1]]
    assert stashes and all(
        ":awcard:" not in row[2] and row[2].endswith(("face down, unseen", "round ends")) for row in stashes
    )
    assert "2 face down, unseen" in [row[2] for row in stashes]
    assert any(row[6].endswith(" + 2 unseen") for row in rows)
    count = "\n".join(notes.count_lines(notes.play_out(played)[0], notes.RST))
    assert "Secret Stash, now seen" in count and ":awcard:`D" in count  # the stashed duck is shown at the count


def test_a_turn_says_what_the_ducks_did(notes: ModuleType) -> None:
    played = trace("ad-edge-draw-through-ducks")
    effects = [notes.effect_text(turn, notes.RST) for play in notes.play_out(played) for turn in play.turns]
    assert any(effect.startswith("knocked out: ") for effect in effects)
    assert any(re.search(r"takes :awcard:`D.` .*\(\d+\)", effect) for effect in effects)
    safe = trace("ad-edge-safe-draw-duck")
    effects = [notes.effect_text(turn, notes.RST) for play in notes.play_out(safe) for turn in play.turns]
    assert "its ducks do nothing" in effects


def test_the_end_of_the_round_is_shown_where_the_deck_ran_dry(notes: ModuleType) -> None:
    played = trace("ad-edge-ends-in-quick-quack-3p")
    turns = [turn for play in notes.play_out(played) for turn in play.turns]
    ended = [turn for turn in turns if turn.ended]
    assert len(ended) == 1 and "the deck is empty: the round ends" in notes.deck_text(ended[0], notes.RST)
    after = turns[turns.index(ended[0]) + 1 :]
    assert [notes.turn_cells(turn, notes.RST)[1] for turn in after] == [f"{p}: final Score" for p in (2, 0, 1)]


def test_the_cards_are_named_not_only_coloured(notes: ModuleType) -> None:
    roles.register_local_role("awcard", notes.awcard_role)
    tree = publish_doctree("A :awcard:`3R DW 6K` hand.")
    cards = [node for node in tree.findall(nodes.inline) if "ad-card" in node["classes"]]
    assert [card.astext() for card in cards] == ["red 3", "rainbow duck", "black 6"]
    assert cards[1]["classes"] == ["ad-card", "ad-rainbow", "ad-duck"]
    broken = publish_doctree(":awcard:`DK`", settings_overrides={"report_level": 5})
    assert "problematic" in broken.pformat()
    from duckspec.aw_ducks.components import parse_card

    assert notes.card_html(parse_card("DG")) == '<span class="ad-card ad-green ad-duck" title="green duck">DG</span>'


def test_every_field_of_the_schema_has_a_meaning_and_a_page(ext: ModuleType) -> None:
    schema = load_schema("games/aw-ducks")
    documented = ["trace", "options", "round_state", "game_keys", "view", "final"]
    with_properties = {name for name, definition in schema["$defs"].items() if "properties" in definition}
    assert with_properties == set(documented)
    pages = "\n".join(page.read_text(encoding="utf-8") for page in (DOCS / "implementers").glob("*.rst"))
    for definition in documented:
        text = "\n".join(ext.schema_fields_rst("games/aw-ducks", definition))
        for name in schema["$defs"][definition]["properties"]:
            assert f"* - ``{name}``" in text, f"{definition}: {name}"
        assert f".. schema-fields:: games/aw-ducks {definition}\n" in pages, definition
    for small in ("card", "cards", "deck", "player", "per_player_cards", "per_player_points", "action", "state"):
        assert f".. _schema-games-aw-ducks-{small}:" in pages, small


def test_the_lost_picture_is_cited_in_words(ext: ModuleType) -> None:
    suite = game("aw-ducks")
    assert ext.source_rst(suite, "text §7") == "The rule text §7 (see :ref:`aw-ducks-s7`)"
    assert ext.source_rst(suite, "text picture §7").startswith("the lost picture of §7 in the rule text")


def test_every_trace_has_a_group_and_an_outcome(notes: ModuleType) -> None:
    for played in TRACES:
        rank, title = notes.catalogue_group(played["id"])
        assert rank >= 0 and title
        outcome = notes.outcome_rst(played)
        assert outcome.count("round ") == len(played["final"]["rounds"]), played["id"]
        if played["scope"] == "game" and played["final"]["winner"] is not None:
            assert f"the game won by player {played['final']['winner']}" in outcome


def test_the_worked_round_of_the_introduction(notes: ModuleType) -> None:
    page = (DOCS / "aw-ducks" / "introduction.rst").read_text(encoding="utf-8")
    parts = re.findall(r"\.\. worked-round:: (\S+)\n   :steps: (\d+)-(\d+)", page)
    assert len(parts) == 3 and {part[0] for part in parts} == {"ad-round-2p-random-03"}
    played = trace("ad-round-2p-random-03")
    shown = "\n".join(notes.worked_round_rst(played, 1, 59, 64))
    assert re.findall(r"^   \* - (\d+)$", shown, re.M) == [str(step) for step in range(59, 65)]
    assert "Score, forced" in shown and "Secret Stash, now seen" not in shown
    end = "\n".join(notes.worked_round_rst(played, 1, 71, 85))
    assert "Player 0 has the highest score and wins the round." in end and "**137**" in end
    assert "the deck is empty: the round ends" in end and "final Score" in end


def test_the_score_page_shows_the_texts_example_as_the_spec_rebuilds_it() -> None:
    """The example of §7 on the score page is the position :mod:`duckspec.aw_ducks.examples` fits to the text's
    surviving marks (two crosses, four ticks), not a pond of its own."""
    page = (DOCS / "aw-ducks" / "rules" / "score.rst").read_text(encoding="utf-8")
    example = page.split("Examples\n--------", 1)[1].split("In the specification", 1)[0]
    assert "import LOST_PICTURE_POND, LOST_PICTURE_TABLEAU" in example
    assert "two crosses and four ticks" in example
    assert not re.search(r'parse_cards\(\["D', example), "a pond written out on the page is not the text's example"
