"""The shared table's move log: codes, screens, the bots' lease, moves that land only at
the version their screen saw, waking on another connection's write, and a database file
that nobody can point elsewhere."""

from __future__ import annotations

import os
import random
import sqlite3
import stat
import string
import threading
import time

import pytest
from helpers import HandClock

from sticheln_tui.table_log import (
    FILE_NAME,
    JoinRefused,
    SeatRow,
    TableLog,
    TableLogError,
)

SEATS = [("Ann", "here"), ("Bob", "screen"), ("Cy", "bot:strong"), ("Di", "here")]


@pytest.fixture
def clock():
    return HandClock()


@pytest.fixture
def tables(tmp_path, clock):
    log = TableLog(tmp_path / FILE_NAME, clock)
    yield log
    log.close()


@pytest.fixture
def other(tmp_path, clock):
    """A second connection to the same database, as another screen's process has."""
    log = TableLog(tmp_path / FILE_NAME, clock)
    yield log
    log.close()


def new_table(tables):
    table, codes = tables.create("sticheln", '{"seed": 7}', "/saves/a.json", SEATS)
    return table, dict((seats, code) for seats, code in codes)


def dump(path) -> list[str]:
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


def test_one_code_covers_the_seats_here_and_each_screen_seat_has_its_own(tables):
    table, codes = tables.create("sticheln", "{}", "a.json", SEATS)
    assert [seats for seats, _code in codes] == [(0, 3), (1,)]
    assert all(
        len(code) == 16 and set(code) <= set(string.ascii_letters + "-_0123456789")
        for _seats, code in codes
    )
    assert len({code for _seats, code in codes}) == 2
    only_bots = tables.create("sticheln", "{}", "b.json", [("Cy", "bot:easy")] * 3)
    only_screens = tables.create("sticheln", "{}", "c.json", [("A", "screen"), ("B", "screen")])
    assert only_bots[1] == []
    assert [seats for seats, _code in only_screens[1]] == [(0,), (1,)]
    assert table != only_bots[0] != only_screens[0]


def test_the_database_keeps_no_code_only_its_digest(tables, tmp_path):
    _table, codes = tables.create("sticheln", "{}", "a.json", SEATS)
    text = "\n".join(dump(tmp_path / FILE_NAME))
    for _seats, code in codes:
        assert code not in text


def test_a_seat_is_here_a_screen_or_a_bot(tables):
    with pytest.raises(ValueError):
        tables.create("sticheln", "{}", "a.json", [("Ann", "there")])


def test_a_table_says_what_its_creator_stored(tables, clock):
    table, _codes = new_table(tables)
    summary = tables.table(table)
    assert (summary.table, summary.game, summary.setup, summary.save) == (
        table,
        "sticheln",
        '{"seed": 7}',
        "/saves/a.json",
    )
    assert (summary.created, summary.moves, summary.finished) == (clock.now, 0, False)
    assert summary.seats == (
        SeatRow(0, "Ann", "here", False),
        SeatRow(1, "Bob", "screen", False),
        SeatRow(2, "Cy", "bot:strong", False),
        SeatRow(3, "Di", "here", False),
    )
    with pytest.raises(TableLogError, match="no table 99"):
        tables.table(99)


def test_joining_seats_the_screen_and_connects_its_seats(tables, other):
    table, codes = new_table(tables)
    joined = other.join(codes[(0, 3)])
    assert (joined.table, joined.seats) == (table, (0, 3))
    assert [seat.connected for seat in tables.table(table).seats] == [True, False, False, True]
    bob = tables.join(codes[(1,)])
    assert bob.seats == (1,)
    assert bob.screen != joined.screen
    assert [seat.connected for seat in tables.table(table).seats] == [True, True, False, True]


def test_a_code_held_by_a_live_screen_is_refused_and_changes_nothing(tables, other, tmp_path):
    _table, codes = new_table(tables)
    tables.join(codes[(0, 3)])
    before = dump(tmp_path / FILE_NAME)
    with pytest.raises(JoinRefused) as refused:
        other.join(codes[(0, 3)])
    assert str(refused.value) == "A screen is already playing at that table for Ann, Di."
    assert dump(tmp_path / FILE_NAME) == before


def test_a_heartbeat_keeps_the_seats_and_a_quiet_screen_lets_them_go(tables, other, clock):
    table, codes = new_table(tables)
    first = tables.join(codes[(1,)])
    for _beat in range(5):
        clock.now += TableLog.TTL - 0.5
        tables.heartbeat(first.screen)
        with pytest.raises(JoinRefused):
            other.join(codes[(1,)])
    clock.now += TableLog.TTL
    assert not tables.table(table).seats[1].connected
    again = other.join(codes[(1,)])
    assert again.seats == (1,)
    assert tables.table(table).seats[1].connected
    # The quiet screen's heartbeat no longer holds anything.
    tables.heartbeat(first.screen)
    clock.now += TableLog.TTL - 0.5
    tables.heartbeat(first.screen)
    clock.now += 1
    assert not tables.table(table).seats[1].connected


def test_leaving_frees_the_seats_at_once(tables, other):
    table, codes = new_table(tables)
    joined = tables.join(codes[(1,)])
    tables.leave(joined.screen)
    assert not tables.table(table).seats[1].connected
    assert other.join(codes[(1,)]).seats == (1,)


def test_a_finished_table_takes_no_screen(tables):
    table, codes = new_table(tables)
    tables.finish(table)
    with pytest.raises(JoinRefused, match=r"^That table's game is over\.$"):
        tables.join(codes[(1,)])


WEIRD_CODES = [
    "",
    "' OR 1=1 --",
    '" OR ""="',
    "x'; DROP TABLE moves; --",
    "../../../etc/passwd",
    "..\\..\\tables.sqlite3",
    "abc\x00def",
    "\x00",
    "a" * 10_000,
    "Spielkarte-ÄÖÜ-ß-✓-🂡",
    "\ud800",  # a lone surrogate: not even encodable as it is
    "%",
    "_",
    "*",
]


def test_no_other_code_opens_a_table_and_trying_changes_nothing(tables, tmp_path):
    _table, codes = new_table(tables)
    real = set(codes.values())
    before = dump(tmp_path / FILE_NAME)
    rng = random.Random(12)
    alphabet = string.ascii_letters + string.digits + "-_"
    guesses = ["".join(rng.choices(alphabet, k=16)) for _guess in range(1000)]
    for code in [*guesses, *WEIRD_CODES, *(code[:-1] for code in real), *(c + " " for c in real)]:
        assert code not in real
        with pytest.raises(JoinRefused, match=r"^No table has this code\.$"):
            tables.join(code)
    assert dump(tmp_path / FILE_NAME) == before


def test_moves_land_in_order_and_bump_the_version(tables, other):
    table, _codes = new_table(tables)
    assert tables.log(table) == (0, [])
    assert tables.append(table, 0, '{"play": "red 7"}', 0)
    assert other.append(table, 1, '{"play": "red 9"}', 1)
    assert tables.version(table) == 2
    assert tables.log(table) == (2, ['{"play": "red 7"}', '{"play": "red 9"}'])
    assert tables.table(table).moves == 2


def test_a_move_at_a_stale_version_or_the_wrong_number_does_not_land(tables, tmp_path):
    table, _codes = new_table(tables)
    assert tables.append(table, 0, "m0", 0)
    before = dump(tmp_path / FILE_NAME)
    assert not tables.append(table, 1, "late", 0)  # seen before the last move
    assert not tables.append(table, 1, "early", 5)  # a version not yet reached
    assert not tables.append(table, 0, "again", 1)  # the number is taken
    assert not tables.append(table, 2, "skips", 1)  # the number is not yet due
    assert not tables.append(99, 0, "nowhere", 0)
    assert dump(tmp_path / FILE_NAME) == before
    assert tables.log(table) == (1, ["m0"])


def test_the_unique_key_refuses_a_move_number_twice(tables, tmp_path):
    """The last guard, below the version and number checks."""
    table, _codes = new_table(tables)
    tables.append(table, 0, "m0", 0)
    with sqlite3.connect(tmp_path / FILE_NAME) as db, pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO moves (table_id, number, move) VALUES (?, 0, 'x')", (table,))


def test_only_the_last_move_is_taken_back_and_only_at_the_seen_version(tables, tmp_path):
    table, _codes = new_table(tables)
    for number in range(3):
        tables.append(table, number, f"m{number}", number)
    before = dump(tmp_path / FILE_NAME)
    assert not tables.take_back(table, 1, 3)  # not the last
    assert not tables.take_back(table, 3, 3)  # not there
    assert not tables.take_back(table, 2, 2)  # a stale version
    assert not tables.take_back(99, 2, 3)
    assert dump(tmp_path / FILE_NAME) == before
    assert tables.take_back(table, 2, 3)
    assert tables.log(table) == (4, ["m0", "m1"])
    assert tables.append(table, 2, "m2 again", 4)
    assert tables.log(table) == (5, ["m0", "m1", "m2 again"])


def test_a_finished_table_takes_no_move_nor_take_back(tables):
    table, _codes = new_table(tables)
    tables.append(table, 0, "m0", 0)
    tables.finish(table)
    assert tables.version(table) == 2
    assert tables.table(table).finished
    assert not tables.append(table, 1, "m1", 2)
    assert not tables.take_back(table, 0, 2)
    tables.finish(table)  # once is enough
    assert tables.log(table) == (2, ["m0"])


def test_open_tables_are_the_unfinished_ones_newest_first(tables, clock):
    first, _codes = new_table(tables)
    clock.now += 1
    second, _codes = new_table(tables)
    clock.now += 1
    third, _codes = new_table(tables)
    tables.finish(second)
    assert [summary.table for summary in tables.open_tables()] == [third, first]


def test_one_screen_at_a_time_holds_the_bots_until_its_lease_runs_out(tables, clock):
    table, codes = new_table(tables)
    ann = tables.join(codes[(0, 3)])
    bob = tables.join(codes[(1,)])
    assert tables.hold_bots(table, ann.screen, ttl=2)
    assert not tables.hold_bots(table, bob.screen, ttl=2)
    clock.now += 1.5
    assert tables.hold_bots(table, ann.screen, ttl=2)  # renewed: runs to 1002 + 1.5
    clock.now += 1.5
    assert not tables.hold_bots(table, bob.screen, ttl=2)
    clock.now += 0.5
    assert tables.hold_bots(table, bob.screen, ttl=2)  # expired: taken over
    assert not tables.hold_bots(table, ann.screen, ttl=2)


def test_leaving_lets_go_of_the_bots(tables):
    table, codes = new_table(tables)
    ann = tables.join(codes[(0, 3)])
    bob = tables.join(codes[(1,)])
    assert tables.hold_bots(table, ann.screen)
    tables.leave(ann.screen)
    assert tables.hold_bots(table, bob.screen)
    assert not tables.hold_bots(table, ann.screen)  # a screen that left holds nothing


def test_only_a_screen_seated_at_the_table_holds_its_bots(tables):
    table, codes = new_table(tables)
    _elsewhere, other_codes = new_table(tables)
    stranger = tables.join(other_codes[(1,)])
    assert not tables.hold_bots(table, stranger.screen)
    assert not tables.hold_bots(table, 12345)
    assert tables.hold_bots(table, tables.join(codes[(1,)]).screen)


def test_changed_says_when_another_connection_wrote(tables, other):
    table, _codes = new_table(other)
    assert tables.changed()
    assert not tables.changed()
    tables.append(table, 0, "m0", 0)  # its own write
    assert not tables.changed()
    other.append(table, 1, "m1", 1)
    assert tables.changed()
    assert not tables.changed()


@pytest.mark.parametrize("delay", [0.1, 0.27])
def test_waiting_wakes_soon_after_another_connection_moves(tables, tmp_path, delay):
    table, _codes = new_table(tables)
    writer_ready = threading.Event()
    written = []

    def write_later() -> None:
        writer = TableLog(tmp_path / FILE_NAME)
        writer_ready.set()
        time.sleep(delay)
        assert writer.append(table, 0, "m0", 0)
        written.append(time.monotonic())
        writer.close()

    thread = threading.Thread(target=write_later)
    thread.start()
    writer_ready.wait()
    version = tables.wait_for_change(table, 0, timeout=5)
    woke = time.monotonic()
    thread.join()
    assert version == 1
    assert woke - written[0] < 0.2


def test_waiting_returns_at_once_when_the_version_moved_already(tables):
    table, _codes = new_table(tables)
    tables.append(table, 0, "m0", 0)
    started = time.monotonic()
    assert tables.wait_for_change(table, 0, timeout=5) == 1
    assert time.monotonic() - started < 0.1


def test_waiting_gives_up_after_its_timeout(tables, other):
    table, codes = new_table(tables)
    other.heartbeat(other.join(codes[(1,)]).screen)  # a write that moves no version
    started = time.monotonic()
    assert tables.wait_for_change(table, 0, timeout=0.3) == 0
    assert 0.3 <= time.monotonic() - started < 0.6


def test_the_database_and_its_log_are_the_owners_alone(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    old = os.umask(0)  # the mode must not depend on a strict umask
    try:
        tables = TableLog.in_saves(saves)
        new_table(tables)
    finally:
        os.umask(old)
    for name in (FILE_NAME, FILE_NAME + "-wal", FILE_NAME + "-shm"):
        assert stat.S_IMODE((saves / name).stat().st_mode) == 0o600, name
    tables.close()


def test_an_existing_database_is_opened_again_with_its_tables(tmp_path):
    first = TableLog(tmp_path / FILE_NAME)
    table, _codes = new_table(first)
    first.append(table, 0, "m0", 0)
    first.close()
    again = TableLog(tmp_path / FILE_NAME)
    assert again.log(table) == (1, ["m0"])
    again.close()


def test_a_link_is_refused_and_what_it_points_to_is_untouched(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_bytes(b"precious")
    (tmp_path / FILE_NAME).symlink_to(target)
    with pytest.raises(TableLogError, match="symbolic link"):
        TableLog(tmp_path / FILE_NAME)
    dangling = tmp_path / "dangling.sqlite3"
    dangling.symlink_to(tmp_path / "not-yet")
    with pytest.raises(TableLogError):
        TableLog(dangling)
    assert target.read_bytes() == b"precious"
    assert not (tmp_path / "not-yet").exists()


def test_a_named_pipe_or_a_folder_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    with pytest.raises(TableLogError, match="named pipe"):
        TableLog(tmp_path / "pipe")
    with pytest.raises(TableLogError, match="folder"):
        TableLog(tmp_path / "folder")


def test_a_file_that_is_not_a_table_log_is_refused(tmp_path):
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(bytes(range(256)) * 64)
    with pytest.raises(TableLogError, match=r"garbage\.sqlite3"):
        TableLog(garbage)
    assert garbage.read_bytes() == bytes(range(256)) * 64
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(TableLogError, match="another program"):
        TableLog(foreign)


def test_a_newer_database_version_is_refused(tmp_path):
    TableLog(tmp_path / FILE_NAME).close()
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(TableLogError, match="version 99"):
        TableLog(tmp_path / FILE_NAME)


def test_a_path_that_does_not_show_is_written_out(tmp_path):
    folder = tmp_path / "a\x1b[2Jb"
    folder.mkdir()
    with pytest.raises(TableLogError) as refused:
        TableLog(folder)
    assert "\x1b" not in str(refused.value)
    assert "\n" not in str(refused.value)
