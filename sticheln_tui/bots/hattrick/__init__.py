"""Hattrick's computer players (RULES.md 3); like Sticheln's, they see one seat's view."""

from .players import BOTS, EasyBot, NormalBot, StrongBot

__all__ = ["BOTS", "EasyBot", "NormalBot", "StrongBot"]
