"""What the game's screens tell the App: one message each, whichever screen sends it.

Defined apart from the screens, which are imported only once a game is played, so that
the App handles each with `@on(...)` from the start: a message renamed or gone fails at
import, not silently. Each screen names the messages it sends as its own (`HandoffScreen.
Accepted`), as Textual's own widgets do.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message


class HandOffAccepted(Message):
    """The seat a hand-off screen asked for took the keyboard."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


class MoveChosen(Message):
    """`seat` chose `move` on its screen; the game checks it."""

    def __init__(self, seat: int, move: Any) -> None:
        super().__init__()
        self.seat = seat
        self.move = move


class HurryRequested(Message):
    """Play the waiting computer player's card now."""


class RevealSeen(Message):
    """The table has seen the deal's opening (Sticheln's pain cards): on to the deal."""


class ScoresSeen(Message):
    """The table has seen the deal's scores: on to the next deal."""


class TableDecided(Message):
    """The table's answer on the scoreboard (a tie: an extra deal or a shared win)."""

    def __init__(self, move: Any) -> None:
        super().__init__()
        self.move = move


class NewGameRequested(Message):
    """To the setup form of the game in hand, for a new game (none in hand: the first
    screen)."""


class RematchRequested(Message):
    """The same table again, with new cards."""


class ExportRequested(Message):
    """Write the finished game's record for review."""


class ReviewRequested(Message):
    """Replay the finished game with the strong bot's review of the humans' moves."""


class BackupChosen(Message):
    """Play on from a damaged save's backup (`record`), in a new file."""

    def __init__(self, record: Any) -> None:
        super().__init__()
        self.record = record


class TakeUpRequested(Message):
    """The other window has let go of the save, or its lock file was put right: continue
    its game here, saying which (`notice`)."""

    def __init__(self, entry: Any, notice: str) -> None:
        super().__init__()
        self.entry = entry
        self.notice = notice


class MenuRequested(Message):
    """Back to the first screen (to choose another game, or leave a save alone)."""


class StartRequested(Message):
    """Start `game` with these seats, leader (a seat), seed (None: random) and options."""

    def __init__(
        self, game: str, seats: list[Any], leader: int, seed: int | None, options: object
    ) -> None:
        super().__init__()
        self.game = game
        self.seats = seats
        self.leader = leader
        self.seed = seed
        self.options = options
