"""Pilot tests: a strong bot whose move is no longer wanted (a take-back, a new game)
stops thinking within `STOP` seconds (measured: the CPU time of every thread but the
app's), and its next move is the one it would have made."""

from __future__ import annotations

import contextlib
import copy
import math

from called_off import IDLE, cpu_once_stopped, needs_proc, think_endlessly, until_busy
from positions import sticheln_until

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.table import TableScreen

pytestmark = needs_proc


@contextlib.asynccontextmanager
async def strong_bot_next(monkeypatch):
    """Ann's table at her turn to play a card, the strong bot after her; yields the app,
    the pilot, the bot (set to think until called off) and its twin (the bot as it was,
    on a budget its moves depend on alone)."""
    monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 0.0)
    game = sticheln_until(lambda game: game.phase is Phase.PLAY and game.to_move == 0, Rules())
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.continue_game(game, (None, "strong", "normal", "normal"))
        await pilot.pause()
        await pilot.press("enter")  # past the pain cards laid down, to her table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.view.legal_moves
        bot = app.bots[1]
        bot.playouts, bot.time_limit = 200, math.inf
        twin = copy.copy(bot)
        think_endlessly(bot)
        yield app, pilot, bot, twin


async def test_a_take_back_stops_the_strong_bots_search_and_its_next_move_is_unchanged(
    monkeypatch,
):
    async with strong_bot_next(monkeypatch) as (app, pilot, bot, twin):
        before = list(app.game.moves)
        await pilot.press("enter")  # Ann plays; the strong bot thinks, without end
        await until_busy()
        await pilot.press("u")
        await pilot.pause()
        assert app.game.moves == before
        assert await cpu_once_stopped() < IDLE
        bot.playouts, bot.time_limit = twin.playouts, twin.time_limit
        assert vars(bot) == vars(twin)
        await pilot.press("enter")  # Ann plays again; this time the bot answers
        asked = len(before) + 1
        while len(app.game.moves) <= asked:
            await pilot.pause(0.05)
        assert app.game.moves[asked] == twin.choose(app.game.rewound(asked).view(1))


async def test_a_new_game_stops_the_strong_bots_search(monkeypatch):
    async with strong_bot_next(monkeypatch) as (app, pilot, _, _twin):
        await pilot.press("enter")
        await until_busy()
        app.new_game()
        await pilot.pause()
        assert app.flow is None
        assert await cpu_once_stopped() < IDLE
