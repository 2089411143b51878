"""Two browser pages at one table, through `sticheln serve`: Debian's chromium driven by
Playwright, the table opened by the real game in a pseudo-terminal.

Ann opens a table of Hattrick at her terminal for herself, Bob and Cid at screens of
their own, and a bot; Bob and Cid open their join pages `/join/CODE` on one server (Bob's
page a desktop's, Cid's a phone's on its side). All three press Enter at a person's pace
until two tricks are played; each time, each page's hand shows its own cards and never
one of the other page's. Without chromium or Playwright the test is skipped with the
reason. Set STICHELN_BROWSER_PHONE_SCREENSHOT to a file name to keep a picture of Cid's
page at his turn (screenshots/browser_phone.png is made so).
"""

from __future__ import annotations

import itertools
import os
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from served import a_browser, a_server, screen, terminal_page, wait_for
from terminal import PRESS_EVERY, Terminal

from sticheln_tui import persistence
from sticheln_tui.core.cards import Card
from sticheln_tui.table_log import TableLog
from sticheln_tui.words import colour_letter

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Debian's chromium")

PLAYERS = "Ann,screen:Bob,screen:Cid,bot:normal"
TRICKS = 2  # played in the default run: a whole deal is 14
SCREENSHOT_ENV = "STICHELN_BROWSER_PHONE_SCREENSHOT"
# A phone held sideways, in CSS pixels; the page's font a little smaller than textual-serve's
# 16 px, so the game has the 80x24 cells it needs (upright, 390 px wide, it would not).
PHONE = {"width": 844, "height": 390}
PHONE_FONT = 14
# A card as a hand draws it: `[12 R]`, or focused `►12 R◄` (a pain colour adds `!`)...
SMALL_CARD = re.compile(r"[\[►] ?(\d+) ([A-Z])!?[\]◄]")
# ...or, given the room, three lines high: `╭12──╮` above `│ R  │` (focused: ┏━┓, ►◄).
BIG_CARD_TOP = re.compile(r"[╭┏](\d+)[─━]*[╮┓]")


@contextmanager
def a_table_opened_at_a_terminal(saves: Path) -> Iterator[tuple[Terminal, dict[str, str]]]:
    """Ann's terminal, which opened the table; each name's join code, as it shows them."""
    saves.mkdir(parents=True, exist_ok=True)
    terminal = Terminal(saves, "--lang", "en", "--game", "hattrick", "--players", PLAYERS)
    try:

        def codes() -> dict[str, str]:
            shown = terminal.output.decode("utf-8", "replace")
            found = dict(re.findall(r"([A-Z][a-z]+)(?: \([^)]*\))?: sticheln join ([\w-]+)", shown))
            return found if {"Ann", "Bob", "Cid"} <= found.keys() else {}

        yield terminal, wait_for(codes, "the join codes")
    finally:
        terminal.process.kill()
        terminal.process.wait()
        terminal.close()


def hand_cards(text: str) -> set[tuple[int, str]]:
    """The cards (value, colour letter) in the "Your hand" box of a page's screen."""
    lines = text.splitlines()
    first = next(number for number, line in enumerate(lines) if "─ Your hand ─" in line)
    box = []
    for line in lines[first + 1 :]:
        if line.lstrip().startswith("╰"):  # the box's bottom (a card's is inside a │)
            break
        box.append(line)
    cards = {(int(value), letter) for value, letter in SMALL_CARD.findall("\n".join(box))}
    for above, middle in itertools.pairwise(box):
        for top in BIG_CARD_TOP.finditer(above):
            letter = re.search(r"[A-Z]", middle[top.start() + 1 : top.end() - 1])
            assert letter, f"a card without its colour under {top.group()}"
            cards.add((int(top[1]), letter.group()))
    return cards


def marks(cards: tuple[Card, ...]) -> set[tuple[int, str]]:
    return {(card.value, colour_letter(card.colour)) for card in cards}


@pytest.mark.skipif(sys.platform != "linux", reason="Debian's chromium; a pseudo-terminal")
def test_two_pages_play_their_own_seats_and_never_see_each_others_hand(tmp_path):
    saves = tmp_path / "saves"
    with (
        a_browser() as browser,
        a_table_opened_at_a_terminal(saves) as (ann, codes),
        a_server(tmp_path, "--lang", "en") as server,
    ):
        log = TableLog.in_saves(saves)
        (table,) = log.open_tables()
        dealt = persistence.loads(table.setup).game
        hands = {name: marks(dealt.view(seat).hand) for seat, name in enumerate(dealt.players)}
        pages = {"Bob": terminal_page(browser), "Cid": terminal_page(browser, **PHONE)}
        pages["Bob"].goto(f"{server.url}/join/{codes['Bob']}")
        pages["Cid"].goto(f"{server.url}/join/{codes['Cid']}?fontsize={PHONE_FONT}")
        for page in pages.values():
            wait_for(lambda page=page: "─ Your hand ─" in screen(page), "the page's hand")
            page.focus(".xterm-helper-textarea")  # keys go to the terminal, as after a click

        def played() -> int:
            return log.table(table.table).moves

        deadline = time.monotonic() + 60
        shot = os.environ.get(SCREENSHOT_ENV)
        while played() < 4 * TRICKS:
            assert time.monotonic() < deadline, f"{played()} moves in a minute"
            for name, page in pages.items():
                shown = hand_cards(screen(page))
                other = "Cid" if name == "Bob" else "Bob"
                assert shown, f"{name}'s page shows no hand"
                assert shown <= hands[name], f"{name}'s page shows cards not his"
                assert not shown & hands[other], f"{name}'s page shows {other}'s cards"
                if shot and name == "Cid" and played() >= 5 and "Your turn" in screen(page):
                    page.screenshot(path=shot)
                    shot = None
                page.keyboard.press("Enter")
            ann.press(b"\r")
            time.sleep(PRESS_EVERY)  # a person's pace: the key guards want a quiet second
        # Every seat has played a card a trick: Bob's and Cid's only from their pages.
        log.close()
