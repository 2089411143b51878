"""Engine throughput: random legal play of whole games, through the engine's public API
and through a whole game in ints (fast_engines.py).

As a search would, each game here is a clone of a dealt game (32 of them, dealt before
the clock starts), played to its end by random legal moves: `clone()`, `legal_moves()`,
`apply()`; the later deals of a game are dealt on the clock, inside `apply()`. Hands
(deals) per second and decisions (moves) per second for 3 to 8 players under each
preset, once through `core.game.Game` (the engine API: move objects, checked moves, a
log) and once through `FastGame` (fast_engines.py: the same games in ints, on the fast
search core's tables and trick; the same seed deals the same cards). The baseline, in the
same process: OpenSpiel's Hearts driven from Python the same way (32 dealt hands cloned
and played out with random legal actions, passes included); it needs the optional extra:
pip install '.[bench]'.

    python benchmarks/engine_speed.py [--seconds S]

Budget: FastGame's decisions/s at least Hearts' (the median over every table size and
preset); the engine API's figure is printed beside it. Hattrick (4 to 7 players) and Seven
Seals (3 to 5, with and without every saboteur variant) are measured the same way, through
their engines and their games in ints, and printed beside it, outside the budget. The last
line printed is JSON.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from fast_engines import FastGame, FastHattrickGame, FastPlay
from report import budget, finish

from sticheln_tui.core.game import Game
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions

ROOTS = 32  # freshly dealt games to clone from, per table


def random_play(make_game, seconds: float, players: int) -> tuple[float, float]:
    """(hands/s, decisions/s) of random play from clones of dealt games; `make_game(seed)`
    deals one for `players` seats."""
    roots = [make_game(seed) for seed in range(ROOTS)]
    rng = random.Random(players)
    hands = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = roots[hands % ROOTS].clone()
        while not game.finished:
            game.apply(rng.choice(game.legal_moves()))
            decisions += 1
        hands += len(game.results)
    elapsed = time.perf_counter() - started
    return hands / elapsed, decisions / elapsed


def names(players: int) -> list[str]:
    return [f"P{seat}" for seat in range(players)]


def sticheln_games(players: int, preset: str, seconds: float) -> tuple[float, float]:
    rules = PRESETS[preset]
    return random_play(
        lambda seed: Game(names(players), rules, seed % players, seed), seconds, players
    )


def fast_sticheln_games(players: int, preset: str, seconds: float) -> tuple[float, float]:
    rules = PRESETS[preset]
    return random_play(
        lambda seed: FastGame(players, rules, seed % players, seed), seconds, players
    )


def other_games(seconds: float) -> None:
    """Hattrick's and Seven Seals' random play, printed beside Sticheln's: through the
    engine and through the fast core (Seven Seals' fast core plays a deal's cards, so its
    row starts after the prediction round and counts deals)."""
    every_variant = SevenSealsOptions(
        saboteur_costs_5=True, escalating_saboteur=True, saboteur_auction=True
    )
    for players in range(4, 8):
        engine = random_play(
            lambda seed, n=players: HattrickGame(names(n), seed=seed), seconds, players
        )
        fast = random_play(lambda seed, n=players: FastHattrickGame(n, seed=seed), seconds, players)
        print_row(f"hattrick {players} pl", engine, fast)
    for options, label in ((SevenSealsOptions(), "seals"), (every_variant, "seals+var")):
        for players in range(3, 6):
            engine = random_play(
                lambda seed, n=players, o=options: SevenSealsGame(names(n), o, seed=seed),
                seconds,
                players,
            )
            fast = random_play(
                lambda seed, n=players, o=options: FastPlay.dealt(n, o, seed), seconds, players
            )
            print_row(f"{label} {players} pl", engine, fast)


def print_row(label: str, engine: tuple[float, float], fast: tuple[float, float]) -> None:
    print(
        f"{label:>18} {engine[0]:>9,.0f} {engine[1]:>12,.0f} | {fast[0]:>9,.0f} {fast[1]:>12,.0f}"
    )


def hearts_games(seconds: float) -> tuple[float, float] | None:
    """(hands/s, decisions/s) of OpenSpiel's Hearts, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    rng = random.Random(0)
    game = pyspiel.load_game("hearts")
    roots = []
    for _ in range(ROOTS):  # dealt before the clock starts, as ours are
        root = game.new_initial_state()
        while root.is_chance_node():
            root.apply_action(rng.choice(root.chance_outcomes())[0])
        roots.append(root)
    hands = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = roots[hands % ROOTS].clone()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        hands += 1
    elapsed = time.perf_counter() - started
    return hands / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="time per measurement")
    args = parser.parse_args()
    engine = []
    fast = []
    hearts = []
    print(f"{'table':>18} {'hands/s':>9} {'decisions/s':>12}   (engine API | fast core)")
    for preset in PRESETS:
        for players in range(3, 9):
            # Interleaved with the baseline, so a busy machine slows all alike.
            hands, decisions = sticheln_games(players, preset, args.seconds)
            engine.append(decisions)
            fast_hands, fast_decisions = fast_sticheln_games(players, preset, args.seconds)
            fast.append(fast_decisions)
            print_row(
                f"{preset:>11} {players} pl", (hands, decisions), (fast_hands, fast_decisions)
            )
            measured = hearts_games(args.seconds / 3)
            if measured:
                hearts.append(measured[1])
    baseline = statistics.median(hearts) if hearts else None
    if baseline:
        print(f"{'OpenSpiel Hearts':>18} {'':>9} {baseline:>12,.0f}")
        print(f"engine API: {statistics.median(engine) / baseline:.2f}x Hearts' decisions/s")
    other_games(args.seconds)
    row = budget(
        "engine fast core",
        statistics.median(fast),
        baseline,
        1.0,
        higher_is_better=True,
        unit="decisions/s",
    )
    finish([row])


if __name__ == "__main__":
    main()
