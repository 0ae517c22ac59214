"""What reading a trace costs, for each game: parsing, the schema check per step, and the whole read.

Usage: python benchmarks/reading.py [--seconds S] [--rounds R]

For the largest trace of each game in the bundled suite, each round times (for about S seconds each)
parsing its JSON, the full schema check (what the suite linter runs), the light check (what
``replay``, ``explain``, ``view`` and ``analyse`` run: everything but each step's stored state, which
the replay compares strictly) and the whole read of the file as ``replay`` does it (reading, parsing,
the light check, the setup). The medians are printed, the checks in milliseconds per step beside the
target of 0.5 ms a step for the light check.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from duckcheck.games import game_ids
from duckcheck.trace import parse_trace, suite_dir, validate_trace
from duckcheck.untrusted import loads, read_text

TARGET_MS_PER_STEP = 0.5
"""The most the light check may cost per step (issue 21)."""


def largest_trace(game: str) -> Path:
    return max((suite_dir() / game).glob("*.json"), key=lambda path: path.stat().st_size)


def seconds_per_call(work: Callable[[], object], seconds: float) -> float:
    """The mean time of one call of ``work``, over as many calls as fit in about ``seconds``."""
    calls, started = 0, time.perf_counter()
    while True:
        work()
        calls += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return elapsed / calls


def measure(path: Path, seconds: float) -> dict[str, float]:
    text = path.read_text(encoding="utf-8")
    trace = loads(text)
    return {
        "parse": seconds_per_call(lambda: loads(text), seconds),
        "full": seconds_per_call(lambda: validate_trace(trace, path.name), seconds),
        "light": seconds_per_call(lambda: validate_trace(trace, path.name, states=False), seconds),
        "read": seconds_per_call(lambda: parse_trace(read_text(path), path.name, states=False), seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print("reading the largest suite trace of each game (medians; the checks include the setup's)")
    columns = ("parse", 8), ("full/step", 10), ("light/step", 11), ("read", 8)
    headings = " ".join(f"{name:>{width}}" for name, width in columns)
    print(f"{'game':<11} {'trace':<34} {'steps':>5} {'KB':>5} {headings}")
    over = []
    for game in game_ids():
        path = largest_trace(game)
        steps = len(loads(path.read_text(encoding="utf-8"))["steps"])
        rounds = [measure(path, args.seconds) for _ in range(args.rounds)]
        median = {key: statistics.median(found[key] for found in rounds) for key in rounds[0]}
        light = median["light"] * 1000 / steps
        print(
            f"{game:<11} {path.stem:<34} {steps:>5} {path.stat().st_size // 1024:>5} {median['parse'] * 1000:>6.1f}ms"
            f" {median['full'] * 1000 / steps:>8.3f}ms {light:>9.3f}ms {median['read'] * 1000:>6.0f}ms"
        )
        if light > TARGET_MS_PER_STEP:
            over.append(game)
    verdict = f"over the target for {', '.join(over)}" if over else "every game within the target"
    print(f"light check target: {TARGET_MS_PER_STEP} ms a step; {verdict}")


if __name__ == "__main__":
    main()
