"""The situation in one line of plain text, for a screen reader (the `i` key): where the
game stands, whose turn it is, the trick so far, the hand of the seat whose view it is, and
the scores. Made from one view only: the public view (no seat) never names a hand."""

from __future__ import annotations

from ..i18n import _
from .colours import card_words
from .table_parts import TRICK_PHASES, AnyView, deal_label, trick_label, turn_text


def situation_line(view: AnyView) -> str:
    """Every game's view has the fields read here; a seat's view adds its own hand."""
    sentences = [deal_label(view)]
    if view.phase in TRICK_PHASES:
        sentences.append(trick_label(view.trick_number, view.tricks_per_deal))
    sentences.append(turn_text(view).plain)
    if view.phase in TRICK_PHASES:
        sentences.append(_trick_words(view))
    if view.seat is not None and view.hand:
        hand = " ".join(card_words(card) for card in view.hand)
        sentences.append(_("Your hand: {cards}").format(cards=hand))
    if view.results:
        totals = ", ".join(
            f"{name} {total:+d}" for name, total in zip(view.players, view.totals, strict=True)
        )
        sentences.append(_("Scores: {totals}").format(totals=totals))
    return ". ".join(sentences) + "."


def _trick_words(view: AnyView) -> str:
    """Who has played what to the trick so far (a Hattrick pass card too)."""
    if not view.trick:
        return _("Trick: no card yet")
    turns = []
    for turn in view.trick:
        if getattr(turn, "passed", False):
            template = _("{name} passed, showing {card}")
        else:
            template = _("{name} played {card}")
        turns.append(template.format(name=view.players[turn.seat], card=card_words(turn.card)))
    return _("Trick: {turns}").format(turns=", ".join(turns))
