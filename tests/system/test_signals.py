"""The real app in a pseudo-terminal: SIGTERM, SIGINT and SIGHUP (the terminal closed)
save the game and end the program cleanly."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest
from positions import hand_off_save
from terminal import PROGRAM, Terminal, press_until, wait_for

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


ALTERNATE_SCREEN = b"\x1b[?1049h"  # what Textual writes first as it takes the terminal


def at_the_hand_off(directory: Path, program: tuple[str, ...] = PROGRAM) -> Terminal:
    directory.mkdir(exist_ok=True)
    terminal = Terminal(directory, "--load", str(hand_off_save(directory)), program=program)
    wait_for(lambda: b"Pass the keyboard to" in terminal.output)
    return terminal


def test_a_sigcont_it_did_not_stop_for_leaves_the_program_as_it_was(tmp_path):
    """Textual takes the terminal anew on every SIGCONT (which the system sends, with
    SIGHUP, to the program whose terminal closes): here only after a stop of its own."""
    terminal = at_the_hand_off(tmp_path)
    terminal.process.send_signal(signal.SIGCONT)
    time.sleep(0.5)
    terminal.process.send_signal(signal.SIGTERM)
    assert terminal.process.wait(timeout=20) == 0
    assert terminal.output.count(ALTERNATE_SCREEN) == 1
