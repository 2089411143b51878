"""After-game review: a finished game step by step, every hand (and every hidden card) face
up, for any game; and the decisions its players made, each with what its player saw."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .table import TableGame


@dataclass(frozen=True)
class Frame:
    """The table after `step` moves, as nobody saw it during play: all cards open."""

    step: int
    move: Any  # the move just made (None before the first), one of the game's moves
    mover: int | None
    view: Any  # the game's public view, with whatever it keeps face down turned up
    hands: tuple[tuple[Card, ...], ...]  # by seat


def frames(finished: TableGame) -> list[Frame]:
    """Every position of a finished game, from the deal to the final scores.

    Raises ValueError for a game still being played: its hands are secret.
    """
    if not finished.finished:
        raise ValueError("the game is not finished, and a replay shows every hand")
    game = finished.rewound(0)
    shown = [_frame(game, 0, None, None)]
    for step, move in enumerate(finished.moves, 1):
        mover = game.to_move
        game.apply(move)
        shown.append(_frame(game, step, move, mover))
    return shown


def _frame(game: TableGame, step: int, move: Any, mover: int | None) -> Frame:
    # The hands as the game holds them: a seat's view shows none once the game is over,
    # when each Hattrick player still holds the card set aside, as each saw it at the table.
    return Frame(step, move, mover, game.opened_view(), tuple(tuple(hand) for hand in game.hands))


@dataclass(frozen=True)
class Decision:
    """A move chosen among more than one legal move, and what its player saw then."""

    step: int  # the move's number in the game, from 1 (the replay's frame after it)
    view: Any  # the deciding seat's view just before the move: its own hand, no other
    move: Any


def decisions(finished: TableGame, seats: Collection[int]) -> list[Decision]:
    """Every decision these seats made in a finished game. Raises ValueError for a game
    still being played."""
    if not finished.finished:
        raise ValueError("the game is not finished")
    return decisions_from(finished.rewound(0), finished.moves, seats)


def decisions_from(
    start: TableGame, moves: Sequence[Any], seats: Collection[int]
) -> list[Decision]:
    """The decisions these seats made in `moves`, played on from `start` (a copy)."""
    game = start.clone()
    found = []
    for step, move in enumerate(moves, 1):
        seat = game.to_move
        if seat in seats:
            view = game.view(seat)
            if len(view.legal_moves) > 1:
                found.append(Decision(step, view, move))
        game.apply(move)
    return found
