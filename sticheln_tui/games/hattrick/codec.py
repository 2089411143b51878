"""How a save writes Hattrick: moves {"play": "red 7"}, {"pass": "green 3"} (the third-colour
card shown); seen {"deals": n}."""

from __future__ import annotations

from ...codec import Codec, card_move
from ...core.hattrick import HattrickGame, HattrickOptions, PassCard
from ...core.table import PlayCard

CODEC = Codec(
    game=HattrickGame,
    options=HattrickOptions,
    nullable=frozenset(),
    moves=(card_move("play", PlayCard), card_move("pass", PassCard)),
    seen=("deals",),
)
