"""Thinking that stops when it is no longer wanted.

A bot's move is worked out away from the event loop and awaited on it by the task that
wants it (a worker of the app's). Cancelling that task (a take-back, a new game,
quitting) stops the thinking at once, instead of leaving it to run on beside the next
move:

- `thought(work, *args)` runs `work(*args)` in a thread, called off by an event that long
  loops look at in `checkpoint()` (the bots' search does, once a sampled deal: 36 ms apart
  at most, in Seven Seals for five on a busy machine): once the awaiting task is
  cancelled, the next checkpoint raises `Cancelled`, which ends the thread's work. For a
  bot's move, a tenth of a second or so, less than a process takes to start;
  `bot_thought` thinks on a copy of the bot.
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
B = TypeVar("B")
V = TypeVar("V")

# Set once the thinking in this context is no longer wanted; None: thinking nobody
# calls off (a simulated game).
_called_off: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar(
    "called_off", default=None
)


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
