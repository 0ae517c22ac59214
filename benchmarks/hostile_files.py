"""Hostile trace files near the 50 MiB cap, each handled by ``ducksoup replay`` within 60 s (nox -s hostile-files).

Usage: python benchmarks/hostile_files.py [--limit SECONDS] [--games GAME ...]

For each game, seven files are made from the largest trace of its suite that holds a rejected step (a
rejected action leaves the state as it was, so repeating it in place keeps the trace true to the rules):

* ``long-valid``: that rejected step repeated until the file is nearly 50 MiB, far more steps than a
  trace may have: refused by the cap on steps (duckcheck.trace.MAX_STEPS);
* ``at-cap``: the same with exactly MAX_STEPS steps: read and replayed to its end;
* ``bad-step``: the trace's steps, then one bad step (an action no game has) repeated, each copy padded
  so that the file is nearly 50 MiB within the cap: refused at the first bad step;
* ``bad-steps-many``: small bad steps repeated to nearly 50 MiB: refused by the cap;
* ``bad-state``: the trace's first accepted step with a wrong stored state (an unknown key padded so that
  the file is nearly 50 MiB within the cap), repeated: read (states are not checked against the schema when
  a file is read for telling), and the telling stops at the first, where the strict comparison finds the
  state wrong (exit 1);
* ``big-field``: the initial state holding millions of numbers: refused before the schema sees it;
* ``many-tags``: millions of distinct, well-formed tags: refused by the cap on tags.

Each file is given to ``ducksoup replay`` in a subprocess; the table gives the file's size and steps,
the exit status, the wall time and the first line of standard error (or the last of standard output).
It fails (exit 1) when a file takes longer than the limit, ends with another status than expected or
does not say what was expected.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from duckcheck.games import game_ids
from duckcheck.trace import MAX_STEPS, suite_dir
from duckcheck.untrusted import MAX_BYTES

NEARLY_FULL = MAX_BYTES - 256 * 1024
"""The size the big files aim at: just under the cap on a file's size, so that they are read at all."""
JSON = dict[str, Any]


def base_trace(game: str) -> tuple[JSON, int]:
    """The largest trace of ``game`` in the suite with a rejected step, and the index of its first one."""
    candidates = sorted((suite_dir() / game).glob("*.json"), key=lambda path: path.stat().st_size, reverse=True)
    for path in candidates:
        trace = json.loads(path.read_text(encoding="utf-8"))
        rejected = [number for number, step in enumerate(trace["steps"]) if "reject" in step]
        if rejected:
            return trace, rejected[0]
    raise SystemExit(f"{game}: no trace of the suite has a rejected step to repeat")


def repeated(trace: JSON, index: int, total: int) -> JSON:
    """``trace`` with its step ``index`` (a rejected one) repeated in place so that it has ``total`` steps."""
    steps = trace["steps"]
    copies = [steps[index]] * (total - len(steps))
    return {**trace, "id": f"{trace['id']}-long", "steps": steps[: index + 1] + copies + steps[index + 1 :]}


def steps_for_size(trace: JSON, step: JSON, size: int) -> int:
    """How many copies of ``step`` added to ``trace`` make its JSON about ``size`` bytes."""
    return (size - len(json.dumps(trace))) // (len(json.dumps(step)) + len(", "))


def padded(step: JSON, where: tuple[str, str], trace: JSON, count: int) -> JSON:
    """``step`` with the string at ``where`` grown so that ``count`` copies of it make ``trace`` nearly full."""
    room = (NEARLY_FULL - len(json.dumps(trace))) // count - len(json.dumps(step)) - len(", ")
    outer, inner = where
    return {**step, outer: {**step[outer], inner: "x" * room}}


def hostile_files(game: str) -> dict[str, tuple[Callable[[], JSON], int, str]]:
    """The hostile traces of ``game`` by name, each made by a function, with the exit status ``replay`` must end
    with and what it must say."""
    trace, index = base_trace(game)
    many = len(trace["steps"]) + steps_for_size(trace, trace["steps"][index], NEARLY_FULL)
    small_bad: JSON = {"action": {"bogus": 1}, "reject": "not-an-action"}
    bad_count = MAX_STEPS - len(trace["steps"])
    padded_bad = padded({"action": {"bogus": ""}, "reject": "not-an-action"}, ("action", "bogus"), trace, bad_count)
    cap = f"a trace has at most {MAX_STEPS:,}"
    first_bad = f"at steps/{len(trace['steps'])}/"
    small_bad_count = steps_for_size(trace, small_bad, NEARLY_FULL)
    first = next(number for number, step in enumerate(trace["steps"]) if "state" in step)
    accepted = trace["steps"][first]
    wrong_state = {**accepted, "state": {**accepted["state"], "padding": ""}}
    padded_state = padded(wrong_state, ("state", "padding"), trace, bad_count)
    return {  # each trace is made when it is asked for, so that only one is held at a time
        "long-valid": (lambda: repeated(trace, index, many), 2, cap),
        "at-cap": (lambda: repeated(trace, index, MAX_STEPS), 0, ""),
        "bad-step": (lambda: {**trace, "steps": trace["steps"] + [padded_bad] * bad_count}, 2, first_bad),
        "bad-steps-many": (lambda: {**trace, "steps": trace["steps"] + [small_bad] * small_bad_count}, 2, cap),
        "bad-state": (lambda: {**trace, "steps": trace["steps"][:first] + [padded_state] * bad_count}, 1, "state."),
        "big-field": (
            lambda: {**trace, "initial": {**trace["initial"], "big": list(range(5_000_000))}},
            2,
            "at initial: holds more than",
        ),
        "many-tags": (lambda: {**trace, "tags": [f"t{n}" for n in range(4_000_000)]}, 2, "at tags: 4,000,000 tags"),
    }


def run(path: Path, limit: float) -> tuple[int | None, float, str]:
    """``ducksoup replay path``: its exit status (None when it outlived ``limit``), wall time and what it said
    (the first line of standard error, or the last of standard output)."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "ducksoup", "replay", str(path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started, f"still running after {limit:.0f} s"
    said = done.stderr.strip().splitlines()[:1] or done.stdout.strip().splitlines()[-1:] or [""]
    return done.returncode, time.perf_counter() - started, said[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60.0, help="seconds each file may take (default 60)")
    parser.add_argument("--games", nargs="+", default=list(game_ids()), choices=game_ids())
    args = parser.parse_args()
    failures = 0
    print(f"{'game':<11} {'file':<15} {'MiB':>5} {'steps':>8} {'status':>6} {'seconds':>8}  what it said")
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games:
            for name, (make, expected, says) in hostile_files(game).items():
                trace = make()
                path = Path(folder, f"{game}-{name}.json")
                path.write_text(json.dumps(trace), encoding="utf-8")
                status, seconds, line = run(path, args.limit)
                ok = status == expected and seconds <= args.limit and says in line
                failures += not ok
                print(
                    f"{game:<11} {name:<15} {path.stat().st_size / 2**20:>5.1f} {len(trace['steps']):>8,} "
                    f"{status if status is not None else '-':>6} {seconds:>8.1f}  {line[-110:]}"
                    + ("" if ok else f"  <- expected status {expected} within {args.limit:.0f} s, saying {says!r}")
                )
                path.unlink()
    print(f"hostile files: {failures} of {7 * len(args.games)} not handled as expected within the limit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
