"""Determinised sampling, for any game: every candidate move is played out on the same
deals, sampled to agree with what the seat has seen, and the one that ends best wins.

A sample is worth our deal score minus the others' average. The playout budget is set
for a table of four; bigger tables get proportionally fewer playouts (each plays more
cards), so a move takes about as long at any table. The time limit only guards against
a much slower machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from .base import Bot

TIME_LIMIT = 0.8


class World(Protocol):
    """One complete guess at the deal in progress."""

    def copy(self) -> World: ...


W = TypeVar("W", bound=World)
C = TypeVar("C")


class SamplingBot(Bot):
    """A bot that searches by sampling; `default_playouts` is its budget at four seats."""

    default_playouts = 0

    def __init__(
        self, seed: int = 0, playouts: int | None = None, time_limit: float = TIME_LIMIT
    ) -> None:
        super().__init__(seed)
        self.playouts = self.default_playouts if playouts is None else playouts
        self.time_limit = time_limit
        self.playouts_run = 0  # deals played out so far, over every search

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
        others = players - 1
        for _ in range(max(1, self.playouts * 4 // players // len(candidates))):
            world = sample()
            for candidate in candidates:
                scores = trial(world.copy(), candidate)
                totals[candidate] += scores[me] - (sum(scores) - scores[me]) / others
            samples += 1
            self.playouts_run += len(candidates)
            if time.monotonic() > deadline:
                break
        best = max(candidates, key=totals.__getitem__)
        average = totals[best] / samples
        return best, f"ends best over {samples} sampled deals: {average:+.1f} against the table"
