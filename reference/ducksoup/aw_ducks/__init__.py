"""Aw Ducks! in the reference implementation: the engine, the bots, the narrator, the terminal game, the
simulations and the analysis, offered to the family's machinery by the registry entry ``GAME``."""

from __future__ import annotations

from duckcheck.aw_ducks import SUITE
from ducksoup.games import GameReference

GAME = GameReference(
    suite=SUITE,
    backends={"engine": "ducksoup.aw_ducks.backends:EngineBackend", "spec": "ducksoup.backends:SpecBackend"},
    bots="ducksoup.aw_ducks.roster:BOTS",
    narrator="ducksoup.aw_ducks.narrate:narrator",
    examples="duckspec.aw_ducks.examples:WORKED_EXAMPLES",
    play="ducksoup.aw_ducks.playing:play",
    simulate="ducksoup.aw_ducks.simulate:simulate",
    read_record="ducksoup.aw_ducks.record:read_record",
    write_record="ducksoup.aw_ducks.record:write_record",
    viewer="ducksoup.aw_ducks.scenes:DRAWING",
    analyse="ducksoup.aw_ducks.analyse:analysis",
)
"""Aw Ducks!'s entry in the reference implementation's registry."""
