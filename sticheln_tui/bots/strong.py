"""The strong bot: plays each candidate card through many sampled deals and keeps the
one that ends best (determinised Monte Carlo over what its seat has seen).

Each sample deals the unseen cards at random among the places they may be; every
candidate card is tried on the same samples, and the rest of the deal is played out by
the rules of thumb. A sample is worth our deal score minus the others' average.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..core.cards import Card
from ..core.game import PickPain, PlayCard, SeatView
from .base import Advice, Bot
from .thumb import pick_card
from .world import Deal, sample_deal

# Playouts per move at a table of four: enough to beat the normal bot, light enough to
# stay well under a second a move. Bigger tables get proportionally fewer (each playout
# plays more cards), so a move takes about as long at any table. The time limit only
# guards against a much slower machine.
DEFAULT_PLAYOUTS = 600
TIME_LIMIT = 0.8


class StrongBot(Bot):
    level = "strong"

    def __init__(
        self, seed: int = 0, playouts: int | None = None, time_limit: float = TIME_LIMIT
    ) -> None:
        super().__init__(seed)
        self.playouts = DEFAULT_PLAYOUTS if playouts is None else playouts
        self.time_limit = time_limit
        self.playouts_run = 0  # deals played out so far, over every search

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
        """The card whose sampled deals end best, and why; `first(deal, card)` makes
        the move being weighed in a sampled deal."""
        me = view.seat
        others = len(view.players) - 1
        totals = dict.fromkeys(cards, 0.0)
        deadline = time.monotonic() + self.time_limit
        samples = 0
        playouts = self.playouts * 4 // len(view.players)
        for _ in range(max(1, playouts // len(cards))):
            deal = sample_deal(view, rng)
            for card in cards:
                trial = deal.copy()
                first(trial, card)
                trial.play_out(Deal.thumb)
                scores = trial.scores()
                totals[card] += scores[me] - (sum(scores) - scores[me]) / others
            samples += 1
            self.playouts_run += len(cards)
            if time.monotonic() > deadline:
                break
        best = max(cards, key=totals.__getitem__)
        average = totals[best] / samples
        return best, f"ends best over {samples} sampled deals: {average:+.1f} against the table"
