"""`sticheln serve` against pages of other sites and against floods: real servers on a
free port, the real game behind them, the saves and settings in the test's own folder.
The rules themselves, with a stand-in for the game: tests/unit/test_serve.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from helpers import descendants
from served import Game, Running, a_server

from sticheln_tui.serve import QUIT_GRACE

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="processes from /proc")
resource = pytest.importorskip("resource")  # POSIX only: open-file limits


async def wait_for(condition, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)
    return result


async def test_a_page_of_another_site_or_name_starts_no_game(tmp_path):
    """A page from http://evil.example may open a WebSocket to 127.0.0.1 (browsers let it)
    and a rebound name may fetch the page: both are refused, before any game starts."""
    with a_server(tmp_path) as server:
        async with aiohttp.ClientSession() as session:
            for headers in ({"Origin": "http://evil.example"}, {}):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(f"{server.url}/ws", headers=headers)
                assert refused.value.status == 403
            rebound = {"Host": f"evil.example:{server.port}", "Origin": "http://evil.example"}
            for path in ("/", "/ws", "/static/js/textual.js"):
                async with session.get(server.url + path, headers=rebound) as answer:
                    assert answer.status == 403
            await asyncio.sleep(0.5)  # a game would have started by now
            assert descendants(server.process.pid) == []
            async with server.open_page(session):  # its own page plays
                await wait_for(lambda: descendants(server.process.pid))


def flood(page) -> list:
    """1 MB of keys, in messages the size of the largest a page may send, as a paste or a
    program would send them; the sends, to be awaited."""
    message = json.dumps(["stdin", "A" * 4000])
    return [page.send_str(message) for _ in range(250)]


async def game_of(server: Running, page) -> Game:
    """The page's game, once it draws into the page."""
    await page.receive(timeout=20)
    processes = await wait_for(lambda: descendants(server.process.pid))
    groups = {os.getpgid(pid) for pid in processes}
    server.games.append(game := Game(processes, groups))
    assert groups.isdisjoint({os.getpgid(server.process.pid)}), "the game is in the server's group"
    return game


def megabytes(game: Game) -> float:
    """The memory a game's processes hold now."""
    kilobytes = 0
    for pid in game.processes:
        with contextlib.suppress(OSError):
            status = Path(f"/proc/{pid}/status").read_text()
            # An ended process not yet reaped (a zombie) has no VmRSS line: it holds none.
            if "VmRSS:" in status:
                kilobytes += int(status.split("VmRSS:")[1].split()[0])
    return kilobytes / 1024


async def most_megabytes_until(game: Game, condition, timeout: float) -> float:
    """The most memory the game held until `condition` held (which must, in time)."""
    most = megabytes(game)
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)
        most = max(most, megabytes(game))
    return most


async def closed(page) -> int:
    """The code the server closed the page with (what the game drew before, passed over)."""
    async with asyncio.timeout(10):
        while (await page.receive()).type != aiohttp.WSMsgType.CLOSE:
            pass
    return page.close_code


async def test_a_megabyte_of_keys_leaves_the_game_small_and_ending_with_its_page(tmp_path):
    """In one message (no page sends one so large) the keys close the page; in messages
    of a page's size, a person's share passes and the rest is dropped. Either way the game
    stays small (it grew to 1.17 GB on a million keys) and ends with its page."""
    with a_server(tmp_path) as server:
        async with aiohttp.ClientSession() as session:
            async with server.open_page(session) as page:
                game = await game_of(server, page)
                await page.send_str(json.dumps(["stdin", "A" * 1_000_000]))
                assert await closed(page) == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
                started = time.monotonic()
                assert await most_megabytes_until(game, lambda: game.ended, timeout=5) < 100
                assert time.monotonic() - started < QUIT_GRACE + 1

            async with server.open_page(session) as page:
                game = await game_of(server, page)
                await asyncio.gather(*flood(page))
                calm = time.monotonic() + 2
                assert await most_megabytes_until(game, lambda: time.monotonic() > calm, 5) < 100
                await page.close()
                started = time.monotonic()
                await wait_for(lambda: game.ended, timeout=10)
                assert time.monotonic() - started < QUIT_GRACE + 1


@pytest.mark.parametrize(
    "stopping", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=lambda stopping: stopping.name
)
async def test_no_game_outlives_the_server_however_it_stops(tmp_path, stopping):
    """Ctrl+C or SIGTERM: the games are asked to quit, and killed if they do not; SIGKILL
    leaves no one to ask, and the kernel kills them (Linux). Each game a key flood behind
    its quit."""
    with a_server(tmp_path) as server:
        async with aiohttp.ClientSession() as session, server.open_page(session) as page:
            game = await game_of(server, page)
            await asyncio.gather(*flood(page))
            server.process.send_signal(stopping)
            started = time.monotonic()
            await wait_for(lambda: game.ended, timeout=10)
            assert time.monotonic() - started < QUIT_GRACE + 1


def open_files_at_most(count: int):
    """What a server's process runs first to be allowed `count` open files, as is common."""
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))


@pytest.fixture
def files_enough_for():
    """This test's process allowed the open files it asks for (`files_enough_for(n)`)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)

    def allow(count: int) -> None:
        if hard != resource.RLIM_INFINITY and hard < count:
            pytest.skip(f"{count} open files needed, {hard} allowed")
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, count), hard))

    yield allow
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def answer(port: int) -> str:
    """The status line the server answers a request with (or why none came)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
            connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return connection.recv(4096).split(b"\r\n")[0].decode() or "closed"
    except OSError as error:
        return f"no answer: {error}"


async def test_a_thousand_half_open_connections_leave_the_server_answering(
    tmp_path, files_enough_for
):
    """Each connection holds an open file; at the limit (1,024) the server stopped listening
    for good. Past what it can hold, the oldest silent connection is closed for the new
    one (and a request not in within seconds is closed: see the unit tests)."""
    files_enough_for(1200)
    with a_server(tmp_path, before_it_starts=open_files_at_most(1024)) as server:
        half_open = []
        try:
            for _ in range(1100):
                connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                half_open.append(connection)
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
            assert server.process.poll() is None
            # The oldest silent connection makes room for the page's.
            assert answer(server.port) == "HTTP/1.1 200 OK"
            assert server.process.poll() is None
        finally:
            for connection in half_open:
                connection.close()
        # (once the server has seen them go)
        await wait_for(lambda: answer(server.port) == "HTTP/1.1 200 OK", timeout=5)
