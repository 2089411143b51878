"""Hostile joins: wrong codes, guessed codes, codes built to break out of SQL or the saves
folder, the code of a finished table, and a second screen for a seat already at one. Each
is refused in one line on stderr with status 2 before anything reaches the terminal, and
leaves the tables database as it was; `sticheln tables` shows seats, never codes."""

from __future__ import annotations

import os
import random
import secrets
import sqlite3
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sticheln_tui.seats import Seat
from sticheln_tui.session import TableSession
from sticheln_tui.table_log import CODE_BYTES, FILE_NAME, JoinRefused, TableLog

SEATS = (Seat("Ann"), Seat("Bob", own_screen=True), Seat("Cy", "easy"), Seat("Di", "normal"))
NO_TABLE = "sticheln join: No table has this code."
OVER = "sticheln join: That table's game is over."
AT_A_SCREEN = "sticheln join: A screen is already playing at that table for Bob."
HOSTILE = [
    "'; drop table moves;--",
    "' OR '1'='1",
    '" OR 1=1; --',
    "../../etc/passwd",
    "/etc/passwd",
    "..",
    "%00",
    "%s%s%s%n",
    "*",
    "' UNION SELECT digest FROM codes --",
    "tables.sqlite3",
    "x" * 20_000,
    "Ann\u202e",  # a right-to-left override
]
HOSTILE_IN_PROCESS = [*HOSTILE, "\x00", "abc\x00def", "\udcff\udcfe", ""]


def dump(saves: Path) -> list[str]:
    """Every row and every statement of the tables database."""
    with sqlite3.connect(saves / FILE_NAME) as db:
        return list(db.iterdump())


@pytest.fixture
def table(tmp_path, monkeypatch):
    """An open Hattrick table (Ann's screen keeps it, its heartbeat good for the hour the
    test takes), with Bob's seat free, a finished table, and Bob's code of each."""
    ahead = classmethod(lambda cls, saves: cls(saves / FILE_NAME, lambda: time.time() + 3600))
    monkeypatch.setattr(TableLog, "in_saves", ahead)
    host = TableSession(tmp_path)
    host.start("hattrick", SEATS, seed=5)
    assert host.shared is not None
    code = dict(host.shared.codes)[(1,)]
    ended = TableSession(tmp_path)
    ended.start("hattrick", SEATS, seed=6)
    assert ended.shared is not None
    ended_code = dict(ended.shared.codes)[(1,)]
    ended.shared.finish()
    ended.let_go()
    monkeypatch.undo()  # the screens the tests open read the time
    yield host, code, ended_code
    host.let_go()


def join_command(saves: Path, code: str | bytes) -> subprocess.CompletedProcess:
    environment = {**os.environ, "STICHELN_SAVES": str(saves)}
    return subprocess.run(
        [sys.executable, "-m", "sticheln_tui", "join", code],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )


def assert_refused(result: subprocess.CompletedProcess, line: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr == line + "\n"


def test_wrong_and_hostile_codes_are_refused_in_one_line_and_change_nothing(table, tmp_path):
    before = dump(tmp_path)
    for code in ["not-the-code", "'; drop table moves;--", "../../etc/passwd", "%00", b"caf\xe9"]:
        assert_refused(join_command(tmp_path, code), NO_TABLE)
    assert dump(tmp_path) == before


def test_a_thousand_guessed_codes_are_refused_and_change_nothing(table, tmp_path):
    _host, code, ended_code = table
    before = dump(tmp_path)
    alphabet = string.ascii_letters + string.digits + "-_"
    rng = random.Random(7)
    guesses = [secrets.token_urlsafe(CODE_BYTES) for _ in range(500)]
    guesses += ["".join(rng.choices(alphabet, k=rng.randint(1, 40))) for _ in range(500)]
    guesses += HOSTILE_IN_PROCESS
    guesses += [code[:-1], code + "A", code.upper(), code.lower(), f" {code}", f"{code}\n"]
    refused = 0
    for guess in guesses:
        if guess in (code, ended_code):
            continue  # not guessed: a one in 2**96 chance
        with pytest.raises(JoinRefused, match="No table has this code"):
            TableSession(tmp_path).join(guess)
        refused += 1
    assert refused >= 1000
    assert dump(tmp_path) == before


def test_a_finished_tables_code_is_refused(table, tmp_path):
    _host, _code, ended_code = table
    before = dump(tmp_path)
    with pytest.raises(JoinRefused, match="game is over"):
        TableSession(tmp_path).join(ended_code)
    assert_refused(join_command(tmp_path, ended_code), OVER)
    assert dump(tmp_path) == before


def test_a_second_screen_for_a_seat_at_a_screen_is_refused(table, tmp_path):
    _host, code, _ended = table
    # Bob's screen, whose heartbeat keeps it connected for the hour this test takes.
    screen = TableLog(tmp_path / FILE_NAME, clock=lambda: time.time() + 3600)
    screen.join(code)
    before = dump(tmp_path)
    with pytest.raises(JoinRefused, match="already playing"):
        TableSession(tmp_path).join(code)
    assert_refused(join_command(tmp_path, code), AT_A_SCREEN)
    assert dump(tmp_path) == before
    screen.close()


def test_every_code_a_table_gives_is_a_word_on_the_command_line(tmp_path):
    """A code starting with '-' would be taken for an option, and refused for a missing
    code (one in 64 did)."""
    log = TableLog(tmp_path / FILE_NAME)
    seats = [("Ann", "here")] + [(f"P{seat}", "screen") for seat in range(1, 7)]
    codes = [code for _table in range(100) for _seats, code in log.create("s", "{}", "", seats)[1]]
    log.close()
    assert len(codes) == 700
    assert not [code for code in codes if code.startswith("-")]


def test_tables_lists_an_open_tables_seats_and_none_of_its_codes(table, tmp_path):
    host, code, ended_code = table
    environment = {**os.environ, "STICHELN_SAVES": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "sticheln_tui", "tables"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 5, result.stdout  # the finished table is not listed
    assert lines[0].startswith("Table 1: Hattrick, opened ") and lines[0].endswith(", 0 moves")
    assert lines[1:] == [
        "  Ann: connected",
        "  Bob: not connected: sticheln join <its code>",
        "  Cy: computer player",
        "  Di: computer player",
    ]
    for _seats, shown in host.shared.codes:
        assert shown not in result.stdout
    assert ended_code not in result.stdout and code not in result.stdout
