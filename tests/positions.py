"""Prepared positions that tests of several kinds start from (no Textual here)."""

from __future__ import annotations

import random
from collections.abc import Callable

from sticheln_tui.bots.seven_seals.world import fitted_prediction
from sticheln_tui.core import seven_seals
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions
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


def seven_seals_until(
    done: Callable[[SevenSealsGame], bool],
    players: int = 4,
    seed: int = 1,
    seeds: int = 1,
    options: SevenSealsOptions | None = None,
) -> SevenSealsGame:
    """A Seven Seals game played forward with seeded random legal moves until `done`; the
    first of `seeds` games from `seed` on that gets there."""
    for game_seed in range(seed, seed + seeds):
        game = SevenSealsGame(NAMES[:players], options or SevenSealsOptions(), seed=game_seed)
        rng = random.Random(game_seed)
        while not done(game) and not game.finished:
            game.apply(rng.choice(game.legal_moves()))
        if done(game):
            return game
    raise AssertionError("the position never came")


def random_seven_seals_move(game: SevenSealsGame, rng: random.Random):
    """A random legal move; in the prediction round the saboteur half the time it is
    offered (so auctions happen), else a random prediction of up to two seals a colour
    (drawn directly, from the game's own books: listing every legal prediction, as a
    seat's view does, is slow)."""
    if game.phase is not seven_seals.Phase.PREDICT:
        return rng.choice(game.legal_moves())
    if game._saboteur_offer() is not None and rng.random() < 0.5:
        return seven_seals.TakeSaboteur()
    wanted = {colour: rng.choice((0, 0, 1, 2)) for colour in seven_seals.COLOURS}
    return fitted_prediction(wanted, game.supply, game.seals, game.to_move)
