"""What playing Sticheln takes, free of any screen."""

from __future__ import annotations

from ...bots.review import Weighing
from ...bots.sticheln import BOTS, StrongBot
from ...core.options import badge
from .. import GamePlay
from .codec import CODEC
from .hooks import StichelnHooks


# Its deal scores spread widest (a pain card costs its value): it needs most deals.
class StichelnJudge(Weighing, StrongBot):
    samples = 200


PLAY = GamePlay(
    engine=CODEC.game,
    codec=CODEC,
    hooks=StichelnHooks(),
    bots=BOTS,
    judge=StichelnJudge,
    describe=badge,
)
