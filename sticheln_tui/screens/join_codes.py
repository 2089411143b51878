"""The codes with which the players at screens of their own join the table, shown on the
screen that opened it: one line a code, and how to use it in a terminal, over ssh or in
a browser."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..i18n import N_, _
from .flow import KeyGuardedScreen


class JoinCodesScreen(KeyGuardedScreen, ModalScreen[None]):
    """The join lines of the table; Enter or Escape plays on (the game waits beneath)."""

    BINDINGS = [
        Binding("enter,escape", "close", N_("Play")),
        Binding("f1,question_mark", "app.rules", N_("Rules"), key_display="?"),
    ]

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__()
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="join-codes"):
            yield Static(Text(_("Players at screens of their own"), style="bold"), id="join-title")
            yield Static(Text("\n".join(self.lines)), id="join-lines")
            how = _(
                "Each code is one player's key to this table: give it only to that player. "
                "In a terminal here or over ssh (ssh this-machine sticheln join CODE), or in "
                "a browser at sticheln serve's page /join/CODE. The table waits for each "
                "player's screen; Ctrl+P, Join codes shows this again."
            )
            yield Static(Text(how), id="join-how")
            yield Static(Text(_("Enter: play")), id="join-play")

    def action_close(self) -> None:
        # A key held from the form that opened the table does not skip the codes.
        if self.keys_began_here():
            self.dismiss(None)
