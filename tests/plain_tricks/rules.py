"""Plain Tricks' rules help, built from the shared pieces every game's help is made of."""

from __future__ import annotations

from sticheln_tui.screens.rules_text import (
    ARROWS,
    QUIT,
    RULES_AND_COMMANDS,
    bullets,
    document,
    heading,
    keys_table,
    length_line,
    letters,
    this_game,
)

from . import TITLE
from .engine import COLOURS, MAX_PLAYERS, MIN_PLAYERS, VALUES, PlainOptions


def how_to_play() -> str:
    return document(
        heading(f"How to play {TITLE}"),
        f"**The cards.** Blue, red and green, {VALUES[0]} to {VALUES[-1]} each, shown with a"
        f" letter ({letters(COLOURS)}), for {MIN_PLAYERS} to {MAX_PLAYERS} players; what is"
        " left over when they are dealt out evenly lies face down, out of play.",
        "**A trick.** Follow the colour led if you can; the highest card of that colour"
        " takes the trick, and its taker leads the next.",
        "**Scoring.** Every trick is a point. After the last deal the highest total wins;"
        " equal totals share the win.",
        heading("Keys"),
        keys_table(
            [
                (ARROWS, "choose a card"),
                ("Enter", "play the chosen card; continue"),
                ("u", "take back the card you just played, until the next player moves"),
                *RULES_AND_COMMANDS,
                *QUIT,
            ]
        ),
    )


def rules_help(options: PlainOptions) -> str:
    """The options in force first, then how to play."""
    return document(this_game(TITLE), bullets(length_line(options.deals))) + "\n" + how_to_play()
