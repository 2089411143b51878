"""Choosing the pain card: the hand, a summary per colour, and what the choice costs."""

from __future__ import annotations

from itertools import groupby

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..core.cards import Card
from ..core.game import PickPain, SeatView
from ..core.options import colour_word, pain_colour, pain_word
from ..core.sticheln import card_score
from ..textual_fixes import KeysFooter
from ..widgets.cards import card_text, colour_name, rank_text
from ..widgets.hand import Hand
from ..widgets.table_parts import leftover_text, status_line
from .private import PrivateScreen


def colour_summary(hand: tuple[Card, ...]) -> Text:
    """`red: 3 cards, 0 4 9, sum 13` for each colour in the hand."""
    lines = []
    for colour, group in groupby(hand, key=lambda card: card.colour):
        cards = list(group)
        line = Text().append_text(colour_name(colour))
        line.append(f": {len(cards)} card{'s' if len(cards) > 1 else ''}, ")
        line.append(" ".join(rank_text(card) for card in cards))
        line.append(f", sum {sum(card.value for card in cards)}", style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def pick_instructions(view: SeatView) -> str:
    """What laying down a card means under the rules in force."""
    rules = view.rules
    word, colour = pain_word(rules), colour_word(rules)
    mine = view.pain_cards[view.seat] or ()
    if rules.harsh and mine:
        first = f"now lay down your second {word} card, of another {colour} than {mine[0].colour}."
    elif rules.harsh:
        first = f"lay down the first of two {word} cards, of two different {colour}s."
    else:
        first = f"lay one card face down: its {colour} becomes your {word} {colour} for this deal."
    if rules.reverse:
        effect = "Each card of it you take scores its value; every other card costs 1."
    elif rules.mild:
        effect = "Each card of it you take costs 5; every other card scores 1."
    else:
        effect = "Each card of it you take costs its value; every other card scores 1."
    if rules.pain_in_hand:
        keep = "The card stays in your hand and is played as usual; only captured cards score."
    else:
        keep = "The card you lay down counts too."
    shown = (
        "Nobody sees it until the end of the deal."
        if rules.dark
        else "All are shown once everyone has chosen."
    )
    return " ".join((first, effect, keep, shown))


class PainPickScreen(PrivateScreen):
    BINDINGS = [Binding("enter", "choose", "Lay down", priority=True)]

    def compose(self) -> ComposeResult:
        view = self.view
        name = view.players[view.seat]
        yield Static(status_line(view), classes="status")
        yield Static(Text(f"{name}, {pick_instructions(view)}"), classes="explain")
        if view.leftover_count:
            yield Static(leftover_text(view), classes="leftover")
        yield self.make_hand()
        yield Static(colour_summary(view.hand), id="summary")
        yield Static(id="preview")
        yield Static(id="advice")
        yield KeysFooter()

    @on(Hand.CursorMoved)
    def show_preview(self, event: Hand.CursorMoved) -> None:
        card = event.card
        if card is None:
            return
        rules = self.view.rules
        preview = self.query_one("#preview", Static)
        if PickPain(card) not in self.view.legal_moves:
            text = card_text(card)
            text.append(f" cannot be your second card: choose another {colour_word(rules)} than ")
            text.append_text(colour_name(card.colour))
            preview.update(text.append("."))
            return
        others = sum(1 for c in self.view.hand if c.colour == card.colour) - 1
        text = Text("Lay down ")
        text.append_text(card_text(card))
        text.append(": ")
        text.append_text(colour_name(card.colour))
        text.append(f" becomes your {pain_colour(rules)}")
        if not rules.pain_in_hand:
            text.append(f"; this card scores {card_score(card, {card.colour}, rules):+d}")
        text.append(f", and {others} more {card.colour} in your hand." if others else ".")
        preview.update(text)

    @on(Hand.CardChosen)
    def pick(self, event: Hand.CardChosen) -> None:
        self.submit(PickPain(event.card))
