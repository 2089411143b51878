"""The first screen: Continue when there is a game to continue, one entry per game, the
rules and Quit; a game opens its setup form, and Escape comes back."""

from __future__ import annotations

from helpers import screen_text
from textual.containers import VerticalScroll
from textual.widgets import Markdown, OptionList, Tab, TabbedContent, TabPane

from sticheln_tui import persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.games import engines, registered
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.hattrick.rules import hattrick_rules
from sticheln_tui.screens.hattrick.table import HattrickTableScreen
from sticheln_tui.screens.menu import MenuScreen
from sticheln_tui.screens.rules_help import RulesHelpScreen
from sticheln_tui.screens.setup import HattrickSetupScreen, StichelnSetupScreen

GAMES = engines()

MENU_BELOW_CONTINUE = [
    "Sticheln",
    "Hattrick",
    "Seven Seals",
    "Statistics",
    "Rules",
    "Language: English",
    "Quit",
]


def test_the_first_screen_lists_every_game_by_its_key_and_title():
    assert {key: game.TITLE for key, game in GAMES.items()} == {
        key: info.title for key, info in registered().items()
    }


def entries(app: StichelnApp) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def on_the_first_screen(pilot) -> None:
    """The first frame is up and the unfinished game has been looked for."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(pilot.app.screen, MenuScreen)


async def choose(pilot, title: str) -> None:
    """Highlight the entry that starts with `title` and press Enter."""
    index = next(i for i, text in enumerate(entries(pilot.app)) if text.startswith(title))
    pilot.app.screen.query_one("#menu", OptionList).highlighted = index
    await pilot.press("enter")
    await pilot.pause()


def an_unfinished_game(directory) -> Game:
    game = Game(["Ann", "Bob", "Cid"], Rules(), seed=4)
    for _ in range(4):  # the pain cards and a card of the first trick
        game.apply(game.legal_moves()[0])
    record = persistence.Record(game, (None,) * 3, reveal_seen=True)
    persistence.save(directory / "unfinished.json", record)
    return game


async def test_without_a_saved_game_there_is_nothing_to_continue():
    app = StichelnApp()
    async with app.run_test() as pilot:
        await on_the_first_screen(pilot)
        assert entries(app) == MENU_BELOW_CONTINUE


async def test_continue_names_the_game_its_players_and_where_it_stands(
    saves_in_a_temporary_directory,
):
    game = an_unfinished_game(saves_in_a_temporary_directory)
    app = StichelnApp()
    async with app.run_test() as pilot:
        await on_the_first_screen(pilot)
        continue_entry, *others = entries(app)
        view = game.view(None)
        where = f"deal 1 of 5, trick {view.trick_number} of {view.tricks_per_deal}"
        assert continue_entry == f"Continue: Sticheln with Ann, Bob, Cid; {where}"
        assert others == MENU_BELOW_CONTINUE
        assert app.screen.query_one("#menu", OptionList).highlighted == 0
        await pilot.press("enter")  # Continue is chosen
        await pilot.pause()
        assert app.game.moves == game.moves and app.session.save_path.name == "unfinished.json"
        assert isinstance(app.screen, HandoffScreen)  # never a hand straight away


async def test_a_player_who_moved_on_the_menu_stays_on_their_entry_when_continue_comes(
    saves_in_a_temporary_directory,
):
    app = StichelnApp()
    async with app.run_test() as pilot:
        await on_the_first_screen(pilot)  # no game to continue yet
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = 1  # Hattrick; then the look-up finds a game
        an_unfinished_game(saves_in_a_temporary_directory)
        app.screen._offer(persistence.latest_unfinished(saves_in_a_temporary_directory))
        await pilot.pause()
        assert entries(app)[0].startswith("Continue: Sticheln")
        assert str(menu.get_option_at_index(menu.highlighted).prompt) == "Hattrick"


async def test_enter_on_sticheln_opens_its_form_and_escape_comes_back():
    app = StichelnApp()
    async with app.run_test() as pilot:
        await on_the_first_screen(pilot)
        await choose(pilot, "Sticheln")
        assert isinstance(app.screen, StichelnSetupScreen)
        assert "Sticheln: a new game" in screen_text(app)
        counts = app.screen.query_one("#count")._options
        assert [value for _, value in counts] == list(range(3, 9))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.game is None


async def test_enter_on_hattrick_opens_its_form_for_four_to_seven_players():
    app = StichelnApp()
    async with app.run_test() as pilot:
        await on_the_first_screen(pilot)
        await choose(pilot, "Hattrick")
        screen = app.screen
        assert isinstance(screen, HattrickSetupScreen)
        assert "Hattrick: a new game" in screen_text(app)
        assert [value for _, value in screen.query_one("#count")._options] == [4, 5, 6, 7]
        assert len(screen.query(".name")) == 7
        assert not screen.query(".option")  # Sticheln's rules are not Hattrick's
        assert screen.chosen_options() == HattrickOptions(deals=5)


async def test_starting_hattrick_asks_the_app_with_the_whole_table(monkeypatch):
    started = []
    monkeypatch.setattr(
        StichelnApp,
        "start_game",
        lambda app, seats, leader, seed, options, game: started.append(
            (game, seats, leader, seed, options)
        ),
    )
    app = StichelnApp(game="hattrick")
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#count").value = 5
        screen.query_one("#deals").value = 3
        screen.query_one("#leader").value = 2
        screen.query_one("#seed").value = "7"
        await pilot.click("#start")
        await pilot.pause()
        ((game, seats, leader, seed, options),) = started
        assert (game, leader, seed, options) == ("hattrick", 2, 7, HattrickOptions(deals=3))
        assert [seat.name for seat in seats] == [f"Player {n}" for n in range(1, 6)]


async def test_hattricks_form_starts_a_hattrick_game_at_its_table():
    app = StichelnApp(game="hattrick")
    async with app.run_test() as pilot:
        await pilot.pause()
        app.screen.query_one("#kind-1").value = "normal"
        app.screen.query_one("#kind-2").value = "normal"
        app.screen.query_one("#kind-3").value = "normal"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.game, HattrickGame) and len(app.game.players) == 4
        assert isinstance(app.screen, HattrickTableScreen)  # a lone human: no hand-off
        assert app.screen.view.seat == 0


async def test_rules_opens_the_help_and_quit_quits():
    app = StichelnApp()
    async with app.run_test() as pilot:
        await on_the_first_screen(pilot)
        await choose(pilot, "Rules")
        assert isinstance(app.screen, RulesHelpScreen)
        # No game chosen yet: every game's rules, one tab each, and no "this game" line.
        tabs = [str(tab.label) for tab in app.screen.query(Tab)]
        assert tabs == [game.TITLE for game in GAMES.values()]
        text = screen_text(app)
        assert "How to play Sticheln" in text and "This game" not in text
        await pilot.press("escape")
        await pilot.pause()
        await choose(pilot, "Quit")
        assert app.return_code == 0 and not app.is_running


async def test_tab_and_shift_tab_switch_the_rules_tabs_and_the_arrows_scroll():
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_first_screen(pilot)
        await choose(pilot, "Rules")
        tabs = app.screen.query_one(TabbedContent)
        assert "Tab Next game" in screen_text(app)  # the footer says so
        await pilot.press("tab")
        await pilot.pause()
        assert tabs.active_pane.query_one(Markdown).source == hattrick_rules()
        await pilot.press("tab", "tab")  # round to the first
        await pilot.pause()
        assert tabs.active == tabs.query(TabPane).first().id
        await pilot.press("shift+tab")
        await pilot.pause()
        assert "How to play Seven Seals" in screen_text(app)
        scroll = tabs.active_pane.query_one(VerticalScroll)
        await pilot.press("pagedown", "down")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
