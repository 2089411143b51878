"""Two screens, each a process of its own, send the same due move at the same moment, time
after time: exactly one lands each time, and the log ends as one screen alone writes it.
And screens that open a database nobody has made yet, all at once, all find it usable.

Each round, both processes read the log (the same version and the same due move number),
say they are ready, and wait for the round's starting file to appear; then both append at
once. The move each sends depends on the round only, as two screens that rebuilt the same
game would both send the bot's move, so the log one process writes alone is known.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sticheln_tui.table_log import FILE_NAME, TableLog

SCREENS = 2
TIME_LIMIT = 60  # seconds for a whole run; 200 rounds take about 2
SEATS = [("Ann", "here"), ("Bob", "screen"), ("Cy", "bot:easy")]

# One screen's process: argv is the database, the table, its number, the rounds and the
# folder where the rounds start. Prints whether each of its appends landed, as JSON.
SCREEN = """
import json, sys, time
from pathlib import Path
from sticheln_tui.table_log import TableLog

database, table, screen, rounds, folder = sys.argv[1:]
table, rounds, folder = int(table), int(rounds), Path(folder)
tables = TableLog(Path(database))
landed = []
for round_ in range(rounds):
    version, moves = tables.log(table)
    (folder / f"ready-{screen}-{round_}").touch()
    start = folder / f"go-{round_}"
    while not start.exists():
        time.sleep(0.0002)
    move = json.dumps({"play": round_})
    landed.append(tables.append(table, len(moves), move, version))
tables.close()
print(json.dumps(landed))
"""


def move(round_: int) -> str:
    return json.dumps({"play": round_})


def race(tmp_path: Path, rounds: int) -> tuple[list[list[bool]], list[str]]:
    """Each screen's landed appends, round by round, and the log at the end."""
    tables = TableLog(tmp_path / FILE_NAME)
    table, _codes = tables.create("sticheln", "{}", "a.json", SEATS)
    folder = tmp_path / "rounds"
    folder.mkdir()
    screens = [
        subprocess.Popen(
            [sys.executable, "-c", SCREEN, str(tmp_path / FILE_NAME)]
            + [str(value) for value in (table, screen, rounds, folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for screen in range(SCREENS)
    ]
    deadline = time.monotonic() + TIME_LIMIT
    try:
        for round_ in range(rounds):
            ready = [folder / f"ready-{screen}-{round_}" for screen in range(SCREENS)]
            while not all(path.exists() for path in ready):
                assert time.monotonic() < deadline, f"round {round_}: a screen never got ready"
                assert all(screen.poll() is None for screen in screens), "a screen stopped"
                time.sleep(0.0002)
            (folder / f"go-{round_}").touch()
        outcomes = []
        for screen in screens:
            out, err = screen.communicate(timeout=max(1.0, deadline - time.monotonic()))
            assert screen.returncode == 0, err
            outcomes.append(json.loads(out))
    finally:
        for screen in screens:
            if screen.poll() is None:
                screen.kill()
                screen.wait()
    _version, moves = tables.log(table)
    tables.close()
    return outcomes, moves


def one_screen_alone(tmp_path: Path, rounds: int) -> list[str]:
    tables = TableLog(tmp_path / "alone.sqlite3")
    table, _codes = tables.create("sticheln", "{}", "a.json", SEATS)
    for round_ in range(rounds):
        version, moves = tables.log(table)
        assert tables.append(table, len(moves), move(round_), version)
    moves = tables.log(table)[1]
    tables.close()
    return moves


def check_race(tmp_path: Path, rounds: int) -> None:
    outcomes, moves = race(tmp_path, rounds)
    assert all(len(landed) == rounds for landed in outcomes)
    for round_, landed in enumerate(zip(*outcomes, strict=True)):
        assert sum(landed) == 1, f"round {round_}: {landed}"
    assert moves == one_screen_alone(tmp_path, rounds)


def test_of_two_screens_sending_the_same_move_exactly_one_lands(tmp_path):
    check_race(tmp_path, 200)


@pytest.mark.slow
def test_of_two_screens_sending_the_same_move_exactly_one_lands_2000_times(tmp_path):
    check_race(tmp_path, 2000)


OPENERS = 4
SPACING = 0.05  # seconds between two databases the openers open at once
# One screen's process opening new tables databases at given moments (argv: the folder,
# the first moment by time.time(), the seconds between two, how many): each moment's
# database is new, and every opener opens it then and creates a table in it.
OPENER = """
import sys, time
from pathlib import Path
from sticheln_tui.table_log import FILE_NAME, TableLog

folder, first, spacing, times = Path(sys.argv[1]), *map(float, sys.argv[2:4]), int(sys.argv[4])
for time_ in range(times):
    while time.time() < first + time_ * spacing:
        pass
    tables = TableLog(folder / str(time_) / FILE_NAME)
    tables.create("sticheln", "{}", "a.json", [("Ann", "here")])
    tables.close()
"""


def check_opening(tmp_path: Path, times: int) -> None:
    for time_ in range(times):
        (tmp_path / str(time_)).mkdir()
    first = str(time.time() + 0.5)  # after every opener has started
    openers = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, str(tmp_path), first, str(SPACING), str(times)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for _opener in range(OPENERS)
    ]
    for opener in openers:
        _out, err = opener.communicate(timeout=TIME_LIMIT)
        assert opener.returncode == 0, err or f"killed by signal {-opener.returncode}"
    for time_ in range(times):
        tables = TableLog(tmp_path / str(time_) / FILE_NAME)
        assert len(tables.open_tables()) == OPENERS
        tables.close()


def test_screens_opening_a_new_database_at_once_all_use_it(tmp_path):
    check_opening(tmp_path, 80)


@pytest.mark.slow
def test_screens_opening_a_new_database_at_once_all_use_it_many_times(tmp_path):
    check_opening(tmp_path, 800)
