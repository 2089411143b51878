"""The statistics screen, opened from the first screen over a prepared saves directory."""

from __future__ import annotations

import threading

from helpers import screen_text
from statistics_saves import build
from textual.widgets import OptionList, Sparkline, TabbedContent

from sticheln_tui import persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.screens.menu import STATISTICS, MenuScreen
from sticheln_tui.screens.statistics import StatisticsScreen


async def open_statistics(pilot) -> None:
    """From the first screen, once it is up, Enter on Statistics."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    menu = pilot.app.screen.query_one("#menu", OptionList)
    menu.highlighted = menu.get_option_index(STATISTICS)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, StatisticsScreen)


async def test_statistics_open_from_the_first_screen_and_escape_goes_back(
    saves_in_a_temporary_directory,
):
    saved = build(saves_in_a_temporary_directory)
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert (
            f"{len(saved)} finished games counted. 1 unfinished game is not counted. "
            "2 saves could not be read." in " ".join(text.split())
        )
        assert "Sticheln: 4 finished games" in text
        for name in ("Ann", "Bob", "Max", "Easy bot", "Normal bot", "Strong bot"):
            assert name in text
        assert "Strong 3" not in text and "Normaal 3" not in text  # a row a bot level
        assert app.screen.query(Sparkline)  # totals game by game
        await pilot.press("tab", "tab", "tab", "shift+tab")  # round, and back
        assert app.screen.query_one(TabbedContent).active == "stats-seven-seals"
        assert "Penalty points: the lowest total wins" in " ".join(screen_text(app).split())
        await app.speak("de")  # drawn again in German, on the same game
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "stats-seven-seals"
        text = " ".join(screen_text(app).split())
        assert "Strafpunkte: die niedrigste Summe gewinnt" in text
        assert "Computer (normal)" in text and "Tavallinen 3" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_saves_folder_that_cannot_be_read_is_said_where_continue_and_figures_go(
    tmp_path, monkeypatch
):
    folder = tmp_path / "sa[b]ves"  # a file; its name is no markup either
    folder.write_text("")
    monkeypatch.setenv("STICHELN_SAVES", str(folder))
    problem = f"cannot read the saves folder {folder}: Not a directory"
    app = StichelnApp()
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        first = menu.get_option_at_index(0)
        assert str(first.prompt) == f"Continue: {problem}" and first.disabled
        assert str(menu.get_option_at_index(menu.highlighted).prompt) == "Sticheln"
        await open_statistics(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert problem in " ".join(screen_text(app).split())


async def test_a_line_says_the_saves_are_being_read_then_that_there_are_none(monkeypatch):
    read = threading.Event()
    list_saves = persistence.list_saves

    def slow_list(directory):
        read.wait(10)
        return list_saves(directory)

    monkeypatch.setattr(persistence, "list_saves", slow_list)
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(pilot)
        assert "Reading the saved games..." in screen_text(app)
        read.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "No finished games yet" in text and "Reading" not in text


async def test_saves_read_once_though_the_language_changes_and_a_fault_is_said(monkeypatch):
    """Switching the language while the saves are read does not read them again; a fault
    in reading them is said on the screen, which stays usable (Esc goes back)."""
    go_on = threading.Event()
    reads = []

    def failing_list(directory):
        reads.append(directory)
        go_on.wait(10)
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(persistence, "list_saves", failing_list)
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(pilot)
        await app.speak("de")
        await pilot.pause()
        go_on.set()
        for _ in range(200):  # within four seconds
            await pilot.pause(0.02)
            if "disk on fire" in screen_text(app):
                break
        assert len(reads) == 1
        assert "disk on fire" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
