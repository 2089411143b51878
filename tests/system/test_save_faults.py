"""Crash safety of saves: a process killed at any instant of a save leaves a loadable game.

The fault test kills processes with SIGKILL at random moments while they save a game over
and over, one move further each time, as the app does after every move. Afterwards the save
must load (the rename makes each save all or nothing), and be one of the records that were
written: its moves are a prefix of the game's, no older than the process's first save. The
backup, when there is one, must load too and be the save before (or, killed between the
two renames, the same one). Every other iteration runs on a simulated slow disk (each fsync
takes 2 ms longer) so that many kills land while the temporary file exists.

The unit tests check what a failing save leaves behind: the old save and backup untouched,
no temporary file; and that a save after a crash clears what the crash left.
"""

from __future__ import annotations

import builtins
import errno
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import sticheln_tui
from sticheln_tui import persistence
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.persistence import Record, backup_of, load, save

ITERATIONS = 240
MAX_DELAY = 0.030  # seconds from the first save to the kill
FIRST_START, STEP = 150, 2  # the first process saves from move 150, each next one 2 later
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
LEVELS = (None, "easy", "normal", "strong", None, "easy", "normal", "strong")

POSIX_ONLY = pytest.mark.skipif(
    not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="needs fork and SIGKILL"
)

# The saving processes. One Python process imports persistence once (not the app: no
# Textual) and forks a fresh process per iteration, which saves the game in a loop until
# it is killed; starting an interpreter per iteration would cost ~0.2 s each. The game is
# read from a save the test writes; the server moves it on by STEP moves per iteration.
SERVER = r"""
import json, os, sys, time
from pathlib import Path
from sticheln_tui.core.game import Game
from sticheln_tui.persistence import Record, load, save

whole = load(Path(sys.argv[1]))
start, step = int(sys.argv[2]), int(sys.argv[3])
moves = whole.game.moves
game = Game(whole.game.players, whole.game.rules, whole.game.first_leader, whole.game.seed)
for move in moves[:start]:
    game.apply(move)
real_fsync = os.fsync


def slow_fsync(fd):
    time.sleep(0.002)
    real_fsync(fd)


def save_until_killed(path, slow):
    if slow:
        os.fsync = slow_fsync
    record = Record(game, whole.levels)
    save(path, record)
    os.write(1, f"ready {os.getpid()} {len(game.moves)}\n".encode())
    for move in moves[len(game.moves):]:
        game.apply(move)
        save(path, record)
    while True:
        time.sleep(1)


for line in sys.stdin:
    order = json.loads(line)
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        try:
            save_until_killed(Path(order["path"]), order["slow"])
        except BaseException as error:
            os.write(1, f"error {error!r}\n".encode())
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    os.write(1, f"ended {status}\n".encode())
    for move in moves[len(game.moves) : len(game.moves) + step]:
        game.apply(move)
"""


class Lines:
    """Lines from a pipe, with a time limit, so a stuck process fails the test."""

    def __init__(self, pipe) -> None:
        self.fd = pipe.fileno()
        self.buffer = b""

    def read(self, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.fd], [], [], max(deadline - time.monotonic(), 0))
            assert ready, "the saving process did not answer in time"
            chunk = os.read(self.fd, 4096)
            assert chunk, "the saving process ended"
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode()


@dataclass
class Tally:
    iterations: int = 0
    saves: int = 0  # saves that completed before the kill, over all iterations
    during_temporary: int = 0  # killed while the temporary file existed
    during_backup: int = 0  # killed while the staged backup (.bak.tmp) existed
    between_renames: int = 0  # killed with the backup already the same save as the file
    without_backup: int = 0  # killed before a second save had rotated the first away
    main_failed: int = 0  # the save itself would not load (the backup was needed)
    problems: list[str] = field(default_factory=list)

    def summary(self, disk: str) -> str:
        return (
            f"{disk}: {self.iterations} kills, {self.saves} completed saves; killed while the"
            f" temporary file existed: {self.during_temporary} (staged backup:"
            f" {self.during_backup}, between the renames: {self.between_renames});"
            f" before any backup: {self.without_backup}; save failed to load (backup"
            f" used): {self.main_failed}"
        )


def whole_game() -> Record:
    """A finished eight-player game of eight deals: about 900 moves, saves up to 30 kB."""
    game = Game(NAMES, Rules(deals=None), 3, 2**63 + 12345)
    rng = random.Random(7)
    while game.phase is not Phase.OVER:
        game.apply(rng.choice(game.legal_moves()))
    return Record(game, LEVELS)


def check_after_kill(directory: Path, first: int, whole: Record, tally: Tally) -> None:
    """The save (or else its backup) loads and is a state the killed process saved."""
    path = directory / "game.json"
    backup = backup_of(path)
    names = {item.name for item in directory.iterdir()}
    assert names <= {path.name, backup.name, f".{path.name}.tmp", f".{backup.name}.tmp"}
    tally.during_temporary += f".{path.name}.tmp" in names
    tally.during_backup += f".{backup.name}.tmp" in names
    moves = whole.game.moves
    try:
        saved = load(path)
    except persistence.SaveError as error:
        tally.main_failed += 1
        tally.problems.append(f"{path}: {error}")
        saved = load(backup)  # it must load, then
    saved_moves = saved.game.moves
    assert first <= len(saved_moves) and saved_moves == moves[: len(saved_moves)]
    assert saved.levels == whole.levels
    assert saved.game.seed == whole.game.seed
    tally.saves += len(saved_moves) - first + 1
    if backup.name not in names:
        assert len(saved_moves) == first  # only the first save has been rotated
        tally.without_backup += 1
        return
    kept = load(backup).game.moves
    assert kept == moves[: len(kept)]
    assert len(kept) in (len(saved_moves) - 1, len(saved_moves))
    assert len(kept) >= first
    tally.between_renames += len(kept) == len(saved_moves)


@POSIX_ONLY
def test_a_save_killed_at_any_moment_leaves_a_loadable_game(tmp_path):
    """SIGKILL at random moments of repeated saves, ITERATIONS times: the save always
    loads, is one of the records written, and the backup is the one before it."""
    whole = whole_game()
    assert len(whole.game.moves) > FIRST_START + STEP * ITERATIONS + 100
    source = tmp_path / "whole.json"
    save(source, whole)
    root = Path(sticheln_tui.__file__).resolve().parents[1]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    stderr = (tmp_path / "stderr.txt").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(source), str(FIRST_START), str(STEP)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        env=env,
        bufsize=0,
    )
    lines = Lines(server.stdout)
    rng = random.Random(20261129)
    tallies = {False: Tally(), True: Tally()}  # by slow disk
    child = None
    began = time.perf_counter()
    try:
        for iteration in range(ITERATIONS):
            directory = tmp_path / f"run{iteration}"
            directory.mkdir()
            slow = iteration % 2 == 1
            order = {"path": str(directory / "game.json"), "slow": slow}
            server.stdin.write((json.dumps(order) + "\n").encode())
            line = lines.read()
            assert line.startswith("ready "), (line, (tmp_path / "stderr.txt").read_text())
            _, pid, first = line.split()
            child = int(pid)
            time.sleep(rng.uniform(0, MAX_DELAY))
            os.kill(child, signal.SIGKILL)
            status = int(lines.read().removeprefix("ended "))
            child = None
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
            assert int(first) == FIRST_START + STEP * iteration
            check_after_kill(directory, int(first), whole, tallies[slow])
            tallies[slow].iterations += 1
    finally:
        if child is not None:
            os.kill(child, signal.SIGKILL)
        server.kill()
        server.wait()
        stderr.close()
    elapsed = time.perf_counter() - began
    summary = f"{tallies[False].summary('disk')}\n{tallies[True].summary('slow disk')}"
    print(f"\n{summary}\n{elapsed:.1f} s")
    natural, slow = tallies.values()
    assert natural.iterations + slow.iterations == ITERATIONS >= 200
    assert natural.main_failed == slow.main_failed == 0, natural.problems + slow.problems
    # The slow disk keeps the temporary file around for a good part of each save: kills
    # that never land there would test little.
    assert slow.during_temporary >= ITERATIONS // 20, summary


# -- a save that fails ------------------------------------------------------------


def two_saves(directory: Path) -> tuple[Path, Record]:
    """A save of two moves with the save of one move as its backup."""
    game = Game(NAMES[:4], Rules(), 0, 11)
    record = Record(game, (None, "easy", None, "strong"))
    path = directory / "game.json"
    for _ in range(2):
        game.apply(game.legal_moves()[0])
        save(path, record)
    return path, record


def fail_fsync(monkeypatch) -> None:
    def no_space(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)


def fail_half_way_through_writing(monkeypatch) -> None:
    """The disk fills up after half the text is written."""
    real_open = builtins.open

    class Filling:
        def __init__(self, file) -> None:
            self.file = file

        def write(self, text: str) -> int:
            self.file.write(text[: len(text) // 2])
            self.file.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            self.file.close()

        def __getattr__(self, name):
            return getattr(self.file, name)

    def filling_open(file, mode="r", *args, **kwargs):
        opened = real_open(file, mode, *args, **kwargs)
        return Filling(opened) if "w" in mode else opened

    monkeypatch.setattr(persistence, "open", filling_open, raising=False)


@pytest.mark.parametrize("failure", [fail_fsync, fail_half_way_through_writing])
def test_a_failed_save_leaves_the_old_save_and_backup_untouched(tmp_path, monkeypatch, failure):
    """When the temporary file cannot be written (a full disk), save raises OSError, the
    save and backup stay as they were, and no temporary file is left behind."""
    path, record = two_saves(tmp_path)
    before = {item.name: item.read_bytes() for item in tmp_path.iterdir()}
    assert set(before) == {"game.json", "game.json.bak"}
    record.game.apply(record.game.legal_moves()[0])
    failure(monkeypatch)
    with pytest.raises(OSError) as raised:
        save(path, record)
    assert raised.value.errno == errno.ENOSPC
    monkeypatch.undo()
    after = {item.name: item.read_bytes() for item in tmp_path.iterdir()}
    assert after == before
    assert len(load(path).game.moves) == 2
    assert len(load(backup_of(path)).game.moves) == 1


def test_a_save_failing_to_keep_the_backup_leaves_no_temporary_file(tmp_path, monkeypatch):
    """On a file system without hard links the backup is a copy; when the disk is full
    that copy fails: save raises, nothing is replaced, and no temporary file remains."""
    path, record = two_saves(tmp_path)
    before = {item.name: item.read_bytes() for item in tmp_path.iterdir()}
    record.game.apply(record.game.legal_moves()[0])

    def no_links(source, target):
        raise OSError(errno.EPERM, "Operation not permitted")

    write_new = persistence._write_new

    def no_space_for_the_copy(target, data):
        if not target.name.endswith(".bak.tmp"):
            return write_new(target, data)
        target.write_text('{"format": "sticheln-')  # half a copy
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(persistence, "_write_new", no_space_for_the_copy)
    with pytest.raises(OSError):
        save(path, record)
    monkeypatch.undo()
    after = {item.name: item.read_bytes() for item in tmp_path.iterdir()}
    assert {name: after.get(name) for name in before} == before  # nothing replaced
    assert set(after) == set(before)  # and nothing left over: fails


def test_a_save_after_a_crash_clears_what_the_crash_left(tmp_path):
    """A crash can leave a half-written temporary file and a staged backup; the next save
    overwrites both, keeps the last whole save as the backup, and leaves only two files."""
    path, record = two_saves(tmp_path)
    last = path.read_bytes()
    (tmp_path / ".game.json.tmp").write_text('{"format": "sticheln-game", "ver')
    (tmp_path / ".game.json.bak.tmp").write_text("{")
    record.game.apply(record.game.legal_moves()[0])
    save(path, record)
    assert sorted(item.name for item in tmp_path.iterdir()) == ["game.json", "game.json.bak"]
    assert backup_of(path).read_bytes() == last
    assert len(load(path).game.moves) == 3
    assert len(load(backup_of(path)).game.moves) == 2
