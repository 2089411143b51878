"""What Seven Seals' table flow asks of the game."""

from __future__ import annotations

from ...core import seven_seals
from ...flow import GameHooks, Move
from ...i18n import _


class SevenSealsHooks(GameHooks[seven_seals.SevenSealsGame]):
    """Seven Seals: a prediction is a seat's own choice, made on a screen that shows its
    hand (a bot's is worked out behind the screen already up); the cards, and the seal a
    trick's winner gives back, are played on the table."""

    def watched(self, game: seven_seals.SevenSealsGame) -> bool:
        return game.phase in (seven_seals.Phase.PLAY, seven_seals.Phase.RETURN)

    def taken_back_news(self, name: str, move: Move) -> str:
        if isinstance(move, seven_seals.Predict):
            return _("{name}: choose your seals again.").format(name=name)
        if isinstance(move, seven_seals.TakeSaboteur):
            return _("{name}: the saboteur is given back; predict or take it again.").format(
                name=name
            )
        if isinstance(move, seven_seals.ReturnSeal):
            return _("{name}: choose again which seal to give back.").format(name=name)
        return super().taken_back_news(name, move)
