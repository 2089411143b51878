"""Who sits at the table: a human by name, or a computer player of a level.

The words for the seats (the levels, a bot's default name, the rule that somebody plays
at the keyboard), apart from the bots themselves: the saves, the setup and the command
line read and check seats without loading a computer player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .i18n import N_, _

# The computer players' levels, weakest first; each game has a bot for each (its
# `GamePlay.bots`; tests/unit/test_registry.py checks).
LEVELS = ("easy", "normal", "strong")

__all__ = [
    "LEVELS",
    "Seat",
    "bot_name",
    "level_named",
    "no_human_here_problem",
    "no_human_problem",
]


class Seat(NamedTuple):
    """A place at the table: a human (no level) or a computer player of a level. A human
    plays at this screen, or at a screen of their own (`own_screen`: a terminal or a
    browser page that joins the table with a code)."""

    name: str
    level: str | None = None
    own_screen: bool = False


def no_human_here_problem(seats: Sequence[Seat]) -> str | None:
    """What is wrong with a table whose humans all play at screens of their own: the
    screen that opens it plays too (it moves the bots and shows the join codes)."""
    if any(seat.own_screen for seat in seats) and all(
        seat.level or seat.own_screen for seat in seats
    ):
        return _("at least one player must play at this screen")
    return None


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
    if level not in LEVELS:
        raise ValueError(
            _("a bot level is one of {levels}, not {text}").format(
                levels=", ".join(LEVELS), text=repr(text.strip())
            )
        )
    return level
