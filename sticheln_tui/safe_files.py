"""Reading and writing the files beside the saves, which anybody may have put there.

A name ending in `.json` may be a named pipe (opening it to read would wait for a writer
for ever), a link to a device (`/dev/zero` never ends), a folder or a file of gigabytes.
Only regular files are read, without waiting, and never more than a cap. Files are
written by creating a new one exclusively, so that a link planted where the temporary
file goes cannot lead the write to another file. Small and free of the games, so that
settings, read before `--help`, cost nothing to import.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable

from .i18n import _

# Flags that keep an open from waiting (a pipe with no writer) or taking over a terminal.
_NO_WAITING = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_CLOSE_ON_EXEC = getattr(os, "O_CLOEXEC", 0)
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CHUNK = 1 << 16
# How deep lists and objects may nest in any JSON file read here: a save nests 6 deep,
# {"moves": [{"predict": {"steals": [["red", 1]]}}]}, settings 1.
MAX_NESTING = 10


class NotAFile(OSError):
    """A path that names something other than a regular file; `strerror` says what."""

    def __init__(self, path: str | os.PathLike, mode: int) -> None:
        super().__init__(_("not a file but {kind}").format(kind=kind_of(mode)))
        self.strerror = self.args[0]
        self.filename = os.fspath(path)


def kind_of(mode: int) -> str:
    """What a file of this mode is, for "not a file but ..."."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    return _("something other than a file")


def read_capped(path: str | os.PathLike, cap: int) -> bytes:
    """The first `cap` + 1 bytes of the regular file at `path` (a link to one is followed),
    so that the caller can tell a file over its cap; raises OSError, NotAFile for anything
    but a regular file. Never waits, whatever the path names."""
    # Looked at before it is opened, so that no device is opened at all; and again once
    # open, since the name may have been pointed elsewhere in between.
    _check_regular(path, os.stat(path).st_mode)
    handle = open_regular(path, os.O_RDONLY)
    try:
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(handle, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def open_regular(path: str | os.PathLike, flags: int, follow: bool = True) -> int:
    """The regular file at `path` opened with `flags` (and, with O_CREAT, made 0o644),
    without waiting on a pipe; with `follow` False a link is refused, not followed.
    Raises OSError, NotAFile for anything but a regular file."""
    flags |= _NO_WAITING | _CLOSE_ON_EXEC | (0 if follow else NO_FOLLOW)
    try:
        handle = os.open(path, flags, 0o644)
    except OSError as error:
        # What O_NOFOLLOW and a folder opened to write fail with, said as what they are.
        kinds = {errno.ELOOP: stat.S_IFLNK, errno.EISDIR: stat.S_IFDIR}
        if error.errno in kinds:
            raise NotAFile(path, kinds[error.errno]) from None
        raise
    try:
        _check_regular(path, os.fstat(handle).st_mode)
    except NotAFile:
        os.close(handle)
        raise
    return handle


def _check_regular(path: str | os.PathLike, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise NotAFile(path, mode)


def create_exclusively(path: str | os.PathLike, mode: int = 0o644) -> int:
    """A new, empty file at `path`, open to write: whatever was there (a file left by a
    crash, a planted link) is removed first, not followed. Raises OSError."""
    try:
        os.unlink(path)  # a link itself goes, not what it points to
    except FileNotFoundError:
        pass
    except IsADirectoryError:
        raise NotAFile(path, stat.S_IFDIR) from None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW | _CLOSE_ON_EXEC
    return os.open(path, flags, mode)


def nested_deeper(data: object, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep (found level by level, not
    by recursion, so that nothing later runs out of stack on what a file holds)."""
    level = [data]
    for _depth in range(limit + 1):
        containers = [value for value in level if isinstance(value, list | dict)]
        if not containers:
            return False
        level = [inner for value in containers for inner in _inside(value)]
    return True


def _inside(value: list | dict) -> Iterable[object]:
    return value.values() if isinstance(value, dict) else value
