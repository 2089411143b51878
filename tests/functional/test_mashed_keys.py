"""A hand mashing keys (separate presses three or four a second) to hurry the bots, or
pressing twice on a hand-off, never makes a move its player did not choose: in every game,
a burst that began before a seat's own screen appeared makes no move there, and no seat's
screen appears without its own hand-off. A press after a pause still moves the game."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
from key_patterns import TableWatch, deliberate, mash, press, real_key_timing
from positions import NAMES

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.seven_seals import Phase as SealsPhase
from sticheln_tui.core.seven_seals import SevenSealsGame
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.flow import hooks_of
from sticheln_tui.games import engines
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.private import PrivateScreen

GAMES = engines()

KEYS = {
    "Enter": ["enter"],
    "mixed": ["enter", "space", "right", "enter", "s", "p", "enter", "left"],
}
# Ann alone with bots, watching them; Ann and Bob before two bots; humans and bots in turn.
TABLES = {
    "bots-then-Ann": ((None, "easy", "easy", "easy"), 1),
    "hand-off-then-bots": ((None, None, "easy", "easy"), 2),
    "hand-off-at-the-deal": ((None, "easy", None, "easy"), None),
}


def position(key: str, next_to_move: int | None):
    """`key`'s game, four players: at the deal's start (`next_to_move` None), or where
    that seat (a bot) plays next, into a trick the table is watching."""
    game = GAMES[key](list(NAMES[:4]), seed=5)
    if next_to_move is None:
        return game
    hooks = hooks_of(game)
    for _ in range(500):
        started = not hooks.reveal_due(game) or hooks.reveal_past(game)
        if hooks.watched(game) and started and game.to_move == next_to_move:
            return game
        game.apply(game.legal_moves()[0])
    raise AssertionError("the position never came")


class OneBotMoveAtATime:
    """The bots move when the test lets them, one move between two presses of a burst,
    however quick or slow the machine."""

    def __init__(self, monkeypatch) -> None:
        self.waiting = 0  # bots that have worked out a move and wait to make it
        self._go = threading.Semaphore(0)
        choose = StichelnApp._bot_choice

        def when_let(app, seat, view):
            move = choose(app, seat, view)
            self.waiting += 1
            self._go.acquire(timeout=30)
            return move

        monkeypatch.setattr(StichelnApp, "_bot_choice", when_let)

    async def one_move(self, pilot) -> None:
        """Let a waiting bot make its move, and wait until it has (none waiting: none)."""
        app = pilot.app
        game = app.game
        for _ in range(500):  # a bot may still be working its move out
            if self.waiting:
                break
            if game.to_move not in app.bots:
                return  # a human's turn: no bot to wait for
            await asyncio.sleep(0.002)
        else:
            return
        moves = len(game.moves)
        self.waiting -= 1
        self._go.release()
        for _ in range(2500):
            if len(game.moves) > moves:
                break
            await asyncio.sleep(0.002)
        await pilot.pause()

    def let_all_go(self) -> None:
        self._go.release(100)


@pytest.mark.parametrize("keys", KEYS.values(), ids=KEYS.keys())
@pytest.mark.parametrize("table", TABLES, ids=TABLES.keys())
@pytest.mark.parametrize("game_key", GAMES)
async def test_a_mashed_burst_makes_no_move_on_a_screen_that_came_during_it(
    monkeypatch, game_key, table, keys
):
    clock = real_key_timing(monkeypatch)
    bots = OneBotMoveAtATime(monkeypatch)
    levels, next_to_move = TABLES[table]
    game = position(game_key, next_to_move)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = TableWatch(app, monkeypatch)
        app.continue_game(game, levels)
        await pilot.pause()
        hand_offs_up = isinstance(app.screen, HandoffScreen)
        await mash(pilot, clock, keys, 16, random.Random(table), lambda: bots.one_move(pilot))
        bots.let_all_go()
        await app.workers.wait_for_complete()
        await pilot.pause()
        watch.check()
        assert watch.moves == 0, "a mashed burst made a seat's move"
        # Only the burst's first press, after a pause, may take a hand-off.
        assert watch.steps <= hand_offs_up
        screen = app.screen
        assert isinstance(screen, PrivateScreen) and screen.view.legal_moves, "Ann's move waits"
        await deliberate(pilot, clock, "enter")  # a press after a pause: it plays
        assert watch.moves == 1


def a_humans_choice(game, phase) -> object:
    """`game` played on with seeded random moves until a human of `PHASE_TABLE` (seat 0
    or 2) is to make a move of `phase`."""
    rng = random.Random(7)
    while not (game.phase == phase and game.to_move in (0, 2)):
        game.apply(rng.choice(game.legal_moves()))
    return game


PHASE_TABLE = (None, "easy", None, "easy")
CHOICES = {
    "sticheln-late-colour": lambda: a_humans_choice(
        Game(list(NAMES[:4]), Rules(late=True), seed=3), Phase.CHOOSE
    ),
    "seven-seals-seal-back": lambda: a_humans_choice(
        SevenSealsGame(list(NAMES[:4]), seed=3), SealsPhase.RETURN
    ),
    "seven-seals-prediction": lambda: a_humans_choice(
        SevenSealsGame(list(NAMES[:4]), seed=3), SealsPhase.PREDICT
    ),
}


@pytest.mark.parametrize("keys", KEYS.values(), ids=KEYS.keys())
@pytest.mark.parametrize("choice", CHOICES)
async def test_a_mashed_burst_from_a_hand_off_makes_no_choice(monkeypatch, choice, keys):
    """The hand-offs to the private choices that are not a card: the burst's first press
    takes the keyboard, the rest choose nothing."""
    clock = real_key_timing(monkeypatch)
    bots = OneBotMoveAtATime(monkeypatch)
    game = CHOICES[choice]()
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = TableWatch(app, monkeypatch)
        app.continue_game(game, PHASE_TABLE)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await mash(pilot, clock, keys, 12, random.Random(choice), lambda: bots.one_move(pilot))
        bots.let_all_go()
        watch.check()
        assert watch.moves == 0 and watch.steps == 1
        await deliberate(pilot, clock, "enter")
        assert watch.moves == 1


async def test_enter_twice_on_a_prediction_hand_off_takes_no_prediction_blind(monkeypatch):
    """Bob's hand-off, Enter, 0.7 s, Enter: the second press does not take the proposal;
    a press once he has looked at his hand does."""
    clock = real_key_timing(monkeypatch)
    game = SevenSealsGame(["Ann", "Bob", "Normal"], seed=12)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = TableWatch(app, monkeypatch)
        app.continue_game(game, (None, None, "normal"))
        await pilot.pause()
        await deliberate(pilot, clock, "enter")  # Ann takes the keyboard
        await deliberate(pilot, clock, "enter")  # and her proposal, after a look
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1
        await deliberate(pilot, clock, "enter")
        clock.advance(0.7)
        await press(pilot, clock, "enter")
        assert isinstance(app.screen, PrivateScreen) and app.screen.view.seat == 1
        assert game.phase is SealsPhase.PREDICT and game.to_move == 1 and watch.moves == 1
        await deliberate(pilot, clock, "enter")
        assert watch.moves == 2 and game.to_move != 1
