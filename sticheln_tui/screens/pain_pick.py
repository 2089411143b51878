"""Choosing the pain card: the hand, a summary per colour, and what the choice costs."""

from __future__ import annotations

from itertools import groupby

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from ..core.cards import Card
from ..core.game import PickPain
from ..core.sticheln import card_score
from ..widgets.cards import card_text, colour_name
from ..widgets.hand import Hand
from ..widgets.table_parts import leftover_text, status_line
from .private import PrivateScreen


def colour_summary(hand: tuple[Card, ...]) -> Text:
    """`red: 3 cards, 0 4 9, high 9` for each colour in the hand."""
    lines = []
    for colour, group in groupby(hand, key=lambda card: card.colour):
        values = [card.value for card in group]
        line = colour_name(colour)
        line.append(f": {len(values)} card{'s' if len(values) > 1 else ''}, ")
        line.append(" ".join(str(v) for v in values))
        line.append(f", sum {sum(values)}", style="dim")
        lines.append(line)
    return Text("\n").join(lines)


class PainPickScreen(PrivateScreen):
    BINDINGS = [Binding("enter", "choose", "Lay down", priority=True)]

    def compose(self) -> ComposeResult:
        view = self.view
        name = view.players[view.seat]
        yield Static(status_line(view), classes="status")
        yield Static(
            f"{name}, lay one card face down: its colour becomes your pain colour for "
            "this deal. Every card of that colour you take counts against you, and so "
            "does the card you lay down.",
            classes="explain",
        )
        if view.leftover:
            yield Static(leftover_text(view), classes="leftover")
        hand = self.make_hand()
        hand.border_title = f"{name}'s hand"
        yield hand
        yield Static(colour_summary(view.hand), id="summary")
        yield Static(id="preview")
        yield Footer()

    @on(Hand.CursorMoved)
    def show_preview(self, event: Hand.CursorMoved) -> None:
        card = event.card
        if card is None:
            return
        cost = card_score(card, {card.colour}, self.view.rules)
        others = sum(1 for c in self.view.hand if c.colour == card.colour) - 1
        text = Text("Lay down ")
        text.append_text(card_text(card))
        text.append(": ")
        text.append_text(colour_name(card.colour))
        text.append(f" becomes your pain colour; this card scores {cost}")
        text.append(f", and {others} more {card.colour} in your hand." if others else ".")
        self.query_one("#preview", Static).update(text)

    @on(Hand.CardChosen)
    def pick(self, event: Hand.CardChosen) -> None:
        self.app.submit(PickPain(event.card))
