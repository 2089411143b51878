"""Player names: defaults and what makes a table of names acceptable."""

from __future__ import annotations

from collections.abc import Sequence

from .sticheln import MAX_PLAYERS, MIN_PLAYERS

MAX_NAME_LENGTH = 16


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def check_names(names: Sequence[str]) -> str | None:
    """Why these names cannot sit at one table, or None if they can."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        return f"Sticheln needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
    for name in names:
        if not name.strip():
            return "every player needs a name"
        if len(name) > MAX_NAME_LENGTH:
            clipped = name[:MAX_NAME_LENGTH]
            return f"the name {clipped!r}... is longer than {MAX_NAME_LENGTH} characters"
        if not name.isprintable():
            return f"the name {name!r} has characters that cannot be shown"
    folded = [name.strip().casefold() for name in names]
    for name in names:
        if folded.count(name.strip().casefold()) > 1:
            return f"two players are called {name.strip()!r}"
    return None
