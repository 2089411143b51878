"""After-game review of a finished game: step through every move with all hands open."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ..core.game import DealResult, Move, SeatView
from ..core.options import pain_word
from ..core.review import Frame
from ..i18n import N_, _
from ..textual_fixes import KeysFooter
from ..widgets.cards import CARD_WIDTH, cards_text
from ..widgets.names import fit_name, name_column_width
from ..widgets.table_parts import (
    TRICKS_HEADER,
    last_event_text,
    last_trick_text,
    pain_text,
    status_line,
    trick_text,
)

COLUMN_PADDING = 2  # a cell each side of a column
# The turn marker, the name's and the hand's padding, a scroll bar, and the cell a marked
# card takes more.
SEATS_FIXED = 9


def cell_width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(cell)


class ReplayScreen(Screen):
    """Only for finished games (the frames refuse others): every hand is on screen.

    This is Sticheln's; another game's replay overrides the methods below `_event`
    (`GameScreens.replay` says which screen a game's records replay on)."""

    BINDINGS = [
        Binding("right", "step(1)", N_("Next")),
        Binding("left", "step(-1)", N_("Back")),
        Binding("pagedown,down", "trick(1)", N_("Next trick"), key_display="PgDn"),
        Binding("pageup,up", "trick(-1)", N_("Trick back"), key_display="PgUp"),
        Binding("home", "jump(0)", N_("Start")),
        Binding("end", "jump(-1)", N_("End")),
    ]

    position = reactive(0, init=False)

    def __init__(self, frames: list[Frame], source: str) -> None:
        super().__init__()
        self.frames = frames
        self.source = source

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title", classes="status")
        yield Static(id="replay-status", classes="status")
        with VerticalScroll(id="replay-body", can_focus=False):
            yield Static(id="replay-seats")
            yield Static(id="replay-trick")
            yield Static(id="replay-event")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch_position(self.position)

    def watch_position(self, position: int) -> None:
        frame = self.frames[position]
        view = frame.view
        title = Text(_("Replay of {source}").format(source=self.source), style="bold")
        moves = len(self.frames) - 1
        title.append("   " + _("move {step} of {moves}").format(step=frame.step, moves=moves))
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-status", Static).update(self.status(view))
        self.query_one("#replay-seats", Static).update(self._seats(frame))
        self.query_one("#replay-trick", Static).update(self.trick(view, self._name_width(view)))
        self.query_one("#replay-event", Static).update(self._event(frame))

    def _seats(self, frame: Frame) -> Table:
        """A row a seat: the turn marker and name, the open hand, the game's own columns
        (`seat_columns`), the total."""
        view = frame.view
        # Headers of words are dim; a game's own header keeps its styles (colour badges).
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="")
        table.add_column("", no_wrap=True)
        # Translators: column headings of the replay: a seat's hand, its total.
        table.add_column(Text(_("hand"), style="dim"), no_wrap=True)
        columns = [*self.seat_columns(view), (_("total"), "right")]
        for header, justify in columns:
            shown = Text(header, style="dim") if isinstance(header, str) else header
            table.add_column(shown, justify=justify, no_wrap=True)
        cells = [
            [*self.seat_cells(view, seat), str(view.totals[seat])]
            for seat in range(len(view.players))
        ]
        names = self._name_width(view)
        # A card never breaks across lines: the hand wraps between cards (a marked card
        # is a cell wider), in the room the other columns leave.
        others = sum(
            max(cell_width(header), *(cell_width(row[index]) for row in cells)) + COLUMN_PADDING
            for index, (header, _justify) in enumerate(columns)
        )
        room = self.size.width - names - others - SEATS_FIXED
        per_line = max(3, room // (CARD_WIDTH + 2))
        for seat, name in enumerate(view.players):
            marker = "▶ " if seat == view.to_move else "  "
            hand = frame.hands[seat]
            lines = [hand[start : start + per_line] for start in range(0, len(hand), per_line)]
            marked = self.marked_colours(view, seat)
            table.add_row(
                Text(
                    marker + fit_name(name, names, view.players),
                    style="bold" if marker.strip() else "",
                ),
                Text("\n").join(cards_text(line, marked) for line in lines),
                *cells[seat],
            )
        return table

    def _name_width(self, view) -> int:
        return name_column_width(view.players, self.size.width // 8)

    def _event(self, frame: Frame) -> Text:
        view = frame.view
        if frame.move is None:
            return Text(_("The cards are dealt. → steps through the game."), style="dim")
        text = self.move_line(view, frame.move, frame.mover)
        earlier = self.frames[frame.step - 1].view
        if len(view.results) > len(earlier.results):  # that move ended a deal
            result = view.results[-1]
            text.append("\n")
            text.append_text(self.deal_last_trick(view, result))
            scores = ", ".join(
                f"{name} {score.total:+d}"
                for name, score in zip(view.players, result.scores, strict=True)
            )
            scored = _("Deal {deal} scored: {scores}.").format(deal=result.deal, scores=scores)
            text.append("\n" + scored)
        if view.winners:
            names = [view.players[seat] for seat in view.winners]
            if len(names) == 1:
                over = _("Game over: {name} wins.").format(name=names[0])
            else:
                # Translators: {names} and {last}: the winners, e.g. "Ann" and "Bob".
                over = _("Game over: {names} and {last} win.").format(
                    names=_(" and ").join(names[:-1]), last=names[-1]
                )
            text.append("\n" + over)
        return text

    # -- what a game shows its own way (these are Sticheln's) --------------------------

    def status(self, view: SeatView) -> Text:
        """Where the game stands: `Sticheln  Deal 2/5  Trick 6/14  Classic`."""
        return status_line(view)

    def seat_columns(self, view: SeatView) -> list[tuple[str | Text, JustifyMethod]]:
        """The game's columns between a seat's hand and its total: header, alignment."""
        columns: list[tuple[str | Text, JustifyMethod]] = []
        if view.rules.picks:
            columns.append((pain_word(view.rules), "left"))
        return [*columns, (_(TRICKS_HEADER), "right")]

    def seat_cells(self, view: SeatView, seat: int) -> list[str | Text]:
        """A seat's cells in those columns."""
        cells: list[str | Text] = [pain_text(view, seat)] if view.rules.picks else []
        return [*cells, str(view.tricks_won[seat])]

    def marked_colours(self, view: SeatView, seat: int) -> tuple[str, ...]:
        """The colours whose cards a seat's hand marks (`!`): its pain colours."""
        return view.pain_colours(seat)

    def trick(self, view: SeatView, names: int) -> Text | str:
        """The trick on the table, if any."""
        return trick_text(view, names) if view.trick else ""

    def move_line(self, view: SeatView, move: Move, mover: int) -> Text:
        """The move just made, as the whole table saw it."""
        return last_event_text(view, move, mover)

    def deal_last_trick(self, view: SeatView, result: DealResult) -> Text:
        """The last trick of the deal just scored."""
        return last_trick_text(view, result.last_trick)

    def action_step(self, step: int) -> None:
        self.position = max(0, min(len(self.frames) - 1, self.position + step))

    def action_jump(self, position: int) -> None:
        self.position = position % len(self.frames)

    def action_trick(self, direction: int) -> None:
        """To the next (or previous) moment a trick is complete, or the end."""
        position = self.position + direction
        while 0 < position < len(self.frames) - 1 and not self._trick_done(position):
            position += direction
        self.position = max(0, min(len(self.frames) - 1, position))

    def _trick_done(self, position: int) -> bool:
        frame = self.frames[position]
        earlier = self.frames[position - 1].view
        return (not frame.view.trick and bool(earlier.trick)) or (
            len(frame.view.results) > len(earlier.results)
        )
