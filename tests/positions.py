"""Prepared positions that tests of several kinds start from (no Textual here)."""

from __future__ import annotations

from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


def tied_game() -> Game:
    """A one-deal tie-break game, played with the first legal move, that ends tied."""
    rules = Rules(deals=1, tie_break=True)
    for seed in range(500):
        game = Game(NAMES[:3], rules, seed=seed)
        while game.phase not in (Phase.TIE, Phase.OVER):
            game.apply(game.legal_moves()[0])
        if game.phase is Phase.TIE:
            return game
    raise AssertionError("no tied game in 500 seeds")
