"""Text for the parts of any trick game's table, drawn from a view of it (a seat's or
the public one): where the game stands, whose turn it is, and the trick, a line a seat or,
on a roomy screen, the seats' places side by side. Each game's parts module says what its
own panels show (screens/GAME/parts.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from ..core.cards import Card
from ..core.game import SeatView
from ..core.table import TableView
from ..i18n import N_, _, ngettext
from .cards import (
    BIG_CARD_HEIGHT,
    BIG_CARD_WIDTH,
    TALL_CARD_HEIGHT,
    TALL_CARD_WIDTH,
    big_card_lines,
    card_text,
    tall_card_lines,
    unbroken_lines,
    words,
)
from .names import fit_name

PANEL_FRAME = 4  # a panel's border and padding, left and right
# A view of any game: the fields they share (Sticheln's `SeatView` is older than `TableView`).
AnyView = SeatView | TableView
# On a roomy screen (`cards.is_roomy`) a table shows the trick as the seats' places.
COLUMN_GAP = 2  # cells between two seats' places in the roomy trick
PLACE_MIN = 2 + 8 + COLUMN_GAP  # a seat's place: the turn mark, a name cut to 8 cells, a gap


def places_fit(width: int, seats: int, tall: bool = False) -> bool:
    """Whether `seats` places fit side by side in `width` cells (`tall`: with the cards
    five lines high, which are wider)."""
    place = 2 + TALL_CARD_WIDTH + COLUMN_GAP if tall else PLACE_MIN
    return width >= seats * place


@dataclass(frozen=True)
class TrickSeat:
    """A seat's place in the trick, in play order: the card it played (None: not yet),
    the words shown dim before it (a pass) and the mark after it (who wins)."""

    seat: int
    card: Card | None = None
    shown: str = ""
    mark: str = ""


def compact_trick_text(view: AnyView, note: Text, seats: Sequence[TrickSeat], names: int) -> Text:
    """The trick a line a seat: `Bob [ 7 Y]  ◀ winning`, `Cid ...` (to play), `Dee ·`."""
    lines = [note]
    for place in seats:
        line = Text(fit_name(view.players[place.seat], names, view.players))
        if place.card is None:
            waiting = place.seat == view.to_move
            line.append(" ")
            line.append("..." if waiting else "·", style="bold blink" if waiting else "dim")
        else:
            if place.shown:
                line.append(f" {place.shown} ", style="dim")
            else:
                line.append(" ")
            line.append_text(card_text(place.card))
            line.append(place.mark, style="bold")
        lines.append(line)
    return Text("\n").join(lines)


def roomy_trick_text(
    view: AnyView,
    note: Text,
    seats: Sequence[TrickSeat],
    seat_notes: Callable[[int], list[Text]],
    width: int,
    tall: bool = False,
) -> Text:
    """The trick as the seats' places side by side, in play order, in `width` cells: the
    name (`▶` whose turn it is), the seat's `seat_notes` (tricks taken, pain card...),
    the card it played drawn big (`tall`: five lines high), and under it what it does."""
    return Text("\n").join([note, Text(), *roomy_places(view, seats, seat_notes, width, tall)])


def roomy_places(
    view: AnyView,
    seats: Sequence[TrickSeat],
    seat_notes: Callable[[int], list[Text]],
    width: int,
    tall: bool = False,
    current: bool = True,
) -> list[Text]:
    """The lines of `roomy_trick_text` below its note (not `current`: a trick taken
    before, which marks nobody's turn)."""
    column = min(width // max(len(seats), 1), 3 * (BIG_CARD_WIDTH + COLUMN_GAP))
    inner = column - COLUMN_GAP
    to_move = view.to_move if current else None
    columns = [
        _roomy_place(view, place, seat_notes(place.seat), inner, tall, to_move) for place in seats
    ]
    height = max((len(cells) for cells in columns), default=0)
    rows = [Text() for _ in range(height)]
    for cells in columns:
        cells += [Text()] * (height - len(cells))
        for row, cell in zip(rows, cells, strict=True):
            cell.truncate(inner)
            row.append_text(cell)
            row.append(" " * (inner - cell.cell_len + COLUMN_GAP))  # unstyled, unlike pad
    for row in rows:
        row.rstrip()
    return rows


def _roomy_place(
    view: AnyView, place: TrickSeat, notes: list[Text], inner: int, tall: bool, to_move: int | None
) -> list[Text]:
    """A seat's place, its lines indented past the `▶` that marks whose turn it is."""
    seat = place.seat
    indent = "  "
    name = Text("▶ " if seat == to_move else indent, style="bold")
    name.append(
        fit_name(view.players[seat], inner - len(indent), view.players),
        style="bold" if seat == view.seat else "",
    )
    if place.card is not None:
        card = tall_card_lines(place.card) if tall else big_card_lines(place.card)
    else:
        card = _empty_place(seat == to_move, tall)
    # Under the card, the mark's words alone (the compact line's arrow points sideways),
    # in lines as wide as the card's place.
    if place.mark:
        mark = unbroken_lines(words(place.mark.replace("◀", "")), inner - len(indent))
        mark.stylize("bold")
    else:
        mark = unbroken_lines(words(place.shown), inner - len(indent))
        mark.stylize("dim")
    lines = [*notes, Text()] if notes else []
    lines += [*card, *mark.split("\n")]
    return [name, *(Text(indent) + line for line in lines)]


def _empty_place(waiting: bool, tall: bool) -> list[Text]:
    """The card's place, empty: the seat to play waits with `...` in it."""
    inner = (TALL_CARD_WIDTH if tall else BIG_CARD_WIDTH) - 2
    height = TALL_CARD_HEIGHT if tall else BIG_CARD_HEIGHT
    dots = Text.assemble(("┆", "dim"), (f"{'...' if waiting else '':^{inner}}", "bold blink"))
    dots.append("┆", style="dim")
    sides = Text(f"┆{' ' * inner}┆", style="dim")
    middle = [sides] * ((height - 3) // 2)
    return [
        Text(f"╭{'┄' * inner}╮", style="dim"),
        *middle,
        dots,
        *middle,
        Text(f"╰{'┄' * inner}╯", style="dim"),
    ]


def deal_label(view: AnyView) -> str:
    if view.deal > view.deals_total:
        return _("Extra deal {number}").format(number=view.deal - view.deals_total)
    return _("Deal {deal}/{deals}").format(deal=view.deal, deals=view.deals_total)


# Every game's phases are strings (StrEnum), named alike where they are alike: Sticheln
# picks and chooses, Seven Seals predicts and a trick's winner gives back a seal.
TRICK_PHASES = frozenset({"play", "return"})
DOING = {
    "pick": N_("{name} to pick"),
    "play": N_("{name} to play"),
    "choose": N_("{name} to choose"),
    "predict": N_("{name} to predict"),
    "return": N_("{name} to give back a seal"),
}


def trick_label(number: int, tricks: int) -> str:
    """`Trick 6/14`."""
    return _("Trick {number}/{tricks}").format(number=number, tricks=tricks)


def game_status(title: str, view: AnyView, rules_note: str = "", room: int | None = None) -> Text:
    """`Title  Deal 2/5  Trick 6/14  note` from any game's view (the deal and trick
    fields are common to every game's view). A note that does not fit in `room` cells
    (None: any) goes on a second line, whole, rather than being cut or broken."""
    text = Text()
    text.append(_(title), style="bold")
    text.append(f"  {deal_label(view)}")
    if view.phase in TRICK_PHASES:
        text.append("  ")
        text.append(trick_label(view.trick_number, view.tricks_per_deal))
    if rules_note:
        fits = room is None or text.cell_len + 2 + cell_len(rules_note) <= room
        text.append(("  " if fits else "\n") + rules_note, style="italic")
    return text


def status_room(width: int, turn: Text) -> int:
    """The cells the status line has on a screen `width` wide, beside the `turn_text`
    (each padded a cell either side)."""
    return width - turn.cell_len - 4


def turn_text(view: AnyView) -> Text:
    if view.to_move is None:
        return Text(_("Game over"), style="bold")
    name = view.players[view.to_move]
    if view.to_move == view.seat:
        return Text(_("Your turn, {name}").format(name=name), style="bold reverse")
    return Text(_(DOING.get(view.phase, N_("{name} to decide"))).format(name=name))


def trick_stands(view: AnyView) -> bool:
    """The trick just taken stays in view until the next one's first card, as it would
    on a real table (in every game: its view's phase "play", trick and last trick)."""
    return view.phase == "play" and not view.trick and view.last_trick is not None


def totals_text(public: AnyView, signed: bool = True) -> str:
    """`Ann +12, Bob -3, Cid +7`: everybody's total after the deals scored so far (not
    `signed`: penalty points, `Ann 12, Bob 3`)."""
    pairs = zip(public.players, public.totals, strict=True)
    return ", ".join(f"{name} {total:+d}" if signed else f"{name} {total}" for name, total in pairs)


def points_words(points: int) -> str:
    """`+3 points`: what a seat would score if the deal ended now."""
    # Translators: the points a seat would score if the deal ended now, with their sign.
    return ngettext("{points} point", "{points} points", abs(points)).format(points=f"{points:+d}")


def no_trick_taken_yet() -> Text:
    """The line on the last trick before any trick of the deal is taken."""
    return Text(_("Last trick: none yet this deal"), style="dim")
