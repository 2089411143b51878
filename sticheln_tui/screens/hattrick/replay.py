"""Hattrick's replay: every hand open beside each pile's counts and score, the trick with
who took each colour, and each move as the table saw it."""

from __future__ import annotations

from rich.console import JustifyMethod
from rich.text import Text

from ...core.hattrick import DealResult, HattrickView, Move, PassCard, Phase
from ...i18n import _
from ...widgets.cards import card_text, filled
from ..replay import ReplayScreen
from . import parts
from .handoff import last_event_text

# The latest pass cards shown beside a pile (the count says how many there are).
PASS_CARDS_SHOWN = parts.MIN_PASS_CARDS


class HattrickReplayScreen(ReplayScreen):
    def status(self, view: HattrickView, room: int) -> Text:
        return parts.status_line(view)  # no rules note: it fits any room

    def seat_columns(self, view: HattrickView) -> list[tuple[str | Text, JustifyMethod]]:
        return [(parts.pile_header(view, PASS_CARDS_SHOWN), "left")]

    def seat_cells(self, view: HattrickView, seat: int) -> list[str | Text]:
        return [parts.pile_line(view, seat, PASS_CARDS_SHOWN)]

    def trick(self, view: HattrickView, names: int) -> Text:
        return parts.trick_text(view, names) if view.phase != Phase.OVER else Text()

    def move_line(self, view: HattrickView, move: Move, mover: int) -> Text:
        """The hand-off's line; for the move that ended a deal, the move alone (the last
        trick and the scores follow)."""
        line = last_event_text(view, move, mover) if view.phase != Phase.OVER else Text()
        return line or parts.move_text(view, move, mover) + "."

    def deal_last_trick(self, view: HattrickView, result: DealResult) -> Text:
        return parts.last_trick_text(view, self.size.width, result.last_trick, deal_over=True)

    def move_words(self, view: HattrickView, move: Move) -> Text:
        """A card played, or a pass showing one."""
        if isinstance(move, PassCard):
            # Translators: a move the review names: "[ 3 G] cost about 2 points".
            return filled(_("passing with {card}"), card=card_text(move.card))
        return card_text(move.card)
