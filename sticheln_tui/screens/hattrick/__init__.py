"""Hattrick's screens: its table, its hand-off and its scores (RULES.md 3)."""

from __future__ import annotations

from ...core.hattrick import HattrickOptions
from ...widgets.situation import UNWRAPPED, GameWords
from ..games import GameScreens
from ..setup import HattrickSetupScreen
from . import parts
from .handoff import HattrickHandoffScreen, last_event_text
from .replay import HattrickReplayScreen
from .rules import hattrick_in_force, hattrick_rules
from .scoreboard import HattrickScoreboardScreen
from .table import HattrickTableScreen


def hattrick_help(options: HattrickOptions) -> str:
    """The rules help of a game of Hattrick with these options: the options first."""
    return hattrick_in_force(options) + hattrick_rules()


SCREENS = GameScreens(
    setup=HattrickSetupScreen,
    rules_help=hattrick_help,
    how_to_play=hattrick_rules,
    table=HattrickTableScreen,
    handoff=HattrickHandoffScreen,
    scoreboard=HattrickScoreboardScreen,
    last_event_text=last_event_text,
    replay=HattrickReplayScreen,
    public_table=parts.public_table,
    words=GameWords(
        parts.trick_seats,
        parts.seat_words,
        lambda view: parts.last_trick_text(view, UNWRAPPED),
    ),
)
