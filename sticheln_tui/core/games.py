"""The games this table can host, by their key (also a save's `game` field)."""

from __future__ import annotations

from ..i18n import _
from .game import Game
from .hattrick import HattrickGame
from .seven_seals import SevenSealsGame
from .table import TableGame

GAMES: dict[str, type[TableGame]] = {
    game.GAME: game for game in (Game, HattrickGame, SevenSealsGame)
}


def game_named(key: str) -> type[TableGame]:
    """The game called `key`; ValueError naming the choices for any other key."""
    try:
        return GAMES[key]
    except KeyError:
        choices = ", ".join(GAMES)
        raise ValueError(
            _("there is no game {key}; choose one of: {choices}").format(
                key=repr(key), choices=choices
            )
        ) from None
