"""What every computer player shares: it sees one seat's view and returns one move."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.game import ChooseColours, Phase, SeatView, SettleTie
from ..core.options import pain_colour
from ..i18n import _, ngettext
from .world import best_colours


@dataclass(frozen=True)
class Advice:
    """A move and, in one line, why."""

    move: Any
    reason: str


class Bot:
    """A computer player of any game. It is given one seat's view and nothing else, so it
    knows exactly what a human in its seat would know. The same seed and view give the
    same move (for the strong bot, as long as its time limit does not cut a search short)."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Any:
        return self.advise(view).move

    def advise(self, view: Any) -> Advice:
        if view.seat is None or view.to_move != view.seat or not view.legal_moves:
            raise ValueError("a bot can only move for its own seat, on its turn")
        return self.decide(view, random.Random(f"{self.seed}/{view.seat}/{self.moment(view)}"))

    def moment(self, view: Any) -> str:
        """Where the game stands, as text: with the seed and seat it seeds the bot's
        randomness, so a position always gets the same move."""
        raise NotImplementedError

    def decide(self, view: Any, rng: random.Random) -> Advice:
        raise NotImplementedError


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
