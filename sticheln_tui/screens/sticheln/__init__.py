"""Sticheln's screens: the pain card, the table, the hand-off, the scores (RULES.md 2)."""

from __future__ import annotations

from ...core.cards import Card
from ...core.game import Phase, SeatView
from ...widgets import table_parts
from ...widgets.situation import GameWords
from ..choose_colour import ChooseColourScreen
from ..games import GameScreens
from ..handoff import HandoffScreen
from ..pain_pick import PainPickScreen
from ..private import PrivateScreen
from ..replay import ReplayScreen
from ..scoreboard import ScoreboardScreen
from ..setup import StichelnSetupScreen
from ..table import TableScreen
from .rules import sticheln_help, sticheln_rules


def sticheln_choice(view: SeatView, cursor: Card | None) -> PrivateScreen:
    """Sticheln's private screens outside play: laying down a pain card, or (Late)
    choosing the pain colour."""
    if view.phase is Phase.PICK:
        return PainPickScreen(view, cursor)
    return ChooseColourScreen(view)


SCREENS = GameScreens(
    setup=StichelnSetupScreen,
    rules_help=sticheln_help,
    how_to_play=sticheln_rules,
    table=TableScreen,
    handoff=HandoffScreen,
    scoreboard=ScoreboardScreen,
    last_event_text=table_parts.last_event_text,
    replay=ReplayScreen,
    public_table=table_parts.public_table,
    words=GameWords(
        table_parts.trick_seats,
        table_parts.seat_words,
        table_parts.last_trick_text,
        hand_title=table_parts.hand_title,
        marked=table_parts.marked_colours,
        table_words=table_parts.table_words,
    ),
    choice=sticheln_choice,
)
