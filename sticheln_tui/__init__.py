"""Sticheln in the terminal: hot-seat play of Klaus Palesch's trick-taking card game."""

__version__ = "0.1.0"
