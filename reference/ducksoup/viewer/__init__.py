"""The trace viewer: a deal, round, game or match drawn in the browser, step by step.

``ducksoup view`` writes one self-contained HTML page (:mod:`ducksoup.viewer.page`), ``ducksoup
check --html`` a report in which each failing trace opens at its first divergence
(:mod:`ducksoup.viewer.report`), and every trace page of the documentation embeds the same
viewer. The pieces:

* :mod:`ducksoup.viewer.scene`: what a page draws at each step, a *scene* (seats with their hands
  and facts, the middle of the table, the scores), in words and card codes, with nothing of any
  game in it. Each game says how its states look as scenes (its ``scenes`` module, reached through
  :attr:`ducksoup.games.GameReference.viewer`), so the viewer's code stays the same for every game.
* :mod:`ducksoup.viewer.document`: a trace (or record) turned into a *view document*: a scene and
  the narration lines (the game's narrator, the words of ``ducksoup explain``) for every step,
  seen by every player at once or by one seat.
* ``static/viewer.js`` and ``static/viewer.css``: the page's code, which draws a document's
  scenes with the browser's own elements (cards are drawn with CSS; no image, font or script is
  fetched). ``ducksoup view`` copies them into its page; the documentation serves one copy.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
"""The folder of the viewer's script and style sheet (the documentation adds it to its static files)."""
SCRIPT = "ducksoup-viewer.js"
STYLE = "ducksoup-viewer.css"


def script() -> str:
    """The viewer's JavaScript."""
    return (STATIC / SCRIPT).read_text(encoding="utf-8")


def style() -> str:
    """The viewer's style sheet."""
    return (STATIC / STYLE).read_text(encoding="utf-8")
