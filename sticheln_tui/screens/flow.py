"""What every step of the game's flow shares."""

from __future__ import annotations

import time
from typing import ClassVar

from textual.screen import Screen


class FlowScreen(Screen):
    """A step of the game (hand-off, pick, table, reveal, scores).

    Keys are ignored for a moment after it appears, so a held or doubled Enter cannot
    carry straight through a hand-off into the next player's hand.
    """

    INPUT_GUARD_SECONDS: ClassVar[float] = 0.35

    def on_mount(self) -> None:
        self.guard_keys()

    def guard_keys(self) -> None:
        """From now, keys wait a moment: the screen is new, or shows something new."""
        self._shown_at = time.monotonic()

    def settled(self) -> bool:
        """Keys count once the screen has been up a moment, and not while a computer
        player works out a pick or a choice (the screen stays up meanwhile)."""
        if self.app.bot_thinking:
            return False
        return time.monotonic() - self._shown_at >= self.INPUT_GUARD_SECONDS
