"""Shared test helpers: reading the screen back, and driving the app."""

from __future__ import annotations

import contextlib
import html
import os
import random
import re
import select
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import fields, is_dataclass
from pathlib import Path

from babel.messages.pofile import read_po
from rich.cells import cell_len
from textual.app import App
from textual.pilot import Pilot

from sticheln_tui import i18n
from sticheln_tui.core.cards import Card
from sticheln_tui.core.hattrick import HattrickGame, PassCard
from sticheln_tui.widgets.cards import card_label

_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
    r'clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>'
)


def svg_lines(svg: str) -> list[str]:
    """The characters of an exported screenshot, one string a terminal line."""
    runs = [
        (float(x), float(length), int(line), html.unescape(raw))
        for x, length, line, raw in _TEXT.findall(svg)
    ]
    cell = min(length / len(text) for _, length, _, text in runs if text)
    grid: dict[int, dict[int, str]] = {}
    for x, _, line, text in runs:
        row = grid.setdefault(line, {})
        column = round(x / cell)
        for char in text:  # a wide character takes two cells, a combining accent none
            width = cell_len(char)
            if width:
                row.update({column: char} | dict.fromkeys(range(column + 1, column + width), ""))
            elif column - 1 in row:
                row[column - 1] += char
            column += width
    return [
        "".join(grid[line].get(col, " ") for col in range(max(grid[line]) + 1)).replace("\xa0", " ")
        for line in sorted(grid)
    ]


WORD = re.compile(r"[^\W\d_]{3,}")  # a word, as the checks for English count them


def words(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(text)}


def english_only(code: str) -> set[str]:
    """The words of the game's English text that the language `code` does not use."""
    path = Path(i18n.LOCALE_DIR) / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as file:
        catalogue = read_po(file, locale=code)
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalogue:
        if message.id:
            for text in message.id if isinstance(message.id, tuple | list) else [message.id]:
                english |= words(text)
            for text in message.string if isinstance(message.string, tuple) else [message.string]:
                translated |= words(text)
    return english - translated


def screen_text(app: App) -> str:
    """What the terminal shows now, as plain text (from the exported screenshot)."""
    return "\n".join(svg_lines(app.export_screenshot()))


def c(text: str) -> Card:
    """'red 5' -> Card('red', 5)."""
    colour, value = text.split()
    return Card(colour, int(value))


def cards(*texts: str) -> list[Card]:
    return [c(text) for text in texts]


def red(value: int) -> Card:
    return Card("red", value)


def yellow(value: int) -> Card:
    return Card("yellow", value)


def green(value: int) -> Card:
    return Card("green", value)


def blue(value: int) -> Card:
    return Card("blue", value)


def cards_in(value) -> list[Card]:
    """Every card anywhere inside a view (or a part of one)."""
    if isinstance(value, Card):
        return [value]
    if is_dataclass(value):
        return [c for item in fields(value) for c in cards_in(getattr(value, item.name))]
    if isinstance(value, (tuple, list)):
        return [c for item in value for c in cards_in(item)]
    return []


def check_replay_rewind_and_clone(game, cut: float, state: Callable) -> None:
    """A finished game replayed from its moves, rewound to a point (`cut`, 0 to 1, of the
    way) and cloned there: every one of them is the same game as `state` sees it."""
    moves = list(game.moves)
    split = int(cut * (len(moves) - 1))
    kind, seed = type(game), game.seed
    again = kind.replay(game.players, game.options, game.first_leader, seed, moves)
    assert state(again) == state(game)
    earlier = game.rewound(split)
    assert state(earlier) == state(
        kind.replay(game.players, game.options, game.first_leader, seed, moves[:split])
    )
    copy = earlier.clone()
    for move in moves[split:]:
        earlier.apply(move)
    assert state(earlier) == state(game)
    assert len(copy.moves) == split  # the clone did not move with the original
    for move in moves[split:]:
        copy.apply(move)
    assert state(copy) == state(game)


def bots_play_to_the_end(game, bots) -> None:
    """Each seat's bot moves on its turn until the game ends; every move is legal in the
    view the bot was given."""
    while not game.finished:
        view = game.view(game.to_move)
        move = bots[game.to_move].choose(view)
        assert move in view.legal_moves
        game.apply(move)


def start_arguments(start) -> dict:
    """What the command line's start value asks for, by the names of the App's keyword
    arguments (players, first_leader, seed, rules, game, resume, review)."""
    from sticheln_tui.session import Play, Replay, Resume, Setup

    chosen = {"players": None, "first_leader": 0, "seed": None, "rules": None, "game": None}
    if isinstance(start, Play):
        chosen.update(
            players=list(start.seats),
            first_leader=start.first_leader,
            seed=start.seed,
            rules=start.options,
            game=start.game,
        )
    elif isinstance(start, Setup):
        chosen.update(seed=start.seed, rules=start.options, game=start.game)
    if isinstance(start, Resume | Replay):
        chosen.update(resume=start.entry, review=isinstance(start, Replay))
    return chosen


class HandClock:
    """A clock the test moves by hand (a table log's heartbeats and leases read it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class LeftNoGame:
    """The session of an app that never started a game: nothing to say about a save."""

    game = None
    finished = False
    rejoin = None


def started_apps(monkeypatch) -> list[dict]:
    """The command line's app replaced by a stand-in that runs at once and leaves no game:
    what each app started was asked for (`start_arguments`), in order."""
    started = []

    class StandIn:
        session = LeftNoGame()
        return_code = 0

        def __init__(self, start):
            started.append(start_arguments(start))

        def run(self):
            pass

    monkeypatch.setattr("sticheln_tui.app.StichelnApp", StandIn)
    return started


def reference_points(card: Card, colours, rules) -> int:
    """One card's score, written out from RULES.md 1.5 and 1.7 independently of the core."""
    if rules.reverse:
        return card.value if card.colour in colours else -1
    if card.colour in colours:
        return -5 if rules.mild else -card.value
    return 1


def card_marks(card: Card) -> list[str]:
    """Every way a card can be drawn: plain, pain-marked, focused."""
    return [
        card_label(card),
        card_label(card, pain=True),
        card_label(card, focused=True),
        card_label(card, pain=True, focused=True),
    ]


def cards_on_screen(text: str, cards) -> list[Card]:
    return [card for card in cards if any(mark in text for mark in card_marks(card))]


@asynccontextmanager
async def taken_up(game, size: tuple[int, int] = (100, 32)) -> AsyncIterator[Pilot]:
    """A new app that has taken up `game` (every seat human): its first screen is up."""
    from sticheln_tui.app import StichelnApp

    app = StichelnApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        yield pilot


@asynccontextmanager
async def at_the_table(game, size: tuple[int, int] = (100, 32)) -> AsyncIterator[Pilot]:
    """The app with `game` taken up (every seat human), the mover past its hand-off."""
    async with taken_up(game, size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        yield pilot


async def check_hand_off_hides_every_hand(pilot: Pilot, game, hand_off: type) -> str:
    """The screen now is the next seat's hand-off and shows no card of any hand; past it,
    the seat's own screen shows its hand (so the same detector can fail). Returns the
    hand-off's text, its words on one line."""
    app = pilot.app
    assert isinstance(app.screen, hand_off)
    text = screen_text(app)
    in_hands = [card for seat in range(len(game.players)) for card in game.view(seat).hand]
    assert len(in_hands) > 20 and cards_on_screen(text, in_hands) == []
    await pilot.press("enter")
    await pilot.pause()
    own = game.view(game.to_move).hand
    assert sorted(cards_on_screen(screen_text(app), own)) == sorted(own)
    return " ".join(text.split())


async def press_until(pilot: Pilot, done, limit: int = 5000, key: str = "enter") -> int:
    """Press `key` until `done()` holds; returns the number of presses."""
    for presses in range(limit):
        if done():
            return presses
        await pilot.press(key)
        await pilot.pause()
    raise AssertionError(f"not reached after {limit} presses of {key}")


async def saved_moves(pilot: Pilot, directory: Path, moves: int) -> Path:
    """The one save in `directory` once it holds `moves` moves: the app saves after the
    screen is drawn, a moment later on a busy machine."""
    from sticheln_tui import persistence

    for _ in range(250):
        paths = list(directory.glob("*.json"))
        if paths:
            (path,) = paths
            if len(persistence.load(path).game.moves) == moves:
                return path
        await pilot.pause(0.02)
    raise AssertionError(f"no save with {moves} moves in {directory}")


def is_final(app: App) -> bool:
    from sticheln_tui.screens.scoreboard import ScoreboardScreen

    return isinstance(app.screen, ScoreboardScreen) and app.screen.final


def check_final_screen(app: App) -> list[int]:
    """The final screen shows "Game over", the core's totals and the core's winners.

    The core's figures come from replaying every move the app made; returns the totals.
    """
    from sticheln_tui.core.game import Game, Phase, running_totals, standings

    game = app.game
    assert game.phase is Phase.OVER
    replayed = Game.replay(game.players, game.rules, game.first_leader, game.seed, game.moves)
    count = len(game.players)
    totals = running_totals(replayed.results, count)
    text = screen_text(app)
    assert "Game over" in text
    for seat, name in enumerate(game.players):  # the Totals tab: place, name, total, bar
        assert re.search(rf"\s{re.escape(name)} +{re.escape(f'{totals[seat]:+d}')} ", text), name
    verdict = text.split("Game over")[1].splitlines()[0]
    for seat in standings(replayed.results, count, game.rules):
        assert game.players[seat] in verdict
    return list(totals)


def played_until(
    players: int, seed: int, done: Callable[[HattrickGame], bool], seeds: int = 1
) -> HattrickGame:
    """A Hattrick game played forward with seeded random moves (a pass now and then) until
    `done`; the first of `seeds` games from `seed` on that gets there."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
    for game_seed in range(seed, seed + seeds):
        game = HattrickGame(names[:players], seed=game_seed)
        rng = random.Random(game_seed)
        while not done(game) and not game.finished:
            moves = game.legal_moves()
            passes = [move for move in moves if isinstance(move, PassCard)]
            game.apply(rng.choice(passes if passes and rng.random() < 0.3 else moves))
        if done(game):
            return game
    raise AssertionError("the position never came")


def run_command(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """`sticheln ARGS` run to its end, its output captured, no keyboard; a run longer
    than `timeout` fails the test (subprocess.TimeoutExpired) rather than holding it."""
    return subprocess.run(
        [sys.executable, "-m", "sticheln_tui", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


def stop(process: subprocess.Popen) -> None:
    """End a program a test started: asked first, then made to; its pipes closed."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def first_line(process: subprocess.Popen, timeout: float = 30) -> str:
    """The first line a program a test started writes (its stdout a text pipe); fails,
    rather than waiting for ever, when none comes within `timeout` seconds."""
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, f"nothing printed within {timeout} s"
    return process.stdout.readline()


def free_port() -> int:
    """A port no program on this machine listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def descendants(pid: int) -> list[int]:
    """The processes started by `pid`, and theirs, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                parent = int(stat.rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
    found, waiting = [], [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def running(pid: int) -> bool:
    """Whether a process is there and not ended (an ended one may wait as a zombie for its
    parent, or, orphaned, for whoever adopts it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def process_group(group: int) -> list[int]:
    """The processes of a process group still running, from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == group and fields[0] != "Z":
                    members.append(int(entry))
    return members
