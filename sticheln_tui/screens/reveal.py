"""All pain cards turned face up at once, large enough to remember."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..core.game import SeatView
from ..widgets.cards import card_text, colour_name
from ..widgets.table_parts import status_line


class RevealScreen(Screen):
    """Public: every player's pain card, then the deal's first lead."""

    BINDINGS = [Binding("enter", "continue", "Start the deal", priority=True)]

    def __init__(self, public: SeatView) -> None:
        super().__init__()
        self.view = public

    def compose(self) -> ComposeResult:
        view = self.view
        table = Table(box=None, padding=(0, 2), show_header=False)
        for seat, name in enumerate(view.players):
            cards = view.pain_cards[seat] or ()
            row = Text(" ").join(card_text(card) for card in cards)
            colours = Text(", ").join(colour_name(card.colour) for card in cards)
            table.add_row(Text(name, style="bold"), row, colours)
        yield Static(status_line(view), classes="status")
        yield Static("The pain cards are turned face up", classes="screen-title")
        yield Static(table, id="reveal-table")
        leader = view.players[view.to_move]
        yield Static(
            f"Each card counts against its owner, and so does every card of its colour "
            f"that they take. {leader} leads the first trick.",
            classes="explain",
        )
        yield Footer()

    def action_continue(self) -> None:
        self.app.reveal_seen()
