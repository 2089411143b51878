"""How long the app's event loop waits while the strong bot thinks in its thread.

The app runs a bot's search with `asyncio.to_thread`; Python's interpreter lock is shared,
so this measures what a key press would wait: the lateness of a 10 ms timer on the
event loop during five strong moves at the start of a 4-player classic deal (the
slowest moves). Our own target: 95% of ticks less than 50 ms late.

    python benchmarks/bot_thinking_lag.py

The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time

from sticheln_tui.bots import make_bot
from sticheln_tui.core.game import Game, Phase

TICK = 0.01
TARGET_P95_MS = 50.0


async def lags_while_thinking(moves: int = 5) -> list[float]:
    game = Game(["Ann", "Bob", "Cid", "Dee"], seed=3)
    normal = make_bot("normal", 0)
    while game.phase is Phase.PICK:
        game.apply(normal.choose(game.view(game.to_move)))
    strong = make_bot("strong", 1)
    lags = []
    for _ in range(moves):
        thinking = asyncio.ensure_future(asyncio.to_thread(strong.choose, game.view(game.to_move)))
        while not thinking.done():
            started = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append(time.perf_counter() - started - TICK)
    return sorted(lags)


def main() -> None:
    lags = asyncio.run(lags_while_thinking())
    figures = {
        "median_ms": round(1000 * statistics.median(lags), 1),
        "p95_ms": round(1000 * lags[int(0.95 * (len(lags) - 1))], 1),
        "max_ms": round(1000 * lags[-1], 1),
        "ticks": len(lags),
    }
    print(
        f"event-loop lag while the strong bot thinks: median {figures['median_ms']} ms, "
        f"p95 {figures['p95_ms']} ms, max {figures['max_ms']} ms ({figures['ticks']} ticks)"
    )
    print(
        json.dumps(
            {
                "benchmark": "bot_thinking_lag",
                **figures,
                "budget": TARGET_P95_MS,
                "met": figures["p95_ms"] < TARGET_P95_MS,
            }
        )
    )


if __name__ == "__main__":
    main()
