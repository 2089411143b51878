"""Choosing the pain card: the hand, a summary per colour, and what the choice costs."""

from __future__ import annotations

from itertools import groupby

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ...core.cards import Card
from ...core.game import PickPain, SeatView
from ...core.options import colour_word, pain_colour
from ...core.sticheln import card_score
from ...i18n import N_, _, ngettext
from ...textual_fixes import KeysFooter
from ...widgets.cards import card_text, colour_name_text, filled, rank_text
from ...widgets.hand import Hand
from ...words import colour_name
from .parts import (
    leftover_text,
    pain_card_term,
    status_line,
)
from .private import StichelnPrivateScreen


def colour_summary(hand: tuple[Card, ...]) -> Text:
    """`red: 3 cards, 0 4 9, sum 13` for each colour in the hand."""
    lines = []
    for colour, group in groupby(hand, key=lambda card: card.colour):
        cards = list(group)
        count = len(cards)
        line = filled(
            ngettext(
                "{colour}: {count} card, {values}", "{colour}: {count} cards, {values}", count
            ),
            colour=colour_name_text(colour),
            count=str(count),
            values=" ".join(rank_text(card) for card in cards),
        )
        total = sum(card.value for card in cards)
        line.append(_(", sum {total}").format(total=total), style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def pick_instructions(view: SeatView) -> str:
    """What laying down a card means under the rules in force."""
    rules = view.rules
    assert view.seat is not None
    mine = view.pain_cards[view.seat] or ()
    # Translators: {pain_card(s)}: "pain card(s)" or "luck card(s)"; {colour}: "colour" or
    # "suit"; {pain_colour}: "pain colour", "luck suit"...
    if rules.harsh and mine:
        first = _("{name}, now lay down your second {pain_card}, of another {colour} than {other}.")
    elif rules.harsh and rules.french_deck:
        first = _("{name}, lay down the first of two {pain_cards}, of two different suits.")
    elif rules.harsh:
        first = _("{name}, lay down the first of two {pain_cards}, of two different colours.")
    else:
        first = _(
            "{name}, lay one card face down: its {colour} becomes your {pain_colour} for this deal."
        )
    first = first.format(
        name=view.players[view.seat],
        pain_card=pain_card_term(rules),
        pain_cards=pain_card_term(rules, 2),
        colour=colour_word(rules),
        pain_colour=pain_colour(rules),
        other=colour_name(mine[0].colour) if mine else "",
    )
    if rules.reverse:
        effect = _("Each card of it you take scores its value; every other card costs 1.")
    elif rules.mild:
        effect = _("Each card of it you take costs 5; every other card scores 1.")
    else:
        effect = _("Each card of it you take costs its value; every other card scores 1.")
    if rules.pain_in_hand:
        keep = _("The card stays in your hand and is played as usual; only captured cards score.")
    else:
        keep = _("The card you lay down counts too.")
    if rules.dark:
        shown = _("Nobody sees it until the end of the deal.")
    else:
        shown = _("All are shown once everyone has chosen.")
    return " ".join((first, effect, keep, shown))


class PainPickScreen(StichelnPrivateScreen):
    BINDINGS = [Binding("enter", "choose", N_("Lay down"), priority=True)]

    def compose(self) -> ComposeResult:
        view = self.view
        yield Static(status_line(view, self.app.size.width - 2), classes="status")
        yield Static(Text(pick_instructions(view)), classes="explain")
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
            if rules.french_deck:
                message = _("{card} cannot be your second card: choose another suit than {colour}.")
            else:
                message = _(
                    "{card} cannot be your second card: choose another colour than {colour}."
                )
            preview.update(
                filled(message, card=card_text(card), colour=colour_name_text(card.colour))
            )
            return
        others = sum(1 for c in self.view.hand if c.colour == card.colour) - 1
        # Translators: {pain_colour} is "pain colour", "luck suit"...
        text = filled(
            _("Lay down {card}: {colour} becomes your {pain_colour}"),
            card=card_text(card),
            colour=colour_name_text(card.colour),
            pain_colour=pain_colour(rules),
        )
        if not rules.pain_in_hand:
            score = f"{card_score(card, {card.colour}, rules):+d}"
            text.append(_("; this card scores {score}").format(score=score))
        if others:
            # Translators: ends "Lay down [ 7 R]: red becomes your pain colour".
            more = ngettext(
                ", and {count} more {colour} in your hand.",
                ", and {count} more {colour} in your hand.",
                others,
            )
            text.append(more.format(count=others, colour=colour_name(card.colour)))
        else:
            text.append(".")
        preview.update(text)

    @on(Hand.CardChosen)
    def pick(self, event: Hand.CardChosen) -> None:
        self.submit(PickPain(event.card))
