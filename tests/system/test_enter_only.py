"""System test, a whole game by key presses: a new user starts Hattrick, or Seven Seals,
for four at the real program in a pseudo-terminal and presses only Enter until "Game
over".

Enter plays a playable card, passes only when passing is the only legal move, and takes
every hand-off and scoreboard; in Seven Seals it also takes the proposed seals (or the
saboteur) and gives back the proposed seal. The slow tests play one deal each (nearly
every move behind a hand-off, at a person's pace: about two minutes); Hattrick's with a
seed whose deal makes Enter pass. By default Enter takes Seven Seals through its
predictions and first trick. The whole games of the acceptance (`--seed 7`: five deals
of Hattrick, where Enter never has to pass; four of Seven Seals) are the manual checks,
`python scripts/enter_only.py [hattrick|seven-seals]`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from terminal import PRESS_EVERY, Terminal, press_until, wait_for

from sticheln_tui import persistence
from sticheln_tui.core.hattrick import PassCard
from sticheln_tui.core.seven_seals import Predict, TakeSaboteur

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

PLAYERS = ("--players", "Ann,Bob,Cid,Dee")


def saved_game(saves: Path):
    """The game in the only save, or None while there is none (or it is being replaced)."""
    paths = list(saves.glob("*.json"))
    try:
        return persistence.load(paths[0]).game if len(paths) == 1 else None
    except persistence.SaveError:
        return None


@contextmanager
def new_user(saves: Path, game: str, *more: str) -> Iterator[Terminal]:
    """The program started for a new user's `game` for four (`more`: further arguments),
    its game saved; quit (q, y) once done with, and made to end regardless."""
    terminal = Terminal(saves, "--game", game, *PLAYERS, *more)
    try:
        wait_for(lambda: saved_game(saves) is not None)
        yield terminal
        terminal.press(b"q")
        time.sleep(PRESS_EVERY)
        terminal.press(b"y")
        assert terminal.process.wait(timeout=20) == 0
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
        terminal.close()


def enter_until_game_over(
    saves: Path, game: str, *more: str, timeout: float, most: int | None = None
) -> tuple[int, object]:
    """Press Enter at a new user's `game` until the final scoreboard is up (within
    `timeout` seconds; or until `most` presses are made); returns the presses and the
    saved game."""
    with new_user(saves, game, *more) as terminal:

        def over() -> bool:
            game = saved_game(saves)
            return game is not None and game.finished and b"Game over" in terminal.output

        presses = press_until(terminal, over, timeout=timeout, most=most)
    return presses, saved_game(saves)


@pytest.mark.slow
def test_enter_alone_plays_a_deal_of_hattrick_for_four_to_game_over(tmp_path):
    presses, game = enter_until_game_over(
        tmp_path, "hattrick", "--seed", "47", "--deals", "1", timeout=400
    )
    assert game.finished and len(game.results) == 1
    assert any(isinstance(move, PassCard) for move in game.moves)  # Enter had to pass
    # 14 tricks of 4 moves, nearly every one behind a hand-off, then the deal's scores.
    moves = len(game.moves)
    assert moves == 14 * 4
    assert moves < presses <= 2 * moves + 1


@pytest.mark.slow
def test_enter_alone_plays_a_deal_of_seven_seals_for_four_to_game_over(tmp_path):
    presses, game = enter_until_game_over(
        tmp_path, "seven-seals", "--seed", "7", "--deals", "1", timeout=400
    )
    assert game.finished and len(game.results) == 1
    predictions = [move for move in game.moves if isinstance(move, Predict | TakeSaboteur)]
    assert len(predictions) >= 4  # Enter took each proposal
    # 15 tricks of 4 cards, the predictions and the seals given back by choice, nearly
    # every move behind a hand-off, then the deal's scores.
    moves = len(game.moves)
    assert moves >= 15 * 4 + 4
    assert moves < presses <= 2 * moves + 1


def test_enter_alone_takes_seven_seals_through_the_predictions_and_a_trick(tmp_path):
    def first_trick_taken() -> bool:
        game = saved_game(tmp_path)
        return game is not None and len(game.deal_tricks) == 1

    with new_user(tmp_path, "seven-seals", "--seed", "7") as terminal:
        presses = press_until(terminal, first_trick_taken, timeout=120)
    game = saved_game(tmp_path)
    predictions = [move for move in game.moves if isinstance(move, Predict | TakeSaboteur)]
    assert len(predictions) == 4  # Enter took each proposal
    # Four predictions and four cards (and the trick's seals given back, if any), nearly
    # every one behind a hand-off.
    moves = len(game.moves)
    assert moves >= 8 and moves < presses <= 2 * moves + 1
