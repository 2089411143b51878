"""Seven Seals' hand-off: whose turn, and the last move, which the whole table saw."""

from __future__ import annotations

from rich.text import Text

from ...core.seven_seals import (
    Move,
    Phase,
    Predict,
    ReturnSeal,
    SevenSealsView,
    TakeSaboteur,
)
from ...core.table import PlayCard, Played
from ...i18n import _
from ...widgets.cards import filled
from ..handoff import STATUS_ROOM, HandoffScreen, see_your_hand
from . import parts


class SevenSealsHandoffScreen(HandoffScreen):
    def status(self) -> Text:
        return parts.status_line(self.view, STATUS_ROOM)

    def prompt(self) -> str:
        if self.view.phase == Phase.PREDICT:
            return _("{name}, press Enter to take your seals")
        if self.view.phase == Phase.RETURN:
            return _("{name}, press Enter to give back a seal")
        return see_your_hand()


def last_event_text(public: SevenSealsView, move: Move, mover: int) -> Text:
    """What the last move did, in public terms: a prediction, the saboteur taken, a card
    played (and, if it ended the trick, what its winner did), a seal given back. Nothing
    once a new deal has begun: the scores, which the whole table has just seen, came in
    between."""
    line = parts.move_text(public, move, mover)
    if isinstance(move, Predict | TakeSaboteur):
        if (mover, move) not in public.prediction_round:
            return Text()
        if not isinstance(move, TakeSaboteur):
            return line.append(".")
        price = public.saboteur_price
        assert public.to_move is not None  # the round goes on
        if not public.displaced:
            return filled(_("{move} (it costs {price})."), move=line, price=str(price))
        return filled(
            _("{move} (it costs {price}); {name} bids again or takes seals."),
            move=line,
            price=str(price),
            name=public.players[public.to_move],
        )
    if isinstance(move, ReturnSeal):
        last = public.last_trick
        shown = public.phase == Phase.PLAY and not public.trick and last is not None
        if not (shown and last.winner == mover and last.returned == move.kind):
            return Text()
        return line.append(".")
    assert isinstance(move, PlayCard)
    play = Played(mover, move.card)
    if public.phase == Phase.RETURN and public.trick[-1] == play:
        assert public.to_move is not None  # the trick's winner
        return filled(
            _("{move}; {name} took the trick and chooses a seal to give back."),
            move=line,
            name=public.players[public.to_move],
        )
    if public.phase != Phase.PLAY:
        return Text()
    if public.trick:
        return line.append(".") if public.trick[-1] == play else Text()
    last = public.last_trick
    if last is None or last.plays[-1] != play:
        return Text()
    return line.append(f"; {parts.outcome(public, last, public.saboteur)}.")
