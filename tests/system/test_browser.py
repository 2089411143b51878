"""`sticheln serve` in a real headless browser: Debian's chromium driven by Playwright.

The page loads, a saved game goes on, a card is played, and closing the page ends the
game's process. Without chromium or Playwright the test is skipped with the reason.

xterm.js draws the terminal on a canvas; the test turns on its screen-reader mode in
the page it loads, so the terminal's text is in the page's accessibility tree.
Set STICHELN_BROWSER_SCREENSHOT to a file name to keep a picture of the game in progress
(screenshots/browser.png is made so).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import descendants, first_line, free_port, stop

from sticheln_tui import persistence
from sticheln_tui.core.game import Game
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.locations import CONFIG_ENV, SAVES_ENV
from sticheln_tui.words import colour_letter

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
SCREENSHOT_ENV = "STICHELN_BROWSER_SCREENSHOT"
SLOW = 20.0  # seconds: the longest any one step may take on a loaded machine


def a_browser():
    """Playwright's sync API and chromium's path; skips with the reason without them."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        pytest.skip(f"Playwright is not installed ({error}): pip install '.[test]'")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(
            f"no chromium at {CHROMIUM}: as root, apt-get update && apt-get install -y chromium"
        )
    return sync_playwright


def anns_turn(saves: Path) -> Path:
    """Ann and two easy bots; the pain cards are down, Ann leads the first trick."""
    game = Game(["Ann", "Bob", "Cid"], Rules(), seed=4)
    for _ in range(3):
        game.apply(game.legal_moves()[0])
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "unfinished.json"
    persistence.save(path, persistence.Record(game, (None, "easy", "easy"), reveal_seen=True))
    return path


def wait_for(condition, what: str, timeout: float = SLOW):
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return result


@pytest.mark.skipif(sys.platform != "linux", reason="Debian's chromium; processes from /proc")
def test_a_card_played_in_the_browser_and_the_game_ends_with_the_page(tmp_path):
    sync_playwright = a_browser()
    saves = tmp_path / "saves"
    save = anns_turn(saves)
    port = free_port()
    env = {**os.environ, SAVES_ENV: str(saves), CONFIG_ENV: str(tmp_path / "config")}
    server = subprocess.Popen(
        [sys.executable, "-m", "sticheln_tui", "serve", "--port", str(port), "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert f"http://127.0.0.1:{port}" in first_line(server)
        with sync_playwright() as playwright:
            try:
                # Playwright gives every launch a fresh profile of its own.
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            except Exception as error:  # a chromium that cannot start here
                pytest.skip(f"chromium does not start: {str(error).splitlines()[0]}")
            try:
                play_a_card(browser, port, server.pid, save)
            finally:
                browser.close()
    finally:
        stop(server)


def play_a_card(browser, port: int, server_pid: int, save: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})

    def with_accessibility_tree(route):
        response = route.fetch()
        script = response.text()
        assert TERMINAL_OPTIONS in script, "textual-serve's page builds its terminal otherwise"
        options = TERMINAL_OPTIONS + "screenReaderMode:!0,"
        route.fulfill(response=response, body=script.replace(TERMINAL_OPTIONS, options))

    page.route("**/static/js/textual.js", with_accessibility_tree)
    page.route("https://fonts.googleapis.com/**", lambda route: route.abort())  # offline

    def screen() -> str:
        return page.evaluate(
            "() => [...document.querySelectorAll('.xterm-accessibility-tree > div')]"
            ".map(row => row.textContent).join('\\n')"
        )

    def press_enter_for(what: str) -> str:
        time.sleep(1.1)  # a person's pace: the hand-off takes only a key after a quiet second
        page.keyboard.press("Enter")
        return wait_for(lambda: what in (text := screen()) and text, what)

    page.goto(f"http://127.0.0.1:{port}/")
    wait_for(lambda: "Continue: Sticheln with Ann, Bob, Cid" in screen(), "the first screen")
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
    wait_for(lambda: "If you play" not in screen(), "the hand to give way to the trick")
    if os.environ.get(SCREENSHOT_ENV):
        wait_for(lambda: "Your turn, Ann" in screen(), "the trick to come round")
        page.screenshot(path=os.environ[SCREENSHOT_ENV])

    page.close()
    wait_for(lambda: not descendants(server_pid), "the game's process to end", timeout=10)
    assert not any(Path(f"/proc/{pid}").exists() for pid in game)
