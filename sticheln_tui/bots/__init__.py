"""Computer players. Each is given one seat's view, never the game itself."""

from __future__ import annotations

from ..games import DEFAULT_GAME, play_of
from ..seats import level_named
from .base import Advice, Bot

__all__ = ["Advice", "Bot", "make_bot"]


def make_bot(level: str, seed: int = 0, game: str = DEFAULT_GAME) -> Bot:
    """A bot of this level ("easy", "normal" or "strong") for this game (its key);
    raises ValueError for another level or game."""
    return play_of(game).bots[level_named(level)](seed)
