"""A game from outside the package, played at the real table: Plain Tricks (tests/
plain_tricks) is registered for each test, and the App and its shared screens host it
from the first screen to the replay without knowing it by name."""

from __future__ import annotations

import pytest
from helpers import (
    at_the_table,
    check_hand_off_hides_every_hand,
    press_until,
    screen_text,
    taken_up,
)
from plain_tricks import INFO
from plain_tricks.engine import PlainGame, PlainOptions
from plain_tricks.screens import (
    PlainHandoffScreen,
    PlainReplayScreen,
    PlainScoreboardScreen,
    PlainSetupScreen,
    PlainTableScreen,
)
from textual.widgets import OptionList, Static

from sticheln_tui import persistence, simulate
from sticheln_tui.app import StichelnApp
from sticheln_tui.bots import make_bot
from sticheln_tui.games import register, unregister
from sticheln_tui.persistence import Record
from sticheln_tui.screens.menu import MenuScreen
from sticheln_tui.widgets.choice import Choice

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


@pytest.fixture(autouse=True)
def plain_tricks_hosted():
    register(INFO)
    yield
    unregister(INFO.key)


def finished(seed: int = 3) -> PlainGame:
    """A game of Plain Tricks the easy computer players played to the end."""
    game = PlainGame(PLAYERS, PlainOptions(2), seed=seed)
    bots = [make_bot("easy", seat, INFO.key) for seat in range(len(PLAYERS))]
    while not game.finished:
        game.apply(bots[game.seat_to_move()].choose(game.view(game.to_move)))
    return game


async def test_the_first_screen_lists_it_and_its_form_starts_a_game():
    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and "Plain Tricks" in screen_text(app)
        menu = app.screen.query_one(OptionList)
        await press_until(pilot, lambda: menu.highlighted_option.id == INFO.key, key="down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlainSetupScreen)
        assert "Plain Tricks: a new game" in screen_text(app)
        app.screen.query_one("#deals", Choice).value = 5
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.game, PlainGame) and app.game.options == PlainOptions(5)
        assert len(app.game.players) == 4  # the form's default table: four humans
        assert isinstance(app.screen, PlainHandoffScreen)


async def test_a_hand_off_between_two_humans_shows_no_card_and_i_says_the_table():
    game = PlainGame(PLAYERS, seed=8)
    async with at_the_table(game, (80, 24)) as pilot:  # Ann took the keyboard
        app = pilot.app
        assert isinstance(app.screen, PlainTableScreen) and app.screen.view.seat == 0
        await pilot.press("enter")  # and plays
        await pilot.pause()
        words = await check_hand_off_hides_every_hand(pilot, game, PlainHandoffScreen)
        assert "B O B" in words and "Ann played" in words
        assert "Plain Tricks Deal 1/3 Trick 1/7" in words
        await pilot.press("i")  # the situation in a line, in the game's own words
        await pilot.pause()
        assert "Your hand: " in app._said and "Ann: 0 tricks." in app._said


async def test_a_bot_moves_and_the_hint_is_the_games_own():
    game = PlainGame(PLAYERS, seed=8)
    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.continue_game(game, [None, "easy", "normal", "strong"])
        await pilot.pause()
        assert isinstance(app.screen, PlainTableScreen)  # alone with bots: no hand-off
        assert app.screen.query_one("#seats").styles.border_top[0] == "round"  # a panel
        await pilot.press("h")
        await pilot.pause()
        advice = str(app.screen.query_one("#advice", Static).render())
        assert advice.startswith("Hint: ") and "leads with the highest card" in advice
        await pilot.press("enter")
        await press_until(pilot, lambda: len(app.game.moves) == 4, key="space")
        assert app.game.to_move is not None and app.game.view(None).last_trick is not None
        assert isinstance(app.screen, PlainTableScreen)


async def test_the_game_is_saved_after_a_move_and_continued_by_a_new_app(
    saves_in_a_temporary_directory,
):
    app = StichelnApp(players=PLAYERS[:3], seed=5, game=INFO.key)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # past the hand-off, a card played
        await pilot.pause()
        moves = list(app.game.moves)
        assert len(moves) == 1
    (path,) = saves_in_a_temporary_directory.glob("*.json")
    assert persistence.load(path).game.moves == moves

    app = StichelnApp()  # the same saves folder: Continue offers the game
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the first screen looks for a game
        await pilot.pause()
        assert "Continue: Plain Tricks with Ann, Bob, Cid" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.game, PlainGame) and app.game.moves == moves
        assert isinstance(app.screen, PlainHandoffScreen) and app.screen.seat == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlainTableScreen) and app.screen.view.seat == 1


async def test_a_finished_game_replays(tmp_path):
    game = finished()
    persistence.save(tmp_path / "plain.json", Record(game, (None,) * 4, deals_seen=2))
    (entry,) = persistence.list_saves(tmp_path)
    app = StichelnApp(resume=entry, review=True)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlainReplayScreen)
        assert "The cards are dealt" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert "took the trick" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert f"move {len(game.moves)} of {len(game.moves)}" in text
        assert "Deal 2 scored" in text and "Game over" in text


async def test_the_final_scores_export_a_record_that_loads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = finished()
    async with taken_up(game, (80, 24)) as pilot:
        app = pilot.app
        assert isinstance(app.screen, PlainScoreboardScreen) and app.screen.final
        await pilot.press("tab", "tab")  # the game's own tab: the deal just played
        await pilot.pause()
        assert "Tricks" in screen_text(app) and "Last trick:" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
    (exported,) = tmp_path.glob("plain-tricks-*.json")
    record = persistence.load(exported)
    assert isinstance(record.game, PlainGame) and record.game.moves == game.moves


def test_simulate_prints_its_table(capsys):
    simulate.main(["--game", INFO.key, "--seats", "easy,normal,strong", "--games", "3"])
    out = capsys.readouterr().out
    assert "3 games, Plain Tricks, 3 deals, seed 1" in out
    assert all(level in out for level in ("easy", "normal", "strong"))
