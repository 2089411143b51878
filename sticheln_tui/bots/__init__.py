"""Computer players. Each is given one seat's view, never the game itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..games import play_of
from ..i18n import N_, _
from .base import Advice, Bot
from .easy import EasyBot
from .normal import NormalBot
from .strong import StrongBot

BOTS: dict[str, type[Bot]] = {bot.level: bot for bot in (EasyBot, NormalBot, StrongBot)}
LEVELS = tuple(BOTS)  # every game has these levels

__all__ = [
    "BOTS",
    "LEVELS",
    "Advice",
    "Bot",
    "NormalBot",
    "Seat",
    "bot_name",
    "level_named",
    "make_bot",
    "no_human_problem",
]


class Seat(NamedTuple):
    """A place at the table: a human (no level) or a computer player of a level."""

    name: str
    level: str | None = None


def no_human_problem(levels: Sequence[str | None]) -> str | None:
    """What is wrong with a table of these seat kinds (a bot level, or None for a human):
    somebody has to sit at the keyboard."""
    if levels and all(levels):
        return _("at least one player must be human")
    return None


# Translators: a computer player's default name, by its level and seat: at most 16 characters.
_BOT_NAMES = {
    "easy": N_("Easy {seat}"),
    "normal": N_("Normal {seat}"),
    "strong": N_("Strong {seat}"),
}


def bot_name(level: str, seat: int) -> str:
    """A bot's default name, short enough for the table's name column: "Strong 3"."""
    return _(_BOT_NAMES[level]).format(seat=seat + 1)


def level_named(text: str) -> str:
    """The bot level a player typed ("Strong", " easy"); raises ValueError otherwise."""
    level = text.strip().casefold()
    if level not in BOTS:
        raise ValueError(
            _("a bot level is one of {levels}, not {text}").format(
                levels=", ".join(LEVELS), text=repr(text.strip())
            )
        )
    return level


def make_bot(level: str, seed: int = 0, game: str = "sticheln") -> Bot:
    """A bot of this level ("easy", "normal" or "strong") for this game (its key);
    raises ValueError for another level or game."""
    return play_of(game).bots[level_named(level)](seed)
