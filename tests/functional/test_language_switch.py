"""The language is chosen while playing, from the first screen or the command palette:
every screen up speaks it at once, its footer included, the game goes on where it stood,
nothing private shows, and the choice is kept for the next start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import at_the_table, cards_on_screen, played_until, screen_text
from positions import seven_seals_until
from textual.command import CommandList, CommandPalette
from textual.widgets import OptionList

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.menu import LANGUAGE, MenuScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.settings import remembered_language, settings_path
from sticheln_tui.widgets.hand import Hand

NAMES = ["Ann", "Bob", "Cid"]


def a_game_in_play() -> Game:
    """Pain cards laid down and two cards of the first trick played."""
    game = Game(NAMES, seed=4)
    for _ in range(5):
        game.apply(game.legal_moves()[0])
    return game


async def choose_language(pilot, name: str) -> None:
    """In the open list of languages, choose the one called `name`."""
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)
    listed = [option.hit.text for option in palette.query_one(CommandList).options]
    assert listed == list(i18n.LANGUAGES.values())  # each by its own name
    await pilot.press(*name.lower())
    await pilot.pause(0.2)
    await pilot.press("enter")
    await pilot.pause(0.3)


async def language_from_the_palette(pilot, name: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause(0.2)
    await pilot.press(*i18n._("Language").lower())
    await pilot.pause(0.2)
    await pilot.press("enter")
    await pilot.pause(0.2)
    await choose_language(pilot, name)


async def test_the_first_screen_switches_to_finnish_footer_and_all():
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        menu = app.screen.query_one("#menu", OptionList)
        english = screen_text(app)
        assert "Card games for friends" in english and "palette" in english
        menu.highlighted = menu.get_option_index(LANGUAGE)
        await pilot.press("enter")
        await pilot.pause(0.2)
        await choose_language(pilot, "Suomi")
        assert isinstance(app.screen, MenuScreen) and i18n.language() == "fi"
        finnish = screen_text(app)
        assert "Korttipelejä ystäville" in finnish and "Kieli: Suomi" in finnish
        footer = finnish.splitlines()[-1]
        assert "komennot" in footer and "Säännöt" in footer and "palette" not in footer
        # Still on the entry chosen, so Enter there brings the list back.
        assert app.screen.query_one("#menu", OptionList).highlighted == menu.highlighted
        assert remembered_language() == "fi"
        app.search_themes()  # the palette's Theme
        await pilot.pause(0.2)
        listed = [option.hit.text for option in app.screen.query_one(CommandList).options]
        assert sorted(listed) == ["Suuri kontrasti", "Tumma", "Vaalea"]
        assert "Hae teemoja…" in screen_text(app)


async def test_the_palette_switches_a_hand_off_and_it_stays_a_hand_off():
    game = a_game_in_play()
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        hand_off = app.screen
        assert isinstance(hand_off, HandoffScreen)
        await language_from_the_palette(pilot, "Deutsch")
        assert app.screen is hand_off and i18n.language() == "de"
        text = screen_text(app)
        assert "Befehle" in text.splitlines()[-1] and "palette" not in text
        in_hands = [card for seat in range(len(NAMES)) for card in game.view(seat).hand]
        assert cards_on_screen(text, in_hands) == []
        assert len(app.game.moves) == 5 and remembered_language() == "de"
        await pilot.press("enter")  # the game goes on: the mover's hand, in German
        await pilot.pause()
        assert app.screen.query_one(Hand).cards == game.view(game.to_move).hand
        assert "Regeln" in screen_text(app).splitlines()[-1]


async def test_the_table_keeps_its_cursor_and_the_game_across_a_switch():
    game = a_game_in_play()
    async with at_the_table(game, size=(80, 24)) as pilot:
        app = pilot.app
        table = app.screen
        await pilot.press("right", "right")
        cursor = table.query_one(Hand).cursor
        await app.speak("it")  # as the list of languages does
        await pilot.pause()
        assert app.screen is table and table.query_one(Hand).cursor == cursor
        assert "comandi" in screen_text(app).splitlines()[-1]
        assert app.game is game and len(game.moves) == 5
        app.action_show_help_panel()  # the palette's Keys: Textual's keys and the game's
        await pilot.pause()
        assert "Elemento" in screen_text(app)  # "Elemento successivo", wrapped
        await app.speak("en")
        await pilot.pause()
        assert "palette" in screen_text(app).splitlines()[-1]
        assert json.loads(Path(settings_path()).read_text()) == {"language": "en"}


ROOMY_TABLES = {
    "Sticheln": a_game_in_play,
    "Hattrick": lambda: played_until(4, 3, lambda g: len(g.trick) == 2),
    "Seven Seals": lambda: seven_seals_until(lambda g: g.phase == SevenSealsPhase.PLAY),
}


@pytest.mark.parametrize("position", ROOMY_TABLES.values(), ids=ROOMY_TABLES.keys())
async def test_a_roomy_table_keeps_its_layout_across_a_switch(position):
    """The table is laid out for the terminal again: its hand's cards stay big and tall."""
    async with at_the_table(position(), size=(160, 50)) as pilot:
        app = pilot.app
        table = app.screen
        assert isinstance(table, TableScreen) and table.roomy
        hand = table.query_one(Hand)
        assert hand.big and hand.tall
        height = hand.size.height
        await app.speak("de")
        await pilot.pause()
        hand = table.query_one(Hand)  # drawn anew
        assert app.screen is table and table.roomy
        assert hand.big and hand.tall and hand.size.height == height


async def test_a_choice_that_cannot_be_kept_is_said_and_the_game_speaks_it_anyway(
    tmp_path, monkeypatch
):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("STICHELN_CONFIG", str(blocked))
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.speak("nl")
        await pilot.pause()
        assert app.is_running and i18n.language() == "nl"
        assert "Kaartspellen voor vrienden" in screen_text(app)
        # The settings could not be read at the start either: said first.
        warning, note = [notification.message for notification in app._notifications]
        assert "ignoring the settings" in warning
        kept_not = i18n._("The language could not be kept for next time ({problem}).")
        no_folder = i18n._("{directory} is not a directory").format(directory=blocked)
        assert note == kept_not.format(problem=no_folder)


async def test_the_palette_says_nothing_matches_in_the_players_language():
    i18n.use("de")
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"qqqqxz")
        await pilot.pause(1.0)
        assert i18n._("No matches found") in screen_text(app)
        assert "No matches found" not in screen_text(app)


async def test_an_enter_that_runs_on_into_the_list_keeps_the_language():
    """An Enter held on the first screen's Language entry opens the list and reaches it
    too: the language in use comes first there, so nothing changes."""
    i18n.use("fi")
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.choose_language()
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert i18n.language() == "fi" and remembered_language() is None
        assert "Kieli: Suomi" in screen_text(app)
