"""Thinking that stops when no longer wanted (`bots.thinking`): a strong bot's move or a
game's review, called off, stops using CPU within `STOP` seconds (measured: the CPU time
of every other thread and of every child process, in /proc); the bot it was asked of is
left as it was, and makes the move it would have made."""

from __future__ import annotations

import asyncio
import math

import pytest
from called_off import IDLE, cpu_once_stopped, needs_proc, think_endlessly, until_busy
from positions import NAMES, pain_card_thrown_away

from sticheln_tui.bots import make_bot
from sticheln_tui.bots.base import Bot
from sticheln_tui.bots.review import Review
from sticheln_tui.bots.thinking import bot_thought
from sticheln_tui.core.review import decisions
from sticheln_tui.games import engines

GAMES = engines()

pytestmark = needs_proc


def strong_bot(game: str):
    """The strong bot of `game`, its move depending on its budget alone."""
    bot = make_bot("strong", 3, game)
    bot.time_limit = math.inf
    return bot


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_strong_bot_move_called_off_stops_and_leaves_the_bot_as_it_was(game):
    view = GAMES[game](NAMES[:4], seed=3).view(0)  # a deal's first decision: searched
    assert len(view.legal_moves) > 1
    bot = strong_bot(game)
    budget = bot.playouts
    think_endlessly(bot)
    before = dict(vars(bot))
    thinking = asyncio.ensure_future(bot_thought(Bot.choose, bot, view))
    await until_busy()
    thinking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await thinking
    assert await cpu_once_stopped() < IDLE
    assert vars(bot) == before  # what the search set, it set on a copy
    bot.playouts, bot.time_limit = budget, math.inf
    assert await bot_thought(Bot.choose, bot, view) == strong_bot(game).choose(view)


async def test_a_review_no_longer_read_ends_its_process():
    game, _ = pain_card_thrown_away()
    # Several seconds a decision: should it not stop, the process ends at its first
    # judgment, which it can no longer hand over.
    review = Review("sticheln", decisions(game, [0]), [0], samples=20_000)

    async def read() -> None:
        async for _ in review.weighed():
            raise AssertionError("a decision weighed on 20000 deals, already")

    reading = asyncio.ensure_future(read())
    await until_busy(1.0)  # started, and weighing
    reading.cancel()
    with pytest.raises(asyncio.CancelledError):
        await reading
    assert await cpu_once_stopped() < IDLE


async def test_a_review_weighed_apart_judges_as_one_weighed_here():
    game, _ = pain_card_thrown_away()
    review = Review("sticheln", decisions(game, [0]), [0], samples=2)
    assert [judgment async for judgment in review.weighed()] == list(review.judgments())
