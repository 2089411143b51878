"""What the pain-pick and trick-table screens share: one seat's private view."""

from __future__ import annotations

from textual.binding import Binding
from textual.markup import escape

from ..core.game import Move, SeatView
from ..widgets.hand import Hand
from ..widgets.table_parts import pain_colour_words
from .flow import FlowScreen


class PrivateScreen(FlowScreen):
    """A screen that shows one seat's hand; only ever given that seat's view."""

    BINDINGS = [Binding("enter", "choose", "Play", priority=True)]
    AUTO_FOCUS = "Hand"

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        assert view.seat is not None, "a private screen needs a seat's view"
        self.view = view
        self._submitted = False

    def make_hand(self) -> Hand:
        view = self.view
        hand = Hand(
            view.hand,
            legal={move.card for move in view.legal_moves},
            pain_colours=view.pain_colours(view.seat),
            id="hand",
        )
        title = f"{view.players[view.seat]}'s hand"
        pain = pain_colour_words(view, view.seat).plain
        hand.border_title = escape(f"{title} ({pain})" if pain else title)
        return hand

    def action_choose(self) -> None:
        if self.settled():
            self.query_one(Hand).choose()

    def submit(self, move: Move) -> None:
        """Hand one move to the game, once: later events of this screen are stale."""
        if self.settled() and not self._submitted:
            self._submitted = True
            self.app.submit(self.view.seat, move)
