"""An adapter whose every text is hostile, for testing that ``ducksoup check --html`` reports it safely.

Run as ``python tests/viewer/hostile_adapter.py``. It serves the reference engine, but it names
itself with markup, a ``</script>`` and control characters, and at the third step of each trace it
answers wrongly in a way chosen by the trace's place in the run: a state with markup in a hand and
in a key of its own, an ``errored`` text with markup, or a view with a hostile hand. Whatever it
sends, the report must show it as text and run no code of it.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ducksoup.adapter import Session

BAD_STEP = 3
HOSTILE = (
    '</script><script>document.title="pwned"</script><img src=x onerror="document.title=\'pwned\'">\u0000\u202e\u2028'
)
"""Markup that would run if it reached the page as HTML, and characters that break pages and text direction."""

JSON = dict[str, Any]


def hostile_state(reply: JSON) -> JSON:
    state = dict(reply["state"])
    first = next(key for key in ("hands", "tableaux") if key in state)
    state[first] = [HOSTILE, *state[first][1:]]
    state[HOSTILE] = {HOSTILE: [HOSTILE, 1e308, None]}
    return {**reply, "state": state}


def hostile_error(reply: JSON) -> JSON:
    return {"seq": reply["seq"], "errored": HOSTILE}


def hostile_view(reply: JSON) -> JSON:
    views = [dict(view) for view in reply["views"]]
    views[1] = {**views[1], "hand" if "hand" in views[1] else "tableaux": HOSTILE}
    return {**reply, "views": views}


MISDEEDS = (hostile_state, hostile_error, hostile_view)


def main() -> int:
    session = Session()
    traces, steps = 0, 0
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "bye":
            return 0
        reply = session.handle(request)
        assert reply is not None
        if request.get("cmd") == "hello":
            reply["implementation"] = {"name": HOSTILE, "version": HOSTILE, "language": HOSTILE}
        elif request.get("cmd") == "start":
            traces, steps = traces + 1, 0
        elif request.get("cmd") == "act":
            steps += 1
            if steps == BAD_STEP and "state" in reply:
                reply = MISDEEDS[traces % len(MISDEEDS)](reply)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
