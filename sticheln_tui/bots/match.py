"""Whole games between computer players, without any screen."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..games import DEFAULT_GAME, engine_of
from ..seats import bot_name
from . import make_bot
from .search import SamplingBot


@dataclass(frozen=True)
class Outcome:
    """How one bot-only game ended, and how long each level thought."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    seconds: dict[str, float]  # thinking time by level
    moves: dict[str, int]  # moves made by level


def play_bot_game(
    levels: Sequence[str], options: Any, seed: int, first_leader: int = 0, game: str = DEFAULT_GAME
) -> Outcome:
    """Play a game of `game` (its key) in which seat i is a bot of `levels[i]`; each bot
    sees its seat only."""
    table = engine_of(game)(
        [bot_name(level, seat) for seat, level in enumerate(levels)], options, first_leader, seed
    )
    bots = [make_bot(level, seed * len(levels) + seat, game) for seat, level in enumerate(levels)]
    for bot in bots:
        if isinstance(bot, SamplingBot):  # repeatable runs: the playout budget alone rules
            bot.time_limit = math.inf
    seconds = dict.fromkeys(levels, 0.0)
    moves = dict.fromkeys(levels, 0)
    while not table.finished:
        seat = table.seat_to_move()
        view = table.view(seat)
        started = time.perf_counter()
        move = bots[seat].choose(view)
        seconds[levels[seat]] += time.perf_counter() - started
        moves[levels[seat]] += 1
        table.apply(move)
    public = table.view(None)
    return Outcome(public.totals, public.winners, seconds, moves)
