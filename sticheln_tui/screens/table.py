"""The trick table of any game: whose turn, the trick, the seats, and your hand."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.widgets import Static

from ..core.cards import Card
from ..core.table import PlayCard
from ..i18n import _
from ..textual_fixes import KeysFooter
from ..widgets.cards import big_card_size
from ..widgets.hand import Hand, layout_hand
from ..widgets.static_text import update_text
from ..widgets.trick_table import (
    PANEL_FRAME,
    TrickSeat,
    no_trick_taken_yet,
    places_fit,
    roomy_places,
    roomy_trick_text,
)
from .private import Move, PrivateScreen

# The roomy table's choices, the best first: the hand's cards tall, the trick's cards
# tall, the last trick as a row of cards in a panel (their cards tall, big) or a line.
_ROOM_CHOICES = (
    (True, True, "tall"),
    (True, True, "big"),
    (False, True, "big"),
    (False, False, "big"),
    (False, True, "line"),
    (False, False, "line"),
)
_GAPS = ("table-row", "last-trick", "hand")  # the parts with the height left above them
MAX_GAP = 4  # lines: more would part the table into bands
PANEL_BORDERS = 2
# Below the hand: a line's margin and the hint (two lines in a few games), the advice a
# hint gives, the keys.
BOTTOM_LINES = 1 + 2 + 1 + 1


@dataclass(frozen=True)
class _Room:
    """How a table uses the terminal's height (all false and no gap below `ROOMY`)."""

    stacked: bool = False  # the trick below the seats panel
    tall_hand: bool = False  # the hand's cards five lines high
    last_trick_panel: bool = False  # the last trick as a row of cards in a panel
    gap: int = 0  # lines above each of `_GAPS`


def _lines(text: Text) -> int:
    return len(text.plain.split("\n"))


def _spaced(seats: Text, lines: int) -> Text:
    """The seats panel's text (a heading, then a line a seat) as high as the trick's
    `lines` beside it: a blank line between the seats where that leaves room for them."""
    heading, *rows = seats.split("\n")
    if 2 * len(rows) <= lines:
        seats = Text("\n").join([heading, Text("\n\n").join(rows)])
    return seats.append("\n" * max(lines - _lines(seats), 0))


def _no_notes(seat: int) -> list[Text]:
    return []


class TableScreen(PrivateScreen):
    """A seat's table, updated in place, laid out for the terminal's size. What a game's
    table shows is its own: `SEATS_PANEL`, `table_texts`, `trick_title`, `trick_places`,
    `last_places`, `place_notes` and `consequence` (`PartsTableScreen` takes all but the
    first two and the last from the game's parts module)."""

    # The panel of the seats, left of the trick: its widget id and title (marked N_).
    SEATS_PANEL: ClassVar[tuple[str, str]]

    def table_texts(self, width: int) -> dict[str, Text]:
        """What each part of the table shows at a terminal `width`, by widget id: "status",
        "turn", the seats panel's id, "trick", "last-trick" and, if the game has cards out
        of play, "leftover"."""
        raise NotImplementedError(f"{type(self).__name__} draws no table_texts")

    def trick_places(self) -> tuple[Text, list[TrickSeat]]:
        """The note over the trick, and each seat's place in it (for the roomy table)."""
        raise NotImplementedError(f"{type(self).__name__} has no trick_places")

    def place_notes(self, seat: int) -> list[Text]:
        """What the roomy table shows of a seat above its card."""
        raise NotImplementedError(f"{type(self).__name__} has no place_notes")

    def last_places(self, taken: Any) -> tuple[Text, list[TrickSeat]]:
        """The note over the trick just `taken`, and each seat's place in it."""
        raise NotImplementedError(f"{type(self).__name__} has no last_places")

    def trick_title(self) -> str:
        """The trick panel's title: `Trick 6/14`."""
        raise NotImplementedError(f"{type(self).__name__} has no trick_title")

    def consequence(self, card: Card | None) -> Text:
        """One line: what playing `card` now would do."""
        raise NotImplementedError(f"{type(self).__name__} has no consequence")

    def _texts(self, size: Size) -> tuple[dict[str, Text], _Room]:
        """`table_texts` for a terminal of `size`, and how the roomy table uses its
        height (`_Room`). On a roomy screen the trick is the seats' places, beside the
        seats panel if they fit there (at `ROOMY` they always fit below it, eight seats or
        fewer); the trick's and the hand's cards are tall and the last trick a row of cards
        in a panel where the height allows, and what height is left is shared out between
        the parts."""
        texts = self.table_texts(size.width)
        if not self.roomy:
            return texts, _Room()
        seats = texts[self.SEATS_PANEL[0]].plain.split("\n")
        beside = size.width - max(cell_len(line) for line in seats) - 2 * PANEL_FRAME
        count = len(self.view.players)
        stacked = not places_fit(beside, count)
        room = size.width - PANEL_FRAME if stacked else beside
        line = texts["last-trick"]
        for tall_hand, tall, last_trick in _ROOM_CHOICES:
            texts["trick"] = roomy_trick_text(
                self.view,
                *self.trick_places(),
                self.place_notes,
                room,
                tall=tall and places_fit(room, count, tall=True),
            )
            panel = last_trick != "line"
            if panel:
                last = self._last_trick_cards(size.width - PANEL_FRAME, last_trick == "tall")
                texts["last-trick"] = last
            else:
                texts["last-trick"] = line
            used = self._height_used(texts, stacked, panel, tall_hand, size.width)
            spare = size.height - used
            # Tall cards in the hand only where the parts keep a line between them.
            if spare >= (len(_GAPS) if tall_hand else 0):
                break
        if not stacked:
            seats_id = self.SEATS_PANEL[0]
            texts[seats_id] = _spaced(texts[seats_id], _lines(texts["trick"]))
        gap = min(max(spare, 0) // len(_GAPS), MAX_GAP)
        return texts, _Room(stacked, tall_hand, panel, gap)

    def _last_trick_cards(self, width: int, tall: bool) -> Text:
        """The trick taken last as the seats' places, their cards drawn big (`tall`: five
        lines high), in `width` cells; before the first, a line saying so over the places,
        empty."""
        taken = self.view.last_trick
        if taken is None:
            note = no_trick_taken_yet()
            places = [TrickSeat(seat) for seat in range(len(self.view.players))]
        else:
            note, places = self.last_places(taken)
        tall = tall and places_fit(width, len(places), tall=True)
        rows = roomy_places(self.view, places, _no_notes, width, tall, current=False)
        return Text("\n").join([note, *rows])

    def _height_used(
        self, texts: dict[str, Text], stacked: bool, panel: bool, tall_hand: bool, width: int
    ) -> int:
        """The lines the roomy table takes with these `texts`, besides its gaps."""
        seats = _lines(texts[self.SEATS_PANEL[0]]) + PANEL_BORDERS
        trick = _lines(texts["trick"]) + PANEL_BORDERS
        last = _lines(texts["last-trick"]) + (PANEL_BORDERS if panel else 0)
        leftover = _lines(texts["leftover"]) if "leftover" in texts else 0
        cards = self._hand_lines(tall_hand, width - PANEL_FRAME)
        table = seats + trick if stacked else max(seats, trick)
        top = _lines(texts["status"])
        return top + table + last + leftover + cards + PANEL_BORDERS + BOTTOM_LINES

    def compose(self) -> ComposeResult:
        texts = self.table_texts(self.app.size.width)
        seats_id, seats_title = self.SEATS_PANEL
        with Horizontal(id="top-line"):
            yield Static(texts["status"], id="status", classes="status")
            yield Static(texts["turn"], id="turn")
        with Horizontal(id="table-row"):
            seats = Static(texts[seats_id], id=seats_id, classes="seats-panel")
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

    def show(self, view: Any) -> None:
        """The same seat's table a move later, updated in place: much quicker than a new
        screen, so a card played shows at once. A table put up but not yet mounted (a
        bot's card can land meanwhile) takes the view now and draws it on mounting."""
        assert view.seat == self.view.seat, "a table shows one seat's view"
        if not self.is_attached or self not in self.app.screen_stack:
            return  # being taken down: replaced, or the app is ending
        if not self.is_mounted:
            self.view = view
            return
        self.restart(view)
        self._update_texts()
        self._draw_view()
        update_text(self.query_one("#advice", Static), Text())

    def on_mount(self) -> None:
        self._draw_view()  # the view may have moved on since the widgets were made

    def _draw_view(self) -> None:
        """The trick's title, the hand and the hint under it, for this screen's view."""
        self.query_one("#trick", Static).border_title = self.trick_title()
        self.update_hand()
        self._show_hint(self.query_one(Hand).focused_card)

    def _hand_lines(self, tall: bool, width: int) -> int:
        """The lines of the hand's big cards (`tall`: five lines high) in `width` cells."""
        cards = self.query_one(Hand).cards
        card_width, card_height = big_card_size(tall)
        spots = layout_hand(cards, [card_width] * len(cards), width)
        return (spots[-1].row + 1 if spots else 1) * card_height

    def _update_texts(self) -> None:
        texts, room = self._texts(self.app.size)
        self.query_one(Hand).tall = room.tall_hand
        self.query_one("#table-row").set_class(room.stacked, "-stacked")
        last_trick = self.query_one("#last-trick", Static)
        last_trick.set_class(room.last_trick_panel, "-panel")
        last_trick.border_title = _("Last trick") if room.last_trick_panel else None
        for widget_id in _GAPS:
            self.query_one(f"#{widget_id}").styles.margin = (room.gap, 0, 0, 0)
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


class PartsTableScreen(TableScreen):
    """A table whose trick and seats are drawn by its game's own `parts` module: each
    game's module offers these functions under the same names."""

    # Set on each game's class (not a ClassVar: mypy would take `parts = parts` there for
    # an instance variable).
    parts: ModuleType

    def trick_title(self) -> str:
        return self.parts.trick_title(self.view)

    def trick_places(self) -> tuple[Text, list[TrickSeat]]:
        return self.parts.trick_seats(self.view)

    def last_places(self, taken: Any) -> tuple[Text, list[TrickSeat]]:
        return self.parts.taken_seats(self.view, taken)

    def place_notes(self, seat: int) -> list[Text]:
        return self.parts.seat_notes(self.view, seat)
