"""`sticheln serve`: its command line, the cap on games, the command each page runs, the
address it listens on, and its guards (the pages it answers, what a page may send, the
games' ends, the connections it holds), with a stand-in for the game. The game in a real
browser: tests/system/test_browser.py; the guards against the real game:
tests/system/test_serve_guards.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from aiohttp import WSCloseCode, WSMsgType, WSServerHandshakeError
from helpers import first_line, free_port, running, stop
from textual.screen import Screen
from textual.widgets import Input

from sticheln_tui.app import StichelnApp
from sticheln_tui.cli import main
from sticheln_tui.serve import (
    KEYS_A_SECOND,
    MOST_COLUMNS,
    MOST_ROWS,
    QUIT_GRACE,
    SERVER_BUSY,
    Allowance,
    GameServer,
    address_to_open,
    build_parser,
    game_command,
    keys_in,
    most_connections,
    names_this_server,
    open_warning,
    terminal_size,
)

# A stand-in for the game: it says it is ready as a Textual app does, notes its process
# and the directory its saves would go to, and ends when the server says quit (or stdin
# closes), keeping all it was sent in `<note>.input`.
FAKE_GAME = """
import os, sys
with open(sys.argv[1], "w") as note:
    note.write(f"{os.getpid()} {os.environ.get('STICHELN_SAVES', '')}")
print("__GANGLION__", flush=True)
seen = b""
while b'"quit"' not in seen:
    chunk = sys.stdin.buffer.read1(4096)
    if not chunk:
        break
    seen += chunk
with open(sys.argv[1] + ".input", "wb") as kept:
    kept.write(seen)
"""

# A game that will not end: deaf to the quit and to SIGTERM, and with a process of its
# own started (both noted).
STUBBORN_GAME = """
import os, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
helper = subprocess.Popen(["sleep", "60"])
with open(sys.argv[1], "w") as note:
    note.write(f"{os.getpid()} {helper.pid}")
print("__GANGLION__", flush=True)
for _ in iter(lambda: sys.stdin.buffer.read1(4096), b""):
    pass
time.sleep(60)
"""


def test_the_defaults_are_this_machine_port_8000_and_four_games():
    args = build_parser().parse_args([])
    assert (args.host, args.port, args.max_games, args.lang) == ("127.0.0.1", 8000, 4, None)


def test_every_option_is_read():
    args = build_parser().parse_args(
        ["--host", "0.0.0.0", "--port", "8123", "--max-games", "2", "--lang", "de"]
    )
    assert (args.host, args.port, args.max_games, args.lang) == ("0.0.0.0", 8123, 2, "de")


@pytest.mark.parametrize(
    ("flags", "complaint"),
    [
        (["--port", "0"], "the port must be from 1 to 65535, not 0"),
        (["--port", "http"], "the port must be a whole number, not 'http'"),
        (["--max-games", "0"], "the number of games must be from 1 to 64, not 0"),
        (["--lang", "xx"], "--lang"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_a_bad_flag_is_one_line_and_exit_2(capsys, flags, complaint):
    with pytest.raises(SystemExit) as stop:
        main(["serve", *flags])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("sticheln serve: error: ")
    assert complaint in error
    assert error.count("\n") == 1


def test_help_names_host_port_and_cap_in_the_players_language(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for flag in ("--host", "--port", "--max-games", "--lang"):
        assert flag in text
    assert "default: 127.0.0.1" in text
    assert "its own process" in text
    with pytest.raises(SystemExit):
        main(["--lang", "de", "serve", "--help"])
    assert "eigenen Prozess" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_this_machine_alone_needs_no_warning(host):
    assert open_warning(host) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "gamebox.local"])
def test_any_other_address_warns_that_anyone_can_play(host):
    assert "anyone who can reach this address can play" in open_warning(host)


def test_the_warning_is_printed_before_serving(monkeypatch, capsys):
    started = []
    monkeypatch.setattr(GameServer, "serve", lambda server: started.append(server))
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123", "--max-games", "2"]) == 0
    assert "Warning: listening on 0.0.0.0" in capsys.readouterr().err
    assert (started[0].host, started[0].port, started[0].max_games) == ("0.0.0.0", 8123, 2)
    main(["serve"])
    assert capsys.readouterr().err == ""


def test_each_page_runs_this_pythons_game_in_the_servers_language(monkeypatch):
    started = []
    monkeypatch.setattr(GameServer, "serve", lambda server: started.append(server))
    main(["serve", "--lang", "fi"])
    main(["--lang", "it", "serve"])
    main(["serve"])
    game = [sys.executable, "-m", "sticheln_tui"]
    assert [shlex.split(server.command) for server in started] == [
        [*game, "--lang", "fi"],
        [*game, "--lang", "it"],
        game,
    ]
    assert game_command(None) == shlex.join(game)


@dataclass
class Served:
    """A server with room for one game, and a browser's connection to it."""

    server: GameServer
    client: aiohttp.ClientSession  # its addresses relative to the server
    note: Path  # where the game notes
    stop: Callable[[], Awaitable[None]]  # the server stops, as at Ctrl+C

    def open_page(self, **options):
        """The WebSocket of a page this server gave: from the server's own origin."""
        origin = f"http://127.0.0.1:{self.server.port}"
        return self.client.ws_connect("/ws", origin=origin, **options)


@contextlib.asynccontextmanager
async def serving(tmp_path, game: str):
    """The server on a free port, whose pages run the script `game`; the game's first
    argument is the file it notes in."""
    script = tmp_path / "game.py"
    script.write_text(game)
    note = tmp_path / "note"
    server = GameServer(shlex.join([sys.executable, str(script), str(note)]), "127.0.0.1", 0, 1)
    async with contextlib.AsyncExitStack() as listening:
        await listening.enter_async_context(server.listening())
        async with aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as client:
            yield Served(server, client, note, listening.aclose)


@pytest.fixture
async def server_of_one_game(tmp_path, saves_in_a_temporary_directory):
    """Its pages run FAKE_GAME, which notes its process and its saves directory."""
    async with serving(tmp_path, FAKE_GAME) as served:
        yield served


@pytest.fixture
async def server_of_a_stubborn_game(tmp_path):
    """Its pages run STUBBORN_GAME, which notes its process and its helper's (killed
    afterwards should the test fail)."""
    async with serving(tmp_path, STUBBORN_GAME) as served:
        yield served
    for pid in map(int, served.note.read_text().split() if served.note.exists() else []):
        if running(pid):
            os.kill(pid, signal.SIGKILL)


async def wait_until(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def test_past_the_cap_a_page_is_turned_away_until_a_game_ends(server_of_one_game):
    served = server_of_one_game
    page = await served.client.get("/")
    assert page.status == 200
    first = await served.open_page()
    await wait_until(lambda: served.server.games == 1 and served.note.exists())

    page = await served.client.get("/")
    assert page.status == 503
    assert "The game is already being played. Reload this page when it has ended." in (
        await page.text()
    )
    # A page loaded while a game was free, connecting once none is: told in its terminal.
    second = await served.open_page()
    told = await second.receive(timeout=5)
    assert b"already being played" in told.data
    assert (await second.receive(timeout=5)).type.name == "CLOSE"
    assert served.server.games == 1

    await first.close()
    await wait_until(lambda: served.server.games == 0)
    assert (await served.client.get("/")).status == 200


async def test_the_game_finds_the_saves_where_the_terminal_game_keeps_them(
    server_of_one_game, saves_in_a_temporary_directory
):
    note = server_of_one_game.note
    page = await server_of_one_game.open_page()
    await wait_until(lambda: note.exists() and note.read_text())
    assert note.read_text().split(" ", 1)[1] == str(saves_in_a_temporary_directory)
    await page.close()


@pytest.mark.skipif(sys.platform != "linux", reason="looks for the game's process in /proc")
async def test_stopping_the_server_ends_every_game_at_once(server_of_one_game):
    """Ctrl+C or SIGTERM with a page open: its game quits (and so saves), and the server
    does not wait for the page to go."""
    served = server_of_one_game
    page = await served.open_page()
    answering = asyncio.create_task(page.receive())  # a browser answers the closing
    await wait_until(lambda: served.note.exists() and served.note.read_text())
    game = Path(f"/proc/{served.note.read_text().split()[0]}")
    assert game.exists()
    await asyncio.wait_for(served.stop(), timeout=5)
    await wait_until(lambda: not game.exists(), timeout=5)
    answering.cancel()


@pytest.mark.skipif(sys.platform != "linux", reason="looks for the game's processes in /proc")
@pytest.mark.parametrize("ending", ["the page closes", "the server stops"])
async def test_a_game_that_will_not_quit_is_killed_with_all_it_started(
    server_of_a_stubborn_game, ending
):
    served = server_of_a_stubborn_game
    page = await served.open_page()
    answering = asyncio.create_task(page.receive())  # a browser answers the closing
    await wait_until(lambda: served.note.exists() and served.note.read_text())
    processes = [int(pid) for pid in served.note.read_text().split()]
    assert all(running(pid) for pid in processes)
    started = time.monotonic()
    await (page.close() if ending == "the page closes" else served.stop())
    await wait_until(lambda: not any(running(pid) for pid in processes), timeout=5)
    assert time.monotonic() - started < QUIT_GRACE + 1
    answering.cancel()


async def test_the_page_reaches_its_game_at_the_address_the_browser_used(server_of_one_game):
    page = await server_of_one_game.client.get("/", headers={"Host": "192.168.1.20:8000"})
    assert "ws://192.168.1.20:8000/ws" in await page.text()


@pytest.mark.parametrize(
    ("authority", "host"),
    [
        ("127.0.0.1:8000", "127.0.0.1"),
        ("localhost:8000", "127.0.0.1"),
        ("LocalHost", "127.0.0.1"),
        ("[::1]:8000", "::1"),
        ("192.168.1.20:8000", "0.0.0.0"),  # a tablet, by the machine's address
        ("[fe80::1]:8000", "::"),
        ("gamebox.local:8000", "gamebox.local"),  # the name it was told to listen on
    ],
)
def test_a_request_may_name_the_server_by_address_localhost_or_its_host(authority, host):
    assert names_this_server(authority, host)


@pytest.mark.parametrize(
    ("authority", "host"),
    [
        ("evil.example:8000", "127.0.0.1"),  # DNS rebinding: a foreign name, this address
        ("evil.example", "0.0.0.0"),
        ("127.0.0.1.evil.example:8000", "127.0.0.1"),
        ("gamebox.local:8000", "127.0.0.1"),
        ("evil.example@127.0.0.1", "127.0.0.1"),
        ("127.0.0.1:8000/x", "127.0.0.1"),
        ("127.0.0.1:port", "127.0.0.1"),
        ("", "127.0.0.1"),
    ],
)
def test_any_other_name_is_refused(authority, host):
    assert not names_this_server(authority, host)


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",  # a page from a file or a sandbox
        "http://127.0.0.1:1",  # this machine, another port: another site
        "https://127.0.0.1:{port}",
        None,  # no page at all
    ],
)
async def test_a_websocket_from_another_origin_is_refused_before_any_game(
    server_of_one_game, origin
):
    served = server_of_one_game
    headers = {} if origin is None else {"Origin": origin.format(port=served.server.port)}
    with pytest.raises(WSServerHandshakeError) as refused:
        await served.client.ws_connect("/ws", headers=headers)
    assert refused.value.status == 403
    await asyncio.sleep(0.3)
    assert (served.server.games, served.note.exists()) == (0, False)


@pytest.mark.parametrize("path", ["/", "/ws", "/static/js/textual.js", "/download/key"])
async def test_a_request_by_a_foreign_name_is_refused_on_every_route(server_of_one_game, path):
    served = server_of_one_game
    origin = "http://evil.example:8000"
    answer = await served.client.get(path, headers={"Host": "evil.example:8000", "Origin": origin})
    assert answer.status == 403
    assert "does not answer to the name evil.example" in await answer.text()
    assert "--host evil.example" in await answer.text()
    assert (served.server.games, served.note.exists()) == (0, False)


@pytest.mark.parametrize("directory", ["/static/", "/static/js/", "/static/js"])
async def test_the_page_s_files_are_served_but_never_listed(server_of_one_game, directory):
    client = server_of_one_game.client
    assert (await client.get("/static/js/textual.js")).status == 200
    answer = await client.get(directory)
    assert answer.status in (403, 404)
    assert "textual.js" not in await answer.text()


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
async def test_a_request_not_in_within_seconds_is_closed(tmp_path, monkeypatch, sent):
    """Silent or slow, it would hold its connection (and a file descriptor) for ever."""
    monkeypatch.setattr("sticheln_tui.serve.HEADER_SECONDS", 0.5)
    async with serving(tmp_path, FAKE_GAME) as served:
        reader, writer = await asyncio.open_connection("127.0.0.1", served.server.port)
        writer.write(sent)
        started = time.monotonic()
        assert await asyncio.wait_for(reader.read(), timeout=5) == b""
        assert time.monotonic() - started < 2
        writer.close()


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("a", 1),
        ("Ann", 3),
        ("\r", 1),
        ("\x1b[A", 1),  # an arrow
        ("\x1b[<35;120;40M", 1),  # the mouse moving into a cell
        ("\x1bx", 1),  # Alt+x
        ("\x1b", 1),  # Escape
        ("\x1b[200~Ann\x1b[201~", 5),  # a name pasted
        ("é€", 2),
        ("", 0),
    ],
)
def test_a_key_is_a_character_or_an_escape_sequence(text, keys):
    assert keys_in(text) == keys


def test_the_allowance_is_a_second_s_worth_at_once_and_so_much_a_second_after(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("sticheln_tui.serve.time.monotonic", lambda: now[0])
    allowance = Allowance(100)
    assert not allowance.take(101)  # more than a second's worth: never
    assert allowance.take(60) and allowance.take(40)
    assert not allowance.take(1)
    now[0] += 0.25
    assert allowance.take(25) and not allowance.take(1)
    now[0] += 60  # a long pause gives a second's worth, no more
    assert allowance.take(100) and not allowance.take(1)


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        ((80, 24), (80, 24)),
        ((10**9, 10**9), (MOST_COLUMNS, MOST_ROWS)),
        ((0, -5), (1, 1)),
    ],
)
def test_a_terminal_is_as_large_as_the_page_asks_within_bounds(asked, given):
    assert terminal_size(*asked) == given


def packets(sent: bytes) -> list[tuple[bytes, bytes]]:
    """textual-serve's packets to a game: a type letter, a length, a payload."""
    found = []
    while sent:
        size = int.from_bytes(sent[1:5], "big")
        found.append((sent[:1], sent[5 : 5 + size]))
        sent = sent[5 + size :]
    return found


async def test_a_page_sends_its_game_a_person_s_keys_and_nothing_malformed(server_of_one_game):
    served, note = server_of_one_game, server_of_one_game.note
    page = await served.open_page()
    await wait_until(lambda: note.exists())
    started = time.monotonic()
    for _ in range(1000):  # a program, not a person
        await page.send_json(["stdin", "a"])
    for malformed in [
        "not JSON",
        "[" * 3000,  # nested deeper than the parser goes
        "{}",
        "[]",
        "[1]",
        '["stdin"]',
        '["stdin", 5]',
        '["stdin", "\\ud800"]',  # half a character
        '["resize", {"width": "wide", "height": 24}]',
        '["resize", [80, 24]]',
        '["unknown"]',
    ]:
        await page.send_str(malformed)
    await page.send_bytes(b"binary")
    await asyncio.sleep(1.0)  # the allowance fills again
    await page.send_json(["resize", {"width": 10**9, "height": -5}])
    await page.send_json(["ping", "still there"])
    assert (await page.receive_json(timeout=5)) == ["pong", "still there"]
    elapsed = time.monotonic() - started
    await page.close()
    await wait_until(lambda: served.server.games == 0)

    sent = packets(Path(f"{note}.input").read_bytes())
    keys = b"".join(payload for kind, payload in sent if kind == b"D")
    assert 1 <= keys.count(b"a") <= KEYS_A_SECOND * (1 + elapsed)
    assert set(keys) <= {ord("a"), ord("?")}
    meta = [json.loads(payload) for kind, payload in sent if kind == b"M"]
    assert {"type": "resize", "width": MOST_COLUMNS, "height": 1} in meta
    assert [entry["type"] for entry in meta] == ["resize", "quit"]


async def test_a_message_larger_than_any_page_sends_closes_the_page(server_of_one_game):
    """["stdin", "A" * 1_000_000] was a million key presses for the game."""
    served, note = server_of_one_game, server_of_one_game.note
    page = await served.open_page()
    await wait_until(lambda: note.exists())
    await page.send_json(["stdin", "A" * 1_000_000])
    closing = await page.receive(timeout=5)
    assert (closing.type, page.close_code) == (WSMsgType.CLOSE, WSCloseCode.MESSAGE_TOO_BIG)
    await wait_until(lambda: served.server.games == 0)
    assert b"A" not in Path(f"{note}.input").read_bytes()


@pytest.mark.skipif(sys.platform == "win32", reason="no limit of open files to read")
@pytest.mark.parametrize(
    ("open_files", "games", "connections"),
    [
        ((1024, 1024), 4, 422),  # (1024 - 64 - 100 - 4 * 4) / 2: each may send a file
        ((1024, 4096), 64, 302),
        ((65536, 65536), 4, 512),
        (None, 4, 512),  # no limit
        ((100, 100), 4, 1),
    ],
)
def test_the_server_holds_the_connections_its_open_files_allow(
    monkeypatch, open_files, games, connections
):
    import resource

    unlimited = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
    monkeypatch.setattr(resource, "getrlimit", lambda _: open_files or unlimited)
    assert most_connections(games) == connections


async def test_a_silent_connection_makes_room_for_a_new_one_past_the_most_held(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("sticheln_tui.serve.most_connections", lambda games: 1)
    async with serving(tmp_path, FAKE_GAME) as served:
        address = ("127.0.0.1", served.server.port)
        silent_reader, silent_writer = await asyncio.open_connection(*address)
        await asyncio.sleep(0.1)  # counted
        assert (await served.client.get("/")).status == 200
        assert await asyncio.wait_for(silent_reader.read(), timeout=5) == b""  # closed
        silent_writer.close()


async def test_a_connection_past_the_most_held_all_busy_is_turned_away_at_once(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("sticheln_tui.serve.most_connections", lambda games: 1)
    async with serving(tmp_path, FAKE_GAME) as served:
        page = await served.open_page()  # a game's page: busy with its request
        await wait_until(lambda: served.server.games == 1)
        reader, writer = await asyncio.open_connection("127.0.0.1", served.server.port)
        assert await asyncio.wait_for(reader.read(), timeout=5) == SERVER_BUSY
        writer.close()
        await page.close()


async def test_a_screen_shown_while_the_app_had_no_focus_takes_its_focus_after():
    """textual-serve's page starts the app blurred: its first screen must still answer."""

    class Form(Screen):
        def compose(self):
            yield Input()

    app = StichelnApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.app_focus = False
        await app.push_screen(Form())
        await pilot.pause()
        assert app.focused is None
        app.app_focus = True
        await pilot.pause()
        assert isinstance(app.focused, Input)


def listening_addresses(port: int) -> set[str]:
    """The addresses a socket listens on at `port`, from /proc/net/tcp and tcp6."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as lines:
            for line in list(lines)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, hex_port = local.split(":")
                if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                    packed = bytes.fromhex(address)
                    # The kernel writes each 32-bit word in the machine's byte order.
                    words = [packed[i : i + 4][::-1] for i in range(0, len(packed), 4)]
                    family = socket.AF_INET if len(packed) == 4 else socket.AF_INET6
                    found.add(socket.inet_ntop(family, b"".join(words)))
    return found


@contextlib.contextmanager
def running_server(*flags: str):
    """`sticheln serve` in a process of its own, stopped (and waited for) afterwards."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sticheln_tui", "serve", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process
    finally:
        stop(process)


@pytest.mark.skipif(sys.platform != "linux", reason="reads the listening sockets from /proc")
def test_it_listens_on_127_0_0_1_unless_told_otherwise():
    port = free_port()
    with running_server("--port", str(port)) as server:
        announced = first_line(server)  # once the port is bound
        assert f"http://127.0.0.1:{port}" in announced
        assert listening_addresses(port) == {"127.0.0.1"}


def test_a_port_in_use_is_one_clear_line_and_no_traceback():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "sticheln_tui", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=20,
        )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"sticheln serve: cannot listen on 127.0.0.1 port {port}: ")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000"),
        ("0.0.0.0", "http://127.0.0.1:8000"),  # every address: this machine's loopback
        ("::", "http://[::1]:8000"),
        ("192.168.1.20", "http://192.168.1.20:8000"),
        ("gamebox.local", "http://gamebox.local:8000"),
    ],
)
def test_the_address_to_open_is_one_a_browser_can_reach(host, url):
    assert address_to_open(host, 8000) == url
