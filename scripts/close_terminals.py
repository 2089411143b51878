"""The manual check of a terminal closed as the screen changes, at a larger count than
the system test's: each program opens a save at a hand-off, Enter takes it, and its
terminal window is closed within 10 ms. Prints how many programs were still there two
seconds after the close, how long the others took to end, and how many saves were intact.

Run from the project root: python scripts/close_terminals.py [--closes N] [--at-once K]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

# The system test's helpers, and the checkout's program rather than an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "system")]

from test_signals import AT_ONCE, EXIT_LIMIT, close_terminals  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--closes", type=int, default=200, metavar="N", help="programs closed")
    parser.add_argument(
        "--at-once", type=int, default=AT_ONCE, metavar="K", help="programs running at a time"
    )
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as saves:
        closes = close_terminals(Path(saves), args.closes, args.at_once)
    ended = sorted(close.seconds for close in closes if close.seconds is not None)
    print(
        f"{len(closes)} terminals closed, {len(closes) - len(ended)} programs still there"
        f" {EXIT_LIMIT} s later; {sum(close.save_intact for close in closes)} saves intact;"
        f" exit statuses {sorted({close.status for close in closes})}"
    )
    if ended:
        print(
            f"seconds from the close to the end: median {statistics.median(ended):.2f},"
            f" slowest {ended[-1]:.2f}"
        )
    print(f"in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
