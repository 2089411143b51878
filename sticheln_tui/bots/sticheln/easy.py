"""The easy bot: the rules of thumb, with now and then a card played on a whim."""

from __future__ import annotations

import random

from ...core.game import PickPain, PlayCard, SeatView
from ...i18n import _
from ..base import Advice
from .player import StichelnBot
from .thumb import pick_card, thumb_card
from .world import own_colours


class EasyBot(StichelnBot):
    level = "easy"
    WHIM = 0.25  # how often it plays any legal move instead of the rule of thumb

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        if rng.random() < self.WHIM:
            return Advice(rng.choice(view.legal_moves), _("a hunch"))
        assert view.seat is not None
        card = pick_card(view.hand, view.pain_cards[view.seat] or (), view.rules)
        return Advice(PickPain(card), _("the colour with the fewest, lowest cards"))

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        if rng.random() < self.WHIM:
            return Advice(rng.choice(view.legal_moves), _("a hunch"))
        trick = [play.card for play in view.trick]
        card = thumb_card(view.hand, trick, own_colours(view), view.rules)
        return Advice(PlayCard(card), _("rule of thumb"))
