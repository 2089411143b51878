"""What every step of the game's flow shares."""

from __future__ import annotations

import time
from typing import ClassVar

from textual import events, on
from textual.message import Message
from textual.screen import Screen


class KeyGuardedScreen(Screen):
    """A screen that acts only on keys that began after it appeared: a key held or
    mashed on the screen before never acts on this one."""

    def on_mount(self) -> None:
        self.guard_keys()

    def on_screen_resume(self) -> None:
        # Uncovered (a dialog, the help, a request to enlarge the terminal gone): keys
        # held or mashed meanwhile do not act on what shows again.
        self.guard_keys()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        # Timed as it reaches the screen, before the click it starts is acted on.
        self.app.key_rhythm.click(time.monotonic())  # type: ignore[attr-defined]  # the game's App

    def guard_keys(self) -> None:
        """From now, keys wait a moment: the screen is new, or shows something new."""
        self._shown_at = time.monotonic()

    def keys_began_here(self) -> bool:
        return self.app.key_rhythm.run_began_since(self._shown_at)  # type: ignore[attr-defined]


class FlowScreen(KeyGuardedScreen):
    """A step of the game (hand-off, pick, table, reveal, scores).

    It moves the game on only for keys that began after it appeared, and not in its first
    moment: a held, doubled or mashed Enter moves the game one step, never through a
    hand-off into the next player's hand.
    """

    INPUT_GUARD_SECONDS: ClassVar[float] = 0.35
    # A hand just shown is looked at before a move counts: a second press soon after the
    # one that showed it (a hand-off's, the scores') is a double press, not a choice.
    FIRST_LOOK_SECONDS: ClassVar[float] = 1.0
    # Set by the app while a computer player works out a pick or a choice behind it.
    bot_thinking = False
    # Set by the app on a seat's screen that shows a hand not on screen a moment ago.
    first_look = False
    _moved_on = False  # the game was asked to move on from what this screen shows

    def on_mount(self) -> None:
        self._fit_room()

    @on(events.Resize)
    @on(events.ScreenResume)  # the terminal may have been resized beneath another screen
    def _fit_room(self) -> None:
        """The layout for the terminal's size: from `ROOMY` on, the screen has the class
        `-roomy` (for the stylesheet) and draws its cards big."""
        # Imported here: the first screen, no game screen, starts without the cards.
        from ..widgets.cards import is_roomy
        from ..widgets.hand import Hand

        roomy = is_roomy(self.app.size)
        self.set_class(roomy, "-roomy")
        for hand in self.query(Hand):
            hand.big = roomy
        self.fit()

    @property
    def roomy(self) -> bool:
        return self.has_class("-roomy")

    def fit(self) -> None:
        """Redraw what depends on the terminal's size: its width, or `roomy`."""

    def show_anew(self) -> None:
        """The screen shows the game a move later: keys wait a moment again, as on a new
        screen, and the game may be asked to move on once more."""
        self.guard_keys()
        self._moved_on = False

    def move_on(self, message: Message) -> None:
        """Ask the app to move the game on, once: keys that reach this screen after
        (a held or doubled key, while the next screen is on its way) are stale."""
        if self._moved_on:
            return
        if self.settled():
            self._moved_on = True
            self.post_message(message)
        elif not self.bot_thinking:
            self.too_soon()

    def too_soon(self) -> None:
        """A move was asked for by keys that do not count yet (see `settled`)."""

    def settled(self) -> bool:
        """Keys count once the screen has been up a moment (a hand just handed over, a
        second), if they were not already held or mashed when it appeared, and not while
        a computer player works out a pick or a choice (the screen stays up meanwhile)."""
        if self.bot_thinking or self.looking():
            return False
        if time.monotonic() - self._shown_at < self.INPUT_GUARD_SECONDS:
            return False
        return self.keys_began_here()

    def looking(self) -> bool:
        """The hand on this screen was not on screen a moment ago, and is being looked at."""
        return self.first_look and time.monotonic() - self._shown_at < self.FIRST_LOOK_SECONDS
