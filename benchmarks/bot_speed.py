"""The strong computer player's speed: search iterations per second and seconds a move.

An iteration is one sampled deal played out to its end from one candidate move. The
strong bot (seat 0) plays two-deal classic games against normal bots at every table size
from 3 to 8; every one of its moves with a choice (pain picks and cards) is timed with
its full default playout budget (the time guard that protects slow machines switched off). The
baseline, in the same run: OpenSpiel's C++ ISMCTS bot (random rollouts, 1000
simulations a move) playing a hand of Hearts against random players; it needs the
optional extra: pip install '.[bench]'. Then the same for Hattrick's strong bot, two-deal
games at every table size from 4 to 7 (every legal move is a candidate, passes too), and
for Seven Seals' at 3 to 5 players (six-deal games, for more predictions), with the mean
and slowest move of each phase (predictions, cards, seals given back).

    python benchmarks/bot_speed.py [sticheln|hattrick|seven-seals]    # default: all
        [--deals N] [--playouts N]    # games of N deals; the strong bot's budget a move

Budgets: iterations/s at least half of ISMCTS' simulations/s; every move under 1 s (in
each game). The last line printed is JSON.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import time
from typing import Any

from report import budget, finish

from sticheln_tui.bots import make_bot
from sticheln_tui.core.hattrick import HattrickOptions
from sticheln_tui.core.seven_seals import SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.games import engine_of

MOVE_BUDGET_SECONDS = 1.0
ISMCTS_SIMULATIONS = 1000


# Each game's table sizes and two-deal options.
TABLES = {
    "sticheln": (range(3, 9), Rules(deals=2)),
    "hattrick": (range(4, 8), HattrickOptions(2)),
    "seven-seals": (range(3, 6), SevenSealsOptions(deals=6)),
}


def strong_moves(
    players: int,
    key: str = "sticheln",
    phases: dict[str, list[float]] | None = None,
    options: Any = None,
    playouts: int | None = None,
) -> tuple[list[float], int]:
    """Seconds of each strong move that had a choice in one game (`options`: the game's
    two-deal ones by default), and the playouts run; `phases` collects them by the game's
    phase too. `playouts`: the strong bot's budget a move (None: its own)."""
    options = TABLES[key][1] if options is None else options
    game = engine_of(key)([f"P{seat}" for seat in range(players)], options, 0, players)
    bots = [make_bot("strong" if seat == 0 else "normal", seat, key) for seat in range(players)]
    strong = bots[0]
    strong.time_limit = math.inf
    if playouts is not None:
        strong.playouts = playouts
    times = []
    while not game.finished:
        seat = game.to_move
        view = game.view(seat)
        started = time.perf_counter()
        move = bots[seat].choose(view)
        if seat == 0 and len(view.legal_moves) > 1:  # a last card needs no search
            times.append(time.perf_counter() - started)
            if phases is not None:
                phases.setdefault(str(view.phase), []).append(times[-1])
        game.apply(move)
    return times, strong.playouts_run


def ismcts_simulations_per_second() -> float | None:
    """OpenSpiel's ISMCTS on one hand of Hearts (seat 0), or None when not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rollouts = pyspiel.RandomRolloutEvaluator(1, 0)
    bot = pyspiel.ISMCTSBot(
        0, rollouts, 2.0, ISMCTS_SIMULATIONS, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    )
    rng = random.Random(0)
    state = game.new_initial_state()
    thinking = 0.0
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            started = time.perf_counter()
            action = bot.step(state)
            thinking += time.perf_counter() - started
            moves += 1
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return moves * ISMCTS_SIMULATIONS / thinking


def timed_tables(
    key: str,
    phases: dict[str, list[float]] | None = None,
    deals: int | None = None,
    playouts: int | None = None,
) -> tuple[list[float], float]:
    """Print one line per table size of `key`'s game; its iterations/s, and its slowest move.
    `deals` and `playouts` (None: the defaults) as for `strong_moves`."""
    sizes, options = TABLES[key]
    if deals is not None:
        options = dataclasses.replace(options, deals=deals)
    print(f"{key}:")
    print(
        f"{'players':>7} {'moves':>6} {'iterations/s':>13} {'median s':>9} {'p95 s':>6}"
        f" {'max s':>6}"
    )
    rates = []
    slowest = 0.0
    for players in sizes:
        times, played = strong_moves(players, key, phases, options, playouts)
        rates.append(played / sum(times))
        slowest = max(slowest, max(times))
        p95 = statistics.quantiles(times, n=20, method="inclusive")[-1]
        print(
            f"{players:>7} {len(times):>6} {rates[-1]:>13,.0f} {statistics.median(times):>9.3f}"
            f" {p95:>6.3f} {max(times):>6.3f}"
        )
    return rates, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"of {', '.join(TABLES)} (default: all)")
    parser.add_argument("--deals", type=int, help="deals a game (default: two, six for seals)")
    parser.add_argument("--playouts", type=int, help="the strong bot's budget a move")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(TABLES))
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    keys = args.games or list(TABLES)
    sizes = {"deals": args.deals, "playouts": args.playouts}
    rows = []
    if "sticheln" in keys:
        rates, slowest = timed_tables("sticheln", **sizes)
        baseline = ismcts_simulations_per_second()
        if baseline:
            print(f"OpenSpiel ISMCTS on Hearts: {baseline:,.0f} simulations/s")
        rows += [
            budget(
                "bot_iterations",
                statistics.median(rates),
                baseline,
                0.5,
                higher_is_better=True,
                unit="iterations/s",
            ),
            budget(
                "bot_seconds_per_move",
                slowest,
                MOVE_BUDGET_SECONDS,
                1.0,
                higher_is_better=False,
                unit="s (slowest move)",
            ),
        ]
    if "hattrick" in keys:
        _, slowest = timed_tables("hattrick", **sizes)
        rows.append(
            budget(
                "hattrick_bot_seconds_per_move",
                slowest,
                MOVE_BUDGET_SECONDS,
                1.0,
                higher_is_better=False,
                unit="s (slowest move)",
            )
        )
    if "seven-seals" in keys:
        phases: dict[str, list[float]] = {}
        _, slowest = timed_tables("seven-seals", phases, **sizes)
        print(f"{'phase':>7} {'moves':>6} {'mean s':>9} {'max s':>6}")
        for phase, times in phases.items():
            print(f"{phase:>7} {len(times):>6} {statistics.mean(times):>9.3f} {max(times):>6.3f}")
        rows.append(
            budget(
                "seven_seals_bot_seconds_per_move",
                slowest,
                MOVE_BUDGET_SECONDS,
                1.0,
                higher_is_better=False,
                unit="s (slowest move)",
            )
        )
    finish(rows)


if __name__ == "__main__":
    main()
