"""Plain Tricks' screens, each one of the shared bases with this game's parts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from sticheln_tui.screens.games import GameScreens
from sticheln_tui.screens.handoff import STATUS_ROOM, HandoffScreen
from sticheln_tui.screens.replay import ReplayScreen
from sticheln_tui.screens.scoreboard import SCREEN_MARGIN, Names, ScoreboardScreen
from sticheln_tui.screens.setup import SetupScreen
from sticheln_tui.screens.table import PartsTableScreen
from sticheln_tui.seats import Seat
from sticheln_tui.widgets.choice import Choice
from sticheln_tui.widgets.situation import GameWords
from sticheln_tui.widgets.trick_table import status_room, turn_text

from . import KEY, parts
from .engine import MAX_DEALS, MAX_PLAYERS, MIN_PLAYERS, PlainOptions
from .rules import how_to_play, rules_help


class PlainSetupScreen(SetupScreen):
    """The shared form, with the number of deals."""

    GAME = KEY
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS

    def __init__(
        self,
        options: PlainOptions | None = None,
        seed: int | None = None,
        table: Sequence[Seat] = (),
        leader: int | None = None,
    ) -> None:
        super().__init__(seed, table, leader)
        self.options = options or PlainOptions()

    def compose_options(self, count: int) -> Iterable[Widget]:
        choices = [(str(deals), deals) for deals in range(1, MAX_DEALS + 1)]
        yield self._choice_row("Deals", choices, self.options.deals, "deals")

    def chosen_options(self) -> PlainOptions:
        return PlainOptions(self.query_one("#deals", Choice).value)


class PlainTableScreen(PartsTableScreen):
    GAME = KEY
    parts = parts
    SEATS_PANEL = ("seats", "Seats")

    def table_texts(self, width: int) -> dict[str, Text]:
        view = self.view
        names = parts.name_width(view, width)
        turn = turn_text(view)
        return {
            "status": parts.status_line(view, status_room(width, turn)),
            "turn": turn,
            "seats": parts.seats_text(view, names),
            "trick": parts.trick_text(view, names),
            "last-trick": parts.last_trick_text(view),
        }

    def consequence(self, card: object) -> Text:
        return parts.consequence(self.view, card)


class PlainHandoffScreen(HandoffScreen):
    def status(self) -> Text:
        return parts.status_line(self.view, STATUS_ROOM)


class PlainScoreboardScreen(ScoreboardScreen):
    def deal_table(self, names: Names, meaning: str) -> RenderableType:
        view = self.view
        result = view.results[-1]
        table = Table(box=None, padding=(0, 0, 0, 2), header_style="bold", pad_edge=False)
        for heading in ("Player", "Tricks", "Total"):
            table.add_column(heading, justify="left" if heading == "Player" else "right")
        for seat, score in enumerate(result.scores):
            table.add_row(names.cell(seat), str(score.tricks), f"{view.totals[seat]:+d}")
        last = parts.last_trick_text(view, result.last_trick)
        last.truncate(self.app.size.width - SCREEN_MARGIN)
        return Group(table, Text(""), last, Text(""), Text(meaning))


class PlainReplayScreen(ReplayScreen):
    def status(self, view, room: int) -> Text:
        return parts.status_line(view, room)

    def seat_columns(self, view):
        return [(parts.TRICKS, "right")]

    def seat_cells(self, view, seat: int) -> list[str | Text]:
        return [str(view.tricks_won[seat])]

    def trick(self, view, names: int) -> Text:
        return parts.trick_text(view, names) if view.trick else Text()

    def move_line(self, view, move, mover: int) -> Text:
        return parts.last_event_text(view, move, mover) or Text(f"{view.players[mover]} played.")

    def deal_last_trick(self, view, result) -> Text:
        return parts.last_trick_text(view, result.last_trick)


SCREENS = GameScreens(
    setup=PlainSetupScreen,
    rules_help=rules_help,
    how_to_play=how_to_play,
    table=PlainTableScreen,
    handoff=PlainHandoffScreen,
    scoreboard=PlainScoreboardScreen,
    last_event_text=parts.last_event_text,
    replay=PlainReplayScreen,
    public_table=parts.public_table,
    words=GameWords(parts.trick_seats, parts.seat_words, lambda view: parts.last_trick_text(view)),
)
