"""The real app in a pseudo-terminal: SIGTERM, SIGINT and SIGHUP (the terminal closed)
save the game and end the program cleanly."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

import pytest

from sticheln_tui import persistence
from sticheln_tui.locations import SAVES_ENV

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and ptys")


class Terminal:
    """The app running in a 100x32 pseudo-terminal, its output collected."""

    def __init__(self, saves, *args: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", SAVES_ENV: str(saves)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sticheln_tui", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.output = bytearray()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        os.close(self.master)


def wait_for(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def saved_moves(saves) -> int | None:
    paths = list(saves.glob("*.json"))
    if len(paths) != 1:
        return None
    try:
        return len(persistence.load(paths[0]).game.moves)
    except persistence.SaveError:
        return None


def start_and_play_one_move(tmp_path) -> Terminal:
    terminal = Terminal(tmp_path, "--players", "Ann,Bob,Cid", "--seed", "5")
    wait_for(lambda: saved_moves(tmp_path) == 0)
    # The input guard ignores keys for a moment after each screen appears.
    while saved_moves(tmp_path) != 1:
        terminal.press(b"\r")
        time.sleep(0.5)
    return terminal


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_saves_and_ends_the_app_cleanly(tmp_path, number):
    terminal = start_and_play_one_move(tmp_path)
    terminal.process.send_signal(number)
    assert terminal.process.wait(timeout=20) == 0
    wait_for(lambda: b"sticheln --resume" in terminal.output, timeout=5)
    terminal.close()
    assert saved_moves(tmp_path) == 1
    assert b"\x1b[?1049l" in terminal.output  # the terminal's own screen is back


def test_a_closed_terminal_saves_the_game(tmp_path):
    terminal = start_and_play_one_move(tmp_path)
    terminal.close()
    terminal.process.send_signal(signal.SIGHUP)
    assert terminal.process.wait(timeout=20) == 0  # no traceback into a dead terminal
    assert saved_moves(tmp_path) == 1
    path = next(tmp_path.glob("*.json"))
    assert not list(tmp_path.glob(".*.tmp"))
    assert persistence.load(path).game.players == ("Ann", "Bob", "Cid")
