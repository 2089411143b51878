"""The real app in a pseudo-terminal: SIGTERM, SIGINT and SIGHUP (the terminal closed)
save the game and end the program cleanly, within two seconds even with its terminal
hung, or closed just as the screen changes."""

from __future__ import annotations

import itertools
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import pytest
from positions import hand_off_save, pain_cards_laid_down
from terminal import IN_A_WINDOW, PROGRAM, Terminal, press_until, wait_for

from sticheln_tui import persistence

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and ptys")


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
    press_until(terminal, lambda: saved_moves(tmp_path) == 1)
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


# Closes of the terminal tried by default, and with the slow tests
# (scripts/close_terminals.py tries more, by hand), and how many programs run at once:
# each spends most of its time waiting.
CLOSES = 20
SLOW_CLOSES = 50
AT_ONCE = 6
EXIT_LIMIT = 2.0  # seconds from a lost terminal, or SIGTERM, until the program is gone
HAND_OFF_TAKES_KEYS = 0.5  # seconds after it shows (its guards on the keys, and a margin)
ALTERNATE_SCREEN = b"\x1b[?1049h"  # what Textual writes first as it takes the terminal


def intact(path: Path) -> bool:
    """The save loads with every move of `hand_off_save`'s, and its lock was let go of."""
    try:
        moves = persistence.load(path).game.moves
    except persistence.SaveError:
        return False
    return moves == pain_cards_laid_down().moves and not persistence.lock_of(path).exists()


def at_the_hand_off(directory: Path, program: tuple[str, ...] = PROGRAM) -> Terminal:
    directory.mkdir(exist_ok=True)
    terminal = Terminal(directory, "--load", str(hand_off_save(directory)), program=program)
    wait_for(lambda: b"Pass the keyboard to" in terminal.output)
    return terminal


def gone_within_the_limit(process: subprocess.Popen) -> float | None:
    """Seconds until `process` ended, or None: it was still there EXIT_LIMIT seconds on
    (then it is killed)."""
    start = time.monotonic()
    try:
        process.wait(timeout=EXIT_LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None
    return time.monotonic() - start


class Close(NamedTuple):
    seconds: float | None  # from the close until the program was gone; None: it stayed
    status: int  # the program's exit status
    save_intact: bool  # as `intact` says


def close_as_the_screen_changes(directory: Path) -> Close:
    """Open a prepared save at a hand-off in a terminal window, take the hand-off with
    Enter and close the window within 10 ms of the press, as the next screen is drawn."""
    terminal = at_the_hand_off(directory, IN_A_WINDOW)
    try:
        time.sleep(HAND_OFF_TAKES_KEYS)
        terminal.press(b"\r")
        time.sleep(random.uniform(0, 0.010))
        terminal.close()
        seconds = gone_within_the_limit(terminal.process)
    finally:
        if terminal.process.poll() is None:  # something above failed
            terminal.process.kill()
            terminal.process.wait()
    saved = intact(directory / "game.json")
    return Close(seconds, terminal.process.returncode, saved)


def close_terminals(directory: Path, count: int, at_once: int = AT_ONCE) -> list[Close]:
    """`count` programs, each closed as its screen changes, `at_once` at a time."""
    folders = [directory / f"close-{number}" for number in range(count)]
    with ThreadPoolExecutor(at_once) as pool:
        return list(pool.map(close_as_the_screen_changes, folders))


@pytest.mark.parametrize("count", [CLOSES, pytest.param(SLOW_CLOSES, marks=pytest.mark.slow)])
def test_a_terminal_closed_as_the_screen_changes_ends_the_program_saved(tmp_path, count):
    closes = close_terminals(tmp_path, count)
    stayed = [close for close in closes if close.seconds is None]
    assert not stayed, f"{len(stayed)} of {count} programs still ran {EXIT_LIMIT} s after"
    assert all(close.status == 0 and close.save_intact for close in closes)


def test_sigterm_ends_a_program_whose_terminal_takes_no_output(tmp_path):
    """A terminal that hangs (a frozen window, a stalled connection) leaves the program's
    writes waiting, and the app's loop with them: SIGTERM still ends it in time, saved."""
    terminal = at_the_hand_off(tmp_path, IN_A_WINDOW)
    terminal.stop_reading()
    sizes = itertools.cycle([(33, 101), (32, 100)])
    waiting, steady = -1, 0
    deadline = time.monotonic() + 30
    while steady < 5:  # each new size is drawn anew, until the writes wait
        assert time.monotonic() < deadline, "the program's output never stopped"
        terminal.resize(*next(sizes))
        time.sleep(0.1)
        steady = steady + 1 if terminal.unread() == waiting else 0
        waiting = terminal.unread()
    for _ in range(40):  # frames enough to fill Textual's queue of writes
        terminal.resize(*next(sizes))
        time.sleep(0.02)
    terminal.process.send_signal(signal.SIGTERM)
    assert gone_within_the_limit(terminal.process) is not None
    assert terminal.process.returncode == 0 and intact(tmp_path / "game.json")


def test_a_sigcont_it_did_not_stop_for_leaves_the_program_as_it_was(tmp_path):
    """Textual takes the terminal anew on every SIGCONT (which the system sends, with
    SIGHUP, to the program whose terminal closes): here only after a stop of its own."""
    terminal = at_the_hand_off(tmp_path)
    terminal.process.send_signal(signal.SIGCONT)
    time.sleep(0.5)
    terminal.process.send_signal(signal.SIGTERM)
    assert terminal.process.wait(timeout=20) == 0
    assert terminal.output.count(ALTERNATE_SCREEN) == 1
