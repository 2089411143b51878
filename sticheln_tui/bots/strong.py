"""The strong bot: plays each candidate card through many sampled deals and keeps the
one that ends best (determinised Monte Carlo over what its seat has seen).

Each sample deals the unseen cards at random among the places they may be; every
candidate card is tried on the same samples, and the rest of the deal is played out by
the rules of thumb. A sample is worth our deal score minus the others' average.
"""

from __future__ import annotations

import random
import time

from ..core.game import PlayCard, SeatView
from .base import Advice, Bot
from .normal import NormalBot
from .world import Deal, sample_deal

# Playouts per move: enough to beat the normal bot, light enough to stay well under a
# second per move on a slow machine. The time limit only guards against a slower one.
DEFAULT_PLAYOUTS = 600
TIME_LIMIT = 0.9


class StrongBot(Bot):
    level = "strong"

    def __init__(
        self, seed: int = 0, playouts: int | None = None, time_limit: float = TIME_LIMIT
    ) -> None:
        super().__init__(seed)
        self.playouts = playouts or DEFAULT_PLAYOUTS
        self.time_limit = time_limit

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        return NormalBot(self.seed).pick(view, rng)

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        me = view.seat
        others = len(view.players) - 1
        cards = list(view.hand)
        totals = dict.fromkeys(cards, 0.0)
        deadline = time.monotonic() + self.time_limit
        samples = 0
        for _ in range(max(1, self.playouts // len(cards))):
            deal = sample_deal(view, rng)
            for card in cards:
                trial = deal.copy()
                trial.play(card)
                trial.play_out(Deal.thumb)
                scores = trial.scores()
                totals[card] += scores[me] - (sum(scores) - scores[me]) / others
            samples += 1
            if time.monotonic() > deadline:
                break
        best = max(cards, key=totals.__getitem__)
        average = totals[best] / samples
        return Advice(
            PlayCard(best),
            f"ends best over {samples} sampled deals: {average:+.1f} against the table",
        )
