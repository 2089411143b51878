"""The player's settings kept between games: the language and the colour theme chosen in
the game.

The file is read with the same suspicion as a save: anything odd in it (too large, not
UTF-8, not JSON, an unknown language or theme) is ignored with a one-line warning, never
a crash, and it is written atomically, so a crash leaves the old file or the new one
whole. Writing one setting keeps the others.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Collection

from .core.names import visible
from .i18n import LANGUAGES, _
from .i18n import language_problem as i18n_language_problem
from .locations import config_directory
from .safe_files import MAX_NESTING, nested_deeper, read_capped

SETTINGS_FILE = "settings.json"
MAX_BYTES = 10_000  # a settings file is a few dozen bytes
LANGUAGE = "language"
THEME = "theme"


def settings_path() -> str:
    return os.path.join(config_directory(), SETTINGS_FILE)


def _read() -> tuple[dict[str, object], str | None]:
    """Every setting in the file ({} when there is none or it is damaged), and what is
    wrong with the file, if anything."""
    path = settings_path()
    try:
        data = read_capped(path, MAX_BYTES)
    except FileNotFoundError:
        return {}, None
    except OSError as error:
        return {}, _("cannot read it ({problem})").format(problem=error.strerror or error)
    if len(data) > MAX_BYTES:
        return {}, _("too large to be a settings file")
    try:
        settings = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return {}, _("not a settings file (not JSON)")
    except RecursionError:  # brackets nested deeper than Python's stack
        return {}, _("nested too deeply to be a settings file")
    if nested_deeper(settings, MAX_NESTING):
        return {}, _("nested too deeply to be a settings file")
    if not isinstance(settings, dict):
        return {}, _("not a settings file (not a JSON object)")
    return settings, None


def _remembered(key: str, problem: Callable[[str], str | None]) -> str | None:
    """The setting `key`, or None when it was never made, the file is damaged or
    `problem` finds fault with it (one line on stderr each time)."""
    settings, damage = _read()
    if damage:
        _ignored(damage)
        return None
    value = settings.get(key)
    if value is None:
        return None
    if not isinstance(value, str):  # never a name (a list would not even hash): refused
        value = repr(value)
    why = problem(value)
    if why:
        _ignored(why)
        return None
    return value


def remembered_language() -> str | None:
    """The language chosen in the game last time, if any (see `_remembered`)."""
    return _remembered(
        LANGUAGE, lambda code: None if code in LANGUAGES else i18n_language_problem(code)
    )


def remembered_theme(themes: Collection[str]) -> str | None:
    """The theme chosen in the game last time, if it is one of `themes` (see
    `_remembered`)."""
    # Translators: {name} is what the settings file gives as the theme, quoted.
    unknown = _("no theme is called {name}")
    return _remembered(
        THEME, lambda name: None if name in themes else unknown.format(name=repr(name))
    )


def _remember(key: str, value: str) -> str | None:
    """Keep `value` as the setting `key`, the other settings as they are (a damaged file
    is replaced); the problem in one line when the file cannot be written."""
    from pathlib import Path

    from .persistence import write_atomically

    settings, _damage = _read()  # a damaged file was reported when read at the start
    settings[key] = value
    path = Path(settings_path())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(settings) + "\n", keep_backup=False)
    except OSError as error:
        return error.strerror or str(error)
    return None


def _kept(key: str, value: str) -> str | None:
    """`_remember`, saying of the settings folder that it is no folder when a file stands
    in its place (the error says only "File exists")."""
    problem = _remember(key, value)
    if problem is None:
        return None
    from .persistence import not_a_directory

    return not_a_directory(config_directory()) or problem


def remember_language(code: str) -> str | None:
    """Keep `code` as the language to start in; the problem in one line when the file
    cannot be written (the game goes on in that language all the same)."""
    problem = _kept(LANGUAGE, code)
    if problem:
        return _("The language could not be kept for next time ({problem}).").format(
            problem=problem
        )
    return None


def remember_theme(name: str) -> str | None:
    """Keep `name` as the theme to start with; the problem in one line when the file
    cannot be written (the game goes on in that theme all the same)."""
    problem = _kept(THEME, name)
    if problem:
        return _("The theme could not be kept for next time ({problem}).").format(problem=problem)
    return None


_said: list[str] = []  # the warnings given, in order: the file is read once per setting


def _ignored(why: str) -> None:
    """One line on stderr saying why a setting is ignored (once, however often it is read)."""
    warning = _("sticheln: ignoring the settings in {path}: {why}").format(
        path=visible(settings_path()), why=why
    )
    if warning not in _said:
        _said.append(warning)
        print(warning, file=sys.stderr)


def warnings_given() -> list[str]:
    """Every warning about the settings given so far, for the app to show as well: it
    takes the whole screen, which hides stderr until the program ends."""
    return list(_said)
