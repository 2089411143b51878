"""Responsiveness: key press to repaint when a card is played, over whole games.

Pilot drives the real app headless (100x32): Ann against three easy computer players,
a whole classic game (5 deals); the bots' reading pause and the key guard are off, so
only the app's own work is timed. For every card Ann plays with Enter, the latency runs
from the key press to the first frame the screen composes after the card is on the
table. The baseline, in the same run: a minimal Textual app whose key press updates a
Static, timed the same way.

    python benchmarks/responsiveness.py [--games N] [--deals N]

Budget: our p95 within 2x the minimal app's p95. The last line printed is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from minimal_app import MinimalApp
from report import budget, finish
from textual.app import App

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.locations import SAVES_ENV
from sticheln_tui.screens.handoff import KEY_GUARDS
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.seats import Seat

SIZE = (100, 32)


def watch_frames(app: App, changes) -> list[tuple[float, int]]:
    """Record (time, `changes()`) whenever the app's current screen composes a frame."""
    frames: list[tuple[float, int]] = []
    display = app._display

    def recording_display(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and screen is app.screen:
            frames.append((time.perf_counter(), changes()))

    app._display = recording_display
    return frames


def latency(frames: list[tuple[float, int]], pressed: float, before: int) -> float:
    """Seconds from the press to the first frame showing more than `before` changes."""
    return next(at for at, seen in frames if at >= pressed and seen > before) - pressed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[round(share * (len(ordered) - 1))]


async def game_latencies(seed: int, rules: Rules) -> list[float]:
    seats = [Seat("Ann"), Seat("Easy 2", "easy"), Seat("Easy 3", "easy"), Seat("Easy 4", "easy")]
    app = StichelnApp(players=seats, seed=seed, rules=rules)
    app.BOT_PAUSE = 0.0
    results = []
    async with app.run_test(size=SIZE) as pilot:
        frames = watch_frames(app, lambda: len(app.game.moves) if app.game else 0)
        while app.game is None or not app.finished:
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            playing = isinstance(screen, TableScreen) and screen.view.legal_moves
            before = len(app.game.moves)
            pressed = time.perf_counter()
            await pilot.press("enter")
            if playing:
                await pilot.pause()
                results.append(latency(frames, pressed, before))
    return results


async def minimal_latencies(presses: int) -> list[float]:
    app = MinimalApp()
    results = []
    async with app.run_test(size=SIZE) as pilot:
        frames = watch_frames(app, lambda: app.count)
        for _ in range(presses):
            await pilot.pause()
            before = app.count
            pressed = time.perf_counter()
            await pilot.press("x")
            await pilot.pause()
            results.append(latency(frames, pressed, before))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="whole games to play")
    parser.add_argument("--deals", type=int, default=5, help="deals a game (default: 5)")
    args = parser.parse_args()
    for owner, name in KEY_GUARDS:
        setattr(owner, name, 0.0)
    with tempfile.TemporaryDirectory() as saves:
        os.environ[SAVES_ENV] = saves
        ours: list[float] = []
        baseline: list[float] = []
        for seed in range(args.games):  # each game, then as many presses of the baseline
            played = asyncio.run(game_latencies(seed, Rules(deals=args.deals)))
            ours += played
            baseline += asyncio.run(minimal_latencies(len(played)))
    for name, values in (("Sticheln, a card played", ours), ("minimal app", baseline)):
        print(
            f"{name}: {len(values)} presses, p50 {1000 * statistics.median(values):.1f} ms,"
            f" p95 {1000 * percentile(values, 0.95):.1f} ms, max {1000 * max(values):.1f} ms"
        )
    rows = [
        budget(
            "key_to_repaint_p95",
            percentile(ours, 0.95),
            percentile(baseline, 0.95),
            2.0,
            higher_is_better=False,
            unit="s",
        ),
    ]
    finish(rows)


if __name__ == "__main__":
    main()
