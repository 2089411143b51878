"""Play many random games of Seven Seals with the property test's books: 3 to 5 players,
every combination of the saboteur variants, every rule of RULES.md 4 checked after every
move. Prints how many games and deals were played and what they went through.

Run from the project root: python scripts/soak_seven_seals.py [GAMES] [SEED]
(1000 games and seed 0 by default; a game has one to three deals).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

# The property test's books, and the checkout's engine rather than an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "unit")]

from test_seven_seals_properties import (  # noqa: E402
    NAMES,
    VARIANTS,
    SevenSealsGame,
    options_for,
    play_game,
)


def main(games: int = 1000, seed: int = 0) -> None:
    rng = random.Random(seed)
    started = time.monotonic()
    deals = 0
    events: Counter[str] = Counter()
    for number in range(games):
        players = rng.randint(3, 5)
        variant = VARIANTS[number % len(VARIANTS)]
        options = options_for(variant, rng.randint(1, 3))
        game = SevenSealsGame(NAMES[:players], options, rng.randrange(players), rng.getrandbits(64))
        try:
            books = play_game(game, rng, checks=0.2)
        except Exception:
            print(
                f"game {number} failed: SevenSealsGame({game.players}, {game.options}, "
                f"{game.first_leader}, {game.seed}) after {len(game.moves)} moves"
            )
            raise
        deals += books.deals
        events += books.events
    seconds = time.monotonic() - started
    print(f"{games} games, {deals} deals, every rule held ({seconds:.0f} s)")
    for event, count in sorted(events.items()):
        print(f"  {event}: {count}")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:3]))
