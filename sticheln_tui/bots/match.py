"""Whole games between computer players, without any screen."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.game import Game, Phase
from ..core.sticheln import Rules
from . import bot_name, make_bot
from .strong import StrongBot


@dataclass(frozen=True)
class Outcome:
    """How one bot-only game ended, and how long each level thought."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    seconds: dict[str, float]  # thinking time by level
    moves: dict[str, int]  # moves made by level


def play_bot_game(levels: Sequence[str], rules: Rules, seed: int, first_leader: int = 0) -> Outcome:
    """Play a game in which seat i is a bot of `levels[i]`; each bot sees its seat only."""
    game = Game(
        [bot_name(level, seat) for seat, level in enumerate(levels)], rules, first_leader, seed
    )
    bots = [make_bot(level, seed * len(levels) + seat) for seat, level in enumerate(levels)]
    for bot in bots:
        if isinstance(bot, StrongBot):  # repeatable runs: the playout budget alone rules
            bot.time_limit = math.inf
    seconds = dict.fromkeys(levels, 0.0)
    moves = dict.fromkeys(levels, 0)
    while game.phase is not Phase.OVER:
        seat = game.to_move
        view = game.view(seat)
        started = time.perf_counter()
        move = bots[seat].choose(view)
        seconds[levels[seat]] += time.perf_counter() - started
        moves[levels[seat]] += 1
        game.apply(move)
    public = game.view(None)
    return Outcome(public.totals, public.winners, seconds, moves)
