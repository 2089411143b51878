"""All pain cards turned face up at once, large enough to remember (or, in Dark, a note
that they stay hidden)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from ..core.game import SeatView
from ..core.options import pain_colour, pain_word
from ..textual_fixes import KeysFooter
from ..widgets.cards import card_text, colour_name
from ..widgets.table_parts import status_line
from .flow import FlowScreen


class RevealScreen(FlowScreen):
    """Public: every player's pain card, then the deal's first lead."""

    BINDINGS = [Binding("enter", "continue", "Start the deal", priority=True)]

    class Seen(Message):
        """The table has seen the cards: on to the deal."""

    def __init__(self, public: SeatView) -> None:
        super().__init__()
        self.view = public

    def compose(self) -> ComposeResult:
        view = self.view
        word = pain_word(view.rules)
        leader = view.players[view.to_move]
        yield Static(status_line(view), classes="status")
        if view.rules.dark:
            yield Static(f"Every {word} card lies face down", classes="screen-title")
            yield Static(
                Text(
                    f"Dark rules: the {word} cards stay hidden until the end of the deal, "
                    f"so only their owners know them. {leader} leads the first trick."
                ),
                classes="explain",
            )
        else:
            yield Static(f"The {word} cards are turned face up", classes="screen-title")
            yield Static(self._cards_table(), id="reveal-table")
            yield Static(
                Text(
                    f"Each player's {pain_colour(view.rules)}s are marked with these cards. "
                    f"{leader} leads the first trick."
                ),
                classes="explain",
            )
        yield KeysFooter()

    def _cards_table(self) -> Table:
        table = Table(box=None, padding=(0, 2), show_header=False)
        for seat, name in enumerate(self.view.players):
            cards = self.view.pain_cards[seat] or ()
            row = Text(" ").join(card_text(card) for card in cards)
            colours = Text(", ").join(colour_name(card.colour) for card in cards)
            table.add_row(Text(name, style="bold"), row, colours)
        return table

    def action_continue(self) -> None:
        self.move_on(self.Seen())
