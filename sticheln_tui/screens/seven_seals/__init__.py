"""Seven Seals' screens: the prediction, its table, its hand-off and its scores (RULES.md 4)."""

from __future__ import annotations

from ...core.seven_seals import SevenSealsGame, SevenSealsOptions
from ...widgets.situation import UNWRAPPED, GameWords
from ..games import GameScreens
from ..setup import SevenSealsSetupScreen
from . import parts
from .handoff import SevenSealsHandoffScreen, last_event_text
from .prediction import SevenSealsPredictionScreen
from .replay import SevenSealsReplayScreen
from .rules import seven_seals_in_force, seven_seals_rules
from .scoreboard import SevenSealsScoreboardScreen
from .table import SevenSealsTableScreen


def seven_seals_help(options: SevenSealsOptions) -> str:
    """The rules help of a game of Seven Seals with these options: the options first."""
    return seven_seals_in_force(options) + seven_seals_rules()


SCREENS = GameScreens(
    setup=SevenSealsSetupScreen,
    rules_help=seven_seals_help,
    how_to_play=seven_seals_rules,
    table=SevenSealsTableScreen,
    handoff=SevenSealsHandoffScreen,
    scoreboard=SevenSealsScoreboardScreen,
    last_event_text=last_event_text,
    replay=SevenSealsReplayScreen,
    public_table=parts.public_table,
    words=GameWords(
        parts.trick_seats,
        parts.seat_words,
        lambda view: parts.last_trick_text(view, UNWRAPPED),
        hand_title=parts.hand_title,
        table_words=parts.table_words,
        lowest_wins=SevenSealsGame.LOWEST_WINS,
    ),
    choice=SevenSealsPredictionScreen,
    table_phases=("play", "return"),  # a seal to give back: a line on the table
)
