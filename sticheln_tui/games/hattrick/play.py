"""What playing Hattrick takes, free of any screen."""

from __future__ import annotations

from ...bots import hattrick
from ...bots.review import Weighing
from ...core.hattrick import HattrickOptions
from ...flow import GameHooks
from ...i18n import _
from .. import GamePlay, deals_in_words
from . import INFO
from .codec import CODEC


class HattrickJudge(Weighing, hattrick.StrongBot):
    samples = 100


def describe(options: HattrickOptions) -> str:
    return ", ".join([_(INFO.title), deals_in_words(options.deals)])


PLAY = GamePlay(
    engine=CODEC.game,
    codec=CODEC,
    hooks=GameHooks(),  # plain turns and deal scores: the flow's defaults
    bots=hattrick.BOTS,
    judge=HattrickJudge,
    describe=describe,
)
