"""Saves and game records: versioned JSON, written atomically, read with suspicion.

A game is fully determined by its game, seats, options, first leader, seed and moves, so
that is all a file holds; loading replays the moves through the engine, which refuses
anything impossible. Nothing in a file is ever executed. No Textual or Rich here: the
command line lists and checks saves without starting the app.

Version 2, written now (version 1, every file before Hattrick, was Sticheln only: the same
without "game", with the options under "rules"; it is still read):

    {"format": "sticheln-game", "version": 2, "game": "hattrick",
     "saved_at": "2026-11-29T21:05:00+01:00", "finished": false,
     "seats": [{"name": "Ann", "bot": null}, {"name": "Bob", "bot": "easy"}, ...],
     "first_leader": 0, "seed": 7,
     "options": {"deals": 5},
     "moves": [{"play": "red 7"}, {"pass": "green 3"}, ...],
     "seen": {"deals": 1}}

Every game keeps its options under "options", one field per field of its options
dataclass (Sticheln's are its `Rules`). What a game's moves are called, and which "seen"
markers it has, is its save codec's (`GamePlay.codec`; each game's module `codec` says,
e.g. sticheln_tui/games/hattrick/codec.py: moves {"play": "red 7"}, {"pass": "green 3"};
seen {"deals": n}).

A card is its colour and its value in ASCII digits without leading zeros: "red 0",
"blue 12".
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

from .codec import Codec, SaveError, describe, expect, required_keys
from .core.names import visible
from .core.table import IllegalMove, TableGame, seed_problem
from .games import play_of, registered
from .i18n import _
from .locations import saves_directory
from .safe_files import (
    MAX_NESTING,
    create_exclusively,
    nested_deeper,
    open_regular,
    read_capped,
)
from .seats import LEVELS, no_human_problem

if sys.platform != "win32":
    import fcntl

FORMAT = "sticheln-game"
VERSION = 2
OPTIONS_FIELD = {1: "rules", 2: "options"}  # by version: where a file keeps the options
VERSION_1_GAME = "sticheln"  # every file of version 1 holds a game of Sticheln
SUFFIX = ".json"
BACKUP_SUFFIX = ".bak"
LOCK_SUFFIX = ".lock"
MAX_FILE_BYTES = 1_000_000  # a 20-deal game of 8 players is under 100 kB
MAX_MOVES = 10_000  # more than the longest possible game, with every tie-break deal


class SavesFolderError(Exception):
    """The saves folder is there but cannot be read (not the same as holding no game);
    the message is one line saying why."""


@dataclass
class Record:
    """A game with what the table had already seen of it."""

    game: TableGame
    levels: tuple[str | None, ...]  # a bot level per seat; None for a human
    deals_seen: int = 0  # deal scoreboards the table has looked at
    reveal_seen: bool = False  # Sticheln: the pain cards of the current deal were shown to all

    @property
    def finished(self) -> bool:
        return self.game.finished

    def progress(self) -> str:
        """One line: where the game stands."""
        if self.finished:
            return _("finished")
        view = self.game.view(None)
        trick = {"trick": view.trick_number, "tricks": view.tricks_per_deal}
        if view.deal > view.deals_total:
            return _("tie-break deal, trick {trick} of {tricks}").format(**trick)
        return _("deal {deal} of {deals}, trick {trick} of {tricks}").format(
            deal=view.deal, deals=view.deals_total, **trick
        )

    def summary(self) -> str:
        """One line: which game, who plays, where it stands."""
        players = ", ".join(self.game.players)
        # Translators: a saved game in a list: "Sticheln: Ann, Bob, Cid: deal 2 of 3, ...".
        return _("{game}: {players}: {progress}").format(
            game=_(self.game.TITLE), players=players, progress=self.progress()
        )


# -- to and from JSON -------------------------------------------------------------


def codec_of(game: TableGame) -> Codec:
    return play_of(game.GAME).codec


def dumps(record: Record, saved_at: datetime | None = None) -> str:
    game = record.game
    codec = codec_of(game)
    seen = {"deals": record.deals_seen, "reveal": record.reveal_seen}
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.GAME,
        "saved_at": (saved_at or datetime.now().astimezone()).isoformat(timespec="seconds"),
        "finished": record.finished,
        "seats": [
            {"name": name, "bot": level}
            for name, level in zip(game.players, record.levels, strict=True)
        ],
        "first_leader": game.first_leader,
        "seed": game.seed,
        "options": {
            field.name: getattr(game.options, field.name) for field in fields(codec.options)
        },
        "moves": [codec.move_json(move) for move in game.moves],
        "seen": {marker: seen[marker] for marker in codec.seen},
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _clipped(reason: object) -> str:
    """The engine's reason, cut short: it may quote whatever the file holds."""
    text = str(reason)
    return text if len(text) <= 100 else text[:97] + "..."


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object; a field given twice is refused, not settled by which comes last."""
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise SaveError(_("the field {field} appears twice").format(field=describe(key)))
        data[key] = value
    return data


def _options(value: object, codec: Codec, field: str) -> object:
    data = expect(value, dict, field)
    kinds = codec.option_kinds()
    unknown = sorted(set(data) - set(kinds))
    if unknown:
        raise SaveError(
            _("{game} has no option {option}").format(
                game=_(codec.game.TITLE), option=describe(unknown[0])
            )
        )
    required_keys(data, set(kinds), field)
    for name, option in data.items():
        expect(option, kinds[name], _("option {name}").format(name=repr(name)))
    try:
        return codec.options(**data)
    except ValueError as error:
        raise SaveError(_("impossible options: {why}").format(why=_clipped(error))) from None


def _codec(value: object) -> Codec:
    name = expect(value, str, "game")
    games = registered()
    if name not in games:
        raise SaveError(
            _("game should be one of {games}, not {value}").format(
                games=", ".join(games), value=describe(name)
            )
        )
    return play_of(name).codec


def _version(data: dict) -> int:
    if data.get("format") != FORMAT:
        raise SaveError(_("not a saved game of this program"))
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise SaveError(
            _(
                "written by a newer version of this program (file version {version}; "
                "this one reads {ours})"
            ).format(version=describe(version), ours=VERSION)
        )
    if type(version) is not int or version not in OPTIONS_FIELD:  # not 1.0 or true either
        raise SaveError(_("unknown file version {version}").format(version=describe(version)))
    return version


def _parsed(text: str) -> dict:
    if not text.strip():
        raise SaveError(_("the file is empty"))
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(_("the file is nested too deeply to be a save")) from None
    except json.JSONDecodeError as error:
        reason = str(error).splitlines()[0]
        raise SaveError(_("damaged or not JSON ({reason})").format(reason=reason)) from None
    except ValueError:  # an integer of more digits than Python will convert
        raise SaveError(_("damaged or not JSON (a number with too many digits)")) from None
    if nested_deeper(data, MAX_NESTING):
        raise SaveError(_("the file is nested too deeply to be a save"))
    return expect(data, dict, "the file")


def loads(text: str) -> Record:
    """The record in this text; raises SaveError with a one-line reason."""
    data = _parsed(text)
    version = _version(data)
    options_field = OPTIONS_FIELD[version]
    required = {"format", "version", "saved_at", "finished", "seats", "first_leader", "seed"}
    required |= {options_field, "moves", "seen"} | ({"game"} if version > 1 else set())
    required_keys(data, required, _("the file"))
    codec = _codec(data["game"] if version > 1 else VERSION_1_GAME)
    expect(data["saved_at"], str, "saved_at")
    finished = expect(data["finished"], bool, "finished")
    names, levels = _seats(data["seats"])
    first_leader = expect(data["first_leader"], int, "first_leader")
    seed = expect(data["seed"], int, "seed")
    problem = seed_problem(seed)
    if problem:
        raise SaveError(_clipped(problem))
    options = _options(data[options_field], codec, options_field)
    raw_moves = expect(data["moves"], list, "moves")
    if len(raw_moves) > MAX_MOVES:
        raise SaveError(_("{count} moves are more than any game has").format(count=len(raw_moves)))
    moves = [
        codec.move(move, _("move {number}").format(number=number))
        for number, move in enumerate(raw_moves, 1)
    ]
    seen = expect(data["seen"], dict, "seen")
    required_keys(seen, set(codec.seen), "seen")
    deals_seen = expect(seen["deals"], int, "seen deals")
    reveal_seen = expect(seen.get("reveal", False), bool, "seen reveal")
    game = _replay(codec, names, options, first_leader, seed, moves)
    if not 0 <= deals_seen <= len(game.results):
        most = len(game.results)
        raise SaveError(
            _("seen deals should be from 0 to {most}, not {value}").format(
                most=most, value=describe(deals_seen)
            )
        )
    record = Record(game, tuple(levels), deals_seen, reveal_seen)
    if finished != record.finished:
        if finished:
            raise SaveError(_("the file says the game is finished, but its moves say otherwise"))
        raise SaveError(_("the file says the game is unfinished, but its moves say otherwise"))
    return record


def _seats(value: object) -> tuple[list[str], list[str | None]]:
    """The players' names and bot levels."""
    seats = expect(value, list, "seats")
    names, levels = [], []
    for index, seat in enumerate(seats, 1):
        place = _("seat {number}").format(number=index)
        entry = expect(seat, dict, place)
        required_keys(entry, {"name", "bot"}, place)
        name = expect(entry["name"], str, _("{seat}'s name").format(seat=place))
        names.append(name)
        bot = _("{seat}'s bot").format(seat=place)
        level = expect(entry["bot"], (str, type(None)), bot)
        if level is not None and level not in LEVELS:
            raise SaveError(
                _("{bot} should be one of {levels}").format(bot=bot, levels=", ".join(LEVELS))
            )
        levels.append(level)
    problem = no_human_problem(levels)
    if problem:
        raise SaveError(problem)
    return names, levels


def _replay(
    codec: Codec,
    names: Sequence[str],
    options: object,
    first_leader: int,
    seed: int,
    moves: Sequence[Any],
) -> TableGame:
    try:
        game = codec.game(names, options, first_leader, seed)
    except ValueError as error:
        raise SaveError(_("impossible game: {why}").format(why=_clipped(error))) from None
    for number, move in enumerate(moves, 1):
        try:
            game.apply(move)
        except IllegalMove as error:
            raise SaveError(
                _("move {number} is impossible: {why}").format(number=number, why=_clipped(error))
            ) from None
    return game


# -- files ------------------------------------------------------------------------


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def load(path: Path) -> Record:
    """The record in this file, which is only read; raises SaveError."""
    try:
        data = read_capped(path, MAX_FILE_BYTES)
    except OSError as error:
        raise SaveError(
            _("cannot read it ({problem})").format(problem=error.strerror or error)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise SaveError(
            _("over {size} kB: too large to be a save").format(size=MAX_FILE_BYTES // 1000)
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_("damaged or not a text file (not UTF-8)")) from None
    return loads(text)


def write_atomically(path: Path, text: str, keep_backup: bool = True) -> None:
    """Replace `path` with `text` so that a crash at any instant leaves the old or the new
    file whole; the old one is kept as the backup. Raises OSError (nothing replaced)."""
    temporary = path.with_name(f".{path.name}.tmp")
    staged = path.with_name(f".{path.name}{BACKUP_SUFFIX}.tmp")
    try:
        _write_new(temporary, text.encode("utf-8"))
        if keep_backup and path.exists():
            _keep_backup(path, staged)
        os.replace(temporary, path)
    except OSError:
        # E.g. a full disk: leave no half-written file behind.
        temporary.unlink(missing_ok=True)
        staged.unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)


def _keep_backup(path: Path, staged: Path) -> None:
    """The file as it is now becomes the backup, itself replaced in one step."""
    staged.unlink(missing_ok=True)
    try:
        os.link(path, staged)  # no copy: the backup shares the finished file
    except OSError:  # file systems without hard links
        _write_new(staged, read_capped(path, MAX_FILE_BYTES))
    os.replace(staged, backup_of(path))


def _write_new(path: Path, data: bytes) -> None:
    """`data` in a file made anew at `path` (see `create_exclusively`), on the disk."""
    with open(create_exclusively(path), "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())


def _sync_directory(directory: Path) -> None:
    """Make the renames themselves durable (where the platform allows)."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def save(path: Path, record: Record) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, dumps(record))


def export(path: Path, record: Record) -> None:
    """Write a finished game's record for review (`sticheln --replay`); raises ValueError
    with a one-line reason for an unfinished game or a file that cannot be written."""
    if not record.finished:
        raise ValueError(_("only a finished game can be exported (its hands are still secret)"))
    try:
        write_atomically(path, dumps(record), keep_backup=False)
    except OSError as error:
        raise ValueError(write_problem(path, error)) from None


def write_problem(path: Path, error: OSError) -> str:
    """Why `path` cannot be written, about the path asked for (the error itself names the
    temporary file beside it)."""
    directory = path.parent
    if os.path.isdir(directory):
        return error.strerror or str(error)
    return not_a_directory(directory) or _("there is no directory {directory}").format(
        directory=visible(directory)
    )


def not_a_directory(directory: Path | str) -> str | None:
    """Says that `directory` is not a directory when a file stands in its place (making
    it there fails with only "File exists"); None when it is one, or is not there."""
    if os.path.exists(directory) and not os.path.isdir(directory):
        return _("{directory} is not a directory").format(directory=visible(directory))
    return None


def export_name(game: str, players: Sequence[str]) -> str:
    """A file name for a record of `game` (its key): `sticheln-2026-11-29-210512-ann-bob-
    cid.json`, `hattrick-2026-11-29-210512-ann-bob-cid-dee.json`."""
    return f"{game}-{_file_stem(players)}{SUFFIX}"


# -- one program per save ---------------------------------------------------------


def lock_of(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


class SaveLock:
    """A save this program has open, so that a second copy of the program does not write
    its own moves over this one's. It is an `flock` on a file beside the save (the save
    itself is replaced at every move), so the system lets go of it however the program
    ends, `kill -9` included. On Windows, which has no `flock`, saves are not locked."""

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def take(cls, path: Path) -> SaveLock | None:
        """The lock of this save, or None when it cannot be had: another program holds
        it, or its lock file is not one this program can hold (`lock_hindrance` says
        which). Where no lock file can be made because the folder cannot be written, the
        save is not locked: no window could write it either, and the autosave says so."""
        if sys.platform == "win32":
            return cls(path, None)
        lock = lock_of(path)
        while True:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                handle = open_regular(lock, os.O_RDWR | os.O_CREAT, follow=False)
            except OSError:
                if os.path.lexists(lock):  # there, but not a lock this program can hold
                    return None
                return cls(path, None)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(handle)
                return None
            # A holder letting go removes the file: the lock must be on the file there now.
            try:
                if os.stat(lock).st_ino == os.fstat(handle).st_ino:
                    return cls(path, handle)
            except FileNotFoundError:
                pass
            os.close(handle)

    def release(self) -> None:
        """Let go (the lock file goes too, while still held; see `take`)."""
        if self._handle is None:
            return
        lock_of(self.path).unlink(missing_ok=True)
        os.close(self._handle)
        self._handle = None


def lock_problem(path: Path) -> str | None:
    """Why this save's lock file, if there is one, cannot be held by this program (a
    folder, a link, a file it may not write), in a few words; None if it can."""
    if sys.platform == "win32":
        return None
    lock = lock_of(path)
    try:
        os.close(open_regular(lock, os.O_RDWR, follow=False))  # as `take` opens it
    except FileNotFoundError:
        return None
    except OSError as error:
        why = error.strerror or error
        # Translators: {file} is a lock file's name, {why} why it cannot be held.
        return _("cannot be locked: {file}: {why}").format(file=visible(lock.name), why=why)
    return None


def open_elsewhere(path: Path) -> bool:
    """Whether a program holds this save's lock (this one too, for a save it holds)."""
    if sys.platform == "win32":
        return False
    try:
        handle = open_regular(lock_of(path), os.O_RDONLY, follow=False)
    except OSError:  # no lock file, or one nobody could hold: `lock_problem` says
        return False
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)  # shared: lookers never collide
    except OSError:
        return True
    finally:
        os.close(handle)
    return False


def lock_hindrance(path: Path) -> str | None:
    """Why this save cannot be taken up here now: its lock cannot be held, or another
    program has it open; None when it is free (or held by this program)."""
    return lock_problem(path) or (_("open in another window") if open_elsewhere(path) else None)


# -- the saves directory ----------------------------------------------------------


def _file_stem(players: Sequence[str]) -> str:
    """When and who: `2026-11-29-210512-ann-bob-cid`."""
    slug = "-".join(re.sub(r"[^a-z0-9]+", "", name.casefold()) or "x" for name in players)
    return f"{datetime.now():%Y-%m-%d-%H%M%S}-{slug[:40]}"


def new_save_path(directory: Path, players: Sequence[str]) -> Path:
    """A fresh file name that says when the game began and who plays."""
    stem = _file_stem(players)
    path = directory / f"{stem}{SUFFIX}"
    number = 2
    # os.path.exists: an unreadable directory is the autosave's to report, not a crash.
    while any(os.path.exists(taken) for taken in (path, backup_of(path), lock_of(path))):
        path = directory / f"{stem}-{number}{SUFFIX}"
        number += 1
    return path


@dataclass(frozen=True)
class SaveEntry:
    """A save file in the directory, as listed: its record, or why it will not load."""

    path: Path
    modified: float
    record: Record | None
    problem: str | None

    @property
    def finished(self) -> bool:
        return self.record is not None and self.record.finished

    def describe(self) -> str:
        when = datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        if self.record is None:
            # Translators: a line of `sticheln --list-saves`.
            return _("{when}  {file}: cannot be loaded: {problem}").format(
                when=when, file=visible(self.path.name), problem=self.problem
            )
        line = f"{when}  {self.record.summary()}  ({visible(self.path.name)})"
        hindrance = lock_hindrance(self.path)
        return line + (f"  {hindrance}" if hindrance else "")


def entry_of(path: Path, modified: float) -> SaveEntry:
    """The save as its file holds it now: its record, or why it will not load."""
    try:
        return SaveEntry(path, modified, load(path), None)
    except SaveError as error:
        return SaveEntry(path, modified, None, str(error))


def list_saves(directory: Path | None = None) -> list[SaveEntry]:
    """Every save in the directory, newest first; raises SavesFolderError."""
    return list(_entries(directory))


def _entries(directory: Path | None, finished: bool | None = None) -> Iterator[SaveEntry]:
    """The saves newest first, each loaded only when asked for; with `finished`, only the
    games said (by the file) to be finished, or not, are loaded and checked."""
    for modified, path in _dated(directory):
        if finished is not None and _says_finished(path) is not finished:
            continue
        yield entry_of(path, modified)


def _dated(directory: Path | None) -> list[tuple[float, Path]]:
    directory = directory or saves_directory()
    dated = []
    # Listed by hand: a glob finds nothing in a folder it may not read, or in a file.
    try:
        with os.scandir(directory) as listing:
            names = [item.name for item in listing]
    except FileNotFoundError:  # no game saved yet: the first save makes the folder
        return []
    except OSError as error:
        raise SavesFolderError(
            # Translators: {problem} is the system's reason, e.g. "Permission denied" (it
            # may be English).
            _("cannot read the saves folder {folder}: {problem}").format(
                folder=visible(directory), problem=error.strerror or error
            )
        ) from None
    paths = [
        directory / name for name in names if name.endswith(SUFFIX) and not name.startswith(".")
    ]
    for path in paths:
        try:
            # A link to nowhere, or a file another window removed meanwhile, has no date:
            # listed as it is, it tells why it will not load, and the rest are still listed.
            dated.append((path.stat().st_mtime, path))
        except OSError:
            dated.append((0.0, path))
    return sorted(dated, reverse=True)


def _says_finished(path: Path) -> bool | None:
    """The file's own finished flag, read without replaying its moves (so a list of many
    finished games stays quick); None if it cannot even be read."""
    try:
        return json.loads(read_capped(path, MAX_FILE_BYTES)).get("finished") is True
    except (OSError, ValueError, AttributeError, RecursionError):
        return None


def latest_unfinished(directory: Path | None = None) -> SaveEntry | None:
    """The newest save of an unfinished game: the one to continue. The newest save of all,
    if it will not load, so that its backup can be offered; a damaged save that newer
    games have followed is only listed. Raises SavesFolderError."""
    newest = next(_entries(directory), None)
    if newest is None or not newest.finished:
        return newest
    entries = (entry for entry in _entries(directory, finished=False) if entry.record)
    return next((entry for entry in entries if not entry.finished), None)


def latest_finished(directory: Path | None = None) -> SaveEntry | None:
    """The newest save of a finished game; raises SavesFolderError."""
    entries = _entries(directory, finished=True)
    return next((entry for entry in entries if entry.finished), None)
