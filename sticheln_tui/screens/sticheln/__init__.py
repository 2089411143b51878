"""Sticheln's screens: the pain card, the table, the hand-off, the scores (RULES.md 2)."""

from __future__ import annotations

from ...core.cards import Card
from ...core.game import Phase, SeatView
from ...widgets.situation import GameWords
from ..games import GameScreens
from ..private import PrivateScreen
from ..setup import StichelnSetupScreen
from . import parts
from .choose_colour import ChooseColourScreen
from .handoff import StichelnHandoffScreen
from .pain_pick import PainPickScreen
from .replay import StichelnReplayScreen
from .reveal import RevealScreen
from .rules import sticheln_help, sticheln_rules
from .scoreboard import StichelnScoreboardScreen
from .table import StichelnTableScreen


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
    table=StichelnTableScreen,
    handoff=StichelnHandoffScreen,
    scoreboard=StichelnScoreboardScreen,
    last_event_text=parts.last_event_text,
    replay=StichelnReplayScreen,
    public_table=parts.public_table,
    words=GameWords(
        parts.trick_seats,
        parts.seat_words,
        parts.last_trick_text,
        hand_title=parts.hand_title,
        marked=parts.marked_colours,
        table_words=parts.table_words,
    ),
    choice=sticheln_choice,
    reveal=RevealScreen,
)
