"""UI fuzzing: thousands of seeded random key presses, held keys and mashed bursts at
auto-repeat pace, clicks and resizes (down to 40x12) across every screen, at human-only
and mixed tables. The app must never raise, and a hand may only ever be on screen for the
human who took the keyboard for it with a deliberate press on their own hand-off (unless
one human plays alone with bots): never two humans' hands, never a hand left up while
the keyboard passes to another human next; and a burst moves the game one step at most."""

from __future__ import annotations

import asyncio
import random

import pytest
from key_patterns import TableWatch, TurnedClock, hold, press, real_key_timing
from textual import _wait as textual_wait
from textual.widgets import OptionList

from sticheln_tui import persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.bots.sticheln import strong as strong_module
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.options import OPTIONS, PRESETS, not_applicable, with_option
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.locations import saves_directory
from sticheln_tui.persistence import Record, SaveEntry
from sticheln_tui.screens.too_small import TooSmallScreen
from sticheln_tui.seats import LEVELS, Seat

# Held keys and mashes at auto-repeat pace.
BURSTS = [["enter"], ["space"], ["enter", "space", "enter", "right", "enter"], ["u", "enter"]]
SEEDS = range(4)
ACTIONS_PER_SEED = 500  # 2000 in all, in the slow run
QUICK_ACTIONS = 150  # the default run: the first seed's first inputs
KEYS = (
    ["enter"] * 10
    + ["left", "right", "up", "down"] * 2
    + ["space", "tab", "shift+tab", "escape", "home", "end", "pageup", "pagedown"]
    + ["u", "h", "s", "e", "b", "n", "y", "q", "question_mark", "f1", "a", "1", "x", "ctrl+p"]
)
ROOMY = [(80, 24), (100, 32), (120, 40)]
CRAMPED = [(40, 12), (60, 20), (79, 24), (80, 23)]


@pytest.fixture(autouse=True)
def quick_inputs(monkeypatch, tmp_path):
    monkeypatch.setattr(strong_module.StrongBot, "default_playouts", 20)
    monkeypatch.chdir(tmp_path)  # game records exported from the final screen land here
    # Pilot waits for the app to go idle in 20 ms naps after every input; shorter naps
    # let the same number of inputs through in a fraction of the time.
    monkeypatch.setattr(textual_wait, "SLEEP_GRANULARITY", 0.004)
    monkeypatch.setattr(textual_wait, "SLEEP_IDLE", 0.0004)


def random_table(rng: random.Random) -> tuple[list[Seat], Rules]:
    count = rng.randint(3, 5)
    humans = rng.choice([1, 2, 2, 3, count])
    seats = [Seat(f"P{seat}") for seat in range(count)]
    for seat in rng.sample(range(count), count - humans):
        level = rng.choice(LEVELS)
        seats[seat] = Seat(f"{level[:4]}{seat}", level)
    rules = PRESETS[rng.choice(list(PRESETS))]
    for option in rng.sample(OPTIONS, 3):
        greyed_out = option.field in not_applicable(rules)  # as at setup
        if not greyed_out and (option.field != "french_deck" or count == 4):
            rules = with_option(rules, option.field, rng.random() < 0.5)
    return seats, with_option(rules, "deals", 1)


def saved_late_game(rng: random.Random, finished: bool = False) -> SaveEntry:
    """A random table's game, played on by random moves to its last few tricks (or to
    its end), and saved."""
    seats, rules = random_table(rng)
    game = Game([seat.name for seat in seats], rules, seed=rng.randrange(1000))
    left = 0 if finished else len(seats) * 2
    while game.phase is not Phase.OVER and (finished or sum(game.view(None).hand_sizes) > left):
        game.apply(rng.choice(game.legal_moves()))
    record = Record(game, tuple(seat.level for seat in seats), len(game.results), True)
    path = persistence.new_save_path(saves_directory(), game.players)
    persistence.save(path, record)
    return SaveEntry(path, 0.0, record, None)


async def act(pilot, rng: random.Random, clock: TurnedClock, watch: TableWatch) -> None:
    roll = rng.random()
    covered = isinstance(pilot.app.screen, TooSmallScreen)
    # Some presses follow a pause, others come quickly after the one before.
    clock.advance(rng.choice([0.05, 0.15, 0.4, 1.0]))
    if covered and roll < 0.3:  # a cramped terminal is soon enlarged again
        await pilot.resize_terminal(*rng.choice(ROOMY))
    elif roll < 0.03:
        await pilot.resize_terminal(*rng.choice(ROOMY + CRAMPED))
    elif roll < 0.13:
        width, height = pilot.app.size
        await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
    elif roll < 0.25:  # a held key, or a mash, at auto-repeat pace
        steps = watch.steps
        await hold(pilot, clock, rng.choice(BURSTS), repeats=rng.randint(3, 12))
        assert watch.steps - steps <= 1, "a burst of keys moved the game more than a step"
    else:
        await press(pilot, clock, rng.choice(KEYS))  # waits until the app is idle again


async def fuzz(seed: int, actions: int, monkeypatch) -> int:
    """Plays `actions` random inputs over as many apps as it takes; returns screens seen."""
    rng = random.Random(seed)
    clock = real_key_timing(monkeypatch)
    kinds: set[str] = set()
    while actions > 0:
        start = rng.random()
        if start < 0.15:  # the first screen, sometimes with a game to continue
            app = StichelnApp(seed=rng.randrange(1000))
        elif start < 0.2:  # a damaged save (with its backup) offered at the start
            entry = saved_late_game(rng)
            persistence.save(entry.path, entry.record)
            entry.path.write_text(entry.path.read_text()[: rng.randrange(200)])
            app = StichelnApp()
        elif start < 0.25:  # the review of a finished game
            app = StichelnApp(resume=saved_late_game(rng, finished=True), review=True)
        elif start < 0.5:  # a saved game near the end of its deal
            app = StichelnApp(resume=saved_late_game(rng))
        else:
            seats, rules = random_table(rng)
            app = StichelnApp(players=seats, seed=rng.randrange(1000), rules=rules)
        watch = TableWatch(app, monkeypatch)
        async with app.run_test(size=rng.choice(ROOMY)) as pilot:
            session = rng.randint(40, 160)  # then another table, another starting point
            while session and actions > 0 and app.is_running and app.return_code is None:
                await asyncio.wait_for(act(pilot, rng, clock, watch), timeout=20)
                actions -= 1
                session -= 1
                watch.check()
                kinds.add(type(app.screen).__name__)
    return len(kinds)


@pytest.mark.parametrize(
    ("seed", "actions"),
    [
        (SEEDS[0], QUICK_ACTIONS),
        *(pytest.param(seed, ACTIONS_PER_SEED, marks=pytest.mark.slow) for seed in SEEDS),
    ],
)
async def test_random_input_never_raises_and_never_shows_two_hands(
    seed, actions, saves_in_a_temporary_directory, monkeypatch
):
    screens = await fuzz(seed, actions, monkeypatch)
    assert screens >= 5  # the fuzzing reached a good many kinds of screen
    # Every save it left loads (or, for those it damaged on purpose, their backup does).
    saves = persistence.list_saves(saves_in_a_temporary_directory)
    assert saves
    for entry in saves:
        if entry.record is None:
            persistence.load(persistence.backup_of(entry.path))


async def test_the_hand_watch_does_catch_a_hand_shown_without_a_hand_off(monkeypatch):
    app = StichelnApp(players=["Ann", "Bob", "Cid"], seed=1)
    watch = TableWatch(app, monkeypatch)
    async with app.run_test() as pilot:
        await pilot.pause()
        watch.check()
        app._show_next()  # the app's own rule: the mover is handed the keyboard first
        await pilot.pause()
        watch.check()
        # Bob's hand now, before Bob took the keyboard, is what a flow that forgot the
        # hand-off would show.
        with pytest.raises(AssertionError, match="without its owner's hand-off"):
            watch.check_hand(1)


async def test_paging_a_list_before_it_is_laid_out_does_not_crash():
    """Textual's OptionList raised KeyError on PageUp before its first layout (found by
    the fuzzing, in the command palette); the app guards it."""
    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        option_list = OptionList("one", "two", "three")
        option_list.styles.display = "none"  # options, but no size: no lines yet
        await app.screen.mount(option_list)
        option_list.highlighted = 1
        option_list.action_page_up()
        option_list.action_page_down()
        assert option_list.highlighted == 1
