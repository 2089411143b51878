"""After-game review of a finished game: step through every move with all hands open."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ..core.game import SeatView
from ..core.review import Frame
from ..textual_fixes import KeysFooter
from ..widgets.cards import CARD_WIDTH, cards_text
from ..widgets.names import fit_name, name_column_width
from ..widgets.table_parts import (
    last_event_text,
    last_trick_text,
    pain_text,
    status_line,
    trick_text,
)


class ReplayScreen(Screen):
    """Only for finished games (the frames refuse others): every hand is on screen."""

    BINDINGS = [
        Binding("right", "step(1)", "Next"),
        Binding("left", "step(-1)", "Back"),
        Binding("pagedown,down", "trick(1)", "Next trick", key_display="PgDn"),
        Binding("pageup,up", "trick(-1)", "Trick back", key_display="PgUp"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
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
        title = Text(f"Replay of {self.source}", style="bold")
        title.append(f"   move {frame.step} of {len(self.frames) - 1}")
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-status", Static).update(status_line(view))
        self.query_one("#replay-seats", Static).update(self._seats(frame))
        trick = trick_text(view, self._name_width(view)) if view.trick else ""
        self.query_one("#replay-trick", Static).update(trick)
        self.query_one("#replay-event", Static).update(self._event(frame))

    def _seats(self, frame: Frame) -> Table:
        view = frame.view
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
        table.add_column("", no_wrap=True)
        table.add_column("hand", no_wrap=True)
        if view.rules.picks:
            table.add_column((view.rules.reverse and "luck") or "pain", no_wrap=True)
        table.add_column("tricks", justify="right")
        table.add_column("total", justify="right")
        names = self._name_width(view)
        # A card never breaks across lines: the hand wraps between cards (a marked card
        # is a cell wider). The other columns, their padding and a scroll bar take 25.
        room = self.size.width - names - 7 * view.rules.picks - 25
        per_line = max(3, room // (CARD_WIDTH + 2))
        for seat, name in enumerate(view.players):
            marker = "▶ " if seat == view.to_move else "  "
            hand = frame.hands[seat]
            lines = [hand[start : start + per_line] for start in range(0, len(hand), per_line)]
            pain = view.pain_colours(seat)
            row = [
                Text(
                    marker + fit_name(name, names, view.players),
                    style="bold" if marker.strip() else "",
                ),
                Text("\n").join(cards_text(line, pain) for line in lines),
            ]
            if view.rules.picks:
                row.append(pain_text(view, seat))
            row += [str(view.tricks_won[seat]), str(view.totals[seat])]
            table.add_row(*row)
        return table

    def _name_width(self, view: SeatView) -> int:
        return name_column_width(view.players, self.size.width // 8)

    def _event(self, frame: Frame) -> Text:
        view = frame.view
        if frame.move is None:
            return Text("The cards are dealt. → steps through the game.", style="dim")
        text = last_event_text(view, frame.move, frame.mover)
        earlier = self.frames[frame.step - 1].view
        if len(view.results) > len(earlier.results):  # that card ended a deal
            result = view.results[-1]
            text.append("\n")
            text.append_text(last_trick_text(view, result.last_trick))
            scores = ", ".join(
                f"{name} {score.total:+d}"
                for name, score in zip(view.players, result.scores, strict=True)
            )
            text.append(f"\nDeal {result.deal} scored: {scores}.")
        if view.winners:
            names = " and ".join(view.players[seat] for seat in view.winners)
            text.append(f"\nGame over: {names} {'win' if len(view.winners) > 1 else 'wins'}.")
        return text

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
