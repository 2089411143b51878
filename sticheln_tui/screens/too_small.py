"""Covers the game while the terminal is too small to lay it out."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from ..i18n import _

# Every screen is laid out for at least this much room (the table of 8 players).
MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallScreen(Screen):
    """Opaque, so nothing of a hand shows through; the game waits beneath it."""

    def __init__(self, size: Size) -> None:
        super().__init__()
        self._terminal = size

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
            _(
                "Sticheln needs {needed_width}x{needed_height}; this one is {width}x{height}."
                " The game waits until it fits."
            ).format(
                needed_width=MIN_WIDTH,
                needed_height=MIN_HEIGHT,
                width=self._terminal.width,
                height=self._terminal.height,
            )
            + "\n\n",
            (_("Ctrl+C saves and quits."), "dim"),
        )
