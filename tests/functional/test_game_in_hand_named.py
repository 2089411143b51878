"""The program names the game in hand, never itself as if it were Sticheln: the question
before quitting and the request for a larger terminal say Hattrick at Hattrick's form or
table, and "the card table" before any game is chosen."""

from __future__ import annotations

import pytest
from helpers import screen_text

from sticheln_tui import persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.games import registered
from sticheln_tui.screens.confirm import ConfirmScreen
from sticheln_tui.screens.too_small import TooSmallScreen

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
NAMED = {"sticheln": "Sticheln", "hattrick": "Hattrick", "seven-seals": "Seven Seals"}


def words(app: StichelnApp) -> str:
    return " ".join(screen_text(app).split())


def hattrick_replay(directory) -> StichelnApp:
    """`sticheln --replay FILE` of a finished Hattrick game."""
    game = HattrickGame(PLAYERS, HattrickOptions(deals=1), seed=3)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    path = directory / "record.json"
    persistence.export(path, persistence.Record(game, (None,) * 4, len(game.results)))
    entry = persistence.SaveEntry(path, 0.0, persistence.load(path), None)
    return StichelnApp(resume=entry, review=True)


def contexts():
    """Each way the app can be, made in a directory of its own: the game it names."""
    yield pytest.param(lambda directory: StichelnApp(), "the card table", id="first-screen")
    yield pytest.param(hattrick_replay, "Hattrick", id="hattrick-replay")
    for game in registered():
        yield pytest.param(
            lambda directory, game=game: StichelnApp(game=game), NAMED[game], id=f"{game}-form"
        )
        yield pytest.param(
            lambda directory, game=game: StichelnApp(players=PLAYERS, seed=3, game=game),
            NAMED[game],
            id=f"{game}-game",
        )


@pytest.mark.parametrize(("make", "name"), contexts())
async def test_quitting_asks_about_the_game_in_hand(make, name, tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert f"Quit {name}?" in words(app)


@pytest.mark.parametrize(("make", "name"), contexts())
async def test_a_small_terminal_is_asked_to_grow_for_the_game_in_hand(make, name, tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        needs = f"{name[0].upper()}{name[1:]} needs 80x24; this terminal is 60x20."
        assert needs in words(app)
