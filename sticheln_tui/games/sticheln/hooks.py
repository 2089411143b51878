"""What Sticheln's table flow asks of the game."""

from __future__ import annotations

from ...bots import Bot
from ...core.game import ChooseColours, Game, Phase, PickPain
from ...flow import GameHooks, Move
from ...i18n import _


class StichelnHooks(GameHooks[Game]):
    """Sticheln: pain cards revealed to all before the deal's play (unless no picks),
    and a tie settled on the final scoreboard."""

    def reveal_due(self, game: Game) -> bool:
        return game.phase is Phase.PLAY and game.rules.picks > 0

    def reveal_past(self, game: Game) -> bool:
        public = game.view(None)
        return bool(public.trick) or public.last_trick is not None

    def decision_due(self, game: Game) -> bool:
        return game.phase is Phase.TIE

    def bot_decides(self, game: Game, bot: Bot) -> str:
        seat = game.seat_to_move()
        advice = bot.advise(game.view(seat))
        game.apply(advice.move)
        # Translators: {reason} is why, the end of a sentence.
        if advice.move.extra_deal:
            news = _("{name} chose an extra deal: {reason}.")
        else:
            news = _("{name} chose to share the win: {reason}.")
        return news.format(name=game.players[seat], reason=advice.reason)

    def taken_back_news(self, name: str, move: Move) -> str:
        if isinstance(move, ChooseColours):
            return _("{name}: choose your colour again.").format(name=name)
        if isinstance(move, PickPain):
            return _("{name}: lay down your card again.").format(name=name)
        return super().taken_back_news(name, move)
