"""The tag pairs every game's record reads the same way: the game it is a record of, and its format's version.

``[Game "doubleduck"]`` names the game (its ID in traces, or its title, in any case): the
commands that read a record (``explain``, ``replay``, ``view``, ``record check`` ...) choose the
game's reader by it, and by ``--game`` only for a record without it (:func:`record_game`).
``[Format "1"]`` names the version of the game's record format; a reader refuses a version it
does not know, at the tag's line and column (:func:`check_format`). Both are optional; a record
without them is read as the game ``--game`` names (Duck Soup by default), in the newest format
its reader knows. Every game's writer puts both at the top of the records it writes.
"""

from __future__ import annotations

from duckcheck.untrusted import excerpt
from ducksoup.records.errors import RecordError
from ducksoup.records.reading import SHARED_TAG_NAMES, Item, Tags, check_size, lex, quote

GAME_TAG, FORMAT_TAG = SHARED_TAG_NAMES
"""The tag that names the game of a record (``[Game "duck-soup"]``) and the one that names the version of the
game's record format (``[Format "1"]``); every game's :class:`~ducksoup.records.reading.Tags` knows both."""


def header_tag(text: str, name: str) -> Item | None:
    """The tag pair ``name`` (in any case) of the header of the record ``text``, or None when the header has none.

    Only the header is read (the tag pairs before the first other item), with the lexer every game's
    reader uses, so a mistake there raises the :class:`RecordError` any reader would raise.
    """
    check_size(text)
    wanted = name.lower()
    for item in lex(text):
        if item.kind != "tag":
            return None
        if item.text.lower() == wanted:
            return item
    return None


def record_game(text: str, given: str | None, games: dict[str, str]) -> str | None:
    """The game of the record ``text``: the one its ``[Game]`` tag names, else ``given`` (``--game``; None for the
    default game).

    ``games`` maps each game's ID to its title; the tag may give either, in any case. A tag that names no game,
    or a ``given`` game that is not the tag's, raises :class:`RecordError` at the tag.
    """
    item = header_tag(text, GAME_TAG)
    if item is None:
        return given
    spoken = " ".join(item.value.split()).lower()
    for game_id, title in games.items():
        if spoken in (game_id.lower(), title.lower()):
            if given is not None and given != game_id:
                raise RecordError(
                    f"--game {given}, but the record says [{item.text} {quote(item.value)}]: "
                    f"leave --game out (the record names its own game) or give --game {game_id}",
                    item.at,
                )
            return game_id
    raise RecordError(f"[{item.text}] cannot be {excerpt(item.value)}: write one of {', '.join(games)}", item.at)


def check_game(tags: Tags, game_id: str, title: str) -> None:
    """Refuse a record whose ``[Game]`` tag names another game than ``game_id`` (the reader's), at the tag."""
    item = tags.get(GAME_TAG)
    if item is None:
        return
    if " ".join(item.value.split()).lower() not in (game_id.lower(), title.lower()):
        raise RecordError(
            f"this is a reader of {title} records ([{GAME_TAG} {quote(game_id)}]), "
            f"not of [{item.text} {quote(item.value)}]",
            item.at,
        )


def check_format(tags: Tags, versions: tuple[str, ...]) -> str:
    """The version of the record's format: its ``[Format]`` tag, one of ``versions`` (the reader's, oldest first),
    or the newest when the tag is not given; :class:`RecordError` at the tag for another."""
    item = tags.get(FORMAT_TAG)
    if item is None:
        return versions[-1]
    value = item.value.strip()
    if value not in versions:
        known = ", ".join(f'"{version}"' for version in versions)
        raise RecordError(
            f"[{item.text}] {excerpt(item.value)} is not a version of this record format this reader knows: "
            f"it reads {known} (leave the tag out for the newest)",
            item.at,
        )
    return value


def shared_tag_lines(game_id: str, version: str) -> list[str]:
    """The first lines of a record a game's writer writes: ``[Game "..."]`` and ``[Format "..."]``."""
    return [f"[{GAME_TAG} {quote(game_id)}]", f"[{FORMAT_TAG} {quote(version)}]"]
