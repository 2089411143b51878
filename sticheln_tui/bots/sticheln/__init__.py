"""Sticheln's computer players (RULES.md 1 and 2); like the other games', they see one
seat's view."""

from __future__ import annotations

from ..base import Bot
from .easy import EasyBot
from .normal import NormalBot
from .strong import StrongBot

BOTS: dict[str, type[Bot]] = {bot.level: bot for bot in (EasyBot, NormalBot, StrongBot)}
__all__ = ["BOTS", "EasyBot", "NormalBot", "StrongBot"]
