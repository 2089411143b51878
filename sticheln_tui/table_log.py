"""The shared table's move log: one SQLite database in the saves folder, written by every
screen (a player's terminal, an ssh session, a browser page) that plays at a table.

Each screen is a process of its own; each rebuilds the game from the move log through the
deterministic engine, so the log holds only what the engine needs and who sits where. A
move lands only at the version and the move number its screen saw, inside one write
transaction, and a unique (table, number) key is the last guard: when two screens send
the same due move at once, exactly one lands and the other is told so (False), never an
error. Every change of the log (a move, a take-back, the end) bumps the table's version,
which a watching screen reads only once SQLite's `PRAGMA data_version` says another
connection wrote.

Seats are joined by code: one code covers every seat played at the creating screen, and
each seat played from a screen of its own has its own code. A code is 96 random bits,
stored only as its SHA-256, and looked up by parameter; a screen that holds a code keeps
it by a heartbeat, and a code whose screen has gone quiet for `TableLog.TTL` seconds may
be joined again. One screen at a time moves the bots, by a lease it renews.

No Textual or Rich here, and nothing of the games: what the creator stores as the setup
is opaque text to this module.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .core.names import visible
from .i18n import _
from .safe_files import NO_FOLLOW, NotAFile

FILE_NAME = "tables.sqlite3"
SCHEMA_VERSION = 1  # in PRAGMA user_version
BUSY_TIMEOUT_MS = 5000
POLL_SECONDS = 0.05  # wait_for_change's sleep between two cheap looks
CODE_BYTES = 12  # 96 random bits, 16 characters
HERE = "here"
SCREEN = "screen"
BOT_PREFIX = "bot:"

_SCHEMA = """
CREATE TABLE tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    save TEXT NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    bots_screen INTEGER,
    bots_until REAL NOT NULL DEFAULT 0
);
CREATE TABLE codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables (id),
    digest TEXT NOT NULL UNIQUE
);
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    code_id INTEGER REFERENCES codes (id),
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE screens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code_id INTEGER NOT NULL REFERENCES codes (id),
    heartbeat REAL NOT NULL
);
CREATE INDEX screens_by_code ON screens (code_id);
CREATE TABLE moves (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


class TableLogError(Exception):
    """The database file cannot be used; the message is one line saying why."""


class JoinRefused(Exception):
    """A code does not seat this screen; str(error) is one line for the player."""


@dataclass(frozen=True)
class SeatRow:
    seat: int  # 0-based seat number
    name: str
    where: str  # "here" | "screen" | "bot:LEVEL"
    connected: bool  # a live screen holds it (heartbeat fresher than the TTL); bots: False


@dataclass(frozen=True)
class TableSummary:
    table: int
    game: str
    setup: str  # opaque JSON text the creator stored (options, seed, leader, levels)
    save: str  # the JSON save's path the creator stored
    created: float
    moves: int
    finished: bool
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class Joined:
    table: int
    seats: tuple[int, ...]  # the seats this code covers
    screen: int  # this screen's id (presence row)


def unknown_code() -> str:
    """Why a code no table has is refused (a code that is no code at all too)."""
    return _("No table has this code.")


def _new_code() -> str:
    """A fresh code that the command line takes as a word: one starting with '-' would be
    read as an option by `sticheln join CODE` (one code in 64)."""
    while True:
        code = secrets.token_urlsafe(CODE_BYTES)
        if not code.startswith("-"):
            return code


def digest(code: str) -> str:
    """What the database keeps of a code: any text has one, so no code is an error."""
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


class TableLog:
    """One connection to the tables database. Safe to share between the threads of one
    process (each call holds the connection alone); every process opens its own."""

    TTL = 3.0  # seconds a heartbeat keeps a screen connected

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self._path = Path(path)
        self._clock = clock
        self._lock = threading.Lock()
        self._data_version = 0
        _make_or_check(self._path)
        try:
            # Autocommit: every transaction below is begun and ended explicitly, so no
            # read transaction stays open between calls (it would hide others' writes).
            self._db = sqlite3.connect(
                self._path,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error as error:
            raise _unusable(self._path, error) from None
        try:
            self._prepare()
        except sqlite3.Error as error:
            self._db.close()
            raise _unusable(self._path, error) from None
        except TableLogError:
            self._db.close()
            raise
        self._data_version = self._read_data_version()

    @classmethod
    def in_saves(cls, saves: Path, clock: Callable[[], float] = time.time) -> TableLog:
        """The tables database of the saves folder `saves`."""
        return cls(Path(saves) / FILE_NAME, clock)

    def _prepare(self) -> None:
        self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        self._db.execute("PRAGMA foreign_keys = ON")
        if self._write_ahead() != "wal":
            raise _unusable(self._path, _("it cannot keep a write-ahead log"))
        self._db.execute("BEGIN IMMEDIATE")
        try:
            schema = self._db.execute("PRAGMA user_version").fetchone()[0]
            if schema == 0:
                if self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise _unusable(self._path, _("it is another program's database"))
                # Statement by statement: executescript() would commit before it starts.
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            elif schema != SCHEMA_VERSION:
                raise _unusable(
                    self._path,
                    _("unknown database version {version}").format(version=schema),
                )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        _keep_private(self._path)

    def _write_ahead(self) -> str:
        """The journal mode, switched to a write-ahead log if it is not one yet. The
        switch waits for no busy handler: screens opening a new database at once would
        fail, so it is tried again until the busy timeout."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                mode = self._db.execute("PRAGMA journal_mode").fetchone()[0]
                if str(mode).lower() == "wal":
                    return "wal"
                return str(self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
            except sqlite3.OperationalError as error:
                busy = error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
                if not busy or time.monotonic() > deadline:
                    raise
                time.sleep(POLL_SECONDS / 5)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- reading and writing, each call one transaction ------------------------------------

    @contextmanager
    def _transaction(self, begin: str = "BEGIN") -> Iterator[sqlite3.Connection]:
        """The connection inside one transaction, committed when the block ends, rolled
        back when it raises; SQLite's errors come out as TableLogError."""
        with self._lock:
            try:
                self._db.execute(begin)
            except sqlite3.Error as error:
                raise _unusable(self._path, error) from None
            try:
                yield self._db
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                raise
            except sqlite3.Error as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise _unusable(self._path, error) from None
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def create(
        self, game: str, setup: str, save: str, seats: Sequence[tuple[str, str]]
    ) -> tuple[int, list[tuple[tuple[int, ...], str]]]:
        """A new table for `seats` (name, where) and its codes: one for every "here" seat
        together (if any; first), then one per "screen" seat. Bots get none."""
        for _name, where in seats:
            if where not in (HERE, SCREEN) and not where.startswith(BOT_PREFIX):
                raise ValueError(f"a seat is {HERE!r}, {SCREEN!r} or 'bot:LEVEL', not {where!r}")
        here = tuple(seat for seat, (_name, where) in enumerate(seats) if where == HERE)
        groups = ([here] if here else []) + [
            (seat,) for seat, (_name, where) in enumerate(seats) if where == SCREEN
        ]
        codes = [_new_code() for _group in groups]
        with self._transaction("BEGIN IMMEDIATE") as db:
            table = _last_row(
                db.execute(
                    "INSERT INTO tables (game, setup, save, created) VALUES (?, ?, ?, ?)",
                    (game, setup, save, self._clock()),
                )
            )
            code_of_seat: dict[int, int] = {}
            for group, code in zip(groups, codes, strict=True):
                code_id = _last_row(
                    db.execute(
                        "INSERT INTO codes (table_id, digest) VALUES (?, ?)",
                        (table, digest(code)),
                    )
                )
                code_of_seat.update((seat, code_id) for seat in group)
            db.executemany(
                "INSERT INTO seats (table_id, seat, name, kind, code_id) VALUES (?, ?, ?, ?, ?)",
                [
                    (table, seat, name, where, code_of_seat.get(seat))
                    for seat, (name, where) in enumerate(seats)
                ],
            )
        return table, list(zip(groups, codes, strict=True))

    def join(self, code: str) -> Joined:
        """This screen takes the seats of `code`: refused (JoinRefused) for an unknown
        code, a finished table, or a code another live screen holds."""
        now = self._clock()
        with self._transaction("BEGIN IMMEDIATE") as db:
            code_id, table, seats = _seats_free_to_join(db, code, now - self.TTL)
            # A screen gone quiet holds nothing any more: its row goes with this join.
            db.execute("DELETE FROM screens WHERE code_id = ?", (code_id,))
            screen = _last_row(
                db.execute("INSERT INTO screens (code_id, heartbeat) VALUES (?, ?)", (code_id, now))
            )
        return Joined(int(table), tuple(int(seat) for seat, _name in seats), screen)

    def refusal(self, code: str) -> str | None:
        """The line `join(code)` would be refused with now, or None: a look that takes no
        seat and writes nothing (a web server checks a page's code with it)."""
        with self._transaction() as db:
            try:
                _seats_free_to_join(db, code, self._clock() - self.TTL)
            except JoinRefused as refused:
                return str(refused)
        return None

    def heartbeat(self, screen: int) -> None:
        """The screen is still there: its seats stay connected for another TTL."""
        with self._transaction("BEGIN IMMEDIATE") as db:
            db.execute("UPDATE screens SET heartbeat = ? WHERE id = ?", (self._clock(), screen))

    def leave(self, screen: int) -> None:
        """The screen closes: its seats are free to join at once, and the bots' lease, if
        it held it, is free to take."""
        with self._transaction("BEGIN IMMEDIATE") as db:
            db.execute(
                "UPDATE tables SET bots_screen = NULL, bots_until = 0 WHERE bots_screen = ?",
                (screen,),
            )
            db.execute("DELETE FROM screens WHERE id = ?", (screen,))

    def hold_bots(self, table: int, screen: int, ttl: float | None = None) -> bool:
        """Whether `screen` (seated at `table`) now holds the lease to move the table's
        bots for `ttl` seconds (by default the TTL): taken when free or expired, renewed
        when its own."""
        now = self._clock()
        ttl = self.TTL if ttl is None else ttl
        with self._transaction("BEGIN IMMEDIATE") as db:
            taken = db.execute(
                "UPDATE tables SET bots_screen = :screen, bots_until = :until"
                " WHERE id = :table"
                " AND (bots_screen IS NULL OR bots_screen = :screen OR bots_until <= :now)"
                " AND EXISTS (SELECT 1 FROM screens JOIN codes ON codes.id = screens.code_id"
                " WHERE screens.id = :screen AND codes.table_id = :table)",
                {"screen": screen, "until": now + ttl, "table": table, "now": now},
            )
            return taken.rowcount == 1

    def version(self, table: int) -> int:
        """The table's version, bumped by every move, take-back and the end."""
        with self._transaction() as db:
            return _version(db, table)

    def log(self, table: int) -> tuple[int, list[str]]:
        """(version, each move's JSON in order), read in one transaction: the moves are
        those of that version."""
        with self._transaction() as db:
            version = _version(db, table)
            moves = db.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table,)
            ).fetchall()
        return version, [move for (move,) in moves]

    def append(self, table: int, number: int, move: str, seen: int) -> bool:
        """Whether `move` landed as move `number` (from 0): only while the table plays,
        its version is still `seen` and `number` is the count of its moves. A lost race
        is False, never an error."""
        try:
            with self._transaction("BEGIN IMMEDIATE") as db:
                if _moves_if_current(db, table, seen) != number:
                    return False
                db.execute(
                    "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                    (table, number, move),
                )
                _bump(db, table)
                return True
        except sqlite3.IntegrityError:
            return False

    def take_back(self, table: int, number: int, seen: int) -> bool:
        """Whether move `number` was taken back: only the last, only at version `seen`,
        only while the table plays."""
        with self._transaction("BEGIN IMMEDIATE") as db:
            count = _moves_if_current(db, table, seen)
            if count is None or number != count - 1:
                return False
            db.execute("DELETE FROM moves WHERE table_id = ? AND number = ?", (table, number))
            _bump(db, table)
            return True

    def finish(self, table: int) -> None:
        """The game is over: the table closes to moves, take-backs and joins."""
        with self._transaction("BEGIN IMMEDIATE") as db:
            db.execute(
                "UPDATE tables SET finished = 1, version = version + 1"
                " WHERE id = ? AND NOT finished",
                (table,),
            )

    def wait_for_change(self, table: int, seen: int, timeout: float) -> int:
        """The table's version as soon as it is not `seen`, or `seen` after `timeout`
        seconds. Between looks it asks only whether anything was written (PRAGMA
        data_version), and reads the version only when something was."""
        deadline = time.monotonic() + timeout
        mark = self._read_data_version()
        current = self.version(table)
        while current == seen:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            time.sleep(min(POLL_SECONDS, left))
            now_mark = self._read_data_version()
            if now_mark != mark:
                mark = now_mark
                current = self.version(table)
        return current

    def changed(self) -> bool:
        """Whether another connection wrote to the database since the last call (cheap:
        no table is read)."""
        now_mark = self._read_data_version()
        moved = now_mark != self._data_version
        self._data_version = now_mark
        return moved

    def _read_data_version(self) -> int:
        with self._lock:
            try:
                return int(self._db.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error as error:
                raise _unusable(self._path, error) from None

    def open_tables(self) -> list[TableSummary]:
        """Every table whose game goes on, the newest first."""
        with self._transaction() as db:
            ids = db.execute(
                "SELECT id FROM tables WHERE NOT finished ORDER BY created DESC, id DESC"
            ).fetchall()
            return [self._summary(db, table) for (table,) in ids]

    def table(self, table: int) -> TableSummary:
        """The table `table`; TableLogError if there is none."""
        with self._transaction() as db:
            return self._summary(db, table)

    def _summary(self, db: sqlite3.Connection, table: int) -> TableSummary:
        row = db.execute(
            "SELECT game, setup, save, created, finished,"
            " (SELECT count(*) FROM moves WHERE table_id = tables.id)"
            " FROM tables WHERE id = ?",
            (table,),
        ).fetchone()
        if row is None:
            raise _no_table(table)
        game, setup, save, created, finished, moves = row
        seats = db.execute(
            "SELECT seat, name, kind, EXISTS (SELECT 1 FROM screens"
            " WHERE screens.code_id = seats.code_id AND heartbeat > ?)"
            " FROM seats WHERE table_id = ? ORDER BY seat",
            (self._clock() - self.TTL, table),
        ).fetchall()
        return TableSummary(
            table=table,
            game=game,
            setup=setup,
            save=save,
            created=created,
            moves=moves,
            finished=bool(finished),
            seats=tuple(
                SeatRow(seat, name, kind, bool(live) and not kind.startswith(BOT_PREFIX))
                for seat, name, kind, live in seats
            ),
        )


def _seats_free_to_join(
    db: sqlite3.Connection, code: str, live_since: float
) -> tuple[int, int, list[tuple[int, str]]]:
    """(code id, table, its seats as (seat, name)) of a code a screen may join now;
    JoinRefused for an unknown code, a finished table, or a code held by a screen whose
    heartbeat came after `live_since`."""
    found = db.execute(
        "SELECT codes.id, codes.table_id, tables.finished FROM codes"
        " JOIN tables ON tables.id = codes.table_id WHERE codes.digest = ?",
        (digest(code),),
    ).fetchone()
    if found is None:
        raise JoinRefused(unknown_code())
    code_id, table, finished = found
    if finished:
        raise JoinRefused(_("That table's game is over."))
    seats = db.execute(
        "SELECT seat, name FROM seats WHERE code_id = ? ORDER BY seat", (code_id,)
    ).fetchall()
    live = db.execute(
        "SELECT count(*) FROM screens WHERE code_id = ? AND heartbeat > ?",
        (code_id, live_since),
    ).fetchone()[0]
    if live:
        names = ", ".join(visible(name) for _seat, name in seats)
        raise JoinRefused(
            _("A screen is already playing at that table for {names}.").format(names=names)
        )
    return code_id, table, seats


def _version(db: sqlite3.Connection, table: int) -> int:
    row = db.execute("SELECT version FROM tables WHERE id = ?", (table,)).fetchone()
    if row is None:
        raise _no_table(table)
    return int(row[0])


def _moves_if_current(db: sqlite3.Connection, table: int, seen: int) -> int | None:
    """How many moves the table has, if it plays on at version `seen`; else None."""
    row = db.execute(
        "SELECT (SELECT count(*) FROM moves WHERE table_id = tables.id) FROM tables"
        " WHERE id = ? AND version = ? AND NOT finished",
        (table, seen),
    ).fetchone()
    return None if row is None else int(row[0])


def _bump(db: sqlite3.Connection, table: int) -> None:
    db.execute("UPDATE tables SET version = version + 1 WHERE id = ?", (table,))


def _last_row(cursor: sqlite3.Cursor) -> int:
    row = cursor.lastrowid
    assert row is not None  # an INSERT's cursor always has one
    return row


def _no_table(table: int) -> TableLogError:
    return TableLogError(_("there is no table {table}").format(table=table))


def _unusable(path: Path, why: object) -> TableLogError:
    reason = " ".join(str(why).split())  # one line, whatever SQLite said
    return TableLogError(
        _("{path} cannot hold the tables: {reason}").format(path=visible(path), reason=reason)
    )


def _make_or_check(path: Path) -> None:
    """The database file, made readable by its owner only if it is new; an existing path
    must be a regular file itself (no link, pipe or folder). An existing file is looked
    at, never opened: closing any descriptor of a file drops every lock this process's
    other connections hold on it (POSIX locks belong to the process)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | NO_FOLLOW
    try:
        os.close(os.open(path, flags, 0o600))
        return
    except FileExistsError:
        pass
    except OSError as error:
        raise _unusable(path, error.strerror or error) from None
    try:
        mode = os.lstat(path).st_mode
    except OSError as error:
        raise _unusable(path, error.strerror or error) from None
    if not stat.S_ISREG(mode):
        raise _unusable(path, NotAFile(path, mode).strerror)


def _keep_private(path: Path) -> None:
    """The write-ahead log and its index readable by the owner only. SQLite gives them
    the database's mode, so this matters for a database made looser by hand; a link
    planted in their place is left alone. They are changed by name, never opened: closing
    a handle drops every lock this process holds on the file, SQLite's on the index too,
    and the next screen to open the database would rebuild the index under this one (it
    died of a bus error)."""
    for suffix in ("-wal", "-shm"):
        name = f"{path}{suffix}"
        try:
            mode = os.lstat(name).st_mode
            if stat.S_ISREG(mode) and stat.S_IMODE(mode) & 0o077:
                os.chmod(name, 0o600)
        except OSError:
            continue  # not there (yet), or gone meanwhile
