"""What the pain-pick and trick-table screens share: one seat's private view."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen

from ..core.game import SeatView
from ..widgets.hand import Hand


class PrivateScreen(Screen):
    """A screen that shows one seat's hand; only ever given that seat's view."""

    BINDINGS = [Binding("enter", "choose", "Play", priority=True)]

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        assert view.seat is not None, "a private screen needs a seat's view"
        self.view = view

    def make_hand(self) -> Hand:
        view = self.view
        return Hand(
            view.hand,
            legal={move.card for move in view.legal_moves},
            pain_colours=view.pain_colours(view.seat),
            id="hand",
        )

    def on_mount(self) -> None:
        self.query_one(Hand).focus()

    def action_choose(self) -> None:
        self.query_one(Hand).choose()
