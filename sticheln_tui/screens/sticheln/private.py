"""What Sticheln's screens of a seat share (the pain card, the table, the choice of pain
colours): the seat's pain colours, marked in its hand and named in the hand's title."""

from __future__ import annotations

from rich.text import Text

from ...core.game import ChooseColours, Game, SeatView
from ...i18n import _
from ...widgets.cards import colour_name_text, filled
from ..private import Move, PrivateScreen
from . import parts


class StichelnPrivateScreen(PrivateScreen):
    GAME = Game.GAME
    view: SeatView

    def marked_colours(self) -> tuple[str, ...]:
        """The pain colours."""
        return parts.marked_colours(self.view)

    def hand_title(self) -> str:
        return parts.hand_title(self.view)

    def move_words(self, move: Move) -> Text:
        """A card, or (Late) the pain colours chosen; a tie is settled on the scoreboard."""
        if isinstance(move, ChooseColours):
            first, *more = move.colours
            if not more:
                return colour_name_text(first)
            return filled(
                _("{colour} and {other}"),
                colour=colour_name_text(first),
                other=colour_name_text(more[0]),
            )
        return super().move_words(move)
