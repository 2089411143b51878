"""Seven Seals' computer players (RULES.md 4); like the other games', they see one seat's
view. The screens preselect the normal bot's choice for a human: `proposal` and
`proposed_return`."""

from __future__ import annotations

from ...core.seven_seals import ReturnSeal, SevenSealsView
from ..base import Advice
from .players import BOTS, EasyBot, NormalBot, StrongBot

__all__ = ["BOTS", "EasyBot", "NormalBot", "StrongBot", "proposal", "proposed_return"]


def proposal(view: SevenSealsView) -> Advice:
    """What the normal bot would do in the prediction round, for the seat to move (seals
    to take, or the saboteur), and why."""
    return NormalBot().advise(view)


def proposed_return(view: SevenSealsView) -> ReturnSeal:
    """The seal the normal bot would give back, for the trick's winner."""
    return NormalBot().choose(view)
