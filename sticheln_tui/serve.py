"""`sticheln serve`: the game in a web browser, through textual-serve.

Every page that opens starts the terminal game (`python -m sticheln_tui`) in its own
process, which draws into the page; closing the page ends that process (the game is saved
after every move, as in a terminal). A page `/join/CODE` takes a seat at a table played
from several screens: its process is `sticheln join CODE`, and a code that seats no one
is refused in the line that command would print, before any process starts: see
`GameServer.handle_join`. At most `--max-games` run at once, joined pages among them: a
page opened past that is turned away until one ends.

Only this server's own pages reach a game: see `names_this_server` and `same_origin`. No
game outlives its page or the server: see `GameProcess`. A page sends what a person
would, no more: see `GameServer._process_messages`. Connections are held as long as
their files allow, and a request must come in within seconds: see `GameServer.listening`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import ipaddress
import json
import logging
import os
import re
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from html import escape

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, hdrs, web
from aiohttp.web_protocol import RequestHandler
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

if sys.platform != "win32":
    import resource

from .cli import Parser, add_language_option, number_from_1_to
from .core.names import visible
from .i18n import _, ngettext
from .locations import saves_directory
from .table_log import FILE_NAME, TableLog, TableLogError, unknown_code

log = logging.getLogger("textual-serve")  # where textual-serve says what goes wrong

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 4
MOST_GAMES = 64
QUIT_GRACE = 1.5  # seconds a game asked to quit has before its processes are killed
HEADER_SECONDS = 5.0  # a request must be in by then, and an idle connection closes after it
# Each connection holds a file descriptor, and another while it sends a file. Past the
# open files a process may have (often 1,024), accepting fails and the server stopped
# listening; so it holds no more connections than its files allow, after these:
FILES_KEPT_BACK = 64  # for the listener, the log, the templates, a game starting
FILES_PER_GAME = 4  # its three pipes, and one to spare
ACCEPTED_AT_ONCE = 100  # the listen backlog: asyncio accepts as many at once, uncounted
MOST_CONNECTIONS = 512  # a page takes a few at once; 64 games' pages fit
# The answer to a connection past those (a browser shows its own page for it).
SERVER_BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
# What one page may send. Its largest message is a key, a mouse report, a resize: a few
# dozen bytes (a larger one closes the page).
MESSAGE_BYTES = 4096
# A person types tens of keys a second, and a mouse moving over the page reports each cell
# it enters; past that it is a paste or a program, not a game move, and is dropped.
KEYS_A_SECOND = 100
MOST_COLUMNS, MOST_ROWS = 500, 200  # the largest terminal a page may ask for
# One key as a terminal sends it: an escape sequence (an arrow, a mouse report) or one
# character (with Alt, after an escape).
KEY = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b?.", re.DOTALL)
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
# A join code as the tables make them (secrets.token_urlsafe: letters, digits, - and _),
# with room to spare; anything else in a page's address is no code and is looked up nowhere.
JOIN_CODE = re.compile(r"[A-Za-z0-9_-]{8,64}")
ERROR_BYTES = 4096  # what is kept of a game's error output, for a game that cannot start
ERROR_DRAIN = 2.0  # seconds to read the rest of the error output of a game that never drew


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="sticheln serve",
        description=_(
            "Play in a web browser: every page that opens plays its own game, in its own "
            "process on this machine. Games are saved where the terminal game saves them. "
            "A page ADDRESS/join/CODE takes the seat of a join code at a table played "
            "from several screens, as sticheln join CODE does."
        ),
        epilog=_(
            "Example: sticheln serve --port 8000, then open http://127.0.0.1:8000 "
            "(or http://127.0.0.1:8000/join/CODE)"
        ),
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        # Translators: a placeholder in --help, in capitals.
        metavar=_("ADDRESS"),
        help=_(
            "the address to listen on (default: {host}, this machine only); with any other, "
            "anyone who can reach it can play"
        ).format(host=DEFAULT_HOST),
    )
    parser.add_argument(
        "--port",
        type=number_from_1_to(_("the port"), 65535),
        default=DEFAULT_PORT,
        metavar="N",
        help=_("the port to listen on (default: {port})").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--max-games",
        type=number_from_1_to(_("the number of games"), MOST_GAMES),
        default=DEFAULT_MAX_GAMES,
        metavar="N",
        help=_(
            "the most games played at once, each in its own process (default: {games}); "
            "a page opened past that is turned away until a game ends"
        ).format(games=DEFAULT_MAX_GAMES),
    )
    add_language_option(parser)
    return parser


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may name any address
        return False


def address_to_open(host: str, port: int) -> str:
    """The address to give a browser on this machine: a server listening on every address
    (0.0.0.0, ::) is reached here through loopback (other devices use the machine's own)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a host name
        return f"http://{host}:{port}"
    if address.is_unspecified:
        address = ipaddress.ip_address("::1" if address.version == 6 else "127.0.0.1")
    return f"http://{address}:{port}" if address.version == 4 else f"http://[{address}]:{port}"


def open_warning(host: str) -> str | None:
    """The warning printed when the server listens beyond this machine; None on loopback."""
    if is_loopback(host):
        return None
    return _(
        "Warning: listening on {host}: anyone who can reach this address can play, "
        "and their games run on this machine."
    ).format(host=host)


def game_command(language: str | None) -> str:
    """The command each page runs, its words quoted as a shell reads them: this Python's
    game, in the language given to the server (without --lang the game chooses as in a
    terminal: settings, then locale). The environment, STICHELN_SAVES included, passes to
    the game unchanged."""
    words = [sys.executable, "-m", "sticheln_tui"]
    if language is not None:
        words += ["--lang", language]
    return shlex.join(words)


def join_command(command: str, code: str) -> str:
    """The command a page `/join/CODE` runs: the game's `command` joining with `code`,
    which comes after `--` so that a code beginning with - is not taken for an option."""
    return shlex.join([*shlex.split(command), "join", "--", code])


def is_join_code(text: str) -> bool:
    """Whether a page's address holds what may be a join code (JOIN_CODE)."""
    return JOIN_CODE.fullmatch(text) is not None


def join_refusal(why: str) -> str:
    """The line a page whose code seats no one shows: what `sticheln join` prints."""
    return _("sticheln join: {why}").format(why=why)


# A Host header: a name or an IPv4 address, or an IPv6 address in brackets; then a port.
HOST_HEADER = re.compile(r"(?:\[(?P<ipv6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9.-]+))(?::\d{1,5})?", re.I)


def host_name(authority: str) -> str | None:
    """The name in a Host header, in lower case ('127.0.0.1:8000' -> '127.0.0.1',
    '[::1]:8000' -> '::1'); None for anything else."""
    found = HOST_HEADER.fullmatch(authority)
    return None if found is None else (found["ipv6"] or found["name"]).lower()


def names_this_server(authority: str, host: str) -> bool:
    """Whether a request's Host header names this server, listening on `host` (--host).

    A page fetched by another name is refused, against DNS rebinding: a foreign site whose
    name is made to point at this machine has the browser send that name. So the name
    must be an IP address (rebinding needs a name; a server on 0.0.0.0 or :: is reached
    from a tablet by the machine's address, so every address passes), `localhost`, or
    the name the server was told to listen on.
    """
    name = host_name(authority)
    if name is None:
        return False
    if name in ("localhost", host.lower()):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def same_origin(request: web.Request) -> bool:
    """Whether a WebSocket comes from this server's own page. A browser names the page that
    opens a WebSocket in its Origin header, and lets any site connect to any address:
    without this, a page from any web site could play (and see) the games here. The page
    is `http://<Host>` (the Host already checked); a connection without Origin is no page."""
    origin = request.headers.get(hdrs.ORIGIN)
    return origin is not None and origin.lower() == f"{request.scheme}://{request.host}".lower()


def foreign_name_refusal(authority: str, port: int) -> str:
    """What a page asked for by a name this server does not answer to says."""
    return _(
        "This server does not answer to the name {name}. Open the page by this machine's "
        "address (such as http://192.168.1.20:{port}), or start the server with --host {name}."
    ).format(name=host_name(authority) or authority, port=port)


def refusal(max_games: int) -> str:
    """What a page opened past the cap says."""
    return ngettext(
        "The game is already being played. Reload this page when it has ended.",
        "All {games} games are being played. Reload this page when one has ended.",
        max_games,
    ).format(games=max_games)


def dying_with_the_server() -> Callable[[], None] | None:
    """On Linux, what a game's process runs before the game starts, so that the kernel
    kills it when the server dies, however it dies (SIGKILL, a crash): no one is left then
    to ask it to quit, and a game whose page is gone plays on for no one. Killed so, a game
    loses nothing: it is saved after every move (a new file renamed over the old), and its
    lock is an flock, which ends with the process. None elsewhere: there a server killed
    outright leaves its games running."""
    if not sys.platform.startswith("linux"):
        return None
    prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up here, not in the child
    server = os.getpid()

    def die_with_the_server() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != server:  # the server died before the line above
            os._exit(1)

    return die_with_the_server


class GameProcess(AppService):
    """textual-serve's game process for one page, which ends whatever ends the page.

    The game runs in a session of its own (its own process group), without a shell in
    between. When its page closes or the server stops, it is asked to quit, as textual-serve
    asks it (and so saves); once it has quit, or after QUIT_GRACE seconds if it has not
    (a game busy with a flood of keys queued before the quit), its whole group is killed:
    nothing it started is left behind. If the server itself is killed, the kernel kills
    the game (`dying_with_the_server`).

    A game that ends of itself closes its page; one that ends before drawing anything (a
    join refused, a saves folder it cannot use) leaves the page the last line it wrote to
    its error output, which says why.
    """

    ending = False  # once stop() has begun
    drawn = False  # once the game has drawn into its page
    errors: ErrorStart | None = None  # the start of the game's error output

    async def _open_app_process(self, width: int = 80, height: int = 24):
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
            preexec_fn=dying_with_the_server(),
        )
        self._stdin = process.stdin
        assert process.stderr is not None  # a pipe, as asked
        self.errors = ErrorStart(process.stderr)
        process.stderr = self.errors  # type: ignore[assignment]  # read as a stream is
        return process

    async def on_data(self, payload: bytes) -> None:
        self.drawn = True
        await super().on_data(payload)

    async def run(self) -> None:
        """textual-serve's reading of the game, until its output ends; then, unless its
        page is ending it, the game has ended of itself and the page closes."""
        await super().run()
        if self.ending:
            return
        if not self.drawn and self.errors is not None:
            # textual-serve stops reading the error output when the game's output ends:
            # a line written just before may still be on its way.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(ERROR_DRAIN):
                    while await self.errors.read(ERROR_BYTES):
                        pass
        why = self.errors.last_line() if self.errors is not None else ""
        if not self.drawn and why:
            await self.remote_write_bytes(why.encode())
        await self.remote_close()

    async def stop(self) -> None:
        """Ask the game to quit, then end its process group (at once if it has quit)."""
        process = self._process
        if process is None or self.ending:
            return
        self.ending = True
        try:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(QUIT_GRACE):
                    # (A game that reads no input holds up the asking too.)
                    await self.send_meta({"type": "quit"})
                    await process.wait()
        finally:  # the page's task cancelled meanwhile (the server stopping) included
            end_process_group(process)
            if self._task is not None:
                self._task.cancel()  # what the game wrote last has no page to go to
                await asyncio.wait([self._task])
            await process.communicate()  # read to the end: its pipes close, it is reaped


class ErrorStart:
    """A game's error output as textual-serve reads it (with `read` alone), its first
    ERROR_BYTES kept."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self.stream = stream
        self.kept = bytearray()

    async def read(self, count: int = -1) -> bytes:
        data = await self.stream.read(count)
        self.kept += data[: ERROR_BYTES - len(self.kept)]
        return data

    def last_line(self) -> str:
        """The last line written ('' for none)."""
        lines = self.kept.decode("utf-8", "replace").strip().splitlines()
        return lines[-1].strip() if lines else ""


def end_process_group(process: asyncio.subprocess.Process) -> None:
    """Kill a game's process and every process of its group (the game leads its group)."""
    if sys.platform == "win32":  # no process groups: the game alone
        if process.returncode is None:
            process.kill()
        return
    with contextlib.suppress(ProcessLookupError):  # none left
        os.killpg(process.pid, signal.SIGKILL)


def keys_in(text: str) -> int:
    """How many keys a page's input holds."""
    return len(KEY.findall(text))


def terminal_size(columns: int, rows: int) -> tuple[int, int]:
    """The size a page asks for, within bounds: a huge one would cost the game its memory."""
    return min(max(int(columns), 1), MOST_COLUMNS), min(max(int(rows), 1), MOST_ROWS)


def json_or_none(text: str):
    """A message's JSON; None for text that is not JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # (nested deeper than the parser goes)
        return None


class Allowance:
    """So many a second, up to a second's worth at once; what is over is refused."""

    def __init__(self, per_second: int) -> None:
        self.per_second = per_second
        self.left = float(per_second)
        self.since = time.monotonic()

    def take(self, count: int) -> bool:
        """Whether `count` more are allowed now (they are counted if so)."""
        now = time.monotonic()
        self.left = min(self.per_second, self.left + (now - self.since) * self.per_second)
        self.since = now
        if count > self.left:
            return False
        self.left -= count
        return True


def most_connections(max_games: int) -> int:
    """The most connections the server holds at once: as many as its open files allow,
    after the games' and those kept back, each connection counted twice (it may be
    sending a file), and no more than MOST_CONNECTIONS."""
    if sys.platform == "win32":  # no limit to read
        return MOST_CONNECTIONS
    allowed, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if allowed == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    free = allowed - FILES_KEPT_BACK - ACCEPTED_AT_ONCE - FILES_PER_GAME * max_games
    return max(1, min(MOST_CONNECTIONS, free // 2))


class TurnedAway(asyncio.Protocol):
    """A connection past the most the server holds: answered 503 and closed at once."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.write(SERVER_BUSY)  # type: ignore[attr-defined]  # a server's: a Transport
        transport.close()


def make_room(connections: list[RequestHandler]) -> bool:
    """Close the oldest connection that is not in the middle of a request (silent, its
    headers still coming, or idle between two): a flood of silent connections can then
    not keep a page out for the seconds each would be held; False when every connection
    is busy with a request (a game's page among them). aiohttp tells a connection's state
    only by a private field; without it, no connection is taken for silent."""
    for handler in connections:  # oldest first
        if handler.transport is not None and not getattr(handler, "_request_in_progress", True):
            handler.force_close()
            return True
    return False


def html_page(text: str, status: int) -> web.Response:
    """A page of one paragraph, for a page turned away."""
    page = f'<!DOCTYPE html><meta charset="utf-8"><title>Sticheln</title><p>{escape(text)}</p>'
    return web.Response(text=page, status=status, content_type="text/html")


class GameServer(Server):
    """textual-serve's server with a cap on the games running at once, for this server's
    own pages only, and pages that join a table by code."""

    def __init__(self, command: str, host: str, port: int, max_games: int) -> None:
        super().__init__(command, host=host, port=port, title="Sticheln")
        self.max_games = max_games
        self._pages: dict[asyncio.Task, GameProcess] = {}  # each page's connection: its game
        self.saves = saves_directory()  # where the games, and the tables, are
        self._tables: TableLog | None = None  # opened at the first code looked up
        self._looking_up = threading.Lock()  # one look-up at a time, off the event loop

    @property
    def games(self) -> int:
        return len(self._pages)

    @property
    def full(self) -> bool:
        return self.games >= self.max_games

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, behind the check of the Host header. (Without
        textual-serve's on_startup: its banner would come before the port is bound.)"""
        app = web.Application(middlewares=[self._refuse_foreign_names])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/join/{code}/ws", self.handle_join_websocket, name="join_websocket"),
                # Anything else under /join/ (a slash inside, say) is a join page's
                # address too, refused as no code by the page's handler.
                web.get("/join/{code:.*}", self.handle_join, name="join"),
                web.get("/download/{key}", self.handle_download, name="download"),
                # The files alone: textual-serve lists the directories' contents too.
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _refuse_foreign_names(self, request: web.Request, handler) -> web.StreamResponse:
        """Every route answers only a request by a name of this server (names_this_server)."""
        if not names_this_server(request.host, self.host):
            return html_page(foreign_name_refusal(request.host, self.port), 403)
        return await handler(request)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full:
            return html_page(refusal(self.max_games), 503)
        return self._page(request, request.app.router["websocket"].url_for().path)

    async def handle_join(self, request: web.Request) -> web.StreamResponse:
        """The page of a join code: refused in one line (and nothing looked up) unless the
        address holds a code, and in the line `sticheln join` would print unless the code
        seats this page now; else a page whose game is `sticheln join CODE`."""
        code = request.match_info["code"]
        if not is_join_code(code):
            return html_page(join_refusal(unknown_code()), 404)
        if self.full:
            return html_page(refusal(self.max_games), 503)
        if why := await self._join_refusal(code):
            return html_page(why, 404)
        websocket = request.app.router["join_websocket"].url_for(code=code)
        return self._page(request, websocket.path)

    def _page(self, request: web.Request, websocket: str) -> web.Response:
        """textual-serve's page, its terminal connected to the path `websocket`. The page
        finds its game at the address the browser used: a tablet reaches a server
        listening on 0.0.0.0 by the machine's own address, not by 0.0.0.0 (the Host
        header is checked: see names_this_server)."""
        secure = request.scheme == "https"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{'wss' if secure else 'ws'}://{request.host}{websocket}",
            "config": {"static": {"url": f"{request.scheme}://{request.host}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def _join_refusal(self, code: str) -> str | None:
        """The line `sticheln join CODE` would stop at if run now, or None when the code
        would seat it. The tables are only read (in a thread: a busy database may keep a
        look-up waiting for seconds), and none is made where there is none."""

        def look_up() -> str | None:
            if not (self.saves / FILE_NAME).exists():
                return unknown_code()
            with self._looking_up:
                try:
                    if self._tables is None:
                        self._tables = TableLog.in_saves(self.saves)
                    return self._tables.refusal(code)
                except TableLogError as error:
                    return str(error)

        why = await asyncio.to_thread(look_up)
        return None if why is None else join_refusal(why)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's page connection, its game a GameProcess."""
        return await self._play(request, self.command)

    async def handle_join_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A join page's connection, its game `sticheln join CODE`. The code is checked
        again: a page loaded a while ago, or no page at all, may connect."""
        code = request.match_info["code"]
        if not is_join_code(code):
            raise web.HTTPNotFound()
        return await self._play(request, join_command(self.command, code), code)

    async def _play(
        self, request: web.Request, command: str, code: str | None = None
    ) -> web.WebSocketResponse:
        """A page's connection to a game of its own running `command`: for this server's
        own pages, within the cap, and for a join `code` that seats it."""
        if not same_origin(request):
            raise web.HTTPForbidden()
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_BYTES)
        await websocket.prepare(request)
        # The code first: between the cap's check and the game's counting, nothing waits.
        why = None if code is None else await self._join_refusal(code)
        if why is None and self.full:  # loaded while a game was free, connecting once none is
            why = refusal(self.max_games)
        if why is not None:
            await websocket.send_bytes(why.encode())
            await websocket.close()
            return websocket
        game = GameProcess(
            command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,  # type: ignore[arg-type]  # as textual-serve's Server passes it
            download_manager=self.download_manager,
            debug=self.debug,
        )
        with self._playing(game):
            try:
                width = to_int(request.query.get("width", "80"), 80)
                height = to_int(request.query.get("height", "24"), 24)
                await game.start(*terminal_size(width, height))
                await self._process_messages(websocket, game)
            except Exception:
                log.exception("The game of a page failed")
            finally:  # the page closed, the server stopping (this task cancelled), an error
                await game.stop()
                await websocket.close()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, game: AppService) -> None:
        """What the page sends, to its game: textual-serve's messages, checked (anything
        else is dropped, never trusted), and within the page's allowance of keys. A
        message too large for any page has closed the page already (MESSAGE_BYTES)."""
        allowance = Allowance(KEYS_A_SECOND)
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            match json_or_none(message.data):
                case ["stdin", str(keys)] if allowance.take(max(keys_in(keys), 1)):
                    await game.send_bytes(keys.encode("utf-8", "replace"))
                case ["resize", {"width": int(width), "height": int(height)}] if allowance.take(1):
                    await game.set_terminal_size(*terminal_size(width, height))
                case ["ping", str(sent)] if allowance.take(1):
                    await websocket.send_json(["pong", sent])
                case ["blur"] if allowance.take(1):
                    await game.blur()
                case ["focus"] if allowance.take(1):
                    await game.focus()

    @contextlib.contextmanager
    def _playing(self, game: GameProcess) -> Iterator[None]:
        """The page's connection (this task) counts as a game played while inside."""
        page = asyncio.current_task()
        assert page is not None  # a page's connection is a task
        self._pages[page] = game
        try:
            yield
        finally:
            del self._pages[page]

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C or SIGTERM: every game quits (so saves) before the server ends. An open
        page would otherwise hold the server for aiohttp's grace period, a minute."""
        pages = list(self._pages)
        for page, game in self._pages.items():
            if not game.ending:  # (cancelled while ending, it would not see its game reaped)
                page.cancel()  # its game is then asked to quit, and ended (GameProcess.stop)
        await asyncio.gather(*pages, return_exceptions=True)

    @contextlib.asynccontextmanager
    async def listening(self):
        """The server listening on its host and port (port 0: a free one, noted in
        `port`) until the block ends; then every game ends. OSError when the address
        cannot be had."""
        # aiohttp's keep-alive timeout runs from a connection's start too: a request whose
        # headers are not in by then is closed, as is a connection idle for as long.
        runner = web.AppRunner(await self._make_app(), keepalive_timeout=HEADER_SECONDS)
        await runner.setup()
        most = most_connections(self.max_games)
        server = runner.server
        assert server is not None  # made by the runner's setup

        def protocol() -> asyncio.BaseProtocol:
            """A new connection's: aiohttp's, or past the most held, a refusal."""
            connections = server.connections
            if len(connections) >= most and not make_room(connections):
                return TurnedAway()
            return server()

        try:
            listener = await asyncio.get_running_loop().create_server(
                protocol, self.host, self.port, backlog=ACCEPTED_AT_ONCE
            )
            self.port = listener.sockets[0].getsockname()[1]
            try:
                yield
            finally:
                listener.close()
        finally:
            await runner.cleanup()  # on_shutdown ends the games
            with self._looking_up:
                if self._tables is not None:
                    self._tables.close()
                    self._tables = None

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # The log imports rich.traceback for its first traceback: out of open files, that
        # import failed inside asyncio's report of a failed accept, and ended the server.
        import rich.traceback  # noqa: F401

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; OSError when the address cannot be had."""
        self.debug = debug
        self.initialize_logging()
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C where signals cannot be caught
            asyncio.run(self._serve_until_stopped())

    async def _serve_until_stopped(self) -> None:
        async with self.listening():
            self._announce()  # once the port is bound
            await stopping()

    def _announce(self) -> None:
        print(
            ngettext(
                "The card table in a browser: open {url} (Ctrl+C stops the server).\n"
                "Each page plays its own game in its own process, one at a time; "
                "games are saved in {directory}.\n"
                "A seat at a table played from several screens: open {url}/join/CODE, "
                "with its join code.",
                "The card table in a browser: open {url} (Ctrl+C stops the server).\n"
                "Each page plays its own game in its own process, {games} at once at most; "
                "games are saved in {directory}.\n"
                "A seat at a table played from several screens: open {url}/join/CODE, "
                "with its join code.",
                self.max_games,
            ).format(
                url=address_to_open(self.host, self.port),
                games=self.max_games,
                directory=visible(self.saves),
            ),
            flush=True,
        )


async def stopping() -> None:
    """Returns at Ctrl+C or SIGTERM (on Windows, which cannot catch them, never: Ctrl+C
    interrupts)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
    await stop.wait()


def main(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    warning = open_warning(args.host)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    server = GameServer(game_command(args.lang), args.host, args.port, args.max_games)
    try:
        server.serve()
    except OSError as error:  # the port taken, an address not of this machine
        parser.exit(
            1,
            _("{prog}: cannot listen on {host} port {port}: {why}").format(
                prog=parser.prog, host=args.host, port=args.port, why=error.strerror or error
            )
            + "\n",
        )
    return 0
