"""Memory: peak resident set size of a whole game, against a minimal Textual app.

Each figure comes from a fresh process (its own peak, `ru_maxrss`): the game is an
8-player classic game played through the real app headless, one human (Pilot presses
Enter throughout) with the strong computer player and six easy ones; the baseline is a
minimal Textual app (one Static, one Footer) that takes the same number of key presses.

    python benchmarks/memory.py [--deals N]    # the game's deals (default: classic's five)

Budget: the game's peak within 1.5x the minimal app's. The last line printed is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import subprocess
import sys
import tempfile

SIZE = (100, 32)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


async def play_whole_game(deals: int | None = None) -> int:
    """One human and bots play a whole game (of `deals` deals; None: classic's); returns
    the key presses it took."""
    from sticheln_tui.app import StichelnApp
    from sticheln_tui.core.sticheln import Rules
    from sticheln_tui.screens.handoff import KEY_GUARDS
    from sticheln_tui.seats import Seat

    for owner, name in KEY_GUARDS:
        setattr(owner, name, 0.0)
    seats = [Seat("Ann"), Seat("Strong 2", "strong")]
    seats += [Seat(f"Easy {seat + 1}", "easy") for seat in range(2, 8)]
    rules = Rules() if deals is None else Rules(deals=deals)
    app = StichelnApp(players=seats, seed=8, rules=rules)
    app.BOT_PAUSE = 0.0
    presses = 0
    async with app.run_test(size=SIZE) as pilot:
        while app.game is None or not app.finished:
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("enter")
            presses += 1
    return presses


async def press_minimal_app(presses: int) -> None:
    from minimal_app import MinimalApp

    async with MinimalApp().run_test(size=SIZE) as pilot:
        for _ in range(presses):
            await pilot.press("x")
            await pilot.pause()


def child(which: str, presses: int, deals: int | None) -> None:
    """Run one side in this process and print its peak (and the presses it took)."""
    if which == "sticheln":
        presses = asyncio.run(play_whole_game(deals))
    else:
        asyncio.run(press_minimal_app(presses))
    print(f"{peak_rss_mb():.2f} {presses}")


def measure(
    which: str, presses: int, env: dict[str, str], deals: int | None = None
) -> tuple[float, int]:
    sizes = ["--presses", str(presses)] + ([] if deals is None else ["--deals", str(deals)])
    result = subprocess.run(
        [sys.executable, __file__, "--child", which, *sizes],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    peak, used = result.stdout.split()[-2:]
    return float(peak), int(used)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", choices=["sticheln", "minimal"], help=argparse.SUPPRESS)
    parser.add_argument("--presses", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--deals", type=int, help="the game's deals (default: classic's five)")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.presses, args.deals)
        return
    from report import budget, finish

    from sticheln_tui.locations import SAVES_ENV

    with tempfile.TemporaryDirectory() as saves:
        env = {**os.environ, SAVES_ENV: saves}
        ours, presses = measure("sticheln", 0, env, args.deals)
        baseline, _ = measure("minimal", presses, env)
    print(f"8-player game with the strong bot: {presses} key presses, peak {ours:.1f} MB")
    print(f"minimal app, as many presses: peak {baseline:.1f} MB")
    finish([budget("peak_rss", ours, baseline, 1.5, higher_is_better=False, unit="MB")])


if __name__ == "__main__":
    main()
