"""The trick table: whose turn, the trick, the players, and your hand."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ..core.cards import Card
from ..core.game import PlayCard, SeatView
from ..textual_fixes import KeysFooter
from ..widgets.hand import Hand
from ..widgets.static_text import update_text
from ..widgets.table_parts import (
    last_trick_text,
    leftover_text,
    play_hint,
    players_text,
    status_line,
    trick_stands,
    trick_text,
    turn_text,
)
from .private import PrivateScreen


def _table_texts(view: SeatView) -> dict[str, Text]:
    """What each part of the table shows, by widget id."""
    texts = {
        "status": status_line(view),
        "turn": turn_text(view),
        "players": players_text(view),
        "trick": trick_text(view),
        "last-trick": last_trick_text(view),
    }
    if view.leftover_count:  # the same all game long: shown from the start or never
        texts["leftover"] = leftover_text(view)
    return texts


class TableScreen(PrivateScreen):
    def compose(self) -> ComposeResult:
        texts = _table_texts(self.view)
        with Horizontal(id="top-line"):
            yield Static(texts["status"], id="status", classes="status")
            yield Static(texts["turn"], id="turn")
        with Horizontal(id="table-row"):
            players = Static(texts["players"], id="players")
            players.border_title = "Players (D: dealer)"
            yield players
            trick = Static(texts["trick"], id="trick")
            trick.border_title = self._trick_title()
            yield trick
        yield Static(texts["last-trick"], id="last-trick")
        if "leftover" in texts:
            yield Static(texts["leftover"], id="leftover", classes="leftover")
        yield self.make_hand()
        yield Static(id="hint")
        yield Static(id="advice")
        yield KeysFooter()

    def _trick_title(self) -> str:
        view = self.view
        if trick_stands(view):
            return f"Trick {view.trick_number - 1}/{view.tricks_per_deal}, taken"
        return f"Trick {view.trick_number}/{view.tricks_per_deal}"

    def show(self, view: SeatView) -> None:
        """The same seat's table a move later, updated in place: much quicker than a new
        screen, so a card played shows at once."""
        assert view.seat == self.view.seat, "a table shows one seat's view"
        self.restart(view)
        for widget_id, text in _table_texts(view).items():
            update_text(self.query_one(f"#{widget_id}", Static), text)
        self.query_one("#trick", Static).border_title = self._trick_title()
        self.update_hand()
        update_text(self.query_one("#advice", Static), Text())
        self._show_hint(self.query_one(Hand).focused_card)

    @on(Hand.CursorMoved)
    def show_hint(self, event: Hand.CursorMoved) -> None:
        self._show_hint(event.card)

    def _show_hint(self, card: Card | None) -> None:
        update_text(self.query_one("#hint", Static), play_hint(self.view, card))

    @on(Hand.CardChosen)
    def play(self, event: Hand.CardChosen) -> None:
        self.submit(PlayCard(event.card))
