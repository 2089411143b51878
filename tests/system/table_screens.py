"""Screens at one table, each the real program in a pseudo-terminal of its own: the host
(`sticheln --players Ann,screen:Bob,...`) and one `sticheln join CODE` per seat at a
screen of its own; what each shows, read as a terminal draws it, and a person at each
who presses Enter when it is their turn."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from pathlib import Path

from rich.cells import cell_len
from terminal import Terminal, wait_for

from sticheln_tui import persistence
from sticheln_tui.core.cards import Card
from sticheln_tui.core.table import TableGame
from sticheln_tui.table_log import FILE_NAME
from sticheln_tui.widgets.cards import card_label

# What Textual writes: text, control sequences (CSI: cursor moves, styles, modes),
# operating system commands (OSC: the window's pointer shape) and lone controls.
_TOKENS = re.compile(
    r"\x1b\[(?P<params>[0-9;?<>=$]*)(?P<final>[@-~])"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
    r"|\x1b[^\[\]]"
    r"|(?P<control>[\x00-\x1f])"
    r"|(?P<text>[^\x00-\x1f\x1b]+)"
)


class Screen:
    """The text a terminal of `rows` x `columns` shows after the output fed to it: just
    enough of a terminal for what Textual writes (cursor positions, erases, text; styles
    and modes are read past)."""

    def __init__(self, rows: int, columns: int) -> None:
        self.rows, self.columns = rows, columns
        self.cells = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self._pending = ""  # an unfinished sequence or character at a chunk's end

    def feed(self, data: bytes) -> None:
        text = self._pending + data.decode("utf-8", "replace")
        self._pending = ""
        cut = text.rfind("\x1b")
        if cut != -1 and not _TOKENS.match(text, cut):
            text, self._pending = text[:cut], text[cut:]
        position = 0
        for token in _TOKENS.finditer(text):
            if token.start() != position:  # a stray byte: read past it
                pass
            position = token.end()
            if token["text"] is not None:
                self._write(token["text"])
            elif token["control"] is not None:
                self._control(token["control"])
            elif token["final"] is not None:
                self._csi(token["params"], token["final"])

    def _write(self, text: str) -> None:
        for character in text:
            width = cell_len(character)
            if width == 0:
                continue
            if self.column + width > self.columns:
                continue  # Textual never writes past the edge; a terminal would clip
            if 0 <= self.row < self.rows:
                self.cells[self.row][self.column] = character
                if width == 2:
                    self.cells[self.row][self.column + 1] = ""
            self.column += width

    def _control(self, character: str) -> None:
        if character == "\r":
            self.column = 0
        elif character == "\n":
            if self.row == self.rows - 1:  # the bottom line: the screen scrolls up
                self.cells = [*self.cells[1:], [" "] * self.columns]
            else:
                self.row += 1
        elif character == "\b":
            self.column = max(self.column - 1, 0)

    def _csi(self, params: str, final: str) -> None:
        if params[:1] in ("?", "<", ">", "=") or "$" in params:
            return  # modes and queries
        numbers = [int(part) if part else 0 for part in params.split(";")] if params else []

        def number(index: int, default: int = 1) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.row = min(number(0), self.rows) - 1
            self.column = min(number(1), self.columns) - 1
        elif final == "A":
            self.row = max(self.row - number(0), 0)
        elif final == "B":
            self.row = min(self.row + number(0), self.rows - 1)
        elif final == "C":
            self.column = min(self.column + number(0), self.columns - 1)
        elif final == "D":
            self.column = max(self.column - number(0), 0)
        elif final == "G":
            self.column = min(number(0), self.columns) - 1
        elif final == "J":
            self._erase_display(number(0, 0))
        elif final == "K":
            self._erase_line(number(0, 0))

    def _erase_display(self, how: int) -> None:
        if how in (2, 3):
            self.cells = [[" "] * self.columns for _ in range(self.rows)]
            return
        self._erase_line(how)
        rows = range(self.row + 1, self.rows) if how == 0 else range(self.row)
        for row in rows:
            self.cells[row] = [" "] * self.columns

    def _erase_line(self, how: int) -> None:
        line = self.cells[self.row]
        start, end = {0: (self.column, self.columns), 1: (0, self.column + 1)}.get(
            how, (0, self.columns)
        )
        line[start:end] = [" "] * (end - start)

    def lines(self) -> list[str]:
        return ["".join(line) for line in self.cells]

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())


# -- the table as its database has it --------------------------------------------------


def logged_moves(saves: Path) -> tuple[list[tuple[int, str]], bool]:
    """The only table's move log, (number, move JSON) in order, and whether its game is
    over, read straight from the database (no screen's connection)."""
    with closing(sqlite3.connect(saves / FILE_NAME, timeout=10)) as db:
        (finished,) = db.execute("SELECT finished FROM tables").fetchone()
        rows = db.execute("SELECT number, move FROM moves ORDER BY number").fetchall()
    return rows, bool(finished)


def logged_game(saves: Path) -> TableGame:
    """The only table's game, replayed through the engine from its setup and move log."""
    with closing(sqlite3.connect(saves / FILE_NAME, timeout=10)) as db:
        (setup,) = db.execute("SELECT setup FROM tables").fetchone()
    record = persistence.loads(setup)
    start = record.game
    codec = persistence.codec_of(start)
    rows, _finished = logged_moves(saves)
    moves = [codec.move(json.loads(text), f"move {number}") for number, text in rows]
    return type(start).replay(start.players, start.options, start.first_leader, start.seed, moves)


# -- one screen at the table ----------------------------------------------------------------

ROWS, COLUMNS = 32, 100  # the size `Terminal` gives
HAND_TITLE = "Your hand"  # every game's hand box, on a seat's own screen only
# A card as a hand draws it: `[ 7 R]`, `[ 7 R!]` (a pain colour), `► 7 R◄` (the cursor),
# `[ Q♠S]` (the French deck).
CARD = re.compile(r"[\[►] ?(\d{1,2}|[JQKA])[♠♥♦♣ ]([A-Z])!?[\]◄]")
# The words of the hand-off screen (screens/handoff.py), which a screen playing one seat
# never shows.
HAND_OFF_WORDS = (b"Pass the keyboard to", b"Nobody else should look at the screen now.")
ENTER = "⏎"
ALTERNATE_SCREEN = b"\x1b[?1049h"  # what Textual writes first as it takes the terminal
# What Enter does on a seat's own screen when it is that seat's turn, in every game.
TURN_KEYS = ("Lay down", "Play", "Choose", "Pass", "Take seals", "Take saboteur", "Give back")
# What Enter does on a public screen that every screen passes on its own: a deal's opening,
# and its scores before the next one.
PUBLIC_KEYS = ("Start the deal", "Next deal")
# A person's pace: no key for half a second before a press (the app takes faster keys for
# a held or mashed one), and a little more than the app's guard after a screen changes.
QUIET = 0.75
SETTLE = 0.45


def card_names(cards: Iterable[Card]) -> set[str]:
    """The cards as `TableScreen.hand` names them."""
    return {f"{value} {letter}" for value, letter in CARD.findall(" ".join(map(card_label, cards)))}


class TableScreen:
    """One program at the table, holding `seats` (its own, by seat number), its screen
    followed as a terminal would draw it."""

    def __init__(self, name: str, seats: Sequence[int], terminal: Terminal) -> None:
        self.name = name
        self.seats = tuple(seats)
        self.terminal = terminal
        self.screen = Screen(ROWS, COLUMNS)
        self._read = 0  # bytes of the output fed to `screen`
        self.last_press = -QUIET
        self.ready_since: float | None = None  # when it last came to want a press
        self.presses = 0
        self.hand_seen: set[str] = set()  # every card its hand box ever showed

    def look(self) -> str:
        """The screen now (and its hand box taken note of)."""
        output = self.terminal.output
        end = len(output)
        self.screen.feed(bytes(output[self._read : end]))
        self._read = end
        self.hand_seen |= self.hand()
        return self.screen.text()

    def hand(self) -> set[str]:
        """The cards in the hand box on screen now, as `7 R`."""
        lines = self.screen.lines()
        inside, cards = False, set()
        for line in lines:
            if line.startswith("╭") and HAND_TITLE in line:
                inside = True
            elif inside and line.startswith("╰"):
                break
            elif inside:
                cards |= {f"{value} {letter}" for value, letter in CARD.findall(line)}
        return cards

    def footer(self) -> str:
        """The keys line: the screen's last line with anything on it (the program may
        take a smaller size than the terminal's from COLUMNS and LINES)."""
        return next((line for line in reversed(self.screen.lines()) if line.strip()), "")

    def offers(self, keys: Sequence[str]) -> bool:
        """Enter does one of `keys` on the screen now, as its footer says."""
        footer = self.footer()
        return any(f"{ENTER} {key}" in footer for key in keys)

    def press_enter(self) -> None:
        self.terminal.press(b"\r")
        self.last_press = time.monotonic()
        self.ready_since = None
        self.presses += 1

    def showed_a_hand_off(self) -> bool:
        output = bytes(self.terminal.output)
        return any(words in output for words in HAND_OFF_WORDS)

    def up_or_ended(self) -> bool:
        """The program took its terminal, or ended (a refused join ends at once)."""
        return not self.alive() or ALTERNATE_SCREEN in self.terminal.output

    def alive(self) -> bool:
        return self.terminal.process.poll() is None

    def close(self) -> None:
        if self.alive():
            self.terminal.process.kill()
        self.terminal.process.wait()
        self.terminal.close()


# -- the table --------------------------------------------------------------------------------


# "Bob: sticheln join CODE", "Ann (this screen; to come back): sticheln join CODE"
JOIN_LINE = re.compile(r"([^│█:]+?)(?: \(this screen; to come back\))?: sticheln join (\S+)")


class Table:
    """A table opened by a host program, with a program joined for each seat at a screen
    of its own; `players` as the command line takes them (`screen:Bob`)."""

    def __init__(self, saves: Path, game: str, players: Sequence[str], *more: str) -> None:
        self.saves = saves
        saves.mkdir(parents=True, exist_ok=True)
        self.names = [player.split(":", 1)[1] if ":" in player else player for player in players]
        self.host_seats = [seat for seat, player in enumerate(players) if ":" not in player]
        self.remote_seats = [
            seat for seat, player in enumerate(players) if player.startswith("screen:")
        ]
        host = Terminal(saves, "--game", game, "--players", ",".join(players), *more)
        self.screens = [TableScreen("host", self.host_seats, host)]
        self.codes = self._codes(self.screens[0])

    def _codes(self, host: TableScreen) -> dict[str, str]:
        """Each join line's code, by the names before it ("Ann", "Bob")."""
        found: dict[str, str] = {}

        def all_shown() -> bool:
            assert host.alive(), f"the host program ended:\n{host.look()}"
            for line in host.look().splitlines():
                match = JOIN_LINE.search(line)
                if match:
                    found[match[1].strip()] = match[2]
            return len(found) == 1 + len(self.remote_seats)

        wait_for(all_shown, timeout=60)
        return found

    def join(self, seat: int) -> TableScreen:
        """The player of `seat` joins from a program of their own."""
        name = self.names[seat]
        terminal = Terminal(self.saves, "join", self.codes[name])
        screen = TableScreen(name, [seat], terminal)
        self.screens.append(screen)
        return screen

    def join_everyone(self) -> None:
        for seat in self.remote_seats:
            self.join(seat)

    def rejoin(self, seats: Sequence[int], timeout: float = 30) -> tuple[TableScreen, int]:
        """The player of `seats` (a killed screen's) joins again with its code: refused
        while the killed screen still counts as connected (its heartbeat is fresh for a
        few seconds), so tried again until it is taken. Returns the screen and how many
        times the code was refused."""
        deadline = time.monotonic() + timeout
        refused = 0
        while True:
            screen = self.join(seats[0])
            screen.seats = tuple(seats)
            wait_for(screen.up_or_ended)
            if screen.alive():
                return screen, refused
            self.screens.remove(screen)
            screen.close()
            assert screen.terminal.process.returncode == 2
            said = screen.terminal.output
            assert b"A screen is already playing at that table" in said, said[-400:]
            refused += 1
            assert time.monotonic() < deadline, "the killed screen's seat was never free"
            time.sleep(0.5)

    def close_the_codes(self) -> None:
        """The host passes its join codes screen (a deliberate Enter)."""
        host = self.screens[0]
        time.sleep(QUIET)
        host.press_enter()
        wait_for(lambda: "Players at screens of their own" not in host.look(), timeout=30)

    def play(
        self,
        done: Callable[[TableGame], bool],
        timeout: float,
        meanwhile: Callable[[TableGame], None] = lambda game: None,
    ) -> TableGame:
        """A person at each screen presses Enter when it is their turn (or the screen
        opens a deal for all), until `done` says so of the table's game; returns it.
        `meanwhile` is told of the game at each look (to kill a screen, say)."""
        deadline = time.monotonic() + timeout
        moves = -1
        while True:
            game = logged_game(self.saves)
            if done(game):
                return game
            if time.monotonic() > deadline:
                shown = "\n".join(f"{screen.name}:\n{screen.look()}" for screen in self.screens)
                raise AssertionError(f"timed out at move {len(game.moves)}; the screens:\n{shown}")
            if len(game.moves) != moves:  # every screen waits for the new position
                moves = len(game.moves)
                for screen in self.screens:
                    screen.ready_since = None
            meanwhile(game)
            to_move = None if game.finished else game.seat_to_move()
            for screen in self.screens:
                self._press_if_due(screen, to_move)
            time.sleep(0.05)

    @staticmethod
    def _press_if_due(screen: TableScreen, to_move: int | None) -> None:
        screen.look()
        due = screen.offers(PUBLIC_KEYS) or (
            to_move in screen.seats and screen.offers(TURN_KEYS) and bool(screen.hand())
        )
        now = time.monotonic()
        if not due:
            screen.ready_since = None
        elif screen.ready_since is None:
            screen.ready_since = now
        elif now - screen.ready_since >= SETTLE and now - screen.last_press >= QUIET:
            screen.press_enter()

    def close(self) -> None:
        for screen in self.screens:
            screen.close()


# -- what the screens and the save say ---------------------------------------------------------

# A row of the final scoreboard's totals: "  1 ★ Bob         +2   │████".
SCORE_ROW = re.compile(r"^\s*\d+ [★ ] (\S.*?)\s{2,}([+-]?\d+)\s")


def scoreboard_totals(text: str) -> dict[str, int]:
    """The totals on a scoreboard screen, by name."""
    return {
        match[1]: int(match[2]) for line in text.splitlines() if (match := SCORE_ROW.match(line))
    }


def saved_game(saves: Path) -> TableGame | None:
    """The game in the keeper's JSON save, or None while there is none (or it is being
    replaced)."""
    paths = list(saves.glob("*.json"))
    try:
        return persistence.load(paths[0]).game if len(paths) == 1 else None
    except persistence.SaveError:
        return None
