"""Where the game keeps its files. Kept apart so that `sticheln --help`, which names the
saves directory's variable, loads none of the engine, the bots or the saves code (nor
pathlib or platformdirs, until a directory is asked for: the settings' not even then)."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

SAVES_ENV = "STICHELN_SAVES"  # a directory to keep saves in instead of the usual one


def saves_directory() -> Path:
    """Where autosaves live: $STICHELN_SAVES, else the user's data directory."""
    from pathlib import Path

    override = os.environ.get(SAVES_ENV)
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_data_path("sticheln", appauthor=False) / "saves"


CONFIG_ENV = "STICHELN_CONFIG"  # a directory to keep the settings in instead of the usual one


def config_directory() -> str:
    """Where the settings live: $STICHELN_CONFIG, else the user's config directory.

    The settings are read before every `--help` (they keep the language), and platformdirs
    with pathlib costs more than the rest of `--help`: on Linux the XDG rule is applied
    here as platformdirs applies it (a test holds the two equal); elsewhere it says.
    """
    override = os.environ.get(CONFIG_ENV)
    if override:
        return override
    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
        return os.path.join(base, "sticheln")
    import platformdirs

    return platformdirs.user_config_dir("sticheln", appauthor=False)
