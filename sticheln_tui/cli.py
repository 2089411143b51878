"""The `sticheln` command: parse the command line, then start the app.

Textual is imported only once a game is really started, so `--help` stays quick.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .core.names import check_names


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not the whole usage
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    problem = check_names(names)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return names


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sticheln",
        description="Play Sticheln, the trick-taking card game, at one keyboard (hot seat).",
        epilog="Example: sticheln --players Ann,Bob,Cid --seed 7",
    )
    parser.add_argument(
        "--players",
        type=_names,
        metavar="NAMES",
        help="comma-separated names of 3 to 8 players, in seat order; skips the setup screen",
    )
    parser.add_argument(
        "--first",
        metavar="NAME",
        help="the player who leads the first trick (the youngest); default: the first name",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help="a whole number that fixes the shuffles, so the same game can be played again",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    first_leader = 0
    if args.first is not None:
        if args.players is None:
            parser.error("--first needs --players")
        folded = [name.casefold() for name in args.players]
        if args.first.strip().casefold() not in folded:
            parser.error(f"--first {args.first!r} is not one of the players")
        first_leader = folded.index(args.first.strip().casefold())

    from .app import StichelnApp

    StichelnApp(players=args.players, first_leader=first_leader, seed=args.seed).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
