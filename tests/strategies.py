"""What the property tests share: the strategies that draw Sticheln's tables and seeds, the
positions played from them, and the check that two games are the same game. Test modules
import these from here, never from each other (tests/unit/test_architecture.py)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from sticheln_tui.core.game import Game, SeatView
from sticheln_tui.core.sticheln import Rules, tricks_per_deal
from sticheln_tui.core.table import TableGame

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def tables(draw, tie_break=None, deals=None) -> tuple[int, Rules]:
    """A player count and any option combination RULES.md allows for it.

    Forbidden combinations are never built: Reverse forces Mild and Zeros-trump off,
    Late forces Dark and pain-in-hand off, and the French deck needs four players.
    """
    players = draw(st.integers(min_value=3, max_value=8))
    reverse = draw(st.booleans())
    late = draw(st.booleans())
    rules = Rules(
        reverse=reverse,
        mild=False if reverse else draw(st.booleans()),
        harsh=draw(st.booleans()),
        dark=False if late else draw(st.booleans()),
        late=late,
        pain_in_hand=False if late else draw(st.booleans()),
        latest_trump=draw(st.booleans()),
        zeros_trump=False if reverse else draw(st.booleans()),
        dealer_leads=draw(st.booleans()),
        deals=draw(st.sampled_from([None, 1, 2]) if deals is None else deals),
        leftover_face_down=draw(st.booleans()),
        tie_break=draw(st.booleans() if tie_break is None else tie_break),
        french_deck=draw(st.booleans()) if players == 4 else False,
    )
    return players, rules


@st.composite
def positions(draw) -> Game:
    """A game under any options RULES.md allows, 3 to 8 players, played forward by random
    legal moves to somewhere in its only deal, before its last card."""
    players, rules = draw(tables(deals=st.just(1)))
    seed = draw(seeds)
    game = Game(NAMES[:players], rules, seed % players, seed)
    moves = players * (rules.picks + tricks_per_deal(players, rules))
    rng = random.Random(seed)
    for _ in range(draw(st.integers(min_value=0, max_value=moves - 1))):
        game.apply(rng.choice(game.legal_moves()))
    return game


def all_views(game: Game) -> tuple[SeatView, ...]:
    return (game.view(None), *(game.view(seat) for seat in range(len(game.players))))


def engine_state(game: TableGame) -> dict[str, object]:
    """Every field of the engine, the random stream by its state."""
    state = {name: value for name, value in vars(game).items() if name != "_rng"}
    state["_rng"] = game._rng.getstate()
    return state


def check_same_game(loaded: TableGame, original: TableGame) -> None:
    """The same game: players, options, seed, moves, results, phase, every view, every
    field of the engine and the position of its random stream."""
    assert type(loaded) is type(original)
    assert loaded.players == original.players
    assert loaded.options == original.options
    assert loaded.first_leader == original.first_leader
    assert loaded.seed == original.seed
    assert loaded.moves == original.moves
    assert loaded.results == original.results
    assert loaded.phase is original.phase
    assert loaded.to_move == original.to_move
    assert loaded.legal_moves() == original.legal_moves()
    assert all_views(loaded) == all_views(original)  # the public view, then every seat's
    assert loaded._rng.getstate() == original._rng.getstate()
    assert engine_state(loaded) == engine_state(original)
