"""The strong bot: plays each candidate card through many sampled deals and keeps the
one that ends best (determinised Monte Carlo over what its seat has seen, see search).

Each sample deals the unseen cards at random among the places they may be, and the rest
of the deal is played out by the rules of thumb.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.cards import Card
from ..core.game import PickPain, PlayCard, SeatView
from .base import Advice, StichelnBot
from .search import SamplingBot
from .thumb import pick_card
from .world import Deal, sample_deal


class StrongBot(SamplingBot, StichelnBot):
    level = "strong"
    # Enough to beat the normal bot, light enough to stay well under a second a move.
    default_playouts = 600

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        """One candidate per colour (the card the pick rule would lay down in it): each
        whole deal is played out from every candidate pick."""
        rules = view.rules
        taken = view.pain_cards[view.seat] or ()
        candidates = [
            pick_card([card for card in view.hand if card.colour == colour], taken, rules)
            for colour in dict.fromkeys(move.card.colour for move in view.legal_moves)
        ]

        def trial(deal: Deal, card: Card) -> None:
            deal.lay_down(view.seat, card)
            deal.finish_picks()

        card, why = self._search(view, rng, candidates, trial)
        return Advice(PickPain(card), why)

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        card, why = self._search(view, rng, list(view.hand), Deal.play)
        return Advice(PlayCard(card), why)

    def _search(
        self,
        view: SeatView,
        rng: random.Random,
        cards: list[Card],
        first: Callable[[Deal, Card], None],
    ) -> tuple[Card, str]:
        """`first(deal, card)` makes the move being weighed in a sampled deal."""

        def trial(deal: Deal, card: Card) -> list[int]:
            first(deal, card)
            deal.play_out(Deal.thumb)
            return deal.scores()

        return self.search(
            view.seat, len(view.players), cards, lambda: sample_deal(view, rng), trial
        )
