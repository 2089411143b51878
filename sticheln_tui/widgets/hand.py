"""A player's hand: cards grouped by colour, with a cursor moved by arrows or the mouse."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import groupby

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..core.cards import Card
from ..i18n import N_
from .cards import big_card_lines, big_card_size, card_label, card_text, tall_card_lines

GROUP_GAP = 2  # columns between two colour groups (one between cards of a colour)


@dataclass(frozen=True)
class _Spot:
    row: int
    x: int
    width: int


def layout_hand(cards: tuple[Card, ...], widths: list[int], width: int) -> list[_Spot]:
    """Where each card goes: colour groups stay whole on a row when they fit. `widths`
    are the cards' in terminal cells, as they are drawn."""
    spots: list[_Spot] = []
    row = x = 0
    index = 0
    for _, group in groupby(cards, key=lambda card: card.colour):
        size = len(list(group))
        group_width = sum(widths[i] + 1 for i in range(index, index + size)) - 1
        if x and x + GROUP_GAP + group_width > width:
            row, x = row + 1, 0
        elif x:
            x += GROUP_GAP
        for i in range(index, index + size):
            label_width = widths[i]
            if x and x + label_width > width:
                row, x = row + 1, 0
            spots.append(_Spot(row, x, label_width))
            x += label_width + 1
        x -= 1
        index += size
    return spots


class Hand(Widget, can_focus=True):
    """Shows sorted cards; posts `Hand.CardChosen` from `choose()` or a second click.
    `big`: each card drawn as a card, three lines high (where the terminal has room);
    `tall` as well: five lines high (where it has the height too).

    Enter is bound by the screen, which names what choosing means there.
    """

    BINDINGS = [
        Binding("left", "move(-1)", N_("Choose"), show=False),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("up", "move_row(-1)", show=False),
        Binding("down", "move_row(1)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
    ]
    DEFAULT_CSS = """
    Hand { height: auto; min-height: 1; }
    """

    cursor: reactive[int] = reactive(0)
    big: reactive[bool] = reactive(False, layout=True)
    tall: reactive[bool] = reactive(False, layout=True)

    class CardChosen(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    class CursorMoved(Message):
        def __init__(self, card: Card | None) -> None:
            super().__init__()
            self.card = card

    def __init__(
        self,
        cards: tuple[Card, ...] = (),
        *,
        legal: Collection[Card] | None = None,
        pain_colours: Collection[str] = (),
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.cards = cards
        self.legal = set(cards if legal is None else legal)
        self.pain_colours = set(pain_colours)
        self.set_reactive(Hand.cursor, self._first_legal())
        self._clicked: int | None = None  # the card clicked last: a second click chooses it

    def show(
        self, cards: tuple[Card, ...], *, legal: Collection[Card], pain_colours: Collection[str]
    ) -> None:
        """Other cards, in place; the cursor stays near where it was (see `_kept_cursor`).
        No `CursorMoved` follows: the caller shows what depends on the cursor along with
        the rest of its update."""
        rows = self._rows()
        old_cards, old_cursor = self.cards, self.cursor
        self.cards = cards
        self.legal = set(legal)
        self.pain_colours = set(pain_colours)
        self._clicked = None
        self.set_reactive(Hand.cursor, self._kept_cursor(old_cards, old_cursor))
        # A new layout redraws the whole screen: only when the hand takes other rows.
        self.refresh(layout=self._rows() != rows)

    def _rows(self, width: int | None = None) -> int:
        spots = self._spots(width)
        return spots[-1].row + 1 if spots else 1

    def _kept_cursor(self, old_cards: tuple[Card, ...], old_cursor: int) -> int:
        """Where the cursor goes when the hand changes in place: onto a card come back (a
        take-back), else to the same place in the hand (after a play, the card played was
        under the cursor: now its neighbour is) or the nearest card there that may be
        chosen; on a wholly new hand, onto the first card that may be played."""
        returned = [i for i, card in enumerate(self.cards) if card not in old_cards]
        if len(returned) == len(self.cards):
            return self._first_legal()
        if returned:
            return returned[0]
        return self._nearest_legal(min(old_cursor, len(self.cards) - 1))

    def _nearest_legal(self, index: int) -> int:
        """`index`, or the nearest card that may be chosen (a game with a duty to follow
        dims some): the cursor never waits on a card Enter cannot play."""
        legal = [i for i, card in enumerate(self.cards) if card in self.legal]
        if not legal or index in legal:
            return index
        return min(legal, key=lambda i: (abs(i - index), i))

    def _first_legal(self) -> int:
        return next((i for i, card in enumerate(self.cards) if card in self.legal), 0)

    @property
    def focused_card(self) -> Card | None:
        return self.cards[self.cursor] if self.cards else None

    @property
    def cursor_region(self) -> Region:
        """Where the card under the cursor is on screen: the terminal cursor goes there."""
        spots = self._spots()
        if not spots:
            return self.content_region
        spot = spots[self.cursor]
        x, y = self.content_region.offset
        # A big card's middle line holds its letter and the cursor's marks.
        middle = self.row_height // 2
        return Region(x + spot.x, y + spot.row * self.row_height + middle, spot.width, 1)

    def _spots(self, width: int | None = None) -> list[_Spot]:
        if self.big:
            widths = [big_card_size(self.tall)[0]] * len(self.cards)
        else:
            widths = [
                cell_len(card_label(card, pain=card.colour in self.pain_colours))
                for card in self.cards
            ]
        return layout_hand(self.cards, widths, width or self.content_size.width or 80)

    @property
    def row_height(self) -> int:
        """The lines of a row of cards."""
        return big_card_size(self.tall)[1] if self.big else 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._rows(width) * self.row_height

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        spots = self._spots()
        height = self.row_height
        lines = [Text() for _ in range((spots[-1].row + 1) * height)]
        for i, spot in enumerate(spots):
            for part, line in zip(self._drawn(i), lines[spot.row * height :], strict=False):
                line.append(" " * (spot.x - line.cell_len))
                line.append_text(part)
        return Text("\n").join(lines)

    def _drawn(self, index: int) -> list[Text]:
        """The card at `index` as drawn now: its lines."""
        card = self.cards[index]
        looks = {
            "pain": card.colour in self.pain_colours,
            "focused": index == self.cursor and self.has_focus,
            "unavailable": card not in self.legal,
        }
        if self.big:
            return tall_card_lines(card, **looks) if self.tall else big_card_lines(card, **looks)
        return [card_text(card, **looks)]

    def on_mount(self) -> None:
        self.post_message(self.CursorMoved(self.focused_card))

    def watch_cursor(self, cursor: int) -> None:
        if cursor != self._clicked:
            self._clicked = None
        self.post_message(self.CursorMoved(self.focused_card))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)

    def action_move_row(self, step: int) -> None:
        spots = self._spots()
        if not spots:
            return
        here = spots[self.cursor]
        row = here.row + step
        same_row = [i for i, spot in enumerate(spots) if spot.row == row]
        if same_row:
            self.cursor = min(same_row, key=lambda i: abs(spots[i].x - here.x))

    def choose(self) -> None:
        """Choose the card under the cursor, if it may be chosen now."""
        card = self.focused_card
        if card is None:
            return
        if card not in self.legal:
            # No toast: it would outlive this screen and name a private card.
            self.app.bell()
            return
        self.post_message(self.CardChosen(card))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for i, spot in enumerate(self._spots()):
            if spot.row == offset.y // self.row_height and spot.x <= offset.x < spot.x + spot.width:
                if i == self._clicked:
                    self.choose()
                else:
                    self._clicked = i
                    self.cursor = i
                    self.focus()
                return
