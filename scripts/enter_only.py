"""The manual check of the acceptance: `sticheln --game GAME --players Ann,Bob,Cid,Dee
--seed 7`, pressing only Enter at a person's pace until "Game over" (Hattrick's five
deals: about twelve minutes; Seven Seals' four: about twelve too). Prints how many
presses it took.

Run from the project root: python scripts/enter_only.py [hattrick|seven-seals] [--most N]
(`--most N`: stop after N presses, game over or not: a run that only checks it starts).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

# The system test's helpers, and the checkout's program rather than an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "system")]

from test_enter_only import enter_until_game_over  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=["hattrick", "seven-seals"], default="hattrick")
    parser.add_argument("--most", type=int, metavar="N", help="stop after N presses of Enter")
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as saves:
        presses, game = enter_until_game_over(
            Path(saves), args.game, "--seed", "7", timeout=3600, most=args.most
        )
    minutes = (time.monotonic() - started) / 60
    ended = "Game over after" if game.finished else "Stopped before game over, after"
    print(
        f"{ended} {presses} presses of Enter ({len(game.moves)} moves, "
        f"{len(game.results)} deals, totals {game.totals}) in {minutes:.1f} min"
    )


if __name__ == "__main__":
    main()
