"""The strong Sticheln bot as it stood before the fast search core: a fixed yardstick.

Kept here, not in the game, so that the ladder (benchmarks/ladder.py) can measure a newer
strong bot against exactly the old one. It must not change: the old search loop is
written out here on purpose rather than imported, since the game's own loop moves on.
It plays through the reference deal model in `sticheln_tui.bots.sticheln.world` (its samples and
rule-of-thumb playouts), which the fast core is tested against and so cannot drift.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from sticheln_tui.bots.base import Advice, Bot
from sticheln_tui.bots.search import World
from sticheln_tui.bots.sticheln.player import StichelnBot
from sticheln_tui.bots.sticheln.thumb import pick_card
from sticheln_tui.bots.sticheln.world import Deal, sample_deal
from sticheln_tui.core.cards import Card
from sticheln_tui.core.game import PickPain, PlayCard, SeatView

W = TypeVar("W", bound=World)
C = TypeVar("C")


class FrozenSearch(Bot):
    """Determinised Monte Carlo as it stood: `playouts` a move at four seats (fewer at
    bigger tables), split evenly among the candidates, every candidate on the same sampled
    deals, a deal worth our score minus the others' average."""

    default_playouts = 0

    def __init__(self, seed: int = 0, playouts: int | None = None, time_limit: float = 0.8):
        super().__init__(seed)
        self.playouts = self.default_playouts if playouts is None else playouts
        self.time_limit = time_limit
        self.playouts_run = 0

    def search(
        self,
        me: int,
        players: int,
        candidates: Sequence[C],
        sample: Callable[[], W],
        trial: Callable[[W, C], Sequence[int]],
    ) -> tuple[C, str]:
        """The candidate whose sampled deals end best, and why. `sample()` guesses the
        deal; `trial(world, candidate)` makes the candidate move in a copy of it, plays
        the deal out and returns every seat's deal score."""
        totals = dict.fromkeys(candidates, 0.0)
        deadline = time.monotonic() + self.time_limit
        samples = 0
        for _ in range(max(1, self.playouts * 4 // players // len(candidates))):
            world = sample()
            for candidate in candidates:
                scores = trial(world.copy(), candidate)
                totals[candidate] += scores[me] - (sum(scores) - scores[me]) / (players - 1)
            samples += 1
            self.playouts_run += len(candidates)
            if time.monotonic() > deadline:
                break
        best = max(candidates, key=totals.__getitem__)
        return best, f"ends best over {samples} sampled deals"


class FrozenStrongBot(FrozenSearch, StichelnBot):
    """600 playouts a move at four seats, the rest of each deal played by the rules of
    thumb on the Card-based deal model."""

    level = "frozen"
    default_playouts = 600

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        taken = view.pain_cards[view.seat] or ()
        candidates = [
            pick_card([card for card in view.hand if card.colour == colour], taken, view.rules)
            for colour in dict.fromkeys(move.card.colour for move in view.legal_moves)
        ]

        def first(deal: Deal, card: Card) -> None:
            deal.lay_down(view.seat, card)
            deal.finish_picks()

        card, why = self._search(view, rng, candidates, first)
        return Advice(PickPain(card), why)

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        card, why = self._search(view, rng, list(view.hand), Deal.play)
        return Advice(PlayCard(card), why)

    def _search(
        self,
        view: SeatView,
        rng: random.Random,
        candidates: list[Card],
        first: Callable[[Deal, Card], None],
    ) -> tuple[Card, str]:
        """`first(deal, card)` makes the move being weighed in a sampled deal."""

        def trial(deal: Deal, card: Card) -> list[int]:
            first(deal, card)
            deal.play_out(Deal.thumb)
            return deal.scores()

        return self.search(
            view.seat, len(view.players), candidates, lambda: sample_deal(view, rng), trial
        )
