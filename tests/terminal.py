"""The real program in a pseudo-terminal, its output collected."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading
import time

from sticheln_tui.locations import SAVES_ENV

PROGRAM = ("-m", "sticheln_tui")
# The program with the pseudo-terminal as its controlling terminal, as a program that a
# terminal window starts has: closing the terminal then hangs it up, and the system sends
# the program SIGHUP (and SIGCONT, as to every session leader). Without it the program
# learns of a closed terminal only from failed reads and writes.
IN_A_WINDOW = (
    "-c",
    "import fcntl, runpy, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0);"
    " runpy.run_module('sticheln_tui', run_name='__main__', alter_sys=True)",
)


class Terminal:
    """The app running in a 100x32 pseudo-terminal, its output collected. `program`:
    what Python runs, the program itself unless a test wraps it."""

    def __init__(self, saves, *args: str, program: tuple[str, ...] = PROGRAM) -> None:
        self.master, slave = pty.openpty()
        self.resize(32, 100)
        env = {**os.environ, "TERM": "xterm-256color", SAVES_ENV: str(saves)}
        self.process = subprocess.Popen(
            [sys.executable, *program, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.output = bytearray()
        self._woken, self._wake = os.pipe()  # `close` stops the reader through it
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            readable, _, _ = select.select([self.master, self._woken], [], [])
            if self._woken in readable:
                # What the program wrote before the stop is kept (a refused join prints
                # and ends at once, maybe before the reader got to it); nothing after it.
                waiting = self.unread()
                if waiting:
                    self._take(waiting)
                return
            if not self._take(65536):
                return

    def _take(self, most: int) -> bool:
        """Add up to `most` bytes of output; False once the terminal has no more."""
        try:
            chunk = os.read(self.master, most)
        except OSError:
            return False
        self.output += chunk
        return bool(chunk)

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def resize(self, rows: int, columns: int) -> None:
        """Give the terminal a new size; the system tells a program whose controlling
        terminal it is (IN_A_WINDOW) with SIGWINCH."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def unread(self) -> int:
        """Bytes of the program's output that wait to be read."""
        waiting = fcntl.ioctl(self.master, termios.FIONREAD, struct.pack("i", 0))
        return struct.unpack("i", waiting)[0]

    def stop_reading(self) -> None:
        """Read no more of the program's output, as a terminal that hangs: once the
        system's buffer is full, the program's writes wait."""
        os.write(self._wake, b"\0")
        self._reader.join()

    def close(self) -> None:
        """Close the terminal, as its window is closed. The reader stops first: a read
        waiting on the terminal would keep it open until the program next writes, and
        then read from whichever terminal opened meanwhile got its number."""
        self.stop_reading()
        for end in (self.master, self._woken, self._wake):
            os.close(end)


def wait_for(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# Keys as a person presses them: each after a pause long enough for a hand-off to take it
# (the keyboard changing hands), and not so short that it looks like a held key.
PRESS_EVERY = 1.2


def press_until(
    terminal: Terminal,
    condition,
    key: bytes = b"\r",
    timeout: float = 40.0,
    most: int | None = None,
) -> int:
    """Press `key` at a person's pace until `condition()` holds (or `most` presses are
    made); returns how many presses."""
    deadline = time.monotonic() + timeout
    presses = 0
    while not condition() and presses != most:
        assert time.monotonic() < deadline, "timed out"
        terminal.press(key)
        presses += 1
        time.sleep(PRESS_EVERY)
    return presses
