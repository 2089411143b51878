"""`sticheln serve` in a real headless browser: Debian's chromium driven by Playwright.

The page loads, a saved game goes on, a card is played, and closing the page ends the
game's process. Without chromium or Playwright the test is skipped with the reason.
Set STICHELN_BROWSER_SCREENSHOT to a file name to keep a picture of the game in progress
(screenshots/browser.png is made so). Pages joining a table played from several screens:
tests/system/test_browser_tables.py.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest
from helpers import descendants
from served import a_browser, a_server, screen, terminal_page, wait_for

from sticheln_tui import persistence
from sticheln_tui.core.game import Game
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.words import colour_letter

SCREENSHOT_ENV = "STICHELN_BROWSER_SCREENSHOT"


def anns_turn(saves: Path) -> Path:
    """Ann and two easy bots; the pain cards are down, Ann leads the first trick."""
    game = Game(["Ann", "Bob", "Cid"], Rules(), seed=4)
    for _ in range(3):
        game.apply(game.legal_moves()[0])
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "unfinished.json"
    persistence.save(path, persistence.Record(game, (None, "easy", "easy"), reveal_seen=True))
    return path


@pytest.mark.skipif(sys.platform != "linux", reason="Debian's chromium; processes from /proc")
def test_a_card_played_in_the_browser_and_the_game_ends_with_the_page(tmp_path):
    save = anns_turn(tmp_path / "saves")
    with a_browser() as browser, a_server(tmp_path, "--lang", "en") as server:
        play_a_card(browser, server.port, server.process.pid, save)


def play_a_card(browser, port: int, server_pid: int, save: Path) -> None:
    page = terminal_page(browser)

    def press_enter_for(what: str) -> str:
        time.sleep(1.1)  # a person's pace: the hand-off takes only a key after a quiet second
        page.keyboard.press("Enter")
        return wait_for(lambda: what in (text := screen(page)) and text, what)

    page.goto(f"http://127.0.0.1:{port}/")
    wait_for(lambda: "Continue: Sticheln with Ann, Bob, Cid" in screen(page), "the first screen")
    game = wait_for(lambda: descendants(server_pid), "the game's process")  # (and its shell)
    page.focus(".xterm-helper-textarea")  # keys go to the terminal, as after a click on it
    press_enter_for("Pass the keyboard to")
    hand = press_enter_for("If you play")
    # The card chosen, as the line under the hand names it (small cards or big alike).
    value, letter = re.search(r"If you play \[ ?(\d+) (\w)\]", hand).groups()
    time.sleep(1.1)
    page.keyboard.press("Enter")
    # Saved where the terminal game saves: the card is the game's fourth move.
    move = wait_for(lambda: persistence.load(save).game.moves[3:4], "the card in the save")[0]
    assert (str(move.card.value), colour_letter(move.card.colour)) == (value, letter)
    wait_for(lambda: "If you play" not in screen(page), "the hand to give way to the trick")
    if os.environ.get(SCREENSHOT_ENV):
        wait_for(lambda: "Your turn, Ann" in screen(page), "the trick to come round")
        page.screenshot(path=os.environ[SCREENSHOT_ENV])

    page.close()
    wait_for(lambda: not descendants(server_pid), "the game's process to end", timeout=10)
    assert not any(Path(f"/proc/{pid}").exists() for pid in game)
