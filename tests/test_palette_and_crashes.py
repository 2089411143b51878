"""The command palette offers the game's commands and survives fast keys; an unexpected
exception or a failed save ends the program with a non-zero status, the game saved."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from textual import events
from textual.app import App, ScreenStackError
from textual.command import CommandPalette

from sticheln_tui import textual_fixes
from sticheln_tui.app import StichelnApp
from sticheln_tui.screens.handoff import HandoffScreen

NAMES = ["Ann", "Bob", "Cid"]


def test_textual_is_the_series_the_workarounds_were_written_for():
    assert textual_fixes.IN_RANGE, (
        f"Textual {version('textual')} is outside the {textual_fixes.WRITTEN_FOR} series: "
        "check every workaround in sticheln_tui/textual_fixes.py against it (some are off "
        "now), then move WRITTEN_FOR"
    )


async def open_palette(pilot) -> CommandPalette:
    await pilot.press("ctrl+p")
    await pilot.pause(0.2)  # the palette gathers its commands
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)
    return palette


async def three_quick_enters(pilot) -> None:
    """Three Enters that reach the palette before it has handled the first, as from a
    quick hand (a terminal delivers them in one read)."""
    await open_palette(pilot)
    for _ in range(3):
        pilot.app.post_message(events.Key("enter", "\r"))
    await pilot.pause(0.3)


async def test_textual_s_own_palette_still_crashes_on_three_quick_enters():
    """Upstream's bug, kept in view: once this fails, Textual has fixed it, and the
    palette workaround in textual_fixes can go."""
    app = App()
    with pytest.raises(ScreenStackError):
        async with app.run_test() as pilot:
            await three_quick_enters(pilot)
    assert app.return_code == 1


async def test_three_quick_enters_in_the_palette_run_one_command_and_keep_the_hand_off():
    app = StichelnApp(players=NAMES, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await three_quick_enters(pilot)
        assert app.is_running and app.return_code is None
        assert isinstance(app.screen, HandoffScreen)  # the palette closed, nothing more
        assert app.game.moves == []
