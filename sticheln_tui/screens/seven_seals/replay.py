"""Seven Seals' replay: every hand open beside each seat's seals, the trick with who is
winning, and each move as the table saw it."""

from __future__ import annotations

from rich.console import JustifyMethod
from rich.text import Text

from ...core.seven_seals import (
    DealResult,
    Move,
    Phase,
    Predict,
    ReturnSeal,
    SevenSealsView,
    TakeSaboteur,
)
from ...i18n import _
from ...widgets.cards import card_text
from ...words import colour_name
from ..replay import ReplayScreen
from . import parts
from .handoff import last_event_text


class SevenSealsReplayScreen(ReplayScreen):
    def status(self, view: SevenSealsView, room: int) -> Text:
        return parts.status_line(view, room)

    def seat_columns(self, view: SevenSealsView) -> list[tuple[str | Text, JustifyMethod]]:
        return [(parts.seals_header(with_now=True), "left")]

    def seat_cells(self, view: SevenSealsView, seat: int) -> list[str | Text]:
        return [parts.seal_line(view, seat, with_now=view.phase != Phase.PREDICT)]

    def trick(self, view: SevenSealsView, names: int) -> Text:
        if view.phase in (Phase.PLAY, Phase.RETURN):
            return parts.trick_text(view, names)
        return Text()

    def move_line(self, view: SevenSealsView, move: Move, mover: int) -> Text:
        """The hand-off's line; for the move that ended a deal, the move alone (the last
        trick and the scores follow)."""
        line = last_event_text(view, move, mover) if view.phase != Phase.OVER else Text()
        return line or parts.move_text(view, move, mover) + "."

    def deal_last_trick(self, view: SevenSealsView, result: DealResult) -> Text:
        return parts.last_trick_text(view, self.size.width, result.last_trick, result.saboteur)

    def decision_words(self, view: SevenSealsView) -> str:
        if view.phase is Phase.PREDICT:
            # Translators: the review's name for the decision of which seals to take.
            return _("Prediction")
        if view.phase is Phase.RETURN:
            # Translators: the review's name for the decision of which seal to give back.
            return _("Seal to give back")
        return super().decision_words(view)

    def move_words(self, view: SevenSealsView, move: Move) -> Text:
        """Seals taken, the saboteur, a seal given back or a card."""
        if isinstance(move, Predict):
            return Text(parts.prediction_words(move.wanted))
        if isinstance(move, TakeSaboteur):
            # Translators: a move the review names: "the saboteur cost about 4 points".
            return Text(_("the saboteur"))
        if isinstance(move, ReturnSeal):
            # Translators: a seal the review names; {kind}: red, ..., white.
            return Text(_("a {kind} seal").format(kind=colour_name(move.kind)))
        return card_text(move.card)
