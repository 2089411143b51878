"""The fast search cores as installed: compiled (`STICHELN_COMPILE=1 pip install .`) or plain.

Prints which build each fast core is, then, per game at four seats, playouts per second:
a dealt deal copied and played out by the rules of thumb with `FastDeal.play_out`, as the
strong bots' samples are. (The whole games in ints that engine_speed.py times are the
benchmarks' own, in plain Python.) Run it once under each install to compare:

    python benchmarks/compiled_speed.py [--seconds S]

The last line printed is JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType

from fast_engines import FastPlay

from sticheln_tui.bots.sticheln.world import sample_deal
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.seven_seals import SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.fast import hattrick, seven_seals, sticheln

PLAYERS = 4
DEALS = 32  # dealt before the clock starts, played out in turn
RULES = Rules()  # Sticheln's classic rules


def build(module: ModuleType) -> str:
    return "compiled" if module.__file__.endswith(tuple(EXTENSION_SUFFIXES)) else "plain"


def seat_names() -> list[str]:
    return [f"P{seat}" for seat in range(PLAYERS)]


def sticheln_deal(seed: int) -> sticheln.FastDeal:
    """A deal at its first card (pain picked at random), sampled from the mover's view."""
    game = Game(seat_names(), RULES, 0, seed)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_moves()))
    return sample_deal(game.view(game.to_move), rng).in_ints()


def hattrick_deal(seed: int) -> hattrick.FastDeal:
    game = HattrickGame(seat_names(), seed=seed)
    table = hattrick.tables(PLAYERS)
    return hattrick.FastDeal.of(table, game.hands, game.piles, game.passes, [], game.to_move)


def seven_seals_deal(seed: int) -> seven_seals.FastDeal:
    return FastPlay.dealt(PLAYERS, SevenSealsOptions(), seed).deal


def playouts(make_deal, score, seconds: float) -> float:
    """Playouts per second: copy a dealt deal, play it out, `score` it."""
    deals = [make_deal(seed) for seed in range(DEALS)]
    count = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        deal = deals[count % DEALS].copy()
        deal.play_out()
        score(deal)
        count += 1
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per figure")
    args = parser.parse_args()
    games = {
        "sticheln": (sticheln, sticheln_deal, sticheln.FastDeal.scores),
        "hattrick": (hattrick, hattrick_deal, hattrick.FastDeal.scores),
        "seven-seals": (seven_seals, seven_seals_deal, seven_seals.FastDeal.penalties),
    }
    print(f"{'game':>12} {'build':>9} {'playouts/s':>11}  ({PLAYERS} seats)")
    figures = {}
    for name, (module, make_deal, score) in games.items():
        per_second = playouts(make_deal, score, args.seconds)
        figures[name] = {"build": build(module), "playouts_per_s": round(per_second)}
        print(f"{name:>12} {build(module):>9} {per_second:>11,.0f}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
