"""The trick table: whose turn, the trick, the players, and your hand."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ..core.cards import Card
from ..core.game import Move, PlayCard
from ..i18n import N_, _
from ..textual_fixes import KeysFooter
from ..widgets.hand import Hand
from ..widgets.static_text import update_text
from ..widgets.table_parts import (
    PANEL_FRAME,
    AnyView,
    TrickSeat,
    last_trick_text,
    leftover_text,
    places_fit,
    play_hint,
    players_text,
    roomy_trick_text,
    seat_notes,
    status_line,
    table_name_width,
    trick_label,
    trick_seats,
    trick_stands,
    trick_text,
    turn_text,
)
from .private import PrivateScreen


class TableScreen(PrivateScreen):
    """A seat's table, updated in place. What a game's table shows is given by
    `table_texts`, `trick_title` and `consequence`; this one is Sticheln's."""

    # The panel of the seats, left of the trick: its widget id and title.
    SEATS_PANEL = ("players", N_("Players (D: dealer)"))

    def table_texts(self, width: int) -> dict[str, Text]:
        """What each part of the table shows at a terminal `width`, by widget id."""
        view = self.view
        names = table_name_width(view, width)
        texts = {
            "status": status_line(view),
            "turn": turn_text(view),
            "players": players_text(view, names),
            "trick": trick_text(view, names),
            "last-trick": last_trick_text(view),
        }
        if view.leftover_count:  # the same all game long: shown from the start or never
            texts["leftover"] = leftover_text(view)
        return texts

    def trick_places(self) -> tuple[Text, list[TrickSeat]]:
        """The note over the trick, and each seat's place in it (for the roomy table)."""
        return trick_seats(self.view)

    def place_notes(self, seat: int) -> list[Text]:
        """What the roomy table shows of a seat above its card."""
        return seat_notes(self.view, seat)

    def _texts(self, width: int) -> tuple[dict[str, Text], bool]:
        """`table_texts` at a terminal `width`, and whether the trick goes below the seats
        panel: on a roomy screen the trick is the seats' places, beside the panel if they
        fit there (at `ROOMY` they always fit below it, eight seats or fewer)."""
        texts = self.table_texts(width)
        if not self.roomy:
            return texts, False
        seats = texts[self.SEATS_PANEL[0]].plain.split("\n")
        beside = width - max(cell_len(line) for line in seats) - 2 * PANEL_FRAME
        stacked = not places_fit(beside, len(self.view.players))
        room = width - PANEL_FRAME if stacked else beside
        texts["trick"] = roomy_trick_text(self.view, *self.trick_places(), self.place_notes, room)
        return texts, stacked

    def trick_title(self) -> str:
        view = self.view
        if trick_stands(view):
            return _("Trick {number}/{tricks}, taken").format(
                number=view.trick_number - 1, tricks=view.tricks_per_deal
            )
        return trick_label(view.trick_number, view.tricks_per_deal)

    def consequence(self, card: Card | None) -> Text:
        """One line: what playing `card` now would do."""
        return play_hint(self.view, card)

    def compose(self) -> ComposeResult:
        texts = self.table_texts(self.app.size.width)
        seats_id, seats_title = self.SEATS_PANEL
        with Horizontal(id="top-line"):
            yield Static(texts["status"], id="status", classes="status")
            yield Static(texts["turn"], id="turn")
        with Horizontal(id="table-row"):
            seats = Static(texts[seats_id], id=seats_id)
            seats.border_title = _(seats_title)
            yield seats
            trick = Static(texts["trick"], id="trick")
            trick.border_title = self.trick_title()
            yield trick
        yield Static(texts["last-trick"], id="last-trick")
        if "leftover" in texts:
            yield Static(texts["leftover"], id="leftover", classes="leftover")
        yield self.make_hand()
        yield Static(id="hint")
        yield Static(id="advice")
        yield KeysFooter()

    def show(self, view: AnyView) -> None:
        """The same seat's table a move later, updated in place: much quicker than a new
        screen, so a card played shows at once."""
        assert view.seat == self.view.seat, "a table shows one seat's view"
        self.restart(view)
        self._update_texts()
        self.query_one("#trick", Static).border_title = self.trick_title()
        self.update_hand()
        update_text(self.query_one("#advice", Static), Text())
        self._show_hint(self.query_one(Hand).focused_card)

    def _update_texts(self) -> None:
        texts, stacked = self._texts(self.app.size.width)
        self.query_one("#table-row").set_class(stacked, "-stacked")
        for widget_id, text in texts.items():
            update_text(self.query_one(f"#{widget_id}", Static), text)

    def fit(self) -> None:
        self._update_texts()

    @on(Hand.CursorMoved)
    def show_hint(self, event: Hand.CursorMoved) -> None:
        self._show_hint(event.card)

    def _show_hint(self, card: Card | None) -> None:
        update_text(self.query_one("#hint", Static), self.consequence(card))

    @on(Hand.CardChosen)
    def play(self, event: Hand.CardChosen) -> None:
        move = self.move_for(event.card)
        if move is not None:
            self.submit(move)

    def move_for(self, card: Card) -> Move | None:
        """The move that choosing `card` in the hand makes, if any."""
        return PlayCard(card)
