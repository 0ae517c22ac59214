"""Options that several ``ducksoup`` commands share, in a module of their own so that a command module
(:mod:`ducksoup.telling`) uses them without importing the command line (:mod:`ducksoup.cli`) that loads it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click


def known_games(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """``value`` if it names games of the family (a name, or a tuple of names), else a usage error saying which."""
    from duckcheck.games import UnknownGame, game

    try:
        for name in (value,) if isinstance(value, str) else value or ():
            game(name)
    except UnknownGame as error:
        raise click.BadParameter(str(error), ctx, param) from None
    return value


def game_option(help_text: str, multiple: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--game GAME``, checked against the registry only when given (so commands start without loading it)."""
    name = ("--game", "games") if multiple else ("--game",)
    return click.option(*name, multiple=multiple, metavar="GAME", callback=known_games, help=help_text)
