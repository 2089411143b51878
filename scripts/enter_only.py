"""The manual check of the acceptance: `sticheln --game GAME --players Ann,Bob,Cid,Dee
--seed 7`, pressing only Enter at a person's pace until "Game over" (Hattrick's five
deals: about twelve minutes; Seven Seals' four: about twelve too). Prints how many
presses it took.

Run from the project root: python scripts/enter_only.py [hattrick|seven-seals]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

# The system test's helpers, and the checkout's program rather than an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "system")]

from test_enter_only import enter_until_game_over  # noqa: E402


def main() -> None:
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as saves:
        game_key = sys.argv[1] if len(sys.argv) > 1 else "hattrick"
        presses, game = enter_until_game_over(Path(saves), game_key, "--seed", "7", timeout=3600)
    minutes = (time.monotonic() - started) / 60
    print(
        f"Game over after {presses} presses of Enter ({len(game.moves)} moves, "
        f"{len(game.results)} deals, totals {game.totals}) in {minutes:.1f} min"
    )


if __name__ == "__main__":
    main()
