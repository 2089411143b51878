"""`sticheln serve` against pages of other sites and against floods: real servers on a
free port, the real game behind them, the saves and settings in the test's own folder.
The rules themselves, with a stand-in for the game: tests/unit/test_serve.py."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import aiohttp
import pytest
from helpers import descendants, first_line, free_port, stop

from sticheln_tui.locations import CONFIG_ENV, SAVES_ENV

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="processes from /proc")


@dataclass
class Running:
    process: subprocess.Popen
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def open_page(self, session: aiohttp.ClientSession, **options):
        return session.ws_connect(f"{self.url}/ws", origin=self.url, **options)


@contextlib.contextmanager
def a_server(tmp_path, *flags: str, before_it_starts=None):
    """`sticheln serve` in a process of its own; afterwards stopped, and any game it left
    behind killed (so that a failing test leaves no orphan)."""
    port = free_port()
    environment = {
        **os.environ,
        SAVES_ENV: str(tmp_path / "saves"),
        CONFIG_ENV: str(tmp_path / "config"),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "sticheln_tui", "serve", "--port", str(port), *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment,
        preexec_fn=before_it_starts,
    )
    groups: set[int] = set()
    try:
        assert f"http://127.0.0.1:{port}" in first_line(process)
        yield Running(process, port)
    finally:
        with contextlib.suppress(ProcessLookupError):
            groups = {os.getpgid(pid) for pid in descendants(process.pid)}
        stop(process)
        for group in groups - {os.getpgid(0)}:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)


def wait_for(condition, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
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
            time.sleep(0.5)  # a game would have started by now
            assert descendants(server.process.pid) == []
            async with server.open_page(session):  # its own page plays
                wait_for(lambda: descendants(server.process.pid))
