"""Which screens each game shows: the App asks here by the game's key (`TableGame.GAME`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.screen import Screen

from ..core.game import Phase
from ..core.seven_seals import SevenSealsGame
from ..widgets import table_parts
from ..widgets.situation import UNWRAPPED, GameWords
from .choose_colour import ChooseColourScreen
from .handoff import HandoffScreen
from .hattrick import handoff as hattrick_handoff
from .hattrick import parts as hattrick_parts
from .hattrick.replay import HattrickReplayScreen
from .hattrick.scoreboard import HattrickScoreboardScreen
from .hattrick.table import HattrickTableScreen
from .pain_pick import PainPickScreen
from .replay import ReplayScreen
from .scoreboard import ScoreboardScreen
from .seven_seals import parts as seven_seals_parts
from .seven_seals.handoff import SevenSealsHandoffScreen
from .seven_seals.handoff import last_event_text as seven_seals_event
from .seven_seals.prediction import SevenSealsPredictionScreen
from .seven_seals.replay import SevenSealsReplayScreen
from .seven_seals.scoreboard import SevenSealsScoreboardScreen
from .seven_seals.table import SevenSealsTableScreen
from .table import TableScreen


def _sticheln_choice(view, cursor) -> Screen:
    """Sticheln's private screens outside play: laying down a pain card, or (Late)
    choosing the pain colour."""
    if view.phase is Phase.PICK:
        return PainPickScreen(view, cursor)
    return ChooseColourScreen(view)


@dataclass(frozen=True)
class GameScreens:
    table: type[TableScreen]  # a seat's table during play, updated in place
    handoff: type[HandoffScreen]
    scoreboard: type[ScoreboardScreen]  # a deal's scores, and game over
    last_event_text: Callable[..., Text]  # the last move, as the whole table saw it
    replay: type[ReplayScreen]  # a finished game's record, every hand open
    # The table as everybody may see it, no hand: (public view, terminal width) -> texts.
    public_table: Callable[[Any, int], list[Text]]
    words: GameWords  # what the `i` key says of the table, from a view
    # A seat's screen for a private choice outside play (None: the game has none).
    choice: Callable[..., Screen] | None = None
    # The phases a seat's table shows (others: `choice`).
    table_phases: tuple[str, ...] = ("play",)


GAME_SCREENS: dict[str, GameScreens] = {
    "sticheln": GameScreens(
        TableScreen,
        HandoffScreen,
        ScoreboardScreen,
        table_parts.last_event_text,
        ReplayScreen,
        table_parts.public_table,
        words=GameWords(
            table_parts.trick_seats,
            table_parts.seat_words,
            table_parts.last_trick_text,
            hand_title=table_parts.hand_title,
            marked=table_parts.marked_colours,
            table_words=table_parts.table_words,
        ),
        choice=_sticheln_choice,
    ),
    "hattrick": GameScreens(
        HattrickTableScreen,
        hattrick_handoff.HattrickHandoffScreen,
        HattrickScoreboardScreen,
        hattrick_handoff.last_event_text,
        HattrickReplayScreen,
        hattrick_parts.public_table,
        words=GameWords(
            hattrick_parts.trick_seats,
            hattrick_parts.seat_words,
            lambda view: hattrick_parts.last_trick_text(view, UNWRAPPED),
        ),
    ),
    "seven-seals": GameScreens(
        SevenSealsTableScreen,
        SevenSealsHandoffScreen,
        SevenSealsScoreboardScreen,
        seven_seals_event,
        SevenSealsReplayScreen,
        seven_seals_parts.public_table,
        words=GameWords(
            seven_seals_parts.trick_seats,
            seven_seals_parts.seat_words,
            lambda view: seven_seals_parts.last_trick_text(view, UNWRAPPED),
            hand_title=seven_seals_parts.hand_title,
            table_words=seven_seals_parts.table_words,
            lowest_wins=SevenSealsGame.LOWEST_WINS,
        ),
        choice=SevenSealsPredictionScreen,
        table_phases=("play", "return"),  # a seal to give back: a line on the table
    ),
}
