"""Computer players. Each is given one seat's view, never the game itself."""

from __future__ import annotations

from .. import seats
from . import hattrick, seven_seals
from .base import Advice, Bot
from .easy import EasyBot
from .normal import NormalBot
from .strong import StrongBot

BOTS: dict[str, type[Bot]] = {bot.level: bot for bot in (EasyBot, NormalBot, StrongBot)}
# Each game's bots, by the game's key; every game has a bot of each of `seats.LEVELS`.
GAME_BOTS: dict[str, dict[str, type[Bot]]] = {
    "sticheln": BOTS,
    "hattrick": hattrick.BOTS,
    "seven-seals": seven_seals.BOTS,
}

__all__ = ["BOTS", "GAME_BOTS", "Advice", "Bot", "NormalBot", "make_bot"]


def make_bot(level: str, seed: int = 0, game: str = "sticheln") -> Bot:
    """A bot of this level ("easy", "normal" or "strong") for this game (its key:
    "sticheln", "hattrick", "seven-seals"); raises ValueError otherwise."""
    if game not in GAME_BOTS:
        raise ValueError(f"a game is one of {', '.join(GAME_BOTS)}, not {game!r}")
    return GAME_BOTS[game][seats.level_named(level)](seed)
