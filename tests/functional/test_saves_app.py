"""Saves through the real app and the command line: autosave, Continue, resume behind a
hand-off, a save that will not load, export and replay, a too-small terminal, and the
command-line options."""

from __future__ import annotations

import errno
import json
import os
import re

import pytest
from helpers import cards_on_screen, saved_moves, screen_text, started_apps, taken_up

from sticheln_tui import cli, persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions, PassCard
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.persistence import Record, SaveEntry
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.hattrick.handoff import HattrickHandoffScreen
from sticheln_tui.screens.hattrick.replay import HattrickReplayScreen
from sticheln_tui.screens.hattrick.table import HattrickTableScreen
from sticheln_tui.screens.load_problem import LoadProblemScreen
from sticheln_tui.screens.menu import MenuScreen
from sticheln_tui.screens.open_elsewhere import OpenElsewhereScreen
from sticheln_tui.screens.private import PrivateScreen
from sticheln_tui.screens.replay import ReplayScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.sticheln.handoff import StichelnHandoffScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.screens.too_small import TooSmallScreen
from sticheln_tui.seats import Seat
from sticheln_tui.widgets.cards import card_label

PLAYERS = ["Ann", "Bob", "Cid"]


def played(moves: int, rules: Rules = Rules(), seed: int = 3) -> Game:
    game = Game(PLAYERS, rules, seed=seed)
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return game


def finished(rules: Rules = Rules(deals=1)) -> Game:
    game = played(0, rules)
    while game.phase is not Phase.OVER:
        game.apply(game.legal_moves()[-1])
    return game


def only_save(directory):
    (path,) = directory.glob("*.json")
    return path


async def test_every_move_is_saved_and_continue_picks_the_game_up(
    saves_in_a_temporary_directory,
):
    directory = saves_in_a_temporary_directory
    app = StichelnApp(players=PLAYERS, seed=11)
    async with app.run_test() as pilot:
        path = await saved_moves(pilot, directory, 0)  # saved before the first move
        for _ in range(8):
            await pilot.press("enter")
            await pilot.pause()
            await saved_moves(pilot, directory, len(app.game.moves))
            assert persistence.load(path).game.moves == app.game.moves
        moves = list(app.game.moves)
        assert len(moves) >= 3
        assert persistence.backup_of(path).exists()

    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the first screen looks for a game
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "Continue: Sticheln with Ann, Bob, Cid" in screen_text(app)
        await pilot.press("enter")  # Continue is chosen
        await pilot.pause()
        assert app.game.moves == moves
        assert app.session.save_path == path
        # Never a hand straight away: the player to move takes the keyboard first.
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.seat == app.game.to_move
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivateScreen)
        assert app.screen.view.seat == app.game.to_move


async def test_a_lone_human_also_resumes_behind_a_hand_off(tmp_path):
    game = played(0)
    while not (game.phase is Phase.PLAY and game.to_move == 0 and game.view(None).trick):
        game.apply(game.legal_moves()[0])
    persistence.save(tmp_path / "solo.json", Record(game, (None, "easy", "easy"), 0, True))
    app = StichelnApp(resume=persistence.list_saves(tmp_path)[0])
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.view.seat == 0


async def test_resuming_while_a_bot_picks_shows_a_hand_off_not_a_blank_screen(tmp_path):
    game = played(1)  # the first pick is made; a bot picks next
    assert game.phase is Phase.PICK
    persistence.save(tmp_path / "solo.json", Record(game, (None, "easy", "easy")))
    app = StichelnApp(resume=persistence.list_saves(tmp_path)[0])
    shown = []
    show = app._show
    app._show = lambda screen: (shown.append(type(screen)), show(screen))
    async with app.run_test() as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.phase is Phase.PLAY  # the bots picked, the app did not stall
        assert shown == [StichelnHandoffScreen, RevealScreen]


async def test_resume_shows_the_scores_the_table_had_not_seen(tmp_path):
    game = played(0)
    while not game.results:
        game.apply(game.legal_moves()[0])
    path = tmp_path / "after-deal.json"
    persistence.save(path, Record(game, (None,) * 3, deals_seen=0, reveal_seen=False))
    app = StichelnApp(resume=persistence.list_saves(tmp_path)[0])
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert persistence.load(path).deals_seen == 1  # looking at them is saved too


async def test_a_save_that_will_not_load_is_left_alone_and_its_backup_offered(tmp_path):
    path = tmp_path / "game.json"
    game = played(5)
    persistence.save(path, Record(game, (None,) * 3))
    game.apply(game.legal_moves()[0])
    persistence.save(path, Record(game, (None,) * 3))
    damaged = path.read_bytes()[:300]
    path.write_bytes(damaged)
    app = StichelnApp(saves=tmp_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the first screen looks for a game
        await pilot.pause()
        assert "will not load" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadProblemScreen)
        text = screen_text(app)
        assert "damaged or not JSON" in text
        assert "Its backup loads" in text
        await pilot.press("b")
        await pilot.pause()
        assert len(app.game.moves) == 5  # the backup: one move earlier
        assert isinstance(app.screen, RevealScreen)  # the pain cards were not shown yet
        assert app.session.save_path != path  # the game goes on in a new file
        assert app.session.save_path.exists()
    assert path.read_bytes() == damaged


@pytest.mark.parametrize(
    ("backup", "said"),
    [
        ("{", "Its backup will not load either: damaged or not JSON"),
        (None, "It has no backup to load instead."),
    ],
)
async def test_a_save_without_a_backup_that_loads_offers_a_new_game(tmp_path, backup, said):
    path = tmp_path / "game.json"
    path.write_text("{")
    if backup is not None:
        persistence.backup_of(path).write_text(backup)
    entry = persistence.list_saves(tmp_path)[0]
    app = StichelnApp(saves=tmp_path, resume=entry)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert said in screen_text(app)
        await pilot.press("b")  # no backup to load: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, LoadProblemScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    assert path.read_text() == "{"


@pytest.mark.usefixtures("full_disk")
async def test_a_failed_save_is_reported_once_and_the_game_goes_on(
    saves_in_a_temporary_directory,
):
    app = StichelnApp(players=PLAYERS, seed=2)
    messages = []  # every toast, though a hand-off clears them from the screen
    notify = app.notify
    app.notify = lambda message, **options: messages.append(message) or notify(message, **options)
    async with app.run_test() as pilot:
        await pilot.pause()
        for _ in range(4):
            await pilot.press("enter")
            await pilot.pause()
        assert len(app.game.moves) >= 1
        failures = [m for m in messages if "Could not save the game (No space left" in m]
        assert len(failures) == 1 and str(saves_in_a_temporary_directory) in failures[0]


async def test_a_saves_folder_that_is_a_file_is_said_when_the_game_cannot_be_saved(
    saves_in_a_temporary_directory,
):
    """Not "File exists", which is what making the folder fails with."""
    saves_in_a_temporary_directory.write_text("not a folder")
    app = StichelnApp(players=PLAYERS, seed=2)
    messages = []
    notify = app.notify
    app.notify = lambda message, **options: messages.append(message) or notify(message, **options)
    async with app.run_test() as pilot:
        await pilot.pause()
    assert messages[0] == (
        f"Could not save the game ({saves_in_a_temporary_directory} is not a directory) in "
        f"{saves_in_a_temporary_directory}; trying again after the next move."
    )


@pytest.mark.parametrize(
    ("screen", "shown"),
    [(LoadProblemScreen, "path"), (OpenElsewhereScreen, "path"), (ReplayScreen, "name")],
)
async def test_a_file_name_on_screen_has_its_controls_written_out(tmp_path, screen, shown):
    """The path of a save that will not load or that another window has open, and the
    title of a replay."""
    path = tmp_path / f"{TITLE}{CLEAR}[b].json"
    if screen is LoadProblemScreen:
        path.write_text("{")
    else:
        persistence.save(
            path, Record(finished() if screen is ReplayScreen else played(2), (None,) * 3)
        )
    held_elsewhere = persistence.SaveLock.take(path)  # only one of the screens minds it
    (entry,) = persistence.list_saves(tmp_path)
    app = StichelnApp(resume=entry, review=screen is ReplayScreen)
    async with app.run_test(size=(200, 40)) as pilot:  # room for the path on one line
        await pilot.pause()
        assert isinstance(app.screen, screen)
        text = screen_text(app)
    held_elsewhere.release()
    assert repr(str(path) if shown == "path" else path.name) in text  # [b] is no markup either
    assert "\x1b" not in text


async def test_the_final_screen_exports_a_record_that_replays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = finished()
    async with taken_up(game, (80, 24)) as pilot:
        app = pilot.app
        assert isinstance(app.screen, ScoreboardScreen) and app.screen.final
        await pilot.press("e")
        await pilot.pause()
    (record_path,) = tmp_path.glob("sticheln-*.json")
    record = persistence.load(record_path)
    assert record.game.moves == game.moves and record.finished

    app = StichelnApp(resume=SaveEntry(record_path, 0.0, record, None), review=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert f"move 0 of {len(game.moves)}" in screen_text(app)
        # Every hand is shown at the start.
        hands = screen.frames[0].hands
        assert all(len(hand) == len(hands[0]) > 0 for hand in hands)
        await pilot.press("right", "right")
        assert screen.position == 2
        await pilot.press("left")
        assert screen.position == 1
        await pilot.press("pagedown")
        assert not screen.frames[screen.position].view.trick  # a trick just ended
        await pilot.press("end")
        await pilot.pause()
        assert screen.position == len(game.moves)
        assert "Game over" in screen_text(app)
        await pilot.press("right")
        assert screen.position == len(game.moves)
        await pilot.press("home")
        assert screen.position == 0


async def test_a_too_small_terminal_covers_the_game_until_it_fits():
    app = StichelnApp(players=PLAYERS, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivateScreen)
        moves = len(app.game.moves)
        await pilot.resize_terminal(40, 12)
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        assert "Please enlarge" in text and "40x12" in text
        for key in ("enter", "left", "u", "q", "question_mark", "space"):
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert len(app.game.moves) == moves  # nothing reached the game
        await pilot.resize_terminal(79, 30)
        assert isinstance(app.screen, TooSmallScreen)
        assert "79x30" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, PrivateScreen)


async def test_a_bot_move_lands_beneath_the_request_to_enlarge(saves_in_a_temporary_directory):
    app = StichelnApp(players=[Seat("Ann"), Seat("Easy 2", "easy"), Seat("Easy 3", "easy")])
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann lays down her card; the bots follow
        await pilot.resize_terminal(50, 20)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)


async def test_ctrl_c_saves_and_quits_at_once():
    app = StichelnApp(players=PLAYERS, seed=9)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running
    assert persistence.load(app.session.save_path).game.moves == app.game.moves


# -- the command line ---------------------------------------------------------------


def run_cli(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(args)
    return exit_info.value.code, capsys.readouterr()


def test_list_saves_names_each_game_and_each_problem(saves_in_a_temporary_directory, capsys):
    directory = saves_in_a_temporary_directory
    persistence.save(directory / "a.json", Record(played(4), (None, "easy", None)))
    (directory / "b.json").write_text("not json")
    assert cli.main(["--list-saves"]) == 0
    out = capsys.readouterr().out
    assert str(directory) in out
    assert "Sticheln: Ann, Bob, Cid: deal 1 of 5" in out
    assert "b.json: cannot be loaded: damaged or not JSON" in out


# A file name may hold anything but "/": an escape sequence that sets the window's title or
# clears the screen, a line break that forges a line of the list.
TITLE, CLEAR, FORGED = "title\x1b]0;pwned\x07", "clear\x1b[2J", "forged\n  2026-01-01 00:00  x"


def test_names_from_the_disk_reach_the_terminal_with_their_controls_written_out(
    saves_in_a_temporary_directory, tmp_path, capsys, monkeypatch
):
    directory = tmp_path / f"saves {CLEAR}"
    monkeypatch.setenv("STICHELN_SAVES", str(directory))
    persistence.save(directory / f"{TITLE}.json", Record(played(4), (None,) * 3))
    (directory / f"{FORGED}.json").write_text("{")
    outputs = []
    assert cli.main(["--list-saves"]) == 0
    listed = capsys.readouterr()
    assert len(listed.out.splitlines()) == 3  # the heading and a line for each save
    outputs.append(listed)
    assert cli.main(["--stats"]) == 0
    outputs.append(capsys.readouterr())
    for args in (
        ["--load", str(directory / f"{FORGED}.json")],
        ["--replay", str(directory / f"{TITLE}.json")],
        ["--export", str(directory / TITLE / "record.json")],
    ):
        code, output = run_cli(args, capsys)
        assert code == 2 and output.err.count("\n") == 1
        outputs.append(output)
    text = "".join(output.out + output.err for output in outputs)
    assert not {"\x1b", "\x07"} & set(text)
    assert repr(f"{TITLE}.json") in text and repr(f"{FORGED}.json") in text
    assert repr(str(directory)) in text


def test_a_link_to_nowhere_among_the_saves_hides_none_of_the_others(
    saves_in_a_temporary_directory,
):
    """A save that cannot even be dated (a dangling link, or removed meanwhile) is listed
    as not loading, and every other save is still listed."""
    directory = saves_in_a_temporary_directory
    for name in ("a", "c", "d"):
        persistence.save(directory / f"{name}.json", Record(played(4), (None, "easy", None)))
    (directory / "b.json").symlink_to(directory / "nowhere.json")
    entries = persistence.list_saves(directory)
    assert sorted(entry.path.name for entry in entries) == ["a.json", "b.json", "c.json", "d.json"]
    assert [entry.path.name for entry in entries if entry.record is None] == ["b.json"]


def test_list_saves_with_none(capsys):
    assert cli.main(["--list-saves"]) == 0
    assert "No saved games" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args", [["--list-saves"], ["--stats"], ["--resume"], ["--export", "record.json"]]
)
def test_a_saves_folder_that_is_a_file_is_said_not_taken_for_no_games(
    args, tmp_path, capsys, monkeypatch
):
    folder = tmp_path / "saves"
    folder.write_text("")
    monkeypatch.setenv("STICHELN_SAVES", str(folder))
    monkeypatch.chdir(tmp_path)
    code, out = run_cli(args, capsys)
    assert code == 2 and out.out == ""
    assert out.err == f"sticheln: cannot read the saves folder {folder}: Not a directory\n"


def test_a_saves_folder_that_cannot_be_read_says_why(
    saves_in_a_temporary_directory, capsys, monkeypatch
):
    folder = saves_in_a_temporary_directory
    folder.mkdir()
    scandir = os.scandir

    def refused(path):  # as for a folder of another user's (root reads any)
        if os.fspath(path) == str(folder):
            raise PermissionError(errno.EACCES, "Permission denied")
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refused)
    code, out = run_cli(["--list-saves"], capsys)
    assert code == 2
    assert out.err == f"sticheln: cannot read the saves folder {folder}: Permission denied\n"


def test_resume_without_a_game_exits_2(capsys):
    code, out = run_cli(["--resume"], capsys)
    assert code == 2 and "no unfinished game to resume" in out.err


def test_resume_starts_the_app_with_the_latest_unfinished_game(
    saves_in_a_temporary_directory, monkeypatch
):
    directory = saves_in_a_temporary_directory
    persistence.save(directory / "old.json", Record(finished(), (None,) * 3))
    persistence.save(directory / "new.json", Record(played(2), (None,) * 3))
    apps = started_apps(monkeypatch)
    assert cli.main(["--resume"]) == 0
    (started,) = apps
    assert started["resume"].path.name == "new.json"
    assert not started["review"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--resume", "--players", "Ann,Bob,Cid"], "drop --players"),
        (["--resume", "--reverse"], "drop --reverse"),
        (["--resume", "--list-saves"], "not allowed with argument"),
        (["--replay", "x.json", "--export", "y.json"], "--export goes with --load"),
        (["--load", "missing.json"], "cannot load missing.json: cannot read it"),
        (["--replay", "missing.json"], "cannot load missing.json"),
    ],
)
def test_bad_save_options_exit_2_with_one_line(args, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out = run_cli(args, capsys)
    assert code == 2
    assert message in out.err and out.err.count("\n") == 1


def test_replay_refuses_an_unfinished_game(tmp_path, capsys):
    path = tmp_path / "game.json"
    persistence.save(path, Record(played(3), (None,) * 3))
    code, out = run_cli(["--replay", str(path)], capsys)
    assert code == 2 and "the game is not finished" in out.err


def test_export_writes_the_latest_finished_game(saves_in_a_temporary_directory, tmp_path, capsys):
    directory = saves_in_a_temporary_directory
    game = finished()
    persistence.save(directory / "done.json", Record(game, (None, "normal", None)))
    persistence.save(directory / "later.json", Record(played(2), (None,) * 3))
    target = tmp_path / "record.json"
    assert cli.main(["--export", str(target)]) == 0
    assert "written to" in capsys.readouterr().out
    record = persistence.load(target)
    assert record.game.moves == game.moves and record.levels == (None, "normal", None)
    assert json.loads(target.read_text())["finished"] is True
    code, out = run_cli(["--export", str(target)], capsys)  # never overwrites
    assert code == 2 and "exists already" in out.err


def test_export_refuses_an_unfinished_game_and_a_missing_one(tmp_path, capsys):
    code, out = run_cli(["--export", str(tmp_path / "x.json")], capsys)
    assert code == 2 and "no finished game to export" in out.err
    path = tmp_path / "game.json"
    persistence.save(path, Record(played(3), (None,) * 3))
    code, out = run_cli(["--load", str(path), "--export", str(tmp_path / "y.json")], capsys)
    assert code == 2 and "only a finished game can be exported" in out.err
    assert not (tmp_path / "y.json").exists()


def test_continue_offers_a_damaged_save_only_while_it_is_the_newest(tmp_path, monkeypatch):
    old = tmp_path / "old.json"
    persistence.save(old, Record(played(2), (None,) * 3))
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format": "sticheln-game"')
    os.utime(old, (1, 1))
    assert persistence.latest_unfinished(tmp_path).path == damaged
    newer = tmp_path / "newer.json"
    persistence.save(newer, Record(finished(), (None,) * 3))
    os.utime(damaged, (2, 2))
    # A finished game followed it: the damaged save is only listed; the older game waits.
    assert persistence.latest_unfinished(tmp_path).path == old
    assert len(persistence.list_saves(tmp_path)) == 3


def test_finding_the_game_to_continue_skips_finished_games_without_replaying_them(
    tmp_path, monkeypatch
):
    for number in range(5):
        path = tmp_path / f"done-{number}.json"
        persistence.save(path, Record(finished(), (None,) * 3))
        os.utime(path, (100 + number, 100 + number))
    persistence.save(tmp_path / "open.json", Record(played(2), (None,) * 3))
    os.utime(tmp_path / "open.json", (1, 1))
    loaded = []
    load = persistence.load
    monkeypatch.setattr(persistence, "load", lambda path: loaded.append(path) or load(path))
    assert persistence.latest_unfinished(tmp_path).path.name == "open.json"
    assert [path.name for path in loaded] == ["done-4.json", "open.json"]


@pytest.mark.usefixtures("full_disk")
async def test_quitting_after_a_failed_save_warns_that_the_game_would_be_lost():
    app = StichelnApp(players=PLAYERS, seed=2)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert "could not be saved and will be lost" in app.screen.question
    assert not app.session.saved


async def test_after_the_disk_fills_up_quitting_says_up_to_where_the_game_is_saved(request, capsys):
    app = StichelnApp(players=PLAYERS, seed=2)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # Ann takes the keyboard and picks
        await pilot.pause()
        saved = persistence.load(app.session.save_path)
        request.getfixturevalue("full_disk")
        await pilot.press("enter", "enter")  # so does Bob, but his pick is not saved
        await pilot.pause()
        assert len(app.game.moves) == len(saved.game.moves) + 1
        await pilot.press("q")
        await pilot.pause()
        where = f"move {len(saved.game.moves)}", f"({saved.progress()})."
        assert app.screen.question == (
            "Quit Sticheln? The game could not be saved after {}; Continue on the start "
            "screen picks it up from there {}".format(*where)
        )
        await pilot.press("y")
        await pilot.pause()
    assert cli._goodbye(app) == 1
    assert capsys.readouterr().out == (
        "Your game could not be saved after {} (No space left on device); sticheln --resume "
        "continues it from there {}\n".format(*where)
    )


@pytest.mark.parametrize(
    "args",
    [["--resume", "--preset", "table-sheet"], ["--list-saves", "--export", "x.json"]],
)
def test_options_a_save_would_ignore_are_refused(args, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out = run_cli(args, capsys)
    assert code == 2 and out.err.count("\n") == 1


# -- Hattrick, every way in and out ---------------------------------------------------

FOUR = ["Ann", "Bob", "Cid", "Dee"]


async def exported_by_key(game, directory, pattern: str):
    """`game` taken up in the app and exported with "e" into `directory` (the working
    directory); the path of the one record written there whose name fits `pattern`."""
    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
    (record_path,) = directory.glob(pattern)
    return record_path


def listed_saves(directory, done, going, capsys) -> str:
    """What `sticheln --list-saves` prints of a finished game (saved first, bots at two
    seats) and one going on, both saved in `directory`."""
    persistence.save(directory / "done.json", Record(done, (None, "easy", None, "strong"), 1))
    persistence.save(directory / "going.json", Record(going, (None,) * 4))
    os.utime(directory / "done.json", (1, 1))
    assert cli.main(["--list-saves"]) == 0
    return capsys.readouterr().out


def hattrick(moves: int | None, deals: int = 1) -> HattrickGame:
    """A Hattrick game `moves` moves in (None: to its end), the last legal move each
    time (a pass whenever one is allowed, so passes are in it)."""
    game = HattrickGame(FOUR, HattrickOptions(deals=deals), seed=7)
    while not game.finished and (moves is None or len(game.moves) < moves):
        game.apply(game.legal_moves()[-1])
    return game


async def test_a_finished_hattrick_game_exports_and_replays_with_every_hand_open(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    game = hattrick(None)
    record_path = await exported_by_key(game, tmp_path, "hattrick-*-ann-bob-cid-dee.json")
    record = persistence.load(record_path)
    assert record.game.moves == game.moves

    app = StichelnApp(resume=SaveEntry(record_path, 0.0, record, None), review=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HattrickReplayScreen)
        text = screen_text(app)
        assert f"move 0 of {len(game.moves)}" in text and "Hattrick  Deal 1/1" in text
        start = game.rewound(0)
        hands = [start.view(seat).hand for seat in range(4)]
        assert sorted(cards_on_screen(text, [c for hand in hands for c in hand])) == sorted(
            c for hand in hands for c in hand
        )
        await pilot.press("right", "right")
        await pilot.pause()
        assert screen.position == 2
        text = screen_text(app)
        for frame in screen.frames[1:3]:  # both cards in the trick, the second one told
            label = re.escape(card_label(frame.move.card))
            assert re.search(rf"\n {FOUR[frame.mover]} +{label}", text)
        assert f"Bob played {card_label(screen.frames[2].move.card)}." in text
        await pilot.press("left")
        assert screen.position == 1
        await pilot.press("pagedown")
        await pilot.pause()
        taken = screen.frames[screen.position].view
        assert not taken.trick and taken.last_trick is not None and screen.position == 4
        text = screen_text(app)
        assert "leads the next trick" in text and "leads." in text  # who took which colour
        # A pass: the trick and the event line show the card shown; the piles count it.
        step = next(frame.step for frame in screen.frames if isinstance(frame.move, PassCard))
        screen.position = step
        await pilot.pause()
        frame = screen.frames[step]
        name = FOUR[frame.mover]
        text = screen_text(app)
        assert f"{name} passed, showing {card_label(frame.move.card)}" in text
        assert f"passed: showed {card_label(frame.move.card)}" in text
        # Its pile line: one pass card laid, the score now, the card itself.
        now = f"{frame.view.points_so_far(frame.mover):+d}"
        label = re.escape(card_label(frame.move.card))
        assert re.search(rf"{name} .* 1 +{re.escape(now)}  {label} ", text)
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert screen.position == len(game.moves)
        scores = ", ".join(
            f"{name} {score.total:+d}"
            for name, score in zip(FOUR, game.results[0].scores, strict=True)
        )
        assert f"Deal 1 scored: {scores}." in text
        assert "Game over: " in text and "Any colour may lead" not in text
        await pilot.press("pageup")
        assert screen.position < len(game.moves)
        await pilot.press("home")
        assert screen.position == 0


def test_the_command_line_takes_up_lists_exports_and_replays_hattrick_saves(
    saves_in_a_temporary_directory, tmp_path, capsys, monkeypatch
):
    directory = saves_in_a_temporary_directory
    done, going = hattrick(None), hattrick(9, deals=2)
    out = listed_saves(directory, done, going, capsys)
    assert "Hattrick: Ann, Bob, Cid, Dee: deal 1 of 2, trick 3 of 14  (going.json)" in out
    assert "Hattrick: Ann, Bob, Cid, Dee: finished  (done.json)" in out

    target = tmp_path / "record.json"
    assert cli.main(["--export", str(target)]) == 0
    assert "Game record of Ann, Bob, Cid, Dee written to" in capsys.readouterr().out
    exported = persistence.load(target)
    assert isinstance(exported.game, HattrickGame) and exported.game.moves == done.moves
    assert exported.levels == (None, "easy", None, "strong")
    code, out = run_cli(["--load", str(directory / "going.json"), "--export", "x.json"], capsys)
    assert code == 2 and "only a finished game can be exported" in out.err

    started = started_apps(monkeypatch)
    assert cli.main(["--resume"]) == 0
    assert cli.main(["--load", str(directory / "done.json")]) == 0
    assert cli.main(["--replay", str(target)]) == 0
    games = [(kwargs["resume"].record.game, kwargs["review"]) for kwargs in started]
    assert [(game.moves, review) for game, review in games] == [
        (going.moves, False),
        (done.moves, False),
        (done.moves, True),
    ]
    assert all(isinstance(game, HattrickGame) for game, _ in games)
    code, out = run_cli(["--replay", str(directory / "going.json")], capsys)
    assert code == 2 and "the game is not finished" in out.err
    code, out = run_cli(["--load", str(target), "--deals", "3"], capsys)
    assert code == 2 and "drop --deals" in out.err and out.err.count("\n") == 1


async def test_a_hattrick_game_saved_by_ctrl_c_continues_from_the_first_screen(
    saves_in_a_temporary_directory,
):
    app = StichelnApp(players=FOUR, seed=7, game="hattrick")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.game.options == HattrickOptions()  # Hattrick's own, not Sticheln's rules
        for _ in range(2):  # Ann takes the keyboard and plays; Bob's hand-off comes up
            await pilot.press("enter")
            await pilot.pause()
        moves = list(app.game.moves)
        assert len(moves) == 1
        # Too small a terminal covers the hand-off; nothing reaches the game.
        await pilot.resize_terminal(40, 12)
        await pilot.press("enter", "u")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and app.game.moves == moves
        await pilot.resize_terminal(100, 32)
        assert isinstance(app.screen, HattrickHandoffScreen) and app.screen.seat == 1
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running
    path = only_save(saves_in_a_temporary_directory)
    assert persistence.load(path).game.moves == moves

    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the first screen looks for a game
        await pilot.pause()
        assert "Continue: Hattrick with Ann, Bob, Cid, Dee" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.game, HattrickGame) and app.game.moves == moves
        assert app.session.save_path == path
        assert isinstance(app.screen, HattrickHandoffScreen) and app.screen.seat == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HattrickTableScreen) and app.screen.view.seat == 1


# -- Seven Seals: listed, exported under its name, taken up -----------------------------


def seven_seals(moves: int | None, deals: int = 1) -> SevenSealsGame:
    """A Seven Seals game `moves` moves in (None: to its end), the first legal move each
    time (the first seat takes the saboteur)."""
    game = SevenSealsGame(FOUR, SevenSealsOptions(deals, saboteur_costs_5=True), seed=7)
    while not game.finished and (moves is None or len(game.moves) < moves):
        game.apply(game.legal_moves()[0])
    return game


async def test_a_finished_seven_seals_game_exports_under_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = seven_seals(None)
    record_path = await exported_by_key(game, tmp_path, "seven-seals-*-ann-bob-cid-dee.json")
    record = persistence.load(record_path)
    assert isinstance(record.game, SevenSealsGame) and record.game.moves == game.moves
    assert record.game.options == SevenSealsOptions(1, saboteur_costs_5=True)


def test_the_command_line_lists_exports_and_takes_up_seven_seals_saves(
    saves_in_a_temporary_directory, tmp_path, capsys, monkeypatch
):
    directory = saves_in_a_temporary_directory
    done, going = seven_seals(None), seven_seals(9, deals=None)
    out = listed_saves(directory, done, going, capsys)
    assert "Seven Seals: Ann, Bob, Cid, Dee: deal 1 of 4, trick 2 of 15  (going.json)" in out
    assert "Seven Seals: Ann, Bob, Cid, Dee: finished  (done.json)" in out
    target = tmp_path / "record.json"
    assert cli.main(["--export", str(target)]) == 0
    exported = persistence.load(target)
    assert isinstance(exported.game, SevenSealsGame) and exported.game.moves == done.moves
    started = started_apps(monkeypatch)
    assert cli.main(["--resume"]) == 0
    (resumed,) = started
    assert resumed["resume"].record.game.moves == going.moves
    code, out = run_cli(["--load", str(target), "--saboteur-auction"], capsys)
    assert code == 2 and "drop --saboteur-auction" in out.err
