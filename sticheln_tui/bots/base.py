"""What every computer player shares: it sees one seat's view and returns one move."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Advice:
    """A move and, in one line, why."""

    move: Any
    reason: str


class Bot:
    """A computer player of any game. It is given one seat's view and nothing else, so it
    knows exactly what a human in its seat would know. The same seed and view give the
    same move (for the strong bot, as long as its time limit does not cut a search short)."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Any:
        return self.advise(view).move

    def advise(self, view: Any) -> Advice:
        if view.seat is None or view.to_move != view.seat or not view.legal_moves:
            raise ValueError("a bot can only move for its own seat, on its turn")
        return self.decide(view, random.Random(f"{self.seed}/{view.seat}/{self.moment(view)}"))

    def moment(self, view: Any) -> str:
        """Where the game stands, as text: with the seed and seat it seeds the bot's
        randomness, so a position always gets the same move."""
        raise NotImplementedError

    def decide(self, view: Any, rng: random.Random) -> Advice:
        raise NotImplementedError
