#!/usr/bin/env python3
"""Every way into the game from outside, tried by hand: the browser server, odd files
beside the saves and as the settings, lock files that are not files, links planted where
files are written, file names holding terminal escapes, and a terminal closed under the
game.

It attacks whichever `sticheln_tui` this Python imports (choose the tree with PYTHONPATH),
each input in temporary saves and settings folders of its own, and prints per category
how many inputs were tried, refused cleanly, survived, crashed, hung or blew up memory,
how many changed files they should not have, how many processes were left behind, and the
highest memory seen. Every process it starts carries a mark in its environment, so that
all of them, however they escaped their group, are found and ended before it returns.

    PYTHONPATH=/path/to/tree python scripts/outside_attack.py --quick
    PYTHONPATH=/path/to/tree python scripts/outside_attack.py --json figures.json

Run by hand, not in CI: a full run takes five to ten minutes on two cores (every hang
waits out its timeout), --quick about as long less the 40 extra terminal closes. It
exits 0 whatever it finds: the figures are its result; --json FILE keeps them, with
every input's outcome and why it failed.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import fcntl
import json
import os
import pty
import re
import resource
import selectors
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path

import aiohttp

GAME = (sys.executable, "-m", "sticheln_tui")
MARK_VARIABLE = "STICHELN_ATTACK_MARK"

COMMAND_TIMEOUT = 10.0  # a command line still running after this counts as hung
MEMORY_CAP_MB = 1000  # a process past this is ended and counted as a memory blow-up
# A game holds 40 to 90 MB here, a report 20: past this one has let what came in pile up.
GROWN_MB = 200
# A backstop under the polling: a process could outgrow the cap between two looks.
ADDRESS_SPACE_CAP = 6 << 30
POLL_EVERY = 0.02
SERVER_START_TIMEOUT = 30.0
GAME_START_TIMEOUT = 30.0
ANSWER_TIMEOUT = 5.0  # for an HTTP answer, a pong
PAGE_CLOSE_GRACE = 2.0  # a closed page's game should be gone within this
SERVER_STOP_TIMEOUT = 15.0  # a signalled server still running after this counts as hung
AFTER_SERVER_STOP = 3.0  # the games of a stopped server should be gone within this
TERMINAL_CLOSE_GRACE = 2.0  # a game whose terminal closed should be gone within this
HALF_OPEN_CONNECTIONS = 1100
SERVER_OPEN_FILES = 1024  # the usual soft limit, under which 1,100 connections cannot fit
HALF_OPEN_RECHECK = 30.0
SPARSE_SIZE = 3 << 30
FIXTURE_DATE = 978_307_200  # 2001-01-01: older than anything planted
TERMINAL_SIZE = (24, 80)

ALTERNATE_SCREEN = b"\x1b[?1049h"  # the first thing a Textual app draws
HAND_OFF = b"press Enter"  # the hand-off screen's line, in English
TERMINAL_CODES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b.")

REFUSED, SURVIVED, CRASH, HANG, MEMORY = "refused", "survived", "crash", "hang", "memory"
OUTCOMES = (REFUSED, SURVIVED, CRASH, HANG, MEMORY)
BAD_OUTCOMES = (CRASH, HANG, MEMORY)

CATEGORIES = {
    "server": "1. Browser server",
    "files": "2. Odd files beside the saves and as the settings",
    "locks": "3. Lock files that are not files",
    "writes": "4. Links planted where files are written",
    "names": "5. Terminal escapes in file and player names",
    "terminal": "6. Terminal closed under the game",
}


# -- what is recorded ---------------------------------------------------------------


@dataclass
class Attempt:
    """One input tried, and what became of it."""

    category: str
    group: str  # the row of the category's table it is counted in
    name: str
    outcome: str  # one of OUTCOMES
    problems: list[str] = field(default_factory=list)  # why it counts as failed, if so
    peak_mb: float | None = None
    files_changed: list[str] = field(default_factory=list)
    left_behind: int = 0
    detail: str = ""

    @property
    def failed(self) -> bool:
        return bool(
            self.outcome in BAD_OUTCOMES or self.problems or self.files_changed or self.left_behind
        )


FIGURES = ("tried", *OUTCOMES, "files changed", "left behind", "peak MB", "failed")


def figures_of(attempts: Sequence[Attempt]) -> dict[str, float]:
    figures: dict[str, float] = dict.fromkeys(FIGURES, 0)
    figures["tried"] = len(attempts)
    for attempt in attempts:
        figures[attempt.outcome] += 1
        figures["files changed"] += len(attempt.files_changed)
        figures["left behind"] += attempt.left_behind
        figures["failed"] += attempt.failed
        figures["peak MB"] = max(figures["peak MB"], attempt.peak_mb or 0)
    figures["peak MB"] = round(figures["peak MB"])
    return figures


# -- processes ----------------------------------------------------------------------


@dataclass(frozen=True)
class ProcessInfo:
    pid: int
    state: str
    parent: int
    group: int
    started: int  # clock ticks after boot


def process_info(pid: int) -> ProcessInfo | None:
    try:
        with open(f"/proc/{pid}/stat") as file:
            text = file.read()
    except OSError:
        return None
    # The command name, in brackets, may hold spaces: the fields follow the last bracket.
    fields = text[text.rindex(")") + 2 :].split()
    return ProcessInfo(pid, fields[0], int(fields[1]), int(fields[2]), int(fields[19]))


def all_processes() -> list[ProcessInfo]:
    found = (process_info(int(name)) for name in os.listdir("/proc") if name.isdigit())
    return [info for info in found if info is not None and info.state not in "ZX"]


OWN_START = process_info(os.getpid()).started  # nothing older than this can be ours


def has_mark(pid: int, mark: str, exact: bool) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as file:
            environment = file.read().split(b"\0")
    except OSError:
        return False
    wanted = f"{MARK_VARIABLE}={mark}".encode()
    if exact:
        return wanted in environment
    return any(entry.startswith(wanted) for entry in environment)


def marked_processes(mark: str, exact: bool = True) -> list[ProcessInfo]:
    """The live processes started under `mark` (with `exact` False, under any mark that
    begins so), wherever they are now: in their group, or reparented after escaping it."""
    return [
        info
        for info in all_processes()
        if info.started >= OWN_START and info.pid != os.getpid() and has_mark(info.pid, mark, exact)
    ]


def command_line(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().decode(errors="replace").split("\0")[:-1]
    except OSError:
        return []


def memory_kb(pid: int, field_name: str = "VmRSS") -> int:
    """VmRSS is the memory in use now, VmHWM the most the process has had."""
    try:
        with open(f"/proc/{pid}/status") as file:
            for line in file:
                if line.startswith(field_name + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def kill_processes(processes: Sequence[ProcessInfo]) -> None:
    for info in processes:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(info.pid, signal.SIGKILL)


class Child:
    """A program started by the attack, in a session of its own so that its whole group
    can be ended at once, its output kept in a file or read from a pseudo-terminal whose
    controlling terminal it is, its memory watched against the cap."""

    def __init__(
        self,
        argv: Sequence[str],
        env: dict[str, str],
        *,
        cwd: Path | None = None,
        terminal: bool = False,
        stdin: int = subprocess.DEVNULL,
        open_files: int | None = None,
    ) -> None:
        self.status: int | None = None
        self.over_cap = False
        self.timed_out = False
        self.peak_kb = 0
        self._received = bytearray()
        self.terminal: int | None = None
        self._log = None  # the output of a child without a terminal, until `finish`
        if terminal:
            self.terminal, end = pty.openpty()
            rows, columns = TERMINAL_SIZE
            fcntl.ioctl(end, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            streams = {"stdin": end, "stdout": end, "stderr": end}
        else:
            # Open as long as the child is known: `finish` closes it.
            self._log = tempfile.TemporaryFile()  # noqa: SIM115
            streams = {"stdin": stdin, "stdout": self._log, "stderr": subprocess.STDOUT}

        def limit_and_attach() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))
            if open_files is not None:
                hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
                resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, hard))
            if terminal:  # as a terminal emulator does: closing it then hangs the game up
                fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            argv,
            env=env,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=limit_and_attach,
            **streams,
        )
        if self.terminal is not None:
            os.close(end)
            os.set_blocking(self.terminal, False)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def ended(self) -> bool:
        return self.status is not None

    @property
    def output(self) -> bytes:
        if self._log is not None:
            self._log.seek(0)
            return self._log.read()
        return bytes(self._received)

    @property
    def peak_mb(self) -> float:
        return self.peak_kb / 1024

    def poll(self) -> bool:
        """Whether it has ended; reads what the terminal shows and watches the memory."""
        self._read_terminal()
        if self.status is None:
            self._watch_memory()  # which may end it, and wait for it
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self._ended_with(status)
        return self.ended

    def _ended_with(self, status: int) -> None:
        self.status = self.process.returncode = os.waitstatus_to_exitcode(status)

    def _watch_memory(self) -> None:
        # The program's own high-water mark, looked at while it runs: the ru_maxrss that
        # waiting for it tells would count this battery's memory too, which the child
        # had from the fork until its exec.
        self.peak_kb = max(self.peak_kb, memory_kb(self.pid, "VmHWM"))
        if memory_kb(self.pid) > MEMORY_CAP_MB * 1024:
            self.over_cap = True
            self.kill()

    def _read_terminal(self) -> None:
        while self.terminal is not None:
            try:
                chunk = os.read(self.terminal, 1 << 16)
            except (BlockingIOError, OSError):  # nothing now, or the other end gone
                return
            if not chunk:
                return
            self._received += chunk

    def wait_until(self, condition: Callable[[], bool], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            if condition():
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(POLL_EVERY)

    def wait(self, timeout: float) -> bool:
        """Whether it ended within `timeout`; if not, it is ended, and counts as hung."""
        if self.wait_until(lambda: self.ended, timeout):
            return True
        self.timed_out = True
        self.kill()
        return False

    async def wait_async(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.poll():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def press(self, keys: bytes) -> None:
        os.write(self.terminal, keys)

    def close_terminal(self) -> None:
        if self.terminal is not None:
            self._read_terminal()
            os.close(self.terminal)
            self.terminal = None

    def kill(self) -> None:
        if self.status is None:
            self.peak_kb = max(self.peak_kb, memory_kb(self.pid, "VmHWM"))
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        if self.status is None:
            self._ended_with(os.waitpid(self.pid, 0)[1])

    def finish(self) -> None:
        """End it if it still runs, and let go of its terminal and its log."""
        self.kill()
        self.close_terminal()
        if self._log is not None:
            self._received = bytearray(self.output)
            self._log.close()
            self._log = None


# -- a sandbox per input ------------------------------------------------------------


class Sandbox:
    """Saves, settings, a working folder and an 'outside' folder that no attack should
    touch, in a temporary folder of their own; the environment that points the game there.
    Every process started in it carries its mark."""

    def __init__(self, root: Path, mark: str) -> None:
        self.root = root
        self.mark = mark
        self.saves = root / "saves"
        self.config = root / "config"
        self.work = root / "work"
        self.outside = root / "outside"
        home = root / "home"
        for folder in (self.saves, self.config, self.work, self.outside, home):
            folder.mkdir(parents=True)
        self.env = {
            name: value
            for name, value in os.environ.items()
            if name not in ("LANGUAGE", "LC_MESSAGES", "COLUMNS", "LINES")
        }
        self.env.update(
            {
                "STICHELN_SAVES": str(self.saves),
                "STICHELN_CONFIG": str(self.config),
                # Should either be ignored, nothing lands in the person's own folders.
                "HOME": str(home),
                "XDG_DATA_HOME": str(home / "data"),
                "XDG_CONFIG_HOME": str(home / "config"),
                "XDG_STATE_HOME": str(home / "state"),
                "XDG_CACHE_HOME": str(home / "cache"),
                "LC_ALL": "C.UTF-8",  # the game speaks English: its words are looked for
                "LANG": "C.UTF-8",
                "TERM": "xterm-256color",
                "PYTHONUNBUFFERED": "1",
                MARK_VARIABLE: mark,
            }
        )

    def start(self, args: Sequence[str], **options) -> Child:
        return self._child([*GAME, *args], **options)

    def python(self, code: str, *args: str, **options) -> Child:
        return self._child([sys.executable, "-c", code, *args], **options)

    def _child(self, argv: Sequence[str], cwd: Path | None = None, **options) -> Child:
        # Never the attack's own folder: `-m` and `-c` import from the working folder
        # first, and a checkout there would be attacked instead of PYTHONPATH's tree.
        return Child(argv, self.env, cwd=cwd or self.work, **options)

    def processes(self) -> list[ProcessInfo]:
        return marked_processes(self.mark)

    def left_behind(self, *spared: int, grace: float = 0.5) -> int:
        """How many processes started here, but `spared`, still run after `grace` (a
        program's helpers may take a moment to follow it); they are ended. Counted before
        a child's `finish`, which ends its whole group."""
        deadline = time.monotonic() + grace
        while True:
            alive = [info for info in self.processes() if info.pid not in spared]
            if not alive or time.monotonic() >= deadline:
                break
            time.sleep(0.05)
        kill_processes(alive)
        return len(alive)

    def snapshot(self) -> dict[str, tuple]:
        return snapshot(self.root)


def fingerprint(path: str, follow: bool = False) -> tuple:
    """What `path` is now, in a way that shows a change: its kind, size, time and inode.
    A folder is its kind only (its time moves whenever an entry comes or goes)."""
    try:
        status = os.stat(path) if follow else os.lstat(path)
    except OSError:
        return ("missing",)
    kind = stat.S_IFMT(status.st_mode)
    if stat.S_ISDIR(status.st_mode):
        return (kind,)
    return (kind, status.st_size, status.st_mtime_ns, status.st_ino)


LINK_TARGET = " (a link's target)"


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under `root`, links not followed; for a link to somewhere else (a
    device aside), the file it points to as well, so that a write through it shows."""
    seen: dict[str, tuple] = {}
    inside = str(root) + os.sep
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = os.path.join(folder, name)
            seen[path] = fingerprint(path)
            if os.path.islink(path):
                target = os.path.abspath(os.path.join(folder, os.readlink(path)))
                if not target.startswith((inside, "/dev/")):
                    seen[target + LINK_TARGET] = fingerprint(target, follow=True)
    return seen


def changes(before: dict[str, tuple], after: dict[str, tuple], expected: set[Path]) -> list[str]:
    """The entries made, changed or removed between the two snapshots, but the expected
    (a path expected, a folder with all it holds)."""
    allowed = tuple(str(path) for path in expected)
    changed = []
    for path in sorted(before.keys() | after.keys()):
        plain = path.removesuffix(LINK_TARGET)
        if plain in allowed or plain.startswith(tuple(folder + os.sep for folder in allowed)):
            continue
        old, new = before.get(path, ("missing",)), after.get(path, ("missing",))
        if old == new:
            continue
        what = "made" if old == ("missing",) else "removed" if new == ("missing",) else "changed"
        changed.append(f"{path} {what}")
    return changed


# -- judging a command line ---------------------------------------------------------


def plain_text(child: Child) -> bytes:
    """What a terminal shows, its codes taken out (the words a person would read)."""
    return TERMINAL_CODES.sub(b"", child.output)


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:160] if lines else ""


# An exception's own line, as Python prints it, or inside the box of a rich traceback.
EXCEPTION_LINE = re.compile(
    r"^[\s│]*([A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit)\b.*?)[\s│]*$"
)


def traceback_summary(text: str) -> str:
    """What a traceback says went wrong: the last exception line after it."""
    after = text[text.rfind("Traceback") :]
    found = [m.group(1) for line in after.splitlines() if (m := EXCEPTION_LINE.match(line))]
    return f"traceback: {(found[-1] if found else last_line(after))[:160]}"


def judge_command(child: Child, mentions: Sequence[str] = ()) -> tuple[str, list[str], str]:
    """Outcome, problems and a detail for a command that ran (or was ended): hung, over
    the cap, a traceback or a status other than 0 and 2 is bad; status 2, or a line
    naming what was planted, is a clean refusal; anything else survived."""
    text = child.output.decode(errors="replace")
    detail = f"status {child.status}: {last_line(text)}"
    if child.over_cap:
        return MEMORY, [f"passed {MEMORY_CAP_MB} MB, ended"], detail
    if child.timed_out:
        return HANG, [f"no end within {COMMAND_TIMEOUT:g} s"], detail
    if "Traceback" in text:
        return CRASH, [traceback_summary(text)], detail
    if child.status not in (0, 2):
        return CRASH, [f"exit status {child.status}"], detail
    if child.status == 2 or any(mention in text for mention in mentions):
        return REFUSED, [], detail
    return SURVIVED, [], detail


Look = Callable[[bytes], list[str]]  # the problems found in what a program printed


def nothing_wrong(_output: bytes) -> list[str]:
    return []


def run_command(sandbox: Sandbox, args: Sequence[str], *judging, **named_judging) -> dict:
    """Run the game's command line to its end (or the timeout) and judge it as
    `finish_judged` does (`judging`: its mentions, expected and look): the fields of an
    Attempt but its category, group and name."""
    before = sandbox.snapshot()
    return finish_judged(sandbox, sandbox.start(args), before, *judging, **named_judging)


def finish_judged(
    sandbox: Sandbox,
    child: Child,
    before: dict[str, tuple],
    mentions: Sequence[str] = (),
    expected: set[Path] = frozenset(),
    look: Look = nothing_wrong,
) -> dict:
    child.wait(COMMAND_TIMEOUT)
    left = sandbox.left_behind()
    child.finish()
    outcome, problems, detail = judge_command(child, mentions)
    return {
        "outcome": outcome,
        "problems": problems + look(child.output),
        "detail": detail,
        "peak_mb": child.peak_mb,
        "left_behind": left,
        "files_changed": changes(before, sandbox.snapshot(), expected),
    }


def run_in_terminal(
    sandbox: Sandbox,
    args: Sequence[str],
    mentions: Sequence[str] = (),
    expected: set[Path] = frozenset(),
    look: Look = nothing_wrong,
    shown: bytes | None = None,
) -> dict:
    """Run the game in a pseudo-terminal: hung if it neither ends nor draws within the
    timeout; once it draws it survived, and its terminal is closed (once the words
    `shown` are on the screen, if given), after which it should end. `look` finds
    problems in what the terminal received."""
    before = sandbox.snapshot()
    child = sandbox.start(args, terminal=True)
    opened = child.wait_until(
        lambda: child.ended or ALTERNATE_SCREEN in child.output, COMMAND_TIMEOUT
    )
    if not opened or child.ended:
        return finish_judged(sandbox, child, before, mentions, expected, look)
    if shown is not None:
        child.wait_until(lambda: child.ended or shown in plain_text(child), COMMAND_TIMEOUT)
    else:
        time.sleep(1.0)  # a moment to draw the first screen
    child.close_terminal()
    child.wait_until(lambda: child.ended, TERMINAL_CLOSE_GRACE)
    left = sandbox.left_behind(grace=0)  # the game itself too, if it still runs
    child.finish()
    text = child.output.decode(errors="replace")
    crashed = "Traceback" in text
    return {
        "outcome": CRASH if crashed else SURVIVED,
        "problems": [traceback_summary(text)] * crashed + look(child.output),
        "detail": "the game opened; its terminal was closed",
        "peak_mb": child.peak_mb,
        "left_behind": left,
        "files_changed": changes(before, sandbox.snapshot(), expected),
    }


# -- the run ------------------------------------------------------------------------


MAKE_FINISHED_SAVE = """
import sys
from pathlib import Path
from sticheln_tui import persistence
from sticheln_tui.bots import make_bot
from sticheln_tui.core.game import Game
from sticheln_tui.core.sticheln import Rules

game = Game(["Ann", "Bob", "Cid"], Rules(deals=1), 0, 5)
bots = [make_bot("easy", seat) for seat in range(3)]
while not game.finished:
    game.apply(bots[game.to_move].choose(game.view(game.to_move)))
record = persistence.Record(game, (None, None, None), len(game.results))
persistence.save(Path(sys.argv[1]), record)
"""


class Run:
    """The whole battery: its temporary folder, the mark its processes carry, a finished
    game's save to copy, and the attempts so far."""

    def __init__(self, root: Path, quick: bool, closes: int) -> None:
        self.root = root
        self.prefix = f"{os.getpid()}-"
        self.quick = quick
        self.closes = closes
        self.attempts: list[Attempt] = []
        self._sandboxes = 0
        self.finished_save = self._make_finished_save()

    def sandbox(self) -> Sandbox:
        self._sandboxes += 1
        return Sandbox(self.root / f"{self._sandboxes:04}", f"{self.prefix}{self._sandboxes}")

    def _make_finished_save(self) -> bytes:
        sandbox = self.sandbox()
        path = sandbox.work / "finished.json"
        child = sandbox.python(MAKE_FINISHED_SAVE, str(path))
        child.wait(60)
        child.finish()
        if child.status != 0:
            sys.exit("cannot make a finished game's save:\n" + child.output.decode())
        return path.read_bytes()

    def put_finished_save(self, sandbox: Sandbox, name: str = "finished.json") -> Path:
        """A finished game among the saves, dated long ago, so that whatever is planted
        is newer and read first: a link takes the date of what it points to, and
        /dev/zero's is the machine's start."""
        path = sandbox.saves / name
        path.write_bytes(self.finished_save)
        os.utime(path, (FIXTURE_DATE, FIXTURE_DATE))
        return path

    def record(self, category: str, group: str, name: str, **judged) -> Attempt:
        attempt = Attempt(category, group, name, **judged)
        if attempt.peak_mb is not None:
            attempt.peak_mb = round(attempt.peak_mb, 1)
        self.attempts.append(attempt)
        mark = "FAILED" if attempt.failed else "ok"
        print(f"  [{mark:6}] {printable(group)}: {name}: {attempt.outcome}", flush=True)
        return attempt

    def could_not_try(self, category: str, group: str, error: Exception) -> None:
        """An attack that could not be carried through counts as failed, saying why."""
        self.record(
            category,
            group.replace("_", " "),
            "(the whole attack)",
            outcome=CRASH,
            problems=[f"could not be tried: {type(error).__name__}: {error}"],
        )

    def end_everything(self) -> int:
        left = marked_processes(self.prefix, exact=False)
        kill_processes(left)
        return len(left)


# -- 1. the browser server ------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def is_shell(argv: Sequence[str]) -> bool:
    return bool(argv) and os.path.basename(argv[0]) in ("sh", "dash", "bash")


class Server:
    """`sticheln serve` on a free port, in a sandbox of its own."""

    def __init__(self, run: Run, open_files: int | None = None) -> None:
        self.sandbox = run.sandbox()
        self.port = free_port()
        self.own_host = f"127.0.0.1:{self.port}"
        self.origin = f"http://{self.own_host}"
        self.child = self.sandbox.start(["serve", "--port", str(self.port)], open_files=open_files)

    async def started(self) -> bool:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline and not self.child.poll():
            with contextlib.suppress(OSError):
                _reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return True
            await asyncio.sleep(0.2)
        return False

    def games(self) -> list[ProcessInfo]:
        """The game processes the server started (not their shells)."""
        return [
            info
            for info in self.sandbox.processes()
            if info.pid != self.child.pid
            and "serve" not in (argv := command_line(info.pid))
            and any("sticheln_tui" in word for word in argv)
            and not is_shell(argv)
        ]

    def others(self) -> list[ProcessInfo]:
        """Every process started here but the server: games, their shells, their helpers."""
        return [info for info in self.sandbox.processes() if info.pid != self.child.pid]

    def log(self) -> str:
        self.child.poll()
        return self.child.output.decode(errors="replace")

    def tracebacks_since(self, offset: int) -> list[str]:
        after = self.log()[offset:]
        return [f"the server printed a {traceback_summary(after)}"] * ("Traceback" in after)

    def outcome(self, offset: int, over_cap: bool, answered: bool, otherwise: str) -> str:
        """A game past the memory cap, then a traceback printed since `offset`, then no
        answer, decide the outcome in that order; `otherwise` it is as given."""
        if over_cap:
            return MEMORY
        if self.tracebacks_since(offset):
            return CRASH
        return otherwise if answered else HANG

    async def games_gone(self, within: float) -> bool:
        deadline = time.monotonic() + within
        while self.others():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def stop(self) -> None:
        self.child.finish()
        self.sandbox.left_behind(grace=0)


@contextlib.asynccontextmanager
async def running_server(run: Run, open_files: int | None = None):
    server = Server(run, open_files)
    try:
        if not await server.started():
            raise RuntimeError(f"the server did not start: {last_line(server.log())}")
        yield server
    finally:
        server.stop()


def request_bytes(path: str, headers: dict[str, str]) -> bytes:
    lines = [f"GET {path} HTTP/1.1", *(f"{name}: {value}" for name, value in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def websocket_headers(host: str, origin: str | None) -> dict[str, str]:
    headers = {
        "Host": host,
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
        "Sec-WebSocket-Version": "13",
    }
    if origin is not None:
        headers["Origin"] = origin
    return headers


def status_of(head: bytes) -> int | None:
    match = re.match(rb"HTTP/1\.[01] (\d{3})", head)
    return int(match.group(1)) if match else None


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no answer, `failure` says why
    body: bytes = b""
    failure: str = ""

    def problem(self, wanted: int) -> list[str]:
        if self.status == wanted:
            return []
        return [self.failure if self.status is None else f"answered {self.status}, not {wanted}"]


def failure_of(error: Exception) -> str:
    if isinstance(error, TimeoutError):
        return f"no answer within {ANSWER_TIMEOUT:g} s"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused: nothing listens on the port"
    return f"no answer: {error}"


async def http_get(port: int, path: str, host: str) -> Answer:
    """A plain GET, as a browser of this machine sends it but for the Host given."""
    try:
        connecting = asyncio.open_connection("127.0.0.1", port)
        reader, writer = await asyncio.wait_for(connecting, ANSWER_TIMEOUT)
    except (OSError, TimeoutError) as error:
        return Answer(None, failure=failure_of(error))
    try:
        writer.write(request_bytes(path, {"Host": host, "Connection": "close"}))
        answer = await asyncio.wait_for(reader.read(), ANSWER_TIMEOUT)
    except (OSError, TimeoutError) as error:
        return Answer(None, failure=failure_of(error))
    finally:
        writer.close()
    head, _sep, body = answer.partition(b"\r\n\r\n")
    status = status_of(head)
    return Answer(status, body, "" if status else "an answer that is not HTTP")


async def handshake(server: Server, headers: dict[str, str], hold: float = 1.5):
    """A WebSocket handshake by hand: its status, and the most games running while the
    connection was held open afterwards."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        writer.write(request_bytes("/ws", headers))
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), ANSWER_TIMEOUT)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            head = b""
        games = 0
        deadline = time.monotonic() + hold
        while time.monotonic() < deadline:
            games = max(games, len(server.games()))
            await asyncio.sleep(0.1)
        return status_of(head), games
    finally:
        writer.close()


class Page:
    """An accepted browser page: its WebSocket read all the time (a page that stops
    reading would stall the game's output, and hide what the game does), pongs noted."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.drawn = asyncio.Event()
        self.pongs: list[object] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for message in self.websocket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.drawn.set()
                elif message.type == aiohttp.WSMsgType.TEXT:
                    with contextlib.suppress(ValueError):
                        envelope = json.loads(message.data)
                        if isinstance(envelope, list) and envelope[:1] == ["pong"]:
                            self.pongs.append(envelope[1])

    @property
    def closed(self) -> bool:
        return self.websocket.closed

    async def ping(self, token: str) -> bool:
        if self.closed:
            return False
        with contextlib.suppress(Exception):
            await self.websocket.send_str(json.dumps(["ping", token]))
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while token not in self.pongs and time.monotonic() < deadline and not self.closed:
            await asyncio.sleep(0.05)
        return token in self.pongs

    def stop_reading(self) -> None:
        """From now on the page reads nothing, as a page that only sends would."""
        self._reader.cancel()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(), ANSWER_TIMEOUT)
        self._reader.cancel()


@contextlib.asynccontextmanager
async def open_page(server: Server):
    """A page as a browser on this machine opens it: the server's own Host and Origin."""
    timeout = aiohttp.ClientTimeout(total=None, connect=ANSWER_TIMEOUT)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        websocket = await session.ws_connect(
            f"{server.origin}/ws?width=80&height=24", origin=server.origin, max_msg_size=0
        )
        page = Page(websocket)
        try:
            await asyncio.wait_for(page.drawn.wait(), GAME_START_TIMEOUT)
            yield page
        finally:
            await page.close()


async def watch_games(server: Server, seconds: float) -> tuple[float, bool]:
    """The most memory any of the server's games had over `seconds`, in MB, and whether
    one passed the cap (it is then ended)."""
    peak_kb, over_cap = 0, False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for info in server.others():
            peak_kb = max(peak_kb, memory_kb(info.pid, "VmHWM"))
            if memory_kb(info.pid) > MEMORY_CAP_MB * 1024:
                kill_processes([info])
                over_cap = True
        await asyncio.sleep(0.1)
    return peak_kb / 1024, over_cap


async def refused_origins_and_hosts(run: Run) -> None:
    """Pages of other sites (DNS rebinding: a foreign Host) must get 403 and no game."""
    group = "foreign Origin or Host"
    async with running_server(run) as server:
        own, port = server.own_host, server.port
        evil = f"evil.example:{port}"
        attacks = {
            "/ws, Origin http://evil.example": websocket_headers(own, "http://evil.example"),
            "/ws, no Origin": websocket_headers(own, None),
            "/ws, Origin null": websocket_headers(own, "null"),
            f"/ws, Origin {server.origin}.evil.example": websocket_headers(
                own, f"{server.origin}.evil.example"
            ),
            "/ws, Origin of another port here": websocket_headers(
                own, f"http://127.0.0.1:{free_port()}"
            ),
            f"/ws, Host {evil} (Origin to match)": websocket_headers(evil, f"http://{evil}"),
        }
        for name, headers in attacks.items():
            offset = len(server.log())
            status, games = await handshake(server, headers)
            await server.games_gone(5.0)
            problems = server.tracebacks_since(offset)
            if status != 403:
                problems.append(f"answered {status}, not 403")
            if games:
                problems.append(f"started {games} game(s)")
            outcome = REFUSED if status == 403 and not games else SURVIVED
            run.record(
                "server",
                group,
                name,
                outcome=outcome,
                problems=problems,
                left_behind=server.sandbox.left_behind(server.child.pid, grace=0),
            )
        answer = await http_get(port, "/", evil)
        problems = answer.problem(403)
        if evil.encode() in answer.body:
            problems.append("the page sends its WebSocket to the foreign host")
        status = answer.status
        outcome = REFUSED if status == 403 else HANG if status is None else SURVIVED
        run.record("server", group, f"GET /, Host {evil}", outcome=outcome, problems=problems)
        # The controls: a page of this machine must still be served and get its game.
        status, games = await handshake(server, websocket_headers(own, server.origin))
        problems = [] if status == 101 and games else [f"own page: {status}, {games} game(s)"]
        run.record(
            "server",
            group,
            "/ws, own Origin and Host (control)",
            outcome=SURVIVED if not problems else REFUSED,
            problems=problems,
        )
        await server.games_gone(5.0)
        answer = await http_get(port, "/static/", own)
        listed = answer.status == 200 and b"Index of" in answer.body
        run.record(
            "server",
            "static folder",
            "GET /static/ (a folder's listing)",
            outcome=SURVIVED if listed else REFUSED,
            problems=["lists the folder's files"] if listed else [],
            detail=f"status {answer.status}",
        )


async def huge_input(run: Run) -> None:
    """A megabyte of keys in one message: the game's memory, and whether closing the page
    then ends the game and everything of its group. Twice: from a page that reads what
    the game draws, and from one that stops reading, so that the game's output backs up
    behind the keys (the way its memory grows)."""
    seconds = 8.0 if run.quick else 20.0
    for reading in (True, False):
        page_kind = "a page reading on" if reading else "a page that stops reading"
        name = f"from {page_kind}: memory over {seconds:g} s, then the page closed"
        await huge_input_from(run, name, seconds, reading)


async def huge_input_from(run: Run, name: str, seconds: float, reading: bool) -> None:
    async with running_server(run) as server, open_page(server) as page:
        offset = len(server.log())
        games = server.games()
        groups = {info.group for info in games} - {server.child.pid}
        if not reading:
            page.stop_reading()
        await page.websocket.send_str(json.dumps(["stdin", "A" * 1_000_000]))
        peak_mb, over_cap = await watch_games(server, seconds)
        closed_at = time.monotonic()
        await page.close()
        gone = await server.games_gone(PAGE_CLOSE_GRACE - (time.monotonic() - closed_at))
        took = time.monotonic() - closed_at
        in_group = [info for info in all_processes() if info.group in groups]
        left = {info.pid for info in server.others() + in_group}
        problems = server.tracebacks_since(offset)
        if not gone:
            problems.append(f"the game still ran {PAGE_CLOSE_GRACE:g} s after the page closed")
        if in_group:
            problems.append(f"{len(in_group)} process(es) of the game's group left")
        if peak_mb > GROWN_MB:
            problems.append(f"the game grew to {peak_mb:.0f} MB")
        kill_processes(in_group)
        run.record(
            "server",
            '["stdin", "A" * 1_000_000]',
            name,
            outcome=server.outcome(offset, over_cap, answered=True, otherwise=SURVIVED),
            problems=problems,
            peak_mb=peak_mb,
            left_behind=len(left),
            detail=f"{len(games)} game(s); gone {took:.1f} s after closing" if gone else "",
        )


MALFORMED_MESSAGES: dict[str, str | bytes] = {
    "not JSON": "this is not JSON",
    "JSON, not a list": json.dumps({"type": "stdin", "data": "x"}),
    "an empty list": "[]",
    '["resize", {"width": "x"}]': json.dumps(["resize", {"width": "x"}]),
    '["resize", {"width": 10**9, "height": -1}]': json.dumps(
        ["resize", {"width": 10**9, "height": -1}]
    ),
    '["resize", "not an object"]': json.dumps(["resize", "not an object"]),
    '["stdin", 5]': json.dumps(["stdin", 5]),
    "an unknown type": json.dumps(["launch-missiles", {}]),
    "a binary message": b"\x00\xff" * 100,
    "a 3 MB ping": json.dumps(["ping", "x" * 3_000_000]),
    "a 10 MB ping": json.dumps(["ping", "x" * 10_000_000]),
}


async def malformed_messages(run: Run) -> None:
    """Each message on a page of its own: afterwards the server should still answer, the
    page be closed or still pong, no traceback be printed, the game stay in its memory."""
    watch = 3.0 if run.quick else 5.0
    async with running_server(run) as server:
        for name, message in MALFORMED_MESSAGES.items():
            offset = len(server.log())
            async with open_page(server) as page:
                with contextlib.suppress(Exception):
                    if isinstance(message, bytes):
                        await page.websocket.send_bytes(message)
                    else:
                        await page.websocket.send_str(message)
                peak_mb, over_cap = await watch_games(server, watch)
                ponged = await page.ping("still there?")
                closed = page.closed
            answer = await http_get(server.port, "/", server.own_host)
            gone = await server.games_gone(AFTER_SERVER_STOP)
            problems = server.tracebacks_since(offset)
            problems += [f"GET / then: {problem}" for problem in answer.problem(200)]
            if not closed and not ponged:
                problems.append("the page stayed open but stopped answering pings")
            if peak_mb > GROWN_MB:
                problems.append(f"the game grew to {peak_mb:.0f} MB")
            run.record(
                "server",
                "malformed messages",
                name,
                outcome=server.outcome(
                    offset, over_cap, answer.status is not None, REFUSED if closed else SURVIVED
                ),
                problems=problems,
                peak_mb=peak_mb,
                left_behind=0 if gone else server.sandbox.left_behind(server.child.pid, grace=0),
                detail="page closed by the server" if closed else "page kept, pong answered",
            )


def signal_to_server(number: int) -> Callable[[Server], None]:
    return lambda server: os.kill(server.child.pid, number)


def signal_to_group(number: int) -> Callable[[Server], None]:
    """As Ctrl+C in the terminal that started it: to every process of its group."""
    return lambda server: os.killpg(server.child.pid, number)


STOPPING = {
    "SIGINT to the server": signal_to_server(signal.SIGINT),
    "SIGTERM to the server": signal_to_server(signal.SIGTERM),
    "SIGINT to its group (Ctrl+C)": signal_to_group(signal.SIGINT),
}


async def stopped_while_playing(run: Run) -> None:
    """Two games running, the server told to stop: it should end, and its games with it."""
    for name, stop in STOPPING.items():
        async with running_server(run) as server, open_page(server), open_page(server):
            games = len(server.games())
            stop(server)
            ended = await server.child.wait_async(SERVER_STOP_TIMEOUT)
            await asyncio.sleep(AFTER_SERVER_STOP)
            left = len(server.others())
            problems = server.tracebacks_since(0)
            if not ended:
                problems.append(f"the server still ran {SERVER_STOP_TIMEOUT:g} s later")
            run.record(
                "server",
                "stopped with games running",
                name,
                outcome=server.outcome(0, False, ended, SURVIVED),
                problems=problems,
                left_behind=left,
                detail=f"{games} game(s); server status {server.child.status}",
            )


def raise_own_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = HALF_OPEN_CONNECTIONS + 200
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(wanted, soft)), hard))


def open_half_requests(
    port: int, count: int, within: float = 10.0
) -> tuple[list[socket.socket], int]:
    """`count` connections each sent the first line of a request and nothing more; and
    how many were taken in time to be sent it."""
    selector = selectors.DefaultSelector()
    sockets = []
    for _ in range(count):
        connection = socket.socket()
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
        selector.register(connection, selectors.EVENT_WRITE)
        sockets.append(connection)
    deadline = time.monotonic() + within
    sent = 0
    while sent < count and time.monotonic() < deadline:
        for key, _events in selector.select(timeout=0.2):
            with contextlib.suppress(OSError):
                key.fileobj.send(b"GET / HTTP/1.1\r\n")
                sent += 1
            selector.unregister(key.fileobj)
    selector.close()
    return sockets, sent


async def half_open_flood(run: Run) -> None:
    """1,100 connections that never finish their request, to a server under the usual
    limit of 1,024 open files: does a page of this machine still get an answer, and does
    the server still run once they are gone?"""
    group = f"{HALF_OPEN_CONNECTIONS:,} half-open connections"
    raise_own_open_files()
    async with running_server(run, open_files=SERVER_OPEN_FILES) as server:
        offset = len(server.log())
        sockets, sent = await asyncio.to_thread(
            open_half_requests, server.port, HALF_OPEN_CONNECTIONS
        )
        checks = {
            "GET / during them": 0.0,
            f"GET / {HALF_OPEN_RECHECK:g} s later": HALF_OPEN_RECHECK,
            "GET / once they closed": AFTER_SERVER_STOP,
        }
        try:
            for name, wait in checks.items():
                if name == "GET / once they closed":
                    for connection in sockets:
                        connection.close()
                await asyncio.sleep(wait)
                answer = await http_get(server.port, "/", server.own_host)
                problems = server.tracebacks_since(offset) + answer.problem(200)
                if server.child.poll():  # a status where the server should run on
                    quit_with = f"status {server.child.status}: {last_line(server.log())}"
                    problems.append(f"the server quit ({quit_with})")
                    outcome = CRASH
                else:
                    outcome = server.outcome(offset, False, answer.status is not None, SURVIVED)
                run.record(
                    "server",
                    group,
                    name,
                    outcome=outcome,
                    problems=problems,
                    detail=f"{sent} sent their first line; GET /: {answer.status}",
                )
        finally:
            for connection in sockets:
                connection.close()


async def attack_server(run: Run) -> None:
    for attack in (
        refused_origins_and_hosts,
        huge_input,
        malformed_messages,
        stopped_while_playing,
        half_open_flood,
    ):
        try:
            await attack(run)
        except Exception as error:  # e.g. the server never started, or refused its own page
            run.could_not_try("server", attack.__name__, error)


# -- 2. odd files beside the saves and as the settings ---------------------------------


def make_pipe(path: Path) -> None:
    os.mkfifo(path)


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def make_sparse(path: Path) -> None:
    with open(path, "wb") as file:
        file.truncate(SPARSE_SIZE)


def make_folder(path: Path) -> None:
    path.mkdir()


def nested_brackets(path: Path) -> None:
    path.write_text("[" * 1000 + "]" * 1000)


def make_socket(path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(path))  # the socket file stays once it is closed


def link_to_itself(path: Path) -> None:
    path.symlink_to(path.name)


def deeply_nested(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000)


def long_number(path: Path) -> None:
    """Past the 4,300 digits Python turns into a number before it refuses."""
    path.write_text('{"format": "sticheln-game", "version": 2, "seed": ' + "9" * 5000 + "}")


def pipe_beside_damaged(path: Path) -> None:
    """A backup that is a pipe, beside a damaged save: the game offers the backup."""
    path.with_suffix("").write_text("{ damaged")
    make_pipe(path)


# What is planted, where (saves or config), under which name, and how it is made.
PLANTS = (
    ("saves", "x.json", "a named pipe", make_pipe),
    ("saves", "x.json.bak", "a named pipe, beside a damaged x.json", pipe_beside_damaged),
    ("saves", "z.json", "a link to /dev/zero", link_to_zero),
    ("saves", "big.json", "a 3 GB sparse file", make_sparse),
    ("saves", "d.json", "a folder", make_folder),
    ("saves", "s.json", "a socket", make_socket),
    ("saves", "loop.json", "a link to itself", link_to_itself),
    ("saves", "n.json", "100,000 nested brackets", deeply_nested),
    ("saves", "seed.json", "a seed of 5,000 digits", long_number),
    ("config", "settings.json", "a named pipe", make_pipe),
    ("config", "settings.json", "a link to /dev/zero", link_to_zero),
    ("config", "settings.json", "a 3 GB sparse file", make_sparse),
    ("config", "settings.json", "a folder", make_folder),
    ("config", "settings.json", "1,000 nested brackets", nested_brackets),
)

REPORT_COMMANDS = {
    "--list-saves": ["--list-saves"],
    "--export OUT": ["--export", "OUT"],
    "--stats": ["--stats"],
    "--help": ["--help"],
    "--version": ["--version"],
}
# A planted save given by name: it should be refused in one line, never waited on.
LOAD_COMMANDS = {
    "--load PLANTED": ["--load", "PLANTED"],
    "--export OUT --load PLANTED": ["--export", "OUT", "--load", "PLANTED"],
}
RESUME = "--resume (in a terminal)"  # the one command that opens the game


def commands_for(place: str) -> dict[str, list[str] | None]:
    commands: dict[str, list[str] | None] = dict(REPORT_COMMANDS)
    if place == "saves":
        commands.update(LOAD_COMMANDS)
    commands[RESUME] = None
    return commands


def attack_files(run: Run) -> None:
    """Each odd file under each command: none may hang, crash or fill memory."""
    for place, file_name, kind, make in PLANTS:
        group = f"{file_name}: {kind}"
        mentions = (file_name.removesuffix(".bak"),)
        for command, args in commands_for(place).items():
            sandbox = run.sandbox()
            run.put_finished_save(sandbox)
            planted = getattr(sandbox, place) / file_name
            make(planted)
            out = sandbox.work / "OUT"
            if args is None:
                judged = run_in_terminal(sandbox, ["--resume"], mentions)
            else:
                named = {"OUT": str(out), "PLANTED": str(planted)}
                args = [named.get(word, word) for word in args]
                judged = run_command(sandbox, args, mentions, expected={out})
            if (judged["peak_mb"] or 0) > GROWN_MB and judged["outcome"] != MEMORY:
                judged["problems"].append(f"peak memory {judged['peak_mb']:.0f} MB")
            run.record("files", group, command, **judged)


# -- 3. lock files that are not files ------------------------------------------------


TAKE_LOCK = """
import sys
from pathlib import Path
from sticheln_tui.persistence import SaveLock
lock = SaveLock.take(Path(sys.argv[1]))
print("held" if lock else "not held", flush=True)
sys.stdin.read()  # held until the attack lets go
"""


def dangling_link_outside(lock: Path) -> Path:
    target = lock.parent.parent / "outside" / "lock-target"
    lock.symlink_to(target)
    return target


def plain_file(path: Path) -> None:
    path.write_text("")


def no_lock_yet(_path: Path) -> None:
    """Nothing planted: the two takes race to make the lock file."""


# The kinds of lock file planted; the controls are ordinary locks, which one take gets.
LOCKS = {
    "a folder": make_folder,
    "a dangling link outside the folder": dangling_link_outside,
    "a named pipe": make_pipe,
    "a plain file nobody holds (control)": plain_file,
    "none yet (control)": no_lock_yet,
}


def held_line(child: Child) -> str | None:
    child.wait_until(lambda: b"\n" in child.output or child.ended, COMMAND_TIMEOUT)
    line = child.output.decode(errors="replace").strip()
    return line if line in ("held", "not held") else None


def attack_locks(run: Run) -> None:
    """Two programs taking the lock of one save at once: never may both hold it; and the
    list of saves should say when a lock cannot be held."""
    for kind, make in LOCKS.items():
        group = f"NAME.json.lock: {kind}"
        control = "control" in kind
        sandbox = run.sandbox()
        save = run.put_finished_save(sandbox, "NAME.json")
        lock = save.with_name("NAME.json.lock")
        make(lock)
        before = sandbox.snapshot()
        first = sandbox.python(TAKE_LOCK, str(save), stdin=subprocess.PIPE)
        first_says = held_line(first)
        second = sandbox.python(TAKE_LOCK, str(save))
        second_says = held_line(second)
        first.process.stdin.close()
        for child in (first, second):
            child.wait(COMMAND_TIMEOUT)
        left = sandbox.left_behind()
        for child in (first, second):
            child.finish()
        answers = [first_says, second_says]
        problems = ["both held the lock"] * (answers == ["held", "held"])
        problems += [
            f"a take gave no answer: {last_line(child.output.decode(errors='replace'))}"
            for child, said in zip((first, second), answers, strict=True)
            if said is None
        ]
        hung = first.timed_out or second.timed_out
        crashed = any(b"Traceback" in child.output for child in (first, second))
        outcome = (
            HANG if hung else CRASH if crashed else REFUSED if "held" not in answers else SURVIVED
        )
        run.record(
            "locks",
            group,
            "two SaveLock.take at once",
            outcome=outcome,
            problems=problems,
            peak_mb=max(first.peak_mb, second.peak_mb),
            left_behind=left,
            files_changed=changes(before, sandbox.snapshot(), {lock}),
            detail=" / ".join(str(said) for said in answers),
        )
        judged = run_command(sandbox, ["--list-saves"], mentions=("lock",), expected={lock})
        if not control and judged["outcome"] == SURVIVED:
            judged["problems"].append("says nothing about the lock")
        if control and judged["outcome"] == REFUSED:
            judged["problems"].append("speaks of a lock that is in order")
        run.record("locks", group, "--list-saves", **judged)


# -- 4. links planted where files are written ------------------------------------------


RESAVE = """
import sys
from pathlib import Path
from sticheln_tui import persistence
path = Path(sys.argv[1])
try:
    persistence.save(path, persistence.load(path))
except OSError as error:
    print("refused:", error)
    sys.exit(2)
"""

REMEMBER_LANGUAGE = """
import sys
from sticheln_tui.settings import remember_language
problem = remember_language("de")
print(problem or "kept")
sys.exit(2 if problem else 0)
"""


@dataclass(frozen=True)
class Write:
    """A way the game writes a file: the file (made ready in a sandbox), and the program
    that makes the game write it."""

    target: Callable[[Run, Sandbox], Path]
    start: Callable[[Sandbox, Path], Child]


def export_target(run: Run, sandbox: Sandbox) -> Path:
    run.put_finished_save(sandbox)  # the game --export finds
    return sandbox.work / "record.json"


def export_start(sandbox: Sandbox, path: Path) -> Child:
    # A name without a folder: written beside it in the working folder.
    return sandbox.start(["--export", path.name])


def save_target(run: Run, sandbox: Sandbox) -> Path:
    return run.put_finished_save(sandbox, "game.json")  # there already: backed up


def save_start(sandbox: Sandbox, path: Path) -> Child:
    return sandbox.python(RESAVE, str(path))


def settings_target(run: Run, sandbox: Sandbox) -> Path:
    path = sandbox.config / "settings.json"
    path.write_text('{"language": "en"}\n')
    return path


def settings_start(sandbox: Sandbox, _path: Path) -> Child:
    return sandbox.python(REMEMBER_LANGUAGE)


WRITES = {
    "--export NAME": Write(export_target, export_start),
    "save": Write(save_target, save_start),
    "settings: a language kept": Write(settings_target, settings_start),
}

VICTIM_TEXT = "a file outside the saves, that no write of the game may touch\n"


def symbolic(victim: Path, planted: Path) -> None:
    planted.symlink_to(victim)


def hard(victim: Path, planted: Path) -> None:
    os.link(victim, planted)


def dangling(victim: Path, planted: Path) -> None:
    planted.symlink_to(victim.with_name("made-through-a-link"))


# Which write, the planted name (NAME is the file written), and the kind of link.
PLANTED_LINKS = (
    ("--export NAME", ".NAME.tmp", "a link to a file outside", symbolic),
    ("--export NAME", ".NAME.tmp", "a hard link to a file outside", hard),
    ("--export NAME", ".NAME.tmp", "a link to a missing file outside", dangling),
    ("save", ".NAME.tmp", "a link to a file outside", symbolic),
    ("save", ".NAME.tmp", "a hard link to a file outside", hard),
    ("save", ".NAME.bak.tmp", "a link to a file outside", symbolic),
    ("save", "NAME.bak", "a link to a file outside", symbolic),
    ("settings: a language kept", ".NAME.tmp", "a link to a file outside", symbolic),
)


def attack_writes(run: Run) -> None:
    """A link planted where the game writes (its temporary file, its backup) must not
    lead the write to the file it points to."""
    for write_name, planted_name, kind, plant in PLANTED_LINKS:
        write = WRITES[write_name]
        sandbox = run.sandbox()
        victim = sandbox.outside / "victim.txt"
        victim.write_text(VICTIM_TEXT)
        written = write.target(run, sandbox)
        planted = written.with_name(planted_name.replace("NAME", written.name))
        plant(victim, planted)
        expected = {
            written,
            written.with_name(written.name + ".bak"),
            written.with_name(f".{written.name}.tmp"),
            written.with_name(f".{written.name}.bak.tmp"),
        }
        before = sandbox.snapshot()
        judged = finish_judged(sandbox, write.start(sandbox, written), before, (), expected)
        if victim.read_text() != VICTIM_TEXT:
            judged["problems"].append("the file outside was overwritten")
        run.record("writes", f"{planted_name}: {kind}", write_name, **judged)


# -- 5. terminal escapes in file and player names --------------------------------------


ESCAPED_NAMES = ("a\x1b]0;pwned\x07.json", "b\x1b[2J.json", "c\nforged line.json")
FORGED_LINE = b"\nforged line"


def raw_controls(output: bytes) -> list[str]:
    """What a plain report should never print: an escape, a bell, a line begun by a name."""
    found = [
        f"raw {name} in the output"
        for name, byte in (("ESC", b"\x1b"), ("BEL", b"\x07"))
        if byte in output
    ]
    return found + ["a forged line in the output"] * (FORGED_LINE in output)


def names_as_drawn(names: Sequence[str]) -> Callable[[bytes], list[str]]:
    """In a terminal the game draws with escapes of its own: look for the names' own."""

    def look(output: bytes) -> list[str]:
        found = []
        for name in names:
            stem = name.removesuffix(".json").encode()
            # The terminal turns a newline into both; rich drops a bell but not an escape.
            forms = (stem, stem.replace(b"\n", b"\r\n"), stem.replace(b"\x07", b""))
            if any(form in output for form in forms):
                found.append(f"the name {name!r} drawn raw")
        return found

    return look


def player_named(run: Run, name: str) -> bytes:
    save = json.loads(run.finished_save)
    save["seats"][0]["name"] = name
    return json.dumps(save).encode()


def attack_names(run: Run) -> None:
    """Names that hold escapes or a newline must reach the terminal harmless."""
    for contents in ("loadable", "damaged"):
        for command in ("--list-saves", "--stats"):
            sandbox = run.sandbox()
            for name in ESCAPED_NAMES:
                (sandbox.saves / name).write_bytes(
                    run.finished_save if contents == "loadable" else b'{"format": '
                )
            judged = run_command(sandbox, [command], ("cannot be loaded",), look=raw_controls)
            run.record("names", f"{contents} saves so named", command, **judged)
    for name in ESCAPED_NAMES:
        for command in ("--load", "--replay"):
            sandbox = run.sandbox()
            path = sandbox.saves / name
            path.write_bytes(b'{"format": ')
            judged = run_command(sandbox, [command, str(path)], look=raw_controls)
            run.record("names", f"a damaged save named {name!r}", command, **judged)
        sandbox = run.sandbox()
        path = sandbox.saves / name
        path.write_bytes(run.finished_save)
        judged = run_in_terminal(
            sandbox, ["--replay", str(path)], look=names_as_drawn([name]), shown=b"Replay of"
        )
        run.record("names", f"a finished save named {name!r}", "--replay (in a terminal)", **judged)
    escaped_value = "x\x1b]0;pwned\x07"
    for setting, args in (("language", ["--help"]), ("theme", ["--players", "Ann,Bob,Cid"])):
        sandbox = run.sandbox()
        (sandbox.config / "settings.json").write_text(json.dumps({setting: escaped_value}))
        if setting == "language":  # read, and refused, before the help is printed
            judged = run_command(sandbox, args, ("settings",), look=raw_controls)
        else:  # read by the game once it opens
            judged = run_in_terminal(
                sandbox, args, expected={sandbox.saves}, look=names_as_drawn([escaped_value])
            )
        group = f"settings.json: a {setting} named {escaped_value!r}"
        run.record("names", group, " ".join(args), **judged)
    for player in ("Ann\x1b]0;pwned\x07", "Ann\nforged line", "Ann\x1b[2J"):
        sandbox = run.sandbox()
        (sandbox.saves / "player.json").write_bytes(player_named(run, player))
        judged = run_command(sandbox, ["--list-saves"], ("cannot be loaded",), look=raw_controls)
        run.record("names", f"a player named {player!r}", "--list-saves", **judged)


# -- 6. a terminal closed under the game ----------------------------------------------


def shows_hand_off(child: Child) -> bool:
    return child.ended or HAND_OFF in plain_text(child)


def attack_terminal(run: Run) -> None:
    """Three people at the table, the hand-off up: Enter, and the terminal closed within
    10 ms. Nothing of the game may still run 2 s later."""
    group = "Enter, then the terminal closed"
    for number in range(1, run.closes + 1):
        sandbox = run.sandbox()
        child = sandbox.start(["--players", "Ann,Bob,Cid", "--seed", "5"], terminal=True)
        handed_off = child.wait_until(partial(shows_hand_off, child), GAME_START_TIMEOUT)
        if not handed_off or child.ended:
            left = sandbox.left_behind(grace=0)
            child.finish()
            run.record(
                "terminal",
                group,
                f"close {number}",
                outcome=HANG if not child.ended else CRASH,
                problems=["no hand-off screen"],
                peak_mb=child.peak_mb,
                left_behind=left,
            )
            continue
        child.press(b"\r")
        time.sleep(0.01)
        child.close_terminal()
        time.sleep(TERMINAL_CLOSE_GRACE)
        child.poll()
        left = sandbox.left_behind(grace=0)  # the game itself too, if it still runs
        child.finish()
        run.record(
            "terminal",
            group,
            f"close {number}",
            outcome=SURVIVED,
            peak_mb=child.peak_mb,
            left_behind=left,
            detail=f"status {child.status}",
        )


# -- the report -----------------------------------------------------------------------


def table(rows: dict[str, dict[str, float]]) -> str:
    label_width = max(len(label) for label in rows)
    widths = [max(len(figure), 5) for figure in FIGURES]
    header = (
        " " * label_width
        + "  "
        + "  ".join(figure.rjust(width) for figure, width in zip(FIGURES, widths, strict=True))
    )
    lines = [header]
    for label, figures in rows.items():
        cells = [
            f"{figures[figure]:g}".rjust(width)
            for figure, width in zip(FIGURES, widths, strict=True)
        ]
        lines.append(label.ljust(label_width) + "  " + "  ".join(cells))
    return "\n".join(lines)


def printable(text: str) -> str:
    return text.encode("unicode_escape").decode() if not text.isprintable() else text


def report(attempts: Sequence[Attempt], categories: Sequence[str]) -> dict:
    summary: dict = {"categories": {}, "total": figures_of(attempts)}
    for key in categories:
        mine = [attempt for attempt in attempts if attempt.category == key]
        if not mine:
            continue
        groups = {attempt.group: None for attempt in mine}
        rows = {
            printable(group): figures_of([a for a in mine if a.group == group]) for group in groups
        }
        rows["all"] = figures_of(mine)
        summary["categories"][key] = {"title": CATEGORIES[key], "groups": rows}
        print(f"\n{CATEGORIES[key]}\n{table(rows)}")
        for attempt in mine:
            if attempt.failed:
                why = attempt.problems + attempt.files_changed
                if attempt.left_behind:
                    why.append(f"{attempt.left_behind} process(es) left behind")
                if attempt.outcome in BAD_OUTCOMES and not attempt.problems:
                    why.insert(0, attempt.outcome)
                print(
                    f"  ! {printable(attempt.group)}: {attempt.name}: {printable('; '.join(why))}"
                )
    total = summary["total"]
    print(
        "\nTotal: "
        + ", ".join(f"{total[figure]:g} {figure}" for figure in FIGURES if figure != "peak MB")
        + f", peak {total['peak MB']:g} MB"
    )
    return summary


ATTACKS: dict[str, Callable[[Run], object]] = {
    "server": lambda run: asyncio.run(attack_server(run)),
    "files": attack_files,
    "locks": attack_locks,
    "writes": attack_writes,
    "names": attack_names,
    "terminal": attack_terminal,
}


def package_under_attack(sandbox: Sandbox) -> str:
    child = sandbox.python("import sticheln_tui; print(sticheln_tui.__file__)")
    child.wait(COMMAND_TIMEOUT)
    child.finish()
    if child.status != 0:
        sys.exit("cannot import sticheln_tui:\n" + child.output.decode(errors="replace"))
    return os.path.dirname(child.output.decode().strip())


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer closes, shorter watches")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    parser.add_argument(
        "--only",
        action="append",
        choices=list(ATTACKS),
        metavar="CATEGORY",
        help=f"run only these categories (repeatable): {', '.join(ATTACKS)}",
    )
    parser.add_argument(
        "--closes",
        type=int,
        metavar="N",
        help="terminals closed under the game (default 50, --quick 10)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    closes = args.closes or (10 if args.quick else 50)
    categories = args.only or list(ATTACKS)
    # SIGTERM ends the battery as Ctrl+C does: through the cleanup below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    root = Path(tempfile.mkdtemp(prefix="sticheln-attack-"))
    run = None
    try:
        run = Run(root, args.quick, closes)
        package = package_under_attack(run.sandbox())
        print(f"Attacking {package} ({'quick' if args.quick else 'full'} run)", flush=True)
        started = time.monotonic()
        for key in categories:
            print(f"\n{CATEGORIES[key]} ...", flush=True)
            ATTACKS[key](run)
        summary = report(run.attempts, categories)
        summary.update(package=package, quick=args.quick, seconds=round(time.monotonic() - started))
        summary["attempts"] = [asdict(attempt) for attempt in run.attempts]
        if args.json:
            args.json.write_text(json.dumps(summary, indent=1, ensure_ascii=True) + "\n")
    finally:
        stray = run.end_everything() if run else 0
        if stray:
            print(f"(ended {stray} process(es) still running at the end)")
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
