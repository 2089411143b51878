"""The opaque hand-off screen: whose turn it is, and nothing private."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Static

from ..i18n import N_, _
from ..key_rhythm import KeyRhythm
from ..textual_fixes import KeysFooter
from .flow import FlowScreen
from .messages import HandOffAccepted

STATUS_ROOM = 58  # the box's width (app.tcss, #handoff) but for its border and padding


class HandoffScreen(FlowScreen):
    """Shown between two humans. It receives only the public view, of any game: the
    game's hand-off says where the game stands (`status`) and, for a private choice
    before play, what the next player is about to do (`prompt`)."""

    BINDINGS = [Binding("enter", "reveal", N_("Show my cards"), priority=True)]
    # Passing the keyboard to the next player takes longer than this, without a key.
    HAND_OVER_SECONDS: ClassVar[float] = 1.0

    Accepted = HandOffAccepted

    def __init__(self, public: Any, seat: int, last_event: Text) -> None:
        super().__init__()
        assert public.seat is None, "the hand-off screen gets the public view only"
        self.view = public
        self.seat = seat
        self.last_event = last_event

    def status(self) -> Text:
        """Where the game stands, in `STATUS_ROOM` cells: `Hattrick  Deal 2/5  Trick 6/14`."""
        raise NotImplementedError(f"{type(self).__name__} has no status line")

    def prompt(self) -> str:
        """The next player's "{name}, press Enter to ..." in the player's language: one
        whole message for each thing they may be about to do, so that each language words
        its own sentence. Into play, by default."""
        return see_your_hand()

    def compose(self) -> ComposeResult:
        name = self.view.players[self.seat]
        with Vertical(id="handoff"):
            yield Static(self.status(), id="handoff-status")
            # Translators: the next player's name follows on a line of its own.
            yield Static(_("Pass the keyboard to"), classes="handoff-line")
            yield Static(Text(" ".join(name.upper())), id="handoff-name")
            if self.last_event:
                yield Static(self.last_event, classes="handoff-line")
            yield Static(
                _("Nobody else should look at the screen now."), classes="handoff-line dim"
            )
            with Center():
                prompt = self.prompt().format(name=name)
                yield Static(Text(prompt), id="handoff-prompt")
        yield KeysFooter()

    def action_reveal(self) -> None:
        # Only a deliberate press after the quiet of a keyboard changing hands: a held,
        # mashed or quickly tapped key never passes it on.
        rhythm = self.app.key_rhythm  # type: ignore[attr-defined]  # the game's App keeps it
        deliberate = rhythm.deliberate_since(self._shown_at)
        if deliberate and rhythm.quiet_before >= self.HAND_OVER_SECONDS:
            self.move_on(self.Accepted(self.seat))


def see_your_hand() -> str:
    """The prompt of a hand-off into play, in every game."""
    return _("{name}, press Enter to see your hand")


# Every timing guard on the keys, as (owner, attribute): what presses keys faster than any
# person (the tests, the screenshots, the benchmarks) sets them all to 0.
KEY_GUARDS = (
    (FlowScreen, "INPUT_GUARD_SECONDS"),
    (FlowScreen, "FIRST_LOOK_SECONDS"),
    (KeyRhythm, "QUIET_GAP"),
    (KeyRhythm, "REPEAT_DELAY"),
    (HandoffScreen, "HAND_OVER_SECONDS"),
)
