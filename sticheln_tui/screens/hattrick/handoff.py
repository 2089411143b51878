"""Hattrick's hand-off: whose turn, and the last move, which the whole table saw."""

from __future__ import annotations

from rich.text import Text

from ...core.hattrick import HattrickView, Move, PassCard, Turn
from ..handoff import HandoffScreen
from . import parts


class HattrickHandoffScreen(HandoffScreen):
    def status(self) -> Text:
        return parts.status_line(self.view)


def last_event_text(public: HattrickView, move: Move, mover: int) -> Text:
    """What the last move did, in public terms: `Dee passed, showing [ 3 G]`, or the card
    played (and, if it ended the trick, who took what). Nothing once a new deal has begun:
    the scores, which the whole table has just seen, came in between."""
    turn = Turn(mover, move.card, isinstance(move, PassCard))
    line = parts.move_text(public, move, mover)
    if public.trick:
        return line.append(".") if public.trick[-1] == turn else Text()
    last = public.last_trick
    if last is None or last.turns[-1] != turn:
        return Text()
    return line.append(f"; {parts.taken_summary(public, last)}.")
