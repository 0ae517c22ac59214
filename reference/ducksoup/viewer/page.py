"""The viewer's HTML: one self-contained page (``ducksoup view``), or a viewer to place in another page (the docs).

Everything that comes from a trace, a record or an implementation reaches the page in two safe
ways only: as JSON inside ``<script type="application/json">`` (never run; every ``<``, ``>``,
``&``, line or paragraph separator and control character written as a ``\\u`` escape, so that no
text can close the element), or as HTML text escaped by :func:`text`. The page's script puts that
text into the page as text, never as markup. A self-contained page also forbids, by its content
security policy, every script but its own (by hash), every style but its own, and every load
from the network.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from typing import Any

from ducksoup.viewer import SCRIPT, STYLE, script, style

JSON = dict[str, Any]
UNSAFE_IN_SCRIPT = re.compile("[<>&\u2028\u2029\u0000-\u001f\u007f-\u009f]")
CONTROL = re.compile("[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]")


def script_json(value: Any) -> str:
    """``value`` as JSON that is safe as the content of a ``<script type="application/json">`` element."""
    encoded = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return UNSAFE_IN_SCRIPT.sub(lambda match: f"\\u{ord(match.group()):04x}", encoded)


def text(value: object) -> str:
    """Any text as HTML text or attribute value: markup escaped, control and direction characters made visible."""
    return html.escape(CONTROL.sub("\ufffd", str(value)), quote=True)


def sha256_source(source: str) -> str:
    """The ``'sha256-...'`` source of a content security policy that allows exactly this inline code."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii") + "'"


def data_element(element_id: str, value: Any) -> str:
    return f'<script type="application/json" id="{text(element_id)}">{script_json(value)}</script>'


def viewer_element(data_id: str, label: str) -> str:
    """The element the script turns into a viewer, reading the document in the data element ``data_id``."""
    return (
        f'<section class="vw" data-ducksoup-viewer="{text(data_id)}" aria-label="{text(label)}">'
        '<p class="vw-noscript">The viewer needs JavaScript; <code>ducksoup explain</code> tells the same play '
        "as text.</p></section>"
    )


def embedded(document: JSON, data_id: str = "ducksoup-view") -> str:
    """A viewer for a page that loads the viewer's script and style sheet itself (the documentation's pages)."""
    return viewer_element(data_id, f"Trace viewer: {document['id']}") + data_element(data_id, document)


def standalone_page(
    title: str, body: str, data: dict[str, Any], heading: str | None = None, trace: JSON | None = None
) -> str:
    """A whole page holding the viewer's script and style sheet, its ``body`` (HTML made here, from escaped text)
    and the JSON ``data`` elements by id; ``trace`` adds the trace itself, to be saved from the page."""
    code, css = script(), style()
    policy = (
        f"default-src 'none'; script-src {sha256_source(code)}; style-src {sha256_source(css)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{text(policy)}">',
        '<meta name="referrer" content="no-referrer">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{text(title)}</title>",
        f"<style>{css}</style>",
        "</head>",
        '<body class="vw-page">',
        '<main class="vw-main">',
    ]
    if heading is not None:
        parts.append(f"<h1>{text(heading)}</h1>")
    parts.append(body)
    parts.append("</main>")
    parts += [data_element(data_id, value) for data_id, value in data.items()]
    if trace is not None:
        parts.append(data_element("ducksoup-trace", trace))
    parts.append(f"<script>{code}</script>")
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def view_page(document: JSON, trace: JSON | None = None) -> str:
    """The page of ``ducksoup view``: one viewer, self-contained; ``trace`` (only when every hand is shown anyway)
    is embedded so that whoever receives the page can save the trace and replay it."""
    seen = "" if document["seat"] is None else f", seen by player {document['seat']}"
    title = f"{document['id']}{seen} · {document['game']} · ducksoup"
    body = viewer_element("ducksoup-view", f"Trace viewer: {document['id']}")
    return standalone_page(title, body, {"ducksoup-view": document}, trace=trace)


__all__ = ["SCRIPT", "STYLE", "data_element", "embedded", "script_json", "standalone_page", "text", "view_page"]
