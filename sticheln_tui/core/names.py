"""Player names: defaults and what makes a table of names acceptable."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _

MAX_NAME_LENGTH = 16


def default_name(seat: int) -> str:
    # Translators: a player's name until one is typed; at most 16 characters.
    return _("Player {number}").format(number=seat + 1)


def check_names(names: Sequence[str]) -> str | None:
    """Why these names cannot sit at one table, or None if they can (how many may sit
    is each game's own rule)."""
    for name in names:
        if not name.strip():
            return _("every player needs a name")
        if len(name) > MAX_NAME_LENGTH:
            clipped = name[:MAX_NAME_LENGTH]
            return _("the name {name}... is longer than {most} characters").format(
                name=repr(clipped), most=MAX_NAME_LENGTH
            )
        if not name.isprintable():
            return _("the name {name} has characters that cannot be shown").format(name=repr(name))
    folded = [name.strip().casefold() for name in names]
    for name in names:
        if folded.count(name.strip().casefold()) > 1:
            return _("two players are called {name}").format(name=repr(name.strip()))
    return None
