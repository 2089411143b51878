"""Two screens in two processes make the same due move at the same moment, move after
move: a human's move from two screens holding the same seats (which a join forbids, so
both are built on the database directly) and a bot's from two keepers (which the lease
forbids). Exactly one lands each time, the other screen's game is the log's after its
reload, and the whole game is the one a single process plays."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.flow import REVEAL, BotTurn, HandOff, Private, Public, TableFlow
from sticheln_tui.persistence import loads
from sticheln_tui.seats import Seat
from sticheln_tui.session import TableSession
from sticheln_tui.shared_table import SharedTable
from sticheln_tui.table_log import FILE_NAME, Joined, TableLog

SEATS = (Seat("Ann"), Seat("Bob", own_screen=True), Seat("Cy", "easy"), Seat("Di", "normal"))
HUMANS = (0, 1)
SEED = 5
MOVES_A_DEAL = 56  # Hattrick at four players


def screen_at(saves: Path, table: int) -> TableSession:
    """A screen holding every human seat and moving the bots, built on the database
    beside the join and the lease: another such screen makes every move too."""
    log = TableLog.in_saves(saves)
    summary = log.table(table)
    shared = SharedTable(
        log, Joined(table, HUMANS, 0), loads(summary.setup), Path(summary.save), ""
    )
    session = TableSession(saves)
    session.shared = shared
    session.flow = TableFlow(shared.first_game(), shared.levels, shared.remote())
    assert shared.caught_up(session.flow.game) is None  # the log read: no move yet
    return session


def to_the_next_move(flow: TableFlow) -> bool:
    """Take the hand-offs and look at the public screens until a move is due; False when
    the game is over."""
    while not flow.finished:
        step = flow.next_step()
        if isinstance(step, HandOff):
            assert flow.accept_handoff(step.seat)
        elif step == Public(REVEAL):
            assert flow.saw_reveal()
        elif isinstance(step, Public):
            assert flow.saw_scores()
        else:
            return True
    return False


def race(saves: Path, table: int, start, results) -> None:
    """One screen's part: at every move, wait for the other screen, then both send it."""
    session = screen_at(saves, table)
    flow = session.flow
    assert flow is not None
    raced = []
    while to_the_next_move(flow):
        step = flow.next_step()
        move = flow.game.legal_moves()[0]
        number = len(flow.game.moves)
        if isinstance(step, Private):
            assert flow.play(step.seat, move)
        else:
            assert isinstance(step, BotTurn) and flow.bot_played(step.seat, move, number)
        start.wait(timeout=30)
        landed = session.submit()
        # The log now holds the winner's move: this screen's game is the log's.
        _version, log = session.shared.log.log(table)
        game_as_log = len(log) == number + 1 == len(flow.game.moves) and not session.sync()
        raced.append((number, landed, game_as_log))
    results.put((raced, [repr(move) for move in flow.game.moves]))


def test_of_two_screens_sending_the_same_move_at_once_exactly_one_lands(tmp_path):
    deals = 4  # 224 races, about a second
    options = HattrickOptions(deals=deals)
    host = TableSession(tmp_path)
    host.start("hattrick", SEATS, seed=SEED, options=options)
    assert host.shared is not None
    table = host.shared.table
    host.let_go()  # the two racing screens play the table from now on

    context = multiprocessing.get_context("fork")
    start = context.Barrier(2)
    results = context.Queue()
    screens = [context.Process(target=race, args=(tmp_path, table, start, results)) for _ in "ab"]
    for screen in screens:
        screen.start()
    outcomes = [results.get(timeout=120) for _screen in screens]
    for screen in screens:
        screen.join(timeout=30)
        assert screen.exitcode == 0

    (first, first_moves), (second, second_moves) = outcomes
    assert len(first) == len(second) == deals * MOVES_A_DEAL
    for (number, landed, as_log), (other_number, other_landed, other_as_log) in zip(
        first, second, strict=True
    ):
        assert number == other_number
        assert landed != other_landed, f"move {number}: both or neither landed"
        assert as_log and other_as_log
    alone = HattrickGame([seat.name for seat in SEATS], options, 0, SEED)
    while not alone.finished:
        alone.apply(alone.legal_moves()[0])
    assert first_moves == second_moves == [repr(move) for move in alone.moves]
    log = TableLog.in_saves(tmp_path)
    assert len(log.log(table)[1]) == len(alone.moves) and log.table(table).finished
    log.close()


@pytest.mark.skipif(not Path("/proc/locks").exists(), reason="reads Linux's /proc/locks")
def test_a_screen_keeps_its_lock_on_the_logs_shared_index_while_it_is_open(tmp_path):
    """Without it the next screen to open the database rebuilds the index under this
    one, which then dies of a bus error in its next transaction."""
    log = TableLog.in_saves(tmp_path)
    log.create("hattrick", "{}", "", [("Ann", "here"), ("Bob", "screen")])
    index = (tmp_path / f"{FILE_NAME}-shm").stat().st_ino
    held = [
        line.split()
        for line in Path("/proc/locks").read_text().splitlines()
        if "POSIX" in line and line.split()[4] == str(os.getpid())
    ]
    log.close()
    assert any(fields[5].endswith(f":{index}") for fields in held)
