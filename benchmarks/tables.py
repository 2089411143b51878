"""How many tables played from several screens one machine serves.

M tables of Hattrick, each played from S screens, every screen a process of its own that
behaves like the app: it reads the table's log ten times a second (`sync`), gives a sign
of life every second (`beat`), and makes its seats' moves; one screen a table keeps the
bots. People are the easy bot moving at a person's pace (a move `--pace` seconds after it
is due; bots wait as long, as the app shows them at a readable pace). All tables share
one tables database, as the screens of one saves folder do.

First every screen sits idle for `--idle` seconds (CPU per idle screen), then the tables
play for `--seconds`. Measured: the wake-up delay (a move's commit to another screen's
`sync` seeing it), median and p95; moves per second overall; CPU per idle screen. The
first size given is the baseline the others are compared with.

    python benchmarks/tables.py --tables 1,10,50 --screens 2

The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from sticheln_tui.bots import make_bot
from sticheln_tui.flow import REVEAL, BotTurn, HandOff, Private, Public
from sticheln_tui.seats import Seat
from sticheln_tui.session import TableSession
from sticheln_tui.shared_table import SharedTable

POLL = SharedTable.READ_EVERY  # how often the app reads the log
PLAYERS = 4  # Hattrick at four: the screens' seats, then bots


def seats_of(screens: int) -> list[Seat]:
    """One person at each screen (the first opens the table), bots in the other seats."""
    people = [Seat("P0")] + [Seat(f"P{seat}", own_screen=True) for seat in range(1, screens)]
    return people + [Seat(f"Bot{seat}", "easy") for seat in range(screens, PLAYERS)]


def open_tables(saves: Path, tables: int, screens: int) -> list[tuple[int, list[str]]]:
    """`tables` new tables, each with its codes (the opening screen's first); nobody is at
    them yet."""
    opened = []
    for number in range(tables):
        host = TableSession(saves)
        host.start("hattrick", seats_of(screens), seed=number)
        assert host.shared is not None
        opened.append((host.shared.table, [code for _seats, code in host.shared.codes]))
        host.let_go()
    return opened


def due_move(session: TableSession, person) -> bool:
    """Take the hand-offs and public screens, then make the due move if it is this
    screen's; False when nothing is this screen's to do now."""
    flow = session.flow
    assert flow is not None
    while not flow.finished:
        step = flow.next_step()
        if isinstance(step, HandOff):
            flow.accept_handoff(step.seat)
        elif step == Public(REVEAL):
            flow.saw_reveal()
        elif isinstance(step, Public):
            flow.saw_scores()
        elif isinstance(step, Private):
            flow.play(step.seat, person.choose(flow.game.view(step.seat)))
            return session.submit()
        elif isinstance(step, BotTurn) and flow.moves_here(step.seat):
            move = flow.bots[step.seat].choose(flow.game.view(step.seat))
            flow.bot_played(step.seat, move, len(flow.game.moves))
            return session.submit()
        else:
            return False
    return False


class Plan(NamedTuple):
    pace: float  # seconds before each move
    start: float  # the wall-clock time every screen begins at
    idle: float  # seconds idle, then
    active: float  # seconds of play


def screen(saves: Path, table: int, code: str, plan: Plan, results) -> None:
    """One screen's process: idle for `plan.idle` seconds from `plan.start`, then play;
    puts its commits, its sightings of other screens' moves and its idle CPU on
    `results`."""
    pace, start, idle, active = plan
    session = TableSession(saves)
    session.join(code)
    person = make_bot("easy", 7, "hattrick")
    commits: list[tuple[int, int, float]] = []  # (table, move number, when)
    seen: list[tuple[int, int, float]] = []
    playing = start + idle
    end = playing + active
    # Screens opened at different moments read the log at different phases of its tick.
    time.sleep(max(0.0, start - time.time()) + random.Random(code).uniform(0, POLL))
    cpu_idle_began = time.process_time()
    cpu_idle = None
    next_beat = 0.0
    due_since = None  # when the position this screen may move in came
    position = -1
    while (now := time.time()) < end:
        if now >= next_beat:
            session.beat()
            next_beat = now + 1.0
        if session.sync():
            seen.append((table, len(session.flow.game.moves) - 1, time.time()))
        if now >= playing:
            if cpu_idle is None:
                cpu_idle = (time.process_time() - cpu_idle_began) / idle if idle else 0.0
            moves = len(session.flow.game.moves)
            if moves != position:
                position, due_since = moves, now
            if now - due_since >= pace and due_move(session, person):
                commits.append((table, len(session.flow.game.moves) - 1, time.time()))
        time.sleep(max(0.0, POLL - (time.time() - now)))
    results.put((commits, seen, cpu_idle or 0.0))
    session.let_go()


def measure(tables: int, screens: int, pace: float, idle: float, active: float) -> dict:
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        opened = open_tables(saves, tables, screens)
        start = time.time() + 1.0 + 0.02 * tables * screens  # every process started by then
        plan = Plan(pace, start, idle, active)
        processes = [
            context.Process(target=screen, args=(saves, table, code, plan, results))
            for table, codes in opened
            for code in codes
        ]
        for process in processes:
            process.start()
        deadline = start + idle + active + 60
        outcomes = [results.get(timeout=deadline - time.time()) for _ in processes]
        for process in processes:
            process.join(timeout=30)
    commits = {(table, number): when for outcome in outcomes for table, number, when in outcome[0]}
    delays = sorted(
        when - commits[table, number]
        for outcome in outcomes
        for table, number, when in outcome[1]
        if (table, number) in commits
    )
    idle_cpu = [outcome[2] for outcome in outcomes]
    return {
        "tables": tables,
        "screens": tables * screens,
        "moves": len(commits),
        "moves_per_s": round(len(commits) / active, 2),
        "wake_median_ms": round(1000 * statistics.median(delays), 1) if delays else None,
        "wake_p95_ms": round(1000 * delays[int(0.95 * (len(delays) - 1))], 1) if delays else None,
        "idle_cpu_pct": round(100 * statistics.mean(idle_cpu), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,10,50", help="table counts, comma-separated")
    parser.add_argument("--screens", type=int, default=2, help="screens a table (2-4)")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds before each move")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds idle first")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play")
    args = parser.parse_args()
    if not 2 <= args.screens <= PLAYERS:
        parser.error(f"--screens goes from 2 to {PLAYERS}")
    sizes = [int(size) for size in args.tables.split(",")]
    runs = [measure(size, args.screens, args.pace, args.idle, args.seconds) for size in sizes]
    base = runs[0]
    for run in runs:
        ratio = (
            f", wake-up median x{run['wake_median_ms'] / base['wake_median_ms']:.2f}"
            if run["wake_median_ms"] and base["wake_median_ms"]
            else ""
        )
        print(
            f"{run['tables']} tables, {run['screens']} screens: {run['moves_per_s']} moves/s, "
            f"wake-up median {run['wake_median_ms']} ms, p95 {run['wake_p95_ms']} ms, "
            f"idle screen {run['idle_cpu_pct']}% CPU{ratio} (baseline: {base['tables']} tables)"
        )
    print(json.dumps({"benchmark": "tables", "pace_s": args.pace, "runs": runs}))


if __name__ == "__main__":
    main()
