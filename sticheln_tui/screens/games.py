"""Which screens a game shows: each game's `GameScreens`, which the App asks for by the
game's key (`games.screens_of`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text

from ..widgets.situation import GameWords

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..seats import Seat
    from .handoff import HandoffScreen
    from .private import PrivateScreen
    from .replay import ReplayScreen
    from .scoreboard import ScoreboardScreen
    from .setup import SetupScreen
    from .table import TableScreen


@dataclass(frozen=True)
class GameScreens:
    """A game's screens and what they say; every field but the last three is the game's own."""

    # The form of a new game: (options, seed, table, leader).
    setup: Callable[[Any, int | None, Sequence[Seat], int | None], SetupScreen]
    # The rules help of these options: the options in force first, then how to play.
    rules_help: Callable[[Any], str]
    how_to_play: Callable[[], str]  # the rules help of the game, no options in force
    table: type[TableScreen]  # a seat's table during play, updated in place
    handoff: type[HandoffScreen]
    scoreboard: type[ScoreboardScreen]  # a deal's scores, and game over
    last_event_text: Callable[..., Text]  # the last move, as the whole table saw it
    replay: type[ReplayScreen]  # a finished game's record, every hand open
    # The table as everybody may see it, no hand: (public view, terminal width) -> texts.
    public_table: Callable[[Any, int], list[Text]]
    words: GameWords  # what the `i` key says of the table, from a view
    # A seat's screen for a private choice outside play (None: the game has none).
    choice: Callable[..., PrivateScreen] | None = None
    # The phases a seat's table shows (others: `choice`).
    table_phases: tuple[str, ...] = ("play",)
    # The deal's opening, shown to all from the public view (None: the game has none; its
    # flow hooks say when one is due, `GameHooks.reveal_due`).
    reveal: Callable[[Any], Screen] | None = None
