"""Sticheln's table: the players with their pain cards and tricks, the trick with what is
trump, and your hand."""

from __future__ import annotations

from rich.text import Text

from ...core.cards import Card
from ...i18n import N_
from ...widgets.trick_table import status_room, turn_text
from ..table import PartsTableScreen
from . import parts
from .private import StichelnPrivateScreen


class StichelnTableScreen(PartsTableScreen, StichelnPrivateScreen):
    """A seat's Sticheln table, updated in place; Enter plays the card under the cursor."""

    parts = parts
    SEATS_PANEL = ("players", N_("Players (D: dealer)"))

    def table_texts(self, width: int) -> dict[str, Text]:
        view = self.view
        names = parts.table_name_width(view, width)
        turn = turn_text(view)
        texts = {
            "status": parts.status_line(view, status_room(width, turn)),
            "turn": turn,
            "players": parts.players_text(view, names),
            "trick": parts.trick_text(view, names),
            "last-trick": parts.last_trick_text(view),
        }
        if view.leftover_count:  # the same all game long: shown from the start or never
            texts["leftover"] = parts.leftover_text(view)
        return texts

    def consequence(self, card: Card | None) -> Text:
        return parts.play_hint(self.view, card)
