"""After-game review: a finished game step by step, every hand and pain card face up."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card
from .game import Game, Move, Phase, SeatView


@dataclass(frozen=True)
class Frame:
    """The table after `step` moves, as nobody saw it during play: all cards open."""

    step: int
    move: Move | None  # the move just made (None before the first)
    mover: int | None
    view: SeatView  # the public view, with every seat's pain cards shown
    hands: tuple[tuple[Card, ...], ...]  # by seat


def frames(finished: Game) -> list[Frame]:
    """Every position of a finished game, from the deal to the final scores.

    Raises ValueError for a game still being played: its hands are secret.
    """
    if finished.phase is not Phase.OVER:
        raise ValueError("the game is not finished, and a replay shows every hand")
    game = Game(finished.players, finished.rules, finished.first_leader, finished.seed)
    shown = [_frame(game, 0, None, None)]
    for step, move in enumerate(finished.moves, 1):
        mover = game.to_move
        game.apply(move)
        shown.append(_frame(game, step, move, mover))
    return shown


def _frame(game: Game, step: int, move: Move | None, mover: int | None) -> Frame:
    seats = range(len(game.players))
    views = [game.view(seat) for seat in seats]
    public = replace(
        game.view(None), pain_cards=tuple(views[seat].pain_cards[seat] for seat in seats)
    )
    return Frame(step, move, mover, public, tuple(view.hand for view in views))
