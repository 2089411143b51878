"""Keys as people press them: on a clock the test turns, so a held key repeating every
40 ms and a deliberate press after a pause take no real time; and a watch on the table's
promise: a hand is composed only for the seat that took the keyboard for it with a
deliberate press, and a burst of keys moves the game at most one step."""

from __future__ import annotations

import time
from types import SimpleNamespace

from textual import events

from sticheln_tui.app import StichelnApp
from sticheln_tui.flow import TableFlow
from sticheln_tui.screens import flow
from sticheln_tui.screens.flow import FlowScreen
from sticheln_tui.screens.handoff import KEY_GUARDS, HandoffScreen
from sticheln_tui.screens.private import PrivateScreen

# Auto-repeat as terminals send it: the first repeat after this delay, then one each
# REPEAT_EVERY seconds (X11's defaults are 0.66 s and 40 ms; faster settings exist).
FIRST_REPEAT = 0.5
REPEAT_EVERY = 0.035
DELIBERATE_PAUSE = 1.2  # a person reading the screen, or passing the keyboard on
TAPPING_EVERY = 0.35  # an impatient hand, pressing a key again and again
MASHING_EVERY = (0.25, 0.4)  # separate presses, three or four a second, hurrying the bots

_GUARD_KEYS = FlowScreen.guard_keys
# The guards as shipped, read before any test turns them off.
_SHIPPED_GUARDS = [(owner, name, vars(owner)[name]) for owner, name in KEY_GUARDS]
KEY_CHARACTERS = {"enter": "\r", "space": " ", "tab": "\t"}


class TurnedClock:
    """Monotonic seconds that move only when told to, for the app's every timestamp."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def shipped_guards(monkeypatch) -> None:
    for owner, name, value in _SHIPPED_GUARDS:
        monkeypatch.setattr(owner, name, value)


def real_key_timing(monkeypatch) -> TurnedClock:
    """The guards with their shipped values, timed by a clock the test turns: the keys
    (sent by `press`), clicks and screens are stamped from it. Textual's own clock runs
    on, so its animations end as they should."""
    shipped_guards(monkeypatch)
    clock = TurnedClock()
    monkeypatch.setattr(flow, "time", SimpleNamespace(monotonic=clock))
    return clock


async def press(pilot, clock: TurnedClock, key: str) -> None:
    """One key press, stamped with the test's clock; then the app settles."""
    event = events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None))
    event.time = clock()
    pilot.app.post_message(event)
    await pilot.pause()


async def deliberate(pilot, clock: TurnedClock, key: str) -> None:
    clock.advance(DELIBERATE_PAUSE)
    await press(pilot, clock, key)


async def hold(pilot, clock: TurnedClock, keys: list[str], repeats: int = 40) -> None:
    """A held key (or a mash of several, `keys` in turn) after a pause: one press, then
    `repeats` more at auto-repeat pace."""
    clock.advance(DELIBERATE_PAUSE)
    await press(pilot, clock, keys[0])
    clock.advance(FIRST_REPEAT if len(keys) == 1 else REPEAT_EVERY)
    for count in range(repeats):
        await press(pilot, clock, keys[(count + 1) % len(keys)])
        clock.advance(REPEAT_EVERY)


async def tap(pilot, clock: TurnedClock, key: str, times: int) -> None:
    """A key pressed again and again by an impatient hand, after a pause."""
    clock.advance(DELIBERATE_PAUSE)
    for _ in range(times):
        await press(pilot, clock, key)
        clock.advance(TAPPING_EVERY)


async def mash(pilot, clock: TurnedClock, keys: list[str], presses: int, rng, between=None):
    """Separate presses of `keys` in turn, 250 to 400 ms apart on the test's clock, after
    a pause; `between()` is awaited after each (the bots move meanwhile)."""
    clock.advance(DELIBERATE_PAUSE)
    for count in range(presses):
        await press(pilot, clock, keys[count % len(keys)])
        if between is not None:
            await between()
        clock.advance(rng.uniform(*MASHING_EVERY))


class TableWatch:
    """Checks the keyboard's promise as the app runs:
    - the keyboard passes only from that seat's own hand-off, on a deliberate press;
    - a seat's hand is composed only for the seat holding the keyboard, and only if it
      took it by a hand-off or plays alone with bots;
    - `steps` counts what the table's keys did (a hand-off taken, a move, a public
      screen left), so a burst can be held to one step; `moves`, the moves made on a
      seat's own screen."""

    def __init__(self, app: StichelnApp, monkeypatch) -> None:
        self.app = app
        self.steps = 0
        self.moves = 0
        self.hands_composed: list[int] = []
        self._watch_hand_offs(monkeypatch)
        self._watch_steps(monkeypatch)
        self._watch_hands(monkeypatch)

    def _watch_hand_offs(self, monkeypatch) -> None:
        app = self.app
        accept = TableFlow.accept_handoff

        def checked_accept(flow: TableFlow, seat: int) -> bool:
            if flow is not app.flow:  # another app's, under an earlier watch
                return accept(flow, seat)
            screen = app.screen
            accepted = accept(flow, seat)
            if accepted:
                assert isinstance(screen, HandoffScreen) and screen.seat == seat, (
                    "the keyboard passed other than from that seat's hand-off"
                )
                assert app.key_rhythm.deliberate, "a hand-off taken by a held or mashed key"
                self.steps += 1
            return accepted

        monkeypatch.setattr(TableFlow, "accept_handoff", checked_accept)

    def _watch_steps(self, monkeypatch) -> None:
        """A move made, a public screen left, a decision taken, a new game begun."""
        for name in ("play", "saw_reveal", "saw_scores", "decide"):
            method = getattr(TableFlow, name)

            def counted(flow: TableFlow, *args, method=method, name=name) -> bool:
                done = method(flow, *args)
                ours = done and flow is self.app.flow
                self.steps += ours
                self.moves += ours and name == "play"
                return done

            monkeypatch.setattr(TableFlow, name, counted)
        new_game = self.app.new_game

        def counted_new_game() -> None:
            self.steps += 1
            new_game()

        self.app.new_game = counted_new_game

    def _watch_hands(self, monkeypatch) -> None:
        """Every time a private screen shows a seat's view (new, or updated in place)."""

        def guard_and_note(screen: FlowScreen) -> None:
            if isinstance(screen, PrivateScreen) and screen.app is self.app:
                self.hands_composed.append(screen.view.seat)
                self.check_hand(screen.view.seat)
            _GUARD_KEYS(screen)

        monkeypatch.setattr(FlowScreen, "guard_keys", guard_and_note)

    def check_hand(self, seat: int) -> None:
        app = self.app
        assert seat not in app.bots, "a computer player's hand on screen"
        assert seat == app.flow.keyboard, "a hand shown without its owner's hand-off"
        mover = app.game.to_move
        if mover is not None:  # while bots move, only the next human's hand may show
            count = len(app.game.players)
            later = ((mover + step) % count for step in range(count))
            assert seat == next(s for s in later if s not in app.bots), (
                "a hand left on screen while the keyboard passes to another human next"
            )

    def check(self) -> None:
        """Whose hands the screens show now."""
        seats = {s.view.seat for s in self.app.screen_stack if isinstance(s, PrivateScreen)}
        assert len(seats) <= 1, f"hands of seats {seats} on screen at once"
        if seats and self.app.game is not None:
            self.check_hand(next(iter(seats)))
