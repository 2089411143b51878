"""A Finnish player at a new game, pressing only Enter, never meets an English word.

The check looks at every screen on the way, after every press: no word of the game's
English text (the catalogue's originals) may show unless Finnish uses the same word
(names, "Sticheln", "Enter"). One deal of Sticheln for three here; the whole game
(`sticheln --lang fi --players Ann,Bob,Cid --seed 7`, three deals) is the same walk,
longer.
"""

from __future__ import annotations

from dataclasses import replace

from helpers import english_only, is_final, screen_text, words

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.sticheln import Rules


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
