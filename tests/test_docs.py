"""The documentation covers what it must: every rules section, ruling and error code, every schema field.

These tests check the sources of ``docs/`` and the generator functions of its Sphinx extension
(``docs/_ext/ducksoup_docs/``) directly, which takes seconds; ``nox -s docs`` runs the whole
build (warnings as errors, references checked, examples run). Skipped when Sphinx is not
installed (``pip install -e ".[docs]"``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("sphinx")

from duckcheck.data import data_dir
from duckcheck.games import GameSuite, games
from duckcheck.trace import load_suite, trace_path

DOCS = Path(__file__).resolve().parent.parent / "docs"
JSON = dict[str, Any]


@pytest.fixture(scope="module")
def ext() -> ModuleType:
    """The docs' Sphinx extension, loaded from its folder (it is not an installed package), as Sphinx does."""
    folder = str(DOCS / "_ext")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("ducksoup_docs")


@pytest.fixture(scope="module")
def duck_soup_docs(ext: ModuleType) -> ModuleType:
    """Duck Soup's part of the extension: how its play is drawn."""
    module: ModuleType = ext.game_docs("duck-soup")
    return module


@pytest.fixture(scope="module")
def doubleduck_docs(ext: ModuleType) -> ModuleType:
    """Doubleduck's part of the extension: how its play is drawn."""
    module: ModuleType = ext.game_docs("doubleduck")
    return module


@pytest.fixture(scope="module")
def suite() -> list[JSON]:
    return load_suite()


SECTIONS = [(suite, section) for suite in games() for section in suite.sections]
"""Every rules section of every game."""


def own(suite: GameSuite, traces: list[JSON]) -> list[JSON]:
    return [trace for trace in traces if trace["game"] == suite.id]


def rules_page(suite: GameSuite, section: str) -> Path:
    """The page of a game's rules section: the one file of ``docs/<game>/rules`` that carries its label."""
    label = f".. _{suite.id}-s{section.lstrip('§')}:"
    folder = DOCS / suite.id / "rules"
    pages = [page for page in folder.glob("*.rst") if label in page.read_text(encoding="utf-8")]
    assert len(pages) == 1, f"{suite.id} {section}: expected one page labelled {label!r}, found {pages}"
    return pages[0]


def linked_traces(text: str) -> set[str]:
    return set(re.findall(r":doc:`/traces/([a-z0-9-]+)`", text))


@pytest.mark.parametrize(("game", "section"), SECTIONS, ids=lambda value: getattr(value, "id", value))
def test_every_rules_section_has_a_page_with_its_functions_and_traces(
    game: GameSuite, section: str, ext: ModuleType, suite: list[JSON]
) -> None:
    page = rules_page(game, section).read_text(encoding="utf-8")
    spec = __import__(f"duckspec.{game.package}", fromlist=["SECTIONS"])
    module = f"duckspec.{game.package}.{spec.SECTIONS[section]}"
    assert re.search(rf"^\.\. automodule:: {re.escape(module)}$", page, re.M), f"{section}: no automodule of {module}"
    assert f".. section-traces:: {section}" in page
    generated: list[str] = ext.section_traces_rst(own(game, suite), section)
    links = linked_traces("\n".join(generated))
    expected = {trace["id"] for trace in own(game, suite) if section in trace["sections"]}
    assert links == expected and links, f"{section}: the page links {len(links)} traces, {len(expected)} exercise it"


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_the_rules_index_lists_every_section_page(game: GameSuite) -> None:
    index = (DOCS / game.id / "rules" / "index.rst").read_text(encoding="utf-8")
    for section in game.sections:
        assert f"   {rules_page(game, section).stem}\n" in index, f"{section} is missing from the rules toctree"


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_ruling_is_in_the_register_with_its_traces(game: GameSuite, ext: ModuleType, suite: list[JSON]) -> None:
    register = game.rulings()
    suite = own(game, suite)
    text = "\n".join(ext.rulings_rst(game, suite))
    chunks = re.split(r"^\.\. _ruling-", text, flags=re.M)[1:]
    assert [chunk.split(":", 1)[0] for chunk in chunks] == [ruling.id.lower() for ruling in register]
    for ruling, chunk in zip(register, chunks, strict=True):
        for part in (ruling.title, ":Question:", ":Decision:", ":Rationale:", ":Sources:", ":Tests:", ":Traces:"):
            assert ext.escape(part) in chunk or part in chunk, f"{ruling.id}: {part!r} missing"
        if ruling.option:
            assert f":Rule option: ``{ruling.option}``" in chunk
        assert (":Other readings:" in chunk) == bool(ruling.alternatives)
        assert (":Readings no trace can show:" in chunk) == bool(ruling.inexpressible)
        assert all(f"(``{alternative.fault}``)" in chunk for alternative in ruling.alternatives)
        assert all(ext.inexpressible_rst(other) in chunk for other in ruling.inexpressible)
        expected = {trace["id"] for trace in suite if ruling.id in trace["rulings"]}
        assert linked_traces(chunk) == expected, f"{ruling.id}: the register does not link exactly its traces"
        assert expected, f"{ruling.id}: no trace exercises it"
    assert ".. rulings-register::" in (DOCS / game.id / "rulings.rst").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_source_a_ruling_cites_is_named(game: GameSuite, ext: ModuleType) -> None:
    for ruling in game.rulings():
        for source in ruling.sources:
            assert ext.source_rst(game, source), source


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_error_code_is_documented_in_order_of_precedence(
    game: GameSuite, ext: ModuleType, suite: list[JSON]
) -> None:
    suite = own(game, suite)
    text = "\n".join(ext.error_codes_rst(game, suite))
    codes = list(game.error_sections)
    label = f".. _{game.id}-error-"
    positions = [text.index(f"{label}{code}:") for code in codes]
    assert positions == sorted(positions)
    for rank, code in enumerate(codes, 1):
        assert ext.game_docs(game.id).ERROR_NOTES[code][0], code
        chunk = text.split(f"{label}{code}:", 1)[1].split(label, 1)[0]
        assert f":Precedence: {rank} of {len(codes)}" in chunk
        tagged = {trace["id"] for trace in suite if f"error-{code}" in trace["tags"]}
        assert tagged and linked_traces(chunk) == tagged, f"{code}: traces tagged error-{code}"
    page = (DOCS / "implementers" / "errors.rst").read_text(encoding="utf-8")
    assert f".. error-codes::\n   :game: {game.id}\n" in page


@pytest.mark.parametrize(
    ("schema", "definition"),
    [
        ("trace", None),
        ("trace", "step"),
        ("games/duck-soup", "trace"),
        ("games/duck-soup", "state"),
        ("games/duck-soup", "result"),
        ("games/duck-soup", "options"),
        ("games/duck-soup", "view"),
        ("games/doubleduck", "trace"),
        ("games/doubleduck", "action"),
        ("games/doubleduck", "common"),
        ("games/doubleduck", "state"),
        ("games/doubleduck", "result"),
        ("games/doubleduck", "options"),
        ("games/doubleduck", "view"),
        ("protocol", "hello-reply"),
        ("protocol", "start-request"),
        ("protocol", "act-request"),
        ("protocol", "act-reply"),
    ],
)
def test_every_schema_field_is_rendered_with_a_meaning(ext: ModuleType, schema: str, definition: str | None) -> None:
    text = "\n".join(ext.schema_fields_rst(schema, definition))
    fields = ext.schema_definition(schema, definition)["properties"]
    for name in fields:
        assert f"* - ``{name}``" in text, f"{schema} {definition}: {name} is not rendered"
    directive = f".. schema-fields:: {schema}" + (f" {definition}" if definition else "")
    pages = [page for page in (DOCS / "implementers").glob("*.rst") if directive in page.read_text(encoding="utf-8")]
    assert pages, f"no page renders {schema} {definition}"


def test_trace_pages_are_generated_for_the_whole_suite(ext: ModuleType, suite: list[JSON], tmp_path: Path) -> None:
    (tmp_path / "traces").mkdir()
    (tmp_path / "traces" / "ds-withdrawn.rst").write_text("gone", encoding="utf-8")
    assert ext.write_trace_pages(tmp_path, suite) == len(suite)
    pages = {page.stem for page in (tmp_path / "traces").glob("*.rst")}
    assert pages == {trace["id"] for trace in suite} | {"index"}
    index = (tmp_path / "traces" / "index.rst").read_text(encoding="utf-8")
    assert linked_traces(index) == {trace["id"] for trace in suite}
    page = (tmp_path / "traces" / "ds-edge-forgotten-quack.rst").read_text(encoding="utf-8")
    assert (
        f"``traces/duck-soup/ds-edge-forgotten-quack.json`` in :download:`the suite's archive <{ext.ARCHIVE}>`" in page
    )
    assert ":ref:`§6 <duck-soup-s6>`" in page and ":ref:`DS-R10 <ruling-ds-r10>`" in page


def test_the_suites_archive_holds_every_trace_file_as_it_is(ext: ModuleType, tmp_path: Path) -> None:
    """Trace pages link to one archive of the suite rather than each holding a copy of its file."""
    archive = tmp_path / ext.ARCHIVE
    ext.write_archive(archive)
    source = data_dir("traces")
    with zipfile.ZipFile(archive) as opened:
        names = sorted(opened.namelist())
        assert names == sorted(f"traces/{file.relative_to(source).as_posix()}" for file in source.rglob("*.json"))
        assert (
            opened.read("traces/duck-soup/ds-edge-forgotten-quack.json")
            == trace_path("ds-edge-forgotten-quack").read_bytes()
        )
    first = archive.read_bytes()
    ext.write_archive(archive)
    assert archive.read_bytes() == first


def test_only_a_worked_example_has_its_play_as_a_static_table_on_its_page(
    ext: ModuleType, suite: list[JSON], tmp_path: Path
) -> None:
    """The viewer shows every trace's play; a static copy is kept for the worked examples of the prose only."""
    ids = {trace["id"] for trace in suite}
    worked = ext.worked_examples(DOCS, ids)
    assert "ds-deal-greedy-007" in worked  # .. worked-deal:: in the introduction
    assert "ds-deal-greedy-001" not in worked and len(worked) < 10
    (tmp_path / "intro.rst").write_text(".. worked-deal:: ds-deal-greedy-001\n.. trace-viewer:: ds-deal-greedy-002\n")
    assert ext.worked_examples(tmp_path, ids) == {"ds-deal-greedy-001"}
    trace = next(trace for trace in suite if trace["id"] == "ds-deal-greedy-001")
    archive = str(tmp_path / ext.ARCHIVE)
    assert "raw:: html" in ext.trace_page_rst(trace, archive, worked=True)
    assert "raw:: html" not in ext.trace_page_rst(trace, archive, worked=False)


def test_the_worked_deal_of_the_introduction(duck_soup_docs: ModuleType, suite: list[JSON]) -> None:
    trace = next(trace for trace in suite if trace["id"] == "ds-deal-greedy-007")
    plays = duck_soup_docs.play_out(trace)
    assert len(plays) == 1 and plays[0].scores == (90, 28)
    rows = plays[0].rows
    assert sum(row.tricks for row in rows) == 26
    assert [row.tricks for row in rows].count(2) == 1  # the duck soup of tricks 18 and 19
    assert ".. worked-deal:: ds-deal-greedy-007" in (DOCS / "duck-soup" / "introduction.rst").read_text(
        encoding="utf-8"
    )


def test_every_game_and_match_trace_plays_out_to_its_final_scores(
    duck_soup_docs: ModuleType, suite: list[JSON]
) -> None:
    for trace in suite:
        if trace["game"] != "duck-soup" or (trace["scope"] == "deal" and "negative" not in trace["tags"]):
            continue
        scores = [play.scores for play in duck_soup_docs.play_out(trace) if play.scores is not None]
        assert scores == [tuple(deal["scores"]) for deal in trace["final"]["deals"]], trace["id"]


def test_the_worked_deal_of_doubleduck(doubleduck_docs: ModuleType, suite: list[JSON]) -> None:
    trace = next(trace for trace in suite if trace["id"] == "dd-deal-greedy-002")
    (play,) = doubleduck_docs.play_out(trace)
    assert play.scores == (135, 270) and play.piles == ((9, 15), (15, 18))
    assert len(play.rows) == 26 and all(len(row.plays) == 4 for row in play.rows)
    third = play.rows[2]  # a doubleduck, then a quack-quack that loses (DD-R07)
    assert (third.winner, third.rule.value, third.stored, third.keeper) == (2, "doubleduck", 2, 2)
    assert [seat for seat, _ in third.drawn] == [2, 3, 0, 1]  # the winner draws first
    assert all(not row.drawn for row in play.rows[13:])  # nothing is drawn in the Soup
    assert (play.rows[19].winner, play.rows[19].keeper) == (2, 0)  # a Soup trick of seat 2 goes to seat 0's pile
    text = "\n".join(doubleduck_docs.worked_deal_rst(trace))
    assert "“doubleduck!”" in text and "2, doubleduck (§4.2)" in text and "9 × 15 = **135**" in text
    page = (DOCS / "doubleduck" / "introduction.rst").read_text(encoding="utf-8")
    assert ".. doubleduck-deal:: dd-deal-greedy-002" in page


def test_every_doubleduck_trace_plays_out_to_its_final_scores(doubleduck_docs: ModuleType, suite: list[JSON]) -> None:
    for trace in suite:
        if trace["game"] != "doubleduck":
            continue
        plays = doubleduck_docs.play_out(trace)
        assert [list(play.scores) for play in plays if play.scores] == [
            deal["scores"] for deal in trace["final"]["deals"]
        ]
        accepted = sum(len(row.plays) for play in plays for row in play.rows)
        refused = sum(len(row.refused) for play in plays for row in play.rows)
        assert (accepted, refused) == (
            sum("state" in step for step in trace["steps"]),
            sum("reject" in step for step in trace["steps"]),
        ), trace["id"]
        assert doubleduck_docs.outcome_rst(trace).startswith("deal 1: ") or not trace["final"]["deals"]


def test_the_doubleduck_catalogue_groups(doubleduck_docs: ModuleType) -> None:
    group = doubleduck_docs.catalogue_group
    assert group("dd-edge-notes-3386")[1].startswith("Edge cases")
    assert group("dd-negative-precedence")[1].startswith("Refusals")
    assert group("dd-game-four-deals")[1] == "Whole games"
    assert group("dd-deal-illegal-001")[1] == "Deals with illegal attempts mixed in"
    assert group("dd-deal-quacky-001") < group("dd-deal-quacky-as-played-001")


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_each_games_docs_module_replays_a_trace_through_the_one_loop(game: GameSuite) -> None:
    source = (DOCS / "_ext" / "game_docs" / f"{game.package}.py").read_text(encoding="utf-8")
    assert "replay(trace, Table.of, parse_action)" in source, f"{game.id}: play a trace through trace_replay.replay"
    assert 'trace["steps"]' not in source, f"{game.id}: a loop of its own over a trace's steps"


def test_the_replay_loop_keeps_refused_steps_for_the_next_accepted_one(ext: ModuleType, suite: list[JSON]) -> None:
    from trace_replay import replay

    for game in games():
        with_refusals = [t for t in suite if t["game"] == game.id and any("reject" in step for step in t["steps"])]
        trace = with_refusals[0]
        replayed = replay(trace, game.start, game.parse_action)
        refused = [one.step for step in replayed.played for one in step.refused]
        refused += [one.step for one in replayed.refused_after]
        expected = [number for number, step in enumerate(trace["steps"], 1) if "reject" in step]
        assert refused == expected, trace["id"]
        assert [step.step for step in replayed.played] == [
            number for number, step in enumerate(trace["steps"], 1) if "reject" not in step
        ]
        tables = [replayed.start, *(step.after for step in replayed.played)]
        assert all(step.before is tables[index] for index, step in enumerate(replayed.played)), trace["id"]
        assert tables[-1].to_json() == trace["steps"][replayed.played[-1].step - 1]["state"], trace["id"]


def test_the_reference_adapter_session_is_a_real_one(ext: ModuleType, suite: list[JSON]) -> None:
    transcript = ext.reference_session()
    sent = [line for direction, line in transcript if direction == ">"]
    received = [line for direction, line in transcript if direction == "<"]
    assert len(sent) == len(received) + 1  # bye has no reply
    assert '"error":"not-your-turn"' in received[3]


def test_cards_are_shown_with_suit_symbols(ext: ModuleType) -> None:
    from duckspec.cards import parse_card

    assert [ext.card_symbol(parse_card(text)) for text in ("TC", "AD", "9H", "QS")] == ["10♣", "A♦", "9♥", "Q♠"]
    assert ext.escape("rejected with `call-rank-mismatch`, see rule_") == (
        r"rejected with ``call-rank-mismatch``, see rule\_"
    )


def test_the_changelog_names_the_first_release_and_this_one() -> None:
    from ducksoup import __version__

    changelog = (DOCS / "changelog.md").read_text(encoding="utf-8")
    assert "## 0.1.0" in changelog and f"## {__version__}" in changelog


BUILT = DOCS / "_build" / "html"
"""The site ``nox -s docs`` builds (these tests run after it there)."""
LOADED_FROM_AFAR = re.compile(
    r"<(?:script|link|img|iframe|source|video|audio)\b[^>]*\b(?:src|href)=\"(?:https?:)?//", re.I
)
"""An element that makes the browser fetch something from another site."""


def built_site() -> Path:
    if not (BUILT / "index.html").is_file():
        pytest.skip("the site is not built: nox -s docs builds it, then runs these tests")
    return BUILT


def test_the_built_site_works_offline_and_copies_no_sources() -> None:
    """Every page loads only the site's own files; no page source is copied or linked (``_sources``)."""
    site = built_site()
    assert not [path for path in (site / "_sources").rglob("*") if path.is_file()]  # Sphinx leaves the folder, empty
    fetching, sourced = [], []
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        fetching += [page.name for _ in LOADED_FROM_AFAR.finditer(text)]
        sourced += [page.name] if "_sources/" in text else []
    assert not fetching and not sourced, (fetching[:5], sourced[:5])


def test_a_built_trace_page_holds_its_play_once() -> None:
    """A trace page: the viewer's compact document, no copy of the trace file, a link to the suite's archive."""
    site = built_site()
    page = (site / "traces" / "ds-deal-greedy-001.html").read_text(encoding="utf-8")
    assert page.count('<script type="application/gzip" id="ducksoup-view">') == 1
    assert 'type="application/json"' not in page  # the whole document is not there too
    assert 'class="docutils align-default ds-deal"' not in page  # no static table: not a worked example
    assert not list(site.rglob("ds-deal-greedy-001.json"))
    assert len(list(site.rglob("ducksoup-traces-*.zip"))) == 1
