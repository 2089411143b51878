"""Seven Seals' screens: the prediction, its table, its hand-off and its scores (RULES.md 4)."""

from .handoff import SevenSealsHandoffScreen, last_event_text
from .prediction import SevenSealsPredictionScreen
from .replay import SevenSealsReplayScreen
from .scoreboard import SevenSealsScoreboardScreen
from .table import SevenSealsTableScreen

__all__ = [
    "SevenSealsHandoffScreen",
    "SevenSealsPredictionScreen",
    "SevenSealsReplayScreen",
    "SevenSealsScoreboardScreen",
    "SevenSealsTableScreen",
    "last_event_text",
]
