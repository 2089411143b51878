"""System test, a table whose screens are killed: the host program and a `sticheln join`
program, each in a pseudo-terminal of its own with a person pressing Enter on their turn,
and two bots; a screen picked at random (the host's too, which keeps the bots and the
save) is killed with SIGKILL at a random moment, and its player joins again with the
seat's code (refused until the dead screen's heartbeat is stale). The table goes on
meanwhile (another screen takes the bots over), and at the end no move is lost or made
twice: the database's move log is numbered without a gap, replays through the engine
to a finished game, and is the keeper's JSON save's game.

Real programs, as players run them: a kill and a rejoin take about five seconds, so the
default run kills 4 screens in a deal of Hattrick (about 60 s), the slow tests 50 over a
longer game.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from pathlib import Path

import pytest
from table_screens import Table, TableScreen, logged_game, logged_moves, saved_game
from terminal import wait_for

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and ptys")

PLAYERS = ("Ann", "screen:Bob", "bot:normal", "bot:normal")
KILLS, SLOW_KILLS = 4, 50
# Seconds between a screen being back and the next kill: a random moment of the play.
BETWEEN_KILLS = (1.0, 4.0)


class Killer:
    """Kills a random screen of `table` at random moments, `kills` times, and has its
    player join again each time."""

    def __init__(self, table: Table, kills: int, seed: int) -> None:
        self.table = table
        self.left = kills
        self.random = random.Random(seed)
        self.next_at = time.monotonic() + self.random.uniform(*BETWEEN_KILLS)
        self.refused = 0  # joins refused while a killed screen still counted as connected
        self.killed: list[tuple[int, ...]] = []  # the seats of each screen killed

    def __call__(self, game) -> None:
        if not self.left or game.finished or time.monotonic() < self.next_at:
            return
        # The host first: it keeps the bots and the save, which another screen takes over.
        screens = self.table.screens
        victim: TableScreen = self.random.choice(screens) if self.killed else screens[0]
        victim.terminal.process.send_signal(signal.SIGKILL)
        victim.terminal.process.wait()
        self.table.screens.remove(victim)
        victim.close()
        self.killed.append(victim.seats)
        if logged_moves(self.table.saves)[1]:
            return  # the game ended meanwhile: nobody to come back for
        _screen, refused = self.table.rejoin(victim.seats)
        self.refused += refused
        self.left -= 1
        self.next_at = time.monotonic() + self.random.uniform(*BETWEEN_KILLS)


def kill_screens_while_playing(saves: Path, kills: int, deals: int, seed: int) -> Killer:
    table = Table(saves, "hattrick", PLAYERS, "--seed", str(seed), "--deals", str(deals))
    try:
        table.join_everyone()
        table.close_the_codes()
        killer = Killer(table, kills, seed)
        table.play(lambda game: game.finished, timeout=120 + 30 * kills, meanwhile=killer)
        assert killer.left == 0, f"the game ended after {kills - killer.left} kills"

        def saved_finished() -> bool:
            saved = saved_game(saves)
            return saved is not None and saved.finished

        wait_for(saved_finished, timeout=20)
    finally:
        table.close()
    return killer


def assert_every_move_once(saves: Path) -> None:
    rows, finished = logged_moves(saves)
    assert finished  # the table closed with its game
    assert [number for number, _move in rows] == list(range(len(rows)))
    game = logged_game(saves)  # every move legal where it stands
    assert game.finished
    saved = saved_game(saves)
    assert saved.moves == game.moves
    assert saved.totals == game.totals


@pytest.mark.parametrize(
    ("kills", "deals"), [(KILLS, 1), pytest.param(SLOW_KILLS, 6, marks=pytest.mark.slow)]
)
def test_screens_killed_at_random_rejoin_and_no_move_is_lost_or_doubled(tmp_path, kills, deals):
    kill_screens_while_playing(tmp_path, kills, deals, seed=11)
    assert_every_move_once(tmp_path)
