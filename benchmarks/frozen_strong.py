"""The strong bots as they stood, one per game: fixed yardsticks for the ladder.

Kept here, not in the games, so that the ladder (benchmarks/ladder.py) can measure a newer
strong bot against exactly an old one. They must not change: their search loop, budgets
and candidate moves are written out here on purpose rather than imported, since the
games' own strong bots move on. What they import is held still by more than the strong
bots: the rules of thumb (the easy and normal bots play them), the reference deal models
in `sticheln_tui.bots.*.world` (their samples and playouts), and the fast cores and
samplers that property tests hold equal to those. A golden test (tests/unit/test_ladder.py)
keeps each frozen bot's moves in a seeded game; should it go red, what moved belongs
here, as it was.

- Sticheln: the strong bot as it stood before the fast search core, 600 playouts a move
  on the Card-based deal model.
- Hattrick and Seven Seals: the strong bots as they stood when frozen here, 600 and 320
  playouts a move on the fast cores' deals.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from sticheln_tui.bots.base import Advice, Bot
from sticheln_tui.bots.hattrick.players import HattrickBot, known_deal
from sticheln_tui.bots.search import World
from sticheln_tui.bots.seven_seals import world as seven_seals_world
from sticheln_tui.bots.seven_seals.players import SevenSealsBot, fast_deal, fitted
from sticheln_tui.bots.seven_seals.thumb import expected_wins, predicted_seals
from sticheln_tui.bots.sticheln.player import StichelnBot
from sticheln_tui.bots.sticheln.thumb import pick_card
from sticheln_tui.bots.sticheln.world import Deal, sample_deal
from sticheln_tui.core.cards import Card
from sticheln_tui.core.game import PickPain, PlayCard, SeatView
from sticheln_tui.core.hattrick import HattrickView, PassCard
from sticheln_tui.core.hattrick import Move as HattrickMove
from sticheln_tui.core.seven_seals import (
    COLOURS,
    SEAL_KINDS,
    Predict,
    ReturnSeal,
    SevenSealsView,
    TakeSaboteur,
)
from sticheln_tui.fast import hattrick as fast_hattrick
from sticheln_tui.fast import seven_seals as fast_seven_seals

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


class FrozenHattrickBot(FrozenSearch, HattrickBot):
    """Every legal move played out through sampled deals by the rules of thumb, 600
    playouts a move at four seats, on the fast core's deal in ints."""

    level = "frozen"
    default_playouts = 600

    def move(self, view: HattrickView, rng: random.Random) -> Advice:
        assert view.seat is not None
        known, hidden = known_deal(view)
        table = known.table

        def trial(deal: fast_hattrick.FastDeal, move: HattrickMove) -> list[int]:
            deal.move(table.index(move.card), isinstance(move, PassCard))
            deal.play_out()
            return deal.scores()

        move, why = self.search(
            view.seat,
            len(view.players),
            view.legal_moves,
            lambda: known.shared_out(hidden, view.hand_sizes, rng),
            trial,
        )
        return Advice(move, why)


class FrozenSevenSealsBot(FrozenSearch, SevenSealsBot):
    """Candidate predictions, cards and seals played out through sampled deals by the
    rules of thumb, 320 playouts a move at four seats: the prediction round on the
    Card-based deal model, the play on the fast core's deal in ints."""

    level = "frozen"
    default_playouts = 320

    def prediction(self, view: SevenSealsView, rng: random.Random) -> Advice:
        assert view.seat is not None
        players = len(view.players)
        wins = expected_wins(view.hand, seven_seals_world.outside_bits(view), players)
        candidates: list[Predict | TakeSaboteur] = list(
            dict.fromkeys(fitted(view, wanted) for wanted in prediction_candidates(wins))
        )
        if view.saboteur_offer is not None:
            candidates.append(TakeSaboteur())

        def trial(deal: seven_seals_world.Deal, move: Predict | TakeSaboteur) -> list[int]:
            seven_seals_world.predict_out(deal, view, move)
            return seven_seals_scores(fast_deal(deal))

        move, why = self.search(
            view.seat,
            players,
            candidates,
            lambda: seven_seals_world.sample_deal(view, rng),
            trial,
        )
        return Advice(move, why)

    def play(self, view: SevenSealsView, rng: random.Random) -> Advice:
        def trial(deal: fast_seven_seals.FastDeal, card: int) -> list[int]:
            if deal.play(card) is not None:
                deal.settle(deal.thumb_return())
            return seven_seals_scores(deal)

        table = fast_seven_seals.tables(len(view.players))
        card, why = self._search(
            view, rng, [table.index(move.card) for move in view.legal_moves], trial
        )
        return Advice(PlayCard(table.card(card)), why)

    def give_back(self, view: SevenSealsView, rng: random.Random) -> Advice:
        def trial(deal: fast_seven_seals.FastDeal, kind: int) -> list[int]:
            deal.settle(kind)
            return seven_seals_scores(deal)

        kinds = [SEAL_KINDS.index(kind) for kind in view.returnable]
        kind, why = self._search(view, rng, kinds, trial)
        return Advice(ReturnSeal(SEAL_KINDS[kind]), why)

    def _search(
        self,
        view: SevenSealsView,
        rng: random.Random,
        candidates: list[int],
        trial: Callable[[fast_seven_seals.FastDeal, int], list[int]],
    ) -> tuple[int, str]:
        """A search of the play, on sampled deals in ints."""
        assert view.seat is not None
        return self.search(
            view.seat,
            len(view.players),
            candidates,
            lambda: fast_deal(seven_seals_world.sample_deal(view, rng)),
            trial,
        )


def seven_seals_scores(deal: fast_seven_seals.FastDeal) -> list[int]:
    """Every seat's deal score once the rest is played by the rules of thumb."""
    deal.play_out()
    return [-penalty for penalty in deal.penalties()]


def prediction_candidates(wins: dict[str, float]) -> list[dict[str, int]]:
    """The rule of thumb's prediction, a bolder and a more careful one, and each with one
    colour a trick more or less."""
    base = predicted_seals(wins)
    found = [base, predicted_seals(wins, -0.3), predicted_seals(wins, 0.3)]
    for colour in COLOURS:
        for step in (-1, 1):
            if base[colour] + step >= 0:
                found.append({**base, colour: base[colour] + step})
    return found


# The ladder's `frozen`, by game.
FROZEN: dict[str, type[FrozenSearch]] = {
    "sticheln": FrozenStrongBot,
    "hattrick": FrozenHattrickBot,
    "seven-seals": FrozenSevenSealsBot,
}
