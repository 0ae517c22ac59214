"""Duck Soup in the reference implementation: the engine, the bots (the strong one with its Soup solver
and sampled worlds), the narrator, the terminal game, the simulations, the hand-written records and
the analysis of recorded deals, offered to the family's machinery by the registry entry ``GAME``."""

from __future__ import annotations

from duckcheck.duck_soup import SUITE
from ducksoup.games import GameReference

GAME = GameReference(
    suite=SUITE,
    backends={"engine": "ducksoup.duck_soup.backends:EngineBackend", "spec": "ducksoup.backends:SpecBackend"},
    bots="ducksoup.duck_soup.roster:BOTS",
    narrator="ducksoup.duck_soup.narrate:narrator",
    examples="duckspec.duck_soup.examples:WORKED_EXAMPLES",
    play="ducksoup.duck_soup.playing:play",
    simulate="ducksoup.duck_soup.simulate:simulate",
    read_record="ducksoup.duck_soup.record:read_record",
    write_record="ducksoup.duck_soup.record:write_record",
    viewer="ducksoup.duck_soup.scenes:DRAWING",
    analyse="ducksoup.duck_soup.analyse:analysis",
    compiled_analyse="ducksoup.duck_soup.analyse:compiled_analysis",
)
"""Duck Soup's entry in the reference implementation's registry."""
