"""Plain Tricks: a game defined here, outside the package, only to prove that a game is one
package. Nothing in sticheln_tui names it: a test registers it (`games.register(INFO)`), or
an installed package declares `plain_tricks:INFO` in the entry point group
`sticheln_tui.games`, and the table hosts it like its own games.

The rules: follow the colour led if you can; the highest card of that colour takes the
trick, and its taker leads the next; every trick is a point; the highest total after the
last deal wins. Its words stay English: they are in none of the table's catalogues.
"""

from __future__ import annotations

import argparse

from sticheln_tui.games import CommandLine, GameInfo

KEY = "plain-tricks"
TITLE = "Plain Tricks"


def options_from(args: argparse.Namespace) -> object:
    """Its one option, the number of deals (`--deals N`)."""
    from .engine import PlainOptions

    if "deals" not in args:
        return PlainOptions()
    if args.deals is None:
        raise ValueError(f"--deals per-player does not apply: {TITLE} has a number of deals")
    return PlainOptions(args.deals)


INFO = GameInfo(
    key=KEY,
    title=TITLE,
    quit_question=f"Quit {TITLE}?",
    needs_room=(
        TITLE + " needs {needed_width}x{needed_height}; this terminal is {width}x{height}."
        " The game waits until it fits."
    ),
    players=range(3, 6),
    play="plain_tricks.play",
    screens="plain_tricks.screens",
    command_line=CommandLine(options_from),
)
