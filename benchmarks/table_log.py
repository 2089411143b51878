"""The shared table's move log (sticheln_tui/table_log.py): how fast moves land, how soon
the other screens see them, and what a screen that waits costs while nothing happens.

- appends/s: one process appends moves to one table, each at the version it saw;
- wake-up delay: N watcher processes wait on one table (`wait_for_change`) while a writer
  moves on M tables at once (the other tables' moves wake the watchers' cheap look, not
  their version read); the delay is from the writer's commit to a watcher holding the new
  version, median and 95th percentile over every wake-up of every watcher;
- idle CPU: a watcher's processor time per second of a wait in which nothing is written.

The baseline, measured in the same run the same way: a plain file per table, a move a line
appended to it, and a watcher that polls the file's size with os.stat on the same sleep.

    python benchmarks/table_log.py [-n/--watchers N] [-m/--tables M] [-r/--rounds R]
                                   [-s/--seconds S] [-i/--idle S]

Budgets: appends/s at least a tenth of the plain file's with fsync (a move is a durable
commit; the file without fsync is printed beside it); the wake-up median and p95 within
1.5x the baseline's (both sleep the same between looks); idle CPU within 2x the
baseline's. The last line printed is JSON.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import tempfile
import time
from pathlib import Path

from report import budget, finish

from sticheln_tui.table_log import FILE_NAME, POLL_SECONDS, TableLog

SEATS = [("Ann", "here"), ("Bob", "screen"), ("Cy", "bot:easy")]
GAP = 0.1  # seconds between two moves on the watched table (each is a wake-up of its own)


def move(number: int) -> str:
    return f'{{"play": "red {number}"}}'


# -- appends --------------------------------------------------------------------------------


def table_appends(folder: Path, seconds: float) -> float:
    tables = TableLog(folder / FILE_NAME)
    table, _codes = tables.create("sticheln", "{}", "a.json", SEATS)
    count = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        assert tables.append(table, count, move(count), count)
        count += 1
    elapsed = time.perf_counter() - started
    tables.close()
    return count / elapsed


def file_appends(folder: Path, seconds: float, durable: bool) -> float:
    handle = os.open(folder / f"moves-{durable}.txt", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    count = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        os.write(handle, (move(count) + "\n").encode())
        if durable:
            os.fsync(handle)
        count += 1
    elapsed = time.perf_counter() - started
    os.close(handle)
    return count / elapsed


# -- watchers, each a process of its own ------------------------------------------------------


def watch_table(database: str, table: int, last: int, ready, seen_at) -> None:
    """Wait on `table` until its version is `last`; report each version seen, and when."""
    tables = TableLog(Path(database))
    version = tables.version(table)
    ready.wait()
    woke = []
    while version < last:
        version = tables.wait_for_change(table, version, timeout=10)
        woke.append((version, time.monotonic()))
    tables.close()
    seen_at.put(woke)


def watch_file(path: str, last: int, ready, seen_at) -> None:
    """The baseline: poll the file's size on the same sleep until it is `last`; report
    each size seen, and when."""
    size = os.stat(path).st_size
    ready.wait()
    woke = []
    while size < last:
        time.sleep(POLL_SECONDS)
        now_size = os.stat(path).st_size
        if now_size != size:
            size = now_size
            woke.append((size, time.monotonic()))
    seen_at.put(woke)


class TableBoard:
    """M tables in the move log; a move's mark is the table's version after it."""

    watcher = staticmethod(watch_table)

    def __init__(self, folder: Path, tables: int) -> None:
        self.count = tables
        self.log = TableLog(folder / FILE_NAME)
        self.tables = [
            self.log.create("sticheln", "{}", "a.json", SEATS)[0] for _t in range(tables)
        ]
        self.watched = (str(folder / FILE_NAME), self.tables[0])

    def write(self, table: int, round_: int) -> int:
        assert self.log.append(self.tables[table], round_, move(round_), round_)
        return round_ + 1

    def last(self, rounds: int) -> int:
        return rounds

    def close(self) -> None:
        self.log.close()


class FileBoard:
    """The baseline: M plain files, a move a line; a move's mark is the file's size."""

    watcher = staticmethod(watch_file)

    def __init__(self, folder: Path, tables: int) -> None:
        self.count = tables
        paths = [folder / f"table-{table}.txt" for table in range(tables)]
        self.handles = [os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND) for path in paths]
        self.sizes = [0] * tables
        self.watched = (str(paths[0]),)

    def write(self, table: int, round_: int) -> int:
        self.sizes[table] += os.write(self.handles[table], line(round_))
        return self.sizes[table]

    def last(self, rounds: int) -> int:
        return sum(len(line(round_)) for round_ in range(rounds))

    def close(self) -> None:
        for handle in self.handles:
            os.close(handle)


def line(round_: int) -> bytes:
    return (move(round_) + "\n").encode()


def wake_up_delays(board: TableBoard | FileBoard, watchers: int, rounds: int) -> list[float]:
    """Seconds from each commit on the watched table (the first) to each watcher seeing
    it, while every table of the board takes a move a round, spread over the round."""
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(watchers + 1)
    seen_at = context.Queue()
    arguments = (*board.watched, board.last(rounds), ready, seen_at)
    processes = [context.Process(target=board.watcher, args=arguments) for _w in range(watchers)]
    for process in processes:
        process.start()
    ready.wait()
    time.sleep(0.2)  # every watcher is in its wait
    committed = {}
    # Gaps drawn at random (the same for either board), so that no commit keeps in step
    # with a watcher's sleep and every one falls anywhere between two of its looks.
    rng = random.Random(1)
    for round_ in range(rounds):
        committed[board.write(0, round_)] = time.monotonic()
        for other in range(1, board.count):
            time.sleep(rng.uniform(0.5, 1.5) * GAP / board.count)
            board.write(other, round_)
        time.sleep(rng.uniform(0.5, 1.5) * GAP / board.count)
    delays = [
        woke - committed[mark] for _process in processes for mark, woke in seen_at.get(timeout=60)
    ]
    for process in processes:
        process.join()
    return delays


# -- idle ----------------------------------------------------------------------------------


def idle_table(folder: Path, seconds: float) -> float:
    """Processor seconds per second of a wait on a table nobody writes to."""
    tables = TableLog(folder / FILE_NAME)
    table = tables.create("sticheln", "{}", "a.json", SEATS)[0]
    version = tables.version(table)
    started = time.process_time()
    assert tables.wait_for_change(table, version, timeout=seconds) == version
    used = time.process_time() - started
    tables.close()
    return used / seconds


def idle_file(folder: Path, seconds: float) -> float:
    path = folder / "idle.txt"
    path.touch()
    size = os.stat(path).st_size
    started = time.process_time()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        assert os.stat(path).st_size == size
    return (time.process_time() - started) / seconds


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--watchers", type=int, default=4, help="watcher processes (N)")
    parser.add_argument("-m", "--tables", type=int, default=8, help="tables moving at once (M)")
    parser.add_argument("-r", "--rounds", type=int, default=40, help="moves on the watched table")
    parser.add_argument("-s", "--seconds", type=float, default=2.0, help="time per append count")
    parser.add_argument("-i", "--idle", type=float, default=5.0, help="seconds of an idle wait")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for name in ("appends", "wake", "idle"):
            (folder / name).mkdir()
        appends = table_appends(folder / "appends", args.seconds)
        plain = file_appends(folder / "appends", args.seconds, durable=False)
        durable = file_appends(folder / "appends", args.seconds, durable=True)
        print(f"plain file append without fsync: {plain:,.0f} appends/s")
        rows.append(
            budget(
                "table log appends", appends, durable, 0.1, higher_is_better=True, unit="appends/s"
            )
        )
        delays = {}
        for kind, board_class in (("table log", TableBoard), ("file", FileBoard)):
            where = folder / "wake" / kind.replace(" ", "-")
            where.mkdir()
            board = board_class(where, args.tables)
            delays[kind] = wake_up_delays(board, args.watchers, args.rounds)
            board.close()
        print(
            f"{args.watchers} watchers of one table, {args.tables} tables moving,"
            f" {len(delays['table log'])} wake-ups (file: {len(delays['file'])})"
        )
        for name, fraction in (("median", 0.5), ("p95", 0.95)):
            project = percentile(delays["table log"], fraction) * 1000
            baseline = percentile(delays["file"], fraction) * 1000
            rows.append(
                budget(
                    f"wake-up delay {name}",
                    project,
                    baseline,
                    1.5,
                    higher_is_better=False,
                    unit="ms",
                )
            )
        idle = idle_table(folder / "idle", args.idle)
        idle_baseline = idle_file(folder / "idle", args.idle)
        rows.append(
            budget(
                "idle watcher CPU",
                idle * 100,
                idle_baseline * 100,
                2.0,
                higher_is_better=False,
                unit="% of a core",
            )
        )
    finish(rows)


if __name__ == "__main__":
    main()
