"""The table's session without any screen: a game started, played, saved, taken up,
rematched and exported through `TableSession` alone."""

from __future__ import annotations

import errno
import os

import pytest

from sticheln_tui import persistence
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.flow import BotTurn, HandOff, Private
from sticheln_tui.persistence import SaveEntry, SaveLock
from sticheln_tui.seats import Seat
from sticheln_tui.session import (
    Menu,
    Play,
    Replay,
    Resume,
    Setup,
    TableSession,
    start_of,
)

SEATS = [Seat("Ann"), Seat("Bob"), Seat("Cid", "easy"), Seat("Dee", "easy")]


def started(tmp_path, game="hattrick", seats=SEATS, options=None) -> TableSession:
    session = TableSession(tmp_path)
    session.start(game, seats, 0, 7, options)
    return session


def play_one(session: TableSession) -> None:
    """The human to move takes the keyboard and plays their first legal move."""
    flow = session.flow
    step = flow.next_step()
    if isinstance(step, HandOff):
        assert flow.accept_handoff(step.seat)
        step = flow.next_step()
    assert isinstance(step, Private)
    assert flow.play(step.seat, session.game.view(step.seat).legal_moves[0])


def test_a_game_started_is_saved_in_a_new_file_it_holds(tmp_path):
    session = started(tmp_path)
    assert session.save_path.parent == tmp_path and not session.save_path.exists()
    assert SaveLock.take(session.save_path) is None  # ours: another window cannot have it
    assert session.autosave() is None
    assert persistence.load(session.save_path).game.moves == []
    assert session.saved


def test_every_move_is_saved_once(tmp_path):
    session = started(tmp_path)
    session.autosave()
    play_one(session)
    assert session.autosave() is None
    assert len(persistence.load(session.save_path).game.moves) == 1
    modified = os.stat(session.save_path).st_mtime_ns
    assert session.save_now() is None  # nothing new: the file is not written again
    assert os.stat(session.save_path).st_mtime_ns == modified


def full_disk(path, record) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_failed_save_is_told_once_and_the_game_goes_on(tmp_path, monkeypatch):
    session = started(tmp_path)
    session.autosave()
    with monkeypatch.context() as disk:
        disk.setattr(persistence, "save", full_disk)
        play_one(session)
        told = session.autosave()
        assert "No space left on device" in told and "trying again after the next move" in told
        assert not session.saved and session.exit_status == 1
        assert session.record_on_file().game.moves == []  # up to the last save
        play_one(session)
        assert session.autosave() is None  # said once
    assert session.autosave() is None and session.saved and session.exit_status == 0
    assert len(persistence.load(session.save_path).game.moves) == 2


def test_a_game_handed_over_is_not_saved(tmp_path):
    session = TableSession(tmp_path)
    session.take_over(HattrickGame(["A", "B", "C", "D"], seed=1), [None, None, "easy", "easy"])
    assert session.save_path is None and session.autosave() is None
    assert list(tmp_path.iterdir()) == []


def test_a_save_open_in_another_window_is_not_taken_up(tmp_path):
    first = started(tmp_path)
    first.autosave()
    entry = persistence.entry_of(first.save_path, 0.0)
    second = TableSession(tmp_path)
    assert second.take_up(entry) is None and second.save_path is None
    path = first.save_path
    first.leave()  # lets go
    taken = second.take_up(entry)
    assert taken.record.game.moves == [] and second.holds(path)
    second.resume(taken.record, taken.path)
    assert second.saved  # the file holds it already
    assert isinstance(second.flow.next_step(), HandOff)  # hands hidden until handed over


def test_a_save_that_will_not_load_is_given_back_unheld(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    entry = SaveEntry(broken, 0.0, None, "damaged")
    session = TableSession(tmp_path)
    assert session.take_up(entry) is entry and session.save_path is None


def test_a_rematch_seats_the_same_table_with_the_next_leader(tmp_path):
    session = started(tmp_path, options=HattrickOptions(deals=1))
    first_file = session.save_path
    session.rematch()
    game = session.game
    assert game.players == ("Ann", "Bob", "Cid", "Dee") and game.options.deals == 1
    assert game.first_leader == 1 and session.seats() == SEATS
    assert session.save_path != first_file


def test_leaving_lets_go_of_the_save(tmp_path):
    session = started(tmp_path)
    path = session.save_path
    session.leave()
    assert session.game is None and session.save_path is None
    assert SaveLock.take(path) is not None


def test_the_leaving_question_says_whether_the_game_can_be_continued(tmp_path):
    session = started(tmp_path)
    assert session.leaving_question("Quit?") == (
        "Quit? The game in progress could not be saved and will be lost."
    )
    session.autosave()
    assert "The game is saved" in session.leaving_question("Quit?")


def test_an_export_writes_the_finished_record_where_asked(tmp_path):
    game = HattrickGame(["A", "B", "C", "D"], HattrickOptions(deals=1), seed=2)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    session = TableSession(tmp_path)
    session.take_over(game, [None, "easy", "easy", "easy"])
    out = tmp_path / "out"
    out.mkdir()
    path = session.export(out)
    assert path.parent == out and persistence.load(path).game.players == session.game.players


def test_a_bot_turn_is_due_when_a_bot_is_to_move(tmp_path):
    session = started(tmp_path, seats=[Seat("A"), Seat("B", "easy"), Seat("C", "easy"), Seat("D")])
    while session.game.to_move != 1:
        play_one(session)
    step = session.flow.next_step()  # the human after the bot watches it play
    assert step == HandOff(3) and session.flow.accept_handoff(3)
    assert session.flow.next_step() == BotTurn(1, watcher=3)


@pytest.mark.parametrize(
    ("arguments", "start"),
    [
        ({}, Menu()),
        ({"game": "hattrick"}, Setup("hattrick")),
        (
            {"players": ["Ann", Seat("Bob", "easy")], "seed": 3},
            Play("sticheln", (Seat("Ann"), Seat("Bob", "easy")), 0, 3),
        ),
    ],
)
def test_the_command_line_builds_one_start(arguments, start):
    assert start_of(**arguments) == start


def test_a_save_given_starts_its_game_or_its_replay(tmp_path):
    entry = SaveEntry(tmp_path / "a.json", 0.0, None, "damaged")
    assert start_of(resume=entry) == Resume(entry)
    assert start_of(resume=entry, review=True) == Replay(entry)
