"""A held, repeated or mashed key moves the game at most the one step its first press
asked for, on every kind of hand-off, private and public screen, at human-only and mixed
tables; and no other seat's hand is ever composed meanwhile."""

from __future__ import annotations

import pytest
from key_patterns import TableWatch, deliberate, hold, real_key_timing, shipped_guards, tap

from sticheln_tui.app import StichelnApp
from sticheln_tui.bots.sticheln import strong as strong_module
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.key_rhythm import KeyRhythm
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.sticheln.handoff import StichelnHandoffScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.screens.sticheln.table import StichelnTableScreen
from sticheln_tui.screens.table import TableScreen

HUMANS = (None, None, None)
MIXED = (None, "normal", None, "easy")  # Ann, a bot, Bob, a bot
SOLO = (None, "easy", "normal")

KEY_PATTERNS = {
    "held Enter": ["enter"],
    "held Space": ["space"],
    "mashed": ["enter", "space", "enter", "right", "enter", "enter", "left"],
}


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(strong_module.StrongBot, "default_playouts", 20)


def played_to(rules: Rules, players: int, until) -> Game:
    """A seeded game played by its first legal moves until `until(game)` holds."""
    game = Game(["Ann", "Bob", "Cid", "Dan"][:players], rules, seed=19)
    while not until(game):
        game.apply(game.legal_moves()[0])
    return game


def in_play(game: Game) -> bool:
    return game.phase is Phase.PLAY and bool(game.view(None).trick)


POSITIONS = {
    "pick": (Rules(), lambda game: True),
    "play": (Rules(), in_play),
    "choose": (Rules(late=True), lambda game: game.phase is Phase.CHOOSE),
    "reveal": (Rules(), lambda game: game.phase is Phase.PLAY),
    # One card left in the deal: the scores come next.
    "scores": (Rules(deals=2), lambda game: sum(game.view(None).hand_sizes) == 1),
}


async def start(pilot, game: Game, levels, monkeypatch) -> TableWatch:
    app = pilot.app
    watch = TableWatch(app, monkeypatch)
    app.continue_game(game, levels)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return watch


def bursts():
    """Every table, position and key pattern; by default each position once, the tables
    and the key patterns taken in turn (the rest run with the slow tests)."""
    patterns = list(KEY_PATTERNS)
    tables = {"humans": HUMANS, "mixed": MIXED}
    for number, position in enumerate(POSITIONS):
        for table, levels in tables.items():
            for pattern in patterns:
                chosen = (table, pattern) == (
                    list(tables)[number % len(tables)],
                    patterns[number % len(patterns)],
                )
                yield pytest.param(
                    levels,
                    position,
                    KEY_PATTERNS[pattern],
                    id=f"{table}-{position}-{pattern}",
                    marks=() if chosen else pytest.mark.slow,
                )


@pytest.mark.parametrize(("levels", "position", "keys"), bursts())
async def test_a_burst_of_keys_moves_the_game_one_step_at_most(monkeypatch, levels, position, keys):
    clock = real_key_timing(monkeypatch)
    rules, until = POSITIONS[position]
    game = played_to(rules, len(levels), until)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = await start(pilot, game, levels, monkeypatch)
        # From the first screen (a hand-off, or a public screen), then from whatever each
        # burst led to, once it had been read for a while.
        for _ in range(3):
            first_screen = type(app.screen)
            steps, hands = watch.steps, len(watch.hands_composed)
            await hold(pilot, clock, keys)
            await app.workers.wait_for_complete()
            await pilot.pause()
            watch.check()
            assert watch.steps - steps <= 1, f"one burst on {first_screen.__name__}"
            assert len(set(watch.hands_composed[hands:])) <= 1


async def test_the_first_repeat_of_a_held_key_is_not_a_second_press(monkeypatch):
    """The pause before auto-repeat looks like a person's pause; it is still the same
    held key."""
    clock = real_key_timing(monkeypatch)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = await start(pilot, played_to(Rules(), 3, lambda game: True), HUMANS, monkeypatch)
        assert isinstance(app.screen, HandoffScreen)
        await hold(pilot, clock, ["enter"], repeats=1)
        assert isinstance(app.screen, PainPickScreen) and not app.game.moves
        await deliberate(pilot, clock, "enter")  # now a second, deliberate press
        assert len(app.game.moves) == 1 and watch.steps == 2


async def test_a_deliberate_press_on_each_screen_still_moves_the_game(monkeypatch):
    """The guard is not a wall: one press after a pause works everywhere."""
    clock = real_key_timing(monkeypatch)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = await start(pilot, played_to(Rules(), 3, lambda game: True), HUMANS, monkeypatch)
        seen = []
        for _ in range(9):  # three hand-offs and picks, the reveal, a hand-off, a card
            seen.append(type(app.screen))
            steps = watch.steps
            await deliberate(pilot, clock, "enter")
            assert watch.steps == steps + 1, f"no step from {seen[-1].__name__}"
        assert {StichelnHandoffScreen, PainPickScreen, RevealScreen, StichelnTableScreen} <= set(
            seen
        )


async def test_tapping_enter_again_and_again_takes_the_keyboard_and_makes_no_move(monkeypatch):
    """Three presses a second are one burst: its first press, after a pause, takes the
    keyboard; the hand it shows waits for a press after a pause, which picks."""
    clock = real_key_timing(monkeypatch)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = await start(pilot, played_to(Rules(), 3, lambda game: True), HUMANS, monkeypatch)
        first = app.screen.seat
        await tap(pilot, clock, "enter", 20)
        assert set(watch.hands_composed) == {first}
        assert isinstance(app.screen, PainPickScreen) and not app.game.moves
        await deliberate(pilot, clock, "enter")  # after a pause: the pick
        assert len(app.game.moves) == 1
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat != first


async def test_keys_mashed_while_the_bots_play_do_not_play_the_humans_card(monkeypatch):
    """A lone human mashing Enter through the bots' turns: the card of their next turn
    waits for a press that began in that turn."""
    clock = real_key_timing(monkeypatch)
    game = played_to(Rules(), 3, lambda game: game.phase is Phase.PLAY)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = await start(pilot, game, SOLO, monkeypatch)
        await deliberate(pilot, clock, "enter")  # the reveal seen
        await app.workers.wait_for_complete()
        while not app.screen.view.legal_moves:  # the bots lead
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        moves, steps = len(app.game.moves), watch.steps
        await hold(pilot, clock, ["enter"], repeats=60)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.game.moves) > moves + 1  # Ann played, the bots answered
        assert app.screen.view.legal_moves, "Ann's next card waits for her"
        assert watch.steps == steps + 1


def test_the_rhythm_tells_a_held_key_from_presses(monkeypatch):
    shipped_guards(monkeypatch)
    rhythm = KeyRhythm()
    rhythm.press("enter", 10.0)
    assert rhythm.deliberate
    rhythm.press("enter", 10.5)  # the auto-repeat delay: looks quiet, but it is the key
    assert not rhythm.deliberate
    for step in range(1, 20):
        rhythm.press("enter", 10.5 + step * 0.04)
        assert not rhythm.deliberate and not rhythm.run_began_since(10.2)
    rhythm.press("enter", 12.0)  # let go, and pressed again
    assert rhythm.deliberate and rhythm.deliberate_since(11.5)
    rhythm.press("right", 12.1)  # a quick different key continues the run
    assert not rhythm.deliberate and rhythm.run_began_since(11.9)
    rhythm.press("enter", 12.45)  # mashed: a press a third of a second after the last
    assert not rhythm.deliberate and not rhythm.run_began_since(12.05)
    rhythm.press("enter", 13.0)  # a second press of a key, after a quiet moment
    assert rhythm.deliberate
    rhythm.click(13.01)  # a click is always deliberate
    assert rhythm.deliberate_since(13.0)
