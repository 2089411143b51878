"""`sticheln serve` run for the system tests, and Debian's chromium (driven by Playwright)
on its pages.

xterm.js draws a page's terminal on a canvas; `terminal_page` turns on its screen-reader
mode, so the terminal's text is in the page's accessibility tree (`screen`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import descendants, first_line, free_port, process_group, running, stop

from sticheln_tui.locations import CONFIG_ENV, SAVES_ENV

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Where textual-serve's page builds its terminal: one option more turns on the
# accessibility tree (screen-reader mode).
TERMINAL_OPTIONS = "allowProposedApi:!0,"
SLOW = 20.0  # seconds: the longest any one step may take on a loaded machine


@dataclass
class Game:
    """A page's game: its processes, and the process groups they lead (each game leads
    one, apart from the server's, so that all it starts can be ended with it)."""

    processes: list[int]
    groups: set[int]

    @property
    def ended(self) -> bool:
        return not any(running(pid) for pid in self.processes) and not any(
            process_group(group) for group in self.groups
        )


@dataclass
class Running:
    """A server a test started."""

    process: subprocess.Popen
    port: int
    announced: str = ""  # its first line, once it listens
    games: list[Game] = field(default_factory=list)  # the games its pages started

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def open_page(self, session, path: str = "/ws", **options):
        """The WebSocket of a page this server gave (`path`: its game's), from the
        server's own origin."""
        return session.ws_connect(f"{self.url}{path}", origin=self.url, **options)


def environment(tmp_path: Path) -> dict[str, str]:
    """This test's saves (tmp_path/saves) and settings, for the programs it starts."""
    return {
        **os.environ,
        SAVES_ENV: str(tmp_path / "saves"),
        CONFIG_ENV: str(tmp_path / "config"),
    }


@contextlib.contextmanager
def a_server(tmp_path: Path, *flags: str, before_it_starts=None) -> Iterator[Running]:
    """`sticheln serve` in a process of its own, the saves in tmp_path/saves; afterwards
    stopped, and what is left of its games killed: a failing test leaves no orphan, not
    even once the server is killed."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "sticheln_tui", "serve", "--port", str(port), *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment(tmp_path),
        preexec_fn=before_it_starts,
    )
    server = Running(process, port)
    try:
        server.announced = first_line(process)
        assert f"http://127.0.0.1:{port}" in server.announced
        yield server
    finally:
        left = descendants(process.pid)
        stop(process)
        groups = {group for game in server.games for group in game.groups} - {os.getpgid(0)}
        for pid in left + [pid for group in groups for pid in process_group(group)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def wait_for(condition, what: str, timeout: float = SLOW):
    """What `condition()` returns once it is true; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return result


@contextlib.contextmanager
def a_browser() -> Iterator:
    """Debian's chromium, launched by Playwright with a fresh profile; skips the test with
    the reason without either."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        pytest.skip(f"Playwright is not installed ({error}): pip install '.[test]'")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(
            f"no chromium at {CHROMIUM}: as root, apt-get update && apt-get install -y chromium"
        )
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception as error:  # a chromium that cannot start here
            pytest.skip(f"chromium does not start: {str(error).splitlines()[0]}")
        try:
            yield browser
        finally:
            browser.close()


def terminal_page(browser, width: int = 1280, height: int = 720):
    """A new page of `width` x `height` CSS pixels whose terminal has its text in the
    accessibility tree, and no font fetched from the internet."""
    page = browser.new_page(viewport={"width": width, "height": height})

    def with_accessibility_tree(route):
        response = route.fetch()
        script = response.text()
        assert TERMINAL_OPTIONS in script, "textual-serve's page builds its terminal otherwise"
        options = TERMINAL_OPTIONS + "screenReaderMode:!0,"
        route.fulfill(response=response, body=script.replace(TERMINAL_OPTIONS, options))

    page.route("**/static/js/textual.js", with_accessibility_tree)
    page.route("https://fonts.googleapis.com/**", lambda route: route.abort())  # offline
    return page


def screen(page) -> str:
    """The text the page's terminal shows now, a line a row."""
    return page.evaluate(
        "() => [...document.querySelectorAll('.xterm-accessibility-tree > div')]"
        ".map(row => row.textContent).join('\\n')"
    )
