"""System test, a table played from several screens: the host program and a `sticheln
join CODE` program for each seat at a screen of its own, each in a pseudo-terminal of its
own, with a person at each who presses Enter at a person's pace when the screen's seat is
to move (what Enter does there: the proposed card, pain card or seals).

Each screen shows only its own seat's hand and never a hand-off; the scoreboard after the
deal is the same on every screen and in the keeper's save. By default Sticheln plays its
whole deal (about 40 s) and Hattrick and Seven Seals their first tricks; the slow tests
play every game's whole deal (40 to 50 s each).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from table_screens import Table, card_names, logged_game, saved_game, scoreboard_totals
from terminal import wait_for

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")

# Each game with a bot and its most screens: one seat a screen, the host's included.
TABLES = {
    "sticheln": ("Ann", "screen:Bob", "bot:normal"),
    "hattrick": ("Ann", "screen:Bob", "screen:Cid", "bot:normal"),
    "seven-seals": ("Ann", "screen:Bob", "screen:Cid", "bot:normal"),
}
SEED = "3"
WHOLE_DEAL = 240  # seconds a deal may take at most (about 50 on a quiet machine)


def opened(saves: Path, game: str) -> Table:
    """The table of `game` with everyone at their screen, its codes screen passed."""
    table = Table(saves, game, TABLES[game], "--seed", SEED, "--deals", "1")
    table.join_everyone()
    table.close_the_codes()
    return table


def assert_each_screen_showed_its_own_hand_only(table: Table) -> None:
    dealt = logged_game(table.saves).rewound(0)
    for screen in table.screens:
        (seat,) = screen.seats
        own = card_names(dealt.view(seat).hand)
        assert screen.hand_seen, f"{screen.name}'s screen never showed a hand"
        assert screen.hand_seen <= own, f"{screen.name}'s screen showed another seat's cards"
        for other in table.screens:
            if other is not screen:
                assert not screen.hand_seen & other.hand_seen
        assert not screen.showed_a_hand_off(), f"{screen.name}'s screen showed a hand-off"


def play(tmp_path: Path, game: str, done, timeout: float) -> Table:
    table = opened(tmp_path, game)
    try:
        table.play(done, timeout)
        for screen in table.screens:
            screen.look()
        assert all(screen.alive() for screen in table.screens)
        assert_each_screen_showed_its_own_hand_only(table)
    except BaseException:
        table.close()
        raise
    return table


def whole_deal(tmp_path: Path, game: str) -> None:
    table = play(tmp_path, game, lambda game: game.finished, WHOLE_DEAL)
    try:
        final = logged_game(tmp_path)

        def shown_everywhere() -> bool:
            texts = [screen.look() for screen in table.screens]
            return all("Game over" in text and scoreboard_totals(text) for text in texts)

        wait_for(shown_everywhere, timeout=20)
        expected = dict(zip(final.players, final.totals, strict=True))
        for screen in table.screens:
            assert scoreboard_totals(screen.look()) == expected, screen.name

        def saved_finished() -> bool:
            saved = saved_game(tmp_path)
            return saved is not None and saved.finished

        wait_for(saved_finished, timeout=20)
        saved = saved_game(tmp_path)
        assert saved.moves == final.moves
        assert dict(zip(saved.players, saved.totals, strict=True)) == expected
    finally:
        table.close()


def first_tricks(tmp_path: Path, game: str, tricks: int = 2) -> None:
    table = play(tmp_path, game, lambda game: len(game.deal_tricks) >= tricks, WHOLE_DEAL)
    table.close()


def test_a_whole_deal_of_sticheln_from_two_screens(tmp_path):
    whole_deal(tmp_path, "sticheln")


@pytest.mark.parametrize("game", ["hattrick", "seven-seals"])
def test_the_first_tricks_from_three_screens(tmp_path, game):
    first_tricks(tmp_path, game)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hattrick", "seven-seals"])
def test_a_whole_deal_from_three_screens(tmp_path, game):
    whole_deal(tmp_path, game)
