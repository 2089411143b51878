"""Covers the game while the terminal is too small to lay it out."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from ..games import info_of
from ..i18n import N_, _

# Every screen is laid out for at least this much room (the table of 8 players).
MIN_WIDTH = 80
MIN_HEIGHT = 24
# Before a game is chosen; a game names itself in its own sentence (`GameInfo.needs_room`).
NEEDS_ROOM = N_(
    "The card table needs {needed_width}x{needed_height}; this terminal is {width}x{height}."
    " Nothing moves until it fits."
)


class TooSmallScreen(Screen):
    """Opaque, so nothing of a hand shows through; the game waits beneath it."""

    def __init__(self, size: Size, game: str | None) -> None:
        """`game`: the key of the game in hand; None before one is chosen."""
        super().__init__()
        self._terminal = size
        self._needs_room = info_of(game).needs_room if game is not None else NEEDS_ROOM

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small")

    def show_size(self, size: Size) -> None:
        """Say the new size (the terminal may change again before this screen is up)."""
        self._terminal = size
        for message in self.query("#too-small").results(Static):
            message.update(self._message())

    def _message(self) -> Text:
        return Text.assemble(
            (_("Please enlarge the terminal") + "\n\n", "bold"),
            _(self._needs_room).format(
                needed_width=MIN_WIDTH,
                needed_height=MIN_HEIGHT,
                width=self._terminal.width,
                height=self._terminal.height,
            )
            + "\n\n",
            (_("Ctrl+C saves and quits."), "dim"),
        )
