"""The table in progress, free of any screen: the game's flow, its save file and the lock on
it, starting, resuming and rematching, the export, the record, and the autosave with its
one-time failure report.

The App asks a `TableSession` what is due (its `flow`) and shows it; whatever happens to
the game or its file happens here, so that a test drives a whole table without a screen.
The save is written from the exit deadline's thread too (a signal, a lost terminal), so
every write and every change of file holds `_files`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.names import visible
from .i18n import _

# The first screen needs a session and no game: the saves, the flow and the engines are
# imported once a game is started or taken up.
if TYPE_CHECKING:
    from .bots.review import Review
    from .core.table import TableGame
    from .flow import TableFlow
    from .persistence import Record, SaveEntry, SaveLock
    from .seats import Seat
    from .shared_table import SharedTable


# -- how a table starts ---------------------------------------------------------------


class _StartValue:
    """A read-only value compared and shown by its fields (`__slots__`); dataclasses would
    add milliseconds to every start-up, as these are defined before the first screen."""

    __slots__: tuple[str, ...] = ()

    def __init__(self, **values: object) -> None:
        assert set(values) == set(self.__slots__)
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Menu(_StartValue):
    """The first screen: nothing chosen."""

    __slots__ = ()


class Setup(_StartValue):
    """A game's setup form, with these options (None: the game's own default) and seed."""

    __slots__ = ("game", "options", "seed")
    game: str
    options: Any
    seed: int | None

    def __init__(self, game: str, options: Any = None, seed: int | None = None) -> None:
        super().__init__(game=game, options=options, seed=seed)


class Play(_StartValue):
    """A game of these seats at once (the form's choices given on the command line)."""

    __slots__ = ("first_leader", "game", "options", "seats", "seed")
    game: str
    seats: tuple[Seat, ...]
    first_leader: int
    seed: int | None
    options: Any

    def __init__(
        self,
        game: str,
        seats: tuple[Seat, ...],
        first_leader: int = 0,
        seed: int | None = None,
        options: Any = None,
    ) -> None:
        super().__init__(
            game=game, seats=seats, first_leader=first_leader, seed=seed, options=options
        )


class Resume(_StartValue):
    """A save taken up: its game, or why it will not load and the offer of its backup."""

    __slots__ = ("entry",)
    entry: SaveEntry

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__(entry=entry)


class Replay(_StartValue):
    """A save's finished game, stepped through with every hand open, and its review."""

    __slots__ = ("entry",)
    entry: SaveEntry

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__(entry=entry)


class Join(_StartValue):
    """A table played from several screens, joined with a seat's code."""

    __slots__ = ("code",)
    code: str

    def __init__(self, code: str) -> None:
        super().__init__(code=code)


Start = Menu | Setup | Play | Resume | Replay | Join


def start_of(
    players: Sequence[str | Seat] | None = None,
    first_leader: int = 0,
    seed: int | None = None,
    options: object = None,
    game: str | None = None,
    resume: SaveEntry | None = None,
    review: bool = False,
) -> Start:
    """How the table starts, from what the command line chose: a save to review or to
    resume; else a game of these players (`game` by default Sticheln); else `game`'s
    form; else the first screen."""
    if resume is not None:
        return Replay(resume) if review else Resume(resume)
    if players:
        from .games import DEFAULT_GAME
        from .seats import Seat

        seats = tuple(Seat(seat) if isinstance(seat, str) else seat for seat in players)
        return Play(game or DEFAULT_GAME, seats, first_leader, seed, options)
    if game:
        return Setup(game, options, seed)
    return Menu()


# -- the table ------------------------------------------------------------------------


class TableSession:
    """The game in progress at one table (or none yet), saved after every change in the
    `saves` folder."""

    def __init__(self, saves: Path) -> None:
        self.saves = saves
        self.flow: TableFlow | None = None  # the game in progress and its table's promise
        self.save_path: Path | None = None  # where the game in progress is saved
        self._lock: SaveLock | None = None  # that file is ours while we hold it
        self._saved: tuple[object, ...] | None = None  # what the save file holds now
        self._save_problem: str | None = None  # why the latest save failed, if it did
        self._files = threading.Lock()
        self.shared: SharedTable | None = None  # the table's log, when played from screens
        self.rejoin: str | None = None  # the code to come back to the table left unfinished

    # -- the game -------------------------------------------------------------------

    @property
    def game(self) -> TableGame | None:
        """The game in progress, or None."""
        return self.flow.game if self.flow is not None else None

    @property
    def finished(self) -> bool:
        return self.flow is not None and self.flow.finished

    def start(
        self,
        game: str,
        seats: Sequence[Seat],
        first_leader: int = 0,
        seed: int | None = None,
        options: object = None,
    ) -> None:
        """Begin a new game of `game` (its key) with these options (None: the game's
        default), in a new save file; raises ValueError (nothing changes) for a bad table.
        Seats on screens of their own open a table in the log, which they join with
        codes; raises TableLogError (nothing changes) when it cannot be opened."""
        from .flow import TableFlow
        from .games import engine_of
        from .persistence import Record, new_save_path

        kind = engine_of(game)
        names = [seat.name for seat in seats]
        if options is None:
            table = kind(names, first_leader=first_leader, seed=seed)
        else:
            table = kind(names, options, first_leader, seed)
        from .seats import no_human_here_problem

        problem = no_human_here_problem(seats)
        if problem:
            raise ValueError(problem)
        levels = [seat.level for seat in seats]
        remote = [number for number, seat in enumerate(seats) if seat.own_screen]
        flow = TableFlow(table, levels, remote)
        save = new_save_path(self.saves, table.players)
        shared = None
        if remote:
            from .shared_table import SharedTable

            setup = Record(table, tuple(levels), 0, False)
            shared = SharedTable.open(self.saves, setup, seats, save)
        self._take_over(flow, shared)
        self.hold(save)

    def join(self, code: str) -> None:
        """Take this screen's seats at the table of `code`, where its game stands now.
        Raises JoinRefused (one line; nothing changes) or TableLogError."""
        from .flow import TableFlow
        from .shared_table import SharedTable

        shared = SharedTable.join(self.saves, code)
        try:
            flow = TableFlow(shared.first_game(), shared.levels, shared.remote())
            caught = shared.caught_up(flow.game)
        except Exception:
            shared.close()
            raise
        if caught is not None:
            flow = TableFlow(caught, shared.levels, shared.remote())
        flow.bots_here = False
        self._take_over(flow, shared)
        self.hold(None)
        self.beat()

    def sync(self) -> bool:
        """Take in the moves made at other screens; True when the game changed."""
        shared, flow = self.shared, self.flow
        if shared is None or flow is None or not shared.changed():
            return False
        if not self._as_the_log_has_it(shared, flow):
            return False
        self._finish_table()
        return True

    @staticmethod
    def _as_the_log_has_it(shared: SharedTable, flow: TableFlow) -> bool:
        """The flow's game made the log's; True when that changed it."""
        caught = shared.caught_up(flow.game)
        if caught is not None:
            flow.caught_up(caught)
        return caught is not None

    def submit(self) -> bool:
        """The move just made at this screen goes to the table's log; False when another
        screen's move came first (the game is then as the log has it)."""
        shared, flow = self.shared, self.flow
        if shared is None or flow is None:
            return True
        if shared.submit(flow.game):
            self._finish_table()
            return True
        self._as_the_log_has_it(shared, flow)
        return False

    def taken_back(self) -> bool:
        """The move the flow has just taken back leaves the table's log too; False when
        it is too late (another screen moved since: the game is as the log has it)."""
        shared, flow = self.shared, self.flow
        if shared is None or flow is None:
            return True
        if shared.take_back(len(flow.game.moves)):
            return True
        self._as_the_log_has_it(shared, flow)
        return False

    def beat(self) -> bool:
        """A sign of life to the table; True when this screen has just become its keeper
        (it moves the bots and writes the save from now on)."""
        shared, flow = self.shared, self.flow
        if shared is None or flow is None:
            return False
        was_keeper = shared.keeper
        keeper = shared.beat()
        flow.bots_here = keeper
        if keeper:
            # Taken at every beat until the old keeper, if it still runs, lets go of it.
            self.hold(shared.save)
            return not was_keeper
        if not keeper and was_keeper:
            self.hold(None)
        return False

    def _finish_table(self) -> None:
        if self.shared is not None and self.finished:
            self.shared.finish()

    def take_over(self, game: TableGame, levels: Sequence[str | None] = ()) -> None:
        """Take over a game in any state, with a bot level (None: human) per seat; it is
        not saved. Raises ValueError (nothing changes) for a table without a human."""
        from .flow import TableFlow

        self._take_over(TableFlow(game, levels), None)
        self.hold(None)

    def resume(self, record: Record, path: Path | None) -> None:
        """Take up a saved game where it was left (`path`: its save, held already by
        `take_up`, or a new file). Hands stay hidden until their owner has taken the
        keyboard (a hand-off comes first), even for a lone human."""
        from .flow import TableFlow

        self.hold(path)
        flow = TableFlow.resumed(record.game, record.levels, record.deals_seen, record.reveal_seen)
        self._take_over(flow, None)
        if path is not None and path.exists():
            self._saved = self._save_state()  # the file holds this already

    def take_up(self, entry: SaveEntry) -> SaveEntry | None:
        """Make a listed save ours and read it again (another window may have played on
        since); None, and nothing changes, when another program has it open. An entry
        that will not load is given back as it is, and no file is held."""
        from .persistence import entry_of

        if entry.record is None:
            self.hold(None)
            return entry
        if not self.hold(entry.path):
            return None
        entry = entry_of(entry.path, entry.modified)
        if entry.record is None:  # damaged since it was listed: nothing to hold it for
            self.hold(None)
        return entry

    def rematch(self) -> None:
        """The same table again: players, seat types and rules; new cards, and the next
        seat leads first."""
        game = self.game
        assert game is not None
        leader = (game.first_leader + 1) % len(game.players)
        self.start(game.GAME, self.seats(), leader, None, game.options)

    def leave(self) -> None:
        """No game in progress any more (its save stays, for Continue)."""
        self.flow = None
        self._leave_table()
        self.hold(None)

    def seats(self) -> list[Seat]:
        """Who sits at the table of the game in hand: names and bot levels."""
        from .seats import Seat

        flow = self.flow
        assert flow is not None
        players = flow.game.players
        return [
            Seat(name, level, seat in flow.remote)
            for seat, (name, level) in enumerate(zip(players, flow.levels, strict=True))
        ]

    def review(self) -> Review:
        """The review of the finished game's human players (the seats without a bot)."""
        assert self.flow is not None
        return review_of(self.flow.game, self.flow.levels)

    def _take_over(self, flow: TableFlow, shared: SharedTable | None) -> None:
        self._leave_table()
        self.flow = flow
        self.shared = shared
        self._saved = None
        self._save_problem = None

    def _leave_table(self) -> None:
        """This screen leaves the table it played at, if any (the others play on)."""
        shared, self.shared = self.shared, None
        if shared is not None:
            self.rejoin = None if self.finished else shared.code
            shared.close()

    # -- the save file --------------------------------------------------------------

    def hold(self, path: Path | None) -> bool:
        """Make `path` the file the game is saved in (None: no file), letting go of the
        one before; False, and nothing changes, when another program has it open."""
        if self._lock is not None and self._lock.path == path:
            return True
        from .persistence import SaveLock

        lock = SaveLock.take(path) if path is not None else None
        if path is not None and lock is None:
            return False
        with self._files:
            if self._lock is not None:
                self._lock.release()
            self._lock = lock
            self.save_path = path
        return True

    def holds(self, path: Path) -> bool:
        """The save at `path` is this table's (not another window's)."""
        return self._lock is not None and self._lock.path == path

    def let_go(self) -> None:
        """Let go of the save (the system would anyway; this also removes the lock file)
        and of the table played from several screens."""
        with self._files:
            if self._lock is not None:
                self._lock.release()
        self._leave_table()

    @property
    def saved(self) -> bool:
        """The game in progress is in its save file."""
        return self.save_path is not None and self._save_problem is None and self._saved is not None

    @property
    def save_problem(self) -> str | None:
        """Why the latest save of the game in progress failed; None if it went through."""
        return self._save_problem

    @property
    def exit_status(self) -> int:
        """1 while the latest save failed (the game may be lost), else 0."""
        return 1 if self._save_problem is not None else 0

    def record(self) -> Record:
        """The game in progress with what the table has seen of it, as saves hold it."""
        from .persistence import Record

        flow = self.flow
        assert flow is not None
        return Record(flow.game, flow.levels, flow.deals_seen, flow.reveal_seen)

    def record_on_file(self) -> Record | None:
        """The game as its save file holds it when the latest save failed: up to the last
        save that went through (the file is replaced only by a whole save). None when the
        game is saved, or nothing of it is."""
        if self.saved or self.save_path is None or self._saved is None:
            return None
        from .persistence import SaveError, load

        try:
            return load(self.save_path)
        except SaveError:
            return None

    def _save_state(self) -> tuple[object, ...]:
        flow = self.flow
        assert flow is not None
        return (id(flow.game), len(flow.game.moves), flow.deals_seen, flow.reveal_seen)

    def autosave(self) -> str | None:
        """Save after every change; a failed save is retried after the next move. Returns
        what to tell the table, once, when saving has just begun to fail."""
        failing_already = self._save_problem is not None
        problem = self.save_now()
        if problem is None or failing_already:
            return None
        assert self.save_path is not None  # a save failed, so there is a file to save in
        return _(
            "Could not save the game ({reason}) in {folder}; trying again after the next move."
        ).format(reason=problem, folder=visible(self.save_path.parent))

    def save_now(self) -> str | None:
        """Write the game to its save, unless there is no game or the save holds it
        already; why not, if that failed."""
        with self._files:
            if self.flow is None or self.save_path is None or self._save_state() == self._saved:
                return None
            if self.shared is not None and not self.shared.keeper:
                return None  # the table's keeper writes its record
            from .persistence import save, write_problem

            try:
                save(self.save_path, self.record())
            except OSError as error:
                self._save_problem = write_problem(self.save_path, error)
                return self._save_problem
            self._save_problem = None
            self._saved = self._save_state()
            return None

    def export(self, directory: Path) -> Path:
        """Write the game's record into `directory`, for review; returns its path. Raises
        OSError or ValueError (nothing written) when it cannot."""
        from .persistence import export, export_name

        game = self.game
        assert game is not None
        path = directory / export_name(game.GAME, game.players)
        export(path, self.record())
        return path

    def leaving_question(self, question: str) -> str:
        """`question`, asked before leaving the game in progress, saying whether it can be
        continued."""
        game = self.game
        if game is None or game.finished:
            return question
        if self.shared is not None:
            # Translators: {question} is asked before leaving ("Quit Hattrick?"); the
            # others play on at a table of several screens.
            leaving = _("{question} The table waits for you: come back with sticheln join {code}")
            return leaving.format(question=question, code=self.shared.code)
        if self.saved:
            # Translators: {question} is a question asked before leaving, e.g. "Quit Hattrick?".
            leaving = _("{question} The game is saved: Continue on the start screen picks it up.")
            return leaving.format(question=question)
        on_file = self.record_on_file()
        if on_file is None:
            leaving = _("{question} The game in progress could not be saved and will be lost.")
            return leaving.format(question=question)
        # Translators: {question} is asked before leaving ("Quit Hattrick?"); {progress} is
        # where the game stood after that move: "deal 2 of 5, trick 3 of 14".
        leaving = _(
            "{question} The game could not be saved after move {move}; Continue on the start "
            "screen picks it up from there ({progress})."
        )
        return leaving.format(
            question=question, move=len(on_file.game.moves), progress=on_file.progress()
        )


def review_of(finished: TableGame, levels: Sequence[str | None]) -> Review:
    """The review of a finished game's human players (the seats without a bot level)."""
    from .bots.review import Review
    from .core.review import decisions

    humans = [seat for seat, level in enumerate(levels) if level is None]
    return Review(finished.GAME, decisions(finished, humans), humans)
