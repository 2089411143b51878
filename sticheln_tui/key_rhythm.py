"""Telling a deliberate key press from a held or mashed key, by its timing alone.

A terminal sends a held key as one press, a pause (its auto-repeat delay, a quarter to
two thirds of a second), then a repeat every 20 to 100 ms; it never says that a key is
still down. A hand hurrying the bots mashes a key three or four times a second. So a
press counts as deliberate when no key came for half a second before it, and it is not
the first repeat of a deliberate press of the same key; the keys that follow it closer
than that are one burst with it."""

from __future__ import annotations

import math
from typing import ClassVar


class KeyRhythm:
    """Follows every key press and click the app receives, in order."""

    # No key at all for this long before a deliberate press: auto-repeat and mashing
    # (presses 250 to 400 ms apart) come faster.
    QUIET_GAP: ClassVar[float] = 0.5
    # The same key again this soon after a deliberate press may be the first repeat of a
    # held key (terminals wait up to about 0.66 s before repeating).
    REPEAT_DELAY: ClassVar[float] = 0.7

    def __init__(self) -> None:
        self._last_key: str | None = None
        self._last_at = -math.inf
        self.deliberate = False  # the latest press was deliberate
        self.quiet_before = math.inf  # seconds without a key before the latest press
        self._run_began = -math.inf  # when the latest deliberate press came

    def press(self, key: str, at: float) -> None:
        """A key arrived at `at` (seconds, monotonic)."""
        gap = self.quiet_before = at - self._last_at
        first_repeat = key == self._last_key and self.deliberate and gap < self.REPEAT_DELAY
        self.deliberate = gap >= self.QUIET_GAP and not first_repeat
        self._last_key, self._last_at = key, at
        if self.deliberate:
            self._run_began = at

    def click(self, at: float) -> None:
        """A mouse button went down: always deliberate, nothing repeats it."""
        self.quiet_before = at - self._last_at
        self._last_key, self._last_at = None, at
        self.deliberate = True
        self._run_began = at

    def deliberate_since(self, moment: float) -> bool:
        """The latest press was deliberate and came after `moment`."""
        return self.deliberate and self._run_began > moment

    def run_began_since(self, moment: float) -> bool:
        """The keys arriving now began with a deliberate press after `moment`: they
        were not already held or mashed then."""
        return self._run_began > moment
