"""The palette's list of themes: named in the player's language, the choice kept; the
settings file's warnings."""

from __future__ import annotations

import json
from pathlib import Path

from textual.command import CommandList

from sticheln_tui import cli, i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.settings import remembered_theme, settings_path
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


async def test_the_settings_warnings_show_in_the_app_which_hides_stderr(capsys):
    path = Path(settings_path())
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": "xx", "theme": "neon"}))
    cli.start_language([])  # as the command line does before the app takes the screen
    app = StichelnApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        shown = [notification.message for notification in app._notifications]
    warnings = capsys.readouterr().err.splitlines()  # still on stderr too
    assert len(warnings) == 2 and "'xx'" in warnings[0] and "'neon'" in warnings[1]
    assert shown == warnings
