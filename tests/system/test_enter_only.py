"""System test, a whole game by key presses: a new user starts Hattrick for four at the
real program in a pseudo-terminal and presses only Enter until "Game over".

Enter plays a playable card, passes only when passing is the only legal move, and takes
every hand-off and scoreboard. The test plays one deal (56 moves, nearly each behind a
hand-off, at a person's pace: about two minutes), with a seed whose deal makes Enter
pass; the five-deal game of the acceptance (`--seed 7`, where Enter never has to pass) is
the manual check, `python scripts/enter_only.py`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from terminal import PRESS_EVERY, Terminal, press_until, wait_for

from sticheln_tui import persistence
from sticheln_tui.core.hattrick import PassCard

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

NEW_USER = ("--game", "hattrick", "--players", "Ann,Bob,Cid,Dee")


def saved_game(saves: Path):
    """The game in the only save, or None while there is none (or it is being replaced)."""
    paths = list(saves.glob("*.json"))
    try:
        return persistence.load(paths[0]).game if len(paths) == 1 else None
    except persistence.SaveError:
        return None


def enter_until_game_over(saves: Path, *more: str, timeout: float) -> tuple[int, object]:
    """Start the new user's game (`more`: further arguments) and press Enter until the
    final scoreboard is up (within `timeout` seconds); returns the presses and the saved
    game. Then quits (q, y)."""
    terminal = Terminal(saves, *NEW_USER, *more)
    try:
        wait_for(lambda: saved_game(saves) is not None)

        def over() -> bool:
            game = saved_game(saves)
            return game is not None and game.finished and b"Game over" in terminal.output

        presses = press_until(terminal, over, timeout=timeout)
        terminal.press(b"q")
        time.sleep(PRESS_EVERY)
        terminal.press(b"y")
        assert terminal.process.wait(timeout=20) == 0
        return presses, saved_game(saves)
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
        terminal.close()


def test_enter_alone_plays_a_deal_of_hattrick_for_four_to_game_over(tmp_path):
    presses, game = enter_until_game_over(tmp_path, "--seed", "47", "--deals", "1", timeout=400)
    assert game.finished and len(game.results) == 1
    assert any(isinstance(move, PassCard) for move in game.moves)  # Enter had to pass
    # 14 tricks of 4 moves, nearly every one behind a hand-off, then the deal's scores.
    moves = len(game.moves)
    assert moves == 14 * 4
    assert moves < presses <= 2 * moves + 1
