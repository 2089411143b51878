"""Sticheln's hand-off: where the game stands, with its rules, and what the next player is
about to do (lay down a pain card, choose pain colours, or play)."""

from __future__ import annotations

from rich.text import Text

from ...core.game import Phase, SeatView
from ...i18n import _
from ..handoff import STATUS_ROOM, HandoffScreen, see_your_hand
from . import parts


class StichelnHandoffScreen(HandoffScreen):
    view: SeatView

    def status(self) -> Text:
        return parts.status_line(self.view, STATUS_ROOM)

    def prompt(self) -> str:
        rules = self.view.rules
        if self.view.phase is Phase.PICK:
            if rules.reverse:
                return _("{name}, press Enter to lay down your luck card")
            return _("{name}, press Enter to lay down your pain card")
        if self.view.phase is Phase.CHOOSE:
            if rules.reverse:
                if rules.french_deck:
                    return _("{name}, press Enter to choose your luck suit")
                return _("{name}, press Enter to choose your luck colour")
            if rules.french_deck:
                return _("{name}, press Enter to choose your pain suit")
            return _("{name}, press Enter to choose your pain colour")
        return see_your_hand()
