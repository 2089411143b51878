"""What every Sticheln player does: the moves the rules settle, and the colours a late
player chooses, the same at every level."""

from __future__ import annotations

import random

from ...core.game import ChooseColours, Phase, SeatView, SettleTie
from ...core.options import pain_colour
from ...i18n import _, ngettext
from ..base import Advice, Bot
from .world import best_colours


class StichelnBot(Bot):
    """A Sticheln player: it picks pain cards and plays cards; the rest follows the rules."""

    def moment(self, view: SeatView) -> str:
        return f"{view.deal}/{view.phase}/{sum(view.picked)}/{view.trick_number}/{len(view.trick)}"

    def decide(self, view: SeatView, rng: random.Random) -> Advice:
        if view.phase is Phase.PICK:
            return self.pick(view, rng)
        if view.phase is Phase.PLAY:
            if len(view.legal_moves) == 1:
                return Advice(view.legal_moves[0], _("it is your last card"))
            return self.play(view, rng)
        if view.phase is Phase.CHOOSE:
            return choose_colours(view)
        # The table sheet plays an extra deal; sharing is the humans' offer to make.
        return Advice(SettleTie(True), _("the rules call for one more deal"))

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        raise NotImplementedError

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        raise NotImplementedError


def choose_colours(view: SeatView) -> Advice:
    """Late: the colours whose cards cost least, as the choice screen proposes."""
    colours = best_colours(view.won, view.rules)
    # The hint line shows the colours just before the reason: it does not name them again.
    # Translators: a hint line after the colour(s) it names: "blue: gives the best score as
    # your pain colour"; {what} is "pain colour(s)", "luck colour(s)", "pain suit(s)"...
    why = ngettext(
        "gives the best score as your {what}",
        "give the best score as your {what}",
        len(colours),
    )
    what = pain_colour(view.rules, len(colours))
    return Advice(ChooseColours(colours), why.format(what=what))
