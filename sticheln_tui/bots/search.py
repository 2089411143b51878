"""Determinised sampling, for any game: every candidate move is played out on the same
deals, sampled to agree with what the seat has seen, and the one that ends best wins.

A sample is worth our deal score minus the others' average. The playout budget is set
for a table of four; bigger tables get proportionally fewer playouts (each plays more
cards), so a move takes about as long at any table. The time limit only guards against
a much slower machine.

With `halving` on (a bot's choice), playouts go to the close candidates: the budget is
spent in rounds, every candidate still in plays each round's new deals, and after each
round the worse half (by its average so far) drops out, so the last few are weighed on
many more deals than an even split gives them. Without it, every candidate plays every
sampled deal. What a sampled deal is worth is `worth`'s to say (by default our deal
score minus the others' average).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, TypeVar

from ..core.standings import winners
from ..i18n import ngettext
from .base import Bot
from .thinking import checkpoint

TIME_LIMIT = 0.8


class World(Protocol):
    """One complete guess at the deal in progress."""

    def copy(self) -> Self: ...


W = TypeVar("W", bound=World)
C = TypeVar("C")


class SamplingBot(Bot):
    """A bot that searches by sampling; `default_playouts` is its budget at four seats."""

    default_playouts = 0
    halving = False  # spend the playouts on the close candidates (see the module)
    # In a game's last deal, what winning the game is worth on top of the deal's margin
    # (a margin is some points; a win is the game). None: the margin alone.
    win_bonus: float | None = None
    # While a game's last deal is searched: the totals before it, in the sense of the deal
    # scores (higher is better); else None.
    final_totals: tuple[int, ...] | None = None

    def __init__(
        self, seed: int = 0, playouts: int | None = None, time_limit: float = TIME_LIMIT
    ) -> None:
        super().__init__(seed)
        self.playouts = self.default_playouts if playouts is None else playouts
        self.time_limit = time_limit
        self.playouts_run = 0  # deals played out so far, over every search

    def candidate(self, view: Any, move: Any) -> Any:
        """A legal move as `search` weighs it among its candidates (a game review adds the
        move a player made to them): the move itself, unless the bot says otherwise."""
        return move

    def worth(self, me: int, scores: Sequence[int]) -> float:
        """What a sampled deal ending with these deal scores is worth to seat `me`, to
        rank the candidates by: its margin, and in the game's last deal the win bonus
        (shared when tied) if these scores make this seat the game's winner."""
        worth = margin(me, scores)
        if self.final_totals is None or self.win_bonus is None:
            return worth
        ends = [total + score for total, score in zip(self.final_totals, scores, strict=True)]
        top = winners(ends)
        return worth + self.win_bonus * (me in top) / len(top)

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
        the deal out and returns every seat's deal score. Once a sampled deal, it stops
        if its thinking is no longer wanted (`thinking.checkpoint`)."""
        totals = dict.fromkeys(candidates, 0.0)
        margins = dict.fromkeys(candidates, 0.0)
        deadline = time.monotonic() + self.time_limit
        budget = self.playouts * 4 // players
        rounds = max(1, math.ceil(math.log2(len(candidates)))) if self.halving else 1
        alive = list(candidates)
        samples = 0
        out_of_time = False
        for round_number in range(rounds):
            for _ in range(max(1, budget // rounds // len(alive))):
                checkpoint()
                world = sample()
                for candidate in alive:
                    scores = trial(world.copy(), candidate)
                    totals[candidate] += self.worth(me, scores)
                    margins[candidate] += margin(me, scores)
                samples += 1
                self.playouts_run += len(alive)
                out_of_time = time.monotonic() > deadline
                if out_of_time:
                    break
            alive.sort(key=totals.__getitem__, reverse=True)
            if out_of_time or round_number == rounds - 1:
                break
            del alive[(len(alive) + 1) // 2 :]
        best = alive[0]
        average = margins[best] / samples
        # Translators: a hint line; {margin} is a signed number of points, e.g. "+2.5".
        # (English keeps one form for any number; give your language's forms.)
        why = ngettext(
            "ends best over {count} sampled deals: {margin} against the table",
            "ends best over {count} sampled deals: {margin} against the table",
            samples,
        )
        return best, why.format(count=samples, margin=f"{average:+.1f}")


def resampled(
    sample: Callable[[], W], weight: Callable[[W], float], proposals: int, rng: random.Random
) -> Callable[[], W]:
    """A sampler that draws `proposals` deals from `sample` and keeps one, each with a chance
    in proportion to its `weight` (how likely the others' moves so far are on it): the
    deals that explain what the table saw come up more often (sampling-importance-
    resampling). Every weight must be positive."""

    def draw() -> W:
        deals = [sample() for _ in range(proposals)]
        return rng.choices(deals, [weight(deal) for deal in deals])[0]

    return draw


def margin(me: int, scores: Sequence[int]) -> float:
    """Seat `me`'s deal score minus the others' average."""
    return scores[me] - (sum(scores) - scores[me]) / (len(scores) - 1)
