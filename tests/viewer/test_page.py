"""``ducksoup view``: one self-contained page, safe with hostile traces, clear about bad input."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.trace import dump_trace, read_trace, trace_path
from ducksoup.cli import main
from ducksoup.viewer import script, style
from ducksoup.viewer.page import script_json, text
from tests.viewer.hostile_adapter import HOSTILE

JSON = dict[str, Any]
DATA = re.compile(r'<script type="application/json" id="([^"]+)">(.*?)</script>', re.S)


def run(*arguments: str) -> Any:
    return CliRunner().invoke(main, list(arguments), catch_exceptions=False)


def scripts(page: str) -> list[str]:
    """Every ``<script ...>`` opening tag of a page."""
    return re.findall(r"<script[^>]*>", page)


def data_of(page: str) -> dict[str, Any]:
    """The JSON data elements of a page, by id."""
    return {element: json.loads(body) for element, body in DATA.findall(page)}


@pytest.mark.parametrize(
    "value",
    [HOSTILE, "</SCRIPT>", "<!--", "a\u2028b\u2029c", "\x00\x1f\x7f\x85", {"</script>": ["&amp;", 1.5, None]}],
)
def test_json_inside_a_script_element_cannot_close_it_and_reads_back_the_same(value: Any) -> None:
    encoded = script_json(value)
    assert json.loads(encoded) == value
    assert not set(encoded) & set("<>&\u2028\u2029\x00\x7f\x85")


def test_the_viewers_own_code_cannot_close_its_element() -> None:
    for source in (script(), style()):
        assert not re.search(r"</(script|style)|<!--|<script", source, re.I)


def test_text_escapes_markup_and_shows_control_and_direction_characters() -> None:
    assert text('<b a="1">&') == "&lt;b a=&quot;1&quot;&gt;&amp;"
    assert text("a\x00b\u202ec\nd") == "a\ufffdb\ufffdc\nd"


def test_view_writes_one_page_holding_everything_it_needs(tmp_path: Path) -> None:
    out = tmp_path / "deal.html"
    result = run("view", "ds-deal-greedy-007", "--no-open", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output and "53 steps" in result.output
    page = out.read_text(encoding="utf-8")
    assert "default-src 'none'" in html.unescape(page.split("<body")[0])
    assert not re.search(r"<(link|img|iframe|object|embed)\b", page, re.I)
    assert not re.search(r"\bsrc=", page)
    data = data_of(page)
    assert set(data) == {"ducksoup-view", "ducksoup-trace"}
    assert data["ducksoup-trace"] == read_trace(trace_path("ds-deal-greedy-007"))
    document = data["ducksoup-view"]
    assert document["seat"] is None and len(document["steps"]) == 54
    assert document["steps"][2]["say"][0] == "step 2: player 1 plays 10♣"
    assert any("§4" in line for line in document["steps"][2]["say"])
    assert "§4" in document["refs"] and "DS-R13" in document["refs"]
    assert len(scripts(page)) == 3  # the two data elements and the viewer's own code


def test_seen_by_one_player_the_page_leaves_out_the_trace(tmp_path: Path) -> None:
    out = tmp_path / "as1.html"
    assert run("view", "ds-deal-greedy-007", "--as", "1", "--no-open", "-o", str(out)).exit_code == 0
    data = data_of(out.read_text(encoding="utf-8"))
    assert set(data) == {"ducksoup-view"}
    assert data["ducksoup-view"]["seat"] == 1
    assert "you do not see" in json.dumps(data, ensure_ascii=False)


def test_the_default_file_is_named_after_the_trace_and_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("view", "ds-deal-greedy-007", "--as", "0", "--no-open").exit_code == 0
    assert (tmp_path / "ds-deal-greedy-007-as-0.html").is_file()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["no-such-trace"], "no such file"),
        (["ds-deal-greedy-007", "--as", "3"], "--as 3: the players of ds-deal-greedy-007 are 0 to 1"),
        (["ds-deal-greedy-007", "--at", "99"], "--at 99: the trace has steps 0 to 53"),
    ],
)
def test_bad_input_gets_one_clear_line_and_status_2(arguments: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["view", *arguments, "--no-open", "-o", str(tmp_path / "x.html")])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.html").exists()


def hostile_trace(tmp_path: Path) -> Path:
    """A valid trace whose description holds markup, ``</script>`` and control characters."""
    trace = read_trace(trace_path("ds-edge-forgotten-quack"))
    trace["description"] = HOSTILE + " \u2029 </script><!-- "
    path = tmp_path / "hostile.json"
    path.write_text(dump_trace(trace), encoding="utf-8")
    return path


def test_a_hostile_trace_cannot_break_the_page(tmp_path: Path) -> None:
    out = tmp_path / "hostile.html"
    result = run("view", str(hostile_trace(tmp_path)), "--no-open", "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<img" not in page and "pwned" not in page.split("<script")[0]
    assert len(scripts(page)) == 3
    data = data_of(page)
    assert data["ducksoup-view"]["description"].startswith("</script><script>document.title")
    assert data["ducksoup-trace"]["description"] == data["ducksoup-view"]["description"]


def test_a_trace_the_rules_contradict_is_drawn_and_the_narration_says_where_it_stops(tmp_path: Path) -> None:
    trace = read_trace(trace_path("ds-deal-greedy-007"))
    trace["steps"][5]["state"]["stock"] = 3
    path = tmp_path / "wrong.json"
    path.write_text(dump_trace(trace), encoding="utf-8")
    out = tmp_path / "wrong.html"
    result = CliRunner().invoke(main, ["view", str(path), "--no-open", "-o", str(out)])
    assert result.exit_code == 1
    document = data_of(out.read_text(encoding="utf-8"))["ducksoup-view"]
    assert document["stopped"] and "step 6" in document["problems"][0]
    assert len(document["steps"]) == 54 and document["steps"][7]["say"] == []


def test_a_record_is_viewed_with_its_players_names_and_inferred_cards_marked(tmp_path: Path) -> None:
    record = Path(__file__).resolve().parents[2] / "docs" / "players" / "kitchen-table.txt"
    out = tmp_path / "record.html"
    result = run("view", str(record), "--no-open", "-o", str(out))
    assert result.exit_code == 0, result.output
    document = data_of(out.read_text(encoding="utf-8"))["ducksoup-view"]
    assert document["inferred"] is True
    pool = json.dumps(document["pool"], ensure_ascii=False)
    assert "Anna" in pool and "Ben" in pool and '"guessed"' in pool
