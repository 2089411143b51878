"""Hattrick's screens: its table, its hand-off and its scores (RULES.md 3)."""

from .handoff import HattrickHandoffScreen, last_event_text
from .scoreboard import HattrickScoreboardScreen
from .table import HattrickTableScreen

__all__ = [
    "HattrickHandoffScreen",
    "HattrickScoreboardScreen",
    "HattrickTableScreen",
    "last_event_text",
]
