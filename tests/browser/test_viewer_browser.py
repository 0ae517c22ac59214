"""The viewer's pages in Chromium: what they show equals the trace, step by step, for every game and seat.

Each test writes its pages with the real commands (``ducksoup view``, ``ducksoup check --html``),
opens them from files (no server, as a person would), and reads back what is on the screen:
cards by their ``data-card`` codes, counts by ``data-count``, facts by their text. A JavaScript
error, console error or dialog fails the test (see ``conftest.py``); axe-core checks WCAG 2 A and
AA. Screenshots land in ``build/screenshots/``.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.trace import dump_trace, read_trace, trace_path
from ducksoup.cli import main
from ducksoup.display import hand_in_order
from ducksoup.narration import Loaded
from ducksoup.viewer import SCRIPT, STATIC, STYLE
from ducksoup.viewer.document import view_document
from ducksoup.viewer.page import embedded
from ducksoup.viewer.scene import PLAYING_CARD_FACES, split_cards
from tests.viewer.hostile_adapter import HOSTILE

JSON = dict[str, Any]
ADAPTER = Path(__file__).resolve().parents[1] / "viewer" / "hostile_adapter.py"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RECORD = Path(__file__).resolve().parents[2] / "docs" / "players" / "kitchen-table.txt"


def view(tmp_path: Path, name: str, *options: str) -> Path:
    out = tmp_path / f"{Path(name).stem}{''.join(options).replace(' ', '')}.html"
    result = CliRunner().invoke(main, ["view", name, "--no-open", "-o", str(out), *options], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def trace_of(trace_id: str) -> JSON:
    return read_trace(trace_path(trace_id))


def states(trace: JSON) -> list[JSON]:
    """The state after each step (the one before, after a refused step)."""
    found = [trace["initial"]]
    for step in trace["steps"]:
        found.append(step.get("state", found[-1]))
    return found


def cards_at(page: Any, field: str, within: str = "") -> list[str]:
    selector = f'{within} [data-field="{field}"] [data-card]'.strip()
    return [element.get_attribute("data-card") for element in page.query_selector_all(selector)]


def count_at(page: Any, field: str) -> int:
    element = page.query_selector(f'[data-field="{field}"] [data-count]')
    return 0 if element is None else int(element.get_attribute("data-count"))


def fact_at(page: Any, field: str) -> str:
    text: str = page.inner_text(f'.vw-board [data-field="{field}"] .vw-fact-value')
    return text.strip()


def hand_as_shown(state: JSON, cards: str) -> list[str]:
    """A hand's cards in the order the viewer draws them: as the course ranks them, where the game has courses."""
    return hand_in_order(cards, state["course"]) if "course" in state else split_cards(cards)


def shown_step(page: Any) -> int:
    return int(page.get_attribute(".vw", "data-step"))


def check_duck_soup_state(page: Any, state: JSON) -> None:
    """The board shows the state's hands, table, stock, face-up card and points."""
    for player in (0, 1):
        assert cards_at(page, f"hands[{player}]", ".vw-board") == hand_as_shown(state, state["hands"][player])
        for course in (0, 1):
            assert fact_at(page, f"points[{player}][{course}]") == str(state["points"][player][course])
            assert fact_at(page, f"tricks[{player}][{course}]") == str(state["tricks"][player][course])
    assert cards_at(page, "table", ".vw-board") == split_cards(state["table"])
    assert count_at(page, "stock") == state["stock"]
    assert cards_at(page, "face_up", ".vw-board") == ([state["face_up"]] if state["face_up"] else [])


def test_stepping_through_a_deal_shows_the_traces_states(tmp_path: Path, open_page: Any, screenshots: Path) -> None:
    trace = trace_of("ds-deal-greedy-007")
    expected = states(trace)
    page = open_page(view(tmp_path, "ds-deal-greedy-007"))
    assert shown_step(page) == 0
    check_duck_soup_state(page, expected[0])
    page.screenshot(path=str(screenshots / "ds-deal-start.png"), full_page=True)
    last = len(trace["steps"])
    checked = {1, 2, 6, 17, 30, last}
    for number in range(1, last + 1):
        page.click("text=Next ▶")
        assert shown_step(page) == number
        if number in checked:
            check_duck_soup_state(page, expected[number])
            assert page.inner_text(".vw-say h3").startswith(f"Step {number}:")
        if number == 6:
            page.screenshot(path=str(screenshots / "ds-deal-step-6.png"), full_page=True)
    assert page.is_disabled("text=Next ▶") and page.is_disabled("text=Last »")
    assert page.inner_text(".vw-counter") == f"step {last} of {last}"
    assert "the deal is over" in page.inner_text(".vw-status")
    assert page.evaluate("location.hash") == f"#step={last}"
    page.screenshot(path=str(screenshots / "ds-deal-end.png"), full_page=True)


def test_keys_and_the_address_choose_the_step(tmp_path: Path, open_page: Any) -> None:
    expected = states(trace_of("ds-deal-greedy-007"))
    page = open_page(view(tmp_path, "ds-deal-greedy-007"), "#step=17")
    assert shown_step(page) == 17
    check_duck_soup_state(page, expected[17])
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 18 and page.evaluate("location.hash") == "#step=18"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 16
    page.keyboard.press("End")
    assert shown_step(page) == len(expected) - 1
    page.keyboard.press("Home")
    assert shown_step(page) == 0
    page.evaluate("location.hash = '#step=5'")
    page.wait_for_function("document.querySelector('.vw').dataset.step === '5'")
    check_duck_soup_state(page, expected[5])


def test_keyboard_only_with_a_visible_focus(tmp_path: Path, open_page: Any) -> None:
    page = open_page(view(tmp_path, "ds-deal-greedy-007"))
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Next ▶":
            break
    else:
        pytest.fail("Tab never reaches the Next button")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    width = page.evaluate("parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
    assert outline != "none" and width >= 2
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert shown_step(page) == 2


def test_seen_by_player_1_no_card_of_player_0_is_face_up_unless_player_1_saw_it_taken(
    tmp_path: Path, open_page: Any, screenshots: Path
) -> None:
    trace = trace_of("ds-deal-greedy-007")
    expected = states(trace)
    page = open_page(view(tmp_path, "ds-deal-greedy-007", "--as", "1"))
    assert "seen by player 1" in page.inner_text(".vw-mode")
    seen_known = 0
    for number in range(len(expected)):
        if number:
            page.keyboard.press("ArrowRight")
        assert shown_step(page) == number
        state = expected[number]
        assert cards_at(page, "hand", ".vw-board") == hand_as_shown(state, state["hands"][1])
        assert count_at(page, "opponent_hand") == len(state["hands"][0]) // 2
        own = page.query_selector_all('.vw-board .vw-seat[data-player="0"] [data-field="opponent_hand"] [data-card]')
        assert own == []
        known = cards_at(page, "opponent_known", '.vw-board .vw-seat[data-player="0"]')
        assert set(known) <= set(split_cards(state["hands"][0]))
        seen_known += len(known)
        if number == 6:
            page.screenshot(path=str(screenshots / "ds-deal-as-1-step-6.png"), full_page=True)
    assert seen_known > 0, "the deal should show some card seen taken from the stock"


def test_a_match_shows_its_deal_boundaries_and_totals(tmp_path: Path, open_page: Any, screenshots: Path) -> None:
    trace = trace_of("ds-game-greedy-01")
    page = open_page(view(tmp_path, "ds-game-greedy-01"))
    options = page.eval_on_selector_all(".vw-select option", "items => items.map(item => item.value)")
    assert len(options) == len(trace["decks"])
    page.keyboard.press("PageDown")
    second = int(options[1])
    assert shown_step(page) == second
    state = trace["steps"][second - 1]["state"]
    assert state["deal"] == 1
    assert fact_at(page, "totals[0]") == str(state["totals"][0])
    page.keyboard.press("End")
    rows = page.eval_on_selector_all(
        '.vw-board [data-field="deal_scores"] tbody tr', "rows => rows.map(row => row.innerText)"
    )
    final = trace["steps"][-1]["state"]
    assert len(rows) == len(final["deal_scores"]) + 1
    assert rows[-1].split() == ["total", *map(str, final["totals"])]
    page.screenshot(path=str(screenshots / "ds-game-end.png"), full_page=True)


@pytest.mark.parametrize(
    ("trace_id", "hands", "steps"),
    [("dd-game-greedy-01", "hands", (0, 9, 100, 416)), ("ad-game-3p-greedy-01", "tableaux", (0, 3, 60, 377))],
)
def test_the_other_games_are_drawn_from_their_states(
    tmp_path: Path, open_page: Any, screenshots: Path, trace_id: str, hands: str, steps: tuple[int, ...]
) -> None:
    trace = trace_of(trace_id)
    expected = states(trace)
    page = open_page(view(tmp_path, trace_id))
    for number in steps:
        page.evaluate(f"location.hash = '#step={number}'")
        page.wait_for_function(f"document.querySelector('.vw').dataset.step === '{number}'")
        state = expected[number]
        for player in range(trace["players"]):
            assert cards_at(page, f"{hands}[{player}]", ".vw-board") == hand_as_shown(state, state[hands][player])
        pile = "stock" if "stock" in state else "deck"
        assert count_at(page, pile) == state[pile]
        assert cards_at(page, "table" if "table" in state else "pond", ".vw-board") == split_cards(
            state["table"] if "table" in state else state["pond"]
        )
    page.screenshot(path=str(screenshots / f"{trace_id}.png"), full_page=True)
    narrow = open_page(view(tmp_path, trace_id, "--as", "1"), "#step=40", width=400)
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 400
    narrow.screenshot(path=str(screenshots / f"{trace_id}-as-1-400px.png"), full_page=True)


def test_readable_at_400_pixels(tmp_path: Path, open_page: Any, screenshots: Path) -> None:
    page = open_page(view(tmp_path, "ds-match-bo3-01"), "#step=30", width=400)
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.vw-line')).fontSize)")
    assert size >= 14
    page.screenshot(path=str(screenshots / "ds-match-400px.png"), full_page=True)


@pytest.mark.parametrize("trace_id", ["ds-deal-greedy-007", "dd-deal-greedy-020"])
def test_the_step_heading_writes_its_card_as_the_narration_does(tmp_path: Path, open_page: Any, trace_id: str) -> None:
    """The heading says "plays 10♥" over a narration that says "plays 10♥", never "plays TH"; a red card in red."""
    trace = trace_of(trace_id)
    page = open_page(view(tmp_path, trace_id))
    red_cards = 0
    for number, step in enumerate(trace["steps"][:8], 1):
        page.evaluate(f"location.hash = '#step={number}'")
        page.wait_for_function(f"document.querySelector('.vw').dataset.step === '{number}'")
        code = step["action"]["play"]
        face = PLAYING_CARD_FACES[code]
        shown = face["rank"] + face["suit"]
        heading = page.inner_text(".vw-say h3")
        assert heading.startswith(f"Step {number}: player {step['action']['player']} plays {shown}"), heading
        assert code not in heading.split()
        assert shown in page.inner_text(".vw-say .vw-line")
        if face["colour"] == "red":
            assert page.inner_text(".vw-say h3 .vw-red") == shown
            red_cards += 1
    assert red_cards, "no red card among the steps looked at: choose more steps"


@pytest.mark.parametrize(
    ("trace_id", "step"), [("ds-match-bo3-01", 30), ("dd-deal-greedy-020", 3), ("ad-round-2p-greedy-01", 3)]
)
def test_at_400_pixels_the_narration_is_on_the_first_screen(
    tmp_path: Path, open_page: Any, screenshots: Path, trace_id: str, step: int
) -> None:
    """On a phone the narration comes above the table, which only fits by being tall; wide, the table comes first."""
    page_file = view(tmp_path, trace_id)
    narrow = open_page(page_file, f"#step={step}", width=400)
    say, board = narrow.locator(".vw-say").bounding_box(), narrow.locator(".vw-board").bounding_box()
    assert say["y"] + say["height"] <= narrow.viewport_size["height"], "the step's narration is below the fold"
    assert say["y"] < board["y"]
    assert narrow.inner_text(".vw-say h3").startswith(f"Step {step}:")
    narrow.screenshot(path=str(screenshots / f"{trace_id}-narration-400px.png"))
    wide = open_page(page_file, f"#step={step}", width=1200)
    assert wide.locator(".vw-board").bounding_box()["y"] < wide.locator(".vw-say").bounding_box()["y"]


def hostile_report(tmp_path: Path) -> Path:
    out = tmp_path / "report.html"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(ADAPTER))}"
    keywords = ["-k", "ds-deal-greedy-001", "-k", "ds-deal-greedy-002", "-k", "ds-deal-greedy-003"]
    result = CliRunner().invoke(main, ["check", "--impl", command, *keywords, "--html", str(out)])
    assert result.exit_code == 1, result.output
    return out


def test_a_hostile_adapters_report_runs_none_of_its_text(tmp_path: Path, open_page: Any, screenshots: Path) -> None:
    page = open_page(hostile_report(tmp_path), "#trace=ds-deal-greedy-003&step=3")
    assert page.title().startswith("ducksoup check: </script>")
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.title() != "pwned"
    failure = page.locator("#failure-2")
    assert failure.evaluate("element => element.open")
    assert failure.locator(".vw-divergence").is_visible()
    assert failure.locator('.vw-side-received .vw-diff[data-field="hands[0]"]').count() == 1
    assert failure.locator('.vw-side-expected .vw-diff[data-field="hands[0]"]').count() == 1
    assert "≠ differs" in failure.locator(".vw-side-received").inner_text()
    failure.screenshot(path=str(screenshots / "check-report-divergence.png"))


def test_a_reports_long_command_line_wraps_at_400_pixels(tmp_path: Path, open_page: Any, screenshots: Path) -> None:
    """A command of one long path, with no space to break at, once made the whole report scroll sideways."""
    folder = tmp_path / ("an-adapter-folder-with-a-very-long-name-" * 3)
    folder.mkdir()
    adapter = folder / "the_implementations_adapter_with_a_long_name.py"
    adapter.write_text(ADAPTER.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "report.html"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(adapter))}"
    result = CliRunner().invoke(main, ["check", "--impl", command, "-k", "ds-deal-greedy-001", "--html", str(out)])
    assert result.exit_code == 1, result.output
    page = open_page(out, width=400)
    cell = page.locator(".vw-report-summary tr", has_text="Command").locator("td")
    assert cell.inner_text().replace("\n", "") == command
    assert cell.evaluate("element => element.getBoundingClientRect().width") > 0
    assert cell.evaluate("element => element.scrollWidth <= element.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    page.screenshot(path=str(screenshots / "check-report-400px.png"), full_page=False)


def test_a_hostile_trace_is_shown_as_text(tmp_path: Path, open_page: Any) -> None:
    trace = trace_of("ds-edge-forgotten-quack")
    trace["description"] = HOSTILE
    path = tmp_path / "hostile.json"
    path.write_text(dump_trace(trace), encoding="utf-8")
    page = open_page(view(tmp_path, str(path)))
    assert "pwned" not in page.title()
    shown = page.inner_text(".vw-desc")
    assert shown.startswith("</script><script>document.title=") and "\ufffd" in shown


def docs_like_page(tmp_path: Path, trace_id: str) -> Path:
    """A page built the way the documentation builds a trace page: the shared script and style sheet as files."""
    for name in (SCRIPT, STYLE):
        (tmp_path / name).write_text((STATIC / name).read_text(encoding="utf-8"), encoding="utf-8")
    body = embedded(view_document(Loaded(trace_of(trace_id))))
    page = tmp_path / f"{trace_id}-docs.html"
    page.write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A trace page</title>'
        f'<link rel="stylesheet" href="{STYLE}"></head><body><main><h1>{trace_id}</h1>{body}</main>'
        f'<script src="{SCRIPT}"></script></body></html>',
        encoding="utf-8",
    )
    return page


def test_the_docs_way_of_embedding_works_too(tmp_path: Path, open_page: Any) -> None:
    page = open_page(docs_like_page(tmp_path, "ds-edge-quack-answered-by-duck"), "#step=3")
    assert shown_step(page) == 3 and page.query_selector_all(".vw-board [data-card]")


def run_axe(page: Any, source: str, context: str = "document") -> list[JSON]:
    """axe-core's WCAG 2 A and AA violations on the page (without its preloading, which reads files)."""
    page.evaluate(source)
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"], "preload": False}
    result = page.evaluate(f"axe.run({context}, {json.dumps(options)})")
    violations: list[JSON] = result["violations"]
    return [{"id": v["id"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"][:3]]} for v in violations]


def test_axe_finds_no_wcag_2_a_or_aa_violation(tmp_path: Path, open_page: Any, axe_source: str) -> None:
    pages = [
        (view(tmp_path, "ds-deal-greedy-007"), "#step=6", "document"),
        (view(tmp_path, "ds-deal-greedy-007", "--as", "1"), "#step=12", "document"),
        (view(tmp_path, "ds-match-bo3-01"), "#step=57", "document"),
        (view(tmp_path, "dd-game-greedy-01"), "#step=9", "document"),
        (view(tmp_path, "ad-game-4p-greedy-01"), "#step=50", "document"),
        (view(tmp_path, str(RECORD)), "#step=10", "document"),
        (hostile_report(tmp_path), "#trace=ds-deal-greedy-003&step=3", "document"),
        (docs_like_page(tmp_path, "ds-edge-duck-soup"), "#step=4", "document"),
    ]
    found = {}
    for path, fragment, context in pages:
        for width in (1200, 400):
            page = open_page(path, fragment, width=width, bypass_csp=True)
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            violations = run_axe(page, axe_source, context)
            if violations:
                found[f"{path.name} at {width}px"] = violations
    assert not found, json.dumps(found, indent=1)


def test_axe_does_find_violations_where_there_are_some(tmp_path: Path, open_page: Any, axe_source: str) -> None:
    """The check above can fail: a page with an unnamed button and light grey text is reported."""
    page_path = tmp_path / "bad.html"
    page_path.write_text(
        '<!DOCTYPE html><html lang="en"><head><title>bad</title></head><body><main>'
        '<section class="vw vw-ready"><button type="button"></button>'
        '<p style="color:#ddd">faint</p></section></main></body></html>',
        encoding="utf-8",
    )
    ids = {violation["id"] for violation in run_axe(open_page(page_path), axe_source)}
    assert {"button-name", "color-contrast"} <= ids
