"""Thinking that stops when it is no longer wanted.

A bot's move and a game's review are worked out away from the event loop and awaited on
it by the task that wants them (a worker of the app's or of a screen's). Cancelling that
task (a take-back, a new game, leaving the replay, quitting) stops the thinking at once,
instead of leaving it to run on beside the next move:

- `thought(work, *args)` runs `work(*args)` in a thread, called off by an event that long
  loops look at in `checkpoint()` (the bots' search does, once a sampled deal: 36 ms apart
  at most, in Seven Seals for five on a busy machine): once the awaiting task is
  cancelled, the next checkpoint raises `Cancelled`, which ends the thread's work. For a
  bot's move, a tenth of a second or so, less than a process takes to start;
  `bot_thought` thinks on a copy of the bot.
- `thoughts_apart(work, *args)` yields what `work(*args)` yields, worked out in a process
  of its own, killed once the awaiting task is cancelled or stops reading. For a game's
  review, seconds of pure Python on end: in a thread it would hold the interpreter lock,
  which the event loop waits for each time it wakes (200 sleeps of 1 ms took 1.5 s beside
  a review weighed in a thread, 0.38 s beside one weighed in a process, 0.27 s alone).
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import AsyncGenerator, Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")
B = TypeVar("B")
V = TypeVar("V")

# Set once the thinking in this context is no longer wanted; None: thinking nobody
# calls off (a simulated game, a review in its own process).
_called_off: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar(
    "called_off", default=None
)
# `thoughts_apart`'s process: it runs `think_piped`.
APART_COMMAND = [sys.executable, "-c", f"from {__name__} import think_piped; think_piped()"]
# Each of that process's findings is its pickle's length, then the pickle.
LENGTH = struct.Struct("!Q")


class Cancelled(BaseException):
    """The thinking was called off. A BaseException, like asyncio's CancelledError, so that
    the stand-in for a failing bot (an `except Exception`) does not take it for a bug."""


def checkpoint() -> None:
    """Where a long search may stop: raises `Cancelled` once the thinking it is part of
    is no longer wanted. Cheap enough for every sampled deal."""
    called_off = _called_off.get()
    if called_off is not None and called_off.is_set():
        raise Cancelled


async def thought(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)`, thought in a thread while the event loop goes on. Once the awaiting
    task is cancelled, `work`'s next `checkpoint()` ends it."""
    called_off = threading.Event()
    context = contextvars.copy_context()
    context.run(_called_off.set, called_off)
    try:
        return await asyncio.get_running_loop().run_in_executor(None, context.run, work, *args)
    finally:
        called_off.set()


async def bot_thought(choose: Callable[[B, V], T], bot: B, view: V) -> T:
    """`choose(bot, view)` (a bot's move, see `thought`) on a copy of the bot: a thread
    called off thinks on until its next checkpoint, and whatever it sets on its bot then
    (a bot keeps its per-move figures in attributes) must not reach the bot that the
    seat's next move is asked of."""
    return await thought(choose, copy.copy(bot), view)


async def thoughts_apart(work: Callable[..., Iterable[T]], *args: Any) -> AsyncGenerator[T, None]:
    """What `work(*args)` yields, in turn, worked out in a process of its own (`work` and
    `args` must pickle). The process is killed as soon as the awaiting task is cancelled
    or the iterator is closed; should it fail, so does the iterator (ChildProcessError,
    or whatever reading its garbled output raises).

    The pipes are read on the event loop, and the process is ended without awaiting
    anything: a task cancelled again while it ends (a screen's workers are cancelled when
    it is left, and again as the app exits) could not stop that half way."""
    loop = asyncio.get_running_loop()
    process = subprocess.Popen(
        APART_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    pipes: list[asyncio.BaseTransport] = []
    try:
        found = asyncio.StreamReader()
        reading, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(found), process.stdout
        )
        pipes.append(reading)
        writing, _ = await loop.connect_write_pipe(asyncio.BaseProtocol, process.stdin)
        pipes.append(writing)
        writing.write(pickle.dumps((work, args)))
        writing.close()  # once written: the process reads nothing else
        while True:
            try:
                header = await found.readexactly(LENGTH.size)
            except asyncio.IncompleteReadError as ended:
                if ended.partial:
                    raise
                break
            (length,) = LENGTH.unpack(header)
            yield pickle.loads(await found.readexactly(length))
        if process.wait():
            raise ChildProcessError(f"the thinking apart ended with {process.returncode}")
    finally:
        process.kill()  # nothing, once it has ended
        process.wait()
        for pipe in pipes:
            pipe.close()


def think_piped() -> None:
    """The other end of `thoughts_apart`: work from stdin, what it yields to stdout."""
    work, args = pickle.load(sys.stdin.buffer)
    out = sys.stdout.buffer
    for found in work(*args):
        data = pickle.dumps(found)
        out.write(LENGTH.pack(len(data)) + data)
        out.flush()
