"""This screen's place at a table played from several screens (terminals, ssh sessions,
browser pages), each its own process, free of any screen.

The table lives in `table_log`'s database: its setup and a move log. Every screen
rebuilds the game from the log through the engine (it is deterministic), makes the moves
of its own seats by appending them (a move lands only on the log it was made on: of two
screens making move n, the second reloads), and learns of the others' moves by reading
the log again when it changed. One screen at a time, the keeper, moves the bots and
writes the JSON save; another takes over when its lease expires.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .i18n import _
from .table_log import FILE_NAME, Joined, JoinRefused, TableLog, TableLogError, unknown_code

if TYPE_CHECKING:
    from .core.table import TableGame
    from .persistence import Record
    from .seats import Seat

__all__ = ["JoinRefused", "SharedTable", "TableLogError", "join_lines"]

HERE, SCREEN = "here", "screen"  # where a human seat plays, as the log has it


def where_of(seat: Seat) -> str:
    """Where a seat plays, in the log's words."""
    if seat.level:
        return f"bot:{seat.level}"
    return SCREEN if seat.own_screen else HERE


class SharedTable:
    """This screen at a table: which seats it holds, the log version it has read, and
    whether it keeps the table (moves the bots, writes the save)."""

    HEARTBEAT = 1.0  # seconds between a screen's signs of life (the log's TTL is 3)
    READ_EVERY = 0.1  # seconds between two looks for another screen's move

    def __init__(
        self,
        log: TableLog,
        joined: Joined,
        setup: Record,
        save: Path,
        code: str,
        codes: Sequence[tuple[tuple[int, ...], str]] = (),
    ) -> None:
        self.log = log
        self.table = joined.table
        self.screen = joined.screen
        self.seats = joined.seats  # the seats played at this screen
        self.save = save  # the JSON record, written by the keeper
        self.codes = tuple(codes)  # the join codes, known to the screen that opened it
        self.code = code  # this screen's own, to come back with
        self.keeper = False  # this screen moves the bots and writes the save
        self._setup = setup
        self._seen = -1  # the log's version this screen's game is at (-1: none read)
        self._texts: list[str] = []  # that game's moves, as the log writes them

    # -- opening and joining ------------------------------------------------------------

    @classmethod
    def open(cls, saves: Path, setup: Record, seats: Sequence[Seat], save: Path) -> SharedTable:
        """Open a table for a new game (`setup`: at its first move) with these seats; this
        screen holds the seats played here. Raises TableLogError when the database
        cannot be used."""
        from .persistence import dumps

        try:
            saves.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as error:
            raise TableLogError(str(error)) from None
        log = TableLog.in_saves(saves)
        game = setup.game
        places = [(seat.name, where_of(seat)) for seat in seats]
        table, codes = log.create(game.GAME, dumps(setup), str(save), places)
        here_code = codes[0][1]
        shared = cls(log, log.join(here_code), setup, save, here_code, codes)
        shared._seen = log.version(table)  # the log holds no move yet
        shared.keeper = log.hold_bots(table, shared.screen)
        return shared

    @classmethod
    def join(cls, saves: Path, code: str) -> SharedTable:
        """Join the table of this code with the seats it covers. Raises JoinRefused (one
        line: nothing is shown of the table) or TableLogError."""
        from .codec import SaveError
        from .persistence import loads

        if not (saves / FILE_NAME).exists():  # no table was ever opened here
            raise JoinRefused(unknown_code())
        log = TableLog.in_saves(saves)
        try:
            joined = log.join(code)
        except (JoinRefused, TableLogError):
            log.close()
            raise
        summary = log.table(joined.table)
        try:
            setup = loads(summary.setup)
        except SaveError as error:
            log.leave(joined.screen)
            log.close()
            raise TableLogError(
                _("The table's setup is damaged: {why}").format(why=error)
            ) from None
        return cls(log, joined, setup, Path(summary.save), code)

    # -- the seats ---------------------------------------------------------------------

    def remote(self) -> frozenset[int]:
        """The human seats played at other screens."""
        levels = self._setup.levels
        return frozenset(
            seat for seat, level in enumerate(levels) if level is None and seat not in self.seats
        )

    def absent(self) -> list[int]:
        """The human seats of other screens whose screen is not connected now."""
        rows = self.log.table(self.table).seats
        remote = self.remote()
        return [row.seat for row in rows if row.seat in remote and not row.connected]

    def beat(self) -> bool:
        """A sign of life; renews or takes over the keeper's lease. Returns whether this
        screen keeps the table now."""
        self.log.heartbeat(self.screen)
        self.keeper = self.log.hold_bots(self.table, self.screen)
        return self.keeper

    def close(self) -> None:
        """This screen leaves the table (which goes on at the others). From another thread
        (the exit deadline's) the database is not this screen's to use: its heartbeat
        stops, and the others see it gone within the log's TTL."""
        try:
            self.log.leave(self.screen)
            self.log.close()
        except sqlite3.ProgrammingError:
            pass

    def finish(self) -> None:
        """The game is over: the table closes, and its codes let nobody in."""
        self.log.finish(self.table)

    # -- the moves ---------------------------------------------------------------------

    def first_game(self) -> TableGame:
        """The game before its first move, as the table was opened."""
        return _replayed(self._setup.game, [])

    @property
    def levels(self) -> tuple[str | None, ...]:
        return tuple(self._setup.levels)

    def changed(self) -> bool:
        """Another screen may have moved (cheap: asks the database whether it was
        written)."""
        return self.log.changed() and self.log.version(self.table) != self._seen

    def caught_up(self, game: TableGame) -> TableGame | None:
        """`game` (this screen's) as the log has it now, or None when the log holds
        exactly it. Raises TableLogError for a log the engine will not replay."""
        version, texts = self.log.log(self.table)
        self._seen = version
        mine = self._texts_of(game)
        if texts == mine:
            self._texts = texts
            return None
        common = next(
            (n for n, (a, b) in enumerate(zip(mine, texts, strict=False)) if a != b),
            min(len(mine), len(texts)),
        )
        caught = _replayed(game, game.moves[:common])
        self._replay(caught, texts[common:], common)
        self._texts = texts
        return caught

    def submit(self, game: TableGame) -> bool:
        """Put `game`'s last move (just made at this screen) in the log; False when
        another screen's move came first (the caller reloads with `caught_up`)."""
        number = len(game.moves) - 1
        text = self._text(game, game.moves[-1])
        if not self.log.append(self.table, number, text, self._seen):
            return False
        self._seen += 1
        self._texts = [*self._texts[:number], text]
        return True

    def take_back(self, number: int) -> bool:
        """Take move `number` back from the log, while it is still the last one there."""
        if not self.log.take_back(self.table, number, self._seen):
            return False
        self._seen += 1
        del self._texts[number:]
        return True

    def _texts_of(self, game: TableGame) -> list[str]:
        known = self._texts
        moves = game.moves
        if len(known) == len(moves):
            return known  # this screen's game is the log's it read last, or one move on
        return [self._text(game, move) for move in moves]

    @staticmethod
    def _text(game: TableGame, move: Any) -> str:
        from .persistence import codec_of

        return json.dumps(codec_of(game).move_json(move), sort_keys=True, ensure_ascii=False)

    @staticmethod
    def _replay(game: TableGame, texts: Sequence[str], first: int) -> None:
        from .codec import SaveError
        from .core.table import IllegalMove
        from .persistence import codec_of

        codec = codec_of(game)
        for number, text in enumerate(texts, first + 1):
            try:
                game.apply(codec.move(json.loads(text), f"move {number}"))
            except (ValueError, SaveError, IllegalMove) as error:
                raise TableLogError(
                    _("The table's move {number} is impossible: {why}").format(
                        number=number, why=error
                    )
                ) from None


def _replayed(game: TableGame, moves: Sequence[Any]) -> TableGame:
    """A new game of `game`'s table after these moves."""
    return type(game).replay(game.players, game.options, game.first_leader, game.seed, moves)


def join_lines(shared: SharedTable, players: Sequence[str]) -> list[str]:
    """How each screen joins the table: a line per code, naming its seats."""
    lines = []
    for seats, code in shared.codes:
        names = ", ".join(players[seat] for seat in seats)
        if set(seats) & set(shared.seats):
            # Translators: the join line of the seats at this screen, to come back with.
            line = _("{names} (this screen; to come back): sticheln join {code}")
        else:
            # Translators: how a player joins from a terminal (ssh too) or a browser page.
            line = _("{names}: sticheln join {code}")
        lines.append(line.format(names=names, code=code))
    return lines


def open_tables(saves: Path) -> list[str]:
    """The open tables in the saves folder, as lines: the game, when it was opened, its
    moves, and each seat: who, where and whether connected."""
    import time

    from .core.names import visible
    from .games import info_of

    path = saves / FILE_NAME
    if not path.exists():
        return []
    log = TableLog(path)
    try:
        summaries = log.open_tables()
    finally:
        log.close()
    lines = []
    for table in summaries:
        opened = time.strftime("%Y-%m-%d %H:%M", time.localtime(table.created))
        # Translators: a table in `sticheln tables`: "Table 3: Sticheln, opened 2026-12-03
        # 20:15, 12 moves".
        lines.append(
            _("Table {number}: {game}, opened {opened}, {moves} moves").format(
                number=table.table,
                game=_(info_of(table.game).title),
                opened=opened,
                moves=table.moves,
            )
        )
        for seat in table.seats:
            name = visible(seat.name)
            if seat.where.startswith("bot:"):
                state = _("computer player")
            elif seat.connected:
                state = _("connected")
            else:
                # Translators: the code is shown only on the screen that opened the table.
                state = _("not connected: sticheln join <its code>")
            lines.append(f"  {name}: {state}")
    return lines
