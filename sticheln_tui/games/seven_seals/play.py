"""What playing Seven Seals takes, free of any screen."""

from __future__ import annotations

from ...bots import seven_seals
from ...bots.review import Weighing
from ...core.option_table import SABOTEUR_VARIANTS
from ...core.seven_seals import SevenSealsOptions
from ...i18n import _
from .. import GamePlay, deals_in_words
from . import INFO
from .codec import CODEC
from .hooks import SevenSealsHooks


class SevenSealsJudge(Weighing, seven_seals.StrongBot):
    samples = 100


def describe(options: SevenSealsOptions) -> str:
    deals = _("one deal per player") if options.deals is None else deals_in_words(options.deals)
    variants = [v.in_sentence() for v in SABOTEUR_VARIANTS if getattr(options, v.field)]
    return ", ".join([_(INFO.title), deals, *variants])


PLAY = GamePlay(
    engine=CODEC.game,
    codec=CODEC,
    hooks=SevenSealsHooks(),
    bots=seven_seals.BOTS,
    judge=SevenSealsJudge,
    describe=describe,
)
