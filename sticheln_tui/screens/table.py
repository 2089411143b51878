"""The trick table: whose turn, the trick, the players, and your hand."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ..core.game import PlayCard
from ..widgets.footer import KeysFooter
from ..widgets.hand import Hand
from ..widgets.table_parts import (
    last_trick_text,
    leftover_text,
    play_hint,
    players_text,
    status_line,
    trick_text,
    turn_text,
)
from .private import PrivateScreen


class TableScreen(PrivateScreen):
    def compose(self) -> ComposeResult:
        view = self.view
        with Horizontal(id="top-line"):
            yield Static(status_line(view), classes="status")
            yield Static(turn_text(view), id="turn")
        with Horizontal(id="table-row"):
            players = Static(players_text(view), id="players")
            players.border_title = "Players (D: dealer)"
            yield players
            trick = Static(trick_text(view), id="trick")
            trick.border_title = f"Trick {view.trick_number}/{view.tricks_per_deal}"
            yield trick
        yield Static(last_trick_text(view), id="last-trick")
        if view.leftover_count:
            yield Static(leftover_text(view), classes="leftover")
        yield self.make_hand()
        yield Static(id="hint")
        yield Static(id="advice")
        yield KeysFooter()

    @on(Hand.CursorMoved)
    def show_hint(self, event: Hand.CursorMoved) -> None:
        self.query_one("#hint", Static).update(play_hint(self.view, event.card))

    @on(Hand.CardChosen)
    def play(self, event: Hand.CardChosen) -> None:
        self.submit(PlayCard(event.card))
