"""A Finnish player at a new game, pressing only Enter, never meets an English word.

The check looks at every screen on the way, after every press: no word of the game's
English text (the catalogue's originals) may show unless Finnish uses the same word
(names, "Sticheln", "Enter"). One deal of Sticheln for three here; the whole game
(`sticheln --lang fi --players Ann,Bob,Cid --seed 7`, three deals) is the same walk,
longer.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from babel.messages.pofile import read_po
from helpers import is_final, screen_text

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.sticheln import Rules

WORD = re.compile(r"[^\W\d_]{3,}")


def words(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(text)}


def english_only(code: str) -> set[str]:
    """The words of the game's English text that the language `code` does not use."""
    path = Path(i18n.LOCALE_DIR) / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as file:
        catalogue = read_po(file, locale=code)
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalogue:
        if message.id:
            for text in message.id if isinstance(message.id, tuple | list) else [message.id]:
                english |= words(text)
            for text in message.string if isinstance(message.string, tuple) else [message.string]:
                translated |= words(text)
    return english - translated


async def test_enter_alone_through_a_deal_in_finnish_shows_no_english_word():
    i18n.use("fi")
    foreign = english_only("fi")
    app = StichelnApp(players=["Ann", "Bob", "Cid"], seed=7, rules=replace(Rules(), deals=1))
    seen: dict[str, str] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(400):
            text = screen_text(app)
            for word in words(text) & foreign:
                seen.setdefault(word, text)
            if is_final(app):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert is_final(app), "the game did not end"
    assert not seen, (
        "English on screen: " + ", ".join(sorted(seen)) + "\n" + next(iter(seen.values()))
    )
