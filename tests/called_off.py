"""What the tests of thinking called off share: a search that would not end by itself,
and the CPU time spent outside the test's own thread, by this process's other threads (a
bot thinking) and by its child processes (a review weighed apart), as Linux counts it in
/proc, in steps of a clock tick (10 ms)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from pathlib import Path

import pytest

needs_proc = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads CPU times from Linux's /proc"
)
# A search too long to finish, cut short after `LONG` seconds should it not stop when
# called off: the test fails rather than hangs. Long enough to outlast a test whose key
# presses wait for a screen that a thinking thread slows to seconds a press.
ENDLESS = 10**9
LONG = 30.0
# A thinking called off has stopped within this many seconds...
STOP = 0.2
# ...and from then on, over `QUIET_SPELL` seconds, used at most `IDLE` seconds of CPU (a
# tick either end of the spell; a search left running uses about half of a core or more).
QUIET_SPELL = 0.5
IDLE = 0.03


def think_endlessly(bot) -> None:
    """Set a strong bot thinking until called off (or `LONG` seconds have passed)."""
    bot.playouts, bot.time_limit = ENDLESS, LONG


def cpu_elsewhere() -> float:
    """CPU seconds used so far by the other threads of this process, and by the child
    processes still running (one that has ended counts no more)."""
    me = threading.get_native_id()
    total = 0.0
    for task in Path("/proc/self/task").iterdir():
        if int(task.name) != me:
            total += _cpu_seconds(task / "stat")
        try:
            children = (task / "children").read_text().split()
        except FileNotFoundError:  # the thread has just ended
            continue
        total += sum(_cpu_seconds(Path("/proc", child, "stat")) for child in children)
    return total


def _cpu_seconds(stat: Path) -> float:
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):  # ended meanwhile
        return 0.0
    user, system = int(fields[11]), int(fields[12])  # utime and stime, from the state on
    return (user + system) / os.sysconf("SC_CLK_TCK")


async def until_busy(cpu: float = 0.1, timeout: float = 20.0) -> None:
    """Wait until something outside this thread has used `cpu` more seconds: the thinking
    to be called off is well under way (on a loaded machine that can take a while)."""
    start = cpu_elsewhere()
    deadline = time.monotonic() + timeout
    while cpu_elsewhere() - start < cpu:
        assert time.monotonic() < deadline, "nothing started thinking"
        await asyncio.sleep(0.02)


async def cpu_once_stopped() -> float:
    """The CPU seconds used outside this thread over `QUIET_SPELL` seconds, starting
    `STOP` seconds from now (a thinking just called off should have stopped by then)."""
    await asyncio.sleep(STOP)
    start = cpu_elsewhere()
    await asyncio.sleep(QUIET_SPELL)
    return cpu_elsewhere() - start
