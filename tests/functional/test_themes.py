"""The palette's list of themes: named in the player's language, the choice kept."""

from __future__ import annotations

from textual.command import CommandList

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.settings import remembered_theme
from sticheln_tui.themes import HIGH_CONTRAST


async def test_the_theme_chosen_in_the_palette_is_kept():
    i18n.use("de")
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.search_themes()
        await pilot.pause(0.3)
        palette = app.screen
        listed = [option.hit.text for option in palette.query_one(CommandList).options]
        assert "Hoher Kontrast" in listed and "Dunkel" in listed  # named in German
        await pilot.press(*"hoher")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == HIGH_CONTRAST.name
    assert remembered_theme([HIGH_CONTRAST.name]) == HIGH_CONTRAST.name
    assert StichelnApp().theme == HIGH_CONTRAST.name  # the next start
