"""The Aw Ducks! bots by name: the table behind ``play --bot``, ``simulate --bots`` and the registry's ``bots``.

The table lives apart from :mod:`ducksoup.aw_ducks.bots` because the strong bot plays the greedy bot's rule in its
play-outs: :mod:`ducksoup.aw_ducks.strong` imports the bots, and this module imports both, so no module imports one
that imports it back.
"""

from __future__ import annotations

from ducksoup.aw_ducks.bots import GreedyBot, RandomBot
from ducksoup.aw_ducks.strong import StrongBot

BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[StrongBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}
"""The bots by name, as ``ducksoup simulate --bots`` and ``ducksoup play --bot`` take them; each is built from a
seed."""
