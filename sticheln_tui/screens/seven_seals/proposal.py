"""What the screens preselect: the normal computer player's choice for the seat."""

from __future__ import annotations

from ...core.seven_seals import Predict, ReturnSeal, SevenSealsView, TakeSaboteur, predict


def proposal(view: SevenSealsView) -> Predict | TakeSaboteur:
    return predict({})


def proposed_return(view: SevenSealsView) -> ReturnSeal:
    return ReturnSeal(view.returnable[0])
