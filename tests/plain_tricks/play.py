"""What playing Plain Tricks takes, free of any screen: the engine, the save codec, the
flow's default hooks, the bots, the review's judge and simulate's words for its options."""

from __future__ import annotations

from sticheln_tui.bots.review import Weighing
from sticheln_tui.codec import Codec, card_move
from sticheln_tui.core.table import PlayCard
from sticheln_tui.flow import GameHooks
from sticheln_tui.games import GamePlay, deals_in_words

from . import TITLE
from .bots import BOTS, StrongBot
from .engine import PlainGame, PlainOptions

CODEC = Codec(
    game=PlainGame,
    options=PlainOptions,
    nullable=frozenset(),
    moves=(card_move("play", PlayCard),),
    seen=("deals",),
)


class PlainJudge(Weighing, StrongBot):
    samples = 20


def describe(options: PlainOptions) -> str:
    return f"{TITLE}, {deals_in_words(options.deals)}"


PLAY = GamePlay(
    engine=PlainGame,
    codec=CODEC,
    hooks=GameHooks(),
    bots=BOTS,
    judge=PlainJudge,
    describe=describe,
)
