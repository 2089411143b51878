"""Sticheln's replay: every hand open beside each seat's pain cards and tricks, the trick,
and each move as the table saw it."""

from __future__ import annotations

from rich.console import JustifyMethod
from rich.text import Text

from ...core.game import DealResult, Move, Phase, SeatView
from ...core.options import pain_word
from ...i18n import _
from ..replay import ReplayScreen
from . import parts


class StichelnReplayScreen(ReplayScreen):
    def status(self, view: SeatView, room: int) -> Text:
        return parts.status_line(view, room)

    def seat_columns(self, view: SeatView) -> list[tuple[str | Text, JustifyMethod]]:
        """The pain cards (if the rules lay any down) and the tricks taken."""
        columns: list[tuple[str | Text, JustifyMethod]] = []
        if view.rules.picks:
            columns.append((pain_word(view.rules), "left"))
        return [*columns, (_(parts.TRICKS_HEADER), "right")]

    def seat_cells(self, view: SeatView, seat: int) -> list[str | Text]:
        cells: list[str | Text] = [parts.pain_text(view, seat)] if view.rules.picks else []
        return [*cells, str(view.tricks_won[seat])]

    def marked_colours(self, view: SeatView, seat: int) -> tuple[str, ...]:
        """The seat's pain colours."""
        return view.pain_colours(seat)

    def trick(self, view: SeatView, names: int) -> Text | str:
        return parts.trick_text(view, names) if view.trick else ""

    def move_line(self, view: SeatView, move: Move, mover: int) -> Text:
        return parts.last_event_text(view, move, mover)

    def deal_last_trick(self, view: SeatView, result: DealResult) -> Text:
        return parts.last_trick_text(view, result.last_trick)

    def decision_words(self, view: SeatView) -> str:
        """`Trick 5/15`, or `Pain card`."""
        if view.phase is Phase.PICK:
            return parts.pain_card_term(view.rules).capitalize()
        return super().decision_words(view)
