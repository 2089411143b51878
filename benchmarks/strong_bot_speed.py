"""Seconds per move of the strong computer player, by number of players.

Plays whole classic games (the strong bot against normal bots) and times every strong
move, pain picks and cards: median, 95th percentile and slowest. The budget: every move
under 1 second.

    python benchmarks/strong_bot_speed.py [--games N]

The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from sticheln_tui.bots import make_bot
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules

BUDGET_SECONDS = 1.0


def strong_move_times(players: int, games: int) -> list[float]:
    """Thinking time of each move of the strong bot (seat 0): picks and cards."""
    times = []
    for index in range(games):
        game = Game([f"P{seat}" for seat in range(players)], Rules(), index % players, index)
        bots = [make_bot("strong" if seat == 0 else "normal", seat) for seat in range(players)]
        bots[0].time_limit = math.inf  # time the playout budget itself, not the guard
        while game.phase is not Phase.OVER:
            seat = game.to_move
            view = game.view(seat)
            started = time.perf_counter()
            move = bots[seat].choose(view)
            if seat == 0:
                times.append(time.perf_counter() - started)
            game.apply(move)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    args = parser.parse_args()
    rows = []
    print(f"{'players':>7} {'moves':>6} {'median s':>9} {'p95 s':>7} {'max s':>7}")
    for players in range(3, 9):
        times = sorted(strong_move_times(players, args.games))
        row = {
            "players": players,
            "moves": len(times),
            "median": round(statistics.median(times), 4),
            "p95": round(times[int(0.95 * (len(times) - 1))], 4),
            "max": round(times[-1], 4),
        }
        rows.append(row)
        print(
            f"{players:>7} {row['moves']:>6} {row['median']:>9.3f} {row['p95']:>7.3f}"
            f" {row['max']:>7.3f}"
        )
    slowest = max(row["max"] for row in rows)
    print(
        json.dumps(
            {
                "benchmark": "strong_bot_seconds_per_move",
                "by_players": rows,
                "project": slowest,
                "budget": BUDGET_SECONDS,
                "met": slowest < BUDGET_SECONDS,
            }
        )
    )


if __name__ == "__main__":
    main()
