"""Doubleduck in the reference implementation: the engine, the bots, the narrator, the terminal game, the
simulations and the hand-written records, offered to the family's machinery by the registry entry ``GAME``."""

from __future__ import annotations

from duckcheck.doubleduck import SUITE
from ducksoup.games import GameReference

GAME = GameReference(
    suite=SUITE,
    backends={"engine": "ducksoup.doubleduck.backends:EngineBackend", "spec": "ducksoup.backends:SpecBackend"},
    bots="ducksoup.doubleduck.roster:BOTS",
    narrator="ducksoup.doubleduck.narrate:narrator",
    examples="duckspec.doubleduck.examples:WORKED_EXAMPLES",
    play="ducksoup.doubleduck.playing:play",
    simulate="ducksoup.doubleduck.simulate:simulate",
    read_record="ducksoup.doubleduck.record:read_record",
    write_record="ducksoup.doubleduck.record:write_record",
    viewer="ducksoup.doubleduck.scenes:DRAWING",
    analyse="ducksoup.doubleduck.analyse:analysis",
)
"""Doubleduck's entry in the reference implementation's registry."""
