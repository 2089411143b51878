"""Player names: defaults and what makes a table of names acceptable; and how any name
(a player's, a file's) is shown so that it cannot act on the terminal."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _

MAX_NAME_LENGTH = 16


def default_name(seat: int) -> str:
    # Translators: a player's name until one is typed; at most 16 characters.
    return _("Player {number}").format(number=seat + 1)


def visible(name: object) -> str:
    """`name` (text, or a path) as it may be printed: as it is when every character of it
    shows; else quoted, with each character that does not show written out as Python
    writes it ('a\\x1b[2J\\n.json'), so that an escape sequence or a line break in a file
    name neither acts on the terminal nor forges a line."""
    text = str(name)
    return text if text.isprintable() else repr(text)


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
            return _("the name {name} has characters that cannot be shown").format(
                name=visible(name)
            )
    folded = [name.strip().casefold() for name in names]
    for name in names:
        if folded.count(name.strip().casefold()) > 1:
            return _("two players are called {name}").format(name=repr(name.strip()))
    return None
