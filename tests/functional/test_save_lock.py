"""One program per save: a second copy of the program on the same save neither plays on
nor writes over it; it says so and offers a look (public only) or a new game. The lock
goes with the program that held it, `kill -9` included."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from helpers import cards_on_screen, screen_text

from sticheln_tui import cli, persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.persistence import Record, SaveLock
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.menu import MenuScreen
from sticheln_tui.screens.open_elsewhere import OpenElsewhereScreen, SaveLookScreen
from sticheln_tui.screens.sticheln.handoff import StichelnHandoffScreen

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="saves are locked with flock")

PLAYERS = ["Ann", "Bob", "Cid"]


def played(moves: int) -> Game:
    game = Game(PLAYERS, seed=4)
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return game


@pytest.fixture
def save(saves_in_a_temporary_directory):
    """A game in play (pain cards down, three cards in the first trick) in the saves."""
    path = saves_in_a_temporary_directory / "game.json"
    persistence.save(path, Record(played(5), (None,) * 3, 0, True))
    return path


@pytest.fixture
def held_elsewhere(save):
    """The save as another program holds it: a lock of its own open file description,
    which conflicts with this process's as another process's would."""
    lock = SaveLock.take(save)
    yield lock
    lock.release()


def test_a_second_lock_is_refused_until_the_first_lets_go(save):
    first = SaveLock.take(save)
    assert first is not None and persistence.open_elsewhere(save)
    assert SaveLock.take(save) is None
    first.release()
    assert not persistence.lock_of(save).exists()  # no lock file left behind
    assert not persistence.open_elsewhere(save)
    again = SaveLock.take(save)
    assert again is not None
    again.release()


def test_a_killed_program_leaves_no_lock_behind(save):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from pathlib import Path\n"
            "from sticheln_tui.persistence import SaveLock\n"
            "lock = SaveLock.take(Path(sys.argv[1]))\n"
            "print('held' if lock else 'refused', flush=True)\n"
            "time.sleep(60)\n",
            str(save),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "held\n"
        assert persistence.open_elsewhere(save)
        assert SaveLock.take(save) is None
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
        holder.stdout.close()
    assert persistence.lock_of(save).exists()  # nobody removed it, and yet:
    assert not persistence.open_elsewhere(save)
    lock = SaveLock.take(save)
    assert lock is not None
    lock.release()


def test_the_listing_marks_a_game_open_elsewhere(held_elsewhere, capsys):
    assert cli.main(["--list-saves"]) == 0
    assert "Ann, Bob, Cid: deal 1 of 5, trick 1 of 14  (game.json)  open in another window" in (
        capsys.readouterr().out
    )
    held_elsewhere.release()
    assert cli.main(["--list-saves"]) == 0
    assert "open in another window" not in capsys.readouterr().out


async def test_the_app_holds_its_save_while_it_has_it_open(saves_in_a_temporary_directory):
    app = StichelnApp(players=PLAYERS, seed=2)
    async with app.run_test() as pilot:
        await pilot.pause()
        path = app.session.save_path
        assert persistence.open_elsewhere(path)
        assert SaveLock.take(path) is None
        app.new_game()
        await pilot.pause()
        assert not persistence.open_elsewhere(path)
    assert not persistence.lock_of(path).exists()


async def test_resume_of_a_save_open_elsewhere_offers_a_public_look_or_a_new_game(
    save, held_elsewhere, monkeypatch
):
    monkeypatch.setattr(SaveLookScreen, "REFRESH_SECONDS", 0.1)
    game = persistence.load(save).game
    app = StichelnApp(resume=persistence.latest_unfinished())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpenElsewhereScreen)
        assert app.game is None and app.session.save_path is None
        assert "This game is open in another window" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SaveLookScreen)
        shown = screen_text(app)
        assert "Read only: Ann, Bob, Cid" in shown and "Trick 1/14" in shown
        hands = [card for seat in range(3) for card in game.view(seat).hand]
        assert cards_on_screen(shown, hands) == []  # the cards in the trick are public
        # The other window plays on: the look follows its save.
        game.apply(game.legal_moves()[0])
        persistence.save(save, Record(game, (None,) * 3, 0, True))
        os.utime(save, (1, 1))  # a different time even within the clock's resolution
        await pilot.pause(SaveLookScreen.REFRESH_SECONDS + 0.3)
        assert "Trick 2/14" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert len(app.screen_stack) == 2  # the choice beneath went too
    assert persistence.load(save).game.moves == game.moves  # left exactly as the other saved it


async def test_continue_on_a_save_open_elsewhere_offers_the_choice(save, held_elsewhere):
    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the first screen looks for a game
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # Continue is chosen
        await pilot.pause()
        assert isinstance(app.screen, OpenElsewhereScreen)
        held_elsewhere.release()  # the other window quits: Continue now takes the game up
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.session.save_path == save
        assert persistence.open_elsewhere(save)


async def test_escape_on_a_save_open_elsewhere_goes_back_to_the_first_screen(save, held_elsewhere):
    app = StichelnApp(resume=persistence.latest_unfinished())
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpenElsewhereScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.game is None


async def test_r_tries_again_and_takes_the_game_up_once_the_other_window_has_quit(
    save, held_elsewhere
):
    app = StichelnApp(resume=persistence.latest_unfinished())
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, OpenElsewhereScreen)
        assert "The game is still open in the other window." in notifications(app)
        held_elsewhere.release()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.session.save_path == save
        assert app.game.moves == persistence.load(save).game.moves
        assert "The other window has let go of the game: it goes on here." in notifications(app)


def notifications(app: StichelnApp) -> list[str]:
    return [notification.message for notification in app._notifications]


@pytest.mark.parametrize("looking", [False, True], ids=["choosing", "looking"])
async def test_the_game_goes_on_here_once_the_other_window_lets_go(
    save, held_elsewhere, monkeypatch, looking
):
    """Nobody presses anything: the screen (or the look at the save) notices."""
    monkeypatch.setattr(OpenElsewhereScreen, "CHECK_SECONDS", 0.1)
    monkeypatch.setattr(SaveLookScreen, "REFRESH_SECONDS", 0.1)
    app = StichelnApp(resume=persistence.latest_unfinished())
    async with app.run_test() as pilot:
        await pilot.pause()
        if looking:
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, SaveLookScreen)
        await pilot.pause(0.3)
        assert app.game is None  # still the other window's
        held_elsewhere.release()
        await pilot.pause(0.3)
        assert isinstance(app.screen, HandoffScreen) and app.session.save_path == save
        assert [type(screen) for screen in app.screen_stack[1:]] == [StichelnHandoffScreen]
        assert persistence.open_elsewhere(save)  # this window's now


async def test_continue_takes_the_game_up_as_saved_last_not_as_listed(save):
    entry = persistence.latest_unfinished()
    game = played(9)  # saved by another window after the listing, before it quit
    persistence.save(save, Record(game, (None,) * 3, 0, True))
    app = StichelnApp(resume=entry)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.game.moves == game.moves and app.game.phase is Phase.PLAY


async def test_a_hattrick_save_open_elsewhere_shows_its_piles_and_no_hand(
    saves_in_a_temporary_directory,
):
    game = HattrickGame(["Ann", "Bob", "Cid", "Dee"], seed=7)
    for _ in range(6):
        game.apply(game.legal_moves()[-1])
    path = saves_in_a_temporary_directory / "hattrick.json"
    persistence.save(path, Record(game, (None,) * 4))
    lock = SaveLock.take(path)
    try:
        app = StichelnApp(resume=persistence.latest_unfinished())
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, OpenElsewhereScreen)
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, SaveLookScreen)
            shown = screen_text(app)
            assert "Read only: Ann, Bob, Cid, Dee" in shown and "Hattrick  Deal 1/5" in shown
            assert "pass  now" in shown and "Last trick: " in shown
            hands = [card for seat in range(4) for card in game.view(seat).hand]
            assert cards_on_screen(shown, hands) == []
    finally:
        lock.release()


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda lock: lock.mkdir(), "not a file but a folder"),
        (lambda lock: lock.symlink_to(lock.parent / "nowhere"), "not a file but a symbolic link"),
        (lambda lock: os.mkfifo(lock), "not a file but a named pipe"),
    ],
    ids=["folder", "dangling link", "named pipe"],
)
def test_a_lock_file_that_cannot_be_held_is_no_licence_to_play(save, make, why, capsys):
    lock = persistence.lock_of(save)
    make(lock)
    assert SaveLock.take(save) is None  # neither window plays
    assert SaveLock.take(save) is None
    assert persistence.lock_problem(save) == f"cannot be locked: game.json.lock: {why}"
    assert not (save.parent / "nowhere").exists()  # a link is not followed to make it
    assert cli.main(["--list-saves"]) == 0
    assert f"(game.json)  cannot be locked: game.json.lock: {why}" in capsys.readouterr().out


def test_a_lock_file_this_user_may_not_open_is_no_licence_to_play(save, monkeypatch):
    lock = persistence.lock_of(save)
    lock.write_text("")
    opened = os.open

    def refused_for_the_lock(path, *args, **kwargs):
        if os.fspath(path) == str(lock):
            raise PermissionError(13, "Permission denied")
        return opened(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused_for_the_lock)
    assert SaveLock.take(save) is None
    assert persistence.lock_problem(save) == "cannot be locked: game.json.lock: Permission denied"


async def test_a_save_whose_lock_cannot_be_held_opens_as_a_look_until_it_is_put_right(
    save, monkeypatch
):
    monkeypatch.setattr(OpenElsewhereScreen, "CHECK_SECONDS", 0.1)
    lock = persistence.lock_of(save)
    lock.mkdir()
    before = save.read_bytes()
    app = StichelnApp(resume=persistence.latest_unfinished())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpenElsewhereScreen)
        assert app.game is None and app.session.save_path is None
        shown = screen_text(app)
        assert "This game cannot be locked: game.json.lock: not a file but a folder" in shown
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SaveLookScreen)
        assert "Read only: Ann, Bob, Cid  (cannot be locked" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert app.game is None  # still not this window's to play
        lock.rmdir()
        for _ in range(50):  # the screen looks every tenth of a second, on a busy machine too
            await pilot.pause(0.1)
            if isinstance(app.screen, HandoffScreen):
                break
        await pilot.pause()  # the notice, posted as the hand-off went up, is handled
        assert isinstance(app.screen, HandoffScreen) and app.session.save_path == save
        assert persistence.open_elsewhere(save)  # this window's now, properly locked
        assert "The lock file has been put right: the game goes on here." in notifications(app)
    assert save.read_bytes() == before
