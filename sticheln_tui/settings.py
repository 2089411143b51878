"""The player's settings kept between games: for now, the language chosen in the game.

The file is read with the same suspicion as a save: anything odd in it (too large, not
UTF-8, not JSON, an unknown language) is ignored with a one-line warning, never a crash,
and it is written atomically, so a crash leaves the old file or the new one whole.
"""

from __future__ import annotations

import json
import os
import sys

from .i18n import LANGUAGES, _
from .i18n import language_problem as i18n_language_problem
from .locations import config_directory

SETTINGS_FILE = "settings.json"
MAX_BYTES = 10_000  # a settings file is a few dozen bytes


def settings_path() -> str:
    return os.path.join(config_directory(), SETTINGS_FILE)


def remembered_language() -> str | None:
    """The language chosen in the game last time; None when none was, or the file is
    damaged (then one line on stderr says so)."""
    path = settings_path()
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        return _ignored(
            path, _("cannot read it ({problem})").format(problem=error.strerror or error)
        )
    if len(data) > MAX_BYTES:
        return _ignored(path, _("too large to be a settings file"))
    try:
        settings = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return _ignored(path, _("not a settings file (not JSON)"))
    if not isinstance(settings, dict):
        return _ignored(path, _("not a settings file (not a JSON object)"))
    language = settings.get("language")
    if language is None:
        return None
    if language not in LANGUAGES:
        return _ignored(path, i18n_language_problem(language))
    return language


def remember_language(code: str) -> str | None:
    """Keep `code` as the language to start in; the problem in one line when the file
    cannot be written (the game goes on in that language all the same)."""
    from pathlib import Path

    from .persistence import write_atomically

    path = Path(settings_path())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps({"language": code}) + "\n", keep_backup=False)
    except OSError as error:
        return _("The language could not be kept for next time ({problem}).").format(
            problem=error.strerror or error
        )
    return None


def _ignored(path: str, why: str) -> None:
    print(
        _("sticheln: ignoring the settings in {path}: {why}").format(path=path, why=why),
        file=sys.stderr,
    )
    return None
