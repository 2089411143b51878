"""The strong bot: plays each candidate card through many sampled deals and keeps the
one that ends best (determinised Monte Carlo over what its seat has seen, see search).

Each sample deals the unseen cards at random among the places they may be, and the rest
of the deal is played out by the rules of thumb, on the deal in ints (`FastDeal`), so
that many more deals fit in a move; in the playouts, a player following sees the hands
still to play to the trick, as the sampled deal holds them, and now and then a card is
played at random instead. The candidates are weighed in rounds, the worse half dropping
out after each (see search), and in the last deal of a game a sampled deal that ends in
a win is worth more than its margin alone: it is the win that counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.cards import Card
from ...core.game import PickPain, PlayCard, SeatView
from ...fast.sticheln import FastDeal, tables
from ..base import Advice
from ..search import SamplingBot
from .player import StichelnBot
from .thumb import pick_card
from .world import unknowns


class StrongBot(SamplingBot, StichelnBot):
    level = "strong"
    # Sighted playouts cost about 45% more each: 1,000 took 4% longer a move than 1,400
    # thumb playouts and won 29.8% against them (benchmarks/ladder.py, 100 deals); 950
    # kept the move no longer, and the cards played on a whim cost 7% more again. 1,300
    # still think less a move than the frozen bot (median 0.085 s against 0.094 s) and won
    # 34.0% against three of it, margin +3.0, where 890 won 31.8%, +2.0 (100 deals).
    default_playouts = 1300
    halving = True
    win_bonus = 10.0
    # The playouts' followers see the hands still to play to the trick (a sampled deal is
    # known whole): a trick is taken only with a card they cannot beat.
    sure_playouts = True
    # In the playouts, a card is one drawn at random this often: a rule of thumb played
    # the same way in every playout misjudges the same positions every time, and the
    # players at the table do not play by it (0.15 won 29.4% against the bot without,
    # 300 deals; 0.05 no more than it; 0.25 won 23.1% against 0.15).
    whims = 0.15

    def sampler(self, view: SeatView, rng: random.Random) -> Callable[[], FastDeal]:
        """Draws guesses at the whole deal that agree with what this seat has seen:
        `world.sample_deal`'s deals, drawn straight into ints."""
        deals = unknowns(view).in_ints()
        return lambda: deals.sample(rng)

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        """One candidate per colour (the card the pick rule would lay down in it): each
        whole deal is played out from every candidate pick."""
        rules = view.rules
        me = view.seat
        assert me is not None
        taken = view.pain_cards[me] or ()
        candidates = [
            pick_card([card for card in view.hand if card.colour == colour], taken, rules)
            # Picking: every legal move is a PickPain.
            for colour in dict.fromkeys(move.card.colour for move in view.legal_moves)  # type: ignore[union-attr]
        ]

        def trial(deal: FastDeal, card: int) -> None:
            deal.lay_down(me, card)
            deal.finish_picks()

        card, why = self._search(view, rng, candidates, trial)
        return Advice(PickPain(card), why)

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        card, why = self._search(view, rng, list(view.hand), FastDeal.play)
        return Advice(PlayCard(card), why)

    def candidate(self, view: SeatView, move: PickPain | PlayCard) -> int:
        return tables(view.rules, len(view.players)).index(move.card)

    def _search(
        self,
        view: SeatView,
        rng: random.Random,
        cards: list[Card],
        first: Callable[[FastDeal, int], None],
    ) -> tuple[Card, str]:
        """`first(deal, card)` makes the move being weighed in a sampled deal."""
        self.final_totals = view.totals if view.deal >= view.deals_total else None
        table = tables(view.rules, len(view.players))
        assert view.seat is not None

        def trial(deal: FastDeal, card: int) -> list[int]:
            first(deal, card)
            deal.play_out(self.sure_playouts, rng, self.whims)
            return deal.scores()

        card, why = self.search(
            view.seat,
            len(view.players),
            [table.index(card) for card in cards],
            self.sampler(view, rng),
            trial,
        )
        return table.card(card), why
