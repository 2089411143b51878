"""`sticheln serve`'s pages `/join/CODE`, against real servers and the real game, a table
prepared in the test's saves: a page takes its code's seat in a `sticheln join` process of
its own; any other address, code or moment is refused in one line, before any process
starts and without a change to the tables; and joined pages count under the cap. The
pages in a real browser, two seats at one table: tests/system/test_browser_tables.py."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import shlex
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import aiohttp
import pytest
from helpers import descendants
from served import Game, Running, a_server, environment, wait_for
from yarl import URL

from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.persistence import Record
from sticheln_tui.seats import Seat
from sticheln_tui.serve import GameServer, build_parser, game_command, join_command
from sticheln_tui.shared_table import SharedTable
from sticheln_tui.table_log import FILE_NAME, TableLog

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="processes from /proc")

SEATS = (Seat("Ann"), Seat("Bob", own_screen=True), Seat("Cid", own_screen=True))
UNKNOWN = "sticheln join: No table has this code."
OVER = "sticheln join: That table's game is over."
BOBS_TAKEN = "sticheln join: A screen is already playing at that table for Bob."
# Addresses under /join/ that hold no code, as a browser (or anything else) may send them.
NO_CODES = [
    "%27%20OR%201%3D1%20--",  # ' OR 1=1 --
    "x%27%3B%20DROP%20TABLE%20codes%3B--",
    "..%2F..%2Fetc%2Fpasswd",
    "abcdefgh%00",
    "abcd%20efgh",
    "%C3%A9t%C3%A9%C3%A9t%C3%A9%C3%A9t%C3%A9",  # letters, but not the code's
    "A" * 65,
    "short",
    "",
    "abcdefgh/ijklmnop",
    "abcdefgh%2Fws",
]


def open_table(saves: Path, finished: bool = False) -> dict[str, str]:
    """A Hattrick table of Ann (at the test's own screen, which leaves at once), Bob and
    Cid (each at a screen of their own) and a bot, as `sticheln --players
    Ann,screen:Bob,screen:Cid,bot:normal` opens it; each name's join code."""
    saves.mkdir(parents=True, exist_ok=True)
    seats = (*SEATS, Seat("Normal", "normal"))
    game = HattrickGame([seat.name for seat in seats], seed=7)
    setup = Record(game, tuple(seat.level for seat in seats), 0, False)
    shared = SharedTable.open(saves, setup, seats, saves / "table.json")
    if finished:
        shared.finish()
    shared.close()
    return {game.players[group[0]]: code for group, code in shared.codes}


def table_rows(saves: Path) -> list:
    """What the tables hold, but for the heartbeats and the bots' lease (a joined screen
    renews both every second)."""
    with contextlib.closing(sqlite3.connect(saves / FILE_NAME)) as db:
        return [
            db.execute(query).fetchall()
            for query in (
                "SELECT id, game, setup, save, created, version, finished FROM tables",
                "SELECT * FROM codes ORDER BY id",
                "SELECT * FROM seats ORDER BY table_id, seat",
                "SELECT id, code_id FROM screens ORDER BY id",
                "SELECT * FROM moves ORDER BY table_id, number",
            )
        ]


def paragraph(page: str) -> str:
    """The one paragraph of a page the server turns away."""
    (text,) = re.findall(r"<p>(.*?)</p>", page, re.DOTALL)
    assert "\n" not in text
    return unescape(text)


async def refused_page(session, server: Running, address: str, status: int = 404) -> str:
    """The line a page at `address` (sent as it is, percent signs and all) is refused in."""
    url = URL(f"{server.url}/join/{address}", encoded=True)
    async with session.get(url) as answer:
        assert answer.status == status, address
        return paragraph(await answer.text())


async def refused_connection(session, server: Running, code: str) -> str:
    """The line a join page's connection for `code` is told before it is closed."""
    async with server.open_page(session, f"/join/{code}/ws") as page:
        told = await page.receive(timeout=10)
        assert told.type == aiohttp.WSMsgType.BINARY
        assert (await page.receive(timeout=10)).type == aiohttp.WSMsgType.CLOSE
        return told.data.decode()


def seated(saves: Path, seat: int) -> bool:
    """Whether a screen holds the seat now."""
    log = TableLog.in_saves(saves)
    try:
        return log.open_tables()[-1].seats[seat].connected
    finally:
        log.close()


async def joined(server: Running, page, saves: Path, seat: int) -> Game:
    """The page's game, once it has drawn into the page and holds its seat."""
    await page.receive(timeout=20)
    processes = await eventually(lambda: descendants(server.process.pid), "the page's game")
    server.games.append(game := Game(processes, {os.getpgid(pid) for pid in processes}))
    await eventually(lambda: seated(saves, seat), "the seat to be held")
    return game


async def eventually(condition, what: str, timeout: float = 20.0):
    """served.wait_for, in a thread: the test's connections stay served meanwhile."""
    return await asyncio.to_thread(wait_for, condition, what, timeout)


@contextlib.contextmanager
def processes_seen(parent: int) -> Iterator[set[int]]:
    """Every process `parent` started while inside, as often as every 10 ms: one that
    ends soon after it starts (a join refused by the game itself) is seen too."""
    seen: set[int] = set()
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.01):
            seen.update(descendants(parent))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield seen
    finally:
        done.set()
        watcher.join()


def command_line(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]


@contextlib.contextmanager
def table_and_server(tmp_path: Path, *flags: str) -> Iterator[tuple[Running, dict, Path]]:
    saves = tmp_path / "saves"
    codes = open_table(saves)
    with a_server(tmp_path, "--lang", "en", *flags) as server:
        yield server, codes, saves


async def test_a_join_page_plays_its_seat_in_sticheln_join_of_its_own(tmp_path):
    with table_and_server(tmp_path) as (server, codes, saves):
        code = codes["Bob"]
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{server.url}/join/{code}") as answer:
                assert answer.status == 200
                page = await answer.text()
            assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/join/{code}/ws"' in (
                page
            )
            assert descendants(server.process.pid) == []  # the page alone starts nothing
            async with server.open_page(session, f"/join/{code}/ws") as page:
                game = await joined(server, page, saves, seat=1)
                (process,) = game.processes  # no shell in between
                assert command_line(process)[1:] == [
                    *shlex.split(game_command("en"))[1:],
                    "join",
                    "--",
                    code,
                ]
            await eventually(lambda: game.ended, "the game to end", 10)
            assert not seated(saves, 1)  # the seat is free again


async def test_no_code_and_no_seat_is_refused_in_one_line_before_any_process(tmp_path):
    """Addresses that hold no code, codes of no table (20 drawn as the tables draw them),
    a finished table's and a seat a page already plays: each page turned away in the
    line `sticheln join` prints, its connection too, no process started for it, and the
    tables as they were."""
    saves = tmp_path / "saves"
    codes = open_table(saves)
    over = open_table(saves, finished=True)["Bob"]
    with a_server(tmp_path, "--lang", "en") as server:
        async with (
            aiohttp.ClientSession() as session,
            server.open_page(session, f"/join/{codes['Bob']}/ws") as bobs,
        ):
            game = await joined(server, bobs, saves, seat=1)
            before = table_rows(saves)
            with processes_seen(server.process.pid) as started:
                await turned_away(session, server, codes["Bob"], over)
            assert started == set(game.processes)
            assert table_rows(saves) == before


async def turned_away(session, server: Running, bobs: str, over: str) -> None:
    """Pages and their connections for no code, 20 codes of no table, a finished table's
    code and the code of Bob, whose page plays: each turned away in its line."""
    for address in NO_CODES:
        assert await refused_page(session, server, address) == UNKNOWN
    for address in NO_CODES[:8]:  # (those of a connection's address)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await server.open_page(session, f"/join/{address}/ws")
        assert refused.value.status == 404
    guesses = [secrets.token_urlsafe(12) for _ in range(20)]
    for code, line in [
        *[(guess, UNKNOWN) for guess in guesses],
        (over, OVER),
        (bobs, BOBS_TAKEN),
    ]:
        assert await refused_page(session, server, code) == line
        assert await refused_connection(session, server, code) == line


async def test_the_cap_counts_joined_pages(tmp_path):
    with table_and_server(tmp_path, "--max-games", "1") as (server, codes, saves):
        cap = "The game is already being played. Reload this page when it has ended."
        async with aiohttp.ClientSession() as session:
            async with server.open_page(session, f"/join/{codes['Bob']}/ws") as bobs:
                game = await joined(server, bobs, saves, seat=1)
                async with session.get(server.url) as answer:
                    assert answer.status == 503
                    assert paragraph(await answer.text()) == cap
                assert await refused_page(session, server, codes["Cid"], 503) == cap
                assert await refused_connection(session, server, codes["Cid"]) == cap
                assert descendants(server.process.pid) == game.processes
            await eventually(lambda: game.ended, "Bob's game to end", 10)
            for _ in range(100):  # (the server counts the game out once it has ended)
                async with session.get(f"{server.url}/join/{codes['Cid']}") as answer:
                    if answer.status == 200:
                        break
                await asyncio.sleep(0.05)
            assert answer.status == 200


# A game that cannot start: it says why in one line on its error output, as `sticheln
# join` does for a seat taken between the server's look and its own.
REFUSED_GAME = """
import os, sys, time
print("some noise first", file=sys.stderr)
if sys.argv[1:] == ["late"]:  # its output ends before its error line is written
    os.close(1)
    time.sleep(0.5)
print("sticheln join: A screen is already playing at that table for Bob.", file=sys.stderr)
sys.exit(2)
"""


@pytest.mark.parametrize("when", ["at once", "late"])
async def test_a_game_that_ends_before_drawing_leaves_its_page_its_last_line(tmp_path, when):
    script = tmp_path / "refused.py"
    script.write_text(REFUSED_GAME)
    command = [sys.executable, str(script), *(["late"] if when == "late" else [])]
    server = GameServer(shlex.join(command), "127.0.0.1", 0, 1)
    async with server.listening(), aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{server.port}"
        async with session.ws_connect(f"{url}/ws", origin=url) as page:
            told = await page.receive(timeout=30)  # a loaded machine starts Python slowly
            assert told.data == BOBS_TAKEN.encode()
            assert (await page.receive(timeout=30)).type == aiohttp.WSMsgType.CLOSE


def test_a_code_beginning_with_a_dash_is_no_option(tmp_path):
    """token_urlsafe draws a - first one time in 64: after --, the game reads it as a code."""
    (tmp_path / "saves").mkdir()
    command = join_command(game_command("en"), "-AbCdEfGhIjKlMnO")
    result = subprocess.run(
        shlex.split(command),
        capture_output=True,
        text=True,
        env=environment(tmp_path),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert (result.returncode, result.stdout, result.stderr) == (2, "", UNKNOWN + "\n")


def test_the_help_and_the_first_lines_name_the_join_pages(tmp_path):
    assert "/join/CODE" in " ".join(build_parser().format_help().split())
    with a_server(tmp_path, "--lang", "en") as server:
        lines = [server.process.stdout.readline() for _ in range(2)]
    assert f"open {server.url}/join/CODE" in lines[1]
